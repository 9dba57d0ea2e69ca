"""What a joining device keeps of the tables it sat at over the network, in its data folder:
`tables.json`, one entry per table (`{address, room, token, seat, game, title, names, when}`,
the newest first) so the Join screen can offer to come back to each seat with its token; and each
game played there, kept as this seat saw it (the host's messages to it: a snapshot, then its
moves), so a replay on this device shows only what this seat was shown.

A table whose games this seat saw end is no longer offered (`keep_seen_game`); one the player
removes neither (`forget_table`). A game is kept once for its seat: coming back to a finished
table shows its end again, and the game as it was played stays the one kept.

A `tables.json` that cannot be used is moved aside with the reason told, and the list starts
again; an entry that is not one is left out."""

from __future__ import annotations

import json
import time
from pathlib import Path

from .. import files, storage
from .remote import RemoteSession

TABLES_FORMAT = 1
TABLES_KEPT = 20  # the newest tables kept for coming back to
MAX_BYTES = 200_000
SEEN_BYTES = 20_000_000  # the largest kept game read: every view a long game sent
SEEN_DEPTH = 40
ENTRY_TEXT = ("address", "room", "token", "game", "title")


def tables_path() -> Path:
    return storage.data_dir() / "tables.json"


def seen_games_dir() -> Path:
    """The networked games this device played, as its seat saw them (beside the finished games,
    in a folder of their own: those are whole sessions, these one seat's stream)."""
    return storage.finished_dir() / "seen"


def joined_tables() -> tuple[list[dict], str | None]:
    """The tables this device can come back to, newest first, and a message when the file could
    not be used (it is moved aside)."""
    path = tables_path()
    if not path.exists():
        return [], None
    try:
        data = storage.read_json(path, 6, MAX_BYTES)
        tables = data.get("tables") if isinstance(data, dict) else None
        if not isinstance(tables, list):
            raise storage.UnusableFile("it holds no list of tables")
    except (OSError, storage.UnusableFile) as err:
        reason = getattr(err, "strerror", None) or str(err)
        return [], storage.set_aside(path, "list of joined tables", reason)
    return [table for table in tables if _is_entry(table)], None


def _is_entry(table) -> bool:
    return (isinstance(table, dict) and all(isinstance(table.get(key), str) for key in ENTRY_TEXT)
            and type(table.get("seat")) is int and isinstance(table.get("names"), list))


def table_entry(address: str, session, token: str) -> dict:
    """The entry of the table `session` (a RemoteSession) is played at, this seat held by `token`."""
    return {"address": address, "room": session.room, "token": token, "seat": session.seat, "game": session.game,
            "title": session.descriptor.title, "names": list(session.names)}


def remember_table(entry: dict) -> str | None:
    """Keep (or bring up to date) a table's entry (`{address, room, token, seat, game, title,
    names}`; the time is added), the newest first; the message of `joined_tables`. Raises
    storage.StorageError when the file cannot be written."""
    entry = {**entry, "when": time.strftime("%Y-%m-%d %H:%M")}
    if not _is_entry(entry):
        return None
    place = (entry["address"], entry["room"])
    return _change(lambda tables: [entry] + [t for t in tables if (t["address"], t["room"]) != place])


def forget_table(address: str, room: str) -> str | None:
    """The table is no longer offered for coming back; as `remember_table`."""
    return _change(lambda tables: [t for t in tables if (t["address"], t["room"]) != (address, room)])


def _change(change) -> str | None:
    path = tables_path()
    try:
        with files.locked(path):
            tables, message = joined_tables()
            kept = change(tables)[:TABLES_KEPT]
            storage.write_atomically(path, json.dumps({"format": TABLES_FORMAT, "tables": kept}, indent=1))
    except OSError as err:  # the lock file cannot be made: the folder cannot be written
        raise storage.StorageError(f"Cannot save to {path.parent} ({err.strerror or err}); play goes on.") from None
    return message


def keep_seen_game(session, messages: list[dict]) -> None:
    """Keep a finished networked game as this seat saw it: the host's snapshot and moves to it,
    once (coming back to a finished table shows its end again: the game kept as it was played
    stays the one kept). Once the table's games are all over, it is no longer offered for coming
    back. Raises storage.StorageError when the folder cannot be written."""
    if not kept_already(session):
        stamp = time.strftime("%Y%m%d-%H%M%S")
        record = {"format": TABLES_FORMAT, "game": session.game, "seat": session.seat, "names": list(session.names),
                  "title": session.descriptor.title, "messages": messages}
        storage.write_atomically(seen_games_dir() / f"{stamp}-{seen_name(session)}", json.dumps(record))
    if session.session_over:
        forget_finished(session)


def seen_name(session) -> str:
    """The end of a kept game's file name, after its time: the game, the room, the seat and the
    game's number at the table (room codes are drawn from 32**5, so two tables this device sat
    at are told apart by them)."""
    return f"{session.game}-{session.room}-{session.seat}-{session.game_number}.json"


def kept_already(session) -> bool:
    """Whether the current game of the table `session` is at is kept already, as this seat saw it."""
    try:
        return any(seen_games_dir().glob(f"*-{seen_name(session)}"))
    except OSError:
        return False


def forget_finished(session) -> None:
    """The table `session` (whose games are over) is no longer offered for coming back to this
    seat; as `forget_table`."""
    place = (session.room, session.seat, session.game)
    _change(lambda tables: [t for t in tables if (t["room"], t["seat"], t["game"]) != place])


def seen_games() -> list[Path]:
    """The networked games kept on this device, newest first."""
    folder = seen_games_dir()
    try:
        return sorted(folder.glob("*.json"), key=lambda path: path.name, reverse=True) if folder.is_dir() else []
    except OSError:
        return []


def describe_seen(path: Path) -> tuple[str, str]:
    """("Chains online, as Ana", "won · Ben, Ana · 23 Nov 2026 14:02") from a kept networked game:
    what it is; how it ended for this seat, who played and the file's own time (as the finished
    games' list says them). What can be told when the file cannot be read."""
    when = file_time(path)
    try:
        record = storage.read_json(path, SEEN_DEPTH, SEEN_BYTES)
        names = [str(name) for name in record["names"]][:8]
        what = f"{record['title']} online, as {names[record['seat']]}"
        result = result_words(load_seen_messages(record))
    except (OSError, KeyError, TypeError, IndexError, ValueError, AttributeError):
        return "cannot be read", when
    return what, " \u00b7 ".join(filter(None, [result, ", ".join(names), when]))


def file_time(path: Path) -> str:
    """A file's own time, as the lists of games show it ("23 Nov 2026 14:02"); "" when unknown."""
    try:
        return time.strftime("%d %b %Y %H:%M", time.localtime(path.stat().st_mtime))
    except (OSError, OverflowError, ValueError):
        return ""


def result_words(playback: "SeenPlayback") -> str:
    """How a kept game ended for its seat: "won", "lost", "nobody won"; "in progress" before its end."""
    session = playback.session
    if not session.game_over:
        return "in progress"
    winners = session.outcome().winners
    return "won" if session.seat in winners else "lost" if winners else "nobody won"


class SeenPlayback:
    """A kept networked game to watch move by move, as the replay watches a session: each
    position is one the host sent this seat, and it is watched from this seat only."""

    def __init__(self, messages: list[dict]) -> None:
        self.messages = messages
        self.session = RemoteSession(messages[0])
        for message in messages[1:]:
            self.session.take(message)
        self.viewers = [self.session.seat]

    def __len__(self) -> int:
        return len(self.messages)

    def show(self, step: int) -> None:
        """The table as this seat saw it after the host's message `step` (0: the first snapshot)."""
        start = max(i for i in range(step + 1) if self.messages[i].get("type") == "snapshot")
        for message in self.messages[start:step + 1]:
            self.session.take(message)


def load_seen_game(path: Path) -> SeenPlayback:
    """A kept networked game, ready to watch; storage.UnusableFile when it cannot be."""
    try:
        return load_seen_messages(storage.read_json(path, SEEN_DEPTH, SEEN_BYTES))
    except OSError as err:
        raise storage.UnusableFile(err.strerror or str(err)) from None


def load_seen_messages(record) -> SeenPlayback:
    """The playback of a kept game's record; storage.UnusableFile when its messages cannot be read."""
    try:
        messages = record["messages"]
        if not messages or messages[0].get("type") != "snapshot":
            raise storage.UnusableFile("it does not begin with the table as it was dealt")
        return SeenPlayback(messages)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as err:
        raise storage.UnusableFile(f"its messages cannot be read ({err})") from None

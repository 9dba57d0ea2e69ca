"""What a joining device keeps of the tables it sat at over the network, in its data folder:
`tables.json`, one entry per table (`{address, room, token, seat, game, title, names, when}`,
the newest first) so the Join screen can offer to come back to each seat with its token; and each
game played there, kept as this seat saw it (the host's messages to it: a snapshot, then its
moves), so a replay on this device shows only what this seat was shown.

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
    """Keep a finished networked game as this seat saw it: the host's snapshot and moves to it.
    Raises storage.StorageError when the folder cannot be written."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    record = {"format": TABLES_FORMAT, "game": session.game, "seat": session.seat, "names": list(session.names),
              "title": session.descriptor.title, "messages": messages}
    path = seen_games_dir() / f"{stamp}-{session.game}-{session.room}-{session.seat}-{session.game_number}.json"
    storage.write_atomically(path, json.dumps(record))


def seen_games() -> list[Path]:
    """The networked games kept on this device, newest first."""
    folder = seen_games_dir()
    try:
        return sorted(folder.glob("*.json"), key=lambda path: path.name, reverse=True) if folder.is_dir() else []
    except OSError:
        return []


def describe_seen(path: Path) -> tuple[str, str]:
    """("Chains online, as Ana", "Ben, Ana") from a kept networked game, or what can be told."""
    try:
        record = storage.read_json(path, SEEN_DEPTH, SEEN_BYTES)
        names = [str(name) for name in record["names"]][:8]
        return f"{record['title']} online, as {names[record['seat']]}", ", ".join(names)
    except (OSError, storage.UnusableFile, KeyError, TypeError, IndexError):
        return "cannot be read", ""


class SeenPlayback:
    """A kept networked game to watch move by move, as the replay watches a session: each
    position is one the host sent this seat, and it is watched from this seat only."""

    def __init__(self, messages: list[dict]) -> None:
        self._messages = messages
        self.session = RemoteSession(messages[0])
        for message in messages[1:]:
            self.session.take(message)
        self.viewers = [self.session.seat]

    def __len__(self) -> int:
        return len(self._messages)

    def show(self, step: int) -> None:
        """The table as this seat saw it after the host's message `step` (0: the first snapshot)."""
        start = max(i for i in range(step + 1) if self._messages[i].get("type") == "snapshot")
        for message in self._messages[start:step + 1]:
            self.session.take(message)


def load_seen_game(path: Path) -> SeenPlayback:
    """A kept networked game, ready to watch; storage.UnusableFile when it cannot be."""
    try:
        messages = storage.read_json(path, SEEN_DEPTH, SEEN_BYTES)["messages"]
        if not messages or messages[0].get("type") != "snapshot":
            raise storage.UnusableFile("it does not begin with the table as it was dealt")
        return SeenPlayback(messages)
    except OSError as err:
        raise storage.UnusableFile(err.strerror or str(err)) from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as err:
        raise storage.UnusableFile(f"its messages cannot be read ({err})") from None

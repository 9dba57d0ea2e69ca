"""Statistics kept per user, per game and per mode: games played and won, the win rate, the
current and best winning streak, the best score and the fewest turns to a win.

A game in which undo, a hint or a restart was used counts as played (and won) but is told
apart: it is counted in `assisted_played`/`assisted_won`, and it neither extends nor breaks a
streak nor sets a best. The mode says who was at the table: `solitaire` (`solitaire: daily
deals` for the daily deal of a solitaire with numbered deals, kept apart), `vs <difficulty>`
(one human against computers, named by the strongest), `pass-and-play: <name>` (several
humans, each with their own record) or `online` (a game over the network: each device counts
its own seat only).

The store is versioned JSON in the data folder, written atomically as each game ends; a game
already recorded (the same session and game number, say after Continue) is not counted twice.
Each change reads the file, changes it and writes it back under the file's lock, so two copies of
the app finishing games at once both count.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from pathlib import Path

from . import files, storage
from .files import clean_name, showable
from .ai import DIFFICULTIES
from .session import NAME_LIMIT, Session

STATS_FORMAT = 1
MAX_DEPTH = 6
MAX_BYTES = 4_000_000  # the largest statistics file read (every game and mode is a few kB)
COUNT_LIMIT = 10**9    # no count, score or turn number comes near it: a larger one is damage
MODE_LIMIT = 80        # characters in a mode's name ("pass-and-play: " and a seat's name)
REMEMBERED_GAMES = 200  # recent game ids kept to refuse recording a game twice


@dataclass(slots=True)
class Record:
    """One game's results in one mode."""

    played: int = 0
    won: int = 0
    current_streak: int = 0
    best_streak: int = 0
    best_score: float | None = None
    fewest_turns: int | None = None
    assisted_played: int = 0
    assisted_won: int = 0

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def clean_played(self) -> int:
        return self.played - self.assisted_played

    @property
    def clean_won(self) -> int:
        return self.won - self.assisted_won

    def add(self, won: bool, score: float, turns: int, assisted: bool) -> None:
        self.played += 1
        self.won += won
        if assisted:
            self.assisted_played += 1
            self.assisted_won += won
            return
        self.current_streak = self.current_streak + 1 if won else 0
        self.best_streak = max(self.best_streak, self.current_streak)
        self.best_score = score if self.best_score is None else max(self.best_score, score)
        if won:
            self.fewest_turns = turns if self.fewest_turns is None else min(self.fewest_turns, turns)


@dataclass(slots=True)
class Stats:
    """Every record, by game then mode, and the recent games already counted."""

    records: dict[str, dict[str, Record]] = field(default_factory=dict)
    recorded: list[str] = field(default_factory=list)

    def record(self, game: str, mode: str) -> Record:
        return self.records.setdefault(game, {}).setdefault(mode, Record())

    def reset(self, game: str) -> None:
        """Forget every record of `game` (all its modes)."""
        self.records.pop(game, None)

    def to_json(self) -> dict:
        return {"format": STATS_FORMAT, "recorded": list(self.recorded),
                "games": {game: {mode: dataclasses.asdict(record) for mode, record in modes.items()}
                          for game, modes in self.records.items()}}

    @classmethod
    def from_json(cls, data) -> "Stats":
        """The store `to_json` wrote; raises storage.UnusableFile naming what is wrong."""
        if not isinstance(data, dict):
            raise storage.UnusableFile("it is not a JSON object")
        version = data.get("format")
        if type(version) is not int or not 1 <= version <= STATS_FORMAT:
            raise storage.UnusableFile(f"its format {version!r} is not one this version reads ({STATS_FORMAT})")
        recorded, games = data.get("recorded", []), data.get("games", {})
        if not isinstance(recorded, list) or not all(type(r) is str for r in recorded):
            raise storage.UnusableFile("its list of recorded games is damaged")
        if not isinstance(games, dict) or not all(isinstance(modes, dict) for modes in games.values()):
            raise storage.UnusableFile("its records are not objects by game and mode")
        if any(len(mode) > MODE_LIMIT for modes in games.values() for mode in modes):
            raise storage.UnusableFile(f"a mode's name is longer than {MODE_LIMIT} characters")
        records = {game: _merged_modes({mode: _record(game, mode, fields) for mode, fields in modes.items()})
                   for game, modes in games.items()}
        return cls(records, recorded[-REMEMBERED_GAMES:])


PASS_AND_PLAY = "pass-and-play: "
ONLINE = "online"  # a game played over the network: each device counts its own seat


def clean_mode(mode: str) -> str:
    """A mode as this version names it: the seat's name of a pass-and-play record cleaned as a
    typed name is (files.clean_name: a version that kept names as typed recorded "Ann  Lee "
    where this one records "Ann Lee"), and no character that cannot be shown."""
    if mode.startswith(PASS_AND_PLAY):
        name = clean_name(mode[len(PASS_AND_PLAY):], NAME_LIMIT)
        if name:
            return PASS_AND_PLAY + name
    return showable(mode)


def _merged_modes(records: dict[str, Record]) -> dict[str, Record]:
    """The records by mode, those whose modes are one once cleaned (`clean_mode`) made one:
    counts added, the best of the bests; the current streak of the one already under the clean
    name (the one this version went on counting), else of the first."""
    merged: dict[str, Record] = {}
    for mode in sorted(records, key=lambda mode: clean_mode(mode) != mode):
        key, record = clean_mode(mode), records[mode]
        if key not in merged:
            merged[key] = dataclasses.replace(record)
            continue
        into = merged[key]
        for name in ("played", "won", "assisted_played", "assisted_won"):
            setattr(into, name, getattr(into, name) + getattr(record, name))
        into.best_streak = max(into.best_streak, record.best_streak)
        into.best_score = _best(max, into.best_score, record.best_score)
        into.fewest_turns = _best(min, into.fewest_turns, record.fewest_turns)
    return merged


def _best(pick, first, second):
    """The better of two bests by `pick` (max, min), either of which may be None (none yet)."""
    known = [value for value in (first, second) if value is not None]
    return pick(known) if known else None


_COUNTS = ("played", "won", "current_streak", "best_streak", "assisted_played", "assisted_won")


def _record(game: str, mode: str, fields) -> Record:
    if not isinstance(fields, dict) or set(fields) != {f.name for f in dataclasses.fields(Record)}:
        raise storage.UnusableFile(f"the record of {game} ({mode}) is damaged")
    sound = (all(_count(fields[name]) for name in _COUNTS)
             and (fields["best_score"] is None or (type(fields["best_score"]) in (int, float)
                                                   and abs(fields["best_score"]) <= COUNT_LIMIT))
             and (fields["fewest_turns"] is None or _count(fields["fewest_turns"])))
    if not sound:
        raise storage.UnusableFile(f"the record of {game} ({mode}) holds values of the wrong kind")
    if not fields["won"] <= fields["played"] or not fields["assisted_won"] <= fields["assisted_played"] <= fields["played"]:
        raise storage.UnusableFile(f"the record of {game} ({mode}) counts more won than played")
    return Record(**fields)


def _count(value) -> bool:
    """A whole number from 0 to COUNT_LIMIT (NaN, infinity and floats are none)."""
    return type(value) is int and 0 <= value <= COUNT_LIMIT


def modes(session: Session) -> dict[int, str]:
    """The mode each human seat's result is recorded under."""
    humans = session.human_seats
    if len(session.seats) == 1:
        daily = session.config["rules"].get("daily", False)
        return {seat: "solitaire: daily deals" if daily else "solitaire" for seat in humans}
    if len(humans) > 1:
        return {seat: PASS_AND_PLAY + session.seats[seat].name for seat in humans}
    order = [d.key for d in DIFFICULTIES]
    levels = [seat.difficulty for seat in session.seats if not seat.is_human]
    strongest = max(levels, key=lambda key: order.index(key) if key in order else -1)
    return {seat: f"vs {strongest}" for seat in humans}


def add_game(stats: Stats, session: Session) -> bool:
    """Count the session's finished game for each human seat; False (nothing counted) when the
    game is not over, no human played it, or it was counted already."""
    if not session.human_seats:
        return False
    return _add(stats, session, f"{session.game}:{session.seed}:{session.game_number}", modes(session))


def add_seat_game(stats: Stats, session, seat: int) -> bool:
    """Count a game played over the network for the one seat played on this device (a
    `RemoteSession`), under the mode `online`; False as for `add_game`."""
    return _add(stats, session, f"{session.game}:{ONLINE}:{session.room}:{session.game_number}:{seat}", {seat: ONLINE})


def _add(stats: Stats, session, game_id: str, seat_modes: dict[int, str]) -> bool:
    outcome = session.outcome()
    if outcome is None or game_id in stats.recorded:
        return False
    for seat, mode in seat_modes.items():
        stats.record(session.game, mode).add(seat in outcome.winners, outcome.scores[seat],
                                              session.turns_taken(seat), session.game_assisted)
    stats.recorded = (stats.recorded + [game_id])[-REMEMBERED_GAMES:]
    return True


# ---------------------------------------------------------------- the file


def stats_path() -> Path:
    return storage.data_dir() / "statistics.json"


def load_stats() -> tuple[Stats, str | None]:
    """The stored statistics, and a message when the file could not be used (it is moved aside
    and an empty store stands in)."""
    path = stats_path()
    if not path.exists():
        return Stats(), None
    try:
        return Stats.from_json(storage.read_json(path, MAX_DEPTH, MAX_BYTES)), None
    except (OSError, storage.UnusableFile) as err:
        reason = getattr(err, "strerror", None) or str(err)
        return Stats(), storage.set_aside(path, "statistics file", reason) + "; counting starts again."


def save_stats(stats: Stats) -> None:
    storage.write_atomically(stats_path(), json.dumps(stats.to_json(), indent=1))


def record_game(session: Session) -> str | None:
    """Count the session's finished game in the stored statistics and write them; a message
    when the stored file had to be set aside. Raises storage.StorageError when it cannot be
    written."""
    return _change(lambda stats: add_game(stats, session))


def record_seat(session, seat: int) -> str | None:
    """Count a networked game's result for this device's seat (`add_seat_game`); as `record_game`."""
    return _change(lambda stats: add_seat_game(stats, session, seat))


def reset_game(game: str) -> str | None:
    """Forget the stored statistics of one game; a message as for `record_game`."""
    def forget(stats: Stats) -> bool:
        stats.reset(game)
        return True

    return _change(forget)


def _change(change) -> str | None:
    """Read the statistics, `change` them (True: write them back) and write them, all under the
    file's lock; the message of `load_stats`."""
    path = stats_path()
    try:
        with files.locked(path):
            stats, message = load_stats()
            if change(stats):
                save_stats(stats)
    except OSError as err:  # the lock file cannot be made: the folder cannot be written
        raise storage.StorageError(f"Cannot save to {path.parent} ({err.strerror or err}); "
                                   "play goes on unsaved.") from None
    return message

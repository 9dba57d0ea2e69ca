"""Where settings, statistics and the game in progress live on disk: the per-user folders of
platformdirs (or `CHAINTABLE_HOME`; game/paths.py), and nowhere else.

Every file is versioned JSON written atomically: a temporary file of its own (two copies of the
app never share one), flushed and synced, renamed into place, and the folder synced, so a crash
or a kill mid-write leaves the old file or the new one, never a broken one. A write that fails
(a read-only folder, a full disk) raises `StorageError` with a message for the player and leaves
no temporary file behind; the app reports it and plays on unsaved.

A file that cannot be used (not a regular file, larger than such a file ever is, not UTF-8, not
JSON, nested too deep, truncated, hand-edited, written by a newer version, a save whose moves do not
replay) is moved aside under a name that says so, never deleted, and the app goes on; the message
names where it went and the details go to the log. Every read goes through `files.read_json`:
a named pipe, a device or a link to /dev/zero is refused without waiting on it.

Statistics and the finished games kept are read, changed and written under a file lock
(`files.locked`), and the settings write only what this copy of the app changed, so two copies
sharing one data folder lose nothing of each other's.
"""

from __future__ import annotations

import copy
import json
import logging
import os
import tempfile
import time
import unicodedata
from pathlib import Path
from urllib.parse import unquote

from . import files
from .files import FileRefused, clean_name, locked
from .paths import data_dir
from .session import NAME_LIMIT, EarlierEdition, SaveError, Session, normalize_table_config

SETTINGS_FORMAT = 1
COMPUTER_SPEEDS = ("slow", "normal", "fast")
SEAT_ORDERS = ("listed", "random")
MAX_SETTINGS_DEPTH = 8
SETTINGS_BYTES = 1_000_000   # the largest settings file read (a few kB is usual)
SAVE_BYTES = 16_000_000      # the largest save read: a long game and its card set's two files
TITLE_BYTES = 2_000_000      # the largest save read only to name its game on the menu
SPEECH_MODES = ("off", "screen_reader", "voice")  # scenes/speech: nothing, the screen reader's, the app's own voice
SPEECH_RATES = (150, 200, 260, 330)  # words a minute (scenes/speech/backends.py RATES)
TEXT_SIZES = ("normal", "large", "larger", "largest")  # 100%, 125%, 150%, 200% (scenes/ui/resources.py)
CARD_SIZES = ("small", "normal", "large", "larger", "largest")  # 85% to 200% (scenes/ui/theme.py)
CARD_BACKS = ("blue", "red")  # the back patterns the card painter knows (scenes/ui/cardart.py)
DEFAULT_SETTINGS = {
    "computer_speed": "normal",
    "animations": True,
    "show_log": True,
    "text_size": "normal",
    "card_size": "normal",
    "four_colour": False,
    "high_contrast": False,   # black grounds, white and yellow text (scenes/ui/theme.py)
    "card_back": "blue",
    "sound_volume": 0.5,
    "speech": None,           # "off", "screen_reader" or "voice"; None: a screen reader's if one runs
    "speech_rate": 200,       # the built-in voice's words a minute
    "speech_verbosity": "full",  # "brief" or "full"
    "last_setup": {},
    "window_size": None,      # [width, height] of the window last time, when it was not fullscreen
    "window_position": None,  # [x, y] of its top-left corner on the desktop
    "fullscreen": False,
    "finished_lessons": {},   # game name -> true, for each game whose lesson was played to its end
    "server_address": "",     # the chaintable-server last set a table up on, as typed (host:port)
}
WINDOW_LIMIT = 20000  # pixels: no desktop is wider or taller; a larger remembered value is damaged
MIN_WINDOW = (800, 560)
SERVER_ADDRESS_LIMIT = 80  # characters: the longest address the app lets a player type

log = logging.getLogger(__name__)


class StorageError(Exception):
    """A file that could not be written; the message says so in a player's words."""


class UnusableFile(ValueError):
    """A stored file that cannot be used; the message says what is wrong with it."""


def log_dir() -> Path:
    """The log folder, created if need be; raises OSError when it cannot be."""
    path = data_dir() / "logs"
    path.mkdir(parents=True, exist_ok=True)
    return path


# ---------------------------------------------------------------- writing and reading


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to `path` so that the old or the new content survives any crash."""
    temporary = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        temporary = Path(name)
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
        temporary = None
        _sync_folder(path.parent)
    except OSError as err:
        log.warning("cannot write %s: %s", path, err)
        raise StorageError(f"Cannot save to {path.parent} ({err.strerror or err}); play goes on unsaved.") from None
    finally:
        if temporary is not None:
            temporary.unlink(missing_ok=True)


def sweep_stale_temporaries(max_age: float = 600.0) -> list[Path]:
    """Remove temporary files a killed write left in the data folder, its saves and its finished
    games (older than `max_age` seconds, so another copy's write in progress is never touched);
    the ones removed."""
    removed = []
    for folder in (data_dir(), saves_dir(), finished_dir()):
        try:
            candidates = list(folder.glob(".*.tmp")) if folder.is_dir() else []
        except OSError as err:
            log.warning("cannot sweep temporary files in %s: %s", folder, err)
            continue
        for path in candidates:
            try:
                if path.is_file() and not path.is_symlink() and time.time() - path.stat().st_mtime > max_age:
                    path.unlink()
                    removed.append(path)
            except OSError as err:
                log.warning("cannot sweep %s: %s", path, err)
    return removed


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (where the system lets a folder be opened)."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def read_json(path: Path, max_depth: int, max_bytes: int):
    """The JSON data in `path`; raises UnusableFile (not a regular file, larger than `max_bytes`,
    not UTF-8, not JSON, nested too deep) or OSError (it cannot be opened)."""
    try:
        return files.read_json(path, max_depth, max_bytes)
    except FileRefused as err:
        raise UnusableFile(str(err)) from None


DAMAGED_MARK = ".damaged-"


def move_aside(path: Path) -> Path | None:
    """Rename an unusable file to `<stem>.damaged-<time>[-n]<suffix>` beside it; the new path,
    or None when it could not be moved (a read-only folder: it is then left in place)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for attempt in range(100):
        extra = f"-{attempt}" if attempt else ""
        target = path.with_name(f"{path.stem}{DAMAGED_MARK}{stamp}{extra}{path.suffix}")
        if target.exists():
            continue
        try:
            os.rename(path, target)
        except OSError as err:
            log.warning("cannot move %s aside: %s", path, err)
            return None
        return target
    return None


REASON_SHOWN = 200  # characters of a damaged file's problem told to the player (all of it is logged)


def set_aside(path: Path, what: str, reason: str, problem: str = "cannot be read") -> str:
    """Move an unusable file aside, log why, and return the message for the player: what
    happened to the file, then what was wrong with it."""
    moved = move_aside(path)
    log.warning("%s %s cannot be used (%s); %s", what, path, reason,
                f"moved to {moved}" if moved else "left in place")
    wrong = reason if len(reason) <= REASON_SHOWN else reason[:REASON_SHOWN - 1] + "\u2026"
    if moved is None:
        return f"This {what} {problem}; it was left in place: {path}. The problem: {wrong}"
    return f"This {what} {problem}; it was moved aside to {moved}. The problem: {wrong}"


# ---------------------------------------------------------------- settings


def settings_path() -> Path:
    return data_dir() / "settings.json"


def load_settings() -> tuple[dict, str | None]:
    """The settings, and a message when the settings file could not be used as it was (it is
    then moved aside, and defaults stand in for whatever was wrong in it)."""
    path = settings_path()
    settings = copy.deepcopy(DEFAULT_SETTINGS)
    if not path.exists():
        return settings, None
    try:
        stored = read_json(path, MAX_SETTINGS_DEPTH, SETTINGS_BYTES)
        if not isinstance(stored, dict):
            raise UnusableFile("it is not a JSON object")
        version = stored.get("format", 0)  # files written before versions were kept have none
        if type(version) is not int or not 0 <= version <= SETTINGS_FORMAT:
            raise UnusableFile(f"its format {version!r} is not one this version reads ({SETTINGS_FORMAT})")
    except (OSError, UnusableFile) as err:
        reason = getattr(err, "strerror", None) or str(err)
        return settings, set_aside(path, "settings file", reason) + "; defaults are used."
    if "text_size" not in stored and stored.get("large_text") is True:
        stored = {**stored, "text_size": "large"}  # a file of the days of a two-way text size
    ignored = []
    for key, default in DEFAULT_SETTINGS.items():
        if key not in stored or (default is None and stored[key] is None):
            continue  # not stored, or stored as not known yet (a window never closed)
        value = clean_setting(key, stored[key])
        if value is None:
            ignored.append(key)
        else:
            settings[key] = value
    if not ignored:
        return settings, None
    return settings, set_aside(path, "settings file", f"wrong values for {', '.join(ignored)}",
                                f"had values that were ignored ({', '.join(ignored)})") + "."


def _merged(stored, loaded, mine):
    """A setting as written back: this copy's value where it changed it since it read it, else the
    value stored now; a table of settings (the remembered setups) entry by entry."""
    if isinstance(mine, dict) and isinstance(loaded, dict) and isinstance(stored, dict):
        gone = set(loaded) - set(mine)
        return {**{k: v for k, v in stored.items() if k not in gone},
                **{k: v for k, v in mine.items() if loaded.get(k) != v}}
    return mine if loaded != mine else stored


def clean_setting(key: str, value):
    """`value` if it is a sound value for the setting `key`, else None (a window's size or place not
    known yet is stored as null and never reaches here). The remembered setups
    keep each game's entry that is sound and drop the others."""
    if key == "computer_speed":
        return value if value in COMPUTER_SPEEDS and type(value) is str else None
    if key in ("animations", "show_log", "four_colour", "fullscreen", "high_contrast"):
        return value if type(value) is bool else None
    if key == "text_size":
        return value if value in TEXT_SIZES and type(value) is str else None
    if key == "card_size":
        return value if value in CARD_SIZES and type(value) is str else None
    if key == "card_back":
        return value if type(value) is str and value in CARD_BACKS else None
    if key == "sound_volume":
        return value if type(value) in (int, float) and 0 <= value <= 1 else None
    if key == "speech":
        return value if value in SPEECH_MODES and type(value) is str else None
    if key == "speech_rate":
        return value if value in SPEECH_RATES and type(value) is int else None
    if key == "speech_verbosity":
        return value if value in ("brief", "full") and type(value) is str else None
    if key == "window_size":
        return value if _pair(value, MIN_WINDOW[0], MIN_WINDOW[1]) else None
    if key == "window_position":
        return value if _pair(value, -WINDOW_LIMIT, -WINDOW_LIMIT) else None
    if key == "server_address":
        return value if type(value) is str and len(value) <= SERVER_ADDRESS_LIMIT and value.isprintable() else None
    if key == "finished_lessons":
        return value if isinstance(value, dict) and all(
            type(game) is str and value[game] is True for game in value) else None
    if key == "last_setup":
        if not isinstance(value, dict):
            return None
        kept = {game: _named_cleanly(setup) for game, setup in value.items() if _sound_setup(setup)}
        return kept if len(kept) == len(value) else None
    return None


def _pair(value, low_x: int, low_y: int) -> bool:
    """Whether `value` is [x, y], two whole numbers from the lows up to WINDOW_LIMIT."""
    return (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)
            and low_x <= value[0] <= WINDOW_LIMIT and low_y <= value[1] <= WINDOW_LIMIT)


def _sound_setup(setup) -> bool:
    """A remembered setup of one game: seats (name, kind, difficulty as text), rule values
    (plain values), seat order, games to win; each part optional."""
    if not isinstance(setup, dict):
        return False
    seats = setup.get("seats", [])
    if not isinstance(seats, list) or not all(
            isinstance(seat, dict) and all(type(seat.get(k, "")) is str for k in ("name", "kind", "difficulty"))
            for seat in seats):
        return False
    rules = setup.get("rules", {})
    if not isinstance(rules, dict) or not all(isinstance(v, (str, int, float, bool)) for v in rules.values()):
        return False
    games_to_win = setup.get("games_to_win", 1)
    return setup.get("order", "listed") in SEAT_ORDERS and type(games_to_win) is int and 1 <= games_to_win <= 99


def _named_cleanly(setup: dict) -> dict:
    """A sound remembered setup with each seat's name as a typed one may be (see files.clean_name)."""
    seats = [{**seat, "name": clean_name(seat["name"], NAME_LIMIT)} if "name" in seat else seat
             for seat in setup.get("seats", [])]
    return {**setup, "seats": seats} if "seats" in setup else setup


def save_settings(settings: dict, loaded: dict | None = None) -> None:
    """Write the settings. Given `loaded` (the settings as this copy of the app read them), only
    the ones this copy changed since are written over the file as it is now, under its lock: a
    setting another copy changed meanwhile stays as that copy left it."""
    path = settings_path()
    if loaded is None:
        write_atomically(path, json.dumps({"format": SETTINGS_FORMAT, **settings}, indent=1))
        return
    try:
        with locked(path):
            current, _message = load_settings()
            merged = {key: _merged(current.get(key), loaded.get(key), value) for key, value in settings.items()}
            write_atomically(path, json.dumps({"format": SETTINGS_FORMAT, **current, **merged}, indent=1))
    except OSError as err:  # the lock file cannot be made: the folder cannot be written
        raise StorageError(f"Cannot save to {path.parent} ({err.strerror or err}); play goes on unsaved.") from None


# ---------------------------------------------------------------- the game in progress


def autosave_path() -> Path:
    return data_dir() / "current-game.json"


def save_game(session: Session, path: Path | None = None) -> None:
    write_atomically(path or autosave_path(), session.dumps())


UNKNOWN_GAME = "your game"  # the title of a game in progress whose save cannot tell it


def saved_game_title(path: Path | None = None) -> str | None:
    """The title of the game in progress (UNKNOWN_GAME if the save cannot tell, or is too large to
    read for a button: Continue reads it whole), or None."""
    path = path or autosave_path()
    if not path.exists():
        return None
    try:
        return _title_of(read_json(path, 64, TITLE_BYTES))
    except (OSError, UnusableFile):
        return UNKNOWN_GAME


def _title_of(saved) -> str:
    """The title of the game a save's data is of; UNKNOWN_GAME when it cannot tell."""
    from .registry import find_game

    try:
        return find_game(saved["game"]).title
    except (KeyError, TypeError):
        return UNKNOWN_GAME


def game_at_stake(session: Session | None) -> str | None:
    """The title of the game in progress that making `session` the game in progress would throw
    away (UNKNOWN_GAME when its save cannot tell); None when nothing would be: there is no game in
    progress, or `session` is that very game with every move of it (Continue, or a saved game
    that carries it on). `session` None is a game not dealt yet (a table hosted over the network
    until it starts). A save that cannot be read is at stake all the same: it is the player's,
    and only they may throw it away."""
    path = autosave_path()
    if not path.exists():
        return None
    try:
        saved = read_json(path, 64, SAVE_BYTES)
    except (OSError, UnusableFile):
        return UNKNOWN_GAME
    if session is not None and _carries_on(session, saved):
        return None
    return _title_of(saved)


def _carries_on(session: Session, saved) -> bool:
    """Whether `session` is the game `saved` holds, with all of its moves (and maybe more); its
    setup is compared as a session reads it (a save of an earlier version may leave defaults out)."""
    mine = json.loads(session.dumps())
    if not isinstance(saved, dict) or not isinstance(saved.get("actions"), list):
        return False
    try:
        config = json.loads(json.dumps(normalize_table_config(saved["game"], saved["config"])))
    except Exception:  # whatever is wrong with it, it cannot be told to be this game
        return False
    same_game = saved["game"] == mine["game"] and saved.get("seed") == mine["seed"] and config == mine["config"]
    return same_game and mine["actions"][:len(saved["actions"])] == saved["actions"]


def load_game(path: Path | None = None) -> Session:
    """The saved session. A save that cannot be used, for whatever reason (its file, its data, a
    move that does not replay), is moved aside and SaveError raised with the message for the
    player (the reason, and any fault of the replay in full, go to the log). A save of an earlier
    edition of the rules that these rules cannot replay stays where it is: EarlierEdition is
    raised, holding the game as far as it replays (game/earlier.py)."""
    path = path or autosave_path()
    try:
        data = read_json(path, 64, SAVE_BYTES)
        return Session.from_save(data)
    except FileNotFoundError:
        raise SaveError(f"There is no saved game at {path}") from None
    except EarlierEdition as earlier:  # a valid game of the rules it was played under: kept as it is
        log.info("%s %s", path, earlier)
        raise
    except (OSError, UnusableFile, SaveError) as err:
        reason = getattr(err, "strerror", None) or str(err)
        raise SaveError(set_aside(path, "saved game", reason)) from None
    except Exception as err:  # a fault of the rules while replaying: the save must not stop Continue
        log.exception("replaying %s failed", path)
        reason = f"its moves cannot be replayed ({type(err).__name__}: {err})"
        raise SaveError(set_aside(path, "saved game", reason)) from None


FINISHED_KEPT = 50  # finished games kept for replay


def finished_dir() -> Path:
    return data_dir() / "finished"


def archive_game(session: Session) -> None:
    """Keep a finished game for replay (its save: seed and actions), and only the newest
    FINISHED_KEPT of them (under the folder's lock: two copies never both remove the same).
    Raises StorageError when the folder cannot be written."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    number = len(session.log)
    folder = finished_dir()
    write_atomically(folder / f"{stamp}-{session.game}-{session.seed % 10**6:06d}-{number}.json", session.dumps())
    try:
        with locked(folder / "kept"):
            for old in finished_games()[FINISHED_KEPT:]:
                old.unlink(missing_ok=True)
    except OSError as err:
        log.warning("cannot remove an old finished game: %s", err)


def finished_games() -> list[Path]:
    """The finished games kept for replay, newest first."""
    return _listed(finished_dir(), lambda path: path.name, reverse=True)


REVIEWS_KEPT = 100          # reviews kept (of finished games and saved ones), the newest
REVIEW_BYTES = 4_000_000    # the largest review read: a long game's every decision
MAX_REVIEW_DEPTH = 12


def reviews_dir() -> Path:
    """Reviews of finished and saved games, beside the finished games (in a folder of its own:
    the finished games' list reads only the files of theirs)."""
    return finished_dir() / "reviews"


def load_review(name: str):
    """The review stored under `name` as JSON data, or None when there is none or it cannot be
    read (a review is made again rather than trusted half-read; the reason goes to the log)."""
    path = reviews_dir() / f"{name}.json"
    if not path.exists():
        return None
    try:
        return read_json(path, MAX_REVIEW_DEPTH, REVIEW_BYTES)
    except (OSError, UnusableFile) as err:
        log.warning("review %s cannot be used, it is made again: %s", path, getattr(err, "strerror", None) or err)
        return None


def save_review(name: str, text: str) -> None:
    """Store a review under `name`, and only the newest REVIEWS_KEPT of them (under the folder's
    lock). Raises StorageError when it cannot be written."""
    folder = reviews_dir()
    write_atomically(folder / f"{name}.json", text)
    try:
        with locked(folder / "kept"):
            for old in _listed(folder, _modified, reverse=True)[REVIEWS_KEPT:]:
                old.unlink(missing_ok=True)
    except OSError as err:
        log.warning("cannot remove an old review: %s", err)


def saves_dir() -> Path:
    return data_dir() / "saves"


def cards_dir() -> Path:
    """The folder a player puts their own card files in (not created here), handed to a game's
    `card_sets`."""
    return data_dir() / "cards"


# Names Windows keeps for devices (with any extension): a save named so could not be written there.
RESERVED_NAMES = {"CON", "PRN", "AUX", "NUL", *(f"COM{n}" for n in range(10)), *(f"LPT{n}" for n in range(10))}
SAVE_NAME_LIMIT = 40
# Characters some system refuses in a file name (Windows: these and control characters), and
# '%', which begins a character written as its code.
UNSAFE_IN_FILE_NAMES = set('<>:"/\\|?*%')


def save_file_name(name: str) -> str:
    """The file name (without .json) of a game saved under the player's `name`: the name as
    typed, with each character some system would refuse written as %XX (a ':' is %3A), and so
    a dot or space that would open or end it, a name Windows keeps for a device, or the mark of
    a damaged file; `saved_name` reads it back. Never empty (a name with nothing to show is
    refused before: `save_name_problem`)."""
    typed = clean_name(name, SAVE_NAME_LIMIT) or "game"
    escaped = [_escaped(ch) if ch in UNSAFE_IN_FILE_NAMES or not ch.isprintable() else ch for ch in typed]
    if escaped[0] == ".":
        escaped[0] = _escaped(".")
    if escaped[-1] in (".", " "):
        escaped[-1] = _escaped(escaped[-1])
    for i in range(len(escaped) - 1):
        if escaped[i] == "." and "".join(escaped[i:]).startswith(DAMAGED_MARK):
            escaped[i] = _escaped(".")
    device = typed.split(".")[0].rstrip(" ")
    if device.upper() in RESERVED_NAMES:
        escaped[len(device) - 1] = _escaped(device[-1])
    return "".join(escaped)


def _escaped(ch: str) -> str:
    return "".join(f"%{byte:02X}" for byte in ch.encode("utf-8"))


def saved_name(path: Path) -> str:
    """The name a game was saved under, as the player typed it (see `save_file_name`)."""
    return unquote(path.stem, errors="replace")


class SaveNameRefused(ValueError):
    """A name a game cannot be saved under, or one taken that was not to be replaced; the message
    says why in a player's words."""


def save_name_problem(name: str) -> str | None:
    """Why a game cannot be saved under the typed `name` (nothing in it can be shown: empty, spaces,
    control characters); None when it can."""
    if not clean_name(name, SAVE_NAME_LIMIT):
        return "A saved game needs a name: type at least one letter, digit or sign."
    return None


def _same_file_name(stem: str) -> str:
    """A file name as a disk that ignores letter case (Windows, macOS) and the form of accented
    letters (macOS) compares it."""
    return unicodedata.normalize("NFC", stem).casefold()


def save_taken(name: str) -> Path | None:
    """The saved game a save under `name` would write over: the one of the same name, or of a name
    that differs only in letter case (one file on a disk that ignores case); None when the name is
    free."""
    wanted = _same_file_name(save_file_name(name))
    return next((path for path in named_saves() if _same_file_name(path.stem) == wanted), None)


def save_named(session: Session, name: str, replace: bool = False) -> str:
    """Save the game in progress under a name of the player's; returns what to tell the player.
    A name that cannot be one, or one taken when `replace` is false, raises SaveNameRefused before
    anything is written; a taken name replaced writes over that very file. Raises StorageError
    when it cannot be written."""
    problem = save_name_problem(name)
    if problem is not None:
        raise SaveNameRefused(problem)
    taken = save_taken(name)
    if taken is not None and not replace:
        raise SaveNameRefused(f"A game is already saved as \u201c{saved_name(taken)}\u201d; it was kept.")
    path = taken or saves_dir() / f"{save_file_name(name)}.json"
    write_atomically(path, session.dumps())
    return f"Saved as \u201c{saved_name(path)}\u201d: Saved games on the menu opens it again."


def kept_game_name(title: str) -> str:
    """The name the game in progress (of the game `title`) is kept under in Saved games when
    another takes its place: its game and when it was last played, "Cubes, 28 Nov 11:20"
    (`keep_in_saved_games` adds a number in the rare case that this is taken)."""
    stamp = time.strftime("%d %b %H:%M", time.localtime(_modified(autosave_path())))
    room = SAVE_NAME_LIMIT - len(f", {stamp}") - len(" 99")  # the stamp is never cut, whatever the number
    game = "Game" if title == UNKNOWN_GAME else title
    if len(game) > room:
        game = game[:room - 1].rstrip() + "\u2026"
    return f"{game}, {stamp}"


def keep_in_saved_games(path: Path, name: str) -> Path:
    """Move the game in progress at `path` into Saved games under `name` (with a number after it
    when the name is taken), where it is listed and replayed; the new path. Raises StorageError
    when it cannot be moved."""
    for number in range(1, 1000):
        suffix = "" if number == 1 else f" {number}"
        wanted = clean_name(name, SAVE_NAME_LIMIT - len(suffix)) + suffix
        if save_taken(wanted) is None:
            target = saves_dir() / f"{save_file_name(wanted)}.json"
            break
    else:
        raise StorageError(f"Saved games holds too many games called {name}.")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(path, target)
    except OSError as err:
        raise StorageError(f"Cannot move {path.name} into {target.parent} ({err.strerror or err}).") from None
    return target


def named_saves() -> list[Path]:
    """The games saved by name, newest first."""
    return _listed(saves_dir(), _modified, reverse=True)


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:  # gone meanwhile, or a link to nowhere: listed last, refused when opened
        return 0.0


def _listed(folder: Path, key, reverse: bool) -> list[Path]:
    """The .json files of `folder` in order of `key`, without the damaged ones moved aside (none
    when the folder cannot be read)."""
    try:
        found = [path for path in folder.glob("*.json") if DAMAGED_MARK not in path.name] if folder.is_dir() else []
        return sorted(found, key=key, reverse=reverse)
    except OSError as err:
        log.warning("cannot list %s: %s", folder, err)
        return []


def delete_saved(path: Path) -> None:
    """Remove a saved or finished game the player chose to delete; StorageError when it cannot be."""
    try:
        path.unlink(missing_ok=True)
    except OSError as err:
        raise StorageError(f"Cannot delete {path.name} ({err.strerror or err}).") from None


def forget_game(path: Path | None = None) -> None:
    """Remove the finished game's save; a folder that cannot be written keeps it (no harm)."""
    try:
        (path or autosave_path()).unlink(missing_ok=True)
    except OSError as err:
        log.warning("cannot remove the finished game's save: %s", err)

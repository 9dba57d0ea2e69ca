"""Where settings and the game in progress live on disk: the per-user folders of platformdirs.

Writes go to a temporary file first and are then renamed into place, so a crash mid-write never
leaves a half-written file behind.
"""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path

import platformdirs

from .session import SaveError, Session

APP_NAME = "ChainTable"
DEFAULT_SETTINGS = {
    "computer_speed": "normal",
    "animations": True,
    "show_log": True,
    "four_colour": False,
    "card_back": "blue",
    "sound_volume": 0.5,
    "last_setup": {},
}


def data_dir() -> Path:
    override = os.environ.get("CHAINTABLE_HOME")
    path = Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def log_dir() -> Path:
    path = data_dir() / "logs"
    path.mkdir(parents=True, exist_ok=True)
    return path


def _write_atomically(path: Path, text: str) -> None:
    temporary = path.with_suffix(path.suffix + ".tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def load_settings() -> tuple[dict, str | None]:
    """The settings, and a message if the settings file was unreadable (defaults are used then)."""
    path = data_dir() / "settings.json"
    if not path.exists():
        return copy.deepcopy(DEFAULT_SETTINGS), None
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(stored, dict):
            raise ValueError("not a JSON object")
    except (OSError, ValueError) as err:
        return copy.deepcopy(DEFAULT_SETTINGS), f"Settings file ignored ({err}); defaults are used."
    return {**copy.deepcopy(DEFAULT_SETTINGS), **{k: v for k, v in stored.items() if k in DEFAULT_SETTINGS}}, None


def save_settings(settings: dict) -> None:
    _write_atomically(data_dir() / "settings.json", json.dumps(settings, indent=1))


def autosave_path() -> Path:
    return data_dir() / "current-game.json"


def save_game(session: Session, path: Path | None = None) -> None:
    _write_atomically(path or autosave_path(), session.dumps())


def load_game(path: Path | None = None) -> Session:
    """The saved session; raises SaveError with the reason when the file cannot be used."""
    path = path or autosave_path()
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise SaveError(f"cannot read {path.name}: {err.strerror}") from None
    return Session.loads(text)


def forget_game(path: Path | None = None) -> None:
    (path or autosave_path()).unlink(missing_ok=True)

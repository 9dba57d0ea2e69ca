"""Where the app keeps its files: the per-user data folder (settings, statistics, saves, logs and
the player's own card files), or the folder CHAINTABLE_HOME names.

A module of its own, importing nothing of the project. Only the storage side (game/storage.py)
reads it: a game's package is handed any folder it reads (tests/test_layers.py holds to that)."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "ChainTable"


def data_dir() -> Path:
    """The per-user data folder (not created here: a read-only home must not stop the app)."""
    override = os.environ.get("CHAINTABLE_HOME")
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))

"""Where a shared table server keeps its tables, so that no game is lost when it stops or is
killed: every table is written after every change (a move, a player sitting down) and every table
is read back when the server starts (game/net/server.py); the players come back with their tokens.

The store is SQLite through the standard library's sqlite3: one file, each write a transaction
that a killed process never leaves half done, in WAL mode so that a write is one append to the
log rather than a rewrite of pages, and `synchronous=NORMAL` (a write survives the process being
killed; only a power cut may lose the last moves). Each row is a table's record in JSON
(`HostedTable.stored`: the saves' format, the seats' tokens as hashes only).

A store is named by a URL: `sqlite:///tables.sqlite3` (a path relative to the working folder) or
`sqlite:////var/lib/chaintable/tables.sqlite3` (an absolute one), as SQLAlchemy names them."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Iterator

from ..paths import data_dir

SCHEME = "sqlite:///"


def default_url() -> str:
    """The store in the server's data folder."""
    return f"{SCHEME}{data_dir() / 'server' / 'tables.sqlite3'}"


def store_path(url: str) -> Path:
    """The file a store URL names; ValueError saying how to write one."""
    if not url.startswith(SCHEME) or len(url) == len(SCHEME):
        raise ValueError(f"{url!r} is not a store: name one as sqlite:///path/to/tables.sqlite3")
    return Path(url[len(SCHEME):])


class TableStore:
    def __init__(self, url: str) -> None:
        """Open (or make) the store at `url`; OSError or sqlite3.Error when it cannot be."""
        path = store_path(url)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("CREATE TABLE IF NOT EXISTS tables (room TEXT PRIMARY KEY, owner TEXT, record TEXT NOT NULL)")

    def write(self, room: str, owner: str | None, record: dict) -> None:
        self.db.execute("INSERT OR REPLACE INTO tables (room, owner, record) VALUES (?, ?, ?)",
                        (room, owner, json.dumps(record, separators=(",", ":"))))

    def forget(self, room: str) -> None:
        self.db.execute("DELETE FROM tables WHERE room = ?", (room,))

    def tables(self) -> Iterator[tuple[str, str | None, dict]]:
        """Every table kept: its room, the address that set it up, its record."""
        for room, owner, record in self.db.execute("SELECT room, owner, record FROM tables").fetchall():
            yield room, owner, json.loads(record)

    def close(self) -> None:
        self.db.close()

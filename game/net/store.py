"""Where a shared table server keeps its tables, so that no game is lost when it stops or is
killed: every table is written after every change (a move, a player sitting down) and every table
is read back when the server starts (game/net/server.py); the players come back with their tokens.

The store is SQLite through the standard library's sqlite3: one file, each write a transaction
that a killed process never leaves half done, in WAL mode so that a write is one append to the
log rather than a rewrite of pages, and `synchronous=NORMAL` (a write survives the process being
killed; only a power cut may lose the last moves). Each row is a table's record in JSON
(`HostedTable.stored`: the saves' format, the seats' tokens as hashes only).

A store is named by a URL: `sqlite:///tables.sqlite3` (a path relative to the working folder) or
`sqlite:////var/lib/chaintable/tables.sqlite3` (an absolute one), as SQLAlchemy names them; or
`redis://host:port/db`, a store several server processes share (`SharedTableStore`, through the
`redis` client library): each process holds a lease on each room it serves, so a room is served by
one process at a time, and a process that meets a room whose lease ran out (its process was
killed) takes it over from the store."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Iterator

from ..paths import data_dir

SCHEME = "sqlite:///"
SHARED_SCHEMES = ("redis://", "rediss://")
LEASE_SECONDS = 5.0  # a room whose process stopped renewing its lease is taken over this long after
KEY = "chaintable:"  # the prefix of every key the shared store writes
WANTED_SECONDS = 3.0  # how long a process refused a room asks its holder to let it go


def open_store(url: str) -> TableStore | SharedTableStore:
    """The store a URL names; OSError, ValueError or sqlite3.Error when it cannot be opened."""
    return SharedTableStore(url) if url.startswith(SHARED_SCHEMES) else TableStore(url)


def default_url() -> str:
    """The store in the server's data folder."""
    return f"{SCHEME}{data_dir() / 'server' / 'tables.sqlite3'}"


def store_path(url: str) -> Path:
    """The file a store URL names; ValueError saying how to write one."""
    if not url.startswith(SCHEME) or len(url) == len(SCHEME):
        raise ValueError(f"{url!r} is not a store: name one as sqlite:///path/to/tables.sqlite3")
    return Path(url[len(SCHEME):])


class TableStore:
    """One process's own store: every table in it is this process's."""

    def __init__(self, url: str) -> None:
        """Open (or make) the store at `url`; OSError or sqlite3.Error when it cannot be."""
        path = store_path(url)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("CREATE TABLE IF NOT EXISTS tables (room TEXT PRIMARY KEY, owner TEXT, record TEXT NOT NULL)")

    def write(self, room: str, owner: str | None, record: dict) -> bool:
        """The table written: always (this process's own store)."""
        self.db.execute("INSERT OR REPLACE INTO tables (room, owner, record) VALUES (?, ?, ?)",
                        (room, owner, json.dumps(record, separators=(",", ":"))))
        return True

    def forget(self, room: str) -> None:
        self.db.execute("DELETE FROM tables WHERE room = ?", (room,))

    def tables(self) -> Iterator[tuple[str, str | None, dict]]:
        """Every table kept: its room, the address that set it up, its record."""
        for room, owner, record in self.db.execute("SELECT room, owner, record FROM tables").fetchall():
            yield room, owner, json.loads(record)

    def table(self, room: str) -> tuple[str | None, dict] | None:
        """The table kept for `room` (the address that set it up, its record), or None."""
        row = self.db.execute("SELECT owner, record FROM tables WHERE room = ?", (room,)).fetchone()
        return None if row is None else (row[0], json.loads(row[1]))

    def claim(self, room: str) -> bool:
        """Whether this process may serve `room`: always, its store being its own."""
        return True

    def renew(self) -> list[str]:
        """Nothing to renew, no room to let go: no other process serves this store's tables."""
        return []

    def release(self, room: str) -> None:
        """Nothing to release: the room stays this process's."""

    def close(self) -> None:
        self.db.close()


class SharedTableStore:
    """Tables in Redis, shared by several server processes: each table a key holding its JSON,
    each room served under a lease (redis-py's Lock: SET NX PX with a token of this process,
    extended by `renew`, released only by its holder) that lapses `LEASE_SECONDS` after its
    process stops renewing it. `tables()` is empty: a process serves a room once a player comes
    to it there (`table`, `claim`).

    The lease is fenced: a table is written (or forgotten) by a Lua script that checks, in the
    same atomic step, that the room's lease still holds this process's token; a process whose
    lease ran out (frozen, cut off from Redis) and was taken over has its writes refused, and
    lets the room go (`write` answers False). A process refused a room held by another leaves a
    `wanted` mark (`WANTED_SECONDS`); the holder lets such a room go at its next `renew`, so that
    a room goes back to the process the proxy sends its players to once that one runs again."""

    def __init__(self, url: str) -> None:
        """Connect to the Redis at `url`; OSError when it cannot be reached. The redis library is
        read here, not with the module: the app imports this module with the server, and the
        library would cost every player's app 6 MB resident (benchmarks/memory_soak.py)."""
        import redis
        from redis.exceptions import RedisError

        try:
            self.redis = redis.Redis.from_url(url)
            self.redis.ping()
        except (RedisError, ValueError) as err:
            raise OSError(f"Redis at {url} cannot be reached: {err}") from err
        self.leases: dict[str, redis.lock.Lock] = {}
        self.round_trips = 0  # to Redis and back, a pipeline's commands one (`/metrics`)
        self._fenced_set = self.redis.register_script(FENCED_SET)
        self._fenced_delete = self.redis.register_script(FENCED_DELETE)

    def write(self, room: str, owner: str | None, record: dict) -> bool:
        """The table written, when this process still holds the room's lease: whether it was."""
        lease = self.leases.get(room)
        if lease is None:
            return False
        text = json.dumps({"owner": owner, "record": record}, separators=(",", ":"))
        self.round_trips += 1
        written = self._fenced_set(keys=[lease_key(room), table_key(room)], args=[lease.local.token, text])
        if not written:
            self.leases.pop(room, None)
        return bool(written)

    def forget(self, room: str) -> None:
        """The table deleted (an expired one), when this process still holds the room's lease."""
        lease = self.leases.get(room)
        if lease is not None:
            self.round_trips += 1
            self._fenced_delete(keys=[lease_key(room), table_key(room)], args=[lease.local.token])
        self._release(room)

    def tables(self) -> Iterator[tuple[str, str | None, dict]]:
        return iter(())

    def table(self, room: str) -> tuple[str | None, dict] | None:
        self.round_trips += 1
        text = self.redis.get(table_key(room))
        if text is None:
            return None
        kept = json.loads(text)
        return kept["owner"], kept["record"]

    def claim(self, room: str) -> bool:
        """Take the room's lease: whether this process now holds it (no other live one does). A
        room another holds is marked wanted: its holder lets it go (`renew`)."""
        if room in self.leases:
            return True
        lease = self.redis.lock(lease_key(room), timeout=LEASE_SECONDS, blocking=False, thread_local=False)
        self.round_trips += 2
        if not lease.acquire():
            self.redis.set(f"{KEY}wanted:{room}", 1, px=int(WANTED_SECONDS * 1000))
            return False
        self.redis.delete(f"{KEY}wanted:{room}")
        self.leases[room] = lease
        return True

    def renew(self) -> list[str]:
        """Every lease held runs `LEASE_SECONDS` again from now (the server calls this each
        second), in one round trip for all (a pipeline of redis-py's own extend script and the
        `wanted` marks): the rooms to let go, those whose lease ran out and those another process
        wants."""
        rooms = list(self.leases)
        if not rooms:
            return []
        with self.redis.pipeline(transaction=False) as pipe:
            for room in rooms:
                lease = self.leases[room]
                lease.lua_reacquire(keys=[lease.name], args=[lease.local.token, int(LEASE_SECONDS * 1000)], client=pipe)
                pipe.exists(f"{KEY}wanted:{room}")
            answers = pipe.execute(raise_on_error=False)
        self.round_trips += 1
        renewed, wanted = answers[0::2], answers[1::2]
        lost = [room for room, kept, asked in zip(rooms, renewed, wanted) if kept != 1 or asked]
        for room in lost:
            if renewed[rooms.index(room)] != 1:
                del self.leases[room]
        return lost

    def release(self, room: str) -> None:
        """The room let go (its players told to come back): another process may take it over."""
        self._release(room)

    def _release(self, room: str) -> None:
        from redis.exceptions import LockError

        lease = self.leases.pop(room, None)
        try:
            if lease is not None:
                self.round_trips += 1
                lease.release()
        except LockError:
            pass  # it had lapsed already

    def close(self) -> None:
        """A clean stop: every lease released at once, so another process may serve the rooms."""
        for room in list(self.leases):
            self._release(room)
        self.redis.close()


def lease_key(room: str) -> str:
    return f"{KEY}lease:{room}"


def table_key(room: str) -> str:
    return f"{KEY}table:{room}"


# KEYS[1] the room's lease, KEYS[2] its table; ARGV[1] this process's lease token, ARGV[2] the JSON.
FENCED_SET = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
    redis.call('SET', KEYS[2], ARGV[2])
    return 1
end
return 0
"""
FENCED_DELETE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
    return redis.call('DEL', KEYS[2])
end
return 0
"""

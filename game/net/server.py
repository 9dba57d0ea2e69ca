"""The table server: rooms, each a hosted table (hosting.HostedTable), on one WebSocket port
(RFC 6455 through the `websockets` library), served by an asyncio loop in a background thread.
The host's app runs one for its table (`host`); the `chaintable-server` command runs one for many.
This module is the transport: the listener, the WebSocket connections, each one's outbox and
keepalive, plain HTTP for operators. What every message does, and who may do what, is the rooms'
(game/net/rooms.py: TableRooms), which never touch a socket.

A player's connection is made to `/room/CODE` (the server's address, then the room): the room is
read from the request's path, so that a proxy in front of several servers sends a room's players
to the one server that holds it (deploy/). A `create` there sets the table up under that code
(the app draws it as the server would); one made to `/` sets a table up under a code the server
draws, or names its room in its `hello` or `look` (the apps before rooms were in the address). Any other path is
answered 404 before the WebSocket handshake.

`/healthz` (200 "ok") and `/metrics` (Prometheus' text format: game/net/metrics.py) are answered
as plain HTTP on the same port. Each event (a table set up or closed, a player seated or gone, a
refusal) is logged as one line at INFO: `event(...)`.

A connection may first `look` at a room (it is sent the lobby and stays to say `hello`); `hello`
takes a free seat (with a name, before the start), or comes back to the seat a token holds (with
the host key: the host's own connection, which may start the game, hand seats over and end the
table). It is sent `welcome` (its seat and token), every player the lobby as it now is, and a
snapshot once the game has started; then each `act` or `undo` it sends is played by the table
and every seat is sent its news. A `create` sets a new table up in a shared server (the players'
own server across the internet, `chaintable-server`); the host's app's server refuses it. Who may
connect, look, guess and create, and how long tables live, is game/net/rooms.py (the policy);
a shared server keeps every table in a store (game/net/store.py) and serves them again when it
starts. Computers move on the server's loop, paced, their thinking in a worker thread, so the loop
never waits on them. After each change of a game, `on_move(table)` is called on the server's
thread: the host's app saves the game there."""

from __future__ import annotations

import asyncio
import json
import os
import re
import threading
import time
from typing import Callable

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from ..session import Session
from .hosting import PROTOCOL, SERVER_CODE_LENGTH, HostedTable
from .metrics import CONTENT_TYPE, ServerMetrics
from .rooms import (BURST, CLOSING, FLUSH_SECONDS, MESSAGES_PER_SECOND, STRIKES, Limits, Player,  # noqa: F401
                    TableRooms, read_message)
from .store import SharedTableStore, TableStore

LISTEN_ADDRESS = os.environ.get("CHAINTABLE_LISTEN", "0.0.0.0")  # where a host's app listens: every address
OUTBOX_LIMIT = 500  # messages waiting for one player: a player this far behind has stopped reading
KEEPALIVE_SECONDS = 10  # a dead connection is noticed within about 20 seconds, on either side
MESSAGE_LIMIT = 2**20  # bytes: no message of a table comes near it
SWEEP_SECONDS = 1.0  # how often tables are looked over for expiry
ROOM_PATH = re.compile(r"/room/([A-Za-z0-9]{1,%d})/?" % SERVER_CODE_LENGTH)


class TableServer:
    def __init__(self, host: str = "127.0.0.1", port: int = 0, computer_pace: float = 0.6, tls=None,
                 messages_per_second: float = MESSAGES_PER_SECOND,
                 on_move: Callable[[HostedTable], None] | None = None, one_table: bool = False,
                 keepalive: float = KEEPALIVE_SECONDS, creates_tables: bool = True,
                 limits: Limits | None = None, store: TableStore | SharedTableStore | None = None, behind_proxy: bool = False) -> None:
        """`tls`: an ssl.SSLContext with the server's certificate, for wss:// (None: ws://).
        `messages_per_second`: the pace a player may keep up (a benchmark's players go faster).
        `on_move`: called with the table after each change of its game (on the server's thread).
        `one_table`: the host's app's server, which stops once its table ends.
        `keepalive`: seconds between pings, and for the answer to each: a connection that died
        without a word (a cable pulled, a laptop shut) is let go within twice that.
        `creates_tables`: whether a player may set a new table up here (`create`), tables expire
        (game/net/rooms.py); the host's app's server serves its host's table only, for ever.
        `limits`: what each client and the whole server may hold (game/net/rooms.py).
        `store`: where every table is written after each change and read back from when the
        server starts (game/net/store.py); the server closes it when it stops.
        `behind_proxy`: every connection comes through a proxy (deploy/nginx) that says the
        player's address in `X-Real-IP`: the limits per client count that address."""
        self.behind_proxy, self.address, self.keepalive, self.tls = behind_proxy, (host, port), keepalive, tls
        self._outboxes: dict[ServerConnection, Outbox] = {}
        self.tables = TableRooms(self, lambda rooms: ServerMetrics(
                                     tables=lambda: len(rooms.rooms), players=rooms.players_connected,
                                     store_round_trips=lambda: getattr(rooms.store, "round_trips", 0)),
                                 computer_pace=computer_pace, messages_per_second=messages_per_second,
                                 on_move=on_move, one_table=one_table, creates_tables=creates_tables,
                                 limits=limits, store=store)
        self.port: int | None = None
        self._loop: asyncio.AbstractEventLoop | None = None  # the server's loop, thread and listener, once started
        self._thread: threading.Thread | None = None
        self._server: Server | None = None
        self._stopped: asyncio.Event | None = None
        self.restored = threading.Event()

    @property
    def rooms(self):
        return self.tables.rooms

    @property
    def on_move(self) -> Callable[[HostedTable], None] | None:
        return self.tables.on_move

    @property
    def admission(self):
        return self.tables.admission

    @property
    def limits(self) -> Limits:
        return self.tables.limits

    @property
    def store(self):
        return self.tables.store

    @property
    def metrics(self) -> ServerMetrics:
        return self.tables.metrics

    # -- the server's life, from any thread

    def start(self) -> int:
        """Listen in a background thread; returns the port (the one asked for, or one free). The
        stored tables are served again meanwhile (`restored` is set once all are back)."""
        ready = threading.Event()
        self._thread = threading.Thread(target=lambda: asyncio.run(self._serve(ready)), daemon=True,
                                        name="table-server")
        self._thread.start()
        if not ready.wait(10) or self.port is None:
            raise OSError(f"the table server could not listen on {self.address[0]}:{self.address[1]}")
        return self.port

    def stop(self, grace: float = 0.0, farewell: str | None = None) -> None:
        """Stop serving, after waiting up to `grace` seconds for the server to stop by itself (a
        host's table that was just ended). `farewell`: a drain first (`_drain`): every player is
        told it, and their connections are closed as a restart (code 1012): their apps come back
        by themselves."""
        self.wait(grace)
        if self._loop is not None and self._stopped is not None and not self._loop.is_closed():
            if farewell is not None and self.running:
                asyncio.run_coroutine_threadsafe(self._drain(farewell), self._loop).result(FLUSH_SECONDS + 5)
            self._loop.call_soon_threadsafe(self._stopped.set)
        if self._thread is not None:
            self._thread.join(10)

    def wait(self, seconds: float) -> bool:
        """Wait up to `seconds` for the server to stop by itself (a host's table ended): whether it has."""
        if self._thread is not None:
            self._thread.join(seconds)
        return not self.running

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def open_room(self, session: Session) -> str:
        """A room for a started `session`, every human seat free: its code. Safe from any thread."""
        return self.host(HostedTable(session, ""))

    def host(self, table: HostedTable) -> str:
        """Serve `table` (the host's, planned or reopened) in a room: its code, the table's own
        when it has one (a reopened table keeps its code). Safe from any thread."""
        future = asyncio.run_coroutine_threadsafe(self._open_room(table), self._loop)
        return future.result(10)

    async def _open_room(self, table: HostedTable) -> str:
        return self.tables.open_table(table)

    async def _serve(self, ready: threading.Event) -> None:
        self._loop, self._stopped = asyncio.get_running_loop(), asyncio.Event()
        try:
            self.tables.read_store()
            async with serve(self._connection, *self.address, max_size=MESSAGE_LIMIT, close_timeout=2,
                             process_request=self._process_request,
                             ping_interval=self.keepalive, ping_timeout=self.keepalive,
                             ssl=self.tls) as server:
                self.port = server.sockets[0].getsockname()[1]
                self._server = server
                tasks = [asyncio.create_task(self._sweep()), asyncio.create_task(self._restore_all())]
                ready.set()
                await self._stopped.wait()
                for task in tasks:
                    task.cancel()
        finally:
            ready.set()
            if self.store is not None:
                self.store.close()

    async def _restore_all(self) -> None:
        await self.tables.restore_all()
        self.restored.set()

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            self.tables.sweep()

    async def _drain(self, words: str) -> None:
        """A stop that loses nothing: no new connection is taken (the proxy sends newcomers to
        another process), every room is let go in the store (TableRooms.let_all_go), and every
        other connection is told `words` and closed as a restart; what waits goes out first."""
        self._server.close(close_connections=False)
        told = self.tables.let_all_go(words)
        notice = {"version": PROTOCOL, "type": "notice", "text": words}
        for connection in set(self._server.connections) - told:
            self.post(connection, notice, close=(1012, "the server is restarting"))
        await self.flush(FLUSH_SECONDS)

    # -- one player's connection

    def _process_request(self, connection: ServerConnection, request: Request) -> Response | None:
        """Before the WebSocket handshake: the operators' plain HTTP (`/healthz`, `/metrics`), and
        a path that is neither `/` nor a room's is not found."""
        path = request.path.partition("?")[0]
        if path == "/healthz":
            return connection.respond(200, "ok\n")
        if path == "/metrics":
            response = connection.respond(200, self.metrics.exposition())
            response.headers["Content-Type"] = CONTENT_TYPE
            return response
        if path == "/" or ROOM_PATH.fullmatch(path):
            return None
        return connection.respond(404, "Not found: connect to / or /room/CODE\n")

    async def _connection(self, websocket: ServerConnection) -> None:
        address = self._client_address(websocket)
        refusal = self.tables.may_connect(address)
        if refusal is not None:
            self.tables.refuse(websocket, refusal)
            self.post(websocket, None, close=(1008, "refused"))
            await self._outboxes.pop(websocket).finish(FLUSH_SECONDS)
            return
        player = None
        try:
            player = await self._greet(websocket, address)
            if player is not None:
                self.tables.admission.seated(address)
                await self._play(websocket, player)
        except ConnectionClosed:
            pass
        finally:
            self.tables.disconnected(websocket, address, seated=player is not None)
            outbox = self._outboxes.pop(websocket, None)
            if outbox is not None:
                await outbox.finish(FLUSH_SECONDS)

    def _client_address(self, websocket: ServerConnection) -> str:
        """The player's address: the proxy's `X-Real-IP` behind one, else the connection's own."""
        forwarded = websocket.request.headers.get("X-Real-IP") if self.behind_proxy else None
        if forwarded:
            return forwarded.strip()
        return websocket.remote_address[0] if websocket.remote_address else ""

    async def _greet(self, websocket: ServerConnection, address: str) -> Player | None:
        """The messages before a seat is taken (each answered by the rooms; a refusal with its
        reason, the connection staying for another try). A connection not seated within
        `unseated_seconds` (`looking_seconds` from its last look at a lobby) is closed."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.limits.unseated_seconds
        in_path = room_in_path(websocket.request.path)
        for _message in range(STRIKES):
            try:
                async with asyncio.timeout_at(deadline):
                    text = await websocket.recv()
            except TimeoutError:
                self.post(websocket, None, close=(1008, "not seated in time"))
                return None
            request, problem = read_message(text)
            answer = self.tables.before_seat(websocket, address, in_path, request) if problem is None else problem
            if isinstance(answer, Player):
                return answer
            if answer is not None:
                self.tables.refuse(websocket, answer)
            elif websocket in self.tables.looking:
                deadline = loop.time() + self.limits.looking_seconds
        self.post(websocket, None, close=(1008, "too many messages that do not sit at a table"))
        return None

    async def _play(self, websocket: ServerConnection, player: Player) -> None:
        """The player's messages, each answered by the rooms, until the connection ends or no
        longer holds the seat."""
        try:
            async for text in websocket:
                if not await self.tables.heard(player, websocket, text, time.monotonic()):
                    break
            await self.tables.connection_ended(player, websocket)
        finally:
            self.tables.left(player, websocket)

    # -- what goes out: the rooms' Transport

    def post(self, connection: ServerConnection, message: dict | None, close: tuple | None = None,
             on_sent: Callable[[], None] | None = None) -> None:
        """`message` (then the close, if any) to go out on `connection` after what waits there;
        `on_sent` called once it has."""
        outbox = self._outboxes.get(connection)
        if outbox is None:
            outbox = self._outboxes[connection] = Outbox(connection)
        outbox.post(message, close, on_sent)

    def abort(self, connection: ServerConnection) -> None:
        connection.transport.abort()

    async def flush(self, seconds: float) -> None:
        """Wait (at most `seconds`) until every connection's waiting messages are out."""
        waits = [outbox.sent() for outbox in self._outboxes.values()]
        if waits:
            _done, late = await asyncio.wait(waits, timeout=seconds)
            for task in late:
                task.cancel()

    def stop_serving(self) -> None:
        self._stopped.set()


def room_in_path(path: str) -> str | None:
    """The room code a connection's request path names (`/room/CODE`, any case), or None (`/`)."""
    found = ROOM_PATH.fullmatch(path.partition("?")[0])
    return found.group(1).upper() if found else None


class Outbox:
    """One connection's messages, sent in order by a task of its own: a player slow to read never
    holds up the table or the other players, and one that has stopped reading (`OUTBOX_LIMIT`
    messages waiting) is let go; the table goes on, and the seat stays theirs to come back to."""

    def __init__(self, connection: ServerConnection) -> None:
        self.connection = connection
        self.waiting: asyncio.Queue = asyncio.Queue()
        self.task = asyncio.get_running_loop().create_task(self._send_all())

    def post(self, message: dict | None, close: tuple | None, on_sent: Callable[[], None] | None = None) -> None:
        if self.waiting.qsize() >= OUTBOX_LIMIT:
            self.connection.transport.abort()
            return
        self.waiting.put_nowait((None if message is None else json.dumps(message), close, on_sent))

    async def _send_all(self) -> None:
        while True:
            text, close, on_sent = await self.waiting.get()
            try:
                if text is not None:
                    await self.connection.send(text)
                    if on_sent is not None:
                        on_sent()
                if close is not None:
                    await self.connection.close(*close)
            except ConnectionClosed:
                pass
            finally:
                self.waiting.task_done()

    def sent(self) -> asyncio.Task:
        """A task that ends once every message posted so far is out (or failed to go)."""
        return asyncio.get_running_loop().create_task(self.waiting.join())

    async def finish(self, seconds: float) -> None:
        """What waits is sent (for at most `seconds`), then the sending stops."""
        try:
            await asyncio.wait_for(self.waiting.join(), seconds)
        except TimeoutError:
            pass
        self.task.cancel()

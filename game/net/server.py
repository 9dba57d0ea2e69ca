"""The table server: rooms, each a hosted table (hosting.HostedTable), on one WebSocket port
(RFC 6455 through the `websockets` library), served by an asyncio loop in a background thread.
The host's app runs one for its table (`host`); the `chaintable-server` command runs one for many.

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
import logging
import os
import re
import secrets
import threading
import time
from typing import Callable

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from ..core import IllegalAction
from ..session import Session
from .hosting import (PROTOCOL, ROOM_CODE_LENGTH, ROOM_LETTERS, SERVER_CODE_LENGTH, HostedTable, SeatTaken,
                      new_room_code, quoted, short)
from .metrics import CONTENT_TYPE, ServerMetrics, kind_of
from .rooms import Admission, Bucket, Limits, Refusal, created_seats_problem, expiry
from .store import SharedTableStore, TableStore

LISTEN_ADDRESS = os.environ.get("CHAINTABLE_LISTEN", "0.0.0.0")  # where a host's app listens: every address
OUTBOX_LIMIT = 500  # messages waiting for one player: a player this far behind has stopped reading
FLUSH_SECONDS = 2  # how long what waits for a leaving connection may take to go out
KEEPALIVE_SECONDS = 10  # a dead connection is noticed within about 20 seconds, on either side
MESSAGE_LIMIT = 2**20  # bytes: no message of a table comes near it
MESSAGES_PER_SECOND = 20  # from one player, on average: far above any hand's pace
BURST = 40  # messages a player may send at once before the pace counts
STRIKES = 10  # refused messages in a row before a connection is closed
HOST_ONLY = ("start", "seat_kind", "next_game", "end")
SWEEP_SECONDS = 1.0  # how often tables are looked over for expiry
CLOSING = "The host left; the game is saved on the host's computer."
NO_SUCH_ROOM = Refusal("there is no table with that room code here", "no_such_room")
HELD_ELSEWHERE = Refusal("this table is moving between the server's processes: try again in a moment", "not_allowed")
MOVING = "The table moves to another of the server's processes: you come back to your seat in a moment."
TOO_FAST = Refusal("too many messages at once: slow down", "pace")
SAT_ELSEWHERE = "You sat down at this table from another connection: this one is closed."
ONLY_THE_HOSTS_TABLE = "this is a player's own computer: it serves only its host's table, no new one"
CODE_TAKEN = "that room code is taken or cannot be one: set the table up at another"
ROOM_PATH = re.compile(r"/room/([A-Za-z0-9]{1,%d})/?" % SERVER_CODE_LENGTH)

log = logging.getLogger(__name__)


class Room:
    def __init__(self, code: str, table: HostedTable, owner: str | None, created: bool, now: float) -> None:
        """`owner`: the address of the player who set the table up (None: a host's own table).
        `created`: a table set up by a player, which starts by itself once no seat is open."""
        self.code = code
        self.table = table
        self.owner = owner
        self.created = created
        self.changed_at = now  # when a player last sat down or the game last changed
        self.connections: dict[int, ServerConnection] = {}  # a seat -> its player's connection
        self.lookers: set[ServerConnection] = set()  # connections looking at the lobby, not seated yet
        self.computers_moving = False
        self.saved_revision = None  # the session's revision when `on_move` was last called

    def connected(self) -> set[int]:
        return set(self.connections)

    @property
    def over(self) -> bool:
        return self.table.started and self.table.session.session_over


class Player:
    """One seated connection: its room, seat, token, and whether it has the host's rights."""

    def __init__(self, room: Room, seat: int, token: str, host: bool) -> None:
        self.room, self.seat, self.token, self.host = room, seat, token, host


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
        self.behind_proxy, self.address, self.keepalive = behind_proxy, (host, port), keepalive
        self._outboxes: dict[ServerConnection, Outbox] = {}
        self._looking: dict[ServerConnection, Room] = {}  # a connection -> the room whose lobby it watches
        self.tls = tls
        self.messages_per_second = messages_per_second
        self.computer_pace = computer_pace  # seconds between a move and a computer's next
        self.on_move, self.one_table, self.creates_tables = on_move, one_table, creates_tables
        self.limits = limits or Limits()
        self.admission = Admission(self.limits)
        self.store = store
        self.rooms: dict[str, Room] = {}
        self.port: int | None = None
        self._loop: asyncio.AbstractEventLoop | None = None  # the server's loop, thread and listener, once started
        self._thread: threading.Thread | None = None
        self._server: Server | None = None
        self._stopped: asyncio.Event | None = None
        self._stored: dict[str, tuple[str | None, dict]] = {}  # a room kept in the store, not served again yet
        self.restored = threading.Event()
        self.metrics = ServerMetrics(tables=lambda: len(self.rooms), players=self._players_connected)

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
        host's table that was just ended). `farewell`: every player is told it first, and their
        connections are closed as a restart (code 1012): their apps come back by themselves."""
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

    def _players_connected(self) -> int:
        return sum(len(room.connections) for room in list(self.rooms.values()))

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

    async def _serve(self, ready: threading.Event) -> None:
        self._loop, self._stopped = asyncio.get_running_loop(), asyncio.Event()
        try:
            self._stored = {code: (owner, record) for code, owner, record in self.store.tables()} if self.store else {}
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
        """Every table the store kept is served again, one at a time between the players' messages
        (each is a game replayed: about 15 ms for a Chains game of 20 moves)."""
        while self._stored:
            self._restore(next(iter(self._stored)))
            await asyncio.sleep(0)
        self.restored.set()

    def _room(self, code: str) -> Room | Refusal | None:
        """The room of `code`; a stored one not served again yet is, at once (its players are back
        first), and so is one a shared store keeps that no other process holds now. A room another
        process holds is refused for now (HELD_ELSEWHERE: not a guess); its holder lets it go."""
        if code in self.rooms:
            return self.rooms[code]
        if code not in self._stored and isinstance(self.store, SharedTableStore):
            kept = self.store.table(code)
            if kept is not None and not self.store.claim(code):
                return HELD_ELSEWHERE
            if kept is not None:
                self._stored[code] = kept
        return self._restore(code) if code in self._stored else None

    def _restore(self, code: str) -> Room | None:
        owner, record = self._stored.pop(code)
        try:
            return self._add_room(HostedTable.restored(record), owner, created=True)
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            log.warning("the stored table %s cannot be served again: %s", code, err)
            return None

    async def _drain(self, words: str) -> None:
        """A stop that loses nothing: no new connection is taken (the proxy sends newcomers to
        another process), every room is let go in the store (its lease released before its
        players are closed, so the process they come back to takes it over at once), and every
        connection is told `words` and closed as a restart; what waits goes out first."""
        self._server.close(close_connections=False)
        told = set()
        for room in list(self.rooms.values()):
            told |= {*room.connections.values(), *room.lookers}
            self._let_go(room, words)
        notice = {"version": PROTOCOL, "type": "notice", "text": words}
        for connection in set(self._server.connections) - told:
            self._post(connection, notice, close=(1012, "the server is restarting"))
        await self._sent(FLUSH_SECONDS)

    async def _open_room(self, table: HostedTable) -> str:
        room = self._add_room(table, None, created=False)
        self._keep(room)
        return room.code

    def _add_room(self, table: HostedTable, owner: str | None, created: bool) -> Room:
        if table.room in self.rooms:
            raise ValueError(f"a table with the room code {table.room} is open here already")
        while not table.room or table.room in self.rooms or table.room in self._stored:
            table.room = new_room_code(SERVER_CODE_LENGTH if created else ROOM_CODE_LENGTH)
        room = self.rooms[table.room] = Room(table.room, table, owner, created, time.monotonic())
        self.admission.table_opened(owner)
        event("table_opened", room=room.code, game=table.game, started=table.started)
        if table.started:
            self._computers(room)
        return room

    def _code_free(self, code: str) -> bool:
        """Whether a table set up here may take `code`: a server's length and letters, and no table's."""
        return (len(code) == SERVER_CODE_LENGTH and set(code) <= set(ROOM_LETTERS)
                and code not in self.rooms and code not in self._stored
                and (self.store is None or (self.store.table(code) is None and self.store.claim(code))))

    def _remove(self, room: Room) -> None:
        """The room is no longer served (its players were told), nor kept."""
        if self.rooms.get(room.code) is room:
            del self.rooms[room.code]
            self.admission.table_closed(room.owner)
            event("table_closed", room=room.code)
            if self.store is not None:
                self.store.forget(room.code)

    def _keep(self, room: Room) -> None:
        """The table written to the store, as it is now. A shared store that refuses the write (this
        process's lease ran out and another took the room over) has the room let go at once: what
        waits to go out to its players (news the store did not keep) is dropped with their
        connections, and they come back to the process holding it now."""
        if self.store is not None and self.rooms.get(room.code) is room:
            with self.metrics.store_writes.time():
                written = self.store.write(room.code, room.owner, room.table.stored())
            if not written:
                log.warning("the lease of room %s ran out and another process holds it: let go", room.code)
                self._let_go(room, abort=True)

    def _let_go(self, room: Room, words: str = MOVING, abort: bool = False) -> None:
        """The room is no longer served here (it stays in the store; its lease is released): its
        players and lookers are told `words` and closed as a restart (`abort`: cut, what waits dropped),
        and their apps come back by themselves to the process that takes it over."""
        if self.rooms.get(room.code) is not room:
            return
        del self.rooms[room.code]
        self.admission.table_closed(room.owner)
        event("table_moved", room=room.code)
        connections = [*room.connections.values(), *room.lookers]
        room.connections.clear()
        room.lookers.clear()
        if self.store is not None:
            self.store.release(room.code)
        notice = {"version": PROTOCOL, "type": "notice", "text": words}
        for connection in connections:
            self._looking.pop(connection, None)
            if abort:
                connection.transport.abort()
            else:
                self._post(connection, notice, close=(1012, "the table moves to another process"))

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
        refusal = self.admission.may_connect(address)
        if refusal is not None:
            self._refuse(websocket, refusal)
            self._post(websocket, None, close=(1008, "refused"))
            await self._outboxes.pop(websocket).finish(FLUSH_SECONDS)
            return
        player = None
        try:
            player = await self._greet(websocket, address)
            if player is not None:
                self.admission.seated(address)
                await self._play(websocket, player)
        except ConnectionClosed:
            pass
        finally:
            self.admission.disconnected(address, seated=player is not None)
            self._stop_looking(websocket)
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
        """The messages before a seat is taken: a table set up, a look at a room's lobby, and the
        `hello` that sits (each refusal with its reason; the connection stays for another try).
        A connection not seated within `unseated_seconds` (`looking_seconds` from its last look at
        a lobby) is closed."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.limits.unseated_seconds
        for _message in range(STRIKES):
            try:
                async with asyncio.timeout_at(deadline):
                    text = await websocket.recv()
            except TimeoutError:
                self._post(websocket, None, close=(1008, "not seated in time"))
                return None
            request, problem = _read(text)
            answer = self._before_seat(websocket, address, request) if problem is None else problem
            if isinstance(answer, Player):
                return answer
            if answer is not None:
                self._refuse(websocket, answer)
            elif websocket in self._looking:
                deadline = loop.time() + self.limits.looking_seconds
        self._post(websocket, None, close=(1008, "too many messages that do not sit at a table"))
        return None

    def _before_seat(self, websocket: ServerConnection, address: str, request: dict) -> Player | str | None:
        """A message of a connection not seated yet: the player it seats, why not, or None (a
        look: the lobby was sent)."""
        in_path = room_in_path(websocket.request.path)
        if request.get("type") == "create":
            return self._create(websocket, address, request, in_path) if self.creates_tables else ONLY_THE_HOSTS_TABLE
        code = request.get("room") if in_path is None else in_path
        named = request.get("room")
        if in_path is not None and named is not None and (not isinstance(named, str) or named.upper() != in_path):
            return f"this connection is for the room {in_path}, not {quoted(named)}"
        room = self._room(code.upper()) if isinstance(code, str) and len(code) <= SERVER_CODE_LENGTH else None
        if room is None:
            return self.admission.may_guess(address) or NO_SUCH_ROOM
        if isinstance(room, Refusal):
            return room
        if request.get("type") == "look":
            self._stop_looking(websocket)
            room.lookers.add(websocket)
            self._looking[websocket] = room
            self._post(websocket, {**room.table.lobby(room.connected()), "created": room.created})
            return None
        return self._hello(websocket, room, request)

    def _stop_looking(self, websocket: ServerConnection) -> None:
        room = self._looking.pop(websocket, None)
        if room is not None:
            room.lookers.discard(websocket)

    def _hello(self, websocket: ServerConnection, room: Room, hello: dict) -> Player | str:
        """Sit the connection (or take it back to its seat): the player, or why not."""
        if hello.get("type") != "hello":
            return "say hello to sit at a table"
        token, host = hello.get("token"), False
        try:
            if token:
                seat = room.table.seat_of(str(token))
                host = room.table.is_host(hello.get("host"), str(token))
            else:
                seat = _seat_number(hello.get("seat"))
                token = room.table.sit(seat, hello.get("name"))
        except SeatTaken as err:
            return str(err)
        return self._seat(websocket, room, seat, token, host)

    def _seat(self, websocket: ServerConnection, room: Room, seat: int, token: str, host: bool) -> Player:
        """The connection sits in `seat` (a connection the seat had before is closed: one seat, one
        player); it is sent its welcome, the lobby goes round, and a table set up by a player
        starts once no seat is open."""
        previous = room.connections.get(seat)
        if previous is not None and previous is not websocket:
            self._post(previous, {"version": PROTOCOL, "type": "closing", "reason": SAT_ELSEWHERE},
                       close=(1008, "the seat was taken up from another connection"))
        self._stop_looking(websocket)
        room.connections[seat] = websocket
        event("seated", room=room.code, seat=seat)
        room.changed_at = time.monotonic()
        self._post(websocket, {"version": PROTOCOL, "type": "welcome", "seat": seat, "token": token, "host": host})
        handed_back = room.table.handed_back(seat)
        self._tell_lobby(room)
        if handed_back:
            self._deliver(room, room.table.snapshots())
            self._tell_everyone(room, f"{room.table.names()[seat]} is back and plays their own seat again.")
            self._save(room)
        elif room.table.started:
            self._post(websocket, room.table.snapshot(seat))
        elif room.created and not room.table.open_seats():
            self._start(room)
        self._keep(room)
        return Player(room, seat, token, host)

    def _create(self, websocket: ServerConnection, address: str, request: dict, code: str | None) -> Player | str:
        """A table a player sets up here, under `code` (the connection's path's; None: one drawn
        here): its creator sits in its first human seat at once, every other human seat is open;
        the creator's connection is sent the room code first."""
        if code is not None and not self._code_free(code):
            return CODE_TAKEN
        config = request.get("config")
        problem = created_seats_problem(config.get("seats") if isinstance(config, dict) else None, self.limits)
        if problem is not None:
            return f"that table cannot be set up: {problem}"
        try:
            table = HostedTable.planned(request.get("game"), config, secrets.randbits(63))
        except (KeyError, TypeError, ValueError) as err:
            return f"that table cannot be set up: {err}"
        problem = self.admission.may_create(address)
        if problem is not None:
            return problem
        while code is None:
            drawn = new_room_code(SERVER_CODE_LENGTH)
            code = drawn if self._code_free(drawn) else None
        table.room = code
        room = self._add_room(table, address, created=True)
        self._post(websocket, {"version": PROTOCOL, "type": "room", "room": room.code})
        return self._seat(websocket, room, table.host_seat, table.host_token, host=False)

    async def _play(self, websocket: ServerConnection, player: Player) -> None:
        """The player's messages, each answered. A message that is not one of this protocol, or
        one too many for the pace, is refused with the reason; a player who sends nothing else for
        `STRIKES` messages running is disconnected (the game goes on). The host's connection
        closed by the host's app (not lost) ends the table."""
        pace, strikes, room = Bucket(BURST, 1 / self.messages_per_second, time.monotonic), 0, player.room
        try:
            async for text in websocket:
                received = time.monotonic()
                if room.connections.get(player.seat) is not websocket:
                    break  # the seat was taken up from another connection
                request, problem = _read(text)
                if problem is None and not pace.take():
                    problem = TOO_FAST
                if problem is None:
                    problem = await self._answer(player, request, received)
                strikes = strikes + 1 if problem is not None else 0
                if problem is not None:
                    self._refuse(websocket, problem)
                if strikes >= STRIKES:
                    self._post(websocket, None, close=(1008, "too many messages that are not moves"))
            if player.host and self.rooms.get(room.code) is room and room.connections.get(player.seat) is websocket:
                await self._end(room)  # not when the host came back on another connection
        finally:
            if room.connections.get(player.seat) is websocket:
                del room.connections[player.seat]
                event("left", room=room.code, seat=player.seat)
                self._tell_lobby(room)

    async def _answer(self, player: Player, request: dict, received: float) -> str | None:
        """What a seated player's message (received at `received`, time.monotonic) does; None, or
        why it is refused."""
        kind, room, table = request.get("type"), player.room, player.room.table
        if kind == "next_game" and room.created:
            return self._deal_next_game(room, request.get("game_number"))
        if kind in HOST_ONLY and not player.host:
            return "only the host can do that"
        if kind in ("act", "undo") and not table.started:
            return "the game has not started yet"
        if kind == "act":
            self._act(player, request, received)
        elif kind == "undo":
            self._deliver(room, table.undo(player.token, request.get("seen")))
        elif kind == "end":
            await self._end(room)
            return None
        elif kind in HOST_ONLY:
            try:
                self._host_command(room, request)
            except IllegalAction as err:
                return str(err)
        else:
            return f"this table does not know a message of type {quoted(kind)}"
        self._changed(room)
        return None

    def _act(self, player: Player, request: dict, received: float) -> None:
        """A player's move: played and counted, the round trip measured to the mover's news sent;
        or refused by the table (counted as an illegal move)."""
        session = player.room.table.session
        revision = session.revision
        news = player.room.table.act(player.token, request.get("action"), request.get("seen"))
        if session.revision == revision:
            self.metrics.refusals.labels("illegal_move").inc()
            self._deliver(player.room, news)
            return
        self.metrics.moves.inc()
        self._deliver(player.room, news, timed={player.seat: self.metrics.round_trip_since(received)})

    def _deal_next_game(self, room: Room, game_number) -> str | None:
        """At a table set up on this server (no host), any player deals the next game of the
        match once this one is over; the game number they saw ends lets several players ask at
        once: the next game is dealt once, and a request for a game already dealt does nothing."""
        table = room.table
        if not table.started or (type(game_number) is int and game_number != table.session.game_number):
            return None
        try:
            table.next_game()
        except IllegalAction as err:
            return str(err)
        self._tell_lobby(room)
        self._deliver(room, table.snapshots())
        self._changed(room)
        return None

    def _host_command(self, room: Room, request: dict) -> None:
        """The host starts the game, deals the next game of a match, or hands a seat to a computer
        or back."""
        table = room.table
        if request["type"] == "start":
            table.start()
            news = table.snapshots()
        elif request["type"] == "next_game":
            table.next_game()
            news = table.snapshots()
        else:
            table.set_kind(request.get("seat"), request.get("kind"), room.connected())
            news = table.snapshots() if table.started else {}
        self._tell_lobby(room)
        self._deliver(room, news)
        if table.started and request["type"] == "seat_kind":
            self._tell_everyone(room, seat_kind_words(table.names()[request["seat"]], request["kind"]))

    async def _end(self, room: Room) -> None:
        """The host leaves: every other player is told, and the room closes."""
        self._close(room, CLOSING, (1001, "the host left"), but=room.connections.get(room.table.host_seat))
        await self._sent(FLUSH_SECONDS)
        if self.one_table:
            self._stopped.set()

    def _close(self, room: Room, reason: str, close: tuple, but: ServerConnection | None = None) -> None:
        """Every player and looker of the room (`but` one) is told why it closes; it is no longer served."""
        self._remove(room)
        closing = {"version": PROTOCOL, "type": "closing", "reason": reason}
        for connection in [*room.connections.values(), *room.lookers]:
            if connection is not but:
                self._post(connection, closing, close=close)

    def _start(self, room: Room) -> None:
        """A table set up by a player starts by itself: every seat is sent its snapshot."""
        room.table.start()
        self._tell_lobby(room)
        self._deliver(room, room.table.snapshots())
        self._changed(room)

    async def _sweep(self) -> None:
        """Now and then: on a shared server, tables that waited, idled or finished long enough
        close (game/net/rooms.py); clients that no longer count are forgotten."""
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            now = time.monotonic()
            for code in self.store.renew() if self.store is not None else ():
                if code in self.rooms:
                    self._let_go(self.rooms[code])
            for room in list(self.rooms.values()) if self.creates_tables else ():
                reason = expiry(room.table.started, room.over, now - room.changed_at, self.limits)
                if reason is not None:
                    self._close(room, reason, (1000, "the table expired"))
            self.admission.forget_idle_clients()

    # -- the table's news, and its computers

    def _tell_lobby(self, room: Room) -> None:
        """Every connected player (and every looker) is sent the lobby as it is now."""
        connected = room.connected()
        for seat, connection in list(room.connections.items()):
            self._post(connection, {**room.table.lobby(connected, seat), "created": room.created})
        for connection in list(room.lookers):
            self._post(connection, {**room.table.lobby(connected), "created": room.created})

    def _tell_everyone(self, room: Room, words: str) -> None:
        """A `notice` for every connected player: what the table did that no move tells."""
        for connection in list(room.connections.values()):
            self._post(connection, {"version": PROTOCOL, "type": "notice", "text": words})

    def _deliver(self, room: Room, messages: dict[int, list[dict]], timed: dict[int, Callable] | None = None) -> None:
        """Each seat's messages to its connection; `timed`: a seat -> what to call once its last is sent."""
        for seat, sent in messages.items():
            connection = room.connections.get(seat)
            for index, message in enumerate(sent if connection is not None else ()):
                on_sent = (timed or {}).get(seat) if index == len(sent) - 1 else None
                self._post(connection, message, on_sent=on_sent)

    # -- what goes out

    def _post(self, connection: ServerConnection, message: dict | None, close: tuple | None = None,
              on_sent: Callable[[], None] | None = None) -> None:
        """`message` (then the close, if any) to go out on `connection` after what waits there;
        `on_sent` called once it has."""
        outbox = self._outboxes.get(connection)
        if outbox is None:
            outbox = self._outboxes[connection] = Outbox(connection)
        outbox.post(message, close, on_sent)

    def _refuse(self, connection: ServerConnection, reason: str) -> None:
        """`reason` sent as a refusal, counted by its kind, logged."""
        self.metrics.refused(reason)
        event("refused", kind=kind_of(reason))
        self._post(connection, {"version": PROTOCOL, "type": "refused", "reason": short(reason)})

    async def _sent(self, seconds: float) -> None:
        """Wait (at most `seconds`) until every connection's waiting messages are out."""
        waits = [outbox.sent() for outbox in self._outboxes.values()]
        if waits:
            _done, late = await asyncio.wait(waits, timeout=seconds)
            for task in late:
                task.cancel()

    def _changed(self, room: Room) -> None:
        """After a message of a player: the host's save, and the computers' moves."""
        room.changed_at = time.monotonic()
        if room.table.started:
            self._save(room)
            self._computers(room)

    def _save(self, room: Room) -> None:
        """The table kept in the store, and `on_move` when the game changed since it was last called."""
        self._keep(room)
        revision = room.table.session.revision
        if self.on_move is None or revision == room.saved_revision:
            return
        room.saved_revision = revision
        try:
            self.on_move(room.table)
        except Exception:  # the host's save must not stop the table
            log.exception("saving the table of room %s failed", room.code)

    def _computers(self, room: Room) -> None:
        """Let the computers move, one after another, while one is to move."""
        session = room.table.session
        if not room.computers_moving and session.to_move in session.computers:
            room.computers_moving = True
            asyncio.get_running_loop().create_task(self._computer_moves(room))

    async def _computer_moves(self, room: Room) -> None:
        """A computer's move at a time; a move thought over while the table changed (an undo, a
        seat handed back) is not played, and the computer to move thinks again."""
        session = room.table.session
        try:
            while session.to_move in session.computers and self.rooms.get(room.code) is room:
                await asyncio.sleep(self.computer_pace)
                revision = session.revision
                try:
                    action = await asyncio.to_thread(session.computer_action)
                except IllegalAction:
                    continue  # the table changed under the computer's thinking
                if session.revision == revision and self.rooms.get(room.code) is room:
                    room.changed_at = time.monotonic()
                    self._deliver(room, room.table.computer_move(action))
                    self.metrics.moves.inc()
                    self._save(room)
        finally:
            room.computers_moving = False


def event(name: str, **fields) -> None:
    """One line at INFO for an event of the server: its name, then each field as key=value (with
    `--log-json`, one JSON object: game/net/command.py)."""
    if log.isEnabledFor(logging.INFO):
        words = " ".join([name, *(f"{key}={value}" for key, value in fields.items())])
        log.info(words, extra={"event": name, "fields": fields})


def room_in_path(path: str) -> str | None:
    """The room code a connection's request path names (`/room/CODE`, any case), or None (`/`)."""
    found = ROOM_PATH.fullmatch(path.partition("?")[0])
    return found.group(1).upper() if found else None


def seat_kind_words(name: str, kind: str) -> str:
    """What every player is told when the host hands a player's seat over."""
    if kind == "computer":
        return f"A computer plays {name}\u2019s seat until {name} comes back."
    return f"{name}\u2019s seat is {name}\u2019s again."


def _read(text) -> tuple[dict, str | None]:
    """A message as sent and None, or {} and why it cannot be read."""
    try:
        message = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return {}, Refusal("that message is not JSON", "unreadable")
    if not isinstance(message, dict):
        return {}, Refusal("a message is a JSON object", "unreadable")
    if message.get("version") != PROTOCOL:
        return {}, Refusal(f"this table speaks version {PROTOCOL} of the protocol, not "
                           f"{quoted(message.get('version'))}: both players need the same Chain Table", "unreadable")
    return message, None


def _seat_number(value) -> int:
    if type(value) is not int:
        raise SeatTaken("choose a seat to sit in")
    return value


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

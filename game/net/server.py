"""The table server: rooms, each a hosted table (hosting.HostedTable), on one WebSocket port
(RFC 6455 through the `websockets` library), served by an asyncio loop in a background thread.
The host's app runs one for its table (`host`); the `chaintable-server` command runs one for many.

A connection may first `look` at a room (it is sent the lobby and stays to say `hello`); `hello`
takes a free seat (with a name, before the start), or comes back to the seat a token holds (with
the host key: the host's own connection, which may start the game, hand seats over and end the
table). It is sent `welcome` (its seat and token), every player the lobby as it now is, and a
snapshot once the game has started; then each `act` or `undo` it sends is played by the table
and every seat is sent its news. A `create` sets a new table up in the server (the players' own
server across the internet). Computers move on the server's loop, paced, their thinking in a
worker thread, so the loop never waits on them. After each change of a game, `on_move(table)`
is called on the server's thread: the host's app saves the game there."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
import threading
import time
from typing import Callable

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ..core import IllegalAction
from ..session import Session
from .hosting import PROTOCOL, HostedTable, SeatTaken, new_room_code

LISTEN_ADDRESS = os.environ.get("CHAINTABLE_LISTEN", "0.0.0.0")  # where a host's app listens: every address
OUTBOX_LIMIT = 500  # messages waiting for one player: a player this far behind has stopped reading
FLUSH_SECONDS = 2  # how long what waits for a leaving connection may take to go out
KEEPALIVE_SECONDS = 10  # a dead connection is noticed within about 20 seconds, on either side
MESSAGE_LIMIT = 2**20  # bytes: no message of a table comes near it
MESSAGES_PER_SECOND = 20  # from one player, on average: far above any hand's pace
BURST = 40  # messages a player may send at once before the pace counts
STRIKES = 10  # refused messages in a row before a connection is closed
HOST_ONLY = ("start", "seat_kind", "next_game", "end")
CLOSING = "The host left; the game is saved on the host's computer."
ONLY_THE_HOSTS_TABLE = "this is a player's own computer: it serves only its host's table, no new one"

log = logging.getLogger(__name__)


class Room:
    def __init__(self, code: str, table: HostedTable) -> None:
        self.code = code
        self.table = table
        self.connections: dict[int, ServerConnection] = {}  # a seat -> its player's connection
        self.lookers: set[ServerConnection] = set()  # connections looking at the lobby, not seated yet
        self.computers_moving = False
        self.saved_revision = None  # the session's revision when `on_move` was last called

    def connected(self) -> set[int]:
        return set(self.connections)


class Player:
    """One seated connection: its room, seat, token, and whether it has the host's rights."""

    def __init__(self, room: Room, seat: int, token: str, host: bool) -> None:
        self.room, self.seat, self.token, self.host = room, seat, token, host


class TableServer:
    def __init__(self, host: str = "127.0.0.1", port: int = 0, computer_pace: float = 0.6, tls=None,
                 messages_per_second: float = MESSAGES_PER_SECOND,
                 on_move: Callable[[HostedTable], None] | None = None, one_table: bool = False,
                 keepalive: float = KEEPALIVE_SECONDS, creates_tables: bool = True) -> None:
        """`tls`: an ssl.SSLContext with the server's certificate, for wss:// (None: ws://).
        `messages_per_second`: the pace a player may keep up (a benchmark's players go faster).
        `on_move`: called with the table after each change of its game (on the server's thread).
        `one_table`: the host's app's server, which stops once its table ends.
        `creates_tables`: whether a player may set a new table up here (`create`); the host's
        app's server serves its host's table only.
        `keepalive`: seconds between pings, and for the answer to each: a connection that died
        without a word (a cable pulled, a laptop shut) is let go within twice that."""
        self.address = (host, port)
        self.keepalive = keepalive
        self._outboxes: dict[ServerConnection, Outbox] = {}
        self.tls = tls
        self.messages_per_second = messages_per_second
        self.computer_pace = computer_pace  # seconds between a move and a computer's next
        self.on_move = on_move
        self.one_table = one_table
        self.creates_tables = creates_tables
        self.rooms: dict[str, Room] = {}
        self.port: int | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopped: asyncio.Event | None = None
        self._thread: threading.Thread | None = None

    # -- the server's life, from any thread

    def start(self) -> int:
        """Listen in a background thread; returns the port (the one asked for, or one free)."""
        ready = threading.Event()
        self._thread = threading.Thread(target=lambda: asyncio.run(self._serve(ready)), daemon=True,
                                        name="table-server")
        self._thread.start()
        if not ready.wait(10) or self.port is None:
            raise OSError(f"the table server could not listen on {self.address[0]}:{self.address[1]}")
        return self.port

    def stop(self, grace: float = 0.0) -> None:
        """Stop serving, after waiting up to `grace` seconds for the server to stop by itself (a
        host's table that was just ended)."""
        self.wait(grace)
        if self._loop is not None and self._stopped is not None and not self._loop.is_closed():
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

    async def _serve(self, ready: threading.Event) -> None:
        self._loop, self._stopped = asyncio.get_running_loop(), asyncio.Event()
        try:
            async with serve(self._connection, *self.address, max_size=MESSAGE_LIMIT, close_timeout=2,
                             ping_interval=self.keepalive, ping_timeout=self.keepalive,
                             ssl=self.tls) as server:
                self.port = server.sockets[0].getsockname()[1]
                ready.set()
                await self._stopped.wait()
        finally:
            ready.set()

    async def _open_room(self, table: HostedTable) -> str:
        if table.room in self.rooms:
            raise ValueError(f"a table with the room code {table.room} is open here already")
        while not table.room or table.room in self.rooms:
            table.room = new_room_code()
        room = self.rooms[table.room] = Room(table.room, table)
        if table.started:
            self._computers(room)
        return room.code

    # -- one player's connection

    async def _connection(self, websocket: ServerConnection) -> None:
        try:
            player = await self._greet(websocket)
            if player is not None:
                await self._play(websocket, player)
        except ConnectionClosed:
            pass
        finally:
            for room in list(self.rooms.values()):
                room.lookers.discard(websocket)
            outbox = self._outboxes.pop(websocket, None)
            if outbox is not None:
                await outbox.finish(FLUSH_SECONDS)

    async def _greet(self, websocket: ServerConnection) -> Player | None:
        """The messages before a seat is taken: a table set up, a look at a room's lobby, and the
        `hello` that sits (each refusal with its reason; the connection stays for another try)."""
        for _message in range(STRIKES):
            request, problem = _read(await websocket.recv())
            if problem is None and request.get("type") == "create" and not self.creates_tables:
                problem = ONLY_THE_HOSTS_TABLE
            elif problem is None and request.get("type") == "create":
                return await self._create(websocket, request)
            if problem is None:
                room = self.rooms.get(str(request.get("room", "")).upper())
                problem = "there is no table with that room code here" if room is None else None
            if problem is None and request.get("type") == "look":
                room.lookers.add(websocket)
                self._post(websocket, room.table.lobby(room.connected()))
                continue
            if problem is None:
                problem = self._hello(websocket, room, request)
            if isinstance(problem, Player):
                return problem
            self._refuse(websocket, problem)
        self._post(websocket, None, close=(1008, "too many messages that do not sit at a table"))
        return None

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
        room.lookers.discard(websocket)
        room.connections[seat] = websocket
        self._post(websocket, {"version": PROTOCOL, "type": "welcome", "seat": seat, "token": token, "host": host})
        handed_back = room.table.handed_back(seat)
        self._tell_lobby(room)
        if handed_back:
            self._deliver(room, room.table.snapshots())
            self._tell_everyone(room, f"{room.table.names()[seat]} is back and plays their own seat again.")
            self._save(room)
        elif room.table.started:
            self._post(websocket, room.table.snapshot(seat))
        return Player(room, seat, token, host)

    async def _create(self, websocket: ServerConnection, request: dict) -> None:
        try:
            session = Session(request.get("game"), request.get("config"), secrets.randbits(63))
        except (KeyError, ValueError) as err:
            self._refuse(websocket, f"that table cannot be set up: {err}")
            return None
        code = await self._open_room(HostedTable(session, ""))
        self._post(websocket, {"version": PROTOCOL, "type": "room", "room": code})
        return None

    async def _play(self, websocket: ServerConnection, player: Player) -> None:
        """The player's messages, each answered. A message that is not one of this protocol, or
        one too many for the pace, is refused with the reason; a player who sends nothing else for
        `STRIKES` messages running is disconnected (the game goes on). The host's connection
        closed by the host's app (not lost) ends the table."""
        pace, strikes, room = Pace(self.messages_per_second), 0, player.room
        try:
            async for text in websocket:
                request, problem = _read(text)
                if problem is None and not pace.allows():
                    problem = "too many messages at once: slow down"
                if problem is None:
                    problem = await self._answer(player, request)
                strikes = strikes + 1 if problem is not None else 0
                if problem is not None:
                    self._refuse(websocket, problem)
                if strikes >= STRIKES:
                    self._post(websocket, None, close=(1008, "too many messages that are not moves"))
            if player.host and self.rooms.get(room.code) is room:
                await self._end(room)
        finally:
            if room.connections.get(player.seat) is websocket:
                del room.connections[player.seat]
                self._tell_lobby(room)

    async def _answer(self, player: Player, request: dict) -> str | None:
        """What a seated player's message does; None, or why it is refused."""
        kind, room, table = request.get("type"), player.room, player.room.table
        if kind in HOST_ONLY and not player.host:
            return "only the host can do that"
        if kind in ("act", "undo") and not table.started:
            return "the game has not started yet"
        if kind == "act":
            self._deliver(room, table.act(player.token, request.get("action"), request.get("seen")))
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
            return f"this table does not know a message of type {kind!r}"
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
        self.rooms.pop(room.code, None)
        closing = {"version": PROTOCOL, "type": "closing", "reason": CLOSING}
        host = room.connections.get(room.table.host_seat)
        for connection in [*room.connections.values(), *room.lookers]:
            if connection is not host:
                self._post(connection, closing, close=(1001, "the host left"))
        await self._sent(FLUSH_SECONDS)
        if self.one_table:
            self._stopped.set()

    # -- the table's news, and its computers

    def _tell_lobby(self, room: Room) -> None:
        """Every connected player (and every looker) is sent the lobby as it is now."""
        connected = room.connected()
        for seat, connection in list(room.connections.items()):
            self._post(connection, room.table.lobby(connected, seat))
        for connection in list(room.lookers):
            self._post(connection, room.table.lobby(connected))

    def _tell_everyone(self, room: Room, words: str) -> None:
        """A `notice` for every connected player: what the table did that no move tells."""
        for connection in list(room.connections.values()):
            self._post(connection, {"version": PROTOCOL, "type": "notice", "text": words})

    def _deliver(self, room: Room, messages: dict[int, list[dict]]) -> None:
        for seat, sent in messages.items():
            connection = room.connections.get(seat)
            for message in sent if connection is not None else ():
                self._post(connection, message)

    # -- what goes out

    def _post(self, connection: ServerConnection, message: dict | None, close: tuple | None = None) -> None:
        """`message` (then the close, if any) to go out on `connection` after what waits there."""
        outbox = self._outboxes.get(connection)
        if outbox is None:
            outbox = self._outboxes[connection] = Outbox(connection)
        outbox.post(message, close)

    def _refuse(self, connection: ServerConnection, reason: str) -> None:
        self._post(connection, {"version": PROTOCOL, "type": "refused", "reason": reason})

    async def _sent(self, seconds: float) -> None:
        """Wait (at most `seconds`) until every connection's waiting messages are out."""
        waits = [outbox.sent() for outbox in self._outboxes.values()]
        if waits:
            _done, late = await asyncio.wait(waits, timeout=seconds)
            for task in late:
                task.cancel()

    def _changed(self, room: Room) -> None:
        """After a message of a player: the host's save, and the computers' moves."""
        if room.table.started:
            self._save(room)
            self._computers(room)

    def _save(self, room: Room) -> None:
        """`on_move`, when the game changed since it was last called."""
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
                    self._deliver(room, room.table.computer_move(action))
                    self._save(room)
        finally:
            room.computers_moving = False


def seat_kind_words(name: str, kind: str) -> str:
    """What every player is told when the host hands a player's seat over."""
    if kind == "computer":
        return f"A computer plays {name}\u2019s seat until {name} comes back."
    return f"{name}\u2019s seat is {name}\u2019s again."


class Pace:
    """A player's messages over time (a token bucket): `BURST` at once, then `rate` a second."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self.tokens = float(BURST)
        self.at = time.monotonic()

    def allows(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def _read(text) -> tuple[dict, str | None]:
    """A message as sent and None, or {} and why it cannot be read."""
    try:
        message = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return {}, "that message is not JSON"
    if not isinstance(message, dict):
        return {}, "a message is a JSON object"
    if message.get("version") != PROTOCOL:
        return {}, f"this table speaks version {PROTOCOL} of the protocol, not {message.get('version')!r}: " \
                   "both players need the same Chain Table"
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

    def post(self, message: dict | None, close: tuple | None) -> None:
        if self.waiting.qsize() >= OUTBOX_LIMIT:
            self.connection.transport.abort()
            return
        self.waiting.put_nowait((None if message is None else json.dumps(message), close))

    async def _send_all(self) -> None:
        while True:
            text, close = await self.waiting.get()
            try:
                if text is not None:
                    await self.connection.send(text)
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

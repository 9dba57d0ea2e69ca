"""The table server: rooms, each a hosted table (hosting.HostedTable), on one WebSocket port
(RFC 6455 through the `websockets` library), served by an asyncio loop in a background thread.
The host's app runs one for its table; the `chaintable-server` command runs one for many.

A connection first says `hello` (a room code and a free seat, or the token that holds a seat
already: a player coming back) and is sent `welcome` (its seat and token) and a snapshot; then
each `act` it sends is played by the table and every seat is sent its news. A `create` sets a
new table up in the server (the players' own server across the internet). Computers move on the
server's loop, paced, their thinking in a worker thread, so the loop never waits on them."""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
import time

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ..session import Session
from .hosting import PROTOCOL, HostedTable, SeatTaken

ROOM_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0 and O, no 1 and I: read aloud, typed right
ROOM_CODE_LENGTH = 5
MESSAGE_LIMIT = 2**20  # bytes: no message of a table comes near it
MESSAGES_PER_SECOND = 20  # from one player, on average: far above any hand's pace
BURST = 40  # messages a player may send at once before the pace counts
STRIKES = 10  # refused messages in a row before a connection is closed


class Room:
    def __init__(self, code: str, table: HostedTable) -> None:
        self.code = code
        self.table = table
        self.connections: dict[int, ServerConnection] = {}  # a seat -> its player's connection
        self.computers_moving = False


class TableServer:
    def __init__(self, host: str = "127.0.0.1", port: int = 0, computer_pace: float = 0.6, tls=None,
                 messages_per_second: float = MESSAGES_PER_SECOND) -> None:
        """`tls`: an ssl.SSLContext with the server's certificate, for wss:// (None: ws://).
        `messages_per_second`: the pace a player may keep up (a benchmark's players go faster)."""
        self.address = (host, port)
        self.tls = tls
        self.messages_per_second = messages_per_second
        self.computer_pace = computer_pace  # seconds between a move and a computer's next
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

    def stop(self) -> None:
        if self._loop is not None and self._stopped is not None:
            self._loop.call_soon_threadsafe(self._stopped.set)
        if self._thread is not None:
            self._thread.join(10)

    def open_room(self, session: Session) -> str:
        """A room for `session` (the host's table): its code. Safe from any thread."""
        future = asyncio.run_coroutine_threadsafe(self._open_room(session), self._loop)
        return future.result(10)

    async def _serve(self, ready: threading.Event) -> None:
        self._loop, self._stopped = asyncio.get_running_loop(), asyncio.Event()
        try:
            async with serve(self._connection, *self.address, max_size=MESSAGE_LIMIT, close_timeout=2,
                             ssl=self.tls) as server:
                self.port = server.sockets[0].getsockname()[1]
                ready.set()
                await self._stopped.wait()
        finally:
            ready.set()

    async def _open_room(self, session: Session) -> str:
        code = "".join(secrets.choice(ROOM_LETTERS) for _ in range(ROOM_CODE_LENGTH))
        while code in self.rooms:
            code = "".join(secrets.choice(ROOM_LETTERS) for _ in range(ROOM_CODE_LENGTH))
        room = self.rooms[code] = Room(code, HostedTable(session, code))
        self._computers(room)
        return code

    # -- one player's connection

    async def _connection(self, websocket: ServerConnection) -> None:
        try:
            joined = await self._greet(websocket)
            if joined is not None:
                await self._play(websocket, *joined)
        except ConnectionClosed:
            pass

    async def _greet(self, websocket: ServerConnection) -> tuple[Room, int, str] | None:
        """The first message: a table set up, or a seat sat in (or taken back with its token)."""
        hello, problem = _read(await websocket.recv())
        if problem is not None:
            await _refuse(websocket, problem)
            return None
        if hello.get("type") == "create":
            return await self._create(websocket, hello)
        room = self.rooms.get(str(hello.get("room", "")).upper())
        if hello.get("type") != "hello" or room is None:
            await _refuse(websocket, "there is no table with that room code here")
            return None
        token = hello.get("token")
        try:
            if token:
                seat = room.table.seat_of(str(token))
            else:
                seat = _seat_number(hello.get("seat"))
                token = room.table.sit(seat)
        except SeatTaken as err:
            await _refuse(websocket, str(err))
            return None
        room.connections[seat] = websocket
        await _send(websocket, {"version": PROTOCOL, "type": "welcome", "seat": seat, "token": token})
        await _send(websocket, room.table.snapshot(seat))
        return room, seat, token

    async def _create(self, websocket: ServerConnection, request: dict) -> None:
        try:
            session = Session(request.get("game"), request.get("config"), secrets.randbits(63))
        except (KeyError, ValueError) as err:
            await _refuse(websocket, f"that table cannot be set up: {err}")
            return None
        code = await self._open_room(session)
        await _send(websocket, {"version": PROTOCOL, "type": "room", "room": code})
        return None

    async def _play(self, websocket: ServerConnection, room: Room, seat: int, token: str) -> None:
        """The player's moves, each played and its news delivered. A message that is not a move
        of this protocol, or one too many for the pace, is refused with the reason; a player who
        sends nothing else for `STRIKES` messages running is disconnected (the game goes on)."""
        pace, strikes = Pace(self.messages_per_second), 0
        try:
            async for text in websocket:
                request, problem = _read(text)
                if problem is None and request.get("type") != "act":
                    problem = "a player at a table sends moves only"
                if problem is None and not pace.allows():
                    problem = "too many messages at once: slow down"
                if problem is not None:
                    strikes += 1
                    await _refuse(websocket, problem)
                    if strikes >= STRIKES:
                        await websocket.close(1008, "too many messages that are not moves")
                    continue
                strikes = 0
                await self._deliver(room, room.table.act(token, request.get("action"), request.get("seen")))
                self._computers(room)
        finally:
            if room.connections.get(seat) is websocket:
                del room.connections[seat]

    # -- the table's news, and its computers

    async def _deliver(self, room: Room, messages: dict[int, list[dict]]) -> None:
        for seat, sent in messages.items():
            connection = room.connections.get(seat)
            for message in sent if connection is not None else ():
                try:
                    await _send(connection, message)
                except ConnectionClosed:
                    break

    def _computers(self, room: Room) -> None:
        """Let the computers move, one after another, while one is to move."""
        session = room.table.session
        if not room.computers_moving and session.to_move in session.computers:
            room.computers_moving = True
            asyncio.get_running_loop().create_task(self._computer_moves(room))

    async def _computer_moves(self, room: Room) -> None:
        session = room.table.session
        try:
            while session.to_move in session.computers:
                await asyncio.sleep(self.computer_pace)
                action = await asyncio.to_thread(session.computer_action)
                await self._deliver(room, room.table.computer_move(action))
        finally:
            room.computers_moving = False


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


async def _send(websocket: ServerConnection, message: dict) -> None:
    await websocket.send(json.dumps(message))


async def _refuse(websocket: ServerConnection, reason: str) -> None:
    await _send(websocket, {"version": PROTOCOL, "type": "refused", "reason": reason})

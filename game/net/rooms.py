"""The table server's rules for who may do what, and for how long: pure policy, no sockets (the
transport in game/net/server.py asks, and tests ask it directly with a clock of their own).
`TableRooms` holds every room and answers each message of a player; it sends through a
`Transport` (the WebSocket server, or a test's own that keeps what is sent).

Admission counts per client: a client is its IPv4 address, or its IPv6 /64 network (one home or
server is handed a whole /64, so counting single IPv6 addresses would count nothing). Each may hold
`connections_per_client` connections, of which `unseated_per_client` not sitting at a table yet
(those are closed after `unseated_seconds`, or `looking_seconds` after a look at a lobby: a
player choosing a seat); may set up `creates_burst` tables at once and then one
every `create_seconds`, with at most `tables_per_client` of them live; and may name a room that is
not there (`look` or `hello` with a wrong code: a guess) `guesses_burst` times at once, then once
every `guess_seconds`. The whole server holds at most `tables` tables and `connections`
connections; past them every newcomer is refused, with the reason.

A table set up by a player (`create`) has at most `computer_seats` computers, none stronger than
`strongest_computer` (a computer's thinking is the server's work). It is kept `waiting_seconds`
for its players to sit, `idle_seconds` with nothing played, and `finished_seconds` once its
session is over; then it expires."""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import Callable, Protocol

from ..core import IllegalAction
from .hosting import (PROTOCOL, ROOM_CODE_LENGTH, ROOM_LETTERS, SERVER_CODE_LENGTH, HostedTable, SeatTaken,
                      new_room_code, quoted, short)
from .metrics import kind_of
from .store import SharedTableStore

COMPUTER_LEVELS = ("random", "easy", "normal", "hard", "expert")  # weakest first (game/ai/levels.py)
HUMAN, COMPUTER, OPEN = "human", "computer", "open"


@dataclass(frozen=True)
class Limits:
    connections_per_client: int = 16
    unseated_per_client: int = 4
    unseated_seconds: float = 60.0
    looking_seconds: float = 600.0
    tables_per_client: int = 4
    creates_burst: int = 3
    create_seconds: float = 60.0
    guesses_burst: int = 10
    guess_seconds: float = 6.0
    tables: int = 10_000
    connections: int = 20_000
    computer_seats: int = 3
    strongest_computer: str = "hard"
    waiting_seconds: float = 30 * 60.0
    idle_seconds: float = 24 * 3600.0
    finished_seconds: float = 10 * 60.0


class Refusal(str):
    """Why a message is refused (the words the player is sent), with its kind: what the server's
    refusal count files it under (game/net/metrics.py: REFUSAL_KINDS)."""

    kind: str

    def __new__(cls, words: str, kind: str) -> Refusal:
        refusal = super().__new__(cls, words)
        refusal.kind = kind
        return refusal


class Bucket:
    """A token bucket: `burst` at once, then one every `seconds`."""

    def __init__(self, burst: int, seconds: float, clock: Callable[[], float]) -> None:
        self.burst, self.seconds, self.clock = burst, seconds, clock
        self.tokens, self.at = float(burst), clock()

    def take(self) -> bool:
        """One token, when there is one: whether it was taken."""
        self._refill()
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def full(self) -> bool:
        self._refill()
        return self.tokens >= self.burst

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) / self.seconds)
        self.at = now


def client_of(address: str) -> str:
    """Who is counted for a connection from `address`: the IPv4 address, or the IPv6 /64."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if parsed.version == 4:
        return str(parsed)
    if parsed.ipv4_mapped is not None:
        return str(parsed.ipv4_mapped)
    return str(ipaddress.ip_network(f"{parsed}/64", strict=False))


@dataclass
class Client:
    creates: Bucket
    guesses: Bucket
    connections: int = 0
    unseated: int = 0
    tables: int = 0

    def forgettable(self) -> bool:
        """Nothing of it is live and its buckets are full again: forgetting it changes nothing."""
        return not (self.connections or self.tables) and self.creates.full() and self.guesses.full()


@dataclass
class Admission:
    """The counts per client and for the whole server. Each `may_*` answers None (allowed, and
    counted) or the refusal's words."""

    limits: Limits = field(default_factory=Limits)
    clock: Callable[[], float] = time.monotonic
    clients: dict[str, Client] = field(default_factory=dict)
    connections: int = 0
    tables: int = 0

    def client(self, address: str) -> Client:
        key = client_of(address)
        if key not in self.clients:
            self.clients[key] = Client(Bucket(self.limits.creates_burst, self.limits.create_seconds, self.clock),
                                       Bucket(self.limits.guesses_burst, self.limits.guess_seconds, self.clock))
        return self.clients[key]

    def may_connect(self, address: str) -> str | None:
        """A new connection, not seated yet."""
        if self.connections >= self.limits.connections:
            return Refusal("the server is full: try again later", "limits")
        client = self.client(address)
        if client.connections >= self.limits.connections_per_client:
            return Refusal(f"too many connections from your address (at most {self.limits.connections_per_client})", "limits")
        if client.unseated >= self.limits.unseated_per_client:
            return Refusal(f"too many connections from your address not at a table (at most {self.limits.unseated_per_client})", "limits")
        client.connections += 1
        client.unseated += 1
        self.connections += 1
        return None

    def seated(self, address: str) -> None:
        """A connection of `address` sat at a table."""
        self.client(address).unseated -= 1

    def disconnected(self, address: str, seated: bool) -> None:
        client = self.client(address)
        client.connections -= 1
        client.unseated -= 0 if seated else 1
        self.connections -= 1
        self._forget(address)

    def may_guess(self, address: str) -> str | None:
        """A `look` or `hello` naming a room that is not here."""
        if self.client(address).guesses.take():
            return None
        return Refusal("too many room codes that are not here: wait a minute and check the code", "limits")

    def may_create(self, address: str) -> str | None:
        """A new table set up by a player at `address` (counted once open: `table_opened`)."""
        client = self.client(address)
        if self.tables >= self.limits.tables:
            return Refusal("the server holds as many tables as it can: try again later", "limits")
        if client.tables >= self.limits.tables_per_client:
            return Refusal(f"your address has {client.tables} tables open here already: finish one, or close one "
                           "whose game has not started, first", "limits")
        if not client.creates.take():
            return Refusal("too many tables set up at once: wait a minute", "limits")
        return None

    def table_opened(self, address: str | None) -> None:
        """A table of `address` is open (set up now, or restored; None: the host's own)."""
        self.tables += 1
        if address is not None:
            self.client(address).tables += 1

    def table_closed(self, address: str | None) -> None:
        self.tables -= 1
        if address is not None:
            self.client(address).tables -= 1
            self._forget(address)

    def forget_idle_clients(self) -> None:
        """Drop the clients that no longer count (called now and then: their buckets refill)."""
        for key in [key for key, client in self.clients.items() if client.forgettable()]:
            del self.clients[key]

    def _forget(self, address: str) -> None:
        key = client_of(address)
        if self.clients[key].forgettable():
            del self.clients[key]


def created_seats_problem(seats, limits: Limits) -> str | None:
    """What keeps a player's `create` from being set up here (None when nothing): each seat a
    human's, a computer's or open, and the computers within the server's caps."""
    if not isinstance(seats, list) or not all(isinstance(seat, dict) for seat in seats):
        return "the table needs a list of seats"
    kinds = [seat.get("kind", HUMAN) for seat in seats]
    if not set(kinds) <= {HUMAN, COMPUTER, OPEN}:
        return "a seat is \"human\", \"computer\" or \"open\""
    if HUMAN not in kinds:
        return "keep one seat human: yours"
    computers = [seat.get("difficulty", "normal") for seat in seats if seat.get("kind") == COMPUTER]
    if len(computers) > limits.computer_seats:
        return f"a table here has at most {limits.computer_seats} computer seats"
    allowed = COMPUTER_LEVELS[:COMPUTER_LEVELS.index(limits.strongest_computer) + 1]
    if any(level not in allowed for level in computers):
        return f"computers here play at most at {limits.strongest_computer.capitalize()}"
    return None


def expiry(started: bool, over: bool, idle_for: float, limits: Limits) -> str | None:
    """Why a table nothing happened at for `idle_for` seconds closes now (None: it stays)."""
    if not started and idle_for >= limits.waiting_seconds:
        return f"nobody came to sit for {limits.waiting_seconds / 60:.0f} minutes: the table is closed"
    if over and idle_for >= limits.finished_seconds:
        return "the session is over: the table is closed"
    if idle_for >= limits.idle_seconds:
        return f"nothing was played for {limits.idle_seconds / 3600:.0f} hours: the table is closed"
    return None


# -- the rooms: every table served, and what each message of a player does there

HOST_ONLY = ("start", "seat_kind", "next_game", "end")
MESSAGES_PER_SECOND = 20  # from one player, on average: far above any hand's pace
BURST = 40  # messages a player may send at once before the pace counts
STRIKES = 10  # refused messages in a row before a connection is closed
FLUSH_SECONDS = 2  # how long what waits for a leaving connection may take to go out
CLOSING = "The host left; the game is saved on the host's computer."
NO_SUCH_ROOM = Refusal("there is no table with that room code here", "no_such_room")
HELD_ELSEWHERE = Refusal("this table is moving between the server's processes: try again in a moment", "not_allowed")
MOVING = "The table moves to another of the server's processes: you come back to your seat in a moment."
TOO_FAST = Refusal("too many messages at once: slow down", "pace")
SAT_ELSEWHERE = "You sat down at this table from another connection: this one is closed."
ONLY_THE_HOSTS_TABLE = "this is a player's own computer: it serves only its host's table, no new one"
CODE_TAKEN = "that room code is taken or cannot be one: set the table up at another"

log = logging.getLogger("game.net.server")  # the operators' log keeps the name it always had


class Transport(Protocol):
    """What the rooms need of the connections' side (game/net/server.py, or a test's own): a
    connection is any object the transport hands them."""

    def post(self, connection, message: dict | None, close: tuple | None = None,
             on_sent: Callable[[], None] | None = None) -> None:
        """`message` (then the close (code, reason), if any) to go out after what waits there."""

    def abort(self, connection) -> None:
        """The connection cut at once, what waits for it dropped."""

    async def flush(self, seconds: float) -> None:
        """Wait (at most `seconds`) until what waits for every connection is out."""

    def stop_serving(self) -> None:
        """The host's app's server stops: its one table ended."""


class Room:
    def __init__(self, code: str, table: HostedTable, owner: str | None, created: bool, now: float) -> None:
        """`owner`: the address of the player who set the table up (None: a host's own table).
        `created`: a table set up by a player, which starts by itself once no seat is open."""
        self.code = code
        self.table = table
        self.owner = owner
        self.created = created
        self.changed_at = now  # when a player last sat down or the game last changed
        self.connections: dict[int, object] = {}  # a seat -> its player's connection
        self.lookers: set = set()  # connections looking at the lobby, not seated yet
        self.computers_moving = False
        self.saved_revision = None  # the session's revision when `on_move` was last called

    def connected(self) -> set[int]:
        return set(self.connections)

    @property
    def over(self) -> bool:
        return self.table.started and self.table.session.session_over


class Player:
    """One seated connection: its room, seat, token, whether it has the host's rights, its pace
    (a token bucket) and how many of its messages running were refused."""

    def __init__(self, room: Room, seat: int, token: str, host: bool, pace: Bucket | None = None) -> None:
        self.room, self.seat, self.token, self.host = room, seat, token, host
        self.pace, self.strikes = pace, 0


class TableRooms:
    """Every room a server serves and the policy of each: who may connect, look, guess and
    create (Admission), a player's pace and strikes, what only a host may do, the computers'
    moves (on the running asyncio loop, paced, their thinking in a worker thread), when tables
    expire, and the store. It never touches a socket: what goes out goes through `transport`."""

    def __init__(self, transport: Transport, metrics_of: Callable[["TableRooms"], object],
                 computer_pace: float = 0.6, messages_per_second: float = MESSAGES_PER_SECOND,
                 on_move: Callable[[HostedTable], None] | None = None, one_table: bool = False,
                 creates_tables: bool = True, limits: Limits | None = None, store=None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        """`metrics_of`: makes the rooms' metrics (game/net/metrics.py) from the rooms themselves;
        the other arguments are TableServer's (game/net/server.py)."""
        self.transport, self.clock = transport, clock
        self.computer_pace, self.messages_per_second = computer_pace, messages_per_second
        self.on_move, self.one_table, self.creates_tables = on_move, one_table, creates_tables
        self.limits = limits or Limits()
        self.admission = Admission(self.limits, clock)
        self.store = store
        self.rooms: dict[str, Room] = {}
        self.looking: dict[object, Room] = {}  # a connection -> the room whose lobby it watches
        self.stored: dict[str, tuple[str | None, dict]] = {}  # a room kept in the store, not served again yet
        self.metrics = metrics_of(self)

    def players_connected(self) -> int:
        return sum(len(room.connections) for room in list(self.rooms.values()))

    # -- the store's tables

    def read_store(self) -> None:
        self.stored = {code: (owner, record) for code, owner, record in self.store.tables()} if self.store else {}

    async def restore_all(self) -> None:
        """Every table the store kept is served again, one at a time between the players' messages
        (each is a game replayed: about 15 ms for a Chains game of 20 moves)."""
        while self.stored:
            self._restore(next(iter(self.stored)))
            await asyncio.sleep(0)

    def room(self, code: str) -> Room | Refusal | None:
        """The room of `code`; a stored one not served again yet is, at once (its players are back
        first), and so is one a shared store keeps that no other process holds now. A room another
        process holds is refused for now (HELD_ELSEWHERE: not a guess); its holder lets it go."""
        if code in self.rooms:
            return self.rooms[code]
        if code not in self.stored and isinstance(self.store, SharedTableStore):
            kept = self.store.table(code)
            if kept is not None and not self.store.claim(code):
                return HELD_ELSEWHERE
            if kept is not None:
                self.stored[code] = kept
        return self._restore(code) if code in self.stored else None

    def _restore(self, code: str) -> Room | None:
        owner, record = self.stored.pop(code)
        try:
            return self._add_room(HostedTable.restored(record), owner, created=True)
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            log.warning("the stored table %s cannot be served again: %s", code, err)
            return None

    def open_table(self, table: HostedTable) -> str:
        """Serve the host's `table` in a room: its code."""
        room = self._add_room(table, None, created=False)
        self._keep(room)
        return room.code

    def _add_room(self, table: HostedTable, owner: str | None, created: bool) -> Room:
        if table.room in self.rooms:
            raise ValueError(f"a table with the room code {table.room} is open here already")
        while not table.room or table.room in self.rooms or table.room in self.stored:
            table.room = new_room_code(SERVER_CODE_LENGTH if created else ROOM_CODE_LENGTH)
        room = self.rooms[table.room] = Room(table.room, table, owner, created, self.clock())
        self.admission.table_opened(owner)
        event("table_opened", room=room.code, game=table.game, started=table.started)
        if table.started:
            self._computers(room)
        return room

    def _code_free(self, code: str) -> bool:
        """Whether a table set up here may take `code`: a server's length and letters, and no table's."""
        return (len(code) == SERVER_CODE_LENGTH and set(code) <= set(ROOM_LETTERS)
                and code not in self.rooms and code not in self.stored
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
                self.let_go(room, abort=True)

    def let_go(self, room: Room, words: str = MOVING, abort: bool = False) -> set:
        """The room is no longer served here (it stays in the store; its lease is released): its
        players and lookers are told `words` and closed as a restart (`abort`: cut, what waits
        dropped), and their apps come back by themselves to the process that takes it over. The
        connections told."""
        if self.rooms.get(room.code) is not room:
            return set()
        del self.rooms[room.code]
        self.admission.table_closed(room.owner)
        for seat in sorted(room.connections):
            event("left", room=room.code, seat=seat)
        event("table_moved", room=room.code)
        connections = {*room.connections.values(), *room.lookers}
        room.connections.clear()
        room.lookers.clear()
        if self.store is not None:
            self.store.release(room.code)
        notice = {"version": PROTOCOL, "type": "notice", "text": words}
        for connection in connections:
            self.looking.pop(connection, None)
            if abort:
                self.transport.abort(connection)
            else:
                self.transport.post(connection, notice, close=(1012, "the table moves to another process"))
        return connections

    def let_all_go(self, words: str) -> set:
        """A stop that loses nothing: every room let go (its lease released before its players are
        closed, so the process they come back to takes it over at once). The connections told."""
        told = set()
        for room in list(self.rooms.values()):
            told |= self.let_go(room, words)
        return told

    # -- a connection before it sits

    def may_connect(self, address: str) -> str | None:
        return self.admission.may_connect(address)

    def disconnected(self, connection, address: str, seated: bool) -> None:
        self.admission.disconnected(address, seated)
        self.stop_looking(connection)

    def refuse(self, connection, reason: str) -> None:
        """`reason` sent as a refusal, counted by its kind, logged."""
        self.metrics.refused(reason)
        event("refused", kind=kind_of(reason))
        self.transport.post(connection, {"version": PROTOCOL, "type": "refused", "reason": short(reason)})

    def before_seat(self, connection, address: str, in_path: str | None, request: dict) -> Player | str | None:
        """A message of a connection not seated yet (`in_path`: the room its address names): the
        player it seats, why not, or None (a look: the lobby was sent)."""
        if request.get("type") == "create":
            return self._create(connection, address, request, in_path) if self.creates_tables else ONLY_THE_HOSTS_TABLE
        code = request.get("room") if in_path is None else in_path
        named = request.get("room")
        if in_path is not None and named is not None and (not isinstance(named, str) or named.upper() != in_path):
            return f"this connection is for the room {in_path}, not {quoted(named)}"
        room = self.room(code.upper()) if isinstance(code, str) and len(code) <= SERVER_CODE_LENGTH else None
        if room is None:
            return self.admission.may_guess(address) or NO_SUCH_ROOM
        if isinstance(room, Refusal):
            return room
        if request.get("type") == "look":
            self.stop_looking(connection)
            room.lookers.add(connection)
            self.looking[connection] = room
            self.transport.post(connection, {**room.table.lobby(room.connected()), "created": room.created})
            return None
        return self._hello(connection, room, request)

    def stop_looking(self, connection) -> None:
        room = self.looking.pop(connection, None)
        if room is not None:
            room.lookers.discard(connection)

    def _hello(self, connection, room: Room, hello: dict) -> Player | str:
        """Sit the connection (or take it back to its seat): the player, or why not."""
        if hello.get("type") != "hello":
            return "say hello to sit at a table"
        token, host = hello.get("token"), False
        try:
            if token:
                seat = room.table.seat_of(str(token))
                host = room.table.is_host(hello.get("host"), str(token))
            else:
                seat = seat_number(hello.get("seat"))
                token = room.table.sit(seat, hello.get("name"))
        except SeatTaken as err:
            return str(err)
        return self._seat(connection, room, seat, token, host)

    def _seat(self, connection, room: Room, seat: int, token: str, host: bool) -> Player:
        """The connection sits in `seat` (a connection the seat had before is closed: one seat, one
        player); it is sent its welcome, the lobby goes round, and a table set up by a player
        starts once no seat is open."""
        previous = room.connections.get(seat)
        if previous is not None and previous is not connection:
            self.transport.post(previous, {"version": PROTOCOL, "type": "closing", "reason": SAT_ELSEWHERE},
                                close=(1008, "the seat was taken up from another connection"))
        self.stop_looking(connection)
        room.connections[seat] = connection
        event("seated", room=room.code, seat=seat)
        room.changed_at = self.clock()
        self.transport.post(connection, {"version": PROTOCOL, "type": "welcome", "seat": seat, "token": token, "host": host})
        handed_back = room.table.handed_back(seat)
        self._tell_lobby(room)
        if handed_back:
            self._deliver(room, room.table.snapshots())
            self._tell_everyone(room, f"{room.table.names()[seat]} is back and plays their own seat again.")
            self._save(room)
        elif room.table.started:
            self.transport.post(connection, room.table.snapshot(seat))
        elif room.created and not room.table.open_seats():
            self._start(room)
        self._keep(room)
        return Player(room, seat, token, host, Bucket(BURST, 1 / self.messages_per_second, self.clock))

    def _create(self, connection, address: str, request: dict, code: str | None) -> Player | str:
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
        self.transport.post(connection, {"version": PROTOCOL, "type": "room", "room": room.code})
        return self._seat(connection, room, table.host_seat, table.host_token, host=False)

    # -- a seated player's messages

    async def heard(self, player: Player, connection, text, received: float) -> bool:
        """One message of a seated player (received at `received`, the clock's time), answered:
        whether the connection still holds its seat. A message that is not one of this protocol,
        or one too many for the pace, is refused with the reason; a player who sends nothing else
        for `STRIKES` messages running is disconnected (the game goes on)."""
        if player.room.connections.get(player.seat) is not connection:
            return False  # the seat was taken up from another connection
        request, problem = read_message(text)
        if problem is None and not player.pace.take():
            problem = TOO_FAST
        if problem is None:
            problem = await self._answer(player, request, received)
        player.strikes = player.strikes + 1 if problem is not None else 0
        if problem is not None:
            self.refuse(connection, problem)
        if player.strikes >= STRIKES:
            self.transport.post(connection, None, close=(1008, "too many messages that are not moves"))
        return True

    async def connection_ended(self, player: Player, connection) -> None:
        """The host's connection closed by the host's app (not lost) ends the table (not when the
        host came back on another connection)."""
        room = player.room
        if player.host and self.rooms.get(room.code) is room and room.connections.get(player.seat) is connection:
            await self._end(room)

    def left(self, player: Player, connection) -> None:
        """The player's connection is gone: the seat stays theirs to come back to."""
        room = player.room
        if room.connections.get(player.seat) is connection:
            del room.connections[player.seat]
            event("left", room=room.code, seat=player.seat)
            self._tell_lobby(room)

    async def _answer(self, player: Player, request: dict, received: float) -> str | None:
        """What a seated player's message does; None, or why it is refused."""
        kind, room, table = request.get("type"), player.room, player.room.table
        if kind == "next_game" and room.created:
            return self._deal_next_game(room, request.get("game_number"))
        if kind == "end" and room.created:
            return self._close_unstarted(player, room)
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

    def _close_unstarted(self, player: Player, room: Room) -> str | None:
        """At a table set up on this server, the player who set it up closes it before its game
        starts (it then no longer counts among that client's tables); everyone at it is told.
        None, or why not."""
        table = room.table
        if player.seat != table.host_seat:
            return "only the player who set this table up can close it"
        if table.started:
            return "the game has started: it goes on without you if you leave, and your seat stays yours"
        self._close(room, f"{table.names()[player.seat]} closed the table before the game started.",
                    (1000, "the table was closed"))
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
        await self.transport.flush(FLUSH_SECONDS)
        if self.one_table:
            self.transport.stop_serving()

    def _close(self, room: Room, reason: str, close: tuple, but=None) -> None:
        """Every player and looker of the room (`but` one) is told why it closes; it is no longer served."""
        self._remove(room)
        closing = {"version": PROTOCOL, "type": "closing", "reason": reason}
        for connection in [*room.connections.values(), *room.lookers]:
            if connection is not but:
                self.transport.post(connection, closing, close=close)

    def _start(self, room: Room) -> None:
        """A table set up by a player starts by itself: every seat is sent its snapshot."""
        room.table.start()
        self._tell_lobby(room)
        self._deliver(room, room.table.snapshots())
        self._changed(room)

    def sweep(self) -> None:
        """Now and then: the shared store's leases renewed (a room whose lease ran out, or that
        another process wants, let go); on a shared server, tables that waited, idled or finished
        long enough close; clients that no longer count are forgotten."""
        now = self.clock()
        for code in self.store.renew() if self.store is not None else ():
            if code in self.rooms:
                self.let_go(self.rooms[code])
            else:
                self.store.release(code)  # claimed, never served (a table that could not be set up)
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
            self.transport.post(connection, {**room.table.lobby(connected, seat), "created": room.created})
        for connection in list(room.lookers):
            self.transport.post(connection, {**room.table.lobby(connected), "created": room.created})

    def _tell_everyone(self, room: Room, words: str) -> None:
        """A `notice` for every connected player: what the table did that no move tells."""
        for connection in list(room.connections.values()):
            self.transport.post(connection, {"version": PROTOCOL, "type": "notice", "text": words})

    def _deliver(self, room: Room, messages: dict[int, list[dict]], timed: dict[int, Callable] | None = None) -> None:
        """Each seat's messages to its connection; `timed`: a seat -> what to call once its last is sent."""
        for seat, sent in messages.items():
            connection = room.connections.get(seat)
            for index, message in enumerate(sent if connection is not None else ()):
                on_sent = (timed or {}).get(seat) if index == len(sent) - 1 else None
                self.transport.post(connection, message, on_sent=on_sent)

    def _changed(self, room: Room) -> None:
        """After a message of a player: the host's save, and the computers' moves."""
        room.changed_at = self.clock()
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
                    room.changed_at = self.clock()
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


def seat_kind_words(name: str, kind: str) -> str:
    """What every player is told when the host hands a player's seat over."""
    if kind == "computer":
        return f"A computer plays {name}\u2019s seat until {name} comes back."
    return f"{name}\u2019s seat is {name}\u2019s again."


def read_message(text) -> tuple[dict, str | None]:
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


def seat_number(value) -> int:
    if type(value) is not int:
        raise SeatTaken("choose a seat to sit in")
    return value

"""The table server's rules for who may do what, and for how long: pure policy, no sockets (the
transport in game/net/server.py asks, and tests ask it directly with a clock of their own).

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

import ipaddress
import time
from dataclasses import dataclass, field
from typing import Callable

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
            return Refusal(f"your address has {client.tables} tables open here already: finish one first", "limits")
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

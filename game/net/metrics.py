"""What a table server tells its operators: Prometheus metrics (the `prometheus-client` library,
a registry of the server's own, so that several servers in one process, as in the tests, never
mix their counts) and what counts as a refusal of which kind. `/metrics` on the server's port
serves `exposition()`; docs/SERVER.md lists every metric."""

from __future__ import annotations

import time
from typing import Callable

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest

# Why messages are refused, as counted: a short fixed set, so the metric's series stay few.
REFUSAL_KINDS = (
    "limits",  # a cap of game/net/rooms.py: connections, tables, guesses, tables set up
    "no_such_room",  # a room code that is not here
    "unreadable",  # not JSON, not an object, another protocol version
    "pace",  # too many messages at once
    "illegal_move",  # a move the rules do not allow now (or a stale one)
    "not_allowed",  # anything else: a seat taken, a host's command, a table that cannot be set up
)
ROUND_TRIP_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
WRITE_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5)
CONTENT_TYPE = CONTENT_TYPE_LATEST


def kind_of(reason: str) -> str:
    """The kind a refusal is counted as: its own (a rooms.Refusal), or "not_allowed" for words with none."""
    return getattr(reason, "kind", "not_allowed")


class ServerMetrics:
    def __init__(self, tables: Callable[[], int], players: Callable[[], int],
                 store_round_trips: Callable[[], int] = lambda: 0) -> None:
        """`tables`, `players`: how many tables the server serves and players are seated now;
        `store_round_trips`: how many round trips to a shared store (Redis) were made so far."""
        self.registry = CollectorRegistry()
        Gauge("chaintable_store_round_trips", "Round trips to the shared store (Redis) so far",
              registry=self.registry).set_function(store_round_trips)
        Gauge("chaintable_tables", "Tables served", registry=self.registry).set_function(tables)
        Gauge("chaintable_players_connected", "Players seated at a table and connected",
              registry=self.registry).set_function(players)
        self.moves = Counter("chaintable_moves", "Moves played (players' and computers')", registry=self.registry)
        self.round_trip = Histogram("chaintable_round_trip_seconds", "From a player's move received to their news sent",
                                    buckets=ROUND_TRIP_BUCKETS, registry=self.registry)
        self.refusals = Counter("chaintable_refusals", "Messages refused, by kind", ["reason"], registry=self.registry)
        for kind in REFUSAL_KINDS:
            self.refusals.labels(kind)  # every kind shown from the start, at 0
        self.store_writes = Histogram("chaintable_store_write_seconds", "How long writing a table to the store took",
                                      buckets=WRITE_BUCKETS, registry=self.registry)

    def refused(self, reason: str) -> None:
        self.refusals.labels(kind_of(reason)).inc()

    def round_trip_since(self, started: float) -> Callable[[], None]:
        """What to call once the news is sent: the round trip from `started` (time.monotonic) observed."""
        return lambda: self.round_trip.observe(time.monotonic() - started)

    def exposition(self) -> str:
        return generate_latest(self.registry).decode()

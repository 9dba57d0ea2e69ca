"""The rooms' policy driven without sockets (game/net/rooms.py: TableRooms with a transport of the
test's own and a clock of its own), and the limits the client side keeps: a player's pace, a
seat number one past the last or before the first, a client that must not come back after the
server closed it on purpose, one whose try to come back is closed mid-handshake, the cap on joined
tables kept, and a joined seat that never sends a move its own rules refuse."""

from __future__ import annotations

import asyncio
import json

import pytest
from websockets.exceptions import ConnectionClosedError
from websockets.sync.client import connect

from game.core import IllegalAction
from game.net import joined
from game.net import client as client_module
from game.net.hosting import HostedTable
from game.net.metrics import ServerMetrics
from game.net.remote import RemoteSession
from game.net.rooms import BURST, STRIKES, TableRooms
from game.net.server import TableServer
from game.session import Session
from net_helpers import WAIT, cut, server, sit  # noqa: F401  (server: the fixture)

CODE = "ABCDEFGHJK"
THREE_SEATS = {"seats": [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "open"},
                         {"name": "Cy", "kind": "open"}]}


class Kept:
    """The rooms' transport: what each connection was sent, and how it was closed."""

    def __init__(self) -> None:
        self.sent: dict[str, list[dict]] = {}
        self.closed: dict[str, tuple] = {}

    def post(self, connection, message, close=None, on_sent=None) -> None:
        if message is not None:
            self.sent.setdefault(connection, []).append(message)
        if close is not None:
            self.closed[connection] = close
        if on_sent is not None:
            on_sent()

    def abort(self, connection) -> None:
        self.closed[connection] = (1006, "cut")

    async def flush(self, seconds: float) -> None:
        return None

    def stop_serving(self) -> None:
        return None


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def rooms_of(transport: Kept, clock: Clock) -> TableRooms:
    return TableRooms(transport, lambda rooms: ServerMetrics(lambda: len(rooms.rooms), rooms.players_connected),
                      computer_pace=0.0, clock=clock)


def message(**fields) -> str:
    return json.dumps({"version": 1, **fields})


def refusals(transport: Kept, connection: str) -> list[str]:
    return [sent["reason"] for sent in transport.sent.get(connection, []) if sent["type"] == "refused"]


def test_a_players_messages_past_the_burst_are_refused_until_the_pace_allows_one_more():
    transport, clock = Kept(), Clock()
    rooms = rooms_of(transport, clock)
    ana = rooms.before_seat("ana", "10.0.0.1", CODE, {"type": "create", "game": "chains", "config": THREE_SEATS})

    async def say(count: int) -> None:
        for _ in range(count):
            await rooms.heard(ana, "ana", message(type="next_game"), clock())

    asyncio.run(say(BURST))
    assert refusals(transport, "ana") == [], "a burst of messages is let through"
    asyncio.run(say(1))
    assert refusals(transport, "ana") == ["too many messages at once: slow down"]
    clock.now += 1.5 / rooms.messages_per_second  # one message's worth of time, and a half
    asyncio.run(say(1))
    assert len(refusals(transport, "ana")) == 1, "one more once the pace allows it"
    asyncio.run(say(STRIKES))
    assert transport.closed["ana"][0] == 1008, "refused messages in a row close the connection"


@pytest.mark.parametrize("seat", [3, -1])
def test_a_seat_past_the_last_or_before_the_first_is_refused_with_the_reason(seat):
    transport, clock = Kept(), Clock()
    rooms = rooms_of(transport, clock)
    rooms.before_seat("ana", "10.0.0.1", CODE, {"type": "create", "game": "chains", "config": THREE_SEATS})
    answer = rooms.before_seat("ben", "10.0.0.2", CODE, {"type": "hello", "seat": seat, "name": "Ben"})
    assert answer == f"seat {seat + 1} is not a player's seat at this table"
    last = rooms.before_seat("cy", "10.0.0.3", CODE, {"type": "hello", "seat": 2, "name": "Cy"})
    assert last.seat == 2, "the last seat is a seat"


def test_the_last_seat_of_a_hosted_table_is_sat_in_and_the_one_past_it_is_not():
    table = HostedTable.planned("chains", THREE_SEATS, 5)
    assert table.seat_of(table.sit(2, "Cy")) == 2
    with pytest.raises(Exception, match="seat 4 is not a player's seat"):
        table.sit(3, "Dee")


def two_seat_server() -> tuple[TableServer, str]:
    """A server on 127.0.0.1 (the caller stops it) with a Chains table of two free seats: its code."""
    server = TableServer("127.0.0.1", 0, computer_pace=60.0)
    server.start()
    return server, server.open_room(Session("chains", {"seats": [{"name": "Ana", "kind": "human"},
                                                                 {"name": "Ben", "kind": "human"}]}, 3))


def test_a_client_the_server_closed_on_purpose_does_not_come_back():
    server, code = two_seat_server()
    client, _welcome, _snapshot = sit(server, code, 0, give_up=10)
    try:
        for _ in range(STRIKES):
            client.send({"type": "nonsense"})
        passed = []
        client.wait_for("dropped", WAIT, passed)
        assert not [m for m in passed if m["type"] == "reconnecting"], "no coming back after a close on purpose"
    finally:
        client.close()
        server.stop()


def test_a_client_closed_for_a_restart_comes_back():
    server, code = two_seat_server()
    client, _welcome, _snapshot = sit(server, code, 0, give_up=10)
    try:
        server.stop(farewell="The server is restarting")
        assert client.wait_for("reconnecting", WAIT)["attempt"] == 1
    finally:
        client.close()


def entry(number: int) -> dict:
    return {"address": "ws://127.0.0.1:8765", "room": f"ROOM{number:02d}", "token": "t", "seat": 1,
            "game": "chains", "title": "Chains", "names": ["Ana", "Ben"]}


def test_the_joined_tables_kept_are_the_newest_up_to_the_cap():
    for number in range(joined.TABLES_KEPT + 1):
        joined.remember_table(entry(number))
    rooms = [table["room"] for table in joined.joined_tables()[0]]
    assert rooms == [f"ROOM{number:02d}" for number in range(joined.TABLES_KEPT, 0, -1)], "the oldest is let go"
    joined.remember_table(entry(5))
    assert [table["room"] for table in joined.joined_tables()[0]][:2] == ["ROOM05", f"ROOM{joined.TABLES_KEPT:02d}"]
    assert len(joined.joined_tables()[0]) == joined.TABLES_KEPT, "coming back to a kept table keeps it once"


def a_joined_seat() -> RemoteSession:
    """A RemoteSession at the seat to move, from the host's snapshot."""
    table = HostedTable(Session("chains", {"seats": [{"name": "Ana", "kind": "human"},
                                                      {"name": "Ben", "kind": "human"}]}, 5), "ABCDE")
    mover = table.session.to_move
    table.sit(mover)
    return RemoteSession(table.snapshot(mover)), table


def test_a_joined_seat_never_sends_a_move_its_rules_refuse():
    remote, table = a_joined_seat()
    other = HostedTable(Session("chains", {"seats": [{"name": "Ana", "kind": "human"},
                                                      {"name": "Ben", "kind": "human"}]}, 99), "ABCDE")
    refused = [action for action in other.session.stream(other.session.to_move).legal_actions()
               if not remote.rules.is_legal(remote.guessed(), action)]
    assert refused, "another deal offers moves this one does not allow"
    with pytest.raises(IllegalAction):
        remote.apply(refused[0])
    assert remote.outbox == [], "nothing was sent"
    remote.apply(remote.legal[0])
    assert len(remote.outbox) == 1, "a move the rules allow is sent"


def test_a_joined_seat_never_sends_a_move_when_it_is_not_its_turn():
    remote, table = a_joined_seat()
    remote.to_move = 1 - remote.seat
    with pytest.raises(IllegalAction, match="not your turn"):
        remote.apply(remote.legal[0])
    assert remote.outbox == []


def test_a_client_whose_try_to_come_back_closes_mid_handshake_tries_again(server, monkeypatch):
    """A server stopping, or a proxy in front of one, may close a connection during its
    handshake (websockets says ConnectionClosedError): that try failed, the next one is made."""
    code = server.open_room(Session("chains", {"seats": [{"name": "Ana", "kind": "human"},
                                                         {"name": "Ben", "kind": "human"}]}, 3))
    ana, _welcome, _snapshot = sit(server, code, 0)
    tries = []

    def closing_twice(*args, **kwargs):
        if code in str(args[0]):  # not another test's client still coming back in this process
            tries.append(args)
            if len(tries) <= 2:
                raise ConnectionClosedError(None, None)
        return connect(*args, **kwargs)

    monkeypatch.setattr(client_module, "connect", closing_twice)
    try:
        cut(server, code, 0)
        assert ana.wait_for("welcome", 3 * WAIT)["seat"] == 0, "back at the seat on the third try"
        assert len(tries) == 3
    finally:
        ana.close()

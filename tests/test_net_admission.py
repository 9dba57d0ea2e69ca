"""Who a shared table server lets in, and how much: the policy (game/net/rooms.py) driven with a
clock of the test's own, then each attack of the audit on a real server beside an honest player.
On loopback only: honest players come from 127.0.0.1, an attacker from 127.0.0.2 and up (its own
client to count). Every wait is bounded; every server is stopped."""

from __future__ import annotations

import json
import logging
import time
from contextlib import ExitStack

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.net.client import TableClient
from game.net.hosting import SERVER_CODE_LENGTH
from game.net.rooms import Admission, Limits, client_of
from game.net.server import TableServer
from game.session import Session
from net_helpers import WAIT, address, sit

SEATS = {"seats": [{"name": "Ana"}, {"name": "Ben"}]}


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


# -- the policy, without sockets


def test_each_client_holds_so_many_connections_and_so_many_not_seated():
    admission = Admission(Limits(connections_per_client=3, unseated_per_client=2), Clock())
    assert admission.may_connect("10.0.0.1") is None and admission.may_connect("10.0.0.1") is None
    assert "not at a table" in admission.may_connect("10.0.0.1")
    admission.seated("10.0.0.1")
    assert admission.may_connect("10.0.0.1") is None
    assert "too many connections" in admission.may_connect("10.0.0.1")
    assert admission.may_connect("10.0.0.2") is None, "another client counts apart"
    for _ in range(2):
        admission.disconnected("10.0.0.1", seated=False)
    admission.disconnected("10.0.0.1", seated=True)
    admission.disconnected("10.0.0.2", seated=False)
    assert not admission.clients and admission.connections == 0, "nothing is kept of clients gone"


def test_an_ipv6_network_counts_as_one_client():
    assert client_of("2001:db8:1:2::5") == client_of("2001:db8:1:2:ffff::1") == "2001:db8:1:2::/64"
    assert client_of("::ffff:192.0.2.7") == "192.0.2.7" and client_of("192.0.2.7") == "192.0.2.7"


def test_guesses_are_paced_per_client_and_come_back_with_time():
    clock = Clock()
    admission = Admission(Limits(guesses_burst=3, guess_seconds=10), clock)
    assert [admission.may_guess("10.0.0.1") for _ in range(3)] == [None] * 3
    assert "too many room codes" in admission.may_guess("10.0.0.1")
    assert admission.may_guess("10.0.0.2") is None
    clock.now += 10
    assert admission.may_guess("10.0.0.1") is None and admission.may_guess("10.0.0.1") is not None


def test_creates_are_paced_and_live_tables_capped_per_client_and_for_the_server():
    clock = Clock()
    admission = Admission(Limits(creates_burst=2, create_seconds=60, tables_per_client=3, tables=4), clock)
    for _ in range(2):
        assert admission.may_create("10.0.0.1") is None
        admission.table_opened("10.0.0.1")
    assert "wait a minute" in admission.may_create("10.0.0.1")
    clock.now += 60
    assert admission.may_create("10.0.0.1") is None
    admission.table_opened("10.0.0.1")
    clock.now += 600
    assert "3 tables open" in admission.may_create("10.0.0.1")
    admission.table_opened(None)  # a table not set up by a player still counts for the server
    assert "as many tables as it can" in admission.may_create("10.0.0.2")
    admission.table_closed("10.0.0.1")
    assert admission.may_create("10.0.0.2") is None


def test_the_server_holds_so_many_connections():
    admission = Admission(Limits(connections=2), Clock())
    assert admission.may_connect("10.0.0.1") is None and admission.may_connect("10.0.0.2") is None
    assert "full" in admission.may_connect("10.0.0.3")


# -- the attacks, on a real server


@pytest.fixture
def shared():
    """A shared table server with small limits, so that each attack reaches them at once."""
    running = TableServer("127.0.0.1", 0, computer_pace=0.0, limits=Limits(
        unseated_per_client=3, unseated_seconds=1.0, guesses_burst=5, guess_seconds=60, creates_burst=2,
        tables_per_client=2))
    running.start()
    yield running
    running.stop()


def from_attacker(server: TableServer, number: int = 2):
    """A raw connection from 127.0.0.<number>: a client apart from the honest players."""
    return connect(address(server), source_address=(f"127.0.0.{number}", 0), open_timeout=WAIT, proxy=None)


def say(connection, message: dict) -> dict:
    connection.send(json.dumps({"version": 1, **message}))
    return json.loads(connection.recv(WAIT))


def test_room_codes_are_long_and_guesses_are_paced_per_client(shared):
    code = shared.open_room(Session("chains", SEATS, 8))
    ana = TableClient(address(shared))
    with from_attacker(shared) as attacker:
        answers = [say(attacker, {"type": "look", "room": "A" * SERVER_CODE_LENGTH})["reason"] for _ in range(8)]
    try:
        assert answers[:5] == ["there is no table with that room code here"] * 5
        assert all("too many room codes" in answer for answer in answers[5:])
        ana.open({"type": "look", "room": code})
        assert ana.wait_for("lobby", WAIT)["room"] == code, "an honest player still finds the table"
    finally:
        ana.close()
    create = TableClient(address(shared))
    try:
        create.open({"type": "create", "game": "chains", "config": SEATS | {"seats": [{"name": "Ana"}, {"kind": "open"}]}})
        assert len(create.wait_for("room", WAIT)["room"]) == SERVER_CODE_LENGTH == 10
    finally:
        create.close()


def test_connections_that_never_sit_are_closed_in_time_without_a_traceback(shared, caplog):
    caplog.set_level(logging.INFO)
    with ExitStack() as held:
        idle = [held.enter_context(from_attacker(shared)) for _ in range(3)]
        with pytest.raises((ConnectionClosed, OSError)):
            with from_attacker(shared) as fourth:
                assert "not at a table" in json.loads(fourth.recv(WAIT))["reason"]
                fourth.recv(WAIT)
        code = shared.open_room(Session("chains", SEATS, 8))
        ana = sit(shared, code, 0)[0]
        ana.close()
        for connection in idle:
            with pytest.raises(ConnectionClosed) as closed:
                connection.recv(WAIT)
            assert closed.value.rcvd.code == 1008
    assert not [record for record in caplog.records if record.exc_info]


def test_live_tables_are_capped_per_client(shared):
    refusals = []
    for _ in range(4):
        with from_attacker(shared) as attacker:
            answer = say(attacker, {"type": "create", "game": "chains",
                                    "config": {"seats": [{"name": "X"}, {"kind": "open"}]}})
            refusals.append(answer.get("reason"))
    assert refusals[:2] == [None, None] and all("2 tables open here already" in words for words in refusals[2:])
    assert len(shared.rooms) == 2
    ana = TableClient(address(shared))
    try:
        ana.open({"type": "create", "game": "chains", "config": {"seats": [{"name": "Ana"}, {"kind": "open"}]}})
        assert ana.wait_for("room", WAIT), "an honest player sets a table up all the same"
    finally:
        ana.close()


def test_the_server_refuses_newcomers_clearly_once_full():
    server = TableServer("127.0.0.1", 0, limits=Limits(connections=2, tables=1))
    server.start()
    first, second = TableClient(address(server)), TableClient(address(server))
    try:
        first.open({"type": "create", "game": "chains", "config": {"seats": [{"name": "A"}, {"kind": "open"}]}})
        first.wait_for("room", WAIT)
        second.open({"type": "create", "game": "chains", "config": {"seats": [{"name": "B"}, {"kind": "open"}]}})
        assert "as many tables" in second.wait_for("refused", WAIT)["reason"]
        with from_attacker(server) as third:
            assert "full" in json.loads(third.recv(WAIT))["reason"]
    finally:
        first.close()
        second.close()
        server.stop()


def test_a_token_used_again_closes_its_old_connection(shared):
    session = Session("chains", SEATS, 8)
    code = shared.open_room(session)
    first, welcome, snapshot = sit(shared, code, session.to_move)
    second = TableClient(address(shared))
    try:
        second.open({"type": "hello", "room": code, "token": welcome["token"]})
        assert second.wait_for("welcome", WAIT)["seat"] == session.to_move
        assert "another connection" in first.wait_for("closing", WAIT)["reason"]
        first.send({"type": "act", "action": snapshot["legal"][0], "seen": snapshot["seq"]})
        time.sleep(0.3)
        assert not session.log, "the old connection moves no more"
    finally:
        first.close()
        second.close()


def test_a_refusal_quotes_a_short_prefix_of_what_was_sent(shared):
    code = shared.open_room(Session("chains", SEATS, 8))
    ana = sit(shared, code, 0)[0]
    try:
        ana.send({"type": "x" * 100_000})
        assert len(ana.wait_for("refused", WAIT)["reason"]) < 200
    finally:
        ana.close()
    with from_attacker(shared) as stranger:
        stranger.send(json.dumps({"version": "v" * 100_000, "type": "look"}))
        assert len(json.loads(stranger.recv(WAIT))["reason"]) < 300


def test_names_are_cleaned_and_no_joiner_takes_a_name_at_the_table(shared):
    ana = TableClient(address(shared))
    bea, cy = TableClient(address(shared)), TableClient(address(shared))
    try:
        ana.open({"type": "create", "game": "chains",
                  "config": {"seats": [{"name": "Ana"}, {"kind": "open"}, {"kind": "open"}]}})
        room = ana.wait_for("room", WAIT)["room"]
        bea.open({"type": "hello", "room": room, "seat": 1, "name": "\u202eana\u200b"})
        assert "sits at this table already" in bea.wait_for("refused", WAIT)["reason"]
        bea.send({"type": "hello", "room": room, "seat": 1, "name": "Bea\u202e\u2066lol\u2069\u200d"})
        assert bea.wait_for("welcome", WAIT)["seat"] == 1
        cy.open({"type": "hello", "room": room, "seat": 2, "name": "\u3164\u200b"})
        cy.wait_for("welcome", WAIT)
        names = [seat["name"] for seat in cy.wait_for("lobby", WAIT)["seats"]]
        assert names[:2] == ["Ana", "Bealol"] and names[2].isprintable() and names[2].strip()
    finally:
        for client in (ana, bea, cy):
            client.close()


def test_a_repeated_error_is_logged_once_with_a_count():
    from game.net.repeats import RepeatedErrors

    clock = Clock()
    once = RepeatedErrors(window=60, clock=clock)
    records = [logging.LogRecord("asyncio", logging.ERROR, "", 0, "socket.accept() failed: %s", ("EMFILE",), None)
               for _ in range(1000)]
    assert sum(once.filter(record) for record in records) == 1
    clock.now += 60
    later = logging.LogRecord("asyncio", logging.ERROR, "", 0, "socket.accept() failed: %s", ("EMFILE",), None)
    assert once.filter(later) and later.getMessage() == "socket.accept() failed: EMFILE (and 999 more like it before)"
    assert once.filter(logging.LogRecord("asyncio", logging.INFO, "", 0, "socket.accept() failed", (), None))


def test_the_hosts_seat_taken_up_again_keeps_the_table(shared):
    from game.net.hosting import HostedTable

    table = HostedTable.planned("chains", {"seats": [{"name": "Ana"}, {"name": "Ben", "kind": "open"}]}, 3)
    code = shared.host(table)
    hello = {"type": "hello", "room": code, "token": table.host_token, "host": table.host_key}
    first, second = TableClient(address(shared)), TableClient(address(shared))
    try:
        first.open(hello)
        first.wait_for("welcome", WAIT)
        second.open(hello)
        assert second.wait_for("welcome", WAIT)["host"] is True
        first.wait_for("closing", WAIT)
        first.send({"type": "end"})
        time.sleep(0.3)
        assert code in shared.rooms, "the old connection's last words end nothing"
    finally:
        first.close()
        second.close()


def test_a_player_looking_at_a_lobby_has_longer_to_choose_a_seat():
    server = TableServer("127.0.0.1", 0, limits=Limits(unseated_seconds=0.3, looking_seconds=3.0))
    server.start()
    code = server.open_room(Session("chains", SEATS, 8))
    bea = TableClient(address(server))
    try:
        bea.open({"type": "look", "room": code})
        bea.wait_for("lobby", WAIT)
        time.sleep(1.0)
        bea.send({"type": "hello", "room": code, "seat": 1, "name": "Bea"})
        assert bea.wait_for("welcome", WAIT)["seat"] == 1
    finally:
        bea.close()
        server.stop()

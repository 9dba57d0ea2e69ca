"""Tables set up by players on a shared table server (`create`): seats human, computer or open;
the player who sets the table up sits in its first human seat at once and stays seated; the table
starts by itself once no seat is open; computers are capped in number and strength; a table
waiting, idle or finished expires. On 127.0.0.1 only; every wait is bounded; every server is
stopped."""

from __future__ import annotations

import time

import pytest

from game.net.client import TableClient
from game.net.rooms import Limits, expiry
from game.net.server import TableServer
from net_helpers import WAIT, HeadlessPlayer, address, server  # noqa: F401 (server: a fixture)

OPEN_TABLE = {"seats": [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "open"},
                        {"name": "Cy", "kind": "computer", "difficulty": "random"}]}


def create(server: TableServer, config: dict, game: str = "chains") -> TableClient:
    client = TableClient(address(server))
    client.open({"type": "create", "game": game, "config": config})
    return client


def test_the_creator_sits_at_once_an_open_seat_waits_and_the_table_starts_once_it_is_taken(server):
    ana = create(server, OPEN_TABLE)
    bea = TableClient(address(server))
    try:
        order: list = []
        room = ana.wait_for("room", WAIT, order)["room"]
        welcome = ana.wait_for("welcome", WAIT, order)
        lobby = ana.wait_for("lobby", WAIT, order)
        assert not order and (welcome["seat"], welcome["host"]) == (0, False) and welcome["token"]
        assert [seat["kind"] for seat in lobby["seats"]] == ["human", "open", "computer"]
        assert lobby["seat"] == 0 and lobby["seats"][0]["connected"] and not lobby["started"]
        bea.open({"type": "look", "room": room})
        assert [seat["kind"] for seat in bea.wait_for("lobby", WAIT)["seats"]] == ["human", "open", "computer"]
        bea.send({"type": "hello", "room": room, "seat": 1, "name": "Bea"})
        assert bea.wait_for("welcome", WAIT)["seat"] == 1
        players = [HeadlessPlayer(ana, ana.wait_for("snapshot", WAIT)), HeadlessPlayer(bea, bea.wait_for("snapshot", WAIT))]
        assert [player.position["seat"] for player in players] == [0, 1]
        session = server.rooms[room].table.session
        deadline = time.monotonic() + WAIT
        while len(session.log) < 4 and time.monotonic() < deadline:
            for player in players:
                player.play_if_to_move()
            time.sleep(0.01)
        assert len(session.log) >= 4, "both players and the computer moved"
    finally:
        ana.close()
        bea.close()


def test_a_table_of_the_creator_and_computers_starts_at_once(server):
    ana = create(server, {"seats": [{"name": "Ana"}, {"name": "Cy", "kind": "computer", "difficulty": "random"}]})
    try:
        kept: list = []
        snapshot = ana.wait_for("snapshot", WAIT, kept)
        assert [m["type"] for m in kept][:2] == ["room", "welcome"] and snapshot["seat"] == 0
    finally:
        ana.close()


@pytest.mark.parametrize("seats, words", [
    ([{"name": "A"}] + [{"name": f"C{i}", "kind": "computer", "difficulty": "random"} for i in range(4)], "at most 3"),
    ([{"name": "A"}, {"name": "X", "kind": "computer", "difficulty": "expert"}], "at most at Hard"),
    ([{"name": "X", "kind": "computer"}, {"name": "Y", "kind": "computer"}], "keep one seat human"),
    ([{"name": "A"}, {"name": "B", "kind": "robot"}], "\"open\""),
], ids=["too many computers", "too strong", "no human", "unknown kind"])
def test_computers_of_a_created_table_are_capped(server, seats, words):
    client = create(server, {"seats": seats}, game="cubes")
    try:
        assert words in client.wait_for("refused", WAIT)["reason"]
        assert not server.rooms
    finally:
        client.close()


def test_a_table_nobody_comes_to_expires_and_its_players_are_told():
    server = TableServer("127.0.0.1", 0, limits=Limits(waiting_seconds=0.5))
    server.start()
    ana = create(server, OPEN_TABLE)
    try:
        ana.wait_for("room", WAIT)
        assert "nobody came" in ana.wait_for("closing", WAIT)["reason"]
        assert not server.rooms and server.admission.tables == 0
    finally:
        ana.close()
        server.stop()


def test_waiting_idle_and_finished_tables_expire_each_after_its_time():
    limits = Limits(waiting_seconds=60, idle_seconds=3600, finished_seconds=120)
    assert expiry(started=False, over=False, idle_for=59, limits=limits) is None
    assert "nobody came" in expiry(started=False, over=False, idle_for=60, limits=limits)
    assert expiry(started=True, over=False, idle_for=3599, limits=limits) is None
    assert "nothing was played" in expiry(started=True, over=False, idle_for=3600, limits=limits)
    assert expiry(started=True, over=True, idle_for=119, limits=limits) is None
    assert "over" in expiry(started=True, over=True, idle_for=120, limits=limits)


def test_a_match_on_a_table_set_up_here_goes_on_when_any_player_deals_the_next_game_once(server):
    """No host at a table set up on a server: any player deals a match's next game, once, however
    many ask; a player who was never host at a hosted table still may not."""
    config = {"seats": [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "open"}], "games_to_win": 2}
    ana = create(server, config)
    ben = TableClient(address(server))
    try:
        room = ana.wait_for("room", WAIT)["room"]
        assert ana.wait_for("lobby", WAIT)["created"] is True
        ben.open({"type": "hello", "room": room, "seat": 1, "name": "Ben"})
        players = [HeadlessPlayer(ana, ana.wait_for("snapshot", WAIT)), HeadlessPlayer(ben, ben.wait_for("snapshot", WAIT))]
        session = server.rooms[room].table.session
        deadline = time.monotonic() + 12 * WAIT
        while not session.game_over and time.monotonic() < deadline:
            for player in players:
                player.play_if_to_move()
            time.sleep(0.005)
        assert session.game_over and not session.session_over
        for client in (ben, ana):  # both press Next game: one deal
            client.send({"type": "next_game", "game_number": 0})
        for client in (ana, ben):
            dealt = client.wait_for("snapshot", WAIT)
            assert dealt["game_number"] == 1 and dealt["to_move"] is not None
        time.sleep(0.2)
        assert session.game_number == 1 and not [m for m in ana.poll() + ben.poll() if m["type"] == "refused"]
    finally:
        ana.close()
        ben.close()


TWO_OPEN = {"seats": [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "open"}, {"name": "Cy", "kind": "open"}]}


def test_the_creator_closes_the_table_before_it_starts_and_may_set_another_up_in_its_place():
    """A client at its limit of live tables closes one (`end`) and sets the next one up; a player
    who sat at it and one looking at it are told who closed it."""
    server = TableServer("127.0.0.1", 0, limits=Limits(tables_per_client=1))
    server.start()
    ana, bea, looker, again = (TableClient(address(server)) for _ in range(4))
    try:
        ana.open({"type": "create", "game": "chains", "config": TWO_OPEN})
        room = ana.wait_for("room", WAIT)["room"]
        ana.wait_for("lobby", WAIT)
        bea.open({"type": "hello", "room": room, "seat": 1, "name": "Bea"})
        bea.wait_for("welcome", WAIT)
        looker.open({"type": "look", "room": room})
        looker.wait_for("lobby", WAIT)
        again.open({"type": "create", "game": "chains", "config": TWO_OPEN})
        assert "tables open here already" in again.wait_for("refused", WAIT)["reason"]
        ana.send({"type": "end"})
        reason = "Ana closed the table before the game started."
        assert [client.wait_for("closing", WAIT)["reason"] for client in (ana, bea, looker)] == [reason] * 3
        assert room not in server.rooms and server.admission.tables == 0
        again.send({"type": "create", "game": "chains", "config": TWO_OPEN})
        assert again.wait_for("room", WAIT)["room"] in server.rooms
    finally:
        for client in (ana, bea, looker, again):
            client.close()
        server.stop()


def test_only_the_creator_closes_a_table_and_only_before_its_game_starts(server):
    ana = create(server, {"seats": [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "open"}]})
    bea = TableClient(address(server))
    try:
        room = ana.wait_for("room", WAIT)["room"]
        ana.wait_for("lobby", WAIT)
        bea.open({"type": "hello", "room": room, "seat": 1, "name": "Bea"})
        bea.wait_for("snapshot", WAIT)
        bea.send({"type": "end"})
        assert bea.wait_for("refused", WAIT)["reason"] == "only the player who set this table up can close it"
        ana.wait_for("snapshot", WAIT)
        ana.send({"type": "end"})
        assert "the game has started" in ana.wait_for("refused", WAIT)["reason"]
        assert room in server.rooms
    finally:
        ana.close()
        bea.close()

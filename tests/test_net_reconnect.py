"""A joining app's connection comes back by itself (game/net/client.py): a connection the host's
side loses is tried again with the seat's token, and the player is back at the same seat and the
same decision; it gives up after its time, and never comes back after `closing` or `close()`.
Loopback only (127.0.0.1, a port the system picks); every wait is bounded."""

from __future__ import annotations

import time

import pytest

from game.core import to_json
from game.net.client import table_address
from game.net.server import TableServer
from game.session import Session
from net_helpers import WAIT, cut, say_on_host_side, server, sit  # noqa: F401 (server: a fixture)


def two_players(server: TableServer) -> tuple[Session, str]:
    session = Session("chains", {"seats": [{"name": "Ana"}, {"name": "Ben"}]}, 8)
    return session, server.open_room(session)


def test_a_lost_connection_comes_back_to_the_same_seat_and_decision(server):
    session, code = two_players(server)
    mover = session.to_move
    player, welcome, snapshot = sit(server, code, mover)
    try:
        cut(server, code, mover)
        kept: list = []
        again = player.wait_for("welcome", WAIT, kept)
        assert [(m["type"], m["attempt"], m["seconds"]) for m in kept] == [("reconnecting", 1, 0.5)]
        assert (again["seat"], again["token"]) == (mover, welcome["token"])
        back = player.wait_for("snapshot", WAIT)
        assert back["legal"] == snapshot["legal"] and back["view"] == to_json(session.stream(mover).view)
        player.send({"type": "act", "action": back["legal"][0], "seen": back["seq"]})
        assert player.wait_for("move", WAIT)["move"]["mover"] == mover, "the decision is made after coming back"
    finally:
        player.close()


def test_a_host_out_of_reach_is_given_up_after_the_time_with_dropped():
    server = TableServer("127.0.0.1", 0)
    server.start()
    _session, code = two_players(server)
    player, _welcome, _snapshot = sit(server, code, 0, give_up=1.2)
    try:
        server.stop()
        kept: list = []
        player.wait_for("dropped", WAIT, kept)
        assert [(m["type"], m["attempt"]) for m in kept] == [("reconnecting", 1)], "a second try would pass 1.2 s"
    finally:
        player.close()


def test_no_coming_back_after_the_host_says_closing(server):
    _session, code = two_players(server)
    player, _welcome, _snapshot = sit(server, code, 0)
    try:
        say_on_host_side(server, code, 0, {"version": 1, "type": "closing", "reason": "The host left."})
        cut(server, code, 0)
        kept: list = []
        player.wait_for("dropped", WAIT, kept)
        assert [m["type"] for m in kept] == ["closing"]
    finally:
        player.close()


def test_no_coming_back_after_close(server):
    _session, code = two_players(server)
    player, _welcome, _snapshot = sit(server, code, 0)
    player.close()
    kept: list = []
    player.wait_for("dropped", WAIT, kept)
    time.sleep(0.8)  # past the first try's wait
    assert kept == [] and player.poll() == []


def test_a_typed_address_becomes_a_uri_or_is_refused_with_how_to_type_it():
    assert table_address(" 192.168.1.20:8765 ") == "ws://192.168.1.20:8765"
    assert table_address("wss://tables.example.org:443/") == "wss://tables.example.org:443"
    for typed in ("", "192.168.1.20", "http://x:80", "host:99999", "host:port"):
        with pytest.raises(ValueError):
            table_address(typed)

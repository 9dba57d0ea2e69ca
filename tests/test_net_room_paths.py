"""Rooms in the address: a player connects to `/room/CODE` and the server reads the room from the
request's path (a proxy in front of several servers routes on it), a table set up there takes
that code; `/` still sets tables up and serves the apps that name the room in `hello` or `look`;
any other path is not found. On
127.0.0.1 only; every wait is bounded; every server is stopped."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from game.net.client import TableClient, room_address
from game.net.hosting import PROTOCOL
from game.net.server import TableServer
from net_helpers import WAIT, address, cut, server  # noqa: F401 (server: a fixture)

OPEN_TABLE = {"seats": [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "open"}]}


def set_up(server: TableServer) -> tuple[TableClient, str]:
    """A table set up at the server's address: its creator's client and the room code."""
    ana = TableClient(address(server))
    ana.open({"type": "create", "game": "chains", "config": OPEN_TABLE})
    return ana, ana.wait_for("room", WAIT)["room"]


def say(connection, message: dict) -> dict:
    """`message` sent on a plain WebSocket connection: the server's first answer."""
    connection.send(json.dumps({"version": PROTOCOL, **message}))
    return json.loads(connection.recv(WAIT))


def paths(server: TableServer, code: str) -> list[str]:
    """The request path of every seated connection of the room, seat by seat."""
    room = server.rooms[code]
    return [room.connections[seat].request.path for seat in sorted(room.connections)]


def test_a_player_at_a_rooms_path_sits_there_without_naming_the_room(server):
    ana, code = set_up(server)
    try:
        with connect(f"{address(server)}/room/{code.lower()}", open_timeout=WAIT) as ben:
            assert say(ben, {"type": "look"})["type"] == "lobby"
            assert say(ben, {"type": "hello", "seat": 1, "name": "Ben"})["type"] == "welcome"
            assert sorted(server.rooms[code].connections) == [0, 1]
    finally:
        ana.close()


def test_the_client_connects_to_its_rooms_path_and_comes_back_there(server):
    ana, code = set_up(server)
    ben = TableClient(address(server))
    try:
        ana.wait_for("welcome", WAIT)
        ben.open({"type": "hello", "room": code, "seat": 1, "name": "Ben"})
        ben.wait_for("welcome", WAIT)
        assert paths(server, code) == [f"/room/{code}", f"/room/{code}"], "the creator set the table up there"
        cut(server, code, 0)
        ana.wait_for("reconnecting", WAIT)
        ana.wait_for("welcome", WAIT)
        deadline = time.monotonic() + WAIT
        while 0 not in server.rooms[code].connections and time.monotonic() < deadline:
            time.sleep(0.01)
        assert paths(server, code) == [f"/room/{code}", f"/room/{code}"], "the creator came back to the room's path"
    finally:
        ana.close()
        ben.close()


def test_an_old_client_names_its_room_at_the_servers_address(server):
    ana, code = set_up(server)
    try:
        with connect(address(server), open_timeout=WAIT) as ben:
            assert say(ben, {"type": "hello", "room": code, "seat": 1, "name": "Ben"})["type"] == "welcome"
    finally:
        ana.close()


def test_a_rooms_path_refuses_another_room_and_a_second_table(server):
    ana, code = set_up(server)
    try:
        with connect(f"{address(server)}/room/{code}", open_timeout=WAIT) as ben:
            other = say(ben, {"type": "hello", "room": "ABCDEFGHJK", "seat": 1, "name": "Ben"})
            assert other["type"] == "refused" and f"for the room {code}" in other["reason"]
            created = say(ben, {"type": "create", "game": "chains", "config": OPEN_TABLE})
            assert created["type"] == "refused" and "taken" in created["reason"]
            assert list(server.rooms) == [code]
    finally:
        ana.close()


@pytest.mark.parametrize("path, code", [("/room/ABCDEFGHJK", "ABCDEFGHJK"), ("/", None)], ids=["room's", "root"])
def test_a_table_set_up_at_a_rooms_path_takes_its_code(server, path, code):
    with connect(f"{address(server)}{path}", open_timeout=WAIT) as ana:
        room = say(ana, {"type": "create", "game": "chains", "config": OPEN_TABLE})["room"]
        assert list(server.rooms) == [room] and room == (code or room) and len(room) == 10


@pytest.mark.parametrize("code", ["ABCDE", "ABCDEFGHJ0"], ids=["a host's length", "not its letters"])
def test_a_table_is_not_set_up_under_a_code_a_server_would_not_draw(server, code):
    with connect(f"{address(server)}/room/{code}", open_timeout=WAIT) as ana:
        answer = say(ana, {"type": "create", "game": "chains", "config": OPEN_TABLE})
        assert answer["type"] == "refused" and "taken or cannot be one" in answer["reason"] and not server.rooms


def test_a_room_that_is_not_there_is_refused_in_words(server):
    with connect(f"{address(server)}/room/ABCDEFGHJK", open_timeout=WAIT) as ben:
        answer = say(ben, {"type": "hello", "seat": 1, "name": "Ben"})
        assert answer["type"] == "refused" and "no table with that room code" in answer["reason"]


@pytest.mark.parametrize("path", ["/rooms", "/room/", "/room/ABC/extra", "/room/AB-CD"])
def test_any_other_path_is_not_found(server, path):
    with pytest.raises(InvalidStatus) as refused:
        connect(f"{address(server)}{path}", open_timeout=WAIT)
    assert refused.value.response.status_code == 404
    with pytest.raises(urllib.error.HTTPError) as plain:
        urllib.request.urlopen(f"http://127.0.0.1:{server.port}{path}", timeout=WAIT)
    assert plain.value.code == 404


def test_the_rooms_address_keeps_a_code_that_cannot_be_one_out_of_the_path():
    assert room_address("ws://example.org:8765", "ABCDE") == "ws://example.org:8765/room/ABCDE"
    assert room_address("wss://example.org:8765/", "ABCDEFGHJK") == "wss://example.org:8765/room/ABCDEFGHJK"
    assert room_address("ws://example.org:8765", None) == "ws://example.org:8765"
    assert room_address("ws://example.org:8765", "AB CD") == "ws://example.org:8765"


@pytest.mark.parametrize("behind_proxy, counted", [(True, "10.0.0.7"), (False, "127.0.0.1")], ids=["behind", "direct"])
def test_behind_a_proxy_the_limits_count_the_players_address_it_names(behind_proxy, counted):
    server = TableServer("127.0.0.1", 0, behind_proxy=behind_proxy)
    server.start()
    try:
        with connect(f"{address(server)}/room/ABCDEFGHJK", open_timeout=WAIT,
                     additional_headers={"X-Real-IP": "10.0.0.7"}) as player:
            say(player, {"type": "look"})
            assert list(server.admission.clients) == [counted]
    finally:
        server.stop()

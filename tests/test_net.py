"""A table over WebSocket on 127.0.0.1 only (a port the system picks): players sit, each is sent
exactly its own stream, moves reach every seat, a player who drops comes back to the same seat
with its token, and a table set up by a player in a shared server plays the same way. Every wait
is bounded; the server stops by itself at the end of each test."""

from __future__ import annotations

import asyncio
import json

import pytest

from game.core import to_json
from game.net.client import TableClient
from game.net.server import TableServer
from game.session import Session
from net_helpers import server  # noqa: F401 (a fixture)

WAIT = 10.0  # seconds at most for any message


def address(server: TableServer) -> str:
    return f"ws://127.0.0.1:{server.port}"


def next_of(client: TableClient, kind: str, kept: list | None = None) -> dict:
    """The next message of `kind` the client receives (the ones before it put in `kept`)."""
    return client.wait_for(kind, WAIT, kept)


def seated(server: TableServer, code: str, seat: int) -> tuple[TableClient, dict, dict]:
    client = TableClient(address(server))
    client.open({"type": "hello", "room": code, "seat": seat})
    welcome = next_of(client, "welcome")
    return client, welcome, next_of(client, "snapshot")


def test_two_players_sit_and_each_is_sent_only_its_own_stream(server):
    session = Session("chains", {"seats": [{"name": "Ana"}, {"name": "Ben"}]}, 8)
    code = server.open_room(session)
    ana, ana_welcome, ana_snapshot = seated(server, code, 0)
    ben, _ben_welcome, ben_snapshot = seated(server, code, 1)
    try:
        assert ana_welcome["seat"] == 0 and ana_welcome["token"]
        assert ana_snapshot["view"] == to_json(session.stream(0).view)
        assert ben_snapshot["view"] == to_json(session.stream(1).view)
        assert ana_snapshot["view"]["hand"] != ben_snapshot["view"]["hand"]
        mover = session.to_move
        player, snapshot = (ana, ana_snapshot) if mover == 0 else (ben, ben_snapshot)
        player.send({"type": "act", "action": snapshot["legal"][0], "seen": snapshot["seq"]})
        for client, seat in ((ana, 0), (ben, 1)):
            move = next_of(client, "move")
            assert move["move"] == to_json(session.stream(seat).moves[0]) and move["move"]["mover"] == mover
    finally:
        ana.close()
        ben.close()


def test_a_seat_taken_or_a_room_unknown_is_refused_with_the_reason(server):
    code = server.open_room(Session("chains", {"seats": [{"name": "Ana"}, {"name": "Ben"}]}, 8))
    ana, _welcome, _snapshot = seated(server, code, 0)
    intruder = TableClient(address(server))
    stranger = TableClient(address(server))
    try:
        intruder.open({"type": "hello", "room": code, "seat": 0})
        assert "taken" in next_of(intruder, "refused")["reason"]
        stranger.open({"type": "hello", "room": "ZZZZZ", "seat": 1})
        assert "no table" in next_of(stranger, "refused")["reason"]
    finally:
        for client in (ana, intruder, stranger):
            client.close()


def test_a_player_who_drops_comes_back_to_the_same_seat_and_the_position_as_it_stands(server):
    seats = [{"name": "Ana"}, {"name": "Ben", "kind": "computer", "difficulty": "random"}]
    session = Session("chains", {"seats": seats}, 9)
    code = server.open_room(session)
    ana, welcome, snapshot = seated(server, code, 0)
    ana.close()
    back = TableClient(address(server))
    try:
        back.open({"type": "hello", "room": code, "token": welcome["token"]})
        assert next_of(back, "welcome")["seat"] == 0
        again = next_of(back, "snapshot")
        assert again["view"] == to_json(session.stream(0).view) and again["moves"] == [to_json(m) for m in session.stream(0).moves]
    finally:
        back.close()


def test_a_table_set_up_on_a_shared_server_plays_with_its_computer(server):
    host = TableClient(address(server))
    config = {"seats": [{"name": "Ana"}, {"name": "Ben", "kind": "computer", "difficulty": "random"}]}
    host.open({"type": "create", "game": "chains", "config": config})
    code = next_of(host, "room")["room"]
    assert next_of(host, "welcome")["seat"] == 0, "the player who set the table up sits in its human seat"
    ana, snapshot = host, next_of(host, "snapshot")  # no seat is open: the table started by itself
    try:
        session = server.rooms[code].table.session
        played = 0
        while played < 6 and not session.game_over:
            kept: list = []
            if snapshot["to_move"] == 0 and snapshot["legal"]:
                ana.send({"type": "act", "action": snapshot["legal"][0], "seen": snapshot["seq"]})
                played += 1
            snapshot = next_of(ana, "move", kept)
            assert not [m for m in kept if m["type"] == "refused"]
        assert played and len(session.log) > played, "the computer moved between Ana's moves"
    finally:
        ana.close()


def test_garbage_a_wrong_version_and_a_flood_are_refused_and_the_game_goes_on(server):
    seats = [{"name": "Ana"}, {"name": "Ben"}]
    session = Session("chains", {"seats": seats}, 8)
    code = server.open_room(session)
    ana, _welcome, ana_snapshot = seated(server, code, 0)
    ben, _welcome, ben_snapshot = seated(server, code, 1)
    old = TableClient(address(server))
    try:
        old.open({"type": "hello", "room": code, "seat": 1, "version": 0})
        assert "version" in next_of(old, "refused")["reason"]
        garbage = ana if session.to_move == 1 else ben
        for _ in range(3):
            garbage._connection.send("{not json")
        assert next_of(garbage, "refused")["reason"] == "that message is not JSON"
        for _ in range(60):
            garbage.send({"type": "chat"})
        kept = []
        next_of(garbage, "dropped", kept)
        player, snapshot = (ana, ana_snapshot) if session.to_move == 0 else (ben, ben_snapshot)
        player.send({"type": "act", "action": snapshot["legal"][0], "seen": snapshot["seq"]})
        assert next_of(player, "move")["move"]["mover"] == snapshot["seat"], "the game went on"
    finally:
        for client in (ana, ben, old):
            client.close()


@pytest.mark.parametrize("command", [["-m", "game.net.command"], ["-m", "scenes", "--server"]],
                         ids=["chaintable-server", "chaintable --server"])
def test_the_server_command_serves_tables_until_it_is_stopped(command):
    """`chaintable-server` (the executables: `chaintable --server`) on 127.0.0.1 and a free port: a
    player sets a table up on it; a TERM signal stops it."""
    import re
    import subprocess
    import sys

    command = [sys.executable, *command, "--host", "127.0.0.1", "--port", "0"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
        port = re.fullmatch(r"Chain Table server on ws://127\.0\.0\.1:(\d+)\n", line).group(1)
        host = TableClient(f"ws://127.0.0.1:{port}")
        host.open({"type": "create", "game": "cubes", "config": {"seats": [{"name": "Ana"}, {"name": "Ben"}]}})
        assert re.fullmatch(r"[A-Z2-9]{10}", next_of(host, "room")["room"])
        host.close()
    finally:
        process.terminate()
        assert process.wait(10) == 0


def test_each_message_wakes_the_app_resting_between_frames(server, private_home):
    """The app draws no frame while nothing moves; a message from the table wakes it (a posted
    event), so the lobby or the table takes it at once, never on the next key or click."""
    import pygame

    from scenes.shell.app import WOKEN
    from scenes.shell.screens import open_app

    app = open_app()
    pygame.event.clear()
    code = server.open_room(Session("chains", {"seats": [{"name": "Ana"}, {"name": "Ben"}]}, 8))
    client = TableClient(address(server), wake=app.wake)
    try:
        client.open({"type": "hello", "room": code, "seat": 0})
        received = [*next_of_kept(client, "snapshot")]
        woken = [event for event in pygame.event.get() if event.type == WOKEN]
        assert len(woken) == len(received) >= 2, "a wake for each message (the welcome, the snapshot...)"
        app.step(woken, 0.0)  # a woken frame goes to no scene's keys or clicks
    finally:
        client.close()


def next_of_kept(client: TableClient, kind: str) -> list[dict]:
    """Every message up to the next of `kind`, that one included."""
    kept: list[dict] = []
    last = next_of(client, kind, kept)
    return [*kept, last]


class FakeConnection:
    """A connection whose player reads everything at once, or (`stuck`) has stopped reading."""

    def __init__(self, stuck: bool = False) -> None:
        self.stuck, self.sent, self.aborted = stuck, [], False
        self.transport = self

    async def send(self, text: str) -> None:
        if self.stuck:
            await asyncio.Event().wait()
        self.sent.append(text)

    def abort(self) -> None:
        self.aborted = True


def test_a_player_who_stops_reading_never_holds_up_the_others_and_is_let_go():
    from game.net.server import OUTBOX_LIMIT, Outbox

    async def post_to_both() -> tuple[FakeConnection, FakeConnection]:
        reading, stuck = FakeConnection(), FakeConnection(stuck=True)
        boxes = Outbox(reading), Outbox(stuck)
        for number in range(OUTBOX_LIMIT + 2):  # one in flight, OUTBOX_LIMIT waiting, one more
            for box in boxes:
                box.post({"number": number}, None)
            await asyncio.sleep(0)  # the server's loop goes on between one move's news and the next
        await asyncio.wait_for(boxes[0].waiting.join(), WAIT)
        for box in boxes:
            box.task.cancel()
        return reading, stuck

    reading, stuck = asyncio.run(post_to_both())
    assert [json.loads(text)["number"] for text in reading.sent] == list(range(OUTBOX_LIMIT + 2))
    assert stuck.aborted and not reading.aborted

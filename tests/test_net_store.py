"""No game is lost on a shared table server: every table is written to its store (SQLite) after
every change and served again when the server starts, the players coming back with their tokens to
the very decision they left; a killed `chaintable-server` (kill -9) loses nothing, and a stopped
one (TERM) tells its players it is restarting. The store keeps tokens' hashes, never a token. On
127.0.0.1 only; every wait is bounded; every server and process is stopped."""

from __future__ import annotations

import json
import re
import signal
import sqlite3
import subprocess
import sys
import time

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.net.client import TableClient
from game.net.server import TableServer
from game.net.store import TableStore, default_url, store_path
from net_helpers import WAIT, HeadlessPlayer, address

OPEN_TABLE = {"seats": [{"name": "Ana"}, {"name": "Ben", "kind": "open"},
                        {"name": "Cy", "kind": "computer", "difficulty": "random"}]}


def set_up(url: str) -> tuple[str, list[HeadlessPlayer], list[str]]:
    """Ana sets a table up at `url`, Bea takes the open seat: the room, both players, their tokens."""
    ana, bea = TableClient(url, give_up=0.5), TableClient(url, give_up=0.5)
    ana.open({"type": "create", "game": "chains", "config": OPEN_TABLE})
    room = ana.wait_for("room", WAIT)["room"]
    bea.open({"type": "hello", "room": room, "seat": 1, "name": "Bea"})
    tokens = [ana.wait_for("welcome", WAIT)["token"], bea.wait_for("welcome", WAIT)["token"]]
    return room, [HeadlessPlayer(ana, ana.wait_for("snapshot", WAIT)), HeadlessPlayer(bea, bea.wait_for("snapshot", WAIT))], tokens


def play(players: list[HeadlessPlayer], moves: int) -> None:
    """The players play `moves` moves between them (the computer's come between)."""
    played, deadline = 0, time.monotonic() + WAIT
    while played < moves and time.monotonic() < deadline:
        played += sum(player.play_if_to_move() for player in players)
        time.sleep(0.01)
    assert played >= moves


def settled(players: list[HeadlessPlayer]) -> list[dict]:
    """Each player's last position, once nothing more arrives for a moment (a human is to move)."""
    quiet_since = time.monotonic()
    while time.monotonic() - quiet_since < 0.5:
        before = [len(player.received) for player in players]
        time.sleep(0.05)
        for player in players:
            player.read()
        if [len(player.received) for player in players] != before:
            quiet_since = time.monotonic()
    return [player.position for player in players]


def rejoined(url: str, room: str, tokens: list[str]) -> list[dict]:
    """Each player back with their token: the snapshot each is sent."""
    snapshots = []
    for token in tokens:
        client = TableClient(url)
        try:
            client.open({"type": "hello", "room": room, "token": token})
            snapshots.append(client.wait_for("snapshot", WAIT))
        finally:
            client.close()
    return snapshots


def same_decision(before: list[dict], after: list[dict]) -> None:
    for old, new in zip(before, after):
        assert (new["seat"], new["to_move"], new["view"], new["legal"]) == (old["seat"], old["to_move"], old["view"], old["legal"])


def test_the_store_keeps_a_table_in_the_saves_format_with_tokens_hashed_never_the_tokens(tmp_path):
    url = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    server = TableServer("127.0.0.1", 0, computer_pace=0.0, store=TableStore(url))
    server.start()
    try:
        room, players, tokens = set_up(address(server))
        play(players, 2)
        settled(players)
    finally:
        for player in players:
            player.client.close()
        server.stop()
    db = sqlite3.connect(store_path(url))
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    (text,) = db.execute("SELECT record FROM tables WHERE room = ?", (room,)).fetchone()
    record = json.loads(text)
    assert not any(token in text for token in tokens)
    assert sorted(record["token_hashes"].values()) == [0, 1] and record["save"]["seed"] and record["save"]["actions"]


def test_a_server_started_again_serves_every_table_and_its_players_rejoin_the_same_decision(tmp_path):
    url = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    first = TableServer("127.0.0.1", 0, computer_pace=0.0, store=TableStore(url))
    first.start()
    try:
        room, players, tokens = set_up(address(first))
        waiting = TableClient(address(first))
        waiting.open({"type": "create", "game": "chains", "config": OPEN_TABLE})
        waiting_room = waiting.wait_for("room", WAIT)["room"]
        play(players, 3)
        before = settled(players)
    finally:
        for client in (*[player.client for player in players], waiting):
            client.close()
        first.stop()
    again = TableServer("127.0.0.1", 0, computer_pace=0.0, store=TableStore(url))
    again.start()
    try:
        same_decision(before, rejoined(address(again), room, tokens))
        assert again.restored.wait(WAIT) and set(again.rooms) == {room, waiting_room}
        assert not again.rooms[waiting_room].table.started
        bea = TableClient(address(again))
        bea.open({"type": "hello", "room": waiting_room, "seat": 1, "name": "Bea"})
        assert bea.wait_for("snapshot", WAIT)["seat"] == 1, "the waiting table starts once its open seat is taken"
        bea.close()
    finally:
        again.stop()


def test_a_table_that_closes_is_no_longer_kept(tmp_path):
    from game.net.rooms import Limits

    url = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    server = TableServer("127.0.0.1", 0, store=TableStore(url), limits=Limits(waiting_seconds=0.3))
    server.start()
    ana = TableClient(address(server))
    try:
        ana.open({"type": "create", "game": "chains", "config": OPEN_TABLE})
        ana.wait_for("closing", WAIT)
    finally:
        ana.close()
        server.stop()
    assert not list(TableStore(url).tables())


def test_the_store_url_is_sqlite_and_lives_in_the_data_folder_by_default(private_home):
    assert store_path(default_url()) == private_home / "server" / "tables.sqlite3"
    with pytest.raises(ValueError, match="sqlite:///"):
        store_path("redis://localhost")


def server_process(url: str) -> tuple[subprocess.Popen, int]:
    process = subprocess.Popen([sys.executable, "-m", "game.net.command", "--host", "127.0.0.1", "--port", "0",
                                "--store", url], stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    return process, int(re.fullmatch(r"Chain Table server on ws://127\.0\.0\.1:(\d+)\n", line).group(1))


def test_a_killed_server_process_started_again_loses_no_move(tmp_path):
    url = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    process, port = server_process(url)
    players = []
    try:
        room, players, tokens = set_up(f"ws://127.0.0.1:{port}")
        play(players, 4)
        before = settled(players)
        process.send_signal(signal.SIGKILL)
        process.wait(WAIT)
        for player in players:
            player.client.close()
        process, port = server_process(url)
        same_decision(before, rejoined(f"ws://127.0.0.1:{port}", room, tokens))
    finally:
        for player in players:
            player.client.close()
        process.kill()
        process.wait(WAIT)


def test_a_server_told_to_stop_tells_its_players_it_is_restarting(tmp_path):
    process, port = server_process(f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    try:
        with connect(f"ws://127.0.0.1:{port}", open_timeout=WAIT, proxy=None) as ana:
            ana.send(json.dumps({"version": 1, "type": "create", "game": "chains", "config": OPEN_TABLE}))
            assert json.loads(ana.recv(WAIT))["type"] == "room"
            process.terminate()
            words = []
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    words.append(json.loads(ana.recv(WAIT)))
            assert closed.value.rcvd.code == 1012
            assert any("restarting" in message.get("text", "") for message in words)
        assert process.wait(WAIT) == 0
    finally:
        process.kill()
        process.wait(WAIT)

"""What a table server tells its operators, as plain HTTP on its own port: `/healthz` and
Prometheus' `/metrics` (tables, players connected, moves, the round trip from a move to its news,
refusals by kind, store writes), scraped over 127.0.0.1 while players play; and the command's
log, a JSON object a line with `--log-json`. Every wait is bounded; every server is stopped."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
import urllib.request

import pytest
from prometheus_client.parser import text_string_to_metric_families

from game.net.client import TableClient
from game.net.metrics import REFUSAL_KINDS
from game.net.server import TableServer
from game.net.store import TableStore
from net_helpers import WAIT, HeadlessPlayer, address

TWO_PLAYERS = {"seats": [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "open"}]}


@pytest.fixture
def stored_server(tmp_path):
    """A table server on 127.0.0.1 with a store, its computers moving at once; stopped at the end."""
    running = TableServer("127.0.0.1", 0, computer_pace=0.0, store=TableStore(f"sqlite:///{tmp_path}/tables.sqlite3"))
    running.start()
    yield running
    running.stop()


def get(server: TableServer, path: str) -> tuple[int, str, str]:
    """A plain HTTP GET of `path` at the server: the status, the content type and the body."""
    with urllib.request.urlopen(f"http://127.0.0.1:{server.port}{path}", timeout=WAIT) as response:
        return response.status, response.headers["Content-Type"], response.read().decode()


def scrape(server: TableServer) -> dict[tuple[str, tuple], float]:
    """Every sample of `/metrics`: (its name, its labels) -> its value."""
    status, content_type, body = get(server, "/metrics")
    assert status == 200 and content_type.startswith("text/plain")
    return {(sample.name, tuple(sorted(sample.labels.items()))): sample.value
            for family in text_string_to_metric_families(body) for sample in family.samples}


def value(samples: dict, name: str, **labels) -> float:
    return samples[(name, tuple(sorted(labels.items())))]


def refusals(samples: dict, kind: str) -> float:
    return value(samples, "chaintable_refusals_total", reason=kind)


def two_players(server: TableServer) -> list[HeadlessPlayer]:
    """A table of two set up and started: its two players."""
    ana, ben = TableClient(address(server)), TableClient(address(server))
    ana.open({"type": "create", "game": "chains", "config": TWO_PLAYERS})
    room = ana.wait_for("room", WAIT)["room"]
    ben.open({"type": "hello", "room": room, "seat": 1, "name": "Ben"})
    return [HeadlessPlayer(client, client.wait_for("snapshot", WAIT)) for client in (ana, ben)]


def test_healthz_answers_ok(stored_server):
    assert get(stored_server, "/healthz") == (200, "text/plain; charset=utf-8", "ok\n")


def test_metrics_count_tables_players_moves_round_trips_and_store_writes(stored_server):
    before = scrape(stored_server)
    assert value(before, "chaintable_tables") == 0 and value(before, "chaintable_players_connected") == 0
    assert all(refusals(before, kind) == 0 for kind in REFUSAL_KINDS), "every kind shown from the start"
    players = two_players(stored_server)
    try:
        deadline, played = time.monotonic() + WAIT, 0
        while played < 4 and time.monotonic() < deadline:
            for player in players:
                played += played < 4 and player.play_if_to_move()  # a fast answer may come in the same round
            time.sleep(0.01)
        assert played == 4
        deadline = time.monotonic() + WAIT
        while value(scrape(stored_server), "chaintable_round_trip_seconds_count") < 4 and time.monotonic() < deadline:
            time.sleep(0.02)
        after = scrape(stored_server)
        assert value(after, "chaintable_tables") == 1 and value(after, "chaintable_players_connected") == 2
        assert value(after, "chaintable_moves_total") - value(before, "chaintable_moves_total") == 4
        assert value(after, "chaintable_round_trip_seconds_count") == 4
        assert 0 < value(after, "chaintable_round_trip_seconds_sum") < 4 * WAIT
        assert value(after, "chaintable_store_write_seconds_count") >= 6, "the set up, the seating and each move"
    finally:
        for player in players:
            player.client.close()


def test_metrics_count_refusals_by_kind(stored_server):
    players = two_players(stored_server)
    guesser = TableClient(address(stored_server))
    try:
        ana = players[0]
        ana.client._connection.send("not JSON")
        ana.client.wait_for("refused", WAIT)
        guesser.open({"type": "look", "room": "ABCDEFGHJK"})
        guesser.wait_for("refused", WAIT)
        ana.client.send({"type": "act", "action": {"no": "such move"}, "seen": ana.seen})
        ana.client.wait_for("refused", WAIT)
        samples = scrape(stored_server)
        assert [refusals(samples, kind) for kind in ("unreadable", "no_such_room", "illegal_move")] == [1, 1, 1]
        assert refusals(samples, "pace") == refusals(samples, "limits") == 0
        assert value(samples, "chaintable_moves_total") == 0, "a refused move is no move"
    finally:
        guesser.close()
        for player in players:
            player.client.close()


def test_each_servers_metrics_are_its_own(stored_server):
    other = TableServer("127.0.0.1", 0)
    other.start()
    try:
        players = two_players(stored_server)
        assert value(scrape(other), "chaintable_players_connected") == 0
        assert value(scrape(stored_server), "chaintable_players_connected") == 2
        for player in players:
            player.client.close()
    finally:
        other.stop()


def test_the_command_logs_a_json_object_a_line_for_each_event(tmp_path):
    command = [sys.executable, "-m", "game.net.command", "--host", "127.0.0.1", "--port", "0",
               "--store", f"sqlite:///{tmp_path}/tables.sqlite3", "--log-json"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        port = re.fullmatch(r"Chain Table server on ws://127\.0\.0\.1:(\d+)\n", process.stdout.readline()).group(1)
        ana = TableClient(f"ws://127.0.0.1:{port}")
        ana.open({"type": "create", "game": "chains", "config": TWO_PLAYERS})
        room = ana.wait_for("room", WAIT)["room"]
        ana.wait_for("welcome", WAIT)
        ana.close()
    finally:
        process.send_signal(signal.SIGTERM)
        _out, errors = process.communicate(timeout=WAIT)
    lines = [json.loads(line) for line in errors.splitlines()]
    events = [(line["event"], line.get("room"), line.get("seat")) for line in lines if "event" in line]
    assert events[:3] == [("table_opened", room, None), ("seated", room, 0), ("left", room, 0)]
    assert all({"time", "level", "logger", "message"} <= set(line) for line in lines)


def test_metrics_count_refusals_for_pace_and_limits():
    from game.net.rooms import Limits
    from game.net.server import BURST

    server = TableServer("127.0.0.1", 0, messages_per_second=0.001, limits=Limits(connections_per_client=3))
    server.start()
    players = two_players(server)
    extra = [TableClient(address(server)) for _ in range(2)]
    try:
        for _ in range(BURST + 1):
            players[0].client.send({"type": "undo", "seen": -1})
        deadline = time.monotonic() + WAIT
        while refusals(scrape(server), "pace") < 1 and time.monotonic() < deadline:
            time.sleep(0.02)
        for client in extra:
            client.open({"type": "look", "room": "ABCDEFGHJK"})
        extra[1].wait_for("refused", WAIT)
        samples = scrape(server)
        assert refusals(samples, "pace") == 1 and refusals(samples, "limits") == 1
    finally:
        for client in [*extra, *(player.client for player in players)]:
            client.close()
        server.stop()

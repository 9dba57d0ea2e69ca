"""Two `chaintable-server` processes sharing a Redis store (`--store redis://…`, a `redis-server`
started here on 127.0.0.1 with nothing saved to disk): a room is served by the one process that
holds its lease, the other refuses it meanwhile; once that process is killed (kill -9) and its
lease runs out, the other takes the room over from the store and its players play on at the
decision they left; a clean stop releases the leases at once. Every wait is bounded; every
process started here is stopped here."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time

import pytest
import redis
from websockets.sync.client import connect

from game.net.hosting import PROTOCOL
from game.net.store import LEASE_SECONDS
from test_net_behind_nginx import TWO_PLAYERS, Player, free_port, installed_program, stop

WAIT = 10.0


def redis_program() -> str:
    """Debian's redis-server."""
    return installed_program("redis-server", "redis-server")


@pytest.fixture
def redis_url(tmp_path):
    port = free_port()
    process = subprocess.Popen([redis_program(), "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                "--appendonly", "no", "--dir", str(tmp_path)], stdout=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    try:
        deadline = time.monotonic() + WAIT
        while True:
            try:
                redis.Redis.from_url(url).ping()
                break
            except redis.ConnectionError:
                assert time.monotonic() < deadline, "redis-server did not start"
                time.sleep(0.05)
        yield url
    finally:
        stop(process)


def start_server(url: str) -> tuple[subprocess.Popen, int]:
    command = [sys.executable, "-m", "game.net.command", "--host", "127.0.0.1", "--port", "0", "--store", url]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    found = re.fullmatch(r"Chain Table server on ws://127\.0\.0\.1:(\d+)\n", process.stdout.readline())
    assert found, "the server did not start"
    return process, int(found.group(1))


def at(port: int, code: str = "", source: str = "127.0.0.1"):
    path = f"/room/{code}" if code else "/"
    return connect(f"ws://127.0.0.1:{port}{path}", open_timeout=WAIT, source_address=(source, 0))


def first_answer(port: int, code: str, message: dict, source: str) -> dict:
    with at(port, code, source) as connection:
        connection.send(json.dumps({"version": PROTOCOL, **message}))
        return json.loads(connection.recv(WAIT))


def test_a_room_goes_on_on_the_other_process_once_its_own_is_killed(redis_url):
    first, first_port = start_server(redis_url)
    second, second_port = start_server(redis_url)
    try:
        with at(first_port) as ana_connection:
            ana = Player(ana_connection)
            ana.say({"type": "create", "game": "chains", "config": TWO_PLAYERS})
            code = ana.next_of("room")["room"]
            ana_token = ana.next_of("welcome")["token"]
            with at(first_port, code) as ben_connection:
                ben = Player(ben_connection)
                ben.say({"type": "hello", "seat": 1, "name": "Ben"})
                ben_token = ben.next_of("welcome")["token"]
                positions = {0: ana.next_of("snapshot"), 1: ben.next_of("snapshot")}
                mover = positions[0]["to_move"]
                (ana, ben)[mover].say({"type": "act", "action": positions[mover]["legal"][0],
                                       "seen": positions[mover]["seq"]})
                moved = (ana, ben)[mover].next_of("move")
            time.sleep(LEASE_SECONDS + 1)  # longer than a lease: the live process renews it
            answer = first_answer(second_port, code, {"type": "look"}, "127.0.0.2")
            assert answer["type"] == "refused", "the other process leaves a room held by a live one alone"
        first.send_signal(signal.SIGKILL)
        first.wait(WAIT)
        deadline = time.monotonic() + LEASE_SECONDS + WAIT
        source = 10
        while (answer := first_answer(second_port, code, {"type": "hello", "token": ana_token},
                                      f"127.0.0.{source}"))["type"] != "welcome":
            assert time.monotonic() < deadline, f"the room was never taken over: {answer}"
            source += 1
            time.sleep(0.5)
        with at(second_port, code) as ana_connection, at(second_port, code) as ben_connection:
            ana, ben = Player(ana_connection), Player(ben_connection)
            ana.say({"type": "hello", "token": ana_token})
            ben.say({"type": "hello", "token": ben_token})
            positions = {0: ana.next_of("snapshot"), 1: ben.next_of("snapshot")}
            assert positions[0]["seq"] >= moved["seq"] and positions[0]["to_move"] != mover, "the move was kept"
            mover = positions[0]["to_move"]
            (ana, ben)[mover].say({"type": "act", "action": positions[mover]["legal"][0], "seen": positions[mover]["seq"]})
            assert ben.next_of("move") and ana.next_of("move"), "the game goes on on the other process"
        leases = redis.Redis.from_url(redis_url)
        assert leases.exists(f"chaintable:lease:{code}")
        second.send_signal(signal.SIGTERM)
        assert second.wait(WAIT) == 0
        assert not leases.exists(f"chaintable:lease:{code}"), "a clean stop releases the room at once"
        assert leases.exists(f"chaintable:table:{code}"), "and keeps the table"
    finally:
        stop(first)
        stop(second)


def test_a_store_that_cannot_be_reached_is_said_so(capsys):
    from game.net import command

    with pytest.raises(SystemExit) as leaving:
        command.main(["--host", "127.0.0.1", "--port", "0", "--store", f"redis://127.0.0.1:{free_port()}/0"])
    assert leaving.value.code == 2 and "the store cannot be opened: Redis at" in capsys.readouterr().err

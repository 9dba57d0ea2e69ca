"""Several server processes behind nginx (deploy/nginx/chaintable.conf, Debian's nginx): two
`chaintable-server` processes and nginx on 127.0.0.1 (a private prefix, pid and logs), tables set
up and played through nginx, every room held by one process and reached there by all its players
(the same code, the same process), the rooms spread over both. Players come from addresses of
their own on 127.0.0.0/8 (the per-player limits count the address nginx passes on). Every wait
is bounded; every process started here is stopped here."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from websockets.sync.client import connect

from game.net.client import TableClient
from game.net.hosting import PROTOCOL, SERVER_CODE_LENGTH, new_room_code
from net_helpers import WAIT, HeadlessPlayer

CONFIG = Path(__file__).parent.parent / "deploy" / "nginx" / "chaintable.conf"
TABLES = 12
TWO_PLAYERS = {"seats": [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "open"}]}


def nginx_program() -> str:
    """Debian's nginx; on CI its absence fails the test (.ci/run installs it), elsewhere skips it."""
    program = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None)
    if program is None:
        if os.environ.get("CI") == "true":
            pytest.fail("nginx is not installed: .ci/run installs Debian's nginx on CI (apt-get install nginx)")
        pytest.skip("nginx is not installed (apt-get install nginx)")
    return program


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(folder: Path, name: str) -> tuple[subprocess.Popen, int]:
    """A `chaintable-server` behind the proxy on 127.0.0.1, a port of its own: it and its port."""
    command = [sys.executable, "-m", "game.net.command", "--host", "127.0.0.1", "--port", "0", "--behind-proxy",
               "--store", f"sqlite:///{folder}/{name}.sqlite3"]
    log = open(folder / f"{name}.log", "w")
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True)
    log.close()
    found = re.fullmatch(r"Chain Table server on ws://127\.0\.0\.1:(\d+)\n", process.stdout.readline())
    assert found, f"the server {name} did not start: {(folder / f'{name}.log').read_text()}"
    return process, int(found.group(1))


def nginx_config(folder: Path, port: int, upstreams: list[int]) -> Path:
    """The deployed configuration with this test's ports, inside an nginx.conf of a private prefix."""
    text = CONFIG.read_text()
    for placeholder, filled in [("listen 80;", f"listen 127.0.0.1:{port};"), ("listen [::]:80;", ""),
                                ("server 127.0.0.1:8801 ", f"server 127.0.0.1:{upstreams[0]} "),
                                ("server 127.0.0.1:8802 ", f"server 127.0.0.1:{upstreams[1]} ")]:
        assert text.count(placeholder) == 1, f"deploy/nginx/chaintable.conf has no {placeholder!r} line"
        text = text.replace(placeholder, filled)
    (folder / "chaintable.conf").write_text(text)
    temp = " ".join(f"{kind}_temp_path {folder}/{kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    main = folder / "nginx.conf"
    main.write_text(f"worker_processes 1;\npid {folder}/nginx.pid;\nerror_log {folder}/error.log warn;\n"
                    f"events {{ worker_connections 512; }}\n"
                    f"http {{ access_log off; {temp} include {folder}/chaintable.conf; }}\n")
    return main


def wait_until_healthy(port: int) -> None:
    deadline = time.monotonic() + WAIT
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as answer:
                if answer.read() == b"ok\n":
                    return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(WAIT)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(WAIT)


@pytest.fixture
def deployment(tmp_path):
    """nginx on 127.0.0.1 in front of two server processes: (nginx's port, the servers' ports)."""
    program = nginx_program()
    started = [start_server(tmp_path, "first"), start_server(tmp_path, "second")]
    port = free_port()
    main = nginx_config(tmp_path, port, [server_port for _process, server_port in started])
    nginx = subprocess.Popen([program, "-p", str(tmp_path), "-c", str(main), "-e", f"{tmp_path}/error.log",
                              "-g", "daemon off;"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_until_healthy(port)
        yield port, [server_port for _process, server_port in started]
    finally:
        stop(nginx)
        for process, _port in started:
            stop(process)


def at_room(port: int, code: str, source: str):
    """A connection to the room's path at `port`, made from `source` (127.0.0.N)."""
    return connect(f"ws://127.0.0.1:{port}/room/{code}", open_timeout=WAIT, source_address=(source, 0))


class Player:
    """A player speaking the protocol on a connection of its own."""

    def __init__(self, connection) -> None:
        self.connection = connection

    def say(self, message: dict) -> None:
        self.connection.send(json.dumps({"version": PROTOCOL, **message}))

    def next_of(self, kind: str) -> dict:
        deadline = time.monotonic() + WAIT
        while True:
            message = json.loads(self.connection.recv(max(0.01, deadline - time.monotonic())))
            if message["type"] == kind:
                return message


def holder(ports: list[int], code: str, source: str) -> tuple[int, dict]:
    """Which process holds the room (its index) and the lobby it shows, asked of each directly."""
    held = []
    for index, port in enumerate(ports):
        with at_room(port, code, source) as asking:
            asking.send(json.dumps({"version": PROTOCOL, "type": "look"}))
            answer = json.loads(asking.recv(WAIT))
            if answer["type"] == "lobby":
                held.append((index, answer))
    assert len(held) == 1, f"the room {code} is held by {len(held)} processes"
    return held[0]


def play_a_table_through(port: int, source: str) -> str:
    """A table set up and two moves played through nginx, its players from `source`: its code."""
    code = new_room_code(SERVER_CODE_LENGTH)
    with at_room(port, code, source) as ana_connection, at_room(port, code, source) as ben_connection:
        ana, ben = Player(ana_connection), Player(ben_connection)
        ana.say({"type": "create", "game": "chains", "config": TWO_PLAYERS})
        assert ana.next_of("room")["room"] == code
        ben.say({"type": "hello", "seat": 1, "name": "Ben"})
        positions = {0: ana.next_of("snapshot"), 1: ben.next_of("snapshot")}
        for _move in range(2):
            mover = positions[0]["to_move"]
            seen = positions[mover]["seq"]
            (ana, ben)[mover].say({"type": "act", "action": positions[mover]["legal"][0], "seen": seen})
            positions = {seat: (ana, ben)[seat].next_of("move") for seat in (0, 1)}
    return code


def test_every_rooms_players_reach_the_one_process_holding_it(deployment):
    port, servers = deployment
    holders = set()
    for table in range(TABLES):
        source = f"127.0.0.{10 + table}"
        code = play_a_table_through(port, source)
        index, lobby = holder(servers, code, source)
        assert [seat["name"] for seat in lobby["seats"]] == ["Ana", "Ben"] and lobby["started"]
        holders.add(index)
    assert holders == {0, 1}, "the rooms are spread over both processes"


def test_the_apps_client_sets_up_plays_and_comes_back_through_nginx(deployment):
    port, servers = deployment
    ana, ben = TableClient(f"ws://127.0.0.1:{port}"), TableClient(f"ws://127.0.0.1:{port}")
    try:
        ana.open({"type": "create", "game": "chains", "config": TWO_PLAYERS})
        code = ana.wait_for("room", WAIT)["room"]
        ben.open({"type": "hello", "room": code, "seat": 1, "name": "Ben"})
        players = [HeadlessPlayer(client, client.wait_for("snapshot", WAIT)) for client in (ana, ben)]
        index, _lobby = holder(servers, code, "127.0.0.2")
        mover = players[players[0].position["to_move"]]
        assert mover.play_when_to_move()
        assert all(player.client.wait_for("move", WAIT) for player in players)
        ben.close()
        ben = TableClient(f"ws://127.0.0.1:{port}")
        ben.open({"type": "hello", "room": code, "token": players[1].client.token})
        assert ben.wait_for("snapshot", WAIT)["seat"] == 1, "back at the seat, on the process holding the room"
        assert holder(servers, code, "127.0.0.3")[0] == index
    finally:
        ana.close()
        ben.close()

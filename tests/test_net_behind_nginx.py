"""Several server processes behind nginx (deploy/nginx/chaintable.conf, Debian's nginx): two
`chaintable-server` processes and nginx on 127.0.0.1 (a private prefix, pid and logs), tables set
up and played through nginx, every room held by one process and reached there by all its players
(the same code, the same process), the rooms spread over both. Players come from addresses of
their own on 127.0.0.0/8 (the per-player limits count the address nginx passes on). With
deploy/nginx/chaintable-tls.conf beside it, nginx also terminates TLS on a port of its own, with a
throwaway self-signed certificate for 127.0.0.1 that the players' apps trust as a player's machine
trusts a real one (SSL_CERT_FILE). Every wait is bounded; every process started here is stopped
here."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import shutil
import socket
import ssl
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from websockets.sync.client import connect

from game.core import from_json, to_json
from game.net.client import TableClient
from game.net.hosting import PROTOCOL, SERVER_CODE_LENGTH, new_room_code
from game.net.store import TableStore
from game.session import Session
from net_helpers import WAIT, HeadlessPlayer

CONFIG = Path(__file__).parent.parent / "deploy" / "nginx" / "chaintable.conf"
TLS_CONFIG = CONFIG.with_name("chaintable-tls.conf")
# What docs/SERVER.md has the plain server's `location /` become to send players on to wss:// (the
# test's TLS port is not 443: it is added to the host).
REDIRECT = "    location / {\n        return 308 wss://$host$request_uri;\n    }\n\n"
SERVERS = ("first", "second")
MOVES = 4  # played through TLS
TABLES = 12
TWO_PLAYERS = {"seats": [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "open"}]}


def installed_program(command: str, package: str, also_at: str = "") -> str:
    """The path of `command` (or `also_at`, where the system keeps it off the PATH); on CI its
    absence fails the test (.ci/run installs `package`), elsewhere skips it."""
    program = shutil.which(command) or (also_at if also_at and os.path.exists(also_at) else None)
    if program is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{command} is not installed: .ci/run installs it on CI (apt-get install {package})")
        pytest.skip(f"{command} is not installed (apt-get install {package})")
    return program


def nginx_program() -> str:
    """Debian's nginx."""
    return installed_program("nginx", "nginx", also_at="/usr/sbin/nginx")


def openssl_program() -> str:
    """The openssl command, for the test's certificate."""
    return installed_program("openssl", "openssl")


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


def filled(text: str, name: str, placeholders: list[tuple[str, str]]) -> str:
    """`text` with each placeholder line (found exactly once) filled in."""
    for placeholder, value in placeholders:
        assert text.count(placeholder) == 1, f"deploy/nginx/{name} has no {placeholder!r} line"
        text = text.replace(placeholder, value)
    return text


def tls_config(folder: Path, port: int, certificate: Path, key: Path) -> None:
    """deploy/nginx/chaintable-tls.conf with this test's port and certificate in `folder`/conf.d:
    its two certificate lines are all an operator changes."""
    text = filled(TLS_CONFIG.read_text(), TLS_CONFIG.name, [
        ("listen 443 ssl;", f"listen 127.0.0.1:{port} ssl;"), ("listen [::]:443 ssl;", ""),
        ("ssl_certificate     /etc/letsencrypt/live/tables.example.org/fullchain.pem;",
         f"ssl_certificate {certificate};"),
        ("ssl_certificate_key /etc/letsencrypt/live/tables.example.org/privkey.pem;", f"ssl_certificate_key {key};")])
    (folder / "conf.d" / TLS_CONFIG.name).write_text(text)


def nginx_config(folder: Path, port: int, upstreams: list[int], tls: tuple[int, Path, Path] | None = None,
                 redirect: bool = False) -> Path:
    """The deployed configuration with this test's ports, inside an nginx.conf of a private prefix;
    with `tls` (its port, certificate and key), the TLS server beside it in conf.d/ (read in the
    order of their names, chaintable-tls.conf first, as Debian's nginx.conf reads them); with
    `redirect`, the plain server sending every player on to it (docs/SERVER.md)."""
    text = filled(CONFIG.read_text(), CONFIG.name, [
        ("listen 80;", f"listen 127.0.0.1:{port};"), ("listen [::]:80;", ""),
        ("server 127.0.0.1:8801 ", f"server 127.0.0.1:{upstreams[0]} "),
        ("server 127.0.0.1:8802 ", f"server 127.0.0.1:{upstreams[1]} ")])
    if redirect:
        text = text.replace(plain_location(text), REDIRECT.replace("$host", f"$host:{tls[0]}"))
    (folder / "conf.d").mkdir()
    (folder / "conf.d" / CONFIG.name).write_text(text)
    if tls:
        tls_config(folder, *tls)
    temp = " ".join(f"{kind}_temp_path {folder}/{kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    main = folder / "nginx.conf"
    main.write_text(f"worker_processes 1;\npid {folder}/nginx.pid;\nerror_log {folder}/error.log warn;\n"
                    f"events {{ worker_connections 512; }}\n"
                    f"http {{ access_log off; {temp} include {folder}/conf.d/*.conf; }}\n")
    return main


def plain_location(text: str) -> str:
    """The `location /` block of a server (the one proxying to the processes)."""
    return text[text.index("    location / {"):text.index("    location = /metrics {")]


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A throwaway certificate for IP 127.0.0.1 (subjectAltName IP:127.0.0.1, a day) and its key."""
    folder.mkdir(exist_ok=True)
    certificate, key = folder / "certificate.pem", folder / "key.pem"
    subprocess.run([openssl_program(), "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                    "-keyout", str(key), "-out", str(certificate), "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1"], check=True, capture_output=True, timeout=WAIT)
    return certificate, key


def wait_until_healthy(port: int, nginx: subprocess.Popen | None = None, log: Path | None = None,
                       scheme: str = "http") -> None:
    """Until `/healthz` at `port` answers; an `nginx` that stops first (its configuration refused)
    fails at once with its `log`."""
    deadline = time.monotonic() + WAIT
    while True:
        try:
            with urllib.request.urlopen(f"{scheme}://127.0.0.1:{port}/healthz", timeout=1) as answer:
                if answer.read() == b"ok\n":
                    return
        except OSError:
            if nginx is not None and nginx.poll() is not None:
                raise AssertionError(f"nginx stopped: {log.read_text() if log and log.exists() else ''}") from None
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


@contextlib.contextmanager
def deployed(folder: Path, tls: tuple[int, Path, Path] | None = None, redirect: bool = False):
    """nginx on 127.0.0.1 in front of two server processes: (nginx's plain port, the servers'
    ports); with `tls`, nginx terminates TLS on its port too, and with `redirect` the plain port
    sends players there."""
    program = nginx_program()
    with contextlib.ExitStack() as stack:
        servers = []
        for name in SERVERS:
            process, server_port = start_server(folder, name)
            stack.callback(stop, process)
            servers.append(server_port)
        port = free_port()
        main = nginx_config(folder, port, servers, tls, redirect)
        nginx = subprocess.Popen([program, "-p", str(folder), "-c", str(main), "-e", f"{folder}/error.log",
                                  "-g", "daemon off;"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        stack.callback(stop, nginx)
        if redirect:
            wait_until_healthy(tls[0], nginx, folder / "error.log", "https")
        else:
            wait_until_healthy(port, nginx, folder / "error.log")
        yield port, servers


@pytest.fixture
def deployment(tmp_path):
    with deployed(tmp_path) as ports:
        yield ports


@contextlib.contextmanager
def tls_deployed(folder: Path, monkeypatch, redirect: bool = False):
    """nginx with the TLS server on a port of its own: (the TLS port, the plain port, the servers'
    ports). This process trusts the test's certificate as a player's machine trusts a real one."""
    certificate, key = self_signed(folder)
    monkeypatch.setenv("SSL_CERT_FILE", str(certificate))
    tls_port = free_port()
    with deployed(folder, (tls_port, certificate, key), redirect) as (port, servers):
        yield tls_port, port, servers


@pytest.fixture
def tls_deployment(tmp_path, monkeypatch):
    with tls_deployed(tmp_path, monkeypatch) as ports:
        yield ports


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


def told_against_store(folder: Path, servers: list[int], code: str, sent: list[dict], told: dict[int, list]) -> None:
    """The table as the process holding it keeps it: its moves are the ones the players sent, and
    every move's news to each seat is the engine's own view for that seat after that move."""
    index, _lobby = holder(servers, code, "127.0.0.9")
    store = TableStore(f"sqlite:///{folder}/{SERVERS[index]}.sqlite3")
    try:
        save = store.table(code)[1]["save"]
    finally:
        store.close()
    assert save["actions"] == sent, "the server's game is the moves the players sent through TLS"
    session = Session(save["game"], save["config"], save["seed"])
    for number, action in enumerate(save["actions"]):
        session.apply(from_json(action, session.rules.saved_types))
        for seat, news in told.items():
            assert news[number]["view"] == to_json(session.stream(seat).view), f"seat {seat}'s view at move {number + 1}"
            assert news[number]["public"] == to_json(session.stream(None).view)


def play_through(address: str, moves: int) -> tuple[str, list[dict], dict[int, list[dict]]]:
    """Ana sets a table up at `address` with the app's client, Ben joins, and they play `moves`
    moves (the first each may): the room, the actions sent, each seat's news of every move."""
    clients = [TableClient(address, source="127.0.0.2"), TableClient(address, source="127.0.0.3")]
    try:
        clients[0].open({"type": "create", "game": "chains", "config": TWO_PLAYERS})
        code = clients[0].wait_for("room", WAIT)["room"]
        clients[1].open({"type": "hello", "room": code, "seat": 1, "name": "Ben"})
        positions = {seat: client.wait_for("snapshot", WAIT) for seat, client in enumerate(clients)}
        sent, told = [], {0: [], 1: []}
        for _move in range(moves):
            mover = positions[0]["to_move"]
            sent.append(positions[mover]["legal"][0])
            assert clients[mover].send({"type": "act", "action": sent[-1], "seen": positions[mover]["seq"]})
            for seat, client in enumerate(clients):
                positions[seat] = client.wait_for("move", WAIT)
                told[seat].append(positions[seat])
    finally:
        for client in clients:
            client.close()
    return code, sent, told


def test_players_set_up_and_play_a_table_through_tls(tls_deployment, tmp_path):
    tls_port, _port, servers = tls_deployment
    code, sent, told = play_through(f"wss://127.0.0.1:{tls_port}", MOVES)
    told_against_store(tmp_path, servers, code, sent, told)


def test_a_plain_port_that_redirects_sends_the_players_on_to_tls(tmp_path, monkeypatch):
    with tls_deployed(tmp_path, monkeypatch, redirect=True) as (tls_port, port, servers):
        code, sent, told = play_through(f"ws://127.0.0.1:{port}", 2)
        told_against_store(tmp_path, servers, code, sent, told)
        asking = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
        try:
            asking.request("GET", f"/room/{code}")
            answer = asking.getresponse()
        finally:
            asking.close()
    assert (answer.status, answer.getheader("Location")) == (308, f"wss://127.0.0.1:{tls_port}/room/{code}"), \
        "the plain port proxies nothing: the players played through TLS"


def test_the_wrong_scheme_or_an_untrusted_certificate_is_told_in_words(tls_deployment, monkeypatch, tmp_path):
    tls_port, port, _servers = tls_deployment
    for address, words in [(f"ws://127.0.0.1:{tls_port}", f"type the address as wss://127.0.0.1:{tls_port}"),
                           (f"wss://127.0.0.1:{port}", f"type the address as ws://127.0.0.1:{port}")]:
        with pytest.raises(OSError) as refused:
            TableClient(address, give_up=0).open({"type": "look", "room": new_room_code(SERVER_CODE_LENGTH)})
        assert address in str(refused.value) and words in str(refused.value)
    other, _key = self_signed(tmp_path / "other")
    monkeypatch.setenv("SSL_CERT_FILE", str(other))
    with pytest.raises(OSError, match=f"wss://127.0.0.1:{tls_port}: its certificate is not one this computer trusts"):
        TableClient(f"wss://127.0.0.1:{tls_port}", give_up=0).open({"type": "look"})


def test_the_tls_server_proxies_as_the_plain_one():
    """The TLS server's `location`s are the plain server's, word for word (the upgrade headers, the
    hour's timeouts): only the listening and the certificate differ."""
    def locations(path: Path) -> str:
        text = path.read_text()
        metrics = "    location = /metrics {\n        return 404;\n    }\n}"
        assert text.count(metrics) == 1, f"{path.name}'s server does not end with /metrics answered 404"
        return text[text.index("    location / {"):text.index(metrics) + len(metrics)]
    assert locations(TLS_CONFIG) == locations(CONFIG)


def test_the_tls_server_speaks_tls_1_3_and_a_tls_1_2_player_still_reaches_it(tls_deployment):
    tls_port, _port, _servers = tls_deployment
    for newest, spoken in [(ssl.TLSVersion.MAXIMUM_SUPPORTED, "TLSv1.3"), (ssl.TLSVersion.TLSv1_2, "TLSv1.2")]:
        context = ssl.create_default_context()
        context.maximum_version = newest
        with connect(f"wss://127.0.0.1:{tls_port}/room/{new_room_code(SERVER_CODE_LENGTH)}", ssl=context,
                     open_timeout=WAIT) as looking:
            assert looking.socket.version() == spoken
            looking.send(json.dumps({"version": PROTOCOL, "type": "look"}))
            assert json.loads(looking.recv(WAIT))["type"] == "refused", "no such room: the server itself answers"

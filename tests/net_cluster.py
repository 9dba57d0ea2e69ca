"""A cluster on loopback for the failover test and benchmark (tests/test_net_failover.py,
benchmarks/net_cluster.py): one `redis-server`, several `chaintable-server` processes sharing it
(`--store redis://…`, `--behind-proxy`, each on a port of its own) and nginx in front of them with
deploy/nginx/chaintable.conf; tables of two players set up and played through nginx by the app's
own client (TableClient) and a RemoteSession per seat choosing its moves at random among those its
rules allow. Each seat keeps every position it was sent and the moves the server confirmed to it,
so that the game the store ends with can be checked against what was played and seen.
Every wait is bounded; every process started here is stopped here."""

from __future__ import annotations

import json
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import redis

from game.core import from_json, to_json
from game.net.client import TableClient
from game.net.remote import RemoteSession
from game.net.rooms import MESSAGES_PER_SECOND, TOO_FAST
from game.session import Session
from test_net_behind_nginx import CONFIG, TWO_PLAYERS, free_port, nginx_program, stop, wait_until_healthy
from test_net_shared_store import redis_program

WAIT = 10.0


class Cluster:
    """Redis, `processes` servers and nginx on 127.0.0.1 under `folder` (its logs there too)."""

    def __init__(self, folder: Path, processes: int = 3) -> None:
        self.folder = folder
        self.ports = [free_port() for _ in range(processes)]
        self.servers: list[subprocess.Popen | None] = [None] * processes
        self.generation = [0] * processes
        self.redis_port, self.port = free_port(), free_port()
        self.url = f"redis://127.0.0.1:{self.redis_port}/0"
        self.redis_process = self.nginx = None

    def __enter__(self) -> "Cluster":
        try:
            self._start_redis()
            for index in range(len(self.ports)):
                self.servers[index] = self._launch(index)
            for index in range(len(self.ports)):
                self._wait_listening(index)
            self._start_nginx()
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *_exc) -> None:
        for process in [self.nginx, *self.servers, self.redis_process]:
            if process is not None and process.poll() is None:
                stop(process)

    @property
    def address(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def redis(self) -> redis.Redis:
        return redis.Redis.from_url(self.url)

    def _start_redis(self) -> None:
        self.redis_process = subprocess.Popen(
            [redis_program(), "--port", str(self.redis_port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.folder)], stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + WAIT
        while True:
            try:
                self.redis().ping()
                return
            except redis.ConnectionError:
                assert time.monotonic() < deadline, "redis-server did not start"
                time.sleep(0.05)

    def log_of(self, index: int) -> Path:
        return self.folder / f"server{index}.{self.generation[index]}.log"

    def _launch(self, index: int) -> subprocess.Popen:
        command = [sys.executable, "-m", "game.net.command", "--host", "127.0.0.1", "--port", str(self.ports[index]),
                   "--behind-proxy", "--store", self.url]
        with open(self.log_of(index), "w") as log:
            return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True)

    def _wait_listening(self, index: int) -> None:
        line = self.servers[index].stdout.readline()
        assert re.fullmatch(r"Chain Table server on ws://127\.0\.0\.1:\d+\n", line), \
            f"server {index} did not start: {self.log_of(index).read_text()}"

    def _start_nginx(self) -> None:
        text = CONFIG.read_text().replace("listen 80;", f"listen 127.0.0.1:{self.port};").replace("listen [::]:80;", "")
        servers = "".join(f"    server 127.0.0.1:{port}\\1;\n" for port in self.ports)
        text, count = re.subn(r"(?:    server 127\.0\.0\.1:880\d( [^;\n]*)?;\n)+", servers, text)
        assert count == 1, "deploy/nginx/chaintable.conf lists no upstream servers"
        (self.folder / "chaintable.conf").write_text(text)
        temp = " ".join(f"{kind}_temp_path {self.folder}/{kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        main = self.folder / "nginx.conf"
        main.write_text(f"worker_processes 1;\nworker_rlimit_nofile 16384;\npid {self.folder}/nginx.pid;\n"
                        f"error_log {self.folder}/error.log warn;\nevents {{ worker_connections 8192; }}\n"
                        f"http {{ access_log off; {temp} include {self.folder}/chaintable.conf; }}\n")
        self.nginx = subprocess.Popen([nginx_program(), "-p", str(self.folder), "-c", str(main), "-e",
                                       f"{self.folder}/error.log", "-g", "daemon off;"],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_until_healthy(self.port)

    def kill(self, index: int) -> None:
        """kill -9: no goodbye, no lease released."""
        self.servers[index].send_signal(signal.SIGKILL)
        self.servers[index].wait(WAIT)

    def restart(self, index: int) -> None:
        """A TERM (the process drains and stops), then the process started again on its port."""
        process = self.servers[index]
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            assert process.wait(WAIT) == 0, f"server {index} did not stop cleanly"
        self.generation[index] += 1
        self.servers[index] = self._launch(index)
        self._wait_listening(index)

    def rooms_opened(self, index: int, generation: int | None = None) -> set[str]:
        """The rooms a process (one run of it) served: its log's `table_opened` lines."""
        generation = self.generation[index] if generation is None else generation
        text = (self.folder / f"server{index}.{generation}.log").read_text()
        return set(re.findall(r"table_opened room=(\w+)", text))

    def kept(self, code: str) -> dict:
        """A table's record as the store keeps it."""
        return json.loads(self.redis().get(f"chaintable:table:{code}"))["record"]


class RandomSeat:
    """One seat: the app's client and a RemoteSession rebuilt from each snapshot, choosing at
    random among the moves its own rules allow. `positions`: (moves seen, the message) for every
    snapshot and move sent to it; `confirmed`: a move number -> the action this seat sent that
    the server played as that move (its news, or a snapshot after coming back, said so)."""

    def __init__(self, client: TableClient, seed: int) -> None:
        self.client, self.rng = client, random.Random(seed)
        self.session: RemoteSession | None = None
        self.pending: tuple[int, dict] | None = None  # (moves seen when sent, the action)
        self.positions: list[tuple[int, dict]] = []
        self.confirmed: dict[int, dict] = {}
        self.trouble: list[dict] = []  # dropped or closing: a seat that lost its table
        self.last: list[tuple[float, str, object]] = []  # the last messages' kinds, to tell a stuck seat
        self.moving = True  # False: the seat only takes its news (the end of a run)
        self.sent_at = 0.0
        self.round_trips: list[float] = []  # seconds from a move sent to the news of it (a benchmark's)
        self.welcomed_at = self.moved_at = 0.0  # when the last welcome and the last news of a move came
        self.quiet_until = 0.0  # told to slow down: no move sent before then (time.monotonic)

    def moves_seen(self) -> int:
        return self.session.moves[-1].number if self.session and self.session.moves else 0

    def over(self) -> bool:
        return self.session is not None and self.session.session_over

    def step(self) -> int:
        """Take what came in and move when this seat is to: how many messages were taken."""
        messages = self.client.poll()
        for message in messages:
            self._take(message)
        session = self.session
        if (self.moving and session is not None and self.pending is None and session.to_move == session.seat
                and session.legal and time.monotonic() >= self.quiet_until):
            action = self.rng.choice(session.legal)
            session.apply(action)
            self.pending = (self.moves_seen(), to_json(action))
            self.client.send(session.outbox.pop())
            self.sent_at = time.perf_counter()
        return len(messages)

    def _take(self, message: dict) -> None:
        kind = message["type"]
        self.last = [*self.last[-5:], (round(time.monotonic(), 2), kind, message.get("reason") or message.get("attempt"))]
        if kind == "snapshot":
            self.session = RemoteSession(message)
            self._settle(message["moves"], whole=True)
        elif kind == "move" and self.session is not None:
            self.session.take(message)
            self._settle([message["move"]], whole=False)
        elif kind == "lobby" and self.session is not None:
            self.session.take_lobby(message)
        elif kind == "refused":
            self.pending = None
            if message["reason"] == TOO_FAST:
                self.quiet_until = time.monotonic() + 5 / MESSAGES_PER_SECOND  # as the server asks
            if self.session is not None:
                self.session.note(message)
        elif kind == "welcome":
            self.welcomed_at = time.monotonic()
        elif kind in ("dropped", "closing"):
            self.trouble.append(message)
        if kind in ("snapshot", "move"):
            self.positions.append((self.moves_seen(), message))
        if kind == "move":
            self.moved_at = time.monotonic()

    def _settle(self, moves: list[dict], whole: bool) -> None:
        """A move this seat sent is confirmed by the news of it, or found not played: a snapshot
        (`whole`, after coming back) that ends before it (the server went before playing it)."""
        if self.pending is None:
            return
        before, action = self.pending
        played = next((move for move in moves if move["number"] == before + 1), None)
        if played is not None and played["mover"] == self.session.seat:
            self.confirmed[before + 1] = action
            self.round_trips.append(time.perf_counter() - self.sent_at)
        if played is not None or whole:
            self.pending = None


class Table:
    def __init__(self, code: str, seats: list[RandomSeat]) -> None:
        self.code, self.seats = code, seats

    def moves(self) -> int:
        return max(seat.moves_seen() for seat in self.seats)

    def over(self) -> bool:
        return all(seat.over() for seat in self.seats)

    def played_since_coming_back(self, since: float) -> bool:
        """Whether a seat, welcomed again after `since` (time.monotonic), has been sent a move since."""
        return any(seat.moved_at > seat.welcomed_at > since for seat in self.seats)

    def close(self) -> None:
        for seat in self.seats:
            seat.client.close()


def source_of(number: int) -> str:
    """A loopback address of the table's own (the server's limits count each address)."""
    return f"127.77.{number // 200}.{number % 200 + 2}"


def set_up_tables(address: str, count: int, seed: int, first: int = 0, game: str = "chains") -> list[Table]:
    """`count` tables of two players set up and sat at through `address` (numbered from `first`:
    each number its own loopback address)."""
    tables = []
    for number in range(first, first + count):
        source = source_of(number)
        ana = TableClient(address, give_up=90, source=source)
        ana.open({"type": "create", "game": game, "config": TWO_PLAYERS})
        code = ana.wait_for("room", WAIT)["room"]
        ben = TableClient(address, give_up=90, source=source)
        ben.open({"type": "hello", "room": code, "seat": 1, "name": "Ben"})
        tables.append(Table(code, [RandomSeat(ana, seed * 1000 + number * 2), RandomSeat(ben, seed * 1000 + number * 2 + 1)]))
    return tables


def play_until(tables: list[Table], done, seconds: float) -> bool:
    """Every seat takes its messages and moves, round after round, until `done()` (checked
    between rounds) or `seconds` passed: whether it came."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if done():
            return True
        taken = sum(seat.step() for table in tables for seat in table.seats)
        if not taken:
            time.sleep(0.002)
    return done()


def settle(tables: list[Table], seconds: float = WAIT) -> bool:
    """The seats stop moving and take their news until every move they sent is answered."""
    for table in tables:
        for seat in table.seats:
            seat.moving = False
    return play_until(tables, lambda: all(seat.pending is None for table in tables for seat in table.seats), seconds)


def advanced(tables: list[Table], moves: int, since: dict[str, int]) -> bool:
    """Every table has played `moves` more moves than `since` said (or its session is over)."""
    return all(table.over() or table.moves() >= since[table.code] + moves for table in tables)


def stuck(tables: list[Table], moves: int, since: dict[str, int]) -> str:
    """The tables that have not played on, and what their seats were last sent."""
    return "\n".join(f"{table.code} at {table.moves()} (was {since[table.code]}): seat {index} "
                     f"pending {seat.pending is not None}, last {seat.last}"
                     for table in tables if not (table.over() or table.moves() >= since[table.code] + moves)
                     for index, seat in enumerate(table.seats)) + f"\nnow {time.monotonic():.2f}"


def what_went_wrong(cluster: Cluster, table: Table) -> list[str]:
    """The table as the store keeps it against what its seats played and saw: every move a seat
    was told it played is in the store's game at its number, every move the store holds was told
    to its mover, and every position a seat was sent is the engine's own view for that seat at
    that point (so no card hidden from the seat was ever sent to it)."""
    problems = [f"{table.code}: a seat lost its table: {seat.trouble}" for seat in table.seats if seat.trouble]
    save = cluster.kept(table.code)["save"]
    actions = save["actions"]
    played = {number: action for seat in table.seats for number, action in seat.confirmed.items()}
    if played != {number: action for number, action in enumerate(actions, 1) if number in played}:
        problems.append(f"{table.code}: a move played is not in the store at its number")
    if sorted(played) != list(range(1, len(actions) + 1)):
        problems.append(f"{table.code}: the store holds {len(actions)} moves, the players were told of "
                        f"{len(played)} they played")
    return problems + views_problems(table, save)


def views_problems(table: Table, save: dict) -> list[str]:
    """Each position sent to a seat against the engine's for that seat at that move: its view,
    the onlookers' view, and the moves as the seat sees them (a snapshot's all, a move's own)."""
    session = Session(save["game"], save["config"], save["seed"])
    seats = range(len(table.seats))
    truth = {0: {seat: position_of(session, seat) for seat in seats}}
    for number, action in enumerate(save["actions"], 1):
        session.apply(from_json(action, session.rules.saved_types))
        truth[number] = {seat: position_of(session, seat) for seat in seats}
    seen_moves = {seat: [to_json(move) for move in session.stream(seat).moves] for seat in seats}
    problems = []
    for index, seat in enumerate(table.seats):
        for moves, message in seat.positions:
            expected = truth.get(moves, {}).get(index)
            got = {key: message.get(key) for key in ("view", "public")}
            if message["type"] == "snapshot":
                shown_right = message["moves"] == seen_moves[index][:moves]
            else:
                shown_right = 0 < moves <= len(seen_moves[index]) and message["move"] == seen_moves[index][moves - 1]
            if expected is None or got != expected or not shown_right:
                problems.append(f"{table.code}: seat {index} was sent a position at move {moves} that is not "
                                f"its own view of the game")
    return problems


def position_of(session: Session, seat: int) -> dict:
    return {"view": to_json(session.stream(seat).view), "public": to_json(session.stream(None).view)}


def kill_then_roll(cluster: Cluster, tables: list[Table], moves: int, seconds: float) -> dict[str, float]:
    """The failover run: the tables play `moves` moves; the first process holding one is killed
    (kill -9) and every table plays `moves` more; it is started again, then every process is
    restarted in turn (TERM: a drain), every table playing `moves` more after each; then the
    seats stop and take their last news. AssertionError naming the stuck tables when a step
    takes more than `seconds`; the seconds each step took."""
    took = {}
    since = {table.code: 0 for table in tables}
    started = time.monotonic()
    assert play_until(tables, lambda: advanced(tables, moves, since), seconds), stuck(tables, moves, since)
    took["first moves"] = time.monotonic() - started
    victim = next(index for index in range(len(cluster.ports)) if cluster.rooms_opened(index))
    its_rooms = cluster.rooms_opened(victim)
    cluster.kill(victim)
    since, started = {table.code: table.moves() for table in tables}, time.monotonic()
    assert play_until(tables, lambda: advanced(tables, moves, since), seconds), \
        f"not every table played on after the kill:\n{stuck(tables, moves, since)}"
    took["after the kill"] = time.monotonic() - started
    others = set().union(*(cluster.rooms_opened(index) for index in range(len(cluster.ports)) if index != victim))
    assert its_rooms <= others, "every room of the killed process went on on another"
    cluster.restart(victim)
    for index in range(len(cluster.ports)):
        since, started = {table.code: table.moves() for table in tables}, time.monotonic()
        cluster.restart(index)
        assert play_until(tables, lambda: advanced(tables, moves, since), seconds), \
            f"not every table played on after restarting process {index}:\n{stuck(tables, moves, since)}"
        took[f"after restarting process {index}"] = time.monotonic() - started
    assert settle(tables), "every move sent is answered"
    return took

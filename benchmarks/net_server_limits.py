"""What a shared table server's limits cost and buy, on 127.0.0.1 only (docs/SERVER.md):

1. memory: one process holding 10,000 idle tables, each set up by a player and waiting for a
   second (resident memory per table);
2. attacks beside an honest player: two honest players take turns at a table of a real
   `chaintable-server` process while clients from 127.0.0.2 and up guess room codes, set tables
   up and hold connections that never sit; the honest round trip (act sent to its move received),
   median and 95th percentile, without and with the attacks;
3. restart: a `chaintable-server` started on a store holding 1,000 tables: seconds until it
   listens, until a player rejoins, and until every table is back (beside an empty store).

    python benchmarks/net_server_limits.py [--tables 10000] [--stored 1000] [--seconds 10]

Everything stops by itself; each part is bounded in count and time."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from websockets.asyncio.client import connect  # noqa: E402

from game.net.hosting import SERVER_CODE_LENGTH, HostedTable, new_room_code  # noqa: E402
from game.net.rooms import Limits  # noqa: E402
from game.net.server import TableServer  # noqa: E402
from game.net.store import TableStore  # noqa: E402
from game.session import Session  # noqa: E402

WAIT = 30.0
TWO_SEATS = {"seats": [{"name": "Ana"}, {"name": "Ben", "kind": "open"}]}


def resident_bytes(pid: int | str = "self") -> int:
    with open(f"/proc/{pid}/status") as status:
        return int(next(line for line in status if line.startswith("VmRSS:")).split()[1]) * 1024


# -- 1. memory per idle table


def idle_tables(count: int) -> None:
    server = TableServer("127.0.0.1", 0, limits=Limits(tables=count + 1, tables_per_client=count + 1))
    server.start()
    before = resident_bytes()

    async def open_all() -> None:
        for number in range(count):
            table = HostedTable.planned("chains", TWO_SEATS, number)
            server._add_room(table, f"10.{number >> 16 & 255}.{number >> 8 & 255}.{number & 255}", created=True)

    asyncio.run_coroutine_threadsafe(open_all(), server._loop).result(600)
    after = resident_bytes()
    server.stop()
    print(f"{count:,} idle tables: resident memory {before / 1e6:.1f} MB before, {after / 1e6:.1f} MB after: "
          f"{(after - before) / count / 1e3:.1f} kB a table")


# -- 2. attacks beside an honest player


def server_process(store: str) -> tuple[subprocess.Popen, int]:
    process = subprocess.Popen([sys.executable, "-m", "game.net.command", "--host", "127.0.0.1", "--port", "0",
                                "--store", store], stdout=subprocess.PIPE, text=True,
                               cwd=Path(__file__).resolve().parents[1])
    line = process.stdout.readline()
    return process, int(re.fullmatch(r"Chain Table server on ws://127\.0\.0\.1:(\d+)\n", line).group(1))


async def next_of(websocket, kind: str) -> dict:
    while True:
        message = json.loads(await asyncio.wait_for(websocket.recv(), WAIT))
        if message["type"] == kind:
            return message


async def say(websocket, message: dict) -> None:
    await websocket.send(json.dumps({"version": 1, **message}))


async def honest_round_trips(url: str, seconds: float) -> list[float]:
    """Two players take turns for `seconds`, table after table, each act timed until its move
    comes back."""
    times, deadline = [], time.monotonic() + seconds
    for number in range(1, 255):
        if time.monotonic() >= deadline:
            break
        times += await one_table(url, deadline, f"127.0.1.{number}")
    return times


async def one_table(url: str, deadline: float, source: str) -> list[float]:
    """Two players from `source` (a client of its own: a player sets a table up a few times a
    minute) set a table up and take turns until its game ends or `deadline`."""
    async with connect(url, local_addr=(source, 0)) as ana, connect(url, local_addr=(source, 0)) as ben:
        await say(ana, {"type": "create", "game": "chains", "config": TWO_SEATS})
        room = (await next_of(ana, "room"))["room"]
        await say(ben, {"type": "hello", "room": room, "seat": 1, "name": "Ben"})
        positions = [await next_of(ana, "snapshot"), await next_of(ben, "snapshot")]
        players, times = [ana, ben], []
        while time.monotonic() < deadline and positions[0]["legal"] + positions[1]["legal"]:
            mover = positions[0]["to_move"]
            if mover is None:
                break
            sent = time.perf_counter()
            await say(players[mover], {"type": "act", "action": positions[mover]["legal"][0],
                                       "seen": positions[mover]["seq"]})
            positions = [await next_of(ana, "move"), await next_of(ben, "move")]
            times.append(time.perf_counter() - sent)
            await asyncio.sleep(0.02)  # a person's pace is far slower; this keeps the table busy
        return times


async def attacker(url: str, number: int, kind: str, stop: asyncio.Event) -> int:
    """One attacking client from 127.0.0.<number>: guesses, creates or idle connections, until
    `stop`; how many messages it got answered."""
    answered, held = 0, []
    while not stop.is_set():
        try:
            websocket = await connect(url, local_addr=(f"127.0.0.{number}", 0), open_timeout=5)
        except (OSError, TimeoutError, Exception):
            await asyncio.sleep(0.2)
            continue
        if kind == "idle":
            held.append(websocket)
            await asyncio.sleep(0.5)
            continue
        try:
            for _ in range(12):
                message = {"type": "look", "room": "ABCDEFGHJK"} if kind == "guess" else \
                    {"type": "create", "game": "chains", "config": {"seats": [{"name": "X"}, {"kind": "computer",
                                                                                "difficulty": "hard"}] * 2}}
                await say(websocket, message)
                await asyncio.wait_for(websocket.recv(), 5)
                answered += 1
        except Exception:
            pass
        finally:
            await websocket.close()
    for websocket in held:
        await websocket.close()
    return answered


async def attack(url: str, seconds: float, attackers: int) -> int:
    """`attackers` clients, a third each guessing, setting tables up and holding idle connections,
    for `seconds`: how many of their messages were answered."""
    stop = asyncio.Event()
    kinds = ["guess", "create", "idle"]
    tasks = [asyncio.create_task(attacker(url, 2 + i, kinds[i % 3], stop)) for i in range(attackers)]
    await asyncio.sleep(seconds)
    stop.set()
    return sum(await asyncio.gather(*tasks))


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return f"{len(times)} moves, round trip median {statistics.median(ordered) * 1e3:.1f} ms, p95 {p95 * 1e3:.1f} ms"


def attacks(seconds: float, attackers: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        process, port = server_process(f"sqlite:///{folder}/tables.sqlite3")
        url = f"ws://127.0.0.1:{port}"
        try:
            quiet = asyncio.run(honest_round_trips(url, seconds))
            print(f"honest player alone: {summary(quiet)}")
            attacking = subprocess.Popen([sys.executable, __file__, "--attack", url, "--seconds", str(seconds + 2),
                                          "--attackers", str(attackers)], stdout=subprocess.PIPE, text=True)
            time.sleep(1)
            loud = asyncio.run(honest_round_trips(url, seconds))
            answered = attacking.communicate(timeout=seconds + 60)[0].strip()
            print(f"beside {attackers} attacking clients in a process of their own (guesses, creates, idle "
                  f"connections; {answered} of their messages answered): {summary(loud)}")
            print(f"the server's resident memory after: {resident_bytes(process.pid) / 1e6:.1f} MB")
        finally:
            process.terminate()
            process.wait(30)


# -- 3. restart with tables stored


def restart(stored: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        empty = f"sqlite:///{folder}/empty.sqlite3"
        full = f"sqlite:///{folder}/tables.sqlite3"
        store = TableStore(full)
        tokens = {}
        for number in range(stored):
            session = Session("chains", {"seats": [{"name": "Ana"}, {"name": "Ben"}]}, number)
            while len(session.log) < 20 and not session.game_over:
                session.apply(session.legal_actions()[0])
            table = HostedTable(session, new_room_code(SERVER_CODE_LENGTH))
            tokens[table.room] = table.sit(0)
            store.write(table.room, "127.0.0.1", table.stored())
        store.close()
        for label, url in (("an empty store", empty), (f"{stored:,} tables stored", full)):
            started = time.perf_counter()
            process, port = server_process(url)
            listening = time.perf_counter() - started
            try:
                room, token = next(iter(tokens.items()))
                if label != "an empty store":
                    asyncio.run(rejoin(f"ws://127.0.0.1:{port}", room, token))
                rejoined = time.perf_counter() - started
                back = process.stdout.readline()
                every = time.perf_counter() - started
            finally:
                process.terminate()
                process.wait(30)
            print(f"restart with {label}: listening after {listening:.2f} s, a player rejoined after "
                  f"{rejoined:.2f} s, every table back after {every:.2f} s ({back.strip()})")


async def rejoin(url: str, room: str, token: str) -> None:
    async with connect(url) as websocket:
        await say(websocket, {"type": "hello", "room": room, "token": token})
        await next_of(websocket, "snapshot")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--stored", type=int, default=1_000)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--attackers", type=int, default=30)
    parser.add_argument("--attack", metavar="URL", help="only attack the server at URL (the attackers' process)")
    args = parser.parse_args()
    if args.attack:
        print(f"{asyncio.run(attack(args.attack, args.seconds, args.attackers)):,}")
        return
    print(time.strftime("%Y-%m-%d"), f"load average {os.getloadavg()[0]:.1f}")
    idle_tables(args.tables)
    attacks(args.seconds, args.attackers)
    restart(args.stored)


if __name__ == "__main__":
    main()

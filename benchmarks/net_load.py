"""The parts the network benchmarks share (benchmarks/net_tables.py, benchmarks/net_host_cpu.py):
a table server in a process of its own, watched from outside (Linux: /proc), and players that
are asyncio WebSocket clients, many in one process, on 127.0.0.1 only.

Run as a script, this file is that server: `game.net.server.TableServer` on 127.0.0.1, port 0,
its players allowed any pace (the benchmarks' players go faster than people), its computers
unpaced. It prints its port and serves until its standard input closes."""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
import time

PROTOCOL = 1
ANSWER_SECONDS = 60


class ServerProcess:
    """The table server in a child process, its memory and processor time read from /proc."""

    def __init__(self) -> None:
        self.process = subprocess.Popen([sys.executable, os.path.abspath(__file__)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)
        self.port = int(self.process.stdout.readline())

    def resident_bytes(self) -> int:
        with open(f"/proc/{self.process.pid}/status") as status:
            line = next(line for line in status if line.startswith("VmRSS:"))
        return int(line.split()[1]) * 1024

    def cpu_seconds(self) -> float:
        with open(f"/proc/{self.process.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        self.process.stdin.close()
        self.process.wait(30)


# -- players


async def next_of(websocket, kind: str) -> dict:
    """The next message of `kind`; a refusal or silence ends the run."""
    while True:
        message = json.loads(await asyncio.wait_for(websocket.recv(), ANSWER_SECONDS))
        if message["type"] == kind:
            return message
        if message["type"] == "refused":
            raise RuntimeError(f"the table refused: {message['reason']}")


async def send(websocket, message: dict) -> None:
    await websocket.send(json.dumps({"version": PROTOCOL, **message}))


async def create_table(port: int, game: str, seats: int) -> str:
    """A table set up on the server as a player sets one up: its room code."""
    from websockets.asyncio.client import connect

    config = {"seats": [{"name": f"Player {n + 1}"} for n in range(seats)]}
    async with connect(f"ws://127.0.0.1:{port}", proxy=None) as websocket:
        await send(websocket, {"type": "create", "game": game, "config": config})
        return (await next_of(websocket, "room"))["room"]


async def sit(port: int, room: str, seats: int) -> tuple[list, dict[int, dict]]:
    """A player in each seat of the room: their connections and first snapshots."""
    from websockets.asyncio.client import connect

    players, last = [], {}
    for seat in range(seats):
        websocket = await connect(f"ws://127.0.0.1:{port}", proxy=None)
        await send(websocket, {"type": "hello", "room": room, "seat": seat})
        await next_of(websocket, "welcome")
        last[seat] = await next_of(websocket, "snapshot")
        players.append(websocket)
    return players, last


async def play(players: list, last: dict[int, dict], rng: random.Random, until: float, times: list[float],
               pause: float = 0.0) -> bool:
    """Random legal moves, each from the seat to move, until the game is over (True) or the clock
    reaches `until`; each action's round trip (sent to its move received) goes to `times`.
    `pause`: seconds between one move and the next (a player's pace; 0: at once)."""
    while last[0]["to_move"] is not None:
        if time.monotonic() > until:
            return False
        seat = last[0]["to_move"]
        start = time.perf_counter()
        await send(players[seat], {"type": "act", "action": rng.choice(last[seat]["legal"]), "seen": last[seat]["seq"]})
        last[seat] = await next_of(players[seat], "move")
        times.append(time.perf_counter() - start)
        for other in last.keys() - {seat}:
            last[other] = await next_of(players[other], "move")
        await asyncio.sleep(pause)
    return True


async def keep_playing(port: int, game: str, seats: int, table: tuple[list, dict], rng: random.Random,
                       until: float, times: list[float], pause: float = 0.0) -> int:
    """A table's games, one after another until the clock reaches `until` (each finished game's
    players move to a table set up afresh): the games finished. The round trips go to `times`."""
    players, last = table
    finished = 0
    while await play(players, last, rng, until, times, pause):
        finished += 1
        await leave(players)
        players, last = await sit(port, await create_table(port, game, seats), seats)
    await leave(players)
    return finished


async def leave(players: list) -> None:
    await asyncio.gather(*(websocket.close() for websocket in players))


def percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def with_server(measure, *args) -> None:
    """Run `measure(server, *args)` (a coroutine function) against a server process of its own."""
    server = ServerProcess()
    try:
        asyncio.run(measure(server, *args))
    finally:
        server.stop()


def serve() -> None:
    from game.net.server import TableServer

    server = TableServer("127.0.0.1", 0, computer_pace=0.0, messages_per_second=10_000)
    print(server.start(), flush=True)
    sys.stdin.read()
    server.stop()


if __name__ == "__main__":
    serve()

"""A host's table server with its own seat and five remote ones (a 6-seat game: Chain-Chain), all
six players real WebSocket clients on 127.0.0.1 in this process, the server in a process of its
own (benchmarks/net_load.py; Linux, reads /proc): the server's share of one core

1. idle, every player connected and nobody moving (`--idle-seconds`; target under 1%);
2. playing at a person's pace, `--pause` seconds between one move and the next;
3. playing as fast as the players can (with actions a second and the round trip's p95).

Each playing part lasts `--seconds`, a finished game's players moving to a table set up afresh.

    python benchmarks/net_host_cpu.py [--game chainchain] [--idle-seconds 20] [--seconds 20] [--pause 1]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time

from net_load import ServerProcess, create_table, keep_playing, leave, percentile, sit, with_server

SEATS = 6


async def idle(server: ServerProcess, game: str, seconds: float) -> float:
    """The server's share of a core while six seated players wait (from a second after they sat)."""
    players, _ = await sit(server.port, await create_table(server.port, game, SEATS), SEATS)
    await asyncio.sleep(1)
    cpu, start = server.cpu_seconds(), time.monotonic()
    await asyncio.sleep(seconds)
    share = (server.cpu_seconds() - cpu) / (time.monotonic() - start)
    await leave(players)
    return share


async def playing(server: ServerProcess, game: str, seconds: float, pause: float) -> None:
    """The server's share of a core while six players play, `pause` seconds between moves."""
    times: list[float] = []
    cpu, start = server.cpu_seconds(), time.monotonic()
    table = await sit(server.port, await create_table(server.port, game, SEATS), SEATS)
    await keep_playing(server.port, game, SEATS, table, random.Random(1), start + seconds, times, pause)
    elapsed = time.monotonic() - start
    words = f"a move every {pause:g} s" if pause else "as fast as the players can"
    print(f"{game}, playing {words} for {elapsed:.0f} s: server {(server.cpu_seconds() - cpu) / elapsed:.1%} of a "
          f"core, {len(times) / elapsed:.1f} actions a second, round trip p95 {percentile(times, 0.95) * 1000:.1f} ms",
          flush=True)


async def measure(server: ServerProcess, args) -> None:
    share = await idle(server, args.game, args.idle_seconds)
    print(f"{args.game}, {SEATS} players connected, idle {args.idle_seconds:.0f} s: server {share:.2%} of a core",
          flush=True)
    for pause in (args.pause, 0.0):
        await playing(server, args.game, args.seconds, pause)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="chainchain")
    parser.add_argument("--idle-seconds", type=float, default=20)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--pause", type=float, default=1.0)
    with_server(measure, parser.parse_args())


if __name__ == "__main__":
    main()

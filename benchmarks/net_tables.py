"""One table server process holding many tables, its players real WebSocket clients on 127.0.0.1
(benchmarks/net_load.py; Linux, reads /proc):

1. `--idle` tables (default 1,000), each set up by a player (`create`) and then both its seats
   held by connected players who wait: the server's resident memory per table, before and after
   the players sit.
2. `--playing` of those tables (default 200) playing random games at once, as fast as their
   players can, each finished game's players moving to a table set up afresh, for `--seconds`:
   actions a second (all tables together), each action's round trip (median, p95), and the
   server's share of a core meanwhile (the players run in this process, on the same machine).

    python benchmarks/net_tables.py [--idle 1000] [--playing 200] [--seconds 30] [--game chains]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time

from net_load import ServerProcess, create_table, keep_playing, leave, percentile, sit, with_server

BATCH = 50  # tables set up, or players seated, at once


async def set_up(port: int, game: str, count: int) -> list[str]:
    rooms: list[str] = []
    while len(rooms) < count:
        rooms += await asyncio.gather(*(create_table(port, game, 2) for _ in range(min(BATCH, count - len(rooms)))))
    return rooms


async def seat_all(port: int, rooms: list[str]) -> list[tuple[list, dict]]:
    tables: list[tuple[list, dict]] = []
    for start in range(0, len(rooms), BATCH):
        tables += await asyncio.gather(*(sit(port, room, 2) for room in rooms[start:start + BATCH]))
    return tables


async def measure(server: ServerProcess, args) -> None:
    empty = server.resident_bytes()
    rooms = await set_up(server.port, args.game, args.idle)
    set_up_only = server.resident_bytes()
    tables = await seat_all(server.port, rooms)
    seated = server.resident_bytes()
    print(f"{args.idle} idle tables of {args.game}: server {empty / 2**20:.1f} MB empty, "
          f"{set_up_only / 2**20:.1f} MB with the tables set up, {seated / 2**20:.1f} MB with 2 players "
          f"connected at each: {(set_up_only - empty) / args.idle / 1024:.1f} KB a table, "
          f"{(seated - empty) / args.idle / 1024:.1f} KB a table with its players", flush=True)
    times: list[float] = []
    cpu, own, start = server.cpu_seconds(), time.process_time(), time.monotonic()
    until = start + args.seconds
    playing = tables[:args.playing]
    finished = await asyncio.gather(*(keep_playing(server.port, args.game, 2, table, random.Random(seed), until, times)
                                      for seed, table in enumerate(playing)))
    elapsed = time.monotonic() - start
    share, own_share = (server.cpu_seconds() - cpu) / elapsed, (time.process_time() - own) / elapsed
    print(f"{len(playing)} tables playing at once for {elapsed:.1f} s ({sum(finished)} games finished; "
          f"{args.idle - len(playing)} more idle): {len(times) / elapsed:.0f} actions a second, round trip "
          f"median {statistics.median(times) * 1000:.1f} ms, p95 {percentile(times, 0.95) * 1000:.1f} ms; "
          f"server {share:.0%} of a core ({share * elapsed / len(times) * 1000:.2f} ms an action), "
          f"the players' process {own_share:.0%}", flush=True)
    for players, _ in tables[args.playing:]:
        await leave(players)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="chains")
    parser.add_argument("--idle", type=int, default=1000)
    parser.add_argument("--playing", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30)
    with_server(measure, parser.parse_args())


if __name__ == "__main__":
    main()

"""Tables played through nginx over three `chaintable-server` processes sharing one Redis,
against the same through one process alone (tests/net_cluster.py: the app's client, a
RemoteSession per seat choosing its moves at random, each table's players from a loopback
address of their own, the tables shared among three client processes). For each count of
tables: the moves played a second and the players' round trip (a move sent to the news of it,
seen by the mover) over `--seconds`; round trips to Redis per move (the processes' own count,
`chaintable_store_round_trips` over `chaintable_moves_total` on their /metrics); and with three
processes the time from one's death (kill -9) to every table it served playing again.

    python benchmarks/net_cluster.py [--tables 200 1000] [--seconds 10]
    python benchmarks/net_cluster.py --failover 100

`--failover N` runs tests/test_net_failover.py's run with N tables (a kill -9, then a rolling
restart of all three processes, every table checked against what its players played and saw)
and prints how long each step took.

Loopback only; every process started here is stopped here."""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from net_cluster import Cluster, Table, kill_then_roll, play_until, set_up_tables, what_went_wrong  # noqa: E402

DEATH_SECONDS = 60.0  # at most, for a dead process's tables to play again
GAME = "linx"  # the longest of the two-player games (about 140 moves at random): few end within a run
WORKERS = 3  # client processes, each playing a share of the tables (one would be the bottleneck)


def worker(connection, address: str, numbers: range, seed: int) -> None:
    """A client process: its share of the tables, played as the parent says (each command a
    tuple on `connection`, each answered)."""
    tables = set_up_tables(address, len(numbers), seed, first=numbers.start, game=GAME)
    connection.send([table.code for table in tables])
    try:
        while True:
            command, *args = connection.recv()
            if command == "play":
                connection.send(play_for(tables, *args))
            elif command == "watch":
                connection.send(watch_death(connection, tables, *args))
            else:
                return
    finally:
        for table in tables:
            table.close()


def play_for(tables: list[Table], seconds: float) -> dict:
    for table in tables:
        for seat in table.seats:
            seat.round_trips.clear()
    first = moves(tables)
    play_until(tables, lambda: False, seconds)
    return {"moves": moves(tables) - first, "over": sum(table.over() for table in tables),
            "round_trips": [trip for table in tables for seat in table.seats for trip in seat.round_trips]}


def watch_death(connection, tables: list[Table], codes: set[str]) -> dict:
    """Its tables among `codes` (the dead process's): seconds from the kill (the parent sends its
    time.monotonic, the same clock here) until each plays again."""
    its = [table for table in tables if table.code in codes and not table.over()]
    connection.send("ready")
    killed, back = connection.recv(), {}

    def all_back() -> bool:
        for table in its:
            if table.code not in back and table.played_since_coming_back(killed):
                back[table.code] = time.monotonic() - killed
        return len(back) == len(its)

    play_until(tables, all_back, DEATH_SECONDS)
    return {"tables": len(its), "back": list(back.values())}


def moves(tables: list[Table]) -> int:
    return sum(table.moves() for table in tables)


def store_round_trips_and_moves(cluster: Cluster) -> tuple[float, float]:
    """Summed over the live processes' /metrics: round trips to Redis, moves played."""
    trips = played = 0.0
    for index, port in enumerate(cluster.ports):
        if cluster.servers[index].poll() is None:
            text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10).read().decode()
            trips += sum(float(line.split()[-1]) for line in text.splitlines() if line.startswith("chaintable_store_round_trips "))
            played += sum(float(line.split()[-1]) for line in text.splitlines() if line.startswith("chaintable_moves_total "))
    return trips, played


def run(count: int, processes: int, seconds: float, seed: int) -> dict:
    with tempfile.TemporaryDirectory(prefix="net-cluster-") as folder, Cluster(Path(folder), processes) as cluster:
        started = time.monotonic()
        shares = [range(count * i // WORKERS, count * (i + 1) // WORKERS) for i in range(WORKERS)]
        pipes = []
        for i, share in enumerate(shares):
            ours, theirs = multiprocessing.Pipe()
            multiprocessing.Process(target=worker, args=(theirs, cluster.address, share, seed * 10 + i), daemon=True).start()
            pipes.append(ours)
        for pipe in pipes:
            pipe.recv()
        result = {"tables": count, "processes": processes, "set_up_s": time.monotonic() - started}
        try:
            ask(pipes, ("play", 2.0))  # warm up
            trips_before, moves_before = store_round_trips_and_moves(cluster)
            played = ask(pipes, ("play", seconds))
            trips_after, moves_after = store_round_trips_and_moves(cluster)
            trips = sorted(trip for answer in played for trip in answer["round_trips"])
            result.update({"moves_per_second": sum(answer["moves"] for answer in played) / seconds,
                           "median_ms": 1000 * statistics.median(trips), "p95_ms": 1000 * trips[int(0.95 * (len(trips) - 1))],
                           "redis_round_trips_per_move": (trips_after - trips_before) / max(moves_after - moves_before, 1),
                           "over": sum(answer["over"] for answer in played)})
            if processes > 1:
                result.update(death(cluster, pipes))
        finally:
            for pipe in pipes:
                pipe.send(("stop",))
        return result


def ask(pipes: list, command: tuple) -> list:
    for pipe in pipes:
        pipe.send(command)
    return [pipe.recv() for pipe in pipes]


def death(cluster: Cluster, pipes: list) -> dict:
    """kill -9 of the process holding most tables: seconds until each of its tables plays a move
    on another (the last's, and the median's)."""
    victim = max(range(len(cluster.ports)), key=lambda index: len(cluster.rooms_opened(index)))
    codes = cluster.rooms_opened(victim)
    for pipe in pipes:
        pipe.send(("watch", codes))
    for pipe in pipes:
        assert pipe.recv() == "ready"
    cluster.kill(victim)
    killed = time.monotonic()
    for pipe in pipes:
        pipe.send(killed)
    answers = [pipe.recv() for pipe in pipes]
    times = sorted(t for answer in answers for t in answer["back"])
    return {"its_tables": sum(answer["tables"] for answer in answers), "back": len(times),
            "first_back_s": times[0] if times else None, "median_back_s": statistics.median(times) if times else None,
            "last_back_s": times[-1] if times else None}


def failover(count: int) -> None:
    with tempfile.TemporaryDirectory(prefix="net-cluster-") as folder, Cluster(Path(folder)) as cluster:
        tables = set_up_tables(cluster.address, count, seed=count)
        try:
            took = kill_then_roll(cluster, tables, moves=4, seconds=DEATH_SECONDS)
            problems = [problem for table in tables for problem in what_went_wrong(cluster, table)]
            print(f"failover: {count} tables, {len(problems)} problems", *problems[:20], sep="\n")
            print("; ".join(f"{step} {seconds:.1f} s" for step, seconds in took.items()), flush=True)
        finally:
            for table in tables:
                table.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[200, 1000])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--failover", type=int, metavar="TABLES", help="the failover run with this many tables")
    args = parser.parse_args()
    if args.failover:
        failover(args.failover)
        return 0
    for count in args.tables:
        for processes in (1, 3):
            result = run(count, processes, args.seconds, seed=count + processes)
            print(" ".join(f"{key}={value:.2f}" if isinstance(value, float) else f"{key}={value}"
                           for key, value in result.items()), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

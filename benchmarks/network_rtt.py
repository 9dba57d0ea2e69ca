"""An action's round trip over WebSocket on loopback (127.0.0.1 only): two players at a table
served by game.net.server, each sending its moves; the time from sending an action to receiving
the move it made. Prints the median and the 95th percentile.

    python benchmarks/network_rtt.py [--game chains] [--actions 500]
"""

from __future__ import annotations

import argparse
import statistics
import time


def wait_for(client, kind: str) -> dict:
    """The next message of `kind`; a refusal or a dropped connection on the way ends the run."""
    passed: list = []
    message = client.wait_for(kind, 10, passed)
    if any(m["type"] in ("refused", "dropped") for m in passed):
        raise RuntimeError(f"the table answered {passed}")
    return message


def round_trips(game: str, actions: int) -> list[float]:
    from game.net.client import TableClient
    from game.net.server import TableServer
    from game.session import Session

    server = TableServer("127.0.0.1", 0, computer_pace=0.0, messages_per_second=10_000)  # players faster than people
    server.start()
    times: list[float] = []
    seed = 1
    try:
        while len(times) < actions:
            code = server.open_room(Session(game, {"seats": [{"name": "Ana"}, {"name": "Ben"}]}, seed))
            players, last = [], {}
            for seat in (0, 1):
                client = TableClient(f"ws://127.0.0.1:{server.port}")
                client.open({"type": "hello", "room": code, "seat": seat})
                wait_for(client, "welcome")
                last[seat] = wait_for(client, "snapshot")
                players.append(client)
            while len(times) < actions and last[0]["to_move"] is not None:
                seat = last[0]["to_move"]
                client = players[seat]
                start = time.perf_counter()
                client.send({"type": "act", "action": last[seat]["legal"][0], "seen": last[seat]["seq"]})
                last[seat] = wait_for(client, "move")
                times.append(time.perf_counter() - start)
                last[1 - seat] = wait_for(players[1 - seat], "move")
            for client in players:
                client.close()
            seed += 1
    finally:
        server.stop()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="chains")
    parser.add_argument("--actions", type=int, default=500)
    args = parser.parse_args()
    times = sorted(round_trips(args.game, args.actions))
    print(f"{args.game}: {len(times)} actions, round trip median {statistics.median(times) * 1000:.2f} ms, "
          f"p95 {times[int(len(times) * 0.95)] * 1000:.2f} ms")


if __name__ == "__main__":
    main()

"""What TLS at nginx costs a player: nginx (deploy/nginx/chaintable.conf and chaintable-tls.conf,
a throwaway certificate for 127.0.0.1) in front of two `chaintable-server` processes, as
tests/test_net_behind_nginx.py starts them. For ws:// (the plain port) and wss:// (the TLS port):
the time to open a connection to a room (TCP, TLS, the WebSocket handshake, through nginx) and a
move's round trip (a player's move sent to its news, seen by the mover) at tables of two players
(LINX, the first legal move each time) with the app's own client.

    python benchmarks/net_tls.py [--connections 200] [--moves 200]

Loopback only; every process started here is stopped here."""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from websockets.sync.client import connect  # noqa: E402

from game.net.client import TableClient  # noqa: E402
from game.net.hosting import SERVER_CODE_LENGTH, new_room_code  # noqa: E402
from net_helpers import WAIT  # noqa: E402
from test_net_behind_nginx import TWO_PLAYERS, deployed, free_port, self_signed  # noqa: E402


TABLES_SET_UP = itertools.count(2)  # each table's players from an address of their own (a client sets 3 up at once)


def spread(times: list[float]) -> str:
    ordered = sorted(times)
    return f"median {statistics.median(ordered) * 1000:.2f} ms, p95 {ordered[int(len(ordered) * 0.95)] * 1000:.2f} ms"


def opening(address: str, count: int) -> list[float]:
    """Seconds to open each of `count` connections to a room at `address`."""
    took = []
    for _ in range(count):
        started = time.perf_counter()
        with connect(f"{address}/room/{new_room_code(SERVER_CODE_LENGTH)}", open_timeout=WAIT):
            took.append(time.perf_counter() - started)
    return took


def round_trips(address: str, moves: int) -> list[float]:
    """Seconds from each move sent to the mover's news of it, over tables of two at `address`
    played one after another until `moves` moves."""
    took: list[float] = []
    while len(took) < moves:
        took += one_table(address, moves - len(took), f"127.0.0.{next(TABLES_SET_UP)}")
    return took


def one_table(address: str, moves: int, source: str) -> list[float]:
    """One table's round trips, its players from `source`: at most `moves`, or until its game ends."""
    clients = [TableClient(address, source=source), TableClient(address, source=source)]
    try:
        clients[0].open({"type": "create", "game": "linx", "config": TWO_PLAYERS})
        code = clients[0].wait_for("room", WAIT)["room"]
        clients[1].open({"type": "hello", "room": code, "seat": 1, "name": "Ben"})
        positions = {seat: client.wait_for("snapshot", WAIT) for seat, client in enumerate(clients)}
        took = []
        while len(took) < moves and positions[0]["to_move"] is not None:
            mover = positions[0]["to_move"]
            started = time.perf_counter()
            clients[mover].send({"type": "act", "action": positions[mover]["legal"][0], "seen": positions[mover]["seq"]})
            positions[mover] = clients[mover].wait_for("move", WAIT)
            took.append(time.perf_counter() - started)
            positions[1 - mover] = clients[1 - mover].wait_for("move", WAIT)
            time.sleep(0.06)  # a player's pace: the server's limit is 20 messages a second
        return took
    finally:
        for client in clients:
            client.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--connections", type=int, default=200)
    parser.add_argument("--moves", type=int, default=200)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        certificate, key = self_signed(Path(folder))
        os.environ["SSL_CERT_FILE"] = str(certificate)
        tls_port = free_port()
        with deployed(Path(folder), (tls_port, certificate, key)) as (port, _servers):
            for name, address in [("ws://", f"ws://127.0.0.1:{port}"), ("wss://", f"wss://127.0.0.1:{tls_port}")]:
                opened = opening(address, arguments.connections)
                trips = round_trips(address, arguments.moves)
                print(f"{name}: opening a connection {spread(opened)} ({len(opened)}); "
                      f"a move's round trip {spread(trips)} ({len(trips)} moves)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

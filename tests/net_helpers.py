"""What the network tests share: a table server on 127.0.0.1 (a port the system picks), players
seated at it, a headless player that plays the first move it may, and the host's side of one
connection cut or spoken on from the test. Every wait is bounded."""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from game.net.client import TableClient
from game.net.server import TableServer

WAIT = 10.0  # seconds at most for any message


def address(server: TableServer) -> str:
    return f"ws://127.0.0.1:{server.port}"


def sit(server: TableServer, code: str, seat: int, give_up: float = 30.0) -> tuple[TableClient, dict, dict]:
    """A client seated at `seat`: it, its welcome and its snapshot."""
    client = TableClient(address(server), give_up=give_up)
    client.open({"type": "hello", "room": code, "seat": seat})
    return client, client.wait_for("welcome", WAIT), client.wait_for("snapshot", WAIT)


def cut(server: TableServer, code: str, seat: int) -> None:
    """The seat's connection lost on the host's side, with no goodbye (a cable pulled)."""
    connection = server.rooms[code].connections[seat]
    server._loop.call_soon_threadsafe(connection.transport.abort)


def say_on_host_side(server: TableServer, code: str, seat: int, message: dict) -> None:
    connection = server.rooms[code].connections[seat]
    asyncio.run_coroutine_threadsafe(connection.send(json.dumps(message)), server._loop).result(WAIT)


class HeadlessPlayer:
    """A seat played by the test: it keeps the last position the host sent and plays the first
    move it may."""

    def __init__(self, client: TableClient, snapshot: dict) -> None:
        self.client = client
        self.position = snapshot
        self.seen = snapshot["seq"]
        self.received: list[dict] = []
        self.sent_from = snapshot  # the position its last move was sent from

    def read(self) -> None:
        for message in self.client.poll():
            self.received.append(message)
            self.seen = message.get("seq", self.seen)
            if message["type"] in ("snapshot", "move"):
                self.position = message
            elif message["type"] == "refused" and self.position["to_move"] is None:
                self.position = self.sent_from  # told to slow down (a fast test can be): again

    def play_when_to_move(self, seconds: float = WAIT) -> bool:
        """The first legal move, once the host's news says this seat is to move (within
        `seconds`): whether one was sent."""
        deadline = time.monotonic() + seconds
        while not self.play_if_to_move():
            if time.monotonic() > deadline:
                return False
            time.sleep(0.01)
        return True

    def play_if_to_move(self) -> bool:
        """The first legal move, when this seat is to move: whether one was sent."""
        self.read()
        if self.position["to_move"] != self.position["seat"] or not self.position["legal"]:
            return False
        self.client.send({"type": "act", "action": self.position["legal"][0], "seen": self.seen})
        self.sent_from, self.position = self.position, {**self.position, "to_move": None}  # until the host's news of it
        return True


def frames_until(driver, done, seconds: float = WAIT) -> bool:
    """Frames of the app, real time passing between them (the network's answers come in real
    time), until `done()` or `seconds` passed; whether it came."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if done():
            return True
        driver.frame(dt=0.05)
        time.sleep(0.005)
    return done()


@pytest.fixture
def server():
    """A table server on 127.0.0.1, its computers moving at once and its players allowed a test's
    pace (far above a hand's, which the rate limit is for); stopped at the test's end."""
    running = TableServer("127.0.0.1", 0, computer_pace=0.0, messages_per_second=1000.0)
    running.start()
    yield running
    running.stop()

"""Whole games of every game over a real table server on 127.0.0.1 (a port the system picks):
each human seat a client of its own, reading the host's messages into a `RemoteSession` and
sending its moves (chosen by the rule of thumb from its own view) the way a table does. After every
move each client's view is the engine's view for its seat, and no message to a seat names a card
hidden from it that it has not seen before. Every wait is bounded; the server stops at the end."""

from __future__ import annotations

import time

import pytest

from game.core import from_json, to_json
from game.net.client import TableClient
from game.net.remote import RemoteSession
from game.session import Session
from net_helpers import WAIT, address, server  # noqa: F401 (server: a fixture)
from test_net_lobby import strings_in

GAMES = [("chains", 3, {}), ("chainchain", 3, {}), ("chainchain", 3, {"variant": "letters"}), ("linx", 3, {}),
         ("cubes", 2, {}), ("sovereigns-chain", 3, {}), ("sovereigns-chain", 2, {"fair_winds": True})]
MOVES_AT_MOST = 2000


class Player:
    """A seat's client, what it has been told, and the game as it stood at the move each message
    tells of (`shadow`: the host's actions replayed, the reference for what the seat may see)."""

    def __init__(self, server, code: str, seat: int, session: Session) -> None:
        self.seat, self.session = seat, session
        self.shadow = Session(session.game, session.config, session.seed)
        self.client = TableClient(address(server))
        self.client.open({"type": "hello", "room": code, "seat": seat})
        self.seen_cards: set[str] = set()  # every text of the messages it was sent: the cards it saw
        self.remote: RemoteSession | None = None
        self.take(self.client.wait_for("snapshot", WAIT))

    def take(self, message: dict) -> None:
        """A position message: no card hidden from the seat at that move that it has not seen
        before; then read as a table reads it."""
        self.follow_to(message["move"]["number"] if message["type"] == "move" else len(message["moves"]))
        hidden = {to_json(card) for card in self.shadow.rules.hidden_cards(self.shadow.state, self.seat)}
        leaked = (strings_in(message) & hidden) - self.seen_cards
        assert not leaked, f"seat {self.seat} was sent {sorted(leaked)} in a {message['type']}"
        self.seen_cards |= strings_in(message)
        if self.remote is None:
            self.remote = RemoteSession(message)
        else:
            self.remote.take(message)

    def follow_to(self, number: int) -> None:
        """The shadow game played on to the host's move `number`."""
        rules = self.shadow.rules
        while len(self.shadow.log) < number:
            self.shadow.apply(from_json(self.session.log[len(self.shadow.log)], rules.saved_types))

    def catch_up(self, moves: int) -> None:
        """Read messages until the one that tells of the host's move number `moves`."""
        deadline = time.monotonic() + WAIT
        while (self.remote.moves[-1].number if self.remote.moves else 0) < moves:
            for message in self.client.poll():
                if message["type"] in ("snapshot", "move"):
                    self.take(message)
            assert time.monotonic() < deadline, f"seat {self.seat} was never told of move {moves}"
            time.sleep(0.001)

    def play(self, person) -> None:
        self.remote.apply(person.choose(self.remote.view, self.remote.legal))
        while self.remote.outbox:
            self.client.send(self.remote.outbox.pop(0))


def computers_busy(room) -> bool:
    """A computer is to move, or the server is still applying a computer's move (its session's
    position changes before the move is counted: until the server is done, the count may lag)."""
    session = room.table.session
    return room.computers_moving or session.to_move in session.computers


@pytest.mark.parametrize("game, players, rules", GAMES, ids=lambda v: str(v))
def test_every_game_played_to_its_end_over_the_network_shows_each_seat_exactly_its_view(server, game, players, rules):
    seats = [{"name": name} for name in ("Ann", "Bea")[:players - 1]] + [{"name": "Bot", "kind": "computer",
                                                                    "difficulty": "random"}]
    session = Session(game, {"seats": seats, "rules": rules}, 11)
    code = server.open_room(session)
    humans = [Player(server, code, seat, session) for seat in range(players - 1)]
    person = session.descriptor.heuristic(5)
    try:
        for _move in range(MOVES_AT_MOST):
            deadline = time.monotonic() + WAIT
            while computers_busy(server.rooms[code]) and time.monotonic() < deadline:
                time.sleep(0.001)
            for human in humans:
                human.catch_up(len(session.moves))
                assert to_json(human.remote.view) == to_json(human.shadow.stream(human.seat).view)
            if session.game_over:
                break
            moved = len(session.moves)
            humans[session.to_move].play(person)
            while len(session.moves) == moved and time.monotonic() < deadline + WAIT:
                time.sleep(0.001)
        assert session.game_over, f"{game} did not end within {MOVES_AT_MOST} moves"
    finally:
        for human in humans:
            human.client.close()

"""Every seat a networked seat, every decision of every game and mode with two or more seats: the
seat's `RemoteSession`, fed the host's messages through JSON text as a connection delivers them,
decides its own moves and agrees with the host at each decision on the moves it may make, whether
each is legal, why another is not, what each would do, and the Hint (tests/net_parity.py). The
moves go to the host as a table sends them (`act` with the seat's token and last `seq`); the test
fails if one decision kind the rules have is never reached. The same through the real server on
127.0.0.1 for one game of each."""

from __future__ import annotations

import time
from collections import Counter

import pytest

from game.net.hosting import HostedTable
from game.net.remote import RemoteSession
from game.rng import Rng
from game.session import Session
from net_helpers import WAIT, sit, server  # noqa: F401 (server: a fixture)
from net_parity import DecisionChecker, wired

MODES = ([("chains", n, {}) for n in (2, 3, 4)]
         + [("chainchain", n, {"variant": "numbers"}) for n in (3, 4, 5, 6)]
         + [("chainchain", n, {"variant": "letters"}) for n in (3, 4)]
         + [("linx", n, {}) for n in (2, 3, 4, 5, 6)]
         + [("cubes", n, {}) for n in (2, 3, 4)]
         + [("sovereigns-chain", n, {}) for n in (2, 3, 4)]
         + [("sovereigns-chain", 2, {"fair_winds": True}), ("sovereigns-chain", 3, {"fair_winds": True})])
SEEDS = (0,)
# Deals where the rarest decisions come: Sovereign's Chain's sudden-death pick (after a tie) and
# the salvage of the event that offers it.
RARE_DEALS = [("sovereigns-chain", 3, {}, 46)]
MOVES_AT_MOST = 3000


def seats(players: int) -> list[dict]:
    return [{"name": name} for name in ("Ann", "Ben", "Cal", "Dee", "Eve", "Fay")[:players]]


class NetworkedTable:
    """A hosted table with every seat held by a token and read into its own `RemoteSession`."""

    def __init__(self, game: str, players: int, rules: dict, seed: int) -> None:
        self.table = HostedTable(Session(game, {"seats": seats(players), "rules": rules}, seed), "ROOMS")
        self.tokens = [self.table.sit(seat) for seat in range(players)]
        self.remotes: dict[int, RemoteSession] = {}
        self.deliver(self.table.snapshots())

    def deliver(self, messages: dict[int, list[dict]]) -> None:
        for seat, sent in messages.items():
            for message in map(wired, sent):
                assert message["type"] != "refused", f"seat {seat}'s move was refused: {message['reason']}"
                if seat not in self.remotes:
                    self.remotes[seat] = RemoteSession(message)
                elif message["type"] in ("snapshot", "move"):
                    self.remotes[seat].take(message)

    def play(self, seat: int, action) -> None:
        """The move as a table makes it: its own session checks it, then it goes to the host."""
        remote = self.remotes[seat]
        remote.apply(action)
        sent = remote.outbox.pop(0)
        self.deliver(self.table.act(self.tokens[seat], sent["action"], sent["seen"]))


def play_every_decision(game: str, players: int, rules: dict, checker: DecisionChecker, seed: int) -> None:
    table = NetworkedTable(game, players, rules, seed)
    session, rng, answered = table.table.session, Rng(seed), Counter()
    for _move in range(MOVES_AT_MOST):
        if session.game_over:
            return
        seat = session.to_move
        checker.check(session, table.remotes[seat])
        table.play(seat, checker.choose(table.remotes[seat], rng, answered))
    raise AssertionError(f"{game} with {players} did not end within {MOVES_AT_MOST} moves (seed {seed})")


@pytest.mark.parametrize("game", sorted({game for game, _players, _rules in MODES}))
def test_a_networked_seat_answers_every_decision_as_the_host_would(game):
    checker = DecisionChecker(game)
    for name, players, rules in MODES:
        if name == game:
            for seed in SEEDS:
                play_every_decision(game, players, rules, checker, seed)
    for name, players, rules, seed in RARE_DEALS:
        if name == game:
            play_every_decision(game, players, rules, checker, seed)
    assert not checker.missing(), f"{game}: never asked {sorted(checker.missing())}"


ONE_OF_EACH = [("chains", 3, {}), ("chainchain", 3, {"variant": "letters"}), ("linx", 3, {}), ("cubes", 2, {}),
               ("sovereigns-chain", 3, {})]


@pytest.mark.parametrize("game, players, rules", ONE_OF_EACH, ids=lambda v: str(v))
def test_through_the_real_server_each_seat_decides_for_itself_as_the_host_would(server, game, players, rules):
    session = Session(game, {"seats": seats(players), "rules": rules}, 3)
    code = server.open_room(session)
    clients = [sit(server, code, seat) for seat in range(players)]
    remotes = [RemoteSession(snapshot) for _client, _welcome, snapshot in clients]
    checker, rng, answered = DecisionChecker(game), Rng(3), Counter()
    try:
        for _move in range(MOVES_AT_MOST):
            for (client, _welcome, _snapshot), remote in zip(clients, remotes):
                catch_up(client, remote, len(session.moves))
            if session.game_over:
                break
            seat = session.to_move
            checker.check(session, remotes[seat])
            moved = len(session.moves)
            remotes[seat].apply(checker.choose(remotes[seat], rng, answered))
            clients[seat][0].send(remotes[seat].outbox.pop(0))
            wait_for_move(session, moved)
        assert session.game_over
        assert checker.checked > 10
    finally:
        for client, _welcome, _snapshot in clients:
            client.close()


def catch_up(client, remote: RemoteSession, moves: int) -> None:
    deadline = time.monotonic() + WAIT
    while (remote.moves[-1].number if remote.moves else 0) < moves:
        for message in client.poll():
            assert message["type"] != "refused", message
            if message["type"] in ("snapshot", "move"):
                remote.take(message)
        assert time.monotonic() < deadline, f"seat {remote.seat} was never told of move {moves}"
        time.sleep(0.001)


def wait_for_move(session: Session, moved: int) -> None:
    deadline = time.monotonic() + WAIT
    while len(session.moves) == moved:
        assert time.monotonic() < deadline, "the host never played the move"
        time.sleep(0.001)

"""The host's side of a table played over the network (game/net/hosting.py): seats held by
tokens, each seat sent exactly its stream as JSON with its own sequence numbers, a snapshot on
sitting down and after the table went back, actions checked by the engine and refused with the
reason."""

from __future__ import annotations

import json

import pytest

from game.core import cards_seen, to_json
from game.net.hosting import PROTOCOL, HostedTable, SeatTaken
from game.rng import Rng
from game.session import Session

SEATS = [{"name": "Ana"}, {"name": "Ben"}, {"name": "Cy", "kind": "computer", "difficulty": "random"}]


def hosted(game: str = "chains", seed: int = 4) -> tuple[HostedTable, dict[int, str]]:
    table = HostedTable(Session(game, {"seats": SEATS}, seed), "ABCD")
    return table, {seat: table.sit(seat) for seat in (0, 1)}


def test_each_human_seat_is_held_once_and_a_computers_never():
    table, tokens = hosted()
    assert table.open_seats() == [] and len(set(tokens.values())) == 2
    with pytest.raises(SeatTaken, match="taken"):
        table.sit(0)
    with pytest.raises(SeatTaken, match="not a player's seat"):
        table.sit(2)
    with pytest.raises(SeatTaken, match="join it again"):
        table.seat_of("forged")


def test_a_snapshot_is_the_seats_stream_as_json():
    table, _tokens = hosted()
    snapshot = table.snapshot(0)
    assert json.loads(json.dumps(snapshot)) == snapshot
    assert (snapshot["version"], snapshot["type"], snapshot["seq"]) == (PROTOCOL, "snapshot", 1)
    stream = table.session.stream(0)
    assert snapshot["view"] == to_json(stream.view) and snapshot["moves"] == [to_json(m) for m in stream.moves]
    assert [seat["name"] for seat in snapshot["config"]["seats"]] == ["Ana", "Ben", "Cy"] and snapshot["seat"] == 0


def play_a_move(table: HostedTable, tokens: dict[int, str], rng: Rng) -> dict[int, list[dict]]:
    """A move by whoever is to move (a random legal one for a person): the seats' messages."""
    session = table.session
    if session.to_move == 2:
        return table.computer_move(table.session.computer_action())
    seat = session.to_move
    legal = session.legal_actions()
    return table.act(tokens[seat], to_json(legal[rng.below(len(legal))]), table.seq.get(seat, 0))


def test_every_move_reaches_every_seat_in_order_and_hides_what_it_should():
    table, tokens = hosted()
    for seat in (0, 1):
        table.snapshot(seat)
    rng, rules = Rng(1), table.session.rules
    for _ in range(60):
        if table.session.game_over:
            break
        sent = play_a_move(table, tokens, rng)
        for seat, messages in sent.items():
            hidden = rules.hidden_cards(table.session.state, seat)
            assert [m["type"] for m in messages] and all(m["type"] == "move" for m in messages)
            assert [m["seq"] for m in messages] == list(range(table.seq[seat] - len(messages) + 1, table.seq[seat] + 1))
            stream = table.session.stream(seat)
            assert messages[-1]["view"] == to_json(stream.view)
            assert messages[-1]["move"] == to_json(stream.last_move)
            assert not cards_seen(stream.view, rules.card_types) & hidden


def test_an_action_out_of_turn_stale_or_illegal_is_refused_and_changes_nothing():
    table, tokens = hosted()
    for seat in (0, 1):
        table.snapshot(seat)
    mover = table.session.to_move
    other = 1 - mover
    log = list(table.session.log)
    legal = to_json(table.session.legal_actions()[0])
    refused = table.act(tokens[other], legal, table.seq[other])
    assert refused[other][0]["type"] == "refused" and refused[other][0]["reason"] == "it is not your turn"
    refused = table.act(tokens[mover], legal, 0)
    assert "moved on" in refused[mover][0]["reason"]
    refused = table.act(tokens[mover], {"type": "Play", "card": "ZZ", "chain": 9}, table.seq[mover])
    assert refused[mover][0]["type"] == "refused" and refused[mover][0]["reason"]
    assert table.session.log == log


def test_a_seat_whose_table_went_back_gets_a_snapshot():
    """After an undo the seat is sent its whole stream again, never a move it could misapply."""
    seats = [{"name": "Ana"}] + [{"name": name, "kind": "computer", "difficulty": "random"} for name in ("Ben", "Cy")]
    table = HostedTable(Session("chains", {"seats": seats}, 4), "ABCD")
    token = table.sit(0)
    table.snapshot(0)
    session, rng = table.session, Rng(2)
    while not session.can_undo:
        if session.to_move == 0:
            legal = session.legal_actions()
            table.act(token, to_json(legal[rng.below(len(legal))]), table.seq[0])
        else:
            table.computer_move(table.session.computer_action())
    shown = table.shown[0]
    session.undo()
    assert len(session.moves) < shown, "the table went back past what the seat was shown"
    news = table.news(0)
    assert [m["type"] for m in news] == ["snapshot"] and news[0]["moves"] == [to_json(m) for m in session.stream(0).moves]


@pytest.mark.parametrize("game", ["chains", "chainchain", "linx", "cubes", "sovereigns-chain"])
def test_a_joined_table_reads_what_the_host_hands_its_seat(game):
    """A RemoteSession fed the host's messages for seat 0 holds the host's stream for seat 0 after
    every move: the view, the moves, the log, the moves it may make, why one is refused and what
    one would do; a move made there waits to be sent and is never applied there."""
    from game.net.remote import RemoteSession
    from scenes.table.choosing import action_cards

    from game.registry import find_game

    others = ["Ben", "Cy", "Dee"][:find_game(game).rules.min_players - 1]
    seats = [{"name": "Ana"}] + [{"name": name, "kind": "computer", "difficulty": "random"} for name in others]
    table = HostedTable(Session(game, {"seats": seats}, 5), "ABCD")
    token = table.sit(0)
    remote = RemoteSession(table.snapshot(0))
    session, rng, checked = table.session, Rng(5), 0
    while not session.game_over and checked < 60:
        if session.to_move == 0:
            legal = remote.stream(0).legal_actions()
            action = legal[rng.below(len(legal))]
            assert remote.apply(action) == [] and remote.outbox[-1]["action"] == to_json(action)
            messages = table.act(token, remote.outbox.pop()["action"], table.seq[0])[0]
        else:
            messages = table.computer_move(session.computer_action())[0]
        for message in messages:
            remote.take(message)
        here, there = remote.stream(0), session.stream(0)
        assert here.view == there.view and here.moves == there.moves and here.log_lines() == there.log_lines()
        assert here.legal_actions() == there.legal_actions() and remote.stream(None).view == session.stream(None).view
        for action in [a for a in here.legal_actions() if action_cards(a)][:3]:  # a draw is told by its button
            assert here.foresee(action) == there.foresee(action)
        checked += 1
    assert checked > 5

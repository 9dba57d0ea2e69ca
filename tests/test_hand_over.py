"""A player leaving pass-and-play: a seat handed to a computer mid-game and back, logged so a
save replays it where it happened."""

from __future__ import annotations

import json
import random

import pytest

from game.core import IllegalAction
from game.session import SAVE_FORMAT, SaveError, Session


def table(kinds: str, seed: int = 4) -> Session:
    """A Chains session with one seat per letter of `kinds`: h a human, c a computer."""
    seats = [{"name": f"P{i}", "kind": "human" if k == "h" else "computer", "difficulty": "random"}
             for i, k in enumerate(kinds)]
    return Session("chains", {"seats": seats}, seed)


def play(session: Session, moves: int, seed: int = 1) -> None:
    rnd = random.Random(seed)
    for _ in range(moves):
        if session.game_over:
            return
        session.apply(rnd.choice(session.legal_actions()))


def test_a_human_seat_handed_to_a_computer_is_played_by_it():
    """Any human seat can be handed to a computer mid-game: it then moves by itself."""
    session = table("hh")
    play(session, 3)
    session.hand_over(1, "computer")
    assert session.human_seats == [0] and 1 in session.computers
    assert session.log[-1] == {"type": "SeatKind", "seat": 1, "kind": "computer"}


def test_a_seat_handed_back_is_a_player_again():
    """... and back: the seat is a human's again and no computer moves for it."""
    session = table("hh")
    session.hand_over(1, "computer")
    session.hand_over(1, "human")
    assert session.human_seats == [0, 1] and session.computers == {}


def test_a_seat_cannot_be_handed_to_what_it_already_is():
    session = table("hc")
    with pytest.raises(IllegalAction):
        session.hand_over(1, "computer")
    with pytest.raises(IllegalAction):
        session.hand_over(5, "human")


def test_a_save_round_trip_replays_the_hand_over_where_it_happened():
    """The save keeps the starting seats in its config and the change in its actions, in place."""
    session = table("hh")
    play(session, 4)
    session.hand_over(1, "computer")
    play(session, 4, seed=2)
    text = session.dumps()
    data = json.loads(text)
    assert data["format"] == SAVE_FORMAT == 5
    assert [seat["kind"] for seat in data["config"]["seats"]] == ["human", "human"]
    loaded = Session.loads(text)
    assert loaded.seats == session.seats and loaded.log == session.log
    assert loaded.view(None) == session.view(None) and sorted(loaded.computers) == [1]


def test_a_damaged_seat_change_is_refused_with_the_reason():
    session = table("hh")
    session.hand_over(1, "computer")
    data = session.to_save()
    data["actions"][-1] = {"type": "SeatKind", "seat": 1, "kind": "wizard"}
    with pytest.raises(SaveError, match="seat change"):
        Session.from_save(data)


def test_undo_does_not_go_back_over_a_seat_handed_over():
    """Undo never takes back a hand-over: the seats stay as they are now."""
    session = table("hc")
    while session.to_move != 0:
        play(session, 1)
    play(session, 1)
    session.hand_over(1, "human")
    assert not session.can_undo


def test_restart_keeps_the_seats_handed_over_in_this_game():
    """Restarting the deal deals the same cards again with the seats as they are now."""
    session = table("hh")
    dealt = session.view(0).hand
    play(session, 3)
    session.hand_over(1, "computer")
    session.restart()
    assert sorted(session.computers) == [1] and session.human_seats == [0]
    assert session.log == [{"type": "SeatKind", "seat": 1, "kind": "computer"}]
    assert session.view(0).hand == dealt

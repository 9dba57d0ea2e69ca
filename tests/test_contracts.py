"""The contracts every game shares (game/core.py): views, events, what play reveals."""

from __future__ import annotations

import dataclasses

import pytest

from game.core import NOTHING_REVEALED, Event, Revealed, View
from game.registry import GAMES


@pytest.mark.parametrize("descriptor", GAMES, ids=lambda d: d.name)
def test_every_view_is_a_view_with_the_fields_every_table_reads(descriptor):
    """Each game's view extends the shared View: seat, players, current, hand, hand counts,
    winners and the final hands, for any seat and for an onlooker."""
    rules = descriptor.rules
    state = rules.setup({"players": rules.min_players}, 3)
    for seat in (0, None):
        view = rules.view(state, seat)
        assert isinstance(view, View)
        assert view.seat == seat and view.players == rules.min_players
        assert view.current == rules.to_move(state) and view.winners is None
        assert len(view.hand_counts) == view.players and view.final_hands is None
        assert view.hand == (tuple(state.hands[seat]) if seat is not None else ())


@pytest.mark.parametrize("descriptor", GAMES, ids=lambda d: d.name)
def test_every_event_type_tells_the_move_log(descriptor):
    """Every event type of a game is an Event: a frozen dataclass with `text(names)`."""
    for event_type in descriptor.rules.event_types:
        assert dataclasses.is_dataclass(event_type) and event_type.__dataclass_params__.frozen
        assert issubclass(event_type, Event), event_type


@pytest.mark.parametrize("descriptor", GAMES, ids=lambda d: d.name)
def test_every_state_is_built_by_keyword(descriptor):
    """Game states are keyword-only dataclasses with slots."""
    state = descriptor.rules.setup({"players": descriptor.rules.min_players}, 1)
    assert dataclasses.is_dataclass(state) and not hasattr(state, "__dict__")
    assert all(f.kw_only for f in dataclasses.fields(state))


def test_a_whole_hand_revealed_counts_every_card():
    assert Revealed.whole_hand(5, "x") == Revealed(5, "x")
    assert Revealed.whole_hand(0, "x") is NOTHING_REVEALED


def test_a_card_that_could_be_one_of_them_lowers_the_count():
    assert Revealed(3, "x").played(True, 4) == Revealed(2, "x")
    assert Revealed(1, "x").played(True, 4) is NOTHING_REVEALED


def test_a_card_that_cannot_be_one_of_them_keeps_the_count_within_the_hand():
    assert Revealed(3, "x").played(False, 4) == Revealed(3, "x")
    assert Revealed(3, "x").played(False, 2) == Revealed(2, "x")


def test_several_cards_played_at_once_count_as_one_by_one():
    assert Revealed(4, "x").played(2, 3) == Revealed(2, "x") == Revealed(4, "x").played(1, 4).played(1, 3)
    assert Revealed(4, "x").played(0, 2) == Revealed(2, "x")


def test_nothing_revealed_stays_nothing():
    assert NOTHING_REVEALED.played(True, 0) is NOTHING_REVEALED

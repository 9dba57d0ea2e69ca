"""Actions whose fields have the wrong types are refused through the rules surface, in a player's
words, for every game (issue 17: a float cell in Cubes was accepted and made the save
unloadable; a string chain in Chains raised TypeError)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import card
from game.chainchain.rules import RULES as CHAINCHAIN
from game.chainchain.rules import Play as WordPlay
from game.chainchain.rules import Tile
from game.chains.rules import RULES as CHAINS
from game.chains.rules import Play
from game.core import IllegalAction, checkable, wrong_field
from game.cubes.rules import RULES as CUBES
from game.cubes.rules import Place
from game.registry import GAMES
from game.session import Session

RULES = [game.rules for game in GAMES]


def refused(rules, state, action, *words: str) -> str:
    """`action` is refused by apply (IllegalAction) and is_legal (False), naming `words`."""
    assert not rules.is_legal(state, action)
    with pytest.raises(IllegalAction) as info:
        rules.apply(state, action)
    for word in words:
        assert word in str(info.value), str(info.value)
    return str(info.value)


def cubes_placing():
    """Cubes after the first draw, with a legal placement to spoil."""
    start = CUBES.setup({"players": 2}, 3)
    state, _ = CUBES.apply(start, CUBES.legal_actions(start)[0])
    return state, next(a for a in CUBES.legal_actions(state) if isinstance(a, Place))


@pytest.mark.parametrize("rules", RULES, ids=lambda r: type(r).__name__)
def test_every_action_field_declares_a_type_the_check_knows(rules):
    """The check is read from the dataclass annotations: every game's actions must use types it
    understands, so no field goes unchecked."""
    for cls in rules.action_types + rules.card_types:
        assert checkable(cls, rules.card_types), cls


@pytest.mark.parametrize("field, spoil", [("x", float), ("y", float), ("x", bool), ("y", str), ("x", lambda v: None)])
def test_cubes_a_float_or_bool_cell_is_refused(field, spoil):
    """A float cell in Cubes was accepted (1.0 == 1) and made the save unloadable; a float, a
    bool or text is not a whole number."""
    state, place = cubes_placing()
    bad = dataclasses.replace(place, **{field: spoil(getattr(place, field))})
    refused(CUBES, state, bad, f"{field} must be a whole number")


def test_cubes_a_refused_float_cell_never_reaches_the_save():
    """The placement is one the session itself allows, so only the float cell can refuse it."""
    session = Session("cubes", {"seats": [{"name": "A"}, {"name": "B"}]}, 3)
    session.apply(session.legal_actions()[0])
    place = next(a for a in session.legal_actions() if isinstance(a, Place))
    logged = list(session.log)
    with pytest.raises(IllegalAction, match="x must be a whole number"):
        session.apply(Place(place.card, float(place.x), place.y))
    assert session.log == logged
    assert Session.loads(session.dumps()).log == logged


@pytest.mark.parametrize("chain", ["1", 1.0, True, None, [0]])
def test_chains_a_chain_that_is_not_a_whole_number_is_refused(chain):
    """A string chain in Chains raised TypeError; now refused in words."""
    state = CHAINS.setup({"players": 2}, 1)
    play = next(a for a in CHAINS.legal_actions(state) if isinstance(a, Play))
    refused(CHAINS, state, Play(play.card, chain), "chain must be a whole number")


@pytest.mark.parametrize("bad_card", ["7H", 7, None, ("7", "H")])
def test_chains_a_card_that_is_not_a_card_is_refused(bad_card):
    state = CHAINS.setup({"players": 2}, 1)
    refused(CHAINS, state, Play(bad_card, 0), "card must be a card")


def test_chainchain_tiles_and_words_of_the_wrong_type_are_refused():
    state = CHAINCHAIN.setup({"players": 4}, 2)
    play = CHAINCHAIN.legal_actions(state)[0]
    refused(CHAINCHAIN, state, WordPlay(play.first, play.second, 7), "word must be text")
    refused(CHAINCHAIN, state, WordPlay(Tile(play.first.face, 0.0), play.second, ""), "first must be a tile")
    refused(CHAINCHAIN, state, WordPlay(play.first, "3", ""), "second must be a tile")


@pytest.mark.parametrize("rules", RULES, ids=lambda r: type(r).__name__)
def test_something_that_is_not_a_move_of_the_game_is_refused(rules):
    state = rules.setup({"players": (rules.standard_players or (rules.min_players,))[0]}, 1)
    for thing in ("pass", None, 3, Place(card("AS"), 0, 0) if rules is not CUBES else Play(card("AS"), 0)):
        refused(rules, state, thing, "not a move of this game")


def test_wrong_field_names_the_field_and_the_value_cut_short():
    message = wrong_field(Play(card("7H"), "x" * 500), ())
    assert message.startswith("chain must be a whole number, not 'xxx") and len(message) < 100


@settings(max_examples=200, deadline=None)
@given(rules=st.sampled_from(RULES), data=st.data())
def test_any_field_values_are_refused_or_legal_never_an_exception(rules, data):
    """Whatever values an action's fields hold, apply refuses with IllegalAction or plays it,
    and what it plays is well formed (Chain-Chain accepts any copy of a face, so a played action
    need not be the representative `legal_actions` lists)."""
    state = rules.setup({"players": (rules.standard_players or (rules.min_players,))[0]}, data.draw(st.integers(0, 50)))
    legal = rules.legal_actions(state)
    template = data.draw(st.sampled_from(legal))
    values = st.none() | st.booleans() | st.integers(-3, 60) | st.floats(allow_nan=False) | st.text(max_size=3) \
        | st.sampled_from([card("7H"), card("AS"), Tile("5", 0), (1, 2), 1.0, [0]])
    fields = {f.name: data.draw(values) if data.draw(st.booleans()) else getattr(template, f.name)
              for f in dataclasses.fields(template)}
    action = type(template)(**fields)
    try:
        rules.apply(state, action)
    except IllegalAction as err:
        assert str(err).strip()
    else:
        assert rules.is_legal(state, action) and wrong_field(action, rules.card_types) is None

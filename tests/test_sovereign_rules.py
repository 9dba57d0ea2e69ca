"""One test per sentence of the Sovereign's Chain rulings (rules/sovereigns-chain.md), the rulebook
sentences they rest on and its FAQ; every class ability and every event.

Positions are built with `table()` below and driven through `RULES.legal_actions` and
`RULES.apply`, the surface the table and the computer players use.
"""

from __future__ import annotations

import pytest

from game.core import IllegalAction, cards_seen
from game.rng import Rng
from game.sovereign import (BUILT_IN, RULES, Cover, Discard, EndTurn, Flip, Open, Pick, PlaceModifier, PlaceShield,
                            Placed, Play, PlayDiscard, Reveal, Salvage, SetSuit, ShiftSuit, Skip, SovereignState,
                            Tuck)
from game.sovereign.actions import (Discarded, Drew, EventDrawn, Fizzled, GameEnded, Played, RevealPhase, Scored,
                                    Tucked)
from game.sovereign.cards import EventCard
from game.sovereign.rules import begin_turn, resume
from game.sovereign.state import (EVERYONE, MODIFIER, MODIFIERS, SHIELD, SHIELDS, SUIT, SUIT_TOKENS, TokenCounts,
                                  Tokens, chain_score, full_supply)

CARDS = {c.short: c for c in BUILT_IN.cards}
EVENTS = {e.name: e for e in BUILT_IN.events}


# ---------------------------------------------------------------- helpers


def c(code: str):
    """A class card by code, e.g. "Scout-1" (the first Scout copy)."""
    return CARDS[code]


def up(code: str, **tokens) -> Placed:
    return Placed(c(code), True, EVERYONE, **tokens)


def down(code: str, known: int = 0, **tokens) -> Placed:
    return Placed(c(code), False, known, **tokens)


def table(chains, hands, *, draw_pile=(), discard=(), event="Calm Void", event_deck=(), current=0, fair_winds=False,
          supply=None, pools=None, began_own=None, phase="play") -> SovereignState:
    """An exact position at the start of `current`'s turn (or the given phase).

    chains: per seat a list of positions; a position is a Placed card or a list (bottom first).
    hands: per seat a list of card codes. draw_pile/discard: codes from the top down; every card not
    placed anywhere lies beneath the given draw pile. event_deck: event names from the top down."""
    players = len(hands)
    placed_chains = [[list(p) if isinstance(p, list) else [p] for p in chain] for chain in chains]
    hand_cards = [[c(code) for code in hand] for hand in hands]
    draw_pile_cards = [c(code) for code in draw_pile]
    discard_cards = [c(code) for code in discard]
    used = {p.card for chain in placed_chains for stack in chain for p in stack}
    used |= {card for hand in hand_cards for card in hand} | set(draw_pile_cards) | set(discard_cards)
    rest = [card for card in BUILT_IN.cards if card not in used]
    active = None if fair_winds else EVENTS[event]
    deck = [] if fair_winds else [EVENTS[name] for name in reversed(event_deck)]
    state = SovereignState(
        players=players, cards=BUILT_IN, fair_winds=fair_winds, dealer=players - 1, rng=Rng(5),
        hands=hand_cards, draw_pile=rest + list(reversed(draw_pile_cards)), discard=list(reversed(discard_cards)),
        chains=placed_chains, event_deck=deck, active_event=active, used_events=[],
        supply=supply or full_supply(), pools=pools or [Tokens() for _ in range(players)], current=current,
        phase=phase, picks=[None] * players, began_own=list(began_own) if began_own else [None] * players)
    held = state.tokens_on_cards()
    for pool in state.pools:
        held.add(pool)
    state.supply.shields -= held.shields
    state.supply.modifiers -= held.modifiers
    state.supply.suits -= held.suits
    if phase == "play":
        begin_turn(state, current)
    if phase == "reveal":
        state.first_to_seven = state.reveal_seat = current
    resume(state)
    return state


def turn_of(state, seat: int):
    """Skip ahead: `seat` starts a turn now."""
    state.pending = None
    begin_turn(state, seat)
    resume(state)
    return state


def play(state, *actions):
    """Apply actions in order; return the final state and all events."""
    events = []
    for action in actions:
        state, new = RULES.apply(state, action)
        events += new
    return state, events


def refused(state, action) -> str:
    with pytest.raises(IllegalAction) as info:
        RULES.apply(state, action)
    return str(info.value)


def codes(state, chain: int) -> list[str]:
    """The cards in play in a chain, by code."""
    return [stack[-1].card.short for stack in state.chains[chain]]


def tokens_conserved(state) -> bool:
    return state.all_tokens() == full_supply()


# ---------------------------------------------------------------- setup


def test_setup_one_active_event_five_cards_each_and_a_secret_face_down_first_pick():
    """Setup as the rulebook: event deck shuffled, one active event; 5 class cards each; each
    player secretly picks one card and all place them face down at once (no ability)."""
    state = RULES.setup({"players": 3}, 11)
    assert state.active_event is not None and len(state.event_deck) == 14
    assert [len(h) for h in state.hands] == [5, 5, 5] and len(state.draw_pile) == 70 - 15
    assert RULES.legal_actions(state) == [Open(card) for card in state.hands[RULES.to_move(state)]]
    first = RULES.to_move(state)
    pick = state.hands[first][0]
    state, _ = RULES.apply(state, Open(pick))
    other = RULES.to_move(state)
    assert other != first and state.chains == [[], [], []]
    assert RULES.view(state, other).own_pick is None and RULES.view(state, first).own_pick == pick
    assert RULES.public_action(Open(pick), other) == Open(None)
    while state.phase == "opening":
        state, _ = RULES.apply(state, RULES.legal_actions(state)[0])
    assert all(len(chain) == 1 and not chain[0][0].face_up for chain in state.chains)
    assert state.chains[first][0][0].card == pick
    assert RULES.view(state, other).chains[first][0][0].card is None
    assert state.pools == [Tokens()] * 3 and state.supply == full_supply()


def test_play_begins_with_the_player_left_of_the_dealer():
    """Turns begin with the player to the left of the dealer; for the next game the deal passes left."""
    state = RULES.setup({"players": 3, "dealer": 1}, 2)
    while state.phase == "opening":
        state, _ = RULES.apply(state, RULES.legal_actions(state)[0])
    assert state.current == 2
    assert RULES.next_game_config({"players": 3, "dealer": 2}, state)["dealer"] == 0


# ---------------------------------------------------------------- the turn


def test_a_turn_plays_one_card_face_up_at_the_right_end_of_any_chain_then_draws_one():
    """The player must play one class card face up at the right end of any chain (own or an
    opponent's); then they draw one card."""
    state = table([[up("Magistrate-2")], [up("Sentinel-2")]], [["Mercenary-1"], ["Envoy-1"]],
                  draw_pile=["Scout-1"])
    assert {a.chain for a in RULES.legal_actions(state)} == {0, 1}
    assert all(a.face_up for a in RULES.legal_actions(state))
    state, events = play(state, Play(c("Mercenary-1"), 1), SetSuit(1, 1, "star"))
    assert codes(state, 1) == ["Sentinel-2", "Mercenary-1"] and state.chains[1][1][0].face_up
    assert state.hands[0] == [c("Scout-1")] and state.current == 1
    assert Drew(0, 1, (c("Scout-1"),)) in events
    assert RULES.redact(Drew(0, 1, (c("Scout-1"),)), 1) == Drew(0, 1, None)


def test_face_up_is_the_only_way_to_play_without_an_ability_or_event():
    """Cards are played face up unless the event says face down."""
    state = table([[up("Magistrate-2")], [up("Sentinel-2")]], [["Sentinel-1"], ["Envoy-1"]])
    assert "face up" in refused(state, Play(c("Sentinel-1"), 0, False))


def test_a_chain_already_at_7_cannot_take_a_card():
    """A chain already at 7 cannot take a card."""
    seven = [up(f"Sentinel-{i}") for i in range(1, 8)]
    state = table([[up("Magistrate-2")], seven], [["Artificer-1"], ["Envoy-1"]])
    assert {a.chain for a in RULES.legal_actions(state)} == {0}
    assert "7 cards" in refused(state, Play(c("Artificer-1"), 1))


def test_the_placing_player_resolves_E_first_then_the_ability():
    """The placing player resolves the card: first its (E) if it has one (a new event at once),
    then its ability."""
    state = table([[up("Magistrate-2"), up("Sentinel-1")], [up("Sentinel-2")]], [["Scout-7"], ["Envoy-1"]],
                  event_deck=["Tribute"])
    state, events = play(state, Play(c("Scout-7"), 1))
    assert state.active_event.name == "Tribute" and type(events[-1]) is EventDrawn
    assert state.pending.kind == "discard" and state.pending.seat == 0
    assert Discard(1, 1) not in RULES.legal_actions(state), "one *other* card"


def test_a_player_with_no_class_card_in_hand_only_draws():
    """A player with no class card in hand only draws."""
    state = table([[up("Magistrate-2")], [up("Sentinel-2")]], [[], ["Envoy-1"]], draw_pile=["Scout-1"])
    assert state.current == 1 and state.hands[0] == [c("Scout-1")]


def test_the_discard_pile_is_reshuffled_when_the_draw_pile_runs_out():
    """Then they draw one card (discard pile reshuffled into the draw pile when it runs out)."""
    state = table([[up("Magistrate-2")], [up("Sentinel-2")]], [["Sentinel-1"], ["Envoy-1"]])
    state.discard, state.draw_pile = state.draw_pile[:], []
    state, _ = play(state, Play(c("Sentinel-1"), 0), EndTurn())
    assert len(state.hands[0]) == 1 and len(state.discard) == 0 and len(state.draw_pile) == 70 - 5


def test_no_minimum_or_maximum_hand_size():
    """There is no minimum or maximum hand size: Supply Run grows a hand past five."""
    hand = ["Sentinel-1", "Sentinel-3", "Sentinel-5", "Artificer-1", "Artificer-2"]
    state = table([[up("Magistrate-2")], [up("Sentinel-2")]], [hand, ["Envoy-1"]], event="Supply Run")
    state, _ = play(state, Play(c("Sentinel-1"), 0), EndTurn())
    assert len(state.hands[0]) == 6


# ---------------------------------------------------------------- terms: positions, suits, values, tokens


def test_suit_is_the_suit_token_if_any_else_the_printed_suit_and_a_bare_mercenary_has_none():
    """A card's suit is its suit token if it has one, else its printed suit; a Mercenary with no
    token has no suit and scores for neither side."""
    assert up("Scout-1").suit == "star" and up("Scout-1", suit_token="planet").suit == "planet"
    assert up("Mercenary-7").suit == "" and chain_score([[up("Mercenary-7")], [up("Scout-2")]]) == 1


def test_value_is_printed_value_plus_modifier_tokens():
    """A card's value is its printed value plus its modifier tokens (each +1 or -1)."""
    assert up("Sentinel-7", mods=(1, 1, -1)).value == 8


def test_only_the_top_card_of_a_position_is_in_play_and_can_be_targeted():
    """A position is a stack of cards; only its top card is in play. Chain length = number of
    positions. Only cards in play can be targeted."""
    state = table([[up("Magistrate-2"), [up("Sentinel-1"), up("Acolyte-1")]], [up("Sentinel-2")]],
                  [["Envoy-1"], ["Envoy-2"]])
    assert len(state.chains[0]) == 2
    state, _ = play(state, Play(c("Envoy-1"), 1))
    assert {(a.chain, a.place) for a in RULES.legal_actions(state)} == {(0, 0), (0, 1), (1, 0), (1, 1)}
    state, _ = play(state, SetSuit(0, 1, "planet"))
    assert state.chains[0][1][-1].suit_token == "planet" and state.chains[0][1][0].suit_token is None


def test_a_shielded_card_cannot_be_targeted_tokens_included_and_keeps_its_tokens():
    """A shielded card cannot be targeted by any ability or effect, tokens included. Tokens already
    on it stay (FAQ: shields keep old tokens)."""
    state = table([[up("Magistrate-2"), up("Sentinel-7", shield=True, mods=(1,), suit_token="star")],
                   [up("Sentinel-2")]], [["Scout-2"], ["Envoy-2"]], pools=[Tokens(shields=1, modifiers=2), Tokens()])
    state, _ = play(state, Play(c("Scout-2"), 1))
    assert Discard(0, 1) not in RULES.legal_actions(state)
    assert "shielded" in refused(state, Discard(0, 1))
    state, _ = play(state, Discard(0, 0))
    assert PlaceModifier(0, 0, 1) not in RULES.legal_actions(state)
    assert PlaceShield(0, 0) not in RULES.legal_actions(state)
    assert state.chains[0][0][0].mods == (1,) and state.chains[0][0][0].suit_token == "star"


def test_removal_takes_tokens_to_supply_uncovers_the_card_beneath_and_closes_up():
    """Removing a card takes its tokens with it (back to the supply). If a card lay beneath it,
    that card comes back into play with its own tokens. A position left empty closes up
    (FAQ: only the topmost card and its tokens are removed)."""
    beneath = up("Sentinel-4", mods=(1,))
    state = table([[up("Magistrate-2"), [beneath, up("Acolyte-2", mods=(1, -1))], up("Sentinel-6")],
                   [up("Sentinel-2")]], [["Scout-2", "Scout-3"], ["Envoy-2"]])
    supply = state.supply.modifiers
    state, events = play(state, Play(c("Scout-2"), 1), Discard(0, 1))
    assert state.chains[0][1] == [beneath] and state.supply.modifiers == supply + 2
    assert Discarded(0, c("Acolyte-2"), 0, 1, True) in events
    assert tokens_conserved(state)
    state = table([[up("Magistrate-2"), up("Sentinel-4"), up("Sentinel-6")], [up("Sentinel-2")]],
                  [["Scout-2"], ["Envoy-2"]])
    state, _ = play(state, Play(c("Scout-2"), 1), Discard(0, 1))
    assert codes(state, 0) == ["Magistrate-2", "Sentinel-6"]


def test_the_token_supply_is_finite_and_an_ability_needing_a_token_that_is_out_does_nothing():
    """Token supply is finite: 13 shields, 21 modifiers, 21 suit tokens. An ability that needs a
    token that is out does nothing."""
    state = table([[up("Magistrate-2")], [up("Sentinel-2")]], [["Envoy-2"], ["Envoy-3"]],
                  supply=Tokens(SHIELDS, MODIFIERS, 0))
    state, events = play(state, Play(c("Envoy-2"), 0))
    assert any(type(e) is Fizzled for e in events) and state.pending.kind != "change_suit"
    state = table([[up("Magistrate-2")], [up("Sentinel-2")]], [["Artificer-1"], ["Envoy-3"]],
                  supply=Tokens(SHIELDS, 1, SUIT_TOKENS))
    state, _ = play(state, Play(c("Artificer-1"), 0))
    assert state.pools[0] == Tokens(modifiers=1) and state.supply.modifiers == 0


def test_pool_tokens_are_placed_during_ones_own_turn_on_unshielded_cards_in_play():
    """Then they may place pool tokens (any time during their turn)."""
    state = table([[up("Magistrate-2")], [up("Sentinel-2")]], [["Sentinel-1"], ["Envoy-3"]],
                  pools=[Tokens(shields=1, modifiers=1), Tokens()])
    state, _ = play(state, Play(c("Sentinel-1"), 0))
    assert state.pending.kind == "tokens" and state.pending.seat == 0
    state, _ = play(state, PlaceModifier(1, 0, -1), PlaceShield(0, 1), EndTurn())
    assert state.chains[1][0][0].value == 4 and state.chains[0][1][0].shield
    assert state.current == 1 and state.pools[0] == Tokens(shields=1) and tokens_conserved(state)
    assert "+1 or -1" in refused(table([[up("Magistrate-2")], [up("Sentinel-2")]], [["Sentinel-1"], ["Envoy-3"]],
                                       pools=[Tokens(modifiers=1), Tokens()], phase="tokens"), PlaceModifier(1, 0, 2))


# ---------------------------------------------------------------- the ten classes


def test_scout_discards_one_other_card_in_play_from_any_chain():
    """Scout: discard one other card in play from any chain."""
    state = table([[up("Magistrate-2")], [up("Sentinel-2"), up("Sentinel-7")]], [["Scout-1"], ["Envoy-3"]])
    state, _ = play(state, Play(c("Scout-1"), 0))
    assert set(RULES.legal_actions(state)) == {Discard(0, 0), Discard(1, 0), Discard(1, 1)}
    state, _ = play(state, Discard(1, 1))
    assert codes(state, 1) == ["Sentinel-2"] and c("Sentinel-7") in state.discard


def test_envoy_changes_the_suit_of_one_card_in_play_with_a_suit_token():
    """Envoy: change the suit of one card in play (suit token)."""
    state = table([[up("Magistrate-2")], [up("Sentinel-2"), up("Mercenary-7")]], [["Envoy-1"], ["Envoy-3"]])
    state, _ = play(state, Play(c("Envoy-1"), 0))
    legal = set(RULES.legal_actions(state))
    assert SetSuit(1, 0, "planet") in legal and SetSuit(1, 0, "star") not in legal
    assert {SetSuit(1, 1, "star"), SetSuit(1, 1, "planet")} <= legal
    supply = state.supply.suits
    state, _ = play(state, SetSuit(1, 0, "planet"))
    assert state.chains[1][0][0].suit == "planet" and state.supply.suits == supply - 1


def test_empath_may_turn_a_card_face_down():
    """Empath: you may turn one card in play face up or face down."""
    state = table([[up("Magistrate-2")], [up("Sentinel-7")]], [["Empath-1"], ["Envoy-3"]])
    state, _ = play(state, Play(c("Empath-1"), 0))
    assert Skip() in RULES.legal_actions(state)
    state, _ = play(state, Flip(1, 0))
    assert not state.chains[1][0][0].face_up and chain_score(state.chains[1]) == 7


def test_empath_turning_a_card_up_reveals_it_and_its_chains_owner_resolves_it():
    """A card turned up is revealed: its chain's owner resolves it."""
    state = table([[up("Magistrate-2")], [down("Artificer-1", known=2)]], [["Empath-1"], ["Envoy-3"]])
    state, _ = play(state, Play(c("Empath-1"), 0), Flip(1, 0))
    assert state.pools[1] == Tokens(modifiers=2) and state.pools[0] == Tokens()
    state = table([[up("Magistrate-2")], [down("Scout-1", known=2)]], [["Empath-1"], ["Envoy-3"]])
    state, _ = play(state, Play(c("Empath-1"), 0), Flip(1, 0))
    assert state.pending.kind == "discard" and state.pending.seat == 1


def test_faq_a_card_turned_face_down_and_revealed_again_triggers_again():
    """FAQ: a card played face up, later turned face down, triggers again when revealed."""
    state = table([[up("Magistrate-2"), up("Artificer-1")], [up("Sentinel-2")]], [["Empath-1", "Empath-2"], []],
                  pools=[Tokens(modifiers=2), Tokens()])
    state, _ = play(state, Play(c("Empath-1"), 1), Flip(0, 1), EndTurn())
    assert not state.chains[0][1][0].face_up
    state = turn_of(state, 0)
    state, _ = play(state, Play(c("Empath-2"), 1), Flip(0, 1))
    assert state.pools[0].modifiers == 4


def test_runner_may_tuck_a_card_face_down_beneath_itself():
    """Runner: you may play one card from hand face down beneath this Runner."""
    state = table([[up("Magistrate-2")], [up("Sentinel-2")]], [["Runner-1", "Sentinel-7"], ["Envoy-3"]])
    state, events = play(state, Play(c("Runner-1"), 0))
    assert Skip() in RULES.legal_actions(state)
    state, events = play(state, Tuck(c("Sentinel-7")))
    stack = state.chains[0][1]
    assert [p.card.short for p in stack] == ["Sentinel-7", "Runner-1"] and not stack[0].face_up and stack[0].tucked
    assert len(state.chains[0]) == 2 and chain_score(state.chains[0]) == 6 - 1
    assert RULES.view(state, 1).chains[0][1][0].card is None
    assert RULES.redact(Tucked(0, c("Sentinel-7"), 0, 1), 1).card is None
    assert RULES.public_action(Tuck(c("Sentinel-7")), 1) == Tuck(None)


def test_acolyte_may_move_onto_any_face_up_card_in_play_covering_it():
    """Acolyte: you may move this Acolyte onto any face-up card in play in any chain, covering it."""
    state = table([[up("Magistrate-2")], [up("Sentinel-7"), down("Sentinel-6")]], [["Acolyte-1"], ["Envoy-3"]])
    state, _ = play(state, Play(c("Acolyte-1"), 0))
    assert set(RULES.legal_actions(state)) == {Cover(0, 0), Cover(1, 0), Skip()}
    state, _ = play(state, Cover(1, 0))
    assert codes(state, 0) == ["Magistrate-2"] and codes(state, 1) == ["Acolyte-1", "Sentinel-6"]
    assert state.chains[1][0][0].card == c("Sentinel-7")


def test_smuggler_may_play_one_more_card_face_up_or_down_on_any_chain_up_to_7():
    """Smuggler: you may play one more card from hand, face up or face down, on any chain (7 at
    most). FAQ: extra plays may go on any chain, including your own, while it has fewer than 7."""
    six = [up(f"Sentinel-{i}") for i in range(1, 7)]
    state = table([[up("Magistrate-2")], six], [["Smuggler-1", "Artificer-1"], ["Envoy-3"]],
                  event="Blockade")
    state, _ = play(state, Play(c("Smuggler-1"), 1))
    legal = set(RULES.legal_actions(state))
    assert {Play(c("Artificer-1"), 0, True), Play(c("Artificer-1"), 0, False), Skip()} == legal
    state, events = play(state, Play(c("Artificer-1"), 0, False))
    assert not state.chains[0][1][0].face_up and state.pools[0] == Tokens()
    assert RULES.redact(events[0], 1).card is None
    assert RULES.public_action(Play(c("Artificer-1"), 0, False), 1) == Play(None, 0, False)


def test_artificer_takes_two_modifier_tokens_into_the_pool():
    """Artificer: take two modifier tokens into your pool."""
    state = table([[up("Magistrate-2")], [up("Sentinel-2")]], [["Artificer-1"], ["Envoy-3"]])
    state, _ = play(state, Play(c("Artificer-1"), 1))
    assert state.pools[0] == Tokens(modifiers=2) and state.supply.modifiers == MODIFIERS - 2


def test_sentinel_takes_one_shield_token_into_the_pool():
    """Sentinel: take one shield token into your pool."""
    state = table([[up("Magistrate-2")], [up("Sentinel-2")]], [["Sentinel-1"], ["Envoy-3"]])
    state, _ = play(state, Play(c("Sentinel-1"), 0))
    assert state.pools[0] == Tokens(shields=1) and state.supply.shields == SHIELDS - 1


def test_mercenary_chooses_its_own_suit():
    """Mercenary: choose this card's suit (suit token)."""
    state = table([[up("Magistrate-2")], [up("Sentinel-2")]], [["Mercenary-4"], ["Envoy-3"]])
    state, _ = play(state, Play(c("Mercenary-4"), 0))
    assert set(RULES.legal_actions(state)) == {SetSuit(0, 1, "star"), SetSuit(0, 1, "planet")}
    state, _ = play(state, SetSuit(0, 1, "star"))
    assert chain_score(state.chains[0]) == 6 + 6


def test_magistrate_draws_a_new_event_once():
    """Magistrate: draw a new event (that is its ability)."""
    state = table([[up("Magistrate-2")], [up("Sentinel-2")]], [["Magistrate-1"], ["Envoy-3"]],
                  event_deck=["Famine", "Tribute"])
    state, events = play(state, Play(c("Magistrate-1"), 0))
    assert state.active_event.name == "Famine" and [type(e) for e in events].count(EventDrawn) == 1


# ---------------------------------------------------------------- events


def start(event, hands, chains=None, **kw):
    chains = chains or [[up("Magistrate-2")], [up("Sentinel-2")]]
    return table(chains, hands, event=event, **kw)


def test_calm_void_has_no_effect():
    state = start("Calm Void", [["Sentinel-1"], ["Envoy-3"]])
    assert {a.chain for a in RULES.legal_actions(state)} == {0, 1}


def test_blockade_allows_plays_only_on_an_opponents_chain():
    state = start("Blockade", [["Sentinel-1"], ["Envoy-3"]])
    assert {a.chain for a in RULES.legal_actions(state)} == {1}
    assert "Blockade" in refused(state, Play(c("Sentinel-1"), 0))


def test_homeward_allows_plays_only_on_your_own_chain():
    state = start("Homeward", [["Sentinel-1"], ["Envoy-3"]])
    assert {a.chain for a in RULES.legal_actions(state)} == {0}


def test_nebula_plays_cards_without_E_face_down_with_no_ability_until_revealed():
    """Nebula: class cards without (E) are played face down (no ability until revealed)."""
    state = start("Nebula", [["Artificer-1"], ["Envoy-3"]], event_deck=["Famine"])
    assert all(not a.face_up for a in RULES.legal_actions(state) if type(a) is Play)
    assert "without (E) is played face down" in refused(state, Play(c("Artificer-1"), 0, True))
    state, _ = play(state, Play(c("Artificer-1"), 0, False))
    assert state.active_event.name == "Nebula" and not state.chains[0][1][0].face_up
    assert state.chains[0][1][0].known == 1 and state.pools[0] == Tokens()


def test_revised_nebula_a_card_with_E_is_played_face_up_and_its_new_event_ends_the_nebula():
    """Revised: a card that carries (E) is played face up as usual under Nebula, and its new event
    ends the Nebula (with every card face down no (E) could ever resolve)."""
    state = start("Nebula", [["Magistrate-1", "Artificer-1"], ["Envoy-3"]], event_deck=["Famine"])
    plays = [a for a in RULES.legal_actions(state) if type(a) is Play]
    assert {a.face_up for a in plays if a.card == c("Magistrate-1")} == {True}
    assert {a.face_up for a in plays if a.card == c("Artificer-1")} == {False}
    assert "(E) is played face up" in refused(state, Play(c("Magistrate-1"), 0, False))
    state, events = play(state, Play(c("Magistrate-1"), 0))
    assert state.chains[0][1][0].face_up and EventDrawn(EVENTS["Famine"]) in events
    assert state.active_event.name == "Famine"


def test_a_card_file_naming_the_old_face_down_rule_keeps_every_card_face_down():
    """A player's own card file keeps the rule names it uses: `face_down` still turns every class
    card face down, (E) cards too."""
    state = start("Calm Void", [["Magistrate-1"], ["Envoy-3"]])
    state.active_event = EventCard("Nebula", "face_down", "Class cards are played face down.")
    state = turn_of(state, 0)
    assert {a.face_up for a in RULES.legal_actions(state) if type(a) is Play} == {False}
    assert "Nebula" in refused(state, Play(c("Magistrate-1"), 0, True))


def test_hostile_orbit_plays_the_top_discard_unseen_until_it_lands_face_up():
    """Hostile Orbit: you may play the top card of the discard pile instead of a card from hand,
    unseen until it lands face up (FAQ: no peeking at it first)."""
    state = start("Hostile Orbit", [["Sentinel-1"], ["Envoy-3"]], discard=["Artificer-3", "Scout-2"])
    assert PlayDiscard(1) in RULES.legal_actions(state)
    assert RULES.view(state, 0).discard_count == 2
    assert c("Artificer-3") not in cards_seen(RULES.view(state, 0), RULES.card_types)
    state, events = play(state, PlayDiscard(1))
    assert events[0] == Played(0, c("Artificer-3"), 1, 1, True, True)
    assert state.pools[0] == Tokens(modifiers=2)


def test_ion_storm_forbids_placing_modifier_tokens():
    state = start("Ion Storm", [["Sentinel-1"], ["Envoy-3"]], pools=[Tokens(modifiers=2), Tokens()])
    state, _ = play(state, Play(c("Sentinel-1"), 0))
    assert not any(type(a) is PlaceModifier for a in RULES.legal_actions(state))
    assert any(type(a) is PlaceShield for a in RULES.legal_actions(state))


def test_jamming_field_forbids_placing_shield_tokens():
    state = start("Jamming Field", [["Sentinel-1"], ["Envoy-3"]], pools=[Tokens(modifiers=2), Tokens()])
    state, _ = play(state, Play(c("Sentinel-1"), 0))
    assert state.current == 0 and not any(type(a) is PlaceShield for a in RULES.legal_actions(state))


def test_ceasefire_stops_abilities_removing_cards():
    state = start("Ceasefire", [["Scout-1"], ["Envoy-3"]])
    state, events = play(state, Play(c("Scout-1"), 1))
    assert any(type(e) is Fizzled for e in events) and state.current == 1
    assert codes(state, 1) == ["Sentinel-2", "Scout-1"]


def test_supply_run_draws_two_and_famine_draws_none():
    state = start("Supply Run", [["Sentinel-1"], ["Envoy-3"]])
    state, _ = play(state, Play(c("Sentinel-1"), 0), EndTurn())
    assert len(state.hands[0]) == 2
    state = start("Famine", [["Sentinel-1"], ["Envoy-3"]])
    state, _ = play(state, Play(c("Sentinel-1"), 0), EndTurn())
    assert state.hands[0] == []


def test_polarity_shift_may_flip_the_suit_of_a_card_played_face_up():
    state = start("Polarity Shift", [["Sentinel-1"], ["Envoy-3"]])
    state, _ = play(state, Play(c("Sentinel-1"), 0))
    assert set(RULES.legal_actions(state)) == {ShiftSuit(), Skip()}
    state, _ = play(state, ShiftSuit())
    assert state.chains[0][1][0].suit == "star"


def test_polarity_shifts_offer_is_labelled_by_the_event_and_the_cards_own_ability_by_the_card():
    """The flip offered under Polarity Shift is the event's, not the ability of the card just
    played; that card's own choice, after it, is labelled by its class."""
    from scenes.games.sovereign.words import choice_prompt

    state = start("Polarity Shift", [["Empath-1"], ["Envoy-3"]],
                  chains=[[up("Magistrate-2")], [up("Sentinel-2"), down("Scout-1")]])
    state, _ = play(state, Play(c("Empath-1"), 0))
    view = RULES.view(state, 0)
    assert view.asker() == "Polarity Shift"
    assert choice_prompt(view, "Ana", suit_buttons=False).startswith("Polarity Shift: flip the suit")
    state, _ = play(state, Skip())
    view = RULES.view(state, 0)
    assert view.pending.kind == "flip" and view.asker() == "Empath"
    assert choice_prompt(view, "Ana", suit_buttons=False).startswith("Empath: choose a card to turn over")


def test_a_score_is_so_far_on_every_row_while_a_card_of_its_chain_is_still_to_be_revealed():
    """Ana's face-down Scout is known to her, yet her score, like Ben's view of it, is "so far":
    the Scout resolves when revealed. Ben's chain of face-up cards is final for both; Cleo's
    Runner with a card tucked face down beneath is so far, and an Acolyte over it is not (that
    card is never revealed)."""
    from game.sovereign.describe import chain_summary

    runner = [down("Sentinel-1", known=4, tucked=True), up("Runner-1")]
    chains = [[up("Magistrate-2"), down("Scout-1", known=1)], [up("Sentinel-2")], [up("Envoy-1"), runner],
              [[down("Sentinel-3", known=8, tucked=True), up("Runner-2"), up("Acolyte-1")]]]
    state = start("Calm Void", [["Empath-1"], ["Envoy-3"], ["Envoy-4"], ["Envoy-5"]], chains=chains)
    for seat in range(4):
        view = RULES.view(state, seat)
        so_far = ["(so far)" in chain_summary(view.chains[chain]) for chain in range(4)]
        assert so_far == [True, False, True, False], seat


def test_momentum_alternates_own_and_opponent_chains_between_ones_turns():
    """Momentum: if your previous turn began with a play on your own chain, play on an
    opponent's chain now, and the other way round."""
    state = start("Momentum", [["Sentinel-1"], ["Envoy-3"]], began_own=[True, None])
    assert {a.chain for a in RULES.legal_actions(state)} == {1}
    state = start("Momentum", [["Sentinel-1"], ["Envoy-3"]], began_own=[False, None])
    assert {a.chain for a in RULES.legal_actions(state)} == {0}


def test_faq_a_card_drawing_an_event_is_not_bound_by_momentum():
    """FAQ: with an "if your previous turn began with..." event active, a player about to draw a
    new event follows the new event only."""
    state = start("Momentum", [["Sentinel-1", "Magistrate-1"], ["Envoy-3"]], began_own=[True, None])
    legal = set(RULES.legal_actions(state))
    assert Play(c("Magistrate-1"), 0) in legal and Play(c("Sentinel-1"), 0) not in legal


def test_tribute_gives_a_modifier_token_for_a_play_on_an_opponents_chain():
    state = start("Tribute", [["Sentinel-1", "Sentinel-3"], ["Envoy-3"]])
    state, _ = play(state, Play(c("Sentinel-1"), 1))
    assert state.pools[0] == Tokens(shields=1, modifiers=1)


def test_salvage_may_discard_a_card_from_hand_to_draw_one_at_the_start_of_the_turn():
    state = start("Salvage", [["Sentinel-1"], ["Envoy-3"]], draw_pile=["Scout-1"])
    assert set(RULES.legal_actions(state)) == {Salvage(c("Sentinel-1")), Skip()}
    state, _ = play(state, Salvage(c("Sentinel-1")))
    assert state.hands[0] == [c("Scout-1")] and state.discard == [c("Sentinel-1")]
    assert RULES.public_action(Salvage(c("Sentinel-1")), 1) == Salvage(None)


def test_open_skies_allows_a_second_card_before_drawing():
    state = start("Open Skies", [["Sentinel-1", "Sentinel-3"], ["Envoy-3"]])
    state, _ = play(state, Play(c("Sentinel-1"), 0))
    assert Skip() in RULES.legal_actions(state) and state.pending.kind == "second"
    state, _ = play(state, Play(c("Sentinel-3"), 1))
    assert state.pending.kind == "tokens" and len(state.hands[0]) == 0


def test_faq_E_switches_the_event_mid_turn_and_the_new_one_applies_at_once():
    """FAQ: before playing a card with (E) you follow the current event; once it is played you
    follow the new event, as you are still in the middle of your turn."""
    state = start("Open Skies", [["Scout-7", "Sentinel-1"], ["Envoy-3"]], event_deck=["Ceasefire"])
    state, events = play(state, Play(c("Scout-7"), 1))
    assert state.active_event.name == "Ceasefire" and any(type(e) is Fizzled for e in events)
    assert state.pending.kind != "second"


def test_used_events_are_reshuffled_into_a_new_deck_when_it_runs_out():
    """When the event deck runs out, shuffle the used events (except the active one) into a new deck."""
    state = start("Calm Void", [["Magistrate-1", "Magistrate-3"], ["Envoy-3"]], event_deck=["Famine"])
    state, _ = play(state, Play(c("Magistrate-1"), 0))
    state = turn_of(state, 0)
    state, _ = play(state, Play(c("Magistrate-3"), 0))
    assert state.active_event.name == "Calm Void" and state.used_events == [EVENTS["Famine"]]


def test_fair_winds_has_no_event_deck_and_ignores_E():
    """Fair Winds: no event deck; (E) is ignored; everything else applies."""
    state = RULES.setup({"players": 2, "fair_winds": True}, 3)
    assert state.active_event is None and state.event_deck == []
    state = table([[up("Magistrate-2")], [up("Sentinel-2")]], [["Scout-7"], ["Envoy-3"]], fair_winds=True)
    state, events = play(state, Play(c("Scout-7"), 1))
    assert not any(type(e) is EventDrawn for e in events) and state.pending.kind == "discard"


# ---------------------------------------------------------------- the end


def six_and(card_codes):
    return [up(code) for code in card_codes]


def test_a_turn_ending_with_a_chain_at_7_starts_the_reveal_phase_and_forfeits_pools():
    """When a turn ends with any chain at 7 or more positions, the game ends: the Reveal Phase,
    then scoring. Pool tokens are forfeited as the Reveal Phase starts."""
    chain = six_and([f"Sentinel-{i}" for i in range(1, 7)])
    state = table([[up("Magistrate-2"), down("Artificer-1", known=1)], chain], [["Sentinel-7"], ["Envoy-3"]],
                  pools=[Tokens(), Tokens(shields=1, modifiers=1)])
    state, events = play(state, Play(c("Sentinel-7"), 1), EndTurn())
    assert RevealPhase(1) in events
    assert state.phase == "reveal" and state.pools == [Tokens(), Tokens()] and tokens_conserved(state)
    assert state.pending == type(state.pending)("reveal", 0, None)


def test_reveal_phase_starts_with_the_chain_that_reached_7_then_turn_order():
    """Reveal Phase: starting with the player whose chain reached 7 first, then in turn order,
    each player with a face-down card in play reveals one of their choice; the chain owner resolves."""
    state = table([[up("Magistrate-2"), down("Artificer-1", known=1), down("Sentinel-1", known=1)],
                   [down("Envoy-1", known=2)] + six_and([f"Sentinel-{i}" for i in range(2, 8)])],
                  [["Scout-1"], ["Envoy-3"]], current=1, phase="tokens")
    assert state.pending.kind == "reveal" and state.pending.seat == 1
    state, _ = play(state, Reveal(0))
    assert state.pending.kind == "change_suit" and state.pending.seat == 1
    state, _ = play(state, SetSuit(1, 1, "planet"))
    assert state.pending.seat == 0 and set(RULES.legal_actions(state)) == {Reveal(1), Reveal(2)}
    state, _ = play(state, Reveal(1))
    assert state.pending.kind == "tokens" and state.pending.seat == 0, "tokens gained now may be placed now"
    state, _ = play(state, PlaceModifier(0, 1, 1), EndTurn())
    assert state.pending == type(state.pending)("reveal", 0, None) and state.pools[0] == Tokens(modifiers=1)
    state, events = play(state, Reveal(2), EndTurn())
    assert state.winners is not None and any(type(e) is Scored for e in events)


def test_events_are_off_in_the_reveal_phase_and_E_does_nothing():
    """Reveal Phase: events are off; (E) does nothing."""
    state = table([[up("Magistrate-2"), down("Scout-7", known=1)],
                   six_and([f"Sentinel-{i}" for i in range(1, 8)])], [[], []], event="Ceasefire",
                  event_deck=["Famine"], phase="reveal")
    state.first_to_seven = state.reveal_seat = 0
    resume(state)
    state, events = play(state, Reveal(1))
    assert state.active_event.name == "Ceasefire" and state.pending.kind == "discard"


def test_scoring_example_26_minus_10_is_16():
    """Rulebook example: a chain of 6 cards, 2 stars totalling 10 and 4 planets, scores 16
    (26 - 10 = 16; the ruling reads the planets as 26, as the sum says)."""
    chain = [up("Mercenary-7", suit_token="star"), up("Scout-1"),
             up("Magistrate-7"), up("Sentinel-7"), up("Magistrate-1"), up("Envoy-7")]
    assert [p.suit for stack in [[p] for p in chain] for p in stack].count("planet") == 4
    assert sum(p.value for p in chain if p.suit == "star") == 10
    assert sum(p.value for p in chain if p.suit == "planet") == 26
    assert chain_score([[p] for p in chain]) == 16


def scored_table(chains, hands, **kw):
    """A Reveal Phase with nothing left to reveal: it goes straight on to scoring."""
    return table(chains, hands, phase="reveal", **kw)


def test_highest_score_wins():
    """Scoring: per chain, total the values of cards in play by suit; score = |stars - planets|.
    Highest wins."""
    state = scored_table([[up("Sentinel-7")], [up("Sentinel-6"), up("Scout-2")]], [[], []])
    assert state.winners == (0,) and state.final_scores == (7, 6)
    assert RULES.outcome(state).winners == (0,)


def test_a_tie_goes_to_sudden_death_without_drawing_each_playing_a_secret_pick_face_up_on_their_own_chain():
    """Sudden death for a tied top score: tied players, without drawing, each secretly pick a card
    and play it face up on their own chain; resolve in turn order under the current event, re-score;
    repeat until the tie breaks."""
    state = scored_table([[up("Sentinel-7")], [up("Sentinel-4")], [up("Sentinel-6")]],
                         [["Scout-1", "Sentinel-1"], ["Sentinel-3"], ["Envoy-1"]])
    assert state.phase == "sudden_pick" and state.contenders == (0, 2)
    assert RULES.legal_actions(state) == [Pick(c("Scout-1")), Pick(c("Sentinel-1"))]
    state, events = play(state, Pick(c("Sentinel-1")))
    assert RULES.view(state, 2).picked == (True, False, False) and RULES.view(state, 2).own_pick is None
    assert RULES.public_action(Pick(c("Sentinel-1")), 2) == Pick(None)
    state, events = play(state, Pick(c("Envoy-1")), EndTurn())
    assert state.pending.kind == "change_suit" and state.pending.seat == 2
    assert chain_score(state.chains[0]) == 11 and chain_score(state.chains[2]) == 6
    state, more = play(state, SetSuit(0, 1, "star"))
    events += more
    assert state.winners == (2,) and not any(type(e) is Drew for e in events)


def test_a_tied_player_with_an_empty_hand_loses_sudden_death():
    """A tied player with an empty hand loses."""
    state = scored_table([[up("Sentinel-7")], [up("Sentinel-6")]], [["Scout-1"], []])
    assert state.winners == (0,)
    state = scored_table([[up("Sentinel-7")], [up("Sentinel-6")]], [[], []])
    assert state.winners == (0, 1)


def test_sudden_death_repeats_until_the_tie_breaks():
    state = scored_table([[up("Sentinel-7")], [up("Sentinel-6")]],
                         [["Magistrate-3", "Magistrate-5"], ["Magistrate-2", "Magistrate-1"]])
    state, events = play(state, Pick(c("Magistrate-3")), Pick(c("Magistrate-2")))
    assert state.winners is None and state.phase == "sudden_pick" and chain_score(state.chains[0]) == 13
    state, events = play(state, Pick(c("Magistrate-5")), Pick(c("Magistrate-1")))
    assert state.winners == (0,) and state.final_scores == (20, 8)


def test_faq_a_runners_tucked_card_is_revealed_at_the_end_and_stays_beneath():
    """FAQ: a Runner revealed at the end of the game: the chain owner plays another card face down
    beneath it and reveals it at once (ruling: it is resolved, and stays beneath)."""
    state = table([[up("Magistrate-2"), down("Runner-1", known=1)],
                   six_and([f"Sentinel-{i}" for i in range(1, 8)])], [["Artificer-1"], []], phase="reveal")
    state, _ = play(state, Reveal(1), Tuck(c("Artificer-1")))
    stack = state.chains[0][1]
    assert [p.card.short for p in stack] == ["Artificer-1", "Runner-1"] and stack[0].face_up
    assert state.pending.kind == "tokens" and state.pools[0] == Tokens(modifiers=2)


def test_a_tucked_card_under_a_runner_in_play_is_revealed_in_the_reveal_phase():
    """In the Reveal Phase, that card (beneath a Runner) is revealed and resolved, and stays beneath."""
    runner = [down("Sentinel-1", known=1, tucked=True), up("Runner-1")]
    state = table([[up("Magistrate-2"), runner], six_and([f"Sentinel-{i}" for i in range(2, 8)])],
                  [[], []], phase="reveal")
    assert RULES.legal_actions(state) == [Reveal(1, True)]
    state, _ = play(state, Reveal(1, True))
    assert state.chains[0][1][0].face_up and state.pending.kind == "tokens"


def test_the_result_says_the_winners_score_as_the_other_games_do():
    """"Ana wins with a score of 16", as Cubes and LINX give the winner's points; a shared win
    (two or three players) gives the score they share."""
    runner = [down("Sentinel-1", known=1, tucked=True), up("Runner-1")]
    state = table([[up("Magistrate-2"), runner], six_and([f"Sentinel-{i}" for i in range(2, 8)])],
                  [[], []], phase="reveal")
    state, events = play(state, Reveal(1, True), EndTurn())
    [scored], [ended] = [e for e in events if type(e) is Scored], [e for e in events if type(e) is GameEnded]
    [winner] = ended.winners
    assert ended.score == scored.scores[winner] == max(scored.scores)
    assert ended.text(["Ana", "Ben"]) == f"{['Ana', 'Ben'][winner]} wins with a score of {ended.score}"
    assert GameEnded((0, 2), 9).text(["Ana", "Ben", "Cleo"]) == "Ana and Cleo share the win with a score of 9"
    assert GameEnded((1, 0), 9).text(["You", "Ben"]) == "Ben and You share the win with a score of 9"
    assert GameEnded((0,), 9).text(["You", "Ben"]) == "You win with a score of 9"


def test_a_game_end_kept_before_the_score_was_told_still_reads():
    """A networked game kept on this device holds the host's events as they were sent: a field
    added since takes its default; one that was always there is still required."""
    from game.core import from_json
    from game.sovereign.actions import EVENT_TYPES

    assert from_json({"type": "GameEnded", "winners": [1]}, EVENT_TYPES).text(["Ana", "Ben"]) == "Ben wins"
    with pytest.raises(ValueError, match="missing 'winners'"):
        from_json({"type": "GameEnded", "score": 3}, EVENT_TYPES)


def test_faq_an_acolyte_over_a_runner_keeps_the_tucked_card_hidden():
    """FAQ: an Acolyte covering a Runner that covers a card: only the top card is in play, so the
    card beneath the Runner is not revealed at the end."""
    stack = [down("Sentinel-1", known=1, tucked=True), up("Runner-1"), up("Acolyte-1")]
    state = table([[up("Magistrate-2"), stack], six_and([f"Sentinel-{i}" for i in range(2, 8)])],
                  [[], []], phase="reveal")
    assert state.winners is not None and not state.chains[0][1][0].face_up


def test_faq_extra_plays_stop_at_7_and_removal_takes_only_the_top_card():
    """FAQ: extra plays go on any chain as long as it does not exceed 7; a removal takes only the
    topmost card and its tokens."""
    seven = six_and([f"Sentinel-{i}" for i in range(1, 8)])
    state = table([[up("Magistrate-2")], seven], [["Smuggler-1", "Scout-1"], ["Envoy-3"]])
    state, _ = play(state, Play(c("Smuggler-1"), 0))
    assert {a.chain for a in RULES.legal_actions(state) if type(a) is Play} == {0}


def test_envoy_may_give_a_face_down_card_either_suit_without_learning_its_own():
    """Change the suit of one card in play: a face-down card's suit is not seen, so either suit
    may be given (the choices must not reveal it)."""
    state = table([[up("Magistrate-2")], [down("Sentinel-7")]], [["Envoy-1"], ["Envoy-3"]])
    state, _ = play(state, Play(c("Envoy-1"), 0))
    assert {SetSuit(1, 0, "star"), SetSuit(1, 0, "planet")} <= set(RULES.legal_actions(state))


def test_the_game_still_ends_when_the_first_chain_at_7_ends_the_reveal_phase_shorter():
    """Rulebook note: if the first chain that reached 7 cards ends up with fewer than 7 after the
    Reveal Phase, the game still ends and scoring occurs."""
    seven = six_and([f"Sentinel-{i}" for i in range(1, 8)])
    state = table([[up("Magistrate-2"), down("Scout-1", known=1)], seven], [[], []], phase="reveal")
    state, _ = play(state, Reveal(1), Discard(1, 6))
    assert len(state.chains[1]) == 6 and state.winners is not None
    assert state.final_scores[1] == (5 + 6 + 7) - (4 + 5 + 6)


# ---------------------------------------------------------------- gaps: decided where the rulebook is silent
# (listed in the docstring of game/sovereign/rules.py)


def test_gap_a_round_without_a_play_or_a_draw_ends_the_game_from_the_seat_whose_turn_ended():
    """Decided: a whole round of turns without a play or a draw (every hand empty under Famine)
    starts the Reveal Phase, beginning with the seat whose turn ended last."""
    state = table([[up("Magistrate-2"), down("Artificer-1", known=1)], [down("Envoy-1", known=2)]], [[], []],
                  event="Famine")
    assert state.phase == "reveal" and state.first_to_seven == 1
    assert state.pending.kind == "reveal" and state.pending.seat == 1


def test_gap_when_two_chains_reach_7_in_one_turn_the_first_to_reach_it_begins_the_reveal_phase():
    """Decided: when a turn's play and an extra play bring two chains to 7, the chain that reached
    7 first begins the Reveal Phase."""
    own = [down("Artificer-1", known=1)] + six_and([f"Sentinel-{i}" for i in range(1, 6)])
    other = [down("Envoy-1", known=2)] + six_and([f"Magistrate-{i}" for i in range(1, 6)])
    for first, second in ((1, 0), (0, 1)):
        state = table([own, other], [["Smuggler-1", "Scout-1"], ["Envoy-3"]])
        state, _ = play(state, Play(c("Smuggler-1"), first), Play(c("Scout-1"), second, False))
        assert state.first_to_seven == first and state.pending == type(state.pending)("reveal", first, None)


def test_gap_extra_plays_ignore_the_events_chain_limits_and_are_not_the_turns_play():
    """Decided: an extra play goes on any chain with room whatever Blockade, Homeward or Momentum
    allow; it is not the turn's play for Momentum or Open Skies; it never comes from Hostile Orbit's
    discard; Tribute pays for it."""
    for event in ("Homeward", "Blockade"):
        state = start(event, [["Smuggler-1", "Sentinel-1"], ["Envoy-3"]])
        state, _ = play(state, next(a for a in RULES.legal_actions(state) if a.card == c("Smuggler-1")))
        assert {a.chain for a in RULES.legal_actions(state) if type(a) is Play} == {0, 1}
    state = start("Momentum", [["Smuggler-1", "Sentinel-1"], ["Envoy-3"]], began_own=[False, None])
    state, _ = play(state, Play(c("Smuggler-1"), 0), Play(c("Sentinel-1"), 1), EndTurn())
    assert state.began_own[0] is True, "the turn began on its own chain: the Smuggler's play"
    state = start("Open Skies", [["Smuggler-1", "Sentinel-1", "Sentinel-3"], ["Envoy-3"]])
    state, _ = play(state, Play(c("Smuggler-1"), 0), Play(c("Sentinel-1"), 1))
    assert state.pending.kind == "second", "the second play is still to come"
    state = start("Hostile Orbit", [["Smuggler-1", "Sentinel-1"], ["Envoy-3"]], discard=["Scout-2"])
    state, _ = play(state, Play(c("Smuggler-1"), 0))
    assert not any(type(a) is PlayDiscard for a in RULES.legal_actions(state))
    state = start("Tribute", [["Smuggler-1", "Sentinel-1"], ["Envoy-3"]])
    state, _ = play(state, Play(c("Smuggler-1"), 0), Play(c("Sentinel-1"), 1, False))
    assert state.pools[0] == Tokens(modifiers=1)


def test_revised_pool_tokens_may_be_placed_before_the_first_play():
    """Revised: pool tokens may be placed at any moment of their holder's own turn: before the
    first play (the play is then offered again)."""
    state = table([[up("Magistrate-2")], [up("Sentinel-2")]], [["Magistrate-1"], ["Envoy-3"]],
                  pools=[Tokens(shields=1, modifiers=1), Tokens()])
    legal = RULES.legal_actions(state)
    assert state.pending.kind == "play" and PlaceModifier(1, 0, -1) in legal and PlaceShield(0, 0) in legal
    state, events = play(state, PlaceModifier(1, 0, -1))
    assert state.pending.kind == "play" and state.chains[1][0][0].value == 4 and state.pools[0] == Tokens(shields=1)
    assert not any(type(e) is Drew for e in events)
    state, _ = play(state, PlaceShield(0, 0), Play(c("Magistrate-1"), 0))
    assert state.current == 1 and state.pools[0] == Tokens() and tokens_conserved(state)


def test_revised_pool_tokens_may_be_placed_between_the_two_plays_of_open_skies():
    """Revised: ... between two plays of one turn (Open Skies)."""
    state = start("Open Skies", [["Magistrate-1", "Magistrate-3"], ["Envoy-3"]], pools=[Tokens(modifiers=1), Tokens()])
    state, _ = play(state, Play(c("Magistrate-1"), 0))
    assert state.pending.kind == "second" and PlaceModifier(1, 0, 1) in RULES.legal_actions(state)
    state, _ = play(state, PlaceModifier(1, 0, 1))
    assert state.pending.kind == "second" and state.pools[0] == Tokens()
    state, _ = play(state, Play(c("Magistrate-3"), 1))
    assert state.current == 1 and codes(state, 1) == ["Sentinel-2", "Magistrate-3"]


def test_revised_pool_tokens_may_be_placed_between_a_play_and_the_smugglers_extra_play():
    """Revised: ... between two plays of one turn (the Smuggler's extra play), and after the last
    play, up to the draw."""
    state = table([[up("Magistrate-2")], [up("Sentinel-2")]], [["Smuggler-1", "Sentinel-1"], ["Envoy-3"]],
                  pools=[Tokens(shields=1, modifiers=1), Tokens()])
    state, _ = play(state, Play(c("Smuggler-1"), 0))
    assert state.pending.kind == "extra_play" and PlaceModifier(0, 1, 1) in RULES.legal_actions(state)
    state, _ = play(state, PlaceModifier(0, 1, 1))
    assert state.pending.kind == "extra_play" and state.chains[0][1][0].value == 2
    assert PlaceModifier(0, 1, 1) not in RULES.legal_actions(state), "the pool holds no modifier now"
    state, events = play(state, Play(c("Sentinel-1"), 1))
    assert state.pending.kind == "tokens" and not any(type(e) is Drew for e in events)
    state, events = play(state, PlaceShield(1, 1), EndTurn())
    assert state.current == 1 and any(type(e) is Drew for e in events) and tokens_conserved(state)


def test_revised_pool_tokens_are_never_placed_in_another_players_turn():
    """Revised: never during another player's turn: a Smuggler turned up on a chain resolves for
    its owner, whose extra play then offers no token."""
    state = table([[up("Magistrate-2")], [down("Smuggler-1", known=2)]], [["Empath-1"], ["Sentinel-1"]],
                  pools=[Tokens(), Tokens(shields=1, modifiers=1)])
    state, _ = play(state, Play(c("Empath-1"), 0), Flip(1, 0))
    assert state.pending.kind == "extra_play" and state.pending.seat == 1 and state.current == 0
    assert not any(type(a) in (PlaceModifier, PlaceShield) for a in RULES.legal_actions(state))


def test_revised_tokens_gained_in_the_reveal_phase_wait_for_later_reveal_turns_and_are_forfeited_at_scoring():
    """Revised: a token gained in the Reveal Phase goes to its taker's pool and may be placed during
    any of that player's reveal turns, the one it came in or a later one, before or after that
    turn's reveal; whatever is still held at scoring is forfeited."""
    state = table([[up("Magistrate-2"), down("Artificer-1", known=1), down("Sentinel-1", known=1)],
                   [down("Envoy-1", known=2)] + six_and([f"Sentinel-{i}" for i in range(2, 8)])],
                  [[], []], phase="reveal")
    state, _ = play(state, Reveal(1))
    assert state.pools[0] == Tokens(modifiers=2) and state.pending.kind == "tokens" and state.pending.seat == 0
    state, _ = play(state, EndTurn())
    assert state.pools[0] == Tokens(modifiers=2), "kept for a later reveal turn"
    state, _ = play(state, Reveal(0), SetSuit(1, 1, "planet"))
    assert state.pending == type(state.pending)("reveal", 0, None)
    assert PlaceModifier(0, 1, 1) in RULES.legal_actions(state), "before this turn's reveal"
    state, _ = play(state, PlaceModifier(0, 1, 1), Reveal(2))
    assert state.pools[0] == Tokens(shields=1, modifiers=1) and state.pending.kind == "tokens", "after it"
    state, _ = play(state, EndTurn())
    assert state.winners is not None and state.pools == [Tokens(), Tokens()] and tokens_conserved(state)


def test_revised_tokens_gained_in_sudden_death_wait_for_their_takers_later_sudden_death_plays():
    """Revised: tokens gained in sudden death may be placed during their taker's sudden-death
    plays, this round or a later one."""
    state = scored_table([[up("Sentinel-7")], [up("Sentinel-6")]],
                         [["Artificer-1", "Magistrate-5"], ["Runner-5", "Magistrate-1"]])
    state, _ = play(state, Pick(c("Artificer-1")), Pick(c("Runner-5")))
    assert state.pending.kind == "tokens" and state.pools[0] == Tokens(modifiers=2)
    state, _ = play(state, EndTurn(), Skip())
    assert state.phase == "sudden_pick" and state.pools[0] == Tokens(modifiers=2) and state.winners is None
    state, _ = play(state, Pick(c("Magistrate-5")), Pick(c("Magistrate-1")))
    assert state.pending.kind == "tokens" and state.pending.seat == 0
    state, _ = play(state, PlaceModifier(0, 2, 1), EndTurn())
    assert state.final_scores == (12, 1) and state.winners == (0,)
    assert state.pools == [Tokens(), Tokens()] and tokens_conserved(state)


def test_sudden_death_cards_go_face_up_even_under_nebula():
    """Sudden death: each tied player's card goes face up on their own chain, even under Nebula
    (the chain is scored at once, so a face-down card could never count)."""
    state = scored_table([[up("Sentinel-7")], [up("Sentinel-6")]], [["Sentinel-3"], ["Sentinel-1"]],
                         event="Nebula")
    state, _ = play(state, Pick(c("Sentinel-3")), Pick(c("Sentinel-1")), EndTurn(), EndTurn())
    assert all(stack[-1].face_up for chain in state.chains for stack in chain)
    assert state.final_scores == (12, 3) and state.winners == (0,)


def test_short_supply_an_ability_takes_what_is_left():
    """Short supply: an ability that takes more tokens than the supply holds takes what is left
    (the Artificer with one modifier left takes one); with none left it does nothing."""
    state = table([[up("Magistrate-2")], [up("Sentinel-2")]], [["Artificer-1"], ["Envoy-3"]],
                  supply=Tokens(SHIELDS, 1, SUIT_TOKENS))
    state, _ = play(state, Play(c("Artificer-1"), 0))
    assert state.pools[0] == Tokens(modifiers=1) and state.supply.modifiers == 0
    state = table([[up("Magistrate-2")], [up("Sentinel-2")]], [["Artificer-1"], ["Envoy-3"]],
                  supply=Tokens(SHIELDS, 0, SUIT_TOKENS))
    state, _ = play(state, Play(c("Artificer-1"), 0))
    assert state.pools[0] == Tokens() and state.supply.modifiers == 0


def test_a_view_shows_the_supply_and_the_pools_frozen_and_a_guess_counts_them_again():
    """A view keeps the token counts of the moment it was made (the state's own change in place);
    the search's guessed state counts them in new, changeable pools."""
    state = table([[up("Magistrate-2", mods=(1,))], [up("Sentinel-2", shield=True)]], [["Scout-2"], ["Envoy-3"]],
                  pools=[Tokens(modifiers=2), Tokens(shields=1)])
    view = RULES.view(state, 0)
    assert view.supply == TokenCounts(SHIELDS - 2, MODIFIERS - 3, SUIT_TOKENS)
    assert view.pools == (TokenCounts(0, 2, 0), TokenCounts(1, 0, 0))
    state, _ = play(state, PlaceModifier(0, 0, 1))
    assert state.pools[0].modifiers == 1 and view.pools[0].modifiers == 2
    guessed = RULES.determinize(view, Rng(4))
    assert guessed.supply == Tokens(SHIELDS - 2, MODIFIERS - 3, SUIT_TOKENS)
    assert guessed.pools == [Tokens(modifiers=2), Tokens(shields=1)] and tokens_conserved(guessed)
    guessed.pools[0].modifiers -= 1
    assert view.pools[0].modifiers == 2


def test_tokens_taken_are_as_many_as_there_are_and_the_rest_stays():
    supply = Tokens(shields=1, modifiers=3)
    assert supply.take(MODIFIER, 2) == 2 and supply.take(SHIELD, 2) == 1 and supply.take(SUIT) == 0
    assert supply == Tokens(modifiers=1)
    supply.give(SUIT, 2)
    pool = Tokens(shields=2)
    pool.empty_into(supply)
    assert pool == Tokens() and supply == Tokens(shields=2, modifiers=1, suits=2)


def test_a_face_down_card_shows_its_face_only_to_the_players_who_saw_it():
    """Memory of face-down cards: a card placed face down shows its face to the players who saw it
    (whoever placed it); to everyone else it is a back, the chain's owner included."""
    state = start("Nebula", [["Artificer-1"], ["Envoy-3"], ["Envoy-2"]],
                  chains=[[up("Magistrate-2")], [up("Sentinel-2")], [up("Sentinel-3")]])
    state, _ = play(state, Play(c("Artificer-1"), 1, False))
    assert RULES.view(state, 0).in_play(1, 1).card == c("Artificer-1")
    assert RULES.view(state, 1).in_play(1, 1).card is None and RULES.view(state, 2).in_play(1, 1).card is None
    assert c("Artificer-1") in RULES.hidden_cards(state, 1) and c("Artificer-1") not in RULES.hidden_cards(state, 0)


def test_revised_sudden_death_closes_the_chains_outside_the_tie():
    """Revised: the chains of players outside the tie are closed once scored: their scores stand,
    and no ability or token of the sudden death may target them; the winner is the contender who
    breaks the tie, and every score shown is the one its chain was judged on."""
    state = scored_table([[up("Sentinel-7")], [up("Sentinel-6")], [up("Sentinel-4")]],
                         [["Scout-1"], ["Artificer-1"], ["Sentinel-3"]])
    assert state.contenders == (0, 1) and state.final_scores is None
    state, _ = play(state, Pick(c("Scout-1")), Pick(c("Artificer-1")))
    assert state.pending.kind == "discard"
    assert set(RULES.legal_actions(state)) == {Discard(0, 0), Discard(1, 0)}, "seat 2's card is out of reach"
    assert "sudden death" in RULES.why_illegal(state, Discard(2, 0))
    state, _ = play(state, Discard(1, 0))
    assert state.pools[1] == Tokens(modifiers=2)
    aimed = {(a.chain, a.place) for a in RULES.legal_actions(state) if type(a) is PlaceModifier}
    assert aimed == {(0, 0), (0, 1), (1, 0)}
    with pytest.raises(IllegalAction, match="sudden death"):
        RULES.apply(state, PlaceModifier(2, 0, 1))
    state, _ = play(state, EndTurn())
    assert state.winners == (0,) and state.final_scores == (6, 3, 6)
    assert chain_score(state.chains[2]) == 6


def test_gap_tied_players_who_run_out_of_cards_together_share_the_win():
    """Decided: a tied player with an empty hand loses sudden death; when every tied player's hand
    is empty at once, they share the win (no one is left to win it alone)."""
    state = scored_table([[up("Sentinel-7")], [up("Sentinel-6")], [up("Sentinel-4")]], [[], [], ["Scout-1"]])
    assert state.winners == (0, 1) and RULES.outcome(state).winners == (0, 1)


def test_gap_after_a_turn_without_a_play_momentum_leaves_the_next_turn_free():
    """Decided: a turn without a play began on no chain, so Momentum does not bind the next one."""
    state = table([[up("Magistrate-2")], [up("Sentinel-2")]], [[], ["Envoy-3"]], draw_pile=["Sentinel-1"],
                  event="Momentum", began_own=[True, None])
    assert state.began_own[0] is None
    state = turn_of(state, 0)
    assert {a.chain for a in RULES.legal_actions(state)} == {0, 1}


def test_gap_polarity_shift_offers_nothing_for_a_card_without_a_suit():
    """Decided: Polarity Shift flips a suit; a Mercenary played face up has none yet (it chooses
    one by its ability, after the offer), so no flip is offered."""
    state = start("Polarity Shift", [["Mercenary-1"], ["Envoy-3"]])
    state, _ = play(state, Play(c("Mercenary-1"), 0))
    assert state.pending.kind == "choose_suit"


def test_gap_a_card_the_empath_turns_face_down_stays_known_to_every_seat():
    """Decided: every seat saw the card face up, so every seat still knows it once it is face down
    (it still scores, and is revealed again at the end)."""
    state = table([[up("Magistrate-2")], [up("Sentinel-7")], [up("Sentinel-2")]],
                  [["Empath-1"], ["Envoy-3"], ["Envoy-2"]])
    state, _ = play(state, Play(c("Empath-1"), 0), Flip(1, 0))
    assert not state.chains[1][0][0].face_up
    assert all(RULES.view(state, seat).in_play(1, 0).card == c("Sentinel-7") for seat in range(3))


def test_gap_the_empath_may_turn_itself_over():
    """Decided: the Empath's "one card in play" includes itself (the Scout alone says "other")."""
    state = table([[up("Magistrate-2")], [up("Sentinel-7")]], [["Empath-1"], ["Envoy-3"]])
    state, _ = play(state, Play(c("Empath-1"), 0))
    assert Flip(0, 1) in RULES.legal_actions(state)
    state, _ = play(state, Flip(0, 1))
    assert not state.chains[0][1][0].face_up and state.chains[0][1][0].card == c("Empath-1")


def test_gap_salvage_is_not_offered_to_an_empty_hand():
    """Decided: with Salvage active, a player with no card in hand has nothing to discard: the
    turn goes straight on (here, to drawing)."""
    state = start("Salvage", [[], ["Envoy-3"]], draw_pile=["Scout-1"])
    assert state.current == 1 and state.hands[0] == [c("Scout-1")]


# ---------------------------------------------------------------- rulings revised 2026-11


def test_revised_in_the_reveal_phase_an_empath_only_turns_a_card_face_up():
    """Revised: in the Reveal Phase an Empath may only turn a card face up, never face down (two
    Empaths could otherwise turn each other down and be revealed again for ever)."""
    state = table([[up("Magistrate-2"), up("Artificer-1"), down("Empath-1", known=1), down("Sentinel-1", known=1)],
                   [down("Envoy-1", known=2)] + six_and([f"Sentinel-{i}" for i in range(2, 8)])],
                  [["Scout-1"], ["Envoy-3"]], current=1, phase="tokens")
    state, _ = play(state, Reveal(0), SetSuit(1, 1, "planet"))
    assert state.pending.kind == "reveal" and state.pending.seat == 0
    state, _ = play(state, Reveal(2))
    assert state.pending.kind == "flip" and state.pending.seat == 0
    assert set(RULES.legal_actions(state)) == {Flip(0, 3), Skip()}, "only the face-down Sentinel, turned up"
    with pytest.raises(IllegalAction):
        RULES.apply(state, Flip(0, 1))
    with pytest.raises(IllegalAction):
        RULES.apply(state, Flip(1, 0))
    state, _ = play(state, Flip(0, 3))
    assert state.chains[0][3][-1].face_up and state.pools[0] == Tokens(shields=1)


def test_revised_an_empath_still_turns_a_card_face_down_in_play():
    """Outside the Reveal Phase the Empath turns one card face up or face down, as printed."""
    state = table([[up("Magistrate-2")], [up("Sentinel-7"), down("Sentinel-6", known=2)]], [["Empath-1"], ["Envoy-3"]])
    state, _ = play(state, Play(c("Empath-1"), 0))
    assert {Flip(0, 0), Flip(1, 0), Flip(1, 1), Flip(0, 1)} <= set(RULES.legal_actions(state))


def test_revised_ceasefire_also_stops_an_acolytes_move():
    """Ceasefire: abilities cannot remove cards from chains. An Acolyte does not move either
    (revised: its move takes it off its place in its chain, which is a removal)."""
    state = start("Ceasefire", [["Acolyte-1"], ["Envoy-3"]], chains=[[up("Magistrate-2")], [up("Sentinel-7")]])
    state, events = play(state, Play(c("Acolyte-1"), 0))
    assert Fizzled(0, c("Acolyte-1"), "Ceasefire: the Acolyte may not move") in events
    assert state.pending.kind != "cover" and codes(state, 0) == ["Magistrate-2", "Acolyte-1"]
    with pytest.raises(IllegalAction):
        RULES.apply(state, Cover(1, 0))
    calm = start("Calm Void", [["Acolyte-1"], ["Envoy-3"]], chains=[[up("Magistrate-2")], [up("Sentinel-7")]])
    calm, _ = play(calm, Play(c("Acolyte-1"), 0))
    assert calm.pending.kind == "cover", "without Ceasefire the Acolyte may move"


def test_revised_hard_in_the_reveal_phase_turns_only_a_face_down_card_up():
    """Revised: in the Reveal Phase an Empath may only turn a card face up. The computer at Hard
    decides from the same legal moves, never the old way (turning a face-up card down, its own
    Sentinel to take a second shield or an opponent's card to fire it again), at any seed."""
    from game.ai.levels import make_player
    from game.sovereign import GAME

    state = table([[up("Magistrate-2"), up("Sentinel-7"), down("Empath-1", known=1), down("Sentinel-1", known=1)],
                   [down("Envoy-1", known=2)] + six_and([f"Sentinel-{i}" for i in range(2, 7)] + ["Magistrate-1"])],
                  [["Scout-1"], ["Envoy-3"]], current=1, phase="tokens")
    state, _ = play(state, Reveal(0), SetSuit(1, 1, "planet"), Reveal(2))
    assert state.pending.kind == "flip" and state.pending.seat == 0
    for difficulty, seed in (("hard", 1), ("hard", 2), ("normal", 3)):
        player = make_player(GAME, difficulty, seed, budget=12)
        chosen = player.choose(RULES.view(state, 0), RULES.legal_actions(state))
        assert chosen in {Flip(0, 3), Skip()}, (difficulty, chosen)


def test_revised_an_acolyte_revealed_in_the_reveal_phase_moves_whatever_the_last_event():
    """An Acolyte revealed while Ceasefire was the last event still moves: events are off in the
    Reveal Phase, so Ceasefire stops nothing there (the ruling on Ceasefire is an event's)."""
    state = table([[up("Magistrate-2"), down("Acolyte-1", known=1)],
                   [down("Envoy-1", known=2)] + six_and([f"Sentinel-{i}" for i in range(2, 8)])],
                  [["Scout-1"], ["Envoy-3"]], current=1, phase="tokens", event="Ceasefire")
    state, _ = play(state, Reveal(0), SetSuit(1, 1, "planet"), Reveal(1))
    assert state.pending.kind == "cover" and state.pending.seat == 0


def test_revised_a_round_with_nothing_played_or_drawn_ends_a_game_of_three():
    """Ruling "A round with nothing played or drawn": three players, every hand empty under
    Famine: the round that began with seat 1 closes with seat 0, which begins the Reveal Phase."""
    state = table([[up("Magistrate-2"), down("Artificer-1", known=1)], [down("Envoy-1", known=2)],
                   [down("Scout-1", known=4)]], [[], [], []], event="Famine", current=1)
    assert state.phase == "reveal" and state.first_to_seven == 0
    assert state.pending.kind == "reveal" and state.pending.seat == 0


def test_revised_a_round_in_which_one_player_plays_does_not_end_the_game():
    """The branch beside it: while one of three players still plays a card, every round changes
    something and the game goes on; the round after its last card ends it, from that player."""
    state = table([[up("Magistrate-2")], [down("Envoy-1", known=2)], [down("Scout-1", known=4)]],
                  [[], [], ["Runner-1"]], event="Famine", current=0)
    assert state.phase == "play" and state.current == 2 and state.winners is None
    state, _ = play(state, Play(c("Runner-1"), 2))  # (an empty hand: nothing to tuck)
    assert state.phase == "reveal" and state.first_to_seven == 2

"""The Sovereign's Chain rules sheets: their pictures are real positions that the engine scores
and plays as the captions say."""

from __future__ import annotations

import pytest

from game.sovereign import GAME, SOLITAIRE_GAME
from game.sovereign.effects import covers
from game.sovereign.guide import COVERING, SCORED_CHAIN, SCORING, SOLITAIRE_CHAIN, SOLITAIRE_PLAY
from game.sovereign.state import Placed, chain_score


def test_the_scoring_picture_is_the_rulebook_example_stars_10_planets_26_score_16():
    """Scoring: per chain, total the values by suit; score = |stars - planets| (the rulebook's
    example scores 16); a suitless card counts for neither."""
    chain = [[Placed(card, True)] for card in SCORED_CHAIN]
    assert sum(c.value for c in SCORED_CHAIN if c.suit == "star") == 10
    assert sum(c.value for c in SCORED_CHAIN if c.suit == "planet") == 26
    assert chain_score(chain) == 16 and "scores 26 - 10 = 16" in SCORING.caption
    assert GAME.guide.pictures == (SCORING,)


def test_the_solitaire_picture_covers_only_the_card_one_less():
    """Solitaire: a card covers one whose value (with modifiers) is exactly one less."""
    fits = [card for card in SOLITAIRE_CHAIN if covers([Placed(card, True)], SOLITAIRE_PLAY)]
    assert [card.value for card in fits] == [SOLITAIRE_PLAY.value - 1]
    assert [s.col for s in COVERING.cards if s.marked] == [SOLITAIRE_CHAIN.index(fits[0])]
    assert SOLITAIRE_GAME.guide.pictures == (COVERING,)


def test_the_solitaire_picture_and_text_count_the_cards_the_engine_deals():
    """Every count in the solitaire sheet is the engine's: seven places dealt (the picture shows
    all seven), five cards in hand."""
    from game.sovereign.guide import SOLITAIRE_GUIDE
    from game.sovereign.solitaire import SOLITAIRE
    from game.sovereign.state import CHAIN_END, HAND_SIZE

    state = SOLITAIRE.setup({"players": 1}, 1)
    assert len(state.chains[0]) == CHAIN_END == 7 and len(state.hands[0]) == HAND_SIZE == 5
    assert len(COVERING.row_cards(0)) == CHAIN_END and "seven places" in COVERING.caption
    assert "all seven places" in SOLITAIRE_GUIDE and "Seven class cards" in SOLITAIRE_GUIDE
    assert "You draw five cards" in SOLITAIRE_GUIDE


def test_the_sheet_counts_are_the_engines_for_two_to_four():
    from game.sovereign.guide import GUIDE
    from game.sovereign.rules import RULES
    from game.sovereign.state import CHAIN_END, HAND_SIZE, MODIFIERS, SHIELDS, SUIT_TOKENS

    state = RULES.setup({"players": 2}, 1)
    assert [len(hand) for hand in state.hands] == [HAND_SIZE] * 2 and HAND_SIZE == 5
    assert "Everyone gets five cards" in GUIDE and f"A chain of {CHAIN_END} takes no more" in GUIDE
    assert f"{SHIELDS} shields, {MODIFIERS} modifiers (+1 or -1), {SUIT_TOKENS} suit tokens" in GUIDE
    assert (len(RULES.cards.cards), len(RULES.cards.events)) == (70, 15) and "70 class cards" in GUIDE
    assert "15 events" in GUIDE


def test_the_sheet_opens_with_the_game_and_ends_with_the_card_files():
    """A player reads how to play first; the designed card list and how to load another goes last."""
    paragraphs = GAME.guide.paragraphs
    assert paragraphs[0].startswith("Goal:") and paragraphs[1].startswith("Setup:")
    assert paragraphs[-1].startswith("The card list") and "designed for this edition" in paragraphs[-1]
    assert sum("classes.toml" in p for p in paragraphs) == 1


def test_the_sheet_lists_every_class_and_event_with_what_it_does():
    """Read from the built-in card set, so the sheet says what the cards the engine plays do."""
    from game.sovereign.cards import BUILT_IN
    from game.sovereign.guide import GUIDE

    classes = next(p for p in GAME.guide.paragraphs if p.startswith("The classes"))
    events = next(p for p in GAME.guide.paragraphs if p.startswith("The events"))
    assert len(BUILT_IN.classes) == 10 and len(BUILT_IN.events) == 15
    assert all(f"{info.name}: {info.text}" in classes for info in BUILT_IN.classes.values())
    assert all(f"{event.name}: {event.text}" in events for event in BUILT_IN.events)
    assert "{" not in GUIDE


def test_the_sheet_tells_the_rulings_a_player_asks_about():
    from game.sovereign.rules import RULES
    from game.sovereign.state import chain_score

    text = " ".join(GAME.guide.paragraphs)
    for said in ("Discarded cards go face down", "the discard pile is shuffled into a new one",
                 "A player with no card in hand only draws", "a face-up card uncovered this way is not revealed",
                 "a Runner revealed in the Reveal Phase may tuck a card", "counts with the suit its card has now",
                 "Play starts with the player at the dealer's left", "only a tie for the top score is played off"):
        assert said in text
    state = RULES.setup({"players": 3, "dealer": 1}, 4)
    assert state.current == 2   # the dealer's left: the next seat
    flipped = [[Placed(card, True, suit_token="star", mods=(1, 1))] for card in SCORED_CHAIN[:1]]
    assert chain_score(flipped) == SCORED_CHAIN[0].value + 2   # scored as a star, modifiers with it


# ---------------------------------------------------------------- the solitaire's classes and events


def solitaire_paragraph(heading: str) -> str:
    return next(p for p in SOLITAIRE_GAME.guide.paragraphs if p.startswith(heading))


def test_the_solitaire_sheet_lists_the_ten_classes_and_fifteen_events_with_what_each_does_there():
    from game.sovereign.cards import BUILT_IN
    from game.sovereign.guide import SOLITAIRE_CLASSES, SOLITAIRE_EVENTS

    classes, events = solitaire_paragraph("The classes in the solitaire"), solitaire_paragraph("The events in")
    assert list(SOLITAIRE_CLASSES) == list(BUILT_IN.classes) and len(SOLITAIRE_CLASSES) == 10
    assert list(SOLITAIRE_EVENTS) == [event.name for event in BUILT_IN.events] and len(SOLITAIRE_EVENTS) == 15
    assert all(f"{name}: {text}" in classes for name, text in SOLITAIRE_CLASSES.items())
    assert all(f"{name}: {text}" in events for name, text in SOLITAIRE_EVENTS.items())
    assert "{" not in SOLITAIRE_GAME.guide.text


def test_the_solitaire_sheet_under_nebula_any_card_goes_face_down_on_any_place():
    """Nebula: a card without (E) goes face down on all seven places, whatever the card in play
    there; a card with (E) is played face up, one more than the card it covers."""
    from test_sovereign_solitaire import MIXED, c, solo

    from game.sovereign.actions import PlayOn
    from game.sovereign.solitaire import SOLITAIRE

    assert "face down any card goes on any place" in solitaire_paragraph("The events in")
    state = solo(MIXED, ["Sentinel-6", "Scout-7"], event="Nebula")  # a 7 that fits no place face up
    legal = set(SOLITAIRE.legal_actions(state))
    assert {a for a in legal if a.card == c("Sentinel-6")} == {PlayOn(c("Sentinel-6"), p, False) for p in range(7)}
    assert {a for a in legal if a.card == c("Scout-7")} == {PlayOn(c("Scout-7"), 6, True)}  # a 4 (E) on the 3


def test_the_solitaire_sheet_hostile_orbits_card_lands_face_up_only_on_a_face_down_card_or_an_empty_space():
    from test_sovereign_solitaire import MIXED, c, solo

    from game.sovereign.actions import PlayDiscardOn
    from game.sovereign.solitaire import SOLITAIRE

    assert "only on a face-down card or an empty space" in solitaire_paragraph("The events in")
    state = solo([None, Placed(c("Scout-3"), False)] + MIXED[2:], ["Sentinel-7"], event="Hostile Orbit",
                 discard=["Envoy-5"])
    assert {a for a in SOLITAIRE.legal_actions(state) if type(a) is PlayDiscardOn} == {PlayDiscardOn(0), PlayDiscardOn(1)}
    state, _ = SOLITAIRE.apply(state, PlayDiscardOn(1))
    assert state.chains[0][1][-1].face_up and not state.discard


@pytest.mark.parametrize("event", ["Blockade", "Homeward", "Momentum", "Tribute"])
def test_the_solitaire_sheet_an_event_that_names_an_opponent_does_nothing(event):
    """The same plays as under Calm Void, and Tribute pays no modifier."""
    from test_sovereign_solitaire import MIXED, c, solo

    from game.sovereign.actions import PlayOn
    from game.sovereign.solitaire import SOLITAIRE

    assert f"{event}: No effect" in solitaire_paragraph("The events in")
    state, calm = (solo(MIXED, ["Envoy-4", "Artificer-2"], event=name) for name in (event, "Calm Void"))
    assert SOLITAIRE.legal_actions(state) == SOLITAIRE.legal_actions(calm)
    state, _ = SOLITAIRE.apply(state, PlayOn(c("Envoy-4"), 2))
    assert state.pools[0].modifiers == 0


def test_the_solitaire_sheet_ceasefire_stops_the_scout_and_the_acolyte_and_calm_void_does_not():
    from test_sovereign_solitaire import MIXED, c, solo

    from game.sovereign.actions import Cover, Fizzled, PlayOn
    from game.sovereign.solitaire import SOLITAIRE

    assert "Ceasefire: A Scout discards nothing, and an Acolyte does not move." in solitaire_paragraph("The events")
    for event, stopped in (("Ceasefire", True), ("Calm Void", False)):
        for card in ("Scout-3", "Acolyte-1"):  # each a 2, covering the Scout 1 in place 1
            state = solo(MIXED, [card, "Sentinel-7"], event=event)
            state, events = SOLITAIRE.apply(state, PlayOn(c(card), 0))
            asked = state.pending is not None and state.pending.kind in ("discard", "cover")
            assert asked != stopped and any(type(e) is Fizzled for e in events) == stopped, (event, card)
    state = solo(MIXED, ["Acolyte-1", "Sentinel-7"])
    state, _ = SOLITAIRE.apply(state, PlayOn(c("Acolyte-1"), 0))
    state, _ = SOLITAIRE.apply(state, Cover(0, 2))
    assert state.chains[0][0][-1].card == c("Scout-1") and state.chains[0][2][-1].card == c("Acolyte-1")


def test_the_solitaire_sheet_a_runners_tucked_card_is_out_of_play():
    from test_sovereign_solitaire import MIXED, c, solo

    from game.sovereign.actions import PlayOn, Tuck
    from game.sovereign.solitaire import SOLITAIRE

    assert "Runner: You may play one card from hand face down beneath this Runner, out of play" in \
        solitaire_paragraph("The classes in")
    state = solo(MIXED, ["Runner-2", "Sentinel-7"])
    state, _ = SOLITAIRE.apply(state, PlayOn(c("Runner-2"), 0))
    state, _ = SOLITAIRE.apply(state, Tuck(c("Sentinel-7")))
    stack = state.chains[0][0]
    assert stack[-1].card == c("Runner-2") and any(p.card == c("Sentinel-7") and not p.face_up for p in stack[:-1])


# ---------------------------------------------------------------- the game's end, the deal, the hand


def test_the_sheet_says_the_game_is_scored_even_when_the_first_chain_of_7_is_shorter_after_the_reveal_phase():
    from test_sovereign_rules import c, down, play, six_and, table, up

    from game.sovereign import Discard, Reveal

    assert "even if the chain that reached 7 first is shorter after the Reveal Phase" in GAME.guide.text
    seven = six_and([f"Sentinel-{i}" for i in range(1, 8)])
    state = table([[up("Magistrate-2"), down("Scout-1", known=1)], seven], [[], []], phase="reveal")
    state, _ = play(state, Reveal(1), Discard(1, 6))
    assert len(state.chains[1]) == 6 and state.winners is not None and c("Sentinel-7") not in \
        [stack[-1].card for stack in state.chains[1]]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_sheet_says_the_deal_passes_to_the_left(players):
    """The next game of a sitting: the dealer is the seat after this one's, and that game starts
    at the new dealer's left."""
    from game.sovereign.rules import RULES

    assert "for the next game of a sitting, the deal passes to the left" in GAME.guide.text
    for dealer in range(players):
        following = RULES.next_game_config({"players": players, "dealer": dealer}, None)
        assert following["dealer"] == (dealer + 1) % players
        assert RULES.setup(following, 3).current == (dealer + 2) % players


def test_the_sheet_says_a_hand_has_no_size_limit():
    """Under Supply Run a hand of nine draws to ten, and the turn passes without a discard."""
    from test_sovereign_rules import c, play, table, up

    from game.sovereign import EndTurn, Play

    assert "There is no limit to the number of cards in a hand" in GAME.guide.text
    hand = ["Scout-3", "Scout-4", "Scout-5", "Scout-6", "Envoy-4", "Envoy-5", "Envoy-6", "Smuggler-3", "Sentinel-6"]
    state = table([[up("Magistrate-2")], [up("Magistrate-3")]], [hand, ["Envoy-3"]], event="Supply Run")
    state, _ = play(state, Play(c("Sentinel-6"), 0), EndTurn())
    assert len(state.hands[0]) == 10 and state.current == 1 and state.pending.kind == "play"


def test_the_sheet_says_a_round_with_nothing_played_or_drawn_ends_the_game_as_a_rule():
    from test_sovereign_rules import down, table, up

    says = "If a whole round passes in which nobody plays or draws a card, the game ends the same way"
    assert says in GAME.guide.text
    state = table([[up("Magistrate-2"), down("Artificer-1", known=1)], [down("Envoy-1", known=2)]], [[], []],
                  event="Famine")
    assert state.phase == "reveal" and state.pending.seat == 1

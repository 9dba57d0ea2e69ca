"""The Sovereign's Chain rules sheets: their pictures are real positions that the engine scores
and plays as the captions say."""

from __future__ import annotations

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

"""The Sovereign's Chain rules sheets: their pictures are real positions that the engine scores
and plays as the captions say."""

from __future__ import annotations

from game.sovereign import GAME, SOLITAIRE_GAME
from game.sovereign.effects import covers
from game.sovereign.guide import COVERING, SCORED_CHAIN, SCORING, SOLITAIRE_CHAIN, SOLITAIRE_PLAY
from game.sovereign.table import Placed, chain_score


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

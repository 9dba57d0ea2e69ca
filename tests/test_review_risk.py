"""The solitaire review's risk at the next draw (game/review.py, `Judge._least_losses`): the rest of
a turn is played the same way on every deal only while the deals offer the same moves. A deal
whose hand differs (another card drawn) is played on by itself, never handed a move it cannot
make: a lost solitaire whose deals parted on a single legal move could not be reviewed."""

from __future__ import annotations

import copy
from types import SimpleNamespace

from game.review import DEFAULT_BUDGET, Judge


class Deal:
    """A one-decision position: the moves it offers, and the move that wins it."""

    def __init__(self, legal: list[str], winning: str) -> None:
        self.legal, self.winning, self.played = legal, winning, None


class OneDecisionRules:
    has_solver = True

    def legal_actions(self, deal):
        return [] if deal.played else list(deal.legal)

    def to_move(self, deal):
        return None if deal.played else 0

    def turns_played(self, deal, seat):
        return 1 if deal.played else 0

    def advance(self, deal, action):
        if action not in deal.legal:
            raise ValueError(f"{action} is not a move of this deal")
        deal.played = action

    def clone(self, deal):
        return copy.copy(deal)

    def view(self, deal, seat):
        return deal

    def outcome(self, deal):
        return SimpleNamespace(winners=(0,) if deal.played == deal.winning else ())


class FirstMove:
    def ranking(self, view, legal):
        return list(legal)

    def choose(self, view, legal):
        return legal[0]


def judge() -> Judge:
    return Judge(SimpleNamespace(name="one-decision", rules=OneDecisionRules()), DEFAULT_BUDGET, ["Ana"])


def test_deals_that_offer_different_single_moves_are_each_played_on_by_their_own():
    deals = [Deal(["draw the Scout"], "draw the Scout"), Deal(["draw the Magistrate"], "draw the Magistrate")]
    assert judge()._least_losses(deals, 0, 0, FirstMove(), 2) == [0.0, 0.0]


def test_deals_that_offer_the_same_moves_share_the_choice_that_loses_fewest():
    deals = [Deal(["a", "b"], "b"), Deal(["a", "b"], "b"), Deal(["a", "b"], "a")]
    assert judge()._least_losses(deals, 0, 0, FirstMove(), 2) == [0.0, 0.0, 1.0]

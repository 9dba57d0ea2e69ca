"""The rule-of-thumb LINX player.

Drawing: take the discard when it lengthens the hand's longest chain or links to two or more
cards in hand; else draw blind from the stock. Then: lay the chain worth the most (the shortest
one that earns as much) unless waiting looks better: a face-up scoring card worth more is still
out of reach, the hand has spare cards that link to the chain, and the stock is not running low.
Otherwise discard the card that links least to the hand and the anchors and, all else equal, one
that does not link to the discards the next seat was seen to take; never lightly one taken from
the discard pile (else two players can hand one card back and forth while the stock never runs
out).
"""

from __future__ import annotations

from collections import Counter

from ..ai.players import HeuristicPlayer
from .chains import longest_length
from .rules import DISCARD, Discard, Draw, LayChain, LinxView

TURNS_OF_STOCK_TO_WAIT = 3    # keep building only while the stock holds this many rounds of draws
ANCHOR_LINK = 1.5             # a link to an anchor is worth this many links to hand cards
FEEDS_NEXT_SEAT = 1.0         # how much a discard that links to the next seat's taken cards costs
TAKEN = 3.0                   # keep the discards taken: two players handing one card back and forth never end


class LinxHeuristic(HeuristicPlayer):
    aims = "takes the discard that lengthens its chain, and lays the chain worth the most"
    def ranking(self, view: LinxView, legal: list) -> list:
        """The legal actions, best first."""
        if len(legal) == 1:
            return list(legal)
        if type(legal[0]) is Draw:
            return self._rank_draws(view, legal)
        chains = [a for a in legal if type(a) is LayChain]
        discards = [a for a in legal if type(a) is Discard]
        chains.sort(key=lambda a: (-a.scoring.points, len(a.cards), -a.scoring.length))
        discards = self._rank_discards(view, discards, chains[0] if chains else None)
        if chains and self._lay_now(view, chains[0]):
            return chains + discards
        return discards + chains

    def _rank_draws(self, view: LinxView, legal: list) -> list:
        take = Draw(DISCARD)
        if take in legal and self._wants(view, view.discard_top):
            return [take] + [a for a in legal if a != take]
        return sorted(legal, key=lambda a: a.source == DISCARD)

    @staticmethod
    def _wants(view: LinxView, card) -> bool:
        hand = list(view.hand)
        before = longest_length(hand, view.anchors)
        if longest_length(hand + [card], view.anchors, before + 1):
            return True
        return sum(1 for c in hand if c.links(card)) >= 2

    @staticmethod
    def _lay_now(view: LinxView, best: LayChain) -> bool:
        richer = [s for s in view.scoring_up if s.points > best.scoring.points]
        if not richer:
            return True
        rounds_left = view.draw_pile_count / max(1, len(view.seats_in))
        if rounds_left < TURNS_OF_STOCK_TO_WAIT:
            return True
        in_chain = set(best.cards)
        chain_cards = best.all_cards
        spare_links = sum(1 for c in view.hand if c not in in_chain and any(c.links(x) for x in chain_cards))
        return spare_links == 0

    def _rank_discards(self, view: LinxView, discards: list, best: LayChain | None) -> list:
        hand = view.hand
        keep = set(best.cards) if best else set()
        next_seat = _next_seat(view)
        watched = view.taken[next_seat] if next_seat is not None else ()

        taken = view.taken[view.seat]
        in_hand, at_anchors, by_next_seat = _Links(hand), _Links(view.anchors), _Links(watched)

        def worth(action: Discard) -> tuple:
            card = action.card
            links = in_hand.count(card) - 2  # the card itself shares its own number and symbol
            links += ANCHOR_LINK * at_anchors.count(card)
            links += 3.0 * (card in keep)
            links += TAKEN * (card in taken)
            links += FEEDS_NEXT_SEAT * by_next_seat.count(card)
            return links, self.rng.random()

        return sorted(discards, key=worth)


class _Links:
    """How many of some cards link to a card: those sharing its number plus those sharing its
    symbol (no two cards share both)."""

    __slots__ = ("numbers", "symbols")

    def __init__(self, cards) -> None:
        self.numbers = Counter(c.number for c in cards)
        self.symbols = Counter(c.symbol for c in cards)

    def count(self, card) -> int:
        return self.numbers[card.number] + self.symbols[card.symbol]


def _next_seat(view: LinxView) -> int | None:
    seats = view.seats_in
    if view.current not in seats:
        return None
    return seats[(seats.index(view.current) + 1) % len(seats)]

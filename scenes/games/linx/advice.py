"""What LINX's table tells the player whose turn it is: the draw as the rules say it, the best
chain the hand can lay now, and a card the hand is one card short for (worked out once a
position, for the prompt line, the hint and the chain row)."""

from __future__ import annotations

from game.linx.cards import DECK, LinxCard
from game.linx.chains import best_chain, one_card_short, points_for
from game.linx.rules import Drew
from game.wording import called, vocative


class Advice:
    def __init__(self, session) -> None:
        self.session = session
        self._worked_out: tuple = (None, None, None)

    def __call__(self, view) -> tuple:
        """(the best chain the hand can lay now with the card it claims, or None; a card the hand is
        one card short for, with the chain it would make, worth the most and more than the best
        now, or None)."""
        key = (self.session.revision, view.seat)
        if self._worked_out[0] != key:
            best = best_chain(view.hand, view.anchors, view.scoring_up) if view.scoring_up else None
            self._worked_out = (key, best, self.one_card_short(view, best))
        return self._worked_out[1:]

    @staticmethod
    def one_card_short(view, best):
        """The unseen card that would make the chain worth the most, if it claims more than `best`."""
        if not view.min_length:
            return None
        seen = {*view.hand, *view.anchors, *view.laid, *(c for taken in view.taken for c in taken)}
        found = one_card_short(view.hand, view.anchors, view.min_length, [c for c in DECK.playing if c not in seen])
        worth = (lambda pair: (points_for(pair[1].length, view.scoring_up), pair[1].length))
        short = max(found, key=worth) if found else None
        if short is not None and best is not None and worth(short)[0] <= best[1].points:
            return None  # a longer chain that claims no more is no advice
        return short

    def short_words(self, view) -> str:
        _best, short = self(view)
        if short is None:
            return ""
        extra, chain = short
        return (f"One card short: {extra.label} would make a chain of {chain.length} "
                f"(for {points_for(chain.length, view.scoring_up)})")

    def turn_words(self, view, current: str) -> list[str]:
        """What to do now, longest wording first."""
        if view.draws_left:
            return self.draw_words(view, current)
        best, short = self(view)
        if best is not None:
            chain, scoring = best
            return [f"Lay a chain or discard: your best now is {chain.length} long for {scoring.points} (H shows it)",
                    f"Lay or discard: best now {chain.length} long for {scoring.points} (H shows it)"]
        if short is not None:
            extra, chain = short
            return [f"Discard a card: one card short: {extra.label} would make a chain of {chain.length}",
                    f"Discard: one card short: {extra.label} would make {chain.length}"]
        return ["No chain yet: drag a card onto the discard pile"]

    def draw_words(self, view, name: str) -> list[str]:
        """The draw as the rules say it, longest wording first: one card with ten or more in hand,
        else two, one at a time, the second chosen after seeing the first."""
        piles, short = "click the stock or the discard pile", "(stock or discard pile)"
        first = self.first_of_two(view)
        if first is not None:
            return [called(name, f"you drew {first.label}: now draw the second card: {piles}"),
                    f"You drew {first.label}: now the second card {short}",
                    f"You drew {first.label}: now the second (stock or discard)"]
        held = len(view.hand)
        if view.draws_left == 1:
            return [f"Your turn{vocative(name)}: you hold {held} cards, so draw one: {piles}",
                    f"Your turn: you hold {held}, so draw one card {short}",
                    f"You hold {held}: draw one card (stock or discard)"]
        return [f"Your turn{vocative(name)}: you hold {held} cards (under 10), so draw two, one at a time: {piles}",
                f"Your turn: you hold {held} (under 10): draw two, one at a time {short}",
                f"You hold {held}: draw two, one at a time (stock or discard)"]

    def first_of_two(self, view) -> LinxCard | None:
        """The card the viewer just drew when it has a second still to draw, else None."""
        move = self.session.stream(view.seat).last_move
        last = move.events[-1] if move is not None and move.events else None
        if view.draws_left and type(last) is Drew and last.seat == view.seat:
            return last.card
        return None

"""The rule-of-thumb Cubes player: score cubes, set up 3x3 centres, leave nothing to the next player.

Each placement is scored on the board it leaves behind:
- the points (and cards) it scores now;
- minus the best cube it leaves to the others: a "hot" cell, where one more card completes a
  square, weighed by the chance that their unseen cards hold one that fits there;
- plus hot cells that only this hand can fill, and rings of cards around an empty centre that
  this hand could close later (a 3x3 is completed by its centre);
- plus the cards of the hand that can still be placed somewhere (keeping options).
On the last turn only the points scored now count.
"""

from __future__ import annotations

from ..ai.players import Player
from ..cards import standard_deck
from ..rng import Rng
from .rules import CubesView, Place, fits_beside, completions, open_cells, pile_points, scored_cells

AVERAGE_RANK = 7.0     # the card that would close a hot cell, not known yet

_ROUND = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


class CubesHeuristic(Player):
    card_bonus = 0.5   # a scored card, on top of its points (most cards breaks ties)
    threat = 1.0       # points the next player is likely to score
    own_chance = 0.5   # a cube only this hand can close, discounted: it may not survive a round
    ring = 0.25        # per card around an empty centre this hand could fill
    options = 0.4      # per card of the hand that can still be placed

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: CubesView, legal: list):
        if len(legal) == 1:
            return legal[0]
        board = view.board_dict()
        unseen = _unseen(view, board)
        others = _opponent_cards(view)
        last_turn = view.deck_count == 0
        best, best_key = legal[0], None
        for action in legal:
            if type(action) is not Place:
                continue
            value = self.value(board, list(view.hand), action, unseen, others, last_turn)
            key = (value, self.rng.random())
            if best_key is None or key > best_key:
                best, best_key = action, key
        return best

    def value(self, board: dict, hand: list, place: Place, unseen: list, others: int, last_turn: bool) -> float:
        """How good `place` looks, from the hand's point of view (see the module docstring)."""
        cell = (place.x, place.y)
        after = dict(board)
        after[cell] = place.card
        squares = completions(after, place.x, place.y)
        gain = 0.0
        if squares:
            won = [after.pop(c) for c in scored_cells(squares)]
            gain = pile_points(won) + self.card_bonus * len(won)
        if last_turn:
            return gain
        rest = [c for c in hand if c != place.card]
        threat = 0.0
        own = 0.0
        ring = 0.0
        for (x, y), near in open_cells(after):
            closing = completions(after, x, y)
            if closing:
                points = pile_points(after[c] for c in scored_cells(closing) if c != (x, y)) + AVERAGE_RANK
                chance = _chance(unseen, near, others)
                threat = max(threat, points * chance)
                if any(fits_beside(c, near) for c in rest):
                    own = max(own, points * (1.0 - chance))
            elif abs(x - place.x) <= 1 and abs(y - place.y) <= 1:
                around = sum(1 for dx, dy in _ROUND if (x + dx, y + dy) in after)
                if around >= 3 and any(fits_beside(c, near) for c in rest):
                    ring += around
        placeable = _placeable_count(after, rest)
        return gain - self.threat * threat + self.own_chance * own + self.ring * ring + self.options * placeable


def _unseen(view: CubesView, board: dict) -> list:
    seen = set(view.hand) | set(board.values()) | {c for pile in view.piles for c in pile}
    return [c for c in standard_deck() if c not in seen]


def _opponent_cards(view: CubesView) -> int:
    """How many unknown cards the next player will choose from (after drawing, if the deck allows)."""
    nxt = (view.current + 1) % view.players
    return view.hand_counts[nxt] + (1 if view.deck_count > 0 else 0)


def _chance(unseen: list, near: list, cards: int) -> float:
    """The chance that `cards` cards from `unseen` hold at least one that fits beside `near`."""
    if not unseen:
        return 0.0
    fitting = sum(1 for c in unseen if fits_beside(c, near)) / len(unseen)
    return 1.0 - (1.0 - fitting) ** cards


def _placeable_count(board: dict, hand: list) -> int:
    if not board:
        return len(hand)
    cells = [near for _cell, near in open_cells(board)]
    return sum(1 for c in hand if any(fits_beside(c, near) for near in cells))

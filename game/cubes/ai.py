"""The rule-of-thumb Cubes player: score cubes, set up 3x3 centres, leave nothing to the next player.

Each placement is scored on the board it leaves behind:
- the points (and cards) it scores now;
- minus the best cube it leaves to the others: a "hot" cell, where one more card completes a
  square, weighed by the chance that their unseen cards hold one that fits there;
- plus hot cells that only this hand can fill, and rings of cards around an empty centre that
  this hand could close later (a 3x3 is completed by its centre);
- plus the cards of the hand that can still be placed somewhere (keeping options).
On the last turn only the points scored now count.

The board is read once per decision (`Appraisal`); a placement that scores nothing changes only
the cells within two of it, so only those are looked at again. Hard plays this player in every
rollout (game.ai.rollout), which is why it has to be quick.
"""

from __future__ import annotations

from ..ai.players import HeuristicPlayer
from ..cards import standard_deck
from .board import closes_square, completions, fits_beside, open_cell_map, open_cells, scored_cells
from .rules import CubesView, Place, pile_points

AVERAGE_RANK = 7.0     # the card that would close a hot cell, not known yet

_ROUND = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
_SIDES = ((0, -1), (0, 1), (-1, 0), (1, 0))
_DECK = standard_deck()


class CubesHeuristic(HeuristicPlayer):
    aims = "scores cubes, sets up centres, and leaves you none to close"
    card_bonus = 0.5   # a scored card, on top of its points (most cards breaks ties)
    threat = 1.0       # points the next player is likely to score
    own_chance = 0.5   # a cube only this hand can close, discounted: it may not survive a round
    ring = 0.25        # per card around an empty centre this hand could fill
    options = 0.4      # per card of the hand that can still be placed

    def ranking(self, view: CubesView, legal: list) -> list:
        """The legal placements, best first by `value` (ties in random order)."""
        if len(legal) == 1:
            return list(legal)
        board = view.board_dict()
        appraisal = Appraisal(self, board, list(view.hand), _unseen(view, board), _opponent_cards(view),
                              view.draw_pile_count == 0)
        random = self.rng.random
        keyed = [(appraisal.value(action), random(), action) for action in legal if type(action) is Place]
        keyed.sort(key=lambda item: (item[0], item[1]), reverse=True)
        return [action for _value, _tie, action in keyed]

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
        return self.combine(gain, threat, own, ring, placeable)

    def combine(self, gain: float, threat: float, own: float, ring: float, placeable: int) -> float:
        return gain - self.threat * threat + self.own_chance * own + self.ring * ring + self.options * placeable


class Appraisal:
    """One decision's board, read once: `value(place)` equals `CubesHeuristic.value` for it.

    A placement that completes no square changes the board only around its cell: the hot cells
    and open cells further than two steps away, and which hand cards fit them, stay as they were;
    and which cells near it become hot does not depend on the card placed, only on the cell
    (`_surroundings`, read once per cell). Sets of cards are bit masks (`_BIT`): the cards that fit
    beside a group are the AND of what fits beside each (`_FITS`). A placement that scores (rare)
    or an empty board takes the plain path."""

    __slots__ = ("player", "board", "hand", "unseen", "others", "last_turn", "unseen_mask", "hand_mask",
                 "open", "hot", "surroundings", "chances", "reaches")

    def __init__(self, player: CubesHeuristic, board: dict, hand: list, unseen: list, others: int,
                 last_turn: bool) -> None:
        self.player = player
        self.board = board
        self.hand = hand
        self.unseen = unseen
        self.others = others
        self.last_turn = last_turn
        self.unseen_mask = _mask(unseen)
        self.hand_mask = _mask(hand)
        # open cell -> the cards that fit beside its neighbours
        self.open = {cell: _fitting(near) for cell, near in open_cell_map(board).items()}
        # hot cell -> (points a card there would score, the others' chance to fit it, what fits it)
        self.hot = {}
        for (x, y), fit in self.open.items():
            closing = completions(board, x, y) if closes_square(board, x, y) else None
            if closing:
                points = pile_points(board[c] for c in scored_cells(closing) if c != (x, y)) + AVERAGE_RANK
                self.hot[(x, y)] = (points, self._chance_of(fit), fit)
        self.surroundings: dict = {}
        self.chances: dict = {}
        self.reaches: dict = {}

    def value(self, place: Place) -> float:
        board = self.board
        px, py = place.x, place.y
        if not board or closes_square(board, px, py):
            return self.player.value(board, self.hand, place, self.unseen, self.others, self.last_turn)
        if self.last_turn:
            return 0.0
        card = place.card
        rest = self.hand_mask & ~_BIT[card]
        threat, own, ring = self._near_effects(px, py, card, rest)
        for (x, y), (points, chance, fit) in self.hot.items():
            if abs(x - px) > 2 or abs(y - py) > 2:
                threat = max(threat, points * chance)
                if fit & rest:
                    own = max(own, points * (1.0 - chance))
        return self.player.combine(0.0, threat, own, ring, self._placeable(px, py, card, rest))

    def _near_effects(self, px: int, py: int, card, rest: int) -> tuple[float, float, float]:
        """Threat, own chance and rings of the open cells within two steps of `card` on (px, py)."""
        threat = own = ring = 0.0
        card_fits = _FITS[card]
        for cell, fit, touches, points, holds, around in self._surroundings(px, py):
            if touches:
                fit &= card_fits
            if points is not None:
                if holds:
                    points += card.rank
                chance = self._chance(cell, card if touches else None, fit)
                threat = max(threat, points * chance)
                if fit & rest:
                    own = max(own, points * (1.0 - chance))
            elif fit & rest:
                ring += around
        return threat, own, ring

    def _surroundings(self, px: int, py: int) -> list:
        """The open cells near (px, py) that matter once a card sits there, whatever card it is:
        (cell, what fits beside its other neighbours, whether it touches (px, py), the points a
        card there would score without the placed card's rank or None, whether those include it,
        cards around it). A cell two steps away shares no 2x2 square with (px, py), so only a cell
        that was hot already may close a bigger cube there; a cell one step away that closes
        nothing counts for a ring when three or more cards surround it."""
        found = self.surroundings.get((px, py))
        if found is not None:
            return found
        board = self.board
        placed = (px, py)
        board[placed] = None  # only filled-or-not matters below; never read as a card
        try:
            found = []
            cells = [(px + dx, py + dy) for dx, dy in _ROUND]
            cells += [cell for cell in self.hot if max(abs(cell[0] - px), abs(cell[1] - py)) == 2]
            for x, y in cells:
                if (x, y) in board:
                    continue
                sides = [(x + sx, y + sy) for sx, sy in _SIDES if (x + sx, y + sy) in board]
                if not sides:
                    continue
                fit = _fitting(board[c] for c in sides if c != placed)
                touches = placed in sides
                closing = completions(board, x, y) if closes_square(board, x, y) else None
                if closing:
                    cells_won = [c for c in scored_cells(closing) if c != (x, y)]
                    points = sum(board[c].rank for c in cells_won if c != placed) + AVERAGE_RANK
                    found.append(((x, y), fit, touches, points, placed in cells_won, 0))
                elif abs(x - px) <= 1 and abs(y - py) <= 1:
                    around = sum(1 for ax, ay in _ROUND if (x + ax, y + ay) in board)
                    if around >= 3:
                        found.append(((x, y), fit, touches, None, False, around))
        finally:
            del board[placed]
        self.surroundings[placed] = found
        return found

    def _chance(self, cell, card, fit: int) -> float:
        """The others' chance to fit `cell`, whose neighbours are the board's plus `card` (if any)."""
        key = (cell, card)
        found = self.chances.get(key)
        if found is None:
            found = self.chances[key] = self._chance_of(fit)
        return found

    def _chance_of(self, fit: int) -> float:
        """`_chance` for a cell where the cards of mask `fit` fit."""
        if not self.unseen:
            return 0.0
        fitting = (fit & self.unseen_mask).bit_count() / len(self.unseen)
        return 1.0 - (1.0 - fitting) ** self.others

    def _placeable(self, px: int, py: int, card, rest: int) -> int:
        """How many cards of mask `rest` fit somewhere once `card` sits on (px, py)."""
        elsewhere, touched, fresh = self._reach(px, py)
        card_fits = _FITS[card]
        anywhere = elsewhere | (card_fits if fresh else 0)
        for fit in touched:
            anywhere |= fit & card_fits
        return (anywhere & rest).bit_count()

    def _reach(self, px: int, py: int) -> tuple[int, list[int], bool]:
        """For a card on (px, py), whatever card: what fits the open cells it does not touch,
        what fits each open cell it touches (before it is there), and whether it opens a new
        cell (one with no other neighbour)."""
        found = self.reaches.get((px, py))
        if found is None:
            touching = ((px, py - 1), (px, py + 1), (px - 1, py), (px + 1, py))
            elsewhere = 0
            for cell, fit in self.open.items():
                if cell not in touching and cell != (px, py):
                    elsewhere |= fit
            touched = [self.open[c] for c in touching if c in self.open]
            fresh = any(c not in self.open and c not in self.board for c in touching)
            found = self.reaches[(px, py)] = (elsewhere, touched, fresh)
        return found


_BIT = {c: 1 << i for i, c in enumerate(_DECK)}
_FITS = {c: sum(_BIT[other] for other in _DECK if fits_beside(other, (c,))) for c in _DECK}
_ALL = (1 << len(_DECK)) - 1


def _mask(cards) -> int:
    mask = 0
    for c in cards:
        mask |= _BIT[c]
    return mask


def _fitting(near) -> int:
    """The mask of the cards that fit beside every card of `near`."""
    fit = _ALL
    for c in near:
        fit &= _FITS[c]
    return fit


def _unseen(view: CubesView, board: dict) -> list:
    seen = set(view.hand) | set(board.values()) | {c for pile in view.piles for c in pile}
    return [c for c in _DECK if c not in seen]


def _opponent_cards(view: CubesView) -> int:
    """How many unknown cards the next player will choose from (after drawing, if the deck allows)."""
    nxt = (view.current + 1) % view.players
    return view.hand_counts[nxt] + (1 if view.draw_pile_count > 0 else 0)


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

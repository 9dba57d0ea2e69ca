"""Cubes rules, per the Cubes rulebook and its rulings. The board, its cells and squares are
game.cubes.board's.

A turn is two actions: `Draw` (while the deck has cards), then `Place(card, x, y)`, or `Pass`
when no card in hand can be placed anywhere. The game ends at the end of the turn in which the
last deck card was drawn.

Pure helpers for the table scene (no state needed): `placements`, `why_not_place`,
`pile_points`. A state keeps its board's open cells as they change (`Frontier`), for the legal
placements and the search's playouts.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..cards import SUITS, Card, standard_deck
from ..core import NOTHING_REVEALED, Outcome, Revealed, Rules, View
from ..dealing import deal_hidden, draw_pile_and_other_hands
from ..rng import Rng
from ..wording import acts, verb_of
from .board import (ORIGIN, SIDES, compatible, completions, fits_somewhere, legal_cells, neighbours, open_groups,
                    scored_cells)

HAND_SIZE = 5
DRAW = "draw"    # the player to move must draw
PLACE = "place"  # the player to move must place a card, or pass if none can be placed
PLAYOUT_WANDER = 0.1  # how often a search playout places any card anywhere (CubesRules.playout_action)
PLAYOUT_HORIZON = 8   # actions (4 turns) a search playout plays before `estimate` judges it
LEAD_SCALE = 10.0     # points of lead worth about three chances in four (CubesRules.estimate)
NO_CELLS = frozenset()  # the risky cells of a playout that wanders: none


# ---------------------------------------------------------------- placements


def placements(board: dict, hand) -> list["Place"]:
    """Every legal `Place` of a card from `hand`: hand order, then cell order.

    On an empty board the rules allow any card on any cell. Positions only matter relative to
    each other (every rule is translation-invariant), so all empty-board placements of one card
    are the same move; only (0, 0) is offered, which keeps the list of actions finite.
    """
    if not board:
        return [Place(card, 0, 0) for card in hand]
    return Frontier.of(board).placements(hand)


def playout_place(board: dict, frontier: "Frontier", hand, rand, wander: float):
    """A placement for a search playout: one that scores if the hand has one; else one that leaves
    no 2x2 square a card short for the next player; else any. With chance `wander`, any placement
    at all. `Pass()` only if nothing fits. Each choice is uniform over its placements, listed cell
    by cell in frontier order and on each cell in hand order, and costs one draw: the placements
    are counted on the board's `frontier`, not listed."""
    if not board:
        return Place(hand[int(rand() * len(hand))], 0, 0)
    fits = frontier.fits
    careful = rand() >= wander
    hand_set = hand_bits(hand)
    if careful and frontier.closing:
        scoring = [cell for cell in fits if cell in frontier.closing]
        count = frontier.count(scoring, hand_set)
        if count:
            return frontier.nth_placement(scoring, hand, hand_set, int(rand() * count))
    risky = frontier.opening if careful else NO_CELLS
    pool = [cell for cell in fits if cell not in risky]
    count = frontier.count(pool, hand_set)
    if not count:
        pool = [cell for cell in fits if cell in risky]
        count = frontier.count(pool, hand_set)
        if not count:
            return Pass()
    return frontier.nth_placement(pool, hand, hand_set, int(rand() * count))


# ---------------------------------------------------------------- the open cells, kept up to date

# A set of cards as the bits of an int: each suit a row of RANK_BITS bits, rank r on bit r of its
# row, so the cards that fit beside a card are one OR of two precomputed rows and a fit is one AND.
# A card's bit comes from its rank and suit, not from hashing the card (a Python-level hash).
RANK_BITS = 16
SUIT_ROW = {suit: index * RANK_BITS for index, suit in enumerate(SUITS)}
_RANKS = range(1, 14)
_SUIT_CARDS = {suit: sum(1 << (row + rank) for rank in _RANKS) for suit, row in SUIT_ROW.items()}
_NEAR_RANK_CARDS = [sum(1 << (row + near) for row in SUIT_ROW.values() for near in (rank - 1, rank, rank + 1)
                        if near in _RANKS) for rank in range(14)]
_ALL_CARDS = sum(_SUIT_CARDS.values())


def card_bit(card: Card) -> int:
    """The bit that stands for `card` in a set of cards."""
    return 1 << (SUIT_ROW[card.suit] + card.rank)


def hand_bits(hand) -> int:
    """The set of cards of `hand` (see `card_bit`)."""
    bits = 0
    for card in hand:
        bits |= card_bit(card)
    return bits


def fitting_beside(card: Card) -> int:
    """The set of cards compatible with `card` (see `compatible`, `card_bit`)."""
    return _SUIT_CARDS[card.suit] | _NEAR_RANK_CARDS[card.rank]


class Frontier:
    """The open cells of a board (`open_cell_map`), kept up to date action by action.

    `fits`: each open cell -> the set of cards that fit beside every card connected to it (bits,
    see `card_bit`); `closing`: the open cells where a card completes a 2x2 square; `opening`:
    those where a card leaves a 2x2 square a card short (`_judge`). The search's playouts and the
    legal placements read these instead of scanning the board at every turn.

    The cells keep the order they opened in: read afresh (`of`), the order `open_cell_map` finds
    them; a placement (`place`) or a score (`lift`) appends the cells it opens and leaves the
    others where they were. A playout picks by that order, so the same seed plays the same game.
    """

    __slots__ = ("fits", "closing", "opening")

    def __init__(self, fits: dict[tuple[int, int], int], closing: set, opening: set) -> None:
        self.fits = fits
        self.closing = closing
        self.opening = opening

    @classmethod
    def of(cls, board: dict) -> "Frontier":
        """The frontier of `board`, read afresh (in `open_cell_map`'s walk)."""
        fits = {}
        for (x, y), card in board.items():
            allowed = fitting_beside(card)
            for cell in ((x, y - 1), (x, y + 1), (x - 1, y), (x + 1, y)):
                if cell not in board:
                    fits[cell] = fits.get(cell, _ALL_CARDS) & allowed
        frontier = cls(fits, set(), set())
        for cell in fits:
            frontier._judge(board, cell)
        return frontier

    def copy(self) -> "Frontier":
        return Frontier(dict(self.fits), set(self.closing), set(self.opening))

    def place(self, board: dict, card: Card, x: int, y: int) -> None:
        """Follow `card`, just put on the empty cell (x, y) of `board`, completing no square.

        Only the four 2x2 squares holding (x, y) changed, each by one more card: one now with
        three cards makes its empty cell close it and may end that cell's opening (judged
        afresh); one with two makes both its empty cells open it. A cell can stop closing a
        square only when a card fills that square, which scores. The empty cells of a square with
        two or three cards touch one of them, so they are open cells."""
        fits = self.fits
        placed = (x, y)
        fits.pop(placed, None)  # not open when the board was empty
        self.closing.discard(placed)
        self.opening.discard(placed)
        above, below, left, right = (x, y - 1), (x, y + 1), (x - 1, y), (x + 1, y)
        allowed = fitting_beside(card)
        for cell in (above, below, left, right):
            if cell not in board:
                fits[cell] = fits.get(cell, _ALL_CARDS) & allowed
        above_left, above_right = (x - 1, y - 1), (x + 1, y - 1)
        below_left, below_right = (x - 1, y + 1), (x + 1, y + 1)
        for other_corners in ((above_left, above, left), (above, above_right, right),
                              (left, below_left, below), (right, below, below_right)):
            empty = []
            for cell in other_corners:
                if cell not in board:
                    empty.append(cell)
            if len(empty) == 1:
                self._judge(board, empty[0])
            elif len(empty) == 2:
                self.opening.update(empty)

    def lift(self, board: dict, cells) -> None:
        """Follow the cards of `cells`, just taken off `board` by a score: every cell within one
        step of them may have gained or lost a neighbour or a square's card, so each is read
        afresh, in the order of `cells` and row by row around each."""
        fits = self.fits
        around = {}  # ordered, without repeats
        for x, y in cells:
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    around[(x + dx, y + dy)] = None
        for cell in around:
            if cell in board:
                continue
            x, y = cell
            allowed = _ALL_CARDS
            connected = False
            for side in ((x, y - 1), (x, y + 1), (x - 1, y), (x + 1, y)):
                other = board.get(side)
                if other is not None:
                    allowed &= fitting_beside(other)
                    connected = True
            if connected:
                fits[cell] = allowed
                self._judge(board, cell)
            else:
                fits.pop(cell, None)
                self.closing.discard(cell)
                self.opening.discard(cell)

    def _judge(self, board: dict, cell: tuple[int, int]) -> None:
        """File the open `cell` under `closing` if a card on it completes a 2x2 square, and under
        `opening` if it leaves a 2x2 square with three cards, which the next card on its empty
        corner would complete. Each of the four 2x2 squares holding `cell` is its corner of the
        eight cells around it."""
        x, y = cell
        above_left = (x - 1, y - 1) in board
        above = (x, y - 1) in board
        above_right = (x + 1, y - 1) in board
        left = (x - 1, y) in board
        right = (x + 1, y) in board
        below_left = (x - 1, y + 1) in board
        below = (x, y + 1) in board
        below_right = (x + 1, y + 1) in board
        others_filled = (above_left + above + left, above + above_right + right,
                         left + below_left + below, right + below + below_right)
        if 3 in others_filled:
            self.closing.add(cell)
        else:
            self.closing.discard(cell)
        if 2 in others_filled:
            self.opening.add(cell)
        else:
            self.opening.discard(cell)

    def placements(self, hand) -> list["Place"]:
        """Every legal `Place` of a card from `hand` on a non-empty board: hand order, then cell order."""
        cells = sorted(self.fits.items())
        out = []
        append = out.append
        for card in hand:
            bit = card_bit(card)
            for (x, y), allowed in cells:
                if allowed & bit:
                    append(Place(card, x, y))
        return out

    def count(self, cells, hand_set: int) -> int:
        """How many (card, cell) placements the cards of `hand_set` have on `cells`."""
        fits = self.fits
        total = 0
        for cell in cells:
            total += (fits[cell] & hand_set).bit_count()
        return total

    def nth_placement(self, cells, hand, hand_set: int, index: int) -> "Place":
        """The placement at `index` among those of `hand` on `cells` (open cells, in frontier
        order), listed cell by cell and, on each cell, in hand order."""
        fits = self.fits
        for cell in cells:
            fitting = fits[cell] & hand_set
            here = fitting.bit_count()
            if index < here:
                for card in hand:
                    if fitting & card_bit(card):
                        if not index:
                            return Place(card, cell[0], cell[1])
                        index -= 1
            index -= here
        raise IndexError("no such placement")


def why_not_place(board: dict, card: Card, x, y, hand=None) -> str | None:
    """Why `card` may not go on (x, y), in a player's words; None when it may."""
    if not isinstance(card, Card):
        return f"{card!r} is not a card"
    if hand is not None and card not in hand:
        return f"{card.label} is not in your hand"
    if not isinstance(x, int) or not isinstance(y, int):
        return "a cell is given by two whole numbers"
    if not board:
        if (x, y) != ORIGIN:
            return ("the board is empty: any card may start it again, and every cell is the same, "
                    "so it goes on the centre cell (0, 0)")
        return None
    if (x, y) in board:
        return f"that cell already holds {board[(x, y)].label}"
    near = neighbours(board, x, y)
    if not near:
        return f"{card.label} must touch a card on the board along a side (a corner is not enough)"
    clashes = [f"{other.label} {where}" for _cell, other, where in near if not compatible(card, other)]
    if clashes:
        return (f"{card.label} does not match {', nor '.join(clashes)}: "
                "not the same rank or suit, nor one rank apart")
    return None


def pile_points(pile) -> int:
    """A score pile's points: the sum of ranks (A = 1, J = 11, Q = 12, K = 13)."""
    return sum(card.rank for card in pile)


def _square_words(squares) -> str:
    twos = sum(1 for sq in squares if sq[2] == 2)
    threes = len(squares) - twos
    words = {1: "a", 2: "two", 3: "three", 4: "four"}
    parts = []
    if threes:
        parts.append(f"{words.get(threes, threes)} 3x3 cube{'s' if threes > 1 else ''}")
    if twos:
        parts.append(f"{words.get(twos, twos)} 2x2 cube{'s' if twos > 1 else ''}")
    return " and ".join(parts)


# ---------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the top card of the deck (the first step of every turn while the deck has cards)."""

    def text(self, names=None) -> str:
        return "Draw a card"


DRAW_ACTION = Draw()  # every Draw is the same move: one shared instance


@dataclass(frozen=True, slots=True)
class Place:
    """Place `card` from hand on the empty cell (x, y)."""

    card: Card
    x: int
    y: int

    def text(self, names=None) -> str:
        return f"Place {self.card.label} at ({self.x}, {self.y})"


@dataclass(frozen=True, slots=True)
class Pass:
    """End the turn without placing: only when no card in hand can be placed. Cards are kept."""

    def text(self, names=None) -> str:
        return "Pass"


# ---------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class Drew:
    """A card drawn. `card` is None in the view of any seat but the drawer."""

    seat: int
    card: Card | None

    def text(self, names) -> str:
        if self.card is None:
            return f"{acts(names[self.seat], 'draws')} a card"
        return f"{acts(names[self.seat], 'draws')} {self.card.label}"


@dataclass(frozen=True, slots=True)
class Placed:
    """`card` placed at (`x`, `y`); `beside`: the cards it touches, for the move log to say where."""

    seat: int
    card: Card
    x: int
    y: int
    beside: tuple[Card, ...] = ()

    def text(self, names) -> str:
        where = f" next to {' and '.join(c.label for c in self.beside)}" if self.beside else ""
        return f"{acts(names[self.seat], 'places')} {self.card.label}{where}"


@dataclass(frozen=True, slots=True)
class Scored:
    """Cubes completed by a placement: `cards` (row by row, see `cells`) went to `seat`'s pile."""

    seat: int
    cards: tuple[Card, ...]
    squares: tuple[tuple[int, int, int], ...]

    def cells(self) -> list[tuple[int, int]]:
        """The board cells the cards left, in the order of `cards`."""
        return scored_cells(self.squares)

    def text(self, names) -> str:
        labels = " ".join(card.label for card in self.cards)
        name = names[self.seat]
        return (f"{acts(name, 'completes')} {_square_words(self.squares)} and {verb_of(name, 'scores')} "
                f"{labels} ({pile_points(self.cards)} points)")


@dataclass(frozen=True, slots=True)
class Passed:
    """`seat` could place no card and passed, keeping every card (the drawn one too)."""

    seat: int

    def text(self, names) -> str:
        return f"{names[self.seat]} cannot place a card and {verb_of(names[self.seat], 'passes')}"


@dataclass(frozen=True, slots=True)
class GameEnded:
    winners: tuple[int, ...]
    scores: tuple[int, ...]

    def text(self, names) -> str:
        who = " and ".join(names[s] for s in self.winners)
        points = self.scores[self.winners[0]]
        if len(self.winners) == 1:
            return f"The deck is used up: {acts(who, 'wins')} with {points} points"
        return f"The deck is used up: {who} share the win with {points} points"


# ---------------------------------------------------------------- state and view


@dataclass(slots=True, kw_only=True)
class CubesState:
    """The whole table. Mutated only by `CubesRules.advance` on a private clone."""

    players: int
    board: dict[tuple[int, int], Card]
    hands: list[list[Card]]
    draw_pile: list[Card]
    piles: list[list[Card]]
    rng: Rng
    current: int = 0
    phase: str = DRAW  # DRAW, then PLACE; when the game ends, the last turn's phase stays
    turn: int = 0  # turns started so far, minus one: the first turn is 0
    drawn: Card | None = None  # the card drawn this turn (seen only by its drawer)
    last_draw_turn: int | None = None  # the turn that drew the last deck card
    # Per seat, what its latest pass revealed: cards of that hand that fit beside none of the
    # open-cell groups of the board of that moment (`open_groups`). A placed card that may have
    # been one of them lowers the count.
    revealed: list[Revealed] = field(default_factory=list)
    winners: tuple[int, ...] | None = None  # None until the game is over, then the winning seats
    # The board's open cells, kept by `advance` once asked for (`open_frontier`); None until then.
    # Derived from `board` (its order from the board's history), so not part of what the state is.
    frontier: Frontier | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.revealed:
            self.revealed = [NOTHING_REVEALED] * self.players

    def open_frontier(self) -> Frontier:
        """The board's `Frontier`, built now if the state has none."""
        frontier = self.frontier
        if frontier is None:
            frontier = self.frontier = Frontier.of(self.board)
        return frontier

    def all_cards(self) -> list[Card]:
        found = list(self.board.values()) + [c for hand in self.hands for c in hand]
        found += self.draw_pile
        found += [c for pile in self.piles for c in pile]
        return found


@dataclass(frozen=True, slots=True, kw_only=True)
class CubesView(View):
    """What one seat may see."""

    board: tuple[tuple[tuple[int, int], Card], ...]  # ((x, y), card), sorted by cell
    piles: tuple[tuple[Card, ...], ...]
    draw_pile_count: int
    phase: str
    turn: int
    drawn: Card | None  # the card just drawn, only in the drawer's own view
    last_draw_turn: int | None
    revealed: tuple[Revealed, ...]

    def board_dict(self) -> dict[tuple[int, int], Card]:
        return dict(self.board)

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(pile_points(pile) for pile in self.piles)

    @property
    def last_turn(self) -> bool:
        """Whether this is the last turn (the deck is empty)."""
        return self.draw_pile_count == 0 and self.winners is None

    def legal_cells(self, card: Card) -> list[tuple[int, int]]:
        return legal_cells(self.board_dict(), card)


# ---------------------------------------------------------------- rules


class CubesRules(Rules):
    min_players = 2
    max_players = 4
    action_types = (Draw, Place, Pass)
    event_types = (Drew, Placed, Scored, Passed, GameEnded)
    options = ()
    playout_horizon = PLAYOUT_HORIZON

    def setup(self, config: dict, seed: int) -> CubesState:
        config = self.normalize_config(config)
        players = config["players"]
        rng = Rng(seed)
        deck = standard_deck()
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(HAND_SIZE)] for _ in range(players)]
        board = {ORIGIN: deck.pop()}
        return CubesState(players=players, board=board, hands=hands, draw_pile=deck,
                          piles=[[] for _ in range(players)], rng=rng)

    def to_move(self, state: CubesState) -> int | None:
        return None if state.winners is not None else state.current

    def clone(self, state: CubesState) -> CubesState:
        """A private copy for search, slot by slot (quicker than the keyword constructor)."""
        copy = object.__new__(CubesState)
        copy.players = state.players
        copy.board = dict(state.board)
        copy.hands = [h[:] for h in state.hands]
        copy.draw_pile = state.draw_pile[:]
        copy.piles = [p[:] for p in state.piles]
        copy.rng = state.rng.clone()
        copy.current = state.current
        copy.phase = state.phase
        copy.turn = state.turn
        copy.drawn = state.drawn
        copy.last_draw_turn = state.last_draw_turn
        copy.revealed = state.revealed[:]
        copy.winners = state.winners
        copy.frontier = state.frontier.copy() if state.frontier is not None else None
        return copy

    # -- what may be done

    def legal_actions(self, state: CubesState) -> list:
        if state.winners is not None:
            return []
        phase = state.phase
        if phase == PLACE:
            hand = state.hands[state.current]
            if not state.board:
                return placements(state.board, hand)
            return state.open_frontier().placements(hand) or [Pass()]
        if phase == DRAW:
            return [DRAW_ACTION]
        return []

    def points(self, state: CubesState) -> tuple[float, ...]:
        """The points of each seat's pile of scored cards."""
        return tuple(float(pile_points(pile)) for pile in state.piles)

    def estimate(self, state: CubesState) -> list[float]:
        """Each seat's chance from its lead in points over the best of the others: a logistic
        curve that gives a lead of LEAD_SCALE points about three chances in four."""
        scores = [pile_points(pile) for pile in state.piles]
        chances = []
        for seat, score in enumerate(scores):
            lead = score - max(s for other, s in enumerate(scores) if other != seat)
            chances.append(1.0 / (1.0 + math.exp(-1.1 * lead / LEAD_SCALE)))
        return chances

    def playout_action(self, state: CubesState, rand):
        """Score when possible, else leave nothing to complete, now and then anything (a wander
        of PLAYOUT_WANDER): random placements almost never score, so random playouts say little."""
        if state.phase == DRAW:
            return DRAW_ACTION
        return playout_place(state.board, state.open_frontier(), state.hands[state.current], rand, PLAYOUT_WANDER)

    def why_illegal(self, state: CubesState, action) -> str:
        if state.winners is not None:
            return "the game is over"
        kind = type(action)
        if kind is Draw:
            if state.phase == PLACE:
                return "you have drawn your card this turn: now place a card"
        elif kind is Pass:
            if state.phase == DRAW:
                return "draw a card first"
            legal = placements(state.board, state.hands[state.current])
            if legal:
                example = legal[0]
                return (f"you can place a card (for one, {example.card.label}), and placing is not "
                        "optional: pass only when no card in your hand fits anywhere")
        elif kind is Place:
            if state.phase == DRAW:
                return "draw a card first, then place one"
            reason = why_not_place(state.board, action.card, action.x, action.y,
                                   state.hands[state.current])
            if reason:
                return reason
        else:
            return "that is not a move in Cubes"
        return "that move is not allowed now"

    # -- doing it

    def advance(self, state: CubesState, action) -> list:
        kind = type(action)
        if kind is Draw:
            return self._draw(state)
        if kind is Place:
            return self._place(state, action)
        return self._pass(state)

    def _draw(self, state: CubesState) -> list:
        seat = state.current
        card = state.draw_pile.pop()
        state.hands[seat].append(card)
        state.drawn = card
        if not state.draw_pile:
            state.last_draw_turn = state.turn
        state.phase = PLACE
        return [Drew(seat, card)]

    def _place(self, state: CubesState, action: Place) -> list:
        seat = state.current
        card, x, y = action.card, action.x, action.y
        hand = state.hands[seat]
        hand.remove(card)
        revealed = state.revealed[seat]
        if revealed.count:  # a card that fits nowhere may have been one of those that did not fit
            state.revealed[seat] = revealed.played(not fits_somewhere(card, revealed.none_of), len(hand))
        board = state.board
        board[(x, y)] = card
        beside = []
        for dx, dy, _where in SIDES:
            other = board.get((x + dx, y + dy))
            if other is not None:
                beside.append(other)
        events = [Placed(seat, card, x, y, tuple(beside))]
        frontier = state.frontier
        squares = completions(board, x, y) if frontier is None or (x, y) in frontier.closing else None
        if squares:
            cells = scored_cells(squares)
            won = tuple(board.pop(cell) for cell in cells)
            state.piles[seat].extend(won)
            events.append(Scored(seat, won, tuple(squares)))
            if frontier is not None:
                frontier.lift(board, cells)
        elif frontier is not None:
            frontier.place(board, card, x, y)
        self._end_turn(state, events)
        return events

    def _pass(self, state: CubesState) -> list:
        seat = state.current
        # Nothing in this hand could be placed: that is what passing reveals.
        state.revealed[seat] = Revealed.whole_hand(len(state.hands[seat]), open_groups(state.board))
        events = [Passed(seat)]
        self._end_turn(state, events)
        return events

    @staticmethod
    def _end_turn(state: CubesState, events: list) -> None:
        state.drawn = None
        if not state.draw_pile:  # the last deck card was drawn this turn (see `last_draw_turn`)
            state.winners = _winners(state.piles)
            events.append(GameEnded(state.winners, tuple(pile_points(p) for p in state.piles)))
            return
        state.current = (state.current + 1) % state.players
        state.turn += 1
        state.phase = DRAW

    # -- what is seen

    def redact(self, event, seat: int | None):
        if type(event) is Drew and event.seat != seat and event.card is not None:
            return Drew(event.seat, None)
        return event

    def view(self, state: CubesState, seat: int | None) -> CubesView:
        return CubesView(
            seat=seat,
            players=state.players,
            hand=tuple(state.hands[seat]) if seat is not None else (),
            board=tuple(sorted(state.board.items(), key=lambda item: item[0])),
            piles=tuple(tuple(pile) for pile in state.piles),
            hand_counts=tuple(len(hand) for hand in state.hands),
            draw_pile_count=len(state.draw_pile),
            current=state.current,
            phase=state.phase,
            turn=state.turn,
            drawn=state.drawn if seat is not None and seat == state.current else None,
            last_draw_turn=state.last_draw_turn,
            revealed=tuple(state.revealed),
            winners=state.winners,
            final_hands=tuple(tuple(h) for h in state.hands) if state.winners is not None else None,
        )

    def determinize(self, view: CubesView, rng: Rng) -> CubesState:
        """A full state the viewer cannot tell from the real one.

        The unseen cards are dealt at random to the other hands and the deck. A seat that passed
        showed that at least `count` of its cards could not be placed then (`revealed`): its hand
        gets that many such cards. A few quick random deals are tried, then an exact one that finds
        a deal whenever one exists (the real one does); unconstrained only as a last resort.
        Once the game is over every hand is shown, and the state is known.
        """
        if view.final_hands is not None:
            hands = [list(h) for h in view.final_hands]
            draw_pile = _unseen(view, view.final_hands)  # empty: the deck ran out
        else:
            pool = _unseen(view, [view.hand])
            others = [s for s in range(view.players) if s != view.seat]
            owed = {s: view.revealed[s].count for s in others}
            allowed = {s: {c for c in pool if not fits_somewhere(c, view.revealed[s].none_of)}
                       for s in others if owed[s]}
            dealt, draw_pile = deal_hidden(pool, {s: view.hand_counts[s] for s in others}, owed, allowed, rng)
            hands = [list(view.hand) if s == view.seat else dealt[s] for s in range(view.players)]
        return CubesState(players=view.players, board=dict(view.board), hands=hands, draw_pile=draw_pile,
                          piles=[list(pile) for pile in view.piles], rng=Rng(rng.next_u64()),
                          current=view.current, phase=view.phase, turn=view.turn, drawn=view.drawn,
                          last_draw_turn=view.last_draw_turn, revealed=list(view.revealed),
                          winners=view.winners)

    def deck(self, config: dict) -> list[Card]:
        return standard_deck()

    def hidden_cards(self, state: CubesState, seat: int | None) -> set[Card]:
        """The deck and the other seats' hands (every hand is shown once the game is over)."""
        return draw_pile_and_other_hands(state.draw_pile, state.hands, seat, state.winners is not None)

    def made_by_the_table(self, legal) -> bool:
        """The draw that starts a turn: the table draws the card for the player."""
        return list(legal) == [Draw()]

    def best_in_words(self, score: float) -> str:
        return f"most points in a game {score:g}"

    def outcome(self, state: CubesState) -> Outcome | None:
        if state.winners is None:
            return None
        return Outcome(tuple(pile_points(pile) for pile in state.piles), state.winners)


def _winners(piles) -> tuple[int, ...]:
    """Most points; then most cards scored; still tied: a shared win."""
    keys = [(pile_points(pile), len(pile)) for pile in piles]
    best = max(keys)
    return tuple(s for s, key in enumerate(keys) if key == best)


def _unseen(view: CubesView, hands) -> list[Card]:
    seen = {c for hand in hands for c in hand}
    seen.update(card for _cell, card in view.board)
    seen.update(card for pile in view.piles for card in pile)
    return [c for c in standard_deck() if c not in seen]


RULES = CubesRules()

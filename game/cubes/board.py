"""The Cubes board's geometry: an unbounded grid held as a dict {(x, y): Card}. x grows to the
right and y grows downward (screen order): the cell "above" (x, y) is (x, y - 1). The first card
sits on the centre cell (0, 0).

A square (a cube, scored or not) is written (x, y, size): its top-left cell and its side, 2 or 3.

Pure helpers, for the rules and for the table scene: which cards match (`compatible`, `trait`),
what is around a cell (`neighbours`, `neighbour_matches`), the squares a card completes
(`completions`, `closes_square`, `square_cells`, `scored_cells`), the open cells and what fits
on them (`open_cells`, `legal_cells`, `open_groups`, `fits_somewhere`).
"""

from __future__ import annotations

from ..cards import Card

ORIGIN = (0, 0)
# Orthogonal neighbours, in the order reasons name them: (dx, dy, words).
SIDES = ((0, -1, "above it"), (0, 1, "below it"), (-1, 0, "to its left"), (1, 0, "to its right"))


def compatible(a: Card, b: Card) -> bool:
    """Whether `a` may sit next to `b`: same rank, same suit, or ranks one apart (A = 1, no wrap)."""
    return a.rank == b.rank or a.suit == b.suit or a.rank - b.rank in (1, -1)


def trait(a: Card, b: Card) -> str | None:
    """How `a` matches `b`: "rank", "suit" or "step" (one rank apart), first that holds; else None."""
    if a.rank == b.rank:
        return "rank"
    if a.suit == b.suit:
        return "suit"
    if a.rank - b.rank in (1, -1):
        return "step"
    return None


def neighbours(board: dict, x: int, y: int) -> list[tuple[tuple[int, int], Card, str]]:
    """The cards connected to cell (x, y): [(cell, card, "above it" | ...)], in SIDES order."""
    found = []
    for dx, dy, where in SIDES:
        cell = (x + dx, y + dy)
        other = board.get(cell)
        if other is not None:
            found.append((cell, other, where))
    return found


def neighbour_matches(board: dict, card: Card, x: int, y: int) -> dict[tuple[int, int], str | None]:
    """For each card connected to (x, y): its cell -> the trait `card` meets it by, or None (a clash)."""
    return {cell: trait(card, other) for cell, other, _where in neighbours(board, x, y)}


def square_cells(square: tuple[int, int, int]) -> list[tuple[int, int]]:
    """The cells of square (x, y, size), row by row."""
    left, top, size = square
    return [(left + dx, top + dy) for dy in range(size) for dx in range(size)]


def completions(board: dict, x: int, y: int) -> list[tuple[int, int, int]]:
    """The squares (x, y, size) that a card on (x, y) completes, the cell counted as filled.

    Every complete 2x2 and 3x3 square holding (x, y); sorted 2x2s first. A 3x3 square always holds
    a 2x2 square through (x, y), so 3x3s are looked for only once a 2x2 is complete.
    """
    filled = board.keys() | {(x, y)}
    found = []
    for left in (x - 1, x):
        for top in (y - 1, y):
            if filled.issuperset(((left, top), (left + 1, top), (left, top + 1), (left + 1, top + 1))):
                found.append((left, top, 2))
    if found:
        for left in (x - 2, x - 1, x):
            for top in (y - 2, y - 1, y):
                if filled.issuperset(square_cells((left, top, 3))):
                    found.append((left, top, 3))
    found.sort(key=lambda sq: (sq[2], sq[1], sq[0]))
    return found


def closes_square(board: dict, x: int, y: int) -> bool:
    """Whether a card on (x, y) would complete a 2x2 square: a quick test before `completions`
    (a 3x3 is only ever completed together with a 2x2)."""
    for dx in (-1, 1):
        if (x + dx, y) in board:
            for dy in (-1, 1):
                if (x, y + dy) in board and (x + dx, y + dy) in board:
                    return True
    return False


def scored_cells(squares) -> list[tuple[int, int]]:
    """The union of the squares' cells, row by row (the order of `Scored.cards`)."""
    cells = {cell for square in squares for cell in square_cells(square)}
    return sorted(cells, key=lambda c: (c[1], c[0]))


def open_cells(board: dict) -> list[tuple[tuple[int, int], list[Card]]]:
    """Every empty cell connected to the board, sorted, with the cards connected to it."""
    return sorted(open_cell_map(board).items())


def open_cell_map(board: dict) -> dict[tuple[int, int], list[Card]]:
    """`open_cells` as a dict, unsorted: cell -> the cards connected to it."""
    found: dict[tuple[int, int], list[Card]] = {}
    for (x, y), card in board.items():
        for cell in ((x, y - 1), (x, y + 1), (x - 1, y), (x + 1, y)):
            if cell not in board:
                near = found.get(cell)
                if near is None:
                    found[cell] = [card]
                else:
                    near.append(card)
    return found


def fits_beside(card: Card, near: list[Card]) -> bool:
    """Whether `card` is compatible with every card in `near` (the cards around one cell)."""
    rank, suit = card.rank, card.suit
    for other in near:
        r = other.rank
        if r != rank and other.suit != suit and r - rank not in (1, -1):
            return False
    return True


def legal_cells(board: dict, card: Card) -> list[tuple[int, int]]:
    """Every cell where `card` may be placed (on an empty board, only (0, 0): see `placements`)."""
    if not board:
        return [ORIGIN]
    return [cell for cell, near in open_cells(board) if fits_beside(card, near)]


def open_groups(board: dict) -> tuple[tuple[Card, ...], ...]:
    """The distinct groups of cards around the open cells of `board`, in a fixed order.

    A card can be placed on a (non-empty) board exactly when it fits beside one of these groups.
    They are board cards, so public: this is what a pass reveals about the passer's hand.
    """
    groups = {tuple(sorted(near, key=_code)) for _cell, near in open_cells(board)}
    return tuple(sorted(groups, key=lambda group: [c.code for c in group]))


def fits_somewhere(card: Card, groups) -> bool:
    """Whether `card` fits beside at least one of `groups` (see `open_groups`)."""
    return any(fits_beside(card, group) for group in groups)


def _code(card: Card) -> str:
    return card.code

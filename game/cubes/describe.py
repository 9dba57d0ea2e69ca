"""Cubes read by ear (game/describe.py): the hand by suit, the board row by row with each card's
column, the open spaces a card can go to with the cards around each, and the points each pile
holds. Rows and columns count from the top-left card of the board as it lies now (an open
space beyond the board's edge is row or column 0, or one past the last)."""

from __future__ import annotations

from ..cards import SUIT_NAMES, card_count
from ..describe import count_words, seat_counts
from .board import completions, neighbours


def group(card) -> str:
    return SUIT_NAMES[card.suit].capitalize()


def corner(board: dict) -> tuple[int, int]:
    """The board's top-left cell: where row 1, column 1 is."""
    if not board:
        return (0, 0)
    return (min(x for x, _y in board), min(y for _x, y in board))


def place_words(board: dict, x: int, y: int) -> str:
    """"row 2, column 3" of the board as it lies now."""
    left, top = corner(board)
    return f"row {y - top + 1}, column {x - left + 1}"


def board(view, names) -> list[str]:
    """Each row of the board left to right, with the column of each card; then the deck."""
    cells = view.board_dict()
    if not cells:
        return ["The board is empty: the first card goes in the middle", f"The deck: {card_count(view.draw_pile_count)}"]
    left, top = corner(cells)
    lines = []
    for y in sorted({y for _x, y in cells}):
        row = sorted((x, card) for (x, cy), card in cells.items() if cy == y)
        lines.append(f"Row {y - top + 1}: " + ", ".join(f"{card.label} in column {x - left + 1}" for x, card in row))
    lines.append(f"The deck: {card_count(view.draw_pile_count)}" + (", this is the last turn" if view.last_turn else ""))
    return lines


def scores(view, names) -> list[str]:
    """Points in each seat's pile of scored cubes, and the cards in each hand."""
    points = ", ".join(f"{names[seat]} {score} points from {card_count(len(pile))}"
                       for seat, (score, pile) in enumerate(zip(view.scores, view.piles)))
    return [f"Scored: {points}", f"Cards in hand: {seat_counts(view, names)}"]


def more(view, names) -> list[str]:
    if view.drawn is not None:
        return [f"You just drew {view.drawn.label}"]
    return [f"{count_words(len(view.board), 'card')} on the board"]


def around(view, action) -> str:
    """Where a placement goes and what it touches: "at row 1, column 3, with 8♥ to its left;
    completes 1 cube"."""
    if not hasattr(action, "x"):
        return ""
    cells = view.board_dict()
    near = neighbours(cells, action.x, action.y)
    words = f"at {place_words(cells, action.x, action.y)}"
    if near:
        words += ", with " + " and ".join(f"{card.label} {where}" for _cell, card, where in near)
    squares = completions(cells, action.x, action.y) if cells else []
    if squares:
        words += f"; completes {count_words(len(squares), 'cube')}"
    return words

"""LINX read by ear (game/describe.py): the hand by symbol, the anchors, the discard pile and the
stock, the scoring cards face up, and each seat's points (and the match's, in a match)."""

from __future__ import annotations

from ..cards import card_count
from ..describe import seat_counts
from .cards import DECK


def group(card) -> str:
    return DECK.symbols[card.symbol].name


def board(view, names) -> list[str]:
    """The anchors, the discard pile's top, the stock, the scoring cards to take."""
    anchors = ", ".join(card.label for card in view.anchors) or "none"
    top = f"{view.discard_top.label} on top of {card_count(view.discard_count)}" if view.discard_top else "empty"
    scoring = ", ".join(f"{s.points} points for a chain of {s.length}" for s in view.scoring_up) or "none"
    lines = [f"Anchors: {anchors}", f"The discard pile: {top}; the stock: {card_count(view.draw_pile_count)}",
             f"Scoring cards: {scoring}"]
    if view.draws_left and not view.game_over:
        lines.append(f"{card_count(view.draws_left)} still to draw this turn")
    return lines


def scores(view, names) -> list[str]:
    """Points taken this game (and in the match), and the cards in each hand."""
    lines = ["Points: " + ", ".join(f"{names[seat]} {points}" for seat, points in enumerate(view.points))]
    if view.match:
        lines.append(f"The match, to {view.target}: " + ", ".join(
            f"{names[seat]} {points}" for seat, points in enumerate(view.match_scores)))
    lines.append(f"Cards in hand: {seat_counts(view, names)}")
    return lines


def more(view, names) -> list[str]:
    """The discards each seat took and still holds (everyone saw them taken)."""
    taken = [f"{names[seat]} took {', '.join(card.label for card in cards)}" for seat, cards in enumerate(view.taken) if cards]
    return taken or ["Nobody holds a card taken from the discard pile"]


def around(view, action) -> str:
    return ""

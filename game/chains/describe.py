"""Chains read by ear (game/describe.py): the hand by suit, each chain's end, the deck, and the
cards each seat holds."""

from __future__ import annotations

from ..cards import SUIT_NAMES, card_count
from ..describe import count_words, seat_counts


def group(card) -> str:
    return SUIT_NAMES[card.suit].capitalize()


def board(view, names) -> list[str]:
    """Each chain's end and length, the deck, and the card drawn this turn that may be played."""
    lines = [f"Chain {index + 1} ends with {chain[-1].label}, {count_words(len(chain), 'card')}"
             for index, chain in enumerate(view.chains)]
    lines.append(f"The deck: {card_count(view.draw_pile_count)}")
    if view.pending is not None:
        lines.append(f"Drawn and waiting to be played: {view.pending.label}")
    elif view.drawn:
        lines.append(f"{count_words(view.drawn, 'card')} drawn this turn")
    return lines


def scores(view, names) -> list[str]:
    """Cards left in each hand (the fewest wins); at the end, each hand's total too."""
    lines = [f"Cards in hand: {seat_counts(view, names)}"]
    if view.final_totals is not None:
        lines.append("Hand totals: " + ", ".join(f"{names[seat]} {total}" for seat, total in enumerate(view.final_totals)))
    return lines


def more(view, names) -> list[str]:
    return [f"Draw rule: {view.draw_rule}"]


def around(view, action) -> str:
    return ""

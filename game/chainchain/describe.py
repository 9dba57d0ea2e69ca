"""Chain-Chain read by ear (game/describe.py): the hand by kind, the pile's last play and what
must answer it, the direction, the stock, and each seat's collected cards."""

from __future__ import annotations

from ..cards import card_count
from ..describe import seat_counts
from .rules import key_name, pile_sum


def group(card) -> str:
    if not card.is_letter:
        return "Numbers"
    return "Vowels" if card.is_vowel else "Consonants"


def board(view, names) -> list[str]:
    """The last play, what the next play must start with, the direction and the stock."""
    top = view.top
    lines = [f"The pile: {card_count(len(view.pile))}" + (f", the last play {' then '.join(c.label for c in top)}" if top else "")]
    if view.game_over:
        return lines
    if view.required is None:
        lines.append("Free lead: any two cards")
    else:
        lines.append(f"The next play must start with {key_name(view.required)}")
    lines.append(f"Play goes {'clockwise' if view.direction > 0 else 'anticlockwise'}; the stock: {card_count(view.draw_pile_count)}")
    return lines


def scores(view, names) -> list[str]:
    """Cards collected (the fewest wins, then the lowest sum) and the cards in each hand."""
    collected = ", ".join(f"{names[seat]} {card_count(len(pile))} summing {pile_sum(pile)}"
                          for seat, pile in enumerate(view.collected))
    return [f"Collected: {collected}", f"Cards in hand: {seat_counts(view, names)}"]


def more(view, names) -> list[str]:
    return [f"Variant: {view.variant}"]


def around(view, action) -> str:
    return ""

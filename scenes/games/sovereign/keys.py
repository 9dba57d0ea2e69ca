"""By keyboard at the Sovereign's Chain table, besides the hand cards: when a choice names no hand
card (an ability's target, a suit, a token, the unseen discard under Hostile Orbit), Left/Right
reach those moves after the usable hand cards, Up/Down go through them, each lit on the table and
said in words, and Enter makes the one picked.

The cursor is the table's own pick (the selected hand card, the chosen move), which a click or a
hint moves as well, so it is worked out from them at every key rather than kept apart."""

from __future__ import annotations

from scenes.table.table import action_cards


class TableMoveKeys:
    def __init__(self, table) -> None:
        self.table = table

    def moves(self) -> list:
        """Legal moves that play no hand card and have no key of their own: ability targets,
        suits, tokens, the discard pile."""
        table = self.table
        keyed = set(table.key_actions().values())
        hand = set(table.current_view().hand)
        return [a for a in table.legal() if a not in keyed and not hand.intersection(action_cards(a))]

    def pick_card(self, step: int) -> bool:
        """Left/Right: the usable hand cards in turn, then the moves on the table; False when
        there are none on the table (the hand cards alone, as at every table)."""
        table = self.table
        moves = self.moves()
        if not moves:
            return False
        usable = [card for card in table.hand.cards(table.current_view()) if table.card_actions(card)]
        slots = usable + [None]  # None: the moves on the table
        if table.hand.selected in usable:
            index = usable.index(table.hand.selected) + step
        elif table.choice in moves:
            index = len(usable) + step
        else:
            index = 0 if step > 0 else -1
        picked = slots[index % len(slots)]
        if picked is None:
            table.hand.selected = None
            self.pick(moves, 0)
        else:
            table.hand.selected = picked
            table.choice = table.card_actions(picked)[0]
        return True

    def pick_move(self, step: int) -> bool:
        """Up/Down with no hand card selected: the next move on the table; False when there is
        none (the selected card's moves, as at every table)."""
        moves = self.moves()
        if self.table.hand.selected is not None or not moves:
            return False
        self.pick(moves, step)
        return True

    def pick(self, moves: list, step: int) -> None:
        table = self.table
        index = moves.index(table.choice) + step if table.choice in moves else 0
        table.choice = moves[index % len(moves)]
        table.say_notice(f"{table.describe(table.choice)}: Enter to choose it.")

"""By keyboard at the Sovereign's Chain table, besides the hand cards: when a choice names no hand
card (an ability's target, a suit, a token, the unseen discard under Hostile Orbit), Left/Right
reach those moves after the usable hand cards, Up/Down go through them, each lit on the table and
said in words, and Enter makes the one picked.

The cursor is the shared `Focus` over two rows: "hand", which Left/Right go round (the usable hand
cards, then one stop for the moves on the table), and "table", which Up/Down go along (those
moves). The table's pick (the selected hand card, the chosen move) is made by clicks and hints as
well, so the cursor follows it before every key."""

from __future__ import annotations

from scenes.table.parts import Focus
from scenes.table.choosing import action_cards

ON_TABLE = "the moves on the table"  # the last stop of the "hand" row


class TableMoveKeys:
    def __init__(self, table) -> None:
        self.table = table
        self.focus = Focus(self.rows)

    def moves(self) -> list:
        """Legal moves that play no hand card and have no key of their own: ability targets,
        suits, tokens, the discard pile."""
        table = self.table
        keyed = set(table.key_actions().values())
        hand = set(table.current_view().hand)
        return [a for a in table.legal() if a not in keyed and not hand.intersection(action_cards(a))]

    def rows(self) -> list[tuple[str, list]]:
        table = self.table
        moves = self.moves()
        usable = [card for card in table.hand.cards(table.current_view()) if table.card_actions(card)]
        return [("hand", usable + [ON_TABLE] if moves else []), ("table", moves)]

    def pick_card(self, step: int) -> bool:
        """Left/Right: the usable hand cards in turn, then the moves on the table; False when
        there are none on the table (the hand cards alone, as at every table)."""
        table = self.table
        moves = self.moves()
        if not moves:
            return False
        selected = table.hand.selected
        held = selected if selected in self.focus.items("hand") else (ON_TABLE if table.choice in moves else None)
        self.focus.follow("hand", held)
        self.focus.along(step, start_row="hand")
        picked = self.focus.current()
        if picked == ON_TABLE:
            table.hand.selected = None
            self.pick(0)
        else:
            table.hand.selected = picked
            table.choice = table.card_actions(picked)[0]
        return True

    def pick_move(self, step: int) -> bool:
        """Up/Down with no hand card selected: the next move on the table; False when there is
        none (the selected card's moves, as at every table)."""
        if self.table.hand.selected is not None or not self.moves():
            return False
        self.pick(step)
        return True

    def pick(self, step: int) -> None:
        """Along the moves on the table from the chosen one (from the first when none is)."""
        table = self.table
        self.focus.follow("table", table.choice)
        if self.focus.current() is None:
            self.focus.enter("table", 1)
        else:
            self.focus.along(step)
        table.choice = self.focus.current()
        table.say_notice(f"{table.describe(table.choice)}: Enter to choose it.")

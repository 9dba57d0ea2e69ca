"""Choosing a move from the hand by keyboard, as every table does unless it has its own cursor:
Left/Right pick a hand card (those that can be played, if any can), Up/Down one of the moves it can
make (lit on the table), Enter makes it. The table holds the move picked (`table.choice`)."""

from __future__ import annotations


def action_cards(action) -> list:
    """The cards an action names (a card played, the two cards of a play)."""
    return [value for value in (getattr(action, name) for name in getattr(action, "__dataclass_fields__", ()))
            if hasattr(value, "label")]


class HandChoice:
    def __init__(self, table) -> None:
        self.table = table
        self._told: tuple = (None, None, "")  # the last move put in words: (revision, move, words)

    def words(self, action) -> str:
        """The picked move in words, for the prompt ("Enter: Ana plays 7\u2660 on chain 2"); worked
        out once a move, not every frame."""
        revision = self.table.session.revision
        if self._told[0] != revision or self._told[1] != action:
            self._told = (revision, action, self.table.describe(action))
        return self._told[2]

    def card_actions(self, card) -> list:
        """The legal moves that play `card` from the hand."""
        return [action for action in self.table.legal_actions() if card in action_cards(action)]

    def pick_card(self, step: int) -> None:
        table = self.table
        cards = table.hand.cards(table.current_view())
        usable = [card for card in cards if self.card_actions(card)] or cards
        if not usable:
            return
        current = table.hand.selected
        index = usable.index(current) + step if current in usable else (0 if step > 0 else -1)
        table.hand.selected = usable[index % len(usable)]
        actions = self.card_actions(table.hand.selected)
        table.choice = actions[0] if actions else None

    def pick_move(self, step: int) -> None:
        table = self.table
        if table.hand.selected is None:
            table.pick_card(1)
            return
        actions = self.card_actions(table.hand.selected)
        if actions:
            index = actions.index(table.choice) + step if table.choice in actions else 0
            table.choice = actions[index % len(actions)]

    def confirm(self) -> None:
        table = self.table
        if table.choice is not None and table.choice in table.legal_actions():
            table.perform(table.choice, self.origin(table.choice))
        elif table.hand.selected is not None:
            table.say(f"{table.hand.selected.label} cannot be played now")

    def normal_move(self):
        """The move the Normal computer would make here."""
        session = self.table.session
        return session.descriptor.heuristic(session.seed).choose(self.table.current_view(), self.table.legal_actions())

    def present_hint(self, action) -> None:
        """Light the hinted move and say it; the game counts as assisted from now on."""
        table = self.table
        table.session.note_hint()
        self.light(action)
        said = table.describe(action)
        table.say_notice(f"Hint: {said}. Enter makes the move.", (f"Hint: {said} (Enter)",))

    def light(self, action) -> None:
        """`action` picked: its first hand card raised, where it goes lit (Enter makes it)."""
        cards = action_cards(action)
        self.table.hand.selected = cards[0] if cards else None
        self.table.choice = action

    def origin(self, action):
        """Where a move's card starts its flight: its place in the hand."""
        view = self.table.current_view()
        cards = [card for card in action_cards(action) if card in view.hand]
        return self.table.hand.card_center(view, cards[0]) if cards else None

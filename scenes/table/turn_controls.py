"""What the viewer presses on their own turn: the table's move buttons beside the hand (Draw,
Take discard...), each enabled only while its move is legal, the Hint button, the table's move
keys, and the keys that choose a move (arrows, Enter, H)."""

from __future__ import annotations

import pygame

from scenes.ui import keymap, theme

# Measures of this layout that are no step of theme's scales (pixels at the base window).
BUTTON_H = 50  # a turn button
BUTTON_MIN_W = 130  # a turn button at least
BUTTON_STEP = 58  # a turn button's height and the gap under it


CHOOSING_KEYS = {
    keymap.LEFT: lambda table: table.pick_card(-1),
    keymap.RIGHT: lambda table: table.pick_card(1),
    keymap.UP: lambda table: table.pick_move(-1),
    keymap.DOWN: lambda table: table.pick_move(1),
    keymap.ENTER: lambda table: table.confirm_choice(),
    keymap.HINT: lambda table: table.show_hint(),
}

ARROWS = {keymap.LEFT: True, keymap.RIGHT: True, keymap.UP: True, keymap.DOWN: True}  # they move the focus


class TurnControls:
    def __init__(self, table) -> None:
        self.table = table

    def place(self, right: int, top: int, count: int) -> int:
        """The first `count` move buttons stacked from `top`, right-aligned at `right`, as wide as
        the longest label needs; returns their left edge."""
        px = self.table.px
        buttons = [button for button, _action in self.table.action_buttons()[:count]]
        button_w = max([px(BUTTON_MIN_W)] + [button.needed(px(theme.TEXT_CONTROL))[0] for button in buttons])
        left = right - button_w
        for i, button in enumerate(buttons):
            button.rect = pygame.Rect(left, top + i * px(BUTTON_STEP), button_w, px(BUTTON_H))
        return left

    def enable(self) -> list:
        """Each move button enabled while its move is legal; returns the legal moves."""
        legal = self.table.legal_actions()
        for button, action in self.table.action_buttons():
            button.enabled = action in legal
        return legal

    def handle(self, event) -> None:
        table = self.table
        legal = self.enable()
        for button, _action in table.action_buttons():
            button.handle(event)
        table.hint_button.handle(event)
        if event.type == pygame.KEYDOWN:
            action = keymap.pressed_in(table.key_actions(), event)
            if action is not None and (action in legal or table.my_turn):
                table.perform(action)  # a move not allowed now is refused with its reason
            elif keymap.pressed_in(CHOOSING_KEYS, event) is not None:
                notices = table.speaker.notices
                keymap.pressed_in(CHOOSING_KEYS, event)(table)
                if keymap.pressed_in(ARROWS, event):
                    table.speaker.focus_moved(notices)

    def draw(self, screen: pygame.Surface) -> None:
        table = self.table
        table.hint_button.draw(screen, table.px(theme.TEXT_BODY))
        self.enable()
        for button, _action in table.action_buttons():
            button.draw(screen, table.px(theme.TEXT_CONTROL))

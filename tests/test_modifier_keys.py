"""A command bound to Ctrl answers Ctrl alone: a bare Z, S or Y is a letter (a table's own key,
or nothing), never Undo, Save or Redo; Shift turns Undo into Redo and nothing else into it; Alt
is not Ctrl. Checked on the key map and at a real table."""

from __future__ import annotations

import pygame
import pytest

from scenes.menus.confirm import AskText
from scenes.ui import keymap

from test_ui_player import chains_session, open_table, play_a_card_then_wait
from ui_driver import Driver

CTRL, SHIFT, ALT = pygame.KMOD_CTRL, pygame.KMOD_SHIFT, pygame.KMOD_ALT


def down(key: int, mod: int = 0):
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)


@pytest.mark.parametrize("command, key, mod, wanted", [
    (keymap.UNDO, pygame.K_z, CTRL, True), (keymap.UNDO, pygame.K_z, 0, False),
    (keymap.UNDO, pygame.K_z, SHIFT, False), (keymap.UNDO, pygame.K_z, ALT, False),
    (keymap.UNDO, pygame.K_z, CTRL | SHIFT, False),
    (keymap.REDO, pygame.K_z, CTRL | SHIFT, True), (keymap.REDO, pygame.K_z, SHIFT, False),
    (keymap.REDO, pygame.K_z, CTRL, False), (keymap.REDO_Y, pygame.K_y, CTRL, True),
    (keymap.REDO_Y, pygame.K_y, 0, False), (keymap.REDO_Y, pygame.K_y, ALT, False),
    (keymap.SAVE, pygame.K_s, CTRL, True), (keymap.SAVE, pygame.K_s, CTRL | SHIFT, True),
    (keymap.SAVE, pygame.K_s, 0, False), (keymap.SAVE, pygame.K_s, SHIFT, False), (keymap.SAVE, pygame.K_s, ALT, False),
    (keymap.HINT, pygame.K_h, 0, True), (keymap.HINT, pygame.K_h, SHIFT, True), (keymap.HINT, pygame.K_h, CTRL, False),
    (keymap.UNDO, pygame.K_z, pygame.KMOD_RCTRL, True), (keymap.SAVE, pygame.K_s, pygame.KMOD_LCTRL, True),
])
def test_a_key_answers_ctrl_and_shift_exactly_as_it_wants_them(command, key, mod, wanted):
    assert command.pressed(down(key, mod)) is wanted


def test_a_bare_z_shift_z_or_alt_z_takes_nothing_back_and_ctrl_z_does(driver: Driver):
    table = open_table(driver, chains_session("hc"))
    before = play_a_card_then_wait(driver, table)
    after, length = table.current_view(), len(table.session.log)
    for mod in (0, SHIFT, ALT):
        driver.key(pygame.K_z, mod)
        assert len(table.session.log) == length and table.current_view() == after, mod
    driver.key(pygame.K_z, CTRL)
    assert table.current_view() == before and len(table.session.log) < length
    for mod in (0, SHIFT, ALT):  # nor does a bare Y or Shift+Z play it again
        driver.key(pygame.K_y, mod)
        driver.key(pygame.K_z, SHIFT)
        assert table.current_view() == before, mod
    driver.key(pygame.K_y, CTRL)
    assert len(table.session.log) == length


@pytest.mark.parametrize("mod", [0, SHIFT, ALT], ids=["bare", "shift", "alt"])
def test_an_s_without_ctrl_opens_no_save_box(driver: Driver, mod):
    table = open_table(driver, chains_session("hc"))
    play_a_card_then_wait(driver, table)
    driver.key(pygame.K_s, mod)
    assert driver.app.top is table
    driver.key(pygame.K_s, CTRL)
    assert isinstance(driver.app.top, AskText)

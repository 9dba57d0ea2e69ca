"""The main menu: every button keeps its place whether or not a game is in progress."""

from __future__ import annotations

import pytest

from game import storage
from game.session import Session
from scenes.menus.menu import MainMenu
from scenes.shell.screens import open_app


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_no_button_moves_when_continue_appears(size):
    app = open_app(size=size, fit_to_desktop=False)
    before = app.top
    assert isinstance(before, MainMenu) and not before.continue_button.enabled
    places = {button.label: button.rect.copy() for button in before.buttons()}
    storage.save_game(Session("chains", {"seats": [{"name": "Ana"}, {"name": "Ben", "kind": "computer"}]}, 1))
    app.screens.menu()
    after = app.top
    assert after.continue_button.enabled and after.continue_button.note == "Chains"
    assert {button.label: button.rect for button in after.buttons()} == places
    assert before.continue_button.note == "no game in progress"

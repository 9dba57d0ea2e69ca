"""The setup screens scroll only when their form is taller than the window, and say "scroll for
more" only while there is more below."""

from __future__ import annotations

import pygame
import pytest

from game.registry import GAMES
from scenes.shell.screens import open_app
from scenes.ui.widgets import recording


def hidden_below(setup) -> list:
    shift = setup.viewport.y - setup.scroll
    return [rect for rect, _kind, _payload in setup.items if rect.move(0, shift).bottom > setup.viewport.bottom]


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_scroll_for_more_only_when_there_is_more_below(size):
    app = open_app(size=size, fit_to_desktop=False)
    for game in GAMES:
        app.screens.setup(game.name)
        setup = app.top
        while True:
            with recording() as drawn:
                setup.draw(app.screen)
            says_more = any("scroll for more" in item.what for item in drawn)
            assert says_more == bool(hidden_below(setup)), (game.name, setup.scroll, setup.max_scroll)
            assert bool(setup.max_scroll) == (setup.scroll > 0 or bool(hidden_below(setup))), game.name
            if not says_more:
                break
            setup.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0))
        app.pop()

"""The Settings screen: a click that changes a setting leaves every row where it was, so the
next click at the same place works the same control."""

from __future__ import annotations

import pytest

from scenes.menus.settings import ROWS, SettingsScene
from scenes.shell.screens import open_app
from scenes.ui.resources import TEXT_SIZES
from ui_driver import Driver


def settings_screen(size, text_size: str = "normal") -> Driver:
    app = open_app(size=size, fit_to_desktop=False)
    app.settings["text_size"] = text_size
    app.apply_settings()
    app.screens.settings()
    assert isinstance(app.top, SettingsScene)
    return Driver(app)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("starting", list(TEXT_SIZES), ids=lambda size: f"{size} text first")
def test_a_second_click_on_text_size_hits_text_size_again(size, starting):
    driver = settings_screen(size, text_size=starting)
    place = driver.app.top.cyclers["text_size"].rect.center
    order = list(TEXT_SIZES)
    for clicks in (1, 2):
        driver.click(place)
        assert driver.app.settings["text_size"] == order[(order.index(starting) + clicks) % len(order)]


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_no_row_moves_when_the_text_size_changes(size):
    driver = settings_screen(size)
    scene = driver.app.top
    places = {key: scene.cyclers[key].rect.copy() for key, *_ in ROWS}
    back = scene.back.rect.copy()
    for _size in TEXT_SIZES:
        driver.click(scene.cyclers["text_size"].rect.center)
        assert {key: scene.cyclers[key].rect for key, *_ in ROWS} == places
        assert scene.back.rect == back
    assert driver.app.settings["text_size"] == "normal"

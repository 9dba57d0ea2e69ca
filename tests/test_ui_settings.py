"""The Settings screen: a click that changes a setting leaves every row where it was, so the
next click at the same place works the same control."""

from __future__ import annotations

import pytest

from scenes.menus.settings import ROWS, SettingsScene
from scenes.shell.screens import open_app
from ui_driver import Driver


def settings_screen(size, large_text: bool = False) -> Driver:
    app = open_app(size=size, fit_to_desktop=False)
    app.settings["large_text"] = large_text
    app.apply_settings()
    app.screens.settings()
    assert isinstance(app.top, SettingsScene)
    return Driver(app)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("starting", [False, True], ids=["normal text first", "large text first"])
def test_a_second_click_on_text_size_hits_text_size_again(size, starting):
    driver = settings_screen(size, large_text=starting)
    place = driver.app.top.cyclers["large_text"].rect.center
    driver.click(place)
    assert driver.app.settings["large_text"] is not starting
    driver.click(place)
    assert driver.app.settings["large_text"] is starting


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_no_row_moves_when_the_text_size_changes(size):
    driver = settings_screen(size)
    scene = driver.app.top
    places = {key: scene.cyclers[key].rect.copy() for key, *_ in ROWS}
    back = scene.back.rect.copy()
    driver.click(scene.cyclers["large_text"].rect.center)
    assert driver.app.settings["large_text"]
    assert {key: scene.cyclers[key].rect for key, *_ in ROWS} == places
    assert scene.back.rect == back

"""The Settings screen: a click that changes a setting leaves every row where it was, so the
next click at the same place works the same control."""

from __future__ import annotations

import pygame
import pytest

from scenes.menus.settings import SettingsScene
from scenes.shell.screens import open_app
from scenes.ui import theme
from scenes.ui.resources import TEXT_SIZES
from scenes.ui.widgets import Cycler
from test_layout import problems
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
        assert problems(driver.app.top, size, lay_out=False) == [], "the page moved under the pointer stays whole"


@pytest.mark.parametrize("size", [(800, 600), (1024, 640), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_text_size_chooser_stays_under_the_pointer_at_every_size(size):
    """Laid out anew at each size, the page keeps the chooser clicked where the pointer is, on its
    forward half, so that click after click goes through every size and back to Normal."""
    driver = settings_screen(size)
    scene = driver.app.top
    place = scene.cyclers["text_size"].rect.center
    for text_size in [*list(TEXT_SIZES)[1:], "normal"]:
        driver.click(place)
        chooser = scene.cyclers["text_size"].rect
        assert driver.app.settings["text_size"] == text_size
        assert chooser.collidepoint(place) and place[0] >= chooser.x + scene.cyclers["text_size"].back_w, (text_size, chooser, place)
        assert problems(scene, size, lay_out=False) == []


@pytest.mark.parametrize("size", [(800, 600), (1024, 640), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("arrow", [1, -1], ids=["right arrow", "left arrow"])
def test_the_arrow_clicked_stays_under_the_pointer_at_every_text_size(size, arrow):
    """Click after click on one of Text size's arrows, where the largest text draws it (near the
    chooser's end, and on the arrow's inner side), steps through every size and round again: the
    chooser keeps its ends and its left arrow's strip at every size. (At Normal it was about half
    as wide as at Largest: a click on its right arrow at Largest fell beside it once the text was
    Normal; a click on the inner side of its left arrow stepped forward once the text was smaller.)"""
    driver = settings_screen(size, "largest")
    scene = driver.app.top
    chooser = scene.cyclers["text_size"].rect
    zone = Cycler._arrow_zone(scene.px(theme.TEXT_CONTROL))  # the strip at each end that holds an arrow
    for place in ((chooser.right - zone // 4, chooser.centery), (chooser.right - zone * 3 // 4, chooser.centery)) if arrow > 0 \
            else ((chooser.x + zone // 4, chooser.centery), (chooser.x + zone * 3 // 4, chooser.centery)):
        order, expected = list(TEXT_SIZES), driver.app.settings["text_size"]
        for _click in range(len(order) + 1):
            driver.click(place)
            expected = order[(order.index(expected) + arrow) % len(order)]
            assert driver.app.settings["text_size"] == expected, (place, scene.cyclers["text_size"].rect)
            assert scene.cyclers["text_size"].rect.collidepoint(place), (expected, scene.cyclers["text_size"].rect, place)
            assert problems(scene, size, lay_out=False) == []


def test_the_text_size_chooser_changed_by_keys_stays_where_it_was():
    driver = settings_screen((800, 600), "largest")
    scene = driver.app.top
    for key in [pygame.K_TAB] * 7 + [pygame.K_TAB, pygame.KMOD_SHIFT] * 0:
        driver.key(key)
    for _back in range(6):
        driver.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.focus_ring.control is scene.cyclers["text_size"]
    was = scene.cyclers["text_size"].rect.y
    driver.key(pygame.K_LEFT)
    assert driver.app.settings["text_size"] == "larger"
    assert scene.cyclers["text_size"].rect.y == was


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_at_the_largest_text_the_page_scrolls_and_tab_brings_each_control_into_view(size):
    driver = settings_screen(size, "largest")
    scene = driver.app.top
    window = pygame.Rect((0, 0), size)
    assert scene.page.scrolls(), "fifteen rows at twice the size do not fit"
    for _control in scene.focusables():
        driver.key(pygame.K_TAB)
        focused = scene.focus_ring.control
        assert focused.rect.w and window.contains(focused.rect), focused.spoken()
        assert scene.page.viewport.contains(focused.rect) or focused is scene.back
        assert problems(scene, size) == []
    assert scene.focus_ring.control is scene.back


def test_the_wheel_and_page_keys_move_the_page():
    driver = settings_screen((800, 600), "largest")
    scene = driver.app.top
    last = scene.cyclers["speech_verbosity"]
    assert last.rect.w == 0, "out of view: it takes no click"
    driver.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)])
    after_wheel = scene.page.offset
    assert after_wheel > 0
    driver.key(pygame.K_PAGEDOWN)
    assert scene.page.offset > after_wheel
    for _page in range(10):
        driver.key(pygame.K_PAGEDOWN)
    assert scene.page.offset == scene.page.most and last.rect.w, "the last row in view at the end"
    driver.click(last.rect.center)
    assert driver.app.settings["speech_verbosity"] == "brief"
    driver.key(pygame.K_PAGEUP)
    driver.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=10, flipped=False, precise_x=0.0, precise_y=10.0)])
    driver.key(pygame.K_PAGEUP)
    assert scene.page.offset == 0 and scene.cyclers["text_size"].rect.w

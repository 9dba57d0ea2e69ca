"""What the app keeps is bounded: the pictures it draws once and blits again are held up to a
budget in bytes set by the window, the least recently used going first, and forgotten when the
window changes size; the court portraits, the felt and the fonts are kept for one look, one
window size and a frame's text sizes; a table (joined over the network too) that was left is
freed at the next frame, not when Python's cycle collector gets round to it; the app never reads
the Redis client library, which only a server sharing its tables needs.
(benchmarks/memory_soak.py and benchmarks/joiner_memory.py measure what this keeps resident.)"""

from __future__ import annotations

import gc
import subprocess
import sys
import weakref
from pathlib import Path

import pygame
import pytest

from game.cards import standard_deck
from game.session import Session
from net_helpers import HeadlessPlayer, frames_until, server, sit  # noqa: F401 (a fixture)
from scenes.menus.menu import MainMenu
from scenes.ui import cardart, resources
from scenes.ui.surface_cache import (WINDOW_BYTES_PER_PIXEL, WINDOWS_OF_PICTURES, SurfaceCache, cached_surface,
                                     surface_bytes)


def resize(driver, size) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    driver.frame([pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)])


def test_the_pictures_kept_never_exceed_the_budget_and_the_oldest_go_first():
    cache = SurfaceCache(budget=10 * 40 * 40 * 4)

    @cache
    def square(number: int) -> pygame.Surface:
        return pygame.Surface((40, 40), pygame.SRCALPHA)

    drawn = {0: square(0)}
    for number in range(1, 30):
        drawn[number] = square(number)
        assert square(0) is drawn[0]  # used again and again: never the oldest
    assert cache.held <= cache.budget and len(cache) == 10
    assert square(29) is drawn[29] and square(1) is not drawn[1]  # the newest kept, an old one drawn anew


def test_a_picture_drawn_from_another_counts_that_one_too():
    cache = SurfaceCache(budget=10**6)
    face = pygame.Surface((40, 40), pygame.SRCALPHA)

    @cache
    def veiled(image: pygame.Surface) -> pygame.Surface:
        return image.copy()

    veiled(face)
    assert cache.held == 2 * 40 * 40 * 4


def test_every_card_at_every_width_stays_within_the_window_budget(driver):
    resize(driver, (800, 600))
    assert cached_surface.budget == WINDOWS_OF_PICTURES * 800 * 600 * WINDOW_BYTES_PER_PIXEL
    drawn = 0
    for width in range(40, 200, 16):
        for card in standard_deck():
            drawn += surface_bytes(cardart.dimmed(cardart.face(card, width)))
    assert drawn > 2 * cached_surface.budget
    assert 0 < cached_surface.held <= cached_surface.budget


def test_a_resized_window_forgets_the_pictures_drawn_for_the_old_size(driver):
    driver.frame()
    label = resources.text("Chain Table", 30, (0, 0, 0))
    assert resources.text("Chain Table", 30, (0, 0, 0)) is label
    resize(driver, (1000, 700))
    assert resources.text("Chain Table", 30, (0, 0, 0)) is not label
    assert cached_surface.budget == WINDOWS_OF_PICTURES * 1000 * 700 * WINDOW_BYTES_PER_PIXEL


def test_a_changed_setting_forgets_the_pictures_drawn_with_the_old_one(driver):
    label = resources.text("Chain Table", 30, (0, 0, 0))
    driver.app.settings["text_size"] = "largest" if driver.app.settings["text_size"] == "normal" else "normal"
    driver.app.apply_settings()
    assert resources.text("Chain Table", 30, (0, 0, 0)) is not label


@pytest.fixture
def blank_court_svgs(monkeypatch):
    """Court portraits read as blank pictures of the size asked (reading the SVGs takes seconds),
    never left in the cache for other tests."""
    monkeypatch.setattr(pygame.image, "load_sized_svg", lambda _file, size: pygame.Surface(size, pygame.SRCALPHA))
    cardart._render_court.cache_clear()
    yield
    cardart._render_court.cache_clear()


def test_the_court_portraits_of_one_look_are_kept_and_no_more(blank_court_svgs):
    for four_colour in (False, True):
        for rank in (11, 12, 13):
            for suit in "SHDC":
                cardart.court_picture(rank, suit, cardart.suit_ink(suit, four_colour), 60)
    assert cardart._render_court.cache_info().currsize == 3 * 4  # jack, queen and king of four suits: one look


def test_the_felt_is_kept_for_the_window_size_alone():
    for size in ((640, 400), (800, 600), (1024, 768)):
        cardart.felt(size)
    assert cardart.felt.cache_info().currsize == 1


def test_fonts_are_kept_for_a_frames_sizes_and_no_more():
    resources.font.cache_clear()
    for size in range(8, 80):
        resources.font(size)
    assert resources.font.cache_info().currsize <= 32


def computers_table(driver):
    seats = [{"name": name, "kind": "computer"} for name in ("Ana", "Ben")]
    driver.app.screens.table(Session("chains", {"seats": seats}, 4))
    driver.frame()
    return weakref.ref(driver.app.top)


@pytest.fixture
def no_collector_of_its_own():
    """Python's cycle collector runs only when the app asks it to."""
    gc.collect()
    gc.disable()
    yield
    gc.enable()


def test_a_table_left_for_the_menu_is_freed_at_the_next_frame(driver, no_collector_of_its_own):
    table = computers_table(driver)
    driver.app.screens.menu()
    assert table() is not None  # the code that closed it may still use it in this frame
    driver.frame()
    assert table() is None


def test_a_joined_table_left_is_freed_with_its_connection(driver, server, no_collector_of_its_own):  # noqa: F811
    seats = [{"name": "Ben"}, {"name": "Ana"}]
    code = server.open_room(Session("chains", {"seats": seats}, 8))
    ana, welcome, snapshot = sit(server, code, 1)
    HeadlessPlayer(*sit(server, code, 0)[::2])
    driver.app.screens.remote_table(ana, [welcome, snapshot])
    table = weakref.ref(driver.app.top)
    client = weakref.ref(ana)
    del ana
    driver.app.top.commands.leave()
    assert frames_until(driver, lambda: isinstance(driver.app.top, MainMenu))
    driver.frame()
    assert table() is None and client() is None


def test_the_app_never_reads_the_redis_library():
    """A server sharing its tables through Redis reads it when it connects; it would cost every
    player's app 6 MB resident."""
    opened = "import sys; import scenes.shell.screens; print('redis' in sys.modules)"
    answer = subprocess.run([sys.executable, "-c", opened], cwd=Path(__file__).parents[1], capture_output=True,
                            text=True, timeout=60, check=True)
    assert answer.stdout.strip().splitlines()[-1] == "False"

"""At twice the text size a screen holds more than the window: it scrolls, never shrinking the
text. The wheel and Page Up / Page Down move it, Tab brings the control it lands on into view, and
a control out of view takes no click."""

from __future__ import annotations

import pygame
import pytest

from game import storage
from game.net import joined
from game.session import Session
from game.stats import Stats
from scenes.menus.confirm import Confirm
from scenes.menus.menu import MainMenu
from scenes.menus.replay import ReplayList
from scenes.menus.stats_screen import StatsScreen
from scenes.net.host import online_menu
from scenes.net.join import JoinScene
from scenes.shell.screens import open_app
from scenes.ui import keymap, theme
from scenes.ui.widgets import noting_cuts
from test_layout import full_stats, problems
from ui_driver import Driver


def largest(size) -> Driver:
    app = open_app(size=size, fit_to_desktop=False)
    app.settings["text_size"] = "largest"
    app.apply_settings()
    return Driver(app)


def wheel(driver, notches: int) -> None:
    """The wheel turned `notches` towards the player (down the page), or away when negative."""
    driver.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-notches, flipped=False, precise_x=0.0,
                                     precise_y=float(-notches))])


def tab_through(driver, scene, size) -> None:
    """Tab to every control in turn: each lands in view (within the window, clickable), and the
    screen stays whole."""
    window = pygame.Rect((0, 0), size)
    landed = []
    for _control in scene.focusables():
        driver.key(pygame.K_TAB)
        focused = scene.focus_ring.control
        landed.append(focused)
        assert focused.rect.w and window.contains(focused.rect), focused.spoken()
        assert problems(scene, size) == [], focused.spoken()
    assert set(map(id, landed)) == set(map(id, scene.focusables())), "every control reached"


def test_the_menu_scrolls_and_tab_reaches_quit():
    driver = largest((1280, 800))
    menu = driver.app.top
    assert isinstance(menu, MainMenu) and menu.page.scrolls()
    assert menu.settings_button.rect.w == 0, "below the window: it takes no click"
    tab_through(driver, menu, (1280, 800))
    assert menu.focus_ring.control is menu.quit_button
    driver.key(pygame.K_PAGEUP)
    assert menu.page.offset == 0 and menu.quit_button.rect.w == 0
    wheel(driver, 2)
    assert menu.page.offset > 0
    driver.key(pygame.K_PAGEDOWN)
    assert menu.page.offset == menu.page.most
    driver.click(menu.settings_button.rect.center)
    assert type(driver.app.top).__name__ == "SettingsScene"


def at_text_size(size, text_size: str) -> Driver:
    app = open_app(size=size, fit_to_desktop=False)
    app.settings["text_size"] = text_size
    app.apply_settings()
    return Driver(app)


def reading_order(menu) -> list[str]:
    return [button.name or button.label for button in menu.focusables()]


@pytest.mark.parametrize("size", [(800, 600), (1024, 640), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("text_size", ["larger", "largest"])
def test_the_menu_keeps_each_games_description_and_scrolls_to_it(size, text_size):
    """At Larger and Largest each game's description stays under its name, inside its button
    (wrapped where the button is narrower than it), and the page scrolls where they do not all
    fit (they were left out: at Larger from 1024x640 up, at Largest at every size). Tab goes
    through the buttons in the order it does at Normal, each whole in view with its words; a
    click on a description opens its game's setup, as on the name."""
    from game import registry
    from scenes.ui.widgets import recording

    normal_order = reading_order(at_text_size(size, "normal").app.top)
    driver = at_text_size(size, text_size)
    menu = driver.app.top
    assert [button.note for button in menu.game_buttons] == [game.blurb for game in registry.GAMES]
    assert reading_order(menu) == normal_order
    tab_through(driver, menu, size)
    for _back in menu.focusables():
        driver.key(pygame.K_TAB, pygame.KMOD_SHIFT)
        if menu.focus_ring.control is menu.game_buttons[-1]:
            break
    last, game = menu.game_buttons[-1], registry.GAMES[-1]
    assert menu.focus_ring.control is last and last.rect.w, "Shift+Tab brings the last game into view"
    with recording() as drawn:
        menu.draw(driver.app.screen)
    words = [item for item in drawn if item.size and last.rect.contains(item.rect)]
    assert " ".join(item.what for item in words) == f"{game.title} {game.blurb}", [item.what for item in words]
    driver.click(words[-1].rect.center)
    assert type(driver.app.top).__name__ == "SetupScene" and driver.app.top.game.name == game.name


@pytest.mark.parametrize("text_size", ["largest", "normal"])
def test_a_description_wider_than_its_button_wraps_inside_it(text_size, monkeypatch):
    """A game's description longer than its button is wide (a longer wording, a narrower
    window) wraps onto more lines under its name, every line inside the button, and the buttons
    grow to hold it (each game's button as tall as the tallest), the page scrolling to them."""
    import dataclasses

    from game import registry

    wordy = dataclasses.replace(registry.GAMES[0], blurb=" ".join([registry.GAMES[0].blurb] * 3))
    monkeypatch.setattr(registry, "GAMES", (wordy, *registry.GAMES[1:]))
    driver = at_text_size((800, 600), text_size)
    menu = driver.app.top
    first = menu.game_buttons[0]
    lines = first.lines(menu.px(theme.TEXT_LEAD), first.rect.w)[1]
    assert len(lines) >= 2 and " ".join(lines) == wordy.blurb
    assert {menu.placed[button].h for button in menu.game_buttons} == {menu.placed[first].h}
    assert problems(menu, (800, 600)) == []
    tab_through(driver, menu, (800, 600))


@pytest.mark.parametrize("size", [(800, 600), (1024, 640), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("text_size", ["normal", "large"])
def test_the_menu_stays_on_one_screen_with_its_descriptions_at_normal_and_large(size, text_size):
    from game import registry

    menu = at_text_size(size, text_size).app.top
    assert not menu.page.scrolls() and [button.note for button in menu.game_buttons] == [game.blurb for game in registry.GAMES]
    assert problems(menu, size) == []


def test_statistics_scroll_to_the_last_mode():
    driver = largest((800, 600))
    driver.app.push(StatsScreen(driver.app, full_stats()))
    scene = driver.app.top
    last = scene.blocks[-1][2]
    assert scene.page.in_view(last) is None, "four modes at twice the size: the last is below"
    driver.key(pygame.K_PAGEDOWN)
    driver.key(pygame.K_PAGEDOWN)
    assert scene.page.in_view(last) is not None
    assert problems(scene, (800, 600)) == []
    wheel(driver, -20)
    assert scene.page.offset == 0
    driver.app.replace(StatsScreen(driver.app, Stats()))
    assert not driver.app.top.page.scrolls()


def test_saved_games_page_through_every_game_once(private_home):
    session = Session("chains", {"seats": [{"name": "Ana"}, {"name": "Ben", "kind": "computer"}]}, 1)
    for number in range(12):
        storage.save_named(session, f"{number:02} A game saved under a name as long as a name may be"[:40])
    driver = largest((800, 600))
    driver.app.screens.replays()
    listing = driver.app.top
    assert isinstance(listing, ReplayList)
    seen = []
    for _page in range(12):
        assert problems(listing, (800, 600)) == []
        seen += [path for _button, path in listing.shown]
        if not listing.more.enabled:
            break
        driver.key(pygame.K_PAGEDOWN)
    assert seen == [path for path, _kind in listing.entries] and len(seen) == 12
    for _page in range(12):
        driver.key(pygame.K_PAGEUP)
    first_page = [path for _button, path in listing.shown]
    assert first_page == seen[:len(first_page)] and not listing.less.enabled


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_online_screens_scroll_and_tab_brings_each_control_into_view(size, private_home):
    driver = largest(size)
    driver.app.push(online_menu(driver.app))
    tab_through(driver, driver.app.top, size)
    for room in ("ABCDE", "FGHJK", "LMNPQ", "RSTUV"):
        joined.remember_table({"address": "ws://192.168.100.200:65000", "room": room, "token": "t" * 22, "seat": 1,
                               "game": "sovereigns-chain", "title": "Sovereign's Chain", "names": ["Ana", "Bartholomew"]})
    join = JoinScene(driver.app)
    join.stop_looking()
    driver.app.push(join)
    seats = [{"name": "Bartholomew", "kind": "human", "held": True, "host": True}] + [
        {"name": "", "kind": ("open", "computer")[seat % 2], "held": False, "host": False} for seat in range(5)]
    join.show_lobby({"title": "LINX", "game": "linx", "seats": seats})
    assert join.page.scrolls(), "six seats and four tables to rejoin at twice the size"
    tab_through(driver, join, size)


def test_a_dialog_whose_words_are_more_than_the_window_scrolls_them_inside_its_box():
    driver = largest((800, 600))
    detail = " ".join(f"Sentence {number} of a long explanation of what happens next." for number in range(30))
    driver.app.push(Confirm(driver.app, "Leave the table?", detail, "Leave", lambda: None, keymap.LEAVE))
    dialog = driver.app.top
    assert pygame.Rect(0, 0, 800, 600).contains(dialog.box) and dialog.body_page.scrolls()
    assert problems(dialog, (800, 600)) == []
    driver.key(pygame.K_PAGEDOWN)
    assert dialog.body_page.offset > 0
    wheel(driver, 100)
    assert dialog.body_page.offset == dialog.body_page.most
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is not dialog, "Esc still answers"


def test_a_lessons_words_longer_than_their_room_scroll_there():
    """At twice the size in the smallest window a step's words can be more than the lesson's box
    holds: they scroll there (PgDn), none cut short."""
    from ui_driver import lesson_move_on

    driver = largest((800, 600))
    driver.app.screens.lesson("chainchain")
    table = driver.app.top
    lesson = table.lesson
    for _step in range(60):
        driver.frame()
        if lesson.words_page.scrolls() or lesson.lesson.finished:
            break
        lesson_move_on(table)
    assert lesson.words_page.scrolls(), "no step's words were more than their room"
    table.motion.clear()
    driver.key(pygame.K_PAGEDOWN)
    assert lesson.words_page.offset > 0 and driver.app.top is table
    with noting_cuts() as cuts:
        driver.frame()
    assert cuts == []


def test_the_crash_screen_is_whole_at_the_largest_text(monkeypatch):
    from scenes.shell.crash import show_crash
    from scenes.ui.widgets import recording
    from test_layout import overlapping

    driver = largest((800, 600))
    frames = iter([[], [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)]])
    monkeypatch.setattr(pygame.event, "get", lambda: next(frames))
    monkeypatch.setattr(pygame, "quit", lambda: None)
    with recording() as drawn:
        show_crash(driver.app, "/home/a-player-with-a-long-name/.local/share/ChainTable/logs/crash-2026-11-29.txt")
    assert drawn and overlapping(drawn) == []
    assert all(pygame.Rect(0, 0, 800, 600).contains(item.rect) for item in drawn)


def test_the_focus_stays_on_a_found_table_when_the_list_is_made_anew(private_home):
    """The Join screen lists its controls itself (some may be scrolled out of view): a list made
    anew as another table is found keeps the focus on the table it was on, and Enter chooses it."""
    from game.net.discovery import FoundTable

    driver = largest((800, 600))
    join = JoinScene(driver.app)
    join.stop_looking()
    driver.app.push(join)
    found = [FoundTable("Ana", "127.0.0.1", 9, room, "chains", 1) for room in ("ABCDE", "FGHJK")]
    join.browser.tables = lambda: found[:1]
    join.show_found()
    for _control in join.focusables():
        if join.focus_ring.control is join.founds.buttons[0]:
            break
        driver.key(pygame.K_TAB)
    assert join.focus_ring.control is join.founds.buttons[0]
    join.browser.tables = lambda: found
    driver.frame()
    assert len(join.founds.buttons) == 2 and join.focus_ring.control is join.founds.buttons[0]
    driver.key(pygame.K_RETURN)
    assert join.room.value == "ABCDE" and join.address.value == "127.0.0.1:9"
    join.drop_connection()


@pytest.mark.parametrize("text_size", ["normal", "largest"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_seats_controls_are_on_the_setup_and_a_click_sets_a_computers_level(size, text_size, private_home):
    """At the largest text a seat's row is wider than the window: its computer level and Remove
    were laid past the form and could not be clicked. They go under the seat's name there."""
    driver = largest(size)
    driver.app.settings["text_size"] = text_size
    driver.app.apply_settings()
    driver.app.screens.setup("chains")
    setup = driver.app.top
    driver.frame()
    window = pygame.Rect((0, 0), size)
    for row in setup.rows:
        shown = [row.name, row.kind, row.remove] + ([row.difficulty] if row.kind.value == "computer" else [])
        assert all(control.rect.w and window.contains(control.rect) for control in shown), \
            [(control.name, tuple(control.rect)) for control in shown]
    computer = next(row for row in setup.rows if row.kind.value == "computer")
    before = computer.difficulty.value
    driver.click((computer.difficulty.rect.right - 5, computer.difficulty.rect.centery))
    assert computer.difficulty.value != before
    assert problems(setup, size) == []

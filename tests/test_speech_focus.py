"""Speech outside the table, driven by keys: each screen says its title as it opens, Tab and
Shift+Tab (and Up and Down) reach every control and each says itself as the focus lands on it,
Left and Right change a chooser, Enter presses the focused button."""

from __future__ import annotations

import pygame
import pytest

from game import registry, storage
from game.session import Session
from scenes.speech import LOG_VARIABLE, speech
from scenes.ui.widgets import Button, Cycler, NumberField, TextField
from ui_driver import Driver

TAB, SHIFT = pygame.K_TAB, pygame.KMOD_SHIFT
SEATS = {"seats": [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "human"}]}


@pytest.fixture
def heard(tmp_path, monkeypatch):
    """The lines speech said, as the log CHAINTABLE_SPEECH_LOG names has them."""
    path = tmp_path / "speech.log"
    monkeypatch.setenv(LOG_VARIABLE, str(path))
    yield lambda: path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    speech().close()


def opened(size=(1280, 800)) -> Driver:
    from scenes.shell.screens import open_app

    app = open_app(size=size, fit_to_desktop=False)
    driver = Driver(app)
    driver.frame()
    return driver


def said_after(heard, before: int) -> list[str]:
    return heard()[before:]


def test_the_menu_says_its_title_then_each_control_tab_reaches(heard):
    driver = opened()
    assert heard() == ["Chain Table, main menu"]
    driver.key(TAB)
    first = registry.GAMES[0]
    assert heard()[-1] == f"{first.title}, button, {first.blurb}"
    driver.key(TAB)
    assert heard()[-1] == f"Learn {first.title}, button"
    driver.key(TAB, SHIFT)
    driver.key(TAB, SHIFT)  # round the start: the last control
    assert heard()[-2:] == [f"{first.title}, button, {first.blurb}", "Quit, button"]
    driver.key(pygame.K_UP)  # Up goes back too
    assert heard()[-1] == "Settings, button"
    driver.key(pygame.K_RETURN)
    assert type(driver.app.top).__name__ == "SettingsScene" and heard()[-1] == "Settings"


def test_brief_speech_says_names_and_values_only(heard):
    driver = opened()
    speech().verbosity = "brief"
    driver.key(TAB)
    assert heard()[-1] == registry.GAMES[0].title
    driver.app.screens.settings()
    driver.key(TAB)
    assert heard()[-1] == "Text size: Normal (100%)"


def test_setup_says_each_field_with_its_value_and_left_right_change_a_chooser(heard):
    driver = opened()
    driver.app.screens.setup("chains")
    assert heard()[-1] == "Chains: new game"
    driver.key(TAB)
    assert heard()[-1] == "Seat 1 name: Ana, edit text, type to change"
    driver.type_text("h")  # the focused field takes the typing: the name was chosen whole
    driver.key(TAB)
    assert heard()[-1] == "Seat 1 player: Human, 1 of 2, Left or Right to change"
    driver.key(pygame.K_RIGHT)
    assert heard()[-1] == "Computer" and driver.app.top.rows[0].kind.value == "computer"
    driver.key(TAB)
    assert heard()[-1].startswith("Seat 1 computer level: "), "the level shows once the seat is a computer's"
    driver.key(TAB, SHIFT)
    driver.key(TAB, SHIFT)
    assert heard()[-1] == "Seat 1 name: Anah, edit text, type to change"


def test_a_dialog_says_its_question_its_answers_and_their_keys(heard):
    driver = opened()
    driver.key(pygame.K_ESCAPE)
    assert heard()[-1] == "Quit Chain Table? No game is in progress. Answers: Quit (Q), Stay. Enter: Stay; Esc: Stay."
    driver.key(TAB)
    assert heard()[-1] == "Quit (Q), button"
    driver.key(pygame.K_RIGHT)  # Left and Right do not change a button: nothing said
    driver.key(TAB)
    assert heard()[-1] == "Stay, button"
    driver.key(pygame.K_RETURN)
    assert type(driver.app.top).__name__ == "MainMenu" and driver.app.running
    assert heard()[-1] == "Chain Table, main menu"


def test_the_quit_question_names_a_saved_game_only_when_there_is_one(heard):
    storage.save_game(Session("chains", {"seats": [{"name": "Ana"}, {"name": "Ben", "kind": "computer"}]}, 5))
    driver = opened()
    driver.key(pygame.K_ESCAPE)
    assert heard()[-1].startswith("Quit Chain Table? A game in progress is saved: Continue brings it back. ")


def test_a_table_opening_over_the_menu_is_not_preceded_by_the_menus_title(heard):
    """Start, a lesson: the menu the table returns to is put beneath it unsaid (a screen reader
    heard "main menu" while the table opened); leaving the table says the menu."""
    driver = opened()
    driver.app.screens.setup("chains")
    before = len(heard())
    driver.key(pygame.K_RETURN)
    assert type(driver.app.top).__name__ == "ChainsTable"
    assert "Chain Table, main menu" not in said_after(heard, before)
    before = len(heard())
    driver.app.screens.lesson("chainchain")
    assert driver.app.top.lesson is not None and "Chain Table, main menu" not in said_after(heard, before)
    driver.app.screens.menu()
    assert heard()[-1] == "Chain Table, main menu"


def test_enter_on_the_focused_answer_gives_that_answer(heard):
    driver = opened()
    driver.key(pygame.K_ESCAPE)
    driver.key(TAB)
    driver.key(pygame.K_RETURN)  # the focus is on Quit: the player chose it
    assert not driver.app.running


def test_saved_games_says_each_kept_game_whole(heard, monkeypatch):
    session = Session("chains", {"seats": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "computer"}]}, 9)
    storage.save_named(session, "Sunday evening")
    driver = opened((800, 600))
    driver.app.screens.replays()
    assert heard()[-1] == "Saved games and replays. 1 game kept"
    driver.key(TAB)
    line = heard()[-1]
    assert line.startswith("Saved: Sunday evening, Chains, button, in progress, A, B, "), line  # then when
    driver.key(TAB)
    assert heard()[-1] == "Delete, button"
    driver.key(pygame.K_RETURN)
    assert heard()[-1].startswith("Delete this game? Saved: Sunday evening")
    driver.key(pygame.K_ESCAPE)
    assert heard()[-2:] == ["Saved games and replays. 1 game kept", "Delete, button"], "back where it was"


def test_statistics_say_the_records_of_the_game_chosen(heard):
    driver = opened()
    driver.app.screens.statistics()
    first, second = registry.GAMES[0], registry.GAMES[1]
    assert heard()[-1] == f"Statistics. Game: {first.title}. No games of {first.title} counted yet."
    driver.key(TAB)
    driver.key(pygame.K_RIGHT)
    assert heard()[-1] == f"{second.title}. No games of {second.title} counted yet."


def screens():
    yield "menu", lambda app: None
    yield "settings", lambda app: app.screens.settings()
    yield "statistics", lambda app: app.screens.statistics()
    yield "saved games", lambda app: app.screens.replays()
    yield "join", lambda app: app.screens.join()
    yield "online", lambda app: app.screens.online()
    yield "quit dialog", lambda app: app.screens.menu() or app.top.ask_to_quit()
    yield "save box", lambda app: app.screens.ask_text("Save this game as", "Ana's game", lambda name: None)
    yield "table menu", lambda app: app.screens.table(Session("chains", SEATS, 3)) or app.screens.table_menu(
        app.top.commands)
    for game in registry.GAMES:
        yield f"setup {game.name}", lambda app, name=game.name: app.screens.setup(name)


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("name, open_screen", list(screens()), ids=[name for name, _o in screens()])
def test_tab_reaches_every_control_and_each_says_itself(heard, size, name, open_screen):
    driver = opened(size)
    open_screen(driver.app)
    driver.frame()
    scene = driver.app.top
    drawn = list(scene.focus_ring.drawn)
    controls = scene.focus_ring.controls(scene)
    assert drawn and controls
    before = len(heard())
    reached = []
    for _ in controls:
        driver.key(TAB)
        reached.append(scene.focus_ring.control)
        control = scene.focus_ring.control
        assert control.rect.w and control.rect.h, f"{control.spoken()} is in view (the form scrolls to it)"
    assert all(any(c is d for c in reached) for d in drawn), "every control drawn is reached"
    assert len({id(c) for c in reached}) == len(controls), "each once, round the screen"
    assert len(said_after(heard, before)) == len(controls)
    assert all(isinstance(c, (Button, Cycler, NumberField, TextField)) for c in reached)


def test_the_setup_form_scrolls_to_the_control_the_focus_lands_on(heard):
    driver = opened((800, 600))
    driver.app.screens.setup("linx")
    scene = driver.app.top
    while scene.add_button.enabled:
        scene._add_seat()
        scene.layout(driver.app.size)
    assert scene.max_scroll > 0, "a full table's form is taller than the window"
    scene.scroll = scene.max_scroll  # scrolled to its end: the first seats are out of view
    scene._place()
    first = scene.rows[0].name
    assert not first.rect.w
    driver.key(TAB)
    assert scene.focus_ring.control is first and first.rect.w and scene.viewport.contains(first.rect)
    driver.key(TAB, SHIFT)  # round to the last: Start, below the form, which stays as it was
    assert scene.focus_ring.control is scene.start_button and scene.viewport.contains(first.rect)


def test_the_join_screen_says_the_field_typing_goes_into_as_it_opens(heard):
    driver = opened()
    before = len(heard())
    driver.app.screens.join()
    said = said_after(heard, before)
    assert said[0].startswith("Join a table") and any(line.startswith("Address") for line in said[1:]), said
    driver.key(TAB)
    assert said_after(heard, before)[-1].startswith("Room code")


def test_the_join_screen_tells_a_listener_of_each_table_found_once(heard):
    from game.net.discovery import FoundTable

    driver = opened()
    driver.app.screens.join()
    join = driver.app.top
    join.stop_looking()
    ana, ben = (FoundTable(name, "127.0.0.1", 9, room, "linx", 1) for name, room in (("Ana", "ABCDE"), ("Ben", "FGHJK")))
    before = len(heard())
    join.browser.tables = lambda: [ana]
    driver.frame()
    join.browser.tables = lambda: [ana, ben]
    driver.frame()
    join.browser.tables = lambda: [FoundTable("Ana", "127.0.0.1", 9, "ABCDE", "linx", 0), ben]
    driver.frame()
    assert said_after(heard, before) == ["Found on this network: LINX at Ana\u2019s, room ABCDE, 1 open seat",
                                         "Found on this network: LINX at Ben\u2019s, room FGHJK, 1 open seat"]


def test_the_setup_buttons_are_reached_in_the_order_they_are_drawn(heard):
    """Learn, Back, Start stand left to right: Tab reaches them so, and a listener hears them so."""
    driver = opened((1280, 800))
    driver.app.screens.setup("chains")
    scene = driver.app.top
    buttons = [scene.learn_button, scene.back_button, scene.start_button]
    assert [button.rect.x for button in buttons] == sorted(button.rect.x for button in buttons)
    for _control in scene.focusables():
        if scene.focus_ring.control is scene.learn_button:
            break
        driver.key(TAB)
    reached = [scene.focus_ring.control]
    for _button in buttons[1:]:
        driver.key(TAB)
        reached.append(scene.focus_ring.control)
    assert reached == buttons


def test_back_from_a_dialog_the_focus_goes_on_from_where_it_was(heard):
    session = Session("chains", {"seats": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "computer"}]}, 9)
    storage.save_named(session, "Sunday evening")
    driver = opened((800, 600))
    driver.app.screens.replays()
    driver.key(TAB)
    driver.key(TAB)
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_ESCAPE)  # the list is laid out anew: its rows are new buttons
    driver.key(TAB)
    assert heard()[-1] == "Newer, button, unavailable", "the control after Delete"

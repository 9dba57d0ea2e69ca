"""The app keeps working on a machine that presents damaged files or a folder it cannot write
(issue 17): each crash reported there, tried through the real scenes, headless."""

from __future__ import annotations

import json

import pygame
import pytest

from game import storage
from game.session import Session
from scenes import __main__ as entry
from scenes.menus.menu import MainMenu
from scenes.menus.setup import SetupScene
from scenes.shell.app import App
from scenes.shell.screens import open_app

from ui_driver import Driver

COMPUTERS = {"seats": [{"name": "A", "kind": "computer", "difficulty": "random"},
                       {"name": "B", "kind": "computer", "difficulty": "random"}]}


def start_app() -> Driver:
    app = open_app()
    app.settings["computer_speed"] = "fast"
    return Driver(app)


def play_moves(driver: Driver, moves: int) -> None:
    """Let the computers at the table make `moves` moves (or finish the game)."""
    table = driver.app.top
    session = table.session
    for _ in range(4000):
        if len(session.log) >= moves or session.game_over:
            return
        driver.frame(dt=0.1)
    raise AssertionError("the computers did not move")


def unwritable_home(tmp_path, monkeypatch):
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the data folder's parent should be")
    monkeypatch.setenv("CHAINTABLE_HOME", str(blocker / "home"))


@pytest.mark.parametrize("content", [b"\xff\xfe not utf-8", b"[" * 100_000, b'{"format": 2, "seed": ' + b"9" * 5000 + b"}"])
def test_continue_with_a_damaged_save_shows_a_message_not_the_crash_screen(content):
    """Continue on a save that is not UTF-8, deeply nested or with a 5,000-digit seed opened the
    crash screen, and did again on every start. Now the menu says where the save was moved, and
    the next start offers no Continue."""
    path = storage.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    driver = start_app()
    menu = driver.app.top
    assert menu.saved_title
    driver.click(menu.continue_button.rect.center)
    assert driver.app.top is menu
    assert menu.message.startswith("This saved game cannot be read; it was moved aside to ")
    assert not path.exists()
    driver.frame()
    assert not MainMenu(driver.app).saved_title


def test_read_only_data_folder_still_opens_a_window(tmp_path, monkeypatch):
    """A read-only data folder: no window at all (the log folder could not be made). Now the log
    goes to the console and the menu says once that play goes on unsaved."""
    unwritable_home(tmp_path, monkeypatch)
    problem = entry._start_log()
    assert problem and "play goes on unsaved" in problem
    monkeypatch.setattr(App, "run", lambda app: app.step([], 0.0))
    opened = []
    monkeypatch.setattr("scenes.menus.menu.MainMenu.draw", lambda menu, screen: opened.append(menu.message))
    assert entry._play(demo=False, notice=problem) == 0
    assert opened == [problem]
    pygame.display.init()


def test_read_only_data_folder_first_autosave_plays_on_unsaved(tmp_path, monkeypatch):
    """A read-only data folder: the crash screen at the first autosave. Now the table says once
    that play goes on unsaved, and the computers play the game to its end."""
    unwritable_home(tmp_path, monkeypatch)
    driver = start_app()
    driver.app.screens.table(Session("chains", COMPUTERS, 5))
    table = driver.app.top
    play_moves(driver, 1)
    assert "play goes on unsaved" in table.prompt_line.message
    table.prompt_line.message = ""
    play_moves(driver, 10_000)
    assert table.session.game_over and table.prompt_line.message == ""


def test_full_disk_at_an_autosave_plays_on(monkeypatch):
    """A full disk: the crash screen at an autosave. Now a message and play goes on (that no
    temporary file is left is tested in test_storage.py)."""
    driver = start_app()
    driver.app.screens.table(Session("chains", COMPUTERS, 6))

    def disk_full(path, text):
        raise storage.StorageError("Cannot save (No space left on device); play goes on unsaved.")

    monkeypatch.setattr(storage, "write_atomically", disk_full)
    play_moves(driver, 3)
    assert "No space left on device" in driver.app.top.prompt_line.message


@pytest.mark.parametrize("stored", [
    {"last_setup": "chains"},
    {"last_setup": {"chains": {"seats": [{"name": 5, "kind": "human"}, {"name": "B", "kind": "computer"}]}}},
    {"computer_speed": ["fast"]},
    {"computer_speed": "fast", "last_setup": {"chains": {"rules": {"draw_rule": [[[[[[[[["deep"]]]]]]]]]}}}},
])
def test_settings_of_the_wrong_type_neither_crash_setup_nor_the_first_computer_turn(stored):
    """`last_setup` a string, a seat name a number, `computer_speed` a list, deep nesting: the
    setup screen or the first computer turn crashed and nothing said the settings were ignored.
    Now the menu says so, the setup screen opens and the computers move."""
    path = storage.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(stored))
    driver = Driver(open_app())
    menu = driver.app.top
    assert "settings file" in menu.message and "moved aside" in menu.message
    driver.app.push(SetupScene(driver.app, "chains"))
    driver.frame()
    driver.app.screens.table(Session("chains", COMPUTERS, 8))
    play_moves(driver, 2)


def test_a_crash_with_an_unwritable_log_folder_still_reports(tmp_path, monkeypatch):
    """The crash screen names the report, or says it could not be written; it never fails."""
    unwritable_home(tmp_path, monkeypatch)
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        report = entry._write_crash_report()
    assert report.startswith("(the report could not be written")


# ---------------------------------------------------------------- any name, any text (issue 23)


@pytest.mark.parametrize("name", ["20240101 evening", "Ünïcødé 斥候 \U0001f680", "a/b\\c:*?\"<>|", "x" * 200])
def test_saved_games_lists_opens_and_deletes_a_game_under_any_name(driver, name):
    """Saved games crashed on a name beginning with eight digits (it was read as a date). A
    name is now shown as it is and never read: the date is the file's own time."""
    from scenes.menus.confirm import AskText
    from scenes.menus.replay import ReplayList

    driver.app.screens.table(Session("chains", COMPUTERS, 9))
    play_moves(driver, 4)
    table = driver.app.top
    driver.key(pygame.K_s, pygame.KMOD_CTRL)
    prompt = driver.app.top
    assert isinstance(prompt, AskText)
    prompt.field.value = ""
    driver.type_text(name)
    driver.key(pygame.K_RETURN)
    log = list(table.session.log)
    driver.app.screens.menu()
    driver.app.screens.replays()
    listing = driver.app.top
    assert isinstance(listing, ReplayList) and len(listing.shown) == 1
    assert listing.shown[0][0].label.startswith("Saved: ") and "Chains \u00b7 in progress \u00b7 A, B \u00b7 " in listing.label(
        *listing.entries[0])
    driver.click(listing.shown[0][0].rect.center)
    assert driver.app.top.session.log[:len(log)] == log
    driver.app.screens.menu()
    driver.app.screens.replays()
    listing = driver.app.top
    driver.click(listing.deletes[0][0].rect.center)
    driver.click(driver.app.top.yes.rect.center)
    assert driver.app.top is listing and listing.entries == [] and storage.named_saves() == []


def open_save_box_and_type(driver, typed: str):
    from scenes.menus.confirm import AskText

    driver.app.screens.table(Session("chains", COMPUTERS, 9))
    play_moves(driver, 2)
    driver.key(pygame.K_s, pygame.KMOD_CTRL)
    box = driver.app.top
    assert isinstance(box, AskText)
    driver.type_text(typed)
    driver.key(pygame.K_RETURN)
    return box


def test_a_name_that_cannot_be_one_keeps_the_save_box_open_with_the_reason(driver):
    """Space then Enter at once replaced the proposed name with a space, and the refusal closed
    the box. Now the box stays, says why under the name, and takes a name typed after it."""
    box = open_save_box_and_type(driver, " ")
    assert driver.app.top is box and storage.named_saves() == []
    assert box.refusal == storage.save_name_problem(" ") and box.refusal_lines
    assert box.field.rect.bottom <= box.yes.rect.top, "the reason stands between the name and OK"
    driver.type_text("Evening")
    driver.key(pygame.K_RETURN)
    assert driver.app.top is not box and [storage.saved_name(path) for path in storage.named_saves()] == ["Evening"]


def test_escape_after_a_refused_name_saves_nothing_and_the_game_goes_on(driver):
    open_save_box_and_type(driver, "   ")
    table = driver.app.stack[-2]
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is table and storage.named_saves() == [] and not table.session.game_over


def test_a_finished_game_under_a_name_like_a_date_replays():
    """A kept game's file renamed by hand: listed and replayed, whatever its name says."""
    from scenes.menus.replay import Replay

    session = Session("chains", COMPUTERS, 3)
    while not session.game_over:
        session.apply(session.legal_actions()[0])
    folder = storage.finished_dir()
    folder.mkdir(parents=True)
    (folder / "20241399-999999-not a date.json").write_text(session.dumps())
    driver = start_app()
    driver.app.screens.replays()
    listing = driver.app.top
    outcome = " and ".join(session.names[seat] for seat in session.outcome().winners) + " won"
    assert listing.shown[0][0].label == "Replay: Chains" and listing.shown[0][0].note.startswith(f"{outcome} \u00b7 A, B \u00b7 ")
    driver.click(listing.shown[0][0].rect.center)
    assert isinstance(driver.app.top, Replay)
    driver.key(pygame.K_END)


def test_a_seat_name_typed_with_control_characters_keeps_only_what_can_be_shown(driver):
    driver.app.push(SetupScene(driver.app, "chains"))
    setup = driver.app.top
    row = setup.rows[0]
    driver.click(row.name.rect.center)
    row.name.value = ""
    driver.type_text("A\x00n\x1ba\ud800" + "x" * 1000)
    assert row.name.value == "Ana" + "x" * 17


def test_a_save_with_a_nul_and_a_100000_character_name_draws_its_first_frame_at_once(monkeypatch):
    """A NUL in a seat name crashed the first frame; a 100,000-character one froze the table for
    40 s a frame (the text was fitted one character at a time). Names are cleaned and capped as
    they are read, and fitting text measures a few times whatever its length."""
    from scenes.ui import widgets

    data = Session("chains", COMPUTERS, 5).to_save()
    data["config"]["seats"][0]["name"] = "Ana\x00" + "n" * 100_000
    data["config"]["seats"][1]["name"] = "\x00" * 10
    path = storage.autosave_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(data))
    driver = start_app()
    driver.click(driver.app.top.continue_button.rect.center)
    table = driver.app.top
    assert table.session.names == ["Ana" + "n" * 17, "Player 2"]
    driver.frame()
    counting = CountingFont(widgets.font(widgets.text_px(16)))
    monkeypatch.setattr(widgets, "font", lambda *args: counting)
    fitted = widgets.fit_text("n" * 100_000, 16, 300)
    assert fitted.endswith("\u2026") and counting.face.size(fitted)[0] <= 300
    assert len(counting.measured) <= 12 and all(len(text) <= 301 for text in counting.measured)


class CountingFont:
    """A font that notes every text it measures."""

    def __init__(self, face) -> None:
        self.face = face
        self.measured: list[str] = []

    def size(self, text: str) -> tuple[int, int]:
        self.measured.append(text)
        return self.face.size(text)


def test_continue_on_a_save_whose_replay_raises_moves_it_aside_and_the_menu_goes_on(monkeypatch):
    """A fault of the rules while a save replays (an IndexError, as an ability once raised) made
    Continue crash on every start. The save is moved aside with the reason, the menu says so, and
    the next menu offers no Continue."""
    session = Session("chains", COMPUTERS, 4)
    session.apply(session.legal_actions()[0])
    storage.save_game(session)
    driver = start_app()
    menu = driver.app.top

    def fault(self, action):
        raise IndexError("tuple index out of range")

    monkeypatch.setattr(Session, "_play", fault)
    driver.click(menu.continue_button.rect.center)
    assert driver.app.top is menu and "moved aside" in menu.message and "IndexError" in menu.message
    driver.frame()
    assert not MainMenu(driver.app).saved_title

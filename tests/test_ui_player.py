"""The player's side of every table, through the real scenes headless: undo and redo, restarting
the deal, handing a seat to a computer and back, the statistics screen after a finished game,
F11 fullscreen remembered, and the remembered setup."""

from __future__ import annotations

import os
import random

import pygame

from game import storage
from game.chains.rules import Play
from game.session import Session
from game.stats import load_stats, record_game
from scenes.menus.confirm import Confirm
from scenes.menus.gameover import GameOver
from scenes.menus.handoff import HandOff
from scenes.menus.menu import MainMenu
from scenes.menus.stats_screen import StatsScreen
from scenes.menus.table_menu import TableMenu
from scenes.shell.app import App, declare_dpi_awareness

from test_ui_chains import open_chains_setup, play_human_turn
from ui_driver import Driver


def chains_session(kinds: str, seed: int = 11) -> Session:
    seats = [{"name": name, "kind": "human" if k == "h" else "computer", "difficulty": "normal"}
             for name, k in zip(("Ana", "Ben", "Cy"), kinds)]
    return Session("chains", {"seats": seats}, seed)


def open_table(driver: Driver, session: Session):
    driver.app.screens.table(session)
    return driver.app.top


def ctrl_key(driver: Driver, key: int, shift: bool = False) -> None:
    mod = pygame.KMOD_CTRL | (pygame.KMOD_SHIFT if shift else 0)
    driver.key(key, mod)


def until_my_turn(driver: Driver, table, seconds: float = 30.0) -> None:
    for _ in range(int(seconds / 0.05)):
        if table.my_turn or table.session.game_over:
            return
        driver.wait(0.05)


def play_a_card_then_wait(driver: Driver, table) -> tuple:
    """Play turns until one plays a card and the computer's answer shows no hidden card (a move
    undo may take back); the view before it."""
    for _ in range(60):
        until_my_turn(driver, table)
        assert not table.session.game_over
        playing = any(isinstance(a, Play) for a in table.session.legal_actions())
        before = table.current_view()
        play_human_turn(driver, table)
        until_my_turn(driver, table)
        if playing and table.session.can_undo:
            return before
    raise AssertionError("the human never had a card to play")


def test_undo_button_shows_the_table_as_it_was_before_the_move_and_redo_plays_it_again(driver):
    """Undo goes back to the player's previous decision; the table redraws from that state,
    nothing left in flight; Redo plays the move (and the computer's answer) again."""
    table = open_table(driver, chains_session("hc"))
    before = play_a_card_then_wait(driver, table)
    after = table.current_view()
    assert table.session.can_undo
    table.layout(driver.app.size)
    driver.click(table.commands.undo_button.rect.center)
    assert table.current_view() == before
    assert table.hand.cards(table.current_view()) == table.hand.cards(before)
    assert not table.motion.busy and table.marks.last_move == []
    drawn_pick = table.card_actions(before.pending)[0] if before.pending is not None else None
    assert table.choice == drawn_pick, "nothing left picked but the drawn card that waits, on its first chain"
    assert table.session.game_assisted, "a move taken back marks the game as assisted"
    driver.click(table.commands.redo_button.rect.center)
    assert table.current_view() == after


def test_ctrl_z_and_ctrl_shift_z_undo_and_redo(driver):
    table = open_table(driver, chains_session("hc"))
    before = play_a_card_then_wait(driver, table)
    length = len(table.session.log)
    ctrl_key(driver, pygame.K_z)
    assert table.current_view() == before and len(table.session.log) < length
    ctrl_key(driver, pygame.K_z, shift=True)
    assert len(table.session.log) == length


def test_undo_is_disabled_when_the_session_does_not_allow_it(driver):
    """The buttons are enabled only when the session allows: nothing to take back at the start."""
    table = open_table(driver, chains_session("hc"))
    driver.frame()
    assert not table.commands.undo_button.enabled and not table.commands.redo_button.enabled
    log = list(table.session.log)
    ctrl_key(driver, pygame.K_z)
    assert table.session.log == log


def test_restart_from_the_table_menu_asks_first_and_deals_the_same_cards(driver):
    table = open_table(driver, chains_session("hc"))
    until_my_turn(driver, table)
    dealt = table.current_view()
    play_human_turn(driver, table)
    driver.key(pygame.K_F2)
    menu = driver.app.top
    assert isinstance(menu, TableMenu)
    driver.click(menu.restart.rect.center)
    question = driver.app.top
    assert isinstance(question, Confirm), "restarting asks first"
    driver.click(question.yes.rect.center)
    assert driver.app.top is table
    assert table.session.log == [] and table.current_view() == dealt


def test_a_seat_handed_to_a_computer_and_back_from_the_table_menu(driver):
    """Pass-and-play: Ben leaves, a computer plays his seat; he comes back and plays it again.
    The save records the change and loads back to the same table."""
    table = open_table(driver, chains_session("hh"))
    driver.frame()
    assert isinstance(driver.app.top, HandOff)
    driver.key(pygame.K_RETURN)
    driver.click(table.commands.table_button.rect.center)
    menu = driver.app.top
    assert menu.seat_buttons[1].label == "Ben: hand to a computer"
    driver.click(menu.seat_buttons[1].rect.center)
    assert driver.app.top is table and 1 in table.session.computers
    assert table.turns.viewer == 0, "with one player left, Ana's hand shows without hand-offs"
    for _ in range(4):
        until_my_turn(driver, table)
        if table.session.game_over:
            break
        play_human_turn(driver, table)
    assert any(mover == 1 for mover in table.session.movers), "the computer moved for Ben"
    until_my_turn(driver, table)
    assert Session.loads(storage.autosave_path().read_text()).log == table.session.log
    driver.key(pygame.K_F2)
    menu = driver.app.top
    assert menu.seat_buttons[1].label == "Ben: hand to a player"
    driver.click(menu.seat_buttons[1].rect.center)
    assert table.session.human_seats == [0, 1] and table.session.computers == {}
    saved = Session.loads(storage.autosave_path().read_text())
    assert saved.human_seats == [0, 1] and saved.log == table.session.log


def finished(seed: int = 5) -> Session:
    session = chains_session("hc", seed)
    rnd = random.Random(seed)
    while not session.game_over:
        session.apply(rnd.choice(session.legal_actions()))
    return session


def test_the_statistics_screen_after_a_finished_game(driver):
    """A game played to the end at the table is counted, and the statistics screen (from the
    menu) shows it under its mode."""
    session = finished()
    table = open_table(driver, session)
    driver.wait(1.5)
    assert isinstance(driver.app.top, GameOver)
    record = load_stats()[0].records["chains"]["vs normal"]
    assert record.played == 1
    driver.app.screens.menu()
    menu = driver.app.top
    assert isinstance(menu, MainMenu)
    driver.click(menu.statistics_button.rect.center)
    screen = driver.app.top
    assert isinstance(screen, StatsScreen) and screen.chooser.value == "chains"
    [(mode, shown, _box, lines)] = screen.blocks
    assert mode == "vs normal" and shown.played == 1
    words = " ".join(lines).split()
    assert words[:2] == ["Played", "1"] and words[3:5] == ["won", str(record.won)]
    assert table.session.outcome() is not None


def test_resetting_a_games_statistics_asks_first(driver):
    record_game(finished())
    driver.app.screens.statistics()
    screen = driver.app.top
    driver.click(screen.reset_button.rect.center)
    question = driver.app.top
    assert isinstance(question, Confirm)
    driver.click(question.no.rect.center)
    assert "chains" in load_stats()[0].records
    driver.click(screen.reset_button.rect.center)
    driver.click(driver.app.top.yes.rect.center)
    assert "chains" not in load_stats()[0].records and screen.blocks == []


def test_f11_toggles_fullscreen_and_the_setting_is_stored(driver):
    """Headless SDL may not really fill a screen: the stored setting is what is checked."""
    driver.key(pygame.K_F11)
    assert driver.app.settings["fullscreen"] is True
    assert storage.load_settings()[0]["fullscreen"] is True
    driver.key(pygame.K_F11)
    assert storage.load_settings()[0]["fullscreen"] is False


def test_a_run_left_in_fullscreen_opens_again_in_fullscreen(driver):
    """F11 is remembered: the next run starts filling the screen (it once failed to start at all)."""
    driver.key(pygame.K_F11)
    again = App()
    assert again.settings["fullscreen"] is True and again.stack == []


def test_the_window_size_is_remembered_for_the_next_run(driver):
    driver.app.screen = pygame.display.set_mode((900, 640), pygame.RESIZABLE)
    assert driver.app.remember_window() is None
    settings = storage.load_settings()[0]
    assert settings["window_size"] == [900, 640] and len(settings["window_position"]) == 2
    again = App()
    assert again.size == (900, 640)


def test_the_setup_screen_remembers_seats_names_and_difficulty(driver):
    setup = open_chains_setup(driver)
    setup.rows[1].kind.step(-1)
    table_config = setup.table_config()
    driver.click(setup.start_button.rect.center)
    driver.app.screens.menu()
    setup = open_chains_setup(driver)
    assert setup.table_config()["seats"] == table_config["seats"]


def test_dpi_awareness_is_declared_on_windows_only(monkeypatch):
    """The SDL hint for DPI awareness is set before the display starts, and only on Windows."""
    monkeypatch.setenv("SDL_WINDOWS_DPI_AWARENESS", "unset")  # restored to what it was after the test
    monkeypatch.delenv("SDL_WINDOWS_DPI_AWARENESS")
    monkeypatch.setattr("sys.platform", "linux")
    declare_dpi_awareness()
    assert "SDL_WINDOWS_DPI_AWARENESS" not in os.environ
    monkeypatch.setattr("sys.platform", "win32")
    declare_dpi_awareness()
    assert os.environ["SDL_WINDOWS_DPI_AWARENESS"] == "permonitorv2"

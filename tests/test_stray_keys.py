"""A stray key never costs a game: Enter, Space and Esc pressed on every screen, at once as it
appears and after a pause, never end a game, never throw a result away and never close the app.
A screen that opens by itself takes no key for a moment, nor a key held down from before it
appeared; Enter and Space take the harmless answer; an answer that ends or deletes something
takes a click or its own key, named on its button (scenes/ui/keymap.py)."""

from __future__ import annotations

import pygame
import pytest

from game import storage
from game.ai.players import RandomPlayer
from game.registry import GAMES
from game.session import Session
from game.stats import load_stats
from scenes.menus.confirm import Confirm
from scenes.menus.gameover import GameOver
from scenes.menus.menu import MainMenu
from scenes.menus.review import ReviewScene
from scenes.net.host import game_choice
from scenes.ui.keymap import GUARD_SECONDS
from test_ui_lessons import play_to_the_end
from ui_driver import lesson_move_on

KEYS = {"Enter": pygame.K_RETURN, "Space": pygame.K_SPACE, "Esc": pygame.K_ESCAPE}
NAMES = ["Ana", "Ben", "Cleo"]


def press(driver, key: int, pause: bool) -> None:
    """`key` as the screen on top appears, or after a pause long enough for it to take keys."""
    if pause:
        driver.wait(GUARD_SECONDS + 0.1)
    driver.key_at_once(key)


def played(game: str) -> int:
    stats, _problem = load_stats()
    return sum(record.played for record in stats.records.get(game, {}).values())


def finished_table(driver, game, seed: int = 3):
    """`game` played at random to its end (the person in seat 0), on its table with the result up."""
    count = max(game.rules.min_players, 2) if game.rules.max_players > 1 else 1
    seats = [{"name": NAMES[i], "kind": "human" if i == 0 else "computer"} for i in range(count)]
    session = Session(game.name, {"seats": seats, "games_to_win": 2}, seed)
    player = RandomPlayer(seed)
    while not session.game_over:
        session.apply(player.choose(session.view(session.to_move), session.legal_actions()))
    driver.app.screens.table(session)
    table = driver.app.top
    assert driver.frames_until(lambda: isinstance(driver.app.top, GameOver), 400, dt=0.05), "no result screen"
    return table


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@pytest.mark.parametrize("key", KEYS, ids=str)
def test_a_key_on_a_result_keeps_the_result(driver, game, key):
    """As the result appears, the key is ignored; after a pause, Enter, Space and Esc go back to
    the menu (never the next game, nor a review that takes seconds); the game is counted once."""
    table = finished_table(driver, game)
    result, log = driver.app.top, list(table.session.log)
    press(driver, KEYS[key], pause=False)
    assert driver.app.top is result and table.session.log == log
    press(driver, KEYS[key], pause=True)
    assert driver.app.running and table.session.log == log and table.session.game_over
    assert isinstance(driver.app.top, MainMenu)
    assert played(game.name) == 1


def test_the_next_game_takes_its_own_key_named_on_its_button(driver):
    table = finished_table(driver, GAMES[0])
    result = driver.app.top
    assert result.primary.note == "press N"
    driver.key(pygame.K_n)
    assert driver.app.top is table and not table.session.game_over, "N: the next game of the session"


def test_a_key_held_from_before_a_result_counts_only_once_released(driver):
    """Enter held down as the last move is made: its repeats never reach the result screen."""
    table = finished_table(driver, GAMES[0])
    result = driver.app.top
    driver.app.pop()
    driver.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)])
    driver.app.screens.game_over(table)
    driver.wait(GUARD_SECONDS + 0.1)
    repeat = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    driver.frame([repeat])
    assert isinstance(driver.app.top, GameOver), "a held key's repeat is ignored"
    driver.frame([pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0), repeat])
    assert isinstance(driver.app.top, MainMenu), "released and pressed again, it counts"
    assert result not in driver.app.stack


def lost_deal_notice(driver):
    """A solitaire deal the table proves lost: its notice, opened by itself after a turn."""
    session = Session("sovereign-solitaire", {"seats": [{"name": "Ana"}], "rules": {"deal": 54}}, 1)
    driver.app.screens.table(session)
    table = driver.app.top
    for _ in range(4000):
        if isinstance(driver.app.top, Confirm):
            return table, driver.app.top
        driver.frame()
    pytest.fail("no notice")


@pytest.mark.parametrize("key", KEYS, ids=str)
def test_a_key_on_the_lost_deal_notice_never_ends_the_deal(driver, key):
    """Enter, Space and Esc, at once or after a pause, play on; the deal is not recorded lost."""
    table, notice = lost_deal_notice(driver)
    assert notice.question == "This deal can no longer be won"
    press(driver, KEYS[key], pause=False)
    assert driver.app.top is notice, "the notice takes no key as it appears"
    press(driver, KEYS[key], pause=True)
    assert driver.app.top is table and not table.session.game_over
    assert played("sovereign-solitaire") == 0 and {"type": "GiveUp"} not in table.session.log


def test_the_lost_deal_is_ended_by_its_own_key_named_on_its_button(driver):
    table, notice = lost_deal_notice(driver)
    assert notice.yes.label == "End the deal (E)" and notice.no.label == "Play on"
    driver.key(pygame.K_e)
    assert table.session.game_over and table.session.log[-1] == {"type": "GiveUp"}


@pytest.mark.parametrize("key", ["Enter", "Space"])
def test_enter_on_a_lost_solitaires_result_goes_to_the_menu_and_its_review_takes_its_own_key(driver, key):
    """A lost deal's review takes 20 s or more: Enter and Space go to the menu at once, starting
    none; the review is V, named on its button."""
    table, _notice = lost_deal_notice(driver)
    driver.key(pygame.K_e)
    assert driver.frames_until(lambda: isinstance(driver.app.top, GameOver), 400, dt=0.05)
    result = driver.app.top
    assert result.review.note == "press V" and result.menu.note == "press Enter or Esc"
    press(driver, KEYS[key], pause=True)
    assert isinstance(driver.app.top, MainMenu) and not any(isinstance(s, ReviewScene) for s in driver.app.stack)
    driver.app.screens.game_over(table)
    driver.key(pygame.K_v)
    review = driver.app.top
    assert isinstance(review, ReviewScene) and review.seat == 0
    review.cancel()


def test_a_finished_lesson_then_esc_leaves_the_app_running(driver):
    """Enter on the lesson's end goes to the menu; the next Esc, at once, does nothing; after a
    pause it asks whether to quit, and Enter stays. (The lesson's early steps are skipped, its
    last ones played by keys.)"""
    driver.app.screens.lesson("chainchain")
    table = driver.app.top
    lesson = table.lesson.lesson
    while lesson.plan.step_count - lesson.steps_done > 3:
        lesson_move_on(table)
    play_to_the_end(driver, table)
    assert lesson.finished
    driver.key(pygame.K_RETURN)
    menu = driver.app.top
    assert isinstance(menu, MainMenu)
    press(driver, pygame.K_ESCAPE, pause=False)
    assert driver.app.top is menu and driver.app.running
    press(driver, pygame.K_ESCAPE, pause=True)
    ask = driver.app.top
    assert isinstance(ask, Confirm) and ask.yes.label == "Quit (Q)"
    press(driver, pygame.K_RETURN, pause=True)
    assert driver.app.top is menu and driver.app.running
    driver.click(menu.quit_button.rect.center)
    assert not driver.app.running, "Quit closes the app"


def test_esc_on_the_menu_asks_and_its_own_key_quits(driver):
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.app.top, Confirm) and driver.app.running
    driver.key(pygame.K_q)
    assert not driver.app.running


def game_in_progress(driver) -> Session:
    seats = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "human"}]
    session = Session("chains", {"seats": seats}, 5)
    driver.app.screens.table(session)
    return session


def saved_finished_game() -> Session:
    seats = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "computer"}]
    session = Session("chains", {"seats": seats}, 4)
    player = RandomPlayer(4)
    while not session.game_over:
        session.apply(player.choose(session.view(session.to_move), session.legal_actions()))
    storage.archive_game(session)
    return session


def open_over_table(name: str):
    """Opens a screen over a Chains table with a game in progress (two people take turns)."""
    def opener(driver):
        session = game_in_progress(driver)
        table = driver.app.top
        commands = table.commands
        {"table": lambda: None, "table menu": commands.open_table_menu, "rules": table.show_rules,
         "leave": commands.ask_to_leave, "restart": commands.ask_to_restart, "save": commands.ask_to_save,
         "hand-off": lambda: driver.app.screens.hand_off(table, 1)}[name]()
        return session
    return opener


def open_menu_screen(name: str):
    """Opens a screen reached from the menu, with a finished game among the saved ones."""
    def opener(driver):
        saved = saved_finished_game()
        screens = driver.app.screens
        {"menu": lambda: None, "setup": lambda: screens.setup("chains"), "settings": screens.settings,
         "statistics": screens.statistics, "saved games": screens.replays,
         "replay": lambda: screens.replay(storage.load_game(storage.finished_games()[0])),
         "review": lambda: screens.review(saved), "play online": screens.online,
         "games to host": lambda: driver.app.push(game_choice(driver.app))}[name]()
        return None
    return opener


SCREENS = {**{name: open_over_table(name) for name in ("table", "table menu", "rules", "leave", "restart", "save",
                                                       "hand-off")},
           **{name: open_menu_screen(name) for name in ("menu", "setup", "settings", "statistics", "saved games",
                                                        "replay", "review", "play online", "games to host")}}


@pytest.mark.parametrize("pause", (False, True), ids=("at once", "after a pause"))
@pytest.mark.parametrize("screen", SCREENS, ids=str)
def test_enter_space_and_esc_on_every_screen_end_nothing(driver, screen, pause):
    """Each key in turn on the screen: the app runs on, a game in progress goes on, nothing is
    deleted from the saved games."""
    session = SCREENS[screen](driver)
    kept, log = storage.finished_games(), list(session.log) if session is not None else []
    for key in KEYS.values():
        press(driver, key, pause)
        assert driver.app.running and driver.app.stack
        driver.wait(0.2)
    assert storage.finished_games() == kept
    if session is not None:
        assert not session.game_over and session.log[:len(log)] == log, "no move taken back, no restart"
        assert storage.load_game().log == session.log, "the game goes on, saved"


def keystroke(key: int, text: str = "", mod: int = 0, released: bool = True) -> list:
    """A key as the window is told of it: down, the text it types (a letter key), up."""
    events = [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)]
    if text:
        events.append(pygame.event.Event(pygame.TEXTINPUT, text=text))
    if released:
        events.append(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
    return events


def test_the_save_box_the_player_opened_takes_typing_at_once_but_not_the_key_that_opened_it(driver):
    """A box opened to type in takes the letters typed right after: none is lost to the moment a
    screen that opens by itself waits. The key that opened it types nothing, held down or not."""
    from scenes.menus.confirm import AskText

    seats = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "computer"}]
    session = Session("chains", {"seats": seats}, 1)
    while session.to_move != 0:
        session.apply(session.computer_action())
    driver.app.screens.table(session)
    driver.settle()
    driver.frame(keystroke(pygame.K_s, "s", mod=pygame.KMOD_CTRL, released=False))
    box = driver.app.top
    assert isinstance(box, AskText)
    named = box.field.value
    driver.frame(keystroke(pygame.K_s, "s", mod=pygame.KMOD_CTRL, released=False))  # held: the key repeats
    assert box.field.value == named, "the key that opened the box typed into it"
    driver.frame([pygame.event.Event(pygame.KEYUP, key=pygame.K_s, mod=0, unicode="", scancode=0)])
    for letter in "mo":
        driver.frame(keystroke(getattr(pygame, f"K_{letter}"), letter))
    assert named and box.field.value == "mo", "the letters typed at once were lost (the name proposed is replaced)"


def test_a_screen_that_opens_by_itself_holds_back_typing_in_its_first_moment_with_its_keys():
    from scenes.ui.keymap import KeyGuard

    guard = KeyGuard()
    guard.screen_opened()
    assert [guard.passes(event) for event in keystroke(pygame.K_m, "m")] == [False, False, True]
    guard.tick(GUARD_SECONDS)
    assert [guard.passes(event) for event in keystroke(pygame.K_m, "m")] == [True, True, True]
    guard.screen_opened(settle=False)
    assert [guard.passes(event) for event in keystroke(pygame.K_m, "m")] == [True, True, True]

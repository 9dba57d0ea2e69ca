"""No way of starting or opening a game throws the game in progress away unasked: with a Cubes game
in progress on disk, each path (a game's setup, Saved games' Open, Retry, New deal and Play again,
hosting a table) asks "Keep the game in progress?", and the game is still on disk, or in Saved
games, unless the player chose Replace; Enter and Space keep it, Esc cancels. Continue, a match's
next game, a saved game that carries the game in progress on, a lesson and a table joined over
the network never touch it, so they do not ask."""

from __future__ import annotations

import random
import time

import pygame
import pytest

from game import storage
from game.session import Session
from net_helpers import HeadlessPlayer, frames_until, server, sit  # noqa: F401 (a fixture)
from scenes.menus.confirm import KeepOrReplace
from scenes.menus.gameover import GameOver
from scenes.menus.menu import MainMenu
from scenes.menus.replay import ReplayList
from scenes.menus.setup import SetupScene
from scenes.net.lobby import Lobby
from scenes.net.remote_table import NetworkedTable

CUBES_SEATS = [{"name": "Ana"}, {"name": "Ben", "kind": "computer"}]
CHAINS_SEATS = [{"name": "Ana"}, {"name": "Ben", "kind": "computer"}]


def cubes_in_progress(moves: int = 3) -> Session:
    """A Cubes game a few moves in, saved as the game in progress (as the table saves it)."""
    session = Session("cubes", {"seats": CUBES_SEATS}, 11)
    for _ in range(moves):
        session.apply(session.legal_actions()[0])
    storage.save_game(session)
    return session


def kept_games() -> list[str]:
    return [storage.saved_name(path) for path in storage.named_saves()]


def asked(driver) -> KeepOrReplace:
    question = driver.app.top
    assert isinstance(question, KeepOrReplace), f"nothing asked: {type(question).__name__} opened"
    assert question.yes.label == "Keep the Cubes game in Saved games"
    assert question.replace.label == "Replace it (R)" and question.no.label == "Cancel"
    return question


def answer(driver, how: str) -> None:
    """The question answered by a key or by a click on its button."""
    question = driver.app.top
    keys = {"Enter": pygame.K_RETURN, "Space": pygame.K_SPACE, "R": pygame.K_r, "Esc": pygame.K_ESCAPE}
    if how in keys:
        driver.key(keys[how])
    else:
        driver.click({"Keep": question.yes, "Replace": question.replace, "Cancel": question.no}[how].rect.center)


def assert_kept(saved_text: str) -> None:
    """The Cubes game left the game in progress for Saved games, as it was, under its game's name
    and when it was last played."""
    [path] = storage.named_saves()
    assert storage.saved_name(path).startswith("Cubes, ")
    assert path.read_text() == saved_text


def start_from_the_menu(driver, game: str = "Chains") -> SetupScene:
    driver.app.screens.menu()
    menu = driver.app.top
    driver.click(next(b for b in menu.game_buttons if b.label == game).rect.center)
    setup = driver.app.top
    assert isinstance(setup, SetupScene)
    driver.click(setup.start_button.rect.center)
    return setup


@pytest.mark.parametrize("how", ["Enter", "Space", "Keep"])
def test_a_new_game_from_the_menu_asks_and_keeping_moves_the_game_in_progress_to_saved_games(driver, how):
    cubes_in_progress()
    saved = storage.autosave_path().read_text()
    start_from_the_menu(driver)
    question = asked(driver)
    assert "\u201cCubes, " in question.detail
    answer(driver, how)
    table = driver.app.top
    assert table.session.game == "chains" and Session.loads(storage.autosave_path().read_text()).game == "chains"
    assert_kept(saved)


@pytest.mark.parametrize("how", ["R", "Replace"])
def test_replace_alone_lets_the_new_game_take_the_place_of_the_game_in_progress(driver, how):
    cubes_in_progress()
    start_from_the_menu(driver)
    asked(driver)
    answer(driver, how)
    assert driver.app.top.session.game == "chains"
    assert Session.loads(storage.autosave_path().read_text()).game == "chains" and kept_games() == []


@pytest.mark.parametrize("how", ["Esc", "Cancel"])
def test_cancel_changes_nothing(driver, how):
    cubes_in_progress()
    saved = storage.autosave_path().read_text()
    setup = start_from_the_menu(driver)
    asked(driver)
    answer(driver, how)
    assert driver.app.top is setup
    assert storage.autosave_path().read_text() == saved and kept_games() == []


def test_a_game_that_cannot_be_kept_says_why_and_the_question_stays(driver):
    cubes_in_progress()
    saved = storage.autosave_path().read_text()
    storage.saves_dir().parent.mkdir(parents=True, exist_ok=True)
    storage.saves_dir().write_text("a file where the folder of saved games would be")
    start_from_the_menu(driver)
    question = asked(driver)
    driver.key(pygame.K_RETURN)
    assert driver.app.top is question and "Nothing was changed." in question.problem
    assert storage.autosave_path().read_text() == saved


def test_a_second_game_kept_the_same_minute_gets_a_name_of_its_own(driver):
    first = cubes_in_progress()
    storage.keep_in_saved_games(storage.autosave_path(), storage.kept_game_name("Cubes"))
    storage.save_game(first)
    start_from_the_menu(driver)
    asked(driver)
    driver.key(pygame.K_RETURN)
    names = kept_games()
    assert len(names) == 2 and len(set(names)) == 2 and all(name.startswith("Cubes, ") for name in names)


def open_saved(driver, name: str) -> None:
    """Saved games, and a click on the game saved as `name`."""
    driver.app.screens.menu()
    driver.click(driver.app.top.replays_button.rect.center)
    listing = driver.app.top
    assert isinstance(listing, ReplayList)
    driver.click(next(b for b, path in listing.shown if storage.saved_name(path) == name).rect.center)


def test_opening_a_saved_game_asks_and_enter_keeps_the_game_in_progress(driver):
    storage.save_named(Session("chains", {"seats": CHAINS_SEATS}, 4), "Sunday game")
    cubes_in_progress()
    saved = storage.autosave_path().read_text()
    open_saved(driver, "Sunday game")
    asked(driver)
    driver.key(pygame.K_RETURN)
    assert driver.app.top.session.game == "chains"
    assert "Sunday game" in kept_games(), "the save opened stays in Saved games"
    kept = [path for path in storage.named_saves() if storage.saved_name(path).startswith("Cubes, ")]
    assert len(kept) == 1 and kept[0].read_text() == saved


def test_opening_an_older_save_of_the_game_in_progress_asks_before_its_newer_moves_go(driver):
    older = cubes_in_progress(moves=1)
    storage.save_named(older, "Cubes early on")
    cubes_in_progress(moves=4)
    newer = storage.autosave_path().read_text()
    open_saved(driver, "Cubes early on")
    asked(driver)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.app.top, ReplayList) and storage.autosave_path().read_text() == newer
    driver.click(next(b for b, path in driver.app.top.shown if storage.saved_name(path) == "Cubes early on").rect.center)
    asked(driver)
    driver.key(pygame.K_RETURN)
    assert len(driver.app.top.session.log) == 1
    assert any(path.read_text() == newer for path in storage.named_saves()), "the newer moves are kept"


def test_opening_a_save_that_carries_the_game_in_progress_on_asks_nothing(driver):
    storage.save_named(cubes_in_progress(moves=4), "Cubes later on")
    cubes_in_progress(moves=2)
    open_saved(driver, "Cubes later on")
    assert len(driver.app.top.session.log) == 4, "nothing of the game in progress is lost: nothing asked"


def test_continue_asks_nothing(driver):
    cubes = cubes_in_progress()
    driver.app.screens.menu()
    driver.click(driver.app.top.continue_button.rect.center)
    assert driver.app.top.session.log == cubes.log and kept_games() == []


def finished(game: str, config: dict, seed: int) -> Session:
    session = Session(game, config, seed)
    rnd = random.Random(seed)
    while not session.game_over:
        session.apply(rnd.choice(session.legal_actions()))
    return session


def at_the_result(driver, session: Session) -> GameOver:
    """`session`, played to its end, at its table with the result up (nothing in progress before)."""
    assert not storage.autosave_path().exists()
    driver.app.screens.table(session)
    assert driver.frames_until(lambda: isinstance(driver.app.top, GameOver), 300, dt=0.1), "no result screen"
    return driver.app.top


SOLITAIRE = {"seats": [{"name": "Ana"}], "rules": {"deal": 21}}


@pytest.mark.parametrize("button", ["retry", "primary"], ids=["Retry deal", "New deal"])
def test_retry_and_new_deal_ask_nothing_for_the_finished_game_but_keep_another_in_progress(driver, button):
    """The game just over is no longer in progress: the next deal takes its place at once. A game
    another copy of the app put in progress meanwhile is asked about."""
    result = at_the_result(driver, finished("sovereign-solitaire", SOLITAIRE, 7))
    driver.click(getattr(result, button).rect.center)
    assert driver.app.top.session.game == "sovereign-solitaire", "nothing asked"
    storage.forget_game()  # that deal, left unplayed, is not what is tested next
    result = at_the_result(driver, finished("sovereign-solitaire", SOLITAIRE, 8))
    cubes_in_progress()
    saved = storage.autosave_path().read_text()
    driver.click(getattr(result, button).rect.center)
    asked(driver)
    driver.key(pygame.K_RETURN)
    assert driver.app.top.session.game == "sovereign-solitaire"
    assert_kept(saved)


def test_play_again_asks_nothing_for_the_finished_game_but_keeps_another_in_progress(driver):
    result = at_the_result(driver, finished("chains", {"seats": CHAINS_SEATS}, 3))
    assert result.primary.label == "Play again"
    cubes_in_progress()
    saved = storage.autosave_path().read_text()
    driver.key(pygame.K_n)
    asked(driver)
    driver.key(pygame.K_RETURN)
    assert driver.app.top.session.game == "chains"
    assert_kept(saved)


def test_a_matchs_next_game_carries_the_game_in_progress_on(driver):
    match = Session("chains", {"seats": CHAINS_SEATS, "games_to_win": 3}, 3)
    rnd = random.Random(3)
    while not match.game_over:
        match.apply(rnd.choice(match.legal_actions()))
    result = at_the_result(driver, match)
    assert result.primary.label == "Next game"
    driver.key(pygame.K_n)
    table = driver.app.top
    assert not isinstance(table, KeepOrReplace) and table.session.game_number == 1
    assert Session.loads(storage.autosave_path().read_text()).log == table.session.log and kept_games() == []


def test_a_lesson_leaves_the_game_in_progress_as_it_was_and_asks_nothing(driver):
    cubes_in_progress()
    saved = storage.autosave_path().read_bytes()
    driver.app.screens.menu()
    driver.click(driver.app.top.learn_buttons["chains"].rect.center)
    table = driver.app.top
    assert table.lesson is not None, "nothing asked"
    for _ in range(5):
        table.motion.clear()
        table.turns.skip_step()
        driver.wait(0.2)
    driver.click(table.lesson.leave_button.rect.center)
    assert isinstance(driver.app.top, MainMenu)
    assert storage.autosave_path().read_bytes() == saved and kept_games() == []


def test_a_joined_table_leaves_the_game_in_progress_as_it_was_and_asks_nothing(driver, server):
    cubes_in_progress()
    saved = storage.autosave_path().read_bytes()
    code = server.open_room(Session("chains", {"seats": [{"name": "Ben"}, {"name": "Ana"}]}, 8))
    ana, welcome, snapshot = sit(server, code, 1)
    ben = HeadlessPlayer(*sit(server, code, 0)[::2])
    try:
        driver.app.screens.lobby(ana, [welcome])
        assert isinstance(driver.app.top, Lobby), "nothing asked"
        driver.app.screens.remote_table(ana, [welcome, snapshot])
        table = driver.app.top
        assert isinstance(table, NetworkedTable), "nothing asked"
        assert ben.play_when_to_move()
        assert frames_until(driver, lambda: len(table.session.moves) == 1), "the table never heard of Ben's move"
        table.commands.leave()
        assert isinstance(driver.app.top, MainMenu)
    finally:
        ben.client.close()
        ana.close()
    assert storage.autosave_path().read_bytes() == saved and kept_games() == []


# -- hosting a table over the network: the host's game is the game in progress once it starts


@pytest.fixture
def host_app(driver):
    """The app with the table it hosts stopped at the end, and the networked table recorded
    rather than opened."""
    driver.handed = []
    driver.app.screens.remote_table = lambda client, messages: driver.handed.append((client, messages))
    yield driver
    if driver.app.screens.hosting is not None:
        driver.app.screens.hosting.stop()


def open_hosted_table(driver) -> SetupScene:
    """Play online, Host a table, Chains, Open table."""
    driver.app.settings["last_setup"] = {}
    driver.app.screens.menu()
    for label in ("Play online", "Host a table", "Chains"):
        scene = driver.app.top
        buttons = getattr(scene, "choices", None) or scene.buttons()
        driver.click(next(b for b in buttons if b.label == label).rect.center)
    setup = driver.app.top
    assert isinstance(setup, SetupScene)
    driver.click(setup.start_button.rect.center)
    return setup


def until(driver, done, seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        driver.frame()
        time.sleep(0.005)
    return bool(done())


def test_hosting_a_table_asks_and_enter_keeps_the_game_in_progress(host_app):
    cubes_in_progress()
    saved = storage.autosave_path().read_text()
    open_hosted_table(host_app)
    asked(host_app)
    assert host_app.app.screens.hosting is None, "no table opened before the player answers"
    host_app.key(pygame.K_RETURN)
    lobby = host_app.app.top
    assert isinstance(lobby, Lobby) and host_app.app.screens.hosting is not None
    assert_kept(saved)
    assert until(host_app, lambda: lobby.lobby is not None)
    host_app.click(next(b for b in lobby.buttons() if b.label == "Computer").rect.center)
    assert until(host_app, lambda: lobby.lobby["seats"][1]["kind"] == "computer")
    host_app.click(next(b for b in lobby.buttons() if b.label == "Start").rect.center)
    assert until(host_app, lambda: storage.autosave_path().exists()), "the hosted game is the one in progress"
    assert Session.loads(storage.autosave_path().read_text()).game == "chains"
    assert_kept(saved)


def test_hosting_a_table_cancelled_changes_nothing(host_app):
    cubes_in_progress()
    saved = storage.autosave_path().read_text()
    setup = open_hosted_table(host_app)
    asked(host_app)
    host_app.key(pygame.K_ESCAPE)
    assert host_app.app.top is setup and host_app.app.screens.hosting is None
    assert storage.autosave_path().read_text() == saved and kept_games() == []

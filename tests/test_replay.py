"""Finished games are kept (the last 50) and replayed move by move, forwards and backwards, as an
onlooker sees them."""

from __future__ import annotations

import pygame

from game import storage
from game.rng import Rng
from game.session import Session
from scenes.menus.replay import Replay, ReplayList, replay_steps
from scenes.ui.widgets import recording

COMPUTERS = {"seats": [{"name": "Ana", "kind": "computer", "difficulty": "random"},
                       {"name": "Ben", "kind": "computer", "difficulty": "random"}]}


def finished(game: str = "chains", seed: int = 3) -> Session:
    session = Session(game, COMPUTERS, seed)
    rng = Rng(seed)
    while not session.game_over:
        legal = session.legal_actions()
        session.apply(legal[rng.below(len(legal))])
    return session


def test_a_finished_game_at_the_table_is_kept_for_replay(driver):
    driver.app.screens.table(Session("chains", COMPUTERS, 4))
    table = driver.app.top
    for _ in range(5000):
        if table.session.game_over and table.turns.game_over_wait < 0:
            break
        driver.frame(dt=0.1)
    assert len(storage.finished_games()) == 1
    assert storage.load_game(storage.finished_games()[0]).log == table.session.log


def test_only_the_newest_are_kept(monkeypatch):
    monkeypatch.setattr(storage, "FINISHED_KEPT", 3)
    for seed in range(5):
        storage.archive_game(finished(seed=seed))
    assert len(storage.finished_games()) == 3


def test_the_replay_steps_through_every_position_of_the_game():
    saved = finished("cubes", 5)
    session, steps = replay_steps(saved)
    assert len(steps) == len(saved.log) + 1
    final_state, logged, _wins = steps[-1]
    assert session.rules.view(final_state, None) == saved.view(None) and logged == len(saved.history)


def test_a_replay_goes_forwards_backwards_and_to_either_end_and_shows_no_hand(driver):
    storage.archive_game(finished("chains", 6))
    driver.app.screens.replays()
    listing = driver.app.top
    assert isinstance(listing, ReplayList) and len(listing.shown) == 1
    driver.click(listing.shown[0][0].rect.center)
    replay = driver.app.top
    assert isinstance(replay, Replay) and replay.step == 0
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RIGHT)
    assert replay.step == 2 and len(replay.session.log) >= 0
    driver.key(pygame.K_END)
    assert replay.step == len(replay.steps) - 1 and replay.session.game_over
    with recording() as drawn:
        replay.draw(driver.app.screen)
    assert any(item.what.startswith(("no cards left", "1 card", "2 cards", "3 cards", "4 cards", "5 cards"))
               for item in drawn), "every seat's cards and result are shown at the end"
    driver.key(pygame.K_LEFT)
    assert not replay.session.game_over
    with recording() as drawn:
        replay.draw(driver.app.screen)
    shown = {item.what for item in drawn}
    assert not shown & {"Undo", "Redo", "Table", "Rules", "Menu", "Hint"}, "a replay offers no table buttons"
    assert replay.table.current_view().seat is None, "an onlooker's view: no hand shown"
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is listing


def test_a_game_saved_by_name_opens_again_from_saved_games(driver):
    """Ctrl+S at the table asks for a name; Saved games on the menu lists it and opens it at the
    same move."""
    from scenes.menus.confirm import AskText

    driver.app.screens.table(Session("cubes", COMPUTERS, 7))
    table = driver.app.top
    for _ in range(40):
        driver.frame(dt=0.1)
    driver.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_CTRL, unicode="", scancode=0)])
    prompt = driver.app.top
    assert isinstance(prompt, AskText)
    prompt.field.value = ""
    driver.type_text("Sunday game")
    driver.key(pygame.K_RETURN)
    assert driver.app.top is table and "Sunday game" in table.prompt_line.notice
    log = list(table.session.log)
    assert [path.stem for path in storage.named_saves()] == ["Sunday game"]
    driver.app.screens.menu()
    driver.app.screens.replays()
    listing = driver.app.top
    assert listing.shown[0][0].label.startswith("Saved: Sunday game")
    driver.click(listing.shown[0][0].rect.center)
    assert driver.app.top.session.log[:len(log)] == log

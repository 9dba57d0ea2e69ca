"""A table at rest draws nothing: the app sleeps until input comes, unless a scene animates."""

from __future__ import annotations


import pygame

from game.session import Session
from scenes.shell.screens import table_class
from ui_driver import frames_while_idle


def test_the_menu_and_a_table_waiting_for_a_human_do_not_animate(driver):
    assert not driver.app.top.animating()
    seats = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "computer"}]
    session = Session("chains", {"seats": seats}, 1)
    while session.to_move != 0:
        session.apply(session.computer_action())
    driver.app.screens.table(session)
    table = driver.app.top
    driver.wait(1.0)
    assert not table.animating()
    table.say("Nothing fits there")
    assert table.animating(), "a message counting down is drawn every frame"


def test_a_computer_to_move_keeps_the_table_drawing(driver):
    seats = [{"name": "Ana", "kind": "computer"}, {"name": "Ben", "kind": "computer"}]
    session = Session("cubes", {"seats": seats}, 2)
    driver.app.screens.table(session)
    assert driver.app.top.animating()


def test_the_run_loop_draws_no_frame_while_idle(driver, monkeypatch):
    polls, drawn = frames_while_idle(driver.app, monkeypatch)
    assert polls == 20 and drawn == 1, "the first frame is drawn, then none while nothing happens"


def test_every_table_scene_is_found_from_its_descriptor():
    from game.registry import GAMES

    for game in GAMES:
        assert table_class(game).__name__.endswith("Table")


def test_a_hand_off_due_in_pass_and_play_comes_with_no_input(driver, monkeypatch):
    """After the computers' moves, the next human's hand-off screen opens on its own: the table
    keeps drawing while the flow of turns has work to do, and rests only once it is shown."""
    from scenes.menus.handoff import HandOff

    seats = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "human"},
             {"name": "Cy", "kind": "computer"}]
    session = Session("sovereigns-chain", {"seats": seats, "rules": {"dealer": 1}}, 4)
    while session.to_move in session.computers:
        session.apply(session.computer_action())
    driver.app.screens.table(session)
    table = driver.app.top
    table.turns.revealed_seat = None
    assert table.animating(), "a hand-off is due"
    app = driver.app
    polls, _drawn = frames_while_idle(app, monkeypatch, polls=1)
    assert isinstance(app.top, HandOff) and polls, "the hand-off came, then the app rested"
    assert not any(scene.animating() for scene in app.stack)


def typing_screens(app):
    """Each screen that waits for typing, with a field focused: a name to save under, the join
    screen, a game's setup."""
    from scenes.menus.confirm import AskText
    from scenes.menus.setup import SetupScene
    from scenes.net.join import JoinScene

    setup = SetupScene(app, "linx")
    setup.seed.focused = True
    return {"a name to save under": AskText(app, "Save the game as", "", lambda name: None),
            "join a table": JoinScene(app), "a game's setup": setup}


def test_a_screen_waiting_for_typing_draws_only_when_its_cursor_turns_and_rests_once_left(driver, monkeypatch):
    """Twice a second, not sixty times: between, the app rests as at any idle screen. Ten seconds
    after the last key the cursor stays on, and nothing is drawn until the next key."""
    now = [10_000]
    monkeypatch.setattr("pygame.time.get_ticks", lambda: now[0])
    for name, screen in typing_screens(driver.app).items():
        driver.app.push(screen)
        driver.frame()
        assert not screen.animating(), f"{name}: the cursor was just drawn, nothing more to draw"
        now[0] += 499
        assert not screen.animating(), f"{name}: drawn again before the cursor turned"
        now[0] += 1
        assert screen.animating(), f"{name}: the cursor turned and is not drawn"
        driver.frame()
        assert not screen.animating(), name
        now[0] += 10_000
        driver.frame()
        now[0] += 60_000
        assert not screen.animating(), f"{name}: still blinking long after the last key"
        driver.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))])
        now[0] += 500
        assert screen.animating(), f"{name}: a move of the mouse did not wake the cursor"
        now[0] = 10_000
        if hasattr(screen, "stop_looking"):
            screen.stop_looking()
        driver.app.pop()

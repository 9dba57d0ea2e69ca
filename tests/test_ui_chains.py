"""A whole Chains game through the real scenes, the human playing with synthetic mouse drags."""

from __future__ import annotations

import pygame
import pytest

from game import storage
from game.chains.rules import Draw, Pass, Play, Played
from game.session import Session
from scenes.games.chains.table import ChainsTable
from scenes.menus.confirm import Confirm
from scenes.menus.gameover import GameOver
from scenes.menus.handoff import HandOff
from scenes.menus.menu import MainMenu
from scenes.menus.setup import SetupScene
from scenes.table.hand import card_rect

from ui_driver import Driver


def open_chains_setup(driver: Driver) -> SetupScene:
    menu = driver.app.top
    chains_button = next(b for b in menu.game_buttons if b.label == "Chains")
    driver.click(chains_button.rect.center)
    setup = driver.app.top
    assert isinstance(setup, SetupScene)
    return setup


def play_human_turn(driver: Driver, table: ChainsTable) -> None:
    """Play one legal action the way a person would: drag a fitting card, or press Draw / Pass."""
    legal = table.session.legal_actions()
    view = table.current_view()
    plays = [a for a in legal if isinstance(a, Play)]
    if plays:
        play = plays[0]
        if view.pending is not None:
            start = table.drawn_slot.center
        else:
            hand = table.hand.cards(view)
            start = table.hand.centers(len(hand))[hand.index(play.card)]
        driver.drag(start, table.chain_rows[play.chain].center)
    elif Draw() in legal:
        driver.click(table.draw_button.rect.center)
    else:
        assert Pass() in legal
        driver.click(table.pass_button.rect.center)


def test_whole_game_from_menu_to_game_over_and_back(driver):
    setup = open_chains_setup(driver)
    driver.click(setup.seed.rect.center)
    driver.type_text("2024")
    driver.click(setup.start_button.rect.center)
    table = driver.app.top
    assert isinstance(table, ChainsTable)
    assert table.session.seed == 2024
    human_moves = 0
    for _ in range(20000):
        top = driver.app.top
        if isinstance(top, GameOver):
            break
        if table.my_turn:
            before = len(table.session.log)
            play_human_turn(driver, table)
            assert len(table.session.log) == before + 1, table.prompt_line.message
            human_moves += 1
        driver.frame(dt=0.05)
    else:
        pytest.fail("the game never reached the game-over screen")
    assert human_moves > 0
    assert table.session.game_over
    assert sum(table.session.wins) >= 1
    lines = [event.text(table.session.names) for move in table.session.moves for event in move.events]
    assert len(lines) >= len(table.session.log)
    driver.click(top.menu.rect.center)
    assert isinstance(driver.app.top, MainMenu)
    assert not storage.autosave_path().exists()


def test_an_illegal_drop_snaps_back_and_says_why(driver):
    setup = open_chains_setup(driver)
    driver.click(setup.seed.rect.center)
    driver.type_text("7")
    driver.click(setup.start_button.rect.center)
    table = driver.app.top
    view = table.current_view()
    legal = table.session.legal_actions()
    wrong = next((card, chain) for card in view.hand for chain in range(3) if Play(card, chain) not in legal)
    card, chain = wrong
    hand = table.hand.cards(view)
    start = table.hand.centers(len(hand))[hand.index(card)]
    driver.drag(start, table.chain_rows[chain].center)
    assert table.session.log == []
    assert table.prompt_line.message_time > 0 and table.prompt_line.message
    assert table.current_view().hand == view.hand
    driver.wait(0.5)
    assert not table.motion.busy


def test_pass_and_play_hides_every_hand_between_turns(driver):
    setup = open_chains_setup(driver)
    setup.rows[1].kind.step(-1)
    assert setup.table_config()["seats"][1]["kind"] == "human"
    driver.click(setup.start_button.rect.center)
    table = next(s for s in driver.app.stack if isinstance(s, ChainsTable))
    driver.frame()
    assert isinstance(driver.app.top, HandOff)
    assert table.turns.viewer is None
    assert table.current_view().hand == ()
    driver.click((10, 10))
    first = table.session.to_move
    assert table.turns.viewer == first
    play_human_turn(driver, table)
    while table.session.to_move == first:
        play_human_turn(driver, table)
    assert table.turns.viewer is None
    driver.wait(1.0)
    assert isinstance(driver.app.top, HandOff)
    assert driver.app.top.seat == table.session.to_move != first


def test_a_game_in_progress_is_kept_and_continued(driver):
    setup = open_chains_setup(driver)
    driver.click(setup.start_button.rect.center)
    table = driver.app.top
    play_human_turn(driver, table)
    driver.wait(0.5)
    assert storage.autosave_path().exists()
    log = list(table.session.log)
    driver.click(table.commands.menu_button.rect.center)
    question = driver.app.top
    assert isinstance(question, Confirm), "leaving mid-game asks first"
    driver.click(question.no.rect.center)
    assert driver.app.top is table
    driver.click(table.commands.menu_button.rect.center)
    driver.click(driver.app.top.yes.rect.center)
    menu = driver.app.top
    assert isinstance(menu, MainMenu)
    assert menu.continue_button.note == "Chains", "Continue names the game it resumes"
    driver.click(menu.continue_button.rect.center)
    resumed = driver.app.top
    assert isinstance(resumed, ChainsTable)
    assert resumed.session.log[: len(log)] == log


def test_a_broken_save_is_refused_moved_aside_and_kept(driver, caplog):
    """The menu names where the damaged save went (never deleted); the reason is in the log."""
    path = storage.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": 1, "game": "chains"}')
    driver.app.reset_to(MainMenu(driver.app))
    menu = driver.app.top
    driver.click(menu.continue_button.rect.center)
    assert driver.app.top is menu
    assert menu.message.startswith("This saved game cannot be read; it was moved aside to ")
    moved = [p for p in path.parent.iterdir() if p.name.startswith("current-game.damaged-")]
    assert not path.exists() and len(moved) == 1 and "chains" in moved[0].read_text()
    assert any("has no 'config'" in record.message for record in caplog.records)


def test_pass_and_play_whole_game_never_shows_a_hand_to_the_wrong_player(driver):
    setup = open_chains_setup(driver)
    setup.rows[1].kind.step(-1)
    driver.click(setup.add_button.rect.center)
    driver.click(setup.start_button.rect.center)
    table = next(s for s in driver.app.stack if isinstance(s, ChainsTable))
    handoffs = 0
    for _ in range(20000):
        top = driver.app.top
        if isinstance(top, GameOver):
            break
        if isinstance(top, HandOff):
            handoffs += 1
            assert top.covers()
            assert top.seat == table.session.to_move
            driver.click((20, 20))
            continue
        assert table.turns.viewer in (None, table.session.to_move)
        if table.turns.viewer is None:
            assert table.current_view().hand == ()
        if table.my_turn:
            play_human_turn(driver, table)
        driver.frame(dt=0.05)
    else:
        pytest.fail("the game never ended")
    assert handoffs >= 2


def test_the_table_follows_a_resized_window(driver):
    setup = open_chains_setup(driver)
    driver.click(setup.start_button.rect.center)
    table = driver.app.top
    for size in ((1000, 640), (1920, 1080)):
        pygame.display.set_mode(size, pygame.RESIZABLE)
        driver.frame([pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)])
        window = pygame.Rect((0, 0), size)
        assert all(window.contains(row) for row in table.chain_rows)
        for center in table.hand.centers(len(table.current_view().hand)):
            assert window.contains(card_rect(center, table.hand.width))
        assert window.contains(table.commands.menu_button.rect)


@pytest.mark.parametrize("games_to_win", [1, 3])
def test_the_results_count_each_seats_wins_only_in_a_session_to_more_than_one(driver, games_to_win):
    """With one game to win the star says who won; to three, each row says the wins so far."""
    seats = [{"name": name, "kind": "computer", "difficulty": "random"} for name in ("Ana", "Ben")]
    session = Session("chains", {"seats": seats, "games_to_win": games_to_win}, 8)
    while not session.game_over:
        session.apply(session.computer_action())
    driver.app.screens.table(session)
    driver.app.screens.game_over(driver.app.top)
    over = driver.app.top
    lines = [over.row_line(seat, summary) for seat, _cards, summary in over.table.result_rows()]
    assert all(line.startswith("wins: ") for line in lines) == (games_to_win > 1)
    assert any(line.startswith("wins: ") for line in lines) == (games_to_win > 1)


def keyboard_table(driver: Driver, seed: int, players: int, draw_rule: str = "three") -> ChainsTable:
    """A Chains table dealt from `seed`: Ana (seat 0, to play first) against computers, her turn."""
    computers = [{"name": f"Computer {i}", "kind": "computer", "difficulty": "random"} for i in range(1, players)]
    seats = [{"name": "Ana"}] + computers
    driver.app.screens.table(Session("chains", {"seats": seats, "rules": {"draw_rule": draw_rule}}, seed))
    table = driver.app.top
    assert isinstance(table, ChainsTable) and table.my_turn
    return table


def press(driver: Driver, table: ChainsTable, key: int) -> None:
    """A key, then frames until whatever it set moving has landed."""
    driver.key(key)
    assert driver.frames_until(lambda: not table.motion.busy, 300)
    driver.frame()


def greyed(table: ChainsTable) -> set:
    return table.hand.greyed(table.hand.cards(table.current_view()))


# Seeded deals where nothing in Ana's hand fits and the first card she draws does: on one chain
# (seeds 10, 36, 68) or on two (seeds 205, 301).
DRAWN_FITS = [(10, 2, 1), (205, 2, 2), (36, 3, 1), (301, 3, 2), (68, 4, 1)]


@pytest.mark.parametrize("seed, players, _chains", DRAWN_FITS[:2])
def test_a_move_key_pressed_when_its_move_is_not_allowed_says_why(driver, seed, players, _chains):
    """D again while the card drawn must be played: nothing happens but the reason, said as any
    refusal is (a player by ear heard nothing before)."""
    table = keyboard_table(driver, seed, players)
    press(driver, table, pygame.K_d)
    moves = len(table.session.log)
    press(driver, table, pygame.K_d)
    assert len(table.session.log) == moves
    why = table.session.why_illegal(Draw())
    assert why and table.prompt_line.message == why[:1].upper() + why[1:]


@pytest.mark.parametrize("seed, players, chains", DRAWN_FITS)
def test_a_drawn_card_that_fits_is_played_by_keys_on_the_chain_picked(driver, seed, players, chains):
    """D draws a card that fits: it is picked at once, the chains it fits glow, the hand is
    greyed; Up/Down and Left/Right go only through its moves, each lit; Enter plays the one lit."""
    table = keyboard_table(driver, seed, players)
    press(driver, table, pygame.K_d)
    view = table.current_view()
    drawn, fitting = view.pending, [a for a in table.session.legal_actions() if isinstance(a, Play)]
    assert drawn is not None and len(fitting) == chains and {a.card for a in fitting} == {drawn}
    assert table.hand.selected == drawn and table.choice == fitting[0]
    assert table.target_chains(view) == {a.chain for a in fitting}
    assert greyed(table) == set(view.hand)
    steps = ((pygame.K_DOWN, 1), (pygame.K_UP, 0), (pygame.K_RIGHT, 1), (pygame.K_LEFT, 0), (pygame.K_RIGHT, 1))
    for key, place in steps:  # a chain on, a chain back, by either pair of arrows
        press(driver, table, key)
        assert table.hand.selected == drawn and table.choice == fitting[place % chains]
        assert table.action_spot(table.choice) == table.chain_end(view, table.choice.chain)
    chosen, moves = table.choice, len(table.session.moves)
    press(driver, table, pygame.K_RETURN)
    assert table.session.moves[moves].events[0] == Played(0, drawn, chosen.chain, True)
    assert table.current_view().chains[chosen.chain][-1] == drawn
    assert not table.session.game_assisted


# Seeded deals where nothing in Ana's hand fits, nor does the first card she draws.
NOTHING_FITS = [(12, 2, "three", "draw (D)"), (5, 3, "one", "pass (P)"), (59, 4, "until", "draw (D)")]


@pytest.mark.parametrize("seed, players, draw_rule, way_on", NOTHING_FITS)
def test_when_nothing_fits_the_arrows_pick_no_card_and_say_what_to_do(driver, seed, players, draw_rule, way_on):
    table = keyboard_table(driver, seed, players, draw_rule)
    for keys, told in (((pygame.K_RIGHT, pygame.K_LEFT), "draw (D)"),
                       ((pygame.K_d, pygame.K_RIGHT, pygame.K_UP, pygame.K_RETURN), way_on)):
        for key in keys:
            press(driver, table, key)
        assert table.hand.selected is None and table.choice is None
        assert greyed(table) == set(table.current_view().hand)
        assert table.prompt_line.notice_time > 0 and table.prompt_line.notice.endswith(told)
    assert table.session.log == [{"type": "Draw"}] and table.prompt_line.message_time == 0

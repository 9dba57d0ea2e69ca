"""Learn to play through the real scenes: every lesson from the menu's Learn button to its end by
the moves its steps light, a wrong move refused, steps and lessons skipped; a lesson saves
nothing and counts in no statistics."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game import storage
from game.chains.rules import Draw, Play
from game.lesson import games_with_lessons, lesson_finished
from game.session import Session
from game.stats import stats_path
from scenes.games.chains.table import ChainsTable
from scenes.menus.menu import LEARNED, MainMenu
from scenes.menus.setup import SetupScene
from scenes.shell.screens import open_app
from scenes.ui.widgets import noting_cuts, recording

from ui_driver import Driver, lesson_move_on

GAMES = games_with_lessons()


def open_lesson(driver: Driver, game: str):
    """The lesson of `game`, opened with its Learn button on the menu."""
    driver.click(driver.app.top.learn_buttons[game].rect.center)
    table = driver.app.top
    assert table.lesson is not None and table.lesson.lesson.plan.game == game
    return table


def lit(table) -> bool:
    """The learner's step is waiting, and its move is lit on the table."""
    lesson = table.lesson.lesson
    return table.my_turn and table.lesson.lit_step == (lesson.part_number, lesson.step_number)


def play_to_the_end(driver: Driver, table) -> int:
    """Enter on each lit move, Enter between parts; returns how many steps Enter made."""
    lesson = table.lesson.lesson
    made = 0
    for _ in range(20000):
        if lesson.finished:
            driver.frame()
            return made
        if lesson.step is None and not table.motion.busy:
            driver.key(pygame.K_RETURN)
        elif lit(table):
            before = lesson.steps_done
            assert table.choice == lesson.step.action
            driver.key(pygame.K_RETURN)
            assert lesson.steps_done == before + 1, table.prompt_line.message
            made += 1
        driver.frame(dt=0.05)
    pytest.fail(f"the lesson stopped at step {lesson.steps_done + 1}")


def wait_until_lit(driver: Driver, table) -> None:
    for _ in range(2000):
        if lit(table):
            return
        driver.frame(dt=0.05)
    pytest.fail("the learner's step never came")


def untouched_files():
    """A game in progress for Continue, and what the data folder holds besides the settings."""
    storage.save_game(Session("chains", {"seats": [{"name": "Ana"}, {"name": "Ben", "kind": "computer"}]}, 5))
    return storage.autosave_path().read_bytes()


@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_played_by_its_lit_moves_is_learned_and_saves_nothing(driver, game):
    continued = untouched_files()
    driver.app.screens.menu()
    table = open_lesson(driver, game)
    shown = []
    show_move = table.show_move
    table.show_move = lambda events, *rest, **named: (shown.extend(events), show_move(events, *rest, **named))
    made = play_to_the_end(driver, table)
    lesson = table.lesson.lesson
    assert made >= 1
    assert "learned" in table.lesson.headline().lower()
    assert lesson_finished(driver.app.settings, game)
    assert lesson_finished(storage.load_settings()[0], game), "remembered in the settings file"
    rules = table.session.rules
    assert shown == [rules.redact(event, 0) for event in lesson.events_seen], "shown as seat 0 may see them"
    driver.click(table.lesson.done_button.rect.center)
    menu = driver.app.top
    assert isinstance(menu, MainMenu)
    assert menu.learn_buttons[game].note == LEARNED
    assert storage.autosave_path().read_bytes() == continued
    assert not stats_path().exists()
    assert storage.finished_games() == []


def test_the_linx_learner_builds_the_chain_by_hand(driver):
    """The chain a step asks for is not laid out for the learner: its start anchor is lit, then
    the chain row while its cards go in, then its end anchor; the chain built is laid."""
    driver.app.screens.menu()
    table = open_lesson(driver, "linx")
    lesson = table.lesson.lesson
    while type(lesson.step.action).__name__ != "LayChain":
        lesson_move_on(table)
        driver.frame(dt=0.05)
    wait_until_lit(driver, table)
    chain, view = lesson.step.action, table.current_view()
    assert table.builder.cards() == []
    assert table.action_spot(chain) == table.board.slot_of("anchor", chain.start, view).rect
    driver.click(table.board.slot_of("anchor", chain.start, view).rect.center)
    assert table.builder.start == chain.start and table.action_spot(chain) == table.builder.rect
    for card in chain.cards:
        table.builder.add(card)
    assert table.action_spot(chain) == table.board.slot_of("anchor", chain.end, view).rect
    driver.click(table.board.slot_of("anchor", chain.end, view).rect.center)
    steps = lesson.steps_done
    driver.key(pygame.K_l)
    assert lesson.steps_done == steps + 1, table.prompt_line.message


def test_hidden_cards_of_the_other_seats_stay_hidden(driver):
    """The computer's draws in the Chains lesson show no card to the learner, on the table or in its log."""
    table = open_lesson(driver, "chains")
    play_to_the_end(driver, table)
    lesson = table.lesson.lesson
    hidden = [event for event in lesson.events_seen if table.session.rules.redact(event, 0) != event]
    assert hidden, "the lesson has a move whose card the learner may not see"
    lines = table.log.lines(0, 14, 10**6)
    for event in hidden:
        assert event.text(table.session.names) not in lines


def chains_step(driver: Driver, table, number: int) -> None:
    """The Chains lesson at its step `number` (from 1), the steps before made by Enter."""
    lesson = table.lesson.lesson
    while lesson.steps_done < number - 1:
        wait_until_lit(driver, table)
        driver.key(pygame.K_RETURN)
    wait_until_lit(driver, table)


def test_learn_chains_ends_its_game_with_the_learners_own_last_card(driver):
    """The lesson's last part is a deal's end: the learner, by Enter on each lit move, plays the
    last card of their hand, and the game ends there (a hand emptied): the learner wins, the
    table says Game over, and the computer's cards left are the results the engine gives."""
    table = open_lesson(driver, "chains")
    lesson = table.lesson.lesson
    last = lesson.plan.step_count
    while lesson.steps_done < last - 1:
        if lesson.step is None and not table.motion.busy:
            driver.key(pygame.K_RETURN)
        elif lit(table):
            driver.key(pygame.K_RETURN)
        driver.frame(dt=0.05)
    wait_until_lit(driver, table)
    session = table.session
    view = session.stream(0).view
    assert lesson.part_number == len(lesson.plan.parts) - 1 and not session.game_over
    assert len(view.hand) == 1 and table.choice == Play(view.hand[0], lesson.step.action.chain)
    driver.key(pygame.K_RETURN)
    assert lesson.finished and session.game_over
    ended = session.stream(0).last_move.events[-1]
    assert type(ended).__name__ == "GameEnded" and ended.winners == (0,) and ended.reason == "empty_hand"
    driver.wait(1.0)
    view = table.current_view()
    assert view.game_over and view.final_hands[0] == () and table.prompt(view) == "Game over"
    assert session.outcome().winners == (0,)
    computer_left = len(view.final_hands[1])
    assert computer_left and f"Computer 1 holds {('no', 'one', 'two', 'three', 'four')[computer_left]} cards" \
        in lesson.plan.parts[-1].steps[-1].text
    assert "Lesson learned" in table.lesson.headline()
    told = table.lesson.words()
    assert told.startswith(f"Game over: {ended.text(session.names)}. You: no cards left. ")
    assert f"Computer 1: {computer_left} cards, total {view.final_totals[1]}." in told


def test_a_lesson_whose_last_move_does_not_end_its_game_tells_no_results(driver):
    """The end of a lesson says a game's results only when its last move ended the game."""
    table = open_lesson(driver, "chains")
    lesson = table.lesson.lesson
    parts = lesson.plan.parts
    lesson.plan = dataclasses.replace(lesson.plan, parts=parts[:-1])
    while not lesson.finished:
        lesson_move_on(table)
        driver.frame(dt=0.05)
    assert not table.session.game_over and not table.lesson.words().startswith("Game over")


def test_a_wrong_move_is_refused_with_the_reason_and_nothing_changes(driver):
    table = open_lesson(driver, "chains")
    assert isinstance(table, ChainsTable)
    wait_until_lit(driver, table)
    lesson = table.lesson.lesson
    view = table.current_view()
    hand = table.hand.cards(view)
    driver.drag(table.hand.centers(len(hand))[0], table.chain_rows[0].center)
    assert lesson.steps_done == 0 and table.session.lesson.session.log == []
    assert table.prompt_line.message.lower() == table.session.why_illegal(Play(hand[0], 0)).lower()
    assert table.current_view().hand == view.hand
    driver.wait(0.5)  # the card back in the hand
    driver.click(table.draw_button.rect.center)
    assert lesson.steps_done == 1 and table.session.lesson.session.log == [{"type": "Draw"}]


def test_learn_chains_greys_every_card_that_cannot_be_played(driver):
    """At the first step nothing fits (the step says so and asks for a draw): no card looks
    playable. At the seventh the drawn A♣ waits: the hand is greyed, the drawn card picked on
    the chain the step asks for (not the first it fits)."""
    table = open_lesson(driver, "chains")
    wait_until_lit(driver, table)
    hand = table.hand.cards(table.current_view())
    assert table.session.stream(0).legal_actions() == [Draw()] and table.hand.greyed(hand) == set(hand)
    chains_step(driver, table, 7)
    hand = table.hand.cards(table.current_view())
    assert table.hand.greyed(hand) == set(hand)
    assert table.hand.selected == table.current_view().pending and table.choice == table.lesson.lesson.step.action


def test_a_fair_move_the_step_does_not_ask_for_is_refused_with_the_step(driver):
    table = open_lesson(driver, "chains")
    chains_step(driver, table, 7)
    lesson = table.lesson.lesson
    asked = lesson.step.action
    assert asked == Play(asked.card, 2)
    other = next(a for a in table.session.stream(0).legal_actions() if isinstance(a, Play) and a != asked)
    logged = list(table.session.lesson.session.log)
    driver.drag(table.drawn_slot.center, table.chain_rows[other.chain].center)
    assert table.session.lesson.session.log == logged and lesson.steps_done == 6
    assert "this lesson asks for another one" in table.prompt_line.message
    driver.wait(0.5)  # the card back in its place
    driver.drag(table.drawn_slot.center, table.chain_rows[2].center)
    assert lesson.steps_done == 7


def test_skip_step_plays_it_and_leaving_learns_nothing(driver):
    table = open_lesson(driver, "chains")
    wait_until_lit(driver, table)
    lesson = table.lesson.lesson
    driver.click(table.lesson.skip_button.rect.center)
    assert lesson.steps_done == 1 and table.session.lesson.session.log == [{"type": "Draw"}]
    driver.wait(1.0)
    driver.click(table.lesson.leave_button.rect.center)
    assert isinstance(driver.app.top, MainMenu)
    assert not lesson_finished(driver.app.settings, "chains")
    assert driver.app.top.learn_buttons["chains"].note == ""
    assert not storage.autosave_path().exists()


def test_a_lesson_skipped_through_is_not_learned_but_one_step_skipped_is(driver):
    table = open_lesson(driver, "linx")
    lesson = table.lesson.lesson
    for _ in range(5000):
        if lesson.finished:
            break
        if lesson.step is None:
            driver.key(pygame.K_RETURN)
        elif not table.motion.busy:
            driver.click(table.lesson.skip_button.rect.center)
        driver.frame(dt=0.05)
    driver.frame()
    assert lesson.finished and not lesson_finished(driver.app.settings, "linx")
    assert "skipped" in table.lesson.words()
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.app.top, MainMenu)
    table = open_lesson(driver, "linx")
    wait_until_lit(driver, table)
    driver.click(table.lesson.skip_button.rect.center)
    play_to_the_end(driver, table)
    assert lesson_finished(driver.app.settings, "linx")


def test_the_setup_screen_opens_the_lesson_and_a_lesson_has_no_undo_or_saves(driver):
    driver.click(next(b for b in driver.app.top.game_buttons if b.label == "Cubes").rect.center)
    setup = driver.app.top
    assert isinstance(setup, SetupScene)
    driver.click(setup.learn_button.rect.center)
    table = driver.app.top
    assert table.lesson is not None and table.session.game == "cubes"
    assert table.top_buttons() == [table.commands.menu_button, table.commands.rules_button, table.hint_button]
    play_to_the_end(driver, table)
    for key, mod in ((pygame.K_z, pygame.KMOD_CTRL), (pygame.K_s, pygame.KMOD_CTRL), (pygame.K_F2, 0)):
        driver.key(key, mod)
        assert driver.app.top is table
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.app.top, MainMenu)
    assert not storage.autosave_path().exists() and storage.named_saves() == []


@pytest.mark.parametrize("text_size", ["normal", "large", "largest"], ids=lambda size: f"{size} text")
@pytest.mark.parametrize("size", [(800, 600), (1024, 640)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_step_is_told_whole_in_a_small_window(size, text_size):
    """No step's words are cut short beside the table, even in the smallest window, nor the
    lesson's end (the game's results with it)."""
    app = open_app(fit_to_desktop=False)
    app.settings["text_size"] = text_size
    app.apply_settings()
    app.screen = pygame.display.set_mode(size)
    cut_steps = []
    for game in GAMES:
        app.screens.lesson(game)
        table = app.top
        lesson = table.lesson.lesson
        while True:
            table.layout(size)
            with noting_cuts() as cuts, recording():
                table.draw(app.screen)
            if any(cut and cut in table.lesson.words() for cut in cuts):
                cut_steps.append(f"{game} step {lesson.steps_done + 1}")
            if lesson.finished:
                break
            lesson_move_on(table)
    assert not cut_steps


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_step_s_words_at_a_larger_text_size_are_drawn_larger_than_at_normal(size):
    """The step's words shrink to fit their room; at Largest text they shrank back to Normal's
    smallest size (12 px at 800x600) and the text size chosen did nothing there. Now they keep at
    least the chosen share above Normal's smallest and scroll where they do not fit."""
    from scenes.ui import resources

    app = open_app(fit_to_desktop=False)
    app.screen = pygame.display.set_mode(size)
    drawn = {}
    for text_size in ("normal", "largest"):
        app.settings["text_size"] = text_size
        app.apply_settings()
        app.screens.lesson(GAMES[0])
        overlay = app.top.lesson
        word_size, _lines = overlay.fitted_words(200, 40)  # far too little room: the smallest size allowed
        drawn[text_size] = resources.text_px(word_size)
    assert drawn["largest"] >= 1.6 * drawn["normal"], drawn

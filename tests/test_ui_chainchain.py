"""Chain-Chain through the real scenes: a whole numbers game with mouse drags, a letters turn
with a typed word (refused first, then accepted), and a letters reversal."""

from __future__ import annotations

import pygame
import pytest
from ui_driver import Driver

from game.chainchain import Play, Take
from game.chainchain.rules import reverses
from game.session import Session
from scenes.games.chainchain.table import ChainChainTable
from scenes.menus.gameover import GameOver
from scenes.menus.setup import SetupScene

SEATS = [{"name": "Ana", "kind": "human"}] + [
    {"name": n, "kind": "computer", "difficulty": "normal"} for n in ("Ben", "Cleo", "Dev")]


def wait_for_my_turn(driver: Driver, table: ChainChainTable) -> None:
    for _ in range(2000):
        if table.my_turn:
            return
        driver.frame(dt=0.05)
    pytest.fail("the human's turn never came")


def drag_to_pile(driver: Driver, table: ChainChainTable, card) -> None:
    driver.drag(table.hand.card_center(table.current_view(), card), table.pile_center)


def test_whole_numbers_game_from_the_menu_to_the_results(driver):
    menu = driver.app.top
    driver.click(next(b for b in menu.game_buttons if b.label == "Chain-Chain").rect.center)
    setup = driver.app.top
    assert isinstance(setup, SetupScene) and len(setup.rows) == 4
    driver.click(setup.seed.rect.center)
    driver.type_text("21")
    driver.click(setup.start_button.rect.center)
    table = driver.app.top
    assert isinstance(table, ChainChainTable) and len(table.session.seats) == 4
    human_moves = takes = 0
    for _ in range(60000):
        if isinstance(driver.app.top, GameOver):
            break
        if table.my_turn:
            legal = table.session.legal_actions()
            before = len(table.session.log)
            if legal == [Take()]:
                driver.click(table.take_button.rect.center)
                takes += 1
            else:
                play = legal[0]
                drag_to_pile(driver, table, play.first)
                assert table.staged == [play.first]
                drag_to_pile(driver, table, play.second)
            assert len(table.session.log) == before + 1, table.prompt_line.message
            human_moves += 1
        driver.frame(dt=0.05)
    else:
        pytest.fail("the game never reached the results screen")
    assert human_moves > 3
    view = table.session.view(None)
    assert view.game_over and view.draw_pile_count == 0 and not any(view.hand_counts)
    rows = table.result_rows()
    assert [len(cards) for _seat, cards, _text in rows] == list(view.collected_counts)


def test_a_wrong_first_card_is_refused_with_the_reason(driver):
    table = ChainChainTable(driver.app, Session("chainchain", {"seats": SEATS, "rules": {"variant": "numbers"}}, 4))
    driver.app.push(table)
    wait_for_my_turn(driver, table)
    view = table.current_view()
    if view.required is None:
        pytest.skip("this deal opens with a free lead")
    wrong = next(c for c in view.hand if c.value != view.required)
    drag_to_pile(driver, table, wrong)
    assert table.staged == [] and "first card must be" in table.prompt_line.message
    assert table.session.view(0).hand == view.hand


def test_a_letters_turn_with_a_typed_word(driver):
    table = ChainChainTable(driver.app, Session("chainchain", {"seats": SEATS, "rules": {"variant": "letters"}}, 4))
    driver.app.push(table)
    wait_for_my_turn(driver, table)
    play = next(a for a in table.session.legal_actions() if isinstance(a, Play))
    drag_to_pile(driver, table, play.first)
    drag_to_pile(driver, table, play.second)
    assert table.staged == [play.first, play.second] and table.word.focused
    driver.type_text("qzx")
    driver.key(pygame.K_RETURN)
    assert "does not start with" in table.prompt_line.message or "not in the dictionary" in table.prompt_line.message
    assert table.staged == [play.first, play.second]
    for _ in "qzx":
        driver.key(pygame.K_BACKSPACE)
    driver.type_text(play.word)
    log = len(table.session.log)
    driver.key(pygame.K_RETURN)
    assert len(table.session.log) == log + 1
    assert table.session.log[-1]["word"] == play.word
    assert table.staged == []


def test_a_human_letters_reversal_turns_the_arrow_and_the_log_says_reversed(driver):
    """Letters: the previous pair's letters answered in reverse order reverse play. With seed 2 the
    computers' opening leaves N then O on the pile and Ana holds an O and an N: she drags O, then
    N, types OWN, and the direction arrow turns anticlockwise and says so."""
    table = ChainChainTable(driver.app, Session("chainchain", {"seats": SEATS, "rules": {"variant": "letters"}}, 2))
    driver.app.push(table)
    wait_for_my_turn(driver, table)
    view = table.current_view()
    reversal = next(a for a in table.session.legal_actions()
                    if isinstance(a, Play) and reverses(view.pile, view.required, a.first, a.second, view.variant))
    assert (reversal.first.face, reversal.second.face) == (view.pile[-1].face, view.pile[-2].face)
    assert view.direction == 1 and table.arrow_flash == 0
    drag_to_pile(driver, table, reversal.first)
    drag_to_pile(driver, table, reversal.second)
    driver.type_text("own")
    driver.key(pygame.K_RETURN)
    assert table.session.log[-1]["word"] == "own", table.prompt_line.message
    after = table.current_view()
    assert after.direction == -1 and after.lead_reason == "reversal"
    driver.frame()
    assert table.arrow_flash > 0
    log = " ".join(table.log.lines(table.turns.viewer, table.px(14), table.px(400)))
    assert "Ana answers with the last play reversed, O then N: OWN" in log
    assert "Play is reversed: now anticlockwise" in log


def drawn_texts(driver, monkeypatch, table) -> list[tuple[str, pygame.Rect]]:
    """The words the Chain-Chain board draws in one frame, with where they went."""
    import scenes.games.chainchain.table as chainchain_table

    texts = []
    real = chainchain_table.draw_text

    def recording(screen, text, *args, **kwargs):
        rect = real(screen, text, *args, **kwargs)
        texts.append((text, rect))
        return rect

    monkeypatch.setattr(chainchain_table, "draw_text", recording)
    table.draw(driver.app.screen)
    monkeypatch.setattr(chainchain_table, "draw_text", real)
    return texts


def test_the_pile_says_empty_only_when_it_is_and_its_labels_stay_above_a_play_being_made(driver, monkeypatch):
    """Overlaps the table had: "empty pile" showing between the first play's cards as they flew
    in, and the "1st" label hidden behind the raised card of the next play."""
    session = Session("chainchain", {"seats": SEATS[:3], "games_to_win": 1, "rules": {"variant": "numbers"}}, 1)  # Ana leads
    driver.app.screens.table(session)
    table = driver.app.top
    wait_for_my_turn(driver, table)
    assert not table.current_view().pile
    assert "empty pile" in [text for text, _rect in drawn_texts(driver, monkeypatch, table)]
    play = next(a for a in session.legal_actions() if isinstance(a, Play))
    drag_to_pile(driver, table, play.first)
    drag_to_pile(driver, table, play.second)
    assert table.motion.busy and table.current_view().pile
    assert "empty pile" not in [text for text, _rect in drawn_texts(driver, monkeypatch, table)]
    for _turn in range(20):
        wait_for_my_turn(driver, table)
        while table.motion.busy:
            driver.frame(dt=0.05)
        answers = [a for a in session.legal_actions() if isinstance(a, Play)]
        if answers and table.current_view().pile:
            break
        session.apply(session.legal_actions()[0])
    answer = answers[0]
    drag_to_pile(driver, table, answer.first)
    assert table.staged == [answer.first]
    labels = [rect for text, rect in drawn_texts(driver, monkeypatch, table) if text in ("1st", "2nd")]
    assert len(labels) == 2
    assert not any(label.colliderect(slot.rect) for label in labels for slot in table.staged_row)


def test_the_word_box_asks_for_a_frame_only_when_its_cursor_turns(driver, monkeypatch):
    now = [10_000]
    monkeypatch.setattr("pygame.time.get_ticks", lambda: now[0])
    table = ChainChainTable(driver.app, Session("chainchain", {"seats": SEATS, "rules": {"variant": "letters"}}, 4))
    driver.app.push(table)
    wait_for_my_turn(driver, table)
    play = next(a for a in table.session.legal_actions() if isinstance(a, Play))
    drag_to_pile(driver, table, play.first)
    assert not table.word_shown
    drag_to_pile(driver, table, play.second)
    assert table.word_shown and table.word.focused
    driver.wait(5.0)  # the cards land, the messages count down
    assert not table.animating(), "nothing moves and the cursor was just drawn"
    now[0] += 500
    assert table.animating(), "the cursor turned"

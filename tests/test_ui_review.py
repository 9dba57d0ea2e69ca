"""Review a finished game (issue 26), through the real scenes: opened from the results screen and
from the list of saved games and replays, judged off the frame loop with a progress bar, each
decision of the seat marked; the planted blunder shown costly with Hard's move named; Cancel
leaves the app as it was; a kept review opens without judging again.

Budgets are small (as in test_review.py), so that the reviews are quick."""

from __future__ import annotations

import threading
import time

import pygame
import pytest

from game import review as engine
from game import storage
from game.review import BEST, CHANCE, COSTLY, GOOD, POINTS, RISK, Judge, ReviewBudget
from game.session import SaveError, Session
from scenes.menus.gameover import GameOver
from scenes.menus.replay import ReplayList
from scenes.menus.review import (LEGEND, ReviewScene, SeatChoice, cost_line, hard_line, played_line, summary_lines,
                                 what_is_done)
from scenes.ui.widgets import recording
from ui_driver import frames_while_idle
from test_review import BLUNDER, BLUNDER_MOVE, BLUNDER_SEED, SMALL, TINY, WINNING, scripted_save


@pytest.fixture(autouse=True)
def tiny_budgets(monkeypatch):
    """Every game reviewed on a tiny budget (the planted blunder's test asks for more)."""
    monkeypatch.setattr(engine, "REVIEW_BUDGETS", {name: TINY for name in engine.REVIEW_BUDGETS})
    monkeypatch.setattr(engine, "DEFAULT_BUDGET", TINY)


def budget_for_all(monkeypatch, budget: ReviewBudget) -> None:
    monkeypatch.setattr(engine, "REVIEW_BUDGETS", {name: budget for name in engine.REVIEW_BUDGETS})


def wait_until_ready(driver, scene, seconds: float = 120.0) -> None:
    """Frames until the review is ready (the work runs in its own thread meanwhile)."""
    end = time.monotonic() + seconds
    while not scene.ready and time.monotonic() < end:
        driver.frame()
        time.sleep(0.01)
    assert scene.ready, "the review did not finish"


def texts_on_screen(app) -> list[str]:
    with recording() as drawn:
        app.draw()
    return [item.what for item in drawn]


def finished_session(game: str = "chains", seed: int = 3, players: int = 2) -> Session:
    return Session.from_save(scripted_save(game, seed, players))


def results_screen(driver, session: Session) -> GameOver:
    """The table of a game just finished, and its results screen (which keeps the game)."""
    driver.app.screens.table(session)
    driver.wait(1.5)
    assert isinstance(driver.app.top, GameOver)
    return driver.app.top


class Gate:
    """Lets the judge through one decision at a time, so that a test can look at a review in
    the middle of its work."""

    def __init__(self, monkeypatch) -> None:
        self.permits = threading.Semaphore(0)
        self.closed = threading.Event()
        judge = Judge.judge

        def judge_at_the_gate(me, decision, seed):
            while not self.permits.acquire(timeout=0.05):
                if self.closed.is_set():
                    break
            return judge(me, decision, seed)

        monkeypatch.setattr(Judge, "judge", judge_at_the_gate)

    def open_for(self, count: int) -> None:
        for _ in range(count):
            self.permits.release()

    def open_wide(self) -> None:
        self.closed.set()


# ---------------------------------------------------------------- opening a review


@pytest.mark.parametrize("game, players", [("chains", 2), ("cubes", 3), ("linx", 4)])
def test_review_from_the_results_screen_marks_each_decision(driver, game, players):
    session = finished_session(game, 3, players)
    results = results_screen(driver, session)
    assert "Review" in [b.label for b in results.buttons]
    driver.click(results.review.rect.center)
    scene = driver.app.top
    assert isinstance(scene, ReviewScene) and scene.seat == 0
    wait_until_ready(driver, scene)
    decisions = engine.decisions_of(session, 0)
    assert [v.move for v in scene.verdicts] == [d.move for d in decisions]
    assert {v.mark for v in scene.verdicts} <= {BEST, GOOD, COSTLY}
    first = scene.verdicts[0]
    assert scene.step == first.move - 1, "it opens at the seat's first decision, before the move"
    assert scene.table.turns.viewer == 0, "the table is drawn from the reviewed seat"
    shown = texts_on_screen(driver.app)
    assert any(text.startswith(f"Move {first.move}: Ann ") for text in shown)
    assert f"Ann's {len(decisions)} decisions:" in shown
    assert LEGEND in shown, "the legend says what the marks mean"
    assert cost_line(first) in shown or any(cost_line(first).startswith(text) for text in shown)
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is results


def test_review_from_the_list_of_replays(driver):
    storage.archive_game(finished_session("linx", 5))
    driver.app.screens.replays()
    listing = driver.app.top
    assert isinstance(listing, ReplayList) and len(listing.reviews) == 1
    driver.click(listing.reviews[0][0].rect.center)
    scene = driver.app.top
    assert isinstance(scene, ReviewScene)
    wait_until_ready(driver, scene)
    assert scene.verdicts and scene.session.game == "linx"
    driver.click(scene.close_button.rect.center)
    assert driver.app.top is listing


def test_a_game_in_progress_saved_by_name_offers_no_review(driver):
    session = Session("chains", {"seats": [{"name": "Ann"}, {"name": "Bob", "kind": "computer"}]}, 4)
    storage.save_named(session, "unfinished")
    driver.app.screens.replays()
    listing = driver.app.top
    assert len(listing.shown) == 1 and listing.reviews == []


def test_with_several_people_at_the_table_the_player_chooses_whose_decisions(driver):
    seats = [{"name": "Ann"}, {"name": "Cy"}, {"name": "Bot", "kind": "computer"}]
    session = Session("chains", {"seats": seats, "rules": {}}, 8)
    while not session.game_over:
        session.apply(session.legal_actions()[0] if session.to_move != 2 else session.computer_action())
    storage.archive_game(session)
    driver.app.screens.replays()
    listing = driver.app.top
    driver.click(listing.reviews[0][0].rect.center)
    choice = driver.app.top
    assert isinstance(choice, SeatChoice) and [b.label for b in choice.seat_buttons] == ["Ann", "Cy"]
    driver.click(choice.seat_buttons[1].rect.center)
    scene = driver.app.top
    assert isinstance(scene, ReviewScene) and scene.seat == 1 and scene.table.turns.viewer == 1
    assert listing in driver.app.stack and choice not in driver.app.stack
    wait_until_ready(driver, scene)
    assert [v.move for v in scene.verdicts] == [d.move for d in engine.decisions_of(session, 1)]


def test_a_game_only_computers_played_offers_nothing_to_review(driver):
    seats = [{"name": "A", "kind": "computer"}, {"name": "B", "kind": "computer"}]
    session = Session("chains", {"seats": seats}, 2)
    while not session.game_over:
        session.apply(session.computer_action())
    storage.archive_game(session)
    driver.app.screens.replays()
    listing = driver.app.top
    driver.click(listing.reviews[0][0].rect.center)
    assert driver.app.top is listing and "Only computers played" in listing.message


# ---------------------------------------------------------------- the planted blunder


def test_the_planted_blunder_shows_costly_with_hards_move_named(driver, monkeypatch):
    budget_for_all(monkeypatch, SMALL)
    save = scripted_save("chains", BLUNDER_SEED, 2, {BLUNDER_MOVE: BLUNDER})
    driver.app.screens.review(Session.from_save(save))
    scene = driver.app.top
    wait_until_ready(driver, scene, seconds=300)
    for _press in range(10):   # to the next costly decision, until the blunder's
        driver.key(pygame.K_n)
        if scene.step >= BLUNDER_MOVE - 1:
            break
    assert scene.step == BLUNDER_MOVE - 1
    verdict, just_made = scene.verdict_shown()
    assert verdict.move == BLUNDER_MOVE and not just_made
    assert verdict.mark == COSTLY and verdict.played == BLUNDER and verdict.hard == WINNING
    shown = texts_on_screen(driver.app)
    assert any(text.startswith("Costly: win chance ") and "against" in text for text in shown)
    assert f"Move {BLUNDER_MOVE}: Ann chose to play 7\u2660 on chain 1" in shown
    assert "Hard would play 2\u2660 on chain 3" in shown
    assert any(text.startswith(f"Costliest in win chance: move {BLUNDER_MOVE}") for text in shown)
    framed = []
    monkeypatch.setattr("scenes.menus.review.cardart.chosen_frame", lambda screen, rect, width: framed.append(rect))
    scene.draw(driver.app.screen)
    assert framed == [scene.table.action_spot(WINNING)], "where Hard's move goes is framed on the table"
    driver.key(pygame.K_RIGHT)
    assert scene.verdict_shown() == (verdict, True), "after the move, the panel still tells it"
    assert f"Move {BLUNDER_MOVE} (just made): Ann chose to play 7\u2660 on chain 1" in texts_on_screen(driver.app)


def test_keys_walk_the_seats_decisions(driver):
    driver.app.screens.review(finished_session())
    scene = driver.app.top
    wait_until_ready(driver, scene)
    moves = [v.move for v in scene.verdicts]
    driver.key(pygame.K_DOWN)
    assert scene.step == moves[1] - 1
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_UP)
    assert scene.step == moves[1] - 1
    driver.key(pygame.K_END)
    assert scene.step == len(scene.playback) - 1
    driver.key(pygame.K_UP)
    assert scene.step == moves[-1] - 1
    driver.key(pygame.K_HOME)
    assert scene.step == 0
    between = next(m for m in range(1, len(scene.playback)) if m not in moves and m + 1 not in moves)
    scene.go(between - scene.step)
    assert scene.verdict_shown() == (None, False)
    assert "Not Ann's decision." in texts_on_screen(driver.app)


def test_the_track_numbers_the_moves_as_the_panel_does(driver):
    """Before a decision the panel judges "Move 12" and the track stands before move 12; after
    a move just made, both say that move; at the deal the track stands before move 1."""
    driver.app.screens.review(finished_session())
    scene = driver.app.top
    wait_until_ready(driver, scene)
    last = len(scene.playback) - 1
    moves = [v.move for v in scene.verdicts]
    scene.go(moves[1] - 1 - scene.step)
    shown = texts_on_screen(driver.app)
    assert any(text.startswith(f"Move {moves[1]}: Ann ") for text in shown)
    assert f"before move {moves[1]} of {last}" in shown
    made = next(m for m in moves if m + 1 not in moves)
    scene.go(made - scene.step)
    shown = texts_on_screen(driver.app)
    assert any(text.startswith(f"Move {made} (just made): Ann ") for text in shown)
    assert f"after move {made} of {last}" in shown
    scene.go(-scene.step)
    assert f"before move 1 of {last}" in texts_on_screen(driver.app)


# ---------------------------------------------------------------- off the frame loop


def test_the_review_is_judged_off_the_frame_loop_and_draws_only_its_progress(driver, monkeypatch):
    gate = Gate(monkeypatch)
    driver.app.screens.review(finished_session())
    scene = driver.app.top
    end = time.monotonic() + 30
    while scene.work.judged[1] == 0 and time.monotonic() < end:
        time.sleep(0.01)
    driver.frame()
    total = scene.work.judged[1]
    assert total > 3 and scene.work.judged[0] == 0
    assert not scene.animating(), "nothing to draw while no decision is judged"
    assert f"The Hard computer weighs each one: 0 of {total}" in texts_on_screen(driver.app)
    gate.open_for(2)
    end = time.monotonic() + 30
    while scene.work.judged[0] < 2 and time.monotonic() < end:
        time.sleep(0.01)
    assert scene.animating(), "two more decisions judged: the progress bar is drawn again"
    driver.frame()
    assert not scene.animating() and scene.shown_judged == (2, total)
    gate.open_wide()
    wait_until_ready(driver, scene)
    assert not scene.animating()


def test_the_run_loop_sleeps_while_the_review_waits_for_the_judge(driver, monkeypatch):
    gate = Gate(monkeypatch)
    app = driver.app
    app.screens.review(finished_session())
    scene = app.top
    end = time.monotonic() + 30
    while scene.work.judged[1] == 0 and time.monotonic() < end:
        time.sleep(0.01)
    polls, drawn = frames_while_idle(app, monkeypatch)
    assert polls == 20 and drawn == 1, "one frame for the progress, then none while the judge waits"
    gate.open_wide()


def test_cancel_stops_the_review_and_leaves_the_app_usable(driver, monkeypatch):
    gate = Gate(monkeypatch)
    session = finished_session()
    results = results_screen(driver, session)
    driver.click(results.review.rect.center)
    scene = driver.app.top
    end = time.monotonic() + 30
    while scene.work.review is None and time.monotonic() < end:
        time.sleep(0.01)
    gate.open_for(1)
    driver.frame()
    driver.click(scene.cancel_button.rect.center)
    assert driver.app.top is results
    assert scene.work.cancelled.is_set()
    gate.open_for(5)
    scene.work.thinker.wait(30)
    assert scene.work.done and len(scene.work.review.verdicts) <= 2, "the judging stopped at the next decision"
    assert not storage.reviews_dir().exists() or not list(storage.reviews_dir().glob("*.json"))
    driver.click(results.review.rect.center)   # the app goes on: a review again, to its end
    again = driver.app.top
    gate.open_wide()
    wait_until_ready(driver, again)
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is results


def test_escape_cancels_while_the_game_is_still_being_read(driver, monkeypatch):
    gate = Gate(monkeypatch)
    driver.app.screens.review(finished_session())
    scene = driver.app.top
    driver.key(pygame.K_ESCAPE)
    assert not isinstance(driver.app.top, ReviewScene)
    gate.open_wide()
    scene.work.thinker.wait(30)
    assert scene.work.done and len(scene.work.review.verdicts) <= 1


def test_a_kept_review_opens_without_judging(driver, monkeypatch):
    session = finished_session()
    driver.app.screens.review(session)
    first = driver.app.top
    wait_until_ready(driver, first)
    driver.key(pygame.K_ESCAPE)

    def no_judging(*_args):
        raise AssertionError("a kept review was judged again")

    monkeypatch.setattr(Judge, "judge", no_judging)
    driver.app.screens.review(session)
    again = driver.app.top
    wait_until_ready(driver, again, seconds=10)
    assert again.work.review.from_store and again.verdicts == first.verdicts


def test_a_game_that_cannot_be_reviewed_says_why(driver, monkeypatch):
    def unreadable(*_args):
        raise SaveError("this save does not replay")

    monkeypatch.setattr("scenes.menus.review.Review", unreadable)
    driver.app.screens.review(finished_session())
    scene = driver.app.top
    scene.work.thinker.wait(30)
    driver.frame()
    assert not scene.ready and scene.failure == "This game cannot be reviewed: this save does not replay"
    assert scene.failure in texts_on_screen(driver.app)
    driver.click(scene.close_button.rect.center)
    assert not isinstance(driver.app.top, ReviewScene)


# ---------------------------------------------------------------- the words


def test_moves_read_well_for_a_name_and_for_you():
    assert what_is_done("Ann plays 7\u2660 on chain 1", "Ann") == "play 7\u2660 on chain 1"
    assert what_is_done("You plays Envoy 5 on You's chain, place 1", "You") == "play Envoy 5 on your chain, place 1"
    assert what_is_done("You play Envoy 5 on your chain, place 1", "You") == "play Envoy 5 on your chain, place 1"
    assert what_is_done("You has picked a card", "You") == "have picked a card"
    assert what_is_done("Ann passes", "Ann") == "pass" and what_is_done("You pass", "You") == "pass"
    assert what_is_done("Ann: play discard", "Ann") == "play discard"
    assert what_is_done("Every player starts a chain with a face-down card", "Ann") is None
    assert what_is_done("Annabel plays 3", "Ann") is None


def test_moves_with_a_second_verb_read_well():
    assert what_is_done("Ann lays a chain of 6 (1 Heart, 2 Star) and takes 30 points", "Ann") == \
        "lay a chain of 6 (1 Heart, 2 Star) and take 30 points"
    assert what_is_done("You cannot place a card and pass", "You") == "cannot place a card and pass"
    assert what_is_done("Ann discards 4 Leaf and 5 Moon", "Ann") == "discard 4 Leaf and 5 Moon"


def verdict(mark, chance_played, chance_hard, points=None, measure=CHANCE, unit="point", close=False, hard=WINNING,
            **more):
    """A verdict of move 9 with the figures given (the win chance lost worked out from them)."""
    return engine.Verdict(9, BLUNDER, "Ann plays 7\u2660 on chain 1", mark, hard, "Ann plays 2\u2660 on chain 3",
                          chance_played, chance_hard, max(0.0, chance_hard - chance_played), points, measure,
                          unit=unit, close=close, deals=240 if close else 60, **more)


def test_the_lines_of_a_verdict():
    costly = engine.Verdict(87, BLUNDER, "You plays 7\u2660 on chain 1", COSTLY, WINNING,
                            "You plays 2\u2660 on chain 3", 0.05, 0.95, 0.9, None)
    assert played_line(costly, "You") == "You chose to play 7\u2660 on chain 1"
    assert hard_line(costly, "You") == "Hard would play 2\u2660 on chain 3"
    assert cost_line(costly) == "Costly: win chance 5% against 95% with Hard's move"
    forced = engine.Verdict(3, WINNING, "Ann draws 4\u2660, which fits", BEST, WINNING, "Ann draws 4\u2660, which fits")
    assert played_line(forced, "Ann") == "Ann had one move: draw 4\u2660, which fits"
    assert hard_line(forced, "Ann") == "No other move was allowed."
    assert cost_line(forced) == "Best: the only move"
    good = verdict(GOOD, 0.4, 0.45, 7.4)
    assert cost_line(good) == "Good: win chance 40% against 45% with Hard's move"
    assert summary_lines([costly, forced, good], "You") == [
        "Your 3 decisions:", "1 best \u00b7 1 good \u00b7 1 costly",
        "Costliest in win chance: move 87 (win chance 5% against 95%)"]
    assert summary_lines([forced], "Ann") == ["Ann's 1 decision:", "1 best \u00b7 0 good \u00b7 0 costly",
                                              "Every decision was as good as Hard's move."]


def test_each_verdict_says_the_one_measure_that_marked_it():
    """A mark never contradicts the figures shown: the points decide in their own words, the win
    chances beside them as context ("either way", or too close to tell apart on so many deals);
    33 points never read as a win chance."""
    assert cost_line(verdict(COSTLY, 0.92, 0.92, 33.0, POINTS)) == \
        "Costly: 33 points below Hard's move on average; win chance 92% either way"
    assert cost_line(verdict(GOOD, 0.58, 0.54, 12.0, POINTS, close=True)) == \
        "Good: 12 points below Hard's move on average; win chance 58% against 54%, too close to tell apart on 240 deals"
    assert cost_line(verdict(COSTLY, 0.40, 0.45, 120.0, POINTS)) == \
        "Costly: 120 points below Hard's move on average; win chance 40% against 45% with Hard's move"
    assert cost_line(verdict(COSTLY, 0.0, 0.0, 3.0, POINTS, unit="card left")) == \
        "Costly: 3 more cards left in hand than with Hard's move, on average; win chance 0% either way"
    assert cost_line(verdict(GOOD, 0.3, 0.3, 1.0, POINTS, unit="card collected")) == \
        "Good: 1 more card collected than with Hard's move, on average; win chance 30% either way"
    assert cost_line(verdict(GOOD, 0.42, 0.54, close=True)) == \
        "Good: win chance 42% against 54% with Hard's move, too close to tell apart on 240 deals"


def test_a_best_move_shows_no_cost():
    lines = [cost_line(verdict(BEST, 0.42, 0.54, 1.0, POINTS, close=True)),
             cost_line(verdict(BEST, 0.92, 0.92, 4.0, POINTS)),
             cost_line(verdict(BEST, 0.53, 0.54, 0.0)),
             cost_line(verdict(BEST, 0.60, 0.54, 0.0)),
             cost_line(verdict(BEST, 0.54, 0.54, hard=BLUNDER))]
    assert lines == [
        "Best: about as many points as Hard's move on average; win chance 42% against 54%, too close to tell apart "
        "on 240 deals",
        "Best: about as many points as Hard's move on average; win chance 92% either way",
        "Best: win chance 53%, within 2% of Hard's move's 54%",
        "Best: win chance 60%, above Hard's move's 54%",
        "Best: Hard's own choice (win chance 54%)"]
    assert not any(word in line for line in lines for word in ("cost", "below", "fewer", "lost"))


def test_the_costliest_decision_is_named_only_among_costs_of_one_measure():
    """38 points with no win chance lost and 15 points of win chance lost (with 56 points) are
    not weighed as one measure: each measure names its own costliest; a game of best moves
    names none."""
    in_points = engine.Verdict(12, BLUNDER, "Ann plays", COSTLY, WINNING, "Ann plays", 0.5, 0.5, 0.0, 38.0, POINTS)
    in_chance = engine.Verdict(20, BLUNDER, "Ann plays", COSTLY, WINNING, "Ann plays", 0.3, 0.45, 0.15, 56.0)
    smaller = engine.Verdict(25, BLUNDER, "Ann plays", GOOD, WINNING, "Ann plays", 0.4, 0.45, 0.05, 80.0)
    assert summary_lines([in_points, in_chance, smaller], "Ann")[2:] == [
        "Costliest in points: move 12 (38 points below Hard's move on average)",
        "Costliest in win chance: move 20 (win chance 30% against 45%)"]
    best = [engine.Verdict(n, WINNING, "Ann plays", BEST, WINNING, "Ann plays", 0.5, 0.5, 0.0, 0.0, unit="card left")
            for n in (1, 2, 3)]
    assert summary_lines(best, "Ann")[2:] == ["Every decision was as good as Hard's move."]
    assert not any("Costliest" in line for line in summary_lines(best, "Ann"))


def test_the_lines_of_a_verdict_marked_by_its_points_or_losing_the_deal():
    """A decided game's move marked by what it cost in points, and the solitaire move after
    which the deal could no longer be won."""
    thrown = engine.Verdict(98, BLUNDER, "Ann discards 4 Leaf", COSTLY, WINNING, "Ann lays a chain of 6",
                            1.0, 1.0, 0.0, 150.0, POINTS)
    assert cost_line(thrown) == "Costly: 150 points below Hard's move on average; win chance 100% either way"
    lost = engine.Verdict(14, BLUNDER, "You play", COSTLY, WINNING, "You play", 0.0, 0.9, 0.9, None,
                          lost_the_deal=True)
    assert cost_line(lost) == "Costly: win chance 0% against 90% with Hard's move; no win after it"
    after = engine.Verdict(16, WINNING, "You play", BEST, WINNING, "You play", 0.0, 0.0)
    assert summary_lines([lost, after], "You")[1:] == ["1 best \u00b7 0 good \u00b7 1 costly \u00b7 lost at move 14",
                                                       "Costliest in win chance: move 14 (win chance 0% against 90%)"]
    assert summary_lines([after], "You")[2] == "Every decision was as good as Hard's move."
    staked = engine.Verdict(5, BLUNDER, "You play", COSTLY, WINNING, "You play", 0.7, 0.85, 0.15, None, RISK,
                            risk=0.33)
    assert cost_line(staked) == "Costly: 33% likelier to lose the deal at the next draw than Hard's move"
    assert summary_lines([after, staked], "You")[2] == \
        "Costliest in risk at the next draw: move 5 (33% likelier to lose the deal at the next draw than Hard's move)"

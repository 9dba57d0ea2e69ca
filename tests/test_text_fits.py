"""No instruction, hint, event name or card name is cut short with "…" at 800x600, 1280x800 or
1920x1080, in a game of each kind played through the real table: the prompt wraps, the top bar
picks a line that fits, side panels wrap. (Fitting by cutting would pass the layout test: this
test is what says the words are all there.)"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pygame
import pytest
from ui_driver import Driver

from game.registry import GAMES
from game.rng import Rng
from game.session import Session
from scenes.menus.gameover import GameOver
from scenes.shell.screens import open_app
from scenes.ui.widgets import noting_cuts

SIZES = [(800, 600), (1280, 800), (1920, 1080)]
TURNS = 12  # the viewer's turns looked at in each game


def seats(game) -> list[dict]:
    names = ["Ana", "Ben", "Cleo", "Dev"]
    count = max(game.rules.min_players, min(3, game.rules.max_players))
    return [{"name": names[i], "kind": "human" if i == 0 else "computer", "difficulty": "normal"} for i in range(count)]


def cut_texts(scene, size=None) -> list[str]:
    """The texts one frame of `scene` cuts short (with an ellipsis), laid out first at `size`."""
    with noting_cuts() as cuts:
        if size is not None:
            scene.layout(size)
        scene.draw(pygame.display.get_surface())
    return list(cuts)


def viewer_turns(driver: Driver, table, turns: int):
    """Each of the viewer's next `turns` turns, with computers moving between them."""
    rng = Rng(5)
    for _ in range(turns):
        for _frame in range(4000):
            if table.session.game_over or (table.my_turn and not table.motion.busy):
                break
            driver.frame(dt=0.05)
        if table.session.game_over or driver.app.top is not table:
            return
        yield
        legal = table.session.legal_actions()
        table.perform(legal[rng.below(len(legal))])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_no_instruction_hint_event_or_card_name_is_cut_at_any_size(game, size, private_home):
    app = open_app(fit_to_desktop=False)
    app.screen = pygame.display.set_mode(size)
    app.settings["computer_speed"] = "fast"
    driver = Driver(app)
    session = Session(game.name, {"seats": seats(game)}, 7)
    app.screens.table(session)
    table = app.top
    table.layout(size)
    found = []
    for _turn in viewer_turns(driver, table, TURNS):
        found += cut_texts(table)
        table.show_hint()
        found += cut_texts(table)
    while not session.game_over:
        legal = session.legal_actions()
        session.apply(legal[0] if session.to_move not in session.computers else session.computer_action())
    results = GameOver(app, table)
    results.layout(size)
    found += cut_texts(results)
    assert not found, f"{game.name} at {size}: cut short: {sorted(set(found))}"


LOOKS = {"normal": {}, "large cards and text": {"card_size": "large", "large_text": True}}


def finished_games() -> list[Session]:
    """A game of each kind, played to its end by the rule of thumb, a person in seat 0 (the
    solitaire on a numbered deal)."""
    games = []
    for game in GAMES:
        players = 1 if game.rules.max_players == 1 else max(2, game.rules.min_players)
        seats = [{"name": "Ann"}] + [{"name": f"Bot {i}", "kind": "computer"} for i in range(1, players)]
        rules = {"deal": 412} if game.name == "sovereign-solitaire" else {}
        session = Session(game.name, {"seats": seats, "rules": rules}, 7)
        person = session.descriptor.heuristic(7)
        while not session.game_over:
            seat = session.to_move
            session.apply(person.choose(session.view(0), session.legal_actions()) if seat == 0
                          else session.computer_action())
        games.append(session)
    return games


@pytest.fixture(scope="module")
def judged_games(tmp_path_factory) -> tuple[list[Session], Path]:
    """The finished games and a folder of their stored reviews (judged briefly), made once for
    every size and look: a review screen finds its game's review stored and is ready at once, as
    it is for a game reviewed before."""
    from game import storage
    from game.review import Review
    from test_review import TINY

    home = tmp_path_factory.mktemp("judged")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CHAINTABLE_HOME", str(home))
        sessions = finished_games()
        for session in sessions:
            Review(session.to_save(), 0, budget=TINY).run()
        return sessions, storage.reviews_dir()


def review_ready(driver: Driver, scene) -> None:
    """Frames until the review is ready, each after a pause that leaves its worker the processor
    (a frame loop drawing flat out would starve it)."""
    for _ in range(20000):
        if scene.ready:
            return
        time.sleep(0.01)
        driver.frame()
    pytest.fail("the review did not finish")


def screens_after_the_games(driver: Driver, sessions: list[Session]):
    """Each screen that shows finished games: each game's results, its replay at its last move and
    its review; the list of saved games; the statistics of each game."""
    from game import storage
    from game.stats import record_game
    from scenes.menus.replay import Replay, ReplayList
    from scenes.menus.review import ReviewScene
    from scenes.menus.stats_screen import StatsScreen
    from scenes.shell.screens import table_class

    app = driver.app
    for session in sessions:
        storage.archive_game(session)
        record_game(session)
        table = table_class(session.descriptor)(app, session)
        app.reset_to(table)
        yield f"{session.game} results", GameOver(app, table)
        replay = Replay(app, session, table_class(session.descriptor))
        app.reset_to(replay)
        replay.go(10**9)
        yield f"{session.game} replay", replay
        review = ReviewScene(app, session, 0, table_class(session.descriptor))
        app.reset_to(review)
        review_ready(driver, review)
        yield f"{session.game} review", review
    yield "saved games", ReplayList(app)
    stats = StatsScreen(app)
    for game in GAMES:
        stats.chooser.value = game.name
        yield f"{game.name} statistics", stats


@pytest.mark.parametrize("looks", LOOKS, ids=str)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_text_is_cut_in_results_replays_reviews_saved_games_or_statistics(size, looks, judged_games,
                                                                              private_home):
    from game import storage

    sessions, reviews = judged_games
    shutil.copytree(reviews, storage.reviews_dir(), dirs_exist_ok=True)
    app = open_app(fit_to_desktop=False)
    app.screen = pygame.display.set_mode(size)
    app.settings.update(LOOKS[looks])
    app.apply_settings()
    found = []
    for name, scene in screens_after_the_games(Driver(app), sessions):
        found += [f"{name}: {text}" for text in cut_texts(scene, size)]
    assert not found, f"at {size} with {looks}: cut short: {sorted(set(found))}"

"""Every screen, at every window size: no text or control overlaps another, every text fits its
box and the window, and no text is smaller than 12 px."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.registry import GAMES
from game.review import ReviewBudget
from game.rng import Rng
from game.session import Session
from game.stats import Record, Stats
from scenes.menus.confirm import AskText
from scenes.menus.gameover import GameOver
from scenes.menus.handoff import HandOff
from scenes.menus.menu import MainMenu
from scenes.menus.replay import Replay, ReplayList
from scenes.menus.review import ReviewScene, SeatChoice
from scenes.menus.rules_sheet import RulesSheet
from scenes.menus.settings import SettingsScene
from scenes.menus.setup import SetupScene
from scenes.menus.stats_screen import StatsScreen
from scenes.menus.table_menu import TableMenu
from scenes.shell.screens import open_app, table_class
from scenes.ui.widgets import noting_cuts, recording
from ui_driver import lesson_move_on

SIZES = [(800, 600), (1024, 640), (1280, 800), (1920, 1080)]
MIN_TEXT_PX = 12


def seats(count: int, humans: int = 1) -> list[dict]:
    names = ["Ana", "Benedict", "Cleopatra", "Dev", "Eli", "Finnegan"]
    return [{"name": names[i], "kind": "human" if i < humans else "computer", "difficulty": "normal"}
            for i in range(count)]


def played(game, players: int, moves: int, seed: int = 3) -> Session:
    """A session `moves` random moves in (or to the end, when `moves` is None)."""
    session = Session(game.name, {"seats": seats(players)}, seed)
    rng = Rng(seed)
    done = 0
    while not session.game_over and (moves is None or done < moves):
        legal = session.legal_actions()
        session.apply(legal[rng.below(len(legal))])
        done += 1
    return session


def full_stats() -> Stats:
    """Records of every game in several modes, long names and large numbers among them."""
    stats = Stats()
    modes = ["solitaire", "vs hard", "pass-and-play: Cleopatra", "pass-and-play: Finnegan"]
    for game in GAMES:
        for i, mode in enumerate(modes):
            stats.records.setdefault(game.name, {})[mode] = Record(
                played=1234 + i, won=617, current_streak=12, best_streak=40, best_score=-123.5, fewest_turns=7,
                assisted_played=300, assisted_won=120)
    return stats


GLANCE = ReviewBudget(search=20, deals=1)  # a review made quickly: the layout is what is looked at


def reviewed(app, session: Session, at_end: bool = False) -> ReviewScene:
    """The review of seat 0 of a finished game, made (at the first decision, or at the end)."""
    scene = ReviewScene(app, session, 0, table_class(session.descriptor), budget=GLANCE)
    assert scene.work.thinker.wait(120), "the review did not finish"
    scene.update(0.0)
    if at_end:
        scene.go(10**9)
    return scene


def screens(app):
    """(name, scene) for every screen of the app, over the game it belongs to."""
    yield "menu", MainMenu(app)
    yield "settings", SettingsScene(app)
    yield "replays", ReplayList(app)
    yield "save as", AskText(app, "Save this game as", "Chain-Chain Benedict Cleopatra Finnegan", lambda name: None)
    yield "statistics (none)", StatsScreen(app, Stats())
    yield "statistics", StatsScreen(app, full_stats())
    for game in GAMES:
        rules = game.rules
        for players in sorted({rules.min_players, rules.max_players}):
            setup = SetupScene(app, game.name)
            while len(setup.rows) < players:
                setup._add_seat()
            yield f"{game.name} setup {players}p", setup
            for moves in (0, 30):
                table = table_class(game)(app, played(game, players, moves))
                yield f"{game.name} table {players}p after {moves}", table
            yield f"{game.name} table menu {players}p", TableMenu(app, table.commands)
            finished = table_class(game)(app, played(game, players, None))
            yield f"{game.name} game over {players}p", GameOver(app, finished)
            yield f"{game.name} hand-off {players}p", HandOff(app, finished, players - 1)
            replay = Replay(app, finished.session, table_class(game))
            yield f"{game.name} replay {players}p", replay
            ended = Replay(app, finished.session, table_class(game))
            ended.go(10**9)
            yield f"{game.name} replay at the end {players}p", ended
            if players == rules.max_players:
                yield f"{game.name} review {players}p", reviewed(app, finished.session)
                yield f"{game.name} review at the end {players}p", reviewed(app, finished.session, at_end=True)
        yield f"{game.name} rules", RulesSheet(app, game.title, game.guide)
        if game.lesson:
            yield from lesson_screens(app, game.name)
    finished = played(GAMES[0], 3, None)
    waiting = ReviewScene(app, finished, 0, table_class(GAMES[0]), budget=GLANCE)
    waiting.work.cancel()
    yield "review being made", waiting
    yield "review of whose decisions", SeatChoice(app, finished, [0, 1, 2], lambda seat: None)


def lesson_screens(app, game: str):
    """A lesson's table at its first step, at a learner's step, and at its end (the moves
    landed and their passing remarks gone)."""
    app.screens.lesson(game)
    yield f"{game} lesson, first step", app.top
    table = app.top
    lesson = table.lesson.lesson
    while lesson.step is None or lesson.step.computer or lesson.steps_done < 2:
        lesson_move_on(table)
    yield f"{game} lesson, a learner's step", table
    while not lesson.finished:
        lesson_move_on(table)
    table.motion.clear()
    table.prompt_line.clear(notice=True)
    yield f"{game} lesson, learned", table


def inside(item, holder) -> bool:
    """Whether `item` is a text boxed in `holder` (a control's label, say)."""
    return item.box is not None and holder.size == 0 and holder.rect.contains(item.box)


def overlapping(items) -> list[str]:
    found = []
    for a, b in itertools.combinations(items, 2):
        if a.rect.colliderect(b.rect) and not inside(a, b) and not inside(b, a):
            found.append(f"{a.what!r} {tuple(a.rect)} overlaps {b.what!r} {tuple(b.rect)}")
    return found


def problems(scene, size, lay_out: bool = True) -> list[str]:
    """What is wrong with a frame of `scene`, laid out for `size` (or as it stands: `lay_out` False)."""
    window = pygame.Rect((0, 0), size)
    screen = pygame.display.get_surface()
    if lay_out:
        scene.layout(size)
    with recording() as drawn:
        scene.draw(screen)
    found = overlapping(drawn)
    for item in drawn:
        if not window.contains(item.rect):
            found.append(f"{item.what!r} {tuple(item.rect)} leaves the window {size}")
        if item.box is not None and not item.box.contains(item.rect):
            found.append(f"{item.what!r} {tuple(item.rect)} spills out of its box {tuple(item.box)}")
        if item.size and item.size < MIN_TEXT_PX:
            found.append(f"{item.what!r} is drawn at {item.size} px")
    return found


@pytest.mark.parametrize("large_text", [False, True], ids=["normal text and cards", "large text and cards"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_screen_overlaps_or_spills_at_any_size(size, large_text):
    app = open_app(fit_to_desktop=False)
    app.settings["text_size"] = "large" if large_text else "normal"
    app.settings["card_size"] = "large" if large_text else "normal"
    app.apply_settings()
    app.screen = pygame.display.set_mode(size)
    report = []
    for name, scene in screens(app):
        app.reset_to(scene)
        report += [f"{name}: {problem}" for problem in problems(scene, size)]
    assert not report, "\n".join(report[:60]) + f"\n({len(report)} problems)"


def screens_off_the_table(app):
    """(name, scene) for every screen but a game's table and what shows a game played (the
    results, a replay, a review): the menus, the setups, Settings, Saved games, Statistics, the
    rules and keys pages, the dialogs."""
    from scenes.menus.confirm import Confirm, KeepOrReplace
    from scenes.ui import keymap

    yield "menu", MainMenu(app, "The lesson cannot be played: its file lessons/chains.toml is not a lesson.")
    yield "settings", SettingsScene(app)
    yield "saved games", ReplayList(app, "Only computers played this game: there are no decisions of a person to review.")
    yield "save as", AskText(app, "Save this game as", "Chain-Chain Benedict Cleopatra Finnegan", lambda name: None)
    yield "keep or replace", KeepOrReplace(app, "Sovereign's Chain: Solitaire", lambda: None)
    yield "quit", Confirm(app, "Quit Chain Table?", "A game in progress is saved: Continue brings it back.", "Quit",
                          lambda: None, keymap.QUIT)
    title = max((game.title for game in GAMES), key=len)
    yield "reset records", Confirm(app, f"Reset {title}?", f"Every record of {title}, in every mode, is forgotten. Other "
                                   "games keep theirs.", "Reset", lambda: None, keymap.RESET_RECORDS)
    yield "statistics (none)", StatsScreen(app, Stats())
    yield "statistics", StatsScreen(app, full_stats())
    for game in GAMES:
        for players in sorted({game.rules.min_players, game.rules.max_players}):
            setup = SetupScene(app, game.name)
            while len(setup.rows) < players:
                setup._add_seat()
            yield f"{game.name} setup {players}p", setup
        yield f"{game.name} rules", RulesSheet(app, game.title, game.guide)
        keys = RulesSheet(app, game.title, game.guide)
        keys.turn_page()
        yield f"{game.name} keys page", keys
    table = table_class(GAMES[0])(app, played(GAMES[0], 3, 0))
    yield "table menu", TableMenu(app, table.commands)
    long_names = Session("chains", {"seats": [{"name": "Bartholomew Fitzgera", "kind": "human"}] * 3}, 1)
    yield "hand-off", HandOff(app, table_class(GAMES[0])(app, long_names), 2)


@pytest.mark.parametrize("text_size", ["larger", "largest"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_screen_off_the_table_is_whole_at_the_larger_text_sizes(size, text_size):
    """Up to twice the size, every text whole (wrapped, never cut short), none over another or
    out of the window: a screen with more than the window holds scrolls."""
    app = open_app(fit_to_desktop=False)
    app.settings["text_size"] = text_size
    app.settings["card_size"] = text_size
    app.apply_settings()
    app.screen = pygame.display.set_mode(size)
    report = []
    for name, scene in screens_off_the_table(app):
        app.reset_to(scene)
        with noting_cuts() as cuts:
            report += [f"{name}: {problem}" for problem in problems(scene, size)]
        report += [f"{name}: {cut!r} cut short" for cut in cuts]
    assert not report, "\n".join(report[:60]) + f"\n({len(report)} problems)"


@pytest.mark.parametrize("text_size", ["normal", "large", "largest"], ids=lambda size: f"{size} text")
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_questions_answers_stand_inside_its_box_however_long(size, text_size):
    """Side by side where they fit, else one above the other: never over the box's edge."""
    from scenes.menus.confirm import Confirm
    from scenes.ui import keymap

    app = open_app(fit_to_desktop=False)
    app.settings["text_size"] = text_size
    app.apply_settings()
    app.screen = pygame.display.set_mode(size)
    for yes, no in (("Quit", "Stay"), ("Give Benedict\u2019s seat to a computer", "Keep waiting for Benedict")):
        question = Confirm(app, "Waiting for Benedict", "Benedict has been away for 20 seconds.", yes, lambda: None,
                           keymap.letter("C"), no=no)
        question.layout(size)
        assert question.box.contains(question.yes.rect) and question.box.contains(question.no.rect), (yes, size)
        assert not question.yes.rect.colliderect(question.no.rect)
        assert pygame.Rect((0, 0), size).contains(question.box)


@pytest.mark.parametrize("game, players", [("chains", 2), ("chains", 4), ("sovereigns-chain", 2),
                                           ("sovereigns-chain", 3), ("sovereigns-chain", 4)])
@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)], ids=str)
def test_larger_cards_never_shrink_the_rows_cards(game, players, size):
    """The hand's larger cards take room from the rows: where they would make the rows' cards
    smaller than at the normal size, the hand's cards give way."""
    app = open_app(fit_to_desktop=False)
    app.screen = pygame.display.set_mode(size)
    names = ["Ana", "Ben", "Cleo", "Dev"]
    seats = [{"name": names[i], "kind": "human" if i == 0 else "computer"} for i in range(players)]
    widths = {}
    for card_size in ("normal", "large"):
        app.settings["card_size"] = card_size
        app.screens.table(Session(game, {"seats": seats}, 1))
        widths[card_size] = app.top.chain_w
    assert widths["large"] >= widths["normal"], widths

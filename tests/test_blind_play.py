"""Every game played to the end by a player who cannot see the screen: keys alone, each move
chosen from the lines the table spoke (the speech log), compared with the engine after each key,
and no line naming a card hidden from the seat (tests/blind_player.py)."""

from __future__ import annotations

import re

import pygame
import pytest

from blind_player import BlindPlayer, Ear, Watchdog
from net_helpers import HeadlessPlayer, server, sit  # noqa: F401 (a fixture)
from game import describe
from game.core import cards_seen
from game.lesson import LEARNER, games_with_lessons
from game.session import Session
from scenes.ui import keymap
from scenes.speech import speech


@pytest.fixture
def ear(tmp_path, monkeypatch):
    """The speech log of this test: the app's speech service writes every line to it."""
    path = tmp_path / "speech.log"
    monkeypatch.setenv("CHAINTABLE_SPEECH_LOG", str(path))
    speech().close()  # the service opens the log the environment names when the app configures it
    yield Ear(path)
    speech().close()


@pytest.fixture
def driver(ear, private_home):
    """The real app at its main menu, headless, computers fast, speaking into this test's log."""
    from scenes.shell.screens import open_app
    from ui_driver import Driver

    app = open_app()
    app.settings["computer_speed"] = "fast"
    return Driver(app)


def seats(game: str, players: int = 2) -> list[dict]:
    others = [{"name": name, "kind": "computer", "difficulty": "easy"} for name in ("Ben", "Cy", "Dee")[:players - 1]]
    return [{"name": "You", "kind": "human"}] + others


def play_blind(driver, ear, session: Session, seat: int = 0, seed: int = 1) -> BlindPlayer:
    driver.app.screens.table(session)
    watchdog = Watchdog(lambda: (session.rules, session.state, seat, session))
    player = BlindPlayer(driver, ear, watchdog, lambda: session.stream(seat), lambda: len(session.moves), seed)
    player.play()
    assert session.game_over
    result = describe.score_words(session.stream(seat), session.names, session.descriptor.describe)
    over = ear.heard.index("Game over")
    assert ear.heard[over + 1:over + 1 + len(result)] == result, "the scores were not heard after the result"
    assert session.stream(seat).log_lines()[-1] in ear.heard[:over], "the game's last line was not heard"
    return player


CONFIGS = {  # name: (game, players, rules)
    "chains": ("chains", 2, {}),
    "chainchain": ("chainchain", 3, {"variant": "numbers"}),
    "chainchain-letters": ("chainchain", 3, {"variant": "letters"}),
    "cubes": ("cubes", 2, {}),
    "linx": ("linx", 2, {}),
    "sovereigns-chain": ("sovereigns-chain", 2, {"fair_winds": False}),
    "sovereign-solitaire": ("sovereign-solitaire", 1, {"fair_winds": False}),
}


@pytest.mark.parametrize("name", list(CONFIGS))
def test_a_whole_game_by_ear_and_keys(driver, ear, name):
    game, players, rules = CONFIGS[name]
    session = Session(game, {"seats": seats(game, players), "rules": rules}, 5)
    player = play_blind(driver, ear, session)
    assert player.made["arrows"] > 0, player.made
    if rules.get("variant") == "letters":
        assert player.made["word"] > 0, "no word of the player's own was typed"


SCRIPT = re.compile(r"^Step \d+ of \d+\. .*?(?= Enter: |$)")  # a step's own words, written for its scripted deal
STEP = re.compile(r"^Step (\d+) of")


@pytest.mark.parametrize("game", games_with_lessons())
def test_a_lesson_by_ear_and_keys(driver, ear, game):
    """Each step heard (its words, and on the learner's step the move Enter makes), Enter makes
    it, Enter deals the next part; to "Lesson learned", every line checked for hidden cards but a
    step's own words: a lesson is written for its deal, and may tell of a card to come ("then you
    draw the Empath 2♁"), as its column shows. A scripted step of another seat is heard only once
    made (its words name the cards it plays)."""
    driver.click(driver.app.top.learn_buttons[game].rect.center)
    table = driver.app.top
    lesson = table.lesson.lesson
    watchdog = Watchdog(lambda: (lesson.session.rules, lesson.session.state, LEARNER, lesson.session), SCRIPT)
    player = BlindPlayer(driver, ear, watchdog, lambda: lesson.session.stream(LEARNER), lambda: lesson.steps_done)
    scripted = [step.computer for part in lesson.plan.parts for step in part.steps]
    made, heard = 0, []
    for _ in range(3000):
        heard += player.listen(2)
        for line in heard:
            number = STEP.match(line)
            assert not number or not scripted[int(number[1]) - 1] or lesson.steps_done >= int(number[1]), line
        if any(line.startswith("Lesson learned") for line in heard):
            break
        asked = [line for line in heard if " Enter: " in line or "Press Next part (or Enter)" in line]
        if not asked:
            continue
        before = lesson.steps_done
        heard = player.press(pygame.K_RETURN)
        if " Enter: " in asked[-1]:
            assert lesson.steps_done == before + 1, ear.heard[-5:]
            made += 1
    else:
        pytest.fail(f"the lesson was not heard to its end: {ear.heard[-5:]}")
    assert lesson.finished and made > 0


def test_a_review_by_ear_and_keys(driver, ear, monkeypatch):
    """A finished Chains game reviewed from its one human seat: Down walks the seat's decisions,
    each heard with the move and the verdict, to the last; 1 reads the hand there; then Right
    walks every move from the start, each heard as the seat's move log words it; every line
    checked against what the seat had seen by then (and the cards of the decision shown: a verdict
    before a draw names the card it drew). What was heard matches the judged decisions."""
    from game import review as engine
    from test_review import TINY, scripted_save

    monkeypatch.setattr(engine, "REVIEW_BUDGETS", {name: TINY for name in engine.REVIEW_BUDGETS})
    saved = Session.from_save(scripted_save("chains", 3, 2))
    driver.app.screens.review(saved)
    scene = driver.app.top
    session = scene.session
    played = saved.stream(scene.seat).moves
    watchdog = Watchdog(lambda: (session.rules, session.state, scene.seat, session),
                        known=lambda: deciding(scene, played))
    player = BlindPlayer(driver, ear, watchdog, lambda: session.stream(scene.seat), lambda: scene.step)
    heard = []
    for _ in range(2000):
        if scene.ready:
            break
        heard += player.listen()
    assert decisions_heard(player, heard) == [verdict.move for verdict in scene.verdicts]
    player.press(pygame.K_HOME)
    for step in range(1, len(scene.playback)):  # every move of the game, heard as the seat saw it
        heard = player.press(pygame.K_RIGHT)
        total = len(scene.playback) - 1
        assert heard[0] in (f"after move {step} of {total}", f"before move {step + 1} of {total}"), heard
        assert set(played[step - 1].lines(session.names)) <= set(heard), heard


def deciding(scene, played) -> set[str]:
    """The cards of the reviewed seat's own move about to be made, as it saw them making it."""
    upcoming = played[scene.step] if scene.step < len(played) else None
    if upcoming is None or upcoming.mover != scene.seat:
        return set()
    rules = scene.session.rules
    return {card.label for card in cards_seen(upcoming.events, rules.card_types + rules.shown_types)}


def decisions_heard(player, heard: list[str]) -> list[int]:
    """Down from decision to decision until none more is heard: the moves heard judged, each
    with its verdict; at the second, 1 reads the hand."""
    moves = []
    for _ in range(200):
        heard += player.listen(2)
        judged = [line for line in heard if re.match(r"^Move \d+: ", line)]
        if not judged:
            return moves
        moves.append(int(re.match(r"^Move (\d+)", judged[-1])[1]))
        assert any(line.startswith(("Best", "Good", "Costly")) for line in heard), heard
        if len(moves) == 2:
            hand = player.press(pygame.K_1)
            assert hand and hand[0].startswith("Your hand"), hand
        heard = player.press(pygame.K_DOWN)
    return moves


def test_an_online_game_by_ear_and_keys(driver, ear, server):
    """Chains at a table server on 127.0.0.1: the app's seat played by ear and keys, the other by
    a headless connection; every line checked against the host's state for this seat."""
    session = Session("chains", {"seats": [{"name": "Ben"}, {"name": "You"}]}, 8)
    code = server.open_room(session)
    mine, welcome, snapshot = sit(server, code, 1)
    ben = HeadlessPlayer(*sit(server, code, 0)[::2])
    driver.app.screens.remote_table(mine, [welcome, snapshot])
    table = driver.app.top
    watchdog = Watchdog(lambda: (session.rules, session.state, 1, session))
    player = BlindPlayer(driver, ear, watchdog, lambda: table.session.stream(1), lambda: len(table.session.moves), 3,
                         others=ben.play_if_to_move, pause=0.002, answer_frames=400)
    player.play()
    assert session.game_over and player.made["arrows"] > 0


READING = (keymap.READ_HAND, keymap.READ_BOARD, keymap.READ_SCORES, keymap.READ_RECENT, keymap.READ_MORE,
           keymap.READ_TARGETS, keymap.READ_TURN, keymap.READ_KEYS)


def test_the_reading_keys_share_no_code_with_any_other_key():
    """No key of the key map answers to a reading key's codes (with the same Ctrl)."""
    others = [key for key in vars(keymap).values() if isinstance(key, keymap.Key) and key not in READING]
    for reading in READING:
        clashes = [key.name for key in others if set(key.codes) & set(reading.codes) and key.ctrl == reading.ctrl]
        assert not clashes, f"{reading.name} is also {clashes}"


@pytest.mark.parametrize("name", list(CONFIGS))
def test_each_reading_key_speaks_and_makes_no_move(driver, ear, name):
    """On the player's turn at every game's table each reading key says something at once and
    leaves the game as it was; the hand's lines name only cards of the hand, the board's none
    hidden."""
    game, players, rules = CONFIGS[name]
    session = Session(game, {"seats": seats(game, players), "rules": rules}, 5)
    driver.app.screens.table(session)
    table = driver.app.top
    watchdog = Watchdog(lambda: (session.rules, session.state, 0, session))
    player = BlindPlayer(driver, ear, watchdog, lambda: session.stream(0), lambda: len(session.moves))
    for _ in range(400):
        if table.my_turn and player.mine:
            break
        player.listen()
    before = len(session.moves)
    for key in READING:
        heard = player.press(key.codes[0])
        assert heard, f"{key.name} said nothing"
    assert len(session.moves) == before

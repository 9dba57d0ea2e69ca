"""How texts name a seat (by name, or "You" for the solitaire's one player and a lesson's
learner) in every game's move log, results and table prompts, and how a count of turns reads at
the end of a deal."""

from __future__ import annotations

import re

import pygame
import pytest

from game.chainchain import rules as chainchain
from game.chains import rules as chains
from game.cubes import rules as cubes
from game.lesson import Lesson, games_with_lessons, load_lesson
from game.linx import rules as linx
from game.registry import GAMES, find_game
from game.rng import Rng
from game.session import Session
from game.sovereign import BUILT_IN
from game.sovereign import actions as sovereign_actions
from game.sovereign.actions import Fizzled, Picked, Played, SolitaireEnded, TokensTaken
from game.sovereign.solitaire import SolitaireHint
from game.wording import YOU, acts, addressed, called, turns_phrase, verb_of, vocative, whose
from scenes.menus.gameover import GameOver
from scenes.ui.widgets import recording

NAMES = ["Ana", "Ben", "Cleo"]


def test_a_seat_named_you_is_spoken_to_in_the_second_person():
    assert [acts("Ana", verb) for verb in ("plays", "has picked", "does", "tosses")] == [
        "Ana plays", "Ana has picked", "Ana does", "Ana tosses"]
    assert [acts(YOU, verb) for verb in ("plays", "has picked", "does", "tosses", "places", "gets")] == [
        "You play", "You have picked", "You do", "You toss", "You place", "You get"]
    assert (whose("Ana"), whose(YOU), whose(YOU, opening=True), whose("Ana", opening=True)) == (
        "Ana's", "your", "Your", "Ana's")


def test_a_solitaire_played_as_you_reads_you_play_on_your_chain():
    session = Session("sovereign-solitaire", {"seats": [{"name": YOU}]}, 3)
    player = SolitaireHint(1)
    while not session.game_over:
        session.apply(player.choose(session.view(0), session.legal_actions()))
    texts = [event.text(session.names) for move in session.moves for event in move.events]
    assert any(text.startswith("You play ") and "on your chain, place" in text for text in texts)
    assert not any(word in text for text in texts for word in ("You plays", "You draws", "You's", "of You"))
    card = BUILT_IN.cards[0]
    assert Fizzled(0, card, "no target").text([YOU]) == f"Your {card.label} does nothing: no target"
    assert Fizzled(1, card, "no target").text(NAMES) == f"Ben's {card.label} does nothing: no target"
    assert TokensTaken(0, "shield", 1).text([YOU]) == "You take 1 shield token"
    assert Picked(0).text([YOU]) == "You have picked a card"


def test_a_card_played_unseen_face_down_is_a_card_not_a_face_down_card():
    played = Played(2, None, 0, 3, False)
    assert played.text(NAMES) == "Cleo plays a card face down on Ana's chain, place 4"
    seen = Played(2, BUILT_IN.cards[0], 0, 3, False)
    assert seen.text(NAMES) == f"Cleo plays {BUILT_IN.cards[0].label} face down on Ana's chain, place 4"


def test_a_deal_ended_before_its_first_play_says_so_and_one_turn_is_singular():
    assert turns_phrase(0) == "before its first play" and turns_phrase(1) == "after 1 turn"
    assert turns_phrase(7, "in") == "in 7 turns"
    assert SolitaireEnded(False, 0, given_up=True).text([YOU]) == "The deal is ended as lost before its first play"
    assert SolitaireEnded(False, 0).text([YOU]) == "No card can be played: the game is lost before its first play"
    assert SolitaireEnded(True, 1).text([YOU]) == "All seven cards are one suit: won in 1 turn"


# ---------------------------------------------------------------- every game's texts, for "You" and for a name

# A seat named "You" said in the third person: "You plays", "You has", "You's", "You cannot
# place a card and passes", or named twice: "Your turn, You". ("You pass", "You toss": a verb
# ending in "ss" is the second person.)
THIRD_PERSON = re.compile(r"\bYou('s\b| (?!\w*ss\b)\w+s\b|\b[^:]*\band (?!\w*ss\b)\w+s\b)|, You\b|^You: ")
SEEDS = range(1, 7)
SESSION_WON_BY_SEAT_0 = 1  # the seed of a session to two wins that seat 0 wins (2-1)

# Texts of seeded games with seat 0 named "Ana" (recorded before "You" was spoken to), and the
# same moves with seat 0 named "You".
SAID_OF_ANA = {
    ("chains", 1): ["Ana plays Q♦ on chain 2", "Ana draws K♠, which fits", "Ana draws 9♣", "Ana draws a card",
                    "Ana passes", "Ana has no cards left and wins"],
    ("chainchain", 1): ["Ana plays 8 then 5", "Ana draws 7 and 6", "Ana draws 2 cards",
                        "Ana takes the pile (6 cards: 8-5-5-4-4-2)", "Ana wins with 16 collected cards (sum 69)"],
    ("linx", 4): ["Ana takes 11 Moon from the discard", "Ana discards 7 Heart", "Ana draws from the stock",
                  "Ana lays a chain of 10 (10 Sun, 10 Heart, 3 Heart, 1 Heart, 1 Star, 1 Moon, 6 Moon, 11 Moon, "
                  "11 Leaf, 5 Leaf) and takes 90 points", "The stock is empty: Ana wins with 290 points"],
    ("cubes", 4): ["Ana draws 10♥", "Ana draws a card", "Ana cannot place a card and passes", "Ana places Q♦ next to J♣",
                   "Ana completes a 2x2 cube and scores 9♦ Q♦ K♦ K♥ (47 points)",
                   "The deck is used up: Ana wins with 122 points"],
    ("sovereigns-chain", 1): ["Ana plays Acolyte 4♁ on Ben's chain, place 3", "Ana draws 1 card",
                              "Ben plays Acolyte 3♁ on Ana's chain, place 2", "Ana takes 2 modifier tokens", "Ana wins with a score of 15"],
    ("sovereign-solitaire", 5): ["Ana plays Smuggler 5✳ (E) on Ana's chain, place 6", "Ana takes 1 shield token",
                                 "Ana places a -1 modifier on Ana's chain, place 5"],
}
SAID_TO_YOU = {
    ("chains", 1): ["You play Q♦ on chain 2", "You draw K♠, which fits", "You draw 9♣", "You draw a card",
                    "You pass", "You have no cards left and win"],
    ("chainchain", 1): ["You play 8 then 5", "You draw 7 and 6", "You draw 2 cards",
                        "You take the pile (6 cards: 8-5-5-4-4-2)", "You win with 16 collected cards (sum 69)"],
    ("linx", 4): ["You take 11 Moon from the discard", "You discard 7 Heart", "You draw from the stock",
                  "You lay a chain of 10 (10 Sun, 10 Heart, 3 Heart, 1 Heart, 1 Star, 1 Moon, 6 Moon, 11 Moon, "
                  "11 Leaf, 5 Leaf) and take 90 points", "The stock is empty: You win with 290 points"],
    ("cubes", 4): ["You draw 10♥", "You draw a card", "You cannot place a card and pass", "You place Q♦ next to J♣",
                   "You complete a 2x2 cube and score 9♦ Q♦ K♦ K♥ (47 points)",
                   "The deck is used up: You win with 122 points"],
    ("sovereigns-chain", 1): ["You play Acolyte 4♁ on Ben's chain, place 3", "You draw 1 card",
                              "Ben plays Acolyte 3♁ on your chain, place 2", "You take 2 modifier tokens", "You win with a score of 15"],
    ("sovereign-solitaire", 5): ["You play Smuggler 5✳ (E) on your chain, place 6", "You take 1 shield token",
                                 "You place a -1 modifier on your chain, place 5"],
}


def third_person(texts) -> list[str]:
    return sorted({text for text in texts if THIRD_PERSON.search(text)})


def played_out(game, first: str, seed: int) -> Session:
    """A seeded game with every seat played by a computer, seat 0 named `first`."""
    names = [first, "Ben", "Cleo", "Dev"][:max(game.rules.min_players, min(2, game.rules.max_players))]
    session = Session(game.name, {"seats": [{"name": name, "kind": "computer", "difficulty": "easy"}
                                            for name in names]}, seed)
    while not session.game_over:
        session.apply(session.computer_action())
    return session


def event_texts(rules, names, events) -> list[str]:
    """Each event as the move log says it to an onlooker and to every seat."""
    return [shown.text(names) for event in events
            for shown in (event, *(rules.redact(event, seat) for seat in range(len(names))))]


def result_texts(driver, session) -> list[str]:
    """The game-over screen's headline and reason, and the saved game's result."""
    driver.app.screens.table(session)
    results = GameOver(driver.app, driver.app.top)
    return [results.headline(), results._reason(), session.result_words()]


def test_a_seat_named_you_cannot_play_has_no_answer_and_shares_wins_in_the_second_person():
    you, ana = [YOU, "Ben", "Cleo"], NAMES
    texts = {
        chains.Passed(0, stuck=True): ("You cannot play or draw, and pass", "Ana cannot play or draw, and passes"),
        chains.GameEnded((0,), "deadlock"): ("Nobody can play or draw: You win", "Nobody can play or draw: Ana wins"),
        chains.GameEnded((1, 0), "deadlock"): ("Nobody can play or draw: Ben and You share the win",
                                               "Nobody can play or draw: Ben and Ana share the win"),
        cubes.GameEnded((0, 1), (40, 40)): ("The deck is used up: You and Ben share the win with 40 points",
                                            "The deck is used up: Ana and Ben share the win with 40 points"),
        linx.GameEnded((0, 1), (90, 90)): ("The stock is empty: You and Ben share the win with 90 points",
                                           "The stock is empty: Ana and Ben share the win with 90 points"),
        chainchain.GameEnded((0, 2), (3, 5, 3), (20, 30, 20)): (
            "You and Cleo share the win with 3 collected cards (sum 20) each",
            "Ana and Cleo share the win with 3 collected cards (sum 20) each"),
        sovereign_actions.GameEnded((1, 0)): ("Ben and You share the win", "Ben and Ana share the win"),
    }
    for event, (said_to_you, said_of_ana) in texts.items():
        assert (event.text(you), event.text(ana)) == (said_to_you, said_of_ana)


def test_the_words_said_to_a_seat_call_it_by_name_unless_it_is_you():
    assert (f"Your turn{vocative('Ana')}", f"Your turn{vocative(YOU)}") == ("Your turn, Ana", "Your turn")
    assert (called("Ana", "you drew 5♠"), called(YOU, "you drew 5♠")) == ("Ana, you drew 5♠", "You drew 5♠")
    assert (addressed("Ana", "drag a card"), addressed(YOU, "drag a card")) == ("Ana: drag a card",
                                                                              "Your turn: drag a card")
    assert (acts("Ana", "is now played by"), acts(YOU, "is now played by")) == ("Ana is now played by",
                                                                                "You are now played by")
    assert verb_of(YOU, "passes") == "pass" and verb_of("Ana", "passes") == "passes"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_event_and_result_of_a_game_speaks_to_a_seat_named_you(driver, game):
    """Seeded games with seat 0 named "You": no text says "You plays", "You's" or "You wins";
    the same games with seat 0 named "Ana" say what they always said."""
    spoken_to, headlines = [], []
    for seed in SEEDS:
        session = played_out(game, YOU, seed)
        texts = event_texts(session.rules, session.names, [event for move in session.moves for event in move.events])
        results = result_texts(driver, session)
        assert not third_person(texts + results), f"seed {seed}"
        spoken_to += [text for text in texts if text.startswith("You ")]
        headlines.append(results[0])
        for (named, seeded), said in SAID_TO_YOU.items():
            if (named, seeded) == (game.name, seed):
                assert set(said) <= set(texts)
                ana = played_out(game, "Ana", seed)
                assert set(SAID_OF_ANA[named, seeded]) <= set(event_texts(ana.rules, ana.names,
                                                                           [event for move in ana.moves for event in move.events]))
    assert spoken_to, "seat 0 moved in the second person"
    assert any(headline.startswith("You win") for headline in headlines), headlines


def played_session(first: str, seed: int) -> Session:
    """A session to two wins, every seat a computer, seat 0 named `first`."""
    session = Session("chains", {"games_to_win": 2, "seats": [{"name": name, "kind": "computer", "difficulty": "easy"}
                                                              for name in (first, "Ben")]}, seed)
    while True:
        while not session.game_over:
            session.apply(session.computer_action())
        if session.session_over:
            return session
        session.next_game()


def test_a_game_and_a_session_won_by_you_or_by_ana(driver):
    for name, headline in ((YOU, "You win the game!"), ("Ana", "Ana wins the game!")):
        assert result_texts(driver, played_out(find_game("chains"), name, 1))[0] == headline
    for name, headline in ((YOU, "You win the session!"), ("Ana", "Ana wins the session!")):
        session = played_session(name, SESSION_WON_BY_SEAT_0)
        assert session.wins[0] == 2 and result_texts(driver, session)[0] == headline


def test_handing_a_seat_named_you_to_a_computer_says_you_are(driver):
    session = Session("chains", {"seats": [{"name": YOU}, {"name": "Ben", "kind": "computer"}]}, 3)
    driver.app.screens.table(session)
    table = driver.app.top
    table.commands.hand_over(0)
    assert table.prompt_line.notice == "You are now played by a computer."


def drawn_lines(driver) -> set[str]:
    """Every line of text one frame draws."""
    with recording() as drawn:
        driver.frame(dt=0.05)
    return {item.what for item in drawn}


def table_words(driver, first: str, game, turns: int = 8) -> tuple[list[str], set[str]]:
    """(the prompt at each of seat 0's first `turns` turns, every line drawn meanwhile and on the
    results), at a table of `game` with seat 0 a player named `first` and computers elsewhere."""
    names = [first, "Ben", "Cleo", "Dev"][:max(game.rules.min_players, min(2, game.rules.max_players))]
    session = Session(game.name, {"seats": [{"name": name, "kind": "human" if seat == 0 else "computer"}
                                            for seat, name in enumerate(names)]}, 7)
    # A window where each prompt's longest wording fits whatever the name: in a narrower one a
    # longer name may make the prompt take a shorter wording, which this compares nothing of.
    driver.app.screen = pygame.display.set_mode((1920, 1080))
    driver.app.screens.table(session)
    table, rng, prompts, lines = driver.app.top, Rng(5), [], set()
    for _turn in range(turns):
        for _frame in range(4000):
            if session.game_over or (table.my_turn and not table.motion.busy):
                break
            lines |= drawn_lines(driver)
        if session.game_over:
            break
        prompts.append(table.prompt(table.current_view()))
        lines |= drawn_lines(driver)
        legal = session.legal_actions()
        table.perform(legal[rng.below(len(legal))])
    while not session.game_over:
        session.apply(session.legal_actions()[0] if session.to_move not in session.computers
                      else session.computer_action())
    driver.app.push(GameOver(driver.app, table))
    return prompts, lines | drawn_lines(driver)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_table_speaks_to_a_player_named_you_and_calls_ana_by_name(driver, game):
    """The prompts say "Your turn", never "Your turn, You"; with "Ana" they name her as before
    ("Your turn, Ana", "Ana: drag ..."): the same moves, told the same way but for the name."""
    said_to_you, lines = table_words(driver, YOU, game)
    assert said_to_you and not third_person(said_to_you + sorted(lines))
    said_to_ana, _lines = table_words(driver, "Ana", game)
    assert any("Ana" in prompt for prompt in said_to_ana), said_to_ana
    told_to_you = [prompt.replace("Ana, you", "You").replace(", Ana", "").replace("Ana: ", "Your turn: ")
                   for prompt in said_to_ana]
    assert told_to_you == said_to_you


@pytest.mark.parametrize("game", games_with_lessons())
def test_every_lesson_speaks_to_its_learner_in_the_second_person(game):
    """The learner of every lesson is "You": played step by step, no move of any part reads
    "You plays" or "You's", as the table shows it to the learner or to an onlooker."""
    lesson = Lesson(load_lesson(game))
    lesson.start()
    texts = []
    while not lesson.finished:
        if lesson.step is None:
            lesson.next_part()
            continue
        session = lesson.session
        assert session.names[0] == YOU
        texts += event_texts(session.rules, session.names, lesson.skip_step())
    assert any(text.startswith("You ") for text in texts)
    assert not third_person(texts)


@pytest.mark.parametrize("game", games_with_lessons())
def test_a_lesson_at_the_table_tells_you_your_moves(driver, game):
    """Every line a lesson's table draws, from its first step to its end (prompts, the move log,
    the step's words), reads right for the learner named "You"."""
    driver.app.screens.lesson(game)
    table, lines = driver.app.top, set()
    lesson = table.lesson.lesson
    for _frame in range(20000):
        if lesson.finished:
            break
        if lesson.step is None and not table.motion.busy:
            driver.key(pygame.K_RETURN)
        elif table.my_turn and not table.motion.busy and lesson.step is not None and not lesson.step.computer:
            lines.add(table.prompt(table.current_view()))
            table.lesson.skip_step()
        lines |= drawn_lines(driver)
    assert lesson.finished and any(line.startswith("You ") for line in lines)
    assert not third_person(lines)


def test_open_seats_are_named_each_with_its_own_possessive():
    from game.wording import open_seats_words

    assert open_seats_words(["Ben"]) == "Ben's seat is"
    assert open_seats_words(["Ben", "Cleo"]) == "Ben's and Cleo's seats are"
    assert open_seats_words(["Ben", "Cleo", "Dev"]) == "Ben's, Cleo's and Dev's seats are"

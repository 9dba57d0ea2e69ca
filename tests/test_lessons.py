"""Learn to play (game/lesson.py): every lesson plays to its end through the rules, offers only
moves the rules allow, refuses a wrong move with the rule's reason and a fair but different move
with what the step asks, can be skipped, and teaches what issue 26 lists for its game."""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass

import pytest

from game import storage
from game.core import to_json
from game.lesson import (FINISHED_LESSONS, Lesson, LessonError, Light, games_with_lessons, lesson_finished,
                         lesson_path, light_of, load_lesson, mark_lesson_finished, read_lesson)
from game.registry import GAMES
from game.session import Session
from game.sovereign.cards import BUILT_IN
from game.sovereign.phases import CHANGE_SUIT
from test_fuzz_files import make_special

LESSONS = games_with_lessons()
GAMES_BY_NAME = {descriptor.name: descriptor for descriptor in GAMES}
SOVEREIGN_CLASSES = tuple(dict.fromkeys(card.kind for card in BUILT_IN.cards))
SOVEREIGN_EVENTS = tuple(event.name for event in BUILT_IN.events)


def played_through(game: str):
    """The lesson of `game` played to its end: (lesson, [(part number, step, events)])."""
    lesson = Lesson(load_lesson(game))
    lesson.start()
    seen = []
    while True:
        while lesson.step is not None:
            step = lesson.step
            if step.computer:
                events = lesson.play_computer_step()
            else:
                assert lesson.session.is_legal(step.action), step.text
                attempt = lesson.try_action(step.action)
                assert attempt.accepted, attempt.reason
                events = attempt.events
            seen.append((lesson.part_number, step, events))
        if lesson.finished:
            assert lesson.events_seen == [event for _part, _step, events in seen for event in events]
            return lesson, seen
        lesson.next_part()


def kinds(events) -> set[str]:
    return {type(event).__name__ for event in events}


def learner_events(seen, kind: str) -> list:
    """The events of `kind` the learner's own steps caused."""
    return [event for _part, step, events in seen if not step.computer for event in events
            if type(event).__name__ == kind]


def test_every_game_on_the_menu_has_a_lesson():
    assert set(LESSONS) == {descriptor.name for descriptor in GAMES}
    assert "sovereign-solitaire" in LESSONS


@pytest.mark.parametrize("game", LESSONS)
def test_every_lesson_plays_to_its_end_and_is_short(game):
    lesson, seen = played_through(game)
    assert lesson.finished and lesson.step is None
    assert lesson.steps_done == lesson.plan.step_count == len(seen)
    learner_steps = sum(1 for _part, step, _events in seen if not step.computer)
    assert learner_steps >= 4 and len(lesson.plan.parts) <= 6
    for part in lesson.plan.parts:
        assert part.title and all(step.text for step in part.steps)
        assert len(part.steps) <= 26 and sum(1 for step in part.steps if not step.computer) <= 14


@pytest.mark.parametrize("game", LESSONS)
def test_a_step_lights_what_its_move_names(game):
    for part in load_lesson(game).parts:
        for step in part.steps:
            light = step.light
            assert light == light_of(step.action) and light.move == type(step.action).__name__
            named = to_json(step.action)
            for name, value in light.target:
                assert named[name] == to_json(value)


def test_light_of_a_chains_play_is_the_card_and_its_chain():
    from game.cards import card
    from game.chains import Draw, Play
    assert light_of(Play(card("AC"), 2)) == Light("Play", (card("AC"),), (("chain", 2),))
    assert light_of(Draw()) == Light("Draw", (), ())


def test_light_of_a_cubes_place_is_the_card_and_its_cell():
    from game.cards import card
    from game.cubes.rules import Place
    assert light_of(Place(card("8S"), 1, -1)) == Light("Place", (card("8S"),), (("x", 1), ("y", -1)))


# ---------------------------------------------------------------- what each lesson teaches


def test_chains_teaches_the_three_draw_rules_and_a_rebuild():
    lesson, seen = played_through("chains")
    rules_taught = [part.config["rules"]["draw_rule"] for part in lesson.plan.parts]
    assert {"three", "one", "until"} <= set(rules_taught)
    for part_number, rule in enumerate(rules_taught):
        draws_in_a_row = longest_run(seen, part_number, "Draw")
        passes = [e for p, step, events in seen if p == part_number and not step.computer
                  for e in events if type(e).__name__ == "Passed"]
        if rule == "three" and part_number == rules_taught.index("three"):
            assert draws_in_a_row == 3 and passes  # three drawn, none fits: the turn passes
        if rule == "one":
            assert draws_in_a_row == 1 and passes
        if rule == "until":
            assert draws_in_a_row >= 3 or learner_part_events(seen, part_number, "Rebuilt")
    assert learner_events(seen, "Rebuilt")
    assert any(e.fits for e in learner_events(seen, "Drew")) and learner_events(seen, "Played")


def longest_run(seen, part_number: int, move: str) -> int:
    """The most steps of the learner in a row, in one part, that play `move`."""
    best = run = 0
    for p, step, _events in seen:
        run = run + 1 if p == part_number and not step.computer and type(step.action).__name__ == move else 0
        best = max(best, run)
    return best


def learner_part_events(seen, part_number: int, kind: str) -> list:
    return [e for p, step, events in seen if p == part_number and not step.computer for e in events
            if type(e).__name__ == kind]


def test_chainchain_teaches_a_reversal_a_pile_taken_and_the_end():
    _lesson, seen = played_through("chainchain")
    assert learner_events(seen, "Reversed") and learner_events(seen, "Took")
    every = kinds(event for _p, _s, events in seen for event in events)
    assert {"Reversed", "Took", "PileLeft", "GameEnded"} <= every


def test_chainchain_teaches_the_letters_game_and_a_final_double():
    """The letters game as a part of its own (words, and a reversal the learner makes); a final
    double, after which the player before takes the pile."""
    lesson, seen = played_through("chainchain")
    variants = [part.config["rules"].get("variant", "numbers") for part in lesson.plan.parts]
    letters = variants.index("letters")
    assert learner_part_events(seen, letters, "Reversed")
    assert all(step.action.word for p, step, _e in seen if p == letters and type(step.action).__name__ == "Play")
    last_plays = [events for _p, _step, events in seen if {"GameEnded", "Reversed"} <= kinds(events)]
    assert len(last_plays) == 1
    took = [event for event in last_plays[0] if type(event).__name__ == "Took"]
    assert [event.seat for event in took] == [0]   # the player before the last player: the learner


def test_linx_teaches_the_stock_running_out_and_the_winner():
    """The last part lays a chain as the stock runs out: no new anchors, and the game ends."""
    lesson, seen = played_through("linx")
    last = len(lesson.plan.parts) - 1
    assert learner_part_events(seen, last, "ChainLaid") and learner_part_events(seen, last, "GameEnded")
    assert learner_part_events(seen, last, "GameEnded")[0].winners == (0,)


def test_linx_teaches_the_draw_of_two_a_chain_between_two_anchors_and_a_claim():
    lesson, seen = played_through("linx")
    assert longest_run(seen, 0, "Draw") == 2
    laid = learner_events(seen, "ChainLaid")
    assert laid and laid[0].scoring is not None and len(laid[0].cards) >= laid[0].scoring.length
    lay = next(step.action for _p, step, _e in seen if type(step.action).__name__ == "LayChain")
    assert (laid[0].cards[0], laid[0].cards[-1]) == (lay.start, lay.end) and lay.start != lay.end


def test_cubes_teaches_a_2x2_and_a_3x3_cube_a_pass_and_the_end():
    _lesson, seen = played_through("cubes")
    sizes = [{size for _x, _y, size in event.squares} for event in learner_events(seen, "Scored")]
    assert {2} in sizes and any(3 in found for found in sizes)
    scored = learner_part_events(seen, 0, "Scored")
    assert [len(event.cards) for event in scored] == [4, 9]
    passing = next(p for p, step, _e in seen if type(step.action).__name__ == "Pass")
    drawn = learner_part_events(seen, passing, "Drew")[-1]
    assert learner_part_events(seen, passing, "Passed")   # and the card drawn is kept:
    assert all(type(e).__name__ != "Placed" for p, _s, events in seen if p == passing for e in events) and drawn
    ended = learner_events(seen, "GameEnded")
    assert len(ended) == 1 and ended[0].winners == (0,)


def test_sovereigns_chain_teaches_what_the_issue_lists():
    """The face-down first card, an ability with a target, an event, a token from the pool, the
    Reveal Phase and scoring."""
    _lesson, seen = played_through("sovereigns-chain")
    learner_moves = [type(step.action).__name__ for _p, step, _e in seen if not step.computer]
    assert learner_moves[0] == "Open"
    assert {"SetSuit", "Discard", "Flip", "Cover"} & set(learner_moves)
    assert learner_events(seen, "EventDrawn")
    assert learner_events(seen, "TokensTaken") and learner_events(seen, "TokenPlaced")
    assert "Reveal" in learner_moves
    every = kinds(event for _p, _s, events in seen for event in events)
    assert {"ChainsStarted", "RevealPhase", "Scored", "GameEnded"} <= every


def test_the_solitaire_teaches_a_cover_by_one_an_empty_place_a_win_and_a_loss():
    lesson, seen = played_through("sovereign-solitaire")
    emptied = [event.place for event in learner_events(seen, "Discarded")]
    played = [step.action for _p, step, _e in seen if type(step.action).__name__ == "PlayOn"]
    assert any(play.place in emptied for play in played)
    assert [event.won for event in learner_events(seen, "SolitaireEnded")] == [True, False]
    first = lesson.plan.parts[0]
    replay = Lesson(lesson.plan)
    replay.start()
    place = replay.session.state.chains[0][first.steps[0].action.place][-1]
    assert first.steps[0].action.card.value == place.card.value + 1  # covered by one


# ---------------------------------------------------------------- what each part says it teaches
# Each rule a lesson's part names in its `teaches` list, and what its played moves must show
# for it: a test of the part (its config, seed and prelude) and its [(step, events)].


def _by_learner(kind: str):
    return lambda part, moves: any(type(e).__name__ == kind for step, events in moves if not step.computer
                                     for e in events)


def _by_anyone(*kinds: str):
    return lambda part, moves: all(any(type(e).__name__ == kind for _s, events in moves for e in events)
                                     for kind in kinds)


def _learner_moves(*kinds: str):
    return lambda part, moves: bool({type(s.action).__name__ for s, _e in moves if not s.computer} & set(kinds))


def _rule(name: str, value: str):
    return lambda part, moves: part.config["rules"].get(name, "numbers") == value


def _both(*tests):
    return lambda part, moves: all(test(part, moves) for test in tests)


def _one_step(*kinds: str):
    """One step whose events hold every one of `kinds`."""
    return lambda part, moves: any(set(kinds) <= {type(e).__name__ for e in events} for _s, events in moves)


def _run_of_draws(length: int):
    def test(part, moves):
        runs = "".join("D" if not s.computer and type(s.action).__name__ == "Draw" else "." for s, _e in moves)
        return "D" * length in runs.split(".")   # a turn's draws: a run of exactly `length`
    return test


def _cube(size: int):
    return lambda part, moves: any(size in {sq[2] for sq in e.squares} for s, events in moves if not s.computer
                                     for e in events if type(e).__name__ == "Scored")


@dataclass(frozen=True)
class Moment:
    """One step of a part played again: who moved, the state before and after, the events."""

    mover: int
    before: object
    step: object
    events: tuple
    after: object


def replayed(game: str, part) -> list[Moment]:
    """The part's steps played again from its deal and prelude, with the states around each."""
    session = Session(game, part.config, part.seed)
    for action in part.prelude:
        session.apply(action)
    moments = []
    for step in part.steps:
        mover, before = session.to_move, session.rules.clone(session.state)
        events = tuple(session.apply(step.action))
        moments.append(Moment(mover, before, step, events, session.rules.clone(session.state)))
    return moments


SOVEREIGN = "sovereigns-chain"


def _on_another_chain(part, moves):
    """A card played on a chain that is not its player's own."""
    return any(type(m.step.action).__name__ == "Play" and m.step.action.chain != m.mover
               for m in replayed(SOVEREIGN, part))


def _fair_winds(part, moves):
    """A table without events, where a card marked (E) is played face up and draws none."""
    return part.config["rules"]["fair_winds"] and any(
        any(type(e).__name__ == "Played" and e.face_up and e.card.draws_event for e in events)
        and not any(type(e).__name__ == "EventDrawn" for e in events) for _s, events in moves)


def _learner_placed(kind: str):
    return lambda part, moves: any(type(e).__name__ == "TokenPlaced" and e.kind == kind
                                   for s, events in moves if not s.computer for e in events)


def _supply_out(part, moves):
    """The learner's move should take a token, and the supply has none left to give."""
    return any(type(e).__name__ == "TokensTaken" and e.count == 0 for s, events in moves if not s.computer
               for e in events)


def _closes_up(part, moves):
    """A card removed from inside a chain: the chain is a place shorter, the cards right of it moved left."""
    for m in replayed(SOVEREIGN, part):
        for e in m.events:
            if type(e).__name__ == "Discarded" and not e.uncovered:
                length = len(m.before.chains[e.chain])
                if e.place < length - 1 and len(m.after.chains[e.chain]) == length - 1:
                    return True
    return False


def _tucked_card_revealed(part, moves):
    return any(type(s.action).__name__ == "Reveal" and s.action.beneath for s, _e in moves if not s.computer)


def _runner_revealed_tucks(part, moves):
    """In the Reveal Phase, the learner's tuck beneath a revealed Runner turns the card up at once."""
    phase = next((i for i, (_s, events) in enumerate(moves) if any(type(e).__name__ == "RevealPhase" for e in events)),
                 len(moves))
    for step, events in moves[phase + 1:]:
        tucked = [e.card for e in events if type(e).__name__ == "Tucked"]
        if not step.computer and tucked and any(type(e).__name__ == "Flipped" and e.face_up and e.card == tucked[0]
                                                 for e in events):
            return True
    return False


def _class_met(kind: str):
    """A card of the class played face up or turned up: its ability resolved."""
    return lambda part, moves: any(type(e).__name__ in ("Played", "Flipped") and e.face_up and e.card is not None
                                   and e.card.kind == kind for _s, events in moves for e in events)


def _event_met(game: str, name: str):
    """The event is active at some moment of the part, and the part's words name it."""
    def test(part, moves):
        active = {state.active_event.name for m in replayed(game, part) for state in (m.before, m.after)
                  if state.active_event is not None}
        return name in active and any(name in step.text for step in part.steps)
    return test


def _solitaire_ended(won: bool):
    return lambda part, moves: any(e.won == won for _s, events in moves for e in events
                                     if type(e).__name__ == "SolitaireEnded")


def _emptied_then_filled(part, moves):
    emptied = {e.place for _s, events in moves for e in events if type(e).__name__ == "Discarded"}
    return any(type(s.action).__name__ == "PlayOn" and s.action.place in emptied for s, _e in moves)


def _hand_emptied_by_learner(part, moves):
    """The part's last move is the learner's, playing the last card of their hand: the game ends
    there, the learner the winner."""
    if not moves or moves[-1][0].computer:
        return False
    ended = [e for e in moves[-1][1] if type(e).__name__ == "GameEnded"]
    return bool(ended) and ended[0].winners == (0,) and ended[0].reason == "empty_hand" and _by_learner("Played")(
        part, moves[-1:])


def _drawn_fit_played(part, moves):
    return any(getattr(e, "fits", False) for s, events in moves if not s.computer for e in events
               if type(e).__name__ == "Drew") and _by_learner("Played")(part, moves)


COVERAGE = {
    "chains": {
        "play one rank up or down": _by_learner("Played"), "draw when nothing fits": _by_learner("Drew"),
        "a drawn card that fits is played": _drawn_fit_played, "pass after the draw rule's limit": _by_learner("Passed"),
        "draw rule: up to three": _both(_rule("draw_rule", "three"), _run_of_draws(3)),
        "draw rule: draw one": _both(_rule("draw_rule", "one"), _run_of_draws(1)),
        "draw rule: draw until playable": _rule("draw_rule", "until"),
        "the deck rebuilt from the chains": _by_learner("Rebuilt"),
        "the game ends when a hand is empty": _hand_emptied_by_learner},
    "chainchain": {
        "answer the required value": _by_learner("Played"), "take the pile": _by_learner("Took"),
        "a double reverses the play": _by_learner("Reversed"), "a free lead after taking": _by_anyone("Took", "Played"),
        "letters: a word from one letter to the other": _both(_rule("variant", "letters"), _by_learner("Played")),
        "letters: a reversal": _both(_rule("variant", "letters"), _by_learner("Reversed")),
        "a final double: the player before takes the pile": _one_step("Reversed", "Took", "GameEnded"),
        "the last pile leaves the game": _by_anyone("PileLeft"), "the end and the winner": _by_anyone("GameEnded")},
    "linx": {
        "draw one with ten cards": _run_of_draws(1), "draw two with fewer": _run_of_draws(2),
        "lay a chain and claim a scoring card": _by_learner("ChainLaid"), "discard to end a turn": _by_learner("Discarded"),
        "the stock runs out": _one_step("ChainLaid", "GameEnded"), "the end and the winner": _by_anyone("GameEnded")},
    "cubes": {
        "place a card that matches": _by_learner("Placed"), "complete a 2x2 cube": _cube(2), "complete a 3x3 cube": _cube(3),
        "pass and keep the card": _by_learner("Passed"), "the end and the winner": _by_anyone("GameEnded")},
    "sovereigns-chain": {
        "a face-down first card": _learner_moves("Open"), "an ability with a target": _learner_moves(
            "SetSuit", "Discard", "Flip", "Cover"), "an event drawn": _by_learner("EventDrawn"),
        "tokens taken and placed": _both(_by_learner("TokensTaken"), _by_learner("TokenPlaced")),
        "playing on another player's chain": _on_another_chain,
        "the Reveal Phase": _both(_by_anyone("RevealPhase"), _learner_moves("Reveal")),
        "sudden death for a tie at the top": _both(_by_anyone("SuddenDeath"), _learner_moves("Pick")),
        "the end and the winner": _by_anyone("Scored", "GameEnded"),
        "a shield placed": _learner_placed("shield"), "the token supply running out": _supply_out,
        "a removal closes a chain up": _closes_up, "the Reveal Phase with a tucked card": _tucked_card_revealed,
        "a Runner revealed tucks and reveals at once": _runner_revealed_tucks,
        "Fair Winds: (E) draws no event": _fair_winds,
        **{f"the class {kind}": _class_met(kind) for kind in SOVEREIGN_CLASSES},
        **{f"the event {name}": _event_met(SOVEREIGN, name) for name in SOVEREIGN_EVENTS}},
    "sovereign-solitaire": {
        "cover by one": _learner_moves("PlayOn"), "an emptied place filled": _emptied_then_filled,
        "a pool token makes a card fit": _by_learner("TokenPlaced"), "a won deal": _solitaire_ended(True),
        "a lost deal": _solitaire_ended(False), "the event Nebula": _event_met("sovereign-solitaire", "Nebula")},
}


# What the lessons must teach, game by game, each item named as in COVERAGE. Chains' deadlock is
# not here: it cannot arise from a full deck (test_a_chains_deadlock_cannot_arise_from_a_full_deck),
# so no deal can show it; the lesson tells it in words.
MUST_TEACH = {
    "chains": ["play one rank up or down", "draw when nothing fits", "pass after the draw rule's limit",
               "draw rule: up to three", "draw rule: draw one", "draw rule: draw until playable",
               "the deck rebuilt from the chains", "the game ends when a hand is empty"],
    "chainchain": ["a double reverses the play", "take the pile", "a final double: the player before takes the pile",
                   "letters: a word from one letter to the other", "letters: a reversal", "the end and the winner"],
    "linx": ["lay a chain and claim a scoring card", "the stock runs out", "the end and the winner"],
    "cubes": ["place a card that matches", "complete a 2x2 cube", "complete a 3x3 cube", "pass and keep the card",
              "the end and the winner"],
    "sovereigns-chain": [
        "a face-down first card", "an ability with a target", "an event drawn", "tokens taken and placed",
        "a shield placed", "the token supply running out", "playing on another player's chain",
        "a removal closes a chain up", "the Reveal Phase", "the Reveal Phase with a tucked card",
        "a Runner revealed tucks and reveals at once", "sudden death for a tie at the top",
        "Fair Winds: (E) draws no event", "the end and the winner",
        *(f"the class {kind}" for kind in SOVEREIGN_CLASSES), *(f"the event {name}" for name in SOVEREIGN_EVENTS)],
    "sovereign-solitaire": ["cover by one", "a won deal", "a lost deal", "the event Nebula"],
}


@pytest.mark.parametrize("game", LESSONS)
def test_each_lesson_teaches_in_play_everything_its_game_must_teach(game):
    """Every item of the game's list is in some part's `teaches`, and that part's moves show it."""
    lesson, seen = played_through(game)
    shown = set()
    for number, part in enumerate(lesson.plan.parts):
        moves = [(step, events) for p, step, events in seen if p == number]
        shown |= {rule for rule in part.teaches if rule in COVERAGE[game] and COVERAGE[game][rule](part, moves)}
    assert not set(MUST_TEACH[game]) - shown, sorted(set(MUST_TEACH[game]) - shown)


def test_a_chains_deadlock_cannot_arise_from_a_full_deck():
    """A deadlock needs every hand to hold no card that fits, with the deck empty and every chain one
    card long: the 49 other cards all in hands. Whatever three ends the chains show, some card of
    a fitting rank is among those 49, so some hand can play, and a deadlock never comes."""
    from itertools import combinations
    from game.cards import standard_deck
    from game.chains.rules import fits
    deck = standard_deck()
    for ends in combinations(deck, 3):
        assert any(fits(card, end) for card in deck if card not in ends for end in ends)


@pytest.mark.parametrize("game", LESSONS)
def test_each_part_shows_in_play_every_rule_it_says_it_teaches(game):
    """The coverage list of each part (its `teaches`) names rules its game's list knows, each
    shown by the part's own moves; together the parts teach every rule of the list."""
    lesson, seen = played_through(game)
    taught = set()
    for number, part in enumerate(lesson.plan.parts):
        moves = [(step, events) for p, step, events in seen if p == number]
        assert part.teaches, part.title
        for rule in part.teaches:
            assert rule in COVERAGE[game], rule
            assert COVERAGE[game][rule](part, moves), f"{part.title}: {rule}"
        taught |= set(part.teaches)
    assert taught == set(COVERAGE[game])


def test_a_part_that_does_not_show_what_it_says_it_teaches_fails_the_coverage():
    lesson, seen = played_through("cubes")
    moves = [(step, events) for p, step, events in seen if p == 1]   # the pass: no cube completed
    assert not COVERAGE["cubes"]["complete a 2x2 cube"](lesson.plan.parts[1], moves)
    assert COVERAGE["cubes"]["pass and keep the card"](lesson.plan.parts[1], moves)


def test_a_chains_part_ending_on_the_learners_play_without_the_game_ending_does_not_teach_the_end():
    """The rebuild part also ends on the learner's play, with cards still in hand: no end shown.
    The last part's learner empties their hand with the part's last move: the end shown."""
    lesson, seen = played_through("chains")
    rule = COVERAGE["chains"]["the game ends when a hand is empty"]
    parts = lesson.plan.parts
    moves = [[(step, events) for p, step, events in seen if p == number] for number in range(len(parts))]
    rebuild = next(n for n, part in enumerate(parts) if "the deck rebuilt from the chains" in part.teaches)
    assert not moves[rebuild][-1][0].computer and not rule(parts[rebuild], moves[rebuild])
    assert rule(parts[-1], moves[-1]) and not lesson.session.state.hands[0]


# ---------------------------------------------------------------- sentences true to the table


COUNTS = {"no": 0, "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
          "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
HOLDING = re.compile(r"\b(You|Computer \d) holds? (?:only )?(" + "|".join(COUNTS) + r") (cards?\b|[0-9A-Z]+)(?:s\b)?")


def hand_counts(text: str, names: list[str], hands) -> list[tuple[str, int, int]]:
    """Each sentence of `text` that counts cards in a hand ("You hold two 2s", "Computer 2 holds
    no 8", "You hold ten cards"): (the words, the count said, the count in the hand)."""
    found = []
    for match in HOLDING.finditer(text):
        who, count, what = match.groups()
        hand = hands[names.index(who)]
        held = len(hand) if what.startswith("card") else sum(getattr(card, "face", None) == what for card in hand)
        found.append((match.group(0), COUNTS[count], held))
    return found


def each_step(game: str):
    """The lesson of `game` at each of its steps, before the step is played (then skipped)."""
    lesson = Lesson(load_lesson(game))
    lesson.start()
    while not lesson.finished:
        if lesson.step is not None:
            yield lesson
            lesson.skip_step()
        else:
            lesson.next_part()


def test_every_sentence_counting_cards_in_a_hand_is_true():
    """Said just before its step's move, of the hand as it is then."""
    checked = []
    for game in LESSONS:
        for lesson in each_step(game):
            session = lesson.session
            checked += [(game, lesson.step.text[:40], *found)
                        for found in hand_counts(lesson.step.text, session.names, session.state.hands)]
    wrong = [item for item in checked if item[-2] != item[-1]]
    assert not wrong, wrong
    assert len(checked) >= 10


MODIFIERS_LEFT = re.compile(r"\b(\d+|no) (?:modifiers? )?(?:are|is) left\b", re.IGNORECASE)


def test_every_sentence_counting_the_modifiers_left_in_the_supply_is_true():
    """Sovereign's Chain: "6 modifiers are left", "No modifier is left", of the supply when said."""
    checked = []
    for game in ("sovereigns-chain", "sovereign-solitaire"):
        for lesson in each_step(game):
            for said in MODIFIERS_LEFT.findall(lesson.step.text):
                checked.append((lesson.step.text[:40], 0 if said.lower() == "no" else int(said),
                                lesson.session.state.supply.modifiers))
    assert not [item for item in checked if item[1] != item[2]], checked
    assert len(checked) >= 5


@pytest.mark.parametrize("game", LESSONS)
def test_a_lesson_starts_with_the_goal_and_ends_with_the_end_the_score_and_the_winner(game):
    """Its first sentence says how a game is won; its last steps how a game ends, how it is
    scored and who wins, ties included (a solitaire: how a deal is won and lost)."""
    plan = load_lesson(game)
    assert plan.parts[0].steps[0].text.startswith(("The goal: ", "To win, "))
    closing = " ".join(step.text for step in plan.parts[-1].steps[-3:])
    ending = r"\b(lost when|game ends|game is over)\b" if GAMES_BY_NAME[game].rules.max_players == 1 else \
        r"\b(game ends|game is over)\b"
    assert re.search(ending, closing), closing
    assert re.search(r"\bwins?\b", closing)
    if GAMES_BY_NAME[game].rules.max_players > 1:
        assert re.search(r"\b(scor|total|points|collected)", closing) and re.search(r"\b(a tie|tied)\b", closing)


# ---------------------------------------------------------------- refusals


@pytest.mark.parametrize("game", LESSONS)
def test_a_move_the_rules_forbid_is_refused_with_the_rules_reason(game):
    """At every learner step, each move from elsewhere in the lesson that the rules forbid
    here is refused with the rules' own words, and nothing is played."""
    plan = load_lesson(game)
    elsewhere = [step.action for part in plan.parts for step in part.steps]
    lesson = Lesson(plan)
    lesson.start()
    refused = 0
    while not lesson.finished:
        if lesson.step is None:
            lesson.next_part()
            continue
        if not lesson.step.computer:
            session = lesson.session
            for action in elsewhere:
                if not session.is_legal(action):
                    moves = len(session.log)
                    attempt = lesson.try_action(action)
                    assert not attempt.accepted and len(session.log) == moves
                    assert attempt.reason == (session.rules.malformed(action) or session.why_illegal(action))
                    refused += 1
        lesson.skip_step()
    assert refused


def test_a_wrong_chains_move_is_refused_with_the_rule():
    from game.cards import card
    from game.chains import Pass, Play
    lesson = Lesson(load_lesson("chains"))
    lesson.start()
    assert lesson.try_action(Pass()).reason == "you must draw before you pass"
    assert lesson.try_action(Play(card("9D"), 0)).reason == (
        "9♦ does not fit on 2♥: it must be one rank higher or lower")


@pytest.mark.parametrize("game", LESSONS)
def test_a_fair_move_other_than_the_steps_is_refused_with_what_the_step_asks(game):
    lesson = Lesson(load_lesson(game))
    lesson.start()
    checked = 0
    while not lesson.finished:
        step = lesson.step
        if step is None:
            lesson.next_part()
            continue
        if not step.computer:
            others = [action for action in lesson.session.legal_actions() if action != step.action]
            if others:
                moves = len(lesson.session.log)
                attempt = lesson.try_action(others[0])
                assert not attempt.accepted and step.text in attempt.reason
                assert "allowed" in attempt.reason and len(lesson.session.log) == moves
                checked += 1
        lesson.skip_step()
    assert checked


def test_the_computers_step_is_played_by_the_lesson_not_the_learner():
    from game.chains import Draw
    lesson = Lesson(load_lesson("chains"))
    lesson.start()
    with pytest.raises(ValueError):
        lesson.play_computer_step()  # the first step is the learner's
    while not lesson.step.computer:
        lesson.skip_step()
    attempt = lesson.try_action(lesson.step.action)
    assert not attempt.accepted and "not your move" in attempt.reason
    assert lesson.light is None  # a computer's move may name a card the learner may not see
    assert lesson.play_computer_step()
    lesson.skip()
    assert lesson.try_action(Draw()).reason == "the lesson has no move to play now"


# ---------------------------------------------------------------- skipping and parts


def test_a_step_can_be_skipped_and_the_lesson_left_at_any_step():
    lesson = Lesson(load_lesson("chains"))
    lesson.start()
    first = lesson.step
    assert lesson.light == first.light
    lesson.skip_step()
    assert lesson.steps_done == 1 and lesson.step is not first
    assert len(lesson.session.log) == 1
    lesson.skip()
    assert lesson.step is None and not lesson.finished
    lesson.start()
    assert lesson.step is first and not lesson.skipped


@pytest.mark.parametrize("game", LESSONS)
def test_skipping_every_step_reaches_the_end(game):
    lesson = Lesson(load_lesson(game))
    lesson.start()
    while not lesson.finished:
        if lesson.step is None:
            lesson.next_part()
        else:
            lesson.skip_step()
    assert lesson.steps_done == lesson.plan.step_count
    with pytest.raises(ValueError):
        lesson.skip_step()
    with pytest.raises(ValueError):
        lesson.next_part()


def test_the_next_part_waits_until_this_one_is_over():
    lesson = Lesson(load_lesson("chains"))
    lesson.start()
    with pytest.raises(ValueError):
        lesson.next_part()
    for _ in lesson.part.steps:
        lesson.skip_step()
    assert lesson.part_over and lesson.step is None and not lesson.finished
    lesson.next_part()
    assert lesson.part_number == 1 and lesson.step is lesson.plan.parts[1].steps[0]
    assert lesson.session.config["rules"]["draw_rule"] == lesson.plan.parts[1].config["rules"]["draw_rule"]


def test_a_part_that_starts_late_in_a_game_plays_its_prelude_first():
    plan = load_lesson("chains")
    late = next(number for number, part in enumerate(plan.parts) if part.prelude)
    lesson = Lesson(plan)
    lesson.start()
    while lesson.part_number < late:
        lesson.skip_step() if lesson.step is not None else lesson.next_part()
    assert len(lesson.session.log) == len(plan.parts[late].prelude)


# ---------------------------------------------------------------- a lesson file with a mistake


def lesson_data(game: str = "chains") -> dict:
    return json.loads(lesson_path(game).read_text(encoding="utf-8"))


def write(tmp_path, data) -> object:
    path = tmp_path / "broken-lesson.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def refusal(tmp_path, data) -> str:
    with pytest.raises(LessonError) as err:
        read_lesson(write(tmp_path, data))
    return str(err.value)


def test_a_step_whose_move_breaks_the_rules_is_refused_naming_the_file_and_step(tmp_path):
    data = lesson_data()
    data["parts"][0]["steps"][3]["action"] = {"type": "Draw"}  # a fourth draw, where Up to three stops
    message = refusal(tmp_path, data)
    assert message.startswith("broken-lesson.json, part 1, step 4: ")
    assert "not legal there: you cannot draw any more this turn: pass" in message


@pytest.mark.parametrize("change, said", [
    (lambda d: d["parts"][0]["steps"][1].pop("text"), "part 1, step 2: the step needs a text"),
    (lambda d: d["parts"][0]["steps"][1].update(action={"type": "Fly"}),
     "part 1, step 2: the action cannot be read: unknown type 'Fly'"),
    (lambda d: d["parts"][0]["steps"][4].pop("computer"),
     "part 1, step 5: it is seat 2's move, but the step is marked learner"),
    (lambda d: d["parts"][0]["steps"][0].update(computer=True),
     "part 1, step 1: it is the learner's move, but the step is marked computer"),
    (lambda d: d["parts"][1].update(seed=-3), "part 2: the seed must be a whole number"),
    (lambda d: d["parts"][1].update(config={"seats": []}), "part 2: the config cannot be played"),
    (lambda d: d["parts"][1]["config"]["seats"][0].update(kind="computer"), "part 2: the first seat is the learner's"),
    (lambda d: d["parts"][3]["prelude"].__setitem__(0, {"type": "Pass"}), "part 4, prelude move 1: the move"),
    (lambda d: d["parts"][2].update(steps=[]),
     "part 3: the prelude must be a list and the steps a list of at least one"),
    (lambda d: d["parts"][0].update(teaches="everything"), "part 1: what the part teaches must be a list of rule names"),
    (lambda d: d["parts"][0].update(teaches=["", "draw"]), "part 1: what the part teaches must be a list of rule names"),
    (lambda d: d.update(parts=[]), "the lesson needs a list of parts"),
    (lambda d: d.update(format=9), "format 9 is not one this version reads"),
    (lambda d: d.update(format=True), "format True is not one this version reads"),
    (lambda d: d.update(game="poker"), "unknown game 'poker'"),
])
def test_a_malformed_lesson_is_refused_with_a_clear_message(tmp_path, change, said):
    data = lesson_data()
    change(data)
    message = refusal(tmp_path, data)
    assert message.startswith("broken-lesson.json") and said in message


def test_a_lesson_file_that_is_not_json_is_refused_with_the_line(tmp_path):
    message = refusal(tmp_path, '{"format": 1,\n "game": }')
    assert message == "broken-lesson.json: cannot be used: it is not valid JSON (Expecting value at line 2)"


def test_a_lesson_read_for_another_game_is_refused(tmp_path):
    with pytest.raises(LessonError, match="the lesson is for 'chains', not 'cubes'"):
        read_lesson(write(tmp_path, lesson_data()), "cubes")


# ---------------------------------------------------------------- the finished lessons


def test_a_finished_lesson_is_remembered_in_the_settings():
    settings, _ = storage.load_settings()
    assert not lesson_finished(settings, "chains")
    loaded = json.loads(json.dumps(settings))
    mark_lesson_finished(settings, "chains")
    storage.save_settings(settings, loaded)
    stored, message = storage.load_settings()
    assert message is None and lesson_finished(stored, "chains") and not lesson_finished(stored, "cubes")


def test_two_copies_finishing_different_lessons_keep_both():
    first, _ = storage.load_settings()
    second, _ = storage.load_settings()
    first_loaded, second_loaded = json.loads(json.dumps(first)), json.loads(json.dumps(second))
    mark_lesson_finished(first, "linx")
    storage.save_settings(first, first_loaded)
    mark_lesson_finished(second, "cubes")
    storage.save_settings(second, second_loaded)
    stored, _ = storage.load_settings()
    assert stored[FINISHED_LESSONS] == {"linx": True, "cubes": True}


@pytest.mark.parametrize("value", [["chains"], {"chains": "yes"}, "chains"])
def test_a_damaged_finished_lessons_record_is_ignored_saying_so(value):
    storage.settings_path().parent.mkdir(parents=True, exist_ok=True)
    storage.settings_path().write_text(json.dumps({"format": 1, "card_back": "red", FINISHED_LESSONS: value}))
    loaded, message = storage.load_settings()
    assert loaded[FINISHED_LESSONS] == {} and loaded["card_back"] == "red"
    assert FINISHED_LESSONS in message


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize("kind", ["named pipe", "link to /dev/zero", "folder", "too large"])
def test_a_lesson_that_is_no_file_of_data_is_refused_at_once(tmp_path, kind):
    """Lessons are read as every other file is (game/files.py): a pipe, a device, a folder or a
    huge file in a lesson's place is refused with the reason, never waited on or read whole."""
    path = tmp_path / "lesson.json"
    make_special(path, kind)
    with pytest.raises(LessonError, match="lesson.json: cannot be used: it (is|is larger)"):
        read_lesson(path)


@pytest.mark.parametrize("content, reason", [
    ("[" * 100_000 + "]" * 100_000, "not valid JSON"),
    ("[" * 50 + "]" * 50, "nests deeper than"),
    ("1" * 5000, "not valid JSON"),
])
def test_a_lesson_nested_too_deep_or_with_a_huge_number_is_refused_with_the_reason(tmp_path, content, reason):
    path = tmp_path / "lesson.json"
    path.write_text(content)
    with pytest.raises(LessonError, match=reason):
        read_lesson(path)


def test_a_lesson_starting_with_a_byte_order_mark_is_read(tmp_path):
    path = tmp_path / "lesson.json"
    path.write_bytes(b"\xef\xbb\xbf" + lesson_path("chains").read_bytes())
    assert read_lesson(path, "chains").game == "chains"


# ---------------------------------------------------------------- what a learner is told


def each_part_step(game: str):
    """(part number, step index in its part, lesson before the step), each step of `game`'s lesson."""
    part, index = None, 0
    for lesson in each_step(game):
        index = index + 1 if lesson.part_number == part else 0
        part = lesson.part_number
        yield part, index, lesson


@pytest.mark.parametrize("game", ["sovereigns-chain", "sovereign-solitaire"])
def test_a_part_dealt_under_an_event_names_it_in_its_first_steps(game):
    """A learner who is not told the event cannot tell why the turn went as it did (a deal under
    Supply Run and two cards drawn, never said why)."""
    texts, events = {}, {}
    for part, index, lesson in each_part_step(game):
        if index == 0:
            events[part] = lesson.session.state.active_event
        if index < 3:
            texts[part] = texts.get(part, "") + " " + lesson.step.text
    named = {part: event.name for part, event in events.items() if event is not None}
    assert named and not [(part, name) for part, name in named.items() if name not in texts[part]]


@pytest.mark.parametrize("game", ["sovereigns-chain", "sovereign-solitaire"])
def test_every_draw_of_two_cards_by_the_learner_is_said_and_why(game):
    """Under Supply Run a turn ends with two cards drawn: the step says so, and the event was
    named in the part by then."""
    said, checked = {}, []
    for part, _index, lesson in each_part_step(game):
        said[part] = said.get(part, "") + " " + lesson.step.text
        step = lesson.step
        if step.computer:
            continue
        _state, events = lesson.session.rules.apply(lesson.session.state, step.action)
        drawn = [e for e in events if type(e).__name__ == "Drew" and e.seat == 0 and e.count == 2]
        if drawn:
            checked.append((part, step.text[:50], "two cards" in step.text, "Supply Run" in said[part]))
    assert checked and not [item for item in checked if not all(item[2:])], checked


DEALT = re.compile(r"\b(You|Computer \d) dealt\b.*?\b(?:so )?(you|the computer|Computer \d)\b(?:, at (?:your|its) left,)? "
                   r"(?:leads?|plays?)\b")


@pytest.mark.parametrize("game", ["chainchain", "sovereigns-chain"])
def test_a_part_from_the_deal_says_who_dealt_and_so_who_plays_first(game):
    """The learner is told why a computer plays first: the player at the dealer's left does, as
    the engine deals (the dealer named, and the seat after it the first to move)."""
    checked = []
    for part, index, lesson in each_part_step(game):
        session = lesson.session
        if index > 2 or session.state.dealer is None or lesson.plan.parts[part].prelude:
            continue
        match = DEALT.search(lesson.step.text)
        if match:
            dealer, first = match.groups()
            names = [name.lower() for name in session.names]
            first_seat = 1 if first == "the computer" else names.index(first.lower())
            state = session.state
            checked.append((part, names.index(dealer.lower()) == state.dealer,
                            first_seat == (state.dealer + 1) % len(names)))
    parts = {part for part, *_ in checked}
    assert not [item for item in checked if not all(item[1:])], checked
    starting = [p for p, plan in enumerate(load_lesson(game).parts) if not plan.prelude and plan.steps[0].computer]
    assert set(starting) <= parts, (starting, parts)


def test_the_letters_part_teaches_the_rulebooks_reversal_and_the_word_rules():
    """The rulebook's reversal: D then K (DECK) answered by K then D (KIND), two different letters
    the other way round and another word (two equal letters answered by the same two would be
    a reversal too, but no lesson of one); the word's three letters and the word list are said."""
    plan = load_lesson("chainchain")
    part = next(p for p, part in enumerate(plan.parts) if part.config["rules"].get("variant") == "letters")
    _lesson, seen = played_through("chainchain")
    plays = [(step, next(e for e in events if type(e).__name__ == "Played")) for number, step, events in seen
             if number == part and any(type(e).__name__ == "Played" for e in events)]
    reversals = [(before, played) for (_s, before), (_step, played) in zip(plays, plays[1:]) if played.reverses]
    assert reversals and any(not step.computer for step, played in plays if played.reverses)
    for before, played in reversals:
        assert before.first.face != before.second.face and before.word != played.word
        assert (played.first.face, played.second.face) == (before.second.face, before.first.face)
    text = " ".join(step.text for step in plan.parts[part].steps)
    assert "at least three letters" in text and "word list" in text


def test_no_step_asks_for_a_suit_the_card_already_has():
    """A suit token that changes nothing wastes an ability (an Envoy making a planet a planet):
    every suit a step changes is a change, and the learner's of a card the learner can see."""
    checked = []
    for game in ("sovereigns-chain", "sovereign-solitaire"):
        for _part, _index, lesson in each_part_step(game):
            action = lesson.step.action
            if lesson.session.state.pending.kind != CHANGE_SUIT:
                continue  # (a Mercenary's own suit is chosen, never a change: any is the card's first)
            placed = lesson.session.state.chains[action.chain][action.place][-1]
            seen = lesson.step.computer or placed.face_up or placed.known & 1
            checked.append((lesson.step.text[:40], placed.suit != action.suit, bool(seen)))
    assert len(checked) >= 5 and not [item for item in checked if not all(item[1:])], checked


def test_the_sovereign_lesson_says_what_a_revealed_card_with_e_does_in_play_and_in_the_reveal_phase():
    """Turned up in play, a card with (E) draws an event (its owner resolves it); revealed in the
    Reveal Phase it draws none: the lesson shows both and says so."""
    _lesson, seen = played_through("sovereigns-chain")
    in_play = [(step, events) for _p, step, events in seen if type(step.action).__name__ == "Flip"
               and not step.computer and any(type(e).__name__ == "EventDrawn" for e in events)]
    in_reveal_phase = [(step, events) for _p, step, events in seen if type(step.action).__name__ == "Reveal"
                       and any(getattr(e, "card", None) is not None and e.card.draws_event for e in events)]
    assert in_play and in_reveal_phase
    assert all("its (E) first" in step.text for step, _events in in_play)
    assert not [e for _step, events in in_reveal_phase for e in events if type(e).__name__ == "EventDrawn"]
    assert all("(E) draws no event" in step.text for step, _events in in_reveal_phase if not step.computer)

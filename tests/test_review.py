"""The review of a finished game (game/review.py): each decision of a seat judged from its view.

Issue 26, "Review a finished game": the Hard computer's view of each decision (best / good /
costly), what it would have played instead and the estimated cost; judged from what the seat
could see (never a hidden card); off the frame loop, cancellable, kept beside the finished games.
Budgets here are small, so that the searches are quick (and still reproducible).
"""

from __future__ import annotations

import json
import os

import pytest

from game import storage
from game.cards import card
from game.chains.rules import FITS, Draw, Play
from game.core import View, cards_seen, from_json
from game.registry import GAMES, find_game
from game.review import (BEST, BEST_WITHIN, CHANCE, COSTLY, COSTLY_FROM, DECLINED, GOOD, POINTS, POINTS_SCALES, Decision,
                         Judge, Review,
                         REVIEW_VERSION, ReviewBudget, _best_by_points, _lead, _paired, _solved_chance, decisions_of, mark_of, review_name)
from game.rng import Rng
from game.session import SaveError, Session
from game.sovereign.rules import PROMPTS
from game.sovereign.state import chain_score

SMALL = ReviewBudget(search=150, deals=12)
TINY = ReviewBudget(search=40, deals=2)

# A Chains game (seed 136) where Ann, playing by the rule of thumb, reaches move 87 holding 2♠
# and 7♠, with Bob down to one card. 2♠ on the ace of chain 3 leaves him nothing to play on and
# Ann wins; she plays 7♠ on chain 1 instead, leaves the ace open, and Bob's last card (2♦) goes
# on it: she throws the game away there.
BLUNDER_SEED = 136
BLUNDER_MOVE = 87
BLUNDER = Play(card("7S"), 0)
WINNING = Play(card("2S"), 2)


def scripted_save(game: str, seed: int, players: int, moves: dict | None = None) -> dict:
    """The save of a game where seat 0 ("Ann", a person) plays by the rule of thumb except at
    the numbered moves given, and every other seat is a Normal computer."""
    seats = [{"name": "Ann"}] + [{"name": f"Bot {i}", "kind": "computer"} for i in range(1, players)]
    session = Session(game, {"seats": seats, "rules": {}}, seed)
    person = session.descriptor.heuristic(seed)
    moves = moves or {}
    while not session.game_over:
        number = len(session.log) + 1
        if number in moves:
            session.apply(moves[number])
        elif session.to_move == 0:
            session.apply(person.choose(session.view(0), session.legal_actions()))
        else:
            session.apply(session.computer_action())
    return session.to_save()


@pytest.fixture(scope="module")
def blunder_save() -> dict:
    return scripted_save("chains", BLUNDER_SEED, 2, {BLUNDER_MOVE: BLUNDER})


def state_before(save: dict, move: int):
    """The real state of a save's (only) game just before its move number `move`."""
    session = Session(save["game"], save["config"], save["seed"])
    for item in save["actions"][:move - 1]:
        session.replay_item(item)
    return session.state


def _fits_an_end(state, play: Play, last) -> bool:
    """Whether `last` fits a chain end once `play` is made."""
    ends = [chain[-1] for chain in state.chains]
    ends[play.chain] = play.card
    return any(FITS[last.rank][end.rank] for end in ends)


# ---------------------------------------------------------------- judging


def test_the_planted_blunder_is_costly_and_the_winning_move_named(blunder_save):
    state = state_before(blunder_save, BLUNDER_MOVE)
    assert sorted(map(repr, find_game("chains").rules.legal_actions(state))) == sorted(map(repr, [BLUNDER, WINNING]))
    assert len(state.hands[1]) == 1
    assert _fits_an_end(state, BLUNDER, state.hands[1][0]) and not _fits_an_end(state, WINNING, state.hands[1][0])
    assert blunder_save["actions"][BLUNDER_MOVE]["type"] == "Play"   # Bob plays his last card
    verdicts = {v.move: v for v in Review(blunder_save, 0, budget=SMALL, keep=False).run()}
    verdict = verdicts[BLUNDER_MOVE]
    assert verdict.mark == COSTLY
    assert verdict.played == BLUNDER and verdict.hard == WINNING
    assert verdict.hard_words == "Ann plays 2♠ on chain 3"
    assert verdict.played_words == "Ann plays 7♠ on chain 1"
    assert verdict.chance_hard > 0.9 and verdict.chance_played < 0.1
    assert verdict.cost == pytest.approx(verdict.chance_hard - verdict.chance_played) and verdict.cost >= COSTLY_FROM
    assert not verdict.by_points and verdict.unit == "card left"   # the win chance told the moves apart


# A LINX game (seed 8) that Ann, playing by the rule of thumb, has won by move 98: she would lay a
# chain of six for 30 points there, and discards 4 Leaf from it instead. Every move wins as
# surely, so the win chance cannot tell them apart: the points lost can.
DECIDED_SEED = 8
DECIDED_MOVE = 98


@pytest.fixture(scope="module")
def decided_save() -> dict:
    linx = find_game("linx").rules
    thrown = next(a for a in linx.saved_types if a.__name__ == "Discard")
    return scripted_save("linx", DECIDED_SEED, 2, {DECIDED_MOVE: thrown(card_of(linx, 4, "Le"))})


def test_a_chain_thrown_away_in_a_decided_game_is_costly_in_points(decided_save):
    review = Review(decided_save, 0, budget=SMALL, keep=False)
    decision = next(d for d in review.decisions if d.move == DECIDED_MOVE)
    assert any(type(a).__name__ == "LayChain" and a.scoring.points == 30 for a in decision.legal)
    verdict = review.judge.judge(decision, seed=7)
    assert verdict.chance_played == verdict.chance_hard == 1.0   # decided: the win is sure either way
    assert verdict.mark == COSTLY and verdict.by_points
    assert type(verdict.hard).__name__ == "LayChain" and verdict.hard_words.endswith("and takes 30 points")
    assert verdict.points_cost >= POINTS_SCALES["linx"].costly_from


def test_where_the_chance_cannot_tell_moves_apart_the_points_mark_them():
    judge = Judge(find_game("linx"), SMALL, ["Ann", "Bob"])
    level, above = [0.0] * 10, [40.0, 30.0] * 5
    assert judge.mark(0.0, 0.0, above, level) == (COSTLY, POINTS)           # a decided game
    assert judge.mark(0.01, 0.05, above, level) == (COSTLY, POINTS)         # equal chances, within the noise
    assert judge.mark(0.0, 0.0, [3.0] * 10, level) == (BEST, POINTS)        # a few points: as good
    assert judge.mark(0.0, 0.0, [12.0, 8.0] * 5, level) == (GOOD, POINTS)
    assert judge.mark(0.05, 0.01, above, level) == (COSTLY, POINTS)         # losing chance and points: the harsher
    assert judge.mark(0.3, 0.01, level, level) == (COSTLY, CHANCE)         # the chance tells: it marks
    assert judge.mark(-0.3, 0.01, above, level) == (BEST, CHANCE)          # the move played wins more often
    assert judge.mark(0.0, 0.0, [], []) == (BEST, CHANCE)                  # no points counted


def test_the_lead_is_over_the_best_other_seat():
    """A seat's points lead is its points less the best of the OTHER seats', whoever sits where."""
    assert _lead((30.0, 10.0), 0) == 20.0 and _lead((30.0, 10.0), 1) == -20.0
    assert _lead((10.0, 30.0, 20.0), 0) == -20.0
    assert _lead((10.0, 30.0, 20.0), 1) == 10.0
    assert _lead((10.0, 30.0, 20.0), 2) == -10.0
    assert _lead((5.0, 1.0, 9.0, 2.0), 3) == -7.0
    assert _lead((5.0, 1.0, 9.0, 2.0), 2) == 4.0
    assert _lead((12.0,), 0) == 12.0   # a game of one: its own points


def test_where_chances_are_even_hards_move_is_the_one_with_the_best_points():
    """Among the contenders of even win chance, Hard's move is the one whose points lead is
    highest (not the lowest, not merely the first); a contender of clearly lower chance is
    never chosen for its points."""
    even = [[1.0, 0.0] * 5] * 3
    assert _best_by_points(even, [[-10.0] * 10, [30.0] * 10, [5.0] * 10], 0) == 1
    assert _best_by_points(even, [[30.0] * 10, [-10.0] * 10, [5.0] * 10], 2) == 0
    assert _best_by_points(even, [[5.0] * 10, [5.0] * 10, [5.0] * 10], 2) == 2     # a tie: the chance's best
    weaker = [[1.0] * 10, [0.0] * 10, [1.0] * 10]
    assert _best_by_points(weaker, [[0.0] * 10, [90.0] * 10, [10.0] * 10], 0) == 2


# Blunders planted at tables of three and four (the games' rules of thumb otherwise): a cube
# left open where another placement closes one, a chain thrown away by its discard, a single
# answer where the double in hand (it reverses play: the next seat never answers) wins the pile
# (the rule of thumb ranks the double below its best three there). Each is costly; Hard's move
# there, played instead, is not.
PLANTED_AT_LARGER_TABLES = [
    ("cubes", 3, 1, 38, {"type": "Place", "card": "4H", "x": -2, "y": 5}),
    ("cubes", 4, 2, 26, {"type": "Place", "card": "2C", "x": -8, "y": 0}),
    ("linx", 3, 1, 16, {"type": "Discard", "card": "12He"}),
    ("linx", 4, 2, 20, {"type": "Discard", "card": "1Mo"}),
    ("chainchain", 3, 82, 15, {"type": "Play", "first": "32", "second": "13", "word": ""}),
    ("chainchain", 4, 153, 22, {"type": "Play", "first": "80", "second": "13", "word": ""}),
]


@pytest.mark.parametrize("game, players, seed, move, blunder", PLANTED_AT_LARGER_TABLES)
def test_a_blunder_at_a_table_of_three_or_four_is_costly_and_hards_move_best(game, players, seed, move, blunder):
    rules = find_game(game).rules
    save = scripted_save(game, seed, players, {move: from_json(blunder, rules.saved_types)})
    review = Review(save, 0, keep=False)   # the game's own budget
    decision = next(d for d in review.decisions if d.move == move)
    verdict = review.judge.judge(decision, seed=seed * 1000 + move)
    assert verdict.mark == COSTLY and verdict.hard != verdict.played
    if verdict.by_points:
        assert verdict.points_cost >= POINTS_SCALES[game].costly_from
    else:
        assert verdict.cost >= COSTLY_FROM and verdict.chance_hard > verdict.chance_played
    instead = Decision(decision.move, decision.view, decision.legal, verdict.hard)
    assert review.judge.judge(instead, seed=seed * 1000 + move).mark != COSTLY


# A solitaire (seed 4) that the rule of thumb plays to a loss: the deals the player cannot tell
# from it are won from every one of its first positions, until its move 14 leaves none that can
# be won.
LOST_SEED = 4
LOST_MOVE = 14
SOLVED = ReviewBudget(search=0, deals=12)


@pytest.fixture(scope="module")
def lost_solitaire() -> dict:
    return scripted_save("sovereign-solitaire", LOST_SEED, 1)


def test_the_move_that_lost_a_solitaire_is_marked(lost_solitaire):
    assert Session.from_save(lost_solitaire).state.winners == ()
    verdicts = Review(lost_solitaire, 0, budget=SOLVED, keep=False).run()
    assert [v.move for v in verdicts if v.lost_the_deal] == [LOST_MOVE]
    lost = next(v for v in verdicts if v.move == LOST_MOVE)
    assert lost.mark == COSTLY and lost.chance_played == 0.0 and lost.chance_hard > 0.5
    assert lost.hard != lost.played and lost.hard_words
    after = [v for v in verdicts if v.move > LOST_MOVE and not v.forced]
    assert after and all(v.chance_hard == v.chance_played == 0.0 and v.mark == BEST for v in after)
    assert all(v.points_cost is None and not v.by_points for v in verdicts)


def test_a_solitaire_is_judged_from_the_view_not_the_deck(lost_solitaire, monkeypatch):
    """The solver is handed deals of the unseen cards consistent with the view, never the real
    order of the deck: the same verdicts when the real deck is dealt otherwise."""
    rules = find_game("sovereign-solitaire").rules
    review = Review(lost_solitaire, 0, budget=SOLVED, keep=False)
    decision = next(d for d in review.decisions if d.move == LOST_MOVE)
    handed = []
    solve = type(rules).solve_deal

    def watched(me, state, node_limit):
        handed.append(list(state.draw_pile))
        return solve(me, state, node_limit)

    monkeypatch.setattr(type(rules), "solve_deal", watched)
    verdict = review.judge.judge(decision, seed=5)
    real = state_before(lost_solitaire, LOST_MOVE).draw_pile
    assert handed and not any(pile == real for pile in handed)
    other = rules.determinize(decision.view, Rng(99))
    assert rules.view(other, 0) == decision.view and other.draw_pile != real
    moved = Decision(decision.move, rules.view(other, 0), tuple(rules.legal_actions(other)), decision.played,
                     decision.told)
    assert review.judge.judge(moved, seed=5) == verdict


# A solitaire (seed 23) the rule of thumb plays but for its move 5: Magistrate 6♁ on place 3
# keeps no card in hand that fits the chain, where Magistrate 8✳ there kept one, and the deal,
# still winnable, hangs on the next draw. The solver sees the draw and wins most deals either
# way: the risk the player could see marks it.
STAKED_SEED = 23
STAKED_MOVE = 5
STAKED = {"type": "PlayOn", "card": "Magistrate:2:6:planet:1", "place": 2, "face_up": True}


@pytest.fixture(scope="module")
def staked_solitaire() -> dict:
    rules = find_game("sovereign-solitaire").rules
    return scripted_save("sovereign-solitaire", STAKED_SEED, 1, {STAKED_MOVE: from_json(STAKED, rules.saved_types)})


def test_a_solitaire_play_that_stakes_a_winnable_deal_on_the_draw_is_costly(staked_solitaire):
    review = Review(staked_solitaire, 0, keep=False)   # the game's own budget
    decision = next(d for d in review.decisions if d.move == STAKED_MOVE)
    verdict = review.judge.judge(decision, seed=STAKED_SEED * 1000 + STAKED_MOVE)
    assert verdict.mark == COSTLY and verdict.by_risk and verdict.risk >= COSTLY_FROM
    assert verdict.chance_hard > 0   # the deal could still be won
    assert verdict.hard != verdict.played and verdict.hard_words == "Ann plays Magistrate 8✳ (E) on Ann's chain, place 3"
    kept = Decision(decision.move, decision.view, decision.legal, verdict.hard)
    assert review.judge.judge(kept, seed=STAKED_SEED * 1000 + STAKED_MOVE).mark != COSTLY


# The first twenty moves the Hard computer made on solitaire deal 7; at move 20 it plays
# Mercenary 7 on place 5.
HARD_OPENING = [
    {"type": "PlayOn", "card": "Acolyte:3:4:planet:0", "place": 1, "face_up": True}, {"type": "Cover", "chain": 0, "place": 3},
    {"type": "PlayOn", "card": "Artificer:1:4:planet:0", "place": 1, "face_up": True}, {"type": "EndTurn"},
    {"type": "PlaceModifier", "chain": 0, "place": 0, "delta": -1},
    {"type": "PlayOn", "card": "Magistrate:2:6:planet:1", "place": 0, "face_up": True}, {"type": "EndTurn"},
    {"type": "PlayOn", "card": "Mercenary:0:3::0", "place": 5, "face_up": True},
    {"type": "SetSuit", "chain": 0, "place": 5, "suit": "planet"}, {"type": "EndTurn"},
    {"type": "PlayOn", "card": "Scout:5:3:planet:0", "place": 2, "face_up": True},
    {"type": "Discard", "chain": 0, "place": 0}, {"type": "EndTurn"},
    {"type": "PlayOn", "card": "Empath:4:4:star:0", "place": 5, "face_up": True}, {"type": "Flip", "chain": 0, "place": 1},
    {"type": "EndTurn"}, {"type": "PlayOn", "card": "Empath:1:2:planet:0", "place": 1, "face_up": True},
    {"type": "Flip", "chain": 0, "place": 4}, {"type": "EndTurn"},
    {"type": "PlayOn", "card": "Mercenary:4:7::0", "place": 4, "face_up": True}]


def test_a_solitaire_move_is_weighed_against_one_move_for_every_deal():
    """Knowing each deal, the solver takes another first step on some of them than on others;
    the player, who cannot tell them apart, takes one move on all: Hard's move at deal 7's move
    20 is weighed against the solver's favourite step, not against each deal's own best."""
    types = find_game("sovereign-solitaire").rules.saved_types
    opening = {number: from_json(item, types) for number, item in enumerate(HARD_OPENING, 1)}
    review = Review(scripted_save("sovereign-solitaire", 7, 1, opening), 0, keep=False)
    decision = next(d for d in review.decisions if d.move == len(HARD_OPENING))
    before, after, after_best, best = review.judge.solved_around(decision.view, decision.played, Rng(69))
    assert best != decision.played
    assert any(won is True and won_after is not True for won, won_after in zip(before, after_best))
    chances = [list(map(_solved_chance, answers)) for answers in (before, after, after_best)]
    assert mark_of(*_paired(chances[0], chances[1])) == COSTLY   # against each deal's own best
    assert mark_of(*_paired(chances[2], chances[1])) != COSTLY
    assert review.judge.judge(decision, seed=69).mark != COSTLY


def test_a_solitaire_move_is_not_costly_where_no_step_is_known_to_win():
    """Deal 1 at its move 2: within its budget the solver wins none of the deals the player
    cannot tell apart, before the move or after: no move is known to do better, and none is
    said to have lost the deal."""
    review = Review(scripted_save("sovereign-solitaire", 1, 1), 0, keep=False)
    decision = next(d for d in review.decisions if d.move == 2)
    before, after, _after_best, _best = review.judge.solved_around(decision.view, decision.played, Rng(9))
    assert True not in before and True not in after and None in before
    verdict = review.judge.judge(decision, seed=9)
    assert verdict.mark == BEST and verdict.hard == verdict.played and not verdict.lost_the_deal


# A LINX game (seed 4) where Ann, playing by the rule of thumb, would lay a chain of ten for 90
# points at her first turn (move 2) and discards 10 Heart from it instead: 35 points thrown away
# on average, with the game still open.
THROWN_SEED = 4
THROWN_MOVE = 2


def test_a_chain_thrown_away_early_is_costly_and_laying_it_is_not():
    linx = find_game("linx").rules
    thrown = next(a for a in linx.saved_types if a.__name__ == "Discard")
    save = scripted_save("linx", THROWN_SEED, 2, {THROWN_MOVE: thrown(card_of(linx, 10, "He"))})
    review = Review(save, 0, keep=False)   # the game's own budget
    decision = next(d for d in review.decisions if d.move == THROWN_MOVE)
    verdict = review.judge.judge(decision, seed=THROWN_SEED * 1000 + THROWN_MOVE)
    assert 0 < verdict.chance_played < verdict.chance_hard < 1   # not decided
    assert verdict.mark == COSTLY and verdict.points_cost >= POINTS_SCALES["linx"].costly_from
    assert type(verdict.hard).__name__ == "LayChain" and verdict.hard.scoring.points == 90
    laid = Decision(decision.move, decision.view, decision.legal, verdict.hard)
    assert review.judge.judge(laid, seed=THROWN_SEED * 1000 + THROWN_MOVE).mark == BEST


# A Cubes game (seed 1) where Ann, playing by the rule of thumb, could close a cube at move 22
# and places 8♦ where it closes none.
OPEN_LEFT = {"type": "Place", "card": "8D", "x": -1, "y": -3}


def test_a_cube_left_open_is_costly_and_closing_it_is_not():
    cubes = find_game("cubes").rules
    left_open = from_json(OPEN_LEFT, cubes.saved_types)
    save = scripted_save("cubes", 1, 2, {22: left_open})
    state = state_before(save, 22)
    review = Review(save, 0, keep=False)   # the game's own budget
    decision = next(d for d in review.decisions if d.move == 22)
    verdict = review.judge.judge(decision, seed=1022)
    assert cubes.points(cubes.apply(state, left_open)[0])[0] == cubes.points(state)[0]
    assert verdict.mark == COSTLY and cubes.points(cubes.apply(state, verdict.hard)[0])[0] > cubes.points(state)[0]
    closing = Decision(decision.move, decision.view, decision.legal, verdict.hard)
    assert review.judge.judge(closing, seed=1022).mark == BEST


# A Sovereign's Chain game (seed 8) where Ann, playing by the rule of thumb, plays Magistrate 6✳
# face up on her own chain at move 9, giving away its suit majority: its score falls by 3 or more.
GIVEN_AWAY = {"type": "Play", "card": "Magistrate:1:6:star:1", "chain": 0, "face_up": True}


def test_a_chain_majority_given_away_is_costly_and_keeping_it_is_not():
    sovereign = find_game("sovereigns-chain").rules
    given = from_json(GIVEN_AWAY, sovereign.saved_types)
    save = scripted_save("sovereigns-chain", 8, 2, {9: given})
    state = state_before(save, 9)
    assert chain_score(sovereign.apply(state, given)[0].chains[0]) <= chain_score(state.chains[0]) - 3
    review = Review(save, 0, keep=False)   # the game's own budget
    decision = next(d for d in review.decisions if d.move == 9)
    verdict = review.judge.judge(decision, seed=8021)
    assert verdict.mark == COSTLY and verdict.hard != given
    kept = Decision(decision.move, decision.view, decision.legal, verdict.hard)
    assert review.judge.judge(kept, seed=8021).mark == BEST


def card_of(linx, number: int, symbol: str):
    return next(c for c in linx.deck({"players": 2}) if c.number == number and c.symbol == symbol)


def test_a_forced_move_is_best_without_a_search(blunder_save, monkeypatch):
    review = Review(blunder_save, 0, budget=SMALL, keep=False)
    forced = [d for d in review.decisions if len(d.legal) == 1]
    assert forced and any(isinstance(d.played, Draw) for d in forced)
    monkeypatch.setattr("game.review.RolloutSearch", None)   # any search would fail
    monkeypatch.setattr("game.review.ISMCTS", None)
    judge = review.judge
    for decision in forced:
        verdict = judge.judge(decision, seed=1)
        assert verdict.mark == BEST and verdict.forced and verdict.hard == verdict.played == decision.played
        assert verdict.cost == 0.0 and verdict.chance_played is None


def test_moves_in_words_name_only_cards_the_seat_saw(blunder_save):
    """The move played is told as the table told the seat (its draw, with the card it drew); a
    move not played is told without a card the seat had not seen (a draw from a deal of the
    view would name a card made up)."""
    review = Review(blunder_save, 0, budget=SMALL, keep=False)
    draws = [d for d in review.decisions if isinstance(d.played, Draw)]
    drawn = [d.told[0].card for d in draws]
    assert all(review.judge.judge(d, seed=1).played_words.startswith(f"Ann draws {c.label}")
               for d, c in zip(draws, drawn) if c is not None)
    for k, decision in enumerate(draws):
        assert review.judge.describe_unplayed(decision.view, Draw(), Rng(k)) in ("Ann draws a card", "Ann: draw")


def test_the_marks_and_their_thresholds():
    assert mark_of(0.0, 0.0) == BEST
    assert mark_of(BEST_WITHIN - 0.001, 0.0) == BEST
    assert mark_of(-0.3, 0.1) == BEST                    # the move played looked better than Hard's
    assert mark_of(BEST_WITHIN, 0.0) == GOOD
    assert mark_of(COSTLY_FROM - 0.001, 0.0) == GOOD
    assert mark_of(COSTLY_FROM, 0.01) == COSTLY
    assert mark_of(0.5, 0.2) == COSTLY
    assert mark_of(0.3, 0.2) == GOOD                     # within the noise of the estimate


def test_only_the_seats_own_decisions_are_reviewed(blunder_save):
    session = Session.from_save(blunder_save)
    decisions = decisions_of(session, 0)
    assert decisions and all(isinstance(d.view, View) and d.view.seat == 0 for d in decisions)
    assert all(d.played in d.legal for d in decisions)
    assert decisions_of(session, 1) == []   # Bob is a computer: nothing of his is reviewed
    moves = [d.move for d in decisions]
    assert moves == sorted(set(moves)) and BLUNDER_MOVE in moves


def test_the_last_game_of_a_session_is_reviewed_while_a_person_played_the_seat():
    """As the replay shows it: the last game of the save, its moves numbered from its start; and
    only the moves a person made (the seat was handed to a computer for a while)."""
    seats = [{"name": "Ann"}, {"name": "Bob", "kind": "computer"}]
    session = Session("chains", {"seats": seats, "rules": {}, "games_to_win": 2}, 11)
    while not session.game_over:
        session.apply(session.legal_actions()[0] if session.to_move == 0 else session.computer_action())
    session.next_game()
    people = []
    while not session.game_over:
        if len(session.log) - session.game_start == 10:
            session.hand_over(0, "computer")
        if len(session.log) - session.game_start == 30:
            session.hand_over(0, "human")
        if session.to_move == 0 and session.seats[0].is_human:
            people.append(len(session.log) - session.game_start + 1)
            session.apply(session.legal_actions()[-1])
        else:
            session.apply(session.computer_action())
    decisions = decisions_of(Session.from_save(session.to_save()), 0)
    assert [d.move for d in decisions] == people
    assert any(move <= 10 for move in people) and any(move > 31 for move in people)
    assert not any(11 <= move <= 31 for move in people)   # handed over at move 11, back at 31


# ---------------------------------------------------------------- nothing hidden is read


def test_the_review_judges_from_the_view_alone(blunder_save):
    """Each decision judged again where every card the seat could not see is dealt otherwise (a
    determinization of its view: other hands, the draw pile): the same verdict. (What the move
    played showed the seat, its `told` events, is the seat's to know.)"""
    rules = find_game("chains").rules
    review = Review(blunder_save, 0, budget=SMALL, keep=False)
    judge = review.judge
    changed = 0
    for decision in review.decisions[-6:]:
        real = state_before(blunder_save, decision.move)
        other = rules.determinize(decision.view, Rng(decision.move))
        assert rules.view(other, 0) == decision.view
        changed += other.hands[1] != real.hands[1] or other.draw_pile != real.draw_pile
        moved = Decision(decision.move, rules.view(other, 0), tuple(rules.legal_actions(other)), decision.played,
                         decision.told)
        assert judge.judge(moved, seed=decision.move) == judge.judge(decision, seed=decision.move)
    assert changed >= 5


def test_a_decision_holds_no_state(blunder_save):
    """What the judge is handed: the move's number, the view, the legal moves, the move played
    and what it showed the seat; no field holds the state or a card the seat could not see then
    (or, for what the move showed, after it)."""
    rules = find_game("chains").rules
    for decision in Review(blunder_save, 0, budget=SMALL, keep=False).decisions:
        before = state_before(blunder_save, decision.move)
        hidden = rules.hidden_cards(before, 0)
        assert hidden
        for value in (decision.view, decision.legal, decision.played):
            assert not hidden & cards_seen(value, ())
        after, _events = rules.apply(before, decision.played)
        assert not rules.hidden_cards(after, 0) & cards_seen(decision.told, ())


def test_the_draw_the_table_makes_for_a_cubes_player_is_no_decision_of_theirs(blunder_save):
    """Cubes draws the card that starts a turn for the player: the review leaves those draws out
    and judges every placing and passing. Chains' draw, the one move left, is still the
    player's own click, and a decision."""
    from game.cubes.rules import Draw as CubesDraw

    save = scripted_save("cubes", 3, 2)
    saved = Session.from_save(save)
    replayed, own = Session(saved.game, saved.config, saved.seed), []
    for item in saved.log:
        if replayed.to_move == 0:
            own.append(item["type"])
        replayed.replay_item(item)
    decisions = decisions_of(saved, 0)
    assert "Draw" in own and not any(isinstance(d.played, CubesDraw) for d in decisions)
    assert len(decisions) == len([kind for kind in own if kind != "Draw"]) > 0
    chains_decisions = decisions_of(Session.from_save(blunder_save), 0)
    assert any(isinstance(d.played, Draw) and len(d.legal) == 1 for d in chains_decisions)


# ---------------------------------------------------------------- every game


@pytest.mark.parametrize("game", [g.name for g in GAMES])
def test_a_review_of_each_game_judges_every_decision(game):
    rules = find_game(game).rules
    save = scripted_save(game, 3, rules.default_players)
    verdicts = Review(save, 0, budget=TINY, keep=False).run()
    decisions = decisions_of(Session.from_save(save), 0)
    assert [v.move for v in verdicts] == [d.move for d in decisions] and verdicts
    points = rules.points(Session.from_save(save).state) is not None
    for verdict, decision in zip(verdicts, decisions):
        assert verdict.played == decision.played and verdict.hard in decision.legal
        assert verdict.played_words and verdict.hard_words
        assert verdict.forced == (len(decision.legal) == 1)
        if verdict.mark == COSTLY:
            assert verdict.cost >= COSTLY_FROM or verdict.points_cost >= POINTS_SCALES[game].costly_from
        if verdict.hard == verdict.played:
            assert verdict.mark == BEST and verdict.cost == 0.0
        if not points:
            assert verdict.points_cost is None


def test_a_review_is_the_same_every_time():
    save = scripted_save("linx", 5, 2)
    first = Review(save, 0, budget=TINY, keep=False).run()
    assert Review(save, 0, budget=TINY, keep=False).run() == first


def test_points_in_games_scored_in_points():
    cubes = find_game("cubes").rules
    state = cubes.setup({"players": 2}, 1)
    assert cubes.points(state) == (0.0, 0.0)
    state.piles[1].extend(state.draw_pile[:4])
    assert cubes.points(state)[1] > 0 == cubes.points(state)[0]
    chainchain = find_game("chainchain").rules
    state = chainchain.setup({"players": 4}, 1)
    state.collected[2].extend(state.draw_pile[:3])
    assert chainchain.points(state) == (0.0, 0.0, -3.0, 0.0)
    linx = find_game("linx").rules
    assert linx.points(linx.setup({"players": 2}, 1)) == (0.0, 0.0)
    chains = find_game("chains").rules
    state = chains.setup({"players": 3}, 1)
    state.hands[1].pop()
    assert chains.points(state) == (-5.0, -4.0, -5.0)   # the cards left in hand
    for name in ("sovereigns-chain", "sovereign-solitaire"):
        rules = find_game(name).rules
        assert rules.points(rules.setup({"players": rules.default_players}, 1)) is None
    sovereign = find_game("sovereigns-chain").rules
    finished = Session.from_save(scripted_save("sovereigns-chain", 2, 2)).state
    assert sovereign.points(finished) == sovereign.outcome(finished).scores


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_opening_pick_is_told_by_the_card_picked(players):
    """Sovereign's Chain opens with every seat choosing a card face down: the table's event
    ("Every player starts a chain...") names neither the seat nor the card, so the words say
    the seat's own pick."""
    save = scripted_save("sovereigns-chain", 2, players)
    review = Review(save, 0, budget=TINY, keep=False)
    first, judge = review.decisions[0], review.judge
    assert type(first.played).__name__ == "Open"
    words = judge.judge(first, seed=1).played_words
    assert words == f"Ann starts a chain face down with {first.played.card.label}"
    other = next(a for a in first.legal if a != first.played)
    assert judge.describe_unplayed(first.view, other, Rng(1)) == f"Ann starts a chain face down with {other.card.label}"


def sovereign_decisions(players: int, seeds=range(1, 4)):
    """Ann's decisions in Sovereign's Chain games of `players` seats, with their judge."""
    for seed in seeds:
        review = Review(scripted_save("sovereigns-chain", seed, players), 0, budget=TINY, keep=False)
        for decision in review.decisions:
            yield decision, review.judge


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_declined_option_is_told_by_what_was_declined(players):
    """Skip and End turn make no event of their own: the first event after them (a draw, the
    scores) said nothing of the choice. They are told by the option declined, whether played
    or Hard's."""
    skips = ends = 0
    for decision, judge in sovereign_decisions(players):
        names = {type(a).__name__: a for a in decision.legal}
        kind = decision.view.pending.kind if decision.view.pending else None
        if "Skip" in names:
            skips += 1
            words = judge.describe_unplayed(decision.view, names["Skip"], Rng(1))
            assert words == f"Ann {DECLINED[kind]}", (kind, words)
        if "EndTurn" in names and len(decision.legal) > 1:
            ends += 1
            assert judge.describe_unplayed(decision.view, names["EndTurn"], Rng(1)) == \
                "Ann ends the turn, placing no more tokens"
        if type(decision.played).__name__ in ("Skip", "EndTurn"):
            assert judge.describe_played(decision).startswith(("Ann declines", "Ann ends the turn"))
    assert skips and ends


def test_every_option_a_skip_declines_is_named():
    asked = {kind for kind, prompt in PROMPTS.items() if prompt.endswith(", or skip")}
    assert asked and asked <= set(DECLINED)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_cubes_placement_names_its_cell_by_the_cards_it_touches(players):
    """Two placements of one card beside the same card differed only by their cell: the words
    say on which side of each card they touch it lies."""
    save = scripted_save("cubes", 1, players)
    review = Review(save, 0, budget=TINY, keep=False)
    told = 0
    for decision in review.decisions:
        board = decision.view.board_dict()
        for action in decision.legal:
            if type(action).__name__ != "Place":
                continue
            words = review.judge.describe_unplayed(decision.view, action, Rng(1))
            sides = [f"{side} {board[(action.x + dx, action.y + dy)].label}" for dx, dy, side in
                     ((0, 1, "above"), (0, -1, "below"), (1, 0, "left of"), (-1, 0, "right of"))
                     if (action.x + dx, action.y + dy) in board]
            assert sides and all(side in words for side in sides), (words, sides)
            assert words.startswith(f"Ann places {action.card.label} ")
            told += 1
    assert told


# ---------------------------------------------------------------- off the frame loop, kept


def test_steps_progress_and_cancel(blunder_save, private_home):
    review = Review(blunder_save, 0, budget=TINY)
    total = len(review.decisions)
    assert review.progress == 0.0 and total > 3
    assert review.step()
    assert review.progress == pytest.approx(1 / total)
    review.cancel()
    assert not review.step()
    assert len(review.verdicts) == 1 and not review.done
    assert not storage.reviews_dir().exists()   # nothing kept of a review cancelled


def test_a_finished_review_is_kept_and_read_back(blunder_save, monkeypatch):
    first = Review(blunder_save, 0, budget=TINY)
    verdicts = first.run()
    assert first.done and first.progress == 1.0 and not first.from_store
    assert (storage.reviews_dir() / f"{first.name}.json").is_file()

    def no_judging(*_args):
        raise AssertionError("a kept review was judged again")

    monkeypatch.setattr(Judge, "judge", no_judging)
    again = Review(blunder_save, 0, budget=TINY)
    assert again.from_store and again.done and again.verdicts == verdicts
    assert not again.step()


@pytest.mark.parametrize("damage", ["not json {", "[]", '{"format": 1}', "garbage verdicts", "another game"])
def test_a_broken_kept_review_is_ignored_and_made_again(blunder_save, damage):
    first = Review(blunder_save, 0, budget=TINY)
    verdicts = first.run()
    path = storage.reviews_dir() / f"{first.name}.json"
    data = json.loads(path.read_text())
    if damage == "garbage verdicts":
        data["verdicts"][0]["mark"] = "brilliant"
        text = json.dumps(data)
    elif damage == "another game":
        data["key"]["seed"] += 1
        text = json.dumps(data)
    else:
        text = damage
    path.write_text(text)
    again = Review(blunder_save, 0, budget=TINY)
    assert not again.from_store and not again.done
    assert again.run() == verdicts
    assert json.loads(path.read_text())["verdicts"] == [v.to_data() for v in verdicts]


def test_a_review_is_kept_by_game_seat_and_version(blunder_save, monkeypatch):
    key = Review(blunder_save, 0, budget=TINY, keep=False).key
    assert key["seat"] == 0 and key["seed"] == BLUNDER_SEED and key["actions"] == blunder_save["actions"]
    assert review_name(key) != review_name({**key, "seat": 1})
    monkeypatch.setattr("game.review.REVIEW_VERSION", REVIEW_VERSION + 1)
    assert review_name(Review(blunder_save, 0, budget=TINY, keep=False).key) != review_name(key)


def test_bad_requests_are_refused_with_a_reason(blunder_save):
    with pytest.raises(ValueError, match="no seat 2"):
        Review(blunder_save, 2)
    with pytest.raises(SaveError):
        Review({**blunder_save, "actions": blunder_save["actions"][:5] + [{"type": "Play"}]}, 0)


def test_only_the_newest_reviews_are_kept(monkeypatch):
    folder = storage.reviews_dir()
    for age, name in enumerate(["newest", "older", "oldest"]):
        storage.save_review(name, "{}")
        stamp = 1_700_000_000 - 1000 * age
        os.utime(folder / f"{name}.json", (stamp, stamp))
    monkeypatch.setattr(storage, "REVIEWS_KEPT", 2)
    storage.save_review("now", "{}")
    assert sorted(path.stem for path in folder.glob("*.json")) == ["newest", "now"]
    assert storage.load_review("now") == {} and storage.load_review("oldest") is None

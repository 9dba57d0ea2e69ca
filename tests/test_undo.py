"""Undo, redo and restart in a session, and the rules hook that says a step showed a hidden card.

Undo goes back to the human's previous decision against computers, never past a step that showed
a card hidden until then (a draw, a card played from a hidden hand, hands shown at the end) and
never into another human's turn in pass-and-play. It is a replay of the log minus its tail.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cards import card
from game.chainchain.rules import RULES as CHAINCHAIN
from game.chains.rules import RULES as CHAINS
from game.chains.rules import ChainsState, Draw, Play
from game.core import IllegalAction, cards_seen, from_json
from game.cubes.rules import RULES as CUBES
from game.cubes.rules import Draw as CubesDraw
from game.cubes.rules import Place
from game.registry import GAMES
from game.rng import Rng
from game.session import Session

PLAYABLE = [game.name for game in GAMES]


def standard_players(game: str) -> int:
    rules = next(g.rules for g in GAMES if g.name == game)
    return (rules.standard_players or (rules.min_players,))[0]


def table(game: str, kinds: str, seed: int = 1) -> Session:
    """A session with one seat per letter of `kinds`: h a human, c a (random) computer."""
    seats = [{"name": f"P{i}", "kind": "human" if k == "h" else "computer", "difficulty": "random"}
             for i, k in enumerate(kinds)]
    return Session(game, {"seats": seats}, seed)


def step(session: Session, rnd: random.Random) -> None:
    session.apply(rnd.choice(session.legal_actions()))


def chains_position(hands, chains, draw_pile) -> ChainsState:
    from game.cards import cards

    return ChainsState(players=2, draw_rule="three", hands=[cards(h) for h in hands], chains=[cards(c) for c in chains],
                       draw_pile=cards(draw_pile), rng=Rng(1))


# ---------------------------------------------------------------- the hook: shows_hidden


def test_chains_a_draw_shows_the_drawer_a_hidden_card_and_not_the_other_seat():
    """Chains: a card drawn without fitting goes to the hand, face down to the others."""
    before = chains_position(["2H 2C", "3D"], ["5S", "8S", "JH"], "KD")
    after, _ = CHAINS.apply(before, Draw())
    assert CHAINS.shows_hidden(before, after, 0)
    assert not CHAINS.shows_hidden(before, after, 1)


def test_chains_a_card_played_from_a_hidden_hand_shows_it_to_the_others_not_to_its_owner():
    before = chains_position(["4H 9C", "3D"], ["5S", "8S", "JH"], "KD")
    after, _ = CHAINS.apply(before, Play(card("4H"), 0))
    assert CHAINS.shows_hidden(before, after, 1)
    assert not CHAINS.shows_hidden(before, after, 0)


def test_cubes_a_draw_shows_the_drawer_only_and_a_placement_shows_the_others():
    """Cubes: the drawn card is the drawer's alone; a card placed from hand shows the others."""
    state = CUBES.setup({"players": 2}, 4)
    drawn, _ = CUBES.apply(state, CubesDraw())
    assert CUBES.shows_hidden(state, drawn, 0) and not CUBES.shows_hidden(state, drawn, 1)
    place = next(a for a in CUBES.legal_actions(drawn) if isinstance(a, Place))
    placed, _ = CUBES.apply(drawn, place)
    assert CUBES.shows_hidden(drawn, placed, 1) and not CUBES.shows_hidden(drawn, placed, 0)


def first_position(game: str, kinds: str, found, seeds: int = 100) -> Session:
    """The first position of seeded random play (seed 0, 1, ...) where `found(session)` holds."""
    for seed in range(seeds):
        session, rnd = table(game, kinds, seed), random.Random(seed)
        while not session.game_over:
            step(session, rnd)
            if found(session):
                return session
    raise AssertionError(f"no such position in {seeds} deals")


def last(session: Session, kind: str, seat: int) -> bool:
    return bool(session.log) and session.log[-1]["type"] == kind and session.movers[-1] == seat


def test_cubes_a_pass_shows_nothing():
    session = first_position("cubes", "cc", lambda s: last(s, "Pass", 0))
    replay = Session.from_save({**session.to_save(), "actions": session.log[:-1]})
    assert not any(CUBES.shows_hidden(replay.state, session.state, seat) for seat in range(2))


def test_chainchain_a_play_shows_the_others_its_two_cards_and_the_player_only_a_draw():
    """Chain-Chain: the two cards played came from a hidden hand, so the others see new cards;
    the player sees new cards only when the play made them draw from the stock."""
    state = CHAINCHAIN.setup({"players": 4}, 3)
    rnd = random.Random(3)
    for _ in range(60):
        seat = CHAINCHAIN.to_move(state)
        action = rnd.choice(CHAINCHAIN.legal_actions(state))
        after, events = CHAINCHAIN.apply(state, action)
        if type(action).__name__ == "Play":
            assert all(CHAINCHAIN.shows_hidden(state, after, s) for s in range(4) if s != seat)
            drew = any(type(e).__name__ == "Drew" and e.seat == seat and e.count for e in events)
            assert CHAINCHAIN.shows_hidden(state, after, seat) == drew
        state = after
        if CHAINCHAIN.to_move(state) is None:
            break


# ---------------------------------------------------------------- undo against computers


def cubes_after_human_placement() -> Session:
    """Cubes against a computer: the human (seat 0) has just placed a card; the computer is to
    draw."""
    return first_position("cubes", "hc", lambda s: last(s, "Place", 0) and not s.game_over)


def test_undo_takes_back_the_last_human_decision():
    """Undo returns to the human's previous decision: the state before their placement."""
    session = cubes_after_human_placement()
    before = Session.from_save({**session.to_save(), "actions": session.log[:-1]})
    assert session.can_undo
    session.undo()
    assert session.log == before.log and session.view(0) == before.view(0) and session.to_move == 0


def test_undo_takes_back_computer_moves_that_showed_nothing():
    """Against computers, undo goes back over the computers' moves to the human's decision when
    none of them showed a hidden card (a Cubes computer's draw stays in its hand)."""
    session = cubes_after_human_placement()
    log = session.log[:-1]
    session.apply(CubesDraw())
    assert session.movers[-2:] == [0, 1] and session.undo_point() == len(log)
    session.undo()
    assert session.log == log and session.to_move == 0


def test_undo_never_goes_back_past_a_card_shown():
    """No undo past the human's own draw (they saw the card), nor past a computer's placement
    (a card from its hidden hand)."""
    session = cubes_after_human_placement()
    session.undo()
    assert session.log[-1]["type"] == "Draw" and not session.can_undo
    session.apply(next(a for a in session.legal_actions() if isinstance(a, Place)))
    session.apply(CubesDraw())
    computer_move = next((a for a in session.legal_actions() if isinstance(a, Place)), None)
    if computer_move is not None:
        session.apply(computer_move)
        assert not session.can_undo


def test_chains_undo_over_a_computers_hidden_draw():
    """Chains against a computer: its draw of a card that does not fit stays face down, so undo
    reaches back over it to the human's play."""
    session = first_position("chains", "hc", lambda s: (
        last(s, "Draw", 1) and not s.moves[-1].events[-1].fits and s.to_move == 1 and s.movers[-2] == 0))
    point = session.undo_point()
    assert point == len(session.log) - 2
    session.undo()
    assert session.to_move == 0


def test_no_undo_before_any_human_decision():
    session = table("chains", "ch", 2)
    step(session, random.Random(2))
    assert session.movers == [0] and not session.can_undo
    with pytest.raises(IllegalAction, match="cannot be taken back"):
        session.undo()


def test_no_undo_into_the_previous_game_of_a_session():
    session = Session("chains", {"seats": [{"name": "A"}, {"name": "B", "kind": "computer"}],
                                 "games_to_win": 5}, 5)
    rnd = random.Random(5)
    while not session.game_over:
        step(session, rnd)
    session.next_game()
    assert session.undo_point() is None


# ---------------------------------------------------------------- pass-and-play


def test_pass_and_play_undo_never_reaches_into_another_humans_turn():
    """Two humans: a pass shows nothing, yet once the turn is the other human's it cannot be
    taken back; against a computer the same pass can."""
    passed = lambda s: last(s, "Pass", 0) and not s.game_over  # noqa: E731
    assert not first_position("cubes", "hh", passed).can_undo
    assert first_position("cubes", "hc", passed).can_undo


def test_mixed_table_undo_while_a_computer_is_to_move():
    """Two humans and a computer: the human who just passed may take it back before the
    computer moves (it is no other human's turn); a placement, which showed the other human a
    card, may not."""
    session = first_position("cubes", "hch", lambda s: last(s, "Pass", 0) and s.to_move == 1)
    assert session.undo_point() == len(session.log) - 1
    assert not first_position("cubes", "hch", lambda s: last(s, "Place", 0) and s.to_move == 1).can_undo


# ---------------------------------------------------------------- redo and restart


def test_redo_replays_what_undo_took_back():
    session = cubes_after_human_placement()
    after = (list(session.log), session.view(0))
    session.undo()
    assert session.can_redo
    session.redo()
    assert (session.log, session.view(0)) == after and not session.can_redo


def test_a_new_move_forgets_the_redo():
    session = cubes_after_human_placement()
    session.undo()
    session.apply(session.legal_actions()[-1])
    assert not session.can_redo
    with pytest.raises(IllegalAction, match="nothing to redo"):
        session.redo()


@pytest.mark.parametrize("game", PLAYABLE)
def test_restart_deals_the_same_cards_again(game):
    """Restart: the current game from its first move, the same deal, marked as assisted."""
    session = table(game, "h" + "c" * (standard_players(game) - 1), 9)
    start = [session.view(seat) for seat in range(len(session.seats))]
    rnd = random.Random(9)
    for _ in range(12):
        if not session.game_over:
            step(session, rnd)
    session.restart()
    assert session.log == [] and [session.view(s) for s in range(len(session.seats))] == start
    assert session.game_assisted


def test_undo_marks_the_game_assisted_and_the_save_keeps_it():
    session = cubes_after_human_placement()
    assert not session.game_assisted
    session.undo()
    assert session.game_assisted
    assert Session.loads(session.dumps()).game_assisted


def test_a_hint_marks_the_game_assisted():
    session = table("chains", "hc")
    session.note_hint()
    assert session.game_assisted and Session.loads(session.dumps()).assisted == {0}


# ---------------------------------------------------------------- the property


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(PLAYABLE), seed=st.integers(0, 2**32), ops=st.lists(st.integers(0, 9), max_size=120))
def test_undo_never_returns_to_a_view_lacking_a_card_the_human_has_since_seen(game, seed, ops):
    """Whatever mix of moves, undos and redos: after every undo the human's view is the one
    they had at that point, it holds every card they saw at any point since (event cards
    included), and it is a decision of theirs."""
    check_undo_never_unsees(game, seed, ops)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), ops=st.lists(st.integers(0, 3), min_size=60, max_size=200))
def test_sovereigns_chain_undo_never_goes_back_past_an_event_drawn_face_up(seed, ops):
    """Undo never crosses a step that showed a human a hidden card, event cards included: long
    games with frequent undos, where (E) cards draw events."""
    check_undo_never_unsees("sovereigns-chain", seed, ops)


def check_undo_never_unsees(game: str, seed: int, ops: list[int]) -> None:
    session = table(game, "h" + "c" * (standard_players(game) - 1), seed)
    rules = session.rules
    rnd = random.Random(seed)
    views = [session.view(0)]  # the human's view after each move of the current game
    for op in ops:
        if session.game_over:
            break
        if op == 0 and session.can_undo:
            point = session.undo_point()
            session.undo()
            kinds = rules.card_types + rules.shown_types
            seen_at_point = cards_seen(views[point], kinds)
            for later in views[point + 1:]:
                assert not cards_seen(later, kinds) - seen_at_point
            views = views[:point + 1]
            assert session.view(0) == views[point] and session.to_move == 0
        elif op == 1 and session.can_redo:
            session.redo()
            views = _views_by_replay(session)
        else:
            step(session, rnd)
            views.append(session.view(0))


def _views_by_replay(session: Session) -> list:
    """The human's view after each move of the log, by replaying it."""
    replay = Session.from_save({**session.to_save(), "actions": []})
    views = [replay.view(0)]
    for item in session.log:
        replay.apply(from_json(item, session.rules.saved_types))
        views.append(replay.view(0))
    return views

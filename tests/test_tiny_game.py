"""A new game through its descriptor alone: Face Down (tests/tiny/game.py), registered for the
test, runs through the generic property tests, every computer player and a save; and the search
never branches on a card it cannot see."""

from __future__ import annotations

import random

import pytest
from tiny import game as tiny_game
from test_properties import PROPERTIES, cases_of

from game import registry
from game.ai.ismcts import ISMCTS
from game.ai.levels import DIFFICULTIES, make_player
from game.core import Rules
from game.session import Session

SEEDS = range(8)


@pytest.fixture
def registered(monkeypatch):
    """The registry with Face Down added, as a game package would add it."""
    monkeypatch.setattr(registry, "GAMES", registry.GAMES + (tiny_game.GAME,))
    return tiny_game.GAME


@pytest.mark.parametrize("check", PROPERTIES, ids=lambda check: check.__name__)
def test_the_generic_properties_hold_for_a_new_game(registered, check):
    cases = cases_of(registry.find_game("tiny"))
    assert {c.players for c in cases} == {2, 3} and {c.config_dict["hand_size"] for c in cases} == {2, 3}
    for c in cases:
        for seed in SEEDS:
            check(c, seed, seed + 100, seed + 200)


@pytest.mark.parametrize("difficulty", [d.key for d in DIFFICULTIES])
def test_a_computer_of_every_difficulty_plays_a_new_game(registered, difficulty):
    rules = registered.rules
    state = rules.setup({"players": 3, "hand_size": 3}, 5)
    players = [make_player(registered, difficulty, seed, budget=40) for seed in range(3)]
    while (seat := rules.to_move(state)) is not None:
        action = players[seat].choose(rules.view(state, seat), rules.legal_actions(state))
        state, _events = rules.apply(state, action)
    assert rules.outcome(state).winners


def test_a_new_game_saves_and_loads(registered):
    config = {"seats": [{"name": "Ann"}, {"name": "Bob", "kind": "computer", "difficulty": "hard"}],
              "rules": {"hand_size": 3}}
    session = Session("tiny", config, 11)
    rnd = random.Random(3)
    while not session.game_over:
        if session.to_move in session.computers:
            session.apply(session.computer_action())
        else:
            session.apply(rnd.choice(session.legal_actions()))
    again = Session.loads(session.dumps())
    assert again.log == session.log and again.wins == session.wins
    assert again.view(None) == session.view(None)
    assert any(isinstance(item["card"], str) for item in session.log)  # a Pip is saved as its code


def test_the_search_never_branches_on_a_card_it_cannot_see():
    """Seat 0 searches; below each of its moves, seat 1's face-down plays (whatever card the
    determinization gave it) share one node, keyed by what seat 0 sees; its face-up plays and
    seat 0's own plays stay apart."""
    rules = tiny_game.RULES
    state = rules.setup({"players": 2, "hand_size": 3}, 9)
    search = ISMCTS(rules, iterations=400, seed=2)
    search.search(rules.view(state, 0), rules.legal_actions(state))
    hidden = tiny_game.Play(None, True)
    replies = 0
    for own, node in search.root.children.items():
        assert own.card is not None
        for reply, child in node.children.items():
            assert reply == hidden or not reply.face_down, reply
            replies += reply == hidden and child.visits > 1
            for again in child.children:  # seat 0 again: its own cards, face down too
                assert again.card is not None
    assert replies == len(search.root.children)


def test_a_search_that_keys_by_the_action_would_branch():
    """The same position keyed by the concrete action (as if every play were public) gives seat
    1 several face-down children: what the test above rules out."""
    class Open(tiny_game.TinyRules):
        public_action = Rules.public_action  # every action as it is

    rules = Open()
    state = rules.setup({"players": 2, "hand_size": 3}, 9)
    search = ISMCTS(rules, iterations=400, seed=2)
    search.search(rules.view(state, 0), rules.legal_actions(state))
    node = max(search.root.children.values(), key=lambda n: n.visits)
    assert sum(1 for reply in node.children if reply.face_down) > 1


def test_a_new_game_plays_at_a_headless_table_through_the_mouse(registered, driver):
    """The table scene the descriptor names, built from the shared parts, takes a whole game by
    drag and drop to the results; the other seat's face-down card is a back at the table."""
    from scenes.menus.gameover import GameOver

    config = {"seats": [{"name": "Ann"}, {"name": "Bob", "kind": "computer", "difficulty": "normal"}],
              "rules": {"hand_size": 3}}
    driver.app.screens.table(Session("tiny", config, 4))
    table = driver.app.top
    assert type(table).__name__ == "TinyTable"
    for _ in range(2000):
        if isinstance(driver.app.top, GameOver):
            break
        if table.my_turn:
            view = table.current_view()
            card = table.hand.cards(view)[0]
            before = len(table.session.log)
            driver.drag(table.hand.card_center(view, card), table.zones[True].center)
            assert len(table.session.log) == before + 1, table.prompt_line.message
            assert table.session.view(1).tables[0][-1] == (None, True), "Bob sees a back"
        driver.frame(dt=0.05)
    else:
        pytest.fail("the game never reached the results")
    assert table.session.game_over

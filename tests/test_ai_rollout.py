"""The rollout search: the rule of thumb's best moves compared by playing on with the rule of thumb.

game/ai/rollout.py: candidates from the rule of thumb's ranking, common deals and random choices
for every candidate, the game's horizon, and the rule of thumb's first choice kept unless another
move beats it by the margin.
"""

from __future__ import annotations

import pytest

from game.ai.rollout import RolloutSearch
from game.cards import card, cards, standard_deck
from game.cubes.ai import CubesHeuristic
from game.chainchain.rules import reverses
from game.cubes.rules import PLACE, CubesState, Place
from game.registry import GAMES, find_game
from game.rng import Rng

BUILT = [game.name for game in GAMES]


def decision_points(game: str, players: int, seed: int, count: int):
    """(view, legal) at `count` decisions with a choice, from a game of rule-of-thumb players."""
    rules = find_game(game).rules
    player = find_game(game).heuristic(seed)
    state = rules.setup({"players": players}, seed)
    found = []
    while (seat := rules.to_move(state)) is not None:
        legal = rules.legal_actions(state)
        view = rules.view(state, seat)
        if len(legal) > 1:
            found.append((view, legal))
        state, _ = rules.apply(state, player.choose(view, legal))
    step = max(1, len(found) // count)
    return found[::step][:count]


def second_guess(heuristic: type) -> type:
    """A rule of thumb that ranks its best move second."""

    class SecondGuess(heuristic):
        def ranking(self, view, legal):
            ranked = super().ranking(view, legal)
            return ranked[1:2] + ranked[:1] + ranked[2:]

    return SecondGuess


SecondGuess = second_guess(CubesHeuristic)


def cubes_state(board: dict, hands: list[str]) -> CubesState:
    hands = [cards(h) for h in hands]
    used = set(board.values()) | {c for h in hands for c in h}
    draw_pile = [c for c in standard_deck() if c not in used]
    return CubesState(players=len(hands), board=board, hands=hands, draw_pile=draw_pile, piles=[[] for _ in hands],
                      rng=Rng(1), current=0, phase=PLACE, turn=10)


def test_rollouts_overrule_a_first_choice_that_leaves_a_cube_unscored():
    """Three cards of a 2x2 and a card in hand that closes it: a rule of thumb that ranks
    something else first is overruled, since every rollout shows the points."""
    rules = find_game("cubes").rules
    board = {(0, 0): card("5H"), (1, 0): card("6H"), (0, 1): card("5S")}
    state = cubes_state(board, ["KC 2D 6S QC JD", "3C 4C 8D 9D TD"])
    view = rules.view(state, 0)
    legal = rules.legal_actions(state)
    scoring = Place(card("6S"), 1, 1)
    assert SecondGuess(3).ranking(view, legal)[1] == scoring
    search = RolloutSearch(rules, SecondGuess, deals=30, seed=4)
    assert search.search(view, legal) == scoring
    assert search.means[scoring] > 0.5


def test_rollouts_overrule_a_first_choice_that_lets_the_other_player_win(chains_last_card):
    """Chains: a 4 lets the other player play their last card and win, a 9 leaves them stuck. A
    rule of thumb that ranks the 4 first is overruled."""
    from game.chains.ai import ChainsHeuristic

    state, blunder, block = chains_last_card
    rules = find_game("chains").rules
    view = rules.view(state, 0)
    legal = rules.legal_actions(state)
    heuristic = second_guess(ChainsHeuristic)
    assert heuristic(1).ranking(view, legal)[0] == blunder
    search = RolloutSearch(rules, heuristic, deals=40, seed=5)
    assert search.search(view, legal) == block
    assert search.means[blunder] == 0.0


def test_the_first_choice_stays_unless_another_is_better_by_the_margin():
    search = RolloutSearch(find_game("cubes").rules, CubesHeuristic, margin=1.0)
    assert search.best_candidate([[0.5, 0.6, 0.4], [0.5, 0.6, 0.4]]) == 0           # level
    assert search.best_candidate([[0.5, 0.5, 0.5, 0.5], [0.9, 0.1, 0.9, 0.2]]) == 0  # better on average, noisy
    assert search.best_candidate([[0.4, 0.5, 0.3, 0.6], [0.6, 0.7, 0.5, 0.8]]) == 1  # better on every deal
    assert search.best_candidate([[0.4, 0.5, 0.3], [0.9, 0.2, 0.9], [0.6, 0.7, 0.5]]) == 2


@pytest.mark.parametrize("game", BUILT)
def test_rollouts_are_reproducible_from_the_seed(game):
    rules = find_game(game).rules
    heuristic = find_game(game).heuristic
    for view, legal in decision_points(game, rules.min_players, seed=6, count=3):
        runs = []
        for _ in range(2):
            search = RolloutSearch(rules, heuristic, deals=8, seed=11)
            runs.append((search.search(view, legal), search.means))
        assert runs[0] == runs[1]
        assert runs[0][0] in legal


@pytest.mark.parametrize("game", BUILT)
def test_every_candidate_meets_the_same_deals_and_the_horizon_holds(game):
    rules = find_game(game).rules
    view, legal = decision_points(game, rules.min_players, seed=2, count=1)[0]
    search = RolloutSearch(rules, find_game(game).heuristic, deals=6, candidates=3, seed=1)
    search.search(view, legal)
    candidates = len(search.means)
    assert 2 <= candidates <= 3
    assert search.stats.iterations == 6 * candidates
    if rules.playout_horizon is not None:
        assert search.stats.playout_actions <= rules.playout_horizon * search.stats.iterations


def test_one_legal_action_needs_no_rollout():
    rules = find_game("cubes").rules
    state = rules.setup({"players": 2}, 1)
    legal = rules.legal_actions(state)
    search = RolloutSearch(rules, CubesHeuristic, deals=10**9, seed=1)
    assert search.search(rules.view(state, 0), legal) == legal[0]
    assert search.stats.iterations == 0


def test_a_search_asked_to_play_to_the_end_passes_the_horizon():
    rules = find_game("linx").rules
    view, legal = decision_points("linx", 2, seed=2, count=1)[0]
    world = rules.determinize(view, Rng(3))
    stopped, _played = RolloutSearch(rules, find_game("linx").heuristic, seed=1).play_on(rules.clone(world), legal[0], 5)
    ended, played = RolloutSearch(rules, find_game("linx").heuristic, seed=1, to_the_end=True).play_on(
        rules.clone(world), legal[0], 5)
    assert rules.outcome(stopped) is None and rules.outcome(ended) is not None and played > rules.playout_horizon


def test_a_double_the_rule_of_thumb_ranks_low_is_weighed_beside_its_best_three():
    """Chain-Chain: a double reverses play (the next seat never answers it), and the rule of thumb
    may rank it below its best three on what it keeps in hand; the rollouts still weigh the best
    double beside those three (and the best single where the three are all doubles), no more."""
    rules = find_game("chainchain").rules
    search = RolloutSearch(rules, find_game("chainchain").heuristic, deals=1, seed=3)
    first = search.candidates
    low_doubles = 0
    for seed in range(1, 9):
        for view, legal in decision_points("chainchain", 3, seed, 40):
            ranked = search.heuristic.ranking(view, legal)
            doubling = [reverses(view.pile, view.required, move.first, move.second, view.variant) for move in ranked]
            missing = [next(move for move, kind in zip(ranked, doubling) if kind is wanted)
                       for wanted in (True, False) if wanted in doubling and wanted not in doubling[:first]]
            low_doubles += True in doubling and True not in doubling[:first]
            assert search.weighed(view, ranked) == ranked[:first] + missing
    assert low_doubles >= 3, "the games played hold positions where the best double ranks below the best three"

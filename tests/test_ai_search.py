"""The search player (ISMCTS) and what it relies on: determinize, views only, the arena.

DESIGN.md, "Computer players": an AI sees only its View; determinize honours what play revealed
(test `view(determinize(v), seat) == v` for every game); a search player works on any game
through the rules surface; an arena prints win rates with confidence intervals and move times.
"""

from __future__ import annotations

import time

import pytest

from game.ai import DIFFICULTIES, make_player
from game.ai.arena import main as arena_main
from game.ai.arena import parse_kind, percentile, run_arena, wilson
from game.ai.ismcts import ISMCTS, ISMCTSPlayer
from game.ai.rollout import RolloutPlayer
from game.chains.rules import NEIGHBOURS, Draw, Pass, Play
from game.registry import GAMES, find_game
from game.rng import Rng

BUILT = [game.name for game in GAMES]
SMALL_SEARCH = 25
SMALL_ROLLOUT = 3   # deals: each plays every candidate on to the game's horizon


def random_positions(rules, players: int, seed: int, config: dict | None = None):
    """(state, legal) at every decision of one random game, and the final state last."""
    state = rules.setup({**(config or {}), "players": players}, seed)
    rng = Rng(seed ^ 0xC0FFEE)
    while rules.to_move(state) is not None:
        legal = rules.legal_actions(state)
        yield state, legal
        state, _events = rules.apply(state, legal[rng.below(len(legal))])
    yield state, []


# ---------------------------------------------------------------- determinize


@pytest.mark.parametrize("game", BUILT)
def test_view_of_a_determinization_is_the_view(game):
    """view(determinize(view), seat) == view, at random points of random games, for every seat."""
    rules = find_game(game).rules
    checked = 0
    counts = range(rules.min_players, rules.max_players + 1)
    for players in counts:
        for seed in range(max(6, 12 // len(counts))):  # a one-seat game plays more deals
            pick = Rng(seed * 31 + players)
            for state, _legal in random_positions(rules, players, seed):
                if pick.random() > 0.15 and rules.to_move(state) is not None:
                    continue
                for seat in range(players):
                    view = rules.view(state, seat)
                    for k in range(2):
                        world = rules.determinize(view, Rng(seed * 1000 + seat * 10 + k))
                        assert rules.view(world, seat) == view
                        checked += 1
    assert checked > 100


@pytest.mark.parametrize("game", BUILT)
def test_determinize_leaves_the_view_alone_and_deals_every_card_once(game):
    rules = find_game(game).rules
    for state, _legal in random_positions(rules, rules.max_players, 5):
        view = rules.view(state, 0)
        before = repr(view)
        world = rules.determinize(view, Rng(9))
        assert repr(view) == before
        if hasattr(world, "all_cards"):
            cards = world.all_cards()
            assert len(cards) == len(set(cards)) == len(state.all_cards())


def test_chains_a_seat_that_drew_holds_nothing_that_fitted_then():
    """A Chains seat that drew (or passed) instead of playing held no card fitting the chain ends
    of that moment; until it next plays from its hand, every determinization of another seat's
    view deals it only cards that fit none of those ends."""
    rules = find_game("chains").rules
    constrained_checks = 0
    for draw_rule in ("three", "one", "until"):
        for players in (2, 3, 4):
            for seed in range(4):
                revealed: dict[int, frozenset] = {}
                positions = random_positions(rules, players, seed * 7 + players, {"draw_rule": draw_rule})
                for step, (state, legal) in enumerate(positions):
                    for seat, ranks in revealed.items():   # the real hand obeys it: the test is sound
                        assert not any(c.rank in ranks for c in state.hands[seat])
                    for observer in range(players):
                        watched = [s for s in revealed if s != observer]
                        if not watched or step % 3:
                            continue
                        view = rules.view(state, observer)
                        for k in range(3):
                            world = rules.determinize(view, Rng(step * 100 + observer * 10 + k))
                            for seat in watched:
                                held = world.hands[seat]
                                assert not any(c.rank in revealed[seat] for c in held), (seat, held, revealed[seat])
                                constrained_checks += 1
                    if not legal:
                        break
                    # what the coming action reveals (every legal action here reveals the same)
                    seat = rules.to_move(state)
                    ends = [chain[-1].rank for chain in state.chains]
                    fitting_ranks = frozenset().union(*(NEIGHBOURS[e] for e in ends))
                    if legal == [Draw()] or (legal == [Pass()] and state.drawn == 0):
                        revealed[seat] = fitting_ranks
                    elif all(isinstance(a, Play) for a in legal) and state.pending is None:
                        revealed.pop(seat, None)   # a play from the hand ends what the draw revealed
    assert constrained_checks > 200


# ---------------------------------------------------------------- players see views only


def play_with_views(game: str, difficulties: list[str], seed: int, iterations: int = SMALL_SEARCH):
    """A whole game where every seat is a computer handed only its view and the legal actions."""
    rules = find_game(game).rules
    budget = SMALL_ROLLOUT if find_game(game).lookahead == "rollout" else iterations
    players = [make_player(find_game(game), d, seed + i, budget=budget) for i, d in enumerate(difficulties)]
    state = rules.setup({"players": len(players)}, seed)
    decisions = 0
    while (seat := rules.to_move(state)) is not None:
        legal = rules.legal_actions(state)
        view = rules.view(state, seat)
        action = players[seat].choose(view, list(legal))
        assert action in legal, (difficulties[seat], action, legal)
        assert view == rules.view(state, seat)   # the search did not alter what it was shown
        state, _events = rules.apply(state, action)
        decisions += 1
    assert rules.outcome(state) is not None
    return decisions


@pytest.mark.parametrize("game", BUILT)
@pytest.mark.parametrize("difficulty", [d.key for d in DIFFICULTIES])
def test_each_difficulty_plays_a_whole_game_from_views_only(game, difficulty):
    rules = find_game(game).rules
    other = "random" if difficulty != "random" else "normal"
    for n in sorted({rules.min_players, min(rules.max_players, rules.min_players + 1)}):
        seats = ([difficulty, other] * n)[:n] if n == rules.min_players else ([other, difficulty] * n)[:n]
        assert play_with_views(game, seats, seed=11 + n) > 0


def test_difficulties_for_the_setup_screen():
    keys = [d.key for d in DIFFICULTIES]
    assert keys == ["easy", "normal", "hard", "expert", "random"]
    assert all(d.label and d.help for d in DIFFICULTIES)
    with pytest.raises(ValueError):
        make_player(find_game("chains"), "grandmaster", 1)


def test_hard_and_expert_search_and_have_a_time_cap_in_play():
    for game in BUILT:
        hard = make_player(find_game(game), "hard", 1)
        expert = make_player(find_game(game), "expert", 1)
        kind = RolloutPlayer if find_game(game).lookahead == "rollout" else ISMCTSPlayer
        assert isinstance(hard, kind) and isinstance(expert, kind)
        assert hard.search.time_limit and expert.search.time_limit > hard.search.time_limit
    assert make_player(find_game("chains"), "hard", 1, budget=10).search.time_limit is None
    assert make_player(find_game("cubes"), "hard", 1, budget=10).search.time_limit is None
    assert make_player(find_game("chains"), "expert", 1).search.iterations > make_player(find_game("chains"), "hard", 1).search.iterations
    assert make_player(find_game("cubes"), "expert", 1).search.deals > make_player(find_game("cubes"), "hard", 1).search.deals


# ---------------------------------------------------------------- the search


def decision_points(game: str, players: int, seed: int, count: int):
    rules = find_game(game).rules
    found = []
    for state, legal in random_positions(rules, players, seed):
        if len(legal) > 1:
            found.append((rules.view(state, rules.to_move(state)), legal))
    step = max(1, len(found) // count)
    return found[::step][:count]


@pytest.mark.parametrize("game", BUILT)
def test_search_is_deterministic_given_seed_and_iterations(game):
    rules = find_game(game).rules
    for players in sorted({rules.min_players, rules.max_players}):
        for view, legal in decision_points(game, players, seed=3, count=3):
            runs = []
            for _ in range(2):
                search = ISMCTS(rules, iterations=60, seed=42)
                action = search.search(view, legal)
                visits = {a: child.visits for a, child in search.root.children.items()}
                runs.append((action, visits))
                assert search.stats.iterations == 60
                assert sum(visits.values()) == 60
                assert visits[action] == max(visits.values())   # the most visited move
            assert runs[0] == runs[1]


def test_search_with_one_legal_action_does_not_think():
    rules = find_game("chains").rules
    for state, legal in random_positions(rules, 2, 4):
        if len(legal) == 1:
            search = ISMCTS(rules, iterations=10**6, seed=1)
            started = time.perf_counter()
            assert search.search(rules.view(state, rules.to_move(state)), legal) == legal[0]
            assert time.perf_counter() - started < 0.05
            break


@pytest.mark.parametrize("game, style", [("chains", "tree"), ("cubes", "rollout")])
def test_search_stops_at_its_time_cap(game, style):
    view, legal = decision_points(game, 2, seed=8, count=1)[0]
    search = make_player(find_game(game), "hard", 1, budget=10**9, time_limit=0.05, style=style).search
    started = time.perf_counter()
    assert search.search(view, legal) in legal
    assert time.perf_counter() - started < 1.0
    assert 1 <= search.stats.iterations < 10**9


def test_search_credits_a_win_to_the_seat_that_made_the_move():
    """Playing the last card wins: every iteration through that move scores 1 for the mover."""
    rules = find_game("chains").rules
    for view, legal in decision_points("chains", 2, seed=21, count=200):
        if len(view.hand) == 1 and view.pending is None and any(isinstance(a, Play) for a in legal):
            search = ISMCTS(rules, iterations=50, seed=2)
            action = search.search(view, legal)
            assert isinstance(action, Play)
            assert search.root.children[action].reward == search.root.children[action].visits


def test_cubes_playouts_stop_at_the_horizon_and_are_judged_by_the_points_lead():
    """Cubes sets a playout horizon: early in a game every playout stops there, unfinished, and
    `estimate` scores it (a lead is worth more than even chances, and level is even)."""
    rules = find_game("cubes").rules
    view, legal = decision_points("cubes", 2, seed=4, count=1)[0]
    search = ISMCTS(rules, iterations=60, seed=3)
    search.search(view, legal)
    assert search.stats.capped_playouts == search.stats.iterations
    assert search.stats.playout_actions <= rules.playout_horizon * search.stats.iterations
    state = rules.setup({"players": 2}, 1)
    assert rules.estimate(state) == [0.5, 0.5]
    state.piles[0].extend(state.draw_pile[:2])
    ahead, behind = rules.estimate(state)
    assert ahead > 0.5 > behind and ahead + behind == pytest.approx(1.0)


def test_games_without_a_horizon_play_out_to_the_end():
    rules = find_game("chains").rules
    assert rules.playout_horizon is None
    view, legal = next((v, l) for v, l in decision_points("chains", 2, seed=8, count=40) if len(l) > 1)
    search = ISMCTS(rules, iterations=60, seed=3)
    search.search(view, legal)
    assert search.stats.capped_playouts == 0


def test_the_search_blocks_a_player_who_would_otherwise_win(chains_last_card):
    """A 4 lets the other player play their last card and win; the search plays the 9."""
    state, blunder, block = chains_last_card
    rules = find_game("chains").rules
    assert sorted(map(str, rules.legal_actions(state))) == sorted(map(str, [blunder, block]))
    search = ISMCTS(rules, iterations=300, seed=5)
    assert search.search(rules.view(state, 0), rules.legal_actions(state)) == block
    assert search.root.children[blunder].reward == 0


def test_how_each_game_looks_ahead():
    """LOOKAHEAD, measured with the arena (docs/BENCHMARKS.md): a tree search for Chains, rollouts of the rule
    of thumb where it plays well; either may be asked for."""
    assert isinstance(make_player(find_game("chains"), "hard", 1), ISMCTSPlayer)
    assert isinstance(make_player(find_game("chains"), "hard", 1, style="rollout"), RolloutPlayer)
    assert isinstance(make_player(find_game("cubes"), "hard", 1, style="tree"), ISMCTSPlayer)
    for game in BUILT:
        if game != "chains":
            assert isinstance(make_player(find_game(game), "expert", 1), RolloutPlayer)
    with pytest.raises(ValueError):
        make_player(find_game("cubes"), "hard", 1, style="psychic")


# ---------------------------------------------------------------- the arena


def test_wilson_interval_and_percentile():
    low, high = wilson(60, 100)
    assert 0.50 < low < 0.51 and 0.69 < high < 0.70
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert percentile([5, 1, 3, 2, 4], 50) == 3 and percentile([], 95) == 0.0


def test_arena_runs_and_reports():
    kinds = [parse_kind("hard@10"), parse_kind("normal")]
    result = run_arena("chains", kinds, games=4, seed=3)
    assert len(result.records) == 4
    assert result.shares(0) + result.shares(1) == pytest.approx(4)
    assert [r.seats for r in result.records] == [[0, 1], [1, 0], [0, 1], [1, 0]]   # seats rotated
    report = result.report()
    for text in ("hard@10", "normal", "95% CI (Wilson)", "median", "p95", "iterations/s", "shared win"):
        assert text in report


def test_arena_player_kinds():
    assert parse_kind("hard@300/tree") == parse_kind(" hard@300/tree ")
    kind = parse_kind("expert@0.5s/tree")
    assert (kind.difficulty, kind.time_limit, kind.style) == ("expert", 0.5, "tree")
    assert parse_kind("normal").style is None and parse_kind("hard@20").budget == 20
    assert parse_kind("hard@50/rollout").style == "rollout"
    for bad in ("wizard", "normal@300", "hard/lucky", "hard/guided", "random/tree"):
        with pytest.raises(ValueError):
            parse_kind(bad)


def test_arena_command_with_two_jobs(capsys):
    assert arena_main(["--game", "chains", "--players", "random,normal,easy", "--games", "3",
                       "--seed", "2", "--jobs", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "3 games" in out and "random" in out and "easy" in out
    with pytest.raises(SystemExit):
        arena_main(["--players", "hard,wizard", "--games", "1"])

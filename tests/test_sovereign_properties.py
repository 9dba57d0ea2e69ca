"""Sovereign's Chain properties over random games (the shared ones are in test_properties.py)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai.players import RandomPlayer
from game.sovereign import RULES, SovereignHeuristic
from game.sovereign.state import CHAIN_END, MODIFIERS, SHIELDS, SUIT_TOKENS, Tokens

configs = st.builds(lambda players, fair: {"players": players, "fair_winds": fair},
                    st.integers(2, 4), st.booleans())
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_states(config: dict, seed: int, chooser: int):
    state = RULES.setup(config, seed)
    rnd = random.Random(chooser)
    yield state
    while RULES.to_move(state) is not None:
        state, _ = RULES.apply(state, rnd.choice(RULES.legal_actions(state)))
        yield state


@SETTINGS
@given(configs, st.integers(0, 2**63), st.integers(0, 2**32))
def test_tokens_are_conserved_supply_plus_pools_plus_cards_is_13_21_21(config, seed, chooser):
    """Token supply is finite: 13 shields, 21 modifiers, 21 suit tokens; at every point the supply,
    the pools and the tokens on cards (covered ones too) add up to those totals."""
    for state in random_states(config, seed, chooser):
        assert state.all_tokens() == Tokens(SHIELDS, MODIFIERS, SUIT_TOKENS)
        assert min(state.supply.frozen()) >= 0
        assert all(min(pool.frozen()) >= 0 and not pool.suits for pool in state.pools), "no pool holds a suit token"


@SETTINGS
@given(configs, st.integers(0, 2**63), st.integers(0, 2**32))
def test_chains_never_pass_7_in_play_and_end_in_reveal_then_scoring(config, seed, chooser):
    """A chain already at 7 cannot take a card (sudden death aside); the game ends with no
    face-down card in play, and the winners hold the top score."""
    last = None
    for state in random_states(config, seed, chooser):
        if not state.contenders:
            assert all(len(chain) <= CHAIN_END for chain in state.chains)
        last = state
    assert last.winners
    if not last.contenders:
        assert all(stack[-1].face_up for chain in last.chains for stack in chain)
        best = max(last.final_scores)
        # the top scorers win; of tied ones, a player with no card left for sudden death loses
        assert set(last.winners) <= {s for s in range(last.players) if last.final_scores[s] == best}


def test_the_rule_of_thumb_beats_random_play():
    """The rule-of-thumb player (build its own larger suit, spoil the leader's) wins more than its
    share against random players over seeded two-player games."""
    wins = 0
    games = 60
    for seed in range(games):
        players = [SovereignHeuristic(seed), RandomPlayer(seed + 1)]
        if seed % 2:
            players.reverse()
        state = RULES.setup({"players": 2}, seed)
        while RULES.to_move(state) is not None:
            seat = RULES.to_move(state)
            action = players[seat].choose(RULES.view(state, seat), RULES.legal_actions(state))
            state, _ = RULES.apply(state, action)
        heuristic_seat = 1 if seed % 2 else 0
        wins += heuristic_seat in state.winners
    assert wins > games * 0.6


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs, st.integers(0, 2**63), st.integers(0, 2**32))
def test_a_game_replays_from_its_saved_actions(config, seed, chooser):
    """A save is (config, seed, actions) in JSON; replaying the actions gives the same game."""
    from game.core import from_json, to_json

    actions, state = [], RULES.setup(config, seed)
    rnd = random.Random(chooser)
    while RULES.to_move(state) is not None:
        action = rnd.choice(RULES.legal_actions(state))
        actions.append(to_json(action))
        state, _ = RULES.apply(state, action)
    replay = RULES.setup(config, seed)
    for data in actions:
        replay, _ = RULES.apply(replay, from_json(data, RULES.saved_types))
    assert RULES.view(replay, None) == RULES.view(state, None) and replay.winners == state.winners



@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs, st.integers(0, 2**63), st.integers(0, 2**32))
def test_a_clone_has_every_field_of_the_state_and_shares_no_list(config, seed, chooser):
    """The search's clone, written slot by slot, copies every field of the state, and changing
    the clone's lists leaves the original alone."""
    import dataclasses

    for state in random_states(config, seed, chooser):
        copy = RULES.clone(state)
        for field in dataclasses.fields(state):
            original, cloned = getattr(state, field.name), getattr(copy, field.name)
            assert cloned == original or field.name == "rng" and cloned.state == original.state, field.name
            if isinstance(original, (list, Tokens)):
                assert cloned is not original, field.name
        assert all(a is not b for a, b in zip(copy.hands + copy.pools, state.hands + state.pools))
        assert all(a is not b for chain, other in zip(copy.chains, state.chains) for a, b in zip(chain, other))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs, st.integers(0, 2**63), st.integers(0, 2**32))
def test_the_playout_policy_picks_as_the_uniform_default_over_the_legal_actions(config, seed, chooser):
    """The search's playout policy reads the actions listed as the decision opened (no copy): it
    picks what the default policy picks from `legal_actions`, given the same random numbers."""
    from game.core import Rules

    for state in random_states(config, seed, chooser):
        if RULES.to_move(state) is None:
            break
        picked = RULES.playout_action(state, random.Random(chooser).random)
        assert picked == Rules.playout_action(RULES, state, random.Random(chooser).random)

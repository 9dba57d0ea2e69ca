"""Sovereign's Chain over many random games of every mode, through `apply` (every action
validated): tokens and cards are conserved, no chain passes 7 places (sudden death aside), every
game ends. What the property tests check on a few dozen games, here on thousands.

    python benchmarks/sovereign_soak.py [--games 10000]

Game n of each mode is seed n, its moves drawn with random.Random(n), so a failure names the
mode and the seed that reproduce it.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.sovereign import RULES  # noqa: E402
from game.sovereign.solitaire import SOLITAIRE  # noqa: E402
from game.sovereign.state import CHAIN_END, full_supply  # noqa: E402

MODES = (("2 players", RULES, {"players": 2}), ("3 players", RULES, {"players": 3}),
         ("4 players", RULES, {"players": 4}), ("2 players, Fair Winds", RULES, {"players": 2, "fair_winds": True}),
         ("solitaire", SOLITAIRE, {"players": 1}))
CHECK_EVERY = 7  # actions between two checks of a game (and at its start and end)


def cards_of(state) -> list:
    found = [card for hand in state.hands for card in hand] + list(state.draw_pile) + list(state.discard)
    found += [placed.card for chain in state.chains for stack in chain for placed in stack]
    found += [card for card in state.picks if card is not None] + [card for _seat, card in state.sudden_queue]
    return found


def check(state, cards: int) -> None:
    assert state.all_tokens() == full_supply(), "a token was made or lost"
    found = cards_of(state)
    assert len(found) == cards and len(set(map(id, found))) == cards, "a card was made or lost"
    if not state.contenders and not state.solitaire:
        assert all(len(chain) <= CHAIN_END for chain in state.chains)


def soak(rules, config: dict, games: int) -> tuple[int, int]:
    """(actions applied, games ended)."""
    actions = ended = 0
    for seed in range(games):
        choose = random.Random(seed).choice
        state = rules.setup(config, seed)
        cards = len(rules.cards.cards)
        check(state, cards)
        while rules.to_move(state) is not None:
            state, _ = rules.apply(state, choose(rules.legal_actions(state)))
            actions += 1
            if actions % CHECK_EVERY == 0:
                check(state, cards)
        check(state, cards)
        ended += state.winners is not None
    return actions, ended


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10_000)
    args = parser.parse_args()
    for name, rules, config in MODES:
        start = time.perf_counter()
        actions, ended = soak(rules, config, args.games)
        print(f"{name}: {args.games} games, {actions} actions, {ended} ended, all checks held, "
              f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()

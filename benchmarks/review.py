"""Reviews measured against their aims: a full review of a typical game of each kind under 30 s;
at least 90% of blunders planted in otherwise sensible play marked costly; at most 10% of the
Hard computer's own decisions marked costly.

    python benchmarks/review.py [--game linx] [--seeds 3] [--search N --deals N] [--part time] [--verbose]

Three parts (`--part`, every part by default; `--game` one game, or several):
- time: a typical game (seat 0 a person played by the rule of thumb, every other seat a Normal
  computer, at the game's default player count) reviewed whole; its seconds as wall-clock time
  and, in brackets, the review's processor time (what it takes on a core of its own: the
  machine is shared, and the wall clock grows with its load).
- blunders: seat 0 plays by the rule of thumb, and wherever a known blunder is open to it (at
  most one in every PLANT_GAP of its decisions) plays the blunder instead: LINX, where the rule
  of thumb lays its best chain, discarding a card of it that leaves the best chain kept worth
  CHAIN_THROWN points less or worse, or any card of it when the stock is likely to run out
  before the seat's next turn (early and late in the game); Cubes, placing a card that
  closes no cube when another placement closes one; the solitaire, a play that keeps no card in
  hand to fit the chain (only the draw can save the deal) when another play kept one;
  Sovereign's Chain, once its chain holds LATE_CHAIN positions, a play on it that gives away its
  suit majority (lowers its score by MAJORITY_GIVEN or more) when another play keeps it.
  Such a move is not always worse: a LINX hand may lay as good a chain a turn later, the draw
  may fit whatever is kept. So a blunder is planted only where it is `genuine`, shown worse
  than the sensible move by the game's own measure on GENUINE_DEALS deals (LINX and
  Sovereign's Chain played on to the end); the decisions where none of those found was
  genuine are counted.
  Each planted decision is judged; the share marked costly (`--verbose`: each verdict).
- hard: seat 0 a person whose moves are the Hard computer's; the share of its decisions with
  a choice marked costly, and the full review's seconds.

Budgets are the game's own (REVIEW_BUDGETS), or `--search`/`--deals` given here; nothing is read
from or kept in the stored reviews.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.ai.levels import make_player  # noqa: E402
from game.cubes.rules import Place  # noqa: E402
from game.linx.chains import best_chain  # noqa: E402
from game.linx.rules import Discard, LayChain  # noqa: E402
from game.registry import GAMES, find_game  # noqa: E402
from game.ai.rollout import RolloutSearch  # noqa: E402
from game.review import (COSTLY, COSTLY_FROM, DEFAULT_BUDGET, POINTS_SCALES, REVIEW_BUDGETS, SOLVER_NODES,  # noqa: E402
                         Judge, Review, ReviewBudget)
from game.rng import Rng  # noqa: E402
from game.session import Session  # noqa: E402
from game.sovereign.actions import Play, PlayOn  # noqa: E402
from game.sovereign.effects import active_rule, covering_plays  # noqa: E402
from game.sovereign.solitaire import SolitaireHint  # noqa: E402
from game.sovereign.state import chain_score  # noqa: E402

PLANT_GAP = 3         # the seat's decisions between two planted blunders, at least
MAJORITY_GIVEN = 3    # how much a Sovereign's play must lower its own chain's score to be planted
CHAIN_THROWN = 30     # points a planted LINX discard takes off the best chain the hand keeps, at least
LATE_CHAIN = 4        # positions of its own chain from which a Sovereign's blunder is planted
LATE = 0.5            # a blunder planted after this share of the game's moves is "late"
CHECKED = 3           # of the blunders open at a decision, how many are checked for one to plant
GENUINE_DEALS = 100   # deals on which a blunder is shown worse than the sensible move before it is planted
WINNABLE_DEALS = 20   # deals on which the solver looks for a win before a solitaire's blunder is planted
TO_THE_END = {"linx", "sovereigns-chain"}   # games whose blunders are shown by playing on to the end


# ---------------------------------------------------------------- the blunders


def linx_blunder(rules, state, legal, sensible) -> list:
    """Where sensible play lays the best chain the hand holds, the discard of one of its cards
    that leaves the hand's best chain worth least."""
    lays = [a for a in legal if isinstance(a, LayChain)]
    if not lays or sensible != max(lays, key=lambda lay: lay.scoring.points):
        return []
    hand = state.hands[rules.to_move(state)]
    left = {a: _chain_points([c for c in hand if c != a.card], state)
            for a in legal if isinstance(a, Discard) and a.card in sensible.cards}
    worst = min(left, key=left.get, default=None)
    last_turn = len(state.draw_pile) <= 2 * (state.players - 1)   # the stock runs out before the next
    thrown = worst is not None and (last_turn or left[worst] <= sensible.scoring.points - CHAIN_THROWN)
    return [worst] if thrown else []


def _chain_points(hand, state) -> int:
    best = best_chain(hand, state.anchors, state.scoring_up)
    return 0 if best is None else best[1].points


def cubes_blunder(rules, state, legal, sensible) -> list:
    """The placements that close no cube, where another placement closes one."""
    seat = rules.to_move(state)
    places = [a for a in legal if isinstance(a, Place)]
    scores = {a: rules.points(rules.apply(state, a)[0])[seat] for a in places}
    before = rules.points(state)[seat]
    closing = [a for a in places if scores[a] > before]
    open_left = [a for a in places if scores[a] == before]
    return open_left if closing else []


def solitaire_blunder(rules, state, legal, sensible) -> list:
    """The plays that keep no card in hand to fit the chain as the turn leaves it (only the draw
    can save the deal), where another play keeps one."""
    plays = [a for a in legal if isinstance(a, PlayOn)]
    kept = {a: _kept_that_fit(rules, state, a) for a in plays}
    return [a for a in plays if kept[a] == 0] if max(kept.values(), default=0) else []


def _kept_that_fit(rules, state, action) -> int:
    """How many cards of the hand, once `action` is played and the turn finished sensibly, fit
    the chain (the cards drawn meanwhile not counted)."""
    after, sensible = rules.apply(state, action)[0], SolitaireHint(0)
    while rules.to_move(after) is not None and after.turns == state.turns:
        legal = rules.legal_actions(after)
        rules.advance(after, sensible.choose(rules.view(after, 0), legal) if len(legal) > 1 else legal[0])
    if after.winners is not None:
        return len(after.hands[0]) if after.winners else 0
    kept = [card for card in after.hands[0] if card in state.hands[0]]
    return len(covering_plays(after, kept, active_rule(after)))


def sovereign_blunder(rules, state, legal, sensible) -> list:
    """Once the seat's chain holds LATE_CHAIN positions, the face-up plays on it that lower its
    score by MAJORITY_GIVEN or more (the most first), where another play keeps the score."""
    seat = rules.to_move(state)
    if len(state.chains[seat]) < LATE_CHAIN:
        return []
    plays = [a for a in legal if isinstance(a, Play) and a.chain == seat and a.face_up]
    before = chain_score(state.chains[seat])
    after = {a: chain_score(rules.apply(state, a)[0].chains[seat]) for a in plays}
    giving = [a for a in plays if after[a] <= before - MAJORITY_GIVEN]
    keeping = [a for a in plays if after[a] >= before]
    return sorted(giving, key=after.get) if keeping else []


BLUNDERS = {"linx": linx_blunder, "cubes": cubes_blunder, "sovereign-solitaire": solitaire_blunder,
            "sovereigns-chain": sovereign_blunder}


# ---------------------------------------------------------------- the games


def new_session(game: str, seed: int) -> Session:
    """Seat 0 a person, every other seat a Normal computer, at the game's default player count."""
    rules = find_game(game).rules
    seats = [{"name": "You", "kind": "human"}] + [
        {"name": f"Computer {i}", "kind": "computer", "difficulty": "normal"} for i in range(1, rules.default_players)]
    return Session(game, {"seats": seats, "rules": {}}, seed)


def played_game(game: str, seed: int, person) -> dict:
    """The save of a game where seat 0's moves are `person`'s (a player seeing its view)."""
    session = new_session(game, seed)
    while not session.game_over:
        if session.to_move == 0:
            session.apply(person.choose(session.view(0), session.legal_actions()))
        else:
            session.apply(session.computer_action())
    return session.to_save()


def planted_game(game: str, seed: int) -> tuple[dict, list[int], int]:
    """The save of a game where seat 0 plays by the rule of thumb but plants the game's blunder
    where one is open and `genuine` (one in PLANT_GAP of its decisions at most), the planted
    moves' numbers, and at how many decisions the blunders found (CHECKED of them) were none genuine."""
    session, find = new_session(game, seed), BLUNDERS[game]
    person, planted, since, spared = session.descriptor.heuristic(seed), [], PLANT_GAP, 0
    while not session.game_over:
        if session.to_move != 0:
            session.apply(session.computer_action())
            continue
        legal = session.legal_actions()
        sensible = person.choose(session.view(0), legal)
        found = find(session.rules, session.state, legal, sensible) if since >= PLANT_GAP and len(legal) > 1 else []
        check = seed * 1000 + len(session.log)
        blunder = next((move for move in found[:CHECKED] if genuine(session, sensible, move, check)), None)
        spared += bool(found) and blunder is None
        since += 1
        if blunder is not None:
            planted.append(len(session.log) + 1)
            since = 0
        session.apply(sensible if blunder is None else blunder)
    return session.to_save(), planted, spared


def genuine(session: Session, sensible, blunder, seed: int) -> bool:
    """Whether `blunder` is worse than the `sensible` move it replaces by the game's own measure,
    on GENUINE_DEALS deals of what seat 0 cannot see: in a solitaire, it loses the deal at the next
    draw on COSTLY_FROM more of them while the deal could still be won (the solver sees the draw,
    the player does not); elsewhere, played on by the rule of thumb (to the end where
    TO_THE_END), it loses COSTLY_FROM of win chance or the game's costly points on average."""
    descriptor, view = session.descriptor, session.view(0)
    judge = Judge(descriptor, ReviewBudget(0, GENUINE_DEALS), session.names)
    if descriptor.rules.has_solver:
        safe, risky = judge.losses_at_once(view, [sensible, blunder], seed, GENUINE_DEALS)
        return statistics.mean(risky) - statistics.mean(safe) >= COSTLY_FROM and winnable(descriptor.rules, view, seed)
    search = RolloutSearch(descriptor.rules, descriptor.heuristic, deals=GENUINE_DEALS, seed=seed,
                           to_the_end=descriptor.name in TO_THE_END)
    rewards, leads = judge.play_on(search, view, [sensible, blunder])
    chance_lost = statistics.mean(rewards[0]) - statistics.mean(rewards[1])
    points_lost = statistics.mean(leads[0]) - statistics.mean(leads[1]) if leads[0] else 0.0
    return chance_lost >= COSTLY_FROM or points_lost >= POINTS_SCALES[descriptor.name].costly_from


def winnable(rules, view, seed: int) -> bool:
    """Whether the solver wins any of WINNABLE_DEALS deals consistent with `view`."""
    rng = Rng(seed)
    return any(rules.solve_deal(rules.determinize(view, rng), SOLVER_NODES)[0] for _deal in range(WINNABLE_DEALS))


def budget_of(name: str, args) -> ReviewBudget:
    budget = REVIEW_BUDGETS.get(name, DEFAULT_BUDGET)
    return ReviewBudget(args.search if args.search is not None else budget.search,
                        args.deals if args.deals is not None else budget.deals)


# ---------------------------------------------------------------- the parts


def timed_review(save: dict, budget: ReviewBudget) -> tuple[Review, float, float]:
    """A full review of seat 0, and its wall-clock and processor seconds."""
    start, cpu_start = time.perf_counter(), time.process_time()
    review = Review(save, 0, budget=budget, keep=False)
    review.run()
    return review, time.perf_counter() - start, time.process_time() - cpu_start


def time_part(name: str, args) -> None:
    budget = budget_of(name, args)
    times, cpu_times, decisions, choices = [], [], [], []
    for seed in range(1, args.seeds + 1):
        save = played_game(name, seed, find_game(name).heuristic(seed))
        review, wall, cpu = timed_review(save, budget)
        times.append(wall)
        cpu_times.append(cpu)
        decisions.append(len(review.decisions))
        choices.append(sum(not v.forced for v in review.verdicts))
    shown = ", ".join(f"{t:.1f} ({c:.1f})" for t, c in zip(times, cpu_times))
    print(f"time      {name:20} budget {budget.search}/{budget.deals}, decisions {statistics.median(decisions):.0f} "
          f"({statistics.median(choices):.0f} with a choice): {shown}; max {max(times):.1f} ({max(cpu_times):.1f}) s",
          flush=True)


def blunders_part(name: str, args) -> None:
    if name not in BLUNDERS:
        return
    budget = budget_of(name, args)
    found: dict[str, list[bool]] = {"early": [], "late": []}
    spared = 0
    for seed in range(1, args.seeds + 1):
        save, planted, not_genuine = planted_game(name, seed)
        spared += not_genuine
        review = Review(save, 0, budget=budget, keep=False)
        for decision in review.decisions:
            if decision.move in planted:
                verdict = review.judge.judge(decision, seed * 1000 + decision.move)
                when = "late" if decision.move > LATE * len(save["actions"]) else "early"
                found[when].append(verdict.mark == COSTLY)
                if args.verbose:
                    print(f"  seed {seed} move {decision.move} ({when}): {verdict.mark}, chance {verdict.chance_played} "
                          f"against {verdict.chance_hard}, points lost {verdict.points_cost}, risk {verdict.risk:.2f}"
                          f"{' (by points)' if verdict.by_points else ''}{' (by risk)' if verdict.by_risk else ''}: "
                          f"{verdict.played_words}",
                          flush=True)
    costly = found["early"] + found["late"]
    parts = ", ".join(f"{when} {sum(marks)}/{len(marks)}" for when, marks in found.items())
    share = f"{100 * sum(costly) / len(costly):.0f}%" if costly else "none planted"
    print(f"blunders  {name:20} marked costly: {sum(costly)} of {len(costly)} ({share}; {parts}); "
          f"{spared} found not genuine and not planted", flush=True)


def hard_part(name: str, args) -> None:
    budget, descriptor = budget_of(name, args), find_game(name)
    costly = choices = 0
    times = []
    for seed in range(1, args.seeds + 1):
        save = played_game(name, seed, make_player(descriptor, "hard", seed))
        review, wall, cpu = timed_review(save, budget)
        costly += sum(v.mark == COSTLY for v in review.verdicts)
        choices += sum(not v.forced for v in review.verdicts)
        times.append(f"{wall:.1f} ({cpu:.1f})")
    share = f"{100 * costly / choices:.0f}%" if choices else "no choices"
    print(f"hard      {name:20} Hard's decisions marked costly: {costly} of {choices} with a choice ({share}); "
          f"review seconds {', '.join(times)}", flush=True)


PARTS = {"time": time_part, "blunders": blunders_part, "hard": hard_part}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game's name (default: every game)")
    parser.add_argument("--part", action="append", choices=sorted(PARTS), help="what to measure (default: all)")
    parser.add_argument("--seeds", type=int, default=3, help="games per game and part")
    parser.add_argument("--search", type=int, help="tree search iterations (default: the game's budget)")
    parser.add_argument("--deals", type=int, help="deals per decision (default: the game's budget)")
    parser.add_argument("--verbose", action="store_true", help="print each planted blunder's verdict")
    args = parser.parse_args(argv)
    for part in args.part or list(PARTS):
        for name in args.game or [game.name for game in GAMES]:
            PARTS[part](name, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())

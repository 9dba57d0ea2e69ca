"""Reviews measured against their aims: a full review of a typical game of each kind under 30 s;
at least 90% of blunders planted in otherwise sensible play marked costly; at most 10% of the
Hard computer's own decisions marked costly.

    python benchmarks/review.py [--game linx] [--kind "linx chain thrown"] [--seeds 3] [--planted 10]
                                [--search N --deals N] [--part time] [--verbose]

Three parts (`--part`, every part by default; `--game` one game, or several):
- time: a typical game (seat 0 a person played by the rule of thumb, every other seat a Normal
  computer, at the game's default player count) reviewed whole; its seconds as wall-clock time
  and, in brackets, the review's processor time (what it takes on a core of its own: the
  machine is shared, and the wall clock grows with its load).
- blunders: seat 0 plays by the rule of thumb, and wherever a known kind of blunder is open to
  it (at most one in every PLANT_GAP of its decisions) plays the blunder instead (BLUNDERS, one
  kind at a time, `--kind`): LINX, where the rule of thumb lays its best chain, discarding a card
  of it that leaves the best chain kept worth CHAIN_THROWN points less or worse (or any card of
  it when the stock is likely to run out first), laying a chain worth CHAIN_THROWN less, a
  discard that breaks such a chain while waiting, or a draw from the stock where the discard
  lets the best chain claim CHAIN_THROWN more; Cubes, placing a card that closes no cube when
  another placement closes one, or a smaller cube (CUBE_GIVEN points fewer); the solitaire, a
  play that keeps no card in hand to fit the chain when another play kept one; Sovereign's
  Chain, a play that gives away its own chain's suit majority (MAJORITY_GIVEN or more, once it
  holds LATE_CHAIN positions), a face-up play that raises another seat's chain score as much,
  an ability aimed at its own chain that lowers its score as much, or a Skip that declines the
  ability or offer the rule of thumb takes; Chain-Chain, a single answer where a double was in
  hand; Chains, a play that leaves FITS_GIVEN fewer cards of the hand fitting a chain end.
  Tables seat 2, 3 and 4 in turn by seed (PLAYER_COUNTS, within what the game takes).
  Such a move is not always worse: a LINX hand may lay as good a chain a turn later, the draw
  may fit whatever is kept. So a blunder is planted only where it is `genuine`, shown worse
  than the sound move by the game's own measure on GENUINE_DEALS deals (beyond the noise of
  their paired difference; played on to the end where TO_THE_END) and confirmed on as many
  other deals (seeds CONFIRM_SEED apart): of many blunders checked once, some look costly by the
  luck of their sample alone, and a review's fresh deals would not see it. The decisions where
  none of those found was genuine are counted, and the blunders the second sample did not confirm.
  Each planted decision is judged, seed after seed (up to --seeds games) until --planted of the
  kind are; the share marked costly (`--verbose`: each verdict).
- hard: seat 0 a person whose moves are the Hard computer's; the share of its decisions with
  a choice marked costly, and the full review's seconds.

Budgets are the game's own (REVIEW_BUDGETS), or `--search`/`--deals` given here; nothing is read
from or kept in the stored reviews.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.ai.levels import make_player  # noqa: E402
from game.cubes.rules import Place  # noqa: E402
from game.linx.chains import best_chain  # noqa: E402
from game.chainchain.rules import Play as ChainPlay, reverses  # noqa: E402
from game.chains.rules import FITS, Play as ChainsPlay  # noqa: E402
from game.linx.rules import DISCARD, STOCK, Discard, Draw as LinxDraw, LayChain  # noqa: E402
from game.registry import GAMES, find_game  # noqa: E402
from game.ai.rollout import RolloutSearch  # noqa: E402
from game.review import (COSTLY, COSTLY_FROM, DEFAULT_BUDGET, NOISE_ERRORS, POINTS_SCALES, REVIEW_BUDGETS,  # noqa: E402
                         SOLVER_NODES, Judge, Review, ReviewBudget, _paired)
from game.rng import Rng  # noqa: E402
from game.session import Session  # noqa: E402
from game.sovereign.actions import SKIP, Cover, Discard as SovereignDiscard, Flip, Play, PlayOn, SetSuit  # noqa: E402
from game.sovereign.effects import active_rule, covering_plays  # noqa: E402
from game.sovereign.solitaire import SolitaireHint  # noqa: E402
from game.sovereign.state import chain_score  # noqa: E402

PLAYER_COUNTS = (2, 3, 4)   # the seats at the benchmark's tables, in turn by seed
PLANT_GAP = 3         # the seat's decisions between two planted blunders, at least
MAJORITY_GIVEN = 3    # how much a Sovereign's play must lower its own chain's score to be planted
CHAIN_THROWN = 30     # points a planted LINX discard takes off the best chain the hand keeps, at least
LATE_CHAIN = 4        # positions of its own chain from which a Sovereign's blunder is planted
LATE = 0.5            # a blunder planted after this share of the game's moves is "late"
CHECKED = 3           # of the blunders open at a decision, how many are checked for one to plant
GENUINE_DEALS = 100   # deals on which a blunder is shown worse than the sensible move before it is planted
CONFIRM_SEED = 7_919_000_003   # added to a check's seed for the second, independent sample that confirms it
WINNABLE_DEALS = 20   # deals on which the solver looks for a win before a solitaire's blunder is planted
TO_THE_END = {"linx", "sovereigns-chain", "chains", "chainchain"}   # games whose blunders are shown played on to the end
CUBE_GIVEN = 20       # points fewer than the best cube a planted smaller cube closes, at least
FITS_GIVEN = 2        # cards of a Chains hand a planted play leaves fitting no end, more than the best play


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


def linx_chain_broken(rules, state, legal, sensible) -> list:
    """Where sensible play discards (it lays no chain yet), a discard that leaves the hand's best
    chain worth CHAIN_THROWN points less (the worst first)."""
    if not isinstance(sensible, Discard):
        return []
    hand = state.hands[rules.to_move(state)]
    whole = _chain_points([c for c in hand if c != sensible.card], state)
    left = {a: _chain_points([c for c in hand if c != a.card], state) for a in legal if isinstance(a, Discard)}
    return sorted((a for a, points in left.items() if points <= whole - CHAIN_THROWN), key=left.get)


def linx_stock_draw(rules, state, legal, sensible) -> list:
    """Where sensible play takes the discard and that card lets the hand's best chain claim
    CHAIN_THROWN points more, the draw from the stock instead."""
    if not isinstance(sensible, LinxDraw) or sensible.source != DISCARD or not state.discard:
        return []
    hand = state.hands[rules.to_move(state)]
    gained = _chain_points(hand + [state.discard[-1]], state) - _chain_points(hand, state)
    return [a for a in legal if isinstance(a, LinxDraw) and a.source == STOCK] if gained >= CHAIN_THROWN else []


def linx_short_chain(rules, state, legal, sensible) -> list:
    """Where sensible play lays the best chain the hand holds, a chain of it worth CHAIN_THROWN
    points less or worse (the best of those first: the least blunder that is one)."""
    if not isinstance(sensible, LayChain):
        return []
    short = [a for a in legal if isinstance(a, LayChain) and a.scoring.points <= sensible.scoring.points - CHAIN_THROWN]
    return sorted(short, key=lambda lay: -lay.scoring.points)


def cubes_small_cube(rules, state, legal, sensible) -> list:
    """Where a placement closes cubes, one that closes cubes worth CUBE_GIVEN points fewer than
    the best (the richest of those first)."""
    seat = rules.to_move(state)
    before = rules.points(state)[seat]
    gains = {a: rules.points(rules.apply(state, a)[0])[seat] - before for a in legal if isinstance(a, Place)}
    best = max(gains.values(), default=0)
    smaller = [a for a, gain in gains.items() if 0 < gain <= best - CUBE_GIVEN]
    return sorted(smaller, key=lambda a: -gains[a])


def chains_fewer_fits(rules, state, legal, sensible) -> list:
    """A play after which FITS_GIVEN fewer cards of the hand fit a chain end than after the best
    play for it (the fewest first; the seat sees its hand and the ends)."""
    hand = state.hands[rules.to_move(state)]
    fitting = {a: _fitting_after(state, a, hand) for a in legal if isinstance(a, ChainsPlay)}
    most = max(fitting.values(), default=0)
    return sorted((a for a, fit in fitting.items() if fit <= most - FITS_GIVEN), key=fitting.get)


def _fitting_after(state, play, hand) -> int:
    ends = [chain[-1].rank for chain in state.chains]
    ends[play.chain] = play.card.rank
    left = list(hand)
    if play.card in left:
        left.remove(play.card)
    return sum(any(FITS[card.rank][end] for end in ends) for card in left)


def chainchain_single(rules, state, legal, sensible) -> list:
    """Where a double is in hand (it reverses play and the next seat leads), each single answer
    of the required value, weighed against the double (`Against`)."""
    required = state.required
    answers = [a for a in legal if isinstance(a, ChainPlay)] if required is not None else []
    doubles = [a for a in answers if reverses(state.pile, required, a.first, a.second, state.variant)]
    if not doubles:
        return []
    return [Against(a, doubles[0]) for a in answers if a not in doubles and a.first.face == doubles[0].first.face]


def sovereign_skip(rules, state, legal, sensible) -> list:
    """Where sensible play takes an optional ability or offer (Salvage, a second or extra play, a
    flip, a tuck, a cover), the Skip that declines it."""
    return [SKIP] if SKIP in legal and sensible != SKIP else []


def sovereign_gift(rules, state, legal, sensible) -> list:
    """Face-up plays on another seat's chain that raise its score by MAJORITY_GIVEN or more (the
    most first), where sensible play raises no other seat's score so."""
    seat = rules.to_move(state)
    raised = {a: _raised(rules, state, a) for a in legal if isinstance(a, Play) and a.chain != seat and a.face_up}
    if sensible in raised and raised[sensible] >= MAJORITY_GIVEN:
        return []
    return sorted((a for a, up in raised.items() if up >= MAJORITY_GIVEN), key=lambda a: -raised[a])


def _raised(rules, state, play) -> int:
    return chain_score(rules.apply(state, play)[0].chains[play.chain]) - chain_score(state.chains[play.chain])


def sovereign_self_harm(rules, state, legal, sensible) -> list:
    """An ability's target (a discard, a suit changed, a flip, the Acolyte's cover) that lowers the
    seat's own chain score by MAJORITY_GIVEN or more (the most first), where sensible play keeps
    it."""
    seat = rules.to_move(state)
    targets = [a for a in legal if isinstance(a, (SovereignDiscard, SetSuit, Flip, Cover))]
    if not targets or sensible not in targets:
        return []
    before = chain_score(state.chains[seat])
    after = {a: chain_score(rules.apply(state, a)[0].chains[seat]) for a in targets}
    if after[sensible] < before:
        return []
    return sorted((a for a in targets if after[a] <= before - MAJORITY_GIVEN), key=after.get)


@dataclass(frozen=True)
class Against:
    """A blunder weighed against a sound move other than the rule of thumb's."""

    blunder: object
    sound: object


# Each kind of blunder: its game, and where it is open to the seat.
BLUNDERS = {
    "linx chain thrown": ("linx", linx_blunder),
    "cubes cube left open": ("cubes", cubes_blunder),
    "solitaire no card kept": ("sovereign-solitaire", solitaire_blunder),
    "sovereign majority given away": ("sovereigns-chain", sovereign_blunder),
    "sovereign ability skipped": ("sovereigns-chain", sovereign_skip),
    "chain-chain single for a double": ("chainchain", chainchain_single),
    "linx stock drawn over a chain": ("linx", linx_stock_draw),
    "linx shorter chain laid": ("linx", linx_short_chain),
    "linx chain broken by a discard": ("linx", linx_chain_broken),
    "cubes smaller cube closed": ("cubes", cubes_small_cube),
    "chains hand left fitting less": ("chains", chains_fewer_fits),
    "sovereign score given to another": ("sovereigns-chain", sovereign_gift),
    "sovereign ability against itself": ("sovereigns-chain", sovereign_self_harm),
}


# ---------------------------------------------------------------- the games


def players_for(game: str, seed: int) -> int:
    """The seats at a benchmark's table: 2, 3 and 4 in turn by seed, within what the game takes."""
    rules = find_game(game).rules
    counts = [n for n in PLAYER_COUNTS if rules.min_players <= n <= rules.max_players] or [rules.min_players]
    return counts[seed % len(counts)]


def new_session(game: str, seed: int) -> Session:
    """Seat 0 a person, every other seat a Normal computer, `players_for` the seed."""
    seats = [{"name": "You", "kind": "human"}] + [
        {"name": f"Computer {i}", "kind": "computer", "difficulty": "normal"} for i in range(1, players_for(game, seed))]
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


def planted_game(kind: str, seed: int, most: int, unconfirmed: list) -> tuple[dict, list[int], int]:
    """The save of a game where seat 0 plays by the rule of thumb but plants the `kind` of
    blunder where one is open and `genuine` (one in PLANT_GAP of its decisions at most, `most`
    in all), the planted moves' numbers, and at how many decisions the blunders found (CHECKED
    of them) were none genuine; each blunder shown worse on the first sample but not on the
    second is added to `unconfirmed`."""
    game, find = BLUNDERS[kind]
    session = new_session(game, seed)
    person, planted, since, spared = session.descriptor.heuristic(seed), [], PLANT_GAP, 0
    while not session.game_over:
        if session.to_move != 0:
            session.apply(session.computer_action())
            continue
        legal = session.legal_actions()
        sensible = person.choose(session.view(0), legal)
        open_now = since >= PLANT_GAP and len(legal) > 1 and len(planted) < most
        found = find(session.rules, session.state, legal, sensible) if open_now else []
        check = seed * 1000 + len(session.log)
        blunder = next((_blunder(move) for move in found[:CHECKED]
                        if genuine(session, _sound(move, sensible), _blunder(move), check, unconfirmed)), None)
        spared += bool(found) and blunder is None
        since += 1
        if blunder is not None:
            planted.append(len(session.log) + 1)
            since = 0
        session.apply(sensible if blunder is None else blunder)
    return session.to_save(), planted, spared


def _blunder(found):
    return found.blunder if isinstance(found, Against) else found


def _sound(found, sensible):
    return found.sound if isinstance(found, Against) else sensible


def genuine(session: Session, sensible, blunder, seed: int, unconfirmed: list) -> bool:
    """Whether `blunder` is `shown_worse` than `sensible` on the deals of `seed` and confirmed on
    the independent deals of `seed` + CONFIRM_SEED. Among the many blunders checked, those whose
    one sample happens to look costly pass a single check by luck (a winner's curse: a fresh
    sample, the review's own, sees less cost); the second sample keeps them from being planted.
    A blunder the first sample shows but the second does not is added to `unconfirmed`."""
    if not shown_worse(session, sensible, blunder, seed):
        return False
    confirmed = shown_worse(session, sensible, blunder, seed + CONFIRM_SEED)
    if not confirmed:
        unconfirmed.append(blunder)
    return confirmed


def shown_worse(session: Session, sensible, blunder, seed: int) -> bool:
    """Whether `blunder` is worse than the `sensible` move it replaces by the game's own measure,
    on GENUINE_DEALS deals of what seat 0 cannot see: in a solitaire, it loses the deal at the next
    draw on COSTLY_FROM more of them while the deal could still be won (the solver sees the draw,
    the player does not); elsewhere, played on by the rule of thumb (to the end where
    TO_THE_END), it loses COSTLY_FROM of win chance or the game's costly points on average, and
    more than NOISE_ERRORS standard errors of the paired difference (so that a blunder planted
    is one the continuations show, not their luck)."""
    descriptor, view = session.descriptor, session.view(0)
    judge = Judge(descriptor, ReviewBudget(0, GENUINE_DEALS), session.names)
    if descriptor.rules.has_solver:
        safe, risky = judge.losses_at_once(view, [sensible, blunder], seed, GENUINE_DEALS)
        return statistics.mean(risky) - statistics.mean(safe) >= COSTLY_FROM and winnable(descriptor.rules, view, seed)
    search = RolloutSearch(descriptor.rules, descriptor.heuristic, deals=GENUINE_DEALS, seed=seed,
                           to_the_end=descriptor.name in TO_THE_END)
    rewards, leads = judge.play_on(search, view, [sensible, blunder])
    chance_lost, chance_spread = _paired(rewards[0], rewards[1])
    points_lost, points_spread = _paired(leads[0], leads[1]) if leads[0] else (0.0, 0.0)
    line = POINTS_SCALES[descriptor.name].costly_from
    return chance_lost >= COSTLY_FROM and chance_lost > NOISE_ERRORS * chance_spread \
        or points_lost >= line and points_lost > NOISE_ERRORS * points_spread


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
    """Each kind of blunder of the game `name`: planted in games seed after seed (up to
    --seeds games) until --planted of them are, each judged as the review judges it."""
    for kind, (game, _find) in BLUNDERS.items():
        if game == name and (not args.kind or kind in args.kind):
            planted_kind(kind, game, args)


def planted_kind(kind: str, game: str, args) -> None:
    budget = budget_of(game, args)
    found: dict[str, list[bool]] = {"early": [], "late": []}
    spared = games = 0
    unconfirmed: list = []
    start = time.perf_counter()
    for seed in range(args.first_seed, args.first_seed + args.seeds):
        left = args.planted - len(found["early"]) - len(found["late"])
        if left <= 0:
            break
        save, planted, not_genuine = planted_game(kind, seed, left, unconfirmed)
        spared, games = spared + not_genuine, games + 1
        review = Review(save, 0, budget=budget, keep=False)
        for decision in review.decisions:
            if decision.move in planted:
                verdict = review.judge.judge(decision, seed * 1000 + decision.move)
                when = "late" if decision.move > LATE * len(save["actions"]) else "early"
                found[when].append(verdict.mark == COSTLY)
                if args.verbose:
                    print(f"  seed {seed} ({players_for(game, seed)} players) move {decision.move} ({when}): "
                          f"{verdict.mark} by {verdict.measure}, chance {verdict.chance_played:.2f} against "
                          f"{verdict.chance_hard:.2f} on {verdict.deals} deals, points lost {verdict.points_cost}, "
                          f"risk {verdict.risk:.2f}: {verdict.played_words}", flush=True)
    costly = found["early"] + found["late"]
    parts = ", ".join(f"{when} {sum(marks)}/{len(marks)}" for when, marks in found.items())
    share = f"{100 * sum(costly) / len(costly):.0f}%" if costly else "none planted"
    print(f"blunders  {kind:34} marked costly: {sum(costly)} of {len(costly)} ({share}; {parts}) in {games} games; "
          f"{spared} found not genuine ({len(unconfirmed)} blunders shown worse on the first sample, not on the "
          f"second); {time.perf_counter() - start:.0f} s", flush=True)


def hard_part(name: str, args) -> None:
    budget, descriptor = budget_of(name, args), find_game(name)
    costly = choices = 0
    times = []
    for seed in range(args.first_seed, args.first_seed + args.seeds):
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
    parser.add_argument("--seeds", type=int, default=3, help="games per game and part (blunders: at most)")
    parser.add_argument("--first-seed", type=int, default=1, help="blunders and hard: the first game's seed")
    parser.add_argument("--kind", action="append", help="a kind of blunder (default: every kind of the games)")
    parser.add_argument("--planted", type=int, default=10, help="blunders of each kind to plant and judge")
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

"""A finished game reviewed: each decision of one seat judged by the Hard computer's look-ahead.

The review walks the game of a save (its last game, the one the replay shows) move by move. At
each decision of the chosen seat that had more than one legal move it hands the Hard computer
that seat's VIEW at the time and the legal moves, exactly as at the table (never the state: the
review cannot read a card the seat could not see), and asks:

- what Hard would have played: the game's own Hard look-ahead (a tree search for Chains, its
  choice weighed against the rule of thumb's on the deals below; rollouts of the rule of thumb
  elsewhere; game.ai), on a budget of this module's (REVIEW_BUDGETS);
- what the move played and Hard's move are worth: the seat's win chance after each, estimated on
  the same deals of the hidden cards (`determinize` of the view) played on by the rule of thumb
  for every seat (game.ai.rollout), where the game's `estimate` judges a rollout stopped at its
  horizon; in a game scored in points (`Rules.points`), also the points against the best of the
  others.

A decision is marked by ONE measure (`Verdict.measure`), the only cost the player is told:
- the win chance (CHANCE), lost = Hard's move's chance minus the played move's: best when it
  loses less than BEST_WITHIN (two points of win chance), or for the move Hard plays or a forced
  move (one legal move: no search); costly from COSTLY_FROM (ten points of win chance) and more
  than NOISE_ERRORS standard errors of the paired difference (so that the luck of a few deals
  does not brand a sound move); good between;
- the game's points (POINTS: `Rules.points`, LINX's and Cubes' points, Sovereign's Chain's
  score, Chain-Chain's collected cards, the cards left in a Chains hand, each as a lead over the
  best of the other seats), where the win chance cannot tell the two moves apart (a game
  already decided, or chances less than BEST_WITHIN apart or within the noise): Hard's move is
  then the contender of equal chance with the best points lead, and the points lost against it
  are marked on the game's own scale (POINTS_SCALES), with the same regard for the noise. Where
  a move loses win chance and its points mark it harsher, the points mark it (a move that
  throws away a chain worth 30 points is costly even when the chance it loses is small).
Hard's move is chosen on the budget's deals (on twice as many where it beat the rule of thumb's
choice only by the margin of its rollouts); the move played is then weighed against it on fresh
deals, paired move by move: the deals that chose the best of several moves flatter it, and a
sound move weighed on them would look worse than it is. Where a verdict lies within the noise of
a line (chances apart by more than BEST_WITHIN but within the noise; the measure that marks
within the noise of its costly line), the two moves are played on up to MORE_DEALS times more
deals (CLOSE_DEALS in all at least), so that fewer verdicts rest on luck; in a game whose
rollouts stop at a horizon (LINX, Cubes), those deals are played on to the end (what a
horizon's estimate cannot see decides close verdicts).

A game of one that a solver decides knowing every card (`Rules.solve_deal`: the solitaire) is
judged from what the player could know: on deals of the unseen cards consistent with the view,
the solver says whether the deal could be won before the move and after it. Hard's move is the
solver's most frequent first step (knowing each deal, it would take another step on some: a
player who cannot tell them apart takes one move on all), and the win chance lost the share of
the deals won after Hard's move less the share won after the move played (where the solver wins
no deal, within its budget, no move is known to do better: the move played stands for Hard's).
The move after which no such deal can be won any more, while the solver won some before, is the
one that lost the deal as far as the player could know (`Verdict.lost_the_deal`).

The solver sees the card to be drawn; the player does not. So while the deal could still be won,
the move played is also played to the next draw on RISK_DEALS deals consistent with the view, the
rest of its turn as loses fewest (the same choices on every deal, searched RISK_CHOICES deep);
where it loses the deal there (no card left to fit the chain, the draw fitting nothing), so are
the other legal moves, Hard's and the rule of thumb's likeliest first, until one loses none. A
move that loses the deal at once on COSTLY_FROM more of those deals than the safest, beyond the
noise, stakes on the draw a deal that could be won, and is costly whatever the solver says of the
deals where the draw fits (`Verdict.by_risk`; Hard's move is then the safest, and the harsher
mark stands, as with the points).

Both moves are told in the table's words, as its hints tell a move: the move played by its first
event as the table showed it to the seat; Hard's by its first event on a deal of the view, never
naming a card the seat had not seen. A move its first event would tell badly is told by what the
seat was offered (`option_words`): a declined option by what was declined, a Cubes placement by
the cards its cell touches and on which side.

A networked game as this device's seat saw it (game/net/joined.py keeps the host's messages to
it) is reviewed from that seat's view the same way (`SeenReview`): the host told the seat each
move's events, not the move, so the move played is the legal one those events tell (`played_of`).

A review is reproducible: every search is seeded from the game's seed, the seat and the move, and
its budgets are counts (no clock). It runs off the frame loop: `Review.step()` judges one
decision; `progress` says how far it is; `cancel()` stops it. A finished review is kept (game/
storage.py, beside the finished games), keyed by the game's seed, config and actions, the seat and
REVIEW_VERSION; a second review of the same game reads it back, and a stored review that cannot
be read is ignored and made again.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
from collections import Counter
from dataclasses import dataclass, fields, is_dataclass
from typing import Any

from . import storage
from .ai.ismcts import ISMCTS
from .ai.rollout import RolloutSearch
from .core import cards_seen, from_json, to_json
from .cubes.board import neighbours
from .cubes.rules import Place as CubesPlace
from .registry import find_game
from .rng import Rng
from .sovereign.actions import EndTurn, Open, Pick, Skip as SovereignSkip
from .sovereign.phases import COVER, EXTRA_PLAY, FLIP, POLARITY, SALVAGE, SECOND, TUCK
from .session import GIVE_UP, NEXT_GAME, SEAT_KIND, Session
from .stream import SeenMove
from .wording import plain_name, verb_of

# Raise when the judging changes (budgets, thresholds, how a move is valued): stored reviews of
# another version are made again.
REVIEW_VERSION = 4
REVIEW_FORMAT = 4
REVIEW_SALT = 0x5E71E

BEST, GOOD, COSTLY = "best", "good", "costly"
SEVERITY = {BEST: 0, GOOD: 1, COSTLY: 2}
BEST_WITHIN = 0.02    # win chance lost (0 to 1) that still counts as Hard's move
COSTLY_FROM = 0.10    # win chance lost from which a move is costly...
NOISE_ERRORS = 2.0    # ...when the loss is also this many standard errors of the paired difference

SOLVER_NODES = 600    # positions the solitaire's solver may search on each deal of a review
MORE_DEALS = 3        # where a verdict lies within the noise of a line, the deals are played this many times more...
CLOSE_DEALS = 160     # ...or up to this many in all, whichever is more
RISK_DEALS = 40       # deals on which each of a solitaire's legal moves is played to the next draw...
RISK_CHOICES = 2      # ...the player's choices after it searched for the fewest losses...
RISK_WIDTH = 8        # ...among the rule of thumb's best few at each

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class PointsScale:
    """How a game's points mark a move that the win chance cannot tell from Hard's: best when it
    loses less than `best_within` points, costly from `costly_from` (and beyond the noise); `unit`
    is what the game counts ("point", or "card left" where the cards left in hand count against
    the seat, "card collected" where the cards collected do)."""

    best_within: float
    costly_from: float
    unit: str = "point"


UNITS = ("point", "card left", "card collected")
POINTS_SCALES = {
    "chains": PointsScale(0.5, 2.0, "card left"),             # cards left in hand
    "chainchain": PointsScale(1.0, 3.0, "card collected"),    # cards collected
    "linx": PointsScale(5.0, 20.0),           # the smallest scoring card is worth 20
    "cubes": PointsScale(5.0, 20.0),          # ranks in the score pile
    "sovereigns-chain": PointsScale(1.0, 3.0),
}
DEFAULT_POINTS_SCALE = PointsScale(1.0, 5.0)
CHANCE_SCALE = PointsScale(BEST_WITHIN, COSTLY_FROM)


@dataclass(frozen=True, slots=True)
class ReviewBudget:
    """How hard a review looks at each decision. `search`: Hard's tree search iterations (games
    that look ahead by a tree); `deals`: deals of the hidden cards on which the moves are played
    on and compared (for games that look ahead by rollouts, Hard's own look-ahead too)."""

    search: int
    deals: int


# Tuned with benchmarks/review.py so that a typical game reviews in well under 30 s on two cores.
REVIEW_BUDGETS = {
    "chains": ReviewBudget(search=1000, deals=60),
    "chainchain": ReviewBudget(search=0, deals=80),
    "linx": ReviewBudget(search=0, deals=64),
    "cubes": ReviewBudget(search=0, deals=16),
    "sovereigns-chain": ReviewBudget(search=0, deals=40),
    "sovereign-solitaire": ReviewBudget(search=0, deals=10),   # deals the solver decides
}
DEFAULT_BUDGET = ReviewBudget(search=1000, deals=40)


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the reviewed seat: the move's number in the game (1 for its first action,
    as the replay counts: its step `move` shows the table after it), what the seat saw, the legal
    moves, the move played, and the events it made as the seat was shown them at the table."""

    move: int
    view: Any
    legal: tuple
    played: Any
    told: tuple = ()


CHANCE, POINTS, RISK = "chance", "points", "risk"   # what made a verdict's mark: one measure each


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judgement of one decision. `hard` is the move the Hard computer plays there (the move
    played when they agree or the move was forced); the words are the table's (a move's first
    event, as the seat may read it; a declined option by what was declined). Win chances are
    from 0 to 1, None for a forced move; `cost` is the win chance lost (0 when the move played is
    as good); `points_cost` the points lost against Hard's move, each counted as a lead over the
    best of the other seats (0 when none), in a game scored in points (else None, as for a forced
    move).

    `measure` is the one measure that made the mark (CHANCE, POINTS or RISK), and the only cost a
    player is told: POINTS where the win chance could not tell the moves apart, or where the
    points lost are the harsher; RISK, in a solitaire, where the move was likelier than the
    safest to lose the deal at the next draw (`risk`, 0 to 1; Hard's move is then the safest).
    `close`: the two win chances differ by no more than the noise of `deals` continuations
    (shown as too close to tell apart). `lost_the_deal`: in a solitaire, the move after which the
    deal could no longer be won as far as the player could know."""

    move: int
    played: Any
    played_words: str
    mark: str
    hard: Any
    hard_words: str
    chance_played: float | None = None
    chance_hard: float | None = None
    cost: float = 0.0
    points_cost: float | None = None
    measure: str = CHANCE
    lost_the_deal: bool = False
    unit: str = "point"
    risk: float = 0.0
    close: bool = False
    deals: int = 0

    @property
    def forced(self) -> bool:
        return self.chance_played is None

    @property
    def by_points(self) -> bool:
        return self.measure == POINTS

    @property
    def by_risk(self) -> bool:
        return self.measure == RISK

    def to_data(self) -> dict:
        return {"move": self.move, "played": to_json(self.played), "played_words": self.played_words,
                "mark": self.mark, "hard": to_json(self.hard), "hard_words": self.hard_words,
                "chance_played": self.chance_played, "chance_hard": self.chance_hard, "cost": self.cost,
                "points_cost": self.points_cost, "measure": self.measure, "lost_the_deal": self.lost_the_deal,
                "unit": self.unit, "risk": self.risk, "close": self.close, "deals": self.deals}

    @classmethod
    def from_data(cls, data: dict, types: tuple[type, ...]) -> "Verdict":
        """A verdict as `to_data` wrote it; ValueError (or KeyError, TypeError) for anything else."""
        verdict = cls(data["move"], from_json(data["played"], types), data["played_words"], data["mark"],
                      from_json(data["hard"], types), data["hard_words"], data["chance_played"],
                      data["chance_hard"], data["cost"], data["points_cost"], data["measure"],
                      data["lost_the_deal"], data["unit"], data["risk"], data["close"], data["deals"])
        numbers = (verdict.chance_played, verdict.chance_hard, verdict.cost, verdict.points_cost, verdict.risk)
        flags = (verdict.close, verdict.lost_the_deal)
        if verdict.mark not in (BEST, GOOD, COSTLY) or type(verdict.move) is not int \
                or type(verdict.deals) is not int or verdict.measure not in (CHANCE, POINTS, RISK) \
                or not all(type(flag) is bool for flag in flags) or verdict.unit not in UNITS \
                or not all(type(words) is str for words in (verdict.played_words, verdict.hard_words)) \
                or not all(n is None or type(n) in (int, float) for n in numbers) \
                or verdict.cost is None or verdict.risk is None:
            raise ValueError("not a verdict")
        return verdict


def mark_of(lost: float, spread: float, scale: PointsScale = CHANCE_SCALE) -> str:
    """The mark for a move that loses `lost` against Hard's move (win chance, or points on a
    game's `scale`), estimated with a standard error of `spread`."""
    if lost < scale.best_within:
        return BEST
    if lost >= scale.costly_from and lost > NOISE_ERRORS * spread:
        return COSTLY
    return GOOD


def decisions_of(saved: Session, seat: int) -> list[Decision]:
    """Every decision `seat` made, while a person played it, in the last game of a saved session
    (not a move the table made for them)."""
    session = Session(saved.game, saved.config, saved.seed)
    rules = session.rules
    found: list[Decision] = []
    move = 0
    for item in saved.log:
        if item == NEXT_GAME:
            session.next_game()
            found, move = [], 0
            continue
        move += 1
        is_move = item != GIVE_UP and item.get("type") != SEAT_KIND
        if not (is_move and session.to_move == seat and session.seats[seat].is_human) \
                or rules.made_by_the_table(session.legal_actions()):
            session.replay_item(item)
            continue
        view, legal = session.view(seat), tuple(session.legal_actions())
        session.replay_item(item)
        told = session.stream(seat).last_move.events
        found.append(Decision(move, view, legal, from_json(item, rules.saved_types), told))
    return found


def seen_decisions(rules, messages: list[dict]) -> list[Decision]:
    """Every decision a seat made in the last game of a networked game as it saw it (the host's
    snapshots and moves to it, as game/net/joined.py keeps them), each numbered by the replay's
    step of the host's news of it. A move taken back (a later snapshot no longer holds it) is no
    decision, nor is a move the table made for the seat. The host's news tells a move's events,
    not the move: the move played is found among the legal ones (`played_of`), and a decision
    whose move cannot be told is left out."""
    seat, last_game = messages[0]["seat"], messages[-1]["game_number"]
    types = (SeenMove,) + rules.event_types + rules.view_types
    standing = _standing_moves(messages)
    found: list[Decision] = []
    for step in range(1, len(messages)):
        before, news = messages[step - 1], messages[step]
        if news["type"] != "move" or news["game_number"] != last_game or before["to_move"] != seat \
                or before["kinds"][seat] != "human":
            continue
        move = from_json(news["move"], types)
        if move.mover != seat or move.number not in standing:
            continue
        view = from_json(before["view"], types)
        legal = tuple(from_json(action, rules.saved_types) for action in before["legal"])
        if rules.made_by_the_table(legal):
            continue
        played = played_of(rules, view, legal, move.events, from_json(news["view"], types), Rng(step))
        if played is not None:
            found.append(Decision(step, view, legal, played, move.events))
    return found


def _standing_moves(messages: list[dict]) -> set[int]:
    """The numbers of the moves the seat's stream holds at the end (a snapshot after an undo
    holds the moves left standing)."""
    numbers: list[int] = []
    for message in messages:
        if message["type"] == "snapshot":
            numbers = [move["number"] for move in message["moves"]]
        elif message["type"] == "move":
            numbers.append(message["move"]["number"])
    return set(numbers)


def played_of(rules, view, legal: tuple, told: tuple, after, rng: Rng):
    """The move among `legal` the seat of `view` made, told only its events (`told`) and the view
    it was left (`after`): on a deal of the view, the one whose events are told most alike (field
    by field, the first events first), then whose view after is `after` (or nearest it, card by
    card). None when two moves cannot be told apart so."""
    if len(legal) == 1:
        return legal[0]
    state, seat = rules.determinize(view, rng), view.seat
    kinds = rules.card_types + rules.shown_types

    def likeness(action) -> tuple:
        reached, events = rules.apply(state, action)
        seen = rules.view(reached, seat)
        fields_alike = tuple(_fields_alike(rules.redact(event, seat), event_told) for event, event_told in zip(events, told))
        return (fields_alike + (len(events) == len(told),), seen == after,
                -len(cards_seen(seen, kinds) ^ cards_seen(after, kinds)))

    scored = [(likeness(action), action) for action in legal]
    best = max(score for score, _action in scored)
    found = [action for score, action in scored if score == best]
    return found[0] if len(found) == 1 else None


def _fields_alike(event, told) -> int:
    """How alike two events are: 0 for two kinds of event, else one more than the fields equal."""
    if type(event) is not type(told):
        return 0
    if not is_dataclass(event):
        return 1 + (event == told)
    return 1 + sum(getattr(event, field.name) == getattr(told, field.name) for field in fields(event))


class Judge:
    """Judges decisions of one game from a seat's view, on a budget (see the module's words)."""

    def __init__(self, descriptor, budget: ReviewBudget, names: list[str]) -> None:
        self.descriptor = descriptor
        self.rules = descriptor.rules
        self.budget = budget
        self.names = names
        self.points_scale = POINTS_SCALES.get(descriptor.name, DEFAULT_POINTS_SCALE)

    def judge(self, decision: Decision, seed: int) -> Verdict:
        view, legal, played = decision.view, list(decision.legal), decision.played
        rng = Rng(seed)
        words = self.describe_played(decision)
        if len(legal) == 1:
            return Verdict(decision.move, played, words, BEST, played, words)
        if self.rules.has_solver:
            return self.judge_by_solver(decision, words, rng)
        hard, chance, counted = self.hards_move(view, legal, played, rng)
        if hard == played:
            return Verdict(decision.move, played, words, BEST, played, words, chance, chance, 0.0,
                           0.0 if counted else None, unit=self.points_scale.unit)
        rewards, leads, weighed = self.measured(view, [hard, played], rng)
        _best, lost, spread, points, _points_spread, mark, measure = weighed
        return Verdict(decision.move, played, words, mark, hard, self.describe_unplayed(view, hard, rng),
                       _mean(rewards[1]), _mean(rewards[0]), max(0.0, lost), None if points is None else max(0.0, points),
                       measure, unit=self.points_scale.unit, close=_alike(lost, spread), deals=len(rewards[1]))

    def searcher(self, seed: int, to_the_end: bool = False) -> RolloutSearch:
        return RolloutSearch(self.rules, self.descriptor.heuristic, deals=self.budget.deals, seed=seed,
                             to_the_end=to_the_end)

    def hards_move(self, view, legal: list, played, rng: Rng) -> tuple[Any, float, bool]:
        """Hard's move: of its contenders (and the move played), the best on the budget's deals,
        by win chance and, where the chance cannot tell them apart, by points; where it beat the
        rule of thumb's choice, or kept the move played while another did better, on twice as many. With it, its
        win chance on those deals and whether points were counted."""
        search = self.searcher(rng.derive(1))
        contenders = self.contenders(search, view, legal, rng.derive(2))
        moves = contenders + ([played] if played not in contenders else [])
        rewards, leads = self.play_on(search, view, moves)
        best = self.weigh(search, rewards, leads, 0, len(contenders))[0]
        if best != 0 or self.kept_within_margin(moves, rewards, best, played):
            more_rewards, more_leads = self.play_on(search, view, moves)
            rewards = [old + new for old, new in zip(rewards, more_rewards)]
            leads = [old + new for old, new in zip(leads, more_leads)]
            best = self.weigh(search, rewards, leads, 0, len(contenders))[0]
        return moves[best], _mean(rewards[best]), bool(leads[best])

    @staticmethod
    def kept_within_margin(moves: list, rewards: list[list[float]], best: int, played) -> bool:
        """Whether the move played is the one Hard keeps only because no other beat it by the
        margin, while another did better on these deals: the verdict "Best" then rests on few deals."""
        means = [sum(reward) / len(reward) for reward in rewards]
        return moves[best] == played and max(means) > means[best]

    def measured(self, view, pair: list, rng: Rng) -> tuple:
        """Hard's move and the move played (`pair`) weighed on fresh deals (the deals that chose
        Hard's move flatter it): their rewards, points leads and `weigh`; where the verdict lies
        within the noise of a line, on deals played to the end in a game whose rollouts stop at a
        horizon, and on up to MORE_DEALS times more deals (CLOSE_DEALS at least)."""
        search = self.searcher(rng.derive(5))
        rewards, leads = self.play_on(search, view, pair)
        weighed = self.weigh(search, rewards, leads, 1, 1)
        if self.rules.playout_horizon is not None and self.unsure(*weighed):
            search = self.searcher(rng.derive(6), to_the_end=True)
            rewards, leads = self.play_on(search, view, pair)
            weighed = self.weigh(search, rewards, leads, 1, 1)
        most = max((MORE_DEALS + 1) * len(rewards[1]), CLOSE_DEALS)
        while len(rewards[1]) < most and self.unsure(*weighed):
            more_rewards, more_leads = self.play_on(search, view, pair)
            rewards = [old + new for old, new in zip(rewards, more_rewards)]
            leads = [old + new for old, new in zip(leads, more_leads)]
            weighed = self.weigh(search, rewards, leads, 1, 1)
        return rewards, leads, weighed

    def weigh(self, search: RolloutSearch, rewards: list[list[float]], leads: list[list[float]], mine: int,
              contenders: int) -> tuple:
        """Hard's move among the first `contenders` moves (by win chance, and where the chance
        cannot tell them apart, by points), and against it the move `mine`'s win chance lost, its
        standard error, the points lost and theirs (None where no points were counted), its mark
        and the measure that made it."""
        best = search.best_candidate(rewards[:contenders])
        lost, spread = _paired(rewards[best], rewards[mine])
        if leads[best] and _alike(lost, spread):
            best = _best_by_points(rewards[:contenders], leads, best)
            lost, spread = _paired(rewards[best], rewards[mine])
        points, points_spread = _paired(leads[best], leads[mine]) if leads[best] else (None, 0.0)
        mark, measure = self.mark(lost, spread, leads[best], leads[mine])
        return best, lost, spread, points, points_spread, mark, measure

    def unsure(self, _best, lost: float, spread: float, points: float | None, points_spread: float, _mark,
               measure: str) -> bool:
        """Whether more deals could change the verdict: the win chances differ by more than
        BEST_WITHIN but within the noise, or the measure that marks lies within the noise of the
        costly line."""
        if abs(lost) >= BEST_WITHIN and _alike(lost, spread):
            return True
        if measure == POINTS:
            return _near_line(points, points_spread, self.points_scale.costly_from)
        return _near_line(lost, spread, COSTLY_FROM)

    def mark(self, lost: float, spread: float, hard_leads: list[float], my_leads: list[float]) -> tuple[str, str]:
        """The mark of a move that loses `lost` win chance (standard error `spread`) against
        Hard's, and the measure that made it: the points where the chance cannot tell the moves
        apart, or where the move loses chance and the points lost mark it harsher; else the
        chance."""
        by_chance = mark_of(lost, spread)
        if not hard_leads or not (_alike(lost, spread) or lost > 0):
            return by_chance, CHANCE
        by_points = mark_of(*_paired(hard_leads, my_leads), self.points_scale)
        if _alike(lost, spread) or SEVERITY[by_points] > SEVERITY[by_chance]:
            return by_points, POINTS
        return by_chance, CHANCE

    def judge_by_solver(self, decision: Decision, words: str, rng: Rng) -> Verdict:
        """A decision of a game of one that a solver decides (see the module's words): on deals
        consistent with the view, could it be won before the move, and after it? And does the
        move stake the deal on the next draw where another move did not?"""
        view, played, legal = decision.view, decision.played, list(decision.legal)
        before, after, after_best, best = self.solved_around(view, played, rng)
        chance_played, chance_best = list(map(_solved_chance, after)), list(map(_solved_chance, after_best))
        lost, spread = _paired(chance_best, chance_played)
        mark = mark_of(lost, spread)
        hard = played if mark == BEST else best
        risk, by_risk = 0.0, False
        if any(before):   # the deal could still be won, as far as the player could know
            mine, safest, fewest = self.risk_against_safest(view, legal, played, hard, rng.derive(3))
            risk, risk_spread = _paired(mine, fewest)
            by_risk = SEVERITY[mark_of(risk, risk_spread)] > SEVERITY[mark]
            if by_risk:
                mark, hard = mark_of(risk, risk_spread), safest
        hard_words = words if hard == played else self.describe_unplayed(view, hard, rng)
        lost_the_deal = all(won is False for won in after) and any(won is True for won in before)
        return Verdict(decision.move, played, words, mark, hard, hard_words, _mean(chance_played), _mean(chance_best),
                       max(0.0, lost), None, RISK if by_risk else CHANCE, lost_the_deal, risk=max(0.0, risk),
                       close=_alike(lost, spread), deals=len(after))

    def solved_around(self, view, played, rng: Rng) -> tuple[list, list, list, Any]:
        """On the budget's deals consistent with the view, the solver's answers (True won, False
        lost, None undecided) before the move, after it, and after the first step its wins take
        most often (the one move a player who cannot tell the deals apart would take by it), and
        that step; where it wins none, the move played stands for it."""
        rules = self.rules
        solved = []
        for _deal in range(self.budget.deals):
            world = rules.determinize(view, rng)
            solved.append((world, *rules.solve_deal(world, SOLVER_NODES)))
        firsts = Counter(line[0] for _world, won, line in solved if won and line)
        before = [won for _world, won, _line in solved]
        after = [self._solved_after(world, won, line, played) for world, won, line in solved]
        if not firsts:   # no step known to win: no move is known to do better
            return before, after, after, played
        best = firsts.most_common(1)[0][0]
        after_best = after if best == played else [self._solved_after(*deal, best) for deal in solved]
        return before, after, after_best, best

    def _solved_after(self, world, won: bool | None, line: list, move) -> bool | None:
        """The solver's answer on `world` after `move`, given its answer before it."""
        if won is False or (won and line and line[0] == move):
            return won   # the solver is exact: no move wins a lost deal; its line wins
        state = self.rules.clone(world)
        self.rules.advance(state, move)
        return self.rules.solve_deal(state, SOLVER_NODES)[0]

    def losses_at_once(self, view, moves: list, seed: int, deals: int = RISK_DEALS) -> list[list[float]]:
        """Each move's losses at the next draw, on the same `deals` deals consistent with the
        view: 1 where the deal is lost as the next turn begins, else 0, the rest of the move's
        turn played as loses fewest (`_least_losses`). The solver sees the card to be drawn, the
        player does not: this is the risk the player could see."""
        worlds, policy = self._risk_worlds(view, seed, deals)
        return [self._losses(worlds, move, view.seat, policy) for move in moves]

    def risk_against_safest(self, view, legal: list, played, hard, seed: int) -> tuple[list[float], Any, list[float]]:
        """The move played's losses at the next draw (as `losses_at_once`), and the safest legal
        move's with them: Hard's or the rule of thumb's likeliest first, the first that loses no
        deal ending the search (none is looked for when the move played loses none)."""
        worlds, policy = self._risk_worlds(view, seed, RISK_DEALS)
        mine = self._losses(worlds, played, view.seat, policy)
        safest, fewest = played, mine
        others = [hard] + policy.ranking(view, legal) if any(mine) else []
        for move in dict.fromkeys(others):
            if not any(fewest):
                break
            if move != played:
                found = self._losses(worlds, move, view.seat, policy)
                safest, fewest = (move, found) if sum(found) < sum(fewest) else (safest, fewest)
        return mine, safest, fewest

    def _risk_worlds(self, view, seed: int, deals: int) -> tuple[list, Any]:
        rng = Rng(seed)
        policy = self.descriptor.heuristic(rng.derive(1))
        return [self.rules.determinize(view, rng) for _deal in range(deals)], policy

    def _losses(self, worlds: list, move, seat: int, policy) -> list[float]:
        turn = self.rules.turns_played(worlds[0], seat)
        states = [self._advanced(world, move) for world in worlds]
        return self._least_losses(states, seat, turn, policy, RISK_CHOICES)

    def _least_losses(self, states: list, seat: int, turn: int, policy, choices: int) -> list[float]:
        """Deal by deal, whether the deal is lost as the next turn begins, the rest of `turn` played
        the way that loses fewest: the same choice on every deal (the player cannot tell them
        apart), among the rule of thumb's best RISK_WIDTH, for `choices` more decisions; then (or
        once the deals differ in what may be done) by the rule of thumb."""
        rules = self.rules
        live = [state for state in states if self._in_turn(state, seat, turn)]
        legal = rules.legal_actions(live[0]) if live else []
        alike = legal and all(rules.legal_actions(s) == legal for s in live[1:])
        if alike and (len(legal) == 1 or choices):
            ranked = policy.ranking(rules.view(live[0], seat), legal) if len(legal) > 1 else legal
            best = None
            for action in ranked[:RISK_WIDTH]:
                after = [self._advanced(state, action) if state in live else state for state in states]
                found = self._least_losses(after, seat, turn, policy, choices - (len(legal) > 1))
                best = found if best is None or sum(found) < sum(best) else best
                if not any(best):
                    break
            return best
        for state in live:
            while self._in_turn(state, seat, turn):
                legal = rules.legal_actions(state)
                rules.advance(state, legal[0] if len(legal) == 1 else policy.choose(rules.view(state, seat), legal))
        return [self._lost(state, seat) for state in states]

    def _in_turn(self, state, seat: int, turn: int) -> bool:
        return self.rules.to_move(state) is not None and self.rules.turns_played(state, seat) == turn

    def _advanced(self, state, action):
        copy = self.rules.clone(state)
        self.rules.advance(copy, action)
        return copy

    def _lost(self, state, seat: int) -> float:
        result = self.rules.outcome(state)
        return float(result is not None and seat not in result.winners)

    def contenders(self, search: RolloutSearch, view, legal: list, seed: int) -> list:
        """The moves Hard's look-ahead chooses from: its tree search's choice, in a game that
        looks ahead by a tree, and the rule of thumb's best, which the rollouts weigh against it
        (a tree search on a review's budget may miss what the rule of thumb sees); else the rule
        of thumb's best few and the best of each kind of move, which the rollouts compare."""
        ranked = search.heuristic.ranking(view, legal)
        if self.descriptor.lookahead == "tree":
            chosen = ISMCTS(self.rules, iterations=self.budget.search, seed=seed).search(view, legal)
            return list(dict.fromkeys([chosen, ranked[0]]))
        return search.weighed(view, ranked)

    def play_on(self, search: RolloutSearch, view, moves: list) -> tuple[list[list[float]], list[list[float]]]:
        """Each move's rewards for the seat on the same deals, and its points lead where the game
        counts points (in both lists of a pair of moves, or neither: deals where a rollout stopped
        before points were known are left out of the points)."""
        rules, seat = self.rules, view.seat
        rewards: list[list[float]] = [[] for _ in moves]
        leads: list[list[float]] = [[] for _ in moves]
        for _deal in range(search.deals):
            world = rules.determinize(view, search.rng)
            seed = search.rng.next_u64()
            reached = [search.play_on(rules.clone(world), move, seed)[0] for move in moves]
            points = [rules.points(state) for state in reached]
            for i, state in enumerate(reached):
                rewards[i].append(search.reward(state, seat))
            if all(p is not None for p in points):
                for i, p in enumerate(points):
                    leads[i].append(_lead(p, seat))
        return rewards, leads

    def describe_played(self, decision: Decision) -> str:
        """The move played in words: the option it took or declined as the seat met it
        (`option_words`), else its first event as the table showed it to the seat."""
        view, played = decision.view, decision.played
        named = option_words(view, played, self.names[view.seat])
        return named or self.describe(view.seat, played, decision.told[0] if decision.told else None)

    def describe(self, seat: int, action, event) -> str:
        """A move in words, as the table's hints say it: its first event, or the move's own name
        when `event` is None; then the cards of the move the event leaves unnamed (one put aside
        face down until every seat has chosen), in brackets."""
        kinds = self.rules.card_types + self.rules.shown_types
        if event is None:
            words, named = f"{self.names[seat]}: {plain_name(action)}", set()
        else:
            words, named = event.text(self.names), cards_seen(event, kinds)
        unnamed = sorted(card.label for card in cards_seen(action, kinds) - named)
        return f"{words} ({', '.join(unnamed)})" if unnamed else words

    def describe_unplayed(self, view, action, rng: Rng) -> str:
        """A move the seat did not make, in words: the option it takes or declines as the seat
        met it (`option_words`); else played on a deal the seat cannot tell from the real one,
        its first event as the seat would read it, else as an onlooker would; else (both would
        name a card the seat has not seen: one it would draw) the move's name."""
        named = option_words(view, action, self.names[view.seat])
        if named:
            return named
        rules = self.rules
        events = rules.advance(rules.determinize(view, rng), action)
        kinds = rules.card_types + rules.shown_types
        seen = cards_seen(view, kinds)
        for reader in (view.seat, None):
            event = rules.redact(events[0], reader) if events else None
            if event is None or not cards_seen(event, kinds) - seen:
                return self.describe(view.seat, action, event)
        return self.describe(view.seat, action, None)


# What a seat declines with Skip in Sovereign's Chain, by the choice it was asked (the view's
# pending kind): said after the seat's name.
DECLINED = {
    SALVAGE: "declines Salvage (discarding a card to draw one)",
    SECOND: "declines Open Skies' second play",
    EXTRA_PLAY: "declines the Smuggler's extra play",
    POLARITY: "declines Polarity Shift's flip of the suit of the card just played",
    FLIP: "declines the Empath's flip (turning a card over)",
    TUCK: "declines the Runner's tuck (a hand card beneath it)",
    COVER: "declines the Acolyte's move onto a face-up card",
}
# Where a card placed in Cubes lies from a card it touches, by where that card lies from it.
FROM_THE_NEIGHBOUR = {"above it": "below", "below it": "above", "to its left": "right of", "to its right": "left of"}


def option_words(view, action, name: str) -> str | None:
    """The words of a move that its first event would tell badly, by what the seat was offered:
    a Sovereign's Skip by the option declined, its EndTurn as placing no more tokens, its
    opening and sudden-death picks by the card picked (the seat's own); a Cubes placement by
    the cards its cell touches and on which side. None for any other move."""
    if isinstance(action, SovereignSkip) and view.pending is not None:
        return f"{name} {verb_of(name, DECLINED.get(view.pending.kind, 'declines to ' + view.pending.kind))}"
    if isinstance(action, EndTurn):
        return f"{name} {verb_of(name, 'ends the turn, placing no more tokens')}"
    if isinstance(action, Open) and action.card is not None:
        return f"{name} {verb_of(name, 'starts')} a chain face down with {action.card.label}"
    if isinstance(action, Pick) and action.card is not None:
        return f"{name} {verb_of(name, 'picks')} {action.card.label} for sudden death"
    if isinstance(action, CubesPlace):
        return f"{name} {verb_of(name, 'places')} {action.card.label} {cell_words(view, action.x, action.y)}"
    return None


def cell_words(view, x: int, y: int) -> str:
    """Where cell (x, y) of a Cubes board lies, by the cards it touches: "below 6♠ and left of
    4♣" (every cell played touches a card, but the first)."""
    sides = [f"{FROM_THE_NEIGHBOUR[where]} {card.label}" for _cell, card, where in neighbours(view.board_dict(), x, y)]
    return " and ".join(sides) or "in the centre"


def _best_by_points(rewards: list[list[float]], leads: list[list[float]], best: int) -> int:
    """Of the contenders whose win chance is within BEST_WITHIN of the best's, the one with the
    best mean points lead (the best itself on a tie)."""
    chance = _mean(rewards[best])
    even = [i for i, r in enumerate(rewards) if abs(_mean(r) - chance) < BEST_WITHIN]
    return max(even, key=lambda i: (_mean(leads[i]), i == best))


def _alike(lost: float, spread: float) -> bool:
    """Whether the win chance cannot tell two moves apart: they differ by less than BEST_WITHIN,
    or by no more than the noise of the estimate."""
    return abs(lost) < BEST_WITHIN or abs(lost) <= NOISE_ERRORS * spread


def _near_line(value: float, spread: float, line: float) -> bool:
    """Whether `value` (standard error `spread`) cannot be told from `line` yet: it lies within
    the noise of it, or beyond it but within the noise of nothing."""
    if value < line:
        return line - value <= NOISE_ERRORS * spread
    return value <= NOISE_ERRORS * spread


def _solved_chance(won: bool | None) -> float:
    """A deal's chance as the solver left it: 1 won, 0 lost, one half when it could not decide."""
    return 0.5 if won is None else float(won)


def _lead(points: tuple[float, ...], seat: int) -> float:
    """`seat`'s points less the best of the others' (its own points in a game of one)."""
    others = [p for s, p in enumerate(points) if s != seat]
    return points[seat] - (max(others) if others else 0.0)


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def _paired(first: list[float], second: list[float]) -> tuple[float, float]:
    """The mean of `first` less `second`, deal by deal, and its standard error."""
    gains = [a - b for a, b in zip(first, second)]
    n = len(gains)
    mean = sum(gains) / n
    if n < 2:
        return mean, 0.0
    spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1))
    return mean, spread / math.sqrt(n)


def review_key(save: dict, seat: int) -> dict:
    """What a stored review is found by: the game (its name, config, seed and actions), the seat
    and REVIEW_VERSION."""
    return {"game": save["game"], "config": save["config"], "seed": save["seed"], "actions": save["actions"],
            "seat": seat, "version": REVIEW_VERSION}


def review_name(key: dict) -> str:
    """The file name (without .json) of the review stored for `key`."""
    text = json.dumps(key, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


class Review:
    """The review of `seat` in a save (`Session.to_save()` data, what a finished game keeps).
    Raises SaveError when the save does not replay, ValueError for a seat not at the table.

    `step()` judges one decision (call it between frames or in a worker thread); `done`,
    `progress` (0 to 1) and `verdicts` say where it is; `cancel()` stops it before the next
    decision. `budget` overrides the game's (tests look briefly); `keep` False neither reads nor
    writes stored reviews."""

    def __init__(self, save: dict, seat: int, budget: ReviewBudget | None = None, keep: bool = True) -> None:
        saved = Session.from_save(save)
        if type(seat) is not int or not 0 <= seat < len(saved.seats):
            raise ValueError(f"there is no seat {seat!r} at this table (seats 0 to {len(saved.seats) - 1})")
        judge = Judge(saved.descriptor, budget or REVIEW_BUDGETS.get(saved.game, DEFAULT_BUDGET), saved.names)
        self._begin(seat, saved.seed, saved.rules.saved_types, decisions_of(saved, seat), judge,
                    review_key(saved.to_save(), seat), keep)

    def _begin(self, seat: int, seed: int, types: tuple, decisions: list[Decision], judge: "Judge", key: dict,
               keep: bool) -> None:
        """What a review holds, the verdicts stored before (unless `keep` is False) among them."""
        self.seat, self.seed, self.types = seat, seed, types
        self.decisions = decisions
        self.judge = judge
        self.key = key
        self.name = review_name(key)
        self.keep = keep
        self.cancelled = False
        stored = self._stored() if keep else None
        self.from_store = stored is not None
        self.verdicts: list[Verdict] = stored if stored is not None else []

    @property
    def done(self) -> bool:
        return len(self.verdicts) == len(self.decisions)

    @property
    def progress(self) -> float:
        return len(self.verdicts) / len(self.decisions) if self.decisions else 1.0

    def cancel(self) -> None:
        self.cancelled = True

    def step(self) -> bool:
        """Judge the next decision; whether there is more to do (False once done or cancelled)."""
        if self.cancelled or self.done:
            return False
        decision = self.decisions[len(self.verdicts)]
        seed = Rng(self.seed).derive(REVIEW_SALT, self.seat, decision.move)
        self.verdicts.append(self.judge.judge(decision, seed))
        if self.done:
            self._store()
        return not self.done

    def run(self) -> list[Verdict]:
        """Every verdict, judged here and now (benchmarks and tests; the table steps)."""
        while self.step():
            pass
        return self.verdicts

    def _stored(self) -> list[Verdict] | None:
        """The verdicts of this review stored before, or None when there are none to trust."""
        data = storage.load_review(self.name)
        if data is None:
            return None
        try:
            if data["format"] != REVIEW_FORMAT or data["key"] != self.key:
                return None
            verdicts = [Verdict.from_data(item, self.types) for item in data["verdicts"]]
        except (KeyError, TypeError, ValueError) as err:
            log.warning("stored review %s cannot be used, it is made again: %s", self.name, err)
            return None
        if [v.move for v in verdicts] != [d.move for d in self.decisions]:
            return None
        return verdicts

    def _store(self) -> None:
        if not self.keep:
            return
        data = {"format": REVIEW_FORMAT, "key": self.key, "verdicts": [v.to_data() for v in self.verdicts]}
        try:
            storage.save_review(self.name, json.dumps(data))
        except storage.StorageError as err:
            log.warning("the review is not kept: %s", err)


class SeenReview(Review):
    """The review of a networked game as this device's seat saw it (`messages`: the host's to it,
    as game/net/joined.py keeps them; `names`: the seats' names): that seat's decisions in its
    last game (`seen_decisions`), judged as a local game's are. This device never knew the deal's
    seed: the searches are seeded from the game as it was seen, so a second review of it is the
    same one (and is read back from the store). Raises KeyError, TypeError or ValueError for
    messages that are not a game's."""

    def __init__(self, messages: list[dict], names: list[str], budget: ReviewBudget | None = None,
                 keep: bool = True) -> None:
        first = messages[0]
        descriptor = find_game(first["game"])
        rules = descriptor.rules.for_config(first["config"]["rules"])
        key = {"game": first["game"], "seen": review_name({"messages": messages}), "seat": first["seat"],
               "version": REVIEW_VERSION}
        judge = Judge(descriptor, budget or REVIEW_BUDGETS.get(first["game"], DEFAULT_BUDGET), list(names))
        self._begin(first["seat"], int(review_name(key)[:15], 16), rules.saved_types, seen_decisions(rules, messages),
                    judge, key, keep)

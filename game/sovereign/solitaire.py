"""Sovereign's Chain solitaire (rulebook "Solitaire Play", ruling "Solitaire"): the same cards,
abilities and events as the game for 2-4, on one chain of seven places that never close up.

Deals are numbered: deal n is the game set up from seed n, so a number is what players share
("Deal #12345"), the daily deal is a number computed from the date alone, and "winnable deals
only" looks for the first number from a starting one that the solver proves can be won.

Also here: a rule of thumb that plays from what it can see (`SolitaireHint`), and what the table
asks of it and of the solver (game.sovereign.solver, which decides whether a deal can be won when
the whole order of the cards is known): the action to play (`hint_action`, judged from what the
player can see: the first step the solver's winning lines take most often over deals consistent
with the player's view, else the rule of thumb) and whether the deal can still be won
(`still_winnable`, a proof about the real deal), both remembering what they found in a
`HintMemory`; all deterministic from the seed.

Threads: the table may call `hint_action` and `still_winnable` in a background thread while it
plays on, given a state that no other thread changes during the call (a clone made on the table's
thread). The search works on its own copies and keeps its tables in the `Solver` of that call.
What it shares with the table is filled on first use and never changed after: the card set's
`resolutions` and `actions` (a dict look-up, then a store of an equal value: two threads may both
make an entry, and either one serves, holding the very same cards), `core.shared` and the views'
cache (`functools` caches, safe to fill from two threads), and the rows of actions aimed at the
places (made at import for seven places; a solitaire chain never has more). A `HintMemory` holds
a lock, so the table and a background thread may share one.
"""

from __future__ import annotations

import hashlib
import threading
from collections import Counter
from typing import NamedTuple
from datetime import date

from ..ai.players import HeuristicPlayer
from ..core import IllegalAction, Outcome
from ..rng import Rng, fresh_seed
from .actions import PlaceModifier, PlaceShield, PlayOn, SetSuit, ShiftSuit, Skip
from .cards import BUILT_IN, CardSet
from .rules import SovereignRules, SovereignView, begin_turn, finish_solitaire, resume
from .solver import LATE_MOMENTS, SOLVER_NODES, Solver, solve
from .state import CHAIN_END, EVERYONE, HAND_SIZE, Placed, SovereignState, Tokens, full_supply

DEAL_LIMIT = 10**9     # deal numbers run from 0 to DEAL_LIMIT - 1 (nine digits to type)
NEW_DEALS = 1_000_000  # a new deal at random is numbered from 1 to NEW_DEALS - 1: short to share
DEAL_FLAGS = ("winnable", "daily")


class SolitaireRules(SovereignRules):
    """The rules config may name the deal (`deal`, a number; None: the session's seed decides)
    and say how it was chosen (`winnable`: the solver proved it can be won; `daily`: the day's
    deal), which the table and the statistics show."""

    min_players = 1
    max_players = 1
    numbered_deals = True
    has_solver = True
    can_give_up = True

    def __init__(self, cards: CardSet = BUILT_IN) -> None:
        super().__init__(cards)

    def normalize_config(self, config: dict) -> dict:
        normal = super().normalize_config(config)
        deal = config.get("deal")
        if deal is not None and (type(deal) is not int or not 0 <= deal < DEAL_LIMIT):
            raise ValueError(f"a deal is numbered from 0 to {DEAL_LIMIT - 1}, not {deal!r}")
        normal["deal"] = deal
        for flag in DEAL_FLAGS:
            value = config.get(flag, False)
            if type(value) is not bool:
                raise ValueError(f"{flag} must be true or false, not {value!r}")
            normal[flag] = value
        return normal

    def setup(self, config: dict, seed: int) -> SovereignState:
        """One active event; seven class cards face up as the chain, abilities ignored (a
        Mercenary dealt here has no suit); five cards in hand. A numbered deal is dealt from its
        number, whatever the session's seed."""
        config = self.normalize_config(config)
        rng = Rng(seed if config["deal"] is None else config["deal"])
        events = [] if config["fair_winds"] else list(self.cards.events)
        rng.shuffle(events)
        active = events.pop() if events else None
        deck = list(self.cards.cards)
        rng.shuffle(deck)
        chain = [[Placed(deck.pop(), True, EVERYONE)] for _ in range(CHAIN_END)]
        hand = [deck.pop() for _ in range(HAND_SIZE)]
        state = SovereignState(
            players=1, cards=self.cards, solitaire=True, fair_winds=config["fair_winds"], dealer=0, rng=rng,
            hands=[hand], draw_pile=deck, discard=[], chains=[chain], event_deck=events, active_event=active,
            used_events=[], supply=full_supply(), pools=[Tokens()], current=0,
            picks=[None], began_own=[None])
        begin_turn(state, 0)
        resume(state)
        return state

    def give_up(self, state: SovereignState):
        """The player ends the deal as lost (one the solver proved can no longer be won, or any)."""
        if self.to_move(state) is None:
            raise IllegalAction("the game is over")
        ended = self.clone(state)
        log: list = []
        finish_solitaire(ended, False, log, given_up=True)
        return ended, log

    def determinize(self, view: SovereignView, rng: Rng) -> SovereignState:
        """As for the game for 2-4, on the one chain whose emptied places stay."""
        state = super().determinize(view, rng)
        state.solitaire = True
        return state

    def next_game_config(self, config: dict, finished) -> dict:
        """The next game of a session is the next deal by number (not proved winnable)."""
        normal = self.normalize_config(config)
        if normal["deal"] is None:
            return normal
        return {**normal, "deal": (normal["deal"] + 1) % DEAL_LIMIT, "winnable": False, "daily": False}

    def deal_config(self, config: dict, start: int | None, winnable: bool) -> dict | None:
        """The rules config (with the options of `config`) of deal `start` (None: a new deal at
        random), or with `winnable` of the first deal from it the solver proves winnable (None
        when none is found)."""
        normal = self.normalize_config({**config, "deal": None, "winnable": False, "daily": False})
        start = new_deal() if start is None else start
        deal = winnable_deal(start, normal, self) if winnable else start
        if deal is None:
            return None
        return {**normal, "deal": deal, "winnable": winnable}

    def daily_config(self, day: date) -> dict | None:
        """The day's deal: the same on every machine for a date, with events, proved winnable."""
        config = self.deal_config({}, daily_deal(day), True)
        return None if config is None else {**config, "daily": True}

    def turns_played(self, state: SovereignState, seat: int) -> int:
        """Turns begun; once the game is over, the last one counted is the turn that was found
        won or lost as it began, and not played."""
        return state.turns - 1 if state.winners is not None else state.turns

    def best_in_words(self, score: float) -> None:
        """A solitaire is won or lost: its score says no more."""
        return None

    def outcome(self, state: SovereignState) -> Outcome | None:
        """Won (score 1) or lost (score 0, no winner)."""
        if state.winners is None:
            return None
        return Outcome((float(state.final_scores[0]),), state.winners)

    def points(self, state: SovereignState) -> None:
        """A solitaire is won or lost: no points."""
        return None

    def solve_deal(self, state: SovereignState, node_limit: int) -> tuple[bool | None, list]:
        """The solver's answer (`solve`) for a deal whose every card is known."""
        return solve(state, self, node_limit)


SOLITAIRE = SolitaireRules()


# ---------------------------------------------------------------- deal numbers


WINNABLE_NODES = 500    # the solver's positions per deal when looking for a winnable one
WINNABLE_TRIES = 200    # deals tried in a row before the search for a winnable one gives up


def new_deal() -> int:
    return 1 + fresh_seed() % (NEW_DEALS - 1)


def daily_deal(day: date) -> int:
    """The deal number of a date, from its ISO form through SHA-256: the same on every machine
    and every Python (unlike hash())."""
    digest = hashlib.sha256(f"sovereign-solitaire {day.isoformat()}".encode()).digest()
    return 1 + int.from_bytes(digest[:8], "big") % (NEW_DEALS - 1)


def winnable_deal(start: int, config: dict | None = None, rules: SolitaireRules = SOLITAIRE,
                  node_limit: int = WINNABLE_NODES) -> int | None:
    """The first deal from `start` on (start, start + 1, ...) that the solver proves winnable
    within `node_limit` positions, or None after WINNABLE_TRIES deals. A node count decides, not
    the clock: the same start gives the same deal on every machine."""
    for offset in range(WINNABLE_TRIES):
        deal = (start + offset) % DEAL_LIMIT
        state = rules.setup({**(config or {}), "deal": deal}, deal)
        won, _line = solve(state, rules, node_limit)
        if won:
            return deal
    return None


# ---------------------------------------------------------------- the hint player


def _suit_counts(tops) -> dict:
    counts = {"star": 0, "planet": 0}
    for placed in tops:
        if placed is not None and placed.face_up and placed.suit in counts:
            counts[placed.suit] += 1
    return counts


class SolitaireHint(HeuristicPlayer):
    """Plays from what it can see: aim every place at the suit most of the chain already has.
    A play scores how many places hold that suit afterwards, less a little for burning a card
    that could have covered something else; suit changes go toward the same suit. A modifier is
    placed only where it makes a card in hand fit (or brings a fit within reach of the pool), and
    most of all when no card fits without it; a shield, never unless nothing else may be done."""

    def ranking(self, view: SovereignView, legal: list) -> list:
        tops = [stack[-1] if stack else None for stack in view.chains[0]]
        counts = _suit_counts(tops)
        target = "star" if counts["star"] >= counts["planet"] else "planet"
        rescue = not any(type(action) is PlayOn for action in legal)
        scored = [(self._value(view, action, tops, target, rescue), self.rng.random(), i)
                  for i, action in enumerate(legal)]
        scored.sort(reverse=True)
        return [legal[i] for _v, _t, i in scored]

    def _value(self, view: SovereignView, action, tops, target: str, rescue: bool) -> float:
        kind = type(action)
        if kind is PlayOn:
            placed = tops[action.place]
            was_good = placed is not None and placed.face_up and placed.suit == target
            lands_good = action.face_up and action.card.suit in (target, "")
            return (2.0 if lands_good else -1.0) - (3.0 if was_good else 0.0) + 0.1 * action.card.value
        if kind is SetSuit:
            placed = tops[action.place]
            return 2.0 if action.suit == target and (placed is None or placed.suit != target) else -2.0
        if kind is ShiftSuit:
            source = view.pending.source
            return 1.0 if source.suit and source.suit != target else -1.0
        if kind is PlaceModifier:
            if view.pending.kind in LATE_MOMENTS:
                return -5.0  # (as well placed at the play to come, with the card drawn in hand)
            return _modifier_value(view, tops[action.place], action.delta, target, rescue)
        if kind is PlaceShield:
            return -5.0
        if kind is Skip:
            return 0.0
        return 0.5


def _modifier_value(view: SovereignView, placed, delta: int, target: str, rescue: bool) -> float:
    """A modifier that makes a card of the suit aimed at fit a card of another suit: 1.5 (a good
    play next). When no card in hand can be played (`rescue`), one that makes any card fit: 0.5,
    or that brings a fit nearer within what the pool holds: 0.25. Any other wastes the token."""
    if placed is None or not placed.face_up or placed.value is None:
        return -5.0
    value = placed.value + delta
    reach = view.pools[0].modifiers - 1
    fits = [card for card in view.hand if card.value - 1 == value]
    if any(card.suit in (target, "") for card in fits) and placed.suit != target:
        return 1.5
    if not rescue:
        return -5.0
    if fits:
        return 0.5
    nearer = any(abs(card.value - 1 - value) < abs(card.value - 1 - placed.value)
                 and abs(card.value - 1 - value) <= reach for card in view.hand)
    return 0.25 if nearer else -5.0


# ---------------------------------------------------------------- hints and the verdict


class HintMemory:
    """What `hint_action` and `still_winnable` remember (keep one per table): the hint given for
    each view, and the last hint's deals with what the solver found on them (a hint later in the
    same turn goes on with them); the steps of the winning line the verdict last found, by the
    exact position each is played from; the positions proved lost; and the turn of the game at
    which a search found no win (asking again that turn says "not sure" without a search of up
    to a second). Exact positions and views, so undo, redo and a new game never meet a stale
    answer. A lock lets a background thread and the table share it; the rule of thumb breaks its
    ties from `seed`."""

    def __init__(self, seed: int = 0) -> None:
        self.lock = threading.Lock()
        self.rule_of_thumb = SolitaireHint(seed)
        self.planned: dict = {}
        self.lost: set = set()
        self.tried: tuple | None = None
        self.hinted: dict = {}  # a view -> the hint given for it
        self.sampled: tuple | None = None  # the last hint's view and its deals (`fair_step`)

    def verdict(self, state: SovereignState, rules: SolitaireRules, node_limit: int, again: bool,
                cancel: threading.Event | None = None) -> bool | None:
        """Won, lost or not sure within `node_limit` positions, from memory when it knows; not
        sure without a search when one this turn found no win, unless `again`; not sure when
        `cancel` is set during the search (and nothing remembered of it)."""
        if state.winners is not None:
            return bool(state.winners)
        position = _fingerprint(state)
        if position in self.planned:
            return True
        if position in self.lost:
            return False
        turn = (state.turns, tuple(state.draw_pile))  # (the draw pile tells one game from another)
        if not again and self.tried == turn:
            return None
        won, line = Solver(rules, node_limit, cancel=cancel).solve(state)
        if cancel is not None and cancel.is_set():
            return None
        if won:
            self.planned = _plan(state, rules, line)
        else:
            self.tried = turn
            if won is False:
                self.lost.add(position)
        return won


HINT_DEALS = 10        # deals consistent with the player's view that a hint solves
HINT_NODES = SOLVER_NODES // HINT_DEALS  # the solver's positions on each at most
HINT_BUDGET = 4000     # the solver's positions a hint may use over all its deals (about 0.15 s idle)
HINT_AGREED = 4        # won deals that settle a hint when every won deal so far takes the same first step
HINT_SEED = 0          # the same deals for the same view: the hint depends on nothing unseen


class Sampled(NamedTuple):
    """One deal consistent with the player's view, and what the solver found on it: won (True),
    lost (False) or not sure (None), and the winning line."""

    deal: SovereignState
    won: bool | None
    line: tuple


def hint_action(state: SovereignState, rules: SolitaireRules = SOLITAIRE, node_limit: int = HINT_NODES,
                memory: HintMemory | None = None):
    """The action to play now, judged from what the player can see (a hint that knew the order of
    the deck would win every winnable deal, and be no fair hint): on up to HINT_DEALS deals
    consistent with the player's view, the first step the solver's winning lines take most often;
    where it wins none of them, the rule of thumb (`SolitaireHint`). The deals are drawn from the
    view alone, so the order of the cards the player has not seen changes nothing. Pass the table's
    `HintMemory`: a position asked about again is not solved again, and a hint that follows the
    last one in the same turn (nothing new seen) goes on with its deals and their lines (see
    `fair_step`). `state` is read only (pass a clone that no other thread changes while this
    runs)."""
    if state.winners is not None or state.pending is None:
        raise ValueError("the game is over: there is nothing to play")
    memory = memory or HintMemory()
    view, legal = rules.view(state, 0), rules.legal_actions(state)
    with memory.lock:
        if view not in memory.hinted:
            memory.hinted[view] = fair_step(view, rules, node_limit, memory) or memory.rule_of_thumb.choose(view, legal)
        return memory.hinted[view]


def fair_step(view: SovereignView, rules: SolitaireRules, node_limit: int = HINT_NODES,
              memory: HintMemory | None = None):
    """The first step that wins most often over the deals consistent with `view`, or None when
    the solver proves a win on none of them.

    The deals are those of the last hint in `memory` played on by the step it gave, when nothing
    new has been seen since (a choice of target, a token, an extra play: each such deal still
    looks as the table does, and its winning line goes on); else HINT_DEALS deals drawn from the
    view. Each is solved within `node_limit` positions, all of them within HINT_BUDGET; the search
    stops as soon as the most common first step can no longer be overtaken, or HINT_AGREED won
    deals all take it."""
    deals = _carried(view, rules, memory) or _drawn(view, rules)
    firsts, spent, found = Counter(), 0, []
    for index, (deal, won, line) in enumerate(deals):
        if won is None and spent < HINT_BUDGET:
            solver = Solver(rules, min(node_limit, HINT_BUDGET - spent))
            won, line = solver.solve(deal)
            spent += solver.nodes
        found.append(Sampled(deal, won, tuple(line)))
        if won:
            firsts[line[0]] += 1
        if _settled(firsts, len(deals) - index - 1):
            break
    if memory is not None:
        memory.sampled = (view, found)
    return firsts.most_common(1)[0][0] if firsts else None


def _drawn(view: SovereignView, rules: SolitaireRules) -> list[Sampled]:
    rng = Rng(HINT_SEED)
    return [Sampled(rules.determinize(view, rng), None, ()) for _deal in range(HINT_DEALS)]


def _carried(view: SovereignView, rules: SolitaireRules, memory: HintMemory | None) -> list[Sampled] | None:
    """The last hint's deals, each played on by the step that hint gave, when every one of them
    now looks to the player exactly as `view` (nothing new seen): a deal won by a line that began
    with that step keeps the rest of its line, a deal proved lost stays lost, and any other is
    solved again. None when there is no such last hint."""
    if memory is None or memory.sampled is None:
        return None
    last_view, found = memory.sampled
    step = memory.hinted.get(last_view)
    if step is None:
        return None
    carried = []
    for deal, won, line in found:
        if step not in rules.legal_actions(deal):
            return None
        deal = rules.clone(deal)
        rules.advance(deal, step)
        if deal.winners is not None or rules.view(deal, 0) != view:
            return None
        if won and line[0] == step:
            carried.append(Sampled(deal, True, line[1:]))
        else:
            carried.append(Sampled(deal, False if won is False else None, ()))
    return carried + (_drawn(view, rules)[len(carried):] if len(carried) < HINT_DEALS else [])


def _settled(firsts: Counter, remaining: int) -> bool:
    """Whether the deals still to solve can no longer change the hint."""
    if not firsts:
        return False
    counts = firsts.most_common(2) + [(None, 0)]
    return counts[0][1] > counts[1][1] + remaining or (len(firsts) == 1 and counts[0][1] >= HINT_AGREED)


def still_winnable(state: SovereignState, rules: SolitaireRules = SOLITAIRE, node_limit: int = SOLVER_NODES,
                   memory: HintMemory | None = None, cancel: threading.Event | None = None) -> bool | None:
    """Whether the game can still be won: True (a winning line exists: the verdict knows the
    order of the deck, where a hint judges from the player's view), False (proved: no line wins), None (not sure within `node_limit`
    positions, or `cancel` was set meanwhile: the table moved on). About a second at most with
    the default budget (two on a busy machine); `state` is read only (pass a clone that no other
    thread changes while this runs)."""
    memory = memory or HintMemory()
    with memory.lock:
        return memory.verdict(state, rules, node_limit, again=True, cancel=cancel)


def _plan(state: SovereignState, rules: SolitaireRules, line: list) -> dict:
    """The steps of `line` by the position each is played from."""
    planned = {}
    position = rules.clone(state)
    for action in line:
        planned[_fingerprint(position)] = action
        rules.advance(position, action)
    return planned


def _fingerprint(state: SovereignState) -> tuple:
    """The whole position, cards compared by value (a saved and loaded game has other objects)."""
    return (tuple(map(tuple, state.chains[0])), tuple(state.hands[0]), tuple(state.draw_pile), tuple(state.discard),
            state.active_event, tuple(state.event_deck), tuple(state.used_events), state.rng.state,
            state.supply.frozen(), state.pools[0].frozen(), state.pending, tuple(state.work), state.phase,
            state.plays_this_turn, state.turns)

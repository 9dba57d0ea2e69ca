"""Sovereign's Chain solitaire (rulebook "Solitaire Play", ruling "Solitaire"): the same cards,
abilities and events as the game for 2-4, on one chain of seven positions that never close up.

Deals are numbered: deal n is the game set up from seed n, so a number is what players share
("Deal #12345"), the daily deal is a number computed from the date alone, and "winnable deals
only" looks for the first number from a starting one that the solver proves can be won.

Also here: a solver that decides whether a deal can be won when the whole order of the cards is
known, and a hint player that plays from what it can see; both deterministic from the seed.
"""

from __future__ import annotations

import hashlib
import time
from datetime import date

from ..ai.players import HeuristicPlayer
from ..core import IllegalAction, Outcome
from ..rng import Rng, fresh_seed
from .actions import PlaceModifier, PlaceShield, PlayOn, SetSuit, ShiftSuit, Skip
from .cards import BUILT_IN, CardSet
from .rules import SovereignRules, SovereignView, begin_turn, finish_solitaire, resume
from .table import CHAIN_END, EVERYONE, HAND_SIZE, MODIFIERS, SHIELDS, SUIT_TOKENS, Placed, SovereignState

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
            hands=[hand], draw=deck, discard=[], chains=[chain], event_deck=events, active_event=active,
            used_events=[], supply=[SHIELDS, MODIFIERS, SUIT_TOKENS], pools=[[0, 0]], current=0,
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

    def outcome(self, state: SovereignState) -> Outcome | None:
        """Won (score 1) or lost (score 0, no winner)."""
        if state.winners is None:
            return None
        return Outcome((float(state.final_scores[0]),), state.winners)


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
        if solve(state, rules, node_limit)[0]:
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
    """Plays from what it can see: aim every position at the suit most of the chain already has.
    A play scores how many positions hold that suit afterwards, less a little for burning a card
    that could have covered something else; suit changes and tokens go toward the same suit."""

    def ranking(self, view: SovereignView, legal: list) -> list:
        tops = [stack[-1] if stack else None for stack in view.chains[0]]
        counts = _suit_counts(tops)
        target = "star" if counts["star"] >= counts["planet"] else "planet"
        scored = [(self._value(view, action, tops, target), self.rng.random(), i) for i, action in enumerate(legal)]
        scored.sort(reverse=True)
        return [legal[i] for _v, _t, i in scored]

    def _value(self, view: SovereignView, action, tops, target: str) -> float:
        kind = type(action)
        if kind is PlayOn:
            placed = tops[action.position]
            was_good = placed is not None and placed.face_up and placed.suit == target
            lands_good = action.face_up and action.card.suit in (target, "")
            return (2.0 if lands_good else -1.0) - (3.0 if was_good else 0.0) + 0.1 * action.card.value
        if kind is SetSuit:
            placed = tops[action.position]
            return 2.0 if action.suit == target and (placed is None or placed.suit != target) else -2.0
        if kind is ShiftSuit:
            source = view.pending.source
            return 1.0 if source.suit and source.suit != target else -1.0
        if kind in (PlaceModifier, PlaceShield):
            return -0.5
        if kind is Skip:
            return 0.0
        return 0.5


# ---------------------------------------------------------------- the solver

SOLVER_NODES = 20000  # positions the solver may reach before it gives up undecided


def position_key(state: SovereignState, start_rng: int) -> tuple:
    """What decides the rest of a solitaire game, the same for positions that differ only in the
    order of the seven places or of the hand (no rule names a place: any two can swap).

    The draw pile and the event deck only shrink from the top until a reshuffle moves the rng on
    from `start_rng` (its state when the search began): until then their lengths say all."""
    chain = tuple(sorted(map(tuple, state.chains[0]), key=_bottom_card))
    if state.rng.state == start_rng:
        piles = (len(state.draw), len(state.event_deck))
    else:
        piles = (tuple(map(id, state.draw)), tuple(state.event_deck), tuple(state.used_events))
    return (chain, tuple(sorted(map(id, state.hands[0]))), piles, tuple(map(id, state.discard)),
            state.active_event, state.rng.state, tuple(state.supply), tuple(state.pools[0]), state.pending,
            tuple(state.work), state.stage, state.plays_this_turn)


def _bottom_card(stack: tuple) -> int:
    """Orders the places: each card lies in one place only, so the bottom cards tell places apart
    (and every empty place is alike)."""
    return id(stack[0].card) if stack else 0


def one_suit_places(state: SovereignState) -> int:
    """How many places hold a face-up card of the suit most places have: how near the win is."""
    stars = planets = 0
    for stack in state.chains[0]:
        if stack and stack[-1].face_up:
            suit = stack[-1].suit
            stars += suit == "star"
            planets += suit == "planet"
    return max(stars, planets)


def fitting_cards(state: SovereignState) -> int:
    """How many hand cards could cover a place now: how much play the hand has left."""
    values = set()
    for stack in state.chains[0]:
        if not stack or not stack[-1].face_up:
            return len(state.hands[0])
        values.add(stack[-1].value + 1)
    return sum(card.value in values for card in state.hands[0])


def solve(state: SovereignState, rules: SolitaireRules = SOLITAIRE, node_limit: int = SOLVER_NODES,
          time_limit: float | None = None) -> tuple[bool | None, list]:
    """Whether the position can be won knowing everything (the draw order, the events): (True,
    the winning actions), (False, []) when no line wins, or (None, []) when the search reached
    `node_limit` positions (or `time_limit` seconds) undecided.

    Depth first. At each position every move is tried one step ahead: a move that wins ends the
    search, a move that loses or reaches a position seen before (places and hand in any order)
    is dropped, and the rest are searched nearest the win first (most places of one suit), then
    with the most hand cards that fit a place, the hint player's order breaking ties. The node
    count, not the clock, decides when a search stops, so a result is the same on every machine
    (`time_limit` is for measuring only)."""
    seen: set = set()
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    start_rng = state.rng.state
    nodes = 0
    hint = SolitaireHint(0)
    stopped = False

    def search(position: SovereignState, line: list) -> bool:
        nonlocal nodes, stopped
        legal = rules.legal_actions(position)
        # The hint reads only the chain and the pending decision, which the full state holds in
        # the same shape as a view: the solver sees everything anyway.
        ranked = hint.ranking(position, legal) if len(legal) > 1 else legal
        children = []
        for rank, action in enumerate(ranked):
            child = rules.clone(position)
            rules.advance(child, action)
            nodes += 1
            if child.winners is not None:
                if child.winners:
                    line.append(action)
                    return True
                continue
            key = position_key(child, start_rng)
            if key not in seen:
                seen.add(key)
                children.append(((one_suit_places(child), fitting_cards(child), -rank), action, child))
        children.sort(key=lambda entry: entry[0], reverse=True)
        for _order, action, child in children:
            if nodes >= node_limit or (deadline is not None and time.perf_counter() > deadline):
                stopped = True
                return False
            line.append(action)
            if search(child, line):
                return True
            line.pop()
            if stopped:
                return False
        return False

    if state.winners is not None:
        return bool(state.winners), []
    line: list = []
    if search(rules.clone(state), line):
        return True, line
    return (None if stopped else False), []

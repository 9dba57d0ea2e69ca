"""Sovereign's Chain solitaire (rulebook "Solitaire Play", ruling "Solitaire"): the same cards,
abilities and events as the game for 2-4, on one chain of seven positions that never close up.

Deals are numbered: deal n is the game set up from seed n, so a number is what players share
("Deal #12345"), the daily deal is a number computed from the date alone, and "winnable deals
only" looks for the first number from a starting one that the solver proves can be won.

Also here: a solver that decides whether a deal can be won when the whole order of the cards is
known (`solve`, `Solver`), a rule of thumb that plays from what it can see (`SolitaireHint`), and
what the table asks of them: the action to play (`hint_action`: the solver's winning line when it
proves one, else the rule of thumb) and whether the deal can still be won (`still_winnable`),
both remembering what they found in a `HintMemory`; all deterministic from the seed.

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
import heapq
import threading
import time
from datetime import date
from typing import NamedTuple

from ..ai.players import HeuristicPlayer
from ..core import IllegalAction, Outcome
from ..rng import Rng, fresh_seed
from .actions import Fizzled, PlaceModifier, PlaceShield, PlayOn, SetSuit, ShiftSuit, Skip
from .cards import BUILT_IN, CardSet
from .effects import active_rule, draw_event
from .rules import SovereignRules, SovereignView, begin_turn, finish_solitaire, resume
from .state import CHAIN_END, EVERYONE, HAND_SIZE, Placed, SovereignState, Tokens, clone_state, full_supply

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
    """Plays from what it can see: aim every position at the suit most of the chain already has.
    A play scores how many positions hold that suit afterwards, less a little for burning a card
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
        if kind is PlaceModifier:
            if view.pending.kind in LATE_MOMENTS:
                return -5.0  # (as well placed at the play to come, with the card drawn in hand)
            return _modifier_value(view, tops[action.position], action.delta, target, rescue)
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


# ---------------------------------------------------------------- the solver

SOLVER_NODES = 20000  # positions the solver may reach before it gives up undecided

TOKENS = (PlaceModifier, PlaceShield)
PLAY_MOMENTS = frozenset({"play", "second", "extra_play"})
LATE_MOMENTS = frozenset({"salvage", "tokens"})
FORCED_TARGETS = frozenset({"discard", "change_suit"})


class Duties(NamedTuple):
    """What a line of play owes for the tokens it placed (`Solver` prunes a line that does not
    pay): `modified`, the cards (by id) given a modifier that no face-up play has covered since;
    `shielded`, the cards shielded since the last forced choice of target; `last_token`, the
    order key of the token just placed at the turn's first play (None at any other moment), so
    that the tokens of one such moment are tried in one order only."""

    modified: frozenset = frozenset()
    shielded: frozenset = frozenset()
    last_token: tuple | None = None


NO_DUTIES = Duties()


def token_order(state: SovereignState, action) -> tuple:
    """Modifiers before shields (a shield forbids a later modifier on its card), by the card they
    go on (its class and copy: the same order whatever place holds it, as `position_key` has
    places in any order), +1 first."""
    card = state.chains[0][action.position][-1].card
    if type(action) is PlaceModifier:
        return (0, card.kind, card.copy, -action.delta)
    return (1, card.kind, card.copy, 0)


def position_key(state: SovereignState, start_rng: int) -> tuple:
    """What decides the rest of a solitaire game, the same for positions that differ only in the
    order of the seven places or of the hand (no rule names a place: any two can swap).

    The draw pile and the event deck only shrink from the top until a reshuffle moves the rng on
    from `start_rng` (its state when the search began): until then their lengths say all."""
    chain = tuple(sorted(map(tuple, state.chains[0]), key=_bottom_card))
    if state.rng.state == start_rng:
        piles = (len(state.draw_pile), len(state.event_deck))
    else:
        piles = (tuple(map(id, state.draw_pile)), tuple(state.event_deck), tuple(state.used_events))
    return (chain, tuple(sorted(map(id, state.hands[0]))), piles, tuple(map(id, state.discard)),
            state.active_event, state.rng.state, state.supply.frozen(), state.pools[0].frozen(), state.pending,
            tuple(state.work), state.phase, state.plays_this_turn)


def _bottom_card(stack: tuple) -> int:
    """Orders the places: each card lies in one place only, so the bottom cards tell places apart
    (and every empty place is alike)."""
    return id(stack[0].card) if stack else 0


def nearness(state: SovereignState) -> tuple[int, int]:
    """The solver's order, smallest first: minus how many places hold a face-up card of the suit
    most places have (how near the win is), then minus how many hand cards could cover a place
    now (how much play the hand has left; all of them with a face-down card or an empty space)."""
    stars = planets = 0
    values = set()
    open_place = False
    for stack in state.chains[0]:
        if stack and stack[-1].face_up:
            placed = stack[-1]
            suit = placed.suit_token if placed.suit_token is not None else placed.card.suit
            stars += suit == "star"
            planets += suit == "planet"
            values.add(placed.card.value + sum(placed.mods) + 1)
        else:
            open_place = True
    hand = state.hands[0]
    return -max(stars, planets), -(len(hand) if open_place else sum(card.value in values for card in hand))


def solve(state: SovereignState, rules: SolitaireRules = SOLITAIRE, node_limit: int = SOLVER_NODES,
          time_limit: float | None = None) -> tuple[bool | None, list]:
    """Whether the position can be won knowing everything (the draw order, the events): (True,
    the winning actions), (False, []) when no line wins, or (None, []) when the search reached
    `node_limit` positions (or `time_limit` seconds) undecided. The node count, not the clock,
    decides when a search stops, so a result is the same on every machine (`time_limit` is for
    measuring only). The position is not changed (the search works on copies)."""
    return Solver(rules, node_limit, time_limit).solve(state)


class Solver:
    """A best-first search over every line of play, exact, that skips lines which another line
    it also searches does at least as well (`prune`, on unless a test compares without it). Pool
    tokens are tried only at the moments of a play ("play", "second", "extra_play"):

    - At the end of a turn ("tokens") and at Salvage's offer, a token gives the same position as
      the same token placed at the next "play" decision: nothing in between (the draw, a salvaged
      card) touches the chain, the pool or the event, the game is won or lost as the turn begins
      whatever the tokens (they change no suit, and the loss test counts the pool's modifiers as
      if placed), and the pool is empty at the deal. (The other way round, keeping the end of the
      turn and skipping the turn's first play, is as exact; this way round the hand that will
      play is known.)
    - A modifier matters only when a card is played face up onto its card (it changes no suit,
      and the loss test only needs a fit within reach of the pool, which a token kept in the pool
      reaches too). So it is tried only where it brings a face-up card nearer to a fit for a card
      in hand, within reach of the pool; and a line that gives a card a modifier, then reaches a
      later moment of play where the same modifier could still go on that card, before any
      face-up play onto it, is pruned: placing it then (or never) does as well. Except when it
      could not wait: the play may bring a new event (Ion Storm forbids modifiers), or a shield
      may follow on that card. A modifier kept in the pool never does worse than one on a card
      (the pool only adds choices, and a card's tokens go back to the supply, where only an
      Artificer takes them, into the pool).
    - Likewise a shield only takes choices away from the player (tokens, flips, covers), except
      that it can leave a forced choice of target (a Scout's discard, an Envoy's suit change)
      with nothing to target: so it is tried only when the pool can shield every card such a
      choice could target (or no suit token is left), and a line that shields a card and reaches
      a later moment where that shield could still be placed, with no forced choice in between,
      is pruned.
    - At the turn's first play, the tokens of one moment are placed in one order (`token_order`):
      any order gives the same position, and a token placed toward a fit leaves the game going
      as a turn begins; +1 and -1 on one card at one moment would spend two tokens for nothing.

    Positions met before (places and hand in any order, `position_key`, with what the line owes,
    `Duties`) are not searched again. Every move of a position is tried at once: a move that
    wins ends the search; the others wait, and the next position searched is the one nearest the
    win (most places of one suit), then with the most hand cards that fit a place, then the one
    found last."""

    def __init__(self, rules: SolitaireRules = SOLITAIRE, node_limit: int = SOLVER_NODES,
                 time_limit: float | None = None, prune: bool = True, cancel: threading.Event | None = None) -> None:
        self.rules = rules
        self.node_limit = node_limit
        self.time_limit = time_limit
        self.prune = prune
        self.cancel = cancel
        self.nodes = 0

    def solve(self, state: SovereignState) -> tuple[bool | None, list]:
        if state.winners is not None:
            return bool(state.winners), []
        self.nodes = 0
        self.seen: set = set()
        seen = self.seen
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        self.start_rng = state.rng.state
        self.event_changers = _event_changers(state.cards)
        rules = self.rules
        order = 0
        frontier = [((0, 0), 0, rules.clone(state), NO_DUTIES, None)]
        while frontier:
            if (self.nodes >= self.node_limit or (deadline is not None and time.perf_counter() > deadline)
                    or (self.cancel is not None and self.cancel.is_set())):
                return None, []
            _rank, _order, position, duties, trail = heapq.heappop(frontier)
            for action in self._choices(position, duties):
                child = rules.clone(position)
                log = rules.advance(child, action)
                self.nodes += 1
                if child.winners is not None:
                    if child.winners:
                        return True, _line((trail, action))
                    continue
                owed = self._duties_after(position, action, child, log, duties) if self.prune else NO_DUTIES
                if owed is None:
                    continue
                known = len(seen)
                seen.add((position_key(child, self.start_rng), owed))
                if len(seen) > known:
                    order -= 1
                    heapq.heappush(frontier, (nearness(child), order, child, owed, (trail, action)))
        return False, []

    def _choices(self, position: SovereignState, duties: Duties) -> list:
        legal = self.rules.legal_actions(position)
        if not self.prune:
            return legal
        kind = position.pending.kind
        if kind not in PLAY_MOMENTS:
            return [action for action in legal if type(action) not in TOKENS] if kind in LATE_MOMENTS else legal
        if type(legal[-1]) not in TOKENS and not (len(legal) > 1 and type(legal[-2]) in TOKENS):
            return legal
        useful = _UsefulTokens(position, self._may_change_event(position), duties.last_token if kind == "play" else None)
        return [action for action in legal if type(action) not in TOKENS or useful(action)]

    def _may_change_event(self, state: SovereignState) -> bool:
        """Whether the play now may bring an event that forbids modifiers (Ion Storm) before the
        next moment for tokens: a card in hand with (E), that draws an event or that may turn one
        up (an Empath), or the unseen discard, while such an event is among the next ones the
        event deck gives (the solver knows their order: drawn on a copy)."""
        changers = sum(id(card) in self.event_changers for card in state.hands[0])
        if active_rule(state).discard_plays and state.discard:
            changers += 1
        if not changers:
            return False
        ahead = clone_state(state)
        face_down = sum(1 for stack in state.chains[0] for placed in stack if not placed.face_up)
        for _ in range(2 * (changers + face_down)):  # (each card played or turned up draws two at most)
            draw_event(ahead, [])
            if active_rule(ahead).blocks_modifiers:
                return True
        return False

    def _duties_after(self, position: SovereignState, action, child: SovereignState, log: list,
                      duties: Duties) -> Duties | None:
        """What the line owes after `action` (None: the line is pruned, see the class)."""
        kind = type(action)
        at_play = position.pending.kind == "play"
        if kind is PlaceModifier:
            card = id(position.chains[0][action.position][-1].card)
            order = token_order(position, action) if at_play else None
            return Duties(duties.modified | {card}, duties.shielded, order)
        if kind is PlaceShield:
            card = id(position.chains[0][action.position][-1].card)
            return Duties(duties.modified, duties.shielded | {card}, token_order(position, action) if at_play else None)
        if duties is NO_DUTIES:
            return NO_DUTIES
        modified, shielded = duties.modified, duties.shielded
        if kind is PlayOn and action.face_up and modified:
            stack = position.chains[0][action.position]
            if stack:
                modified = modified - {id(stack[-1].card)}
        pending = child.pending
        if shielded and (pending.kind in FORCED_TARGETS or any(type(event) is Fizzled for event in log)):
            shielded = frozenset()
        if pending.kind in PLAY_MOMENTS and (modified or shielded) and _could_place_now(child, modified, shielded):
            return None
        if not modified and not shielded:
            return NO_DUTIES
        return Duties(modified, shielded, None)


def _line(trail: tuple | None) -> list:
    """The actions of a trail (a pair of the trail before and the last action), first to last."""
    line = []
    while trail is not None:
        trail, action = trail
        line.append(action)
    return line[::-1]


def _event_changers(cards: CardSet) -> frozenset:
    """The ids of the cards whose play may bring a new event at once: (E), an ability that draws
    an event, or turns a card up (an Empath may reveal a face-down card with (E))."""
    return frozenset(id(card) for card in cards.cards
                     if any(step.name in ("draw_event", "flip") for step in cards.steps_of(card)))


class _UsefulTokens:
    """Which pool tokens are worth trying at a moment of play ("play", "second", "extra_play"):
    see `Solver`. A modifier must bring a face-up card's value nearer to a fit for a card in
    hand, within what the pool holds (unless the play may bring a new event, Ion Storm perhaps,
    or a shield could follow on that card); a shield must be one of few enough that every card a
    Scout or an Envoy could be forced to target can be shielded now (or the suit tokens are out);
    at the turn's first play, tokens in `token_order` after `last`."""

    def __init__(self, state: SovereignState, may_change_event: bool, last: tuple | None) -> None:
        self.state = state
        self.last = last
        shields = state.pools[0].shields
        self.modifiers = state.pools[0].modifiers
        rule = active_rule(state)
        open_places = sum(1 for stack in state.chains[0] if stack and not stack[-1].shield)
        self.shields_help = open_places - 1 <= shields or not state.supply.suits
        self.any_modifier = may_change_event or (shields > 0 and not rule.blocks_shields and self.shields_help)
        self.wanted = {card.value - 1 for card in state.hands[0]}

    def __call__(self, action) -> bool:
        if self.last is not None and not _follows(token_order(self.state, action), self.last):
            return False
        if type(action) is PlaceShield:
            return self.shields_help
        if self.any_modifier:
            return True
        placed = self.state.chains[0][action.position][-1]
        if not placed.face_up:
            return False
        value = placed.value
        after = value + action.delta
        reach = self.modifiers - 1
        return any(abs(wanted - after) < abs(wanted - value) and abs(wanted - after) <= reach
                   for wanted in self.wanted)


def _follows(order: tuple, last: tuple) -> bool:
    """Whether a token (its `token_order`) may follow the one placed just before at the same
    moment: not before it, and not a modifier of the other sign on the same card."""
    if order < last:
        return False
    shield, kind, copy, sign = order
    last_shield, last_kind, last_copy, last_sign = last
    return not (shield == last_shield == 0 and kind == last_kind and copy == last_copy and sign != last_sign)


def _could_place_now(state: SovereignState, modified: frozenset, shielded: frozenset) -> bool:
    """Whether one of the tokens a line owes for could have been placed now instead: its card is
    in play and open to tokens, and the event allows that kind of token."""
    rule = active_rule(state)
    for stack in state.chains[0]:
        if stack:
            placed = stack[-1]
            card = id(placed.card)
            if card in modified and not placed.shield and not rule.blocks_modifiers:
                return True
            if card in shielded and not rule.blocks_shields:
                return True
    return False


# ---------------------------------------------------------------- hints and the verdict


class HintMemory:
    """What `hint_action` and `still_winnable` remember (keep one per table): the steps of the
    winning line last found, by the exact position each is played from, so that following it
    asks the solver nothing more; the positions proved lost; and the turn of the game at which a
    search found no win, after which hints play by rule of thumb until the next turn (a search
    per hint would cost up to a second each). Exact positions, so undo, redo and a new game
    never meet a stale answer. A lock lets a background thread and the table share it; the rule
    of thumb breaks its ties from `seed`."""

    def __init__(self, seed: int = 0) -> None:
        self.lock = threading.Lock()
        self.rule_of_thumb = SolitaireHint(seed)
        self.planned: dict = {}
        self.lost: set = set()
        self.tried: tuple | None = None

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


def hint_action(state: SovereignState, rules: SolitaireRules = SOLITAIRE, node_limit: int = SOLVER_NODES,
                memory: HintMemory | None = None):
    """The action to play now: the next step of a winning line when the solver proves a win from
    this position (knowing the whole order of the cards), else the rule of thumb (`SolitaireHint`)
    on what the seat can see. Pass the table's `HintMemory` so that a line once found is followed
    without solving again; without one, every call solves afresh. `state` is read only (pass a
    clone that no other thread changes while this runs); deterministic for the same state and
    the same memory's history."""
    if state.winners is not None or state.pending is None:
        raise ValueError("the game is over: there is nothing to play")
    memory = memory or HintMemory()
    with memory.lock:
        if memory.verdict(state, rules, node_limit, again=False):
            return memory.planned[_fingerprint(state)]
        legal = rules.legal_actions(state)
        return memory.rule_of_thumb.choose(rules.view(state, 0), legal)


def still_winnable(state: SovereignState, rules: SolitaireRules = SOLITAIRE, node_limit: int = SOLVER_NODES,
                   memory: HintMemory | None = None, cancel: threading.Event | None = None) -> bool | None:
    """Whether the game can still be won: True (a winning line exists, and a hint with the same
    `memory` will follow it), False (proved: no line wins), None (not sure within `node_limit`
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

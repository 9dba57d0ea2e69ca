"""The solitaire's solver: whether a position of Sovereign's Chain solitaire can be won when the
whole order of the cards is known (`solve`, `Solver`), and the winning line when it can.

Threads: the hints and the verdict may run a search in a background thread while the table plays
on (see game.sovereign.solitaire); the search works on its own copies and keeps its tables in the
`Solver` of that call.
"""

from __future__ import annotations

import heapq
import threading
import time
from typing import NamedTuple

from .actions import Fizzled, PlaceModifier, PlaceShield, PlayOn
from .cards import CardSet
from .effects import active_rule, draw_event
from .phases import CHANGE_SUIT, DISCARD, PLAY, PLAY_MOMENTS, SALVAGE, TOKENS
from .rules import SovereignRules
from .state import SovereignState, clone_state

SOLVER_NODES = 20000  # positions the solver may reach before it gives up undecided

TOKEN_ACTIONS = (PlaceModifier, PlaceShield)
LATE_MOMENTS = frozenset({SALVAGE, TOKENS})
FORCED_TARGETS = frozenset({DISCARD, CHANGE_SUIT})


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
    card = state.chains[0][action.place][-1].card
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


def solve(state: SovereignState, rules: SovereignRules, node_limit: int = SOLVER_NODES,
          time_limit: float | None = None) -> tuple[bool | None, list]:
    """Whether the position can be won knowing everything (the draw order, the events): (True,
    the winning actions), (False, []) when no line wins, or (None, []) when the search reached
    `node_limit` positions (or `time_limit` seconds) undecided. The node count, not the clock,
    decides when a search stops, so a result is the same on every machine (`time_limit` is for
    measuring only). The position is not changed (the search works on copies). `rules`: the
    solitaire's (game.sovereign.solitaire.SOLITAIRE, or the same on another card set)."""
    return Solver(rules, node_limit, time_limit).solve(state)


class Solver:
    """A best-first search over every line of play, exact, that skips lines which another line
    it also searches does at least as well (`prune`, on unless a test compares without it). Pool
    tokens are tried only at the moments of a play (PLAY, SECOND, EXTRA_PLAY):

    - At the end of a turn (TOKENS) and at Salvage's offer, a token gives the same position as
      the same token placed at the next PLAY decision: nothing in between (the draw, a salvaged
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

    def __init__(self, rules: SovereignRules, node_limit: int = SOLVER_NODES,
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
            return [action for action in legal if type(action) not in TOKEN_ACTIONS] if kind in LATE_MOMENTS else legal
        if type(legal[-1]) not in TOKEN_ACTIONS and not (len(legal) > 1 and type(legal[-2]) in TOKEN_ACTIONS):
            return legal
        useful = _UsefulTokens(position, self._may_change_event(position), duties.last_token if kind == PLAY else None)
        return [action for action in legal if type(action) not in TOKEN_ACTIONS or useful(action)]

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
        at_play = position.pending.kind == PLAY
        if kind is PlaceModifier:
            card = id(position.chains[0][action.place][-1].card)
            order = token_order(position, action) if at_play else None
            return Duties(duties.modified | {card}, duties.shielded, order)
        if kind is PlaceShield:
            card = id(position.chains[0][action.place][-1].card)
            return Duties(duties.modified, duties.shielded | {card}, token_order(position, action) if at_play else None)
        if duties is NO_DUTIES:
            return NO_DUTIES
        modified, shielded = duties.modified, duties.shielded
        if kind is PlayOn and action.face_up and modified:
            stack = position.chains[0][action.place]
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
    """Which pool tokens are worth trying at a moment of play (PLAY, SECOND, EXTRA_PLAY):
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
        placed = self.state.chains[0][action.place][-1]
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

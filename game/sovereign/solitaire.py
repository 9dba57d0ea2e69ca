"""Sovereign's Chain solitaire (rulebook "Solitaire Play", ruling "Solitaire"): the same cards,
abilities and events as the game for 2-4, on one chain of seven positions that never close up.

Also here: a solver that decides whether a deal can be won when the whole order of the cards is
known, and a hint player that plays from what it can see; both deterministic from the seed.
"""

from __future__ import annotations

import time

from ..ai.players import HeuristicPlayer
from ..core import Outcome
from ..rng import Rng
from .actions import PlaceModifier, PlaceShield, PlayOn, SetSuit, ShiftSuit, Skip
from .cards import BUILT_IN, CardSet
from .rules import SovereignRules, SovereignView, begin_turn, resume
from .table import CHAIN_END, EVERYONE, HAND_SIZE, MODIFIERS, SHIELDS, SUIT_TOKENS, Placed, SovereignState


class SolitaireRules(SovereignRules):
    min_players = 1
    max_players = 1

    def __init__(self, cards: CardSet = BUILT_IN) -> None:
        super().__init__(cards)

    def setup(self, config: dict, seed: int) -> SovereignState:
        """One active event; seven class cards face up as the chain, abilities ignored (a
        Mercenary dealt here has no suit); five cards in hand."""
        config = self.normalize_config(config)
        rng = Rng(seed)
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

    def determinize(self, view: SovereignView, rng: Rng) -> SovereignState:
        """As for the game for 2-4, on the one chain whose emptied places stay."""
        state = super().determinize(view, rng)
        state.solitaire = True
        return state

    def next_game_config(self, config: dict, finished) -> dict:
        return self.normalize_config(config)

    def outcome(self, state: SovereignState) -> Outcome | None:
        """Won (score 1) or lost (score 0, no winner)."""
        if state.winners is None:
            return None
        return Outcome((float(state.final_scores[0]),), state.winners)


SOLITAIRE = SolitaireRules()


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


def _key(state: SovereignState) -> tuple:
    """What decides the rest of a solitaire game (the draw order and the rng included)."""
    return (tuple(tuple(stack) for stack in state.chains[0]), tuple(state.hands[0]), len(state.draw),
            len(state.discard), state.active_event, state.rng.state, tuple(state.supply), tuple(state.pools[0]),
            state.pending, tuple(state.work), state.stage, state.plays_this_turn)


def solve(state: SovereignState, rules: SolitaireRules = SOLITAIRE, node_limit: int = 20000,
          time_limit: float | None = None) -> tuple[bool | None, list]:
    """Whether the position can be won knowing everything (the draw order, the events): (True,
    the winning actions), (False, []) when no line wins, or (None, []) when the search stopped at
    `node_limit` positions (or `time_limit` seconds) undecided. Depth-first, best hint first,
    never visiting a position twice."""
    seen: set = set()
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    nodes = 0
    hint = SolitaireHint(0)
    exhausted = False

    def search(position: SovereignState, line: list) -> bool:
        nonlocal nodes, exhausted
        if position.winners is not None:
            return bool(position.winners)
        key = _key(position)
        if key in seen:
            return False
        seen.add(key)
        nodes += 1
        if nodes > node_limit or (deadline is not None and time.perf_counter() > deadline):
            exhausted = True
            return False
        legal = rules.legal_actions(position)
        # The hint reads only the chain and the pending decision, which the full state holds in
        # the same shape as a view: the solver sees everything anyway.
        ordered = hint.ranking(position, legal) if len(legal) > 1 else legal
        for action in ordered:
            child = rules.clone(position)
            rules.advance(child, action)
            line.append(action)
            if search(child, line):
                return True
            line.pop()
            if exhausted:
                return False
        return False

    line: list = []
    won = search(rules.clone(state), line)
    if won:
        return True, line
    return (None if exhausted else False), []

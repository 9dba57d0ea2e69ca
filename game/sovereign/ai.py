"""The rule-of-thumb Sovereign's Chain player.

Every choice is judged by the lead it leaves: this seat's chain score minus the best other
chain's score, counted on the cards in play it can see (a face-down card it does not know counts
for nothing). So it builds the larger suit on its own chain, dumps low or off-suit cards on the
leader's chain, snipes, covers or flips the highest opposing card, and moves tokens where they
widen its lead. On top of that: a play that brings a chain to 7 while behind is marked down (keep
the chain short when behind), and a shield is worth its card's value once the chains are long.
"""

from __future__ import annotations

from ..ai.players import HeuristicPlayer
from .actions import (Cover, Discard, Flip, Open, Pick, PlaceModifier, PlaceShield, Play, Reveal, SetSuit,
                      ShiftSuit, Tuck)
from .rules import SovereignView
from .table import CHAIN_END

ENDING_WHILE_BEHIND = 6.0   # penalty for closing the game while not ahead
LATE_CHAIN = 5              # chain length from which a shield on the best card pays
FLIP_DOWN_WEIGHT = 0.3      # a card turned face down still scores at the end; it only hides
TUCK_WEIGHT = 0.05          # tucking trades a card in hand for a reveal at the end


def _tops(view: SovereignView) -> list[list[tuple[str | None, int]]]:
    """(suit, value) of every card in play as the seat sees it (unknown cards: no suit, 0)."""
    return [[(p.suit, p.value or 0) for p in (stack[-1] for stack in chain)] for chain in view.chains]


def _score(chain: list[tuple[str | None, int]]) -> int:
    stars = sum(v for s, v in chain if s == "star")
    planets = sum(v for s, v in chain if s == "planet")
    return abs(stars - planets)


def _lead(tops, seat: int) -> int:
    own = _score(tops[seat])
    others = [_score(chain) for c, chain in enumerate(tops) if c != seat]
    return own - max(others, default=0)


def _major_suit(chain: list[tuple[str | None, int]]) -> str:
    stars = sum(v for s, v in chain if s == "star")
    planets = sum(v for s, v in chain if s == "planet")
    return "star" if stars >= planets else "planet"


class SovereignHeuristic(HeuristicPlayer):
    def ranking(self, view: SovereignView, legal: list) -> list:
        if len(legal) == 1:
            return list(legal)
        seat = view.pending.seat
        tops = _tops(view)
        base = _lead(tops, seat)
        scored = [(self._value(view, action, tops, seat, base), self.rng.random(), i)
                  for i, action in enumerate(legal)]
        scored.sort(reverse=True)
        return [legal[i] for _value, _tie, i in scored]

    def _value(self, view: SovereignView, action, tops, seat: int, base: int) -> float:
        kind = type(action)
        if kind is Play:
            return self._play_value(view, action, tops, seat, base)
        if kind in (Open, Pick):
            return self._play_value(view, Play(action.card, seat), tops, seat, base)
        if kind is Discard:
            changed = [chain[:] for chain in tops]
            del changed[action.chain][action.position]
            return _lead(changed, seat) - base
        if kind is Cover:
            source = view.pending.source
            changed = [chain[:] for chain in tops]
            changed[action.chain][action.position] = (source.suit or None, source.value)
            return _lead(changed, seat) - base
        if kind in (SetSuit, PlaceModifier, ShiftSuit):
            return self._token_value(view, action, tops, seat, base)
        if kind is PlaceShield:
            suit, value = tops[action.chain][action.position]
            mine = action.chain == seat and suit == _major_suit(tops[seat])
            return value if mine and len(tops[seat]) >= LATE_CHAIN else -1.0
        if kind is Flip:
            placed = view.in_play(action.chain, action.position)
            if placed.face_up and view.stage.startswith("reveal"):
                return -1.0  # everything is turned up again now, its owner resolving it anew
            if placed.face_up and action.chain != seat:
                return FLIP_DOWN_WEIGHT * (placed.value or 0)
            return -1.0 if placed.face_up else 0.5
        if kind is Tuck:
            return -TUCK_WEIGHT * action.card.value
        if kind is Reveal:
            return -action.position
        return 0.0

    def _play_value(self, view: SovereignView, play: Play, tops, seat: int, base: int) -> float:
        card = play.card
        suit = card.suit or _major_suit(tops[play.chain] if play.chain == seat else tops[seat])
        if not card.suit and play.chain != seat:
            suit = "planet" if _major_suit(tops[play.chain]) == "star" else "star"
        changed = [chain[:] for chain in tops]
        changed[play.chain].append((suit, card.value))
        value = float(_lead(changed, seat) - base)
        if len(changed[play.chain]) >= CHAIN_END and _lead(changed, seat) <= 0:
            value -= ENDING_WHILE_BEHIND
        return value

    def _token_value(self, view: SovereignView, action, tops, seat: int, base: int) -> float:
        if type(action) is ShiftSuit:
            where = next(((c, i) for c, chain in enumerate(view.chains) for i, stack in enumerate(chain)
                          if stack[-1].card is view.pending.source), None)
            if where is None:
                return 0.0
            chain, position = where
            suit, value = tops[chain][position]
            new = ("planet" if suit == "star" else "star", value)
        elif type(action) is SetSuit:
            chain, position = action.chain, action.position
            new = (action.suit, tops[chain][position][1])
        else:
            chain, position = action.chain, action.position
            suit, value = tops[chain][position]
            new = (suit, value + action.delta)
        changed = [c[:] for c in tops]
        changed[chain][position] = new
        return _lead(changed, seat) - base

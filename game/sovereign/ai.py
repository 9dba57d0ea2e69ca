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
from .phases import REVEAL_PHASES
from .rules import SovereignView
from .state import CHAIN_END

ENDING_WHILE_BEHIND = 6.0   # penalty for closing the game while not ahead
LATE_CHAIN = 5              # chain length from which a shield on the best card pays
FLIP_DOWN_WEIGHT = 0.3      # a card turned face down still scores at the end; it only hides
TUCK_WEIGHT = 0.05          # tucking trades a card in hand for a reveal at the end


def _tops(view: SovereignView) -> list[list[tuple[str | None, int]]]:
    """(suit, value) of every card in play as the seat sees it (unknown cards: no suit, 0)."""
    return [[(p.suit, p.value or 0) for p in (stack[-1] for stack in chain)] for chain in view.chains]


def _sums(chain: list[tuple[str | None, int]]) -> tuple[int, int]:
    """(stars, planets): the values of a chain's star cards and of its planet cards."""
    stars = planets = 0
    for suit, value in chain:
        if suit == "star":
            stars += value
        elif suit == "planet":
            planets += value
    return stars, planets


def _major_suit(chain: list[tuple[str | None, int]]) -> str:
    stars, planets = _sums(chain)
    return "star" if stars >= planets else "planet"


def _moved(sums: tuple[int, int], suit: str | None, value: int) -> tuple[int, int]:
    """The (stars, planets) of a chain with a card of `suit` worth `value` added (a negative
    `value` takes one away); a card without a suit changes neither."""
    stars, planets = sums
    if suit == "star":
        return stars + value, planets
    if suit == "planet":
        return stars, planets + value
    return sums


class _Board:
    """The chains as the seat sees them, kept as (stars, planets) per chain, so that the lead after
    a change to one chain is worked out without adding up the others again."""

    def __init__(self, view: SovereignView, seat: int) -> None:
        self.tops = _tops(view)
        self.sums = [_sums(chain) for chain in self.tops]
        self.seat = seat
        self.base = self.lead()

    def lead(self, chain: int = -1, sums: tuple[int, int] = (0, 0)) -> int:
        """This seat's chain score minus the best other chain's, with `chain` summing to `sums`."""
        own = 0
        best = None
        for c, (stars, planets) in enumerate(self.sums):
            if c == chain:
                stars, planets = sums
            score = abs(stars - planets)
            if c == self.seat:
                own = score
            elif best is None or score > best:
                best = score
        return own - (best or 0)

    def gain(self, chain: int, sums: tuple[int, int]) -> int:
        return self.lead(chain, sums) - self.base

    def replaced(self, chain: int, place: int, suit: str | None, value: int) -> tuple[int, int]:
        """The sums of `chain` with the card at `place` seen as (`suit`, `value`) instead."""
        old_suit, old_value = self.tops[chain][place]
        return _moved(_moved(self.sums[chain], old_suit, -old_value), suit, value)


class SovereignHeuristic(HeuristicPlayer):
    aims = "builds the larger suit on its own chain, and spoils the leader's"
    def ranking(self, view: SovereignView, legal: list) -> list:
        if len(legal) == 1:
            return list(legal)
        board = _Board(view, view.pending.seat)
        scored = [(self._value(view, action, board), self.rng.random(), i) for i, action in enumerate(legal)]
        scored.sort(reverse=True)
        return [legal[i] for _value, _tie, i in scored]

    def _value(self, view: SovereignView, action, board: _Board) -> float:
        kind = type(action)
        seat = board.seat
        if kind is Play:
            return self._play_value(action.card, action.chain, board)
        if kind in (Open, Pick):
            return self._play_value(action.card, seat, board)
        if kind is Discard:
            suit, value = board.tops[action.chain][action.place]
            return board.gain(action.chain, _moved(board.sums[action.chain], suit, -value))
        if kind is Cover:
            source = view.pending.source
            return board.gain(action.chain, board.replaced(action.chain, action.place, source.suit or None,
                                                           source.value))
        if kind in (SetSuit, PlaceModifier, ShiftSuit):
            return self._token_value(view, action, board)
        if kind is PlaceShield:
            tops = board.tops
            suit, value = tops[action.chain][action.place]
            mine = action.chain == seat and suit == _major_suit(tops[seat])
            return value if mine and len(tops[seat]) >= LATE_CHAIN else -1.0
        if kind is Flip:
            placed = view.in_play(action.chain, action.place)
            if placed.face_up and view.phase in REVEAL_PHASES:
                return -1.0  # everything is turned up again now, its owner resolving it anew
            if placed.face_up and action.chain != seat:
                return FLIP_DOWN_WEIGHT * (placed.value or 0)
            return -1.0 if placed.face_up else 0.5
        if kind is Tuck:
            return -TUCK_WEIGHT * action.card.value
        if kind is Reveal:
            return -action.place
        return 0.0

    def _play_value(self, card, chain: int, board: _Board) -> float:
        tops, seat = board.tops, board.seat
        suit = card.suit or _major_suit(tops[chain] if chain == seat else tops[seat])
        if not card.suit and chain != seat:
            suit = "planet" if _major_suit(tops[chain]) == "star" else "star"
        lead = board.lead(chain, _moved(board.sums[chain], suit, card.value))
        value = float(lead - board.base)
        if len(tops[chain]) + 1 >= CHAIN_END and lead <= 0:
            value -= ENDING_WHILE_BEHIND
        return value

    def _token_value(self, view: SovereignView, action, board: _Board) -> float:
        tops = board.tops
        if type(action) is ShiftSuit:
            where = next(((c, i) for c, chain in enumerate(view.chains) for i, stack in enumerate(chain)
                          if stack[-1].card == view.pending.source), None)
            if where is None:
                return 0.0
            chain, place = where
            suit, value = tops[chain][place]
            new = ("planet" if suit == "star" else "star", value)
        elif type(action) is SetSuit:
            chain, place = action.chain, action.place
            _suit, value = tops[chain][place]
            new = (action.suit, value)
        else:
            chain, place = action.chain, action.place
            suit, value = tops[chain][place]
            new = (suit, value + action.delta)
        return board.gain(chain, board.replaced(chain, place, *new))

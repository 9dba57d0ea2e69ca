"""The rule-of-thumb Chains player: keep cards that connect, leave the next player stuck."""

from __future__ import annotations

from ..ai.players import Player
from ..cards import standard_deck
from ..rng import Rng
from .rules import FITS, ChainsView, Play

OWN_FOLLOW_UP = 1.0
HAND_LINK = 0.4
NEXT_PLAYER_THREAT = 3.0


class ChainsHeuristic(Player):
    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: ChainsView, legal: list):
        if len(legal) == 1:
            return legal[0]
        unseen = _unseen_ranks(view)
        next_seat = (view.current + 1) % view.players
        next_hand = view.hand_counts[next_seat]
        scored = [(self._score(view, play, unseen, next_hand), self.rng.random(), play) for play in legal]
        return max(scored, key=lambda item: (item[0], item[1]))[2]

    @staticmethod
    def _score(view: ChainsView, play: Play, unseen: list[int], next_hand: int) -> float:
        ends = [chain[-1].rank for chain in view.chains]
        ends[play.chain] = play.card.rank
        hand = [c.rank for c in view.hand]
        if play.card.rank in hand and play.card != view.pending:
            hand.remove(play.card.rank)
        follow_ups = sum(1 for r in hand if any(FITS[r][e] for e in ends))
        links = sum(1 for i, a in enumerate(hand) for b in hand[i + 1:] if FITS[a][b])
        if not unseen:
            threat = 0.0
        else:
            fitting = sum(1 for r in unseen if any(FITS[r][e] for e in ends)) / len(unseen)
            threat = 1.0 - (1.0 - fitting) ** next_hand
        return OWN_FOLLOW_UP * follow_ups + HAND_LINK * links - NEXT_PLAYER_THREAT * threat


def _unseen_ranks(view: ChainsView) -> list[int]:
    seen = set(view.hand) | {c for chain in view.chains for c in chain}
    return [c.rank for c in standard_deck() if c not in seen]

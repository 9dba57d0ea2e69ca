"""The rule-of-thumb Chains player: leave the next player stuck, keep cards that connect.

Each legal play is scored on the chain ends it leaves: minus the chance that the next player holds
a card that fits them (from the cards this seat has not seen, the next player's hand size, and
what their last draw revealed: they then held nothing that fitted the ends of that moment), plus
a little for each pair of cards left in hand that fit each other. Weights measured with the arena
against random play (4,000 games each): the chance alone wins 57%, with the pairs 59%; counting
the cards of one's own hand that fit the new ends made it weaker."""

from __future__ import annotations

from ..ai.players import HeuristicPlayer
from ..cards import standard_deck
from ..core import Revealed
from .rules import FITS, NEIGHBOURS, ChainsView, Play

HAND_LINK = 0.35          # per pair of cards left in hand that fit each other
NEXT_PLAYER_THREAT = 1.0  # times the chance that the next player can play


class ChainsHeuristic(HeuristicPlayer):
    aims = "keeps cards that connect, and leaves you stuck for a card that fits"
    hand_link = HAND_LINK
    next_player_threat = NEXT_PLAYER_THREAT

    def ranking(self, view: ChainsView, legal: list) -> list:
        """The legal plays, best first (ties in random order)."""
        if len(legal) == 1:
            return list(legal)
        unseen = _unseen_ranks(view)
        next_seat = (view.current + 1) % view.players
        scored = [(self._score(view, play, unseen, next_seat), self.rng.random(), play) for play in legal]
        scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
        return [play for _score, _tie, play in scored]

    def _score(self, view: ChainsView, play: Play, unseen: list[int], next_seat: int) -> float:
        ends = [chain[-1].rank for chain in view.chains]
        ends[play.chain] = play.card.rank
        hand = [c.rank for c in view.hand]
        if play.card.rank in hand and play.card != view.pending:
            hand.remove(play.card.rank)
        links = sum(1 for i, a in enumerate(hand) for b in hand[i + 1:] if FITS[a][b])
        threat = 1.0 - stuck_chance(ends, unseen, view.hand_counts[next_seat], view.revealed[next_seat])
        return self.hand_link * links - self.next_player_threat * threat


def stuck_chance(ends: list[int], unseen: list[int], hand_size: int, revealed: Revealed) -> float:
    """The chance that a hand of `hand_size` cards drawn from the `unseen` ranks holds none that
    fits the `ends`, when `revealed` says that `count` of them have no rank in `none_of` (what
    the player's last draw revealed)."""
    if not unseen:
        return 1.0
    fit = [False] * 14
    for end in ends:
        for rank in NEIGHBOURS[end]:
            fit[rank] = True
    count, ruled_out = revealed.count, revealed.none_of
    open_fitting = sum(fit[r] for r in unseen) / len(unseen)
    chance = (1.0 - open_fitting) ** (hand_size - count)
    if count:
        possible = [r for r in unseen if r not in ruled_out]
        if possible:
            chance *= (1.0 - sum(fit[r] for r in possible) / len(possible)) ** count
    return chance


def _unseen_ranks(view: ChainsView) -> list[int]:
    seen = set(view.hand) | {c for chain in view.chains for c in chain}
    return [c.rank for c in standard_deck() if c not in seen]

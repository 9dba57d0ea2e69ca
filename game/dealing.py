"""Dealing the cards a viewer cannot see, consistent with what play has revealed.

Every game's `determinize` needs the same thing: hands of known sizes for the other seats, drawn
from the unseen cards, where some seats are known to hold at least a few cards of a restricted
kind (a Chains player who drew held nothing that fitted; a Cubes player who passed could place
nothing; a Chain-Chain player who took the pile held no answer).
"""

from __future__ import annotations

from typing import Callable

from .rng import Rng

QUICK_TRIES = 20
SEARCH_STEPS = 5000  # cards tried by the backtracking deal before the exact one takes over


def deal_hidden(pool: list, sizes: dict[int, int], owed: dict[int, int], allowed: dict[int, set], rng: Rng,
                accepts: Callable[[int, object, list], bool] | None = None) -> tuple[dict[int, list], list]:
    """Hands of `sizes[seat]` cards from `pool`, at least `owed[seat]` of them from `allowed[seat]`;
    returns the hands and the rest of the pool, shuffled.

    A few random deals are tried first (`accepts(seat, card, chosen)` may refine `allowed` there),
    then a bounded backtracking search over the same test (it finds the rare deals a tight
    position leaves, which random tries miss); then an exact deal over `allowed` that succeeds
    whenever one exists; unconstrained only if none does.
    """
    owed = {seat: min(owed.get(seat, 0), size) for seat, size in sizes.items()}
    accepts = accepts or (lambda seat, card, chosen: card in allowed[seat])
    if any(owed.values()):
        for _attempt in range(QUICK_TRIES):
            dealt = _quick(pool, sizes, owed, accepts, rng)
            if dealt is not None:
                return dealt
        dealt = _search(pool, sizes, owed, accepts, rng)
        if dealt is not None:
            return dealt
        dealt = _exact(pool, sizes, owed, allowed, rng)
        if dealt is not None:
            return dealt
    remaining = pool[:]
    rng.shuffle(remaining)
    return _fill(remaining, {seat: [] for seat in sizes}, sizes)


def _quick(pool, sizes, owed, accepts, rng: Rng):
    """One random try: each owed seat takes the first acceptable cards of a shuffled pool."""
    remaining = pool[:]
    rng.shuffle(remaining)
    hands = {seat: [] for seat in sizes}
    for seat in sorted(sizes, key=lambda s: -owed[s]):
        need = owed[seat]
        if not need:
            continue
        chosen, rest = hands[seat], []
        for card in remaining:
            if len(chosen) < need and accepts(seat, card, chosen):
                chosen.append(card)
            else:
                rest.append(card)
        if len(chosen) < need:
            return None
        remaining = rest
    return _fill(remaining, hands, sizes)


def _search(pool, sizes, owed, accepts, rng: Rng):
    """Depth first over a shuffled pool: each owed seat in turn picks its cards (in pool order, so
    no set is tried twice), backing up when a seat cannot be served; None when SEARCH_STEPS cards
    have been tried or no deal passes `accepts`."""
    remaining = pool[:]
    rng.shuffle(remaining)
    seats = [seat for seat in sorted(sizes, key=lambda s: -owed[s]) if owed[seat]]
    hands = {seat: [] for seat in sizes}
    used = [False] * len(remaining)
    steps = 0

    def pick(k: int, start: int) -> bool:
        nonlocal steps
        if k == len(seats):
            return True
        seat = seats[k]
        chosen = hands[seat]
        if len(chosen) == owed[seat]:
            return pick(k + 1, 0)
        for i in range(start, len(remaining)):
            if used[i]:
                continue
            steps += 1
            if steps > SEARCH_STEPS:
                return False
            if accepts(seat, remaining[i], chosen):
                used[i] = True
                chosen.append(remaining[i])
                if pick(k, i + 1):
                    return True
                chosen.pop()
                used[i] = False
        return False

    if not pick(0, 0):
        return None
    return _fill([card for i, card in enumerate(remaining) if not used[i]], hands, sizes)


def _exact(pool, sizes, owed, allowed, rng: Rng):
    """Each owed card drawn at random among those that leave the rest solvable (Hall's condition
    over the seats still owed cards); None only when no deal meets the constraints."""
    remaining = pool[:]
    rng.shuffle(remaining)
    owed = dict(owed)
    constrained = [seat for seat in sizes if owed[seat]]
    groups = [[s for i, s in enumerate(constrained) if mask >> i & 1] for mask in range(1, 1 << len(constrained))]

    def solvable() -> bool:
        for group in groups:
            need = sum(owed[s] for s in group)
            if need and need > sum(1 for c in remaining if any(c in allowed[s] for s in group)):
                return False
        return True

    if not solvable():
        return None
    hands = {seat: [] for seat in sizes}
    for seat in constrained:
        while owed[seat]:
            for i, card in enumerate(remaining):
                if card not in allowed[seat]:
                    continue
                del remaining[i]
                owed[seat] -= 1
                if solvable():
                    hands[seat].append(card)
                    break
                remaining.insert(i, card)
                owed[seat] += 1
            else:
                return None
    return _fill(remaining, hands, sizes)


def _fill(remaining: list, hands: dict, sizes: dict) -> tuple[dict[int, list], list]:
    """Top every hand up to its size from the (already shuffled) `remaining` cards."""
    for seat, size in sizes.items():
        extra = size - len(hands[seat])
        hands[seat] = hands[seat] + remaining[:extra]
        del remaining[:extra]
    return hands, remaining


def draw_pile_and_other_hands(draw_pile: list, hands: list[list], seat: int | None, game_over: bool) -> set:
    """The cards `seat` may not see in a game whose only hidden cards are the draw pile and the
    hands: the draw pile, and every hand but its own until the game is over (then every hand is
    shown)."""
    hidden = set(draw_pile)
    if not game_over:
        for other, hand in enumerate(hands):
            if other != seat:
                hidden.update(hand)
    return hidden

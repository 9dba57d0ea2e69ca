"""Finding chains: an anchor, one or more hand cards, a different anchor, each card linked to the
next (same number or same symbol).

The searches are exact. They walk trails over the numbers and symbols of the hand (see `_Table`)
depth first, each (start, pivot, cards crossed) state once, since what can follow depends on
nothing else; the longest-chain search also drops a branch when every card it could still reach
would not beat the best chain found so far.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import LinxCard, ScoringCard


@dataclass(frozen=True, slots=True)
class Chain:
    start: LinxCard
    cards: tuple[LinxCard, ...]
    end: LinxCard

    @property
    def length(self) -> int:
        """As the rulebook counts it: the hand cards and both anchors."""
        return len(self.cards) + 2

    @property
    def all_cards(self) -> tuple[LinxCard, ...]:
        return (self.start, *self.cards, self.end)


def is_chain(start: LinxCard, cards, end: LinxCard) -> bool:
    """Whether start, cards..., end is a chain: at least one card between, no card twice, every
    card linked to the next, and two different anchors at the ends."""
    sequence = (start, *cards, end)
    return (bool(cards) and start != end and len(set(sequence)) == len(sequence)
            and all(a.links(b) for a, b in zip(sequence, sequence[1:])))


def points_for(length: int, scoring) -> int | None:
    """The most points a chain of `length` can claim among the `scoring` cards; None if none."""
    eligible = [s.points for s in scoring if s.length <= length]
    return max(eligible) if eligible else None


def best_scoring_card(length: int, scoring) -> ScoringCard | None:
    """The card a chain of `length` would best take: the most points, then the longest."""
    eligible = [s for s in scoring if s.length <= length]
    return max(eligible, key=lambda s: (s.points, s.length)) if eligible else None


class _Table:
    """The hand as a graph on numbers and symbols: each hand card is an edge between its number
    and its symbol, and two cards link exactly when their edges share an end.

    A chain then reads as a walk over numbers and symbols (its pivots: the number or symbol each
    card shares with the next), from an end of the first anchor to an end of the second. Where a
    card shares the pivot on both sides the walk stays put; elsewhere it crosses that card's edge,
    each edge at most once (a trail). Conversely, given such a trail, every other hand card with
    an end on a pivot can be slipped in beside that pivot. So the chains between two anchors are
    the trails between their ends, each with any choice of the hand cards touching its pivots:
    from the trail's own cards (at least one) to all of them. The search walks trails, which are
    few, instead of card orders, which are many when a hand holds one symbol in bulk.
    """

    __slots__ = ("hand", "anchors", "touching", "edges")

    def __init__(self, hand, anchors) -> None:
        self.hand = list(hand)
        self.anchors = list(anchors)
        self.touching: dict = {}   # pivot -> mask of the hand cards with that end
        self.edges: dict = {}      # pivot -> [(card position, its other end)]
        for i, c in enumerate(self.hand):
            for end, other in ((c.number, c.symbol), (c.symbol, c.number)):
                self.touching[end] = self.touching.get(end, 0) | 1 << i
                self.edges.setdefault(end, []).append((i, other))

    def search(self, first: LinxCard, lasts, found, bound) -> None:
        """Walk every trail from an end of `first`, each (start, pivot, edges used) state once,
        calling `found(pivots, trail, cover, last)` whenever it stands on an end of an anchor
        `last` of `lasts` with hand cards to lay (`cover`: the mask of hand cards touching its
        pivots). With a `bound`, a branch is dropped when the hand cards it could still touch are
        no more than `bound()`: a trail touching that few would find nothing new."""
        touching, edges = self.touching, self.edges
        targets: dict = {}
        for last in lasts:
            targets.setdefault(last.number, []).append(last)
            targets.setdefault(last.symbol, []).append(last)
        seen: set = set()
        pivots: list = []
        trail: list[int] = []

        def walk(pivot, used: int, cover: int) -> None:
            key = (pivots[0], pivot, used)
            if key in seen:
                return
            seen.add(key)
            if bound is not None and self.reach(pivot, used, cover) <= bound():
                return
            if cover and pivot in targets:
                for last in targets[pivot]:
                    found(pivots, trail, cover, last)
            for position, other in edges.get(pivot, ()):
                if not used >> position & 1:
                    pivots.append(other)
                    trail.append(position)
                    walk(other, used | 1 << position, cover | touching[other])
                    pivots.pop()
                    trail.pop()

        for origin in (first.number, first.symbol):
            pivots.append(origin)
            walk(origin, 0, touching.get(origin, 0))
            pivots.pop()

    def reach(self, pivot, used: int, cover: int) -> int:
        """How many hand cards a trail standing on `pivot` could still touch: `cover` and every
        card touching a pivot reachable over unused edges."""
        touching, edges = self.touching, self.edges
        frontier = [pivot]
        visited = {pivot}
        while frontier:
            here = frontier.pop()
            for position, other in edges.get(here, ()):
                if not used >> position & 1 and other not in visited:
                    visited.add(other)
                    cover |= touching[other]
                    frontier.append(other)
        return cover.bit_count()

    def chain(self, first: LinxCard, last: LinxCard, pivots, trail, cover: int, count: int) -> Chain:
        """The chain along this trail with `count` hand cards: the trail's cards, then as many
        others touching its pivots as needed, each slipped in at the first pivot it touches."""
        hand = self.hand
        chosen = set(trail)
        extra = count - len(chosen)
        beside: list[list[int]] = [[] for _ in pivots]
        for i in range(len(hand)):
            if extra <= 0:
                break
            if cover >> i & 1 and i not in chosen:
                card = hand[i]
                at = next(j for j, p in enumerate(pivots) if p == card.number or p == card.symbol)
                beside[at].append(i)
                extra -= 1
        order: list[int] = []
        for j in range(len(pivots)):
            order += beside[j]
            if j < len(trail):
                order.append(trail[j])
        return Chain(first, tuple(hand[i] for i in order), last)

    def starts(self):
        """Each anchor but the last, with the anchors after it (each pair of anchors once)."""
        anchors = self.anchors
        return [(anchors[i], anchors[i + 1:]) for i in range(len(anchors) - 1)]


def longest_chain(hand, anchors) -> Chain | None:
    """A longest chain the hand can lay between two of the anchors; None if there is none."""
    table = _Table(hand, anchors)
    best: list = [0, None]
    for first, lasts in table.starts():

        def found(pivots, trail, cover, last, first=first) -> None:
            count = cover.bit_count()
            if count > best[0]:
                best[0], best[1] = count, (first, last, list(pivots), list(trail), cover)

        table.search(first, lasts, found, lambda: best[0])
        if best[0] == len(table.hand):
            break
    return table.chain(*best[1], best[0]) if best[1] else None


def _by_length(table: _Table) -> dict:
    """(first anchor, last anchor, hand cards) -> the trail that lays them, for every pair of
    anchors and every number of hand cards the pair can take."""
    lays: dict = {}
    for first, lasts in table.starts():
        def found(pivots, trail, cover, last, first=first) -> None:
            for count in range(max(len(trail), 1), cover.bit_count() + 1):
                if (first, last, count) not in lays:
                    lays[(first, last, count)] = (list(pivots), list(trail), cover)

        table.search(first, lasts, found, None)
    return lays


def all_chains(hand, anchors, min_length: int = 3) -> list[Chain]:
    """One chain for every pair of anchors and every length of at least `min_length` that the
    hand can lay between them (which of its cards a lay takes beyond that is the player's to say:
    `is_chain` accepts any)."""
    table = _Table(hand, anchors)
    return [table.chain(first, last, *trail, count) for (first, last, count), trail in _by_length(table).items()
            if count + 2 >= min_length]


def chain_of_length(hand, anchors, length: int) -> Chain | None:
    """A chain of exactly `length` cards (anchors counted); None if the hand has none."""
    table = _Table(hand, anchors)
    for (first, last, count), trail in _by_length(table).items():
        if count + 2 == length:
            return table.chain(first, last, *trail, count)
    return None


def best_chain(hand, anchors, scoring) -> tuple[Chain, ScoringCard] | None:
    """The chain that claims the most points from the face-up `scoring` cards, and the card it
    takes; among chains worth as much, the shortest (it keeps the most cards in hand)."""
    longest = longest_chain(hand, anchors)
    if longest is None:
        return None
    top = best_scoring_card(longest.length, scoring)
    if top is None:
        return None
    shortest = min(s.length for s in scoring if s.points == top.points and s.length <= longest.length)
    if shortest == longest.length:
        return longest, top
    table = _Table(hand, anchors)
    lays = [(count, first, last, trail) for (first, last, count), trail in _by_length(table).items()
            if count + 2 >= shortest]
    count, first, last, trail = min(lays, key=lambda lay: lay[0])
    return table.chain(first, last, *trail, count), top


def one_card_short(hand, anchors, min_length: int, candidates) -> list[tuple[LinxCard, Chain]]:
    """The `candidates` that would give the hand a chain of at least `min_length` it cannot lay
    now, each with a longest chain it would make (for the hint: "one card short of ...")."""
    hand = list(hand)
    now = longest_chain(hand, anchors)
    have = now.length if now else 0
    short = []
    for extra in candidates:
        if extra in hand or extra in anchors:
            continue
        chain = longest_chain(hand + [extra], anchors)
        if chain is not None and chain.length >= min_length and chain.length > have:
            short.append((extra, chain))
    return short

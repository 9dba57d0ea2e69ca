"""Finding chains: an anchor, one or more hand cards, a different anchor, each card linked to the
next (same number or same symbol).

A chain is a simple path in a small graph (at most a dozen hand cards), so the searches are exact
depth-first searches over bit masks of hand positions. Each remembers the (card, cards used, first
anchor) states it has explored, since what can follow depends on nothing else; the longest-chain
search also drops a branch when every card still reachable from it would not beat the best chain
found so far.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import LINKS, LinxCard, ScoringCard


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


class _Graph:
    """Hand positions linked to each other (`adj`) and to the anchors (`ends`), as bit masks."""

    __slots__ = ("hand", "anchors", "adj", "ends", "full")

    def __init__(self, hand, anchors) -> None:
        self.hand = list(hand)
        self.anchors = list(anchors)
        bits = [1 << c.index for c in self.hand]
        self.adj = [sum(1 << j for j, bit in enumerate(bits) if LINKS[c.index] & bit) for c in self.hand]
        anchor_bits = [1 << a.index for a in self.anchors]
        self.ends = [sum(1 << k for k, bit in enumerate(anchor_bits) if LINKS[c.index] & bit) for c in self.hand]
        self.full = (1 << len(self.hand)) - 1

    def reach(self, cur: int, used: int) -> int:
        """How many unused hand cards are reachable from position `cur` through unused cards."""
        free = self.full & ~used
        seen = 0
        frontier = self.adj[cur] & free
        adj = self.adj
        while frontier:
            seen |= frontier
            grown = 0
            while frontier:
                low = frontier & -frontier
                grown |= adj[low.bit_length() - 1]
                frontier ^= low
            frontier = grown & free & ~seen
        return seen.bit_count()

    def chain(self, start: int, path, end: int) -> Chain:
        return Chain(self.anchors[start], tuple(self.hand[i] for i in path), self.anchors[end])

    def starts(self):
        """(anchor, first hand position) pairs."""
        for i, ends in enumerate(self.ends):
            mask = ends
            while mask:
                low = mask & -mask
                yield low.bit_length() - 1, i
                mask ^= low


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _other_end(ends: int, start: int) -> int:
    """The lowest anchor in `ends` other than `start`, or -1."""
    mask = ends & ~(1 << start)
    return (mask & -mask).bit_length() - 1 if mask else -1


def longest_chain(hand, anchors) -> Chain | None:
    """A longest chain the hand can lay between two of the anchors; None if there is none."""
    graph = _Graph(hand, anchors)
    best: list = [0, None]
    seen: set = set()
    path: list[int] = []
    adj, ends = graph.adj, graph.ends

    def visit(cur: int, used: int, start: int) -> None:
        key = (cur, used, start)
        if key in seen:
            return
        seen.add(key)
        count = len(path)
        if count > best[0]:
            end = _other_end(ends[cur], start)
            if end >= 0:
                best[0], best[1] = count, (start, tuple(path), end)
        step = adj[cur] & ~used
        if not step or count + graph.reach(cur, used) <= best[0]:
            return
        for j in _bits(step):
            path.append(j)
            visit(j, used | 1 << j, start)
            path.pop()

    for start, first in graph.starts():
        path.append(first)
        visit(first, 1 << first, start)
        path.pop()
        if best[0] == len(graph.hand):
            break
    return graph.chain(*best[1]) if best[1] else None


def chain_of_length(hand, anchors, length: int) -> Chain | None:
    """A chain of exactly `length` cards (anchors counted); None if the hand has none."""
    graph = _Graph(hand, anchors)
    need = length - 2
    if need < 1 or need > len(graph.hand):
        return None
    failed: set = set()
    path: list[int] = []
    adj, ends = graph.adj, graph.ends

    def visit(cur: int, used: int, start: int):
        count = len(path)
        if count == need:
            end = _other_end(ends[cur], start)
            return graph.chain(start, path, end) if end >= 0 else None
        key = (cur, used, start)
        if key in failed or count + graph.reach(cur, used) < need:
            return None
        for j in _bits(adj[cur] & ~used):
            path.append(j)
            found = visit(j, used | 1 << j, start)
            path.pop()
            if found:
                return found
        failed.add(key)
        return None

    for start, first in graph.starts():
        path.append(first)
        found = visit(first, 1 << first, start)
        path.pop()
        if found:
            return found
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
    for length in range(max(shortest, 3), longest.length):
        chain = chain_of_length(hand, anchors, length)
        if chain is not None:
            return chain, top
    return longest, top


def all_chains(hand, anchors, min_length: int = 3) -> list[Chain]:
    """One chain for each different lay of at least `min_length` cards: each pair of anchors and
    set of hand cards that can form a chain (the order within it does not change what is laid)."""
    graph = _Graph(hand, anchors)
    need = min_length - 2
    found: dict = {}
    seen: set = set()
    path: list[int] = []
    adj, ends = graph.adj, graph.ends

    def visit(cur: int, used: int, start: int) -> None:
        key = (cur, used, start)
        if key in seen:
            return
        seen.add(key)
        if len(path) >= need:
            for end in _bits(ends[cur] & ~(1 << start)):
                lay = (min(start, end), max(start, end), used)
                if lay not in found:
                    found[lay] = graph.chain(start, path, end)
        for j in _bits(adj[cur] & ~used):
            path.append(j)
            visit(j, used | 1 << j, start)
            path.pop()

    for start, first in graph.starts():
        path.append(first)
        visit(first, 1 << first, start)
        path.pop()
    return list(found.values())


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

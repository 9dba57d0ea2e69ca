"""Finding chains: an anchor, one or more hand cards, a different anchor, each card linked to the
next (same number or same symbol).

The searches are exact. They walk trails over the numbers and symbols of the hand (see `_Graph`)
depth first, each (start, pivot, cards crossed) state once, since what can follow depends on
nothing else, and only between anchors whose shared component of the hand holds enough cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import DECK, LinxCard, ScoringCard


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


# The graph's vertices: the deck's numbers (0 for the lowest, then up) and after them its symbols.
# A card's place in the deck (`LinxCard.index`) is its symbol's place times SPAN plus its number
# less the lowest, so the cards of one symbol are SPAN bits in a row.
LOWEST = min(c.number for c in DECK.playing)
SPAN = max(c.number for c in DECK.playing) - LOWEST + 1
SYMBOLS = len(DECK.symbols)
ROW = tuple(card.index // SPAN for card in DECK.playing)          # card -> its symbol's place
NUMBER_OF = tuple(card.number - LOWEST for card in DECK.playing)  # card -> its number's vertex
COLUMN = tuple(1 << number for number in NUMBER_OF)              # card -> its number's bit
VERTICES = SPAN + SYMBOLS
VERTEX_BITS = (VERTICES - 1).bit_length()  # a trail's state keys its vertex in this many low bits


def rows(hand) -> list[int]:
    """The hand as one row per symbol: the bits of the numbers it holds in that symbol."""
    found = [0] * SYMBOLS
    for card in hand:
        index = card.index
        found[ROW[index]] |= COLUMN[index]
    return found


def components(rows) -> list[tuple[int, int, int]]:
    """The hand's components, as (their numbers, their symbols, how many cards) in bits. Every
    card has one symbol and two symbols are in one component exactly when they share a number,
    directly or through others, so the components follow from the rows."""
    found: list[tuple[int, int, int]] = []
    for place, numbers in enumerate(rows):
        if numbers:
            symbols, count = 1 << place, numbers.bit_count()
            apart = []
            for component in found:
                their_numbers, their_symbols, their_count = component
                if their_numbers & numbers:
                    numbers |= their_numbers
                    symbols |= their_symbols
                    count += their_count
                else:
                    apart.append(component)
            apart.append((numbers, symbols, count))
            found = apart
    return found


def crossings(trail) -> tuple[int, ...]:
    """The cards a trail crossed, in order, each as its bit, from the linked list `trails` gives."""
    found = []
    while trail:
        card, trail = trail
        found.append(card)
    found.reverse()
    return tuple(found)


class _Graph:
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

    The components come first, from the hand's rows (`rows`, `components`); a component that may
    hold a chain numbers its own cards, and a trail is a bit mask over them (`_Component`: small
    numbers, which Python works on faster than masks over the whole deck). What a trail can still
    do depends only on
    where it started, where it stands and the cards it crossed (those fix the pivots it visited),
    so each such state is walked once. A chain never leaves the component of the graph it starts
    in: the cards of the component holding an end of both anchors bound the chains between them,
    and most hands fail that bound at once, before a trail is walked.
    """

    __slots__ = ("rows", "anchors")

    def __init__(self, hand, anchors) -> None:
        self.rows = rows(hand)
        self.anchors = anchors

    def groups(self, need: int) -> list:
        """The components of `need` hand cards or more that hold ends of two anchors or more
        (`_Component`, with {anchor end: the anchors with that end, in table order}), the
        largest first. A chain between two anchors runs inside a component holding an end of
        each, so its cards bound the chain."""
        found = []
        for numbers, symbols, count in components(self.rows):
            if count < need:
                continue
            ends: dict = {}
            held = set()
            for index, anchor in enumerate(self.anchors):
                card = anchor.index
                if numbers & COLUMN[card]:
                    ends.setdefault(NUMBER_OF[card], []).append(index)
                    held.add(index)
                if symbols >> ROW[card] & 1:
                    ends.setdefault(SPAN + ROW[card], []).append(index)
                    held.add(index)
            if len(held) > 1:
                found.append(_Component(self.rows, symbols, ends))
        if len(found) > 1:
            found.sort(key=lambda group: -group.count)
        return found

    def longest(self, need: int) -> tuple[int, tuple | None]:
        """The most hand cards a chain can take, if at least `need` (else need - 1), and
        (first, last, component, origin, trail, cover) of a chain taking them (None if none)."""
        best_count, best = need - 1, None
        for group in self.groups(need):
            bound = group.count
            if bound <= best_count:
                break
            ends = group.ends
            for origin, firsts in ends.items():
                first = firsts[0]
                for end, _left, trail, cover in group.trails(origin, group.targets(first)):
                    count = cover.bit_count()
                    if count > best_count:
                        last = next(index for index in ends[end] if index > first)
                        best_count, best = count, (first, last, group, origin, crossings(trail), cover)
                        if count == bound:
                            return best_count, best
        return best_count, best

    def lays(self, need: int) -> dict:
        """(first anchor, last anchor, hand cards) -> (component, origin, trail, cover) of a chain that lays
        them, for every pair of anchors and every number of hand cards from `need` up. Which
        numbers of cards a pair has been given is kept as bits, so a trail adds only new ones."""
        found: dict = {}
        given: dict = {}
        for group in self.groups(need):
            ends, bound = group.ends, group.count
            every = (2 << bound) - (1 << need)
            anchors = sorted({index for indices in ends.values() for index in indices})
            missing = sum((every & ~given.get((first, last), 0)).bit_count()
                          for k, first in enumerate(anchors) for last in anchors[k + 1:])
            for origin, firsts in ends.items():
                for end, left, trail, cover in group.trails(origin, group.targets(firsts[0])):
                    fewest = max(bound - left.bit_count(), need)
                    counts = (2 << cover.bit_count()) - (1 << fewest)
                    if counts <= 0:
                        continue
                    lay = None
                    for first in firsts:
                        for last in ends[end]:
                            if last > first:
                                new = counts & ~given.get((first, last), 0)
                                if new:
                                    given[(first, last)] = given.get((first, last), 0) | new
                                    lay = lay or (group, origin, crossings(trail), cover)
                                    missing -= new.bit_count()
                                    while new:
                                        low = new & -new
                                        new ^= low
                                        found[(first, last, low.bit_length() - 1)] = lay
                    if not missing:
                        break
                if not missing:
                    break
        return found

    def chain(self, first: int, last: int, group: "_Component", origin: int, trail: tuple, cover: int,
              count: int) -> Chain:
        """The chain along this trail with `count` hand cards: the trail's cards, then as many
        others touching its pivots as needed (the lowest first), each slipped in at the first
        pivot it touches."""
        cards = _laid_along(group.pivots(origin, trail, cover), count - len(trail))
        return Chain(self.anchors[first], cards, self.anchors[last])


class _Component:
    """A component of the hand's graph that may hold a chain, its cards numbered from 0 (bit i:
    `deck[i]`): `touching[v]` the cards with an end on vertex v, `across[i]` what leads from one
    end of card i to the other (here ^ across[i]), `ends` the anchor ends it holds."""

    __slots__ = ("cards", "count", "ends", "deck", "touching", "across")

    def __init__(self, rows, symbols: int, ends: dict) -> None:
        deck, touching, across = [], [0] * VERTICES, []
        bit = 1
        for place, numbers in enumerate(rows):
            if symbols >> place & 1:
                while numbers:
                    low = numbers & -numbers
                    numbers ^= low
                    number = low.bit_length() - 1
                    deck.append(DECK.playing[place * SPAN + number])
                    touching[number] |= bit
                    touching[SPAN + place] |= bit
                    across.append(number ^ (SPAN + place))
                    bit <<= 1
        self.cards, self.count, self.ends = bit - 1, len(deck), ends
        self.deck, self.touching, self.across = deck, touching, across

    def targets(self, first: int) -> int:
        """The anchor ends a chain from anchor `first` looks for: those of a later anchor (each
        pair of anchors is searched once, from the one that comes first)."""
        targets = 0
        for vertex, anchors in self.ends.items():
            if anchors[-1] > first:
                targets |= 1 << vertex
        return targets

    def trails(self, origin: int, targets: int):
        """Every trail over the cards from `origin` that stands on a vertex of `targets`, each
        state once: (its last vertex, the cards not crossed, the cards crossed, the cards
        touching its pivots). The crossed cards come as a linked list from the last: (card,
        (card before, (...))), or () (see `crossings`). A card is crossed only toward a target or
        a vertex with other cards to cross on: a dead end adds no card to the cover (its one card
        touches the pivot it leaves)."""
        if not targets:
            return
        touching, across, shift = self.touching, self.across, VERTEX_BITS
        stack = [(origin, self.cards, touching[origin], ())]
        seen = set()
        while stack:
            here, left, cover, trail = stack.pop()
            key = left << shift | here
            if key in seen:
                continue
            seen.add(key)
            if targets >> here & 1:
                yield here, left, trail, cover
            free = touching[here] & left
            while free:
                low = free & -free
                free ^= low
                there = here ^ across[low.bit_length() - 1]
                onward = touching[there] & (left ^ low)
                if onward or targets >> there & 1:
                    stack.append((there, left ^ low, cover | onward, (low, trail)))

    def pivots(self, origin: int, trail: tuple, cover: int) -> list[tuple[list, LinxCard | None]]:
        """A trail's pivots in order, each as (the other cards of the cover first touching it,
        lowest first, each with its rank among all of them, lowest first; the card the trail
        crosses there, or None at the last pivot). The chains along the trail, whatever their
        count, all read from it (`_laid_along`)."""
        deck, touching, across = self.deck, self.touching, self.across
        left = cover
        for card in trail:
            left ^= card
        ranks = {}
        rest = left
        while rest:
            low = rest & -rest
            rest ^= low
            ranks[low] = len(ranks)
        found = []
        here = origin
        for crossing in (*trail, None):
            beside = left & touching[here]
            left ^= beside
            row = []
            while beside:
                low = beside & -beside
                beside ^= low
                row.append((ranks[low], deck[low.bit_length() - 1]))
            if crossing is None:
                found.append((row, None))
            else:
                index = crossing.bit_length() - 1
                found.append((row, deck[index]))
                here ^= across[index]
        return found



def _need(hand, min_length: int) -> int | None:
    """How many hand cards a chain of `min_length` takes (at least one); None if the hand has
    fewer."""
    need = max(min_length - 2, 1)
    return need if len(hand) >= need else None


def longest_chain(hand, anchors, min_length: int = 3) -> Chain | None:
    """A longest chain the hand can lay between two of the anchors; None if there is none at
    least `min_length` long."""
    need = min_length - 2 if min_length > 3 else 1
    if len(hand) < need or len(anchors) < 2:
        return None
    graph = _Graph(hand, anchors)
    count, lay = graph.longest(need)
    return graph.chain(*lay, count) if lay else None


def longest_length(hand, anchors, min_length: int = 3) -> int:
    """The length of a longest chain the hand can lay (anchors counted), as `longest_chain`
    finds it but without laying it out; 0 if there is none at least `min_length` long."""
    need = _need(hand, min_length)
    if need is None or len(anchors) < 2:
        return 0
    count, lay = _Graph(hand, anchors).longest(need)
    return count + 2 if lay else 0


def all_chains(hand, anchors, min_length: int = 3) -> list[Chain]:
    """One chain for every pair of anchors and every length of at least `min_length` that the
    hand can lay between them (which of its cards a lay takes beyond that is the player's to say:
    `is_chain` accepts any)."""
    return [Chain(*laid) for laid in chains_laid(hand, anchors, min_length)]


def chains_laid(hand, anchors, min_length: int = 3) -> list[tuple]:
    """As `all_chains`, each chain as (start, hand cards, end)."""
    need = _need(hand, min_length)
    if need is None or len(anchors) < 2:
        return []
    graph = _Graph(hand, anchors)
    pivots: dict = {}  # a trail's pivots, worked out once for all the chains laid along it
    found = []
    for (first, last, count), lay in graph.lays(need).items():
        group, origin, trail, cover = lay
        along = pivots.get(id(lay))
        if along is None:
            along = pivots[id(lay)] = group.pivots(origin, trail, cover)
        found.append((anchors[first], _laid_along(along, count - len(trail)), anchors[last]))
    return found


def _laid_along(pivots, extra: int) -> tuple:
    """The hand cards of a chain along a trail's `pivots` (see `_Graph.pivots`) with the `extra`
    lowest of the other cards touching them."""
    cards = []
    for beside, crossing in pivots:
        for rank, card in beside:
            if rank >= extra:
                break
            cards.append(card)
        if crossing is not None:
            cards.append(crossing)
    return tuple(cards)


def chain_of_length(hand, anchors, length: int) -> Chain | None:
    """A chain of exactly `length` cards (anchors counted); None if the hand has none."""
    need = _need(hand, length)
    if need is None or len(anchors) < 2:
        return None
    graph = _Graph(hand, anchors)
    for (first, last, count), lay in graph.lays(need).items():
        if count == length - 2:
            return graph.chain(first, last, *lay, count)
    return None


def best_chain(hand, anchors, scoring) -> tuple[Chain, ScoringCard] | None:
    """The chain that claims the most points from the face-up `scoring` cards, and the card it
    takes; among chains worth as much, the shortest (it keeps the most cards in hand)."""
    if not scoring:
        return None
    longest = longest_chain(hand, anchors, min(s.length for s in scoring))
    if longest is None:
        return None
    top = best_scoring_card(longest.length, scoring)
    shortest = min(s.length for s in scoring if s.points == top.points and s.length <= longest.length)
    if shortest == longest.length:
        return longest, top
    graph = _Graph(hand, anchors)
    (first, last, count), lay = min(graph.lays(shortest - 2).items(), key=_cards_laid)
    return graph.chain(first, last, *lay, count), top


def _cards_laid(entry: tuple) -> int:
    """How many hand cards an entry of `_Graph.lays` lays: ((first, last, count), lay)."""
    (_first, _last, count), _lay = entry
    return count


def one_card_short(hand, anchors, min_length: int, candidates) -> list[tuple[LinxCard, Chain]]:
    """The `candidates` that would give the hand a chain of at least `min_length` it cannot lay
    now, each with a longest chain it would make (for the hint: "one card short of ...")."""
    hand = list(hand)
    wanted = max(min_length, longest_length(hand, anchors) + 1)
    short = []
    for extra in candidates:
        if extra in hand or extra in anchors:
            continue
        chain = longest_chain(hand + [extra], anchors, wanted)
        if chain is not None:
            short.append((extra, chain))
    return short

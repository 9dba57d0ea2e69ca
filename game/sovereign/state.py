"""The state of a Sovereign's Chain game: chains of stacked places, tokens, the supply, the pools.

A chain is a list of places; a place is a stack (bottom first) of `Placed` cards; only the
top card of a place is in play. A card's suit is its suit token if it has one, else its
printed suit; its value is the printed value plus its modifier tokens.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, NamedTuple

from ..rng import Rng, settle_last
from .phases import OPENING

if TYPE_CHECKING:
    from .cards import CardSet, ClassCard, EventCard, Step

SHIELDS, MODIFIERS, SUIT_TOKENS = 13, 21, 21
SHIELD, MODIFIER, SUIT = "shield", "modifier", "suit"  # the kinds of token, as events name them
CHAIN_END = 7
HAND_SIZE = 5
MAX_PLAYERS = 4
EVERYONE = -1  # the `known` mask of a card every seat has seen
NOTHING_LISTED = (None, ())  # `listed` while no decision's legal actions are kept
ONLOOKER = 1 << 8  # the mask of a spectator: it knows only what everyone has seen


class TokenCounts(NamedTuple):
    """A frozen copy of `Tokens`, as a view shows the supply and the pools."""

    shields: int
    modifiers: int
    suits: int


@dataclass(slots=True)
class Tokens:
    """Tokens counted by kind: the supply, or one seat's pool (a pool never holds suit tokens).
    Changed in place by the engine, and copied with every clone of the state."""

    shields: int = 0
    modifiers: int = 0
    suits: int = 0

    def take(self, kind: str, wanted: int = 1) -> int:
        """Up to `wanted` tokens of `kind` taken out; how many were taken (fewer, or none, when
        there are not enough)."""
        name = _COUNTED_AS[kind]
        held = getattr(self, name)
        taken = min(wanted, held)
        setattr(self, name, held - taken)
        return taken

    def give(self, kind: str, count: int = 1) -> None:
        name = _COUNTED_AS[kind]
        setattr(self, name, getattr(self, name) + count)

    def add(self, other: "Tokens") -> None:
        self.shields += other.shields
        self.modifiers += other.modifiers
        self.suits += other.suits

    def empty_into(self, other: "Tokens") -> None:
        """Every token here goes to `other`."""
        other.add(self)
        self.shields = self.modifiers = self.suits = 0

    def copy(self) -> "Tokens":
        return Tokens(self.shields, self.modifiers, self.suits)

    def frozen(self) -> TokenCounts:
        return TokenCounts(self.shields, self.modifiers, self.suits)


_COUNTED_AS = {SHIELD: "shields", MODIFIER: "modifiers", SUIT: "suits"}


def full_supply() -> Tokens:
    """The supply at the deal: every token of the game."""
    return Tokens(SHIELDS, MODIFIERS, SUIT_TOKENS)


class Placed(NamedTuple):
    """A card on a chain with its tokens. `known` is a bit mask of the seats that know the face
    of a face-down card (the seat that played it face down; everyone, if it was turned down in
    sight); `tucked` marks a card a Runner put beneath itself.

    Immutable, so clones share it; a named tuple rather than a frozen dataclass because the
    engine makes one at every play, flip and token, and a tuple is made in a quarter of the time."""

    card: ClassCard
    face_up: bool
    known: int = 0
    suit_token: str | None = None
    mods: tuple[int, ...] = ()
    shield: bool = False
    tucked: bool = False

    @property
    def suit(self) -> str:
        return self.suit_token if self.suit_token is not None else self.card.suit

    @property
    def value(self) -> int:
        return self.card.value + sum(self.mods)

    def turned(self, face_up: bool, known: int) -> "Placed":
        card, _face_up, _known, suit_token, mods, shield, tucked = self
        return Placed(card, face_up, known, suit_token, mods, shield, tucked)

    def with_suit(self, suit: str) -> "Placed":
        card, face_up, known, _suit_token, mods, shield, tucked = self
        return Placed(card, face_up, known, suit, mods, shield, tucked)

    def with_mod(self, delta: int) -> "Placed":
        card, face_up, known, suit_token, mods, shield, tucked = self
        return Placed(card, face_up, known, suit_token, mods + (delta,), shield, tucked)

    def shielded(self) -> "Placed":
        card, face_up, known, suit_token, mods, _shield, tucked = self
        return Placed(card, face_up, known, suit_token, mods, True, tucked)


@dataclass(frozen=True, slots=True)
class Decision:
    """The choice the engine waits for: its kind, the seat that makes it, and the card whose
    ability asks (None for the choices of the turn itself)."""

    kind: str
    seat: int
    source: ClassCard | None = None


@dataclass(frozen=True, slots=True)
class Task:
    """One effect step waiting to run: `step` of `source`'s ability, resolved by `seat`; `run` is
    the step's function (effects.py) and `decision` the one it opens, if it asks one, both made
    with the task."""

    source: ClassCard
    seat: int
    step: Step
    run: Callable = field(compare=False, repr=False)
    decision: Decision | None = field(default=None, compare=False, repr=False)


@dataclass(slots=True, kw_only=True)
class SovereignState:
    players: int
    cards: CardSet
    solitaire: bool = False
    fair_winds: bool
    dealer: int
    rng: Rng
    hands: list[list[ClassCard]]
    draw_pile: list[ClassCard]                       # the top card is the last (`draw_card`)
    discard: list[ClassCard]                      # face down; the top card is the last
    chains: list[list[list[Placed]]]
    event_deck: list[EventCard]
    active_event: EventCard | None
    used_events: list[EventCard]
    supply: Tokens
    pools: list[Tokens]                           # per seat
    current: int
    phase: str = OPENING
    pending: Decision | None = None
    work: list[Task] = field(default_factory=list)
    picks: list[ClassCard | None] = field(default_factory=list)
    began_own: list[bool | None] = field(default_factory=list)
    turn_began_own: bool | None = None               # this turn's first play: own chain?
    plays_this_turn: int = 0
    idle_turns: int = 0                               # turns in a row without a play or a draw
    sevens: list[int] = field(default_factory=list)  # chains that reached 7 this turn, in order
    first_to_seven: int | None = None
    reveal_seat: int = 0
    contenders: tuple[int, ...] = ()                  # seats still in sudden death
    sudden_queue: list[tuple[int, ClassCard]] = field(default_factory=list)
    turns: int = 0
    winners: tuple[int, ...] | None = None
    final_scores: tuple[int, ...] | None = None
    listed: tuple[Decision | None, list | tuple] = NOTHING_LISTED  # a decision and its legal actions
    draw_pile_unshuffled: int = 0                          # bottom cards of the draw pile not yet shuffled
    draw_pile_seed: int = 0                                # the state of that shuffle's draws
    events_unshuffled: int = 0                        # the same for the event deck
    events_seed: int = 0

    def all_cards(self) -> list[ClassCard]:
        found = [c for hand in self.hands for c in hand] + self.draw_pile + self.discard
        found += [p.card for chain in self.chains for stack in chain for p in stack]
        found += [c for c in self.picks if c is not None]
        found += [card for _seat, card in self.sudden_queue]
        return found

    def tokens_on_cards(self) -> Tokens:
        """The tokens on every card of every chain, covered ones too."""
        counted = Tokens()
        for chain in self.chains:
            for stack in chain:
                for placed in stack:
                    counted.shields += placed.shield
                    counted.modifiers += len(placed.mods)
                    counted.suits += placed.suit_token is not None
        return counted

    def all_tokens(self) -> Tokens:
        """The tokens in the supply, the pools and on the cards: always `full_supply()`."""
        counted = self.tokens_on_cards()
        counted.add(self.supply)
        for pool in self.pools:
            counted.add(pool)
        return counted


def clone_state(state: SovereignState) -> SovereignState:
    """A copy for search, slot by slot (quicker than the keyword constructor): lists copied;
    cards, placed cards, tasks and the listed legal actions shared (none is ever changed)."""
    copy = object.__new__(SovereignState)
    _copy_table(state, copy)
    _copy_turn(state, copy)
    return copy


def _copy_table(state: SovereignState, copy: SovereignState) -> None:
    """The cards and tokens on the table, and what deals them (`clone_state`)."""
    copy.players = state.players
    copy.cards = state.cards
    copy.solitaire = state.solitaire
    copy.fair_winds = state.fair_winds
    copy.dealer = state.dealer
    copy.rng = state.rng.clone()
    copy.hands = [h[:] for h in state.hands]
    copy.draw_pile = state.draw_pile[:]
    copy.discard = state.discard[:]
    copy.chains = [[s[:] for s in chain] for chain in state.chains]
    copy.event_deck = state.event_deck[:]
    copy.active_event = state.active_event
    copy.used_events = state.used_events[:]
    copy.supply = state.supply.copy()
    copy.pools = [pool.copy() for pool in state.pools]
    copy.draw_pile_unshuffled = state.draw_pile_unshuffled
    copy.draw_pile_seed = state.draw_pile_seed
    copy.events_unshuffled = state.events_unshuffled
    copy.events_seed = state.events_seed


def _copy_turn(state: SovereignState, copy: SovereignState) -> None:
    """Whose turn it is, the decision it waits on and what the turn and the game have counted
    (`clone_state`)."""
    copy.current = state.current
    copy.phase = state.phase
    copy.pending = state.pending
    copy.work = state.work[:]
    copy.picks = state.picks[:]
    copy.began_own = state.began_own[:]
    copy.turn_began_own = state.turn_began_own
    copy.plays_this_turn = state.plays_this_turn
    copy.idle_turns = state.idle_turns
    copy.sevens = state.sevens[:]
    copy.first_to_seven = state.first_to_seven
    copy.reveal_seat = state.reveal_seat
    copy.contenders = state.contenders
    copy.sudden_queue = state.sudden_queue[:]
    copy.turns = state.turns
    copy.winners = state.winners
    copy.final_scores = state.final_scores
    copy.listed = state.listed


# ---------------------------------------------------------------- reading the table


def find(state: SovereignState, card: ClassCard) -> tuple[int, int] | None:
    """(chain, place) where `card` is in play, or None. The right ends are looked at first:
    the card whose ability asks was most often just played there."""
    for c, chain in enumerate(state.chains):
        if chain and chain[-1] and chain[-1][-1].card == card:
            return c, len(chain) - 1
    for c, chain in enumerate(state.chains):
        for i, stack in enumerate(chain):
            if stack and stack[-1].card == card:
                return c, i
    return None


def top(state: SovereignState, chain: int, place: int) -> Placed:
    return state.chains[chain][place][-1]


def set_top(state: SovereignState, chain: int, place: int, placed: Placed) -> None:
    state.chains[chain][place][-1] = placed


def chain_score(chain: list[list[Placed]]) -> int:
    """|stars - planets| over the cards in play (a suitless card scores for neither side)."""
    stars = planets = 0
    for stack in chain:
        placed = stack[-1]  # (its `suit` and `value` written out: every playout ends in a score)
        suit = placed.suit_token if placed.suit_token is not None else placed.card.suit
        value = placed.card.value + sum(placed.mods)
        if suit == "star":
            stars += value
        elif suit == "planet":
            planets += value
    return abs(stars - planets)


# ---------------------------------------------------------------- changing the table


def shuffle_draw_pile(state: SovereignState, cards: list[ClassCard]) -> None:
    """`cards` become the draw pile, shuffled as they are drawn (`Rng.shuffle_later`: a game
    draws a fraction of its deck, and the shuffle's draws are the dearest part of a deal)."""
    state.draw_pile = cards
    state.draw_pile_seed = state.rng.shuffle_later(cards)
    state.draw_pile_unshuffled = len(cards)


def draw_card(state: SovereignState) -> ClassCard:
    """The top card of the draw pile (not empty), its place settled by the shuffle first."""
    pile = state.draw_pile
    last = len(pile) - 1
    if last < state.draw_pile_unshuffled:
        state.draw_pile_seed = settle_last(pile, state.draw_pile_seed)
        state.draw_pile_unshuffled = last
    return pile.pop()


def shuffle_events(state: SovereignState, events: list[EventCard]) -> None:
    """`events` become the event deck, shuffled as they are drawn (as `shuffle_draw_pile`)."""
    state.event_deck = events
    state.events_seed = state.rng.shuffle_later(events)
    state.events_unshuffled = len(events)


def draw_event_card(state: SovereignState) -> EventCard:
    """The top card of the event deck (not empty), its place settled by the shuffle first."""
    deck = state.event_deck
    if len(deck) <= state.events_unshuffled:
        state.events_seed = settle_last(deck, state.events_seed)
        state.events_unshuffled = len(deck) - 1
    return deck.pop()


def open_decision(state: SovereignState, decision: Decision, legal: list) -> None:
    """Wait for `decision`, whose legal actions were just listed (`legal_actions` hands them out
    while this decision is pending, rather than listing them again)."""
    state.pending = decision
    state.listed = (decision, legal)


def take_top(state: SovereignState, chain: int, place: int) -> Placed:
    """Lift the card in play off a place: its tokens go back to the supply, the card beneath
    (if any) is in play again with its own tokens, and an empty place closes up (in solitaire
    it stays, an empty space)."""
    stack = state.chains[chain][place]
    placed = stack.pop()
    if not stack and not state.solitaire:
        del state.chains[chain][place]
    return placed


def return_tokens(state: SovereignState, placed: Placed) -> None:
    supply = state.supply
    supply.shields += placed.shield
    supply.modifiers += len(placed.mods)
    supply.suits += placed.suit_token is not None


def set_suit(state: SovereignState, chain: int, place: int, suit: str) -> bool:
    """Put (or turn over) a suit token; False when it needs a token and none is left."""
    placed = top(state, chain, place)
    if placed.suit_token is None:
        if not state.supply.suits:
            return False
        state.supply.suits -= 1
    set_top(state, chain, place, placed.with_suit(suit))
    return True


def other_suit(suit: str) -> str:
    return "planet" if suit == "star" else "star"

"""Chains rules, per the Chains rulebook and its rulings."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ..cards import Card, card_count, rank_name, standard_deck
from ..core import NOTHING_REVEALED, Option, Outcome, Revealed, Rules, View
from ..dealing import deal_hidden, draw_pile_and_other_hands
from ..rng import Rng
from ..wording import acts, verb_of

HAND_SIZE = 5
CHAIN_COUNT = 3
DRAW_LIMITS = {"three": 3, "one": 1, "until": None}


def _ranks_fit(a: int, b: int) -> bool:
    return abs(a - b) == 1 or {a, b} == {1, 13}


# FITS[a][b]: a card of rank a fits on a chain ending in rank b (aces are 1 and 14).
FITS = [[False] * 14] + [[False] + [_ranks_fit(a, b) for b in range(1, 14)] for a in range(1, 14)]
# NEIGHBOURS[b]: the ranks that fit on an end of rank b.
NEIGHBOURS = [frozenset()] + [frozenset(a for a in range(1, 14) if FITS[a][b]) for b in range(1, 14)]


def fits(card: Card, end: Card) -> bool:
    """Whether `card` may be played on a chain whose last card is `end`."""
    return FITS[card.rank][end.rank]


# ---------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Play:
    """Play `card` (from hand, or the card just drawn) onto chain `chain` (0-2)."""

    card: Card
    chain: int


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one card (only when nothing in hand fits)."""


@dataclass(frozen=True, slots=True)
class Pass:
    """End the turn without playing (after the draw rule's limit, or when nothing can be drawn)."""


# ---------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class Played:
    seat: int
    card: Card
    chain: int
    drawn: bool

    def text(self, names) -> str:
        return f"{acts(names[self.seat], 'plays')} {self.card.label} on chain {self.chain + 1}"


@dataclass(frozen=True, slots=True)
class Drew:
    """A card drawn. `card` is None in the view of a seat that may not see it; `fits` is public."""

    seat: int
    card: Card | None
    fits: bool

    def text(self, names) -> str:
        if self.card is None:
            return f"{acts(names[self.seat], 'draws')} a card"
        if self.fits:
            return f"{acts(names[self.seat], 'draws')} {self.card.label}, which fits"
        return f"{acts(names[self.seat], 'draws')} {self.card.label}"


@dataclass(frozen=True, slots=True)
class Rebuilt:
    """The deck ran out: every chain kept its last card, the rest were shuffled into a new deck."""

    deck_size: int

    def text(self, names) -> str:
        return f"The deck is rebuilt from the chains ({card_count(self.deck_size)})"


@dataclass(frozen=True, slots=True)
class Passed:
    seat: int
    stuck: bool

    def text(self, names) -> str:
        if self.stuck:
            return f"{names[self.seat]} cannot play or draw, and {verb_of(names[self.seat], 'passes')}"
        return acts(names[self.seat], "passes")


@dataclass(frozen=True, slots=True)
class GameEnded:
    winners: tuple[int, ...]
    reason: str

    def text(self, names) -> str:
        who = " and ".join(names[s] for s in self.winners)
        if self.reason == "deadlock":
            return f"Nobody can play or draw: {acts(who, 'wins') if len(self.winners) == 1 else f'{who} share the win'}"
        return f"{acts(who, 'has')} no cards left and {verb_of(who, 'wins')}"


# ---------------------------------------------------------------- state and view


@dataclass(slots=True, kw_only=True)
class ChainsState:
    """The whole table. Mutated only by `ChainsRules.advance` on a private clone."""

    players: int
    draw_rule: str
    hands: list[list[Card]]
    chains: list[list[Card]]
    draw_pile: list[Card]
    rng: Rng
    current: int = 0
    drawn: int = 0
    pending: Card | None = None
    # Per seat, what its draws and passes revealed: cards of that hand with no rank that fits.
    revealed: list[Revealed] = field(default_factory=list)
    stuck_passes: int = 0
    winners: tuple[int, ...] | None = None
    end_reason: str = ""

    def __post_init__(self) -> None:
        if not self.revealed:
            self.revealed = [NOTHING_REVEALED] * self.players

    def all_cards(self) -> list[Card]:
        found = [c for hand in self.hands for c in hand] + [c for chain in self.chains for c in chain]
        found += self.draw_pile
        if self.pending is not None:
            found.append(self.pending)
        return found


@dataclass(frozen=True, slots=True, kw_only=True)
class ChainsView(View):
    """What one seat may see."""

    draw_rule: str
    chains: tuple[tuple[Card, ...], ...]
    draw_pile_count: int
    drawn: int
    pending: Card | None
    revealed: tuple[Revealed, ...]
    stuck_passes: int
    end_reason: str

    @property
    def ends(self) -> tuple[Card, ...]:
        return tuple(chain[-1] for chain in self.chains)

    @property
    def final_totals(self) -> tuple[int, ...] | None:
        """Each hand's total (A = 1, J 11, Q 12, K 13) once the game is over: the deadlock's
        tie-break, as the results show it."""
        if self.final_hands is None:
            return None
        return tuple(hand_total(hand) for hand in self.final_hands)

    def fitting_chains(self, card: Card) -> list[int]:
        return [i for i, end in enumerate(self.ends) if fits(card, end)]


# ---------------------------------------------------------------- rules


class ChainsRules(Rules):
    min_players = 2
    max_players = 4
    action_types = (Play, Draw, Pass)
    event_types = (Played, Drew, Rebuilt, Passed, GameEnded)
    options = (
        Option("draw_rule", "Draw rule",
               (("three", "Up to three"), ("one", "Draw one"), ("until", "Draw until playable")),
               "three",
               "When you cannot play: draw up to three / one card / until a card fits."),
    )

    def setup(self, config: dict, seed: int) -> ChainsState:
        config = self.normalize_config(config)
        players = config["players"]
        rng = Rng(seed)
        deck = standard_deck()
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(HAND_SIZE)] for _ in range(players)]
        chains = [[deck.pop()] for _ in range(CHAIN_COUNT)]
        return ChainsState(players=players, draw_rule=config["draw_rule"], hands=hands, chains=chains,
                           draw_pile=deck, rng=rng)

    def to_move(self, state: ChainsState) -> int | None:
        return None if state.winners is not None else state.current

    def clone(self, state: ChainsState) -> ChainsState:
        """A private copy for search, slot by slot (quicker than the keyword constructor)."""
        copy = object.__new__(ChainsState)
        copy.players = state.players
        copy.draw_rule = state.draw_rule
        copy.hands = [h[:] for h in state.hands]
        copy.chains = [c[:] for c in state.chains]
        copy.draw_pile = state.draw_pile[:]
        copy.rng = state.rng.clone()
        copy.current = state.current
        copy.drawn = state.drawn
        copy.pending = state.pending
        copy.revealed = state.revealed[:]
        copy.stuck_passes = state.stuck_passes
        copy.winners = state.winners
        copy.end_reason = state.end_reason
        return copy

    # -- what may be done

    def legal_actions(self, state: ChainsState) -> list:
        if state.winners is not None:
            return []
        ends = [chain[-1].rank for chain in state.chains]
        if state.pending is not None:
            rank = state.pending.rank
            return [Play(state.pending, i) for i, end in enumerate(ends) if FITS[rank][end]]
        if state.drawn == 0:
            plays = [Play(c, i) for c in state.hands[state.current]
                     for i, end in enumerate(ends) if FITS[c.rank][end]]
            if plays:
                return plays
        limit = DRAW_LIMITS[state.draw_rule]
        if limit is not None and state.drawn >= limit:
            return [Pass()]
        return [Draw()] if _can_draw(state) else [Pass()]

    def why_illegal(self, state: ChainsState, action) -> str:
        if state.winners is not None:
            return "the game is over"
        legal = self.legal_actions(state)
        if isinstance(action, Play):
            return self._why_not_play(state, action, legal)
        if isinstance(action, Draw):
            if any(isinstance(a, Play) for a in legal):
                return "you have a card that fits, so you must play it instead of drawing"
            if any(isinstance(a, Pass) for a in legal):
                return "you cannot draw any more this turn: pass"
        if isinstance(action, Pass):
            if any(isinstance(a, Play) for a in legal):
                return "you must play a card that fits; passing is only for when nothing fits"
            return "you must draw before you pass"
        return "that move is not allowed now"

    def _why_not_play(self, state: ChainsState, action: Play, legal: list) -> str:
        if not 0 <= action.chain < CHAIN_COUNT:
            return f"there is no chain {action.chain + 1}"
        if state.pending is not None and action.card != state.pending:
            return f"you must play the card you just drew ({state.pending.label})"
        if state.pending is None and action.card not in state.hands[state.current]:
            return f"{action.card.label} is not in your hand"
        end = state.chains[action.chain][-1]
        if action.card.rank == end.rank:
            return f"no double placement: a {rank_name(end.rank)} never goes on a {rank_name(end.rank)}"
        if not fits(action.card, end):
            return (f"{action.card.label} does not fit on {end.label}: "
                    f"it must be one rank higher or lower")
        if state.drawn and state.pending is None:
            return "you have drawn this turn: only a drawn card that fits may be played"
        return "that move is not allowed now"

    # -- doing it

    def advance(self, state: ChainsState, action) -> list:
        if type(action) is Play:
            return self._play(state, action)
        if type(action) is Draw:
            return self._draw(state)
        return self._pass(state)

    def _play(self, state: ChainsState, action: Play) -> list:
        seat = state.current
        card = action.card
        from_draw = state.pending is not None
        if from_draw:
            state.pending = None
        else:
            state.hands[seat].remove(card)
            revealed = state.revealed[seat]
            if revealed.count:  # a card that fits none of those ends may have been one of them
                state.revealed[seat] = revealed.played(card.rank not in revealed.none_of, len(state.hands[seat]))
        state.chains[action.chain].append(card)
        state.stuck_passes = 0
        events = [Played(seat, card, action.chain, from_draw)]
        if not state.hands[seat]:
            state.winners = (seat,)
            state.end_reason = "empty_hand"
            events.append(GameEnded(state.winners, state.end_reason))
        else:
            self._next_turn(state)
        return events

    def _draw(self, state: ChainsState) -> list:
        seat = state.current
        events = []
        if not state.draw_pile:
            events.append(_rebuild(state))
        card = state.draw_pile.pop()
        state.drawn += 1
        ends = [chain[-1].rank for chain in state.chains]
        fitting = any(FITS[card.rank][end] for end in ends)
        hand = state.hands[seat]
        if fitting:
            state.pending = card
        else:
            hand.append(card)
        # Nothing in this hand fits the current ends: that is what drawing reveals (also when the
        # drawn card fits: it is played from the draw, and the hand behind it still fits nothing).
        state.revealed[seat] = Revealed(len(hand), _fitting_ranks(*ends))
        events.append(Drew(seat, card, fitting))
        return events

    def _pass(self, state: ChainsState) -> list:
        seat = state.current
        stuck = not _can_draw(state)
        state.stuck_passes = state.stuck_passes + 1 if stuck else 0
        hand = state.hands[seat]
        if state.drawn == 0:
            ends = [chain[-1].rank for chain in state.chains]
            state.revealed[seat] = Revealed(len(hand), _fitting_ranks(*ends))
        events = [Passed(seat, stuck)]
        if state.stuck_passes >= state.players:
            state.winners = _deadlock_winners(state)
            state.end_reason = "deadlock"
            events.append(GameEnded(state.winners, state.end_reason))
        else:
            self._next_turn(state)
        return events

    @staticmethod
    def _next_turn(state: ChainsState) -> None:
        state.current = (state.current + 1) % state.players
        state.drawn = 0

    # -- what is seen

    def redact(self, event, seat: int | None):
        if type(event) is Drew and not event.fits and event.seat != seat:
            return Drew(event.seat, None, False)
        return event

    def view(self, state: ChainsState, seat: int | None) -> ChainsView:
        return ChainsView(
            seat=seat,
            players=state.players,
            draw_rule=state.draw_rule,
            hand=tuple(state.hands[seat]) if seat is not None else (),
            chains=tuple(tuple(chain) for chain in state.chains),
            draw_pile_count=len(state.draw_pile),
            hand_counts=tuple(len(hand) for hand in state.hands),
            current=state.current,
            drawn=state.drawn,
            pending=state.pending,
            revealed=tuple(state.revealed),
            stuck_passes=state.stuck_passes,
            winners=state.winners,
            end_reason=state.end_reason,
            final_hands=tuple(tuple(h) for h in state.hands) if state.winners is not None else None,
        )

    def determinize(self, view: ChainsView, rng: Rng) -> ChainsState:
        """A full state the viewer cannot tell from the real one, honouring what every seat's
        draws and passes revealed (`revealed`)."""
        if view.final_hands is not None:
            hands = [list(h) for h in view.final_hands]
            draw_pile = _unseen(view, view.final_hands)
        else:
            pool = _unseen(view, [view.hand])
            others = [s for s in range(view.players) if s != view.seat]
            owed = {s: view.revealed[s].count for s in others}
            allowed = {s: {c for c in pool if c.rank not in view.revealed[s].none_of} for s in others if owed[s]}
            dealt, draw_pile = deal_hidden(pool, {s: view.hand_counts[s] for s in others}, owed, allowed, rng)
            hands = [list(view.hand) if s == view.seat else dealt[s] for s in range(view.players)]
        return ChainsState(players=view.players, draw_rule=view.draw_rule, hands=hands,
                           chains=[list(c) for c in view.chains], draw_pile=draw_pile, rng=Rng(rng.next_u64()),
                           current=view.current, drawn=view.drawn, pending=view.pending,
                           revealed=list(view.revealed), stuck_passes=view.stuck_passes,
                           winners=view.winners, end_reason=view.end_reason)

    def deck(self, config: dict) -> list[Card]:
        return standard_deck()

    def hidden_cards(self, state: ChainsState, seat: int | None) -> set[Card]:
        """The deck and the other seats' hands (every hand is shown once the game is over)."""
        return draw_pile_and_other_hands(state.draw_pile, state.hands, seat, state.winners is not None)

    def points(self, state: ChainsState) -> tuple[float, ...]:
        """Minus each seat's cards left in hand: what a deadlock is decided by, and the margin a
        review weighs where the win chance cannot tell two moves apart."""
        return tuple(-float(len(hand)) for hand in state.hands)

    def outcome(self, state: ChainsState) -> Outcome | None:
        if state.winners is None:
            return None
        scores = tuple(1.0 if s in state.winners else 0.0 for s in range(state.players))
        return Outcome(scores, state.winners)


def _unseen(view: ChainsView, hands) -> list[Card]:
    seen = {c for hand in hands for c in hand} | {c for chain in view.chains for c in chain}
    return [c for c in standard_deck() if c not in seen and c != view.pending]


@lru_cache(maxsize=None)  # at most 13 ** 3 triples of end ranks
def _fitting_ranks(*ends: int) -> frozenset[int]:
    """The ranks that fit any of the `ends`: what a hand that drew or passed holds none of
    (remembered: search playouts draw often)."""
    return frozenset().union(*(NEIGHBOURS[e] for e in ends))


def _can_draw(state: ChainsState) -> bool:
    return bool(state.draw_pile) or any(len(chain) > 1 for chain in state.chains)


def _rebuild(state: ChainsState) -> Rebuilt:
    """Each chain keeps its last card; every other chain card is shuffled into a new deck."""
    for chain in state.chains:
        state.draw_pile.extend(chain[:-1])
        del chain[:-1]
    state.rng.shuffle(state.draw_pile)
    return Rebuilt(len(state.draw_pile))


def hand_total(hand) -> int:
    return sum(card.rank for card in hand)


def _deadlock_winners(state: ChainsState) -> tuple[int, ...]:
    """Fewest cards in hand, then the lowest hand total (A = 1); ties share the win."""
    best = min((len(hand), hand_total(hand)) for hand in state.hands)
    return tuple(s for s, hand in enumerate(state.hands) if (len(hand), hand_total(hand)) == best)


RULES = ChainsRules()

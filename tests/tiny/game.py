"""Face Down, a tiny game with hidden plays, defined only through the rules surface and a
GameDescriptor: tests use it to show that a new game needs nothing else (the property tests, the
computer players, saves) and that the search never branches on a card it cannot see.

Eighteen cards, 1 to 6 in three copies. Each seat is dealt `hand_size` cards; in turn, each plays
one card face up or face down (face-down cards are shown only at the end). When every hand is
empty, the highest total of played cards wins; ties share the win.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.ai.players import HeuristicPlayer
from game.core import Option, Outcome, Rules, View
from game.dealing import deal_hidden
from game.descriptor import GameDescriptor
from game.rng import Rng

VALUES = range(1, 7)
COPIES = 3


@dataclass(frozen=True, slots=True)
class Pip:
    """A card of Face Down: a value 1-6 and which of its three copies."""

    value: int
    copy: int

    @property
    def code(self) -> str:
        return f"{self.value}.{self.copy}"

    @classmethod
    def from_code(cls, code: str) -> "Pip":
        value, _, copy = code.partition(".")
        if not (value.isdigit() and copy.isdigit() and int(value) in VALUES and int(copy) < COPIES):
            raise ValueError(f"{code!r} is not a Face Down card")
        return cls(int(value), int(copy))


DECK = tuple(Pip(value, copy) for value in VALUES for copy in range(COPIES))


@dataclass(frozen=True, slots=True)
class Play:
    """Play `card` face up, or face down (`card` is None in what the others see of it)."""

    card: Pip | None
    face_down: bool


@dataclass(frozen=True, slots=True)
class Played:
    seat: int
    card: Pip | None
    face_down: bool

    def text(self, names) -> str:
        if self.card is None:
            return f"{names[self.seat]} plays a card face down"
        return f"{names[self.seat]} plays {self.card.value}{' face down' if self.face_down else ''}"


@dataclass(frozen=True, slots=True)
class GameEnded:
    winners: tuple[int, ...]
    totals: tuple[int, ...]

    def text(self, names) -> str:
        return f"{' and '.join(names[s] for s in self.winners)} wins with {self.totals[self.winners[0]]}"


@dataclass(slots=True, kw_only=True)
class TinyState:
    players: int
    hands: list[list[Pip]]
    draw_pile: list[Pip]
    rng: Rng
    tables: list[list[tuple[Pip, bool]]] = field(default_factory=list)  # per seat: (card, face down)
    current: int = 0
    winners: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if not self.tables:
            self.tables = [[] for _ in range(self.players)]

    def all_cards(self) -> list[Pip]:
        return [c for hand in self.hands for c in hand] + self.draw_pile + [c for t in self.tables for c, _ in t]


@dataclass(frozen=True, slots=True, kw_only=True)
class TinyView(View):
    tables: tuple[tuple[tuple[Pip | None, bool], ...], ...]  # another seat's face-down card: None
    draw_pile_count: int


def _total(table) -> int:
    return sum(card.value for card, _down in table)


class TinyRules(Rules):
    min_players = 2
    max_players = 3
    action_types = (Play,)
    card_types = (Pip,)
    event_types = (Played, GameEnded)
    options = (Option("hand_size", "Cards each", ((2, "Two"), (3, "Three")), 2),)

    def setup(self, config: dict, seed: int) -> TinyState:
        config = self.normalize_config(config)
        rng = Rng(seed)
        deck = list(DECK)
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(config["hand_size"])] for _ in range(config["players"])]
        return TinyState(players=config["players"], hands=hands, draw_pile=deck, rng=rng)

    def deck(self, config: dict) -> list[Pip]:
        return list(DECK)

    def to_move(self, state: TinyState) -> int | None:
        return None if state.winners is not None else state.current

    def legal_actions(self, state: TinyState) -> list:
        if state.winners is not None:
            return []
        return [Play(card, down) for card in state.hands[state.current] for down in (False, True)]

    def why_illegal(self, state: TinyState, action) -> str:
        if state.winners is not None:
            return "the game is over"
        return "play a card of your hand, face up or face down"

    def clone(self, state: TinyState) -> TinyState:
        return TinyState(players=state.players, hands=[h[:] for h in state.hands], draw_pile=state.draw_pile[:],
                         rng=state.rng.clone(), tables=[t[:] for t in state.tables],
                         current=state.current, winners=state.winners)

    def advance(self, state: TinyState, action: Play) -> list:
        seat = state.current
        state.hands[seat].remove(action.card)
        state.tables[seat].append((action.card, action.face_down))
        events = [Played(seat, action.card, action.face_down)]
        state.current = (seat + 1) % state.players
        if not any(state.hands):
            totals = tuple(_total(t) for t in state.tables)
            state.winners = tuple(s for s, total in enumerate(totals) if total == max(totals))
            events.append(GameEnded(state.winners, totals))
        return events

    def public_action(self, action: Play, seat: int | None) -> Play:
        return Play(None, True) if action.face_down else action

    def redact(self, event, seat: int | None):
        if type(event) is Played and event.face_down and event.seat != seat:
            return Played(event.seat, None, True)
        return event

    def view(self, state: TinyState, seat: int | None) -> TinyView:
        over = state.winners is not None
        tables = tuple(tuple((card if not down or s == seat or over else None, down) for card, down in t)
                       for s, t in enumerate(state.tables))
        return TinyView(seat=seat, players=state.players, current=state.current,
                        hand=tuple(state.hands[seat]) if seat is not None else (),
                        hand_counts=tuple(len(h) for h in state.hands), winners=state.winners,
                        final_hands=tuple(tuple(h) for h in state.hands) if over else None,
                        tables=tables, draw_pile_count=len(state.draw_pile))

    def hidden_cards(self, state: TinyState, seat: int | None) -> set[Pip]:
        hidden = set(state.draw_pile)
        if state.winners is None:
            for other in range(state.players):
                if other != seat:
                    hidden.update(state.hands[other])
                    hidden.update(card for card, down in state.tables[other] if down)
        return hidden

    def determinize(self, view: TinyView, rng: Rng) -> TinyState:
        """The unseen cards dealt at random to the other hands, the face-down cards and the draw pile."""
        seen = set(view.hand) | {card for t in view.tables for card, _down in t if card is not None}
        pool = [c for c in DECK if c not in seen]
        hidden_down = {s: sum(1 for card, _down in t if card is None) for s, t in enumerate(view.tables)}
        sizes = {s: view.hand_counts[s] + hidden_down[s] for s in range(view.players) if s != view.seat}
        dealt, draw_pile = deal_hidden(pool, sizes, {}, {}, rng)
        hands, tables = [], []
        for s in range(view.players):
            cards = dealt.get(s, [])
            hands.append(list(view.hand) if s == view.seat else cards[:view.hand_counts[s]])
            unknown = iter(cards[view.hand_counts[s]:])
            tables.append([(next(unknown) if card is None else card, down) for card, down in view.tables[s]])
        return TinyState(players=view.players, hands=hands, draw_pile=draw_pile, rng=Rng(rng.next_u64()),
                         tables=tables, current=view.current, winners=view.winners)

    def outcome(self, state: TinyState) -> Outcome | None:
        if state.winners is None:
            return None
        return Outcome(tuple(float(_total(t)) for t in state.tables), state.winners)


class TinyHeuristic(HeuristicPlayer):
    """The highest card first, face down before face up (the others cannot see it)."""

    def ranking(self, view: TinyView, legal: list) -> list:
        return sorted(legal, key=lambda play: (play.card.value, play.face_down, self.rng.random()), reverse=True)


RULES = TinyRules()

GAME = GameDescriptor(
    name="tiny", title="Face Down", blurb="Play your cards face up or down; the highest total wins.",
    rules=RULES, heuristic=TinyHeuristic, guide="Play one card a turn, face up or face down.",
    lookahead="tree", table="tiny.table:TinyTable")

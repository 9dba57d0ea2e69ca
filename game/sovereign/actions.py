"""Sovereign's Chain actions (every choice of a turn) and the events the move log shows.

Places are named by (chain, place): chain = the seat that owns it, place counted from
0 at the left. A hidden card (a face-down play, a secret pick, a tucked or salvaged card) is None
in what the other seats see (`SovereignRules.public_action`, `SovereignRules.redact`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..wording import acts, turns_phrase, whose
from .state import CHAIN_END, MAX_PLAYERS

if TYPE_CHECKING:
    from .cards import CardSet, ClassCard, EventCard


def _where(names, chain: int, place: int) -> str:
    return f"{whose(names[chain])} chain, place {place + 1}"


def _card(card: ClassCard | None) -> str:
    return card.label if card is not None else "a face-down card"


# ---------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Open:
    """The secret first pick: this card starts your chain face down."""

    card: ClassCard | None


@dataclass(frozen=True, slots=True)
class Pick:
    """The secret sudden-death pick: this card goes face up on your own chain."""

    card: ClassCard | None


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card from hand at the right end of a chain, face up or face down."""

    card: ClassCard | None
    chain: int
    face_up: bool = True


@dataclass(frozen=True, slots=True)
class PlayOn:
    """Solitaire: play a card from hand on top of a place of the one chain."""

    card: ClassCard | None
    place: int
    face_up: bool = True


@dataclass(frozen=True, slots=True)
class PlayDiscardOn:
    """Solitaire under Hostile Orbit: the top discard, unseen, onto a face-down card or an empty
    space (where any value may go)."""

    place: int


@dataclass(frozen=True, slots=True)
class PlayDiscard:
    """Hostile Orbit: play the top card of the discard pile, unseen until it lands face up."""

    chain: int


@dataclass(frozen=True, slots=True)
class Salvage:
    """Salvage: discard this card from hand to draw one."""

    card: ClassCard | None


@dataclass(frozen=True, slots=True)
class Skip:
    """Decline a "may": no extra play, no flip, no salvage, no suit shift."""


@dataclass(frozen=True, slots=True)
class Discard:
    """Scout: discard the card in play at this place."""

    chain: int
    place: int


@dataclass(frozen=True, slots=True)
class SetSuit:
    """Envoy or Mercenary: give the card at this place this suit (a suit token)."""

    chain: int
    place: int
    suit: str


@dataclass(frozen=True, slots=True)
class Flip:
    """Empath: turn the card at this place face up (revealing it) or face down."""

    chain: int
    place: int


@dataclass(frozen=True, slots=True)
class Tuck:
    """Runner: play this card from hand face down beneath the Runner."""

    card: ClassCard | None


@dataclass(frozen=True, slots=True)
class Cover:
    """Acolyte: move the Acolyte onto the face-up card at this place."""

    chain: int
    place: int


@dataclass(frozen=True, slots=True)
class ShiftSuit:
    """Polarity Shift: flip the suit of the card just played face up."""


@dataclass(frozen=True, slots=True)
class PlaceModifier:
    """Place a modifier token from your pool: +1 or -1 on the card at this place."""

    chain: int
    place: int
    delta: int


@dataclass(frozen=True, slots=True)
class PlaceShield:
    """Place a shield token from your pool on the card at this place."""

    chain: int
    place: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Place no more tokens now (then draw, or go on with the Reveal Phase or sudden death)."""


@dataclass(frozen=True, slots=True)
class Reveal:
    """Reveal Phase: turn up the face-down card at this place of your chain (`beneath`: the
    card a Runner in play there holds beneath itself)."""

    place: int
    beneath: bool = False


@dataclass(frozen=True, slots=True)
class CardActions:
    """Every action that names one card of a hand: its face-up and its face-down plays, one
    per chain. As `PlaceActions` for a place, made once per card."""

    open: Open
    pick: Pick
    salvage: Salvage
    tuck: Tuck
    plays_face_up: tuple[Play, ...]
    plays_face_down: tuple[Play, ...]


def card_actions(cards: CardSet, card: ClassCard) -> CardActions:
    """The actions naming `card`, kept in its card set (`CardSet.actions`) by the card's
    identity: quicker than its hash (a card hashes in Python code), and the actions hold the very
    card of the hand. (The row holds its card, so no other object takes its id; the table lives
    as long as the card set and holds a row per card object met, its own 70 cards as a rule.)"""
    actions = cards.actions.get(id(card))
    if actions is None:
        face_up = tuple(Play(card, chain, True) for chain in range(MAX_PLAYERS))
        face_down = tuple(Play(card, chain, False) for chain in range(MAX_PLAYERS))
        actions = cards.actions[id(card)] = CardActions(Open(card), Pick(card), Salvage(card), Tuck(card), face_up,
                                                        face_down)
    return actions


def hand_actions(cards: CardSet, hand: list[ClassCard]) -> list[CardActions]:
    """`card_actions` of each card of a hand, in one call (a turn lists them all)."""
    table = cards.actions
    found = []
    for card in hand:
        actions = table.get(id(card))
        found.append(actions if actions is not None else card_actions(cards, card))
    return found


@dataclass(frozen=True, slots=True)
class PlaceActions:
    """Every action aimed at one place of a chain (a suit, a modifier's sign and a Reveal's
    `beneath` each spelled out): the engine lists them at nearly every decision, and reading a
    field of a row made once is quicker than looking each action up (`core.shared`)."""

    chain: int
    place: int
    discard: Discard
    flip: Flip
    cover: Cover
    plus: PlaceModifier
    minus: PlaceModifier
    shield: PlaceShield
    star: SetSuit
    planet: SetSuit
    reveal: Reveal
    reveal_beneath: Reveal

    def set_suit(self, suit: str) -> SetSuit:
        return self.star if suit == "star" else self.planet


PLACE_ROWS: list[list[PlaceActions]] = [[] for _ in range(MAX_PLAYERS)]
"""Per chain, the actions aimed at each of its places (`place_row`): 7 places at least, so
that a chain of 7 or fewer may read its row here at once."""


def place_row(chain: int, length: int) -> list[PlaceActions]:
    """The actions aimed at each place of `chain`, from the left, `length` places at least (a
    chain outgrows 7 only in sudden death; the row grows with it)."""
    row = PLACE_ROWS[chain]
    while len(row) < length:
        place = len(row)
        row.append(PlaceActions(
            chain, place, Discard(chain, place), Flip(chain, place), Cover(chain, place),
            PlaceModifier(chain, place, 1), PlaceModifier(chain, place, -1), PlaceShield(chain, place),
            SetSuit(chain, place, "star"), SetSuit(chain, place, "planet"),
            Reveal(place, False), Reveal(place, True)))
    return row


for _chain in range(MAX_PLAYERS):
    place_row(_chain, CHAIN_END)

SKIP = Skip()
END_TURN = EndTurn()
SHIFT_SUIT = ShiftSuit()


ACTION_TYPES = (Open, Pick, Play, PlayOn, PlayDiscardOn, PlayDiscard, Salvage, Skip, Discard, SetSuit, Flip, Tuck,
                Cover, ShiftSuit, PlaceModifier, PlaceShield, EndTurn, Reveal)


# ---------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class ChainsStarted:
    players: int

    def text(self, names) -> str:
        return "Every player starts a chain with a face-down card"


@dataclass(frozen=True, slots=True)
class Picked:
    seat: int

    def text(self, names) -> str:
        return f"{acts(names[self.seat], 'has picked')} a card"


@dataclass(frozen=True, slots=True)
class Played:
    seat: int
    card: ClassCard | None
    chain: int
    place: int
    face_up: bool
    from_discard: bool = False

    def text(self, names) -> str:
        how = "" if self.face_up else " face down"
        source = " from the discard pile" if self.from_discard else ""
        card = "a card" if self.card is None and not self.face_up else _card(self.card)
        return f"{acts(names[self.seat], 'plays')} {card}{source}{how} on {_where(names, self.chain, self.place)}"


@dataclass(frozen=True, slots=True)
class Discarded:
    """A card in play discarded by an ability; `card` is None if it was face down."""

    seat: int
    card: ClassCard | None
    chain: int
    place: int
    uncovered: bool

    def text(self, names) -> str:
        back = " (the card beneath is back in play)" if self.uncovered else ""
        return f"{acts(names[self.seat], 'discards')} {_card(self.card)} from {_where(names, self.chain, self.place)}{back}"


@dataclass(frozen=True, slots=True)
class SuitChanged:
    seat: int
    chain: int
    place: int
    suit: str

    def text(self, names) -> str:
        return f"{acts(names[self.seat], 'makes')} the card at {_where(names, self.chain, self.place)} a {self.suit}"


@dataclass(frozen=True, slots=True)
class Flipped:
    seat: int
    chain: int
    place: int
    card: ClassCard | None
    face_up: bool

    def text(self, names) -> str:
        if self.face_up:
            return f"{acts(names[self.seat], 'turns')} up {_card(self.card)} at {_where(names, self.chain, self.place)}"
        return f"{acts(names[self.seat], 'turns')} {_card(self.card)} face down at {_where(names, self.chain, self.place)}"


@dataclass(frozen=True, slots=True)
class Tucked:
    seat: int
    card: ClassCard | None
    chain: int
    place: int

    def text(self, names) -> str:
        where = _where(names, self.chain, self.place)
        return f"{acts(names[self.seat], 'tucks')} {_card(self.card)} beneath the Runner at {where}"


@dataclass(frozen=True, slots=True)
class Covered:
    """A card that covers (the Acolyte of the built-in set) moved onto the card at a place;
    `kind` is its class."""

    seat: int
    kind: str
    chain: int
    place: int

    def text(self, names) -> str:
        return f"{acts(names[self.seat], 'moves')} the {self.kind} onto {_where(names, self.chain, self.place)}"


@dataclass(frozen=True, slots=True)
class TokensTaken:
    seat: int
    kind: str
    count: int

    def text(self, names) -> str:
        if not self.count:
            return f"{acts(names[self.seat], 'gets')} no {self.kind} token: the supply is out"
        return f"{acts(names[self.seat], 'takes')} {self.count} {self.kind} token{'s' if self.count > 1 else ''}"


@dataclass(frozen=True, slots=True)
class TokenPlaced:
    seat: int
    kind: str
    chain: int
    place: int
    delta: int = 0

    def text(self, names) -> str:
        what = f"a {'+1' if self.delta > 0 else '-1'} modifier" if self.kind == "modifier" else "a shield"
        return f"{acts(names[self.seat], 'places')} {what} on {_where(names, self.chain, self.place)}"


@dataclass(frozen=True, slots=True)
class Fizzled:
    """An ability that could do nothing (no target, no token left, or the event forbids it)."""

    seat: int
    card: ClassCard
    reason: str

    def text(self, names) -> str:
        return f"{whose(names[self.seat], opening=True)} {self.card.label} does nothing: {self.reason}"


@dataclass(frozen=True, slots=True)
class EventDrawn:
    """A new event; `inactive` when it has no effect here (in solitaire, one that names an
    opponent), as the event's panel says too."""

    event: EventCard
    inactive: bool = False

    def text(self, names) -> str:
        inactive = " (inactive)" if self.inactive else ""
        return f"New event: {self.event.name}{inactive} ({self.event.text})"


@dataclass(frozen=True, slots=True)
class Drew:
    seat: int
    count: int
    cards: tuple[ClassCard, ...] | None

    def text(self, names) -> str:
        if self.cards is not None and self.cards:
            return f"{acts(names[self.seat], 'draws')} {', '.join(c.label for c in self.cards)}"
        return f"{acts(names[self.seat], 'draws')} {self.count} card{'s' if self.count != 1 else ''}"


@dataclass(frozen=True, slots=True)
class Salvaged:
    seat: int
    card: ClassCard | None

    def text(self, names) -> str:
        return f"{acts(names[self.seat], 'discards')} {_card(self.card) if self.card else 'a card'} to draw one"


@dataclass(frozen=True, slots=True)
class RevealPhase:
    first: int

    def text(self, names) -> str:
        return f"A chain has 7 cards: the Reveal Phase begins with {names[self.first]}"


@dataclass(frozen=True, slots=True)
class Scored:
    scores: tuple[int, ...]

    def text(self, names) -> str:
        return "Scores: " + ", ".join(f"{names[s]} {score}" for s, score in enumerate(self.scores))


@dataclass(frozen=True, slots=True)
class SuddenDeath:
    seats: tuple[int, ...]

    def text(self, names) -> str:
        return "Sudden death between " + " and ".join(names[s] for s in self.seats)


@dataclass(frozen=True, slots=True)
class SolitaireEnded:
    won: bool
    turns: int
    given_up: bool = False

    def text(self, names) -> str:
        if self.won:
            return f"All seven cards are one suit: won {turns_phrase(self.turns, 'in')}"
        if self.given_up:
            return f"The deal is ended as lost {turns_phrase(self.turns)}"
        return f"No card can be played: the game is lost {turns_phrase(self.turns)}"


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The winners and their score (None in a networked game kept before the score was told)."""

    winners: tuple[int, ...]
    score: int | None = None

    def text(self, names) -> str:
        who = " and ".join(names[s] for s in self.winners)
        won = acts(who, "wins") if len(self.winners) == 1 else f"{who} share the win"
        return won if self.score is None else f"{won} with a score of {self.score}"


EVENT_TYPES = (ChainsStarted, Picked, Played, Discarded, SuitChanged, Flipped, Tucked, Covered, TokensTaken,
               TokenPlaced, Fizzled, EventDrawn, Drew, Salvaged, RevealPhase, Scored, SuddenDeath, SolitaireEnded,
               GameEnded)

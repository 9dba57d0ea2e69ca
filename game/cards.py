"""Standard playing cards, interned so that every Ace of spades is the same object."""

from __future__ import annotations

from dataclasses import dataclass

SUITS = "SHDC"
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RED_SUITS = frozenset("HD")
RANK_CODES = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}
RANK_LABELS = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_NAMES = {1: "ace", 11: "jack", 12: "queen", 13: "king"}


class CardError(ValueError):
    """A card code that names no card."""


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card: rank 1 (ace) to 13 (king) and a suit letter S, H, D or C."""

    rank: int
    suit: str

    @property
    def code(self) -> str:
        """A short ASCII code, e.g. 'AS', 'TH', '7D'; used in saves."""
        return RANK_CODES.get(self.rank, str(self.rank)) + self.suit

    @classmethod
    def from_code(cls, code: str) -> "Card":
        """The card a code names (see `card`); raises CardError if none."""
        return card(code)

    @property
    def label(self) -> str:
        """What the corner of the card shows, e.g. 'A♠', '10♥'."""
        return RANK_LABELS.get(self.rank, str(self.rank)) + SUIT_SYMBOLS[self.suit]

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    def __str__(self) -> str:
        return self.label

    def __repr__(self) -> str:
        return f"Card({self.code})"


_CARDS = {(rank, suit): Card(rank, suit) for suit in SUITS for rank in range(1, 14)}
_BY_CODE = {card.code: card for card in _CARDS.values()}


def card(code: str) -> Card:
    """The card with this code ('QS', 'TH' or '10H', 'AD')."""
    normal = code.strip().upper().replace("10", "T")
    try:
        return _BY_CODE[normal]
    except KeyError:
        raise CardError(f"{code!r} is not a card (expected a rank A,2-10,J,Q,K and a suit S,H,D,C)") from None


def cards(codes: str) -> list[Card]:
    """Cards from a space-separated list of codes."""
    return [card(code) for code in codes.split()]


def standard_deck() -> list[Card]:
    """The 52 cards in a fixed order (suit by suit, ace to king)."""
    return [_CARDS[(rank, suit)] for suit in SUITS for rank in range(1, 14)]


def rank_name(rank: int) -> str:
    return RANK_NAMES.get(rank, str(rank))


def card_count(count: int) -> str:
    """"1 card", "2 cards": how every text of the table counts cards."""
    return f"{count} card{'' if count == 1 else 's'}"

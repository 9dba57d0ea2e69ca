"""The LINX deck as data: playing cards (a number and a symbol) and scoring cards (a chain
length and its points), read from deck.toml in this package.

The printed card list is not reproduced: this edition's deck is designed in the LINX rulings and kept
as a data file, so a player who owns the printed game can describe theirs in the same shape.
Cards are interned: `from_code` gives the deck's own card object.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field

from ..files import read_shipped


class LinxCardError(ValueError):
    """A code that names no card of the deck."""


@dataclass(frozen=True, slots=True)
class Symbol:
    code: str
    name: str
    colour: str


@dataclass(frozen=True, slots=True, eq=False)
class LinxCard:
    """A playing card: a number and a symbol (the symbol's code, e.g. "Su"). `index` is its place
    in the deck (symbols in the file's order, numbers rising within each): the chain finder's bit
    for it.

    Each card of a deck exists once, as the deck's own object (`from_code` gives it back, a copy
    or a pickle comes back as it), so a card equals only itself: comparing and hashing cards,
    which play and search do all the time, cost no Python code."""

    number: int
    symbol: str
    index: int = field(repr=False)

    def __reduce__(self):
        return LinxCard.from_code, (self.code,)

    @property
    def code(self) -> str:
        """A short code for saves: the number then the symbol, e.g. "7Su"."""
        return f"{self.number}{self.symbol}"

    @classmethod
    def from_code(cls, code: str) -> "LinxCard":
        try:
            return DECK.by_code[code.strip()]
        except (KeyError, AttributeError):
            raise LinxCardError(f"{code!r} is not a LINX card (a number then a symbol, e.g. 7Su)") from None

    @property
    def label(self) -> str:
        return f"{self.number} {DECK.symbols[self.symbol].name}"

    def links(self, other: "LinxCard") -> bool:
        """Whether the two cards may stand side by side in a chain: same number or same symbol."""
        return self.number == other.number or self.symbol == other.symbol

    def __str__(self) -> str:
        return self.label


@dataclass(frozen=True, slots=True)
class ScoringCard:
    """A scoring card: taken for a chain at least `length` long (anchors counted); worth `points`."""

    length: int
    points: int

    @property
    def code(self) -> str:
        return f"{self.length}/{self.points}"

    @classmethod
    def from_code(cls, code: str) -> "ScoringCard":
        try:
            length, points = (int(part) for part in code.split("/"))
        except (ValueError, AttributeError):
            raise LinxCardError(f"{code!r} is not a scoring card (a length and points, e.g. 7/40)") from None
        found = cls(length, points)
        if found not in DECK.scoring:
            raise LinxCardError(f"there is no scoring card {code!r} in this deck")
        return found

    @property
    def label(self) -> str:
        return f"{self.length}+ for {self.points}"

    def __str__(self) -> str:
        return self.label


@dataclass(frozen=True, slots=True)
class LinxDeck:
    symbols: dict[str, Symbol]
    playing: tuple[LinxCard, ...]
    scoring: tuple[ScoringCard, ...]
    by_code: dict[str, LinxCard]


def parse_deck(text: str) -> LinxDeck:
    """A deck from the TOML text of a card file; raises ValueError if it is not one."""
    data = tomllib.loads(text)
    try:
        playing = data["playing"]
        symbols = {s["code"]: Symbol(s["code"], s["name"], s["colour"]) for s in playing["symbols"]}
        numbers = range(int(playing["lowest"]), int(playing["highest"]) + 1)
        scoring = tuple(ScoringCard(int(s["length"]), int(s["points"]))
                        for s in data["scoring"] for _ in range(int(s["copies"])))
    except (KeyError, TypeError) as err:
        raise ValueError(f"the card file lacks {err}") from None
    cards = tuple(LinxCard(number, code, place * len(numbers) + number - numbers.start)
                  for place, code in enumerate(symbols) for number in numbers)
    return LinxDeck(symbols, cards, scoring, {card.code: card for card in cards})


DECK = parse_deck(read_shipped(__package__, "deck.toml", 100_000))


def card(code: str) -> LinxCard:
    return LinxCard.from_code(code)


def cards(codes: str) -> list[LinxCard]:
    """Cards from a space-separated list of codes, e.g. "7Su 7Mo 3Mo"."""
    return [card(code) for code in codes.split()]


def full_deck() -> list[LinxCard]:
    return list(DECK.playing)


def scoring_deck() -> list[ScoringCard]:
    return list(DECK.scoring)

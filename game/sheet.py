"""A game's rules sheet as data: how to play, in the table's own words, and small pictures of
real table positions that show the key rules. The rules-sheet scene draws the pictures with the
game's own card art; each game's tests check the sheet's claims against its engine."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Shown:
    """One card of a picture, at grid cell (`col`, `row`), with a short `note` under it; `marked`
    singles out a card the caption is about."""

    card: object
    col: int
    row: int
    note: str = ""
    marked: bool = False


@dataclass(frozen=True, slots=True)
class Label:
    """Words at grid cell (`col`, `row`), where a card would be: a row's name, an arrow."""

    text: str
    col: int
    row: int


@dataclass(frozen=True, slots=True)
class Picture:
    """A position on the table, drawn as cards on a small grid, and what it shows."""

    caption: str
    cards: tuple[Shown, ...]
    labels: tuple[Label, ...] = ()

    @property
    def columns(self) -> int:
        """How many card cells wide the picture is."""
        return max(c.col for c in (*self.cards, *self.labels)) + 1

    @property
    def rows(self) -> int:
        """How many card cells high the picture is."""
        return max(c.row for c in (*self.cards, *self.labels)) + 1

    def row_cards(self, row: int) -> list:
        """The cards of one row, left to right."""
        return [s.card for s in sorted(self.cards, key=lambda s: s.col) if s.row == row]


@dataclass(frozen=True, slots=True)
class Sheet:
    """The rules sheet of one game: paragraphs of text (one a line) and pictures."""

    text: str
    pictures: tuple[Picture, ...] = ()

    @property
    def paragraphs(self) -> list[str]:
        return [p for p in self.text.splitlines() if p.strip()]

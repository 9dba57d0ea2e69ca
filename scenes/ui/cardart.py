"""Card faces and backs, drawn once per size and look and cached.

A face is drawn by the painter registered for the card's type: the standard playing card here,
each game's own cards (letter tiles, symbol cards, class cards) by its scene module, which
registers them when it is imported (`register_painter`). The court cards' portraits come from
the public-domain SVG pictures in assets/cards. The looks chosen in the settings (a four-colour
deck, the back) are part of every cache key, so a change shows at once."""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

import pygame

from game.cards import RANK_LABELS, SUIT_SYMBOLS, Card

from scenes.ui import theme
from scenes.ui.resources import asset, font


def card_size(width: int) -> tuple[int, int]:
    return width, int(width * theme.CARD_RATIO)


PAINTERS: dict[type, Callable[[object, int], pygame.Surface]] = {}


def register_painter(card_type: type, paint: Callable[[object, int], pygame.Surface]) -> None:
    """Draw cards of `card_type` with `paint(card, width)`, which should cache its surfaces."""
    PAINTERS[card_type] = paint


def face(card, width: int) -> pygame.Surface:
    """The face of any card whose type has a painter."""
    paint = PAINTERS.get(type(card))
    if paint is None:
        raise KeyError(f"no painter is registered for {type(card).__name__} cards")
    return paint(card, width)


@dataclass(frozen=True, slots=True)
class Style:
    """How cards look, from the settings: a four-colour deck or not, and which back."""

    four_colour: bool = False
    back: str = "blue"


BACKS = {"blue": "Blue lattice", "red": "Red diamonds"}
TWO_COLOURS = {"S": theme.CARD_BLACK, "H": theme.CARD_RED, "D": theme.CARD_RED, "C": theme.CARD_BLACK}
FOUR_COLOURS = {**TWO_COLOURS, "D": theme.CARD_BLUE, "C": theme.CARD_GREEN}
COURT_PIP_INK = b"#0a0b0c"  # the placeholder ink of the pips in the court pictures (assets/cards)
COURT_SHAPE = 124.3 / 199.7  # width over height of a court picture
COURT_MASTER_WIDTH = 360

_style = Style()


def set_style(four_colour: bool, back_name: str) -> None:
    """Use these looks from now on (each look has its own cached surfaces)."""
    global _style
    _style = Style(bool(four_colour), back_name if back_name in BACKS else next(iter(BACKS)))


def style() -> Style:
    return _style


def suit_ink(suit: str, four_colour: bool) -> tuple[int, int, int]:
    return (FOUR_COLOURS if four_colour else TWO_COLOURS)[suit]


def playing_card(card: Card, width: int) -> pygame.Surface:
    return _playing_card(card, width, _style.four_colour)


@lru_cache(maxsize=256)
def _playing_card(card: Card, width: int, four_colour: bool) -> pygame.Surface:
    w, h = card_size(width)
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 10)
    pygame.draw.rect(surface, theme.CARD_FACE, (0, 0, w, h), border_radius=radius)
    pygame.draw.rect(surface, theme.CARD_EDGE, (0, 0, w, h), 1, border_radius=radius)
    ink = suit_ink(card.suit, four_colour)
    suit = SUIT_SYMBOLS[card.suit]
    index = corner_index(RANK_LABELS.get(card.rank, str(card.rank)), suit, ink, w)
    pad = max(2, w // 16)
    if card.rank > 10:
        picture = court_picture(card.rank, card.suit, ink, int(min(w - 2 * pad, (h - 2 * pad) * COURT_SHAPE)))
        surface.blit(picture, picture.get_rect(center=(w / 2, h / 2)))
    else:
        widest = corner_index("10", suit, ink, w).get_size()  # the same middle pip on every number card
        pip = centre_pip(suit, ink, int(w * (0.55 if card.rank == 1 else 0.42)), (w, h), widest, pad)
        if pip is not None:
            surface.blit(pip, pip.get_rect(center=(w / 2, h / 2)))
    corners = (index.get_rect(topleft=(pad, pad)), index.get_rect(bottomright=(w - pad, h - pad)))
    for corner, image in zip(corners, (index, pygame.transform.rotate(index, 180))):
        if card.rank > 10:
            backing = corner.inflate(2 * max(1, w // 40), 2 * max(1, w // 40))
            pygame.draw.rect(surface, theme.CARD_FACE, backing, border_radius=max(2, w // 30))
        surface.blit(image, corner)
    return surface


def corner_index(rank: str, suit: str, ink, width: int) -> pygame.Surface:
    """The rank over the suit, each cut to its inked pixels and stacked with a gap, so that the
    suit never touches the rank at any size."""
    size = 8 + width * 0.12  # readable on the smallest cards, not overgrown on the largest
    rank_img = _inked(font(int(size), bold=True).render(rank, True, ink))
    suit_img = _inked(font(int(size * 0.95)).render(suit, True, ink))
    gap = max(1, width // 40)
    index_w = max(rank_img.get_width(), suit_img.get_width())
    index = pygame.Surface((index_w, rank_img.get_height() + gap + suit_img.get_height()), pygame.SRCALPHA)
    index.blit(rank_img, ((index_w - rank_img.get_width()) // 2, 0))
    index.blit(suit_img, ((index_w - suit_img.get_width()) // 2, rank_img.get_height() + gap))
    return index


def centre_pip(suit: str, ink, size: int, card_wh, index_wh, pad: int) -> pygame.Surface | None:
    """The big suit symbol in the middle of a number card, shrunk on small cards until it clears
    the corner indexes (beside them or between them), or None if it would be too small to matter."""
    pip = _inked(font(size).render(suit, True, ink))
    gap = max(1, card_wh[0] // 20)
    room_w, room_h = (card_wh[i] - 2 * (pad + index_wh[i] + gap) for i in (0, 1))
    scale = min(1.0, max(room_w / pip.get_width(), room_h / pip.get_height()))
    if scale < 1.0:
        if pip.get_height() * scale < card_wh[0] / 4:
            return None
        pip = pygame.transform.smoothscale(pip, (max(1, round(pip.get_width() * scale)), max(1, round(pip.get_height() * scale))))
    return pip


def _inked(image: pygame.Surface) -> pygame.Surface:
    return image.subsurface(image.get_bounding_rect()).copy()


def court_picture(rank: int, suit: str, ink, width: int) -> pygame.Surface:
    """The portrait of a jack, queen or king (assets/cards), its pips in the suit's ink.

    Up to COURT_MASTER_WIDTH it is scaled down from one rendering at that width: reading an SVG
    takes tens of milliseconds, and a zooming board asks for new sizes every frame."""
    size = (width, round(width / COURT_SHAPE))
    if width > COURT_MASTER_WIDTH:
        return _render_court(rank, suit, tuple(ink), width)
    return pygame.transform.smoothscale(_render_court(rank, suit, tuple(ink), COURT_MASTER_WIDTH), size)


@lru_cache(maxsize=32)
def _render_court(rank: int, suit: str, ink: tuple, width: int) -> pygame.Surface:
    name = f"{RANK_LABELS[rank]}{suit}.svg"
    svg = asset("cards", name).read_bytes().replace(COURT_PIP_INK, b"#%02x%02x%02x" % ink)
    picture = pygame.image.load_sized_svg(io.BytesIO(svg), (width, round(width / COURT_SHAPE)))
    opaque = pygame.Surface(picture.get_size(), 0, 32)  # on the card's own white, so scaling keeps it solid
    opaque.fill(theme.CARD_FACE)
    opaque.blit(picture, (0, 0))
    return opaque


def back(width: int) -> pygame.Surface:
    return _back(width, _style.back)


@lru_cache(maxsize=16)
def _back(width: int, name: str) -> pygame.Surface:
    w, h = card_size(width)
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 10)
    pygame.draw.rect(surface, theme.CARD_FACE, (0, 0, w, h), border_radius=radius)
    inner = pygame.Rect(0, 0, w, h).inflate(-max(4, w // 9), -max(4, w // 9))
    base, line = theme.CARD_BACKS[name]
    pygame.draw.rect(surface, base, inner, border_radius=max(2, radius - 2))
    clip = surface.get_clip()
    surface.set_clip(inner)
    BACK_PATTERNS[name](surface, inner, base, line, max(5, w // 7))
    surface.set_clip(clip)
    pygame.draw.rect(surface, theme.CARD_BACK_LINE, inner, 1, border_radius=max(2, radius - 2))
    pygame.draw.rect(surface, theme.CARD_EDGE, (0, 0, w, h), 1, border_radius=radius)
    return surface


def _lattice(surface, inner: pygame.Rect, _base, color, step: int) -> None:
    """Thin diagonal lines both ways."""
    h = inner.h
    for offset in range(-h, inner.w + h, step):
        pygame.draw.line(surface, color, (inner.left + offset, inner.top), (inner.left + offset + h, inner.top + h), 1)
        pygame.draw.line(surface, color, (inner.left + offset, inner.bottom), (inner.left + offset + h, inner.bottom - h), 1)


def _diamonds(surface, inner: pygame.Rect, base, color, step: int) -> None:
    """Rows of small diamonds, every other row shifted by half a step, round a central medallion."""
    half, r = step // 2, max(2, step // 3)
    for row, y in enumerate(range(inner.top, inner.bottom + step, half)):
        shift = half if row % 2 else 0
        for x in range(inner.left - step + shift, inner.right + step, step):
            pygame.draw.polygon(surface, color, [(x, y - r), (x + r, y), (x, y + r), (x - r, y)])
    medallion = inner.inflate(-inner.w // 3, -inner.h // 2)
    pygame.draw.ellipse(surface, base, medallion)
    pygame.draw.ellipse(surface, theme.CARD_BACK_LINE, medallion, 1)
    pygame.draw.ellipse(surface, color, medallion.inflate(-medallion.w // 2, -medallion.h // 2))


BACK_PATTERNS = {"blue": _lattice, "red": _diamonds}


@lru_cache(maxsize=16)
def glow(width: int) -> pygame.Surface:
    """A soft highlight drawn behind a card or slot that a dragged card may be dropped on."""
    w, h = card_size(width)
    pad = max(6, w // 8)
    surface = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    for i in range(pad, 0, -1):
        alpha = int(200 * (1 - i / pad) ** 1.5) + 20
        pygame.draw.rect(surface, (*theme.GLOW, alpha), (pad - i, pad - i, w + 2 * i, h + 2 * i),
                         border_radius=max(3, w // 10) + i)
    return surface


def empty_slot(surface: pygame.Surface, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, theme.FELT_DARK, rect, border_radius=max(3, rect.w // 10))
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=max(3, rect.w // 10))


@lru_cache(maxsize=8)
def shade(width: int) -> pygame.Surface:
    """A veil over a hand card that cannot be played now."""
    surface = pygame.Surface(card_size(width), pygame.SRCALPHA)
    pygame.draw.rect(surface, (0, 0, 0, 70), surface.get_rect(), border_radius=max(3, width // 10))
    return surface


register_painter(Card, playing_card)

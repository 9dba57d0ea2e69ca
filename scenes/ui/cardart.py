"""Card faces and backs, drawn once per size and look and cached.

A face is drawn by the painter registered for the card's type: the standard playing card here,
each game's own cards (letter tiles, symbol cards, class cards) by its scene module, which
registers them when it is imported (`register_painter`). The court cards' portraits come from
the public-domain SVG pictures in assets/cards. The looks chosen in the settings (a four-colour
deck, the back) are part of every cache key, so a change shows at once."""

from __future__ import annotations

import io
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

import pygame

from game.cards import RANK_LABELS, SUIT_SYMBOLS, Card

from scenes.ui import theme
from scenes.ui.resources import asset, font
from scenes.ui.surface_cache import cached_surface


def card_size(width: int) -> tuple[int, int]:
    return width, int(width * theme.CARD_RATIO)


PAINTERS: dict[type, Callable[[object, int], pygame.Surface]] = {}
CORNERS: dict[type, Callable[[object, int], tuple[pygame.Rect, ...]]] = {}


def register_painter(card_type: type, paint: Callable[[object, int], pygame.Surface],
                     corner: Callable[[object, int], tuple[pygame.Rect, ...]] | None = None) -> None:
    """Draw cards of `card_type` with `paint(card, width)`, which should cache its surfaces;
    `corner(card, width)` says where that face prints the card's value and its symbol (without
    it, the whole face is what must stay uncovered)."""
    PAINTERS[card_type] = paint
    CORNERS[card_type] = corner or whole_face


def corner_boxes(card, width: int) -> tuple[pygame.Rect, ...]:
    """Where a face `width` wide prints the card's value and its symbol (each a rectangle on the
    card, its top-left corner at 0, 0): what a card laid over it in a fan must leave uncovered."""
    return CORNERS[type(card)](card, width)


def whole_face(_card, width: int) -> tuple[pygame.Rect, ...]:
    return (pygame.Rect((0, 0), card_size(width)),)


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
COURT_MASTER_WIDTH = 240  # the largest court picture a table draws: 98 px at 1920x1080, 197 px at 3840x2160

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


@cached_surface
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
        _draw_pips(surface, card.rank, suit, ink, pad)
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
    rank_img, suit_img, (rank_box, suit_box) = _index_parts(rank, suit, ink, width)
    index = pygame.Surface(rank_box.union(suit_box).size, pygame.SRCALPHA)
    index.blit(rank_img, rank_box)
    index.blit(suit_img, suit_box)
    return index


def _index_parts(rank: str, suit: str, ink, width: int):
    """The rank's and the suit's pictures of a corner index, and where each lies in it."""
    size = 8 + width * 0.12  # readable on the smallest cards, not overgrown on the largest
    rank_img = _inked(font(int(size), bold=True).render(rank, True, ink))
    suit_img = _inked(font(int(size * 0.95)).render(suit, True, ink))
    gap = max(1, width // 40)
    index_w = max(rank_img.get_width(), suit_img.get_width())
    rank_box = rank_img.get_rect(topleft=((index_w - rank_img.get_width()) // 2, 0))
    suit_box = suit_img.get_rect(topleft=((index_w - suit_img.get_width()) // 2, rank_img.get_height() + gap))
    return rank_img, suit_img, (rank_box, suit_box)


@lru_cache(maxsize=1024)
def playing_card_corner(card: Card, width: int) -> tuple[pygame.Rect, ...]:
    """The rank's and the suit's boxes in a playing card's top-left corner index."""
    pad = max(2, width // 16)
    _, _, boxes = _index_parts(RANK_LABELS.get(card.rank, str(card.rank)), SUIT_SYMBOLS[card.suit], theme.CARD_BLACK,
                               width)
    return tuple(box.move(pad, pad) for box in boxes)


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


# Where the pips of a number card lie, as a real deck has them: (column, row), the columns
# 0 (left), 0.5 (middle) and 1 (right) of the pip field, the rows from 0 (top) to 1 (bottom).
# Pips below the middle row are drawn upside down.
PIP_LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0.5, 0), (0.5, 1)),
    3: ((0.5, 0), (0.5, 0.5), (0.5, 1)),
    4: ((0, 0), (1, 0), (0, 1), (1, 1)),
    5: ((0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)),
    6: ((0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    7: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    8: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)),
    9: ((0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)),
    10: ((0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3), (0.5, 5 / 6), (0, 1), (1, 1)),
}


@dataclass(frozen=True, slots=True)
class PipField:
    """The centres' box of a number card's pips (left and right columns, top and bottom rows)
    and the height of one pip."""

    size: int
    left: float
    right: float
    top: float
    bottom: float

    def centres(self, rank: int) -> list[tuple[float, float]]:
        return [(self.left + column * (self.right - self.left), self.top + row * (self.bottom - self.top))
                for column, row in PIP_LAYOUTS[rank]]


PIP_AIR = 1.25  # pips of a layout lie at least this many pip sizes apart, across or down


@lru_cache(maxsize=256)
def pip_field(width: int, suit: str, rank: int) -> PipField | None:
    """Where a number card's pips lie: the side columns as far apart as on a real card (the top
    row level with the corner index when it clears it, else below it), unless pips between the
    indexes may be much larger. Every rank of a width has the same pips, but a 10 (whose
    index is wider) may have smaller ones. None on a card too small for a layout."""
    largest = [_best_field(width, suit, r, None) for r in range(4, 10)]
    if None in largest:
        return None
    size = min(field.size for field in largest)
    return _best_field(width, suit, rank, size, exactly=rank != 10)


def _best_field(width: int, suit: str, rank: int, largest: int | None, exactly: bool = False) -> PipField | None:
    """The rank's largest clear pips (up to `largest`; `exactly` that size, at the first layout
    where they fit): side columns level with the index, below it, or beside it, the first
    whose pips are nearly as large as the best."""
    w, h = card_size(width)
    pad = max(2, w // 16)
    index = pygame.Rect((pad, pad), corner_index(RANK_LABELS.get(rank, str(rank)), suit, theme.CARD_BLACK, w).get_size())
    gap = max(1, w // 30)
    corners = (index.inflate(2 * gap, 2 * gap), index.move(w - 2 * pad - index.w, h - 2 * pad - index.h).inflate(2 * gap, 2 * gap))

    def level(size: int) -> PipField:
        return PipField(size, w * 0.29, w * 0.71, pad + size / 2, h - pad - size / 2)

    def below(size: int) -> PipField:
        top = index.bottom + gap + size / 2
        return PipField(size, w * 0.29, w * 0.71, top, h - top)

    def beside(size: int) -> PipField:
        left = index.right + gap + size / 2
        return PipField(size, left, w - left, pad + size / 2, h - pad - size / 2)

    sizes = [largest] if exactly else range(min(int(w * 0.2), largest or w), max(4, w // 12) - 1, -1)
    fields = [next((f for f in map(layout, sizes) if _pips_clear(f, rank, corners)), None) for layout in (level, below, beside)]
    best = max((f.size for f in fields if f), default=0)
    return next((f for f in fields if f and f.size >= 0.85 * best), None)


def _pips_clear(field: PipField, rank: int, corners) -> bool:
    """No two pips of the rank's layout closer than PIP_AIR sizes both across and down, and none
    on a corner index."""
    size = field.size
    centres = field.centres(rank)
    for i, (x, y) in enumerate(centres):
        if any(pygame.Rect(round(x - size / 2), round(y - size / 2), size, size).colliderect(c) for c in corners):
            return False
        if any(abs(x - ox) < PIP_AIR * size and abs(y - oy) < PIP_AIR * size for ox, oy in centres[i + 1:]):
            return False
    return True


def _draw_pips(surface: pygame.Surface, rank: int, suit: str, ink, pad: int) -> None:
    """The pips of a number card (an ace: one large pip); on a card too small for the layout,
    the single middle pip of a small card, or none."""
    w, h = surface.get_size()
    field = pip_field(w, suit, rank) if rank in PIP_LAYOUTS else None
    if field is None:
        widest = corner_index("10", suit, ink, w).get_size()
        pip = centre_pip(suit, ink, int(w * (0.55 if rank == 1 else 0.42)), (w, h), widest, pad)
        if pip is not None:
            surface.blit(pip, pip.get_rect(center=(w / 2, h / 2)))
        return
    upright = _pip(suit, tuple(ink), field.size)
    turned = pygame.transform.rotate(upright, 180)
    middle = (field.top + field.bottom) / 2
    for centre in field.centres(rank):
        image = turned if centre[1] > middle + 0.5 else upright
        surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))


@cached_surface
def _pip(suit: str, ink: tuple, size: int) -> pygame.Surface:
    """One suit symbol `size` pixels high, cut to its ink."""
    pip = _inked(font(size * 4 // 3).render(suit, True, ink))
    scale = size / pip.get_height()
    return pygame.transform.smoothscale(pip, (max(1, round(pip.get_width() * scale)), size))


def _inked(image: pygame.Surface) -> pygame.Surface:
    return image.subsurface(image.get_bounding_rect()).copy()


def court_picture(rank: int, suit: str, ink, width: int) -> pygame.Surface:
    """The portrait of a jack, queen or king (assets/cards), its pips in the suit's ink.

    Up to COURT_MASTER_WIDTH it is scaled down from one rendering at that width: reading an SVG
    takes tens of milliseconds (hundreds on a slow machine), and a zooming board asks for new
    sizes every frame. The renderings are kept apart from the faces (COURT_MASTERS_KEPT): a
    resize empties the faces' cache, never these."""
    size = (width, round(width / COURT_SHAPE))
    if width > COURT_MASTER_WIDTH:
        return _render_court(rank, suit, tuple(ink), width)
    return pygame.transform.smoothscale(_render_court(rank, suit, tuple(ink), COURT_MASTER_WIDTH), size)


COURT_MASTERS_KEPT = 12  # the court cards of one look (a four-colour deck inks two suits anew): 4.4 MB


@lru_cache(maxsize=COURT_MASTERS_KEPT)
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


@cached_surface
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


@cached_surface
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


def target_frame(surface: pygame.Surface, rect: pygame.Rect, thickness: int) -> None:
    """A legal target: the card or place ringed in the one highlight colour every table uses."""
    pygame.draw.rect(surface, theme.GLOW, rect.inflate(2 * thickness, 2 * thickness), thickness,
                     border_radius=max(4, rect.w // 10) + thickness)


def chosen_frame(surface: pygame.Surface, rect: pygame.Rect, thickness: int) -> None:
    """The target picked by keyboard: a broad white ring edged in the highlight colour, so that
    it reads apart from the plain rings of the other targets (in greyscale too)."""
    ring = rect.inflate(4 * thickness, 4 * thickness)
    radius = max(4, rect.w // 10) + 2 * thickness
    pygame.draw.rect(surface, theme.GLOW, ring, 2 * thickness, border_radius=radius)
    pygame.draw.rect(surface, theme.CHOSEN, ring.inflate(-thickness, -thickness), thickness + thickness // 2,
                     border_radius=radius - thickness // 2)


@lru_cache(maxsize=1)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table's felt for a window size: a fine grain, darker towards the corners. Drawn once
    per size (a small picture smoothed up to the window) and painted into each table's
    background; only the window's own size is kept (8 MB at 1920x1080)."""
    w, h = size
    grain = _felt_grain(96)
    surface = pygame.Surface(size)
    for x in range(0, w, grain.get_width()):
        for y in range(0, h, grain.get_height()):
            surface.blit(grain, (x, y))
    shadow = pygame.Surface((32, 20), pygame.SRCALPHA)
    for x in range(32):
        for y in range(20):
            far = ((x - 15.5) / 16) ** 2 + ((y - 9.5) / 10) ** 2  # 0 in the middle, 2 in a corner
            shadow.set_at((x, y), (*theme.FELT_SHADOW, int(min(1.0, max(0.0, far - 0.35) / 1.4) ** 1.4 * 150)))
    surface.blit(pygame.transform.smoothscale(shadow, size), (0, 0))
    return surface


@lru_cache(maxsize=1)
def _felt_grain(side: int) -> pygame.Surface:
    """A square of felt, each pixel a shade or two off the felt's colour (the same every run)."""
    shades = random.Random(1).choices(range(-3, 4), k=side * side)
    pixels = bytes(max(0, min(255, channel + shade)) for shade in shades for channel in theme.FELT)
    return pygame.image.frombytes(pixels, (side, side), "RGB")


def empty_slot(surface: pygame.Surface, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, theme.FELT_DARK, rect, border_radius=max(3, rect.w // 10))
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=max(3, rect.w // 10))


@cached_surface
def shade(width: int) -> pygame.Surface:
    """A veil over a hand card that cannot be played now."""
    surface = pygame.Surface(card_size(width), pygame.SRCALPHA)
    pygame.draw.rect(surface, (0, 0, 0, 70), surface.get_rect(), border_radius=max(3, width // 10))
    return surface


@cached_surface
def dimmed(face_image: pygame.Surface) -> pygame.Surface:
    """A face (as `face` drew it) for a card that cannot be played now: its colours mostly
    drained and darkened, so that a court's portrait reads as dimmed as a number card does."""
    grey = pygame.transform.grayscale(face_image)
    tint = face_image.copy()
    tint.set_alpha(DIMMED_COLOUR_LEFT)
    grey.blit(tint, (0, 0))
    grey.blit(shade(face_image.get_width()), (0, 0))
    return grey


DIMMED_COLOUR_LEFT = 70  # of 255: how much of its colour a dimmed face keeps

register_painter(Card, playing_card, playing_card_corner)

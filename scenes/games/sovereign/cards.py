"""The faces of Sovereign's Chain's cards and tokens: a class card (value, suit, (E)), a card as it
lies on a chain (its current value and suit, its tokens), a token in flight."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.sovereign.cards import BUILT_IN, PLANET, STAR, SUIT_SYMBOLS, CardSet, ClassCard
from game.sovereign.rules import PlacedView

from scenes.games.sovereign.emblems import emblem
from scenes.ui import cardart, theme
from scenes.ui.resources import MIN_TEXT_PX, font, text
from scenes.ui.surface_cache import cached_surface
from scenes.ui.widgets import wrap_words


SUIT_INK = {STAR: (170, 110, 0), PLANET: (40, 90, 180), "": (110, 110, 110)}
EVENT_RED = (190, 30, 40)
EVENT_FACE, EVENT_BAND = (238, 232, 246), (72, 44, 110)  # an event card: no suit's colour
SHORT_PRINT_WIDTH = 110  # cards at least this wide print what their class does
VALUE_SHARE = 0.3  # a card's value is drawn this share of its width tall (10 px at least)
# The least width a card can be read at: its value drawn as large as the least text of the
# interface (MIN_TEXT_PX); narrower, the value is drawn larger than its card can hold.
READABLE_WIDTH = math.ceil(MIN_TEXT_PX / VALUE_SHARE)

# What each effect step does, in a few words: the short print of a card (any card set's class
# is built from these steps, so every class has its short print).
STEP_WORDS = {
    "discard_target": "Discard a card", "change_suit": "Change a suit", "flip": "Turn a card over",
    "choose_suit": "Choose its suit", "tuck_from_hand": "Tuck a card beneath", "cover": "Cover a card",
    "gain_modifiers": "Take {count} modifiers", "gain_shield": "Take {count} shield", "draw_event": "Draw an event",
    "extra_play": "Play one more card",
}

def _short_prints(classes: dict) -> dict[str, str]:
    """Each class's ability in a few words, from its effect steps."""
    found = {}
    for kind, info in classes.items():
        words = [STEP_WORDS.get(step.name, step.name.replace("_", " ")).format(count=step.count) for step in info.steps]
        found[kind] = "; ".join(words).replace("Take 1 modifiers", "Take 1 modifier") or "No other ability"
    return found


_printed: dict[str, str] = _short_prints(BUILT_IN.classes)


def use_card_set(cards: CardSet) -> None:
    """Print the abilities of this card set's classes on its cards from now on."""
    _printed.clear()
    _printed.update(_short_prints(cards.classes))


def short_print(kind: str) -> str:
    """A class's ability in a few words ("" for a class not in play). Looked up, not worked out:
    every card in play asks for its face each frame."""
    return _printed.get(kind, "")


def _label(message: str, size: int, color, bold: bool = False) -> pygame.Surface:
    return text(message, max(8, size), color, bold)


def _fitted(message: str, size: int, color, width: int, bold: bool = True) -> pygame.Surface:
    """A label shrunk (never cut) to `width` pixels."""
    image = _label(message, size, color, bold)
    if image.get_width() <= width:
        return image
    scaled_h = max(1, image.get_height() * width // image.get_width())
    return pygame.transform.smoothscale(image, (max(1, width), scaled_h))


def _tint(colour, amount: float) -> tuple[int, int, int]:
    """`colour` mixed with the card's white (`amount` 1: all white)."""
    return tuple(round(c + (f - c) * amount) for c, f in zip(colour, theme.CARD_FACE))


def class_face(card: ClassCard, width: int) -> pygame.Surface:
    """A class card: its value and suit in the top corners, its class's emblem in a medallion
    tinted by the suit, a band in the suit's colour with the class's name, (E) as a red seal,
    and on a large card what the class does, in short print."""
    return _class_face(card, width, short_print(card.kind) if width >= SHORT_PRINT_WIDTH else "")


@cached_surface
def _class_face(card: ClassCard, width: int, ability: str) -> pygame.Surface:
    w, h = cardart.card_size(width)
    ink = SUIT_INK.get(card.suit, SUIT_INK[""])
    radius = max(3, w // 10)
    pad = max(2, w // 16)
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surface, theme.CARD_FACE, (0, 0, w, h), border_radius=radius)
    value_box, symbol_box = class_corner(card, width)
    surface.blit(_label(str(card.value), _value_size(w), ink, True), value_box)
    surface.blit(suit_symbol(card.suit, _symbol_size(w)), symbol_box)
    band_y, band_h = _band(w, h)
    medallion, centre = _medallion_place(w, h, value_box.union(symbol_box), band_y)
    pygame.draw.circle(surface, _tint(ink, 0.8), centre, medallion // 2)
    pygame.draw.circle(surface, _tint(ink, 0.45), centre, medallion // 2, max(1, w // 45))
    picture = emblem(card.kind, int(medallion * 0.66), tuple(round(c * 0.8) for c in ink))
    surface.blit(picture, picture.get_rect(center=centre))
    band = pygame.Rect(max(1, w // 30), band_y, w - 2 * max(1, w // 30), band_h)
    pygame.draw.rect(surface, ink, band)
    name = _fitted(card.kind, int(band_h * 0.72), theme.CARD_FACE, band.w - 2 * pad)
    surface.blit(name, name.get_rect(center=band.center))
    if ability:
        _short_print(surface, ability, pygame.Rect(pad, band.bottom + max(2, h // 50), w - 2 * pad, h - band.bottom - pad))
    if card.draws_event:
        seal = max(5, int(w * 0.1))
        draw_event_seal(surface, (w - pad - seal - max(1, w // 30), pad + seal + max(1, w // 30)), seal)
    pygame.draw.rect(surface, ink, (0, 0, w, h), max(1, w // 30), border_radius=radius)
    return surface


def _value_size(w: int) -> int:
    return max(10, int(w * VALUE_SHARE))


def _symbol_size(w: int) -> int:
    return max(8, int(w * 0.22))


def class_corner(card: ClassCard, width: int) -> tuple[pygame.Rect, pygame.Rect]:
    """The value's box in the top-left corner and the suit's under it: both read where the next
    card of a hand overlaps this one."""
    pad = max(2, width // 16)
    value = _label(str(card.value), _value_size(width), theme.CARD_BLACK, True).get_rect(
        topleft=(pad + 1, pad - max(1, width // 30)))
    symbol = suit_symbol(card.suit, _symbol_size(width)).get_rect()
    symbol.midtop = (value.centerx, value.bottom - max(1, width // 20))
    return value, symbol


def placed_corner(placed: PlacedView, width: int) -> tuple[pygame.Rect, ...]:
    if placed.card is None:
        return cardart.whole_face(placed, width)
    return class_corner(ClassCard(placed.card.kind, placed.card.copy, placed.value, placed.suit, placed.card.draws_event),
                        width)


def _medallion_place(w: int, h: int, corner: pygame.Rect, band_y: int) -> tuple[int, tuple[int, int]]:
    """The medallion's size and centre: under the corner's value and suit across the card's
    width, or beside them down to the band, whichever holds the larger."""
    gap = max(2, h // 40)
    below_h = band_y - corner.bottom - gap
    below = min(int(w * 0.7), below_h)
    beside_w, beside_h = w - corner.right - 2 * gap - max(2, w // 16), band_y - corner.top - gap
    beside = min(int(w * 0.7), beside_w, beside_h)
    if beside > below:
        return max(6, beside), (corner.right + gap + beside_w // 2, corner.top + beside_h // 2)
    return max(6, below), (w // 2, corner.bottom + below_h // 2)


def _band(w: int, h: int) -> tuple[int, int]:
    """The top and height of the name band: above the short print on a large card, else near
    the bottom."""
    height = max(10, int(h * 0.13))
    if w >= SHORT_PRINT_WIDTH:
        return int(h * 0.6), height
    return h - max(2, w // 16) - height - max(1, h // 40), height


def _short_print(surface: pygame.Surface, ability: str, box: pygame.Rect) -> None:
    """The ability, in lines as wide as the box, at a size that fits them all."""
    for size in range(max(9, box.w // 9), 7, -1):
        face = font(size)
        lines = wrap_words(ability.split(), face, box.w)
        if len(lines) * face.get_linesize() <= box.h:
            break
    y = box.y
    for line in lines:
        image = face.render(line, True, (60, 60, 66))
        surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
        y += face.get_linesize()


def suit_symbol(suit: str, size: int) -> pygame.Surface:
    """The suit's symbol in its ink; a dash for a card without a suit."""
    return _label(SUIT_SYMBOLS.get(suit, "\u2013"), size, SUIT_INK.get(suit, SUIT_INK[""]), True)


def draw_event_seal(surface, centre, radius: int) -> None:
    """(E): a red seal with a white E, the mark of a card that draws a new event."""
    pygame.draw.circle(surface, EVENT_RED, centre, radius)
    pygame.draw.circle(surface, theme.CARD_FACE, centre, radius, max(1, radius // 5))
    mark = _label("E", int(radius * 1.3), theme.CARD_FACE, True)
    surface.blit(mark, mark.get_rect(center=centre))


@cached_surface
def event_face(name: str, words: str, width: int, size: int) -> pygame.Surface:
    """The active event as a card as wide as `width`: a violet band with its name (wrapped
    whole), a comet, and what it does at text `size`, as tall as its words need."""
    pad = max(4, width // 14)
    title_face, body_face = font(size + 2, bold=True), font(size)
    beside_comet = width - 2 * pad - width // 4  # clear of the comet's tail
    title = wrap_words(name.split(), title_face, beside_comet)
    with_comet = all(title_face.size(line)[0] <= beside_comet for line in title)
    if not with_comet:  # a word too long to sit beside the comet: the name takes the whole band
        title = wrap_words(name.split(), title_face, width - 2 * pad)
    body = wrap_words(words.split(), body_face, width - 2 * pad)
    band_h = len(title) * title_face.get_linesize() + pad
    height = band_h + len(body) * body_face.get_linesize() + 2 * pad
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = max(4, width // 16)
    pygame.draw.rect(surface, EVENT_FACE, (0, 0, width, height), border_radius=radius)
    pygame.draw.rect(surface, EVENT_BAND, (0, 0, width, band_h), border_top_left_radius=radius, border_top_right_radius=radius)
    y = pad // 2
    for line in title:
        surface.blit(title_face.render(line, True, theme.CARD_FACE), (pad, y))
        y += title_face.get_linesize()
    if with_comet:
        comet = width // 12
        _draw_comet(surface, (width - pad - comet, band_h // 2), comet)
    y = band_h + pad // 2
    for line in body:
        surface.blit(body_face.render(line, True, theme.CARD_BLACK), (pad, y))
        y += body_face.get_linesize()
    pygame.draw.rect(surface, EVENT_BAND, (0, 0, width, height), max(1, width // 80), border_radius=radius)
    return surface


def _draw_comet(surface, centre, radius: int) -> None:
    """An event's mark: a comet, its tail streaming down to the left."""
    x, y = centre
    tail = [(x - radius * 0.45, y - radius * 0.35), (x + radius * 0.35, y + radius * 0.45), (x - radius * 1.5, y + radius * 1.1)]
    pygame.draw.polygon(surface, _tint(theme.GOLD, 0.55), tail)
    pygame.draw.circle(surface, theme.GOLD, (x, y), max(2, int(radius * 0.6)))


def placed_face(placed: PlacedView, width: int) -> pygame.Surface:
    """A card in play as the viewer sees it: face up with its current value and suit (its
    modifier tokens as chips down its left side, a suit token as a ring round its suit, its
    shield as a chip on the right), face down as a back (veiled face if the viewer knows it)."""
    known = placed.card is not None and width >= SHORT_PRINT_WIDTH
    return _placed_face(placed, width, short_print(placed.card.kind) if known else "", cardart.style())


@cached_surface
def _placed_face(placed: PlacedView, width: int, ability: str, _looks: cardart.Style) -> pygame.Surface:
    """`_looks` keys the cache: a face-down card shows the back chosen in the settings."""
    if placed.card is None:
        surface = cardart.back(width).copy()
    else:
        current = ClassCard(placed.card.kind, placed.card.copy, placed.value, placed.suit, placed.card.draws_event)
        surface = _class_face(current, width, ability).copy()
    w, h = surface.get_size()
    pad = max(2, w // 16)
    if placed.card is not None and not placed.face_up:
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((40, 40, 60, 110))
        surface.blit(veil, (0, 0))
    if placed.suit_token is not None:
        if placed.card is None:  # on a back: where a face's suit would be, had it one
            ring = suit_symbol(placed.suit, _symbol_size(w)).get_rect(topright=(w - pad - 1, pad + 1))
        else:
            ring = placed_corner(placed, width)[1]
        pygame.draw.circle(surface, SUIT_INK[placed.suit], ring.center, max(ring.w, ring.h) * 0.62, max(2, w // 40))
    _draw_chips(surface, placed, pad)
    if placed.card is not None and not placed.face_up:
        down = _fitted("face down", max(8, w // 7), theme.INK, w - 2 * pad)
        pill = down.get_rect(center=(w // 2, h // 2)).inflate(max(4, w // 12), 2)
        pygame.draw.rect(surface, (30, 30, 45), pill, border_radius=pill.h // 2)
        surface.blit(down, down.get_rect(center=pill.center))
    return surface


def _draw_chips(surface: pygame.Surface, placed: PlacedView, pad: int) -> None:
    """Modifier chips in a row just above the name band, overlapping when many; the shield chip
    on the right under the suit."""
    w, h = surface.get_size()
    chip = max(9, w // 7)
    row = _band(w, h)[0] - chip - max(1, h // 60)
    count = len(placed.mods)
    step = min(int(2.1 * chip), (w - 2 * pad - 2 * chip) // (count - 1)) if count > 1 else 0
    for k, mod in enumerate(placed.mods):
        paint_token(surface, f"{mod:+d}", (pad + chip + k * step, row), chip)
    if placed.shield:
        paint_token(surface, "shield", (w - pad - chip + 1, pad + int(w * 0.36) + chip), chip)


CHIP_COLOURS = {"shield": (38, 70, 150), "+1": (28, 118, 72), "-1": (160, 42, 52)}


def paint_token(surface, kind: str, center, radius: int) -> None:
    """A token as a chip: a disc in its colour with white marks round its edge and an inner
    ring; a shield on a shield token, +1 or -1 on a modifier."""
    colour = CHIP_COLOURS.get(kind, theme.BUTTON_WARN)
    x, y = center
    pygame.draw.circle(surface, colour, center, radius)
    for k in range(6):
        angle = math.pi / 3 * k
        spread = 0.22
        outer, inner = radius - max(1, radius // 12), radius * 0.74
        pygame.draw.polygon(surface, theme.CARD_FACE, [
            (x + outer * math.cos(angle - spread), y + outer * math.sin(angle - spread)),
            (x + outer * math.cos(angle + spread), y + outer * math.sin(angle + spread)),
            (x + inner * math.cos(angle + spread), y + inner * math.sin(angle + spread)),
            (x + inner * math.cos(angle - spread), y + inner * math.sin(angle - spread))])
    pygame.draw.circle(surface, theme.CARD_FACE, center, radius * 0.68, max(1, radius // 10))
    pygame.draw.circle(surface, (20, 20, 24), center, radius, max(1, radius // 12))
    if kind == "shield":
        draw_shield(surface, center, max(3, int(radius * 0.42)))
        return
    mark = _fitted(kind.replace("-", "\u2212"), max(8, int(radius * 0.9)), theme.CARD_FACE, int(radius * 1.35))
    surface.blit(mark, mark.get_rect(center=center))


def draw_shield(surface, center, radius: int) -> None:
    """A shield: a white heater shield edged in gold."""
    x, y = center
    points = [(x - radius, y - radius), (x + radius, y - radius), (x + radius, y),
              (x, y + radius * 1.2), (x - radius, y)]
    pygame.draw.polygon(surface, theme.CARD_FACE, points)
    pygame.draw.polygon(surface, theme.GOLD, points, max(1, radius // 4))


@dataclass(frozen=True, slots=True)
class TokenMark:
    """A token moving on the table (it flies as a card does): "shield", "+1" or "-1"."""

    kind: str


@cached_surface
def token_face(token: TokenMark, width: int) -> pygame.Surface:
    """A token as big as a quarter of a card's width (the size of one drawn on a card)."""
    radius = max(8, width // 4)
    surface = pygame.Surface((2 * radius + 2, 2 * radius + 2), pygame.SRCALPHA)
    paint_token(surface, token.kind, (radius + 1, radius + 1), radius)
    return surface


cardart.register_painter(ClassCard, class_face, class_corner)
cardart.register_painter(PlacedView, placed_face, placed_corner)
cardart.register_painter(TokenMark, token_face)

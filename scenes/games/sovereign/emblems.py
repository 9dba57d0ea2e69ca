"""The emblem of each Sovereign's Chain class, drawn with pygame shapes on a square: a clear
silhouette per class, readable small. A class without an emblem of its own (from a player's card
file) gets the generic one: a hexagon with the class's initial.

Each is drawn four times larger than asked and smoothed down, for clean edges, and cached."""

from __future__ import annotations

import math

import pygame

from scenes.ui.resources import font
from scenes.ui.surface_cache import cached_surface

OVERSAMPLE = 4


def _crosshair(s, ink, size):
    """Scout: a sight on its target."""
    c, r, t = size / 2, size * 0.34, max(2, size // 14)
    pygame.draw.circle(s, ink, (c, c), r, t)
    pygame.draw.circle(s, ink, (c, c), size * 0.08)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        pygame.draw.line(s, ink, (c + dx * r * 0.45, c + dy * r * 0.45), (c + dx * size * 0.48, c + dy * size * 0.48), t)


def _flag(s, ink, size):
    """Envoy: a pennant on a staff."""
    t = max(2, size // 12)
    pygame.draw.line(s, ink, (size * 0.25, size * 0.1), (size * 0.25, size * 0.92), t)
    pygame.draw.polygon(s, ink, [(size * 0.27, size * 0.12), (size * 0.85, size * 0.28), (size * 0.27, size * 0.5)])
    pygame.draw.ellipse(s, ink, (size * 0.12, size * 0.84, size * 0.26, size * 0.1))


def _eye(s, ink, size):
    """Empath: an open eye."""
    c = size / 2
    upper = [(size * (0.05 + 0.9 * k / 20), c - size * 0.3 * math.sin(math.pi * k / 20)) for k in range(21)]
    lower = [(x, 2 * c - y) for x, y in reversed(upper)]
    pygame.draw.polygon(s, ink, upper + lower, max(2, size // 14))
    pygame.draw.circle(s, ink, (c, c), size * 0.16)


def _chevrons(s, ink, size):
    """Runner: two arrowheads, running right."""
    for left in (0.12, 0.45):
        x = size * left
        pygame.draw.polygon(s, ink, [(x, size * 0.18), (x + size * 0.18, size * 0.18), (x + size * 0.43, size * 0.5),
                                     (x + size * 0.18, size * 0.82), (x, size * 0.82), (x + size * 0.25, size * 0.5)])


def _candle(s, ink, size):
    """Acolyte: a candle and its flame."""
    pygame.draw.rect(s, ink, (size * 0.38, size * 0.5, size * 0.24, size * 0.42), border_radius=max(1, size // 40))
    flame = [(size * 0.5 + size * 0.14 * math.sin(a) * (1 - (1 - math.cos(a)) / 2.4),
              size * 0.28 + size * 0.16 * math.cos(a)) for a in (math.pi * k / 12 for k in range(-12, 13))]
    pygame.draw.polygon(s, ink, [(size * 0.5, size * 0.04)] + flame[3:-3])
    pygame.draw.line(s, ink, (size * 0.5, size * 0.44), (size * 0.5, size * 0.5), max(1, size // 30))


def _crate(s, ink, size):
    """Smuggler: a strapped crate."""
    box = pygame.Rect(size * 0.12, size * 0.22, size * 0.76, size * 0.6)
    t = max(2, size // 14)
    pygame.draw.rect(s, ink, box, t)
    pygame.draw.line(s, ink, box.topleft, box.bottomright, t)
    pygame.draw.line(s, ink, box.bottomleft, box.topright, t)
    pygame.draw.rect(s, ink, (box.x, box.y - size * 0.08, box.w, size * 0.09))


def _gear(s, ink, size):
    """Artificer: a gear wheel."""
    c = size / 2
    points = []
    for k in range(32):
        r = size * (0.46 if k % 4 in (0, 1) else 0.34)
        a = 2 * math.pi * (k - 0.5) / 32
        points.append((c + r * math.cos(a), c + r * math.sin(a)))
    pygame.draw.polygon(s, ink, points)
    pygame.draw.circle(s, (0, 0, 0, 0), (c, c), size * 0.14)


def _tower(s, ink, size):
    """Sentinel: a watchtower with battlements."""
    pygame.draw.rect(s, ink, (size * 0.26, size * 0.3, size * 0.48, size * 0.62))
    for k in range(3):
        pygame.draw.rect(s, ink, (size * (0.2 + k * 0.24), size * 0.12, size * 0.14, size * 0.2))
    pygame.draw.rect(s, ink, (size * 0.2, size * 0.26, size * 0.6, size * 0.08))
    pygame.draw.rect(s, (0, 0, 0, 0), (size * 0.43, size * 0.68, size * 0.14, size * 0.24), border_top_left_radius=size // 12,
                     border_top_right_radius=size // 12)


def _swords(s, ink, size):
    """Mercenary: two crossed swords."""
    t = max(2, size // 11)
    for flip in (False, True):
        def at(x, y):
            return (size - x if flip else x, y)
        pygame.draw.line(s, ink, at(size * 0.14, size * 0.1), at(size * 0.78, size * 0.74), t)
        pygame.draw.line(s, ink, at(size * 0.62, size * 0.86), at(size * 0.9, size * 0.58), t)
        pygame.draw.line(s, ink, at(size * 0.76, size * 0.72), at(size * 0.92, size * 0.88), t)


def _scales(s, ink, size):
    """Magistrate: the scales of justice."""
    t = max(2, size // 14)
    pygame.draw.line(s, ink, (size * 0.5, size * 0.12), (size * 0.5, size * 0.86), t)
    pygame.draw.line(s, ink, (size * 0.14, size * 0.24), (size * 0.86, size * 0.24), t)
    pygame.draw.rect(s, ink, (size * 0.3, size * 0.84, size * 0.4, size * 0.08))
    for x in (0.22, 0.78):
        pygame.draw.line(s, ink, (size * x, size * 0.24), (size * (x - 0.13), size * 0.56), max(1, t // 2))
        pygame.draw.line(s, ink, (size * x, size * 0.24), (size * (x + 0.13), size * 0.56), max(1, t // 2))
        pygame.draw.polygon(s, ink, [(size * (x - 0.17), size * 0.56), (size * (x + 0.17), size * 0.56),
                                     (size * (x + 0.1), size * 0.66), (size * (x - 0.1), size * 0.66)])


EMBLEMS = {"Scout": _crosshair, "Envoy": _flag, "Empath": _eye, "Runner": _chevrons, "Acolyte": _candle,
           "Smuggler": _crate, "Artificer": _gear, "Sentinel": _tower, "Mercenary": _swords, "Magistrate": _scales}


def _generic(s, ink, size, kind: str):
    """Any other class: a hexagon ringing the class's initial."""
    c = size / 2
    points = [(c + size * 0.46 * math.cos(math.pi / 3 * k + math.pi / 6), c + size * 0.46 * math.sin(math.pi / 3 * k + math.pi / 6))
              for k in range(6)]
    pygame.draw.polygon(s, ink, points, max(2, size // 14))
    initial = next((ch for ch in kind if ch.isalnum()), "?").upper()
    letter = font(int(size * 0.5), bold=True).render(initial, True, ink)
    s.blit(letter, letter.get_rect(center=(c, c)))


@cached_surface
def emblem(kind: str, size: int, ink: tuple) -> pygame.Surface:
    """The class's emblem, `size` pixels square, in `ink` on a clear ground."""
    big = size * OVERSAMPLE
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    draw = EMBLEMS.get(kind)
    if draw is None:
        _generic(surface, ink, big, kind)
    else:
        draw(surface, ink, big)
    return pygame.transform.smoothscale(surface, (size, size))

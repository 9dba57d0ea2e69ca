"""One cache for the pictures the interface draws once and blits again (card faces, texts, card
backs, glows, emblems), bounded by the bytes of their pixels: the least recently used goes first.

Each picture cache once counted its own entries (512 texts, 256 playing cards, 1,024 Sovereign's
Chain cards in play...), so what they held grew with the window: a card at 1920x1080 has six times
the pixels of one at 800x600, and a window dragged through many sizes filled the caches with
every size's cards (55 MB of pictures after a few drags between 800x600 and 1920x1080). Now the
cache holds as many bytes as WINDOWS_OF_PICTURES windows' pixels: a frame of the busiest table
draws pictures worth 0.6 of its window (5 MB at 1920x1080, 1 MB at 800x600), the rest keeps what
the next frames draw again (the log's lines, the cards of other seats). The app empties the
cache and budgets it for the window when the window changes size or a setting changes the looks
(`resources.forget_drawn`), so what it holds is drawn for the window as it is.

Only the UI thread draws, so the cache takes no lock."""

from __future__ import annotations

import functools
from collections import OrderedDict
from typing import Callable

import pygame

WINDOWS_OF_PICTURES = 2
WINDOW_BYTES_PER_PIXEL = 4
SURFACE_BUDGET = WINDOWS_OF_PICTURES * 1280 * 800 * WINDOW_BYTES_PER_PIXEL  # until a window says its size


def surface_bytes(surface: pygame.Surface) -> int:
    return surface.get_width() * surface.get_height() * surface.get_bytesize()


class SurfaceCache:
    """Pictures drawn by the functions it decorates, keyed by the function and its arguments."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.held = 0  # bytes of the pixels kept (a picture's own, and those of a picture it was drawn from)
        self._kept: OrderedDict[tuple, tuple[pygame.Surface, int]] = OrderedDict()

    def __call__(self, draw: Callable[..., pygame.Surface]) -> Callable[..., pygame.Surface]:
        find, touch = self._kept.get, self._kept.move_to_end  # bound once: a frame asks hundreds of times

        @functools.wraps(draw)
        def cached(*args) -> pygame.Surface:
            key = (draw, args)
            found = find(key)
            if found is not None:
                touch(key)
                return found[0]
            picture = draw(*args)
            self._keep(key, picture, args)
            return picture

        return cached

    def _keep(self, key: tuple, picture: pygame.Surface, args: tuple) -> None:
        """Keep `picture`; a surface among its arguments (a face a dimmed face was drawn from) is
        kept alive by the key, so it counts too. The oldest go until the rest fits the budget."""
        size = surface_bytes(picture) + sum(surface_bytes(arg) for arg in args if isinstance(arg, pygame.Surface))
        self._kept[key] = (picture, size)
        self.held += size
        while self.held > self.budget and len(self._kept) > 1:
            _key, (_picture, dropped) = self._kept.popitem(last=False)
            self.held -= dropped

    def __len__(self) -> int:
        return len(self._kept)

    def clear(self) -> None:
        self._kept.clear()
        self.held = 0

    def fit(self, window: tuple[int, int]) -> None:
        """Forget every picture (drawn for the window as it was) and budget for `window`."""
        self.clear()
        self.budget = WINDOWS_OF_PICTURES * window[0] * window[1] * WINDOW_BYTES_PER_PIXEL


cached_surface = SurfaceCache(SURFACE_BUDGET)

"""How long card faces take to draw: the twelve court cards at a first size (each portrait read
from its SVG), then at new sizes (scaled from the portraits already read), and a whole deck.

    python benchmarks/card_faces.py

Target: a new size of all twelve court cards in under 20 ms, so that zooming the Cubes board
keeps its frames.
"""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from game.cards import standard_deck  # noqa: E402
from scenes.ui import cardart  # noqa: E402


def timed(cards, width: int) -> float:
    start = time.perf_counter()
    for card in cards:
        cardart.face(card, width)
    return time.perf_counter() - start


def main() -> None:
    pygame.display.init()
    pygame.font.init()
    deck = standard_deck()
    courts = [card for card in deck if card.rank > 10]
    print(f"12 court cards, first size (SVG read): {timed(courts, 92) * 1000:7.1f} ms")
    for width in (60, 61, 120, 240):
        print(f"12 court cards at a new width {width:3d}:      {timed(courts, width) * 1000:7.1f} ms")
    print(f"52 cards at a new width 93:             {timed(deck, 93) * 1000:7.1f} ms")


if __name__ == "__main__":
    main()

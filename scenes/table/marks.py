"""What a table marks between moves: another seat's last move, outlined until the viewer acts,
and the cards that came into the viewer's hand with their own last move (a draw), marked until
their next one."""

from __future__ import annotations

from typing import Callable

import pygame

from scenes.ui import theme

# Measures of this layout that are no step of theme's scales (pixels at the base window).
MARK_LINE = 3  # a mark's ring


class MoveMarks:
    def __init__(self) -> None:
        self.last_move: list = []               # the events of another seat's last move
        self.held: dict[int, frozenset] = {}    # each human's hand after the last move shown

    def clear(self) -> None:
        self.last_move = []
        self.held = {}

    def moved(self, events, by_viewer: bool, by_table: bool) -> None:
        """A move was shown: another seat's is outlined; the viewer's own clears the outline
        (unless the table made it for them: the outline stays for them to see)."""
        if not by_viewer:
            self.last_move = list(events)
        elif not by_table:
            self.last_move = []

    def fresh_cards(self, viewer: int, hand: frozenset, viewer_moved: bool) -> frozenset | None:
        """The cards new in `hand` since the viewer's hand was last seen, when the viewer made
        the move; None when the marks stay as they are."""
        before = self.held.get(viewer, hand)
        self.held[viewer] = hand
        return hand - before if viewer_moved else None

    def draw(self, screen: pygame.Surface, spot_of: Callable, px: Callable[[float], int]) -> None:
        """The last move's places, outlined (`spot_of(event)` says where an event is, or None)."""
        for event in self.last_move:
            spot = spot_of(event)
            if spot is not None:
                pygame.draw.rect(screen, theme.GOLD, spot.inflate(px(theme.SPACE_SMALL), px(theme.SPACE_SMALL)),
                                 max(2, px(MARK_LINE)), border_radius=8)

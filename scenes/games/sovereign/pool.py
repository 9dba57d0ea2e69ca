"""The viewer's pool at the Sovereign's Chain table: a shield, a +1 and a -1 token (each shown
while the pool holds one), placed once per layout. A token is picked by a press, dragged onto a
card (or clicked, then the card); the pool draws its tokens, the picked one lit, and says which
token lies under a point and which moves the picked one allows."""

from __future__ import annotations

import pygame

from game.sovereign.actions import PlaceModifier, PlaceShield
from scenes.games.sovereign.cards import paint_token
from scenes.ui import theme

TOKEN_KINDS = ("shield", "+1", "-1")


class TokenPool:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.largest = 20                       # the largest radius a token is drawn at
        self.gap = 8                            # between two tokens
        self.spots: dict[str, pygame.Rect] = {}  # where each token shown lies
        self.picked: str | None = None
        self.dragged_to: tuple[int, int] | None = None

    def place(self, rect: pygame.Rect, largest: int, gap: int) -> None:
        self.rect, self.largest, self.gap = rect, largest, gap

    @property
    def radius(self) -> int:
        return max(8, min(self.largest, self.rect.h // 2 - 2, (self.rect.w - 2 * self.gap) // 6))

    @staticmethod
    def allows(kind: str | None, action) -> bool:
        """Whether `action` places a token of `kind` (None: any move)."""
        if kind is None:
            return True
        if kind == "shield":
            return isinstance(action, PlaceShield)
        return isinstance(action, PlaceModifier) and action.delta == (1 if kind == "+1" else -1)

    def kind_at(self, pos) -> str | None:
        return next((kind for kind, rect in self.spots.items() if rect.collidepoint(pos)), None)

    def pick(self, kind: str, pos) -> None:
        self.picked, self.dragged_to = kind, pos

    def draw(self, screen: pygame.Surface, shields: int, modifiers: int, glow: int) -> None:
        """The tokens the pool holds, left to right; the picked one ringed `glow` pixels wide."""
        counts = {"shield": shields, "+1": modifiers, "-1": modifiers}
        radius = self.radius
        x = self.rect.x + radius
        self.spots = {}
        for kind in TOKEN_KINDS:
            if not counts[kind]:
                continue
            center = (x, self.rect.centery)
            self.spots[kind] = pygame.Rect(x - radius, self.rect.centery - radius, 2 * radius, 2 * radius)
            if self.picked == kind:
                pygame.draw.circle(screen, theme.GLOW, center, radius + glow)
            paint_token(screen, kind, center, radius)
            x += 2 * radius + self.gap

    def draw_dragged(self, screen: pygame.Surface) -> bool:
        """The token being dragged, under the pointer; whether one was."""
        if self.dragged_to is None or self.picked is None:
            return False
        paint_token(screen, self.picked, self.dragged_to, self.radius)
        return True

"""Buttons, option choosers and text fields: the few controls the menus and tables need."""

from __future__ import annotations

from typing import Any, Callable

import pygame

from . import theme
from .resources import font, text


def draw_text(surface, message: str, size: int, color, pos, anchor: str = "topleft", bold: bool = False) -> pygame.Rect:
    image = text(message, int(size), color, bold)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def wrap(message: str, size: int, width: int) -> list[str]:
    """`message` broken into lines that fit `width` pixels at font `size`."""
    face = font(int(size))
    lines, line = [], ""
    for word in message.split():
        trial = f"{line} {word}".strip()
        if face.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def panel(surface, rect, color=theme.PANEL, edge=theme.PANEL_EDGE, radius=10) -> None:
    pygame.draw.rect(surface, color, rect, border_radius=radius)
    pygame.draw.rect(surface, edge, rect, 1, border_radius=radius)


class Button:
    def __init__(self, label: str, on_click: Callable[[], Any], enabled: bool = True, note: str = "",
                 color=theme.BUTTON) -> None:
        self.label = label
        self.on_click = on_click
        self.enabled = enabled
        self.note = note
        self.color = color
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hover = False

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.rect.collidepoint(event.pos):
            if self.enabled:
                self.on_click()
            return True
        return False

    def draw(self, surface, size: int) -> None:
        if not self.enabled:
            color = theme.BUTTON_OFF
        elif self.hover:
            color = tuple(min(255, c + 25) for c in self.color)
        else:
            color = self.color
        pygame.draw.rect(surface, color, self.rect, border_radius=8)
        pygame.draw.rect(surface, theme.INK_FAINT if not self.enabled else theme.INK, self.rect, 1, border_radius=8)
        ink = theme.INK if self.enabled else theme.INK_DIM
        if self.note:
            draw_text(surface, self.label, size, ink, (self.rect.centerx, self.rect.centery - size * 0.35), "center", bold=True)
            draw_text(surface, self.note, int(size * 0.62), theme.INK_DIM, (self.rect.centerx, self.rect.centery + size * 0.55), "center")
        else:
            draw_text(surface, self.label, size, ink, self.rect.center, "center", bold=True)


class Cycler:
    """A value picked from a list: click (or the arrows) steps through the choices."""

    def __init__(self, choices: list[tuple[Any, str]], value: Any, on_change: Callable[[Any], Any] | None = None) -> None:
        self.choices = list(choices)
        self.value = value if value in [v for v, _ in self.choices] else self.choices[0][0]
        self.on_change = on_change
        self.rect = pygame.Rect(0, 0, 0, 0)

    @property
    def label(self) -> str:
        return dict(self.choices)[self.value]

    def step(self, delta: int) -> None:
        values = [v for v, _ in self.choices]
        self.value = values[(values.index(self.value) + delta) % len(values)]
        if self.on_change:
            self.on_change(self.value)

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and self.rect.collidepoint(event.pos):
            if event.button == 1:
                self.step(-1 if event.pos[0] < self.rect.x + self.rect.h else 1)
                return True
            if event.button == 3:
                self.step(-1)
                return True
        return False

    def draw(self, surface, size: int) -> None:
        pygame.draw.rect(surface, theme.FELT_DARK, self.rect, border_radius=6)
        pygame.draw.rect(surface, theme.PANEL_EDGE, self.rect, 1, border_radius=6)
        draw_text(surface, "\u25c0", int(size * 0.8), theme.INK_DIM, (self.rect.x + self.rect.h // 2, self.rect.centery), "center")
        draw_text(surface, "\u25b6", int(size * 0.8), theme.INK_DIM, (self.rect.right - self.rect.h // 2, self.rect.centery), "center")
        draw_text(surface, self.label, size, theme.INK, self.rect.center, "center")


class TextField:
    def __init__(self, value: str = "", placeholder: str = "", max_length: int = 16,
                 allowed: Callable[[str], bool] | None = None) -> None:
        self.value = value
        self.placeholder = placeholder
        self.max_length = max_length
        self.allowed = allowed or (lambda ch: ch.isprintable())
        self.focused = False
        self.rect = pygame.Rect(0, 0, 0, 0)

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            was = self.focused
            self.focused = self.rect.collidepoint(event.pos)
            return self.focused or was
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            for ch in event.text:
                if len(self.value) < self.max_length and self.allowed(ch):
                    self.value += ch
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
                self.focused = False
            return True
        return False

    def draw(self, surface, size: int, blink_on: bool = True) -> None:
        pygame.draw.rect(surface, (250, 250, 245) if self.focused else (225, 230, 225), self.rect, border_radius=6)
        pygame.draw.rect(surface, theme.GOLD if self.focused else theme.PANEL_EDGE, self.rect, 2, border_radius=6)
        shown = self.value or self.placeholder
        color = (20, 30, 25) if self.value else (130, 140, 135)
        rect = draw_text(surface, shown, size, color, (self.rect.x + 8, self.rect.centery), "midleft")
        if self.focused and blink_on:
            x = rect.right + 1 if self.value else self.rect.x + 8
            pygame.draw.line(surface, (20, 30, 25), (x, self.rect.y + 5), (x, self.rect.bottom - 5), 2)

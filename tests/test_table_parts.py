"""The parts every table is built from: each draws itself where it was placed and says whether a
point is on it."""

from __future__ import annotations

import pygame

from scenes.table.parts import STACKED_BACKS, Pile
from scenes.ui import cardart, theme


def test_a_pile_is_hit_exactly_where_its_card_lies(driver):
    pile = Pile()
    pile.place((200, 150), 60)
    height = int(60 * theme.CARD_RATIO)
    assert pile.rect.size == (60, height) and pile.rect.center == (200, 150)
    assert pile.hit((200, 150)) and pile.hit(pile.rect.topleft)
    assert not pile.hit((200 + 31, 150)) and not pile.hit((200, 150 + height))


class Recording(pygame.Surface):
    """A surface that keeps the rectangle of every image blitted on it."""

    def __init__(self) -> None:
        super().__init__((400, 300))
        self.blitted: list[pygame.Rect] = []

    def blit(self, image, dest, *args, **kwargs):
        self.blitted.append(pygame.Rect(dest) if isinstance(dest, pygame.Rect) else pygame.Rect(dest, image.get_size()))
        return super().blit(image, dest, *args, **kwargs)


def blits(draw) -> list[pygame.Rect]:
    """The rectangles `draw(screen)` blits, in order."""
    screen = Recording()
    draw(screen)
    return screen.blitted


def test_a_face_down_pile_shows_its_thickness_when_stacked_and_an_empty_slot_when_empty(driver, monkeypatch):
    pile = Pile()
    pile.place((100, 100), 50)
    assert len(blits(lambda s: pile.draw_backs(s, 5))) == 1
    assert len(blits(lambda s: pile.draw_backs(s, 25, stacked=True))) == 3
    assert len(blits(lambda s: pile.draw_backs(s, 90, stacked=True))) == STACKED_BACKS
    slots = []
    monkeypatch.setattr(cardart, "empty_slot", lambda surface, rect: slots.append(rect))
    assert blits(lambda s: pile.draw_backs(s, 0, stacked=True)) == [] and slots == [pile.rect]


def test_a_face_up_pile_shows_its_top_card_or_an_empty_slot(driver, monkeypatch):
    from game.cards import card

    pile = Pile()
    pile.place((100, 100), 50)
    assert blits(lambda s: pile.draw_top(s, card("7H"))) == [pile.rect]
    slots = []
    monkeypatch.setattr(cardart, "empty_slot", lambda surface, rect: slots.append(rect))
    pile.draw_top(pygame.Surface((10, 10)), None)
    assert slots == [pile.rect]

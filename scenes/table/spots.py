"""Where a passing box (a note about the card held) may stand: near what it is about, whole and
inside the window, over nothing the player reads (cards, labels, panels) where the felt leaves it
room; else where it hides the least.

A box's top is tried against each side of what it is about and of each thing to keep clear;
along each such band the free stretches of felt are found, and the box goes in the one nearest
what it is about."""

from __future__ import annotations

import pygame


def tops_tried(height: int, around: pygame.Rect, kept: list[pygame.Rect], bounds: pygame.Rect) -> set[int]:
    """The tops a box `height` tall is tried at: above, below and level with `around`, and just
    above and below each of `kept`, inside `bounds`."""
    tops = {around.bottom, around.top - height, around.centery - height // 2}
    for rect in kept:
        tops |= {rect.bottom, rect.top - height}
    return {min(max(top, bounds.top), bounds.bottom - height) for top in tops}


def free_stretches(band: pygame.Rect, kept: list[pygame.Rect], width: int) -> list[tuple[int, int]]:
    """The stretches (left, right) of `band` that none of `kept` crosses, `width` wide at least."""
    stretches, x = [], band.left
    for left, right in sorted((rect.left, rect.right) for rect in kept if rect.colliderect(band)):
        if left - x >= width:
            stretches.append((x, left))
        x = max(x, right)
    if band.right - x >= width:
        stretches.append((x, band.right))
    return stretches


def nearest_free(size: tuple[int, int], around: pygame.Rect, kept: list[pygame.Rect],
                 bounds: pygame.Rect) -> pygame.Rect | None:
    """The box of `size` inside `bounds`, over none of `kept`, whose centre is nearest `around`'s;
    None where there is none."""
    w, h = size
    best, best_distance = None, None
    for top in tops_tried(h, around, kept, bounds):
        for left, right in free_stretches(pygame.Rect(bounds.left, top, bounds.w, h), kept, w):
            box = pygame.Rect(min(max(around.centerx - w // 2, left), right - w), top, w, h)
            distance = (box.centerx - around.centerx) ** 2 + (box.centery - around.centery) ** 2
            if best_distance is None or distance < best_distance:
                best, best_distance = box, distance
    return best


def hidden_area(box: pygame.Rect, kept: list[pygame.Rect]) -> int:
    """How much of `kept` the box lies over (what it would hide), in square pixels."""
    clipped = [box.clip(kept[index]) for index in box.collidelistall(kept)]
    return sum(rect.w * rect.h for rect in clipped)


def least_hiding(size: tuple[int, int], around: pygame.Rect, kept: list[pygame.Rect], bounds: pygame.Rect) -> pygame.Rect:
    """The box of `size` inside `bounds`, centred across on `around`, at the tried top where it
    hides the least of `kept`."""
    boxes = [pygame.Rect(0, top, *size) for top in sorted(tops_tried(size[1], around, kept, bounds))]
    for box in boxes:
        box.centerx = around.centerx
    return min((box.clamp(bounds) for box in boxes), key=lambda box: hidden_area(box, kept))


def free_spot(sizes: list[tuple[int, int]], around: pygame.Rect, kept: list[pygame.Rect], bounds: pygame.Rect,
              gap: int) -> tuple[int, pygame.Rect]:
    """(which of `sizes`, where): the first size (the one the box likes best first) that has a
    spot `gap` clear of each of `kept` (and of `around`), at its spot nearest `around`; where
    none has, the spot of any size that hides the least of them."""
    clear = [rect.inflate(2 * gap, 2 * gap) for rect in kept + [around] if rect.w and rect.h]
    for index, size in enumerate(sizes):
        box = nearest_free(size, around, clear, bounds)
        if box is not None:
            return index, box
    hiding = [least_hiding(size, around, kept + [around], bounds) for size in sizes]
    index = min(range(len(sizes)), key=lambda which: hidden_area(hiding[which], kept + [around]))
    return index, hiding[index]

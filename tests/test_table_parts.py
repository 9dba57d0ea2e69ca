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


def test_the_layout_rule_gives_the_widest_card_that_fits_both_ways():
    from scenes.table.parts import card_width

    assert card_width(1000, 1000, columns=4, gap=20) == (1000 - 3 * 20) // 4
    height_bound = card_width(1000, 140, columns=4, gap=20)
    assert int(height_bound * theme.CARD_RATIO) <= 140 < int((height_bound + 2) * theme.CARD_RATIO)
    assert card_width(1000, 1000, columns=4, gap=20, most=90) == 90
    assert card_width(10, 10, columns=4, gap=20, least=16) == 16
    two_rows = card_width(1000, 300, columns=1, gap=10, rows=2)
    assert 2 * int(two_rows * theme.CARD_RATIO) + 10 <= 300


def test_a_row_of_slots_squeezes_into_its_room_and_says_which_slot_a_point_is_on(driver):
    from scenes.table.parts import SlotRow

    row = SlotRow()
    row.place(left=10, center_y=100, width=40, count=5, step=50)
    assert [slot.center[0] for slot in row] == [30, 80, 130, 180, 230]
    assert row.index_at((80, 100)) == 1 and row.index_at((55, 100)) is None
    assert row.index_at((55, 100), margin=6) == 1
    row.place(left=10, center_y=100, width=40, count=5, step=50, room=120)
    assert row.rect.left == 10 and row.rect.right <= 130
    assert row.index_at((row[4].center[0] - 15, 100)) == 4  # overlapping: the card on top
    empty = SlotRow()
    empty.place(left=0, center_y=0, width=40, count=0, step=50)
    assert len(empty) == 0 and empty.rect.size == (0, 0) and empty.index_at((0, 0)) is None


def test_a_row_carries_its_spacing_on_past_its_last_slot(driver):
    from scenes.table.parts import SlotRow

    row = SlotRow()
    row.place(left=10, center_y=100, width=40, count=3, step=50)
    assert row.slot(1) is row[1]
    assert row.slot(4).center == (30 + 4 * 50, 100) and row.slot(4).width == 40
    row.place(left=10, center_y=100, width=40, count=3, step=50, room=80)
    assert row.slot(3).center[0] - row.slot(2).center[0] == row[1].center[0] - row[0].center[0] == 20


def test_a_slot_is_lit_differently_as_a_target_the_chosen_move_and_the_last_move(driver):
    from scenes.table.parts import Slot

    lit = {}
    for how in ("target", "chosen", "last"):
        screen = pygame.Surface((200, 200))
        Slot((100, 100), 50).light(screen, how)
        lit[how] = pygame.image.tobytes(screen, "RGB")
    assert len(set(lit.values())) == 3


def test_a_close_target_is_framed_nearer_its_card_than_a_target(driver):
    """Where cards lie a few pixels apart, a legal target's frame keeps off the cards beside it."""
    from scenes.table.parts import Slot

    def frame_reach(how: str) -> int:
        screen = pygame.Surface((200, 200))
        slot = Slot((100, 100), 50)
        slot.light(screen, how)
        return slot.rect.x - next(x for x in range(200) if screen.get_at((x, 100))[:3] != (0, 0, 0))

    assert 0 < frame_reach("close_target") < frame_reach("target")


def test_the_keyboard_cursor_walks_rows_and_leaves_a_row_that_closes():
    from scenes.table.parts import Focus

    rows = {"table": ["pile", "anchor"], "chain": [], "hand": ["a", "b", "c"]}
    focus = Focus(lambda: list(rows.items()))
    assert focus.current() is None
    focus.along(1, start_row="hand")
    assert (focus.row, focus.current()) == ("hand", "a")
    focus.along(-1)
    assert focus.current() == "c"
    focus.across(-1)  # the empty chain row is skipped
    assert (focus.row, focus.current()) == ("table", "pile")
    focus.across(-1)
    assert focus.row == "table"
    focus.along(-1)
    assert focus.current() == "anchor"
    rows["table"] = []
    assert focus.current() is None
    focus.across(1)
    assert focus.row == "hand"
    focus.clear()
    focus.along(-1, start_row="hand")
    assert focus.current() == "c"


def test_the_keyboard_cursor_follows_a_pick_made_another_way():
    """A click or a hint picks a thing: the next key goes on from there."""
    from scenes.table.parts import Focus

    rows = {"hand": ["a", "b", "c"], "table": ["pile"]}
    focus = Focus(lambda: list(rows.items()))
    focus.follow("hand", "b")
    assert (focus.row, focus.current()) == ("hand", "b")
    focus.along(1)
    assert focus.current() == "c"
    focus.follow("table", "pile")
    focus.along(1)
    assert (focus.row, focus.current()) == ("table", "pile")
    focus.follow("hand", "gone")
    assert focus.row is None and focus.current() is None
    focus.follow("hand", None)
    assert focus.current() is None
    focus.along(-1, start_row="hand")
    assert focus.current() == "c", "off again, the cursor starts afresh"

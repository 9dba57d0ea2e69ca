"""The parts the Sovereign's Chain table is assembled from: a chain's row (its places, what a
point is on, the places past seven, the other seat's hand as backs), the board of rows (which
chain each row shows as the bottom seat changes hands) and the side panel (piles, words that stay
inside it)."""

from __future__ import annotations

import pygame

from scenes.games.sovereign.chainrow import PLACES, ChainBoard, ChainRow
from scenes.games.sovereign.side import SidePanel
from scenes.table.parts import Pile
from scenes.ui.widgets import recording


def px(value: float) -> int:
    return max(1, int(value))


def placed_row(hand_room: int = 80) -> ChainRow:
    row = ChainRow()
    row.place(pygame.Rect(10, 20, 900, 200), 70, 20, hand_room, px)
    return row


def test_a_row_lays_its_seven_places_apart_left_of_the_room_kept_for_a_hand():
    row = placed_row()
    rects = [row.slot(position).rect for position in range(PLACES)]
    assert all(a.right < b.left for a, b in zip(rects, rects[1:])), "no place covers the next"
    assert rects[0].left == row.rect.x + 8 and rects[0].top > row.rect.y + 20, "under the label line"
    assert rects[-1].right <= row.rect.right - 80


def test_a_point_names_the_place_under_it_among_the_chains_cards_only():
    row = placed_row()
    third = row.slot(2).rect
    assert row.place_at(third.center, count=5) == 2
    assert row.place_at((third.right + 2, third.centery), count=5) == 2, "a few pixels around a card count"
    assert row.place_at(third.center, count=2) is None, "a place the chain has not reached is no card"
    between = (row.slot(0).rect.right + (row.slot(1).rect.left - row.slot(0).rect.right) // 2, third.centery)
    assert row.slot(1).rect.left - row.slot(0).rect.right > 2 * 6 and row.place_at(between, count=5) is None
    assert row.hit(row.rect.center) and not row.hit((row.rect.right + 1, row.rect.centery))


def test_a_chain_longer_than_seven_carries_on_along_its_row():
    """Sudden death plays onto chains that already hold seven cards."""
    row = placed_row()
    step = row.center(1)[0] - row.center(0)[0]
    assert row.center(PLACES) == (row.center(PLACES - 1)[0] + step, row.center(0)[1])
    assert row.place_at(row.center(PLACES), count=PLACES + 1) == PLACES


class Recording(pygame.Surface):
    def __init__(self) -> None:
        super().__init__((1000, 300))
        self.blitted: list[pygame.Rect] = []

    def blit(self, image, dest, *args, **kwargs):
        self.blitted.append(pygame.Rect(dest if isinstance(dest, pygame.Rect) else (dest, image.get_size())))
        return super().blit(image, dest, *args, **kwargs)


def test_another_seats_hand_shows_as_backs_overlapping_inside_the_room_kept_for_it(driver):
    row = placed_row(hand_room=80)
    for count in (1, 3, 12):
        screen = Recording()
        row.draw_backs(screen, count)
        assert len(screen.blitted) == count
        assert all(rect.left >= row.rect.right - 80 and rect.right <= row.rect.right for rect in screen.blitted)


class SeatsAt:
    """The seats as a table knows them: the bottom seat and the others in turn order from it."""

    def __init__(self, players: int, bottom: int) -> None:
        self.players, self.bottom = players, bottom

    def others(self) -> list[int]:
        return [(self.bottom + k) % self.players for k in range(1, self.players)]


def test_the_rows_keep_their_places_and_the_bottom_seats_chain_is_always_the_last_row():
    seats = SeatsAt(3, bottom=0)
    board = ChainBoard(seats)
    rects = [pygame.Rect(0, 100 * i, 900, 90) for i in range(3)]
    board.place(rects, 50, 20, 60, px)
    assert [board.row(chain).rect for chain in (1, 2, 0)] == rects
    seats.bottom = 2  # pass and play: the next player takes the table
    assert [board.row(chain).rect for chain in (0, 1, 2)] == rects
    stacks = [[["a"]], [["b"], ["c"]], []]
    assert board.place_at(board.row(1).center(1), stacks) == (1, 1)
    assert board.place_at(board.row(2).center(0), stacks) is None, "an empty chain has no card to point at"
    assert board.chain_at(board.row(2).rect.center) == 2 and board.chain_at((950, 10)) is None


def test_the_side_panel_lays_its_piles_along_its_top_and_keeps_its_words_inside(driver):
    side = SidePanel(Pile(), Pile())
    side.place(pygame.Rect(700, 60, 200, 260), px)
    assert side.rect.contains(side.draw_pile.rect) and side.rect.contains(side.discard_pile.rect)
    assert side.draw_pile.center[0] < side.discard_pile.center[0]
    assert side.supply_spot()[1] > side.draw_pile.rect.bottom
    screen = pygame.Surface((1000, 400))
    screen.fill((1, 2, 3))
    with recording() as drawn:
        side.draw(screen, 40, 0, True, "Supply: 10 shield", "Card set: Pilots", ("Event: Long", "word " * 400))
    texts = [item for item in drawn if item.what]
    assert {"Supply: 10 shield", "Card set: Pilots"} <= {item.what for item in texts}
    assert all(side.rect.contains(item.rect) for item in texts)
    below = pygame.Rect(side.rect.x, side.rect.bottom, side.rect.w, 400 - side.rect.bottom)
    assert all(screen.get_at((x, y))[:3] == (1, 2, 3) for x in range(below.x, below.right, 7)
               for y in range(below.y, below.bottom, 7)), "the event card, however long, is cut at the panel's foot"

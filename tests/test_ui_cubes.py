"""A whole Cubes game through the real scenes, the human placing cards with synthetic mouse drags."""

from __future__ import annotations

import pygame
import pytest
from ui_driver import Driver

from game.cubes import Draw, Pass, Place
from game.cubes.board import completions
from game.session import Session
from scenes.games.cubes.table import CubesTable
from scenes.menus.gameover import GameOver
from scenes.menus.setup import SetupScene

SEATS = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "computer", "difficulty": "normal"}]


def open_table(driver: Driver, seed: int) -> CubesTable:
    table = CubesTable(driver.app, Session("cubes", {"seats": SEATS}, seed))
    driver.app.push(table)
    driver.frame()
    return table


def place_by_drag(driver: Driver, table: CubesTable, place: Place) -> None:
    start = table.hand.card_center(table.current_view(), place.card)
    driver.drag(start, table.cell_center((place.x, place.y)))


def test_whole_game_from_menu_through_the_mouse_to_the_results(driver):
    menu = driver.app.top
    driver.click(next(b for b in menu.game_buttons if b.label == "Cubes").rect.center)
    setup = driver.app.top
    assert isinstance(setup, SetupScene) and setup.game.name == "cubes"
    driver.click(setup.seed.rect.center)
    driver.type_text("11")
    driver.click(setup.start_button.rect.center)
    table = driver.app.top
    assert isinstance(table, CubesTable)
    human_moves = 0
    for _ in range(40000):
        if isinstance(driver.app.top, GameOver):
            break
        legal = table.session.legal_actions() if table.my_turn else []
        if legal and legal != [Draw()]:
            before = len(table.session.log)
            if legal == [Pass()]:
                driver.click(table.pass_button.rect.center)
            else:
                place_by_drag(driver, table, legal[0])
            assert len(table.session.log) == before + 1, table.prompt_line.message
            human_moves += 1
        driver.frame(dt=0.05)
    else:
        pytest.fail("the game never reached the results screen")
    assert human_moves > 5
    view = table.session.view(None)
    assert view.draw_pile_count == 0 and view.winners
    rows = table.result_rows()
    assert [points for _s, _pile, points in rows] == [f"{len(p)} cards, {sum(c.rank for c in p)} points" for p in view.piles]


def test_the_drawn_card_arrives_by_itself_and_an_illegal_drop_snaps_back_with_the_reason(driver):
    table = open_table(driver, 3)
    driver.wait(1.0)
    view = table.current_view()
    assert len(view.hand) == 6 and view.drawn is not None
    legal = table.session.legal_actions()
    board = view.board_dict()
    bad = next((card, cell) for card in view.hand
               for cell in ((x + dx, y) for (x, y) in board for dx in (-1, 1))
               if cell not in board and Place(card, *cell) not in legal)
    card, cell = bad
    reason = table.session.rules.why_illegal(table.session.state, Place(card, *cell))
    driver.drag(table.hand.card_center(view, card), table.cell_center(cell))
    assert table.session.log == [{"type": "Draw"}]
    assert "does not match" in reason and table.prompt_line.message == reason[:1].upper() + reason[1:]
    driver.wait(0.5)
    assert table.current_view().hand == view.hand and not table.motion.busy


def test_a_drop_that_closes_a_cube_scores_it_and_flies_it_to_the_pile(driver):
    for seed in range(300):
        session = Session("cubes", {"seats": SEATS}, seed)
        found = None
        while not session.game_over and found is None:
            legal = session.legal_actions()
            if session.to_move == 0:
                found = next((a for a in legal if isinstance(a, Place) and completions(session.state.board, a.x, a.y)), None)
            if found is None:
                session.apply(legal[0])
        if found:
            break
    table = CubesTable(driver.app, session)
    driver.app.push(table)
    driver.frame()
    place_by_drag(driver, table, found)
    assert table.session.view(0).scores[0] > 0
    flights = table.motion.queue[-1]
    assert len(flights) >= 4 and all(f.flash for f in flights)
    driver.wait(2.0)
    assert all(f.done for f in flights) and flights not in table.motion.queue


def test_the_board_pans_zooms_and_fits(driver):
    table = open_table(driver, 5)
    center, zoom = table.center, table.zoom
    inside = table.board_rect.center
    driver.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=inside, button=1)])
    driver.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=(inside[0] + 100, inside[1]), rel=(100, 0), buttons=(1, 0, 0))])
    driver.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(inside[0] + 100, inside[1]), button=1)])
    assert table.center[0] < center[0]
    driver.key(pygame.K_MINUS)
    assert table.zoom < zoom
    driver.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0)])
    driver.key(pygame.K_f)
    assert (table.center, table.zoom) == (center, zoom)


def test_the_tags_of_a_card_held_over_the_board_fit_their_boxes_at_800x600(driver):
    """How a held card meets each neighbour ("rank", "suit", "\u00b11") reads whole: the tag's box
    grows with its word (it once cut "rank" to "ank" at 800x600)."""
    from scenes.ui.widgets import recording

    driver.app.screen = pygame.display.set_mode((800, 600))
    seats = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "computer"}]
    session = Session("cubes", {"seats": seats}, 3)
    for _ in range(30):
        if session.game_over:
            break
        session.apply(session.legal_actions()[0])
    driver.app.screens.table(session)
    table = driver.app.top
    table.layout((800, 600))
    board = session.view(0).board_dict()
    cells = list(board)
    x, y = cells[0]
    empty = next(cell for cell in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if cell not in board)
    card = next(iter(session.view(0).hand), board[cells[0]])
    with recording() as drawn:
        table.draw_preview(driver.app.screen, board, card, empty, int(table.zoom))
    tags = [item for item in drawn if item.what]
    assert tags and all(item.box is not None and item.box.contains(item.rect) for item in tags)

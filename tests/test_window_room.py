"""Every table fills its window: the card-size and text-size settings only ever make things
larger, Chains' and Sovereign's Chain's rows use the room a large window gives, and the Cubes
board fits itself again when cards leave it."""

from __future__ import annotations

import pygame
import pytest

from game import registry
from game.registry import find_game
from game.session import Session
from scenes.shell.screens import table_class

SIZES = ((800, 600), (1280, 800), (1920, 1080))
CARD_SIZES = ("small", "normal", "large")


def laid_out_table(driver, game: str, size, card_size: str = "normal", seats: int = 3, seed: int = 3):
    driver.app.screen = pygame.display.set_mode(size)
    driver.app.settings["card_size"] = card_size
    names = ["Ana", "Ben", "Cleo"][:seats]
    config = {"seats": [{"name": n, "kind": "human" if i == 0 else "computer"} for i, n in enumerate(names)]}
    table = table_class(find_game(game))(driver.app, Session(game, config, seed))
    table.layout(size)
    return table


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_larger_card_size_never_makes_the_chains_cards_smaller(driver, size):
    """Small, Normal, Large: the chains' cards and the hand's never shrink from one to the next."""
    tables = [laid_out_table(driver, "chains", size, card_size) for card_size in CARD_SIZES]
    rows = [table.chain_w for table in tables]
    hands = [table.hand.width for table in tables]
    assert rows == sorted(rows) and hands == sorted(hands), (rows, hands)
    assert rows[2] > rows[0] and hands[2] > hands[0]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_large_text_keeps_the_games_descriptions_on_the_menu(driver, size):
    driver.app.screen = pygame.display.set_mode(size)
    driver.app.settings["large_text"] = True
    driver.app.apply_settings()
    menu = driver.app.top
    assert [button.note for button in menu.game_buttons] == [game.blurb for game in registry.GAMES]
    bottom = max(button.rect.bottom for button in menu.buttons())
    assert bottom <= size[1] and min(b.rect.top for b in menu.game_buttons) > menu.title_y


@pytest.mark.parametrize("size", ((1280, 800), (1920, 1080)), ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_short_chain_lies_card_beside_card_across_its_row(driver, size):
    table = laid_out_table(driver, "chains", size)
    slots, folded = table.chain_slots(6, table.chain_rows[0])
    assert folded == 0 and slots[1].center[0] - slots[0].center[0] >= table.chain_w
    long_slots, _ = table.chain_slots(30, table.chain_rows[0])
    assert long_slots[-1].rect.right <= table.chain_rows[0].right, "a long chain overlaps within its row"


@pytest.mark.parametrize("size", ((1280, 800), (1920, 1080)), ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", (2, 3))
def test_sovereigns_rows_grow_their_cards_and_the_log_takes_what_is_left(driver, size, players):
    """The rows' cards are as large as the rows' height allows, unless the log is down to the
    least it is given; the log then has the rest of the width."""
    from scenes.table.table import LOG_WIDTH_LEAST

    table = laid_out_table(driver, "sovereigns-chain", size, seats=players)
    assert table.chain_w == table.row_card_width(10**6) or table.log_rect.w == table.px(LOG_WIDTH_LEAST)
    assert table.log_rect.w >= table.px(LOG_WIDTH_LEAST)
    assert table.board.row(0).rect.right < table.log_rect.x


@pytest.mark.parametrize("size", ((1280, 800), (1920, 1080)), ids=lambda s: f"{s[0]}x{s[1]}")
def test_chains_rows_show_ten_cards_side_by_side_and_the_log_takes_what_is_left(driver, size):
    from scenes.games.chains.table import CHAIN_SHOWN
    from scenes.table.table import LOG_WIDTH_LEAST

    table = laid_out_table(driver, "chains", size)
    slots, folded = table.chain_slots(CHAIN_SHOWN, table.chain_rows[0])
    side_by_side = folded == 0 and slots[1].center[0] - slots[0].center[0] >= table.chain_w
    assert side_by_side or table.log_rect.w == table.px(LOG_WIDTH_LEAST)
    assert table.draw_pile.rect.right <= table.log_rect.x


def scoring_cubes_table(driver):
    """A Cubes table where the person's next placement closes a cube, and that placement."""
    from game.cubes import Place
    from game.cubes.rules import completions
    from scenes.games.cubes.table import CubesTable

    seats = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "computer", "difficulty": "normal"}]
    for seed in range(300):
        session = Session("cubes", {"seats": seats}, seed)
        while not session.game_over:
            legal = session.legal_actions()
            found = next((a for a in legal if isinstance(a, Place) and completions(session.state.board, a.x, a.y)), None)
            if session.to_move == 0 and found is not None:
                table = CubesTable(driver.app, session)
                driver.app.push(table)
                driver.frame()
                return table, found
            session.apply(legal[0])
    pytest.fail("no cube to close")


def test_the_cubes_board_fits_what_is_left_once_a_scored_cube_has_flown(driver):
    table, place = scoring_cubes_table(driver)
    before = table.zoom
    driver.drag(table.hand.card_center(table.current_view(), place.card), table.cell_center((place.x, place.y)))
    assert table.session.view(0).scores[0] > 0
    driver.wait(3.0)
    zoom, center = table.zoom, table.center
    table.fit()
    assert (zoom, center) == (table.zoom, table.center), "the view is the fit of the board left"
    assert zoom > before, "fewer cards: they come closer"

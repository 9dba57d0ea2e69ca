"""Every table fills its window: the card-size and text-size settings only ever make things
larger, and Large cards visibly so where the room allows (in the Settings preview too); Chains'
and Sovereign's Chain's rows use the room a large window gives; the other seats stand over the
move log, leaving the board the table's height, also under a replay's controls and a review's
panel; and the Cubes board fits itself again when cards leave it."""

from __future__ import annotations

import pygame
import pytest

from game import registry
from game.registry import find_game
from game.session import Session
from scenes.shell.screens import table_class
from scenes.ui import theme

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
    driver.app.settings["text_size"] = "large"
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
    from game.cubes.rules import Scored

    scored = [cell for event in table.stream.last_move.events if isinstance(event, Scored) for cell in event.cells()]
    table.fit(extra_cells=scored)
    assert zoom >= table.zoom and zoom != before, "fewer cards: they come no farther than with the cube still there"


LARGE_CLEARLY = 1.12  # Large's cards are at least this many times as wide as Normal's, where the window has room
ROOM_BOUND = {  # the board's card width, and whether the room (not the card-size setting) bounds it
    "chains": lambda table: (table.chain_w, table.chain_w < table.card_px(92)),
    "chainchain": lambda table: (table.pile_w, False),
    "cubes": lambda table: (table.zoom, table.zoom < table.card_px(96)),
    "linx": lambda table: (table.board.card_w, table.board.card_w < table.card_px(112)),
}


@pytest.mark.parametrize("size", ((1280, 800), (1920, 1080)), ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", list(ROOM_BOUND))
def test_large_cards_are_clearly_larger_than_normal_ones(driver, game, size):
    """The hand's cards, and the board's unless they fill the board's room already, grow by a
    factor a player sees (at 1280x800 the hand once went from 90 to 92 px and the chains' cards
    from 82 to 78); unless the hand gave way to a board its room bounds, its cards then as wide as
    the board's (Cubes at 1280x800: 92 to 103 px beside a board grown from 96 to 104 px)."""
    normal, large = (laid_out_table(driver, game, size, card_size) for card_size in ("normal", "large"))
    (normal_w, _), (large_w, filled) = ROOM_BOUND[game](normal), ROOM_BOUND[game](large)
    gave_way = filled and large.hand.width >= large_w - 1
    assert large.hand.width >= LARGE_CLEARLY * normal.hand.width or gave_way, (normal.hand.width, large.hand.width)
    assert large_w >= LARGE_CLEARLY * normal_w or (filled and large_w >= normal_w), (normal_w, large_w)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", ["chains", "chainchain", "linx", "cubes"])
def test_the_board_has_the_tables_height_beside_the_seats(driver, game, size):
    """Where the move log is shown, the other seats stand over it and the board starts under the
    top bar: no band of seats above it takes the board's height (the chains' cards were 40 to
    67 px in rows 670 px long); only where a column's boxes would be too short for the scoring
    cards LINX's seats show do they stay along the top."""
    table = laid_out_table(driver, game, size)
    if table.seats.column is None:
        assert game == "linx" and size == (800, 600)
        return
    assert table.middle.top - table.area.top <= table.px(14)
    log = table.log_rect
    for seat in table.seats.others():
        box = table.seats.box(seat)
        assert box.right <= log.right and box.left >= log.left and box.bottom <= log.top, (box, log)


def replay_and_review_tables(driver, size):
    from game.review import ReviewBudget
    from scenes.menus.replay import Replay
    from scenes.menus.review import ReviewScene

    driver.app.screen = pygame.display.set_mode(size)
    config = {"seats": [{"name": n, "kind": "human" if i == 0 else "computer"} for i, n in enumerate(["Ana", "Ben", "Cleo"])]}
    session = Session("chains", config, 3)
    while not session.game_over:
        session.apply(session.legal_actions()[0] if session.to_move == 0 else session.computer_action())
    replay = Replay(driver.app, session, table_class(session.descriptor))
    review = ReviewScene(driver.app, session, 0, table_class(session.descriptor), budget=ReviewBudget(search=5, deals=1))
    review.work.cancel()
    for scene in (replay, review):
        scene.layout(size)
    return replay.table, review.table


@pytest.mark.parametrize("size", ((1280, 800), (1920, 1080)), ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_replays_and_a_reviews_chains_are_nearly_the_tables_size(driver, size):
    """Under a replay's controls and a review's panel, the chains' cards are at least 80% as wide
    as at the table itself (a review's were 60%)."""
    table = laid_out_table(driver, "chains", size)
    for shown in replay_and_review_tables(driver, size):
        assert shown.chain_w >= 0.8 * table.chain_w, (shown.chain_w, table.chain_w)


@pytest.mark.parametrize("size", ((1280, 800), (1920, 1080)), ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_settings_preview_shows_the_card_size_chosen(driver, size, monkeypatch):
    from scenes.menus.settings import SettingsScene
    from scenes.ui import cardart

    driver.app.screen = pygame.display.set_mode(size)
    real_back = cardart.back
    drawn = []
    monkeypatch.setattr(cardart, "back", lambda width: drawn.append(width) or real_back(width))
    widths = {}
    for card_size in ("normal", "large"):
        driver.app.settings["card_size"] = card_size
        scene = SettingsScene(driver.app)
        scene.layout(size)
        drawn.clear()
        scene.draw(driver.app.screen)
        assert drawn, "the preview is drawn"
        widths[card_size] = drawn[-1]
    assert widths["large"] >= LARGE_CLEARLY * widths["normal"], widths


GROWING = ("normal", "larger", "largest")
GROWN_CLEARLY = 1.12  # each setting's hand cards at least this many times as wide as the one before, where the room allows


@pytest.mark.parametrize("size", ((1280, 800), (1920, 1080)), ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", ["chains", "chainchain", "linx", "sovereigns-chain", "sovereign-solitaire", "cubes"])
def test_cards_grow_from_normal_to_larger_to_largest_as_far_as_the_room_allows(driver, game, size):
    """Normal, Larger, Largest (text at Normal): the hand's cards never shrink from one to the
    next, nor the board's unless the hand is as large as the setting asks (Cubes' board gives it
    room); where the board has room the hand grows clearly at each step (Chain-Chain at 1280x800:
    92, 138, 183 px), and where the board's cards already fill their room the hand grows until its
    cards are as wide as the board's (Chains at 1280x800: 92, 105, 105 px beside rows of 92, 105,
    105 px; LINX: 92, 125, 125 px), never wider, or until the board would be smaller than at
    Normal (Sovereign's Chain)."""
    seats = 1 if game == "sovereign-solitaire" else 3
    driver.app.settings["text_size"] = "normal"
    driver.app.apply_settings()
    tables = [laid_out_table(driver, game, size, card_size, seats=seats) for card_size in GROWING]
    hands = [table.hand.width for table in tables]
    boards = [round(BOARD_CARD[game](table)) for table in tables]
    figures = f"hands {hands}, boards {boards}"
    assert hands == sorted(hands), figures
    for before, after, card_size in zip(tables, tables[1:], GROWING[1:]):
        wanted = after.px(92 * theme.CARD_SIZES[card_size])
        if after.hand.width < wanted:  # the hand gave way: to a board no smaller, its cards as wide as the board's, no wider
            board = BOARD_CARD[game](after)
            kept = board <= BOARD_CARD[game](tables[0]) + 1  # the board at its Normal size: the hand may grow no further
            assert board >= BOARD_CARD[game](before) - 1 and after.hand.width <= board + 1, figures
            assert kept or after.hand.width >= min(board, wanted) - 2, figures
        else:
            assert after.hand.width >= GROWN_CLEARLY * before.hand.width, figures


BOARD_CARD = {  # the board's card width, each table's own measure
    "chains": lambda table: table.chain_w,
    "chainchain": lambda table: table.pile_w,
    "linx": lambda table: table.builder.card_w,
    "sovereigns-chain": lambda table: table.chain_w,
    "sovereign-solitaire": lambda table: table.chain_w,
    "cubes": lambda table: table.zoom,
}


@pytest.mark.parametrize("size", ((800, 600), (1280, 800), (1920, 1080)), ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_cubes_boards_cards_never_shrink_from_normal_to_largest(driver, size):
    """Text and cards at Largest: the hand gives way until the board's cards are as wide as at
    Normal (at 1280x800 they went from 96 to 79 px beside a hand grown to 183 px), and the hand's
    cards are no narrower than at Normal; no text spills out of its box (Fit's word did, out of a
    button of a fixed height) nor lies over another."""
    from test_layout import problems

    for text_size in ("normal", "largest"):
        driver.app.settings["text_size"] = text_size
        driver.app.apply_settings()
        normal, largest = (laid_out_table(driver, "cubes", size, card_size) for card_size in ("normal", "largest"))
        figures = f"{text_size} text: boards {normal.zoom:.0f}, {largest.zoom:.0f}; hands {normal.hand.width}, {largest.hand.width}"
        assert largest.zoom >= normal.zoom - 1 and largest.hand.width >= normal.hand.width, figures
        assert not problems(largest, size)


def judged_linx_review(driver):
    """A LINX game played to its end by the rule of thumb (seed 7), its review judged briefly and
    ready, at the decision whose verdict is the longest (a chain of twelve, each card named)."""
    import time

    from game.review import Review
    from scenes.menus.review import ReviewScene
    from test_review import TINY

    seats = [{"name": "Ann"}, {"name": "Bot 1", "kind": "computer"}]
    session = Session("linx", {"seats": seats}, 7)
    person = session.descriptor.heuristic(7)
    while not session.game_over:
        session.apply(person.choose(session.view(0), session.legal_actions()) if session.to_move == 0
                      else session.computer_action())
    Review(session.to_save(), 0, budget=TINY).run()
    review = ReviewScene(driver.app, session, 0, table_class(session.descriptor))
    driver.app.push(review)
    for _ in range(2000):
        if review.ready:
            break
        time.sleep(0.01)
        driver.frame()
    longest = max(review.verdicts, key=lambda v: sum(len(text) for text, _ink in review.verdict_texts(v, True)))
    review.go_to_decision(longest)
    review.go(1)  # the move just made: its verdict, the chain laid named
    review.table.motion.clear()
    return review


def panel_words(review, size) -> str:
    from scenes.ui.widgets import recording

    review.layout(size)
    with recording() as drawn:
        review.draw(pygame.display.get_surface())
    return " ".join(text.what for text in drawn if text.rect.top >= review.bar.y)


def test_a_linx_review_with_the_largest_text_keeps_the_boards_cards_readable_at_800x600(driver):
    """The verdicts name a chain's cards one by one (twelve of them, on nine lines at the largest
    text): where the panel's lines cannot hold them and leave the table TABLE_LEAST of the
    window, the details go, and the board's cards stay readable (they were 24 px wide over an
    empty chain row, which in a review keeps only a strip: a chain laid flies from it); with
    normal text the panel keeps the details."""
    from scenes.menus.review import TABLE_LEAST

    driver.app.screen = pygame.display.set_mode((800, 600))
    review = judged_linx_review(driver)
    assert "chain of 12 (" in panel_words(review, (800, 600))
    driver.app.settings.update({"card_size": "largest", "text_size": "largest"})
    driver.app.apply_settings()
    words = panel_words(review, (800, 600))
    assert "chain of 12 and" in words and "chain of 12 (" not in words, words
    assert review.bar.y >= TABLE_LEAST * 600 and review.table.board.card_w >= 45, (review.bar, review.table.board.card_w)


@pytest.mark.parametrize("size", ((1024, 640), (1280, 800)), ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_linx_review_with_the_largest_text_keeps_the_board_clear_of_its_words_at_wide_windows(driver, size):
    """At 1024x640 and 1280x800 the verdicts without their details still leave the table under
    TABLE_LEAST of the window: the legend goes too (each verdict names its mark), and the track
    lies beside the Close button on the second row of buttons; the board's line then keeps above
    the prompt, and no text lies over another (the prompt lay over the board's cards)."""
    from test_layout import problems

    driver.app.screen = pygame.display.set_mode(size)
    review = judged_linx_review(driver)
    driver.app.settings.update({"card_size": "largest", "text_size": "largest"})
    driver.app.apply_settings()
    table, close = review.table, review.buttons[-1]
    assert not problems(review, size)
    assert table.board.anchor_row.rect.bottom <= table.middle.bottom, (table.board.anchor_row.rect, table.middle)
    assert review.legend_box.h == 0 and abs(review.track.centery - close.rect.centery) <= 1


@pytest.mark.parametrize("size", ((1024, 640), (1280, 800)), ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("seats", (2, 3, 6))
def test_the_linx_table_keeps_its_cards_readable_with_the_largest_text_and_cards(driver, size, seats):
    """Text and cards at Largest: the board's cards and the chain row's stay at least 40 px wide
    (the chain row's words and a prompt of three lines once left them 24 px), and no text lies
    over another text or a card."""
    from test_layout import problems

    driver.app.settings["text_size"] = "largest"
    driver.app.apply_settings()
    names = ["Ana", "Ben", "Cleo", "Dee", "Eli", "Fay"][:seats]
    config = {"seats": [{"name": n, "kind": "human" if i == 0 else "computer"} for i, n in enumerate(names)]}
    driver.app.screen = pygame.display.set_mode(size)
    driver.app.settings["card_size"] = "largest"
    table = table_class(find_game("linx"))(driver.app, Session("linx", config, 3))
    table.layout(size)
    figures = f"board {table.board.card_w} px, chain row {table.builder.card_w} px"
    assert table.board.card_w >= 40 and table.builder.card_w >= 40, figures
    assert not problems(table, size), figures

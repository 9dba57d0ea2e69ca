"""LINX through the real scenes: the human draws by clicking the piles, builds chains in the chain
row with the mouse (start anchor, hand cards dragged in order, end anchor, Lay) and discards by
dragging a card onto the discard pile."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ui_driver import Driver

from game.linx import LinxHeuristic, best_chain, longest_chain
from game.linx.rules import DISCARD, STOCK, ChainLaid, Discard, Draw, LayChain
from game.session import Session
from scenes.games.linx.builder import link_words
from scenes.games.linx.table import LinxTable
from scenes.menus.gameover import GameOver
from scenes.menus.setup import SetupScene
from scenes.ui import cardart, theme
from scenes.ui.widgets import recording, text_width
from test_layout import SIZES

SEATS = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "computer", "difficulty": "normal"}]
LONG_CHAIN = 6
WHOLE_GAME_SEED = "4"


def anchor_center(table: LinxTable, anchor):
    return table.anchor_centers[table.current_view().anchors.index(anchor)]


def drop_spot(table: LinxTable):
    """A point in the chain row after every card already in it."""
    return table.builder.lay_button.rect.x - table.px(10), table.builder.rect.centery


def build_by_mouse(driver: Driver, table: LinxTable, lay: LayChain) -> None:
    driver.click(anchor_center(table, lay.start))
    for card in lay.cards:
        driver.drag(table.hand.card_center(table.current_view(), card), drop_spot(table))
    driver.click(anchor_center(table, lay.end))


def best_long_chain(table: LinxTable) -> LayChain | None:
    """The human's plan: lay only a chain of six or more (the longest the hand has)."""
    view = table.current_view()
    chain = longest_chain(view.hand, view.anchors)
    if chain is None or chain.length < LONG_CHAIN:
        return None
    claims = [s for s in view.scoring_up if s.length <= chain.length]
    if not claims:
        return None
    return LayChain(chain.start, chain.cards, chain.end, max(claims, key=lambda s: s.points))


def human_move(driver: Driver, table: LinxTable, legal: list) -> None:
    view = table.current_view()
    if isinstance(legal[0], Draw):
        wanted = LinxHeuristic(1).choose(view, legal)
        rect = table.board.piles[wanted.source].rect
        driver.click(rect.center)
        return
    lay = best_long_chain(table)
    if lay is not None:
        build_by_mouse(driver, table, lay)
        assert table.builder.action() is not None and table.builder.action().cards == lay.cards
        driver.click(table.builder.lay_button.rect.center)
        return
    discard = next(a for a in LinxHeuristic(1).ranking(view, legal) if isinstance(a, Discard))
    driver.drag(table.hand.card_center(view, discard.card), table.board.discard_pile.center)


def test_whole_game_from_menu_through_the_mouse_with_a_long_chain_to_the_results(driver):
    menu = driver.app.top
    driver.click(next(b for b in menu.game_buttons if b.label == "LINX").rect.center)
    setup = driver.app.top
    assert isinstance(setup, SetupScene) and setup.game.name == "linx"
    driver.click(setup.seed.rect.center)
    driver.type_text(WHOLE_GAME_SEED)
    driver.click(setup.start_button.rect.center)
    table = driver.app.top
    assert isinstance(table, LinxTable)
    human_moves = 0
    for _ in range(40000):
        if isinstance(driver.app.top, GameOver):
            break
        legal = table.session.legal_actions() if table.my_turn and not table.motion.busy else []
        if legal:
            before = len(table.session.log)
            human_move(driver, table, legal)
            assert len(table.session.log) == before + 1, table.prompt_line.message
            human_moves += 1
        driver.frame(dt=0.05)
    else:
        pytest.fail("the game never reached the results screen")
    assert human_moves > 10
    laid = [e for m in table.session.moves for e in m.events if m.mover == 0 and isinstance(e, ChainLaid)]
    assert any(len(e.cards) >= LONG_CHAIN for e in laid), "the human laid a chain of six or more"
    view = table.session.view(None)
    assert view.draw_pile_count == 0 and view.winners
    rows = table.result_rows()
    assert [seat for seat, _cards, _summary in rows] == [0, 1]
    assert all(summary.startswith(f"{sum(s.points for s in cards)} points") for _seat, cards, summary in rows)


def open_laying(driver: Driver, seed: int) -> LinxTable:
    """The human's first turn, drawn, ready to lay or discard."""
    session = Session("linx", {"seats": SEATS}, seed)
    session.apply(Draw(STOCK))
    table = LinxTable(driver.app, session)
    driver.app.push(table)
    driver.wait(0.5)
    return table


def test_each_link_is_lit_with_what_it_shares_or_why_not_and_cancel_returns_the_cards(driver):
    table = open_laying(driver, 2)
    view = table.current_view()
    start = view.anchors[0]
    driver.click(table.anchor_centers[0])
    assert table.builder.start == start
    linked = next(c for c in view.hand if c.links(start))
    unlinked = next(c for c in view.hand if not c.links(linked) and c != linked)
    driver.drag(table.hand.card_center(view, linked), drop_spot(table))
    driver.drag(table.hand.card_center(table.current_view(), unlinked), drop_spot(table))
    assert table.builder.built == [linked, unlinked]
    assert link_words(start, linked)[0] and not link_words(linked, unlinked)[0]
    assert link_words(linked, unlinked)[1] == "no number or symbol shared"
    assert linked not in table.hand.cards(table.current_view())
    driver.click(table.builder.cancel_button.rect.center)
    assert table.builder.cards() == [] and set(table.hand.cards(table.current_view())) == set(view.hand)


def test_a_chain_card_dragged_to_the_front_reorders_the_chain(driver):
    table = open_laying(driver, 2)
    view = table.current_view()
    driver.click(table.anchor_centers[0])
    first, second = view.hand[0], view.hand[1]
    for card in (first, second):
        driver.drag(table.hand.card_center(table.current_view(), card), drop_spot(table))
    centers = table.chain_centers(len(table.builder.cards()))
    driver.drag(centers[2], (centers[1][0] - table.builder.card_w, centers[1][1]))
    assert table.builder.built == [second, first]


def test_the_best_claim_is_preselected_and_follows_the_chain_length(driver):
    for seed in range(200):
        session = Session("linx", {"seats": SEATS}, seed)
        session.apply(Draw(STOCK))
        chain = longest_chain(session.view(0).hand, session.view(0).anchors)
        if chain and any(s.length <= chain.length for s in session.view(0).scoring_up):
            break
    table = LinxTable(driver.app, session)
    driver.app.push(table)
    driver.wait(0.5)
    view = table.current_view()
    claims = [s for s in view.scoring_up if s.length <= chain.length]
    build_by_mouse(driver, table, LayChain(chain.start, chain.cards, chain.end, claims[0]))
    assert table.builder.claim.points == max(s.points for s in claims)
    assert f"Length {chain.length}" in table.builder.status(view)


def test_a_discard_by_drag_and_a_draw_by_clicking_the_discard_pile(driver):
    table = open_laying(driver, 5)
    view = table.current_view()
    card = view.hand[0]
    driver.drag(table.hand.card_center(view, card), table.board.discard_pile.center)
    assert table.session.log[-1] == {"type": "Discard", "card": card.code}
    for _ in range(200):
        if table.my_turn and not table.animating():
            break
        driver.wait(0.1)
    top = table.current_view().discard_top
    driver.click(table.board.piles[DISCARD].rect.center)
    assert top in table.current_view().hand


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_draw_prompt_says_one_card_with_ten_or_more_else_two_one_at_a_time(driver, size):
    """"With 10 or more cards in hand draw one card; with fewer, draw two, one at a time, deciding
    the source of the second after seeing the first": the prompt says which, whole, at every size."""
    driver.app.screen = pygame.display.set_mode(size)
    session = Session("linx", {"seats": SEATS}, 3)
    table = LinxTable(driver.app, session)
    driver.app.push(table)
    driver.wait(0.3)

    def prompt() -> str:
        words = table.prompt(table.current_view())
        assert text_width(words, table.px(19), bold=True) <= table.prompt_width() and "\u2026" not in words
        return words

    assert "hold 10" in prompt() and "draw one" in prompt() and "two" not in prompt()
    session.state.hands[0] = session.state.hands[0][:9]
    session.state.draws_left = 2
    assert "hold 9" in prompt() and "draw two, one at a time" in prompt()
    driver.click(table.board.piles[STOCK].rect.center)
    first = session.moves[-1].events[-1].card
    assert table.current_view().draws_left == 1 and "second" in prompt() and f"drew {first.label}" in prompt()
    while table.motion.busy:
        driver.frame(dt=0.05)
    driver.click(table.board.piles[DISCARD].rect.center)
    assert table.current_view().draws_left == 0 and "draw" not in prompt()


def test_the_setup_screen_offers_only_first_players_at_the_table(driver):
    """The youngest player begins: the first-player choices are the seats there are, no more."""
    setup = SetupScene(driver.app, "linx")
    driver.app.push(setup)
    driver.frame()
    first = setup.options["first"]
    assert [label for _value, label in first.choices] == [f"Seat {n}" for n in range(1, len(setup.rows) + 1)]
    first.value = len(setup.rows) - 1
    setup._add_seat()
    driver.frame()
    assert len(first.choices) == len(setup.rows)
    setup._remove_seat(setup.rows[-1])
    setup._remove_seat(setup.rows[-1])
    driver.frame()
    assert len(first.choices) == len(setup.rows) == 2 and first.value in (0, 1)


def test_the_match_target_is_typed_or_stepped_and_a_target_out_of_range_is_refused_at_start(driver):
    """"Any agreed score ... from 100 to 5,000": the field takes a typed number (the first digit
    replaces the one shown) or steps by 50; a number out of range is refused by the rules, with
    the range, and the screen keeps it to be mended."""
    setup = SetupScene(driver.app, "linx")
    driver.app.push(setup)
    driver.frame()
    driver.click(setup.options["match"].rect.center)
    target = setup.options["target"]
    assert target.value == 500 and target.enabled
    driver.click((target.rect.right - 4, target.rect.centery))
    assert target.value == 550
    driver.click((target.rect.x + 4, target.rect.centery))
    driver.click((target.rect.x + 4, target.rect.centery))
    assert target.value == 450
    driver.click(target.rect.center)
    driver.type_text("35")
    assert target.value == 35 and not target.in_range
    driver.click(setup.start_button.rect.center)
    assert driver.app.top is setup and target.value == 35
    assert setup.message == "Match target must be a whole number from 100 to 5,000, not 35"
    driver.click(target.rect.center)
    driver.key(pygame.K_BACKSPACE)
    driver.key(pygame.K_RETURN)
    assert target.value == 35, "a field left empty goes back to its number"
    driver.click(target.rect.center)
    driver.type_text("7")
    driver.key(pygame.K_UP)
    assert target.value == 100, "stepping is kept within the range"
    driver.key(pygame.K_BACKSPACE)
    driver.type_text("350")
    driver.key(pygame.K_RETURN)
    assert setup.table_config()["rules"]["target"] == 350


def test_the_match_target_is_inactive_in_one_game_and_active_in_match_play(driver):
    """One game has no target: the field is drawn inactive, says why, and neither steps nor
    takes typing; Match makes it count, and One game again makes it inactive."""
    setup = SetupScene(driver.app, "linx")
    driver.app.push(setup)
    driver.frame()
    match, target = setup.options["match"], setup.options["target"]

    def tried() -> bool:
        """Whether the field stepped when its right arrow was clicked (or took a click to type)."""
        before = target.value
        driver.click((target.rect.right - 4, target.rect.centery))
        driver.click(target.rect.center)
        taken = target.value != before or target.focused
        driver.click((1, 1))  # nothing there: typing ends
        return taken

    def says() -> str:
        with recording() as drawn:
            setup.draw(driver.app.screen)
        return " ".join(item.what for item in drawn)

    assert match.value is False
    assert not target.enabled and not tried()
    assert "number field (inactive)" in says() and "Counts in match play only" in says()
    driver.click(match.rect.center)
    assert match.value is True and target.enabled and tried()
    assert "number field (inactive)" not in says() and "Counts in match play only" not in says()
    driver.click(match.rect.center)
    assert match.value is False and not target.enabled and not tried()


@pytest.mark.parametrize("remembered, shown", [(750, 750), (350, 350), (35, 35), ("750", 500), (None, 500)])
def test_the_remembered_target_comes_back_and_one_that_is_no_number_gives_way_to_500(driver, remembered, shown):
    """The setup remembers the last target (an old save's 750 too); a number out of range comes
    back to be mended; anything that is no whole number gives way to the default."""
    driver.app.settings["last_setup"] = {"linx": {"rules": {"match": True, "target": remembered}}}
    setup = SetupScene(driver.app, "linx")
    driver.app.push(setup)
    driver.frame()
    assert setup.options["target"].value == shown


def test_six_seats_and_a_match_to_350_set_on_the_setup_play_to_the_end_through_the_mouse(driver):
    """Six seats and a target of 350, set on the setup screen with the mouse; the human plays
    every turn by mouse, game after game, until a game takes someone to 350 and ends the match."""
    menu = driver.app.top
    driver.click(next(b for b in menu.game_buttons if b.label == "LINX").rect.center)
    setup = driver.app.top
    driver.click(setup.seed.rect.center)
    driver.type_text("6")
    while len(setup.rows) < 6:
        driver.click(setup.add_button.rect.center)
    assert not setup.add_button.enabled, "six seats at most"
    match = setup.options["match"]
    driver.click((match.rect.right - 4, match.rect.centery))
    target = setup.options["target"]
    driver.click(target.rect.center)
    driver.type_text("350")
    driver.click(setup.start_button.rect.center)
    table = driver.app.top
    assert isinstance(table, LinxTable), setup.message
    session = table.session
    assert len(session.seats) == 6 and session.view(None).match and session.view(None).target == 350
    games = 0
    for _ in range(200000):
        top = driver.app.top
        if isinstance(top, GameOver):
            games += 1
            totals = session.rules.match_totals(session.state)
            if session.session_over:
                break
            assert max(totals) < 350 or totals.count(max(totals)) > 1
            driver.click(top.primary.rect.center)
            continue
        table = top
        legal = table.session.legal_actions() if table.my_turn and not table.motion.busy else []
        if legal:
            before = len(table.session.log)
            human_move(driver, table, legal)
            assert len(table.session.log) == before + 1, table.prompt_line.message
        driver.frame(dt=0.05)
    else:
        pytest.fail("the match never ended")
    winner = session.rules.match_winners(session.state)
    assert len(winner) == 1 and totals[winner[0]] >= 350
    assert top.headline() == f"{session.names[winner[0]]} wins the match!" and top.primary.label == "Play again"
    assert games >= 2, "this match goes on past its first game"


def test_the_hint_in_the_laying_step_fills_the_chain_row_and_enter_lays_it(driver):
    for seed in range(200):
        session = Session("linx", {"seats": SEATS}, seed)
        session.apply(Draw(STOCK))
        hint = LinxHeuristic(session.seed).choose(session.view(0), session.legal_actions())
        if isinstance(hint, LayChain):
            break
    table = LinxTable(driver.app, session)
    driver.app.push(table)
    driver.wait(0.5)
    driver.key(pygame.K_h)
    assert (table.builder.start, tuple(table.builder.built), table.builder.end, table.builder.claim) == (hint.start, hint.cards, hint.end, hint.scoring)
    driver.key(pygame.K_RETURN)
    assert [e.cards for m in session.moves for e in m.events if isinstance(e, ChainLaid)] == [hint.all_cards]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), picks=st.lists(st.integers(0, 10), min_size=1, max_size=6, unique=True),
       ends=st.tuples(st.integers(0, 3), st.integers(0, 3)).filter(lambda e: e[0] != e[1]))
def test_a_chain_the_row_lights_all_green_with_a_claim_is_exactly_one_the_rules_accept(driver, seed, picks, ends):
    session = Session("linx", {"seats": SEATS}, seed)
    session.apply(Draw(STOCK))
    table = LinxTable(driver.app, session)
    table.layout(driver.app.size)
    view = session.view(0)
    table.builder.start, table.builder.end = view.anchors[ends[0]], view.anchors[ends[1]]
    table.builder.built = [view.hand[i] for i in picks if i < len(view.hand)]
    table.builder.rechoose_claim()
    action = table.builder.action()
    all_green = all(link_words(a, b)[0] for a, b in zip(table.builder.cards(), table.builder.cards()[1:]))
    if action is None:
        assert not table.builder.built or not table.builder.claimable()
    else:
        assert session.rules.is_legal(session.state, action) == all_green


# ---------------------------------------------------------------- the keyboard


def laying_with_a_chain(driver: Driver, shortest: int = 4):
    """The human's laying step, drawn, holding a chain of `shortest` or more that may claim a card."""
    for seed in range(300):
        session = Session("linx", {"seats": SEATS}, seed)
        session.apply(Draw(STOCK))
        view = session.view(0)
        chain = longest_chain(view.hand, view.anchors)
        if chain and chain.length >= shortest and sum(s.length <= chain.length for s in view.scoring_up) >= 2:
            break
    table = LinxTable(driver.app, session)
    driver.app.push(table)
    driver.wait(0.5)
    return table, chain


def go_to(driver: Driver, table: LinxTable, row: str, target) -> None:
    """Up/Down to `row`, then Right until the cursor is on `target`."""
    for _ in range(4):
        if table.focus.row == row:
            break
        rows = table.open_rows(table.current_view())
        up = table.focus.row is None or rows.index(row) < rows.index(table.focus.row)
        driver.key(pygame.K_UP if up else pygame.K_DOWN)
    assert table.focus.row == row
    for _ in range(20):
        if table.focused(table.current_view()) == target:
            return
        driver.key(pygame.K_RIGHT)
    pytest.fail(f"the cursor never reached {target} in the {row} row")


def test_a_whole_chain_built_moved_pruned_claimed_and_laid_by_keyboard_only(driver):
    """Up/Down pick a row, Left/Right a card, Enter adds, picks or lifts, Delete takes a card out, L lays."""
    table, chain = laying_with_a_chain(driver)
    view = table.current_view()
    go_to(driver, table, "table", ("anchor", chain.start))
    driver.key(pygame.K_RETURN)
    assert table.builder.start == chain.start
    stray = next(c for c in view.hand if c not in chain.cards)
    order = [*chain.cards[:-2], chain.cards[-1], stray, chain.cards[-2]]
    for card in order:
        go_to(driver, table, "hand", card)
        driver.key(pygame.K_RETURN)
    assert table.builder.built == order
    go_to(driver, table, "chain", stray)
    driver.key(pygame.K_DELETE)
    assert stray not in table.builder.built and stray in table.hand.cards(table.current_view())
    go_to(driver, table, "chain", chain.cards[-2])
    driver.key(pygame.K_RETURN)
    assert table.focus.holding
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_RETURN)
    assert not table.focus.holding and tuple(table.builder.built) == chain.cards
    go_to(driver, table, "table", ("anchor", chain.end))
    driver.key(pygame.K_RETURN)
    assert table.builder.end == chain.end
    best, lesser = table.builder.claimable()[:2]
    assert table.builder.claim == best, "the best claim is preselected"
    go_to(driver, table, "table", ("scoring", lesser))
    driver.key(pygame.K_RETURN)
    assert table.builder.claim == lesser
    driver.key(pygame.K_l)
    assert table.session.moves[1].events[0] == ChainLaid(0, chain.all_cards, lesser)


def test_c_cancels_the_chain_and_an_anchor_leaves_it_by_delete(driver):
    table, chain = laying_with_a_chain(driver)
    go_to(driver, table, "table", ("anchor", chain.start))
    driver.key(pygame.K_RETURN)
    go_to(driver, table, "hand", chain.cards[0])
    driver.key(pygame.K_RETURN)
    go_to(driver, table, "chain", chain.start)
    driver.key(pygame.K_BACKSPACE)
    assert table.builder.start is None and table.builder.built == [chain.cards[0]]
    driver.key(pygame.K_c)
    assert table.builder.cards() == [] and table.prompt_line.notice.startswith("Chain cancelled")


def test_draws_and_a_discard_by_keyboard_only(driver):
    """The cursor starts on the piles while drawing; Enter on the discard pile discards the hand card picked."""
    session = Session("linx", {"seats": SEATS}, 7)
    table = LinxTable(driver.app, session)
    driver.app.push(table)
    driver.wait(0.5)
    driver.key(pygame.K_RIGHT)
    assert table.focus.row == "table" and table.choice in (Draw(STOCK), Draw(DISCARD))
    assert table.prompt_line.notice.startswith("Enter: ")
    go_to(driver, table, "table", ("pile", STOCK))
    driver.key(pygame.K_RETURN)
    assert session.log == [{"type": "Draw", "source": STOCK}]
    driver.wait(0.5)
    assert table.focus.row == "hand", "after the draw the cursor goes to the hand"
    card = table.hand.cards(table.current_view())[2]
    go_to(driver, table, "hand", card)
    go_to(driver, table, "table", ("pile", DISCARD))
    assert table.prompt_line.notice == f"Enter discards {card.label}"
    driver.key(pygame.K_RETURN)
    assert session.log[-1] == {"type": "Discard", "card": card.code}


def test_the_keys_are_shown_in_the_empty_chain_row_and_on_the_help_page(driver):
    from scenes.ui.widgets import recording

    table = open_laying(driver, 3)
    with recording() as drawn:
        table.draw(driver.app.screen)
    shown = " ".join(item.what for item in drawn)
    assert all(key in shown for key in ("Keys: Up/Down a row", "Left/Right a card", "L lays", "C cancels"))
    help_text = table.keys_help()
    assert "Delete or Backspace returns a chain card" in help_text and "L lays the chain" in help_text


# ---------------------------------------------------------------- match play on the results screen

COMPUTERS = [{"name": name, "kind": "computer", "difficulty": "easy"} for name in ("Ana", "Ben", "Cleo")]


def finished_match_game(match_scores, seed: int = 11) -> Session:
    session = Session("linx", {"seats": COMPUTERS, "rules": {"match": True, "target": 500,
                                                              "match_scores": match_scores}}, seed)
    while not session.game_over:
        session.apply(session.computer_action())
    return session


def results_of(driver: Driver, session: Session) -> GameOver:
    driver.app.screens.table(session)
    for _ in range(100):
        if isinstance(driver.app.top, GameOver):
            return driver.app.top
        driver.wait(0.1)
    pytest.fail("no results screen")


def test_a_tied_match_plays_on_among_the_tied_seats_only(driver):
    """"A tied match is settled by another game among the tied players only": the results say the
    match table and who plays on; Next game deals in the tied seats alone; its winner wins the match."""
    first = finished_match_game([0, 0, 0])
    gains = first.rules.match_totals(first.state)
    tied = sorted(sorted(range(3), key=lambda seat: -gains[seat])[:2])  # in seat order, as play goes
    scores = [600 - gains[seat] if seat in tied else 0 for seat in range(3)]
    session = finished_match_game(scores)
    over = results_of(driver, session)
    totals = session.rules.match_totals(session.state)
    assert [totals[seat] for seat in tied] == [600, 600]
    note = over.table.result_note()
    names = " and ".join(session.names[seat] for seat in tied)
    assert f"Tied at the top: {names} play another game" in note and "Match to 500: " in note
    assert over.primary.label == "Next game"
    assert all("+" in summary and f"match {totals[seat]}/500" in summary for seat, _c, summary in over.table.result_rows())
    assert not any(over.row_line(seat, summary).startswith("wins:") for seat, _c, summary in over.table.result_rows()), \
        "a match counts points, not the session's wins"
    driver.click(over.primary.rect.center)
    table = driver.app.top
    assert isinstance(table, LinxTable)
    view = session.view(None)
    assert view.tiebreak and view.seats_in == tuple(tied) and view.match_scores == totals
    left_out = next(seat for seat in range(3) if seat not in tied)
    assert view.hand_counts[left_out] == 0
    while not session.game_over:
        session.apply(session.computer_action())
    over = results_of(driver, session)
    assert sorted(seat for seat, _cards, _summary in over.table.result_rows()) == tied
    winner = session.rules.match_winners(session.state)
    assert winner, "this deal's tie-break game has one winner"
    assert over.headline() == f"{session.names[winner[0]]} wins the match!" and over.primary.label == "Play again"
    assert over.table.result_note().startswith("Match to 500: ")


def test_the_hint_shows_the_best_chain_now_and_a_card_the_hand_is_one_card_short_for(driver):
    """A hint button shows the best chain the hand can make now, and one it is one card short of."""
    for seed in range(300):
        session = Session("linx", {"seats": SEATS}, seed)
        session.apply(Draw(STOCK))
        view = session.view(0)
        best = best_chain(view.hand, view.anchors, view.scoring_up)
        hint = LinxHeuristic(session.seed).choose(view, session.legal_actions())
        if best is not None and isinstance(hint, Discard):
            break
    table = LinxTable(driver.app, session)
    driver.app.push(table)
    driver.wait(0.5)
    driver.key(pygame.K_h)
    chain, scoring = best
    assert (table.builder.start, tuple(table.builder.built), table.builder.end, table.builder.claim) == (chain.start, chain.cards, chain.end, scoring)
    assert table.choice == hint and "L lays the best chain now" in table.prompt_line.notice
    _best, short = table.advice(view)
    assert short is not None, "this deal's hand is one card short of a longer chain"
    extra, longer = short
    assert extra not in view.hand and longer.length > chain.length
    assert max(s.points for s in view.scoring_up if s.length <= longer.length) > scoring.points
    assert table.builder.short_note.startswith(f"One card short: {extra.label} would make a chain of {longer.length}")
    driver.key(pygame.K_l)
    assert isinstance(session.moves[1].events[0], ChainLaid) and session.moves[1].events[0].cards == chain.all_cards


# ---------------------------------------------------------------- every size

SIX = [{"name": name, "kind": "human" if i == 0 else "computer", "difficulty": "easy"}
       for i, name in enumerate(["Ana", "Benedict", "Cleopatra", "Dev", "Eli", "Finnegan"])]


def six_seats_mid_build(app) -> LinxTable:
    """Six seats, several with scoring cards claimed (the human too), the human laying: a chain
    row of a start anchor and cards ending in a broken link, a hint's one-card-short line, the
    keyboard cursor lifting a chain card."""
    session = Session("linx", {"seats": SIX, "rules": {"match": True}}, 3)
    while len(session.log) < 18 or session.to_move != 0 or session.view(0).draws_left:
        player = LinxHeuristic(1) if session.to_move == 0 else None
        session.apply(player.choose(session.view(0), session.legal_actions()) if player else session.computer_action())
    view = session.view(0)
    assert sum(bool(claimed) for claimed in view.claimed) >= 3 and view.claimed[0]
    table = LinxTable(app, session)
    table.layout(app.size)
    table.builder.start = view.anchors[0]
    table.builder.built = list(view.hand[:3])
    table.builder.short_note = "One card short: 15 Diamond would make a chain of 12 (for 150)"
    table.focus.row, table.focus.spot, table.focus.holding = "chain", 1, True
    return table


@pytest.mark.parametrize("look", ["normal", "large", "largest"])
def test_the_chain_builder_mid_build_with_six_seats_fits_at_every_size(driver, look):
    """Text and cards at Normal, Large and Largest (200%): at 1024x640 and 1280x800 with the
    largest, where a row of five seats along the top would leave the board and the chain row too
    little height (the chain row's words ran into the prompt), the seats stand over the move log."""
    from test_layout import SIZES, problems

    app = driver.app
    app.settings["text_size"] = app.settings["card_size"] = look
    app.apply_settings()
    report = []
    for size in SIZES:
        app.screen = pygame.display.set_mode(size)
        table = six_seats_mid_build(app)
        app.reset_to(table)
        report += [f"{size}: {problem}" for problem in problems(table, size)]
        if look == "largest":
            assert table.seats.column is not None, f"{size}: the seats stand over the move log"
    assert not report, "\n".join(report[:40])


def test_claimed_scoring_cards_are_shown_by_each_seat_at_1024x640_with_six_seats(driver):
    driver.app.screen = pygame.display.set_mode((1024, 640))
    table = six_seats_mid_build(driver.app)
    view = table.current_view()
    assert table.own_claims_w() >= 30
    for seat in table.seats.others():
        assert table.seats.shows_cards(seat), "the box has room for the cards, at 12 px figures"
        assert "(" not in table.seat_note(view, seat), "the points are not listed again"
    assert table.seat_shown(view, 0) == sorted(view.claimed[0], key=lambda s: -s.points)


def test_a_chain_laid_flies_away_and_new_anchors_and_a_scoring_card_are_dealt_with_motion(driver):
    table, chain = laying_with_a_chain(driver)
    view = table.current_view()
    claim = max((s for s in view.scoring_up if s.length <= chain.length), key=lambda s: s.points)
    table.perform(LayChain(chain.start, chain.cards, chain.end, claim))
    flights = [flight for step in table.motion.queue for flight in step]
    new_view = table.current_view()
    dealt = [f for f in flights if f.card in new_view.anchors or f.card in new_view.scoring_up]
    assert {f.card for f in dealt} == {*(a for a in new_view.anchors if a not in view.anchors),
                                       *(s for s in new_view.scoring_up if s not in view.scoring_up)}
    assert all(f.start != f.end and f.flash for f in dealt)
    assert sum(f.card in chain.all_cards for f in flights) == chain.length


def test_the_results_of_six_seats_keep_every_scoring_card_above_the_buttons_at_1024x640(driver):
    driver.app.screen = pygame.display.set_mode((1024, 640))
    seats = [{"name": f"Seat {n}", "kind": "computer", "difficulty": "easy"} for n in range(6)]
    session = Session("linx", {"seats": seats, "rules": {"match": True}}, 3)
    while not session.game_over:
        session.apply(session.computer_action())
    over = results_of(driver, session)
    card_h = int(over.card_w * theme.CARD_RATIO)
    assert over.card_w >= LinxTable.result_card_min_w
    assert over.rows_top + sum(over.row_heights[:-1]) + card_h <= over.primary.rect.y


# ---------------------------------------------------------------- the cards and the colours


def test_link_marks_read_on_the_chain_row_and_symbols_stand_out_on_the_card():
    """Link words are text on the chain row (4.5:1); a symbol is a shape on the card face (3:1)."""
    from test_contrast import contrast

    from scenes.games.linx.cards import SYMBOL_COLOURS
    from scenes.games.linx.builder import LINK_BAD, LINK_OK

    assert all(contrast(ink, theme.FELT_DARK) >= 4.5 for ink in (LINK_OK, LINK_BAD))
    assert all(contrast(colour, theme.CARD_FACE) >= 3 for colour in SYMBOL_COLOURS.values())


def test_each_symbol_has_its_own_shape_so_the_deck_reads_in_greyscale(driver):
    """Each symbol is always printed in its own colour and its own shape: with the colour taken
    away, the six silhouettes of the same number still differ."""
    from game.linx.cards import DECK, card
    from scenes.games.linx.cards import paint_linx_card

    def silhouette(symbol: str) -> set:
        face = paint_linx_card(card(f"7{symbol}"), 80)
        w, h = face.get_size()
        return {(x, y) for x in range(w) for y in range(h // 3, h)
                if sum(face.get_at((x, y))[:3]) < 600 and face.get_at((x, y))[3] == 255}

    shapes = {code: silhouette(code) for code in DECK.symbols}
    for a, b in [(a, b) for a in shapes for b in shapes if a < b]:
        assert len(shapes[a] ^ shapes[b]) > 0.2 * min(len(shapes[a]), len(shapes[b])), (a, b)


def test_the_scoring_cards_a_finished_chain_is_too_short_for_are_veiled_live(driver):
    """The scoring cards the chain can claim update live: those it is too short for are veiled."""
    table, chain = laying_with_a_chain(driver)
    view = table.current_view()
    table.builder.start, table.builder.built, table.builder.end = chain.start, list(chain.cards), chain.end
    assert table.builder.out_of_reach(view) == {s for s in view.scoring_up if s.length > chain.length}
    table.builder.built = list(chain.cards[:1])
    assert table.builder.out_of_reach(view) == {s for s in view.scoring_up if s.length > 3}
    table.builder.end = None
    assert table.builder.out_of_reach(view) == set(), "nothing is veiled before the chain has both ends"


def test_of_two_equal_scoring_cards_face_up_only_the_claimed_place_glows(driver, monkeypatch):
    """The deck holds three of each scoring card: when two equal ones lie face up, the claim
    lights one card, not both."""
    table, _chain = laying_with_a_chain(driver)
    view = table.current_view()
    twin = view.scoring_up[0]
    halos = []
    real_glow = cardart.glow
    monkeypatch.setattr(cardart, "glow", lambda width: halos.append(width) or real_glow(width))
    table.draw_row(driver.app.screen, "Scoring cards", [twin, twin, view.scoring_up[1]], table.scoring_centers,
                   set(), "scoring", {twin})
    assert len(halos) == 1


def computer_to_lay(seed: int = 1) -> tuple[Session, LayChain]:
    """Ana draws and discards until Ben (a computer), having drawn, can lay a chain: the session and
    his longest chain."""
    session = Session("linx", {"seats": SEATS}, seed)
    while not (session.to_move == 1 and any(isinstance(a, LayChain) for a in session.legal_actions())):
        legal = session.legal_actions()
        session.apply(next((a for a in legal if isinstance(a, Draw)), None) or next(a for a in legal if isinstance(a, Discard)))
    return session, max((a for a in session.legal_actions() if isinstance(a, LayChain)), key=lambda a: len(a.cards))


def test_the_draw_buttons_are_offered_once_a_computers_chain_and_the_cards_dealt_after_it_have_landed(driver):
    session, lay = computer_to_lay()
    table = LinxTable(driver.app, session)
    driver.app.push(table)
    table.perform(lay)
    flights = [flight for step in table.motion.queue for flight in step]
    assert any(f.flash for f in flights) and any(f.card in lay.cards for f in flights), "dealt cards and the chain fly"
    landed = max(f.delay + f.duration + f.hold for f in flights)
    waited = 0.0
    while not (table.my_turn and all(button.enabled for button, _draw in table.action_buttons())) and waited < 5:
        driver.frame(dt=0.05)
        waited += 0.05
    assert session.to_move == 0 and waited <= landed + 0.1, f"Ana waited {waited:.2f} s for flights of {landed:.2f} s"


def test_the_chain_row_keeps_only_the_link_lines_its_cards_need(driver, monkeypatch):
    """Cards as narrow as they come keep all LINK_ROWS lines for the links' words; at 1024x640
    (six seats along the top) the cards of the longest chain lie far enough apart for fewer,
    and the board's line and the chain row grow with the height saved."""
    from scenes.games.linx.builder import LINK_ROWS, ChainBuilder
    from test_layout import problems

    app = driver.app
    app.screen = pygame.display.set_mode((1024, 640))
    table = six_seats_mid_build(app)
    table.seat_cards_shown = True
    table.lay_out_hand(app.size)
    saving = table.builder.link_rows, table.board.card_w, table.builder.card_w
    assert not problems(table, app.size, lay_out=False)
    table.builder.words_h(card_w=24)
    assert table.builder.link_rows == LINK_ROWS
    monkeypatch.setattr(ChainBuilder, "link_lines", lambda builder, room, card_w: LINK_ROWS)
    table.lay_out_hand(app.size)
    assert saving[0] < LINK_ROWS
    assert saving[1] > table.board.card_w and saving[2] >= table.builder.card_w

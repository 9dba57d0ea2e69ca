"""Sovereign's Chain solitaire through the real scenes: from the menu (no seats to set) to the
result, cards dragged onto places, the discard pile clicked under Hostile Orbit, an undo and a
hint on the way; a whole deal by keyboard only; numbered, daily and winnable deals; the result's
retry and new deal."""

from __future__ import annotations

from datetime import date

import pygame
import pytest

from game import storage
from game.session import Session
from game.sovereign.actions import PlaceModifier, PlayDiscardOn, PlayOn, SolitaireEnded
from game.sovereign.solitaire import SOLITAIRE, WINNABLE_NODES, SolitaireHint, daily_deal, winnable_deal
from game.sovereign.solver import solve
from game.sovereign.state import Tokens
from scenes.games.sovereign.solitaire_table import SolitaireTable
from scenes.menus.confirm import Confirm
from scenes.menus.gameover import GameOver
from scenes.menus.rules_sheet import RulesSheet
from scenes.menus.setup import SetupScene
from scenes.menus.table_menu import TableMenu
from scenes.table.choosing import action_cards
from test_ui_sovereign import by_mouse

ANA = {"seats": [{"name": "Ana", "kind": "human"}]}


def play_by_mouse(driver, table: SolitaireTable, action) -> None:
    if isinstance(action, PlayOn):
        view = table.current_view()
        driver.drag(table.hand.card_center(view, action.card), table.place_center(0, action.place))
    elif isinstance(action, PlayDiscardOn):
        driver.click(table.discard_pile.center)
        driver.click(table.place_center(0, action.place))
    else:
        by_mouse(driver, table, action)


def wait_for_searches(driver, table: SolitaireTable) -> None:
    """Frames until the table's solver work (the winnable check, a hint) is done."""
    for _ in range(4000):
        driver.frame()
        if table.check is None and table.hinting is None:
            return
    pytest.fail("the search never ended")


def play_on_if_offered(driver) -> bool:
    """Answer "Play on" when the table offers to end a deal that can no longer be won."""
    if isinstance(driver.app.top, Confirm) and driver.app.top.question == "This deal can no longer be won":
        driver.click(driver.app.top.no.rect.center)
        return True
    return False


def test_a_whole_solitaire_from_the_menu_through_the_mouse_to_the_result(driver):
    """Each turn: play one card on a place one value below it; win with seven places of one suit,
    lose when no card can be played."""
    menu = driver.app.top
    driver.click(next(b for b in menu.game_buttons if b.label == "Sovereign's Chain: Solitaire").rect.center)
    setup = driver.app.top
    assert isinstance(setup, SetupScene) and setup.solo and all(r.name.rect.w == 0 for r in setup.rows)
    driver.click(setup.seed.rect.center)
    driver.type_text("4")
    driver.click(setup.start_button.rect.center)
    table = driver.app.top
    assert isinstance(table, SolitaireTable) and table.session.names == ["You"]
    plays = 0
    undone = hinted = False
    for _ in range(20000):
        if isinstance(driver.app.top, GameOver):
            break
        play_on_if_offered(driver)
        if table.my_turn and not hinted:
            driver.click(table.hint_button.rect.center)
            wait_for_searches(driver, table)
            assert table.choice in table.session.legal_actions() and table.prompt_line.notice.startswith("Hint: ")
            hinted = True
        if table.my_turn and not undone and table.session.can_undo:
            before = len(table.session.log)
            driver.click(table.commands.undo_button.rect.center)
            assert len(table.session.log) < before, "Undo takes the play back (no card was drawn since)"
            undone = True
        if table.my_turn:
            legal = table.session.legal_actions()
            action = SolitaireHint(1).choose(table.current_view(), legal)
            before = len(table.session.log)
            play_by_mouse(driver, table, action)
            assert len(table.session.log) == before + 1, (action, table.prompt_line.message)
            plays += isinstance(action, (PlayOn, PlayDiscardOn))
        driver.frame(dt=0.05)
    else:
        pytest.fail("the solitaire never reached its result")
    assert undone and hinted and table.session.game_assisted
    view = table.session.view(None)
    (_seat, _cards, summary), = table.result_rows()
    assert table.session.config["rules"]["deal"] == 4 and table.title() == "Solitaire \u00b7 Deal #4"
    over = next(event for move in table.session.moves for event in move.events if isinstance(event, SolitaireEnded))
    assert over.turns == table.session.turns_taken(0) == view.turns - 1
    assert plays > 5 and summary.startswith(f"Deal #4: {'won' if view.winners else 'lost'} after {over.turns} turns")


def test_a_card_dropped_on_a_place_it_cannot_cover_snaps_back_with_the_reason(driver):
    """To play a card its value must be exactly one higher than the current value of the card it covers."""
    for seed in range(50):
        session = Session("sovereign-solitaire", {"seats": [{"name": "Ana", "kind": "human"}]}, seed)
        legal = session.legal_actions()
        bad = [(card, i) for card in session.state.hands[0] for i in range(7) if PlayOn(card, i) not in legal]
        if bad:
            break
    table = SolitaireTable(driver.app, session)
    driver.app.push(table)
    driver.frame()
    card, position = bad[0]
    reason = session.why_illegal(PlayOn(card, position))
    driver.drag(table.hand.card_center(table.current_view(), card), table.place_center(0, position))
    assert session.log == [] and table.prompt_line.message == reason[:1].upper() + reason[1:]


def by_keys(driver, table: SolitaireTable, action) -> None:
    """Make `action` by keyboard only: its own key, else Left/Right to its hand card (or to the
    moves on the table) and Up/Down to the move, then Enter."""
    keyed = {move: key.codes[0] for key, move in table.key_actions().items()}
    if action in keyed:
        driver.key(keyed[action])
        return
    card = next(iter(action_cards(action)), None)
    for _ in range(60):
        if table.choice == action:
            break
        on_card = card is not None and table.hand.selected == card
        on_table = card is None and table.hand.selected is None and table.choice in table.table_moves()
        driver.key(pygame.K_DOWN if on_card or on_table else pygame.K_RIGHT)
    assert table.choice == action and table.action_spot(action) is not None, "the picked move is lit"
    driver.key(pygame.K_RETURN)


def test_a_whole_deal_by_keyboard_every_choice_reachable(driver):
    """Keyboard play of the whole mode, to the result: hand cards, the places they go, ability
    targets, suits, tokens, Skip and End turn (a token is placed whenever one may be)."""
    wanted = {"PlayOn", "SetSuit", "PlaceModifier", "Discard", "EndTurn"}
    kinds = set()
    for deal in (50, 87, 149, 43, 1):  # deals whose hint line soon meets each kind of choice
        session = Session("sovereign-solitaire", {**ANA, "rules": {"deal": deal}}, 1)
        driver.app.screens.table(session)
        table = driver.app.top
        hint = SolitaireHint(2)
        for _ in range(5000):
            if isinstance(driver.app.top, GameOver):
                break
            play_on_if_offered(driver)
            if table.my_turn and not table.animating():
                legal = session.legal_actions()
                tokens = [a for a in legal if isinstance(a, PlaceModifier)]
                action = tokens[-1] if tokens else hint.choose(table.current_view(), legal)
                before = len(session.log)
                by_keys(driver, table, action)
                assert len(session.log) == before + 1, action
                kinds.add(type(action).__name__)
            driver.frame(dt=0.5)
        else:
            pytest.fail("the deal never ended")
        if wanted <= kinds:
            return
    pytest.fail(f"not every kind of choice came up: {sorted(kinds)}")


def test_the_deal_number_replays_the_deal_and_the_title_names_it():
    """A numbered deal to replay: deal n is the same cards whatever the session's seed."""
    one = Session("sovereign-solitaire", {**ANA, "rules": {"deal": 12345}}, 1)
    two = Session("sovereign-solitaire", {**ANA, "rules": {"deal": 12345}}, 2)
    assert one.state.chains == two.state.chains and one.state.hands == two.state.hands
    assert one.state.chains == SOLITAIRE.setup({"players": 1}, 12345).chains


def test_the_daily_deal_is_the_dates_deal_the_same_everywhere_and_winnable(driver):
    """The same deal for everyone on a date: a fixed hash of the ISO date, not Python's hash()."""
    assert daily_deal(date(2026, 11, 23)) == 136269
    assert daily_deal(date(2026, 11, 24)) != daily_deal(date(2026, 11, 23))
    driver.app.screens.setup("sovereign-solitaire")
    setup = driver.app.top
    driver.click(setup.daily_button.rect.center)
    table = driver.app.top
    rules = table.session.config["rules"]
    assert isinstance(table, SolitaireTable) and rules["daily"] and rules["winnable"]
    assert rules["deal"] >= daily_deal(date.today()) and table.title().endswith("daily deal")
    assert solve(table.session.state, SOLITAIRE, node_limit=WINNABLE_NODES)[0] is True


def test_winnable_only_deals_a_deal_the_solver_proves_and_marks_it(driver):
    """With "winnable deals only", a new deal is the first from the typed number the solver
    proves winnable; the table marks it winnable; the setting is remembered."""
    driver.app.screens.setup("sovereign-solitaire")
    setup = driver.app.top
    while not setup.winnable.value:
        driver.click(setup.winnable.rect.center)
    driver.click(setup.seed.rect.center)
    driver.type_text("48")
    driver.click(setup.start_button.rect.center)
    table = driver.app.top
    deal = table.session.config["rules"]["deal"]
    assert deal >= 48 and table.title() == f"Solitaire \u00b7 Deal #{deal} \u00b7 winnable"
    skipped = [solve(SOLITAIRE.setup({"players": 1}, n), SOLITAIRE, node_limit=WINNABLE_NODES)[0] for n in range(48, deal)]
    assert True not in skipped
    assert driver.app.settings["last_setup"]["sovereign-solitaire"]["winnable"] is True


def finished_table(driver, rules: dict, seed: int = 7, player_seed: int = 0) -> SolitaireTable:
    """A deal played by the rule of thumb to its end, on the table with its result screen up."""
    session = Session("sovereign-solitaire", {**ANA, "rules": rules}, seed)
    player = SolitaireHint(player_seed)
    while not session.game_over:
        session.apply(player.choose(session.view(0), session.legal_actions()))
    storage.forget_game()  # the table opened before is no game of the player's: nothing to ask
    driver.app.screens.table(session)
    table = driver.app.top
    assert driver.frames_until(lambda: isinstance(driver.app.top, GameOver), 200, dt=0.1), "no result screen"
    return table


def test_the_result_offers_the_same_deal_again_and_a_new_deal(driver):
    """The result screen offers a retry of the same deal and a new deal."""
    table = finished_table(driver, {"deal": 21, "winnable": True})
    result = driver.app.top
    assert [b.label for b in result.buttons] == ["Retry deal", "New deal", "Review", "Menu"]
    driver.click(result.retry.rect.center)
    retry = driver.app.top
    assert isinstance(retry, SolitaireTable) and retry.session.config["rules"]["deal"] == 21
    assert retry.session.state.chains == SOLITAIRE.setup({"players": 1}, 21).chains
    assert retry.session.seed != table.session.seed, "a retry is a game of its own in the statistics"
    table = finished_table(driver, {"deal": 21, "winnable": True})
    driver.key(pygame.K_r)
    assert driver.app.top.session.config["rules"]["deal"] == 21, "R: the same deal again"
    table = finished_table(driver, {"deal": 21, "winnable": True})
    driver.key(pygame.K_n)
    fresh = driver.app.top.session.config["rules"]
    assert fresh["winnable"] and fresh["deal"] != 21
    assert solve(SOLITAIRE.setup({"players": 1}, fresh["deal"]), SOLITAIRE, node_limit=WINNABLE_NODES)[0] is True


def won_session(rules: dict, seed: int) -> Session:
    rules = {**rules, "deal": winnable_deal(rules["deal"])}
    session = Session("sovereign-solitaire", {**ANA, "rules": rules}, seed)
    won, line = solve(session.state, SOLITAIRE, node_limit=WINNABLE_NODES)
    assert won
    for action in line:
        session.apply(action)
    return session


def test_statistics_of_the_solitaire_clean_wins_fewest_turns_and_the_daily_deal_apart(driver):
    """Statistics for the mode: played, won, win rate, clean wins, best (fewest turns) win, current
    and best streak; a win with no hint and no undo is clean; daily deals are counted apart."""
    from game.stats import Stats, add_game
    from scenes.menus.stats_screen import StatsScreen, record_line

    stats = Stats()
    clean = won_session({"deal": 45}, 1)
    helped = won_session({"deal": 45}, 2)
    helped.note_hint()
    daily = won_session({"deal": 45, "winnable": True, "daily": True}, 3)
    for session in (clean, helped, daily):
        assert add_game(stats, session)
    record = stats.records["sovereign-solitaire"]["solitaire"]
    assert (record.played, record.won, record.clean_won, record.best_streak) == (2, 2, 1, 1)
    over = next(event for move in clean.moves for event in move.events if isinstance(event, SolitaireEnded))
    plays = sum(a["type"] in ("PlayOn", "PlayDiscardOn") for a in clean.log)
    assert record.fewest_turns == over.turns and 0 < over.turns <= plays, "a turn is a play or two, not a run of moves"
    assert stats.records["sovereign-solitaire"]["solitaire: daily deals"].won == 1
    screen = StatsScreen(driver.app, stats)
    screen.chooser.value = "sovereign-solitaire"
    driver.app.push(screen)
    driver.frame()
    line = record_line(record, screen.game.rules)
    assert [mode for mode, *_rest in screen.blocks] == ["solitaire", "solitaire: daily deals"]
    for words in ("Played 2", "won 2", "win rate 100%", "clean wins 1", "streak 1 (best 1)",
                  f"fewest turns to a win {record.fewest_turns}"):
        assert words in line
    assert "best score" not in line


def test_an_event_that_names_an_opponent_is_shown_as_inactive(driver):
    """Events that name an opponent are shown as inactive; the others as at the game for 2-4."""
    session = Session("sovereign-solitaire", ANA, 1)
    driver.app.screens.table(session)
    table = driver.app.top
    events = {e.name: e for e in session.rules.cards.events}
    session.state.active_event = events["Blockade"]
    heading, body = table.event_words(table.current_view())
    assert heading == "Event: Blockade (inactive)" and body.startswith("No effect in solitaire")
    session.state.active_event = events["Famine"]
    assert table.event_words(table.current_view()) == ("Event: Famine", events["Famine"].text)
    driver.frame()


def test_dragging_a_card_lights_exactly_the_places_it_may_cover(driver):
    """Dragging a card lights exactly the positions it may cover (value one higher, a face-down
    card, an empty space)."""
    session = Session("sovereign-solitaire", {**ANA, "rules": {"deal": 4}}, 1)
    hint = SolitaireHint(0)
    while session.state.pending.kind != "play":
        session.apply(hint.choose(session.view(0), session.legal_actions()))
    driver.app.screens.table(session)
    table = driver.app.top
    driver.wait(1.0)
    view = table.current_view()
    before = list(session.log)
    lit = []
    for card in view.hand:
        places = {a.place for a in session.legal_actions() if isinstance(a, PlayOn) and a.card == card}
        start = table.hand.card_center(view, card)
        driver.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
        driver.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0], start[1] - 80), rel=(0, 0),
                                         buttons=(1, 0, 0))])
        assert table.hand.dragged == card and table.glowing_places() == {(0, p) for p in places}
        driver.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0], start[1] - 80), button=1)])
        driver.wait(0.5)
        assert session.log == before, "a card let go away from the places is not played"
        lit.append(len(places))
    assert max(lit) > 0 and min(lit) == 0, "cards that fit somewhere and cards that fit nowhere were held"


def test_undo_takes_back_a_play_but_never_a_draw_that_showed_a_card():
    """Undo and redo, never past a draw that showed a new card."""
    session = Session("sovereign-solitaire", {**ANA, "rules": {"deal": 4}}, 1)
    hint = SolitaireHint(0)
    while session.state.pending.kind == "play" or not session.can_undo:
        session.apply(hint.choose(session.view(0), session.legal_actions()))
    mid_turn = session.log[:]
    session.undo()
    assert session.state.pending.kind in ("play", "salvage") and session.can_redo
    session.redo()
    assert session.log == mid_turn
    pile = len(session.state.draw_pile)
    while len(session.state.draw_pile) == pile:
        session.apply(hint.choose(session.view(0), session.legal_actions()))
    assert not session.can_undo, "the draw showed a card: the turn before it stays played"


def test_the_result_lays_the_seven_cards_side_by_side_where_the_room_allows(driver):
    """At 1024x640 the seven cards of a won deal fit in a row without covering one another's
    names (they were fanned a fifth over each other with room to spare)."""
    driver.app.screen = pygame.display.set_mode((1024, 640))
    finished_table(driver, {"deal": 21, "winnable": True})
    result = driver.app.top
    _seat, cards, _summary = result.table.result_rows()[0]
    spots = result.card_spots(len(cards), result.per_line[0], result.rows_top)
    assert len(cards) == 7
    assert all(b[0] - a[0] >= result.card_w for a, b in zip(spots, spots[1:]))
    assert spots[-1][0] + result.card_w <= result.box.right


def test_a_pool_modifier_dragged_before_the_play_makes_a_card_fit(driver):
    """Revised: pool tokens may be placed before the play; when no card fits but a modifier would
    make one fit, the table says so, and the token dragged onto the card lets the card go there."""
    from test_sovereign_solitaire import MIXED, c, solo

    session = Session("sovereign-solitaire", ANA, 1)
    session.state = solo(MIXED, ["Sentinel-7"], pool=Tokens(modifiers=1))
    table = SolitaireTable(driver.app, session)
    driver.app.push(table)
    driver.frame()
    while table.check is not None:
        driver.frame()
    play_on_if_offered(driver)
    assert "no card fits yet" in table.prompt(table.current_view())
    driver.drag(table.pool.spots["+1"].center, table.place_center(0, 5))
    assert session.state.chains[0][5][-1].value == 6 and session.state.pools == [Tokens()]
    driver.frame(dt=1.0)
    view = table.current_view()
    driver.drag(table.hand.card_center(view, c("Sentinel-7")), table.place_center(0, 5))
    assert session.state.chains[0][5][-1].card == c("Sentinel-7"), table.prompt_line.message


def wait_for_check(driver, table: SolitaireTable) -> None:
    wait_for_searches(driver, table)


def test_a_deal_that_can_no_longer_be_won_is_said_so_and_may_be_ended_as_a_loss(driver):
    """When the solver proves that no sequence of plays wins, the table says "This deal can no
    longer be won" and offers to end it (a loss) or play on; ended, it is a loss in the statistics."""
    from game.stats import load_stats

    session = Session("sovereign-solitaire", {**ANA, "rules": {"deal": 54}}, 1)
    driver.app.screens.table(session)
    table = driver.app.top
    wait_for_check(driver, table)
    offer = driver.app.top
    assert isinstance(offer, Confirm) and offer.question == "This deal can no longer be won"
    assert not session.game_assisted, "the table's own check is no hint"
    driver.click(offer.yes.rect.center)
    for _ in range(200):
        driver.frame(dt=0.1)
        if isinstance(driver.app.top, GameOver):
            break
    assert isinstance(driver.app.top, GameOver) and session.game_over and session.log[-1] == {"type": "GiveUp"}
    stats, _problem = load_stats()
    record = stats.records["sovereign-solitaire"]["solitaire"]
    assert (record.played, record.won) == (1, 0)


def test_play_on_keeps_the_deal_and_the_offer_is_not_repeated(driver):
    session = Session("sovereign-solitaire", {**ANA, "rules": {"deal": 54}}, 1)
    driver.app.screens.table(session)
    table = driver.app.top
    wait_for_check(driver, table)
    assert play_on_if_offered(driver) and driver.app.top is table and not session.game_over
    session.apply(next(a for a in session.legal_actions() if isinstance(a, PlayOn)))
    while not table.turn_begins() and not session.game_over:
        session.apply(session.legal_actions()[-1])
    wait_for_check(driver, table)
    assert driver.app.top is table


def test_asking_whether_the_deal_can_still_be_won_answers_and_counts_as_a_hint(driver):
    """"Can this still be won?" (W) asks on demand and marks the game assisted."""
    session = Session("sovereign-solitaire", {**ANA, "rules": {"deal": 4}}, 1)
    driver.app.screens.table(session)
    table = driver.app.top
    wait_for_check(driver, table)
    driver.key(pygame.K_w)
    assert session.game_assisted
    wait_for_check(driver, table)
    assert table.prompt_line.notice == "Yes: this deal can still be won."
    assert table.winnable_button in table.top_buttons()
    driver.wait(5.0)
    assert table.prompt(table.current_view()).startswith("Yes: this deal can still be won."), "the answer stays"
    session.apply(session.legal_actions()[0])
    assert "can still be won" not in table.prompt(table.current_view()), "until the next move"


def test_the_winnable_button_asks_once_a_click(driver, monkeypatch):
    session = Session("sovereign-solitaire", {**ANA, "rules": {"deal": 4}}, 1)
    driver.app.screens.table(session)
    table = driver.app.top
    wait_for_check(driver, table)
    asked = []
    monkeypatch.setattr(table.winnable_button, "on_click", lambda: asked.append(1))
    driver.click(table.winnable_button.rect.center)
    assert asked == [1]


def rule_of_thumb_wins(deal: int) -> bool:
    state = SOLITAIRE.setup({"players": 1, "deal": deal}, deal)
    player = SolitaireHint(1)
    while SOLITAIRE.to_move(state) is not None:
        state, _ = SOLITAIRE.apply(state, player.choose(SOLITAIRE.view(state, 0), SOLITAIRE.legal_actions(state)))
    return bool(state.winners)


def test_a_newcomer_who_follows_every_hint_wins_a_proved_winnable_deal(driver):
    """A hint that wins: on a deal the solver proves winnable but the rule of thumb alone loses,
    H then Enter at every turn wins it (the hint plays the solver's line, worked out off the frame
    loop)."""
    deal = next(n for n in range(30) if solve(SOLITAIRE.setup({"players": 1, "deal": n}, n), SOLITAIRE)[0]
                and not rule_of_thumb_wins(n))
    session = Session("sovereign-solitaire", {**ANA, "rules": {"deal": deal}}, 1)
    driver.app.screens.table(session)
    table = driver.app.top
    for _ in range(400):
        if session.game_over:
            break
        play_on_if_offered(driver)
        wait_for_searches(driver, table)
        if table.my_turn and not table.motion.busy:
            before = len(session.log)
            driver.key(pygame.K_h)
            wait_for_searches(driver, table)
            assert table.prompt_line.notice.startswith("Hint: ")
            driver.key(pygame.K_RETURN)
            assert len(session.log) == before + 1, table.prompt_line.notice
        driver.frame(dt=0.5)
    assert session.game_over and session.state.winners == (0,) and session.game_assisted


def test_a_hint_to_play_a_card_face_down_names_the_card_of_the_players_own_hand(driver):
    """Under Nebula the hint's card goes face down: the words still name it, as it is the
    player's own."""
    from test_sovereign_solitaire import MIXED, c, solo

    session = Session("sovereign-solitaire", ANA, 1)
    session.state = solo([None] + MIXED[1:], ["Envoy-4"], event="Nebula")
    table = SolitaireTable(driver.app, session)
    driver.app.push(table)
    words = table.describe(PlayOn(c("Envoy-4"), 0, False))
    assert c("Envoy-4").label in words and "face-down card" not in words


def lost_table(driver, seed: int) -> SolitaireTable:
    """A deal played by the rule of thumb to its loss, on the table with its result screen up."""
    table = finished_table(driver, {}, seed, player_seed=1)
    assert not table.session.view(None).winners
    return table


def test_undo_from_a_lost_deal_takes_the_last_decision_back_and_play_goes_on(driver):
    """The top bar stays live over the result: Undo (and Ctrl+Z) go back as during play."""
    table = lost_table(driver, 1)
    session = table.session
    assert session.can_undo and table.commands.undo_button.enabled
    before = len(session.log)
    driver.click(table.commands.undo_button.rect.center)
    assert len(session.log) < before and not session.game_over
    assert driver.app.top is table and table.my_turn, "the result screen is gone: play goes on"
    driver.frame()
    assert session.legal_actions() and table.winnable_button.enabled


def test_a_lost_deal_whose_last_turn_drew_a_card_shows_undo_inactive(driver):
    """Undo never goes back past a draw that showed a card: on the result the button says so."""
    table = lost_table(driver, 0)
    assert not table.session.can_undo and not table.commands.undo_button.enabled
    before = list(table.session.log)
    driver.click(table.commands.undo_button.rect.center)
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert table.session.log == before and isinstance(driver.app.top, GameOver)


def test_rules_and_table_keys_work_on_the_result_screen(driver):
    """F1 opens the rules sheet and F2 the table menu over the result; each goes back to it."""
    lost_table(driver, 0)
    result = driver.app.top
    driver.key(pygame.K_F1)
    assert isinstance(driver.app.top, RulesSheet)
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is result
    driver.key(pygame.K_F2)
    assert isinstance(driver.app.top, TableMenu)
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is result


def test_the_solitaire_player_is_you(driver):
    """Set up from the menu, the one seat is "You": "Your chain", "Your turn", "You win!"."""
    driver.app.screens.setup("sovereign-solitaire")
    driver.click(driver.app.top.start_button.rect.center)
    table = driver.app.top
    view = table.current_view()
    assert table.session.names == ["You"] and table.chain_label(view, 0).startswith("Your chain \u00b7 pool: ")
    assert table.prompt(view).startswith("Your turn: ")
    won = Session("sovereign-solitaire", {"seats": [{"name": "You"}], "rules": {"deal": winnable_deal(3)}}, 5)
    for action in solve(won.state, SOLITAIRE, node_limit=WINNABLE_NODES)[1]:
        won.apply(action)
    storage.forget_game()  # the deal just started is no game of the player's: nothing to ask
    driver.app.screens.table(won)
    assert driver.app.top.result_headline() == "You win!"
    lost = lost_table(driver, 0)
    assert lost.result_headline() == "The deal is lost"


def test_the_events_help_on_the_setup_describes_the_choice(driver):
    driver.app.screens.setup("sovereign-solitaire")
    setup = driver.app.top
    shown = lambda: " ".join(payload[0] for _rect, kind, payload in setup.items if kind == "text")
    assert "Event cards: one event at a time" in shown() and "Fair Winds:" not in shown()
    driver.click(setup.options["fair_winds"].rect.center)
    assert setup.options["fair_winds"].value is True
    assert "Fair Winds: play without event cards" in shown() and "Event cards:" not in shown()


def test_a_fair_winds_deal_says_so_in_the_title_bar(driver):
    """Deal #12 without events is another layout than Deal #12: the title says which."""
    session = Session("sovereign-solitaire", {**ANA, "rules": {"deal": 12, "fair_winds": True}}, 1)
    driver.app.screens.table(session)
    assert driver.app.top.title() == "Solitaire \u00b7 Deal #12 \u00b7 Fair Winds"


def test_a_solitaire_is_offered_for_saving_under_its_deal_and_keeps_the_name_typed(driver):
    """Ctrl+S offers "Solitaire Deal #12"; a name with a colon or an apostrophe is listed as typed."""
    driver.app.screens.table(Session("sovereign-solitaire", {"seats": [{"name": "You"}], "rules": {"deal": 12}}, 1))
    driver.key(pygame.K_s, pygame.KMOD_CTRL)
    ask = driver.app.top
    assert ask.field.value == "Solitaire Deal #12"
    table = driver.app.stack[-2]
    ask.field.value = "Sovereign's Chain: Solitaire Ana"
    driver.key(pygame.K_RETURN)
    assert driver.app.top is table and table.prompt_line.notice.startswith("Saved as \u201cSovereign's Chain: Solitaire Ana\u201d")
    driver.app.screens.replays()
    (button, _path), = driver.app.top.shown
    assert button.label.startswith("Saved: Sovereign's Chain: Solitaire Ana \u00b7 ")


def test_leaving_an_unplayed_deal_keeps_it_for_continue(driver):
    """The leave dialog promises Continue: a deal left before its first play comes back with its number."""
    driver.app.screens.setup("sovereign-solitaire")
    setup = driver.app.top
    driver.click(setup.seed.rect.center)
    driver.type_text("12")
    driver.click(setup.start_button.rect.center)
    table = driver.app.top
    assert isinstance(table, SolitaireTable) and table.session.log == []
    driver.key(pygame.K_ESCAPE)
    confirm = driver.app.top
    assert isinstance(confirm, Confirm) and "Continue on the menu brings it back" in confirm.detail
    driver.click(confirm.yes.rect.center)
    menu = driver.app.top
    assert menu.continue_button.enabled and menu.continue_button.note == "Sovereign's Chain: Solitaire"
    driver.click(menu.continue_button.rect.center)
    back = driver.app.top
    assert isinstance(back, SolitaireTable) and back.session.config["rules"]["deal"] == 12
    assert back.session.state.chains == table.session.state.chains and back.session.state.hands == table.session.state.hands


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_one_chain_takes_the_board_s_whole_width_under_the_piles_and_event(driver, size):
    """The piles, supply and event lie in a strip along the top, so the seven places span the
    table's width instead of the third left of a side column (it once left wide empty bands)."""
    driver.app.screen = pygame.display.set_mode(size)
    session = Session("sovereign-solitaire", {**ANA, "rules": {"deal": 12}}, 12)
    driver.app.screens.table(session)
    table = driver.app.top
    table.layout(size)
    row = table.row(0)
    assert row.w >= table.area.w * 0.9 and table.side.rect.bottom <= row.top
    assert table.chain_w > table.hand.width

"""Sovereign's Chain solitaire through the real scenes: from the menu (no seats to set) to the
result, cards dragged onto places, the discard pile clicked under Hostile Orbit."""

from __future__ import annotations

import pytest

from game.session import Session
from game.sovereign.actions import PlayDiscardOn, PlayOn
from game.sovereign.solitaire import SolitaireHint
from scenes.gameover import GameOver
from scenes.setup import SetupScene
from scenes.sovereign_solitaire_table import SolitaireTable
from test_ui_sovereign import by_mouse


def play_by_mouse(driver, table: SolitaireTable, action) -> None:
    if isinstance(action, PlayOn):
        view = table.current_view()
        driver.drag(table.hand.card_center(view, action.card), table.position_center(0, action.position))
    elif isinstance(action, PlayDiscardOn):
        driver.click(table.discard_center)
        driver.click(table.position_center(0, action.position))
    else:
        by_mouse(driver, table, action)


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
    assert isinstance(table, SolitaireTable) and table.session.names == ["Ana"]
    plays = 0
    for _ in range(20000):
        if isinstance(driver.app.top, GameOver):
            break
        if table.my_turn:
            legal = table.session.legal_actions()
            action = SolitaireHint(1).choose(table.current_view(), legal)
            before = len(table.session.log)
            play_by_mouse(driver, table, action)
            assert len(table.session.log) == before + 1, (action, table.message)
            plays += isinstance(action, (PlayOn, PlayDiscardOn))
        driver.frame(dt=0.05)
    else:
        pytest.fail("the solitaire never reached its result")
    view = table.session.view(None)
    (_seat, _cards, summary), = table.result_rows()
    assert table.session.config["rules"]["deal"] == 4 and table.title() == "Solitaire \u00b7 Deal #4"
    assert plays > 5 and summary.startswith(f"Deal #4: {'won' if view.winners else 'lost'} after {view.turns} turns")


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
    driver.drag(table.hand.card_center(table.current_view(), card), table.position_center(0, position))
    assert session.log == [] and table.message == reason[:1].upper() + reason[1:]

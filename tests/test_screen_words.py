"""What the screens say: a replay's last move never counts the turns back; the answer to
"Winnable?" stays until the next move (tests/test_ui_sovereign_solitaire.py); a greyed Undo says why (the session's words); each game's
computer levels are described in that game's own words."""

from __future__ import annotations

import pygame
import pytest

from game import storage
from game.chains import Draw
from game.registry import GAMES
from game.session import Session
from scenes.menus.setup import SetupScene
from scenes.ui.widgets import recording

YOU = {"seats": [{"name": "You"}]}


def test_a_replayed_deal_ended_as_lost_never_counts_its_turns_back(driver):
    session = Session("sovereign-solitaire", {**YOU, "rules": {"deal": 54}}, 1)
    for _ in range(3):
        session.apply(session.legal_actions()[0])
    session.give_up()
    storage.archive_game(session)
    driver.app.screens.replay(storage.load_game(storage.finished_games()[0]))
    replay = driver.app.top
    lines = []
    for _ in range(len(replay.playback)):
        lines.append(replay.table.score_line())
        replay.go(1)
    counted = [int(line.split()[1]) for line in lines if line.startswith("Turn ")]
    assert counted == sorted(counted) and not lines[-1].startswith("Turn ")
    assert lines[-1] == "Lost after 1 turn", "the end says the result, as the results screen does"


def pointer_over(driver, rect) -> None:
    driver.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))])


def test_a_greyed_undo_says_another_player_has_moved(driver):
    """Pass-and-play: once Ben has moved, Ana's move cannot be taken back; Undo says so."""
    seats = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "human"}]
    session = Session("chains", {"seats": seats}, 5)
    session.apply(session.legal_actions()[0])
    driver.app.screens.table(session)
    table = driver.app.top
    driver.frame()
    while driver.app.top is not table:
        driver.app.top.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(1, 1), button=1))  # the hand-off
    driver.frame()
    assert not table.commands.undo_button.enabled
    assert session.why_no_undo() == "Undo goes back no further: another player has moved since"
    pointer_over(driver, table.commands.undo_button.rect)
    assert table.prompt_line.notice == session.why_no_undo(), "said as the pointer comes over it"
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert table.prompt_line.message == session.why_no_undo(), "and on Ctrl+Z"


def test_a_greyed_undo_says_a_card_was_shown(driver):
    seats = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "computer", "difficulty": "random"}]
    session = next(s for s in (Session("chains", {"seats": seats}, seed) for seed in range(50))
                   if s.to_move == 0 and Draw() in s.legal_actions())
    session.apply(Draw())
    driver.app.screens.table(session)
    table = driver.app.top
    driver.frame()
    assert not session.can_undo and "a card was shown" in session.why_no_undo()
    pointer_over(driver, table.commands.undo_button.rect)
    assert table.prompt_line.notice == session.why_no_undo()
    driver.click(table.commands.undo_button.rect.center)
    assert table.prompt_line.notice == session.why_no_undo(), "and on a click"


@pytest.mark.parametrize("game", [g for g in GAMES if g.rules.max_players > 1], ids=lambda g: g.name)
def test_each_games_levels_are_told_in_its_own_words(driver, game):
    driver.app.screens.setup(game.name)
    setup = driver.app.top
    assert isinstance(setup, SetupScene)
    with recording() as drawn:
        setup.draw(driver.app.screen)
    shown = " ".join(item.what for item in drawn)
    aims = game.heuristic.aims
    assert aims and " ".join(aims.split()[:3]) in shown
    others = {g.heuristic.aims for g in GAMES if g.rules.max_players > 1 and g is not game}
    assert aims not in others, "no other game's words"


def chainchain_at_my_lead(driver):
    """Chain-Chain, the person (seat 0) to lead on an empty pile, on the real table."""
    seats = [{"name": "Ana", "kind": "human"}] + [{"name": n, "kind": "computer"} for n in ("Ben", "Cleo")]
    session = next(s for s in (Session("chainchain", {"seats": seats}, seed) for seed in range(60))
                   if s.to_move == 0 and not s.view(0).pile)
    driver.app.screens.table(session)
    table = driver.app.top
    driver.frames_until(lambda: table.my_turn and not table.motion.busy, 200, dt=0.05)
    return table


def drawn_texts(app) -> dict:
    with recording() as drawn:
        app.draw()
    return {item.what: item.rect for item in drawn}


def test_a_card_staged_on_the_empty_pile_covers_no_words(driver):
    table = chainchain_at_my_lead(driver)
    assert "empty pile" in drawn_texts(driver.app)
    view = table.current_view()
    card = next(c for c in table.hand.cards(view) if table.card_usable(c))
    driver.click(table.hand.card_center(view, card))
    assert table.staged == [card]
    staged = table.staged_row.slots[0].rect
    assert not any(rect.colliderect(staged) for what, rect in drawn_texts(driver.app).items() if what == "empty pile")


def test_the_new_tag_of_a_card_just_taken_stays_clear_of_the_hands_label(driver):
    table = chainchain_at_my_lead(driver)
    view = table.current_view()
    first = table.hand.cards(view)[0]
    table.hand.fresh = frozenset({first})  # as after taking the pile
    texts = drawn_texts(driver.app)
    label = next(rect for what, rect in texts.items() if what.startswith("Ana  collected"))
    assert "new" in texts and not texts["new"].colliderect(label)


def test_the_linx_prompt_stops_short_of_the_players_scoring_cards(driver):
    from game.ai.players import RandomPlayer

    driver.app.screen = pygame.display.set_mode((1280, 800))
    seats = [{"name": "Ana", "kind": "human"}] + [{"name": n, "kind": "computer"} for n in ("Ben", "Cleo")]
    session, player = Session("linx", {"seats": seats}, 5), RandomPlayer(5)
    while not (session.to_move == 0 and session.view(0).claimed[0]) and not session.game_over:
        session.apply(player.choose(session.view(session.to_move), session.legal_actions()))
    assert not session.game_over
    driver.app.screens.table(session)
    table = driver.app.top
    driver.frames_until(lambda: table.my_turn and not table.motion.busy, 200, dt=0.05)
    room, left = table.own_claims, table.own_claims_left()
    claims = pygame.Rect(left, room.y, room.right - left, room.h)  # the scoring cards, fanned to the room's right
    overlapping = [what for what, rect in drawn_texts(driver.app).items() if rect.colliderect(claims)]
    assert table.own_claims_w() and not overlapping

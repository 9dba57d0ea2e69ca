"""Sovereign's Chain through the real scenes: a whole game by the mouse (cards dragged onto chains,
ability targets clicked, suits and Skip chosen by buttons, pool tokens dragged onto cards), and
the table's own answers (shielded cards refused, forbidden chains explained, the score broken
down card by card), the Reveal Phase shown step by step, tokens moving, and the secret picks of
pass-and-play."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from ui_driver import Driver

from game.rng import Rng
from game.session import Session
from game.sovereign import (Cover, Discard, EndTurn, Flip, Open, Pick, PlaceModifier, PlaceShield, Play, PlayDiscard,
                            Reveal, Salvage, SetSuit, ShiftSuit, Skip, SovereignHeuristic, Tuck)
from game.sovereign.actions import Flipped, TokenPlaced, TokensTaken
from game.sovereign.guide import SCORED_CHAIN
from game.sovereign.state import EVERYONE, Placed, chain_score
from scenes.games.sovereign.cards import TokenMark
from scenes.games.sovereign.table import SovereignTable
from scenes.menus.gameover import GameOver
from scenes.menus.handoff import HandOff
from scenes.menus.setup import SetupScene
from scenes.ui import cardart
from scenes.ui.widgets import recording

SEATS = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "computer", "difficulty": "normal"}]
HAND_MOVES = (Open, Pick, Play, Salvage, Tuck)
TARGETS = (Discard, SetSuit, Flip, Cover, PlaceModifier, PlaceShield)


def by_mouse(driver: Driver, table: SovereignTable, action) -> None:
    """Make `action` the way a player would: drag, click or press a button."""
    view = table.current_view()
    seat = table.session.to_move
    if isinstance(action, HAND_MOVES):
        chain = action.chain if isinstance(action, Play) else seat
        driver.drag(table.hand.card_center(view, action.card), table.row(chain).center)
    elif isinstance(action, PlayDiscard):
        driver.click(table.discard_pile.center)
    elif isinstance(action, (PlaceModifier, PlaceShield)):
        kind = "shield" if isinstance(action, PlaceShield) else f"{action.delta:+d}"
        driver.drag(table.pool.spots[kind].center, table.place_center(action.chain, action.place))
    elif isinstance(action, SetSuit):
        driver.click(table.place_center(action.chain, action.place))
        driver.click(table.suit_buttons[action.suit].rect.center)
    elif isinstance(action, Reveal):
        driver.click(table.place_center(seat, action.place))
    elif isinstance(action, (Discard, Flip, Cover)):
        driver.click(table.place_center(action.chain, action.place))
    else:
        button = {Skip(): table.skip_button, EndTurn(): table.end_button, ShiftSuit(): table.shift_button}[action]
        driver.click(button.rect.center)


def mouse_choice(table: SovereignTable, rng: Rng):
    """The Normal computer's move, except that a token is placed whenever one may be (so tokens are
    dragged too), and Hostile Orbit's discard play goes where a click on the pile sends it."""
    legal = table.session.legal_actions()
    tokens = [a for a in legal if isinstance(a, (PlaceModifier, PlaceShield))]
    if tokens:
        return tokens[rng.below(len(tokens))]
    action = SovereignHeuristic(1).choose(table.current_view(), legal)
    if isinstance(action, PlayDiscard):
        own = [a for a in legal if isinstance(a, PlayDiscard) and a.chain == table.session.to_move]
        return (own or [a for a in legal if isinstance(a, PlayDiscard)])[0]
    return action


def test_whole_two_player_game_from_the_menu_through_the_mouse_to_the_score_breakdown(driver):
    menu = driver.app.top
    driver.click(next(b for b in menu.game_buttons if b.label == "Sovereign's Chain").rect.center)
    setup = driver.app.top
    assert isinstance(setup, SetupScene) and setup.game.name == "sovereigns-chain"
    driver.click(setup.seed.rect.center)
    driver.type_text("0")  # a deal in which Ana's abilities choose targets and she places both kinds of token
    driver.click(setup.start_button.rect.center)
    table = driver.app.top
    assert isinstance(table, SovereignTable)
    rng = Rng(2)
    made: set[type] = set()
    for _ in range(60000):
        if isinstance(driver.app.top, GameOver):
            break
        if table.my_turn and not table.motion.busy:
            action = mouse_choice(table, rng)
            before = len(table.session.log)
            by_mouse(driver, table, action)
            assert table.session.log[before:before + 1] and len(table.session.log) == before + 1, table.prompt_line.message
            made.add(type(action))
        driver.frame(dt=0.05)
    else:
        pytest.fail("the game never reached the results screen")
    assert {Open, Play, Reveal} <= made, made
    assert made & {Discard, SetSuit, Flip, Cover}, "an ability's target chosen by the mouse"
    assert {PlaceModifier, PlaceShield} <= made, "both kinds of pool token dragged onto cards"
    state = table.session.state
    for seat, _cards, summary in table.result_rows():
        assert summary.split(": score ")[1].split(" (")[0].endswith(f" = {chain_score(state.chains[seat])}")


def table_at(driver: Driver, kind: str, seed_range=range(200)):
    """A table where the human (seat 0) faces the decision `kind`, found by playing seeds."""
    for seed in seed_range:
        session = Session("sovereigns-chain", {"seats": SEATS}, seed)
        rng = Rng(seed)
        while not session.game_over:
            pending = session.state.pending
            if session.to_move == 0 and pending is not None and pending.kind == kind:
                table = SovereignTable(driver.app, session)
                driver.app.push(table)
                driver.frame()
                return table
            legal = session.legal_actions()
            session.apply(legal[rng.below(len(legal))] if session.to_move == 0 else session.computer_action())
    pytest.fail(f"no seed reaches a {kind!r} choice")


def test_a_suit_choice_shows_the_two_suits_and_a_click_on_one_sets_it(driver):
    """Mercenary: choose this card's suit; the choice shows both suits."""
    table = table_at(driver, "choose_suit")
    choice = next(a for a in table.session.legal_actions() if isinstance(a, SetSuit))
    driver.click(table.place_center(choice.chain, choice.place))
    assert [button.label for button, _a in table.action_buttons()] == ["\u2733 Star", "\u2641 Planet"]
    driver.click(table.suit_buttons[choice.suit].rect.center)
    assert table.session.view(0).in_play(choice.chain, choice.place).suit == choice.suit


@pytest.mark.parametrize("kind", ["discard", "choose_suit"])
def test_an_ability_choice_on_the_table_is_reached_and_made_by_keyboard(driver, kind):
    """Every choice by keyboard: Left/Right reach the moves on the table after the hand cards,
    Up/Down go through them (each lit), Enter makes the one picked."""
    table = table_at(driver, kind)
    legal = table.session.legal_actions()
    moves = table.table_moves()
    assert moves and set(moves) <= set(legal)
    target = moves[-1]
    for _ in range(30):
        if table.choice in moves:
            break
        driver.key(pygame.K_RIGHT)
    while table.choice != target:
        driver.key(pygame.K_DOWN)
    assert table.action_spot(target) is not None, "the picked move is lit"
    before = len(table.session.log)
    driver.key(pygame.K_RETURN)
    assert table.session.log[before:] == [{"type": type(target).__name__, **dataclasses.asdict(target)}]


def test_a_shielded_card_does_not_glow_and_a_click_on_it_says_it_is_shielded(driver):
    """A shield protects a card from abilities and tokens: it cannot be targeted."""
    for seed in range(300):
        session = Session("sovereigns-chain", {"seats": SEATS}, seed)
        rng = Rng(seed)
        while not session.game_over:
            legal = session.legal_actions()
            targeting = session.to_move == 0 and any(isinstance(a, TARGETS) for a in legal)
            shielded = [(c, i) for c, chain in enumerate(session.state.chains) for i, stack in enumerate(chain)
                        if stack and stack[-1].shield]
            if targeting and shielded:
                table = SovereignTable(driver.app, session)
                driver.app.push(table)
                driver.frame()
                before = len(session.log)
                assert not set(shielded) & table.glowing_places()
                driver.click(table.place_center(*shielded[0]))
                assert len(session.log) == before and "shielded" in table.prompt_line.message
                return
            session.apply(legal[rng.below(len(legal))] if session.to_move == 0 else session.computer_action())
    pytest.fail("no seed reaches a choice of target beside a shielded card")


def test_a_card_dropped_on_a_chain_the_event_forbids_snaps_back_with_the_reason(driver):
    """Events may limit which chains can be played on; the others are dimmed, say why while the
    card is held over them, and refuse it."""
    for seed in range(400):
        session = Session("sovereigns-chain", {"seats": SEATS}, seed)
        while not session.game_over:
            legal = session.legal_actions()
            if session.to_move == 0 and session.state.pending.kind == "play":
                card = session.state.hands[0][0]
                closed = [c for c in range(2) if Play(card, c) not in legal and Play(card, c, False) not in legal
                          and len(session.state.chains[c]) < 7]
                if closed and any(isinstance(a, Play) for a in legal):
                    table = SovereignTable(driver.app, session)
                    driver.app.push(table)
                    driver.frame()
                    before = len(session.log)
                    reason = session.why_illegal(Play(card, closed[0]))
                    driver.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                                     pos=table.hand.card_center(table.current_view(), card))])
                    driver.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=table.row(closed[0]).center, rel=(0, 0),
                                                     buttons=(1, 0, 0))])
                    with recording() as drawn:
                        table.draw(driver.app.screen)
                    assert reason[:1].upper() + reason[1:] in [item.what for item in drawn], "the reason shows on hover"
                    driver.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=table.row(closed[0]).center)])
                    assert len(session.log) == before
                    assert table.prompt_line.message == reason[:1].upper() + reason[1:]
                    return
            session.apply(session.computer_action() if session.to_move != 0 else legal[0])
    pytest.fail("no seed reaches a chain the event closes")


def test_the_results_break_a_score_down_as_the_rulebook_example_reads(driver):
    """Rulebook example: stars totalling 10 and planets 26 score 26 - 10 = 16; a card's modifier
    counts for its current suit; a Mercenary without a suit counts for neither."""
    session = Session("sovereigns-chain", {"seats": SEATS}, 1)
    table = SovereignTable(driver.app, session)
    chain = [[Placed(card, True, EVERYONE)] for card in SCORED_CHAIN]
    session.state.chains[0] = chain
    summary = table.result_rows()[0][2]
    assert summary.startswith("\u2733 5+5 = 10, \u2641 9+7+6+4 = 26: score 26 - 10 = 16")
    assert "Mercenary without a suit" in summary
    chain[0] = [Placed(chain[0][0].card, True, EVERYONE, mods=(1,))]
    assert table.result_rows()[0][2].startswith("\u2733 (5+1)+5 = 11, \u2641 9+7+6+4 = 26: score 26 - 11 = 15")


def test_a_reveal_turns_the_card_up_at_its_place_with_a_caption_paced_and_skippable(driver):
    """Reveal Phase: each player in turn reveals one face-down card of their chain and resolves
    it; the table shows each reveal as its own step."""
    table = table_at(driver, "reveal")
    reveal = table.session.legal_actions()[0]
    seat = table.session.to_move
    driver.click(table.place_center(seat, reveal.place))
    step = table.motion.current
    assert step and step[0].turns and step[0].end == table.place_center(seat, reveal.place)
    assert step[0].caption.startswith(f"{table.session.names[seat]} turns up")
    assert ("place", seat, reveal.place) in table.motion.hidden()
    assert table.prompt(table.current_view()).startswith("Click, or press Space, to skip")
    paced = step[0].delay + step[0].duration + step[0].hold
    assert paced > 0.45 + 0.2
    log = len(table.session.log)
    driver.click(table.middle.center)
    assert not table.motion.busy and len(table.session.log) == log


def test_a_reveal_step_lasts_as_long_as_the_computer_speed_says(driver):
    table = table_at(driver, "reveal")
    holds = {}
    for speed in ("slow", "fast"):
        driver.app.settings["computer_speed"] = speed
        table.motion.clear()
        table.paced = True
        table.show_step(Flipped(0, 0, 0, table.session.state.chains[0][0][-1].card, True), None)
        holds[speed] = table.motion.current[0].hold
    assert holds["slow"] > holds["fast"] > 0


def test_sudden_death_picks_in_pass_and_play_are_secret_behind_the_hand_off_screen(driver):
    """Setup: each player secretly picks the card that starts their chain; sudden death: the tied
    players, without drawing, each secretly pick a card and play it face up on their own chain.
    In pass-and-play each of these picks is made behind the hand-off screen."""
    players = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "human"}]
    session = Session("sovereigns-chain", {"seats": players}, 0)  # this player's play ties this deal
    player = SovereignHeuristic(1)
    table = SovereignTable(driver.app, session)
    driver.app.push(table)
    handed_to: list[int] = []
    openings: dict[int, object] = {}
    picks: dict[int, object] = {}
    for _ in range(20000):
        top = driver.app.top
        if isinstance(top, GameOver):
            break
        if isinstance(top, HandOff):
            assert table.current_view().seat is None  # every hand hidden
            handed_to.append(top.seat)
            driver.click((10, 10))
        elif table.my_turn and not table.motion.busy:
            view = table.current_view()
            if view.pending.kind in ("opening", "pick"):
                secret = openings if view.pending.kind == "opening" else picks
                assert handed_to[-1] == view.seat
                for other, card in secret.items():
                    assert card not in view.hand and view.own_pick is None
                    assert all(p.card != card for chain in view.chains for stack in chain for p in stack)
                action = player.choose(view, session.legal_actions())
                secret[view.seat] = action.card
                by_mouse(driver, table, action)
            else:
                table.perform(player.choose(view, session.legal_actions()))
        driver.frame(dt=0.25)
    else:
        pytest.fail("the game never ended")
    assert len(openings) == 2 and len(picks) == 2, "the deal reached sudden death"
    for seat, card in picks.items():
        assert any(stack[-1].card == card and stack[-1].face_up for stack in session.state.chains[seat])


def test_a_card_under_the_pointer_says_what_its_class_does(driver):
    table = table_at(driver, "play")
    view = table.current_view()
    card = view.hand[0]
    center = table.hand.card_center(view, card)
    table.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=center, rel=(0, 0), buttons=(0, 0, 0)))
    with recording() as drawn:
        table.draw(driver.app.screen)
    shown = " ".join(item.what for item in drawn if table.log_rect.contains(item.rect))
    assert f"{card.kind}:" in shown and table.session.rules.cards.classes[card.kind].text.split()[-1] in shown
    assert "Moves" not in shown, "what the card does takes the move log's place"


def test_tokens_move_on_the_table_from_the_supply_to_a_pool_and_from_a_pool_onto_a_card(driver):
    """Tokens taken by an ability come from the supply into the pool; tokens placed go from the
    pool onto the card."""
    table = table_at(driver, "reveal")
    table.motion.clear()
    table.show_step(TokensTaken(1, "modifier", 2), None)
    taken = table.motion.current[0]
    assert taken.card == TokenMark("+1") and taken.start == table.supply_spot() and taken.end == table.pool_spot(1)
    assert taken.caption == "Ben takes 2 modifier tokens"
    table.motion.clear()
    table.animate(TokenPlaced(1, "shield", 0, 0), None)
    placed = table.motion.current[0]
    assert placed.card == TokenMark("shield") and placed.start == table.pool_spot(1)
    assert placed.end == table.place_center(0, 0)
    image = cardart.face(placed.card, table.chain_w)
    assert image.get_width() < table.chain_w


def test_another_seat_s_decision_reads_as_theirs_not_yours(driver):
    """"Waiting for Ben to pick the card that starts their chain", never "Ben: ... your chain"."""
    seats = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "human"}]
    session = Session("sovereigns-chain", {"seats": seats}, 3)
    driver.app.screens.table(session)
    table = driver.app.top
    other = 1 - session.to_move
    words = table.prompt(session.view(other))
    assert words.startswith(f"Waiting for {session.names[session.to_move]} to ") and "your" not in words

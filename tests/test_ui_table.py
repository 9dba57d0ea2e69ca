"""What every table does the same way, for every registered game: a turn by keyboard only, a
hint, the last move outlined, the legal targets of a picked card lit."""

from __future__ import annotations

import pygame
import pytest

from game import storage
from game.chains import Draw
from game.core import to_json
from game.registry import GAMES
from game.session import Session

from scenes.table.choosing import action_cards

NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Finn"]


def open_at_human_turn(driver, game, seed: int = 5):
    """A table of `game` with a human in seat 0 and computers elsewhere, at the human's turn."""
    seats = [{"name": NAMES[i], "kind": "human" if i == 0 else "computer", "difficulty": "normal"}
             for i in range(game.rules.min_players)]
    session = Session(game.name, {"seats": seats}, seed)
    while session.to_move != 0:
        session.apply(session.computer_action())
    storage.forget_game()  # the table opened before is no game of the player's: nothing to ask
    driver.app.screens.table(session)
    table = driver.app.top
    for _ in range(100):
        if table.my_turn and not table.animating():
            break
        driver.wait(0.1)
    return table


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_turn_by_keyboard_only(driver, game):
    table = open_at_human_turn(driver, game)
    before = len(table.session.log)
    with_cards = [a for a in table.session.legal_actions() if action_cards(a)]
    if with_cards:
        driver.key(pygame.K_RIGHT)
        assert table.hand.selected is not None and table.choice in with_cards
        driver.key(pygame.K_DOWN)
        assert table.choice in table.card_actions(table.hand.selected)
        assert table.action_spot(table.choice) is not None, "the picked move is lit on the table"
        driver.key(pygame.K_RETURN)
    else:
        key = next(k for k, action in table.key_actions().items() if action in table.session.legal_actions())
        driver.key(key.codes[0])
    assert len(table.session.log) == before + 1


@pytest.mark.parametrize("game", [g for g in GAMES if g.name != "sovereign-solitaire"], ids=lambda g: g.name)
def test_a_hint_picks_the_normal_players_move_and_enter_makes_it(driver, game):
    """(The solitaire's hint plays the solver's winning line: test_ui_sovereign_solitaire.py.)"""
    table = open_at_human_turn(driver, game, seed=8)
    session = table.session
    expected = game.heuristic(session.seed).choose(table.current_view(), session.legal_actions())
    driver.key(pygame.K_h)
    assert table.choice == expected and session.game_assisted
    assert table.prompt_line.notice.startswith("Hint: ")
    driver.key(pygame.K_RETURN)
    assert session.log[-1] == to_json(expected)


@pytest.mark.parametrize("game", [g for g in GAMES if g.rules.max_players > 1], ids=lambda g: g.name)
def test_the_last_move_of_a_computer_stays_outlined_until_the_human_moves(driver, game):
    table = open_at_human_turn(driver, game, seed=3)
    for _turn in range(30):
        table.perform(table.session.legal_actions()[0])
        assert table.marks.last_move == []
        mine = len(table.session.moves)
        for _ in range(200):
            if table.session.game_over or (table.my_turn and not table.animating()):
                break
            driver.wait(0.1)
        if table.session.game_over:
            break
        if all(move.mover == 0 for move in table.session.moves[mine:]):
            continue  # the human moves again (took the pile and leads, say)
        assert table.marks.last_move, "the computer's move is kept to be outlined"
        if any(table.event_spot(event) is not None for event in table.marks.last_move):
            return
    pytest.fail("no computer move was ever outlined on the table")


def test_a_hint_to_draw_names_the_button_and_shows_no_card(driver):
    """Chains, nothing fits: the hint is to draw; it says so without showing the deck's top card."""
    from game.registry import find_game

    game = find_game("chains")
    for seed in range(40):
        table = open_at_human_turn(driver, game, seed=seed)
        if table.session.legal_actions() == [Draw()]:
            break
    else:
        pytest.skip("no seed gave a forced draw")
    top = table.session.state.draw_pile[-1]
    driver.key(pygame.K_h)
    assert table.prompt_line.notice.startswith("Hint: Draw") and top.label not in table.prompt_line.notice


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_card_size_setting_sizes_the_hand_and_the_board_at_every_table(driver, game):
    """Small and large cards: the hand and the board's cards grow with the setting. The Cubes board
    (fitted to the camera) and the solitaire's one chain (seven places across the board's width)
    are as large as their room allows at any setting, so there only the hand grows."""
    from scenes.shell.screens import table_class

    driver.app.screen = pygame.display.set_mode((1920, 1080))
    players = max(game.rules.min_players, 2) if game.rules.max_players > 1 else 1
    seats = [{"name": n, "kind": "human" if i == 0 else "computer"} for i, n in enumerate(["Ana", "Ben", "Cleo"][:players])]
    widths = {}
    for size in ("small", "large"):
        driver.app.settings["card_size"] = size
        table = table_class(game)(driver.app, Session(game.name, {"seats": seats}, 3))
        table.layout((1920, 1080))
        widths[size] = (table.hand.width, table.flight_width())
    assert widths["large"][0] > widths["small"][0], "the hand"
    if game.name not in ("cubes", "sovereign-solitaire"):
        assert widths["large"][1] > widths["small"][1], "the board"


def test_a_move_picked_by_keyboard_is_named_in_the_prompt(driver, monkeypatch):
    """"Enter: Ana plays 7\u2660 on chain 2": the prompt says what Enter will do."""
    import scenes.table.prompt as prompt_module

    session = Session("chains", {"seats": [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "computer"}]}, 5)
    driver.app.screens.table(session)
    table = driver.app.top
    while not table.my_turn or table.motion.busy:
        driver.frame(dt=0.05)
    driver.key(pygame.K_RIGHT)
    assert table.choice is not None
    drawn = []
    real = prompt_module.draw_text
    monkeypatch.setattr(prompt_module, "draw_text", lambda s, text, *a, **k: drawn.append(text) or real(s, text, *a, **k))
    table.prompt_line.clear(notice=True)
    table.draw(driver.app.screen)
    said = " ".join(drawn)
    assert said.startswith("Enter: ") and table.describe(table.choice) in said


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_thinking_sits_on_the_seat_s_name_line_clear_of_its_cards(driver, monkeypatch, size):
    """"thinking…" once covered a seat's claimed scoring cards and card backs."""
    from scenes.table.seats import THINKING
    from scenes.table.turns import Turns
    from scenes.ui.widgets import recording

    monkeypatch.setattr(Turns, "thinking", property(lambda turns: True))
    driver.app.screen = pygame.display.set_mode(size)
    seats = [{"name": "Ana", "kind": "human"}, {"name": "Benedict", "kind": "computer"}, {"name": "Cleo", "kind": "computer"}]
    session = Session("linx", {"seats": seats}, 4)
    while session.to_move not in session.computers:
        session.apply(session.legal_actions()[0])
    driver.app.screens.table(session)
    table = driver.app.top
    table.layout(size)
    with recording() as drawn:
        table.seats.draw_seat(driver.app.screen, session.view(0), session.to_move, frozenset())
    texts = [item for item in drawn if item.what]
    thinking = next(item for item in texts if item.what == THINKING)
    name, count = texts[0], next(item for item in texts[1:] if item.what != THINKING)
    assert thinking.rect.bottom <= count.rect.top and not thinking.rect.colliderect(name.rect)


@pytest.mark.parametrize("text_size", ["normal", "largest"])
def test_a_thinking_seat_keeps_its_name_whole(driver, monkeypatch, text_size):
    """At the largest text "thinking…" left no room beside it, and the seat's box showed no
    name; the name comes first (the gold edge says whose turn it is)."""
    from scenes.table.turns import Turns
    from scenes.ui.widgets import recording

    monkeypatch.setattr(Turns, "thinking", property(lambda turns: True))
    driver.app.settings["text_size"] = text_size
    driver.app.apply_settings()
    driver.app.screen = pygame.display.set_mode((1152, 720))
    seats = [{"name": "Ana", "kind": "human"}] + [{"name": name, "kind": "computer"} for name in ("Ben", "Cleo", "Dev")]
    session = Session("chains", {"seats": seats}, 4)
    while session.to_move not in session.computers:
        session.apply(session.legal_actions()[0])
    driver.app.screens.table(session)
    table = driver.app.top
    table.layout((1152, 720))
    with recording() as drawn:
        table.seats.draw_seat(driver.app.screen, session.view(0), session.to_move, frozenset())
    assert [item.what for item in drawn if item.what][0].startswith(session.names[session.to_move])


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_watched_table_says_whose_turn_it_was_never_what_to_do(driver, game, monkeypatch):
    """A replay or a review shows the table from a seat, but nobody is to play: no instruction."""
    import scenes.table.prompt as prompt_module
    from game.wording import whose
    from scenes.shell.screens import table_class

    players = 1 if game.rules.max_players == 1 else max(2, game.rules.min_players)
    seats = [{"name": n, "kind": "human"} for n in ["Ana", "Ben", "Cleo"][:players]]
    session = Session(game.name, {"seats": seats}, 3)
    table = table_class(game)(driver.app, session)
    table.watching = True
    table.layout(driver.app.size)
    drawn = []
    real = prompt_module.draw_text
    monkeypatch.setattr(prompt_module, "draw_text", lambda s, text, *a, **k: drawn.append(text) or real(s, text, *a, **k))
    table.draw_prompt(driver.app.screen, session.view(session.to_move))
    assert drawn == [f"{whose(session.names[session.to_move], True)} turn"]


@pytest.mark.parametrize("game", [g for g in GAMES if g.rules.max_players > 1], ids=lambda g: g.name)
def test_the_table_animates_no_card_hidden_from_its_player(driver, game):
    """The computers' moves as the table animates them (a LINX stock draw among them) hold no
    card hidden from the human at the table, face down or not."""
    from game.core import cards_seen

    table = open_at_human_turn(driver, game, seed=7)
    rules = table.session.rules
    kinds = rules.card_types + rules.shown_types
    shown = []
    show_move = table.show_move

    def watched(events, *rest, **named):
        shown.append(cards_seen(events, kinds) & rules.hidden_cards(table.session.state, 0))
        show_move(events, *rest, **named)

    table.show_move = watched
    for _turn in range(12):
        if table.session.game_over:
            break
        table.perform(table.legal_actions()[0])
        for _ in range(200):
            if table.session.game_over or (table.my_turn and not table.animating()):
                break
            driver.wait(0.1)
    assert len(shown) > 12 and not any(shown)

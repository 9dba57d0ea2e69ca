"""Sovereign's Chain's row cards keep the start's width when the table is laid out again mid-game
(a resize, an undo, coming back to a game), with larger and the largest text: the room kept for a
chain's label holds each figure as wide as the game's figures get (two digits with the standard
cards), not one digit more than it has, and the narrowest column the labels fit in is found where
a narrower one holds them on as few lines as a wider one. (At 1280x800 with three players and the
largest text, the cards went from 75 px at the start to 53-75 px over the first 12 turns.)"""

from __future__ import annotations

import pygame
import pytest
from test_text_fits import SIZES

from game.session import Session
from game.sovereign.describe import largest_figure
from scenes.shell.screens import open_app, table_class

ROUNDS = 12  # each seat's turns looked at
KEPT_SHARE = 0.95  # a row's cards after a layout mid-game, at least, of their width at the start


def rounds_played(players: int, seed: int):
    """A game of `players` seats (computers but the first), each seat's first ROUNDS turns: the
    session at the start and after each turn."""
    names = ["Ana", "Ben", "Cleo", "Dev"][:players]
    session = Session("sovereigns-chain", {"seats": [{"name": name, "kind": "human" if i == 0 else "computer"}
                                                     for i, name in enumerate(names)]}, seed)
    turns = 0
    yield session
    while turns < ROUNDS * players and not session.game_over:
        before = session.to_move
        session.apply(session.legal_actions()[0] if session.to_move not in session.computers else session.computer_action())
        if session.to_move != before:
            turns += 1
            yield session


def row_card_width(app, session, size) -> int:
    app.screen = pygame.display.set_mode(size)
    table = table_class(session.descriptor)(app, session)
    table.layout(size)
    return table.chain_w


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("look", ["larger", "largest"])
def test_row_cards_keep_the_starts_width_when_laid_out_again_mid_game(players, look, private_home):
    app = open_app(fit_to_desktop=False)
    app.settings.update({"card_size": look, "text_size": look})
    app.apply_settings()
    sizes = SIZES if look == "largest" else SIZES[1:2]
    game = rounds_played(players, 7)
    session = next(game)
    start = {size: row_card_width(app, session, size) for size in sizes}
    found = []
    for turns, session in enumerate(game, 1):
        for size in sizes:
            width = row_card_width(app, session, size)
            if width < KEPT_SHARE * start[size]:
                found.append(f"{size} after {turns} turns: {width} px, {start[size]} px at the start")
    assert not found, "\n".join(found[:20]) + f"\n({len(found)} in all)"


def test_the_standard_cards_figures_have_two_digits_at_most():
    """The room a label keeps for its figures: the deck's 70 cards, the supply's 13 shields and 21
    modifiers, a chain's seven highest values (9+9+8+8+7+7+7) with every modifier token."""
    session = Session("sovereigns-chain", {"seats": [{"name": "Ana"}, {"name": "Ben"}]}, 7)
    assert largest_figure(session.rules.cards) == 76

"""Any name a player can type (in the setup, or in a save or the settings written elsewhere) is
drawn, or cleaned to one that is, everywhere it is shown: a name of zero-width characters once
crashed the results screen ("Text has zero width") at the end of every game."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import storage
from game.files import clean_name
from game.registry import GAMES
from game.session import NAME_LIMIT, Session
from scenes.menus.gameover import GameOver
from scenes.shell.screens import open_app
from scenes.ui import resources

ZERO_WIDTH = ["\u200b", "\u200b\u200c\u200d", "\u2060\ufeff", "\u00ad", " \u200b \u200e "]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_seats_named_with_zero_width_characters_reach_the_results_screen(game, private_home):
    app = open_app()
    players = 1 if game.name.endswith("solitaire") else game.rules.min_players
    named = [{"name": ZERO_WIDTH[i % len(ZERO_WIDTH)], "kind": "computer", "difficulty": "random"}
             for i in range(players)]
    session = Session(game.name, {"seats": named}, 3)
    assert session.names == [f"Player {i + 1}" for i in range(players)]
    app.screens.table(session)
    table = app.top
    while not session.game_over:
        session.apply(session.computer_action())
    results = GameOver(app, table)
    results.layout(app.size)
    results.draw(app.screen)


@pytest.mark.parametrize("name", ZERO_WIDTH)
def test_a_zero_width_name_in_the_settings_is_cleaned_to_none(name, private_home):
    setup = {"seats": [{"name": name, "kind": "human"}, {"name": "Ben", "kind": "computer"}]}
    assert storage.clean_setting("last_setup", {"chains": setup})["chains"]["seats"][0]["name"] == ""


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(categories=["Cf", "Mn", "Me", "Zs", "Cc", "Lo", "Sm", "Nd"]), max_size=12))
def test_a_name_of_invisible_characters_is_cleaned_to_one_that_draws_or_to_none(name):
    pygame.font.init()
    cleaned = clean_name(name, NAME_LIMIT)
    if cleaned:
        assert resources.text(cleaned, 16, (0, 0, 0)).get_width() > 0


@given(st.text(alphabet=st.characters(categories=["Cf", "Mn", "Zs", "Lo", "So"]), max_size=8))
@settings(max_examples=200, deadline=None)
def test_any_text_renders_without_an_error(message):
    pygame.font.init()
    resources.text(message, 16, (0, 0, 0))

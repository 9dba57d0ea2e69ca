"""Every table, pointed at and clicked everywhere while something on it is empty: a place whose
card was discarded, an empty pile, an empty hand (issue 23: the solitaire table crashed when the
pointer rested on the place a Scout had emptied, and again after Continue).

The positions come from random play of each game, chosen so that together they show every kind
of emptiness the game's view can hold (and the end of a game); the pointer then visits the whole
window on a grid finer than the smallest card, a frame drawn at each point, and a click lands on
each point of a coarser grid, the top bar's buttons included: each click opens a screen, makes a
move the position allows, takes moves back, or leaves the game as it was."""

from __future__ import annotations

import dataclasses
import random

import pygame
import pytest

from game import storage
from game.core import from_json
from game.registry import GAMES
from game.session import Session
from scenes.games.sovereign.solitaire_table import SolitaireTable

HOVER_STEP = 30  # pixels: less than the narrowest card or place drawn at this window size (45)
CLICK_STEP = 60
SEEDS = 16
# The fields of the games' views that a table draws as hands, piles, places or rows of them.
DRAWN = {"hand", "hand_counts", "final_hands", "chains", "board", "piles", "pile", "laid", "claimed", "taken",
         "collected", "removed", "pools"}


def empties(view) -> set[str]:
    """What is empty in a view: a hand, a pile (a count at 0), a hand of another seat, a place or
    a stack inside a row (named by field and depth, so a kind counts once whatever its seat)."""
    found = set()
    for field in dataclasses.fields(view):
        value = getattr(view, field.name)
        if field.name.endswith("_count") and value == 0:
            found.add(field.name)
        elif field.name in DRAWN and isinstance(value, tuple):
            found |= {f"{field.name}{suffix}" for suffix in _empty_depths(value)}
    return found


def _empty_depths(value: tuple, depth: str = "") -> set[str]:
    """The depths at which `value` holds an empty tuple (or a count of 0, in a tuple of counts)."""
    if not value:
        return {depth}
    if all(type(item) is int for item in value):
        return {depth + "[0]"} if 0 in value else set()
    return set().union(*(_empty_depths(item, depth + "[]") for item in value if isinstance(item, tuple)))


def seats(game) -> list[dict]:
    rules = game.rules
    players = rules.standard_players[0] if rules.standard_players else rules.min_players
    return [{"name": "Ana", "kind": "human"}] + [
        {"name": f"Bot {i}", "kind": "computer", "difficulty": "random"} for i in range(1, players)]


def positions_with_empties(game) -> list[dict]:
    """Saves of a few positions of `game` that together hold every kind of emptiness random play
    reached (as seat 0 sees them), a finished game among them. Frames are drawn with no time
    passing, so a computer to move there never moves."""
    seen: dict[frozenset, tuple[int, int]] = {}  # each set of kinds: where it was first met
    for seed in range(SEEDS):
        session = Session(game.name, {"seats": seats(game)}, seed)
        rng = random.Random(seed)
        while True:
            kinds = frozenset(empties(session.view(0)) | ({"game over"} if session.game_over else set()))
            seen.setdefault(kinds, (seed, len(session.log)))
            if session.game_over:
                break
            session.apply(rng.choice(session.legal_actions()))
    chosen, covered = [], set()
    while True:
        kinds = max(seen, key=lambda found: len(found - covered))
        if not kinds - covered:
            return [replayed(game, *seen[kinds]) for kinds in chosen]
        chosen.append(kinds)
        covered |= kinds


def replayed(game, seed: int, moves: int) -> dict:
    session = Session(game.name, {"seats": seats(game)}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        session.apply(rng.choice(session.legal_actions()))
    return session.to_save()


def open_position(driver, save: dict):
    storage.forget_game()  # the position opened before is no game of the player's: nothing to ask
    driver.app.screens.table(Session.from_save(save))
    driver.frame(dt=0)
    return driver.app.top


def motion(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def grid(size, step: int, offset: int | None = None):
    """Points `step` apart over the window, the first `offset` in from the top left corner."""
    first = step // 2 if offset is None else offset
    return [(x, y) for y in range(first, size[1], step) for x in range(first, size[0], step)]


def what_the_click_did(driver, table, saved: Session, seen) -> str:
    """The click's effect, checked against what a click may do: open another screen (its class
    name), make one move that seat 0 may make in the saved position ("a move"), take moves back
    ("undone"), or leave the game as it was, `seen` by an onlooker ("nothing")."""
    if driver.app.top is not table:
        return type(driver.app.top).__name__
    log = table.session.log
    if log == saved.log:
        assert table.session.view(None) == seen, "a click changed the game but not its log"
        return "nothing"
    if log[:-1] == saved.log:
        assert saved.to_move == 0 and saved.rules.is_legal(saved.state, from_json(log[-1], saved.rules.saved_types))
        return "a move"
    assert log == saved.log[:len(log)], "a click rewrote the moves made"
    return "undone"


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_pointing_and_clicking_everywhere_on_a_table_with_empty_places_piles_and_hands(driver, game):
    done = set()
    for save in positions_with_empties(game):
        table = open_position(driver, save)
        saved = Session.from_save(save)
        seen = saved.view(None)
        for pos in grid(driver.app.size, HOVER_STEP):
            driver.frame([motion(pos)], dt=0)
        assert driver.app.top is table, "pointing alone opens nothing"
        for pos in grid(driver.app.size, CLICK_STEP, CLICK_STEP // 4):
            driver.frame([motion(pos), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], dt=0)
            driver.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], dt=0)
            done.add(what_the_click_did(driver, table, saved, seen))
            if driver.app.top is not table or table.session.log != save["actions"]:
                table = open_position(driver, save)
    assert {"TableMenu", "RulesSheet"} <= done, f"the clicks reached the top bar's Menu and Rules: {done}"


def solitaire_with_an_empty_place() -> dict:
    """A solitaire deal played at random until a place stands empty (a card discarded from it)."""
    game = next(game for game in GAMES if game.name == "sovereign-solitaire")
    save = next((save for save in positions_with_empties(game)
                 if any(not stack for stack in Session.from_save(save).view(0).chains[0])), None)
    assert save is not None, "no deal emptied a place"
    return save


def test_the_pointer_on_an_emptied_solitaire_place_shows_no_help_and_after_continue_neither(driver):
    """The crash as a newcomer met it twice: a Scout discards a dealt card, the pointer rests on
    its place; then the menu, Continue, and the same again."""
    table = open_position(driver, solitaire_with_an_empty_place())
    for _attempt in ("at the table", "after Continue"):
        assert isinstance(table, SolitaireTable)
        empty = next(position for position, stack in enumerate(table.current_view().chains[0]) if not stack)
        center = table.place_center(0, empty)
        driver.frame([motion(center)], dt=0)
        table.draw(driver.app.screen)
        assert table.pointer() == center and table.card_under(center) is None
        table.autosave()
        driver.app.screens.menu()
        driver.click(driver.app.top.continue_button.rect.center)
        table = driver.app.top

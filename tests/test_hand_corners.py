"""Every card of the viewer's hand shows its value and its symbol, however many cards it holds and
whatever the window's size: in the fan each card lays over the one before it, the part of that
card left uncovered holds the boxes its face prints the value and the symbol in."""

from __future__ import annotations

import pygame
import pytest

from game.registry import GAMES
from game.rng import Rng
from game.session import Session
from scenes.shell.screens import open_app, table_class
from scenes.table.hand import card_rect
from scenes.ui import cardart

SIZES = [(800, 600), (1280, 800), (1920, 1080)]
COUNTS = (7, 11, 14, 20)  # cards held: a deal, the trial's 11, LINX's 14, a long Chains hand
CARD_SIZES = ("normal", "large", "larger", "largest")


def config(game) -> dict:
    players = game.rules.max_players
    names = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Finn"][:players]
    rules = {"deal": 412} if game.name == "sovereign-solitaire" else {}
    return {"seats": [{"name": name, "kind": "human" if i == 0 else "computer"} for i, name in enumerate(names)],
            "rules": rules}


def cards_of(game) -> tuple[Session, list]:
    """A session of `game` (its most players) and the different cards seen in its hands over a
    random game: the cards a hand may hold."""
    session = Session(game.name, config(game), 11)
    played = Session(game.name, config(game), 11)
    rng = Rng(11)
    seen = {}
    while not played.game_over and len(seen) < 200:
        for seat in range(len(played.seats)):
            seen.update(dict.fromkeys(played.view(seat).hand))
        legal = played.legal_actions()
        played.apply(legal[rng.below(len(legal))])
    return session, list(seen)


def spread(cards: list, count: int, order) -> list:
    """`count` of `cards` in the hand's order, as far apart in it as they are found (the
    largest values among them: "10" and "14" are the widest)."""
    ranked = sorted(cards, key=order)
    picked = [ranked[round(i * (len(ranked) - 1) / max(1, count - 1))] for i in range(count)]
    return sorted(picked, key=order)


def hidden_corners(table, cards: list) -> list[str]:
    """What of each card's value and symbol the next card in the fan covers, and any card out
    of the window."""
    width, centers = table.hand.fan(cards)
    rects = [card_rect(center, width) for center in centers]
    window = pygame.Rect((0, 0), table.app.size)
    found = []
    for index, (card, rect) in enumerate(zip(cards, rects)):
        if not window.contains(rect):
            found.append(f"{card} at {tuple(rect)} leaves the window")
        uncovered = rect.clip(pygame.Rect(rect.x, rect.y, rects[index + 1].x - rect.x, rect.h)) \
            if index + 1 < len(rects) else rect
        for box in cardart.corner_boxes(card, width):
            printed = box.move(rect.topleft)
            if not uncovered.contains(printed):
                found.append(f"{card} ({len(cards)} held, {width} px): {tuple(printed)} not inside {tuple(uncovered)}")
    return found


@pytest.fixture(scope="module")
def app():
    return open_app(fit_to_desktop=False)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_hand_card_shows_its_value_and_symbol_at_every_size(game, app):
    """At Normal, Large, Larger and Largest (200%), in the hand dealt and in hands of up to 20
    cards; a hand of up to 14 shows them on cards at least as wide as the Normal layout's (a corner
    printed where the next card covers it is not read by narrowing the card to a sliver), and no
    card leaves the window, however large the setting."""
    session, cards = cards_of(game)
    found = []
    for size in SIZES:
        app.screen = pygame.display.set_mode(size)
        normal = None
        for card_size in CARD_SIZES:
            app.settings["card_size"] = card_size
            table = table_class(game)(app, session)
            table.layout(size)
            normal = normal or table.hand.width
            hands = [table.hand.cards(table.current_view())] + [
                spread(cards, min(count, len(cards)), table.hand.order) for count in COUNTS]
            for held in hands:
                found += [f"{size} {card_size}: {problem}" for problem in hidden_corners(table, held)]
                width = table.hand.fan(held)[0]
                if len(held) <= 14 and width < normal:
                    found.append(f"{size} {card_size}: {len(held)} cards drawn {width} px wide (Normal: {normal})")
    assert not found, "\n".join(found[:20]) + f"\n({len(found)} problems)"


def test_a_long_hand_narrows_its_cards_only_as_far_as_it_must(app):
    """A hand that fits keeps the layout's width; a longer one narrows, but never below what shows
    every corner, nor more than it takes."""
    game = next(game for game in GAMES if game.name == "linx")
    session, cards = cards_of(game)
    app.screen = pygame.display.set_mode((800, 600))
    app.settings["card_size"] = "normal"
    table = table_class(game)(app, session)
    table.layout((800, 600))
    hand = table.hand
    assert hand.fan(spread(cards, 5, hand.order))[0] == hand.width
    narrow, _ = hand.fan(spread(cards, 20, hand.order))
    assert narrow < hand.width
    wider = narrow + max(1, narrow // 20)
    many = spread(cards, 20, hand.order)
    assert wider + 19 * hand.corner_step(many, wider) > hand.right - hand.left - table.px(20), \
        "a wider card would still have shown every corner"

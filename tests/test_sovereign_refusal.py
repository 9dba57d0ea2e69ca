"""Sovereign's Chain's refusal box ("Not now: …", why the held card cannot go on the chain under
it) shows whole, inside the window, and over no text or card the player reads, at 800x600,
1280x800 and 1920x1080, with 2 to 4 players, from Normal to the largest text and cards: the card
is held over each chain's cards and over its label. (At the foot of the row, the box lay over the
row's cards and over the last line of a label beside them, and at the largest text it was cut.)"""

from __future__ import annotations

import pygame
import pytest
from test_text_fits import SIZES, CardsSeen, cards_noted, overlaps  # noqa: F401 (cards_noted: a fixture used here)

from game.session import Session
from game.sovereign.actions import Play
from scenes.shell.screens import open_app, table_class
from scenes.ui.widgets import noting_cuts, recording

LOOKS = ["normal", "large", "larger", "largest"]
ANYWHERE = ("Play", "Open", "Pick", "Tuck")  # what a hand card may do where no chain refuses it


def refusing_session(players: int, seed: int = 7) -> Session:
    """A game at the moment the first seat must choose something other than a card to play (a
    target, a token), a hand card in its hand: every chain refuses that card, "not now"."""
    names = ["Ana", "Ben", "Cleo", "Dev"][:players]
    session = Session("sovereigns-chain", {"seats": [{"name": name, "kind": "human" if i == 0 else "computer"}
                                                     for i, name in enumerate(names)]}, seed)
    plays = 0
    while not session.game_over:
        legal = session.legal_actions()
        if session.to_move == 0:
            chosen = not any(type(action).__name__ in ANYWHERE for action in legal)
            if chosen and plays and session.view(0).hand:
                return session
            plays += 1
        session.apply(legal[0] if session.to_move not in session.computers else session.computer_action())
    raise AssertionError("the game ended before a refusal")


def held_over(table, pos) -> None:
    """The viewer's first hand card picked up and held at `pos`."""
    view = table.current_view()
    card = table.hand.cards(view)[0]
    start = table.hand.card_center(view, card)
    table.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    table.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))


def let_go(table) -> None:
    table.hand.drag = None


def refusal_faults(table, screen: CardsSeen, reason: str) -> list[str]:
    """What one frame shows wrong of the refusal box: missing, cut, outside the window, or over a
    text or a card drawn before it."""
    screen.cards = []
    CardsSeen.faces.clear()
    with noting_cuts(), recording() as drawn:
        table.draw(screen)
    boxes = [index for index, text in enumerate(drawn) if text.what == "refusal box"]
    if not boxes:
        return ["no refusal box"]
    at = boxes[0]
    box = drawn[at].rect
    lines = [text.what for text in drawn[at + 1:] if text.box == box]
    found = [] if " ".join(lines) == reason[:1].upper() + reason[1:] else [f"says {lines!r}, not {reason!r}"]
    if not pygame.Rect((0, 0), screen.get_size()).contains(box):
        found.append(f"box {tuple(box)} outside the window")
    found += [f"box {tuple(box)} over {text.what!r} {tuple(text.rect)}" for text in drawn[:at] if text.rect.colliderect(box)]
    found += [f"box {tuple(box)} over a card at {tuple(card)}" for card, before in screen.cards if before <= at and card.colliderect(box)]
    return found + [fault for fault in overlaps(drawn[at:], []) if "refusal" in fault or "Not now" in fault]


def points_over(row, count: int) -> dict[str, tuple[int, int]]:
    """Where a card is held over a row: on its label, on its first card, and at its centre."""
    label = row.label_rect()
    return {"label": (label.x + 4, label.bottom - 4), "a card": row.center(0) if count else row.rect.center,
            "the row": row.rect.center}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_refusal_box_shows_whole_inside_the_window_over_nothing_read(players, private_home):
    session = refusing_session(players)
    app = open_app(fit_to_desktop=False)
    found = []
    for look in LOOKS:
        app.settings.update({"card_size": look, "text_size": look})
        app.apply_settings()
        for size in SIZES:
            app.screen = pygame.display.set_mode(size)
            screen = CardsSeen(size)
            table = table_class(session.descriptor)(app, session)
            app.push(table, said=False)
            table.layout(size)
            view = table.current_view()
            for chain in range(players):
                row = table.chain_row(chain)
                for where, pos in points_over(row, len(view.chains[chain])).items():
                    held_over(table, pos)
                    card = table.hand.dragged
                    reason = session.why_illegal(Play(card, chain))
                    found += [f"{look} at {size}, held over chain {chain}'s {where}: {fault}"
                              for fault in refusal_faults(table, screen, reason)]
                    let_go(table)
            app.pop()
    assert not found, "\n".join(found[:30]) + f"\n({len(found)} in all)"

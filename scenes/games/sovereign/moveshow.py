"""How a move is shown at the Sovereign's Chain table: a card played lands on its place, a card
turned over turns where it lies, a token flies from a pool onto a card (or from the supply into a
pool). The moves of the game's end (the Reveal Phase, scoring, sudden death) and every move that
turns a card up are paced: each event is a step of its own that stays on the table as long as the
computer-speed setting says, with a caption, until a click, Space or Enter skips the rest.

It also says where on the table a move lands: the move picked by keyboard or hint is lit there,
another seat's last move outlined."""

from __future__ import annotations

import pygame

from game.sovereign.actions import (Covered, Discarded, EventDrawn, Fizzled, Flipped, Open, Pick, Play, PlayDiscard,
                                    Played, Reveal, RevealPhase, Salvage, Scored, SuddenDeath, SuitChanged, TokenPlaced,
                                    TokensTaken, Tuck, Tucked)

from game.sovereign.rules import SHIELD  # the kinds of token, as events name them

from scenes.ui import keymap
from scenes.games.sovereign.cards import TokenMark
from scenes.games.sovereign.choices import TARGET_ACTIONS
from scenes.ui import theme
from scenes.ui.motion import Flight

TOLD = (RevealPhase, SuddenDeath, EventDrawn, Scored, Fizzled)  # events that only have words
ON_A_CARD = (Played, Flipped, SuitChanged, TokenPlaced, Discarded, Covered, Tucked)  # events at a card in play


def skips(event) -> bool:
    """A click, Space or Enter skips the rest of a paced move."""
    return (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
        keymap.SPACE.pressed(event) or keymap.ENTER.pressed(event))


class MoveShow:
    def __init__(self, table) -> None:
        self.table = table
        self.paced = False  # the move being shown goes step by step

    def settle(self, events) -> None:
        """A move was made: paced when it belongs to the game's end or turns a card up."""
        self.paced = self.table.current_view().first_to_seven is not None or any(
            isinstance(event, Flipped) and event.face_up for event in events)

    def showing_steps(self) -> bool:
        """A paced move is still being shown (a click skips it)."""
        return self.paced and self.table.motion.busy

    def animate(self, event, origin) -> None:
        table = self.table
        if self.paced:
            self.show_step(event, origin)
        elif isinstance(event, Played):
            table.motion.add(self.landing(event, origin))
        elif isinstance(event, Flipped):
            table.motion.add(self.turning(event))
        elif isinstance(event, TokenPlaced) and event.seat != table.turns.viewer:
            table.motion.add(self.token_flight(event))
        elif isinstance(event, TOLD):
            table.say_notice(event.text(table.session.names))

    def show_step(self, event, origin) -> None:
        """One step of a paced move: the card turning up at its place, a card flying to the
        discard, the card an ability touched glowing, or only words; each with its caption."""
        table = self.table
        pace = self.step_pace()
        caption = event.text(table.session.names)
        if isinstance(event, Played):
            table.motion.add(self.landing(event, origin, caption=caption, hold=pace))
        elif isinstance(event, Flipped):
            table.motion.add(self.turning(event, caption=caption, hold=pace))
        elif isinstance(event, Discarded):
            start = table.place_center(event.chain, event.place)
            table.motion.add(Flight(event.card, event.card is not None, start, table.discard_pile.center,
                                    delay=pace * 0.6, flash=True, caption=caption, caption_at=start, hold=pace * 0.4))
        elif isinstance(event, TokenPlaced) or (isinstance(event, TokensTaken) and event.count):
            table.motion.add(self.token_flight(event, caption=caption, hold=pace * 0.6))
        elif isinstance(event, (SuitChanged, Covered, Tucked)):
            table.motion.add(self.touched(event, caption, pace))
        elif isinstance(event, TOLD + (TokensTaken,)):
            seat = getattr(event, "seat", None)
            at = table.row(seat).center if seat is not None else table.middle.center
            table.motion.add(Flight(None, False, at, at, duration=pace, visible=False, caption=caption))

    def step_pace(self) -> float:
        """How long a step stays on the table: the computer-speed setting."""
        return theme.COMPUTER_PACE.get(self.table.app.settings.get("computer_speed"), 0.75)

    def landing(self, event: Played, origin, **step) -> Flight:
        """A card played flies from the hand (or the discard pile) onto its place."""
        table = self.table
        start = origin or (table.discard_pile.center if event.from_discard else self.seat_spot(event.seat))
        return Flight(event.card if event.face_up else None, event.face_up and event.card is not None, start,
                      table.place_center(event.chain, event.place),
                      hides=(("place", event.chain, event.place),), **step)

    def turning(self, event: Flipped, **step) -> Flight:
        center = self.table.place_center(event.chain, event.place)
        return Flight(event.card, event.face_up and event.card is not None, center, center, duration=0.45, turns=True,
                      hides=(("place", event.chain, event.place),), **step)

    def touched(self, event, caption: str, pace: float) -> Flight:
        """The card an ability changed (its suit, a card covering it, one tucked under it) glows."""
        table = self.table
        center = table.place_center(event.chain, event.place)
        stack = table.current_view().chains[event.chain][event.place:event.place + 1]
        shown = stack[0][-1] if stack and stack[0] else None
        return Flight(shown, True, center, center, duration=0.05, delay=pace, flash=True, visible=shown is not None,
                      caption=caption)

    def token_flight(self, event, **step) -> Flight:
        """A token placed flies from its seat's pool onto the card; tokens taken fly from the
        supply into the pool."""
        table = self.table
        if isinstance(event, TokenPlaced):
            kind = "shield" if event.kind == SHIELD else f"{event.delta:+d}"
            return Flight(TokenMark(kind), True, self.pool_spot(event.seat),
                          table.place_center(event.chain, event.place), duration=0.4, **step)
        kind = "shield" if event.kind == SHIELD else "+1"
        return Flight(TokenMark(kind), True, table.side.supply_spot(), self.pool_spot(event.seat), duration=0.5,
                      **step)

    def pool_spot(self, seat: int) -> tuple[int, int]:
        """Where a seat's pool is: the viewer's tokens above the buttons, another's row label."""
        table = self.table
        if seat == table.turns.viewer:
            return table.pool.rect.center
        return table.chain_row(seat).pool_spot()

    def seat_spot(self, seat: int) -> tuple[int, int]:
        """Where a seat's cards come from: the hand at the bottom, another seat's row."""
        table = self.table
        if seat == table.seats.bottom:
            return table.hand.centers(1)[0]
        return table.chain_row(seat).seat_spot()

    # -- where a move lands

    def action_spot(self, action) -> pygame.Rect | None:
        """Where `action` lands: the place a card goes, the card it names, the discard pile."""
        table = self.table
        seat = table.session.to_move
        if isinstance(action, (Play, PlayDiscard)):
            return table.place_rect(action.chain, len(table.current_view().chains[action.chain]))
        if isinstance(action, (Open, Pick)):
            return table.place_rect(seat, len(table.current_view().chains[seat]))
        if isinstance(action, Reveal):
            return table.place_rect(seat, action.place)
        if isinstance(action, TARGET_ACTIONS):
            return table.place_rect(action.chain, action.place)
        if isinstance(action, Salvage):
            return table.discard_pile.rect
        if isinstance(action, Tuck):
            return self.source_spot()
        return None

    def source_spot(self) -> pygame.Rect | None:
        """Where the card whose ability asks is in play (the Runner a card is tucked beneath)."""
        table = self.table
        view = table.current_view()
        source = view.pending.source if view.pending is not None else None
        for chain, stacks in enumerate(view.chains):
            for place, stack in enumerate(stacks):
                if source is not None and stack and stack[-1].card == source:
                    return table.place_rect(chain, place)
        return None

    def event_spot(self, event) -> pygame.Rect | None:
        if isinstance(event, ON_A_CARD):
            return self.table.place_rect(event.chain, event.place)
        return None

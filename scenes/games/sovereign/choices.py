"""The choices at the Sovereign's Chain table that name a card in play rather than a hand card:
an ability's target, the suit a card takes, the card a pool token goes on, a card to reveal. The
cards they may name glow; a click on one makes the move it names (a suit choice first asks which
suit, by the table's two suit buttons; a token goes where it is dropped or, picked first, on the
card clicked next); a click that names nothing says why."""

from __future__ import annotations

import pygame

from game.sovereign.actions import (Cover, Discard, Flip, PlaceModifier, PlaceShield, Play, PlayDiscard, PlayDiscardOn,
                                    PlayOn, Reveal, SetSuit)

TOKEN_ACTIONS = (PlaceShield, PlaceModifier)
TARGET_ACTIONS = (Discard, SetSuit, Flip, Cover) + TOKEN_ACTIONS
PLAY_ACTIONS = (Play, PlayDiscard, PlayOn, PlayDiscardOn)


class CardChoices:
    def __init__(self, table) -> None:
        self.table = table
        self.suit_target: tuple[int, int] | None = None  # a card clicked for a suit choice

    def forget(self) -> None:
        """A move was made: no card is waiting for its suit."""
        self.suit_target = None

    def naming(self, chain: int, place: int) -> list:
        """The legal ability or token choices that name this card in play."""
        table = self.table
        return [a for a in table.legal() if isinstance(a, TARGET_ACTIONS + (Reveal,))
                and getattr(a, "chain", table.session.to_move) == chain and a.place == place]

    def glowing(self) -> set[tuple[int, int]]:
        """The cards a click may name now (a picked token: the cards it may go on)."""
        table = self.table
        places = set()
        for action in table.legal():
            if isinstance(action, TARGET_ACTIONS) and table.pool.allows(table.pool.picked, action):
                places.add((action.chain, action.place))
            elif isinstance(action, Reveal):
                places.add((table.session.to_move, action.place))
        return places

    def suit_choice(self, legal) -> tuple[int, int] | None:
        """The card whose suit the two suit buttons set: the one clicked, or the only card a suit
        choice can name (a Mercenary choosing its own suit)."""
        if self.suit_target is not None:
            return self.suit_target
        places = {(a.chain, a.place) for a in legal if isinstance(a, SetSuit)}
        if len(places) == 1 and sum(isinstance(a, SetSuit) for a in legal) > 1:
            return places.pop()
        return None

    def choose_suit(self, suit: str) -> None:
        chain, place = self.suit_choice(self.table.legal())
        self.suit_target = None
        self.table.perform(SetSuit(chain, place, suit))

    def token_usable(self, kind: str) -> bool:
        table = self.table
        return any(table.pool.allows(kind, a) for a in table.legal() if isinstance(a, TOKEN_ACTIONS))

    def pick_token(self, pos) -> bool:
        """A press on a pool token that may be placed now picks it up; whether one was."""
        kind = self.table.pool.kind_at(pos)
        if kind is None or not self.token_usable(kind):
            return False
        self.table.pool.pick(kind, pos)
        return True

    def drag_token(self, event) -> bool:
        """A picked token follows the pointer; let go on a card it may go on, it is placed there.
        Whether the event was used up (a token placed)."""
        pool = self.table.pool
        if pool.dragged_to is None:
            return False
        if event.type == pygame.MOUSEMOTION:
            pool.dragged_to = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pool.dragged_to = None
            where = self.table.place_at(event.pos, self.table.current_view())
            return where is not None and self.place_token(*where)
        return False

    def place_token(self, chain: int, place: int) -> bool:
        """The picked token onto this card, if it may go there; whether it went."""
        pool = self.table.pool
        moves = [a for a in self.naming(chain, place) if isinstance(a, TOKEN_ACTIONS) and pool.allows(pool.picked, a)]
        if pool.picked is None or not moves:
            return False
        pool.picked = None
        return self.table.perform(moves[0])

    def choose(self, chain: int, place: int) -> None:
        """A click on a card in play: the ability's target, a token's card, or a card to reveal."""
        table = self.table
        if table.pool.picked is not None and self.place_token(chain, place):
            return
        moves = [a for a in self.naming(chain, place) if not isinstance(a, TOKEN_ACTIONS)]
        if len([a for a in moves if isinstance(a, SetSuit)]) > 1:
            self.suit_target = (chain, place)
            table.say_notice("Choose the suit: star or planet.")
        elif moves:
            table.perform(moves[0])
        else:
            self.refuse(chain, place)

    def refuse(self, chain: int, place: int) -> None:
        """A click on a card no choice names: why, when the table can tell."""
        table = self.table
        stack = table.current_view().chains[chain][place]
        if stack and stack[-1].shield:
            table.say("that card is shielded: no ability or token may target it")
        elif table.pool.picked is None and any(isinstance(a, TOKEN_ACTIONS) for a in table.legal()):
            table.say_notice("Pick a token from your pool first, then the card.")

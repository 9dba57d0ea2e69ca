"""What an active event changes, as hooks the engine asks at each point of a turn.

An event card names one rule here. The engine never tests an event's name: it asks the active
rule (or NO_EVENT when events are off: the Fair Winds variant, the Reveal Phase) whether a chain
may take a play, whether plays go face down, how many cards to draw, and so on.
"""

from __future__ import annotations


class EventRule:
    """No effect: the default answer to every hook."""

    face_down_plays = False      # class cards are played face down
    event_cards_face_up = False  # ... except cards that carry (E), played face up as usual
    discard_plays = False        # the top discard may be played instead of a card from hand
    blocks_modifiers = False     # modifier tokens cannot be placed
    blocks_shields = False       # shield tokens cannot be placed
    blocks_removal = False       # abilities cannot remove cards from chains
    draws = 1                    # cards drawn at the end of a turn
    polarity = False             # a card played face up may also flip its suit
    tribute = False              # a play on an opponent's chain earns a modifier token
    salvage = False              # a card may be swapped for a draw at the start of the turn
    second_play = False          # a second card may be played before drawing
    names_opponent = False       # the event speaks of opponents (no effect in solitaire)
    any_chain = True             # `may_play_on` allows every chain (set for each rule by its class)

    def __init_subclass__(cls, **kwargs) -> None:
        """A rule that answers `may_play_on` itself may restrict the chains; one that does not lets
        the engine skip asking (a turn's plays ask once per chain)."""
        super().__init_subclass__(**kwargs)
        cls.any_chain = cls.may_play_on is EventRule.may_play_on

    def may_play_on(self, own_chain: bool, began_own: bool | None, draws_event: bool) -> bool:
        """Whether a turn's play may go onto a chain (`own_chain`: the player's own); `began_own`
        says where the player's previous turn began (None: no previous turn); `draws_event`:
        the card played face up draws a new event."""
        return True

    def refusal(self) -> str:
        return "the active event does not allow a play on that chain"

    def plays_face_up(self, card) -> bool:
        """Whether `card` goes face up as a turn's play (an extra play may also go face down)."""
        return not self.face_down_plays or (self.event_cards_face_up and card.draws_event)

    def extra_play_faces(self, card) -> tuple[bool, ...]:
        """The faces `card` may take as an extra play (the Smuggler's "face up or face down")."""
        return (True, False) if self.plays_face_up(card) else (False,)


class OpponentsOnly(EventRule):
    names_opponent = True

    def may_play_on(self, own_chain, began_own, draws_event):
        return not own_chain

    def refusal(self):
        return "Blockade: cards may be played only on an opponent's chain"


class OwnOnly(EventRule):
    def may_play_on(self, own_chain, began_own, draws_event):
        return own_chain

    def refusal(self):
        return "Homeward: cards may be played only on your own chain"


class FaceDown(EventRule):
    """Every class card is played face down (the rule name of card files written before the
    Nebula ruling was revised; kept so that they play as they did)."""

    face_down_plays = True


class FaceDownUnlessEvent(FaceDown):
    """Class cards without (E) are played face down; a card that carries (E) is played face up,
    so its new event can end this one (with every card face down, no (E) could ever resolve)."""

    event_cards_face_up = True


class DiscardPlay(EventRule):
    discard_plays = True


class NoModifiers(EventRule):
    blocks_modifiers = True


class NoShields(EventRule):
    blocks_shields = True


class NoRemoval(EventRule):
    blocks_removal = True


class DrawTwo(EventRule):
    draws = 2


class DrawNone(EventRule):
    draws = 0


class Polarity(EventRule):
    polarity = True


class Momentum(EventRule):
    """Alternate: after a turn begun on your own chain, play on an opponent's, and back. A card
    that draws a new event is exempt: its player follows the new event only (rulebook FAQ). A
    turn without a play began nowhere, so the turn after it is free."""

    names_opponent = True

    def may_play_on(self, own_chain, began_own, draws_event):
        if began_own is None or draws_event:
            return True
        return own_chain != began_own

    def refusal(self):
        return "Momentum: play on the other kind of chain than the one your last turn began on"


class Tribute(EventRule):
    names_opponent = True
    tribute = True


class Salvage(EventRule):
    salvage = True


class SecondPlay(EventRule):
    second_play = True


NO_EVENT = EventRule()

EVENT_RULES: dict[str, EventRule] = {
    "none": NO_EVENT,
    "opponents_only": OpponentsOnly(),
    "own_only": OwnOnly(),
    "face_down": FaceDown(),
    "face_down_unless_event": FaceDownUnlessEvent(),
    "discard_play": DiscardPlay(),
    "no_modifiers": NoModifiers(),
    "no_shields": NoShields(),
    "no_removal": NoRemoval(),
    "draw_two": DrawTwo(),
    "draw_none": DrawNone(),
    "polarity": Polarity(),
    "momentum": Momentum(),
    "tribute": Tribute(),
    "salvage": Salvage(),
    "second_play": SecondPlay(),
}

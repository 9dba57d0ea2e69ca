"""What the Sovereign's Chain table says in words: the prompt for each choice of a turn (a view's
own words, a chain's score and the event, are game/sovereign/describe.py's)."""

from __future__ import annotations

from game.sovereign.actions import Skip
from game.sovereign.phases import OPENING, PICK, POLARITY, SALVAGE, TOKENS, TUCK
from game.sovereign.rules import PROMPTS
from game.wording import addressed, vocative

from scenes.games.sovereign.choices import PLAY_ACTIONS, TOKEN_ACTIONS

TURN_PROMPTS = {  # the choices of a turn made by dragging a hand card (or a token)
    OPENING: "drag the card that starts your chain (face down, secretly) onto the table",
    TOKENS: "drag a token from your pool onto a card, or End turn",
    SALVAGE: "drag a card onto the table to discard it and draw one, or Skip",
    TUCK: "drag a card onto the table to tuck it beneath the Runner, or Skip",
}
PICK_PROMPT = "drag your secret card onto the table"  # sudden death's choice


def play_prompt(name: str, how: str, legal) -> str:
    """A play's words; they say when pool tokens may go first, and what to do when only a
    token can make a card fit (solitaire)."""
    tokens = any(isinstance(a, TOKEN_ACTIONS) for a in legal)
    if tokens and not any(isinstance(a, PLAY_ACTIONS) for a in legal):
        return addressed(name, "no card fits yet: drag a modifier from your pool onto a card to make one fit")
    skip = ", or Skip" if Skip() in legal else ""
    return addressed(name, how + (" (your pool's tokens may go first)" if tokens else "") + skip)


def choice_prompt(view, name: str, suit_buttons: bool) -> str:
    """The words of a choice of the viewer's turn other than a play: a hand card to drag, the
    two suit buttons to press, or a glowing card to click (labelled by the event or the card
    that asks)."""
    kind = view.pending.kind if view.pending is not None else ""
    if kind == PICK:
        return f"Sudden death{vocative(name)}: {PICK_PROMPT}"
    if kind in TURN_PROMPTS:
        return addressed(name, TURN_PROMPTS[kind])
    if suit_buttons:
        return f"{view.asker()}: {PROMPTS.get(kind, 'choose a suit')}: press \u2733 Star or \u2641 Planet"
    if kind == POLARITY:  # no card glows: the Shift suit button (F) or Skip (S) answers it
        return f"{view.asker()}: flip the suit of the card you played (Shift suit), or Skip"
    words = f"{PROMPTS.get(kind, 'choose')} (click a glowing card)"
    if view.asker():
        return f"{view.asker()}: {words}"
    return addressed(name, words)


def onlooker_prompt(name: str, prompt: str) -> str:
    """Another seat's decision as the viewer reads it: "Waiting for Ben to pick the card that
    starts their chain" (the prompts speak to the seat deciding)."""
    return f"Waiting for {name} to {prompt.replace('your ', 'their ')}"

"""What the Sovereign's Chain table says in words: the prompt for each choice of a turn, a chain's
running score on its row, the score of the results broken down card by card as the rulebook reads
it, the active event and the token supply."""

from __future__ import annotations

from game.sovereign.actions import Skip
from game.sovereign.cards import PLANET, STAR
from game.sovereign.phases import OPENING, PICK, POLARITY, SALVAGE, TOKENS, TUCK
from game.sovereign.rules import PROMPTS, reveal_to_come
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


def chain_totals(chain) -> tuple[int, int]:
    """(stars, planets) over the cards in play whose faces the viewer knows."""
    stars = planets = 0
    for stack in chain:
        placed = stack[-1] if stack else None
        if placed is None or placed.value is None:
            continue
        if placed.suit == STAR:
            stars += placed.value
        elif placed.suit == PLANET:
            planets += placed.value
    return stars, planets


def chain_summary(chain) -> str:
    """A chain's totals and score on its row ("so far" while a card of it is still to be
    revealed, on the viewer's own chain too: its face-down cards resolve when revealed)."""
    stars, planets = chain_totals(chain)
    so_far = " (so far)" if reveal_to_come(chain) else ""
    return f"\u2733 {stars}  \u2641 {planets}  score {abs(stars - planets)}{so_far}"


def score_terms(cards, suit: str) -> str:
    """The values of the cards of one suit, "5+(9+1)" (a card with modifiers in brackets)."""
    terms = []
    for placed in cards:
        if placed.suit != suit or placed.card is None:
            continue
        mods = "".join(f"{m:+d}" for m in placed.mods)
        terms.append(f"({placed.card.value}{mods})" if mods else str(placed.value))
    return "+".join(terms) or "0"


def score_breakdown(chain) -> str:
    """A chain's score as the rulebook reads it: the stars and the planets added up (a card's
    modifiers beside its printed value), then the larger total less the smaller."""
    cards = tuple(stack[-1] for stack in chain if stack)
    star_total, planet_total = chain_totals(chain)
    high, low = max(star_total, planet_total), min(star_total, planet_total)
    summary = (f"\u2733 {score_terms(cards, STAR)} = {star_total}, \u2641 {score_terms(cards, PLANET)} = "
               f"{planet_total}: score {high} - {low} = {high - low}")
    suitless = [p.card.kind for p in cards if p.card is not None and not p.suit]
    if suitless:
        summary += f" ({', '.join(suitless)} without a suit: counts for neither)"
    return summary


def event_words(view) -> tuple[str, str]:
    """The active event's heading and text for the side panel."""
    event = view.active_event
    if view.fair_winds:
        return "Fair Winds", "No events in this game."
    if event is None:
        return "No event yet", f"{view.event_deck_count} event cards to come."
    return f"Event: {event.name}", event.text


def supply_words(view) -> str:
    supply = view.supply
    return f"Supply: {supply.shields} shield, {supply.modifiers} modifier, {supply.suits} suit"


def onlooker_prompt(name: str, prompt: str) -> str:
    """Another seat's decision as the viewer reads it: "Waiting for Ben to pick the card that
    starts their chain" (the prompts speak to the seat deciding)."""
    return f"Waiting for {name} to {prompt.replace('your ', 'their ')}"

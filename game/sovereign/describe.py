"""Sovereign's Chain read by ear (game/describe.py), and the words its table shows of a view: each
chain's known cards, totals and score (so far, while a card of it is face down), the score broken
down card by card as the rulebook reads it, the active event, the token supply and each pool, the
draw and discard piles."""

from __future__ import annotations

from ..cards import card_count
from ..describe import seat_counts
from .cards import PLANET, STAR
from .rules import reveal_to_come
from .state import CHAIN_END, MODIFIERS, SHIELDS


def largest_figure(cards) -> int:
    """The largest number a chain's row says in a game played with `cards` (a `CardSet`): a
    hand's count (the deck's cards at most), a pool's tokens (the supply's), a chain's totals and
    score (its CHAIN_END highest values with every modifier token on them; a long sudden death's
    further cards may pass it). A table keeps room for its figures this wide."""
    values = sorted(card.value for card in cards.cards)
    return max(len(cards.cards), SHIELDS, MODIFIERS, sum(values[-CHAIN_END:]) + MODIFIERS)


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


def group(card) -> str:
    return card.kind


def chain_owner(view, names, chain: int) -> str:
    """A chain by its owner ("Ben's chain"), or by its number at a solitaire (one seat, several chains)."""
    if len(view.chains) != view.players:
        return f"Chain {chain + 1}"
    return "Your chain" if chain == view.seat else f"{names[chain]}'s chain"


def placed_words(placed) -> str:
    """A card in play as the viewer knows it: its label and tokens, or "a face-down card"."""
    if placed.card is None:
        return "a face-down card"
    words = placed.card.label + ("" if placed.face_up else " (face down)")
    if placed.suit_token is not None:
        words += f" turned {placed.suit_token}"
    words += "".join(f" {mod:+d}" for mod in placed.mods) + (" shielded" if placed.shield else "")
    return words


def board(view, names) -> list[str]:
    """Each chain, place by place (the card on top, as the viewer knows it), and its score."""
    lines = []
    for chain, stacks in enumerate(view.chains):
        shown = [f"{place + 1}: {placed_words(stack[-1])}" for place, stack in enumerate(stacks) if stack]
        lines.append(f"{chain_owner(view, names, chain)}: {'; '.join(shown) or 'empty'}; {chain_summary(stacks)}")
    return lines


def scores(view, names) -> list[str]:
    """Each chain's score (broken down once the game is over); the final scores."""
    lines = [f"{chain_owner(view, names, chain)}: {score_breakdown(stacks) if view.game_over else chain_summary(stacks)}"
             for chain, stacks in enumerate(view.chains)]
    if view.final_scores is not None and len(view.final_scores) == view.players:
        lines.append("Final scores: " + ", ".join(f"{names[seat]} {score}" for seat, score in enumerate(view.final_scores)))
    return lines


def more(view, names) -> list[str]:
    """The event, the token supply and each pool, the piles and the cards in each hand."""
    heading, text = event_words(view)
    pools = ", ".join(f"{names[seat]} {pool.shields} shield, {pool.modifiers} modifier" for seat, pool in enumerate(view.pools))
    return [f"{heading}. {text}", supply_words(view), f"Pools: {pools}",
            f"The draw pile: {card_count(view.draw_pile_count)}; the discard pile: {card_count(view.discard_count)}",
            f"Cards in hand: {seat_counts(view, names)}"]


def around(view, action) -> str:
    return ""

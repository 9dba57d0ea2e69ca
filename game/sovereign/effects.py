"""The effect steps that class abilities are built from, looked up by name from the card file.

Each step is a small function `run(state, task, log)`: it either acts at once (take tokens,
draw an event) or opens a decision (`state.pending`) whose choices `choices(state, decision)`
lists; the rules apply the chosen action. A step with nothing to act on does nothing (and says
so in the log when the ability was not optional).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..core import shared
from .actions import (PLACE_ROWS, SKIP, EventDrawn, Fizzled, PlaceActions, PlayOn, TokensTaken, hand_actions,
                      place_row)
from .cards import STEP_PARAMS
from .event_rules import EVENT_RULES, NO_EVENT, EventRule
from .phases import (CHANGE_SUIT, CHOOSE_SUIT, COVER, DISCARD, EXTRA_PLAY, FLIP, PLAY, REVEAL_PHASES, SALVAGE, SECOND,
                     TOKENS, TUCK)
from .state import (CHAIN_END, MODIFIER, SHIELD, Decision, Task, draw_event_card, find, open_decision, other_suit,
                    shuffle_events)

def events_on(state) -> bool:
    """Events apply except in the Fair Winds variant and during the Reveal Phase."""
    return not state.fair_winds and state.phase not in REVEAL_PHASES and state.active_event is not None


def active_rule(state) -> EventRule:
    """The active event's rule; none when events are off (`events_on`), or in solitaire for an
    event that names an opponent."""
    if not events_on(state) or event_inactive(state):
        return NO_EVENT
    return EVENT_RULES[state.active_event.rule]


def event_inactive(state) -> bool:
    """Whether the active event has no effect in this game: in solitaire, one that names an
    opponent."""
    return state.solitaire and EVENT_RULES[state.active_event.rule].names_opponent


def draw_event(state, log: list) -> None:
    """(E): the next event replaces the active one at once. When the deck is out, the used
    events (not the active one) are shuffled into a new deck."""
    if not events_on(state):
        return
    if not state.event_deck:
        shuffle_events(state, state.used_events)
        state.used_events = []
        if not state.event_deck:
            return
    state.used_events.append(state.active_event)
    state.active_event = draw_event_card(state)
    log.append(EventDrawn(state.active_event, inactive=event_inactive(state)))


# ---------------------------------------------------------------- the choices of each decision


def targets(state, exclude=None, face_down_only: bool = False) -> list[PlaceActions]:
    """The places whose card in play abilities and tokens may target: not shielded (and not the
    card `exclude`; face down, when `face_down_only`), on a chain that is open (`closed`); each
    as the row of actions aimed at it."""
    found = []
    contenders = state.contenders
    for chain, stacks in enumerate(state.chains):
        if contenders and chain not in contenders:
            continue
        row = PLACE_ROWS[chain] if len(stacks) <= CHAIN_END else place_row(chain, len(stacks))
        for aimed, stack in zip(row, stacks):
            if stack:
                placed = stack[-1]
                if not placed.shield and (exclude is None or placed.card != exclude) \
                        and not (face_down_only and placed.face_up):
                    found.append(aimed)
    return found


def closed(state, chain: int) -> bool:
    """Whether `chain` is closed to abilities, tokens and plays: in sudden death, the chain of a
    player outside the tie (its score stands as it was judged)."""
    return bool(state.contenders) and chain not in state.contenders


def discard_choices(state, decision: Decision) -> list:
    if active_rule(state).blocks_removal:
        return []
    return [aimed.discard for aimed in targets(state, exclude=decision.source)]


def change_suit_choices(state, decision: Decision) -> list:
    """The other suit for a face-up card; either suit for one without a suit, or face down (its
    suit is not seen, so the choice must not give it away)."""
    found = []
    tokens_left = state.supply.suits
    chains = state.chains
    for aimed in targets(state):
        placed = chains[aimed.chain][aimed.place][-1]
        if placed.suit_token is None and not tokens_left:
            continue
        if placed.face_up and placed.suit:
            found.append(aimed.set_suit(other_suit(placed.suit)))
        else:
            found += (aimed.star, aimed.planet)
    return found


def choose_suit_choices(state, decision: Decision) -> list:
    where = find(state, decision.source)
    if where is None:
        return []
    chain, place = where
    placed = state.chains[chain][place][-1]
    if placed.shield or (placed.suit_token is None and not state.supply.suits):
        return []
    aimed = place_row(chain, place + 1)[place]
    return [aimed.star, aimed.planet]


def flip_choices(state, decision: Decision) -> list:
    """Any card in play that is not shielded, the Empath itself included: its text says "one
    card", where the Scout's says "one other card". In the Reveal Phase only a face-down card,
    turned up (ruling: two Empaths could otherwise turn each other down and be revealed again
    for ever, and a player could fire an opponent's revealed card again)."""
    if state.phase in REVEAL_PHASES:
        found = [aimed.flip for aimed in targets(state, face_down_only=True)]
    else:
        found = [aimed.flip for aimed in targets(state)]
    return found + [SKIP] if found else []


def tuck_choices(state, decision: Decision) -> list:
    if find(state, decision.source) is None or not state.hands[decision.seat]:
        return []
    return [actions.tuck for actions in hand_actions(state.cards, state.hands[decision.seat])] + [SKIP]


def cover_choices(state, decision: Decision) -> list:
    """Any face-up card in play but the Acolyte itself; none under Ceasefire (ruling: the move
    takes the Acolyte off its place in its chain, which is a removal)."""
    if active_rule(state).blocks_removal or find(state, decision.source) is None:
        return []
    found = []
    for chain, stacks in enumerate(state.chains):
        if closed(state, chain):
            continue
        row = place_row(chain, len(stacks))
        for place, stack in enumerate(stacks):
            if stack:
                placed = stack[-1]
                if placed.face_up and not placed.shield and placed.card != decision.source:
                    found.append(row[place].cover)
    return found + [SKIP] if found else []


def extra_play_choices(state, decision: Decision) -> list:
    """One more card from hand, face up or face down, on any chain that has room (FAQ: "any
    chain", so whatever Blockade, Homeward or Momentum allow the turn's play); under Nebula face
    down, but for a card with (E); from the hand only, so not Hostile Orbit's discard. Between
    two plays of the turn's owner, pool tokens may be placed too (`token_moment`)."""
    hand = state.hands[decision.seat]
    rule = active_rule(state)
    if state.solitaire:
        found = covering_plays(state, hand, rule, extra=True)
    else:
        open_chains = [chain for chain in range(state.players)
                       if len(state.chains[chain]) < CHAIN_END and not closed(state, chain)]
        found = [(actions.plays_face_up if face_up else actions.plays_face_down)[chain]
                 for actions, card in zip(hand_actions(state.cards, hand), hand)
                 for chain in open_chains for face_up in rule.extra_play_faces(card)]
    if not found:
        return []
    if token_moment(state, decision):
        found += token_choices(state, decision.seat, rule)
    return found + [SKIP]


TOKEN_MOMENTS = frozenset({SALVAGE, PLAY, SECOND, EXTRA_PLAY})
TURN_PHASES = frozenset({SALVAGE, PLAY, SECOND, TOKENS})


def token_moment(state, decision: Decision) -> bool:
    """Whether `decision` is a moment of its seat's own turn at which pool tokens may be placed
    besides (the rulebook: "any time during their turn"): Salvage's offer, a play (the turn's
    first, Open Skies' second, the Smuggler's extra one). Never in another player's turn: an
    extra play a revealed Smuggler gives its chain's owner in someone else's turn is not one."""
    return decision.kind in TOKEN_MOMENTS and decision.seat == state.current and state.phase in TURN_PHASES


def token_choices(state, seat: int, rule: EventRule | None = None) -> list:
    """Pool tokens this seat may place now on cards in play that are not shielded. `rule` is the
    active event's, when the caller has it."""
    pool = state.pools[seat]
    if not pool.shields and not pool.modifiers:
        return []
    rule = rule or active_rule(state)
    found = []
    spots = targets(state)
    if pool.modifiers and not rule.blocks_modifiers:
        for aimed in spots:
            found += (aimed.plus, aimed.minus)
    if pool.shields and not rule.blocks_shields:
        found += [aimed.shield for aimed in spots]
    return found


def covers(stack: list, card) -> bool:
    """Solitaire: a card played face up goes on a card in play whose value (modifiers included)
    is one less than its printed value, or on a face-down card, or on an empty space."""
    return not stack or not stack[-1].face_up or stack[-1].value == card.value - 1


def covering_plays(state, hand, rule: EventRule, extra: bool = False) -> list:
    """Solitaire plays from `hand` onto the one chain's places, in the faces the active event's
    `rule` gives each card (`extra`: the Smuggler's extra play, face up or down); face down on any
    place."""
    found = []
    for card in hand:
        faces = rule.extra_play_faces(card) if extra else (rule.plays_face_up(card),)
        for place, stack in enumerate(state.chains[0]):
            for face_up in faces:
                if not face_up or covers(stack, card):
                    found.append(shared(PlayOn, card, place, face_up))
    return found


CHOICES: dict[str, Callable] = {
    DISCARD: discard_choices,
    CHANGE_SUIT: change_suit_choices,
    CHOOSE_SUIT: choose_suit_choices,
    FLIP: flip_choices,
    TUCK: tuck_choices,
    COVER: cover_choices,
    EXTRA_PLAY: extra_play_choices,
}


# ---------------------------------------------------------------- steps


def _ask(reason: str = "") -> Callable:
    """A step that opens its task's decision (made with the task: `StepKind.asks`); with no
    choice it does nothing (logging `reason`, for an ability that is not optional)."""

    def run(state, task: Task, log: list) -> None:
        decision = task.decision
        found = CHOICES[decision.kind](state, decision)
        if found:
            open_decision(state, decision, found)
        elif reason:
            log.append(Fizzled(task.seat, task.source, reason))

    return run


_ask_discard = _ask("no other card may be targeted")


def _discard_target(state, task: Task, log: list) -> None:
    if active_rule(state).blocks_removal:
        log.append(Fizzled(task.seat, task.source, "Ceasefire: no card may be removed"))
        return
    _ask_discard(state, task, log)


_ask_cover = _ask()


def _cover(state, task: Task, log: list) -> None:
    if active_rule(state).blocks_removal:
        log.append(Fizzled(task.seat, task.source, "Ceasefire: the Acolyte may not move"))
        return
    _ask_cover(state, task, log)


def _gain(kind: str) -> Callable:
    """Take `count` tokens of one kind from the supply into the resolving player's pool (fewer,
    or none, when the supply runs out)."""

    def run(state, task: Task, log: list) -> None:
        taken = state.supply.take(kind, task.step.count)
        state.pools[task.seat].give(kind, taken)
        log.append(shared(TokensTaken, task.seat, kind, taken))

    run.__name__ = f"gain_{kind}"
    return run


def _draw_event(state, task: Task, log: list) -> None:
    draw_event(state, log)


@dataclass(frozen=True, slots=True)
class StepKind:
    """A step the card file may name: its function, its parameters with their ranges (the card
    files' vocabulary, `STEP_PARAMS` in cards.py, which checks a file against it), and the kind of
    decision it opens, if it asks one."""

    run: Callable
    params: dict[str, tuple[int, int]]
    asks: str | None = None


_KINDS: dict[str, tuple[Callable, str | None]] = {
    "discard_target": (_discard_target, DISCARD),
    "change_suit": (_ask("no card may take a suit token"), CHANGE_SUIT),
    "choose_suit": (_ask("it cannot take a suit token"), CHOOSE_SUIT),
    "flip": (_ask(), FLIP),
    "tuck_from_hand": (_ask(), TUCK),
    "cover": (_cover, COVER),
    "gain_modifiers": (_gain(MODIFIER), None),
    "gain_shield": (_gain(SHIELD), None),
    "draw_event": (_draw_event, None),
    "extra_play": (_ask(), EXTRA_PLAY),
}
STEPS: dict[str, StepKind] = {name: StepKind(run, STEP_PARAMS[name], asks) for name, (run, asks) in _KINDS.items()}

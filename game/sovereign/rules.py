"""Sovereign's Chain rules (2-4 players), per the Sovereign's Chain rulebook and its rulings.

Every choice is an action answering the decision the state holds (`state.pending`). After each
action the engine runs on (`_flow`): it works through the effect steps waiting on the work stack,
then moves the turn along (second play, tokens, draw, next turn, Reveal Phase, scoring, sudden
death) until the next decision or the end of the game.

Decided here where the rulebook and the rulings say nothing (each in the docstring of the code
that does it, and each a test named "gap" in tests/test_sovereign_rules.py):
- a whole round of turns without a play or a draw ends the game, the Reveal Phase beginning with
  the seat whose turn ended last (`_end_turn`);
- when several chains reach 7 in one turn, the one that reached 7 first begins the Reveal Phase
  (`_end_turn`);
- extra plays (Smuggler) go on any chain with room whatever the event restricts, face down only
  under Nebula, never from the discard pile, and are not the turn's play for Momentum or Open
  Skies; Tribute pays for them (`extra_play_choices`, `_turn_play`);
- the moments of a turn at which pool tokens may be placed are its own decisions: Salvage's offer,
  each play (the Smuggler's extra play too) and the end of the turn before the draw
  (`TOKEN_MOMENTS`, `_phase_tokens`); in the Reveal Phase and sudden death, a seat's own reveal
  or sudden-death play and the moment after it (`_phase_reveal`, `_after_reveal_tokens`);
- in sudden death, only the tied players are re-scored against each other, tied players who
  run out of cards together share the win (`_sudden_round`, `_phase_sudden_play`), and the other
  chains are closed to every ability, token and play (`effects.closed`);
- after a turn without a play, Momentum leaves the next turn free (`Momentum` in event_rules.py);
- Polarity Shift offers nothing for a card without a suit (`_polarity_shift`);
- the Empath may turn itself over (its text says "one card", the Scout's "one other card";
  `flip_choices`), and a card it turns face down stays known to every seat (`_on_flip`);
- Salvage is not offered to an empty hand (`begin_turn`);
- the Envoy may give a face-down card either suit (`change_suit_choices`, effects.py);
- a card tucked beneath a Runner earlier in the game is revealed in the Reveal Phase while the
  Runner is in play (`revealable`).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ..core import Option, Outcome, Rules, View, shared
from ..dealing import deal_hidden
from ..rng import Rng
from .actions import (ACTION_TYPES, END_TURN, EVENT_TYPES, PLACE_ROWS, SHIFT_SUIT, SKIP, ChainsStarted, Cover,
                      Covered, Discard, Discarded, Drew, EndTurn, Flip, Flipped, GameEnded, Open, Pick, Picked,
                      PlaceModifier, PlaceShield, Play, PlayDiscard, PlayDiscardOn, Played, PlayOn, Reveal, RevealPhase,
                      Salvage, Salvaged, Scored, SetSuit, ShiftSuit, Skip, SolitaireEnded, SuddenDeath, SuitChanged,
                      TokenPlaced, TokensTaken, Tuck, Tucked, hand_actions, place_row)
from .cards import BUILT_IN, CardSet, ClassCard, EventCard, Step
from .effects import (CHOICES, STEPS, TURN_PHASES, active_rule, closed, covering_plays, covers, extra_play_choices,
                      token_choices)
from .event_rules import EventRule
from .phases import (CHANGE_SUIT, CHOOSE_SUIT, COVER, DISCARD, EXTRA_PLAY, FLIP, OPENING, OVER, PICK, PLAY, POLARITY,
                     REVEAL, REVEAL_PHASES, REVEAL_TOKENS, SALVAGE, SECOND, SUDDEN_PICK, SUDDEN_PLAY, SUDDEN_TOKENS,
                     TOKENS, TUCK)
from .state import (CHAIN_END, EVERYONE, HAND_SIZE, MAX_PLAYERS, MODIFIER, NOTHING_LISTED, ONLOOKER, SHIELD, Decision,
                    Placed, SovereignState, Task, TokenCounts, Tokens, chain_score, clone_state, draw_card,
                    draw_event_card, find, full_supply, open_decision, other_suit, return_tokens, set_suit, set_top,
                    shuffle_draw_pile, shuffle_events, take_top, top)

# Where `determinize` deals the cards a seat cannot see besides the other hands: keys below any
# seat's, for `deal_hidden` to deal to as to seats.
FACES_UNSEEN, SECRET_PICKS, SECRET_QUEUE, DISCARDED = -1, -2, -3, -4

PROMPTS = {
    OPENING: "pick the card that starts your chain",
    PICK: "pick your sudden-death card",
    SALVAGE: "discard a card to draw one, or skip",
    PLAY: "play a card from your hand",
    SECOND: "play a second card, or skip",
    EXTRA_PLAY: "play one more card, or skip",
    POLARITY: "flip the suit of the card you played, or skip",
    DISCARD: "choose the card to discard",
    CHANGE_SUIT: "choose the card whose suit changes",
    CHOOSE_SUIT: "choose this Mercenary's suit",
    FLIP: "choose a card to turn over, or skip",
    TUCK: "choose a card to tuck beneath the Runner, or skip",
    COVER: "choose the face-up card the Acolyte covers, or skip",
    TOKENS: "place tokens from your pool, or end",
    REVEAL: "reveal one face-down card of your chain",
}


def _bit(seat: int) -> int:
    return 1 << seat


# ---------------------------------------------------------------- the view


@dataclass(frozen=True, slots=True)
class WaitingStep:
    """An ability's step waiting on the work stack, as a view holds it: plain data, which the
    engine binds to its step's function again (`_bound`) when it makes a state of a view."""

    source: ClassCard
    seat: int
    step: Step


@dataclass(frozen=True, slots=True)
class PlacedView:
    """A card on a chain as one seat sees it: `card` is None when face down and unknown to it."""

    card: ClassCard | None
    face_up: bool
    known: int
    suit_token: str | None
    mods: tuple[int, ...]
    shield: bool
    tucked: bool

    @property
    def suit(self) -> str | None:
        if self.suit_token is not None:
            return self.suit_token
        return self.card.suit if self.card is not None else None

    @property
    def value(self) -> int | None:
        return self.card.value + sum(self.mods) if self.card is not None else None


@dataclass(frozen=True, slots=True, kw_only=True)
class SovereignView(View):
    """`current` is the seat to move (the one deciding, as every table reads it); `turn_owner`
    is the seat whose turn it is (an ability's choice or a secret pick may fall to another)."""

    fair_winds: bool
    dealer: int
    chains: tuple[tuple[tuple[PlacedView, ...], ...], ...]
    draw_pile_count: int
    discard_count: int
    active_event: EventCard | None
    used_events: tuple[EventCard, ...]
    event_deck_count: int
    supply: TokenCounts
    pools: tuple[TokenCounts, ...]
    turn_owner: int
    phase: str
    pending: Decision | None
    work: tuple[WaitingStep, ...]
    picked: tuple[bool, ...]
    own_pick: ClassCard | None
    began_own: tuple[bool | None, ...]
    turn_began_own: bool | None
    plays_this_turn: int
    idle_turns: int
    sevens: tuple[int, ...]
    first_to_seven: int | None
    reveal_seat: int
    contenders: tuple[int, ...]
    queued: tuple[tuple[int, ClassCard | None], ...]
    turns: int
    final_scores: tuple[int, ...] | None

    def in_play(self, chain: int, place: int) -> PlacedView:
        return self.chains[chain][place][-1]

    def asker(self) -> str | None:
        """What asks the pending choice, as its prompt is labelled: the active event where its
        rule asks about the card just played (Polarity Shift's flip, offered before that card's
        own ability and so before any new event it brings), else the class of the card whose
        ability asks; None for the choices of the turn itself."""
        pending = self.pending
        if pending is None or pending.source is None:
            return None
        if pending.kind == POLARITY and self.active_event is not None:
            return self.active_event.name
        return pending.source.kind


# ---------------------------------------------------------------- rules


class SovereignRules(Rules):
    # 2: the revised rulings (pool tokens at any moment of the turn, the Reveal Phase's tokens
    # kept for later reveals, a card with (E) ends the Nebula, sudden death closes the chains
    # outside the tie). 3: an Empath turns a card face up only in the Reveal Phase; Ceasefire
    # stops an Acolyte's move.
    edition = 3
    min_players = 2
    max_players = 4
    action_types = ACTION_TYPES
    card_types = (ClassCard,)
    shown_types = (EventCard,)
    event_types = EVENT_TYPES
    options = (
        Option("fair_winds", "Events", ((False, "Event cards"), (True, "Fair Winds (no events)")), False,
               choice_help=((False, "Event cards: one event at a time changes the rules; a card marked (E) "
                                    "draws the next one."),
                            (True, "Fair Winds: play without event cards; class abilities that draw an event "
                                   "are ignored."))),
    )

    def __init__(self, cards: CardSet = BUILT_IN) -> None:
        self.cards = cards

    def normalize_config(self, config: dict) -> dict:
        normal = super().normalize_config(config)
        dealer = config.get("dealer", 0)
        if not isinstance(dealer, int) or not 0 <= dealer < normal["players"]:
            raise ValueError(f"dealer must be a seat from 0 to {normal['players'] - 1}, not {dealer!r}")
        normal["dealer"] = dealer
        return normal

    def next_game_config(self, config: dict, finished) -> dict:
        """For several games the deal passes to the left."""
        normal = self.normalize_config(config)
        return {**normal, "dealer": (normal["dealer"] + 1) % normal["players"]}

    # -- setting up

    def setup(self, config: dict, seed: int) -> SovereignState:
        config = self.normalize_config(config)
        players, dealer, fair_winds = config["players"], config["dealer"], config["fair_winds"]
        hands = [[] for _ in range(players)]
        first = (dealer + 1) % players
        state = SovereignState(
            players=players, cards=self.cards, fair_winds=fair_winds, dealer=dealer, rng=Rng(seed), hands=hands,
            draw_pile=[], discard=[], chains=[[] for _ in range(players)], event_deck=[], active_event=None,
            used_events=[], supply=full_supply(), pools=[Tokens() for _ in range(players)],
            current=first, picks=[None] * players, began_own=[None] * players)
        shuffle_events(state, [] if fair_winds else list(self.cards.events))
        state.active_event = draw_event_card(state) if state.event_deck else None
        shuffle_draw_pile(state, list(self.cards.cards))
        for _round in range(HAND_SIZE):
            for offset in range(players):
                hands[(first + offset) % players].append(draw_card(state))
        _flow(state, [])
        return state

    def to_move(self, state: SovereignState) -> int | None:
        if state.winners is not None or state.pending is None:
            return None
        return state.pending.seat

    def clone(self, state: SovereignState) -> SovereignState:
        return clone_state(state)

    # -- what may be done

    def legal_actions(self, state: SovereignState) -> list:
        """The actions that answer the pending decision: those listed as it opened, if it did
        in the engine's flow (a hand-built state lists them now)."""
        if state.winners is not None or state.pending is None:
            return []
        decision, legal = state.listed
        if decision is state.pending:
            return legal[:]
        return choices(state, state.pending)

    def playout_action(self, state: SovereignState, rand):
        """Uniformly random, as by default, but drawn from the listed actions themselves: a
        playout only reads them, so they are not copied."""
        decision, legal = state.listed
        if decision is not state.pending:
            legal = self.legal_actions(state)
        return legal[int(rand() * len(legal))]

    def why_illegal(self, state: SovereignState, action) -> str:
        if state.winners is not None:
            return "the game is over"
        decision = state.pending
        legal = choices(state, decision)
        if type(action) not in {type(a) for a in legal}:
            return f"not now: {PROMPTS.get(decision.kind, 'finish the current choice')}"
        hand = state.hands[decision.seat]
        card = getattr(action, "card", None)
        if type(action) in (Open, Pick, Play, PlayOn, Salvage, Tuck) and card not in hand:
            return "that card is not in your hand"
        chain = getattr(action, "chain", None)
        if chain is not None and not 0 <= chain < state.players:
            return "there is no such chain"
        if chain is not None and closed(state, chain):
            return "that chain is out of the sudden death: its score stands, nothing may change it"
        if type(action) in (Play, PlayDiscard):
            return _why_not_play(state, decision, action)
        if type(action) in (PlayOn, PlayDiscardOn):
            return _why_not_cover(state, decision, action)
        place = getattr(action, "place", None)
        if place is not None and chain is not None:
            if not 0 <= place < len(state.chains[chain]) or not state.chains[chain][place]:
                return "there is no card at that place"
            if top(state, chain, place).shield:
                return "that card is shielded: no ability or token may target it"
        if type(action) is PlaceModifier and action.delta not in (1, -1):
            return "a modifier token is +1 or -1"
        return f"that choice is not open: {PROMPTS.get(decision.kind, 'choose again')}"

    # -- doing it

    def advance(self, state: SovereignState, action) -> list:
        log: list = []
        decision = state.pending
        state.pending = None
        state.listed = NOTHING_LISTED
        HANDLERS[type(action)](state, decision, action, log)
        _flow(state, log)
        return log

    # -- what is seen

    def shows_hidden(self, before: SovereignState, after: SovereignState, seat: int) -> bool:
        """A card this seat had not seen, or a new active event: it came from the face-down event
        deck, whose order nobody saw (even an event that was in play before and came back in a
        reshuffle)."""
        return before.active_event != after.active_event or super().shows_hidden(before, after, seat)

    def public_action(self, action, seat: int | None):
        """Face-down plays, secret picks, tucked and salvaged cards name no card to the others."""
        kind = type(action)
        if kind in (Open, Pick, Tuck, Salvage):
            return kind(None)
        if kind is Play and not action.face_up:
            return Play(None, action.chain, False)
        if kind is PlayOn and not action.face_up:
            return PlayOn(None, action.place, False)
        return action

    def redact(self, event, seat: int | None):
        kind = type(event)
        if kind is Played and not event.face_up and event.seat != seat:
            return Played(event.seat, None, event.chain, event.place, False, event.from_discard)
        if kind is Tucked and event.seat != seat:
            return Tucked(event.seat, None, event.chain, event.place)
        if kind is Drew and event.seat != seat:
            return Drew(event.seat, event.count, None)
        if kind is Salvaged and event.seat != seat:
            return Salvaged(event.seat, None)
        return event

    def view(self, state: SovereignState, seat: int | None) -> SovereignView:
        mask = _bit(seat) if seat is not None else ONLOOKER
        chains = tuple(tuple(tuple([_seen(p, p.face_up or bool(p.known & mask)) for p in stack]) for stack in chain)
                       for chain in state.chains)
        return SovereignView(
            seat=seat, players=state.players, fair_winds=state.fair_winds, dealer=state.dealer,
            hand=tuple(state.hands[seat]) if seat is not None else (),
            hand_counts=tuple(len(h) for h in state.hands), chains=chains, draw_pile_count=len(state.draw_pile),
            discard_count=len(state.discard), active_event=state.active_event,
            used_events=tuple(state.used_events), event_deck_count=len(state.event_deck),
            supply=state.supply.frozen(), pools=tuple(pool.frozen() for pool in state.pools),
            current=state.pending.seat if state.pending is not None else state.current, turn_owner=state.current,
            phase=state.phase, pending=state.pending,
            work=tuple(WaitingStep(task.source, task.seat, task.step) for task in state.work),
            picked=tuple(p is not None for p in state.picks),
            own_pick=state.picks[seat] if seat is not None else None, began_own=tuple(state.began_own),
            turn_began_own=state.turn_began_own, plays_this_turn=state.plays_this_turn, idle_turns=state.idle_turns,
            sevens=tuple(state.sevens), first_to_seven=state.first_to_seven, reveal_seat=state.reveal_seat,
            contenders=state.contenders,
            queued=tuple((s, card if s == seat else None) for s, card in state.sudden_queue),
            turns=state.turns, winners=state.winners, final_scores=state.final_scores)

    def determinize(self, view: SovereignView, rng: Rng) -> SovereignState:
        """A full state the viewer cannot tell from the real one: the cards it cannot see dealt
        at random to the other hands, the unknown face-down cards, the other seats' secret
        picks, the discard and the draw pile; the unseen events shuffled."""
        pool = self._unseen(view)
        others = [s for s in range(view.players) if s != view.seat]
        hidden_places = sum(1 for chain in view.chains for stack in chain for p in stack if p.card is None)
        secret_picks = [s for s in others if view.picked[s]]
        secret_queue = sum(1 for s, card in view.queued if card is None)
        sizes = {s: view.hand_counts[s] for s in others}
        sizes.update({FACES_UNSEEN: hidden_places, SECRET_PICKS: len(secret_picks), SECRET_QUEUE: secret_queue,
                      DISCARDED: view.discard_count})
        dealt, draw_pile = deal_hidden(pool, sizes, {}, {}, rng)
        hands = [list(view.hand) if s == view.seat else dealt[s] for s in range(view.players)]
        faces = iter(dealt[FACES_UNSEEN])
        chains = [[[_guessed(p, faces) for p in stack] for stack in chain] for chain in view.chains]
        picks = [None] * view.players
        if view.seat is not None:
            picks[view.seat] = view.own_pick
        for s, card in zip(secret_picks, dealt[SECRET_PICKS]):
            picks[s] = card
        queue_cards = iter(dealt[SECRET_QUEUE])
        queue = [(s, card if card is not None else next(queue_cards)) for s, card in view.queued]
        used = set(view.used_events) | {view.active_event}
        event_deck = [e for e in self.cards.events if e not in used] if not view.fair_winds else []
        rng.shuffle(event_deck)
        return SovereignState(
            players=view.players, cards=self.cards, fair_winds=view.fair_winds, dealer=view.dealer,
            rng=Rng(rng.next_u64()), hands=hands, draw_pile=draw_pile, discard=dealt[DISCARDED], chains=chains,
            event_deck=event_deck, active_event=view.active_event, used_events=list(view.used_events),
            supply=Tokens(*view.supply), pools=[Tokens(*pool) for pool in view.pools], current=view.turn_owner,
            phase=view.phase, pending=view.pending, work=[_bound(waiting) for waiting in view.work], picks=picks, began_own=list(view.began_own),
            turn_began_own=view.turn_began_own, plays_this_turn=view.plays_this_turn, idle_turns=view.idle_turns,
            sevens=list(view.sevens),
            first_to_seven=view.first_to_seven, reveal_seat=view.reveal_seat, contenders=view.contenders,
            sudden_queue=queue, turns=view.turns, winners=view.winners, final_scores=view.final_scores)

    def _unseen(self, view: SovereignView) -> list[ClassCard]:
        """The cards of the set that the viewer cannot see anywhere, in the set's order."""
        seen = set(view.hand)
        seen.update(p.card for chain in view.chains for stack in chain for p in stack if p.card is not None)
        if view.own_pick is not None:
            seen.add(view.own_pick)
        seen.update(card for _s, card in view.queued if card is not None)
        return [c for c in self.cards.cards if c not in seen]

    def deck(self, config: dict) -> list[ClassCard]:
        return list(BUILT_IN.cards)

    def hidden_cards(self, state: SovereignState, seat: int | None) -> set:
        """Other seats' hands and secret picks, the draw pile, and the face-down cards on the
        chains that this seat did not see. (The discard pile is shown to nobody, but the cards
        that abilities discarded were seen by all.)"""
        hidden = set(state.draw_pile)
        mask = 1 << seat if seat is not None else 1 << 8  # (an onlooker knows what all have seen)
        for chain in state.chains:
            for stack in chain:
                hidden.update(p.card for p in stack if not p.face_up and not p.known & mask)
        if state.winners is not None:
            return hidden
        for other, hand in enumerate(state.hands):
            if other != seat:
                hidden.update(hand)
                if state.picks[other] is not None:
                    hidden.add(state.picks[other])
        hidden.update(card for other, card in state.sudden_queue if other != seat)
        return hidden

    def best_in_words(self, score: float) -> str:
        return f"best score {score:g}"

    def outcome(self, state: SovereignState) -> Outcome | None:
        if state.winners is None:
            return None
        return Outcome(tuple(float(s) for s in state.final_scores), state.winners)

    def points(self, state: SovereignState) -> tuple[float, ...] | None:
        """The final scores: chains are scored only once the game is over."""
        return None if state.final_scores is None else tuple(float(s) for s in state.final_scores)


@functools.lru_cache(maxsize=4096)
def _seen(placed: Placed, visible: bool) -> PlacedView:
    """A placed card as a seat sees it (its face if `visible`). Views are made at every step of a
    rollout and most placed cards stay as they are, so each view object is made once and shared."""
    return PlacedView(placed.card if visible else None, placed.face_up, placed.known, placed.suit_token,
                      placed.mods, placed.shield, placed.tucked)


def _guessed(seen: PlacedView, faces) -> Placed:
    card = seen.card if seen.card is not None else next(faces)
    return Placed(card, seen.face_up, seen.known, seen.suit_token, seen.mods, seen.shield, seen.tucked)


def _why_not_cover(state: SovereignState, decision: Decision, action) -> str:
    if not 0 <= action.place < len(state.chains[0]):
        return "there is no such place in the chain"
    stack = state.chains[0][action.place]
    if type(action) is PlayDiscardOn:
        return "the unseen discard may go only on a face-down card or an empty space"
    wrong_face = _why_wrong_face(active_rule(state), decision, action)
    if wrong_face:
        return wrong_face
    if action.face_up and not covers(stack, action.card):
        return (f"a {action.card.value} must cover a card worth exactly {action.card.value - 1} "
                "(or a face-down card, or an empty space)")
    return "that card cannot be played now"


def _why_not_play(state: SovereignState, decision: Decision, action) -> str:
    rule = active_rule(state)
    if len(state.chains[action.chain]) >= CHAIN_END:
        return "that chain already has 7 cards"
    if type(action) is PlayDiscard:
        return "the discard pile may be played only under Hostile Orbit, when it holds a card"
    return _why_wrong_face(rule, decision, action) or rule.refusal()


def _why_wrong_face(rule: EventRule, decision: Decision, action) -> str:
    """Why a play's face is refused ("" when it is not): face up, unless the event turns the card
    face down; an extra play may go either way."""
    if decision.kind == EXTRA_PLAY:
        return "" if action.face_up in rule.extra_play_faces(action.card) else "Nebula: that card is played face down"
    face_up = rule.plays_face_up(action.card)
    if action.face_up and not face_up:
        return ("Nebula: a card without (E) is played face down" if rule.event_cards_face_up
                else "Nebula: class cards are played face down")
    if not action.face_up and face_up:
        if rule.face_down_plays:
            return "Nebula: a card with (E) is played face up, so its new event ends the Nebula"
        return "cards are played face up (face down only by an ability or event)"
    return ""


# ---------------------------------------------------------------- choices


def choices(state: SovereignState, decision: Decision) -> list:
    """Every action that answers `decision` now."""
    lister = LISTS.get(decision.kind)
    if lister is None:
        raise ValueError(f"unknown decision {decision.kind!r}")
    return lister(state, decision)


def _opening_choices(state: SovereignState, decision: Decision) -> list:
    return [actions.open for actions in hand_actions(state.cards, state.hands[decision.seat])]


def _pick_choices(state: SovereignState, decision: Decision) -> list:
    return [actions.pick for actions in hand_actions(state.cards, state.hands[decision.seat])]


def _salvage_choices(state: SovereignState, decision: Decision) -> list:
    salvages = [actions.salvage for actions in hand_actions(state.cards, state.hands[decision.seat])]
    return salvages + token_choices(state, decision.seat) + [SKIP]


def _play_choices(state: SovereignState, decision: Decision) -> list:
    rule = active_rule(state)
    return turn_plays(state, decision.seat, rule) + token_choices(state, decision.seat, rule)


def _second_choices(state: SovereignState, decision: Decision) -> list:
    rule = active_rule(state)
    return turn_plays(state, decision.seat, rule) + token_choices(state, decision.seat, rule) + [SKIP]


def _polarity_choices(state: SovereignState, decision: Decision) -> list:
    return [SHIFT_SUIT, SKIP]


def _token_choices(state: SovereignState, decision: Decision) -> list:
    return token_choices(state, decision.seat) + [END_TURN]


def _reveal_choices(state: SovereignState, decision: Decision) -> list:
    """A reveal, or first a token from the pool (tokens gained in the Reveal Phase wait there
    for any of their taker's reveal turns)."""
    return revealable(state, decision.seat) + token_choices(state, decision.seat)


def turn_plays(state: SovereignState, seat: int, rule: EventRule) -> list:
    """The plays of a turn: a card from hand, face up (face down under Nebula), at the end of a
    chain with room that the active event (`rule`) allows; under Hostile Orbit the top discard
    too."""
    if state.solitaire:
        found = covering_plays(state, state.hands[seat], rule)
        if rule.discard_plays and state.discard:
            found += [shared(PlayDiscardOn, i) for i, stack in enumerate(state.chains[0])
                      if not stack or not stack[-1].face_up]
        return found
    began = state.began_own[seat]
    hand = state.hands[seat]
    rows = hand_actions(state.cards, hand)
    # Each card's plays at the right face (face up, or face down under Nebula), chain by chain.
    if rule.face_down_plays:
        plays = [actions.plays_face_down if not rule.plays_face_up(card) else actions.plays_face_up
                 for actions, card in zip(rows, hand)]
    else:
        plays = [actions.plays_face_up for actions in rows]
    from_discard = rule.discard_plays and state.discard
    found = []
    for chain in range(state.players):
        if len(state.chains[chain]) >= CHAIN_END:
            continue
        own = chain == seat
        if rule.any_chain or rule.may_play_on(own, began, False):
            for row in plays:  # (a loop, not a list comprehension: a turn's hand is a few cards)
                found.append(row[chain])
            if from_discard:
                found.append(shared(PlayDiscard, chain))
        elif rule.may_play_on(own, began, True):
            found += [row[chain] for row, card in zip(plays, hand) if card.draws_event and row[chain].face_up]
    return found


def reveal_to_come(stacks) -> bool:
    """Whether a chain (its stacks, as the state or a view holds them) has a card the Reveal
    Phase will still turn up: one face down in play, or one tucked face down beneath the card on
    top (a Runner). Until none is left the chain's score is not final, whoever looks at it."""
    return any(stack and (not stack[-1].face_up or (len(stack) > 1 and stack[-2].tucked and not stack[-2].face_up))
               for stack in stacks)


def revealable(state: SovereignState, seat: int) -> list:
    """Reveal Phase: the face-down cards in play in this seat's chain, and the card beneath a
    Runner in play there (tucked face down)."""
    found = []
    tucking = state.cards.tucking
    stacks = state.chains[seat]
    row = PLACE_ROWS[seat] if len(stacks) <= CHAIN_END else place_row(seat, len(stacks))
    for aimed, stack in zip(row, stacks):
        placed = stack[-1]
        if not placed.face_up:
            found.append(aimed.reveal)
        elif placed.card.kind in tucking and len(stack) > 1 and stack[-2].tucked and not stack[-2].face_up:
            found.append(aimed.reveal_beneath)
    return found


LISTS = {
    **CHOICES,
    OPENING: _opening_choices,
    PICK: _pick_choices,
    SALVAGE: _salvage_choices,
    PLAY: _play_choices,
    SECOND: _second_choices,
    POLARITY: _polarity_choices,
    TOKENS: _token_choices,
    REVEAL: _reveal_choices,
}


TURN_DECISIONS = {kind: tuple(Decision(kind, seat) for seat in range(MAX_PLAYERS)) for kind in PROMPTS}


def _wait(state: SovereignState, kind: str, seat: int, legal: list | None = None,
          source: ClassCard | None = None) -> None:
    """Open the decision `kind` for `seat` (its legal actions listed now, or `legal` when the
    caller has just listed them). Decisions of the turn itself are shared objects."""
    decision = TURN_DECISIONS[kind][seat] if source is None else Decision(kind, seat, source)
    open_decision(state, decision, LISTS[kind](state, decision) if legal is None else legal)


# ---------------------------------------------------------------- the flow of play


def _flow(state: SovereignState, log: list) -> None:
    """Run effect steps and move the game along until a decision is needed or the game is over."""
    while state.pending is None and state.winners is None:
        if state.work:
            task = state.work.pop()
            task.run(state, task, log)
        else:
            PHASES[state.phase](state, log)


def resume(state: SovereignState) -> list:
    """Move a hand-built or edited state on to its next decision; returns the events."""
    log: list = []
    _flow(state, log)
    return log


def _resolve(state: SovereignState, card: ClassCard, seat: int, polarity: bool = False) -> None:
    """Queue a card's resolution by `seat`: (E) first if it has one, then its ability steps in
    order; with `polarity` (a card just played face up under Polarity Shift) the Polarity Shift
    flip is offered first."""
    tasks = state.cards.resolutions.get(id(card))
    if tasks is None:
        tasks = state.cards.resolutions[id(card)] = _resolution(state.cards, card)
    state.work.extend(tasks[seat])
    if polarity:
        state.work.append(_bound(WaitingStep(card, seat, POLARITY_SHIFT)))


def _resolution(cards: CardSet, card: ClassCard) -> tuple[tuple[Task, ...], ...]:
    """Per seat, the tasks of `card`'s resolution, in the order the work stack takes them (last
    step first), each bound to its step's function."""
    steps = cards.steps_of(card)[::-1]
    return tuple(tuple(_bound(WaitingStep(card, seat, step)) for step in steps) for seat in range(MAX_PLAYERS))


def _bound(waiting: WaitingStep) -> Task:
    """The task of a waiting step: bound to its step's function, with the decision it opens."""
    card, seat, step = waiting.source, waiting.seat, waiting.step
    if step == POLARITY_SHIFT:
        return Task(card, seat, POLARITY_SHIFT, _polarity_shift)
    kind = STEPS[step.name]
    return Task(card, seat, step, kind.run, Decision(kind.asks, seat, card) if kind.asks else None)


def _polarity_shift(state: SovereignState, task: Task, log: list) -> None:
    """Polarity Shift's offer, before the card's ability: nothing for a card that has no suit to
    flip (a Mercenary has not chosen one yet), that is shielded, or that left play already."""
    where = find(state, task.source)
    if where is None:
        return
    placed = top(state, *where)
    if placed.suit and not placed.shield and (placed.suit_token is not None or state.supply.suits):
        _wait(state, POLARITY, task.seat, source=task.source)


POLARITY_SHIFT = Step("polarity_shift")


def _phase_opening(state: SovereignState, log: list) -> None:
    for offset in range(state.players):
        seat = (state.current + offset) % state.players
        if state.picks[seat] is None:
            _wait(state, OPENING, seat)
            return
    for seat, card in enumerate(state.picks):
        state.chains[seat].append([Placed(card, False, _bit(seat))])
    state.picks = [None] * state.players
    log.append(shared(ChainsStarted, state.players))
    begin_turn(state, state.current)


def begin_turn(state: SovereignState, seat: int, rule: EventRule | None = None) -> None:
    """`seat` starts a turn (with the Salvage choice first, when that event is active and the
    hand holds a card to discard: an empty hand has nothing to salvage). `rule` is the active
    event's, when the caller has it."""
    state.current = seat
    state.plays_this_turn = 0
    state.turn_began_own = None
    state.sevens = []
    state.turns += 1
    state.phase = SALVAGE if (rule or active_rule(state)).salvage and state.hands[seat] else PLAY


def _phase_salvage(state: SovereignState, log: list) -> None:
    if state.solitaire and solitaire_won(state):
        finish_solitaire(state, True, log)
        return
    _wait(state, SALVAGE, state.current)


def _pool_can_fit(state: SovereignState, rule: EventRule) -> bool:
    """Solitaire, when no card fits: whether pool modifiers could still make one fit (each moves
    a card's value by one, up or down; a shielded card takes none). With cards in hand, every
    place then holds a face-up card, or any card would fit."""
    modifiers = state.pools[0].modifiers
    if not modifiers or rule.blocks_modifiers or not state.hands[0]:
        return False
    values = {card.value - 1 for card in state.hands[0]}
    return any(abs(wanted - stack[-1].value) <= modifiers
               for stack in state.chains[0] if stack and not stack[-1].shield for wanted in values)


def _phase_play(state: SovereignState, log: list, rule: EventRule | None = None) -> None:
    """The turn's play, or pool tokens first. A player with no card to play only draws (placing
    tokens first if they like). In solitaire the game is won when the seven are one suit, and lost
    when no card can be played, not even after placing pool tokens. `rule` is the active event's,
    when the caller has it."""
    rule = rule or active_rule(state)
    playable = turn_plays(state, state.current, rule)
    if state.solitaire and solitaire_won(state):
        finish_solitaire(state, True, log)
    elif playable or (state.solitaire and _pool_can_fit(state, rule)):
        _wait(state, PLAY, state.current, playable + token_choices(state, state.current, rule))
    elif state.solitaire:
        finish_solitaire(state, False, log)
    else:
        state.phase = TOKENS
        _phase_tokens(state, log, rule)


def solitaire_won(state: SovereignState) -> bool:
    """All seven places hold face-up cards in play of one suit."""
    suits = {stack[-1].suit if stack and stack[-1].face_up else None for stack in state.chains[0]}
    return len(suits) == 1 and None not in suits and "" not in suits


def finish_solitaire(state: SovereignState, won: bool, log: list, given_up: bool = False) -> None:
    """Won or lost, as found when a turn starts (so the turn begun is not counted), or ended
    as lost by the player (`given_up`: the turn under way is not counted either)."""
    state.winners = (0,) if won else ()
    state.final_scores = (1 if won else 0,)
    state.phase = OVER
    state.pending = None
    state.listed = NOTHING_LISTED
    state.work = []
    log.append(SolitaireEnded(won, state.turns - 1, given_up))


def _phase_second(state: SovereignState, log: list) -> None:
    """Open Skies' second play; else on to the tokens phase at once (nothing waits on the work
    stack between the phases)."""
    rule = active_rule(state)
    playable = rule.second_play and state.plays_this_turn == 1 and turn_plays(state, state.current, rule)
    if playable:
        _wait(state, SECOND, state.current, playable + token_choices(state, state.current, rule) + [SKIP])
    else:
        state.phase = TOKENS
        _phase_tokens(state, log, rule)


def _phase_tokens(state: SovereignState, log: list, rule: EventRule | None = None) -> None:
    """After the turn's last play and its abilities, pool tokens are offered once more before the
    draw (they were offered with each play too: `TOKEN_MOMENTS`). `rule` is the active event's,
    when the caller has it (the event stays from the play to the draw when nothing waits
    between)."""
    placeable = token_choices(state, state.current, rule)
    if placeable:
        _wait(state, TOKENS, state.current, placeable + [END_TURN])
    else:
        _end_turn(state, log, rule)


def _end_turn(state: SovereignState, log: list, rule: EventRule | None = None) -> None:
    """Draw, then: a chain at 7 starts the Reveal Phase. When several chains reached 7 this turn
    (an extra play), the one that reached 7 first begins it. A whole round of turns without a play
    or a draw (say every hand empty under Famine) also starts it, beginning with the seat whose
    turn just ended: nothing could change any more, a case the rulebook does not foresee. `rule`
    is the active event's, when the caller has it."""
    seat = state.current
    rule = rule or active_rule(state)
    drawn = _draw_cards(state, seat, rule.draws, log)
    if state.solitaire:
        begin_turn(state, seat)
        return
    state.began_own[seat] = state.turn_began_own
    state.idle_turns = 0 if state.plays_this_turn or drawn else state.idle_turns + 1
    if max(map(len, state.chains)) >= CHAIN_END:
        long_chains = [c for c in range(state.players) if len(state.chains[c]) >= CHAIN_END]
        first = next((c for c in state.sevens if c in long_chains), long_chains[0])
        _begin_reveal_phase(state, first, log)
    elif state.idle_turns >= state.players:
        _begin_reveal_phase(state, seat, log)
    else:
        begin_turn(state, (seat + 1) % state.players, rule)
        if state.phase == PLAY:
            _phase_play(state, log, rule)  # (the event stays from the draw to the next play)


def _draw_cards(state: SovereignState, seat: int, count: int, log: list) -> int:
    """Draw up to `count` cards (the discard pile reshuffled when the draw pile is out)."""
    if not count:
        return 0
    drawn = []
    for _ in range(count):
        if not state.draw_pile:
            shuffle_draw_pile(state, state.discard)
            state.discard = []
            if not state.draw_pile:
                break
        drawn.append(draw_card(state))
    state.hands[seat] += drawn
    count = len(drawn)
    log.append(shared(Drew, seat, 1, (drawn[0],)) if count == 1 else Drew(seat, count, tuple(drawn)))
    return count


def _begin_reveal_phase(state: SovereignState, first: int, log: list) -> None:
    """Pool tokens are forfeited; players reveal in turn from the one whose chain reached 7."""
    _forfeit_pools(state)
    state.first_to_seven = first
    state.reveal_seat = first
    state.phase = REVEAL
    log.append(shared(RevealPhase, first))


def _phase_reveal(state: SovereignState, log: list) -> None:
    for offset in range(state.players):
        seat = (state.reveal_seat + offset) % state.players
        found = revealable(state, seat)
        if found:
            state.reveal_seat = seat
            _wait(state, REVEAL, seat, found + token_choices(state, seat))
            return
    _score(state, log)


def _forfeit_pools(state: SovereignState) -> None:
    """Every seat's pool goes back to the supply."""
    for pool in state.pools:
        pool.empty_into(state.supply)


def _after_reveal_tokens(state: SovereignState, log: list, next_phase: str) -> None:
    """After a seat's reveal (or sudden-death play) and its ability, that seat may place tokens
    from its pool; what it keeps waits for its later reveal turns (or sudden-death plays), and is
    forfeited at scoring (`_score`, `_finish`). Then the next phase, at once (nothing waits on the
    work stack when this phase runs)."""
    placeable = token_choices(state, state.current)
    if placeable:
        _wait(state, TOKENS, state.current, placeable + [END_TURN])
        return
    state.phase = next_phase
    PHASES[next_phase](state, log)


def _phase_reveal_tokens(state: SovereignState, log: list) -> None:
    _after_reveal_tokens(state, log, REVEAL)


def _score(state: SovereignState, log: list) -> None:
    """The chains are scored; tokens still held from the Reveal Phase are forfeited."""
    _forfeit_pools(state)
    scores = tuple(chain_score(chain) for chain in state.chains)
    log.append(Scored(scores))
    best = max(scores)
    tied = tuple(s for s in range(state.players) if scores[s] == best)
    if len(tied) == 1:
        _finish(state, tied, scores, log)
        return
    log.append(SuddenDeath(tied))
    _sudden_round(state, tied, scores, log)


def _sudden_round(state: SovereignState, tied: tuple[int, ...], scores, log: list) -> None:
    """Tied players with cards go on; a tied player with an empty hand loses (players who all
    run out together share the win)."""
    alive = tuple(s for s in tied if state.hands[s])
    if len(alive) <= 1:
        _finish(state, alive or tied, scores, log)
        return
    state.contenders = alive
    state.picks = [None] * state.players
    state.phase = SUDDEN_PICK


def _phase_sudden_pick(state: SovereignState, log: list) -> None:
    for seat in state.contenders:
        if state.picks[seat] is None:
            _wait(state, PICK, seat)
            return
    order = _turn_order(state, state.first_to_seven)
    state.sudden_queue = [(s, state.picks[s]) for s in order if s in state.contenders]
    state.picks = [None] * state.players
    state.phase = SUDDEN_PLAY


def _turn_order(state: SovereignState, first: int) -> list[int]:
    return [(first + offset) % state.players for offset in range(state.players)]


def _phase_sudden_play(state: SovereignState, log: list) -> None:
    """Each tied player's pick goes face up on their own chain, resolved in turn order under the
    current event (the 7-card limit is past: the chains are complete). The re-score compares the
    tied players only; the other chains are closed (effects.closed): no ability, token or event
    reaches them, so their scores stand as they were judged."""
    if not state.sudden_queue:
        scores = tuple(chain_score(chain) for chain in state.chains)
        log.append(Scored(scores))
        best = max(scores[s] for s in state.contenders)
        tied = tuple(s for s in state.contenders if scores[s] == best)
        if len(tied) == 1:
            _finish(state, tied, scores, log)
        else:
            _sudden_round(state, tied, scores, log)
        return
    seat, card = state.sudden_queue.pop(0)
    state.current = seat
    _land(state, seat, card, seat, True, log)
    state.phase = SUDDEN_TOKENS


def _phase_sudden_tokens(state: SovereignState, log: list) -> None:
    _after_reveal_tokens(state, log, SUDDEN_PLAY)


def _finish(state: SovereignState, winners: tuple[int, ...], scores, log: list) -> None:
    _forfeit_pools(state)
    state.winners = winners
    state.final_scores = tuple(scores)
    state.phase = OVER
    log.append(shared(GameEnded, winners, scores[winners[0]]))


PHASES = {
    OPENING: _phase_opening,
    SALVAGE: _phase_salvage,
    PLAY: _phase_play,
    SECOND: _phase_second,
    TOKENS: _phase_tokens,
    REVEAL: _phase_reveal,
    REVEAL_TOKENS: _phase_reveal_tokens,
    SUDDEN_PICK: _phase_sudden_pick,
    SUDDEN_PLAY: _phase_sudden_play,
    SUDDEN_TOKENS: _phase_sudden_tokens,
}


# ---------------------------------------------------------------- answering decisions


def _take_from_hand(state: SovereignState, seat: int, card: ClassCard) -> ClassCard:
    """The card leaves the hand: found by identity first (the legal actions hold the hand's own
    cards), by equality for an action read back from a save."""
    hand = state.hands[seat]
    for index, held in enumerate(hand):
        if held is card:
            return hand.pop(index)
    return hand.pop(hand.index(card))


def _land(state: SovereignState, seat: int, card: ClassCard, chain: int, face_up: bool, log: list,
          from_discard: bool = False, on: int | None = None) -> None:
    """A card goes at the right end of a chain (in solitaire: on top of place `on`); face up,
    the player who placed it resolves it."""
    placed = Placed(card, face_up, EVERYONE if face_up else _bit(seat))
    if on is None:
        state.chains[chain].append([placed])
        place = len(state.chains[chain]) - 1
    else:
        state.chains[chain][on].append(placed)
        place = on
    if place + 1 == CHAIN_END and on is None:
        state.sevens.append(chain)
    log.append(Played(seat, card, chain, place, face_up, from_discard))
    rule = active_rule(state)
    if chain != seat and rule.tribute:
        taken = state.supply.take(MODIFIER)
        state.pools[seat].give(MODIFIER, taken)
        log.append(shared(TokensTaken, seat, MODIFIER, taken))
    if face_up:
        _resolve(state, card, seat, rule.polarity)


def _turn_play(state: SovereignState, decision: Decision, chain: int) -> None:
    """Book-keeping of a turn's play: where the turn began, and what next. An extra play (the
    Smuggler's) is part of resolving a card, not the turn's play: it neither sets where the turn
    began (Momentum) nor counts as the first of Open Skies' two plays."""
    if decision.kind == EXTRA_PLAY:
        return
    if state.plays_this_turn == 0:
        state.turn_began_own = chain == decision.seat
    state.plays_this_turn += 1
    state.phase = SECOND if decision.kind == PLAY else TOKENS


def _on_open(state, decision, action, log):
    state.picks[decision.seat] = _take_from_hand(state, decision.seat, action.card)


def _on_pick(state, decision, action, log):
    state.picks[decision.seat] = _take_from_hand(state, decision.seat, action.card)
    log.append(Picked(decision.seat))


def _on_play(state, decision, action, log):
    card = _take_from_hand(state, decision.seat, action.card)
    _turn_play(state, decision, action.chain)
    _land(state, decision.seat, card, action.chain, action.face_up, log)


def _on_play_on(state, decision, action, log):
    card = _take_from_hand(state, decision.seat, action.card)
    _turn_play(state, decision, 0)
    _land(state, decision.seat, card, 0, action.face_up, log, on=action.place)


def _on_play_discard_on(state, decision, action, log):
    card = state.discard.pop()
    _turn_play(state, decision, 0)
    _land(state, decision.seat, card, 0, True, log, from_discard=True, on=action.place)


def _on_play_discard(state, decision, action, log):
    card = state.discard.pop()
    _turn_play(state, decision, action.chain)
    _land(state, decision.seat, card, action.chain, True, log, from_discard=True)


def _on_salvage(state, decision, action, log):
    card = _take_from_hand(state, decision.seat, action.card)
    state.discard.append(card)
    log.append(Salvaged(decision.seat, card))
    _draw_cards(state, decision.seat, 1, log)
    state.phase = PLAY


def _on_skip(state, decision, action, log):
    if decision.kind == SALVAGE:
        state.phase = PLAY
    elif decision.kind == SECOND:
        state.phase = TOKENS


def _on_discard(state, decision, action, log):
    uncovered = len(state.chains[action.chain][action.place]) > 1
    placed = take_top(state, action.chain, action.place)
    return_tokens(state, placed)
    state.discard.append(placed.card)
    log.append(Discarded(decision.seat, placed.card if placed.face_up else None, action.chain, action.place,
                         uncovered))


def _on_set_suit(state, decision, action, log):
    if set_suit(state, action.chain, action.place, action.suit):
        log.append(shared(SuitChanged, decision.seat, action.chain, action.place, action.suit))


def _on_flip(state, decision, action, log):
    """A card turned face down was seen face up by every seat, so every seat still knows it (its
    face is hidden from nobody's memory; the rulebook's "no one may look" is about cards played
    face down)."""
    placed = top(state, action.chain, action.place)
    face_up = not placed.face_up
    set_top(state, action.chain, action.place, placed.turned(face_up, EVERYONE))
    log.append(Flipped(decision.seat, action.chain, action.place, placed.card, face_up))
    if face_up:
        _resolve(state, placed.card, action.chain)


def _on_tuck(state, decision, action, log):
    """The card goes face down beneath the Runner; in the Reveal Phase it is turned up at once
    and resolved by the chain's owner, and stays beneath."""
    card = _take_from_hand(state, decision.seat, action.card)
    chain, place = find(state, decision.source)
    reveal_now = state.phase in REVEAL_PHASES
    stack = state.chains[chain][place]
    stack.insert(len(stack) - 1, Placed(card, reveal_now, EVERYONE if reveal_now else _bit(decision.seat), tucked=True))
    log.append(Tucked(decision.seat, card, chain, place))
    if reveal_now:
        log.append(Flipped(chain, chain, place, card, True))
        _resolve(state, card, chain)


def _on_cover(state, decision, action, log):
    target = state.chains[action.chain][action.place]
    chain, place = find(state, decision.source)
    acolyte = take_top(state, chain, place)
    target.append(acolyte)
    log.append(shared(Covered, decision.seat, acolyte.card.kind, action.chain, state.chains[action.chain].index(target)))


def _on_shift_suit(state, decision, action, log):
    chain, place = find(state, decision.source)
    suit = other_suit(top(state, chain, place).suit)
    if set_suit(state, chain, place, suit):
        log.append(shared(SuitChanged, decision.seat, chain, place, suit))


def _on_place_modifier(state, decision, action, log):
    state.pools[decision.seat].modifiers -= 1
    placed = top(state, action.chain, action.place)
    set_top(state, action.chain, action.place, placed.with_mod(action.delta))
    log.append(shared(TokenPlaced, decision.seat, MODIFIER, action.chain, action.place, action.delta))
    _ask_again(state, decision)


def _on_place_shield(state, decision, action, log):
    state.pools[decision.seat].shields -= 1
    placed = top(state, action.chain, action.place)
    set_top(state, action.chain, action.place, placed.shielded())
    log.append(shared(TokenPlaced, decision.seat, SHIELD, action.chain, action.place))
    _ask_again(state, decision)


def _ask_again(state: SovereignState, decision: Decision) -> None:
    """After a token placed at an extra play, that play is offered again (when a card still may
    go). The turn's own decisions need nothing: their phase asks again as the flow runs on."""
    if decision.kind == EXTRA_PLAY:
        found = extra_play_choices(state, decision)
        if found:
            open_decision(state, decision, found)


AFTER_TOKENS = {REVEAL_TOKENS: REVEAL, SUDDEN_TOKENS: SUDDEN_PLAY}


def _on_end_turn(state, decision, action, log):
    """The turn's owner is done placing tokens: the draw. In the Reveal Phase and sudden death,
    the seat keeps what it holds for its later turns and the phase goes on."""
    if state.phase in TURN_PHASES:
        _end_turn(state, log)
    else:
        state.phase = AFTER_TOKENS[state.phase]


def _on_reveal(state, decision, action, log):
    seat = decision.seat
    stack = state.chains[seat][action.place]
    index = len(stack) - 2 if action.beneath else len(stack) - 1
    placed = stack[index]
    stack[index] = placed.turned(True, EVERYONE)
    log.append(Flipped(seat, seat, action.place, placed.card, True))
    state.current = seat
    state.reveal_seat = (seat + 1) % state.players
    state.phase = REVEAL_TOKENS
    _resolve(state, placed.card, seat)


HANDLERS = {
    Open: _on_open, Pick: _on_pick, Play: _on_play, PlayDiscard: _on_play_discard, PlayOn: _on_play_on,
    PlayDiscardOn: _on_play_discard_on, Salvage: _on_salvage,
    Skip: _on_skip, Discard: _on_discard, SetSuit: _on_set_suit, Flip: _on_flip, Tuck: _on_tuck,
    Cover: _on_cover, ShiftSuit: _on_shift_suit, PlaceModifier: _on_place_modifier,
    PlaceShield: _on_place_shield, EndTurn: _on_end_turn, Reveal: _on_reveal,
}

RULES = SovereignRules()

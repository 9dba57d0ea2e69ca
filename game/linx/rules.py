"""LINX rules, per the LINX rulebook and its rulings."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..core import NumberOption, OnlyWith, Option, Outcome, Rules, View, shared
from ..dealing import deal_hidden
from ..rng import Rng
from ..wording import acts, verb_of
from .cards import LinxCard, ScoringCard, full_deck, scoring_deck
from .chains import best_scoring_card, chains_laid, is_chain, longest_chain, points_for

HAND_SIZE = 10
ANCHOR_COUNT = 4
SCORING_FACE_UP = 3
STOCK, DISCARD = "stock", "discard"  # where a card is drawn from (written into saves)
DRAW, LAY_OR_DISCARD = "draw", "lay_or_discard"  # the phases of a turn (`phase`)
WIN_BONUSES = (100, 50, 25)  # first, second (3+ players), third (4+ players)
MAX_PLAYERS = 6
TARGET_LOWEST, TARGET_HIGHEST = 100, 5000  # the agreed match scores the table takes


# ---------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the top card of the stock or of the discard pile."""

    source: str


@dataclass(frozen=True, slots=True)
class LayChain:
    """Lay `start`, `cards` (from hand, in order), `end` as a chain and take the `scoring` card."""

    start: LinxCard
    cards: tuple[LinxCard, ...]
    end: LinxCard
    scoring: ScoringCard

    @property
    def length(self) -> int:
        return len(self.cards) + 2

    @property
    def all_cards(self) -> tuple[LinxCard, ...]:
        return (self.start, *self.cards, self.end)


@dataclass(frozen=True, slots=True)
class Discard:
    """Lay no chain; put `card` from hand face up on the discard pile."""

    card: LinxCard


# ---------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class Drew:
    """A card drawn. `card` is None in the view of the others when it came from the stock."""

    seat: int
    source: str
    card: LinxCard | None

    def text(self, names) -> str:
        if self.card is None:
            return f"{acts(names[self.seat], 'draws')} from the stock"
        return f"{acts(names[self.seat], 'takes')} {self.card.label} from the {self.source}"


@dataclass(frozen=True, slots=True)
class Discarded:
    seat: int
    card: LinxCard

    def text(self, names) -> str:
        return f"{acts(names[self.seat], 'discards')} {self.card.label}"


@dataclass(frozen=True, slots=True)
class ChainLaid:
    seat: int
    cards: tuple[LinxCard, ...]  # anchors included, in order
    scoring: ScoringCard

    def text(self, names) -> str:
        name = names[self.seat]
        return (f"{acts(name, 'lays')} a chain of {len(self.cards)} "
                f"({', '.join(c.label for c in self.cards)}) and {verb_of(name, 'takes')} {self.scoring.points} points")


@dataclass(frozen=True, slots=True)
class AnchorsDealt:
    cards: tuple[LinxCard, ...]

    def text(self, names) -> str:
        if not self.cards:
            return "The stock is empty: no new anchors"
        return "New anchors: " + ", ".join(c.label for c in self.cards)


@dataclass(frozen=True, slots=True)
class ScoringDealt:
    card: ScoringCard | None

    def text(self, names) -> str:
        if self.card is None:
            return "No scoring cards are left to turn up"
        return f"New scoring card: {self.card.label}"


@dataclass(frozen=True, slots=True)
class GameEnded:
    winners: tuple[int, ...]
    scores: tuple[int, ...]

    def text(self, names) -> str:
        who = " and ".join(names[s] for s in self.winners)
        said = acts(who, "wins") if len(self.winners) == 1 else f"{who} share the win"
        return f"The stock is empty: {said} with {self.scores[self.winners[0]]} points"


# ---------------------------------------------------------------- state and view


@dataclass(slots=True, kw_only=True)
class LinxState:
    """The whole table. Mutated only by `LinxRules.advance` on a private clone.

    `draw_pile` and `discard` are drawn from their ends. `taken[seat]`: the discards that seat took
    and still holds (everyone saw them taken). `draws_left` > 0: the seat to move is drawing;
    0: it lays a chain or discards (`phase` names the two). `winners`: None until the game is
    over, then the winning seats. Match play: `match_scores` before this game, `seats_in` the
    seats dealt in (all, or the tied seats of a tied match), `tiebreak` when this game settles a tie.
    """

    players: int
    first: int
    match: bool
    target: int
    match_scores: tuple[int, ...]
    seats_in: tuple[int, ...]
    tiebreak: bool
    hands: list[list[LinxCard]]
    taken: list[list[LinxCard]]
    anchors: list[LinxCard]
    draw_pile: list[LinxCard]
    discard: list[LinxCard]
    scoring_up: list[ScoringCard]
    scoring_stock: list[ScoringCard]
    claimed: list[list[ScoringCard]]
    laid: list[LinxCard]
    rng: Rng
    current: int
    draws_left: int
    winners: tuple[int, ...] | None = None

    def all_cards(self) -> list[LinxCard]:
        return [c for hand in self.hands for c in hand] + self.anchors + self.draw_pile + self.discard + self.laid

    def clone(self) -> "LinxState":
        return LinxState(
            players=self.players, first=self.first, match=self.match, target=self.target,
            match_scores=self.match_scores, seats_in=self.seats_in, tiebreak=self.tiebreak,
            hands=[h[:] for h in self.hands], taken=[t[:] for t in self.taken], anchors=self.anchors[:],
            draw_pile=self.draw_pile[:], discard=self.discard[:], scoring_up=self.scoring_up[:],
            scoring_stock=self.scoring_stock[:], claimed=[c[:] for c in self.claimed], laid=self.laid[:],
            rng=self.rng.clone(), current=self.current, draws_left=self.draws_left, winners=self.winners)

    @property
    def min_length(self) -> int | None:
        """The shortest chain that may be laid: the smallest face-up scoring card's length."""
        return min([s.length for s in self.scoring_up]) if self.scoring_up else None

    @property
    def phase(self) -> str:
        """Where in the turn the seat to move is: DRAW while it has cards to draw, then
        LAY_OR_DISCARD."""
        return DRAW if self.draws_left else LAY_OR_DISCARD


@dataclass(frozen=True, slots=True, kw_only=True)
class LinxView(View):
    """What one seat may see (per the LINX rulings): its hand, the anchors, the discard top and the
    pile's size, the face-up scoring cards, everyone's claimed cards, the counts of every hand and
    of the stock; also what everyone saw: the discards each seat took and holds, the cards laid.
    `seat` None is a spectator (no hand)."""

    first: int
    match: bool
    target: int
    match_scores: tuple[int, ...]
    seats_in: tuple[int, ...]
    tiebreak: bool
    anchors: tuple[LinxCard, ...]
    discard_top: LinxCard | None
    discard_count: int
    draw_pile_count: int
    scoring_up: tuple[ScoringCard, ...]
    scoring_left: int
    claimed: tuple[tuple[ScoringCard, ...], ...]
    taken: tuple[tuple[LinxCard, ...], ...]
    laid: tuple[LinxCard, ...]
    draws_left: int

    @property
    def min_length(self) -> int | None:
        return min((s.length for s in self.scoring_up), default=None)

    @property
    def phase(self) -> str:
        """Where in the turn the seat to move is: DRAW while it has cards to draw, then
        LAY_OR_DISCARD."""
        return DRAW if self.draws_left else LAY_OR_DISCARD

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(sum(s.points for s in claimed) for claimed in self.claimed)


# ---------------------------------------------------------------- scoring


def game_points(claimed) -> int:
    return sum(s.points for s in claimed)


def rank_key(claimed) -> tuple:
    """How a seat ranks at the end: points, then its highest scoring card, the next, and so on."""
    return game_points(claimed), tuple(sorted((s.points for s in claimed), reverse=True))


def places(claimed_by_seat, seats) -> dict[int, int]:
    """Each seat's place (1 = first); tied seats share the better place, the next seat's place
    counts the seats ahead of it (1, 1, 3)."""
    keys = {s: rank_key(claimed_by_seat[s]) for s in seats}
    return {s: 1 + sum(1 for other in seats if keys[other] > keys[s]) for s in seats}


def bonuses(claimed_by_seat, seats) -> dict[int, int]:
    """Match bonuses: first +100; with 3+ players second +50; with 4+ third +25; ties take the
    higher bonus (they share the better place)."""
    awarded = len(seats) - 1
    return {s: WIN_BONUSES[place - 1] if place <= min(awarded, len(WIN_BONUSES)) else 0
            for s, place in places(claimed_by_seat, seats).items()}


# ---------------------------------------------------------------- rules


class LinxRules(Rules):
    min_players = 2
    max_players = MAX_PLAYERS
    action_types = (Draw, LayChain, Discard)
    card_types = (LinxCard, ScoringCard)
    event_types = (Drew, Discarded, ChainLaid, AnchorsDealt, ScoringDealt, GameEnded)
    options = (
        Option("first", "First player", tuple((s, f"Seat {s + 1}") for s in range(MAX_PLAYERS)), 0,
               "The youngest player begins; play then goes clockwise, in seat order."),
        Option("match", "Match play", ((False, "One game"), (True, "Match")), False,
               "Play games until someone reaches the target score; the winner of each game "
               "gets a bonus."),
        NumberOption("target", "Match target", TARGET_LOWEST, TARGET_HIGHEST, 500, 50,
                     f"Any agreed score from {TARGET_LOWEST} to {TARGET_HIGHEST:,}: type it or step it by 50. "
                     "The match ends with the game that takes someone to it.",
                     only_with=OnlyWith("match", True, "Counts in match play only: one game has no target.")),
    )
    # A search playout plays about six turns (two or three actions each), then `estimate` judges
    # the hands: playing on to the end of the stock costs too much for what it adds.
    playout_horizon = 16
    # Carried from game to game of a match (next_game_config), never chosen on the setup screen.
    CARRIED = ("match_scores", "seats_in", "tiebreak")

    def option_choices(self, option: Option, players: int) -> tuple:
        """The first player is one of the seats at the table."""
        if option.key == "first":
            return option.choices[:players]
        return option.choices

    def normalize_config(self, config: dict) -> dict:
        normal = super().normalize_config(config)
        players = normal["players"]
        if normal["first"] >= players:
            raise ValueError(f"First player: there is no seat {normal['first'] + 1} with {players} players")
        scores = list(config.get("match_scores", [0] * players))
        seats_in = sorted(config.get("seats_in", range(players)))
        if len(scores) != players or not all(isinstance(x, int) for x in scores):
            raise ValueError(f"match scores must be {players} numbers, not {scores!r}")
        if len(seats_in) < 2 or len(set(seats_in)) != len(seats_in) or not set(seats_in) <= set(range(players)):
            raise ValueError(f"the seats dealt in must be two or more different seats, not {seats_in!r}")
        normal.update(match_scores=scores, seats_in=seats_in, tiebreak=bool(config.get("tiebreak", False)))
        return normal

    def setup(self, config: dict, seed: int) -> LinxState:
        config = self.normalize_config(config)
        players = config["players"]
        seats_in = tuple(config["seats_in"])
        rng = Rng(seed)
        deck = full_deck()
        rng.shuffle(deck)
        scoring = scoring_deck()
        rng.shuffle(scoring)
        hands = [[deck.pop() for _ in range(HAND_SIZE)] if s in seats_in else [] for s in range(players)]
        anchors = [deck.pop() for _ in range(ANCHOR_COUNT)]
        discard = [deck.pop()]
        scoring_up = [scoring.pop() for _ in range(SCORING_FACE_UP)]
        first = _next_in(seats_in, config["first"] - 1, players)
        return LinxState(
            players=players, first=config["first"], match=config["match"], target=config["target"],
            match_scores=tuple(config["match_scores"]), seats_in=seats_in, tiebreak=config["tiebreak"],
            hands=hands, taken=[[] for _ in range(players)], anchors=anchors, draw_pile=deck, discard=discard,
            scoring_up=scoring_up, scoring_stock=scoring, claimed=[[] for _ in range(players)], laid=[],
            rng=rng, current=first, draws_left=_draws_for(hands[first]))

    def to_move(self, state: LinxState) -> int | None:
        return None if state.winners is not None else state.current

    def clone(self, state: LinxState) -> LinxState:
        return state.clone()

    # -- what may be done

    def legal_actions(self, state: LinxState) -> list:
        if state.winners is not None:
            return []
        if state.draws_left:
            return list(_draws(state))
        return self.chain_actions(state) + [DISCARDS[card.index] for card in state.hands[state.current]]

    @staticmethod
    def chain_actions(state: LinxState) -> list[LayChain]:
        """A chain for every pair of anchors and every length the seat to move may lay, with each
        scoring card it may take. (Which of its cards a chain of that length takes is the
        player's choice: `is_legal` accepts any chain, as the table lets a player build it.)"""
        min_length = state.min_length
        if min_length is None:
            return []
        chains = chains_laid(state.hands[state.current], state.anchors, min_length)
        if not chains:
            return []
        cards = sorted(set(state.scoring_up), key=lambda s: (s.length, s.points))
        return [LayChain(start, laid, end, s)
                for start, laid, end in chains for s in cards if s.length <= len(laid) + 2]

    def allows(self, state: LinxState, action) -> bool:
        if state.winners is not None:
            return False
        kind = type(action)
        if state.draws_left:
            return kind is Draw and action in _draws(state)
        if kind is Discard:
            return action.card in state.hands[state.current]
        return kind is LayChain and self._chain_refusal(state, action) is None

    def why_illegal(self, state: LinxState, action) -> str:
        if state.winners is not None:
            return "the game is over"
        kind = type(action)
        if state.phase == DRAW:
            if kind is not Draw:
                return "draw first: take the top card of the stock or of the discard pile"
            if action.source not in (STOCK, DISCARD):
                return "draw from the stock or the discard pile"
            if action.source == STOCK:
                return "the stock is empty: take the top discard"
            return "the discard pile is empty: draw from the stock"
        if kind is Draw:
            return "you have drawn this turn: lay a chain or discard a card"
        if kind is Discard:
            return f"{_label(action.card)} is not in your hand"
        if kind is LayChain:
            return self._chain_refusal(state, action) or "that move is not allowed now"
        return "that move is not allowed now"

    @staticmethod
    def _chain_refusal(state: LinxState, action: LayChain) -> str | None:
        """Why the chain may not be laid, or None if it may."""
        hand = state.hands[state.current]
        if type(action.scoring) is not ScoringCard or not all(type(c) is LinxCard for c in action.all_cards):
            return "a chain is made of playing cards and claims a scoring card"
        if action.start not in state.anchors or action.end not in state.anchors:
            return "a chain must begin and end on anchors on the table"
        if action.start == action.end:
            return "a chain must connect two different anchors"
        if not action.cards:
            return "a chain needs at least one card from your hand between the anchors"
        missing = [c for c in action.cards if c not in hand]
        if missing:
            return f"{_label(missing[0])} is not in your hand"
        if not is_chain(action.start, action.cards, action.end):
            if len(set(action.cards)) != len(action.cards):
                return "each card may stand in a chain only once"
            return "each card must share a number or a symbol with the next"
        if state.min_length is None:
            return "there is no scoring card left to claim"
        if action.length < state.min_length:
            return (f"the chain has {action.length} cards; it must have at least {state.min_length} "
                    "(the smallest scoring card), anchors counted")
        if action.scoring not in state.scoring_up:
            return f"the scoring card {action.scoring.label} is not face up on the table"
        if action.scoring.length > action.length:
            return f"a chain of {action.length} cannot claim the {action.scoring.label} card"
        return None

    def playout_action(self, state: LinxState, rand):
        """Draw at random; lay the chain worth the most when there is one; else discard at random."""
        if state.draws_left:
            draws = _draws(state)
            return draws[int(rand() * len(draws))]
        hand = state.hands[state.current]
        if state.scoring_up:
            chain = longest_chain(hand, state.anchors, state.min_length)
            if chain is not None:
                return LayChain(chain.start, chain.cards, chain.end, best_scoring_card(chain.length, state.scoring_up))
        return DISCARDS[hand[int(rand() * len(hand))].index]

    # -- doing it

    def advance(self, state: LinxState, action) -> list:
        kind = type(action)
        if kind is Draw:
            return self._draw(state, action.source)
        if kind is Discard:
            return self._discard(state, action.card)
        return self._lay(state, action)

    def _draw(self, state: LinxState, source: str) -> list:
        seat = state.current
        card = (state.draw_pile if source == STOCK else state.discard).pop()
        state.hands[seat].append(card)
        if source == DISCARD:
            state.taken[seat].append(card)
        state.draws_left -= 1
        if not state.draw_pile and not state.discard:
            state.draws_left = 0
        return [shared(Drew, seat, source, card)]

    def _discard(self, state: LinxState, card: LinxCard) -> list:
        seat = state.current
        _remove_from_hand(state, seat, card)
        state.discard.append(card)
        return [shared(Discarded, seat, card)] + self._end_turn(state)

    def _lay(self, state: LinxState, action: LayChain) -> list:
        seat = state.current
        for card in action.cards:
            _remove_from_hand(state, seat, card)
        state.anchors.remove(action.start)
        state.anchors.remove(action.end)
        chain = action.all_cards
        state.laid.extend(chain)
        state.scoring_up.remove(action.scoring)
        state.claimed[seat].append(action.scoring)
        new_anchors = [state.draw_pile.pop() for _ in range(min(2, len(state.draw_pile)))]
        state.anchors.extend(new_anchors)
        new_scoring = state.scoring_stock.pop() if state.scoring_stock else None
        if new_scoring is not None:
            state.scoring_up.append(new_scoring)
        events = [ChainLaid(seat, chain, action.scoring), AnchorsDealt(tuple(new_anchors)), ScoringDealt(new_scoring)]
        return events + self._end_turn(state)

    @staticmethod
    def _end_turn(state: LinxState) -> list:
        """The game ends with the turn in which the stock ran out; else the next seat draws."""
        if not state.draw_pile:
            state.winners = _winners(state)
            scores = tuple(game_points(c) for c in state.claimed)
            return [GameEnded(state.winners, scores)]
        state.current = _next_in(state.seats_in, state.current, state.players)
        state.draws_left = _draws_for(state.hands[state.current])
        return []

    # -- what is seen

    def redact(self, event, seat: int | None):
        if type(event) is Drew and event.source == STOCK and event.seat != seat:
            return Drew(event.seat, STOCK, None)
        return event

    def view(self, state: LinxState, seat: int | None) -> LinxView:
        return LinxView(
            seat=seat, players=state.players, first=state.first, match=state.match, target=state.target,
            match_scores=state.match_scores, seats_in=state.seats_in, tiebreak=state.tiebreak,
            hand=tuple(state.hands[seat]) if seat is not None else (),
            anchors=tuple(state.anchors),
            discard_top=state.discard[-1] if state.discard else None,
            discard_count=len(state.discard),
            draw_pile_count=len(state.draw_pile),
            scoring_up=tuple(state.scoring_up),
            scoring_left=len(state.scoring_stock),
            claimed=tuple(tuple(c) for c in state.claimed),
            taken=tuple(tuple(t) for t in state.taken),
            laid=tuple(state.laid),
            hand_counts=tuple(len(h) for h in state.hands),
            current=state.current, draws_left=state.draws_left, winners=state.winners,
            final_hands=tuple(tuple(h) for h in state.hands) if state.winners is not None else None)

    def determinize(self, view: LinxView, rng) -> LinxState:
        """A full state the viewer cannot tell from the real one: other hands hold the discards
        they were seen to take; the rest of them, the discard pile under its top and the stock are
        dealt from the cards the viewer has not seen. Once the game is over every hand is shown."""
        own = view.seat
        seen = set(view.hand) | set(view.anchors) | set(view.laid)
        seen.update(c for taken in view.taken for c in taken)
        if view.discard_top is not None:
            seen.add(view.discard_top)
        shown = view.final_hands  # every hand, once the game is over
        if shown is not None:
            seen.update(c for hand in shown for c in hand)
        pool = [c for c in full_deck() if c not in seen]
        others = [s for s in range(view.players) if s != own]
        under_discard = view.players  # a stand-in seat for the discard pile below its top
        sizes = {s: 0 if shown is not None else view.hand_counts[s] - len(view.taken[s]) for s in others}
        sizes[under_discard] = max(view.discard_count - 1, 0)
        dealt, draw_pile = deal_hidden(pool, sizes, {}, {}, rng)
        if shown is not None:
            hands = [list(hand) for hand in shown]
        else:
            hands = [list(view.hand) if s == own else list(view.taken[s]) + dealt[s] for s in range(view.players)]
        discard = dealt[under_discard] + ([view.discard_top] if view.discard_top is not None else [])
        public_scoring = list(view.scoring_up) + [s for claimed in view.claimed for s in claimed]
        scoring_stock = scoring_deck()
        for card in public_scoring:
            scoring_stock.remove(card)
        rng.shuffle(scoring_stock)
        return LinxState(
            players=view.players, first=view.first, match=view.match, target=view.target,
            match_scores=view.match_scores, seats_in=view.seats_in, tiebreak=view.tiebreak,
            hands=hands, taken=[list(t) for t in view.taken], anchors=list(view.anchors), draw_pile=draw_pile,
            discard=discard, scoring_up=list(view.scoring_up), scoring_stock=scoring_stock,
            claimed=[list(c) for c in view.claimed], laid=list(view.laid), rng=Rng(rng.next_u64()),
            current=view.current, draws_left=view.draws_left, winners=view.winners)

    def deck(self, config: dict) -> list[LinxCard]:
        return full_deck()

    def hidden_cards(self, state: LinxState, seat: int | None) -> set:
        """Other seats' hands, less the discards they were seen to take (every hand is shown once
        the game is over); the stock; the discard pile under its top card."""
        hidden = set(state.draw_pile) | set(state.discard[:-1])
        if state.winners is not None:
            return hidden
        for other, hand in enumerate(state.hands):
            if other != seat:
                hidden.update(c for c in hand if c not in state.taken[other])
        return hidden

    def best_in_words(self, score: float) -> str:
        return f"most points in a game {score:g}"

    def outcome(self, state: LinxState) -> Outcome | None:
        if state.winners is None:
            return None
        return Outcome(tuple(float(game_points(c)) for c in state.claimed), state.winners)

    def points(self, state: LinxState) -> tuple[float, ...]:
        """The points of each seat's claimed scoring cards in this game."""
        return tuple(float(game_points(c)) for c in state.claimed)

    def estimate(self, state: LinxState) -> list[float]:
        """Win chances from claimed points plus half what each hand's longest chain would claim,
        softened so that a lead of about 30 points is worth e to 1."""
        values = []
        for seat in range(state.players):
            value = float(game_points(state.claimed[seat]))
            if seat in state.seats_in and state.scoring_up:
                chain = longest_chain(state.hands[seat], state.anchors, state.min_length)
                if chain is not None:
                    value += 0.5 * points_for(chain.length, state.scoring_up)
            values.append(value)
        top = max(values)
        weights = [math.exp((v - top) / 30.0) if s in state.seats_in else 0.0 for s, v in enumerate(values)]
        total = sum(weights)
        return [w / total for w in weights]

    # -- match play

    def match_totals(self, state: LinxState) -> tuple[int, ...]:
        """Each seat's match score after this finished game: before it, plus its points and bonus.
        A game that settles a tied match leaves the scores as they were. `state` may be any
        seat's view of the game as well: what this reads is public."""
        if state.tiebreak:
            return state.match_scores
        bonus = bonuses(state.claimed, state.seats_in)
        return tuple(state.match_scores[s] + game_points(state.claimed[s]) + bonus.get(s, 0)
                     for s in range(state.players))

    def match_winners(self, state: LinxState) -> tuple[int, ...]:
        """The seat that won the match with this finished game, or () while the match goes on (the
        target not reached, or reached by several seats at the same top score). A view will do,
        as for `match_totals`."""
        if state.tiebreak:
            winners = _winners(state)
            return winners if len(winners) == 1 else ()
        totals = self.match_totals(state)
        top = max(totals)
        leaders = tuple(s for s in range(state.players) if totals[s] == top)
        return leaders if top >= state.target and len(leaders) == 1 else ()

    def session_winners(self, state) -> tuple[int, ...]:
        if not state.match:
            return super().session_winners(state)
        return self.match_winners(state) if state.winners is not None else ()

    def next_game_config(self, config: dict, finished: LinxState) -> dict:
        """Single games: the same table. Match play: the scores carried on; once the target is
        reached with a tie at the top, the tied seats play another game alone; once a seat wins
        the match, a new match."""
        if not finished.match:
            return config
        fresh = {key: value for key, value in config.items() if key not in self.CARRIED}
        if self.match_winners(finished):
            return fresh
        totals = self.match_totals(finished)
        top = max(totals)
        if finished.tiebreak:
            tied = _winners(finished)
        elif top >= finished.target:
            tied = tuple(s for s in range(finished.players) if totals[s] == top)
        else:
            return {**fresh, "match_scores": list(totals)}
        return {**fresh, "match_scores": list(totals), "seats_in": list(tied), "tiebreak": True}


DRAW_STOCK, DRAW_DISCARD = Draw(STOCK), Draw(DISCARD)
DISCARDS = tuple(Discard(card) for card in full_deck())  # by the card's index: one object per move
_EITHER, _STOCK_ONLY, _DISCARD_ONLY = (DRAW_STOCK, DRAW_DISCARD), (DRAW_STOCK,), (DRAW_DISCARD,)


def _draws(state: LinxState) -> tuple[Draw, ...]:
    """Where the seat may draw from: either pile; the stock only, when the discard pile is empty;
    the discard pile only, when the stock is empty."""
    if not state.discard:
        return _STOCK_ONLY if state.draw_pile else ()
    return _EITHER if state.draw_pile else _DISCARD_ONLY


def _draws_for(hand) -> int:
    """One card with a full hand of 10 or more, else two."""
    return 1 if len(hand) >= HAND_SIZE else 2


def _next_in(seats_in, seat: int, players: int) -> int:
    """The next seat clockwise after `seat` that is dealt in."""
    for step in range(1, players + 1):
        nxt = (seat + step) % players
        if nxt in seats_in:
            return nxt
    raise ValueError("no seat is dealt in")


def _remove_from_hand(state: LinxState, seat: int, card: LinxCard) -> None:
    state.hands[seat].remove(card)
    taken = state.taken[seat]
    if taken and card in taken:
        taken.remove(card)


def _winners(state: LinxState) -> tuple[int, ...]:
    """High score wins; ties go to the highest scoring card, then the next; still tied: shared."""
    best = max(rank_key(state.claimed[s]) for s in state.seats_in)
    return tuple(s for s in state.seats_in if rank_key(state.claimed[s]) == best)


def _label(card) -> str:
    return card.label if isinstance(card, LinxCard) else repr(card)


RULES = LinxRules()

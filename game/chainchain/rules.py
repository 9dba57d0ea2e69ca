"""Chain-Chain rules, per the Chain-Chain rulebook and its rulings.

Numbers game: cards 1-9, two sets per player. A play is two cards, first then second; the next
player must start with the value of the second card (the *required value*), or take the whole pile
into their collected pile and lead. Answering with two cards of the required value (a *double*)
reverses play and gives the next player in the new direction a free lead. Fewest collected cards
wins, then the lowest sum.

Letters variant: the crossword tile letters (98 cards). A play is two letter cards and a word of
the shipped dictionary from the first letter to the second. The required *class* (vowel or
consonant, Y a consonant) replaces the required value; the letters game's double is a *reversal*:
the previous pair's letters answered in reverse order (after D then K, K then D).

The player count is 3 to 6: 4 and 5 are the rulebook's, 3 and 6 the rulings' table option
(`standard_players` says which are standard, for the setup screen).

Gap the rulings leave, decided here: a letters player who must lead and holds no two cards that
begin and end any word of the dictionary (e.g. their last two cards are Q and Q) leads any two
cards without a word. Every other lead and answer needs a word.

The dealer of a game is random (from the seed), or `config["dealer"]` when given: a session
passes the deal to the left from one game to the next that way.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import card_count
from ..core import NOTHING_REVEALED, Option, Outcome, Revealed, Rules, View
from ..dealing import deal_hidden, draw_pile_and_other_hands
from ..rng import Rng
from ..wording import acts
from . import words as dictionary

HAND_SIZE = 8
PLAYOUT_WANDER = 0.1  # how often a search playout makes any legal move (ChainChainRules.playout_action)
NUMBERS = "numbers"
LETTERS = "letters"
VOWEL = "vowel"
CONSONANT = "consonant"
VOWELS = frozenset("AEIOU")
NUMBER_FACES = "123456789"
# The classic crossword tile set without blanks: 98 cards.
LETTER_COUNTS = {"E": 12, "A": 9, "I": 9, "O": 8, "N": 6, "R": 6, "T": 6, "L": 4, "S": 4, "U": 4,
                 "D": 4, "G": 3, "B": 2, "C": 2, "M": 2, "P": 2, "F": 2, "H": 2, "V": 2, "W": 2,
                 "Y": 2, "K": 1, "J": 1, "X": 1, "Q": 1, "Z": 1}
# Tie-break points of letters: vowels 1, the others their crossword tile score.
LETTER_POINTS = {"A": 1, "B": 3, "C": 3, "D": 2, "E": 1, "F": 4, "G": 2, "H": 4, "I": 1, "J": 8,
                 "K": 5, "L": 1, "M": 3, "N": 1, "O": 1, "P": 3, "Q": 10, "R": 1, "S": 1, "T": 1,
                 "U": 1, "V": 4, "W": 4, "X": 8, "Y": 4, "Z": 10}
# The key of a face: the required value a number card sets and answers, or a letter's class.
KEYS: dict[str, int | str] = {f: int(f) for f in NUMBER_FACES}
KEYS.update({f: VOWEL if f in VOWELS else CONSONANT for f in LETTER_COUNTS})
POINTS: dict[str, int] = {f: int(f) for f in NUMBER_FACES}
POINTS.update(LETTER_POINTS)


# ---------------------------------------------------------------- cards


@dataclass(frozen=True, slots=True)
class Tile:
    """A number or letter card. `copy` tells identical faces apart (0, 1, 2, ... per face)."""

    face: str
    copy: int

    @property
    def code(self) -> str:
        """The face and the copy, e.g. "E3", "70"; used in saves."""
        return f"{self.face}{self.copy}"

    @classmethod
    def from_code(cls, code: str) -> "Tile":
        """The tile a code names; raises ValueError if none."""
        face, copy = code[:1], code[1:]
        if face not in KEYS or not copy.isdigit():
            raise ValueError(f"{code!r} is not a card (expected a face 1-9 or A-Z and a copy number)")
        return cls(face, int(copy))

    @property
    def label(self) -> str:
        return self.face

    @property
    def is_vowel(self) -> bool:
        return self.face in VOWELS

    @property
    def is_letter(self) -> bool:
        return self.face.isalpha()

    @property
    def value(self) -> int | None:
        """The number on a number card (None on a letter card)."""
        return int(self.face) if self.face.isdigit() else None

    @property
    def points(self) -> int:
        """What the card counts in a tie-break: a number card its value, a letter its points."""
        return POINTS[self.face]

    @property
    def key(self) -> int | str:
        """The required value (numbers) or class (letters: "vowel" / "consonant") the card sets."""
        return KEYS[self.face]

    def __str__(self) -> str:
        return self.face

    def __repr__(self) -> str:
        return f"Tile({self.face}#{self.copy})"


def full_deck(variant: str, players: int) -> list[Tile]:
    """Every card of a game, in a fixed order: number cards two sets per player, or the 98 letters."""
    deck = _DECKS.get((variant, players))
    if deck is None:
        if variant == NUMBERS:
            deck = tuple(Tile(face, copy) for face in NUMBER_FACES for copy in range(2 * players))
        else:
            deck = tuple(Tile(face, copy) for face, count in LETTER_COUNTS.items() for copy in range(count))
        _DECKS[(variant, players)] = deck
    return list(deck)


_DECKS: dict[tuple[str, int], tuple[Tile, ...]] = {}


def key_name(key) -> str:
    """A required value or class in words: "a 7", "a vowel"."""
    if key is None:
        return "nothing"
    if isinstance(key, int):
        return f"an {key}" if key == 8 else f"a {key}"
    return f"a {key}"


def pile_sum(cards) -> int:
    return sum(POINTS[c.face] for c in cards)


# ---------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Play:
    """Play `first`, then `second` on top of it (letters: with a `word` from one to the other)."""

    first: Tile
    second: Tile
    word: str = ""

    def text(self, names=None) -> str:
        if self.word:
            return f"Play {self.first.label} then {self.second.label}: {self.word.upper()}"
        return f"Play {self.first.label} then {self.second.label}"


@dataclass(frozen=True, slots=True)
class Take:
    """Take the whole pile (only with no answer to the required value or class), then lead."""

    def text(self, names=None) -> str:
        return "Take the pile"


# ---------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class Played:
    """`seat` played `first` then `second`; `reverses`: the play turns play around (a double, or in
    letters the last play's letters reversed)."""

    seat: int
    first: Tile
    second: Tile
    word: str
    reverses: bool

    def text(self, names) -> str:
        cards = f"{self.first.label} then {self.second.label}"
        said = f": {self.word.upper()}" if self.word else ""
        if not self.reverses:
            return f"{acts(names[self.seat], 'plays')} {cards}{said}"
        if self.first.is_letter:
            return f"{acts(names[self.seat], 'answers')} with the last play reversed, {cards}{said}"
        return f"{acts(names[self.seat], 'answers')} with a double, {cards}{said}"


@dataclass(frozen=True, slots=True)
class Took:
    """`seat` took `cards` (the whole pile, oldest first) into their collected pile."""

    seat: int
    cards: tuple[Tile, ...]

    def text(self, names) -> str:
        labels = "-".join(c.label for c in self.cards)
        return f"{acts(names[self.seat], 'takes')} the pile ({card_count(len(self.cards))}: {labels})"


@dataclass(frozen=True, slots=True)
class Reversed:
    direction: int  # the new direction: +1 clockwise (seat order), -1 anticlockwise

    def text(self, names) -> str:
        return f"Play is reversed: now {'clockwise' if self.direction > 0 else 'anticlockwise'}"


@dataclass(frozen=True, slots=True)
class Drew:
    """Cards drawn from the stock. `cards` is None for every seat but the drawer; `count` is public."""

    seat: int
    cards: tuple[Tile, ...] | None
    count: int

    def text(self, names) -> str:
        if self.cards is None:
            return f"{acts(names[self.seat], 'draws')} {self.count} card{'s' if self.count != 1 else ''}"
        return f"{acts(names[self.seat], 'draws')} {' and '.join(c.label for c in self.cards)}"


@dataclass(frozen=True, slots=True)
class PileLeft:
    """At the end of the game the last pile leaves the game: nobody takes it."""

    cards: tuple[Tile, ...]

    def text(self, names) -> str:
        return f"The last pile ({card_count(len(self.cards))}) leaves the game"


@dataclass(frozen=True, slots=True)
class GameEnded:
    winners: tuple[int, ...]
    collected_counts: tuple[int, ...]
    collected_sums: tuple[int, ...]

    def text(self, names) -> str:
        who = " and ".join(names[s] for s in self.winners)
        best = self.winners[0]
        count, total = self.collected_counts[best], self.collected_sums[best]
        cards = f"{count} collected card{'s' if count != 1 else ''}"
        tied = sum(1 for c in self.collected_counts if c == count) > 1
        detail = f"{cards} (sum {total})" if tied and count else cards
        if len(self.winners) == 1:
            return f"{acts(who, 'wins')} with {detail}"
        return f"{who} share the win with {detail} each"


# ---------------------------------------------------------------- state and view


@dataclass(slots=True, kw_only=True)
class ChainChainState:
    """The whole table. Mutated only by `ChainChainRules.advance` on a private clone.

    `draw_pile` is drawn from its end. `pile` is oldest first. `required` is the required value (an
    int) or class ("vowel" / "consonant"), None when the player to move leads freely; then
    `lead_reason` says why: "first" (the first play of the game), "took" (they took the pile),
    "reversal" (the player before answered with a double or a letters reversal). `revealed[seat]`:
    what a take revealed (cards that answer none of the required key of then), still true of at
    least `count` cards of that hand (see `determinize`). `current` defaults to the dealer's left.
    """

    players: int
    variant: str
    dealer: int
    hands: list[list[Tile]]
    draw_pile: list[Tile]
    rng: Rng
    current: int | None = None
    pile: list[Tile] = field(default_factory=list)
    collected: list[list[Tile]] = field(default_factory=list)
    removed: list[Tile] = field(default_factory=list)
    direction: int = 1
    required: int | str | None = None
    lead_reason: str = "first"
    revealed: list[Revealed] = field(default_factory=list)
    last_player: int | None = None
    winners: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.current is None:
            self.current = (self.dealer + 1) % self.players
        if not self.collected:
            self.collected = [[] for _ in range(self.players)]
        if not self.revealed:
            self.revealed = [NOTHING_REVEALED] * self.players

    def all_cards(self) -> list[Tile]:
        found = [c for hand in self.hands for c in hand] + self.draw_pile + self.pile
        found += [c for pile in self.collected for c in pile]
        return found + self.removed


@dataclass(frozen=True, slots=True, kw_only=True)
class ChainChainView(View):
    """What one seat may see.

    Collected piles lie face down, but every card in them was seen face up on the pile when it was
    taken, so their contents are public (`collected`); the table may show just their sizes.
    """

    variant: str
    dealer: int
    pile: tuple[Tile, ...]              # oldest first: the top two are the last play
    required: int | str | None          # the required value / class; None on a free lead
    direction: int                      # +1 clockwise (seat order), -1 anticlockwise
    must_lead: bool                     # the player to move leads freely (any two cards)
    lead_reason: str                    # "first", "took", "reversal"; "" when answering
    draw_pile_count: int
    collected: tuple[tuple[Tile, ...], ...]
    removed: tuple[Tile, ...]           # the last pile, once it has left the game
    revealed: tuple[Revealed, ...]
    last_player: int | None             # who made the latest play

    @property
    def collected_counts(self) -> tuple[int, ...]:
        return tuple(len(pile) for pile in self.collected)

    @property
    def collected_sums(self) -> tuple[int, ...]:
        return tuple(pile_sum(pile) for pile in self.collected)

    @property
    def top(self) -> tuple[Tile, ...]:
        """The last play on the pile (first, second), or fewer cards if the pile is smaller."""
        return self.pile[-2:]


# ---------------------------------------------------------------- pure helpers


def _groups(hand) -> dict[str, list[Tile]]:
    """face -> the tiles of that face in `hand`, lowest copy first."""
    groups: dict[str, list[Tile]] = {}
    for tile in hand:
        group = groups.get(tile.face)
        if group is None:
            groups[tile.face] = [tile]
        else:
            group.append(tile)
    for group in groups.values():
        if len(group) > 1:
            group.sort(key=_copy)
    return groups


def _copy(tile: Tile) -> int:
    return tile.copy


def plays(hand, required, variant: str) -> list[Play]:
    """The legal plays of `hand` (Take aside): one per (first face, second face) pair, with the
    lowest copies of each face; letters with the pair's representative word. A letters lead with
    no word at all gives every pair without a word. Empty: the player must take the pile."""
    groups = _groups(hand)
    faces = sorted(groups)
    firsts = faces if required is None else [f for f in faces if KEYS[f] == required]
    out = []
    append = out.append
    letters = variant == LETTERS
    for f in firsts:
        group = groups[f]
        first = group[0]
        for s in faces:
            if s == f:
                if len(group) < 2:
                    continue
                second = group[1]
            else:
                second = groups[s][0]
            if letters:
                word = word_for(f, s)
                if word is None:
                    continue
                append(Play(first, second, word))
            else:
                append(Play(first, second))
    if not out and letters and required is None:
        for f in faces:
            group = groups[f]
            for s in faces:
                if s == f:
                    if len(group) > 1:
                        append(Play(group[0], group[1]))
                else:
                    append(Play(group[0], groups[s][0]))
    return out


_WORD_FOR: dict[tuple[str, str], str | None] = {}


def word_for(first_face: str, second_face: str) -> str | None:
    """The representative word from one letter face to another (cached), or None if there is none."""
    pair = (first_face, second_face)
    try:
        return _WORD_FOR[pair]
    except KeyError:
        word = dictionary.representative(first_face, second_face)
        _WORD_FOR[pair] = word
        return word


def has_word(first_face: str, second_face: str) -> bool:
    """Whether some dictionary word starts with one letter and ends with the other."""
    return word_for(first_face, second_face) is not None


def can_answer(hand, required, variant: str) -> bool:
    """Whether `hand` holds a legal answer to `required` (numbers: a card of that value)."""
    if variant == NUMBERS:
        return any(KEYS[t.face] == required for t in hand)
    return bool(plays(hand, required, variant))


def reverses(pile, required, first: Tile, second: Tile, variant: str) -> bool:
    """Whether answering the last play on `pile` with `first` then `second` reverses play.

    Numbers: a double, two cards of the required value. Letters: the previous pair's letters in
    reverse order (D then K answered by K then D). A free lead (no `required`) never reverses."""
    if required is None:
        return False
    if variant == LETTERS:
        return first.face == pile[-1].face and second.face == pile[-2].face
    return first.face == second.face


def letters_stuck(hand) -> bool:
    """A letters leader with no two cards that begin and end any word (may lead without a word)."""
    groups = _groups(hand)
    return not any(has_word(f, s) for f in groups for s in groups if s != f or len(groups[f]) > 1)


def answers_nothing(cards, key) -> bool:
    """Letters: no card of class `key` in `cards` starts a word that ends with another of them."""
    for i, x in enumerate(cards):
        if KEYS[x.face] != key:
            continue
        for j, y in enumerate(cards):
            if i != j and has_word(x.face, y.face):
                return False
    return True


# ---------------------------------------------------------------- rules


class ChainChainRules(Rules):
    min_players = 3
    max_players = 6
    standard_players = (4, 5)  # the rulebook's; 3 and 6 are the rulings' table option
    action_types = (Play, Take)
    card_types = (Tile,)
    event_types = (Played, Took, Reversed, Drew, PileLeft, GameEnded)
    options = (
        Option("variant", "Cards",
               ((NUMBERS, "Numbers"), (LETTERS, "Letters")),
               NUMBERS,
               "Numbers: answer the value of the last card. Letters: spell a word from your first "
               "card to your second, starting with a vowel or consonant like the last card."),
    )

    def normalize_config(self, config: dict) -> dict:
        normal = super().normalize_config(config)
        dealer = config.get("dealer")
        if dealer is not None:
            if type(dealer) is not int or not 0 <= dealer < normal["players"]:
                raise ValueError(f"the dealer must be a seat from 0 to {normal['players'] - 1}, not {dealer!r}")
            normal["dealer"] = dealer
        return normal

    def next_game_config(self, config: dict, finished: ChainChainState) -> dict:
        """Each new game of a session passes the deal to the left."""
        return {**config, "dealer": (finished.dealer + 1) % finished.players}

    def setup(self, config: dict, seed: int) -> ChainChainState:
        config = self.normalize_config(config)
        players, variant = config["players"], config["variant"]
        rng = Rng(seed)
        dealer = config.get("dealer")
        if dealer is None:
            dealer = rng.below(players)
        deck = full_deck(variant, players)
        rng.shuffle(deck)
        hands: list[list[Tile]] = [[] for _ in range(players)]
        for _round in range(HAND_SIZE):  # one card at a time, from the dealer's left
            for i in range(1, players + 1):
                hands[(dealer + i) % players].append(deck.pop())
        return ChainChainState(players=players, variant=variant, dealer=dealer, hands=hands, draw_pile=deck, rng=rng)

    def to_move(self, state: ChainChainState) -> int | None:
        return None if state.winners is not None else state.current

    def clone(self, state: ChainChainState) -> ChainChainState:
        """A private copy for search, slot by slot (quicker than the keyword constructor)."""
        copy = object.__new__(ChainChainState)
        copy.players = state.players
        copy.variant = state.variant
        copy.dealer = state.dealer
        copy.hands = [h[:] for h in state.hands]
        copy.draw_pile = state.draw_pile[:]
        copy.rng = state.rng.clone()
        copy.current = state.current
        copy.pile = state.pile[:]
        copy.collected = [p[:] for p in state.collected]
        copy.removed = state.removed[:]
        copy.direction = state.direction
        copy.required = state.required
        copy.lead_reason = state.lead_reason
        copy.revealed = state.revealed[:]
        copy.last_player = state.last_player
        copy.winners = state.winners
        return copy

    # -- what may be done

    def legal_actions(self, state: ChainChainState) -> list:
        if state.winners is not None:
            return []
        found = plays(state.hands[state.current], state.required, state.variant)
        if not found:
            return [Take()]
        return found

    def playout_action(self, state: ChainChainState, rand):
        """For search playouts: a single answer that the next player cannot answer in turn (so
        they must take the pile), if there is one (and a wander of PLAYOUT_WANDER aside); else any
        legal action."""
        actions = self.legal_actions(state)
        if len(actions) == 1 or rand() < PLAYOUT_WANDER:
            return actions[int(rand() * len(actions))]
        next_hand = state.hands[_next_seat(state, state.current)]
        answerable: dict = {}
        stuck = []
        for action in actions:
            if reverses(state.pile, state.required, action.first, action.second, state.variant):
                continue  # the turn goes the other way
            key = KEYS[action.second.face]
            if key not in answerable:
                answerable[key] = can_answer(next_hand, key, state.variant)
            if not answerable[key]:
                stuck.append(action)
        pool = stuck or actions
        return pool[int(rand() * len(pool))]

    def allows(self, state: ChainChainState, action) -> bool:
        """Any copy of a face and, in letters, any dictionary word for the pair may be played."""
        return self._refusal(state, action) is None

    def why_illegal(self, state: ChainChainState, action) -> str:
        return self._refusal(state, action) or "that move is not allowed now"

    def _refusal(self, state: ChainChainState, action) -> str | None:
        """Why `action` is refused, in a player's words; None when it is legal."""
        if state.winners is not None:
            return "the game is over"
        kind = type(action)
        if kind is Take:
            return _take_refusal(state)
        if kind is not Play:
            return "that is not a move in Chain-Chain"
        return _play_refusal(state, action)

    # -- doing it

    def advance(self, state: ChainChainState, action) -> list:
        if type(action) is Take:
            return self._take(state)
        return self._play(state, action)

    def _take(self, state: ChainChainState) -> list:
        seat = state.current
        cards = tuple(state.pile)
        state.collected[seat].extend(cards)
        state.pile.clear()
        hand = state.hands[seat]
        # No card of the hand answered the required value (letters: started a word with
        # another card of the hand): what taking reveals, until the hand is played away.
        state.revealed[seat] = Revealed.whole_hand(len(hand), state.required)
        state.required = None
        state.lead_reason = "took"
        return [Took(seat, cards)]

    def _play(self, state: ChainChainState, action: Play) -> list:
        seat = state.current
        first, second = action.first, action.second
        hand = state.hands[seat]
        hand.remove(first)
        hand.remove(second)
        revealed = state.revealed[seat]
        if revealed.count:
            # Letters: any card may have been one (a card of another class answers nothing).
            key = revealed.none_of
            could_be = 2 if state.variant == LETTERS else (KEYS[first.face] != key) + (KEYS[second.face] != key)
            state.revealed[seat] = revealed.played(could_be, len(hand))
        reversal = reverses(state.pile, state.required, first, second, state.variant)
        word = dictionary.normalize(action.word) if state.variant == LETTERS else ""
        state.pile.append(first)
        state.pile.append(second)
        events: list = [Played(seat, first, second, word, reversal)]
        if reversal:
            state.direction = -state.direction
            events.append(Reversed(state.direction))
        draw_pile = state.draw_pile
        if draw_pile:
            drawn = (draw_pile.pop(), draw_pile.pop()) if len(draw_pile) >= 2 else (draw_pile.pop(),)
            hand.extend(drawn)
            events.append(Drew(seat, drawn, len(drawn)))
        assert len(hand) % 2 == 0, f"seat {seat} holds {len(hand)} cards: hands stay even"
        state.last_player = seat
        if not draw_pile and not any(state.hands):
            self._end(state, seat, reversal, events)
            return events
        if reversal:
            state.required = None
            state.lead_reason = "reversal"
        else:
            state.required = KEYS[second.face]
            state.lead_reason = ""
        state.current = _next_seat(state, seat)
        return events

    @staticmethod
    def _end(state: ChainChainState, seat: int, reversal: bool, events: list) -> None:
        """The last play was made: a final double (letters: a final reversal) sends the pile to the
        player before the last player (the one the reversed turn passes to); otherwise the pile
        leaves the game."""
        cards = tuple(state.pile)
        state.pile.clear()
        if reversal:
            taker = (seat + state.direction) % state.players
            state.collected[taker].extend(cards)
            events.append(Took(taker, cards))
        else:
            state.removed.extend(cards)
            events.append(PileLeft(cards))
        state.required = None
        state.lead_reason = ""
        state.winners = _winners(state.collected)
        events.append(GameEnded(state.winners, tuple(len(p) for p in state.collected),
                                tuple(pile_sum(p) for p in state.collected)))

    # -- what is seen

    def redact(self, event, seat: int | None):
        if type(event) is Drew and event.seat != seat and event.cards is not None:
            return Drew(event.seat, None, event.count)
        return event

    def view(self, state: ChainChainState, seat: int | None) -> ChainChainView:
        game_over = state.winners is not None
        return ChainChainView(
            seat=seat,
            players=state.players,
            variant=state.variant,
            dealer=state.dealer,
            hand=tuple(state.hands[seat]) if seat is not None else (),
            pile=tuple(state.pile),
            required=state.required,
            direction=state.direction,
            current=state.current,
            must_lead=state.required is None and not game_over,
            lead_reason=state.lead_reason,
            hand_counts=tuple(len(hand) for hand in state.hands),
            draw_pile_count=len(state.draw_pile),
            collected=tuple(tuple(pile) for pile in state.collected),
            removed=tuple(state.removed),
            revealed=tuple(state.revealed),
            last_player=state.last_player,
            winners=state.winners,
            final_hands=tuple(tuple(h) for h in state.hands) if game_over else None,
        )

    def determinize(self, view: ChainChainView, rng: Rng) -> ChainChainState:
        """A full state the viewer cannot tell from the real one.

        The unseen cards are dealt at random to the other hands and the stock. A seat that took
        the pile held no answer then (`revealed`): it gets that many cards that answer nothing
        (numbers: none of the required value; letters: no card of the required class starts a
        word ending in another of them). A few quick random deals are tried, then an exact one
        (numbers: finds a deal whenever one exists; letters: exact over the cards not of the
        required class); unconstrained only as a last resort. A finished game is fully known.
        """
        hands_known = view.final_hands
        pool = _unseen(view, hands_known if hands_known is not None else [view.hand])
        if hands_known is not None:
            hands = [list(h) for h in hands_known]
        else:
            others = [s for s in range(view.players) if s != view.seat]
            dealt, pool = _deal(pool, view, others, rng)
            hands = [list(view.hand) if s == view.seat else dealt[s] for s in range(view.players)]
        rng.shuffle(pool)
        return ChainChainState(players=view.players, variant=view.variant, dealer=view.dealer,
                               hands=hands, draw_pile=pool, rng=Rng(rng.next_u64()), current=view.current,
                               pile=list(view.pile), collected=[list(p) for p in view.collected],
                               removed=list(view.removed), direction=view.direction,
                               required=view.required, lead_reason=view.lead_reason,
                               revealed=list(view.revealed), last_player=view.last_player,
                               winners=view.winners)

    def deck(self, config: dict) -> list[Tile]:
        config = self.normalize_config(config)
        return full_deck(config["variant"], config["players"])

    def hidden_cards(self, state: ChainChainState, seat: int | None) -> set[Tile]:
        """The stock and the other seats' hands (the pile, the collected piles and the cards out
        of the game were all seen face up; every hand is shown once the game is over)."""
        return draw_pile_and_other_hands(state.draw_pile, state.hands, seat, state.winners is not None)

    def points(self, state: ChainChainState) -> tuple[float, ...]:
        """Minus each seat's collected cards, as the final scores count them."""
        return tuple(-float(len(p)) for p in state.collected)

    def best_in_words(self, score: float) -> str:
        """The score is minus the cards collected: the best game collected the fewest."""
        return f"fewest cards collected {-score:g}"

    def outcome(self, state: ChainChainState) -> Outcome | None:
        """Scores are minus the collected cards (higher is better); the sums break ties in `winners`."""
        if state.winners is None:
            return None
        return Outcome(tuple(-float(len(p)) for p in state.collected), state.winners)


def _take_refusal(state: ChainChainState) -> str | None:
    """Why taking the pile is refused: there is nothing to take, or the player can answer."""
    required = state.required
    if required is None:
        if state.lead_reason == "took":
            return "you have taken the pile: now lead any two cards"
        return "there is nothing to answer: you lead, so play any two cards"
    answers = plays(state.hands[state.current], required, state.variant)
    if not answers:
        return None
    if state.variant == LETTERS:
        example = answers[0]
        return (f"you can answer {key_name(required)}: {example.first.label} then "
                f"{example.second.label} makes a word (for one, {example.word.upper()}), "
                "and playing is not optional")
    return (f"you hold {key_name(required)}, so you must play it: "
            "taking the pile is only for when you cannot answer")


def _play_refusal(state: ChainChainState, action: Play) -> str | None:
    """Why a play is refused: its cards, its first card's answer, its word."""
    hand = state.hands[state.current]
    required = state.required
    first, second, word = action.first, action.second, action.word
    if type(first) is not Tile or type(second) is not Tile:
        return "a play is two of your cards"
    if first == second:
        return "play two different cards (the same card cannot be both)"
    if first not in hand:
        return f"{first.label} is not in your hand"
    if second not in hand:
        return f"{second.label} is not in your hand"
    if type(word) is not str:
        return "the word must be text"
    if required is not None and KEYS.get(first.face) != required:
        return _unanswered(state, first)
    if state.variant != LETTERS:
        if word.strip():
            return "the numbers game has no words: play the two cards alone"
        return None
    return _word_refusal(hand, required, first, second, word)


def _unanswered(state: ChainChainState, first: Tile) -> str:
    """Why a play whose first card does not answer the last card played is refused."""
    required = state.required
    if not can_answer(state.hands[state.current], required, state.variant):
        return f"you cannot answer {key_name(required)}: take the pile, then lead"
    if state.variant == LETTERS:
        top = state.pile[-1].label
        return (f"your first card must be {key_name(required)}, like the last card "
                f"played ({top}); {first.label} is not")
    return (f"your first card must be {key_name(required)}, the value of the last card "
            f"played; {first.label} is not")


def _word_refusal(hand, required, first: Tile, second: Tile, word: str) -> str | None:
    w = dictionary.normalize(word)
    f, s = first.face, second.face
    if not w:
        if required is None and letters_stuck(hand):
            return None
        return f"type a word that starts with {f} and ends with {s}"
    shown = w.upper()
    if not (w.isascii() and w.isalpha()):
        return f"{word.strip()!r} is not a word: use the letters A to Z only"
    if len(w) < dictionary.MIN_LENGTH:
        return f"{shown} is too short: a word needs at least {dictionary.MIN_LENGTH} letters"
    if w[0] != f.lower():
        return f"{shown} does not start with {f}, your first card"
    if w[-1] != s.lower():
        return f"{shown} does not end with {s}, your second card"
    if not dictionary.is_word(w):
        return f"{shown} is not in the dictionary"
    return None


def _next_seat(state: ChainChainState, seat: int) -> int:
    """The next seat in the direction of play that holds cards (an empty hand is skipped)."""
    n, step, hands = state.players, state.direction, state.hands
    nxt = (seat + step) % n
    while not hands[nxt]:
        nxt = (nxt + step) % n
    return nxt


def _winners(collected) -> tuple[int, ...]:
    """Fewest collected cards, then the lowest sum of their values or points; ties share the win."""
    keys = [(len(pile), pile_sum(pile)) for pile in collected]
    best = min(keys)
    return tuple(s for s, key in enumerate(keys) if key == best)


def _unseen(view: ChainChainView, hands) -> list[Tile]:
    seen = {c for hand in hands for c in hand}
    seen.update(view.pile)
    seen.update(c for pile in view.collected for c in pile)
    seen.update(view.removed)
    return [c for c in full_deck(view.variant, view.players) if c not in seen]


# ---------------------------------------------------------------- determinize: dealing hidden hands


def _deal(pool, view: ChainChainView, seats, rng: Rng) -> tuple[dict[int, list[Tile]], list[Tile]]:
    """Hands for `seats` from `pool` that honour every revealed no-match whenever possible.

    The exact fallback uses, for letters, a sufficient condition: cards not of the required class
    start no word, so any set of them answers nothing."""
    letters = view.variant == LETTERS
    owed = {s: view.revealed[s].count for s in seats}
    allowed = {s: {c for c in pool if KEYS[c.face] != view.revealed[s].none_of} for s in seats if owed[s]}

    def accepts(seat, card, chosen) -> bool:
        return _fits(card, chosen, view.revealed[seat].none_of, letters)

    return deal_hidden(pool, {s: view.hand_counts[s] for s in seats}, owed, allowed, rng, accepts)


def _fits(card: Tile, chosen: list[Tile], key, letters: bool) -> bool:
    """Whether `card` may join the cards `chosen` for a seat that took the pile on `key`."""
    if not letters:
        return KEYS[card.face] != key
    if KEYS[card.face] == key:
        if any(has_word(card.face, y.face) for y in chosen):
            return False
    return not any(KEYS[x.face] == key and has_word(x.face, card.face) for x in chosen)


RULES = ChainChainRules()

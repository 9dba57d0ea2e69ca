"""The rules surface every game shares, and the JSON form of actions and events.

Each game provides a `Rules` subclass. The public surface (DESIGN.md):

    setup(config, seed) -> state          to_move(state) -> seat | None
    legal_actions(state) -> [Action]      apply(state, action) -> (state, [Event])
    view(state, seat) -> View             determinize(view, rng) -> state
    outcome(state) -> Outcome             deck(config) -> [card]
    hidden_cards(state, seat) -> {card}

`apply` validates and never touches the state it is given. Search and playouts use the lean
pair `clone` + `advance`, which mutate a private copy and trust that the action is legal.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import sys
import typing
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple, Protocol, runtime_checkable

from .cards import Card


AnyCard = Any  # a field's declared kind for a card of whatever kind the game deals (a view's hand)


class IllegalAction(ValueError):
    """An action the rules refuse; the message says why, in words a player understands."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """Final scores (higher is better) and the winning seats (several on a shared win)."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class View:
    """What one seat may see: the fields every table reads. Each game's view extends it.

    `seat` None is an onlooker (no hand), used between pass-and-play turns. `winners` is None
    until the game is over, then the winning seats (empty when nobody wins), in every game;
    `final_hands` holds every hand once the game is over (the table shows them), else None."""

    seat: int | None
    players: int
    current: int
    hand: tuple[AnyCard, ...]
    hand_counts: tuple[int, ...]
    winners: tuple[int, ...] | None
    final_hands: tuple[tuple[AnyCard, ...], ...] | None = None

    @property
    def game_over(self) -> bool:
        return self.winners is not None


@runtime_checkable
class Event(Protocol):
    """Something that happened at the table, as the move log tells it."""

    def text(self, names) -> str:
        """One line for the move log; `names` are the seats' names."""


class Revealed(NamedTuple):
    """What a seat's play has shown of its hand: at least `count` of its cards match none of
    `none_of` (Chains: ranks that fit the chain ends it drew on; Cubes: the open-cell groups it
    could not place beside; Chain-Chain: the required value or class it could not answer). The
    game says what matching means; `determinize` deals that many non-matching cards to the seat.

    Drawing a card leaves the fact true (still at least `count`); cards played from the hand
    may have been some of them (`played`). A named tuple, not a frozen dataclass: search playouts
    make one at many draws and plays, and a tuple is made in half the time."""

    count: int = 0
    # Chains: frozenset of ranks; Cubes: card groups; Chain-Chain: a value or a class (or None).
    none_of: frozenset[int] | tuple[tuple[AnyCard, ...], ...] | int | str | None = None

    @classmethod
    def whole_hand(cls, hand_size: int, none_of: Any) -> "Revealed":
        """Every card of a hand of `hand_size` matches none of `none_of`."""
        return cls(hand_size, none_of) if hand_size else NOTHING_REVEALED

    def played(self, could_be: int, hand_left: int) -> "Revealed":
        """After cards left the hand (`hand_left` cards remain), `could_be` of which (a count, or
        a bool for one card) may have been non-matching ones: that many fewer are known, and
        never more than the hand holds."""
        if not self.count:
            return self
        count = min(self.count - could_be, hand_left)
        if count == self.count:
            return self
        return Revealed(count, self.none_of) if count > 0 else NOTHING_REVEALED


NOTHING_REVEALED = Revealed()


@functools.cache
def shared(kind: type, *fields):
    """The one shared object of a frozen action or event with these fields. Play lists the same
    moves and logs the same events turn after turn, and making a frozen dataclass costs several
    times this look-up (they never change, so every list may hold the same object).

    Every object made is kept, so only kinds with a few hundred values at most go through here:
    fields ranging over seats, chains, places, suits, token counts, or a seat and one card of a
    deck. An event naming a card together with its place, or several cards, is made plainly:
    those combinations run to thousands, and would grow with every session of searches."""
    return kind(*fields)


class Rules:
    """Base of every game's rules. Subclasses fill in the game-specific methods."""

    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    # The player counts the rulebook names, when the table also allows others as an option.
    standard_players: ClassVar[tuple[int, int] | None] = None
    action_types: ClassVar[tuple[type, ...]] = ()
    card_types: ClassVar[tuple[type, ...]] = ()  # a game's own card classes, nested in its actions
    # Besides cards, what a game deals face down that a step may turn up (Sovereign's Chain's
    # event cards): undo never goes back past a step that showed one (`shows_hidden`).
    shown_types: ClassVar[tuple[type, ...]] = ()
    event_types: ClassVar[tuple[type, ...]] = ()
    options: ClassVar[tuple["Option | NumberOption", ...]] = ()
    # A solitaire whose deals are numbered: its setup offers a deal number, the daily deal and
    # winnable deals only (`deal_config`, `daily_config`), its rules config names the deal.
    numbered_deals: ClassVar[bool] = False
    # How many actions a search playout plays before `estimate` judges where it got to; None:
    # to the end of the game (the search still caps a playout that runs too long).
    playout_horizon: ClassVar[int | None] = None
    has_solver: ClassVar[bool] = False   # `solve_deal` decides a deal knowing every card
    # A game its player may end at once as lost (a solitaire deal that can no longer be won).
    can_give_up: ClassVar[bool] = False
    # The edition of the rules, raised with each revised ruling that changes what a move does or
    # whether it is legal: a save keeps the edition it was played under (game/session.py), and a
    # game of an earlier edition that these rules cannot replay is kept as it was recorded.
    edition: ClassVar[int] = 1

    def setup(self, config: dict, seed: int):
        raise NotImplementedError

    def to_move(self, state) -> int | None:
        raise NotImplementedError

    def legal_actions(self, state) -> list:
        raise NotImplementedError

    def clone(self, state):
        raise NotImplementedError

    def advance(self, state, action) -> list[Event]:
        """Apply a legal action to `state` in place and return the events."""
        raise NotImplementedError

    def why_illegal(self, state, action) -> str:
        """The reason an action is refused, for a player to read."""
        return "that move is not allowed now"

    def view(self, state, seat: int | None):
        raise NotImplementedError

    def determinize(self, view, rng):
        raise NotImplementedError

    def for_config(self, config: dict) -> "Rules":
        """The rules that play this rule config: these, unless the config names other cards for
        a game whose cards are data (then rules bound to those cards)."""
        return self

    def outcome(self, state) -> Outcome | None:
        raise NotImplementedError

    def deck(self, config: dict) -> list:
        """Every card a game with this config holds, each once: what the table conserves."""
        raise NotImplementedError

    def hidden_cards(self, state, seat: int | None) -> set:
        """The cards in `state` that `seat` may not see (`None`: an onlooker); neither its view
        nor the events it receives may show one."""
        raise NotImplementedError

    def estimate(self, state) -> list[float]:
        """Each seat's chance of winning from an unfinished `state`, as the search's reward for a
        playout stopped before the end (see `playout_horizon`); by default even chances."""
        return [1.0 / state.players] * state.players

    def points(self, state) -> tuple[float, ...] | None:
        """Each seat's points as the game counts them now, in a game scored in points; None in a
        game won or lost outright (the default), or where no points are counted yet. A review
        tells a move's cost in these points besides the win chance."""
        return None

    def made_by_the_table(self, legal) -> bool:
        """Whether the move to make among `legal` is made by the table for the player (Cubes'
        draw at the start of a turn), no decision of theirs: a review leaves it out. Never, by
        default (a single legal move the player makes, as Chains' draw, is still theirs)."""
        return False

    def best_in_words(self, score: float) -> str | None:
        """A seat's best game for its statistics, `score` being its best score from `outcome`,
        in the words of what the game measures; None (the default) in a game whose score says
        no more than won or lost."""
        return None

    def solve_deal(self, state, node_limit: int) -> tuple[bool | None, list]:
        """In a game of one whose deals a solver decides knowing every card (`has_solver`: the
        solitaire): whether `state` can be won (None: undecided within `node_limit` positions)
        and a winning line. A review judges such a game by it."""
        raise NotImplementedError

    def playout_action(self, state, rand):
        """A legal action for a search playout on a full (determinized) state; `rand()` gives
        floats in [0, 1). Uniformly random by default. A game may lean toward the obvious good
        move (a cheap epsilon-greedy policy): playouts then look more like real play, and say more
        about the move being searched."""
        actions = self.legal_actions(state)
        return actions[int(rand() * len(actions))]

    def is_legal(self, state, action) -> bool:
        """Whether `action` may be taken now: one of this game's moves, every field of the type
        its class declares, and allowed in `state`."""
        return self.malformed(action) is None and self.allows(state, action)

    def allows(self, state, action) -> bool:
        """Whether a well-formed `action` may be taken now. Games whose actions carry free text
        (a typed word) list one representative per choice in `legal_actions` and accept the rest
        here."""
        return action in self.legal_actions(state)

    def malformed(self, action) -> str | None:
        """Why `action` is not a well-formed move of this game (not one of its action classes,
        or a field of the wrong type: a float or a bool where a number is declared); None when
        it is well formed."""
        if type(action) not in self.action_types:
            return "that is not a move of this game"
        return wrong_field(action, self.card_types)

    def apply(self, state, action):
        """Validate `action`, then return (new state, events); `state` is left unchanged."""
        if self.to_move(state) is None:
            raise IllegalAction("the game is over")
        problem = self.malformed(action)
        if problem is not None:
            raise IllegalAction(problem)
        if not self.allows(state, action):
            raise IllegalAction(self.why_illegal(state, action))
        new_state = self.clone(state)
        return new_state, self.advance(new_state, action)

    def give_up(self, state):
        """End the game now as lost, where `can_give_up` allows it: (new state, events)."""
        raise IllegalAction("this game cannot be given up")

    def shows_hidden(self, before, after, seat: int) -> bool:
        """Whether the step from state `before` to state `after` showed `seat` a card it could
        not see before (a draw, a card played from another hand, hands shown at the end). Undo
        never goes back past such a step: the player would replay knowing that card.

        By default: the view after holds a card (or one of `shown_types`) the view before did not. Cards are told apart
        by value (a game with identical copies gives each its own identity, as Chain-Chain's
        tiles do). A game overrides this where a step shows something that is not a card in
        the view."""
        kinds = self.card_types + self.shown_types
        return bool(cards_seen(self.view(after, seat), kinds) - cards_seen(self.view(before, seat), kinds))

    def public_action(self, action, seat: int | None):
        """What `seat` sees of `action` when another seat takes it (`None`: an onlooker). Most
        actions are public; a game with face-down plays returns a stand-in that hides the card.
        The move log, the search tree and saved views go through it."""
        return action

    def redact(self, event: Event, seat: int | None) -> Event:
        """The event as `seat` may see it (hidden cards removed); most events are public."""
        return event

    @property
    def default_players(self) -> int:
        """The player count a config without one gets: the table's default, the first standard
        count when the rulebook names some (the setup screen starts with as many seats)."""
        return self.standard_players[0] if self.standard_players else self.min_players

    @property
    def view_types(self) -> tuple[type, ...]:
        """Every class a view of this game may hold (its cards included): what `from_json` needs
        to read a view back, as a networked seat does. Found from the declared types of the view
        that `view` returns."""
        view_class = typing.get_type_hints(type(self).view)["return"]
        return nested_types(view_class) + self.saved_types + self.shown_types

    @property
    def saved_types(self) -> tuple[type, ...]:
        """Every class an action written to a save may hold (for `from_json`)."""
        return self.action_types + self.card_types

    def session_winners(self, finished) -> tuple[int, ...]:
        """The seats a finished game counts a win for in the session's games-to-win tally: its
        winners. A game played as a match of several deals counts none until the match is won."""
        return self.outcome(finished).winners

    def next_game_config(self, config: dict, finished) -> dict:
        """The rules config for the next game of a session, given the finished game's state."""
        return config

    def turns_played(self, state, seat: int) -> int | None:
        """How many turns `seat` has played, when the game counts its turns itself (a solitaire
        whose every move is the one player's); None: the session counts runs of the seat's moves."""
        return None

    def option_choices(self, option: Option, players: int) -> tuple[tuple[Any, str], ...]:
        """The values of `option` a table of `players` may choose (the setup screen offers only
        these); most options allow every value at every player count."""
        return option.choices

    def normalize_config(self, config: dict) -> dict:
        """The config with defaults filled in; raises ValueError on a bad value."""
        players = config.get("players", self.default_players)
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise ValueError(f"this game takes {self.min_players} to {self.max_players} players, not {players!r}")
        normal = {"players": players}
        for option in self.options:
            value = config.get(option.key, option.default)
            refusal = option.refusal(value)
            if refusal:
                raise ValueError(refusal)
            normal[option.key] = value
        return normal


def is_card_type(cls: type) -> bool:
    """A card class of any game: its cards have a `code` and it reads one back (`from_code`)."""
    return hasattr(cls, "from_code") and hasattr(cls, "code")


def to_json(obj: Any) -> Any:
    """A frozen dataclass (action, event or view) as plain JSON data, tagged with its type; a card
    of any game is written as its code."""
    if is_card_type(type(obj)):
        return obj.code
    if dataclasses.is_dataclass(obj):
        data = {"type": type(obj).__name__}
        for field in dataclasses.fields(obj):
            data[field.name] = to_json(getattr(obj, field.name))
        return data
    if isinstance(obj, (list, tuple)):
        return [to_json(item) for item in obj]
    if isinstance(obj, frozenset):
        return sorted(to_json(item) for item in obj)
    return obj


def nested_types(root: type) -> tuple[type, ...]:
    """`root` and every dataclass and named tuple its fields are declared to hold, at any depth."""
    found: list[type] = []
    stack: list[type] = [root]
    while stack:
        kind = stack.pop()
        if kind in found or not (dataclasses.is_dataclass(kind) or hasattr(kind, "_fields")):
            continue
        found.append(kind)
        names = vars(sys.modules[kind.__module__])
        annotations = ([field.type for field in dataclasses.fields(kind)] if dataclasses.is_dataclass(kind)
                       else list(kind.__annotations__.values()))
        for annotation in annotations:
            words = re.findall(r"[A-Za-z_]\w*", " ".join(_kinds(annotation)))
            stack.extend(names[word] for word in words if isinstance(names.get(word), type))
    return tuple(found)


def nested_deeper_than(data: Any, limit: int) -> bool:
    """Whether JSON data nests lists and objects more than `limit` levels deep (checked without
    recursion, so any depth is safe to ask about)."""
    stack = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > limit:
                return True
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return False


def from_json(data: Any, types: tuple[type, ...]) -> Any:
    """The action (or a game's card) that `to_json` wrote; raises ValueError when the data is
    not one. Every field is decoded by its declared type (a card code for a `Card`, an object
    for a game's own card class, a number, text), so nothing else gets through.

    `types` names every class that may appear, card types included (Card is always known). A
    card is read from its code, or from the object form saves once wrote for a game's own cards.
    A field with a default that the data lacks was added since it was written (a networked game
    kept on this device holds the events as the host sent them): it takes its default.
    """
    if not isinstance(data, dict) or "type" not in data:
        raise ValueError(f"expected an object with a 'type', got {_short(data)}")
    by_name = {cls.__name__: cls for cls in types}
    cls = by_name.get(data["type"]) if isinstance(data["type"], str) else None
    if cls is None:
        raise ValueError(f"unknown type {_short(data['type'])}")
    kwargs = {}
    for field in dataclasses.fields(cls):
        name = field.name if field.name in data else FORMER_NAMES.get(field.name, field.name)
        if name not in data and field.default is not dataclasses.MISSING:
            kwargs[field.name] = field.default
            continue
        if name not in data:
            raise ValueError(f"{cls.__name__} is missing {field.name!r}")
        kwargs[field.name] = _decode_field(field, data[name], by_name)
    return cls(**kwargs)


# A field's name in older saves, read when the save lacks the field's own name: Sovereign's
# Chain's actions named a place in a chain its `position`.
FORMER_NAMES = {"place": "position"}


def _decode_field(field: dataclasses.Field, value: Any, by_name: dict[str, type]) -> Any:
    kinds = _kinds(field.type)
    refusals = []
    for kind in kinds:
        try:
            decoded = _decode_as(kind, value, by_name)
        except ValueError as err:  # a card code the card class cannot read: it says why
            refusals.append(str(err))
            continue
        if decoded is not _NOT_THIS:
            return decoded
    raise ValueError(refusals[0] if refusals else f"{field.name} must be {_describe(kinds)}, not {_short(value)}")


_NOT_THIS = object()


def _decode_as(kind: str, value: Any, by_name: dict[str, type]) -> Any:
    """`value` read as a `kind` ("int", "Card", a game's card class, "tuple[Card, ...]"), or
    _NOT_THIS. A card is read from its code, or from the object form saves once wrote for a
    game's own cards; a class of the save's by its tagged object."""
    if kind in _PLAIN:
        return value if _PLAIN[kind](value) else _NOT_THIS
    element = _tuple_element(kind)
    parts = [element] * len(value) if element is not None and type(value) is list else _fixed_tuple(kind)
    if parts is not None:
        if type(value) is not list or len(value) != len(parts):
            return _NOT_THIS
        items = [_first_decoded(_kinds(part), item, by_name) for part, item in zip(parts, value)]
        return _NOT_THIS if any(item is _NOT_THIS for item in items) else tuple(items)
    if element is not None:
        return _NOT_THIS
    if kind == "Event":  # any event of the game: the object's own tag says which
        return from_json(value, tuple(by_name.values())) if isinstance(value, dict) else _NOT_THIS
    if kind == "AnyCard":
        return _any_card(value, by_name)
    if kind.startswith("frozenset[") and kind.endswith("]"):
        items = [_decode_as(kind[len("frozenset["):-1], item, by_name) for item in value] if type(value) is list else [_NOT_THIS]
        return _NOT_THIS if any(item is _NOT_THIS for item in items) else frozenset(items)
    cls = Card if kind == "Card" else by_name.get(kind)
    if cls is None:
        return _NOT_THIS
    if is_card_type(cls) and isinstance(value, str):
        return cls.from_code(value)
    if issubclass(cls, tuple) and hasattr(cls, "_fields"):  # a named tuple, written as a list
        return _named_tuple(cls, value, by_name)
    if isinstance(value, dict):
        decoded = from_json(value, tuple(by_name.values()))
        return decoded if type(decoded) is cls else _NOT_THIS
    return _NOT_THIS


# The plain field types an action may declare, and what counts as one (bool is not a number).
_PLAIN = {
    "int": lambda value: type(value) is int,
    "str": lambda value: type(value) is str,
    "bool": lambda value: type(value) is bool,
    "None": lambda value: value is None,
}
_DESCRIPTIONS = {"int": "a whole number", "str": "text", "bool": "yes or no", "None": "empty",
                 "Card": "a card"}


def _kinds(annotation: Any) -> tuple[str, ...]:
    """The alternatives of a field's declared type: 'Card | None' -> ('Card', 'None')."""
    if isinstance(annotation, typing.ForwardRef):  # a named tuple's field, under postponed annotations
        annotation = annotation.__forward_arg__
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", str(annotation))
    return tuple(part.strip() for part in _top_level(text, "|"))


def _top_level(text: str, separator: str) -> list[str]:
    """`text` split at each `separator` outside brackets: 'tuple[int | None, ...] | None'."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        depth += {"[": 1, "]": -1}.get(char, 0)
        if char == separator and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    return parts + [text[start:]]


def _tuple_element(kind: str) -> str | None:
    """The element kind of 'tuple[X, ...]' (a run of cards, say), else None."""
    if kind.startswith("tuple[") and kind.endswith(", ...]"):
        return kind[len("tuple["):-len(", ...]")].strip()
    return None


def _named_tuple(cls: type, value: Any, by_name: dict[str, type]) -> Any:
    """A named tuple (a view's token counts, what a seat revealed) from the list `to_json` wrote."""
    kinds = [_kinds(annotation) for annotation in cls.__annotations__.values()]
    if type(value) is not list or len(value) != len(kinds):
        return _NOT_THIS
    fields = [_first_decoded(alternatives, item, by_name) for alternatives, item in zip(kinds, value)]
    return _NOT_THIS if any(field is _NOT_THIS for field in fields) else cls(*fields)


def _first_decoded(kinds: tuple[str, ...], value: Any, by_name: dict[str, type]) -> Any:
    for kind in kinds:
        decoded = _decode_as(kind, value, by_name)
        if decoded is not _NOT_THIS:
            return decoded
    return _NOT_THIS


def _any_card(value: Any, by_name: dict[str, type]) -> Any:
    """A card of whichever kind the game has whose code `value` is: its own kinds tried first."""
    if not isinstance(value, str):
        return _NOT_THIS
    for cls in [cls for cls in by_name.values() if is_card_type(cls)] + [Card]:
        try:
            return cls.from_code(value)
        except ValueError:
            continue
    return _NOT_THIS


def _fixed_tuple(kind: str) -> list[str] | None:
    """The kinds of a fixed-length tuple 'tuple[int, int, int]' (a cell and its points), else None."""
    if not (kind.startswith("tuple[") and kind.endswith("]")) or _tuple_element(kind) is not None:
        return None
    return [part.strip() for part in _top_level(kind[len("tuple["):-1], ",")]


def _describe(kinds: tuple[str, ...]) -> str:
    return " or ".join(_DESCRIPTIONS.get(kind, f"a {kind.lower()}") for kind in kinds)


def _short(value: Any) -> str:
    """A value quoted in a message, cut short (a damaged save may hold a huge one)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def checkable(cls: type, card_types: tuple[type, ...]) -> bool:
    """Whether every field of `cls` declares a type `wrong_field` knows how to check."""
    known = set(_PLAIN) | {"Card"} | {t.__name__ for t in card_types}
    return all((_tuple_element(kind) or kind) in known for field in dataclasses.fields(cls) for kind in _kinds(field.type))


def wrong_field(obj: Any, card_types: tuple[type, ...]) -> str | None:
    """Which field of the dataclass `obj` holds a value of another type than the one declared,
    said for a player (None when every field is right). A `Card` field wants a Card, a game's
    own card class an instance of it (checked in turn), `int` an int that is not a bool."""
    by_name = {cls.__name__: cls for cls in card_types}
    for field in dataclasses.fields(obj):
        value = getattr(obj, field.name)
        kinds = _kinds(field.type)
        if not any(_is_a(kind, value, by_name, card_types) for kind in kinds):
            return f"{field.name} must be {_describe(kinds)}, not {_short(value)}"
    return None


def _is_a(kind: str, value: Any, by_name: dict[str, type], card_types: tuple[type, ...]) -> bool:
    if kind == "Card":
        return type(value) is Card
    if kind in by_name:
        return type(value) is by_name[kind] and wrong_field(value, card_types) is None
    if kind in _PLAIN:
        return _PLAIN[kind](value)
    element = _tuple_element(kind)
    return element is not None and type(value) is tuple and all(_is_a(element, v, by_name, card_types) for v in value)


def cards_seen(view: Any, card_types: tuple[type, ...]) -> set:
    """Every card in a view (a Card or one of the game's own card classes), wherever it is
    named: a hand, the table, or what play revealed."""
    found = set()
    stack = [view]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is Card or kind in card_types:
            found.add(item)
        elif kind in _CONTAINERS:
            stack.extend(item)
            if kind is dict:
                stack.extend(item.values())
        elif kind not in _ATOMS:
            stack.extend(getattr(item, name) for name in _field_names(kind))
    return found


_CONTAINERS = (tuple, list, set, frozenset, dict)
_ATOMS = (int, str, float, bool, type(None))


@functools.cache
def _field_names(kind: type) -> tuple[str, ...]:
    """The field names of a dataclass type (none for any other type)."""
    return tuple(f.name for f in dataclasses.fields(kind)) if dataclasses.is_dataclass(kind) else ()


@dataclass(frozen=True, slots=True)
class OnlyWith:
    """An option that counts only while another option (`key`) has `value`: the setup screen
    shows it inactive otherwise, and says `words`."""

    key: str
    value: Any
    words: str


@dataclass(frozen=True, slots=True)
class Option:
    """A rule choice the setup screen offers: a key in the config, its values and their labels;
    `help` says what the option does, `choice_help` what a value does where that differs;
    `only_with` when it counts only with another option's value."""

    key: str
    label: str
    choices: tuple[tuple[Any, str], ...]
    default: Any
    help: str = ""
    choice_help: tuple[tuple[Any, str], ...] = ()
    only_with: OnlyWith | None = None

    def label_of(self, value: Any) -> str:
        return dict(self.choices).get(value, str(value))

    def help_for(self, value: Any) -> str:
        """What the setup screen says beside the option while `value` is chosen."""
        return next((text for choice, text in self.choice_help if choice == value), self.help)

    def refusal(self, value: Any) -> str | None:
        """Why `value` cannot be this option's value, or None when it can."""
        if any(type(value) is type(choice) and value == choice for choice, _ in self.choices):
            return None
        return f"{self.label}: {value!r} is not one of {[v for v, _ in self.choices]}"

    @property
    def examples(self) -> tuple[Any, ...]:
        """Values a test plays the option with: every choice."""
        return tuple(value for value, _label in self.choices)


def option_counts(option: "Option | NumberOption", values: dict) -> bool:
    """Whether `option` counts with the options' `values` (key to value): always, unless it
    counts only with another option's value that is not chosen."""
    needed = option.only_with
    return needed is None or values.get(needed.key) == needed.value


@dataclass(frozen=True, slots=True)
class NumberOption:
    """A rule option that is any whole number from `lowest` to `highest` (an agreed score, say):
    the setup screen takes it typed or stepped by `step`."""

    key: str
    label: str
    lowest: int
    highest: int
    default: int
    step: int = 1
    help: str = ""
    only_with: OnlyWith | None = None

    def help_for(self, value: Any) -> str:
        return self.help

    def refusal(self, value: Any) -> str | None:
        """Why `value` cannot be this option's value, or None when it can."""
        if type(value) is int and self.lowest <= value <= self.highest:
            return None
        shown = f"{value:,}" if type(value) is int else repr(value)
        return f"{self.label} must be a whole number from {self.lowest:,} to {self.highest:,}, not {shown}"

    @property
    def examples(self) -> tuple[int, ...]:
        """Values a test plays the option with: the lowest, the default and the highest."""
        return tuple(sorted({self.lowest, self.default, self.highest}))

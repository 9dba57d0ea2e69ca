"""The rules surface every game shares, and the JSON form of actions and events.

Each game provides a `Rules` subclass. The public surface (DESIGN.md):

    setup(config, seed) -> state          to_move(state) -> seat | None
    legal_actions(state) -> [Action]      apply(state, action) -> (state, [Event])
    view(state, seat) -> View             determinize(view, rng) -> state
    outcome(state) -> Outcome

`apply` validates and never touches the state it is given. Search and playouts use the lean
pair `clone` + `advance`, which mutate a private copy and trust that the action is legal.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any, ClassVar

from .cards import Card, card


class IllegalAction(ValueError):
    """An action the rules refuse; the message says why, in words a player understands."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """Final scores (higher is better) and the winning seats (several on a shared win)."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]


class Rules:
    """Base of every game's rules. Subclasses fill in the game-specific methods."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    # The player counts the rulebook names, when the table also allows others as an option.
    standard_players: ClassVar[tuple[int, int] | None] = None
    action_types: ClassVar[tuple[type, ...]] = ()
    card_types: ClassVar[tuple[type, ...]] = ()  # a game's own card classes, nested in its actions
    event_types: ClassVar[tuple[type, ...]] = ()
    options: ClassVar[tuple["Option", ...]] = ()
    # How many actions a search playout plays before `estimate` judges where it got to; None:
    # to the end of the game (the search still caps a playout that runs too long).
    playout_horizon: ClassVar[int | None] = None

    def setup(self, config: dict, seed: int):
        raise NotImplementedError

    def to_move(self, state) -> int | None:
        raise NotImplementedError

    def legal_actions(self, state) -> list:
        raise NotImplementedError

    def clone(self, state):
        raise NotImplementedError

    def advance(self, state, action) -> list:
        """Apply a legal action to `state` in place and return the events."""
        raise NotImplementedError

    def why_illegal(self, state, action) -> str:
        """The reason an action is refused, for a player to read."""
        return "that move is not allowed now"

    def view(self, state, seat: int | None):
        raise NotImplementedError

    def determinize(self, view, rng):
        raise NotImplementedError

    def outcome(self, state) -> Outcome | None:
        raise NotImplementedError

    def estimate(self, state) -> list[float]:
        """Each seat's chance of winning from an unfinished `state`, as the search's reward for a
        playout stopped before the end (see `playout_horizon`); by default even chances."""
        return [1.0 / state.players] * state.players

    def playout_action(self, state, rand):
        """A legal action for a search playout on a full (determinized) state; `rand()` gives
        floats in [0, 1). Uniformly random by default. A game may lean toward the obvious good
        move (a cheap epsilon-greedy policy): playouts then look more like real play, and say more
        about the move being searched."""
        actions = self.legal_actions(state)
        return actions[int(rand() * len(actions))]

    def is_legal(self, state, action) -> bool:
        """Whether `action` may be taken now. Games whose actions carry free text (a typed word)
        list one representative per choice in `legal_actions` and accept the rest here."""
        return action in self.legal_actions(state)

    def apply(self, state, action):
        """Validate `action`, then return (new state, events); `state` is left unchanged."""
        if self.to_move(state) is None:
            raise IllegalAction("the game is over")
        if not self.is_legal(state, action):
            raise IllegalAction(self.why_illegal(state, action))
        new_state = self.clone(state)
        return new_state, self.advance(new_state, action)

    def public_action(self, action, seat: int | None):
        """What `seat` sees of `action` when another seat takes it (`None`: an onlooker). Most
        actions are public; a game with face-down plays returns a stand-in that hides the card.
        The move log, the search tree and saved views go through it."""
        return action

    def redact(self, event, seat: int | None):
        """The event as `seat` may see it (hidden cards removed); most events are public."""
        return event

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

    def normalize_config(self, config: dict) -> dict:
        """The config with defaults filled in; raises ValueError on a bad value."""
        players = config.get("players", self.min_players)
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise ValueError(f"{self.title} takes {self.min_players} to {self.max_players} players, not {players!r}")
        normal = {"players": players}
        for option in self.options:
            value = config.get(option.key, option.default)
            if value not in [v for v, _ in option.choices]:
                raise ValueError(f"{option.label}: {value!r} is not one of {[v for v, _ in option.choices]}")
            normal[option.key] = value
        return normal


def to_json(obj: Any) -> Any:
    """A frozen dataclass (action, event or view) as plain JSON data, tagged with its type."""
    if isinstance(obj, Card) or _is_coded(type(obj)):
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


def from_json(data: Any, types: tuple[type, ...]) -> Any:
    """The action or event that `to_json` wrote; raises ValueError when the data is not one.

    `types` names every class that may appear, nested card types (a game's own cards) included.
    """
    if not isinstance(data, dict) or "type" not in data:
        raise ValueError(f"expected an object with a 'type', got {data!r}")
    by_name = {cls.__name__: cls for cls in types}
    cls = by_name.get(data["type"]) if isinstance(data["type"], str) else None
    if cls is None:
        raise ValueError(f"unknown type {data['type']!r}")
    kwargs = {}
    for field in dataclasses.fields(cls):
        if field.name not in data:
            raise ValueError(f"{cls.__name__} is missing {field.name!r}")
        kwargs[field.name] = _decode_field(field.type, data[field.name], types)
    return cls(**kwargs)


def _is_coded(cls: type) -> bool:
    """A card class that saves write as its short `code` and read back with `from_code`."""
    return callable(getattr(cls, "from_code", None)) and hasattr(cls, "code")


def _coded_type(annotation: str, types: tuple[type, ...]) -> type | None:
    """The coded card class a field's annotation names ("X", "X | None", "tuple[X, ...]")."""
    names = set(re.findall(r"\w+", annotation))
    return next((cls for cls in types if cls.__name__ in names and _is_coded(cls)), None)


def _decode_field(annotation: Any, value: Any, types: tuple[type, ...]) -> Any:
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
    if value is None and "None" in text:
        return None
    coded = _coded_type(text, types)
    if coded is not None:
        if isinstance(value, str):
            return coded.from_code(value)
        if isinstance(value, list) and all(isinstance(item, str) for item in value):
            return tuple(coded.from_code(item) for item in value)
        raise ValueError(f"expected {coded.__name__} codes, got {value!r}")
    if text.startswith("Card"):
        if not isinstance(value, str):
            raise ValueError(f"expected a card code, got {value!r}")
        return card(value)
    if isinstance(value, dict):
        return from_json(value, types)
    if text == "str" and not isinstance(value, str):
        raise ValueError(f"expected text, got {value!r}")
    if text.startswith("int") and not isinstance(value, int):
        raise ValueError(f"expected a number, got {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class Option:
    """A rule choice the setup screen offers: a key in the config, its values and their labels."""

    key: str
    label: str
    choices: tuple[tuple[Any, str], ...]
    default: Any
    help: str = ""

    def label_of(self, value: Any) -> str:
        return dict(self.choices).get(value, str(value))

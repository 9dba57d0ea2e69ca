"""Sovereign's Chain cards as data: the class and event card files, read and checked.

The built-in files (classes.toml, events.toml) hold the set designed for this edition. A player
may load another file; a file that does not parse, names an unknown effect step or event rule,
gives a bad value or a wrong count is refused with a `CardFileError` naming the file, the line
and the problem, and whatever set was in use stays in use.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core import nested_deeper_than
from ..files import FileRefused, read_shipped, read_text, showable
from .event_rules import EVENT_RULES

STAR, PLANET = "star", "planet"
SUITS = (STAR, PLANET)
SUIT_SYMBOLS = {STAR: "\u2733", PLANET: "\u2641"}
MAX_VALUE = 20
MAX_COPIES = 500  # copies of one class a card file may hold: a card's code in a save has room for them
MIN_CLASS_CARDS = 30  # five cards for each of four players, and a draw pile to play from


class CardFileError(ValueError):
    """A card file refused: `file`, `line` (1-based; 0 when the whole file is at fault), `reason`."""

    def __init__(self, file: str, line: int, reason: str) -> None:
        super().__init__(f"{file}, line {line}: {reason}" if line else f"{file}: {reason}")
        self.file = file
        self.line = line
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Step:
    """One effect step of an ability: a name from the step vocabulary and its parameters."""

    name: str
    count: int = 1


EVENT_DRAW = Step("draw_event")  # (E), resolved before the card's ability


@dataclass(frozen=True, slots=True)
class ClassCard:
    """One class card. `copy` (from 0) tells apart the copies of a class; `suit` is "" for none.

    Its hash is worked out once, as the card is made: the engine looks cards up in tables (each
    card's plays and resolution, the view of a placed card) at every step of a search."""

    kind: str
    copy: int
    value: int
    suit: str
    draws_event: bool
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.kind, self.copy, self.value, self.suit, self.draws_event)))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other) -> bool:
        """By value, so a card read back from a message or a save is the same card. The engine
        compares cards at every step of a search: the worked-out hashes tell most apart at once."""
        if self is other:
            return True
        if other.__class__ is not ClassCard:
            return NotImplemented
        return self._hash == other._hash and (self.kind, self.copy, self.value, self.suit, self.draws_event) == \
            (other.kind, other.copy, other.value, other.suit, other.draws_event)

    def __reduce__(self):
        """Copied or sent to another process by its fields (a text's hash differs between
        processes, so the worked-out hash is made again there)."""
        return ClassCard, (self.kind, self.copy, self.value, self.suit, self.draws_event)

    @property
    def short(self) -> str:
        """Class and copy, "Runner-1": a name that tells the cards of one card set apart."""
        return f"{self.kind}-{self.copy + 1}"

    @property
    def code(self) -> str:
        """The card whole, as saves write it: class, copy, value, suit and (E), so that a card of
        a loaded card file reads back without the file. The class name comes first and is read
        as everything before the last four fields, so it may hold any text (':' included)."""
        return f"{self.kind}:{self.copy}:{self.value}:{self.suit}:{int(self.draws_event)}"

    @classmethod
    def from_code(cls, code: str) -> "ClassCard":
        parts = code.rsplit(":", 4) if isinstance(code, str) else []
        if len(parts) != 5:
            raise ValueError(f"{_quoted(code)} is not a class card")
        kind, copy, value, suit, draws_event = parts
        if not kind or not all(p.isascii() and p.isdigit() and len(p) <= digits
                               for p, digits in ((copy, COPY_DIGITS), (value, VALUE_DIGITS))) \
                or suit not in ("star", "planet", "") or draws_event not in ("0", "1"):
            raise ValueError(f"{_quoted(code)} is not a class card")
        return cls(kind, int(copy), int(value), suit, draws_event == "1")

    @property
    def label(self) -> str:
        symbol = SUIT_SYMBOLS.get(self.suit, "")
        event = " (E)" if self.draws_event else ""
        return f"{self.kind} {self.value}{symbol}{event}"

    def __str__(self) -> str:
        return self.label


COPY_DIGITS, VALUE_DIGITS = len(str(MAX_COPIES - 1)), len(str(MAX_VALUE))  # in a card's code


@dataclass(frozen=True, slots=True)
class ClassInfo:
    name: str
    text: str
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class EventCard:
    name: str
    rule: str
    text: str

    @property
    def label(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class CardSet:
    """The class cards (each copy its own object), what each class does, and the event cards.

    `tucking` names the classes that hold a card beneath them; `resolutions` is where the engine
    keeps, per card, the work its resolution queues (worked out at a card's first resolution:
    the engine's inner loop then looks nothing up by name), and `actions` the actions naming a
    card (`card_actions`). Both are kept by the card's identity: the tasks and actions name that
    very card (abilities find their card in play by identity), a look-up by identity is quicker
    than by the card's hash, and they go with the card set."""

    cards: tuple[ClassCard, ...]
    classes: dict
    events: tuple[EventCard, ...]
    tucking: frozenset = field(init=False, repr=False, compare=False)
    resolutions: dict = field(init=False, repr=False, compare=False, default_factory=dict)
    actions: dict = field(init=False, repr=False, compare=False, default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "tucking", frozenset(
            name for name, info in self.classes.items() if any(s.name == "tuck_from_hand" for s in info.steps)))

    def steps_of(self, card: ClassCard) -> tuple[Step, ...]:
        """The steps a card resolves, in order: (E) first when it has one, then its ability."""
        steps = self.classes[card.kind].steps
        return (EVENT_DRAW,) + steps if card.draws_event else steps

    def what_it_does(self, card: ClassCard) -> str:
        """What a card does when it resolves, in this card set's words: its class's ability, and
        the new event its (E) draws first. A class whose ability is no more than that draw (the
        Magistrate's) says so once: its words and (E) name the same one event."""
        info = self.classes.get(card.kind)
        ability = info.text if info is not None else ""
        if not card.draws_event:
            return f"{card.kind}: {ability}"
        if info is not None and not info.steps:
            return f"{card.kind} (E): {ability}"
        return f"{card.kind}: {ability} (E): first draw a new event."


def _quoted(value: Any) -> str:
    """A value named in a message, cut short (a damaged save may hold a huge one)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


# ---------------------------------------------------------------- reading files

FILE_BYTES = 800_000  # the largest card file read: 200,000 characters of up to four bytes
MAX_DEPTH = 6         # tables and lists nest no deeper in a card file (the built-in ones nest 4)
NAME_LIMIT = 40       # characters in a class's or an event's name
TEXT_LIMIT = 600      # characters in what a card says it does (the longest built-in text is 140)


def _parse(text: str, file: str) -> dict:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        line = getattr(error, "lineno", None) or _line_from_message(str(error))
        raise CardFileError(file, line, f"not valid TOML ({error})") from None
    except RecursionError:
        raise CardFileError(file, 0, f"it nests tables or lists deeper than {MAX_DEPTH} levels") from None
    except ValueError:  # a number of more digits than Python reads (4,300)
        raise CardFileError(file, 0, "it holds a number too long to read") from None
    if nested_deeper_than(data, MAX_DEPTH):
        raise CardFileError(file, 0, f"it nests tables or lists deeper than {MAX_DEPTH} levels")
    return data


def _line_from_message(message: str) -> int:
    """tomllib says '(at line 3, column 7)'; older versions give no attribute."""
    marker = "line "
    at = message.rfind(marker)
    digits = ""
    for ch in message[at + len(marker):] if at >= 0 else "":
        if not ch.isdigit():
            break
        digits += ch
    return int(digits) if digits else 0


def _header_lines(text: str, header: str) -> list[int]:
    """The line number of each `[[header]]` table in the text, in order."""
    return [n for n, line in enumerate(text.splitlines(), 1) if line.strip().replace(" ", "") == f"[[{header}]]"]


def _key_line(text: str, start: int, key: str) -> int:
    """The line of `key = ...` inside the table that starts at line `start` (else `start`)."""
    lines = text.splitlines()
    for n in range(start, len(lines)):
        stripped = lines[n].strip()
        if stripped.startswith("[") and n + 1 != start:
            break
        if stripped.split("=")[0].strip() == key:
            return n + 1
    return start


class _Checker:
    """Raises CardFileError at the line of the table entry (or key) at fault."""

    def __init__(self, text: str, file: str, header: str) -> None:
        self.text, self.file, self.header = text, file, header
        self.lines = _header_lines(text, header)

    def fail(self, index: int, key: str | None, reason: str):
        start = self.lines[index] if index < len(self.lines) else 0
        line = _key_line(self.text, start, key) if key and start else start
        raise CardFileError(self.file, line, reason)


def _text_field(entry: dict, key: str, check: _Checker, index: int) -> str:
    """A name (one line of at most NAME_LIMIT characters) or a card's text (at most TEXT_LIMIT,
    several lines allowed); either without control characters, which no card can show."""
    value = entry.get(key)
    if not isinstance(value, str) or not value.strip():
        check.fail(index, key, f"'{key}' must be a non-empty text")
    value = value.strip()
    limit = NAME_LIMIT if key == "name" else TEXT_LIMIT
    if len(value) > limit:
        check.fail(index, key, f"'{key}' is longer than {limit} characters")
    one_line = value if key == "name" else value.replace("\n", " ").replace("\t", " ")
    if showable(one_line) != one_line:
        breaks = "a line break or " if key == "name" else ""
        check.fail(index, key, f"'{key}' holds a control character ({breaks}a character no card can show)")
    return value


def _tables(data: dict, header: str, file: str) -> list:
    unknown = sorted(set(data) - {header})
    if unknown:
        raise CardFileError(file, 0, f"unknown section {unknown[0]!r} (expected only [[{header}]] tables)")
    tables = data.get(header)
    if not isinstance(tables, list) or not tables or not all(isinstance(t, dict) for t in tables):
        raise CardFileError(file, 0, f"no [[{header}]] tables")
    return tables


# The steps a card file may name, and each one's parameters with their ranges (game/sovereign/
# effects.py runs them).
STEP_PARAMS: dict[str, dict[str, tuple[int, int]]] = {
    "discard_target": {}, "change_suit": {}, "choose_suit": {}, "flip": {}, "tuck_from_hand": {}, "cover": {},
    "gain_modifiers": {"count": (1, 21)}, "gain_shield": {"count": (1, 13)}, "draw_event": {}, "extra_play": {},
}


def _step(raw: Any, check: _Checker, index: int) -> Step:
    if isinstance(raw, str):
        name, params = raw, {}
    elif isinstance(raw, dict) and isinstance(raw.get("step"), str):
        name, params = raw["step"], {k: v for k, v in raw.items() if k != "step"}
    else:
        check.fail(index, "steps", f"a step must be a name or {{ step = \"name\", ... }}, not {raw!r}")
    if name not in STEP_PARAMS:
        check.fail(index, "steps", f"unknown step {name!r} (known: {', '.join(sorted(STEP_PARAMS))})")
    allowed = STEP_PARAMS[name]
    for key, value in params.items():
        if key not in allowed:
            check.fail(index, "steps", f"step {name!r} takes no {key!r}")
        low, high = allowed[key]
        if type(value) is not int or not low <= value <= high:
            check.fail(index, "steps",
                       f"step {name!r}: {key} must be a whole number from {low} to {high}, not {value!r}")
    return Step(name, **params)


def _class_table(entry: dict, check: _Checker, index: int) -> tuple[ClassInfo, list[ClassCard]]:
    name = _text_field(entry, "name", check, index)
    text = _text_field(entry, "text", check, index)
    unknown = sorted(set(entry) - {"name", "text", "values", "suits", "event", "steps"})
    if unknown:
        check.fail(index, unknown[0], f"{name}: unknown key {unknown[0]!r}")
    values = entry.get("values")
    if not isinstance(values, list) or not values:
        check.fail(index, "values", f"{name}: 'values' must be a list of card values")
    if len(values) > MAX_COPIES:
        check.fail(index, "values", f"{name}: {len(values)} copies of one class is too many (at most {MAX_COPIES})")
    for value in values:
        if type(value) is not int or not 0 <= value <= MAX_VALUE:
            check.fail(index, "values", f"{name}: bad value {value!r} (a whole number from 0 to {MAX_VALUE})")
    suits = entry.get("suits")
    if not isinstance(suits, list) or len(suits) != len(values):
        check.fail(index, "suits", f"{name}: 'suits' must list one suit per value ({len(values)})")
    for suit in suits:
        if suit not in (STAR, PLANET, "none"):
            check.fail(index, "suits", f"{name}: bad suit {suit!r} (star, planet or none)")
    event = entry.get("event", [])
    if not isinstance(event, list) or any(type(n) is not int or not 1 <= n <= len(values) for n in event):
        check.fail(index, "event", f"{name}: 'event' must list copy numbers from 1 to {len(values)}")
    steps = entry.get("steps")
    if not isinstance(steps, list):
        check.fail(index, "steps", f"{name}: 'steps' must be a list of effect steps")
    info = ClassInfo(name, text, tuple(_step(raw, check, index) for raw in steps))
    endless = _endless(info)
    if endless:
        check.fail(index, "steps", f"{name}: {endless}")
    cards = [ClassCard(name, copy, value, "" if suit == "none" else suit, copy + 1 in event)
             for copy, (value, suit) in enumerate(zip(values, suits))]
    return info, cards


def read_classes(text: str, file: str = "classes.toml") -> tuple[dict, tuple[ClassCard, ...]]:
    """The classes and class cards of a class card file; raises CardFileError."""
    data = _parse(text, file)
    check = _Checker(text, file, "class")
    classes, cards = {}, []
    for index, entry in enumerate(_tables(data, "class", file)):
        info, copies = _class_table(entry, check, index)
        if info.name in classes:
            check.fail(index, "name", f"class {info.name!r} is listed twice")
        classes[info.name] = info
        cards += copies
    if len(cards) < MIN_CLASS_CARDS:
        raise CardFileError(file, 0, f"{len(cards)} class cards is too few: a game needs at least {MIN_CLASS_CARDS}")
    if all(chain_change(info) <= 0 for info in classes.values()):
        raise CardFileError(file, 0, "every class discards a card for each it plays: no chain need ever grow to 7, "
                                     "so a game could never end (one class at least must add to the chains)")
    return classes, tuple(cards)


def _endless(info: ClassInfo) -> str | None:
    """Why a class could keep a game from ever ending, or None. A play of it must not take more
    cards from the chains than it adds (`chain_change`), nor may its flip turn up another card of
    its kind, which would discard again and flip again; and a reveal of it must not turn down more
    cards than it turns up: the Reveal Phase, in which nobody draws, ends only as the face-down
    cards run out (extra plays and tucks there take cards from a hand, which runs out too)."""
    flips = sum(step.name == "flip" for step in info.steps)
    if chain_change(info) < 0:
        return "its steps discard more cards than it plays, so chains could shrink for ever and a game never end"
    if flips and chain_change(info) < 1:
        return ("it both discards and flips: its flip may turn up another card of its kind, which discards again, "
                "so chains could shrink for ever and a game never end")
    if flips > 1:
        return ("its steps may turn more than one card face down, so the Reveal Phase could go on for ever "
                "(a class may flip one card)")
    return None


def chain_change(info: ClassInfo) -> int:
    """How many cards a play of the class adds to the chains at the least: itself, less the cards
    its steps must discard (an extra play and a cover may be skipped; a tucked card takes no
    place). A set of classes that add nothing would never end; one that takes away could keep
    every chain short for ever."""
    return 1 - sum(step.name == "discard_target" for step in info.steps)


def read_events(text: str, file: str = "events.toml") -> tuple[EventCard, ...]:
    """The event cards of an event card file; raises CardFileError."""
    data = _parse(text, file)
    check = _Checker(text, file, "event")
    events = []
    for index, entry in enumerate(_tables(data, "event", file)):
        name = _text_field(entry, "name", check, index)
        text_ = _text_field(entry, "text", check, index)
        unknown = sorted(set(entry) - {"name", "text", "rule"})
        if unknown:
            check.fail(index, unknown[0], f"{name}: unknown key {unknown[0]!r}")
        rule = entry.get("rule")
        if rule not in EVENT_RULES:
            check.fail(index, "rule", f"{name}: unknown event rule {rule!r} (known: {', '.join(sorted(EVENT_RULES))})")
        if any(e.name == name for e in events):
            check.fail(index, "name", f"event {name!r} is listed twice")
        events.append(EventCard(name, rule, text_))
    return tuple(events)


def card_set(classes_text: str, events_text: str, classes_file: str = "classes.toml",
             events_file: str = "events.toml") -> CardSet:
    classes, cards = read_classes(classes_text, classes_file)
    return CardSet(cards, classes, read_events(events_text, events_file))


def load_card_files(classes_path=None, events_path=None) -> CardSet:
    """A card set from files on disk; either may be None for the built-in one. Raises
    CardFileError (the caller keeps the set it had)."""
    texts = []
    for path, name in ((classes_path, "classes.toml"), (events_path, "events.toml")):
        texts.append((builtin_text(name), name) if path is None else (read_card_file(Path(path)), str(path)))
    (classes_text, classes_file), (events_text, events_file) = texts
    return card_set(classes_text, events_text, classes_file, events_file)


def read_card_file(path: Path) -> str:
    """The text of a card file on disk: a regular file of at most FILE_BYTES bytes of UTF-8 (a
    pipe or a device is refused without waiting on it); raises CardFileError saying why not."""
    try:
        return read_text(path, FILE_BYTES)
    except OSError as error:
        raise CardFileError(path.name, 0, f"cannot be read ({error.strerror or error})") from None
    except FileRefused as error:
        raise CardFileError(path.name, 0, f"cannot be used: {error}") from None


def builtin_text(name: str) -> str:
    """The text of a card file shipped with the game."""
    return read_shipped(__package__, name, FILE_BYTES)


BUILT_IN = load_card_files()

"""Learn to play: a short scripted game at the real table, one step at a time.

A lesson is data, one JSON file per game in the game's folder (named by its descriptor's
`lesson`):

    {"format": 1, "game": "chains", "title": "...",
     "parts": [{"title": "...", "config": {table config}, "seed": 12, "teaches": ["rule", ...],
                "prelude": [saved actions played before the part starts, usually none],
                "steps": [{"text": "...", "action": {saved action}},
                          {"text": "...", "action": {saved action}, "computer": true}, ...]}]}

A part is one deal: its table config and seed set up a `Session` exactly as a save does, and its
actions are written as saves write them. The learner is the first seat; a step marked
`computer` is another seat's move, which the lesson plays itself. A lesson is checked when it is
loaded by playing every part through the rules, so a rule change that breaks one is refused with
the file, the part and the step, never shown half-working.

`Lesson` runs one: it accepts only the current step's move, refuses any other with the rule's own
reason (an illegal move) or with what the step asks (a legal but different move), plays the
computer's steps, and can skip a step or the whole lesson.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .core import IllegalAction, from_json, is_card_type, to_json
from .files import FileRefused, read_json
from .registry import GAMES, find_game
from .session import Session

LESSON_FORMAT = 1
LESSON_DEPTH = 10  # lists and objects nest no deeper in a lesson (the shipped ones nest 7)
LESSON_BYTES = 1_000_000  # the largest lesson read (the shipped ones are under 10 kB)
LEARNER = 0  # the learner's seat in every lesson
HOME = Path(__file__).parent.parent  # the folder that holds game/: lesson files are named from it


class LessonError(ValueError):
    """A lesson file that cannot be used; the message names the file, and the part and step."""


@dataclass(frozen=True, slots=True)
class Light:
    """What the table lights for a step: the cards the move names (a hand card, a chain's
    cards) and where it goes, as the move's other fields (("chain", 1)), ("x", 2), ("y", 0)),
    ("source", "stock")); no fields at all for a move with no target, such as a draw or a pass.
    `move` is the move's kind (the action's class name), for a table that lights a button."""

    move: str
    cards: tuple
    target: tuple[tuple[str, Any], ...]


@dataclass(frozen=True, slots=True)
class Step:
    text: str
    action: Any
    computer: bool = False

    @property
    def light(self) -> Light:
        return light_of(self.action)


@dataclass(frozen=True, slots=True)
class Part:
    """One deal of a lesson. `teaches` names the rules the part shows in play, each a name its
    game's lesson test checks against what the part's moves do."""

    title: str
    config: dict
    seed: int
    prelude: tuple
    steps: tuple[Step, ...]
    teaches: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class LessonPlan:
    """A lesson as its file gives it, checked: every step plays."""

    game: str
    title: str
    parts: tuple[Part, ...]

    @property
    def step_count(self) -> int:
        return sum(len(part.steps) for part in self.parts)


@dataclass(frozen=True, slots=True)
class Attempt:
    """The answer to a move the learner tried: accepted (with the events it caused), or refused
    with the reason to show."""

    accepted: bool
    reason: str = ""
    events: tuple = ()


def light_of(action) -> Light:
    """The cards an action names (card fields, and runs of cards) and its other fields."""
    cards, target = [], []
    for field in dataclasses.fields(action):
        value = getattr(action, field.name)
        if is_card_type(type(value)):
            cards.append(value)
        elif isinstance(value, tuple) and value and all(is_card_type(type(item)) for item in value):
            cards.extend(value)
        elif value is not None:
            target.append((field.name, value))
    return Light(type(action).__name__, tuple(cards), tuple(target))


# ---------------------------------------------------------------- reading a lesson file


def lesson_path(game: str) -> Path | None:
    """The lesson file of the game saved or configured as `game`, or None when it has none."""
    descriptor = find_game(game)
    return HOME / descriptor.lesson if descriptor.lesson else None


def games_with_lessons() -> tuple[str, ...]:
    """The games that have a lesson, in menu order."""
    return tuple(descriptor.name for descriptor in GAMES if descriptor.lesson)


def load_lesson(game: str) -> LessonPlan:
    """The lesson of `game`, read and checked; raises LessonError naming what is wrong."""
    path = lesson_path(game)
    if path is None:
        raise LessonError(f"{find_game(game).title} has no lesson")
    return read_lesson(path, game)


def read_lesson(path: Path, game: str | None = None) -> LessonPlan:
    """The lesson in the file at `path` (for `game`, when given), read and played through."""
    name = path.name
    try:
        data = read_json(path, LESSON_DEPTH, LESSON_BYTES)
    except OSError as err:
        raise LessonError(f"{name}: cannot be read ({err.strerror or err})") from None
    except FileRefused as err:
        raise LessonError(f"{name}: cannot be used: {err}") from None
    return parse_lesson(data, name, game)


def parse_lesson(data, name: str, game: str | None = None) -> LessonPlan:
    """The lesson `data` (as read from the file called `name`), checked by playing it."""
    if not isinstance(data, dict):
        raise LessonError(f"{name}: a lesson is a JSON object")
    if type(data.get("format")) is not int or data["format"] != LESSON_FORMAT:
        raise LessonError(f"{name}: format {data.get('format')!r} is not one this version reads ({LESSON_FORMAT})")
    lesson_game = data.get("game")
    if game is not None and lesson_game != game:
        raise LessonError(f"{name}: the lesson is for {lesson_game!r}, not {game!r}")
    try:
        find_game(lesson_game)
    except (KeyError, TypeError):
        raise LessonError(f"{name}: unknown game {lesson_game!r}") from None
    title, parts = data.get("title"), data.get("parts")
    if not isinstance(title, str) or not title:
        raise LessonError(f"{name}: the lesson needs a title")
    if not isinstance(parts, list) or not parts:
        raise LessonError(f"{name}: the lesson needs a list of parts")
    return LessonPlan(lesson_game, title, tuple(
        _checked_part(lesson_game, part, f"{name}, part {number}") for number, part in enumerate(parts, 1)))


def _checked_part(game: str, data, where: str) -> Part:
    if not isinstance(data, dict):
        raise LessonError(f"{where}: a part is an object")
    title, config, seed = data.get("title"), data.get("config"), data.get("seed")
    prelude, steps = data.get("prelude", []), data.get("steps")
    if not isinstance(title, str) or not title:
        raise LessonError(f"{where}: the part needs a title")
    if type(seed) is not int or seed < 0:
        raise LessonError(f"{where}: the seed must be a whole number, not {seed!r}")
    if not isinstance(prelude, list) or not isinstance(steps, list) or not steps:
        raise LessonError(f"{where}: the prelude must be a list and the steps a list of at least one")
    teaches = data.get("teaches", [])
    if not isinstance(teaches, list) or not all(isinstance(name, str) and name for name in teaches):
        raise LessonError(f"{where}: what the part teaches must be a list of rule names")
    try:
        session = Session(game, config, seed)
    except (KeyError, ValueError, TypeError) as err:
        raise LessonError(f"{where}: the config cannot be played: {err}") from None
    if session.seats[LEARNER].kind != "human":
        raise LessonError(f"{where}: the first seat is the learner's and must be human")
    played_prelude = tuple(_play_prelude(session, prelude, where))
    checked = tuple(_checked_step(session, step, f"{where}, step {number}") for number, step in enumerate(steps, 1))
    return Part(title, session.config, seed, played_prelude, checked, tuple(teaches))


def _play_prelude(session: Session, prelude: list, where: str):
    for number, item in enumerate(prelude, 1):
        action = _decoded(session, item, f"{where}, prelude move {number}")
        _played(session, action, f"{where}, prelude move {number}")
        yield action


def _checked_step(session: Session, data, where: str) -> Step:
    if not isinstance(data, dict):
        raise LessonError(f"{where}: a step is an object")
    text, computer = data.get("text"), data.get("computer", False)
    if not isinstance(text, str) or not text.strip():
        raise LessonError(f"{where}: the step needs a text")
    if type(computer) is not bool:
        raise LessonError(f"{where}: 'computer' must be true or false")
    action = _decoded(session, data.get("action"), where)
    mover = session.to_move
    if mover is not None and computer != (mover != LEARNER):
        whose = "the learner's" if mover == LEARNER else f"seat {mover + 1}'s"
        marked = "computer" if computer else "learner"
        raise LessonError(f"{where}: it is {whose} move, but the step is marked {marked}")
    _played(session, action, where)
    return Step(text.strip(), action, computer)


def _decoded(session: Session, item, where: str):
    try:
        return from_json(item, session.rules.saved_types)
    except ValueError as err:
        raise LessonError(f"{where}: the action cannot be read: {err}") from None


def _played(session: Session, action, where: str) -> None:
    try:
        session.apply(action)
    except IllegalAction as err:
        raise LessonError(f"{where}: the move {to_json(action)} is not legal there: {err}") from None


# ---------------------------------------------------------------- running a lesson


class Lesson:
    """One lesson being played: the session of the current part, and where in its steps it is.

    The table shows `session` (the learner is seat 0); `step` is the step to play (None between
    parts and at the end). A learner's step waits for `try_action`; a computer's step is played
    by `play_computer_step`, so the table can show each with its text at its own pace. When a
    part's steps are done, `part_over` is true until `next_part` deals the next one.

    Moves return their events as `Session.apply` does, whole: the table redacts them for the
    learner's seat as at any game. `events_seen` keeps every event of the lesson so far."""

    def __init__(self, plan: LessonPlan) -> None:
        self.plan = plan
        self.part_number = -1
        self.step_number = 0
        self.session: Session | None = None
        self.skipped = False
        self.events_seen: list = []

    @property
    def part(self) -> Part:
        return self.plan.parts[self.part_number]

    def start(self) -> None:
        """Deal the first part (and play its prelude)."""
        self.part_number = -1
        self.skipped = False
        self.events_seen = []
        self.next_part()

    def next_part(self) -> None:
        """Deal the next part, once the one before is over."""
        if self.session is not None and self.part_number >= 0 and not self.part_over:
            raise IllegalAction("this part of the lesson is not over yet")
        if self.part_number + 1 >= len(self.plan.parts):
            raise IllegalAction("the lesson has no more parts")
        self.part_number += 1
        self.step_number = 0
        self.session = Session(self.plan.game, self.part.config, self.part.seed)
        for action in self.part.prelude:
            self.session.apply(action)

    @property
    def step(self) -> Step | None:
        if self.session is None or self.skipped or self.part_over:
            return None
        return self.part.steps[self.step_number]

    @property
    def light(self) -> Light | None:
        """What the table lights now: the learner's step's cards and target. None on a computer's
        step (its move may name a card the learner may not see) and when no step waits."""
        step = self.step
        return None if step is None or step.computer else step.light

    @property
    def part_over(self) -> bool:
        return self.step_number >= len(self.part.steps)

    @property
    def finished(self) -> bool:
        """Every step of every part played (skipped steps included): the lesson is done."""
        return not self.skipped and self.part_number == len(self.plan.parts) - 1 and self.part_over

    @property
    def steps_done(self) -> int:
        """How many steps of the whole lesson are behind (for a progress line)."""
        return sum(len(part.steps) for part in self.plan.parts[:self.part_number]) + self.step_number

    def try_action(self, action) -> Attempt:
        """The learner's move: played when it is the step's move, else refused with the reason."""
        step = self.step
        if step is None:
            return Attempt(False, "the lesson has no move to play now")
        if step.computer:
            return Attempt(False, "wait: it is not your move now")
        if action != step.action:
            return Attempt(False, self._refusal(action, step))
        return Attempt(True, events=self._play(step))

    def _refusal(self, action, step: Step) -> str:
        rules, state = self.session.rules, self.session.state
        if not rules.is_legal(state, action):
            return rules.malformed(action) or rules.why_illegal(state, action)
        return f"That move is allowed, but this lesson asks for another one. {step.text}"

    def play_computer_step(self) -> tuple:
        """Play the current step when it is the computer's; returns its events."""
        step = self.step
        if step is None or not step.computer:
            raise IllegalAction("the current step is not the computer's")
        return self._play(step)

    def skip_step(self) -> tuple:
        """Play the current step (the learner's or the computer's) without waiting for the learner."""
        step = self.step
        if step is None:
            raise IllegalAction("there is no step to skip")
        return self._play(step)

    def skip(self) -> None:
        """Leave the lesson now: it is not finished."""
        self.skipped = True

    def _play(self, step: Step) -> tuple:
        events = tuple(self.session.apply(step.action))
        self.events_seen.extend(events)
        self.step_number += 1
        return events


# ---------------------------------------------------------------- which lessons were finished


FINISHED_LESSONS = "finished_lessons"  # the settings' key: game name -> true


def lesson_finished(settings: dict, game: str) -> bool:
    return bool(settings.get(FINISHED_LESSONS, {}).get(game))


def mark_lesson_finished(settings: dict, game: str) -> None:
    """Remember in `settings` that the lesson of `game` was played to its end (save them after)."""
    settings[FINISHED_LESSONS] = {**settings.get(FINISHED_LESSONS, {}), game: True}

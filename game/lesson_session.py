"""A lesson as its table reads it: the `TableSession` of a lesson (game/lesson.py) being played.

What the table shows is the current part's own session (its stream, its seats, where its game
stands); its moves go through the lesson, which plays only the step's move and refuses any other
with its reason; the scripted seats' moves are the lesson's steps. A lesson is never taken back,
dealt again, handed over, given up or saved: each is refused with the reason, and Skip step moves
on instead. Each part is a game of its own (the move log starts afresh)."""

from __future__ import annotations

from .core import IllegalAction
from .lesson import Lesson
from .stream import Stream
from .table_session import SolverJob, TableSession

NO_TAKING_BACK = "A lesson's moves are not taken back: Skip step moves on."


class LessonSession(TableSession):
    reviewable = False  # a lesson is not a game of the player's record
    network = None
    can_undo = False
    can_redo = False

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson

    # -- the current part, as its own session tells it

    @property
    def _part(self):
        return self.lesson.session

    @property
    def game(self) -> str:
        return self._part.game

    @property
    def descriptor(self):
        return self._part.descriptor

    @property
    def rules(self):
        return self._part.rules

    @property
    def config(self) -> dict:
        return self._part.config

    @property
    def seed(self) -> int:
        return self._part.seed

    @property
    def seats(self) -> tuple:
        return self._part.seats

    @property
    def wins(self) -> list:
        return self._part.wins

    @property
    def game_number(self) -> int:
        """Each part is a game of its own (the move log starts afresh)."""
        return self.lesson.part_number

    @property
    def revision(self) -> int:
        return self._part.revision

    @property
    def names(self) -> list[str]:
        return self._part.names

    @property
    def human_seats(self) -> list[int]:
        return self._part.human_seats

    @property
    def computers(self):
        return self._part.computers

    @property
    def to_move(self) -> int | None:
        return self._part.to_move

    @property
    def game_over(self) -> bool:
        return self._part.game_over

    @property
    def session_over(self) -> bool:
        return self._part.session_over

    @property
    def game_assisted(self) -> bool:
        return self._part.game_assisted

    def stream(self, viewer: int | None) -> Stream:
        return self._part.stream(viewer)

    def outcome(self):
        return self._part.outcome()

    def turns_taken(self, seat: int) -> int:
        return self._part.turns_taken(seat)

    def next_game_config(self) -> dict:
        return self._part.next_game_config()

    # -- moves: the lesson's steps

    def is_legal(self, action) -> bool:
        return self._part.is_legal(action)

    def why_illegal(self, action) -> str:
        return self._part.why_illegal(action)

    def apply(self, action) -> list:
        """The step's move, for whichever seat it is; any other is refused with the lesson's reason."""
        step = self.lesson.step
        if step is not None and step.computer:
            if action != step.action:
                raise IllegalAction("wait: it is not your move now")
            return list(self.lesson.play_computer_step())
        attempt = self.lesson.try_action(action)
        if not attempt.accepted:
            raise IllegalAction(attempt.reason)
        return list(attempt.events)

    def computer_action(self):
        step = self.lesson.step
        if step is None or not step.computer:
            raise IllegalAction("it is not a computer's turn")
        return step.action

    def note_hint(self) -> None:
        self._part.note_hint()

    def winnable_job(self, memory) -> SolverJob:
        return self._part.winnable_job(memory)

    def hint_job(self, memory) -> SolverJob:
        return self._part.hint_job(memory)

    # -- what a lesson never does

    def why_no_undo(self) -> str:
        return NO_TAKING_BACK

    def undo(self) -> None:
        raise IllegalAction(NO_TAKING_BACK)

    def redo(self) -> None:
        raise IllegalAction(NO_TAKING_BACK)

    def restart(self) -> None:
        raise IllegalAction("a lesson is not dealt again: Leave lesson, then open it from the menu")

    def hand_over(self, seat: int, kind: str) -> None:
        raise IllegalAction("a lesson's seats are not handed over")

    def give_up(self) -> list:
        raise IllegalAction("a lesson is not given up: Leave lesson ends it")

    def next_game(self) -> None:
        raise IllegalAction("a lesson deals its next part with Next part")

"""Where the scenes get a table session: each made here and handed out as the protocol a table
reads (game/table_session.py), never as its class, so a scene holds nothing more of it. Also the
refusals and limits a screen names when it opens or names a game."""

from __future__ import annotations

from .lesson import Lesson
from .lesson_session import LessonSession
from .net.remote import RemoteSession
from .session import MAX_SAVE_DEPTH, NAME_LIMIT, EarlierEdition, SaveError, Session
from .table_session import JoinedSession, TableSession

__all__ = ["MAX_SAVE_DEPTH", "NAME_LIMIT", "EarlierEdition", "SaveError", "JoinedSession", "TableSession",
           "new_session", "session_from_save", "joined_session", "lesson_session", "saved_result_words"]


def new_session(game: str, config: dict, seed: int) -> TableSession:
    """A new sitting of `game` (ValueError naming a bad field of `config`)."""
    return Session(game, config, seed)


def session_from_save(data) -> TableSession:
    """A saved game, replayed through the rules (SaveError with the reason; EarlierEdition for a
    game of an earlier edition of its rules)."""
    return Session.from_save(data)


def joined_session(snapshot: dict) -> JoinedSession:
    """The seat a host's snapshot gives this app at its table."""
    return RemoteSession(snapshot)


def lesson_session(lesson: Lesson) -> TableSession:
    """A lesson (already started) as its table plays it."""
    return LessonSession(lesson)


def saved_result_words(data) -> str:
    """How the last game of a save ended ("Ana won", "in progress"), replayed from its moves
    (SaveError, EarlierEdition as `session_from_save`)."""
    return Session.from_save(data).result_words()

"""Every table session implements the written interface a table reads (game/table_session.py):
a local session, a joined seat and a lesson each define every member themselves, and what a kind
of session cannot do is refused with the reason."""

from __future__ import annotations

import threading

import pytest

from game.core import IllegalAction
from game.lesson import Lesson, load_lesson
from game.lesson_session import LessonSession
from game.net.hosting import HostedTable
from game.net.remote import RemoteSession
from game.session import Session
from game.sovereign.solitaire import HintMemory
from game.table_session import JoinedSession, TableSession, members

SEATS = {"seats": [{"name": "Ana"}, {"name": "Ben", "kind": "computer"}]}


def joined_seat() -> RemoteSession:
    table = HostedTable(Session("chains", SEATS, 3), "ROOM")
    return RemoteSession(table.snapshot(0))


def started_lesson(game: str = "chains") -> LessonSession:
    lesson = Lesson(load_lesson(game))
    lesson.start()
    return LessonSession(lesson)


def defined_by(cls: type, instance, name: str) -> bool:
    """Whether `cls` (or a class of its own below the protocols) defines `name`, or the instance holds it."""
    own = [klass for klass in cls.__mro__ if klass not in (TableSession, JoinedSession) and klass.__module__ != "typing"
           and klass is not object]
    return any(name in vars(klass) for klass in own) or name in vars(instance)


@pytest.mark.parametrize("make, protocol", [(lambda: Session("chains", SEATS, 3), TableSession),
                                            (joined_seat, JoinedSession), (started_lesson, TableSession)],
                         ids=["local", "joined", "lesson"])
def test_each_table_session_defines_every_member_of_its_protocol(make, protocol):
    session = make()
    assert isinstance(session, protocol)
    missing = sorted(name for name in members(protocol) if not defined_by(type(session), session, name))
    assert missing == []


def test_the_member_check_finds_a_member_left_to_the_protocol():
    class Stub(TableSession):
        def hint_job(self, memory):
            raise IllegalAction("none")

    stub = Stub()
    assert defined_by(Stub, stub, "hint_job") and not defined_by(Stub, stub, "winnable_job")


def test_the_protocols_declare_what_tables_call_and_nothing_of_a_sessions_insides():
    declared = members(JoinedSession)
    assert {"stream", "apply", "undo", "why_no_undo", "hint_job", "winnable_job", "outbox", "take"} <= declared
    assert not declared & {"state", "log", "moves", "history", "view", "legal_actions", "detached", "rewind",
                           "to_save", "replay_item", "lesson"}
    assert "outbox" not in members(TableSession)


@pytest.mark.parametrize("refused", ["redo", "restart", "computer_action", "give_up", "next_game"])
def test_a_joined_seat_refuses_what_only_the_host_does(refused):
    with pytest.raises(IllegalAction):
        getattr(joined_seat(), refused)()


@pytest.mark.parametrize("refused", ["undo", "redo", "restart", "give_up", "next_game"])
def test_a_lesson_refuses_what_a_lesson_never_does(refused):
    session = started_lesson()
    before = list(session.lesson.session.log)
    with pytest.raises(IllegalAction):
        getattr(session, refused)()
    assert session.lesson.session.log == before


def test_a_lesson_moves_only_by_its_steps_and_reads_its_current_part():
    session = started_lesson()
    lesson = session.lesson
    assert session.stream(0) is lesson.session.stream(0) and session.names == lesson.session.names
    step = lesson.step
    legal = session.stream(0).legal_actions()
    other = next((action for action in legal if action != step.action), None)
    if other is not None:
        with pytest.raises(IllegalAction):
            session.apply(other)
    assert lesson.steps_done == 0
    session.apply(step.action)
    assert lesson.steps_done == 1 and session.game_number == lesson.part_number


def test_the_solitaire_services_answer_from_a_copy_of_the_position():
    session = Session("sovereign-solitaire", {"seats": [{"name": "Ana"}]}, 21)
    memory = HintMemory(session.seed)
    job = session.hint_job(memory)
    before = session.revision
    hint = job(threading.Event())
    assert hint in session.legal_actions() and session.revision == before
    verdict = session.winnable_job(memory)(threading.Event())
    assert verdict in (True, False, None)


def test_a_game_without_a_solver_refuses_its_services():
    session = Session("chains", SEATS, 3)
    for service in (session.hint_job, session.winnable_job):
        with pytest.raises(IllegalAction, match="no solver"):
            service(HintMemory())


def test_a_joined_seat_works_out_the_next_games_config_as_the_host_does():
    """At the end of a LINX match game (three players), the next game's config (the match scores
    carried on) worked out from a joined seat's view is the host's own."""
    from game.rng import Rng

    seats = [{"name": name, "kind": "computer"} for name in "ABC"]
    for seed in range(3):
        session = Session("linx", {"seats": seats, "rules": {"match": True}}, seed)
        rng = Rng(seed)
        while not session.game_over:
            legal = session.legal_actions()
            session.apply(legal[rng.below(len(legal))])
        for seat in range(3):
            joined = RemoteSession(HostedTable(session, "ROOM").snapshot(seat))
            assert joined.next_game_config() == session.next_game_config()

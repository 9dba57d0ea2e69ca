"""Every card set the card reader accepts can be played to its end, saved and reloaded: made-up
sets (tests/card_set_maker.py) within the reader's rules, each played by random moves at 2 to 4
seats, saved halfway and at the end, and reloaded. A set that cannot be (a class whose steps
discard more cards than it plays, or discard and flip, so that no chain need ever grow) is refused
when it is read.

CARD_SETS=N in the environment plays N sets instead of the usual few (the count of sets accepted,
games played, saved, reloaded and ended is printed)."""

from __future__ import annotations

import os
import random
from collections import Counter

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from card_set_maker import classes_file, events_file
from game.sovereign.card_sets import builtin_texts, set_value
from game.sovereign.cards import CardFileError
from game.session import Session

SETS = int(os.environ.get("CARD_SETS", "40"))
MOVES = 20_000  # far more than any game of an accepted set needs
COUNTS = Counter()


def accepted(classes: str, events: str) -> dict | None:
    try:
        return set_value("Made up", classes, events)
    except CardFileError:
        return None


def play_out(session: Session, rnd: random.Random, moves: int) -> None:
    for _ in range(moves):
        if session.game_over:
            return
        session.apply(rnd.choice(session.legal_actions()))


def reloaded(session: Session) -> Session:
    text = session.dumps()
    COUNTS["saved"] += 1
    again = Session.loads(text)
    assert again.log == session.log and again.view(None) == session.view(None)
    COUNTS["reloaded"] += 1
    return again


@settings(max_examples=SETS, deadline=None, suppress_health_check=list(HealthCheck))
@given(classes_file(), st.one_of(st.none(), events_file()), st.integers(2, 4), st.integers(0, 2**32))
def test_every_accepted_card_set_plays_to_its_end_saves_and_reloads(classes, events, players, seed):
    COUNTS["sets made"] += 1
    card_set = accepted(classes, events if events is not None else builtin_texts()[1])
    assume(card_set is not None)
    COUNTS["sets accepted"] += 1
    seats = [{"name": f"P{i}", "kind": "computer", "difficulty": "random"} for i in range(players)]
    session = Session("sovereigns-chain", {"seats": seats, "rules": {"card_set": card_set}}, seed)
    COUNTS["games played"] += 1
    rnd = random.Random(seed)
    play_out(session, rnd, 60)
    session = reloaded(session)
    play_out(session, rnd, MOVES)
    assert session.game_over, f"no end after {MOVES} moves"
    COUNTS["ended"] += 1
    reloaded(session)


def test_zz_report_the_counts():
    """The counts of the run (run after the property test: pytest keeps a file's order)."""
    print("\ngenerated card sets:", ", ".join(f"{name} {count}" for name, count in COUNTS.items()))

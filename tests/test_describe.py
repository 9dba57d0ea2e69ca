"""What a seat hears read on demand (game/describe.py and each game's describe.py) names no card
hidden from it: in random games of every game and mode, after every move, for every seat and for
an onlooker, each reading (the hand and what each card can do, the board, the scores, the rest of
the table, the last moves, where each card can go) is checked against the whole state. A card the
seat once saw (played, then shuffled back into a deck) may still be named in the last moves."""

from __future__ import annotations

import pytest

from game import describe
from game.core import cards_seen
from game.rng import Rng
from test_stream import kinds_of, labels_only_hidden, modes, names_a, session_of

MOVES_READ = 50  # moves per game: the deal, the first draws and plays, often the end
SEAT_ONLY = ("first",)  # options that only change who starts: one value is read


def reading_modes():
    """One case per game, player count and option that changes what lies on the table."""
    chosen = {}
    for case in modes():
        key = (case.game, tuple((k, v) for k, v in case.config if k not in SEAT_ONLY))
        chosen.setdefault(key, case)
    return list(chosen.values())


def readings(session, viewer) -> list[str]:
    stream = session.stream(viewer)
    names, describer = session.names, session.descriptor.describe
    lines = (describe.hand_words(stream, names, describer) + describe.board_words(stream, names, describer)
             + describe.score_words(stream, names, describer) + describe.more_words(stream, names, describer)
             + describe.recent_words(stream, names) + [describe.turn_words(stream, names)])
    for card in stream.view.hand:
        lines += describe.targets_words(stream, names, card, describer)
    return lines


def check_readings(session, viewer, seen: set[str]) -> None:
    rules, state = session.rules, session.state
    seen |= {card.label for card in cards_seen(rules.view(state, viewer), kinds_of(rules))}
    hidden = rules.hidden_cards(state, viewer)
    labels = [label for label in labels_only_hidden(rules, state, viewer, hidden) if label not in seen]
    for line in readings(session, viewer):
        named = names_a(line, labels)
        assert named is None, f"{viewer} hears hidden {named}: {line!r}"


@pytest.mark.parametrize("seed, case", list(enumerate(reading_modes(), 1)), ids=lambda value: repr(value) if not isinstance(value, int) else "")
def test_no_reading_names_a_card_hidden_from_its_seat(seed, case):
    session = session_of(case, seed)
    rng = Rng(seed)
    viewers = [None, *range(len(session.seats))]
    seen = {viewer: set() for viewer in viewers}
    for _ in range(MOVES_READ):
        if session.game_over:
            break
        legal = session.legal_actions()
        session.apply(legal[rng.below(len(legal))])
        for viewer in viewers:
            check_readings(session, viewer, seen[viewer])
    for viewer in viewers:  # the end: the scores broken down
        check_readings(session, viewer, seen[viewer])


def test_the_hand_is_read_by_group_with_what_each_card_can_do():
    """Chains: the hand by suit, then each card that fits with the engine's words for its move."""
    case = next(case for case in modes() if case.game == "chains")
    session = session_of(case, 4)
    stream = session.stream(session.to_move)
    lines = describe.hand_words(stream, session.names, session.descriptor.describe)
    assert lines[0] == f"Your hand, {len(stream.view.hand)} cards"
    groups = [line for line in lines[1:] if line.split(":")[0] in ("Spades", "Hearts", "Diamonds", "Clubs")]
    assert sum(line.count(",") + 1 for line in groups) == len(stream.view.hand)
    for action in stream.legal_actions():
        if hasattr(action, "card"):
            said = stream.foresee(action).text(session.names)
            assert any(line.startswith(f"{action.card.label}: ") and said in line for line in lines), said

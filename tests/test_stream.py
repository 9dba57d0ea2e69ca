"""What a session hands a viewer (game/stream.py) never holds a card hidden from that viewer: its
view, the events of every move, the move log's lines, the hand-off recap, the lesson's events.
Each is compared with the full state, card by card, face-down cards included, in random games of
every game and mode, for every seat and for an onlooker. The stream is plain data (the saves'
JSON codec) and the same whoever asks for it."""

from __future__ import annotations

import json
import re

import pytest

from game.core import NumberOption, cards_seen, from_json, to_json
from game.lesson import LEARNER, Lesson, games_with_lessons, load_lesson
from game.rng import Rng
from game.session import Session
from game.stream import SeenMove
from test_properties import CASES

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve", "Flo")  # no digit a card's label could be read in
MOVES_CHECKED = 250  # moves per game: past the deal, the first draws and plays, often the end


def modes():
    """One case per game and mode: every player count and option choice, number options (a
    match's target) at their default only."""
    chosen = {}
    for case in CASES:
        numbers = {option.key for option in case.rules.options if isinstance(option, NumberOption)}
        key = (case.game, tuple((k, v) for k, v in case.config if k not in numbers))
        if all(v == option.default for option in case.rules.options if option.key in numbers
               for k, v in case.config if k == option.key):
            chosen.setdefault(key, case)
    return list(chosen.values())


def session_of(case, seed: int) -> Session:
    players = case.players
    seats = [{"name": name, "kind": "human"} for name in NAMES[:players]]
    return Session(case.game, {"seats": seats, "rules": case.config_dict}, seed)


def kinds_of(rules) -> tuple:
    return rules.card_types + rules.shown_types


def labels_only_hidden(rules, state, viewer, hidden: set) -> list[str]:
    """The labels of the cards hidden from `viewer` that no card it may see also bears (a
    second copy of a class card, say): a line naming one of these names a hidden card. A bare
    number (a Chain-Chain tile) cannot be told from a count in a line, and is left to the
    check of the events the line is made from."""
    everything = cards_seen(state, kinds_of(rules))
    seen_labels = {card.label for card in everything - hidden}
    return sorted(label for label in {card.label for card in hidden} - seen_labels if not label.isdigit())


def names_a(line: str, labels: list[str]) -> str | None:
    for label in labels:
        if re.search(rf"(?<![\w]){re.escape(label)}(?![\w])", line):
            return label
    return None


def assert_nothing_hidden(session: Session, viewer, made: int) -> None:
    """The viewer's stream after the move numbered `made`: its view and that move hold no card
    hidden from it now, nor do the move's lines; the recap is the log's last lines."""
    rules, state = session.rules, session.state
    hidden = rules.hidden_cards(state, viewer)
    stream = session.stream(viewer)
    leaked = cards_seen(stream.view, kinds_of(rules)) & hidden
    assert not leaked, f"the view of {viewer} holds hidden {sorted(c.label for c in leaked)}"
    move = stream.last_move
    assert move is not None and move.number == made
    leaked = cards_seen(move.events, kinds_of(rules)) & hidden
    assert not leaked, f"move {made} shows {viewer} hidden {sorted(c.label for c in leaked)}: {move.events}"
    labels = labels_only_hidden(rules, state, viewer, hidden)
    lines = move.lines(session.names)
    for line in lines:
        named = names_a(line, labels)
        assert named is None, f"the log tells {viewer} of hidden {named}: {line!r}"
    for event, line in zip(session.moves[-1].events, lines):
        if cards_seen(event, kinds_of(rules)) & hidden:
            assert line != event.text(session.names), f"the log tells {viewer} the whole of {event}"
    if viewer is None:  # the hand-off recap: the log's last lines, each checked as its move was made
        assert stream.recap() == stream.log_lines()[-3:]


def play_checking(session: Session, seed: int) -> int:
    """Random legal play, every viewer's stream checked after each move; returns the moves made."""
    rng = Rng(seed)
    viewers = [None, *range(len(session.seats))]
    made = 0
    while not session.game_over and made < MOVES_CHECKED:
        legal = session.legal_actions()
        session.apply(legal[rng.below(len(legal))])
        made += 1
        for viewer in viewers:
            assert_nothing_hidden(session, viewer, made)
    return made


@pytest.mark.parametrize("seed, case", list(enumerate(modes(), 1)), ids=lambda value: repr(value) if not isinstance(value, int) else "")
def test_no_stream_holds_a_card_hidden_from_its_viewer(seed, case):
    """A deal of its own for each mode (the seed is the mode's number)."""
    assert play_checking(session_of(case, seed), seed) > 0


@pytest.mark.parametrize("game", games_with_lessons())
def test_a_lesson_hands_the_learner_no_hidden_card(game):
    lesson = Lesson(load_lesson(game))
    lesson.start()
    while not lesson.finished:
        if lesson.step is None:
            lesson.next_part()
            continue
        lesson.skip_step()
        session = lesson.session
        assert_nothing_hidden(session, LEARNER, len(session.moves))


def test_a_stream_is_the_saves_json_and_reads_back_the_same():
    """Every move and view handed to a viewer is JSON through the saves' codec, after every move
    (an ability's steps waiting in a Sovereign's Chain view included), and reads back to the same
    move and the same view: what a remote seat is sent is what a local seat is handed."""
    for case in {(case.game, case.players): case for case in modes()}.values():  # each game at each size
        session = session_of(case, 3)
        rules = session.rules
        types = (SeenMove,) + rules.event_types + rules.saved_types + rules.shown_types
        rng = Rng(3)
        for _ in range(80):
            if session.game_over:
                break
            legal = session.legal_actions()
            session.apply(legal[rng.below(len(legal))])
            for viewer in (None, *range(len(session.seats))):
                stream = session.stream(viewer)
                view = json.loads(json.dumps(to_json(stream.view)))
                assert from_json(view, rules.view_types) == stream.view, case
                sent = json.loads(json.dumps(to_json(stream.last_move)))
                assert from_json(sent, types) == stream.last_move, case


def test_a_stream_redacts_each_move_once_and_follows_an_undo():
    """A viewer's stream keeps the moves it redacted; a session that went back hands it the moves
    as they now are."""
    session = Session("chains", {"seats": [{"name": "Ana"}, {"name": "Ben", "kind": "computer"}]}, 4)
    stream = session.stream(0)
    assert session.stream(0) is stream
    while session.to_move != 0 or not session.can_undo:
        session.apply(session.computer_action() if session.to_move == 1 else session.legal_actions()[0])
    first = list(stream.moves)
    assert stream.moves[0] is first[0]
    session.undo()
    assert [move.number for move in stream.moves] == list(range(1, len(session.moves) + 1))
    assert len(stream.moves) < len(first)


def test_another_seats_moves_are_not_handed_to_a_viewer():
    """The moves a seat may make tell its hand: only the seat to move is handed them."""
    session = Session("chains", {"seats": [{"name": "Ana"}, {"name": "Ben"}]}, 5)
    mover = session.to_move
    assert session.stream(mover).legal_actions() == session.legal_actions()
    assert session.stream(1 - mover).legal_actions() == []
    assert session.stream(None).legal_actions() == []


def test_a_move_foreseen_names_the_viewers_own_card_but_not_the_card_a_draw_brings():
    """The words of a hint or a chosen move: a LINX draw from the stock is told without its card."""
    from game.linx.rules import Draw

    session = Session("linx", {"seats": [{"name": "Ana"}, {"name": "Ben"}]}, 6)
    seat = session.to_move
    stream = session.stream(seat)
    drawn = stream.foresee(Draw("stock"))
    hidden = session.rules.hidden_cards(session.state, seat)
    assert drawn is not None and not cards_seen(drawn, kinds_of(session.rules)) & hidden
    _after, real = session.rules.apply(session.state, Draw("stock"))
    assert cards_seen(real, kinds_of(session.rules)) & hidden, "the real draw does bring a hidden card"


def test_a_sovereign_view_with_steps_waiting_is_plain_data():
    """Under Polarity Shift a card's ability waits behind the flip offer: the view holds the
    steps still to come as plain data (no function of the engine), and a state made of that view
    plays them as the real one does."""
    from game.sovereign.cards import Step
    from game.sovereign.rules import WaitingStep

    for seed in range(40):
        session = Session("sovereigns-chain", {"seats": [{"name": name} for name in NAMES[:3]]}, seed)
        rng = Rng(seed)
        while not session.game_over and not session.state.work:
            legal = session.legal_actions()
            session.apply(legal[rng.below(len(legal))])
        if session.state.work:
            break
    view = session.stream(session.to_move).view
    assert view.work and all(type(waiting) is WaitingStep for waiting in view.work)
    sent = json.loads(json.dumps(to_json(view.work)))
    assert [from_json(item, (WaitingStep, Step) + session.rules.saved_types) for item in sent] == list(view.work)
    guessed = session.rules.determinize(view, Rng(1))
    assert session.rules.view(guessed, view.seat) == view
    assert [task.run for task in guessed.work] == [task.run for task in session.state.work]

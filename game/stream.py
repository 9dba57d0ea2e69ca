"""What a session hands one viewer, and nothing more: the only way a table learns of a game.

A viewer is a seat, or None: an onlooker (the hand-off screen between two pass-and-play turns,
a replay watched from no seat). Its stream holds the view, each move's events already redacted
for it, the move log's lines, the recap the hand-off screen shows, the moves it may make when it
is to move, and what a move it may make would do. Nothing in a stream holds a card hidden from
its viewer; tests play every game and mode and compare each item with the full state.

The stream is plain data: views, moves and actions are frozen dataclasses that `core.to_json`
writes as the saves' JSON, so a networked table sends a remote seat exactly what a local seat's
table reads. A move is redacted once per viewer that looks, when first asked for: a move costs
its own events, never the whole history again.
"""

from __future__ import annotations

from dataclasses import dataclass

from .core import Event, cards_seen
from .rng import Rng


@dataclass(frozen=True, slots=True)
class PlayedMove:
    """One move of a session as it happened (never handed to a table: see `SeenMove`).
    `number` counts the session's moves from 1; `game` is the game it belongs to (0 first);
    `mover` the seat that made it (None: a seat handed over, the table itself)."""

    number: int
    game: int
    mover: int | None
    events: tuple


@dataclass(frozen=True, slots=True)
class SeenMove:
    """One move as a viewer saw it: the same move, its events redacted for that viewer."""

    number: int
    game: int
    mover: int | None
    events: tuple[Event, ...]

    def lines(self, names) -> list[str]:
        """The move log's lines for this move."""
        return [event.text(names) for event in self.events]


class Stream:
    """One viewer's stream of a session (made and kept by `Session.stream`)."""

    def __init__(self, session, viewer: int | None) -> None:
        self.session = session
        self.viewer = viewer
        self._source: list[PlayedMove] | None = None  # the session's moves `_seen` was made from
        self._seen: list[SeenMove] = []
        self._guess: tuple = (None, None)  # (the session's revision, the position made of the view then)

    @property
    def view(self):
        """The position as the viewer may see it."""
        session = self.session
        return session.rules.view(session.state, self.viewer)

    @property
    def moves(self) -> list[SeenMove]:
        """Every move of the session so far, as the viewer saw it. A session that went back (an
        undo, a restart, a replay's step) hands a new list of moves, seen afresh."""
        played = self.session.moves
        if self._source is not played or len(self._seen) > len(played):
            self._source, self._seen = played, []
        redact, viewer = self.session.rules.redact, self.viewer
        for move in played[len(self._seen):]:
            events = tuple(redact(event, viewer) for event in move.events)
            self._seen.append(SeenMove(move.number, move.game, move.mover, events))
        return self._seen

    @property
    def last_move(self) -> SeenMove | None:
        moves = self.moves
        return moves[-1] if moves else None

    def log_lines(self) -> list[str]:
        """The move log: every event of the session as the viewer may read it, oldest first."""
        names = self.session.names
        return [line for move in self.moves for line in move.lines(names)]

    def recap(self, count: int = 3) -> list[str]:
        """The last `count` lines of the log: what the hand-off screen recalls."""
        names = self.session.names
        lines: list[str] = []
        for move in reversed(self.moves):
            lines[:0] = move.lines(names)
            if len(lines) >= count:
                break
        return lines[-count:] if count else []

    def legal_actions(self) -> list:
        """The moves the viewer may make now: none unless it is the viewer's turn (another
        seat's moves would tell its hand)."""
        session = self.session
        if self.viewer is None or session.to_move != self.viewer:
            return []
        return session.legal_actions()

    def foresee(self, action):
        """What `action` of the seat to move would do, as this viewer may know it now (`foreseen`
        on the position made of the viewer's own view: a joined seat's table words it alike)."""
        session = self.session
        if self._guess[0] != session.revision:
            self._guess = (session.revision, guessed(session.rules, self.view))
        return foreseen(session.rules, self._guess[1], action, self.viewer)


GUESS_SEED = 0  # every table guesses the unseen cards alike, so a local and a joined seat agree


def guessed(rules, view):
    """A whole position made of `view` alone (`determinize`): what a table works a move out on.
    The rules answer what the viewer may know from it exactly as from the real position; what the
    viewer cannot see (the card a draw brings) is a guess there, so it can decide no words."""
    return rules.determinize(view, Rng(GUESS_SEED))


def foreseen(rules, before, action, viewer: int | None):
    """The event that tells what `action` would do in `before` (its first), as `viewer` may know
    it now, or None: the words of a move being chosen or hinted ("You play 7♠ on chain 2"; a
    draw is told by its button). Told whole when every card it names is named by the move or was
    in the viewer's sight before it; else as an onlooker reads it, when that names no other card
    (a draw: "draws a card"); else not at all. `before` is made of the viewer's view (`guessed`):
    worked out on the real position, whether the card a draw brings fits would decide the form."""
    _after, events = rules.apply(before, action)
    if not events:
        return None
    kinds = rules.card_types + rules.shown_types
    known = cards_seen(action, kinds) | cards_seen(rules.view(before, viewer), kinds)
    for form in (rules.redact(events[0], viewer), rules.redact(events[0], None)):
        if cards_seen(form, kinds) <= known:
            return form
    return None

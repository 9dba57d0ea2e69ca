"""What a table holds of a game: the written interface every kind of table session implements.

A table scene is handed one `TableSession` and reaches the game through it alone: a local
`Session` (game/session.py), a seat joined over the network (`RemoteSession`,
game/net/remote.py, which is a `JoinedSession`) and a lesson (`LessonSession`,
game/lesson_session.py) each subclass it and define every member below themselves (a test checks
that none is left to this class). Nothing here hands out a game's state, its log or an unredacted
move: a table draws the stream of its viewer (game/stream.py), asks which moves that viewer may
make and why another is refused, and sends the one it chose. The solitaire's services (can the
deal still be won, the solver's hint) are engine calls too: each answers with a verdict or a move
the player may make, worked out on a private copy of the position.

The scenes layer imports sessions only through `game.tables`, which makes them and hands them out
typed as these protocols; tests/test_layers.py holds the scenes to the names declared here.
"""

from __future__ import annotations

import threading
from typing import Any, Callable, Collection, Protocol, runtime_checkable

from .stream import Stream

# A piece of the solver's work, bound to a copy of the position it was asked about: run it off the
# frame loop with the event that says the table moved on meanwhile.
SolverJob = Callable[[threading.Event], Any]


@runtime_checkable
class TableSession(Protocol):
    """One table's game as its table may know and change it."""

    game: str            # the game's registry name ("chains")
    descriptor: Any      # its registry entry (title, table scene, rule of thumb), for this config's cards
    rules: Any           # its rules object: stateless, the questions a table asks of a view
    config: dict         # the table's config: seats, rules options, games to win
    seed: int            # what a hint's chooser is seeded with here
    seats: tuple         # each seat's name, kind and difficulty (`game.session.Seat`)
    wins: list           # games won by each seat in this sitting
    game_number: int     # the game being played, 0 first
    revision: int        # changes whenever the position does (an answer about an older one is stale)
    network: dict | None  # a table this app hosts over the network: its record (game/net/hosting.py)

    # Who plays and where the game stands (a property or a plain attribute, as each table session
    # keeps it):
    names: list[str]         # each seat's name, as the table shows it
    human_seats: list[int]   # the seats players play at this table
    computers: Collection[int]  # the seats a computer plays
    to_move: int | None      # the seat to move; None once the game is over
    game_over: bool
    session_over: bool       # some seat has won the games the sitting plays to
    game_assisted: bool      # an undo, a hint or a restart was used in this game
    reviewable: bool         # the game can be reviewed move by move once over (a local game's record)
    can_undo: bool
    can_redo: bool

    def stream(self, viewer: int | None) -> Stream:
        """What `viewer` (a seat, or None for an onlooker) may see: all a table draws."""

    def outcome(self) -> Any: ...

    def turns_taken(self, seat: int) -> int: ...

    def next_game_config(self) -> dict: ...

    # -- moves

    def is_legal(self, action) -> bool: ...

    def why_illegal(self, action) -> str:
        """Why the seat to move may not take `action`, in a player's words."""

    def apply(self, action) -> list:
        """Make the move for the seat to move (IllegalAction, with the reason, when refused)."""

    def computer_action(self) -> Any:
        """The move of the computer to move, chosen from its own view (run off the frame loop)."""

    def give_up(self) -> list: ...

    def next_game(self) -> None: ...

    # -- taking back, dealing again, handing over, hints

    def why_no_undo(self) -> str:
        """Why undo cannot be used now ("" when it can)."""

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    def restart(self) -> None: ...

    def hand_over(self, seat: int, kind: str) -> None: ...

    def note_hint(self) -> None:
        """A hint was shown: the game no longer counts as played unaided."""

    # -- the solitaire's services

    def winnable_job(self, memory) -> SolverJob:
        """Whether the deal can still be won: True, False (proved lost) or None (not sure)."""

    def hint_job(self, memory) -> SolverJob:
        """The solver's hint: a move the player may make now, judged from the player's view."""


@runtime_checkable
class JoinedSession(TableSession, Protocol):
    """A seat joined over the network: a table session fed by the host's messages, whose moves
    wait in `outbox` for the connection to send."""

    seat: int
    outbox: list
    lobby_seats: list
    set_up_on_a_server: bool

    def take(self, message: dict) -> Any: ...

    def take_lobby(self, message: dict) -> None: ...

    def note(self, message: dict) -> None: ...

    def connected(self, seat: int) -> bool: ...

    def dropped_seats(self) -> list[int]: ...


def members(protocol: type) -> frozenset[str]:
    """The names a protocol declares (its attributes and methods), its bases' included."""
    names: set[str] = set()
    for klass in protocol.__mro__:
        if klass in (TableSession, JoinedSession):
            names |= set(klass.__dict__.get("__annotations__", {}))
            names |= {name for name in vars(klass) if not name.startswith("_")}
    return frozenset(names)

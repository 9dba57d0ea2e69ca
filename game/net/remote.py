"""A table joined over the network, as a table reads a session: everything it holds comes from
the host's messages for this one seat (game/net/hosting.py), read back through the saves' codec.
A move is never applied here: it waits in `outbox` for the connection to send, and comes back as
the host's news. Whether a move may be made, why not, and what it would do are worked out on a
state made of the seat's own view (`determinize`), which holds no card the seat may not see: the
rules answer these from what the seat knows, so the answers are the host's.

Whether this seat may take a move back is the host's word too (each position message's `"undo"`:
"" or the reason not); an undo goes out as a message, like a move. The `lobby` messages tell the
seats' names and kinds and who is connected; every message's `seq` is kept, and each act or undo
carries the last one seen, so the host refuses one sent about a position that has moved on."""

from __future__ import annotations

import itertools

from ..core import IllegalAction, from_json, to_json
from ..registry import find_game
from ..session import Seat
from ..stream import SeenMove, Stream, foreseen, guessed
from ..table_session import JoinedSession, SolverJob

_REVISIONS = itertools.count(1)
NO_UNDO = "This table does not take moves back."  # a host that does not say


class RemoteSession(JoinedSession):
    """A seat joined over the network, as its table reads it (a `JoinedSession`): what only the
    host may do (deal again, hand seats over, move its computers) is refused with the reason."""

    network = None  # the host keeps the table's record, not a joined seat
    reviewable = False  # this seat saw only its own moves' cards: no move-by-move review here

    def __init__(self, snapshot: dict) -> None:
        self.game = snapshot["game"]
        self.config = snapshot["config"]
        found = find_game(self.game)
        self.rules = found.rules.for_config(self.config["rules"])
        self.descriptor = found
        self.seat: int = snapshot["seat"]
        self.room: str = str(snapshot.get("room", ""))
        self.outbox: list[dict] = []  # moves made at this table, for the connection to send
        self.seen = 0  # the `seq` of the last message from the host
        self.lobby_seats: list[dict] = []  # the last lobby's seats: names, kinds, who is connected
        self.set_up_on_a_server = False  # a table with no host: any player deals a match's next game
        self.assisted: set[int] = set()  # the games in which this seat was shown a hint
        self._types = (SeenMove,) + self.rules.event_types + self.rules.view_types
        self._streams: dict[int | None, RemoteStream] = {}
        self.take(snapshot)

    def take(self, message: dict) -> SeenMove | None:
        """A snapshot or a move from the host: the table as it stands now. Returns the move."""
        move = None
        self.note(message)
        if message["type"] == "snapshot":
            self.moves = [from_json(item, self._types) for item in message["moves"]]
        else:
            move = from_json(message["move"], self._types)
            self.moves.append(move)
        self.view = from_json(message["view"], self._types)
        self.public = from_json(message["public"], self._types)
        self.legal = [from_json(item, self.rules.saved_types) for item in message["legal"]]
        self.to_move, self.wins, self.game_number = message["to_move"], message["wins"], message["game_number"]
        self.session_over = message["session_over"]
        self.undo_reason = message.get("undo", NO_UNDO)
        self.seats = tuple(Seat(seat["name"], kind, seat["difficulty"])
                           for seat, kind in zip(self.config["seats"], message["kinds"]))
        self.revision = next(_REVISIONS)
        self._guess = None
        return move

    def note(self, message: dict) -> None:
        """Any message from the host: its `seq` is the last seen (a refusal has one too)."""
        if isinstance(message.get("seq"), int):
            self.seen = message["seq"]

    def take_lobby(self, message: dict) -> None:
        """A `lobby`: the seats' names and kinds and who is connected, as the host tells them."""
        self.lobby_seats = list(message.get("seats", []))
        self.set_up_on_a_server = bool(message.get("created"))

    # -- what the table reads

    def stream(self, viewer: int | None) -> "RemoteStream":
        if viewer not in (self.seat, None):
            raise IllegalAction("a joined table sees from its own seat only")
        stream = self._streams.get(viewer)
        if stream is None:
            stream = self._streams[viewer] = RemoteStream(self, viewer)
        return stream

    @property
    def names(self) -> list[str]:
        if len(self.lobby_seats) == len(self.seats):
            return [str(seat.get("name") or mine.name) for seat, mine in zip(self.lobby_seats, self.seats)]
        return [seat.name for seat in self.seats]

    @property
    def human_seats(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.is_human]

    @property
    def computers(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if not seat.is_human]

    @property
    def seed(self) -> int:
        """What a hint's chooser is seeded with here: the seat (the host's seed would tell the deal)."""
        return self.seat

    def connected(self, seat: int) -> bool:
        """Whether the player of `seat` is at the table now (a computer always is; before any
        lobby, every seat is taken to be)."""
        if seat >= len(self.lobby_seats) or self.lobby_seats[seat].get("kind") == "computer":
            return True
        return bool(self.lobby_seats[seat].get("connected", True))

    def dropped_seats(self) -> list[int]:
        """The other players' seats held by someone who is not connected now."""
        return [seat for seat, told in enumerate(self.lobby_seats)
                if seat != self.seat and told.get("held") and not self.connected(seat)]

    def outcome(self):
        """How the game ended, worked out from this seat's view (at the end every hand is shown)."""
        return self.rules.outcome(self.guessed())

    def note_hint(self) -> None:
        self.assisted.add(self.game_number)

    @property
    def game_assisted(self) -> bool:
        """Whether a hint or an undo was used at this seat in the current game."""
        return self.game_number in self.assisted

    @property
    def game_over(self) -> bool:
        return self.to_move is None

    def turns_taken(self, seat: int) -> int:
        """The runs of `seat`'s moves in this game, as a session counts turns."""
        movers = [move.mover for move in self.moves if move.game == self.game_number]
        return sum(1 for i, mover in enumerate(movers) if mover == seat and (i == 0 or movers[i - 1] != seat))

    # -- a move of this seat

    def is_legal(self, action) -> bool:
        return self.to_move == self.seat and self.rules.is_legal(self.guessed(), action)

    def why_illegal(self, action) -> str:
        if self.to_move != self.seat:
            return "it is not your turn"
        return self.rules.malformed(action) or self.rules.why_illegal(self.guessed(), action)

    def apply(self, action) -> list:
        """Send the move (the host plays it and sends the news); a move the rules refuse is
        refused here at once, with their reason, and never sent."""
        if not self.is_legal(action):
            raise IllegalAction(self.why_illegal(action))
        self.outbox.append({"type": "act", "action": to_json(action), "seen": self.seen})
        return []

    # -- taking a move back: the host's word

    @property
    def can_undo(self) -> bool:
        return self.undo_reason == ""

    def why_no_undo(self) -> str:
        return self.undo_reason

    def undo(self) -> None:
        """Ask the host to take this seat's last decision back (the host's snapshot follows)."""
        if not self.can_undo:
            raise IllegalAction(self.undo_reason)
        self.assisted.add(self.game_number)
        self.outbox.append({"type": "undo", "seen": self.seen})

    can_redo = False  # a move taken back over the network is made again by playing it

    def redo(self) -> None:
        raise IllegalAction("a move taken back over the network is made again by playing it")

    # -- what the host alone does

    def restart(self) -> None:
        raise IllegalAction("a game played over the network cannot be restarted")

    def hand_over(self, seat: int, kind: str) -> None:
        raise IllegalAction("the host hands a seat over")

    def computer_action(self):
        raise IllegalAction("the host moves the computers")

    def give_up(self) -> list:
        raise IllegalAction("a game played over the network is not given up")

    def next_game(self) -> None:
        raise IllegalAction("the host deals the next game")

    def next_game_config(self) -> dict:
        """The next game's rules config, worked out from this seat's view (it is public at the end)."""
        return self.rules.next_game_config(self.config["rules"], self.guessed())

    def winnable_job(self, memory) -> SolverJob:
        raise IllegalAction("a solitaire deal is not played over the network")

    def hint_job(self, memory) -> SolverJob:
        raise IllegalAction("a solitaire deal is not played over the network")

    def guessed(self):
        """A state made of this seat's view: what the rules need to answer its questions."""
        if self._guess is None:
            self._guess = guessed(self.rules, self.view)
        return self._guess


class RemoteStream(Stream):
    """A joined table's stream: its own seat's, as the host sent it (for None, the onlooker's
    view alone: a joined table has no hand-off screen to recap)."""

    @property
    def view(self):
        return self.session.view if self.viewer is not None else self.session.public

    @property
    def moves(self) -> list[SeenMove]:
        return self.session.moves if self.viewer is not None else []

    def legal_actions(self) -> list:
        return list(self.session.legal) if self.viewer is not None else []

    def foresee(self, action):
        """Worked out on the state made of the seat's view: nothing it cannot see is named."""
        return foreseen(self.session.rules, self.session.guessed(), action, self.viewer)

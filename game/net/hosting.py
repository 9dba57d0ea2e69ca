"""A table played over the network, on the host's side: the one authoritative session, its human
seats held by random tokens, and for each seat the messages it is sent, which are exactly its
viewer stream (game/stream.py) as the saves' JSON.

Every message is a JSON object with the protocol `version`, its `type` and the seat's own
sequence number `seq` (1, 2, ... per seat). A seat that sits down, comes back or has fallen behind
is sent a `snapshot` of its whole stream, never moves it could misapply; after that, a `move` per
move made at the table. An action comes with the token that holds the seat and the last `seq` its
sender had seen; an action from a seat not to move, with a stale `seq` or refused by the rules is
answered with `refused` and the reason, and changes nothing.

Pure: no sockets here. The transport carries these messages over WebSocket."""

from __future__ import annotations

import secrets

from ..core import IllegalAction, from_json, to_json
from ..session import Session

PROTOCOL = 1


class SeatTaken(ValueError):
    """A seat that cannot be sat in: the message says why, for the player who asked."""


class HostedTable:
    def __init__(self, session: Session, room: str) -> None:
        self.session = session
        self.room = room
        self.holders: dict[str, int] = {}  # a token -> the seat it holds
        self.seq: dict[int, int] = {}  # a seat -> the last sequence number it was sent
        self.shown: dict[int, int] = {}  # a seat -> the number of the last move it was sent
        self.shown_from: dict[int, list] = {}  # a seat -> the session's moves that number is of

    # -- seats

    def open_seats(self) -> list[int]:
        """The human seats nobody holds yet."""
        held = set(self.holders.values())
        return [seat for seat in self.session.human_seats if seat not in held]

    def sit(self, seat: int) -> str:
        """Hold a free human seat: returns the token that holds it from now on."""
        if seat not in self.session.human_seats:
            raise SeatTaken(f"seat {seat + 1} is not a player's seat at this table")
        if seat not in self.open_seats():
            raise SeatTaken(f"{self.session.names[seat]}'s seat is taken")
        token = secrets.token_urlsafe(16)
        self.holders[token] = seat
        return token

    def seat_of(self, token: str) -> int:
        seat = self.holders.get(token)
        if seat is None:
            raise SeatTaken("this table does not know you: join it again")
        return seat

    # -- what a seat is sent

    def snapshot(self, seat: int) -> dict:
        """Everything the seat's stream holds now: sent on sitting down, on coming back, and to a
        seat that has fallen behind."""
        session, stream = self.session, self.session.stream(seat)
        last = stream.last_move
        self.shown[seat] = last.number if last is not None else 0
        self.shown_from[seat] = session.moves
        return self._message(seat, "snapshot", room=self.room, game=session.game, config=session.config,
                             moves=[to_json(move) for move in stream.moves], **self._position(seat))

    def news(self, seat: int) -> list[dict]:
        """The moves made since the seat was last sent one, a message each."""
        if self.shown_from.get(seat) is not self.session.moves:
            return [self.snapshot(seat)]  # new to the table, or it went back (an undo): afresh
        moves = self.session.stream(seat).moves[self.shown[seat]:]
        messages = []
        for move in moves:
            self.shown[seat] = move.number
            messages.append(self._message(seat, "move", move=to_json(move), **self._position(seat)))
        return messages

    def _position(self, seat: int) -> dict:
        session, stream = self.session, self.session.stream(seat)
        return {"seat": seat, "view": to_json(stream.view), "public": to_json(session.stream(None).view),
                "legal": [to_json(a) for a in stream.legal_actions()], "to_move": session.to_move,
                "kinds": [s.kind for s in session.seats], "wins": list(session.wins),
                "game_number": session.game_number, "session_over": session.session_over}

    def _message(self, to: int, kind: str, **fields) -> dict:
        self.seq[to] = self.seq.get(to, 0) + 1
        return {"version": PROTOCOL, "type": kind, "seq": self.seq[to], **fields}

    # -- what a seat does

    def act(self, token: str, action, seen: int) -> dict[int, list[dict]]:
        """The action a seat sent, with the last `seq` it had seen: the messages each held seat is
        sent now (the mover's refusal alone, or every seat's news)."""
        seat = self.seat_of(token)
        try:
            self._play(seat, action, seen)
        except (IllegalAction, ValueError) as err:
            return {seat: [self._message(seat, "refused", reason=str(err))]}
        return self._everyones_news()

    def computer_move(self, action) -> dict[int, list[dict]]:
        """The move the computer to move chose (`Session.computer_action`, thought over off the
        server's loop): every held seat's news."""
        if self.session.to_move not in self.session.computers:
            raise IllegalAction("it is not a computer's turn")
        self.session.apply(action)
        return self._everyones_news()

    def _everyones_news(self) -> dict[int, list[dict]]:
        return {held: self.news(held) for held in sorted(set(self.holders.values()))}

    def _play(self, seat: int, action, seen: int) -> None:
        if seen != self.seq.get(seat, 0):
            raise IllegalAction("the table has moved on since: look again")
        if self.session.to_move != seat:
            raise IllegalAction("it is not your turn")
        self.session.apply(from_json(action, self.session.rules.saved_types))

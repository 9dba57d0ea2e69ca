"""The flow of turns at a table played over the network: the host moves every seat but this one
(its computers included), so nothing here thinks or hands the table over. Each frame takes the
connection's messages without waiting and sends what the table asked for (a move, an undo): a
move from the host is animated as the table animates any move, one at a time; a snapshot (after
an undo, or coming back) is taken afresh; a refusal is said with the host's reason. The host's
own table also offers a dropped player's seat to a computer after a grace time."""

from __future__ import annotations

from game.net import joined
from game.stats import record_seat

from scenes.table.turns import GAME_OVER_PAUSE, Turns

GRACE_SECONDS = 20.0  # a player dropped this long: the host is offered their seat for a computer
CLOSED = "The connection to the host was lost; the game goes on at the host's computer."


class RemoteTurns(Turns):
    def __init__(self, table, client, messages: list[dict]) -> None:
        super().__init__(table)
        self.client = client
        self.unread: list[dict] = list(messages)  # from the host, oldest first, not yet taken
        self.reconnecting: dict | None = None  # the last `reconnecting` while this client is away
        self.host = bool((client.welcome or {}).get("host"))  # the host's own table (its welcome says so)
        self.origin = None  # where this seat's last move was dropped: its flight starts there
        self.dropped_for: dict[int, float] = {}  # a dropped player's seat -> seconds since
        self.offered: set[int] = set()  # the seats already offered to a computer
        self.stream_kept: list[dict] = []  # the snapshots and moves this seat was sent, in order: its replay

    @property
    def viewer(self) -> int:
        return self.session.seat

    @property
    def mine(self) -> bool:
        """This seat to move, nothing landing, and the host within reach."""
        return super().mine and self.reconnecting is None

    @property
    def due(self) -> bool:
        """Work with no input: messages to take, the game-over pause, on the host's table a dropped
        seat's grace time running."""
        if self.app.top is not self.table:
            return False
        if self.session.game_over and self.game_over_wait >= 0:
            return True
        waiting = self.host and bool(set(self.dropped_for) - self.offered)  # the grace time runs
        return bool(self.unread) or not self.client.inbox.empty() or waiting

    def perform(self, action, origin=None, by_table: bool = False) -> bool:
        """Send this seat's move; it is animated when the host's news of it comes back."""
        if not self.applied(action):
            return False
        self.origin = origin
        self.send_outbox()
        return True

    def send_outbox(self) -> None:
        while self.session.outbox:
            self.client.send(self.session.outbox.pop(0))

    def update(self, dt: float) -> None:
        self.unread.extend(self.client.poll())
        self.send_outbox()
        while self.unread and not self.motion.busy and self.app.top is self.table:
            if self.take(self.unread.pop(0)) == "move":
                break
        if self.motion.busy or self.app.top is not self.table:
            return
        if self.session.game_over:
            self._game_over(dt)
        elif self.host:
            self._grace(dt)

    def take(self, message: dict) -> str:
        """One message from the host, taken as the table shows it: its type. (Coming back, the
        host's `welcome` needs nothing: its snapshot brings the table back.)"""
        kind = message.get("type", "")
        handler = {"lobby": self._lobby, "snapshot": self._snapshot, "move": self._move,
                   "refused": self._refused, "reconnecting": self._reconnecting, "closing": self._closing,
                   "dropped": self._dropped, "notice": self._notice}.get(kind)
        if handler is not None:
            handler(message)
        return kind

    def _lobby(self, message: dict) -> None:
        self.session.take_lobby(message)
        dropped = set(self.session.dropped_seats())
        self.dropped_for = {seat: self.dropped_for.get(seat, 0.0) for seat in dropped}
        self.offered &= dropped

    def _snapshot(self, message: dict) -> None:
        back = self.reconnecting is not None
        self.reconnecting = None
        game_before = self.session.game_number
        self.session.take(message)
        if self.session.game_number != game_before:
            self.stream_kept = []  # a match's next game: its record begins with its own deal
        self.stream_kept.append(message)
        self.table.refresh("Back at the table." if back else "")
        if not self.host and self.client.token:
            entry = joined.table_entry(self.client.address, self.session, self.client.token)
            self.table.report(self.app.write(joined.remember_table, entry))

    def _move(self, message: dict) -> None:
        move = self.session.take(message)
        self.stream_kept.append(message)
        origin = None
        if move.mover == self.viewer:
            origin, self.origin = self.origin, None
        self.table.show_move(self.session.stream(self.viewer).last_move.events, origin)

    def _refused(self, message: dict) -> None:
        self.session.note(message)
        self.origin = None
        self.table.say(str(message.get("reason", "the host refused that")))

    def _notice(self, message: dict) -> None:
        """What the table did that no move tells (a seat handed over or back)."""
        self.table.say_notice(str(message.get("text", "")))

    def _reconnecting(self, message: dict) -> None:
        self.reconnecting = message

    def _closing(self, message: dict) -> None:
        self.client.close()
        self.app.screens.menu(str(message.get("reason") or "The host left; the game is saved on the host's computer."))

    def _dropped(self, _message: dict) -> None:
        self.client.close()
        self.app.screens.menu(CLOSED)

    def _game_over(self, dt: float) -> None:
        """After its pause: this seat's result counted, a joiner's stream kept for replay, the
        result."""
        self.game_over_wait += dt
        if self.game_over_wait >= GAME_OVER_PAUSE:
            self.game_over_wait = -1e9
            self.table.report(self.app.write(record_seat, self.session, self.viewer))
            if not self.host:  # the host's computer keeps the whole game (scenes/net/host.py)
                self.table.report(self.app.write(joined.keep_seen_game, self.session, self.stream_kept))
            self.app.screens.game_over(self.table)

    def _grace(self, dt: float) -> None:
        """On the host's table: a player dropped for GRACE_SECONDS is offered to a computer, once,
        and not while the host is deciding a move of their own (the offer would cover the table
        mid-move): it waits for the table to wait on someone else."""
        for seat in self.dropped_for:
            self.dropped_for[seat] += dt
        if self.mine:
            return
        for seat in self.dropped_for:
            if self.dropped_for[seat] >= GRACE_SECONDS and seat not in self.offered:
                self.offered.add(seat)
                self.table.offer_seat(seat)
                return

    def give_to_computer(self, seat: int) -> None:
        self.client.send({"type": "seat_kind", "seat": seat, "kind": "computer"})

    def reveal(self, seat: int) -> None:
        """No hand-off screen between remote seats: nothing to reveal."""

    def reset(self) -> None:
        self.game_over_wait = 0.0

    def next_game(self) -> None:
        """The next game of the match: the host's table asks its server to deal it (at a table set
        up on a server, with no host, any player's table does: it is dealt once); every table
        waits for the deal's news (a snapshot of the new game)."""
        if self.host or self.session.set_up_on_a_server:
            self.client.send({"type": "next_game", "game_number": self.session.game_number})
            self.table.say_notice("Dealing the next game\u2026")
        else:
            self.table.say_notice("The host deals the next game.")

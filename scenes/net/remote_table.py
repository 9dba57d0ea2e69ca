"""A table played over the network, by a joiner and by the host alike: the game's own table
scene on a `RemoteSession` (game/net/remote.py), its turns those of a networked table
(`remote_turns.RemoteTurns`) and its commands sent to the host (`RemoteCommands`).

The prompt says who is playing ("Ben is playing"), "Waiting for Ben (away from the table)" while that
player is away (dropped or left: the table cannot tell, and either may come back), and "Reconnecting… (attempt n)" while this device is. Leaving the table never
ends the game for the others: a joiner can come back to the seat (the Join screen's Rejoin), and
the host's leaving tells everyone the game is saved on the host's computer. Nothing of a joined
table is the local game in progress: its Continue is never touched."""

from __future__ import annotations

import logging

from game.tables import joined_session
from game.wording import acts

from scenes.menus.confirm import Confirm
from scenes.net.remote_turns import GRACE_SECONDS, RemoteTurns
from scenes.ui import keymap
from scenes.table.commands import TableCommands

log = logging.getLogger(__name__)

GIVE_SEAT = keymap.letter("C")
FAULT = ("Something went wrong working that out on this computer; the game goes on "
         "(the details are in the log).")
NO_SNAPSHOT = "The host sent no table to play: join it again."


class NetworkedTable:
    """Mixed in before a game's table scene class (`networked`): what differs over the network."""

    def __init__(self, app, session, client, messages: list[dict]) -> None:
        self.faults: set[str] = set()  # the faults of this table's own work already logged
        super().__init__(app, session)
        self.client = client
        self.turns = RemoteTurns(self, client, messages)
        self.commands = RemoteCommands(self, client)

    # -- what this table works out for itself never takes the table down

    def handle(self, event) -> None:
        self.guarded(super().handle, event)

    def update(self, dt: float) -> None:
        self.guarded(super().update, dt)

    def draw(self, screen) -> None:
        self.guarded(super().draw, screen)

    def guarded(self, work, *args) -> None:
        """`work(*args)`: a hint, the words of a move, a move's flight worked out here. The game is
        the host's: an exception here is logged (once for each kind), the player is told, the
        table is drawn afresh from what the host sent, and play goes on for everyone (on the
        host's own computer the table server runs beside this table, for every player)."""
        try:
            work(*args)
        except Exception as err:  # noqa: BLE001 (any fault of this table's own work)
            told = f"{type(err).__name__}: {err}"
            if told not in self.faults:
                self.faults.add(told)
                log.exception("the networked table's own work failed; the game goes on")
            self.refresh(FAULT)

    def autosave(self) -> None:
        """The host's computer keeps the game: a joined table's is never this device's Continue."""

    def forget_autosave(self) -> None:
        """The game over: the local game in progress is another game, and stays."""

    def animating(self) -> bool:
        return super().animating() or self.turns.due

    def prompt(self, view) -> str:
        """Whose turn it is over the network, or this seat's own prompt."""
        turns = self.turns
        if turns.reconnecting is not None:
            return f"Reconnecting\u2026 (attempt {turns.reconnecting.get('attempt', 1)})"
        if view.game_over or view.current is None or view.current == view.seat:
            return super().prompt(view)
        name = self.session.names[view.current]
        if not self.session.connected(view.current):
            return f"Waiting for {name} (away from the table)"
        return f"{acts(name, 'is')} playing"

    def offer_seat(self, seat: int) -> None:
        """On the host's table: a player away for the grace time, their seat offered to a computer
        (Enter and Space keep waiting)."""
        name = self.session.names[seat]
        detail = (f"{acts(name, 'has')} been away for {GRACE_SECONDS:.0f} seconds. A computer can play the seat "
                  f"from here; {name} can have it back on coming back.")
        self.app.push(SeatOffer(self, seat, detail))


class SeatOffer(Confirm):
    """The host's offer of a dropped player's seat to a computer; gone by itself once the player
    is back (the table's news is read here while the offer covers it, and taken there after)."""

    def __init__(self, table, seat: int, detail: str) -> None:
        name = table.session.names[seat]
        super().__init__(table.app, f"Waiting for {name}", detail, f"Give {name}\u2019s seat to a computer",
                         lambda: table.turns.give_to_computer(seat), GIVE_SEAT, no="Keep waiting")
        self.turns = table.turns
        self.seat = seat

    def update(self, dt: float) -> None:
        self.turns.unread.extend(self.turns.client.poll())
        lobbies = [message for message in self.turns.unread if message.get("type") == "lobby"]
        if lobbies and lobbies[-1]["seats"][self.seat]["connected"] and self.app.top is self:
            self.app.pop()


class RemoteCommands(TableCommands):
    """The table's commands at a networked table: undo asks the host; restarting, saving under a
    name and handing seats over are the host's (the host hands a dropped player's seat over)."""

    def __init__(self, table, client) -> None:
        super().__init__(table)
        self.client = client

    def undo(self) -> None:
        if self.session.can_undo:
            self.session.undo()
            self.table.turns.send_outbox()
            self.table.say_notice("Taking your move back\u2026")
        else:
            self.table.say(self.session.why_no_undo())

    def ask_to_restart(self) -> None:
        self.table.say("A game played over the network cannot be restarted.")

    can_restart = False

    def seats_to_hand_over(self) -> list[int]:
        """The host's: the seats of players who dropped (to a computer) or whose seat a computer
        keeps for them (back to them). Nobody else hands a seat over."""
        if not self.table.turns.host:
            return []
        return [seat for seat, told in enumerate(self.session.lobby_seats)
                if seat != self.session.seat and told.get("held")
                and (told.get("kind") == "computer" or not told.get("connected"))]

    def hand_over_label(self, seat: int) -> str:
        name = self.session.names[seat]
        if seat in self.session.computers:
            return f"Give {name} their seat back"
        return f"Give {name}\u2019s seat to a computer"

    def open_table_menu(self) -> None:
        """The host's menu when it has a seat to offer; else why there is nothing to change."""
        if self.seats_to_hand_over():
            super().open_table_menu()
        elif self.table.turns.host:
            self.table.say_notice("Nothing to change: a player\u2019s seat can go to a computer once they drop.")
        else:
            self.table.say_notice("At a table played over the network, the host hands a dropped player\u2019s seat "
                                  "to a computer and back.",
                                  ("Over the network, the host hands a dropped player\u2019s seat to a computer and back.",))

    def hand_over(self, seat: int) -> None:
        """Asks the host's server; every player is told when it is done."""
        kind = "human" if seat in self.session.computers else "computer"
        self.client.send({"type": "seat_kind", "seat": seat, "kind": kind})
        self.table.say_notice("Handing the seat over\u2026")

    def play_again(self) -> None:
        """A new game over the network is a new table: the host sets it up again (the setup keeps
        this one's seats and rules) and the players join it with its new room code."""
        game, host = self.session.game, self.table.turns.host
        self.leave()
        if host:
            self.app.screens.host_setup(game)
        else:
            self.app.screens.menu("For another game, join the host's new table with its room code.")

    def ask_to_save(self) -> None:
        self.table.say_notice("The host's computer keeps this game.")

    def ask_to_leave(self) -> None:
        if self.session.game_over:
            self.leave()
            return
        detail = ("Everyone is told you left; the game is saved, and Continue opens the table again." if self.table.turns.host
                  else "The game goes on without you: Join a table, then Rejoin, brings you back to your seat.")
        self.app.screens.confirm("Leave the table?", detail, "Leave", self.leave, keymap.LEAVE)

    def leave(self) -> None:
        if self.table.turns.host:
            self.client.send({"type": "end"})
        self.client.close()
        self.app.screens.menu()


def networked(base: type) -> type:
    """The networked form of a game's table scene class."""
    return type(f"Networked{base.__name__}", (NetworkedTable, base), {})


def open_remote_table(app, client, messages: list[dict], table_class) -> None:
    """The table of the game the host's snapshot in `messages` is of (every message taken in
    order by its turns), over the menu; `table_class(descriptor)` finds a game's table scene class. With no
    snapshot in `messages`, the menu says so."""
    first = next((i for i, message in enumerate(messages) if message.get("type") == "snapshot"), None)
    if first is None:
        client.close()
        app.screens.menu(NO_SNAPSHOT)
        return
    session = joined_session(messages[first])
    table = networked(table_class(session.descriptor))(app, session, client, messages)
    app.screens.menu(said=False)  # the table over it is said
    app.push(table)

"""A table on a server: Play online, On a server sets a table up on a `chaintable-server`
(game/net/command.py) rather than on this computer. The server's address is typed once (host:port,
ws:// or wss://) and remembered in the settings; the game and the usual setup follow, each seat
Human, Computer or Open. The app then connects to the server and sets the table up there with a
`create` message; the server sits this player in the first Human seat, as it sits any player who
says `hello`. The table lives on the server: this player has no host's rights and no server runs
here, and when this player leaves, the game goes on there (Join a table, Rejoin, comes back).

The lobby shows the room code and the server's address to share; friends join by them with Join a
table. Once no seat is open the server starts the game by itself, and every player's table opens.

Nothing here waits on the network in the frame loop. Every message names the address tried and
wraps whole; the address typed and the setup stay as they were for another try."""

from __future__ import annotations

import re

import pygame

from game import storage
from game.net import joined
from game.net.client import CONNECT_SECONDS, TableClient, table_address
from game.net.hosting import HostedTable

from scenes.net.host import Choices, table_games
from scenes.net.join import shown_address
from scenes.net.lobby import Lobby
from scenes.net.reaching import ReachesTable
from scenes.ui import keymap
from scenes.ui.scene import Scene
from scenes.ui import theme
from scenes.ui.motion import Thinker
from scenes.ui.scrolling import ScrolledPage
from scenes.ui.widgets import Button, CursorBlink, TextField, draw_lines, line_height, panel, text_width, wrap

# Measures of this layout that are no step of theme's scales (pixels at the base window).
BOX_MARGINS = 60  # the box's top and bottom margins
BOX_MIN_W = 640  # the box at least
BOX_TOP = 30  # the box below the window's top
BUTTON_MIN_H = 50
BUTTON_MIN_W = 160

ABOUT = ("The address of a Chain Table server (chaintable-server), as whoever runs it gave it: host:port. "
         "Your table is set up there, and friends join it with Join a table, from anywhere.")
ADDRESS_LABEL = "Server address"
FIELD_MIN_W = 220  # the address field beside its label at least
# What a connection's failure says, and the player's words for it ({tried}: the address tried).
UNREACHABLE = (
    (("refused",), "Nothing answers at {tried}: check the address and its port, and that the server is running."),
    (("HTTP 503", "HTTP 429"), "The server at {tried} is full or busy: try again in a while."),
    (("not known", "getaddrinfo", "nodename", "name resolution"),
     "No computer is known by the name in {tried}: check how the address is spelled."),
    (("timed out",), f"No answer from {{tried}} within {CONNECT_SECONDS} seconds: check the address, and that this "
                     "computer is online."),
    (("HTTP", "no answer", "SSL", "close frame"),
     "Something answers at {tried}, but not a Chain Table server: check the address and its port."),
)


def unreachable_words(tried: str, failure: str) -> str:
    """Why no table could be set up at `tried` (shown as typed), from the connection's `failure`."""
    for signs, words in UNREACHABLE:
        if any(sign.lower() in failure.lower() for sign in signs):
            return words.format(tried=tried)
    told = failure.partition(": ")[2] or failure  # after "cannot reach a table at ADDRESS"
    reason = re.sub(r"^\[[^]]*\]\s*", "", told).rstrip(".")  # no "[Errno 101]"
    return f"The server at {tried} cannot be reached: {reason}."


class Framed(ReachesTable, Scene):
    """A screen of this flow: a gold-edged box, its title, and under it a page (a message wrapped
    whole, fields, buttons) that scrolls where it is taller than the box (large text)."""

    title = ""

    def __init__(self, app) -> None:
        super().__init__(app)
        self._message = ""
        self.message_lines: list[str] = []
        self.title_lines: list[str] = []
        self.page = ScrolledPage()

    def spoken_title(self) -> str:
        return f"{self.title}. {getattr(self, 'message', '')}".strip(" .")

    def focusables(self) -> list:
        return self.page.controls()

    def reveal(self, control) -> None:
        self.page.reveal_control(control)

    def lay_box(self, size) -> int:
        """The box and the title, the page emptied: the page's first y."""
        w, h = size
        gap = self.px(theme.SPACE)
        width = min(w - 2 * gap, max(self.px(BOX_MIN_W), w * 3 // 5))
        self.box = pygame.Rect((w - width) // 2, self.px(BOX_TOP), width, h - self.px(BOX_MARGINS))
        self.title_lines = wrap(self.title, self.px(theme.TEXT_PANEL_TITLE), width - 2 * gap, bold=True)
        self.page.clear()
        return 0

    def fit_page(self) -> None:
        """The page seen through the box under the title (a line kept for the hint that it scrolls)."""
        gap = self.px(theme.SPACE)
        top = self.box.y + gap + len(self.title_lines) * line_height(self.px(theme.TEXT_PANEL_TITLE), bold=True) + gap
        bottom = self.box.bottom - gap - line_height(self.px(theme.TEXT_SMALL))
        self.page.fit(pygame.Rect(self.box.x, top, self.box.w, bottom - top), self.page.bottom(),
                      line_height(self.px(theme.TEXT_LABEL)))
        self.page.place()

    def lay_buttons(self, buttons: list[Button], x: int, y: int) -> int:
        """`buttons` left to right from (x, y) on the page, each as wide as its label needs (within
        the box, its label wrapped where it must); one that does not fit in the row starts the
        next: the y below the last row."""
        gap, size = self.px(theme.SPACE), self.px(theme.TEXT_LABEL)
        right = self.box.w - gap
        widths = [min(right - x, max(self.px(BUTTON_MIN_W), button.needed(size)[0])) for button in buttons]
        row_h = max(self.px(BUTTON_MIN_H), *(button.needed(size, width)[1] for button, width in zip(buttons, widths)))
        left = x
        for button, width in zip(buttons, widths):
            if x > left and x + width > right:
                x, y = left, y + row_h + gap
            self.page.control(button, pygame.Rect(x, y, width, row_h), size)
            x += width + gap
        return y + row_h

    def lay_message(self, y: int, words: str) -> int:
        """The message (else `words`) wrapped from `y` on the page: the y below it."""
        gap, size = self.px(theme.SPACE), self.px(theme.TEXT_LABEL)
        self.message_lines = wrap(self.message or words, size, self.box.w - 2 * gap)
        return self.page.lines(self.message_lines, size, theme.ALERT if self.message else theme.INK_DIM, (gap, y))

    def scrolled(self, event) -> bool:
        """The wheel or a page key moved the page; whether it did."""
        if self.page.handle(event):
            self.page.place()
            return True
        return False

    def draw_box(self, screen, blink: bool = True) -> None:
        """The box, its title and its page."""
        screen.fill(theme.FELT)
        panel(screen, self.box, edge=theme.GOLD, radius=14)
        draw_lines(screen, self.title_lines, self.px(theme.TEXT_PANEL_TITLE), theme.GOLD,
                   (self.box.centerx, self.box.y + self.px(theme.SPACE)), "midtop", box=self.box, bold=True)
        self.page.draw(screen, lambda control, size: control.draw(screen, size, blink) if isinstance(control, TextField)
                       else control.draw(screen, size))
        self.page.draw_hint(screen, self.px(theme.TEXT_SMALL), (self.box.centerx, self.page.viewport.bottom), box=self.box)


class ServerAddress(Framed):
    """The server's address, remembered from last time; Enter goes on to the choice of a game."""

    title = "Play on a server"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.address = TextField(app.settings.get("server_address", ""), "host:port",
                                 max_length=storage.SERVER_ADDRESS_LIMIT)
        self.address.focused = True
        self.go_button = Button("Choose a game", self.go_on, color=theme.BUTTON_GO,
                                note=keymap.pressing(keymap.ENTER))
        self.back_button = Button("Back", app.pop, color=theme.BUTTON_QUIET, note=keymap.pressing(keymap.ESCAPE))
        self.blink = CursorBlink()
        pygame.key.start_text_input()

    def go_on(self) -> None:
        """The address, when it is one, remembered for next time; then the games to set up."""
        typed = self.address.value.strip()
        try:
            address = table_address(typed)
        except ValueError as err:
            self.message = f"{str(err)[:1].upper()}{str(err)[1:]}."
            return
        self.app.settings["server_address"] = typed
        self.message = self.app.save_settings() or ""
        self.app.push(game_choice(self.app, address))

    def handle(self, event) -> None:
        self.blink.wake()
        if keymap.ESCAPE.pressed(event):
            self.app.pop()
            return
        if keymap.ENTER.pressed(event):
            self.go_on()
            return
        if self.scrolled(event):
            return
        self.address.handle(event)
        for button in (self.go_button, self.back_button):
            button.handle(event)

    def animating(self) -> bool:
        return self.blink.due()

    def layout(self, size) -> None:
        """What the address is, the field (its label beside it, or above where the box is narrow),
        Choose a game and Back, the message."""
        gap, control = self.px(theme.SPACE), self.px(theme.TEXT_CONTROL)
        y = self.lay_box(size)
        inner = self.box.w - 2 * gap
        y = self.page.lines(wrap(ABOUT, self.px(theme.TEXT_LABEL), inner), self.px(theme.TEXT_LABEL), theme.INK_DIM, (gap, y)) + gap
        label_w = text_width(ADDRESS_LABEL, control) + gap
        field_h = line_height(control) + self.px(theme.SPACE)
        if inner - label_w < self.px(FIELD_MIN_W):
            y = self.page.text(ADDRESS_LABEL, control, theme.INK, (gap, y)).bottom
            label_w = 0
        else:
            self.page.text(ADDRESS_LABEL, control, theme.INK, (gap, y + field_h // 2), "midleft")
        y = self.page.control(self.address, pygame.Rect(gap + label_w, y, inner - label_w, field_h), control).bottom + gap
        y = self.lay_buttons([self.go_button, self.back_button], gap + label_w, y)
        self.lay_message(y + gap, "")
        self.fit_page()

    def draw(self, screen) -> None:
        self.draw_box(screen, self.blink.on())


def game_choice(app, address: str) -> Choices:
    """The games a table on the server at `address` can play, each opening its setup."""
    return Choices(app, "On a server: which game?", [
        Button(game.title, (lambda name=game.name: app.screens.server_setup(name, address)), note=game.blurb)
        for game in table_games()])


def set_up(app, address: str, game: str, config: dict, typed_seed: str = "") -> str | None:
    """The setup's table, set up on the server at `address`; why not, when the setup cannot be a
    table (said on the setup screen, before any connection). The server deals: a seed typed
    would be ignored, so it is refused with how to go on."""
    if typed_seed:
        return "A table on a server is dealt by the server: leave the seed blank."
    try:
        HostedTable.planned(game, config, 0)
    except ValueError as err:
        return f"This table cannot be set up: {err}"
    app.push(SettingUp(app, address, game, config))
    return None


class SettingUp(Framed):
    """The connection to the server and its `create`, until the server has seated this player:
    then the lobby. A failure is said here with the address tried; Enter tries again, Esc goes
    back to the setup, as it was."""

    title = "Setting the table up"

    def __init__(self, app, address: str, game: str, config: dict) -> None:
        super().__init__(app)
        self.address, self.tried = address, shown_address(address)
        self.create = {"type": "create", "game": game, "config": config}
        self.client: TableClient | None = None
        self.connecting: Thinker | None = None
        self.unread: list[dict] = []  # the server's messages so far, for the lobby
        self.again_button = Button("Try again", self.connect, color=theme.BUTTON_GO, note=keymap.pressing(keymap.ENTER))
        self.address_button = Button("Change the address", self.change_address)
        self.back_button = Button("Back", self.back, color=theme.BUTTON_QUIET, note=keymap.pressing(keymap.ESCAPE))
        self.connect()

    # -- the connection

    def connect(self) -> None:
        """A fresh connection to the server that says `create`, opened off the frame loop."""
        if self.connecting is not None:
            return
        self.drop_connection()
        client = TableClient(self.address, wake=self.app.wake)
        self.connecting = Thinker(lambda: client.open(self.create) or client)
        self.message = ""  # laid out anew: Back alone while connecting

    def drop_connection(self) -> None:
        if self.client is not None:
            self.client.close()
        self.client, self.unread = None, []

    def update(self, dt: float) -> None:
        self.read_answers()

    def connected(self, attempt: Thinker) -> None:
        self.connecting = None
        if isinstance(attempt.error, OSError):
            self.message = unreachable_words(self.tried, str(attempt.error))
        elif attempt.error is not None:
            raise attempt.error
        else:
            self.client = attempt.result

    def take(self, message: dict) -> None:
        """The server's answers: the room, this seat, then the lobby (or, every other seat a
        computer's, the game under way at once)."""
        kind = message.get("type")
        if kind == "refused":
            self.drop_connection()
            reason = str(message.get("reason", "")).rstrip(".")
            self.message = f"The server at {self.tried} says: {reason}."
        elif kind == "dropped":
            self.drop_connection()
            self.message = (f"The server at {self.tried} closed the connection before the table was set up: it may "
                            "be a version that sets no tables up. Try again, or ask whoever runs it.")
        elif (kind == "lobby" and not message.get("started")) or kind == "snapshot":
            self.seated(kind == "snapshot")

    def seated(self, started: bool) -> None:
        """On to the lobby (or the table), the table kept in Join a table's list to come back to."""
        client, unread = self.client, self.unread
        self.client, self.unread = None, []
        problem = self.app.write(joined.remember_table, self.table_entry(client, unread))
        if started:
            self.app.screens.remote_table(client, unread)
        else:
            self.app.screens.server_lobby(client, unread, self.tried, problem or "")

    def table_entry(self, client: TableClient, messages: list[dict]) -> dict:
        """The table as Join a table keeps it for Rejoin: where, its room, this seat and its token."""
        told = {message.get("type"): message for message in messages}
        lobby, welcome = told.get("lobby", {}), client.welcome or {}
        return {"address": self.address, "room": str(told.get("room", {}).get("room", lobby.get("room", ""))),
                "seat": welcome.get("seat"), "token": str(welcome.get("token", "")), "game": self.create["game"],
                "title": str(lobby.get("title", "")), "names": [seat.get("name", "") for seat in lobby.get("seats", [])]}

    # -- what the player asks

    def back(self) -> None:
        """Back to the setup as it was; a connection still being made is closed once it is."""
        attempt, self.connecting = self.connecting, None
        if attempt is not None:
            Thinker(lambda: attempt.wait(CONNECT_SECONDS + 2) and attempt.result and attempt.result.close())
        self.drop_connection()
        self.app.pop()

    def change_address(self) -> None:
        """Back to the server's address, as typed."""
        self.back()
        while not isinstance(self.app.top, ServerAddress) and any(isinstance(s, ServerAddress) for s in self.app.stack):
            self.app.pop()

    def handle(self, event) -> None:
        if keymap.ESCAPE.pressed(event):
            self.back()
            return
        if keymap.ENTER.pressed(event) and self.failed:
            self.connect()
            return
        if self.scrolled(event):
            return
        for button in self.buttons():
            if button.handle(event) and event.type == pygame.MOUSEBUTTONUP:
                break

    @property
    def failed(self) -> bool:
        return self.connecting is None and self.client is None

    def buttons(self) -> list[Button]:
        return ([self.again_button, self.address_button] if self.failed else []) + [self.back_button]

    def animating(self) -> bool:
        """A connection being made (it ends in another thread)."""
        return self.connecting is not None

    # -- the screen

    def layout(self, size) -> None:
        gap = self.px(theme.SPACE)
        y = self.lay_message(self.lay_box(size), f"Connecting to the server at {self.tried}\u2026") + gap
        self.lay_buttons(self.buttons(), gap, y)
        self.fit_page()

    def draw(self, screen) -> None:
        self.draw_box(screen)


class ServerLobby(Lobby):
    """The lobby of a table on a server: nobody hosts it, its address is the server's, and the
    server starts the game by itself once no seat is open. The player who set it up may close it
    until then (it then leaves the tables to come back to, and frees a place among the tables the
    server lets one address keep)."""

    def __init__(self, app, client, messages: list[dict], address: str, notice: str = "") -> None:
        """`address`: the server's, as the player typed it; `notice`: what to tell first (the list
        of tables to come back to could not be written, say)."""
        self.address = address
        self.close_button = Button(keymap.named("Close the table", keymap.CLOSE_TABLE), self.ask_to_close,
                                   color=theme.BUTTON_STOP)
        self.closing = False  # this player asked the server to close the table
        super().__init__(app, client, messages)
        self.message = notice

    is_host = False  # whatever the lobby says of the seat that set the table up: it has no host's rights

    @property
    def set_it_up(self) -> bool:
        """Whether this seat is the one of the player who set the table up (the lobby marks it as
        a host's), before the game starts."""
        if self.lobby is None or self.lobby["started"] or self.seat is None:
            return False
        seats = self.lobby["seats"]
        return self.seat < len(seats) and seats[self.seat]["host"]

    def foot_action(self) -> Button:
        return self.close_button

    def buttons(self) -> list[Button]:
        return super().buttons() + ([self.close_button] if self.set_it_up else [])

    def ask_to_close(self) -> None:
        self.app.screens.confirm("Close the table?", "Nobody can sit at it any more; the players at it are told "
                                 "you closed it.", "Close the table", self.close_table, keymap.CLOSE_TABLE)

    def handle(self, event) -> None:
        if keymap.CLOSE_TABLE.pressed(event) and self.set_it_up:
            self.ask_to_close()
            return
        super().handle(event)

    def close_table(self) -> None:
        self.closing = True
        self.client.send({"type": "end"})
        self.message = "Closing the table\u2026"

    def closed(self, reason: str) -> None:
        """Closed by this player: no longer offered to come back to (they said so)."""
        if self.closing and self.lobby is not None:
            self.app.write(joined.forget_table, self.client.address, self.lobby["room"])
        super().closed(reason)

    def ask_to_leave(self) -> None:
        if not self.set_it_up:
            super().ask_to_leave()
            return
        self.app.screens.confirm("Leave the table?", "You can come back to your seat while the table is open (Join a "
                                 "table, Rejoin); to end it for everyone instead, close it.", "Leave", self.leave,
                                 keymap.LEAVE)

    def seat_words(self, index: int, seat: dict) -> str:
        return super().seat_words(index, {**seat, "host": False})

    def join_words(self) -> str:
        return f"Friends join at {self.address} with this code"

    def waiting_words(self) -> str:
        waiting = len(self.open_seats())
        if not waiting:
            return "Every seat is taken: the game starts\u2026"
        return f"The game starts by itself once every seat is taken ({waiting} open)."

"""Hosting a table from this computer: the Play online menu (Host a table, Join a table, On a
server: scenes/net/on_server.py), the
choice of a game, and `Hosting`, which runs the table server in this app (game/net/server.py),
opens the host's table in it and connects the host's own seat to it over loopback, as any
player's. The host's app saves the game after every move, with the table's network record, so
Continue opens the same table again; the server stops when the host leaves or the app quits."""

from __future__ import annotations

import logging
import socket

import pygame

from game import registry, storage
from game.net import discovery
from game.net.client import TableClient
from game.net.discovery import EVERY_ADDRESS
from game.net.hosting import HostedTable
from game.net.server import LISTEN_ADDRESS, TableServer

from scenes.ui import keymap
from scenes.ui.scene import Scene
from scenes.ui import theme
from scenes.ui.scrolling import ScrolledPage
from scenes.ui.widgets import Button, line_height, wrap

# Measures of this layout that are no step of theme's scales (pixels at the base window).
CHOICE_MIN_H = 64
CHOICE_MIN_W = 420  # a way to play's button at least
TITLE_SIZE = 44  # the screen's title

log = logging.getLogger(__name__)


def lan_addresses(found: list[str]) -> list[str]:
    """This computer's addresses that other computers may reach it by, from those found: IPv4,
    neither this computer's own loopback nor a link-local one, each once, in order."""
    kept = []
    for address in found:
        if address.count(".") == 3 and not address.startswith(("127.", "169.254.")) and address not in kept:
            kept.append(address)
    return kept


def found_addresses() -> list[str]:
    """This computer's IPv4 addresses as its own name resolves (no packet is sent to any
    other computer: the name is this computer's); none when it cannot tell."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [info[4][0] for info in infos]


def join_addresses(listening: str, port: int, found=found_addresses) -> list[str]:
    """The addresses a player types to join, "host:port": the one the server listens on, or,
    listening on every address, this computer's on the local network (this computer's own
    loopback when none is known: players on this computer only)."""
    if listening not in EVERY_ADDRESS:
        return [f"{listening}:{port}"]
    return [f"{address}:{port}" for address in lan_addresses(found())] or [f"127.0.0.1:{port}"]


class Hosting:
    """The table this app hosts: its server, and the host's own connection to its seat."""

    def __init__(self, app, table: HostedTable) -> None:
        self.app = app
        self.table = table
        self.server, port = self.listen(theme.COMPUTER_PACE.get(app.settings.get("computer_speed"), 0.75))
        table.port = port
        self.room = self.server.host(table)
        self.addresses = join_addresses(LISTEN_ADDRESS, port)
        self.client = TableClient(f"ws://127.0.0.1:{port}", wake=app.wake)
        try:
            self.client.open({"type": "hello", "room": self.room, "token": table.host_token, "host": table.host_key})
        except OSError:
            self.server.stop()
            raise
        self.advertised: discovery.Advertiser | None = None
        if not table.started:
            self.advertised = discovery.advertiser(LISTEN_ADDRESS, table.names()[table.host_seat], port, self.room,
                                                   table.game, len(table.open_seats()))
            self.advertised.start()
        app.quit_hooks.append(self.stop)

    def advertise(self, open_seats: int, started: bool) -> None:
        """The local network told of the table's open seats; no longer once the game started."""
        if self.advertised is None:
            return
        if started:
            self.advertised.stop()
            self.advertised = None
        else:
            self.advertised.update(open_seats)

    def listen(self, pace: float) -> tuple[TableServer, int]:
        """The table's server, on the port it had when it was saved (so the players' Rejoin finds
        it there), or on a free one when that port is taken now or the table is new."""
        def server_on(port: int) -> TableServer:
            return TableServer(LISTEN_ADDRESS, port, computer_pace=pace, on_move=self.autosave, one_table=True,
                               creates_tables=False)

        if self.table.port:
            server = server_on(self.table.port)
            try:
                return server, server.start()
            except OSError:
                log.info("port %s is taken now: the table opens on another", self.table.port)
        server = server_on(0)
        return server, server.start()

    def autosave(self, table: HostedTable) -> None:
        """The host's save after each move (on the server's thread): the game and its table, the
        host's own only (no other table is ever saved over it). A game over is kept for replay on
        the host's computer, as a local game is; once the session is over, the table is no longer
        the game Continue opens."""
        if table is not self.table:
            log.warning("the server offered another table than the host's to save: not saved")
            return
        session = table.session
        session.network = table.network_record()
        try:
            if session.game_over:
                storage.archive_game(session)
            if session.session_over:
                storage.forget_game()
            else:
                storage.save_game(session)
        except storage.StorageError as err:
            log.warning("the hosted game cannot be saved: %s", err)

    def stop(self) -> None:
        """End the table (every other player is told) and stop the server."""
        if self.stop in self.app.quit_hooks:
            self.app.quit_hooks.remove(self.stop)
        self.advertise(0, started=True)
        if self.server.running:
            self.client.send({"type": "end"})
        self.client.close()
        self.server.stop(grace=2)


def host_table(app, table: HostedTable) -> str | None:
    """Open `table` on this computer and show its lobby; why not, when it cannot be opened."""
    screens = app.screens
    if screens.hosting is not None:
        screens.hosting.stop()
        screens.hosting = None
    try:
        hosting = Hosting(app, table)
    except (OSError, ValueError) as err:
        return f"The table cannot be opened: {err}"
    screens.hosting = hosting
    screens.lobby(hosting.client, [])
    return None


def host_planned(app, game: str, config: dict, seed: int) -> str | None:
    """The host's setup, opened as a table the players join (the setup's `host`). Its game is the
    game in progress once it starts (`Hosting.autosave`), so the one in progress now is kept in
    Saved games or replaced first, as the player says."""
    try:
        table = HostedTable.planned(game, config, seed)
    except ValueError as err:
        return f"This table cannot be hosted: {err}"
    if storage.game_at_stake(None) is None:
        return host_table(app, table)
    app.screens.keep_or_replace(None, lambda: host_once_asked(app, table))
    return None


def host_once_asked(app, table: HostedTable) -> None:
    """`host_table` after the question: a table that cannot be opened then is said on the menu."""
    problem = host_table(app, table)
    if problem:
        app.screens.menu(problem)


class Choices(Scene):
    """A title and a column of buttons, Back last (Esc too): the Play online menu, the games."""

    def spoken_title(self) -> str:
        return self.title

    def __init__(self, app, title: str, buttons: list[Button]) -> None:
        super().__init__(app)
        self.title = title
        self.choices = buttons
        self.back_button = Button("Back", app.pop)
        self.page = ScrolledPage()  # where large text makes the column taller than the window

    def focusables(self) -> list[Button]:
        return self.choices + [self.back_button]

    def reveal(self, control) -> None:
        self.page.reveal_control(control)

    def layout(self, size) -> None:
        """The title and the buttons in a column as wide as the widest needs (within the window),
        each as tall as its words wrapped; the column scrolls where it is taller than the window."""
        w, h = size
        gap = self.px(theme.SPACE)
        lead = self.px(theme.TEXT_LEAD)
        width = min(w - 2 * gap, max(self.px(CHOICE_MIN_W), *(button.needed(lead)[0] for button in self.choices)))
        height = max(self.px(CHOICE_MIN_H), *(button.needed(lead, width)[1] for button in self.choices))
        self.page.clear()
        y = self.page.lines(wrap(self.title, self.px(TITLE_SIZE), w - 2 * gap, bold=True), self.px(TITLE_SIZE), theme.INK,
                            (w // 2, self.px(theme.SPACE_SECTION)), "midtop", bold=True) + 2 * gap
        for button in self.choices + [self.back_button]:
            size = lead if button in self.choices else self.px(theme.TEXT_BUTTON)
            y = self.page.control(button, pygame.Rect(w // 2 - width // 2, y, width, height), size).bottom + gap
        hint_h = line_height(self.px(theme.TEXT_SMALL)) if y > h else 0
        self.page.fit(pygame.Rect(0, 0, w, h - hint_h), y, line_height(lead))
        self.page.place()

    def handle(self, event) -> None:
        if keymap.ESCAPE.pressed(event):
            self.app.pop()
            return
        if self.page.handle(event):
            self.page.place()
            return
        for button in self.choices + [self.back_button]:
            if button.handle(event) and event.type == pygame.MOUSEBUTTONUP:
                break

    def draw(self, screen) -> None:
        screen.fill(theme.FELT)
        self.page.draw(screen, lambda button, size: button.draw(screen, size))
        self.page.draw_hint(screen, self.px(theme.TEXT_SMALL), (self.app.size[0] // 2, self.page.viewport.bottom))


def online_menu(app) -> Choices:
    return Choices(app, "Play online", [
        Button("Host a table", lambda: app.push(game_choice(app)), note="friends join your table from their computers"),
        Button("Join a table", lambda: app.screens.join(), note="sit at a table another computer hosts"),
        Button("On a server", lambda: app.screens.on_server(),
               note="set a table up on a Chain Table server: friends join it across the internet")])


def table_games() -> list:
    """The games a table over the network can play: those of two or more seats."""
    return [game for game in registry.GAMES if game.rules.max_players > 1]


def game_choice(app) -> Choices:
    """The games a table hosted here can play."""
    return Choices(app, "Host a table: which game?", [
        Button(game.title, (lambda name=game.name: app.screens.host_setup(name)), note=game.blurb)
        for game in table_games()])

"""Every screen of the app, opened through `app.screens`.

Scenes reach one another only through here (the menu opens a setup, a table ends in the game-over
screen, every way back leads to the menu), so no scene imports another to get back to it, and a
game's table is found from its descriptor, never from a list of tables.
"""

from __future__ import annotations

import importlib

from game import registry, storage
from game.lesson import Lesson, LessonError, load_lesson
from game.net.hosting import HostedTable
from game.tables import lesson_session

from scenes.menus.confirm import AskText, Confirm, KeepOrReplace
from scenes.menus.gameover import GameOver
from scenes.menus.handoff import HandOff
from scenes.menus.menu import MainMenu
from scenes.menus.replay import Replay, ReplayList
from scenes.menus.review import ReviewScene, SeatChoice, reviewable_seats
from scenes.menus.rules_sheet import RulesSheet
from scenes.menus.settings import SettingsScene
from scenes.menus.setup import SetupScene
from scenes.menus.stats_screen import StatsScreen
from scenes.menus.table_menu import TableMenu
from scenes.net import host, on_server
from scenes.net.lobby import Lobby
from scenes.net.join import JoinScene
from scenes.net.remote_table import open_remote_table
from scenes.shell.app import App
from scenes.table.lesson import LessonMode


def table_class(descriptor) -> type:
    """The table scene a game's descriptor names ("module:Class"); importing its module also
    registers the painters of the game's own cards."""
    module, _, name = descriptor.table.partition(":")
    return getattr(importlib.import_module(module), name)


class Screens:
    def __init__(self, app: App) -> None:
        self.app = app
        self.hosting: host.Hosting | None = None  # the table this app hosts over the network
        for game in registry.GAMES:
            table_class(game)  # each game's scene module registers the painters of its cards

    def menu(self, message: str = "", said: bool = True) -> None:
        """The main menu alone (`said`: unless a screen goes over it at once)."""
        self.app.reset_to(MainMenu(self.app, message), said)

    def setup(self, game: str) -> None:
        self.app.push(SetupScene(self.app, game))

    def settings(self) -> None:
        self.app.push(SettingsScene(self.app))

    def table(self, session, problem: str | None = None) -> None:
        """A game's table, over the menu (where leaving the table returns), once the game in
        progress it replaces is kept or replaced as the player says; `problem` (a setting that
        could not be saved) is told there. The game is the one in progress from now: a deal left
        before its first move comes back with Continue."""
        self.keep_or_replace(session, lambda: self.open_table(session, problem))

    def open_table(self, session, problem: str | None) -> None:
        self.app.reset_to(MainMenu(self.app), said=False)  # the screen over it is said
        table = table_class(session.descriptor)(self.app, session)
        self.app.push(table)
        if not session.game_over:
            table.autosave()
        table.report(problem)

    def keep_or_replace(self, session, go_on) -> None:
        """`go_on()` at once when making `session` the game in progress throws no game away (None:
        a game not dealt yet, as a table hosted over the network is until it starts); else once the
        player says to keep the game in progress in Saved games (Enter) or to replace it, and
        never if they cancel."""
        title = storage.game_at_stake(session)
        if title is None:
            go_on()
        else:
            self.app.push(KeepOrReplace(self.app, title, go_on))

    def remote_table(self, client, messages: list[dict]) -> None:
        """A table played over the network (by a joiner or the host), over the menu: `client` a
        connected game.net.client.TableClient, `messages` those received from it not yet read
        (the game's snapshot among them)."""
        open_remote_table(self.app, client, messages, table_class)

    def join(self) -> None:
        """Join a table over the network: its address, room code and a name, then a free seat."""
        self.app.push(JoinScene(self.app))

    def lesson(self, game: str) -> None:
        """The lesson of `game` at the game's own table, over the menu (where leaving it returns);
        a lesson file that cannot be used is named on the menu instead."""
        try:
            lesson = Lesson(load_lesson(game))
        except LessonError as err:
            self.menu(f"The lesson cannot be played: {err}")
            return
        lesson.start()
        session = lesson_session(lesson)
        table = table_class(session.descriptor)(self.app, session)
        LessonMode(table, lesson)
        self.app.reset_to(MainMenu(self.app), said=False)  # the screen over it is said
        self.app.push(table)
        table.say_notice(f"Part 1: {lesson.part.title}")

    def game_over(self, table) -> None:
        self.app.push(GameOver(self.app, table))

    def hand_off(self, table, seat: int) -> None:
        self.app.push(HandOff(self.app, table, seat))

    def ask_text(self, question: str, value: str, on_ok, problem=lambda text: None) -> None:
        """A box to type a short text in; `problem(text)` says what keeps a text from being taken."""
        self.app.push(AskText(self.app, question, value, on_ok, problem=problem))

    def replays(self) -> None:
        self.app.push(ReplayList(self.app))

    def replay(self, saved) -> None:
        """A finished game (a loaded save, or a networked game's playback as this device's seat
        saw it) replayed on its own game's table."""
        session = getattr(saved, "session", saved)
        self.app.push(Replay(self.app, saved, table_class(session.descriptor)))

    def replay_earlier(self, earlier) -> None:
        """A game of an earlier edition of its rules (session.EarlierEdition): replayed as far as
        these rules go, then its recorded moves."""
        self.app.push(Replay(self.app, earlier.session, table_class(earlier.session.descriptor), earlier))

    def review(self, saved) -> None:
        """A finished game (a loaded save, the session just ended, or a networked game's playback
        as this device's seat saw it) reviewed: the decisions of the one person at the table, or
        of the one chosen when several played."""
        seats = reviewable_seats(saved)
        table = table_class(getattr(saved, "session", saved).descriptor)
        if len(seats) == 1:
            self.app.push(ReviewScene(self.app, saved, seats[0], table))
        elif seats:
            self.app.push(SeatChoice(self.app, saved, seats, lambda seat: self.app.replace(
                ReviewScene(self.app, saved, seat, table))))

    def table_menu(self, commands) -> None:
        self.app.push(TableMenu(self.app, commands))

    def statistics(self) -> None:
        self.app.push(StatsScreen(self.app))

    def confirm(self, question: str, detail: str, yes: str, on_yes, yes_key) -> None:
        """A question whose yes ends, deletes or leaves something: a click or `yes_key` does it."""
        self.app.push(Confirm(self.app, question, detail, yes, on_yes, yes_key))

    def rules(self, descriptor, keys: str = "") -> None:
        """The game's rules sheet, and the table's keys below it."""
        self.app.push(RulesSheet(self.app, descriptor.title, descriptor.guide, keys))


    def online(self) -> None:
        """Play online: host a table, or join one."""
        self.app.push(host.online_menu(self.app))

    def host_setup(self, game: str) -> None:
        """The setup of a table hosted over the network: the usual one, with Open seats."""
        self.app.push(SetupScene(self.app, game, host=lambda config, seed: host.host_planned(self.app, game, config, seed)))

    def on_server(self) -> None:
        """Play on a server: its address, a game and its setup; the table is set up on the server."""
        self.app.push(on_server.ServerAddress(self.app))

    def server_setup(self, game: str, address: str) -> None:
        """The setup of a table on the server at `address` (a URI): the usual one, with Open seats."""
        setup = SetupScene(self.app, game, host=lambda config, _seed: on_server.set_up(
            self.app, address, game, config, setup.seed.value))
        self.app.push(setup)

    def server_lobby(self, client, messages: list[dict], address: str, notice: str = "") -> None:
        """The lobby of a table on a server, over the menu: as `lobby`, with the server's address
        (as typed) to share."""
        self.app.reset_to(MainMenu(self.app), said=False)  # the screen over it is said
        self.app.push(on_server.ServerLobby(self.app, client, messages, address, notice))

    def lobby(self, client, messages: list[dict]) -> None:
        """The lobby of a table over the network (`client` sits at it; `messages`: those it
        received that no screen has read yet), over the menu."""
        self.app.reset_to(MainMenu(self.app), said=False)  # the screen over it is said
        self.app.push(Lobby(self.app, client, messages))

    def host_again(self, session) -> None:
        """A game this app hosted, saved with its table: the table opens again with its room code,
        and its players come back to their seats; where it cannot, the menu says why."""
        try:
            table = HostedTable.reopened(session, session.network)
        except ValueError as err:
            self.menu(f"The table cannot be opened again: {err}")
            return
        problem = host.host_table(self.app, table)
        if problem:
            self.menu(problem)


def open_app(notice: str | None = None, **options) -> App:
    """The app window with its screens, at the main menu; `notice` (a data folder that cannot be
    written, say) is told there once."""
    app = App(**options)
    app.screens = Screens(app)
    if notice:
        app.notice = " ".join(filter(None, [app.notice, notice]))
        app.storage_reported = True
    app.push(MainMenu(app))
    return app

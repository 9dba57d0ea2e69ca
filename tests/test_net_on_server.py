"""Play online, On a server (scenes/net/on_server.py), through the real app headless against a
table server on 127.0.0.1: the server's address typed and remembered across a restart of the app,
the setup with an open seat, the table set up there with `create`, the lobby with the room code
and the address to share, a friend sitting in the open seat by `hello` and the app's table opening
with its own seat; this player leaving while the table goes on on the server; an address that is
none, a server that answers nothing, something that is no server, a full one and a refusal, each
said with the address tried, wrapped whole, the address and the setup kept. Every wait is bounded;
every server is stopped."""

from __future__ import annotations

import asyncio
import json
import socket
import threading

import pygame
import pytest
from websockets.asyncio.server import serve

from game import storage
from game.net import joined
from game.net.client import TableClient
from net_helpers import WAIT, cut, frames_until, server  # noqa: F401 (server: a fixture)
from scenes.menus.confirm import Confirm
from scenes.menus.menu import MainMenu
from scenes.menus.setup import SetupScene
from scenes.net.host import Choices
from scenes.net.lobby import CONNECTION_WORDS
from scenes.net.on_server import ServerAddress, ServerLobby, SettingUp, unreachable_words
from scenes.net.remote_table import NetworkedTable
from scenes.ui.keymap import GUARD_SECONDS
from scenes.shell.screens import open_app
from scenes.ui.widgets import noting_cuts
from test_layout import problems
from ui_driver import Driver

SIZES = [(800, 600), (1280, 800)]


@pytest.fixture(autouse=True)
def connections_closed(driver):
    """The app's connection to a table, if it holds one at the test's end, is closed: no thread
    goes on trying to come back."""
    yield
    for scene in driver.app.stack:
        client = getattr(scene, "client", None) or getattr(getattr(scene, "turns", None), "client", None)
        if client is not None:
            client.close()


def closed_port() -> int:
    """A port of 127.0.0.1 nothing listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def button(scene, label: str):
    shown = list(getattr(scene, "choices", [])) + (scene.buttons() if hasattr(scene, "buttons") else [])
    found = [b for b in shown if b.label == label]
    assert found, f"no button {label!r} on {type(scene).__name__}"
    if not found[0].rect.w:
        scene.reveal(found[0])  # scrolled out of view (large text): brought into view, as Tab does
    return found[0]


def address_screen(driver, typed: str | None = None) -> ServerAddress:
    """Play online, On a server; `typed` replaces the address shown."""
    driver.click(button(driver.app.top, "Play online").rect.center)
    driver.click(button(driver.app.top, "On a server").rect.center)
    scene = driver.app.top
    assert isinstance(scene, ServerAddress)
    if typed is not None:
        scene.address.value = ""
        driver.type_text(typed)
    return scene


def setup_on(driver, where: str) -> SetupScene:
    """The address typed, Enter, Chains: its setup, the seats Ana (Human) and Ben (Open)."""
    driver.app.settings["last_setup"] = {}
    address_screen(driver, where)
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.app.top, Choices) and driver.app.top.title == "On a server: which game?"
    driver.click(button(driver.app.top, "Chains").rect.center)
    setup = driver.app.top
    assert isinstance(setup, SetupScene) and [row.kind.value for row in setup.rows] == ["human", "open"]
    return setup


def open_table(driver, where: str) -> None:
    """The setup's Open table pressed: the setup is left (for the screen setting the table up,
    or already the lobby)."""
    setup = setup_on(driver, where)
    driver.click(setup.start_button.rect.center)
    assert driver.app.top is not setup, setup.message


def set_up_on(driver, where: str) -> SettingUp:
    """Open table pressed, for a server that will not set the table up: the screen that says why."""
    open_table(driver, where)
    assert isinstance(driver.app.top, SettingUp)
    return driver.app.top


def waiting_lobby(driver, port: int) -> ServerLobby:
    """The table set up on the server at `port`: its lobby, as first told."""
    open_table(driver, f"127.0.0.1:{port}")
    assert frames_until(driver, lambda: isinstance(driver.app.top, ServerLobby)), driver.app.top.message
    lobby = driver.app.top
    assert lobby.lobby is not None
    return lobby


def friend(port: int, room: str, seat: int = 1, name: str = "Bea") -> TableClient:
    client = TableClient(f"ws://127.0.0.1:{port}")
    client.open({"type": "hello", "room": room, "seat": seat, "name": name})
    client.wait_for("welcome", WAIT)
    return client


def test_the_table_is_set_up_on_the_server_and_opens_for_everyone_once_no_seat_is_open(driver, server):
    lobby = waiting_lobby(driver, server.port)
    room = lobby.lobby["room"]
    assert lobby.seat == 0 and not lobby.is_host and lobby.buttons() == [lobby.leave_button, lobby.close_button]
    assert lobby.join_words() == f"Friends join at 127.0.0.1:{server.port} with this code"
    assert [lobby.seat_words(i, seat) for i, seat in enumerate(lobby.lobby["seats"])] == [
        "1. Ana (you): connected", "2. Ben: open: waiting for a player"]
    assert lobby.waiting_words() == "The game starts by itself once every seat is taken (1 open)."
    assert [(t["room"], t["seat"]) for t in joined.joined_tables()[0]] == [(room, 0)], "kept for Rejoin"
    bea = friend(server.port, room)
    try:
        assert frames_until(driver, lambda: isinstance(driver.app.top, NetworkedTable))
        table = driver.app.top
        assert table.session.seat == 0 and table.session.names == ["Ana", "Bea"]
        assert bea.wait_for("snapshot", WAIT)["seat"] == 1
    finally:
        bea.close()


def test_the_player_who_set_the_table_up_leaves_and_the_table_stays_on_the_server(driver, server):
    """Leaving the lobby (L) ends nothing: a friend still sits, and sees that seat away."""
    lobby = waiting_lobby(driver, server.port)
    room = lobby.lobby["room"]
    driver.key(pygame.K_l)
    assert isinstance(driver.app.top, MainMenu)
    bea = friend(server.port, room)
    try:
        seats = bea.wait_for("lobby", WAIT)["seats"]
        assert seats[0]["held"] and not seats[0]["connected"]
    finally:
        bea.close()


def test_the_player_who_set_the_table_up_closes_it_with_c_once_asked_and_it_is_no_longer_offered(driver, server):
    """C asks first (Enter keeps the table); C again closes it: a friend at it is told who closed
    it, the menu says so, the table is gone from the server and from the tables to come back to."""
    lobby = waiting_lobby(driver, server.port)
    room = lobby.lobby["room"]
    bea = TableClient(f"ws://127.0.0.1:{server.port}")
    try:
        bea.open({"type": "look", "room": room})
        bea.wait_for("lobby", WAIT)
        driver.key(pygame.K_c)
        assert isinstance(driver.app.top, Confirm) and driver.app.top.yes.label == "Close the table (C)"
        driver.key(pygame.K_RETURN)
        assert driver.app.top is lobby and room in server.rooms, "Enter keeps the table"
        driver.key(pygame.K_c)
        driver.key(pygame.K_c)
        assert frames_until(driver, lambda: isinstance(driver.app.top, MainMenu))
        reason = "Ana closed the table before the game started."
        assert bea.wait_for("closing", WAIT)["reason"] == reason and driver.app.top.message == reason
        assert room not in server.rooms and joined.joined_tables()[0] == []
    finally:
        bea.close()


def test_a_friend_at_a_table_set_up_on_a_server_may_leave_it_but_not_close_it(driver, server):
    """The lobby of a player who did not set the table up: Leave alone, and C does nothing."""
    ana = TableClient(f"ws://127.0.0.1:{server.port}")
    try:
        ana.open({"type": "create", "game": "chains", "config": {"seats": [
            {"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "open"}, {"name": "Cy", "kind": "open"}]}})
        room = ana.wait_for("room", WAIT)["room"]
        bea = TableClient(f"ws://127.0.0.1:{server.port}")
        bea.open({"type": "hello", "room": room, "seat": 1, "name": "Bea"})
        bea.wait_for("welcome", WAIT)
        driver.app.screens.server_lobby(bea, [], f"127.0.0.1:{server.port}")
        lobby = driver.app.top
        assert frames_until(driver, lambda: lobby.lobby is not None and lobby.seat == 1)
        assert lobby.buttons() == [lobby.leave_button]
        driver.key(pygame.K_c)
        assert driver.app.top is lobby and room in server.rooms
        driver.key(pygame.K_ESCAPE)
        assert driver.app.top.question == "Leave the table?" and "close it" not in driver.app.top.detail
    finally:
        ana.close()
        bea.close()


def test_the_player_who_set_the_table_up_comes_back_to_the_seat_after_a_lost_connection(driver, server):
    lobby = waiting_lobby(driver, server.port)
    room, token = lobby.lobby["room"], lobby.client.token
    cut(server, room, 0)
    assert frames_until(driver, lambda: lobby.message == CONNECTION_WORDS["reconnecting"])
    assert frames_until(driver, lambda: not lobby.message)
    assert driver.app.top is lobby and lobby.client.token == token
    assert looked(server.port, room)["seats"][0]["connected"]


def test_the_servers_address_is_remembered_across_a_restart(driver):
    address_screen(driver, "chaintable.example.org:8765")
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.app.top, Choices)
    assert storage.load_settings()[0]["server_address"] == "chaintable.example.org:8765"
    restarted = Driver(open_app())
    assert address_screen(restarted).address.value == "chaintable.example.org:8765"


def test_an_address_that_is_none_is_said_with_how_to_type_it_and_stays(driver):
    scene = address_screen(driver, "my friend's server")
    driver.key(pygame.K_RETURN)
    assert driver.app.top is scene and scene.address.value == "my friend's server"
    assert scene.message == ("\u201cmy friend's server\u201d is not an address: type it as host:port, "
                             "like 192.168.1.20:8765.")


def test_a_server_that_answers_nothing_is_said_with_the_address_and_the_setup_is_kept(driver):
    port = closed_port()
    scene = set_up_on(driver, f"127.0.0.1:{port}")
    assert frames_until(driver, lambda: scene.failed)
    assert scene.message == (f"Nothing answers at 127.0.0.1:{port}: check the address and its port, and that the "
                             "server is running.")
    driver.key(pygame.K_ESCAPE)
    setup = driver.app.top
    assert isinstance(setup, SetupScene) and [row.kind.value for row in setup.rows] == ["human", "open"]
    driver.click(setup.start_button.rect.center)
    assert frames_until(driver, lambda: driver.app.top.failed)
    driver.click(button(driver.app.top, "Change the address").rect.center)
    assert isinstance(driver.app.top, ServerAddress) and driver.app.top.address.value == f"127.0.0.1:{port}"


class Refusing:
    """Something at a port of 127.0.0.1 that is not a table server as asked: a server that refuses
    every `create` with `reason`, or turns the connection away with an HTTP `status`."""

    def __init__(self, reason: str = "", status: int = 0) -> None:
        self.reason, self.status = reason, status
        self.port: int | None = None
        ready = threading.Event()
        self.thread = threading.Thread(target=lambda: asyncio.run(self.serve(ready)), daemon=True)
        self.thread.start()
        assert ready.wait(WAIT)

    async def serve(self, ready: threading.Event) -> None:
        self.loop, self.stopped = asyncio.get_running_loop(), asyncio.Event()
        turned_away = (lambda connection, request: connection.respond(self.status, "busy\n")) if self.status else None
        async with serve(self.refuse, "127.0.0.1", 0, process_request=turned_away) as running:
            self.port = running.sockets[0].getsockname()[1]
            ready.set()
            await self.stopped.wait()

    async def refuse(self, websocket) -> None:
        async for _text in websocket:
            await websocket.send(json.dumps({"version": 1, "type": "refused", "reason": self.reason}))

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.stopped.set)
        self.thread.join(WAIT)


@pytest.fixture
def refusing():
    made: list[Refusing] = []
    yield lambda **how: made.append(Refusing(**how)) or made[-1]
    for each in made:
        each.stop()


def test_a_seed_is_refused_on_the_setup_the_server_deals(driver, server):
    setup = setup_on(driver, f"127.0.0.1:{server.port}")
    setup.seed.value = "42"
    driver.click(setup.start_button.rect.center)
    assert driver.app.top is setup and setup.message == "A table on a server is dealt by the server: leave the seed blank."


def test_the_servers_own_refusal_is_said_with_the_address_tried(driver, server):
    """A computer stronger than this server lets a table have: its words, the address before them."""
    setup = setup_on(driver, f"127.0.0.1:{server.port}")
    setup.rows[1].kind.value, setup.rows[1].difficulty.value = "computer", "expert"
    driver.click(setup.start_button.rect.center)
    scene = driver.app.top
    assert isinstance(scene, SettingUp) and frames_until(driver, lambda: scene.failed)
    assert scene.message == (f"The server at 127.0.0.1:{server.port} says: that table cannot be set up: computers "
                             "here play at most at Hard.")


@pytest.mark.parametrize("how, words", [
    ({"reason": "the server is full: 1,000 tables are open"},
     "The server at {at} says: the server is full: 1,000 tables are open."),
    ({"status": 503}, "The server at {at} is full or busy: try again in a while."),
    ({"status": 404}, "Something answers at {at}, but not a Chain Table server: check the address and its port.")],
    ids=["refused", "full", "no table server"])
def test_a_refusal_a_full_server_and_no_server_are_said_with_the_address_tried(driver, refusing, how, words):
    at = f"127.0.0.1:{refusing(**how).port}"
    scene = set_up_on(driver, at)
    assert frames_until(driver, lambda: scene.failed)
    assert scene.message == words.format(at=at)
    driver.key(pygame.K_RETURN)
    assert scene.connecting is not None or scene.failed, "Enter tries again"
    assert frames_until(driver, lambda: scene.failed) and scene.message == words.format(at=at)


def test_a_name_no_computer_has_and_what_else_a_connection_says_are_told_with_the_address():
    assert unreachable_words("nowhere.invalid:8765", "cannot reach a table at ws://nowhere.invalid:8765: [Errno -2] "
                             "Name or service not known") == (
        "No computer is known by the name in nowhere.invalid:8765: check how the address is spelled.")
    assert unreachable_words("10.0.0.9:8765", "cannot reach a table at ws://10.0.0.9:8765: [Errno 101] Network is "
                             "unreachable") == "The server at 10.0.0.9:8765 cannot be reached: Network is unreachable."


LONG_ADDRESS = "a-server-with-a-rather-long-name.chaintable-players.example.org:65000"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("text_size", ("normal", "large", "largest"), ids=lambda size: f"{size} text")
def test_every_screen_of_the_flow_is_drawn_whole(driver, server, size, text_size):
    """The address screen with its longest message, a failure naming a long address, and the
    lobby: every text inside the window and its box, none cut short."""
    driver.app.screen = pygame.display.set_mode(size)
    driver.app.settings["text_size"] = text_size
    driver.app.apply_settings()
    scene = address_screen(driver, "x" * storage.SERVER_ADDRESS_LIMIT)
    driver.key(pygame.K_RETURN)
    drawn_whole(driver, scene, size)
    driver.app.screens.menu()
    failing = set_up_on(driver, f"127.0.0.1:{closed_port()}")
    assert frames_until(driver, lambda: failing.failed)
    failing.message = unreachable_words(LONG_ADDRESS, "[Errno 111] Connection refused")
    drawn_whole(driver, failing, size)
    driver.app.screens.menu()
    lobby = waiting_lobby(driver, server.port)
    lobby.address = LONG_ADDRESS
    lobby.layout(size)
    drawn_whole(driver, lobby, size)


def drawn_whole(driver, scene, size) -> None:
    """A frame of the screen: nothing overlaps, every text inside the window and its box, none
    cut short."""
    driver.frame()
    with noting_cuts() as cuts:
        assert problems(scene, size) == []
    assert cuts == []


@pytest.mark.parametrize("key", [pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE], ids=["Enter", "Space", "Esc"])
def test_enter_space_and_esc_in_the_lobby_leave_nothing(driver, server, key):
    """At once and after a pause; Esc asks, and Enter or Space on that question stays."""
    lobby = waiting_lobby(driver, server.port)
    driver.key_at_once(key)
    driver.wait(GUARD_SECONDS + 0.1)
    driver.key_at_once(key)
    if key == pygame.K_ESCAPE:
        assert isinstance(driver.app.top, Confirm) and driver.app.top.yes.label == "Leave (L)"
        driver.key(pygame.K_RETURN)
        driver.key(pygame.K_SPACE)
    assert driver.app.top is lobby and driver.app.running
    assert looked(server.port, lobby.lobby["room"])["seats"][0]["connected"], "still seated"


def looked(port: int, room: str) -> dict:
    """The room's lobby as a player looking at it is told."""
    client = TableClient(f"ws://127.0.0.1:{port}")
    try:
        client.open({"type": "look", "room": room})
        return client.wait_for("lobby", WAIT)
    finally:
        client.close()

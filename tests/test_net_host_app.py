"""The host's app, driven headless: Play online, Host a table, the setup with Open seats, the
lobby (the room code, who sits where, Start only when no seat is open, an open seat made a
computer), the table handed to the networked table once the game starts, Leave (its own key;
Enter, Space and Esc never end the table), the server stopped when the host leaves or the app
quits, and the host's Continue opening the saved table again. On 127.0.0.1 only; every wait is
bounded; every server is stopped."""

from __future__ import annotations

import json
import time

import pygame
import pytest

from game import storage
from game.net.client import TableClient
from scenes.menus.confirm import Confirm
from scenes.menus.menu import MainMenu
from scenes.menus.setup import SetupScene
from scenes.net.host import Choices, join_addresses, lan_addresses
from scenes.net.lobby import Lobby
from scenes.ui.keymap import GUARD_SECONDS

WAIT = 10.0


@pytest.fixture
def host_app(driver):
    """The app with every table it hosts stopped at the end, and the networked table recorded
    rather than opened: `driver.handed` lists the (client, messages) it was called with."""
    driver.handed = []
    driver.app.screens.remote_table = lambda client, messages: driver.handed.append((client, messages))
    yield driver
    if driver.app.screens.hosting is not None:
        driver.app.screens.hosting.stop()


def until(driver, done, seconds: float = WAIT) -> bool:
    """Frames, with the table's messages given time to arrive, until `done()`; whether it came."""
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        driver.frame()
        time.sleep(0.005)
    return bool(done())


def button(scene, label: str):
    found = [b for b in scene.buttons() if b.label == label] if hasattr(scene, "buttons") else []
    found += [b for b in getattr(scene, "choices", []) if b.label == label]
    assert found, f"no button {label!r} on {type(scene).__name__}"
    return found[0]


def click(driver, scene, label: str) -> None:
    driver.click(button(scene, label).rect.center)


def hosted_lobby(driver) -> Lobby:
    """Play online, Host a table, Chains, the setup's seats: Ana (Human) and Ben (Open); the
    table opened and its first lobby message read."""
    driver.app.settings["last_setup"] = {}
    click(driver, driver.app.top, "Play online")
    click(driver, driver.app.top, "Host a table")
    assert isinstance(driver.app.top, Choices) and "Chains" in [b.label for b in driver.app.top.choices]
    click(driver, driver.app.top, "Chains")
    setup = driver.app.top
    assert isinstance(setup, SetupScene) and [row.kind.value for row in setup.rows] == ["human", "open"]
    assert ("open", "Open") in setup.rows[0].kind.choices
    driver.click(setup.start_button.rect.center)
    lobby = driver.app.top
    assert isinstance(lobby, Lobby), setup.message
    assert until(driver, lambda: lobby.lobby is not None)
    return lobby


def joiner(driver, name: str = "Bea", seat: int = 1) -> TableClient:
    hosting = driver.app.screens.hosting
    client = TableClient(f"ws://127.0.0.1:{hosting.server.port}")
    client.open({"type": "hello", "room": hosting.room, "seat": seat, "name": name})
    client.wait_for("welcome", WAIT)
    return client


def test_the_game_choice_offers_only_games_of_two_or_more_seats(host_app):
    click(host_app, host_app.app.top, "Play online")
    assert [b.label for b in host_app.app.top.choices] == ["Host a table", "Join a table", "On a server"]
    click(host_app, host_app.app.top, "Host a table")
    from game.registry import GAMES

    titles = [b.label for b in host_app.app.top.choices]
    assert titles == [game.title for game in GAMES if game.rules.max_players > 1]
    assert "Sovereign's Chain: Solitaire" not in titles


def test_the_lobby_shows_the_room_and_starts_only_when_no_seat_is_open(host_app):
    lobby = hosted_lobby(host_app)
    hosting = host_app.app.screens.hosting
    assert lobby.lobby["room"] == hosting.room and lobby.is_host and hosting.addresses == [f"127.0.0.1:{hosting.server.port}"]
    assert not button(lobby, "Start").enabled and "Ben's seat is open" in lobby.start_words()
    assert lobby.seat_words(1, lobby.lobby["seats"][1]) == "2. Ben: open: waiting for a player"
    bea = joiner(host_app)
    try:
        assert until(host_app, lambda: lobby.lobby["seats"][1]["connected"])
        assert lobby.seat_words(1, lobby.lobby["seats"][1]) == "2. Bea: connected" and button(lobby, "Start").enabled
        click(host_app, lobby, "Start")
        assert until(host_app, lambda: host_app.handed)
        client, messages = host_app.handed[0]
        assert client is hosting.client and [m["type"] for m in messages[:2]] == ["lobby", "snapshot"]
        assert messages[0]["started"] and messages[1]["seat"] == 0
    finally:
        bea.close()


def test_an_open_seat_made_a_computer_lets_the_host_start(host_app):
    lobby = hosted_lobby(host_app)
    click(host_app, lobby, "Computer")
    assert until(host_app, lambda: lobby.lobby["seats"][1]["kind"] == "computer")
    click(host_app, lobby, "Start")
    assert until(host_app, lambda: host_app.handed)
    assert until(host_app, storage.autosave_path().exists), "the host's save, made at the start"
    assert json.loads(storage.autosave_path().read_text())["network"]["room"] == lobby.lobby["room"]


@pytest.mark.parametrize("key", [pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE], ids=["Enter", "Space", "Esc"])
def test_enter_space_and_esc_never_end_the_table(host_app, key):
    """At once and after a pause; Esc asks, and Enter or Space on that question stays."""
    lobby = hosted_lobby(host_app)
    host_app.key_at_once(key)
    host_app.wait(GUARD_SECONDS + 0.1)
    host_app.key_at_once(key)
    if key == pygame.K_ESCAPE:
        assert isinstance(host_app.app.top, Confirm) and host_app.app.top.yes.label == "Leave (L)"
        host_app.key(pygame.K_RETURN)
        host_app.key(pygame.K_SPACE)
    assert host_app.app.top is lobby and host_app.app.screens.hosting.server.running and host_app.app.running


def test_leave_ends_the_table_for_every_player_and_stops_the_server(host_app):
    lobby = hosted_lobby(host_app)
    bea = joiner(host_app)
    server = host_app.app.screens.hosting.server
    try:
        assert button(lobby, "Leave (L)")
        host_app.key(pygame.K_l)
        assert isinstance(host_app.app.top, MainMenu) and host_app.app.screens.hosting is None
        assert bea.wait_for("closing", WAIT)["reason"].startswith("The host left")
        assert not server.running
    finally:
        bea.close()


def test_quitting_the_app_stops_the_server(host_app):
    hosted_lobby(host_app)
    server = host_app.app.screens.hosting.server
    host_app.app.quit()
    assert not server.running


def test_a_player_who_joined_sees_the_lobby_without_the_hosts_buttons_and_is_told_when_it_closes(host_app):
    hosted_lobby(host_app)
    hosting = host_app.app.screens.hosting
    bea = joiner(host_app)
    host_app.app.screens.hosting = None  # this app now shows Bea's side of the table
    try:
        host_app.app.screens.lobby(bea, [])
        seen = host_app.app.top
        assert until(host_app, lambda: seen.lobby is not None)
        assert seen.seat == 1 and not seen.is_host and [b.label for b in seen.buttons()] == ["Leave (L)"]
        hosting.stop()
        assert until(host_app, lambda: isinstance(host_app.app.top, MainMenu))
        assert host_app.app.top.message.startswith("The host left")
    finally:
        bea.close()
        hosting.stop()


def test_the_hosts_continue_opens_the_saved_table_again_and_its_players_come_back(host_app):
    lobby = hosted_lobby(host_app)
    bea = joiner(host_app)
    token = None
    try:
        assert until(host_app, lambda: button(lobby, "Start").enabled)
        click(host_app, lobby, "Start")
        assert until(host_app, lambda: host_app.handed)
        code, port = lobby.lobby["room"], host_app.app.screens.hosting.server.port
        host_app.app.screens.hosting.stop()
        bea.close()
        host_app.app.screens.menu()
        click(host_app, host_app.app.top, "Continue")
        assert until(host_app, lambda: len(host_app.handed) == 2)
        client, messages = host_app.handed[1]
        assert client is host_app.app.screens.hosting.client and messages[0]["room"] == code
        assert host_app.app.screens.hosting.server.port == port, "the players' Rejoin finds it where it was"
        record = json.loads(storage.autosave_path().read_text())["network"]
        token = next(t for t, seat in record["tokens"].items() if seat == 1)
        bea = TableClient(f"ws://127.0.0.1:{host_app.app.screens.hosting.server.port}")
        bea.open({"type": "hello", "room": code, "token": token})
        assert bea.wait_for("welcome", WAIT)["seat"] == 1
    finally:
        bea.close()


def test_a_saved_table_whose_record_is_broken_is_refused_on_the_menu(host_app):
    from game.session import Session

    session = Session("chains", {"seats": [{"name": "Ana"}, {"name": "Ben"}]}, 1)
    session.network = {"room": "??"}
    storage.save_game(session)
    host_app.app.screens.menu()
    click(host_app, host_app.app.top, "Continue")
    assert isinstance(host_app.app.top, MainMenu) and "cannot be opened again" in host_app.app.top.message


def test_the_addresses_to_join_by_are_this_computers_on_the_network():
    assert lan_addresses(["127.0.1.1", "192.168.1.20", "169.254.3.3", "::1", "192.168.1.20", "10.0.0.5"]) == \
        ["192.168.1.20", "10.0.0.5"]
    assert join_addresses("127.0.0.1", 5000, found=lambda: ["192.168.1.20"]) == ["127.0.0.1:5000"]
    assert join_addresses("0.0.0.0", 5000, found=lambda: ["192.168.1.20"]) == ["192.168.1.20:5000"]
    assert join_addresses("0.0.0.0", 5000, found=lambda: []) == ["127.0.0.1:5000"]


def six_seat_lobby(driver) -> Lobby:
    """The host's lobby of a LINX table of six seats, names as long as a name may be."""
    from game.net.hosting import HostedTable
    from scenes.net.host import host_table

    seats = [{"name": "Bartholomew Fitzgera", "kind": "human"}] + [
        {"name": f"Maximilian Longname{i}", "kind": ("open", "computer")[i % 2], "difficulty": "hard"} for i in range(5)]
    assert host_table(driver.app, HostedTable.planned("linx", {"seats": seats, "games_to_win": 3}, 1)) is None
    lobby = driver.app.top
    assert until(driver, lambda: lobby.lobby is not None)
    return lobby


@pytest.mark.parametrize("text_size", ["normal", "large", "largest"], ids=lambda size: f"{size} text")
def test_no_online_screen_overlaps_or_spills_at_any_size(host_app, text_size):
    from scenes.net.host import game_choice, online_menu
    from test_layout import SIZES, problems

    app = host_app.app
    app.settings["text_size"] = text_size
    app.apply_settings()
    lobby = six_seat_lobby(host_app)
    joined = Lobby(app, TableClient("ws://127.0.0.1:9"), [{**lobby.lobby, "seat": 3}])
    setup = SetupScene(app, "linx", host=lambda config, seed: None)
    while len(setup.rows) < 6:
        setup._add_seat()
    join = join_screen_in_full(app, lobby.lobby)
    report = []
    for size in SIZES:
        app.screen = pygame.display.set_mode(size)
        for name, scene in (("online", online_menu(app)), ("games", game_choice(app)), ("setup", setup),
                            ("host's lobby", lobby), ("player's lobby", joined), ("join", join)):
            report += [f"{name} {size}: {problem}" for problem in problems(scene, size)]
    assert not report, "\n".join(report[:40])


def join_screen_in_full(app, lobby: dict):
    """The Join screen with a six-seat lobby looked at, four tables to rejoin and four found on the
    network, every name as long as a name may be."""
    from game.net import joined
    from game.net.discovery import FoundTable
    from scenes.net.join import JoinScene

    names = ["Bartholomew-Maximilian"[:20]] * 6
    for room in ("ABCDE", "FGHJK", "LMNPQ", "RSTUV"):
        joined.remember_table({"address": "ws://192.168.100.200:65000", "room": room, "token": "t" * 22, "seat": 1,
                               "game": "sovereigns-chain", "title": "Sovereign's Chain", "names": names})
    join = JoinScene(app)
    join.stop_looking()
    found = [FoundTable(names[0], "192.168.100.200", 65000, room, "sovereigns-chain", 5) for room in ("ABCDE", "FGHJK", "LMNPQ", "RSTUV")]
    join.browser.tables = lambda: found
    join.show_found()
    join.show_lobby(lobby)
    return join


def test_a_hosted_table_is_found_on_the_network_and_chosen_it_is_looked_at(host_app):
    """The host's app tells the network of its table (here on 127.0.0.1 alone); a Join screen
    lists it by itself, and choosing it fills its address and room code and shows its seats.
    (A table another test hosted may still be told of for a moment: this one is found by its
    room code.)"""
    driver = host_app
    hosting = hosted_lobby(driver).hosting
    driver.app.screens.join()
    join = driver.app.top
    label = f"Chains at Ana\u2019s \u00b7 room {hosting.room} \u00b7 1 open seat"
    until(driver, lambda: label in [b.label for b in join.founds.buttons] or join.browser.problem, 30)
    if join.browser.problem:
        pytest.skip(f"multicast on 127.0.0.1 does not work here: {join.browser.problem}")
    found = [b for b in join.founds.buttons if b.label == label]
    assert found, f"the hosted table was not found within 30 s: {[b.label for b in join.founds.buttons]}"
    driver.click(found[0].rect.center)
    assert (join.address.value, join.room.value) == (f"127.0.0.1:{hosting.server.port}", hosting.room)
    assert until(driver, lambda: join.lobby is not None)
    assert [b.label for b in join.seats.buttons] == ["Seat 1: Ana (host)", "Seat 2: sit here"]
    join.back()
    assert join.stop_looking not in driver.app.quit_hooks and driver.app.top is not join


def test_enter_starts_the_game_from_the_hosts_lobby_once_no_seat_is_open(host_app):
    lobby = hosted_lobby(host_app)
    host_app.key(pygame.K_RETURN)
    assert lobby.message == lobby.start_words() and "Ben's seat is open" in lobby.message
    assert not host_app.handed, "nothing starts while a seat is open"
    bea = joiner(host_app)
    try:
        assert until(host_app, lambda: button(lobby, "Start").enabled)
        host_app.key(pygame.K_RETURN)
        assert until(host_app, lambda: host_app.handed), "Enter started the game"
    finally:
        bea.close()


def test_the_lobby_says_its_room_code_where_to_join_and_each_player_who_comes(host_app, tmp_path, monkeypatch):
    """A host who cannot see the lobby hears the room code (letter by letter), the address and
    the seats as the table first answers, then each seat that changes: Bea joining, Enter
    pressed too early."""
    from scenes.speech import LOG_VARIABLE, speech

    log = tmp_path / "speech.log"
    monkeypatch.setenv(LOG_VARIABLE, str(log))
    host_app.app.apply_settings()  # speech follows the log asked for
    try:
        lobby = hosted_lobby(host_app)
        hosting = host_app.app.screens.hosting
        spelled = " ".join(hosting.room)
        heard = lambda: log.read_text(encoding="utf-8").splitlines()  # noqa: E731
        assert heard()[-1] == (f"Chains: a table over the network. Room code {spelled}. Players join at "
                               f"127.0.0.1:{hosting.server.port} with this code. 1. Ana (you), the host: connected "
                               "2. Ben: open: waiting for a player")
        host_app.wait(GUARD_SECONDS + 0.1)
        host_app.key(pygame.K_RETURN)
        assert heard()[-1].startswith("Start when every seat is taken: Ben's seat is open.")
        bea = joiner(host_app)
        try:
            assert until(host_app, lambda: heard()[-1] == "2. Bea: connected")
        finally:
            bea.close()
        host_app.app.push(Lobby(host_app.app, TableClient("ws://127.0.0.1:9"), [{**lobby.lobby, "seat": 1}]))
        assert heard()[-2:] == ["2. Bea: connected", f"Chains: a table over the network. Room code {spelled}. 1. Ana, the host: connected "
                               "2. Bea (you): connected"], "a player who joined hears the lobby once, whole"
    finally:
        speech().close()

"""The Join screen (scenes/net/join.py) through the real app headless, against a real table server
on 127.0.0.1: an address that answers nothing, an address that is none, a room nobody holds and
a seat already taken are each said plainly; the lobby's free seats are offered; a seat chosen goes
on to the lobby (or the table, when the game is under way) and is kept for coming back; Rejoin
brings the player back to the seat; Enter and Space never leave the screen."""

from __future__ import annotations

import socket

import pygame

from game.net import joined
from game.session import Session
from net_helpers import address, frames_until, server, sit  # noqa: F401 (server: a fixture)
from scenes.net.join import JoinScene
from scenes.net.remote_table import NetworkedTable

SEATS = [{"name": "Ben"}, {"name": "Ana"}]


def join_screen(driver) -> JoinScene:
    driver.app.screens.join()
    scene = driver.app.top
    assert isinstance(scene, JoinScene)
    return scene


def fill(driver, scene: JoinScene, where: str, room: str, name: str = "") -> None:
    for field, text in ((scene.address, where), (scene.room, room), (scene.name, name)):
        driver.click(field.rect.center)
        field.value = ""
        driver.type_text(text)


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def lobby_of(code: str, held: tuple[int, ...]) -> dict:
    """A lobby as the host tells it: Ben's seat held, Ana's open unless `held` says otherwise."""
    seats = [{"name": name, "kind": "human" if seat in held else "open", "difficulty": "normal", "held": seat in held,
              "connected": seat in held, "host": seat == 0} for seat, name in enumerate(["Ben", "Ana"])]
    return {"type": "lobby", "room": code, "game": "chains", "title": "Chains", "options": "", "started": False,
            "seats": seats}


def test_an_address_that_answers_nothing_is_said_plainly(driver):
    scene = join_screen(driver)
    fill(driver, scene, f"127.0.0.1:{closed_port()}", "ABCDE")
    driver.key(pygame.K_RETURN)
    assert frames_until(driver, lambda: "No table answers at 127.0.0.1" in scene.message)


def test_an_address_that_is_none_and_a_short_room_code_are_refused_with_how_to_type_them(driver):
    scene = join_screen(driver)
    fill(driver, scene, "my friend's computer", "ABCDE")
    driver.key(pygame.K_RETURN)
    assert "is not an address: type it as host:port" in scene.message
    fill(driver, scene, "127.0.0.1:8765", "AB")
    driver.key(pygame.K_RETURN)
    assert scene.message.startswith("The room code is 5 letters")


def test_the_room_code_is_upper_cased_as_typed_and_kept_to_five_letters(driver):
    scene = join_screen(driver)
    fill(driver, scene, "127.0.0.1:8765", "abc-defg")
    assert scene.room.value == "ABCDE"


def test_a_room_nobody_holds_is_said_plainly(driver, server):
    server.open_room(Session("chains", {"seats": SEATS}, 8))
    scene = join_screen(driver)
    fill(driver, scene, f"127.0.0.1:{server.port}", "ZZZZZ")
    driver.click(scene.look_button.rect.center)
    assert frames_until(driver, lambda: scene.message == "There is no table with that room code here")


def test_the_lobbys_free_seats_are_offered_and_a_seat_taken_meanwhile_is_said(driver, server):
    code = server.open_room(Session("chains", {"seats": SEATS}, 8))
    scene = join_screen(driver)
    fill(driver, scene, f"127.0.0.1:{server.port}", code, "Ana")
    scene.show_lobby(lobby_of(code, held=()))
    assert [button.enabled for button in scene.seats.buttons] == [True, True]
    scene.show_lobby(lobby_of(code, held=(0,)))
    assert [button.label for button in scene.seats.buttons] == ["Seat 1: Ben (host)", "Seat 2: sit here"]
    taker = sit(server, code, 1)[0]
    try:
        driver.click(scene.seats.buttons[1].rect.center)
        assert frames_until(driver, lambda: "taken: choose another seat" in scene.message)
        assert driver.app.top is scene
    finally:
        taker.close()


def test_a_seat_chosen_goes_on_to_the_table_and_is_kept_for_coming_back(driver, server):
    code = server.open_room(Session("chains", {"seats": SEATS}, 8))
    scene = join_screen(driver)
    fill(driver, scene, f"127.0.0.1:{server.port}", code.lower(), "Ana")
    scene.show_lobby(lobby_of(code, held=(0,)))
    driver.key(pygame.K_RETURN)  # the one free seat
    assert frames_until(driver, lambda: isinstance(driver.app.top, NetworkedTable))
    table = driver.app.top
    assert table.turns.viewer == 1
    tables, problem = joined.joined_tables()
    assert problem is None and [(t["room"], t["seat"], t["title"]) for t in tables] == [(code, 1, "Chains")]
    assert tables[0]["token"] == table.turns.client.token
    table.turns.client.close()


def test_a_lobby_before_the_start_opens_the_lobby_screen(driver, server):
    code = server.open_room(Session("chains", {"seats": SEATS}, 8))
    opened = []
    driver.app.screens.lobby = lambda client, messages: opened.append((client, messages))
    scene = join_screen(driver)
    client, welcome, _snapshot = sit(server, code, 1)
    try:
        scene.client, scene.purpose = client, "sit"
        scene.take(welcome)
        scene.take(lobby_of(code, held=(0, 1)))
        assert opened == [(client, [])] and scene.client is None
    finally:
        client.close()


def test_rejoin_brings_the_player_back_to_the_seat(driver, server):
    code = server.open_room(Session("chains", {"seats": SEATS}, 8))
    first, welcome, _snapshot = sit(server, code, 1)
    first.close()
    joined.remember_table({"address": address(server), "room": code, "token": welcome["token"], "seat": 1,
                           "game": "chains", "title": "Chains", "names": ["Ben", "Ana"]})
    scene = join_screen(driver)
    assert [button.label for button in scene.rejoins.buttons] == [f"Rejoin Chains \u00b7 room {code} \u00b7 as Ana"]
    driver.click(scene.rejoins.buttons[0].rect.center)
    assert frames_until(driver, lambda: isinstance(driver.app.top, NetworkedTable))
    assert driver.app.top.turns.viewer == 1
    driver.app.top.turns.client.close()


def test_enter_and_space_never_leave_the_join_screen(driver):
    scene = join_screen(driver)
    for key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_RETURN):
        driver.key(key)
        assert driver.app.top is scene
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is not scene


def test_a_broken_list_of_tables_is_set_aside_with_the_reason_and_joining_goes_on(driver):
    joined.tables_path().parent.mkdir(parents=True, exist_ok=True)
    joined.tables_path().write_text("{not json")
    scene = join_screen(driver)
    assert "list of joined tables" in scene.message and scene.rejoins.buttons == []
    assert not joined.tables_path().exists()
    joined.remember_table({"address": "ws://127.0.0.1:8765", "room": "ABCDE", "token": "t", "seat": 0,
                           "game": "chains", "title": "Chains", "names": ["Ana", "Ben"]})
    driver.key(pygame.K_ESCAPE)
    assert join_screen(driver).address.value == "ws://127.0.0.1:8765", "the last table's address is offered"

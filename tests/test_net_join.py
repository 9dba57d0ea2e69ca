"""The Join screen (scenes/net/join.py) through the real app headless, against a real table server
on 127.0.0.1: an address that answers nothing, an address that is none, a room nobody holds and
a seat already taken are each said plainly, with the address tried, wrapped whole at any size; the
lobby's free seats are offered; a seat chosen goes on to the lobby (or the table, when the game is
under way) and is kept for coming back; Rejoin brings the player back to the seat, a table that no
longer answers is offered for removal and any can be removed (each only on the player's word), a
finished table is no longer offered; why no table can be found on the network is said; Enter and
Space never leave the screen. And the games a joiner keeps: once per seat, listed with how they
ended and when, reviewed from that seat."""

from __future__ import annotations

import socket

import pygame
import pytest

from game.core import to_json
from game.net import discovery, joined
from game.net.client import TableClient
from game.net.hosting import HostedTable
from game.net.remote import RemoteSession
from game.registry import find_game
from game.review import SeenReview, seen_decisions
from game.session import Session
from net_helpers import WAIT, address, frames_until, server, sit  # noqa: F401 (server: a fixture)
from scenes.menus.confirm import Confirm
from scenes.menus.gameover import GameOver
from scenes.menus.replay import ReplayList
from scenes.menus.review import ReviewScene
from scenes.net.join import JoinScene
from scenes.net.remote_table import NetworkedTable
from scenes.ui.widgets import noting_cuts, recording
from test_review import TINY

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


def test_wss_typed_for_a_table_without_tls_says_to_type_ws(driver, server):
    scene = join_screen(driver)
    fill(driver, scene, f"wss://127.0.0.1:{server.port}", "ABCDE")
    driver.key(pygame.K_RETURN)
    assert frames_until(driver, lambda: scene.message.startswith(f"The table at wss://127.0.0.1:{server.port} cannot"))
    assert scene.message.endswith(f"if the server has no certificate, type the address as ws://127.0.0.1:{server.port}.")


def test_an_address_that_is_none_and_a_short_room_code_are_refused_with_how_to_type_them(driver):
    scene = join_screen(driver)
    fill(driver, scene, "my friend's computer", "ABCDE")
    driver.key(pygame.K_RETURN)
    assert "is not an address: type it as host:port" in scene.message
    fill(driver, scene, "127.0.0.1:8765", "AB")
    driver.key(pygame.K_RETURN)
    assert scene.message.startswith("The room code is 5 letters")


def test_the_room_code_is_upper_cased_as_typed_and_kept_to_a_servers_ten_letters(driver):
    scene = join_screen(driver)
    fill(driver, scene, "127.0.0.1:8765", "abc-defghjkmn")
    assert scene.room.value == "ABCDEFGHJK"
    fill(driver, scene, "127.0.0.1:8765", "ABCDEFG")
    driver.key(pygame.K_RETURN)
    assert scene.message.startswith("The room code is 5 letters (10 for a table on a server)")


def test_a_table_set_up_on_a_server_is_joined_by_its_ten_letter_code(driver, server):
    creator = TableClient(f"ws://127.0.0.1:{server.port}")
    seats = [{"name": "Ben", "kind": "human"}, {"name": "Ana", "kind": "open"}]
    creator.open({"type": "create", "game": "chains", "config": {"seats": seats}})
    try:
        code = creator.wait_for("room", WAIT)["room"]
        assert len(code) == 10
        scene = join_screen(driver)
        fill(driver, scene, f"127.0.0.1:{server.port}", code.lower())
        driver.click(scene.look_button.rect.center)
        assert frames_until(driver, lambda: scene.lobby is not None), scene.message
        assert scene.lobby["room"] == code and [seat["kind"] for seat in scene.lobby["seats"]] == ["human", "open"]
    finally:
        creator.close()


def test_a_room_nobody_holds_is_said_plainly(driver, server):
    server.open_room(Session("chains", {"seats": SEATS}, 8))
    scene = join_screen(driver)
    fill(driver, scene, f"127.0.0.1:{server.port}", "ZZZZZ")
    driver.click(scene.look_button.rect.center)
    assert frames_until(driver, lambda: scene.message == f"The table at 127.0.0.1:{server.port} says: there is no "
                                                         "table with that room code here.")


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


def test_what_the_join_screen_tells_is_said_too(driver, server, tmp_path, monkeypatch):
    """Look: "Connecting to …", then what the table offers (here: no seat), each heard (a player
    who cannot see the screen is told the table answered); an address that answers nothing too."""
    from scenes.speech import LOG_VARIABLE, speech

    log = tmp_path / "speech.log"
    monkeypatch.setenv(LOG_VARIABLE, str(log))
    driver.app.apply_settings()
    try:
        code = server.open_room(Session("chains", {"seats": SEATS}, 8))
        scene = join_screen(driver)
        fill(driver, scene, f"127.0.0.1:{server.port}", code, "Ana")
        driver.key(pygame.K_RETURN)
        heard = lambda: log.read_text(encoding="utf-8").splitlines()  # noqa: E731
        assert frames_until(driver, lambda: heard()[-1] == scene.message == "Chains: every seat is taken.")
        assert f"Connecting to 127.0.0.1:{server.port}\u2026" in heard()
        fill(driver, scene, f"127.0.0.1:{closed_port()}", code)
        driver.key(pygame.K_RETURN)
        assert frames_until(driver, lambda: heard()[-1].startswith("No table answers at 127.0.0.1"))
    finally:
        speech().close()


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


def entry_at(where: str, room: str, seat: int = 1, token: str = "t") -> dict:
    return {"address": where, "room": room, "token": token, "seat": seat, "game": "chains", "title": "Chains",
            "names": ["Ben", "Ana"]}


def rejoin_listed(scene: JoinScene) -> list[str]:
    return [button.label for button in scene.rejoins.buttons]


def test_a_rejoin_that_fails_names_the_address_tried_not_the_one_in_the_box(driver):
    """The Address box holds the newest table's address; the second entry's is the one tried."""
    first, second = f"ws://127.0.0.1:{closed_port()}", f"ws://127.0.0.1:{closed_port()}"
    joined.remember_table(entry_at(second, "BCDEF"))
    joined.remember_table(entry_at(first, "ABCDE"))
    scene = join_screen(driver)
    assert scene.address.value == first
    for button, tried in ((scene.rejoins.buttons[1], second), (scene.rejoins.buttons[0], first)):
        driver.click(button.rect.center)
        shown = tried.removeprefix("ws://")
        assert frames_until(driver, lambda: scene.message.startswith(f"No table answers at {shown}:"))
        driver.key(pygame.K_RETURN)  # Keep, on the offer to remove it


def test_a_table_that_no_longer_answers_is_offered_for_removal_and_goes_only_on_the_players_word(driver):
    dead, other = f"ws://127.0.0.1:{closed_port()}", "ws://127.0.0.1:8765"
    joined.remember_table(entry_at(other, "BCDEF"))
    joined.remember_table(entry_at(dead, "ABCDE"))
    scene = join_screen(driver)
    driver.click(scene.rejoins.buttons[0].rect.center)
    assert frames_until(driver, lambda: isinstance(driver.app.top, Confirm))
    assert f"No table answers at {dead.removeprefix('ws://')}." in driver.app.top.detail
    driver.key(pygame.K_RETURN)  # Keep
    assert driver.app.top is scene and [t["room"] for t in joined.joined_tables()[0]] == ["ABCDE", "BCDEF"]
    driver.click(scene.rejoins.buttons[0].rect.center)
    assert frames_until(driver, lambda: isinstance(driver.app.top, Confirm))
    driver.key(pygame.K_r)  # Remove
    assert driver.app.top is scene and [t["room"] for t in joined.joined_tables()[0]] == ["BCDEF"]
    assert rejoin_listed(scene) == ["Rejoin Chains \u00b7 room BCDEF \u00b7 as Ana"]


@pytest.mark.parametrize("token_known", [False, True])
def test_a_table_that_says_it_has_no_such_room_or_seat_is_offered_for_removal(driver, server, token_known):
    code = server.open_room(Session("chains", {"seats": SEATS}, 8))
    first, welcome, _snapshot = sit(server, code, 1)
    first.close()
    gone_room = "ZZZZZ" if token_known else code
    joined.remember_table(entry_at(address(server), gone_room, token=welcome["token"] if token_known else "stranger"))
    scene = join_screen(driver)
    driver.click(scene.rejoins.buttons[0].rect.center)
    assert frames_until(driver, lambda: isinstance(driver.app.top, Confirm))
    said = "there is no table with that room code here" if token_known else "this table does not know you"
    assert said in driver.app.top.detail and f"127.0.0.1:{server.port}" in driver.app.top.detail
    driver.key(pygame.K_r)
    assert joined.joined_tables()[0] == [] and rejoin_listed(scene) == []


def test_a_table_is_removed_from_the_list_by_its_own_remove_once_asked(driver):
    joined.remember_table(entry_at("ws://127.0.0.1:8766", "BCDEF"))
    joined.remember_table(entry_at("ws://127.0.0.1:8765", "ABCDE"))
    scene = join_screen(driver)
    assert len(scene.rejoins.removes_shown) == 2
    driver.click(scene.rejoins.removes_shown[1].rect.center)
    assert isinstance(driver.app.top, Confirm) and "room BCDEF" in driver.app.top.detail
    driver.key(pygame.K_ESCAPE)
    assert len(joined.joined_tables()[0]) == 2, "Esc keeps it"
    driver.click(scene.rejoins.removes_shown[1].rect.center)
    driver.key(pygame.K_r)
    assert [t["room"] for t in joined.joined_tables()[0]] == ["ABCDE"]
    assert rejoin_listed(scene) == ["Rejoin Chains \u00b7 room ABCDE \u00b7 as Ana"]


LONG_ADDRESS = "ws://the-computer-in-the-room-at-the-end-of-the-corridor.home.example.org:8765"


@pytest.mark.parametrize("text_size", ["normal", "large", "largest"], ids=lambda size: f"{size} text")
@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_message_of_the_join_screen_wraps_whole(driver, size, text_size):
    scene = full_join_screen(driver, size, text_size)
    scene.tried = LONG_ADDRESS.removeprefix("ws://")
    scene.refused("there is no table with that room code here")
    driver.app.stack[:] = [driver.app.stack[0], scene]  # the offer to remove it set aside: the screen itself
    cuts, shown = drawn_whole(driver, scene, size)
    assert cuts == []
    assert scene.message.replace(" ", "") in shown and scene.message.startswith(f"The table at {scene.tried} says")


@pytest.mark.parametrize("text_size", ["normal", "large", "largest"], ids=lambda size: f"{size} text")
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_on_a_computer_on_no_network_the_join_screen_says_why_no_table_is_found(driver, monkeypatch, size, text_size):
    """The screen's browser looks on every interface (as the app's does): it finds no network,
    and the screen says so, however full its lists."""
    monkeypatch.setattr("scenes.net.join.LISTEN_ADDRESS", "0.0.0.0")
    monkeypatch.setattr(discovery, "interface_addresses", lambda: ["127.0.0.1"])
    monkeypatch.setattr(discovery, "Zeroconf", lambda interfaces: pytest.fail("no network to look on"))
    scene = full_join_screen(driver, size, text_size)
    assert frames_until(driver, lambda: scene.browser.problem is not None)
    scene.message = f"No table answers at {LONG_ADDRESS}: check the address."
    cuts, shown = drawn_whole(driver, scene, size)
    assert scene.browser.problem == discovery.NO_MULTICAST.format("this computer is on no network")
    assert scene.browser.problem.replace(" ", "") in shown and cuts == []


def full_join_screen(driver, size, text_size: str) -> JoinScene:
    """The join screen at `size`, four tables to rejoin listed."""
    for room in ("ABCDE", "BCDEF", "CDEFG", "DEFGH"):
        joined.remember_table(entry_at(LONG_ADDRESS, room))
    driver.app.screen = pygame.display.set_mode(size)
    driver.app.settings["text_size"] = text_size
    driver.app.apply_settings()
    return join_screen(driver)


def drawn_whole(driver, scene: JoinScene, size) -> tuple[list[str], str]:
    """A frame of the screen: the texts cut short, and every text drawn, run together without
    spaces (a word longer than a line is broken); each inside the window and its box."""
    driver.frame()
    with noting_cuts() as cuts, recording() as drawn:
        scene.draw(driver.app.screen)
    window = pygame.Rect((0, 0), size)
    assert all(window.contains(item.rect) and (item.box is None or item.box.contains(item.rect)) for item in drawn)
    return list(cuts), "".join(item.what for item in drawn).replace(" ", "")


def finished_chains(seed: int = 8) -> Session:
    session = Session("chains", {"seats": SEATS}, seed)
    while not session.game_over:
        session.apply(session.legal_actions()[0])
    return session


def test_a_finished_table_rejoined_is_kept_once_and_no_longer_offered(driver, server):
    code = server.open_room(finished_chains())
    other = entry_at("ws://127.0.0.1:8765", "BCDEF")
    first, welcome, _snapshot = sit(server, code, 1)
    first.close()
    mine = entry_at(address(server), code, token=welcome["token"])
    for visit in range(2):
        joined.remember_table(other)
        joined.remember_table(mine)
        scene = join_screen(driver)
        driver.click(scene.rejoins.buttons[0].rect.center)
        assert frames_until(driver, lambda: isinstance(driver.app.top, GameOver)), f"visit {visit + 1}"
        driver.app.top.table.turns.client.close()
        assert len(joined.seen_games()) == 1, f"visit {visit + 1}: the game is kept once"
        assert [t["room"] for t in joined.joined_tables()[0]] == ["BCDEF"], "the finished table is no longer offered"
        driver.app.screens.menu()


def seen_game(game: str, seed: int, seat: int, players: int = 2) -> tuple[list[dict], list, dict]:
    """A game played at a hosted table to its end, every seat a person's: the host's messages to
    `seat`, the decisions that seat made (not the moves the table makes for it: Cubes' draw), and
    the snapshot of the end it is sent coming back."""
    session = Session(game, {"seats": [{"name": name} for name in ["Ben", "Ana", "Cy"][:players]]}, seed)
    table = HostedTable(session, "ABCDE")
    tokens = {seat: table.sit(seat) for seat in range(players)}
    seen, played = [table.snapshot(seat)], []
    person = session.descriptor.heuristic(seed)
    while not session.game_over:
        mover = session.to_move
        legal = session.legal_actions()
        action = person.choose(session.view(mover), legal)
        played += [action] if mover == seat and not session.rules.made_by_the_table(legal) else []
        seen += table.act(tokens[mover], to_json(action), table.seq.get(mover, 0)).get(seat, [])
    return seen, played, table.snapshot(seat)


def seen_session(messages: list[dict]) -> RemoteSession:
    session = RemoteSession(messages[0])
    for message in messages[1:]:
        session.take(message)
    return session


@pytest.mark.parametrize("seat", [0, 1], ids=["first seat", "second seat"])
def test_a_finished_game_is_kept_once_per_seat_and_its_table_forgotten(seat):
    """This seat's game, kept as it was played, and the other seat's (kept on its own device; here
    beside it): coming back to the finished table keeps no second copy of either."""
    messages, _played, end = seen_game("chains", 8, seat)
    others, _played, others_end = seen_game("chains", 8, 1 - seat)
    joined.remember_table(entry_at("ws://127.0.0.1:8765", "ABCDE", seat))
    joined.remember_table(entry_at("ws://127.0.0.1:8765", "BCDEF", seat))
    for kept in (messages, [end], others, [others_end]):  # the end again: a finished table rejoined
        joined.keep_seen_game(seen_session(kept), kept)
    kept = {joined.load_seen_game(path).session.seat: len(joined.load_seen_game(path)) for path in joined.seen_games()}
    assert kept == {seat: len(messages), 1 - seat: len(others)}, "once per seat, as it was played"
    assert [t["room"] for t in joined.joined_tables()[0]] == ["BCDEF"], "the finished table is no longer offered"


def test_a_game_of_a_match_not_over_keeps_its_table_offered():
    messages, _played, _end = seen_game("chains", 8, 1)
    session = seen_session(messages)
    session.session_over = False
    joined.remember_table(entry_at("ws://127.0.0.1:8765", "ABCDE"))
    joined.keep_seen_game(session, messages)
    assert [t["room"] for t in joined.joined_tables()[0]] == ["ABCDE"]


@pytest.mark.parametrize("game, players", [("chains", 2), ("linx", 2), ("cubes", 2), ("sovereigns-chain", 2),
                                           ("chainchain", 3)])
def test_a_seen_games_review_judges_the_moves_this_seat_made(game, players):
    messages, played, _end = seen_game(game, 8, 1, players)
    rules = find_game(game).rules.for_config(messages[0]["config"]["rules"])
    decisions = seen_decisions(rules, messages)
    assert [decision.played for decision in decisions] == played
    assert all(messages[d.move]["type"] == "move" and messages[d.move - 1]["to_move"] == 1 for d in decisions)
    review = SeenReview(messages, ["Ben", "Ana", "Cy"][:players], budget=TINY, keep=False)
    assert len(review.run()) == len(played) and review.seat == 1


@pytest.mark.parametrize("seat", [0, 1], ids=["first seat", "second seat"])
def test_a_kept_online_game_shows_how_it_ended_and_when_and_is_reviewed_from_its_seat(driver, seat):
    messages, _played, _end = seen_game("chains", 8, seat)
    session = seen_session(messages)
    joined.keep_seen_game(session, messages)
    ended = "won" if seat in session.outcome().winners else "lost"
    driver.app.screens.replays()
    listing = driver.app.top
    assert isinstance(listing, ReplayList)
    [(button, path)] = listing.shown
    assert button.label == f"Replay: Chains online, as {session.names[seat]}"
    assert button.note == f"{ended} \u00b7 Ben, Ana \u00b7 {joined.file_time(path)}" and joined.file_time(path)
    [(review, _path)] = listing.reviews
    driver.click(review.rect.center)
    scene = driver.app.top
    assert isinstance(scene, ReviewScene) and scene.seat == seat and scene.table.turns.viewer == seat
    scene.cancel()


def found_at(room: str, name: str = "Ana") -> discovery.FoundTable:
    return discovery.FoundTable(name, "127.0.0.1", 9, room, "chains", 1)


def test_a_table_found_or_gone_meanwhile_never_moves_the_one_under_the_pointer(driver):
    """Tables found on the network keep their places: one found later (whose host's name sorts
    first) is listed after them at once; one gone stays while the pointer rests on the list (the
    tables below it would move up under the pointer), and goes when the pointer leaves."""
    join = join_screen(driver)
    join.stop_looking()
    ben, ana, cy = found_at("FGHJK", "Ben"), found_at("ABCDE", "Ana"), found_at("LMNPQ", "Cy")
    join.browser.tables = lambda: [ben, cy]
    driver.frame()
    target = join.founds.buttons[1].rect.center
    driver.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(0, 0, 0))])
    join.browser.tables = lambda: [ana, ben, cy]
    driver.frame()
    assert [table.room for table in join.found] == ["FGHJK", "LMNPQ", "ABCDE"], "a table found later goes after"
    join.browser.tables = lambda: [ana, cy]
    driver.frame()
    assert [table.room for table in join.found] == ["FGHJK", "LMNPQ", "ABCDE"], "the list holds still under the pointer"
    driver.click(target)
    assert (join.address.value, join.room.value) == ("127.0.0.1:9", "LMNPQ")
    driver.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))])
    assert [table.room for table in join.found] == ["LMNPQ", "ABCDE"], "gone once the pointer leaves"
    join.drop_connection()


def test_the_focus_follows_its_table_when_one_above_it_is_gone(driver):
    join = join_screen(driver)
    join.stop_looking()
    tables = [found_at(room) for room in ("ABCDE", "FGHJK", "LMNPQ")]
    join.browser.tables = lambda: tables
    driver.frame()
    join.focus_ring.control = join.founds.buttons[1]
    join.browser.tables = lambda: tables[1:]
    driver.frame()
    driver.key(pygame.K_RETURN)
    assert join.room.value == "FGHJK"
    join.drop_connection()

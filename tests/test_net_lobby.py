"""A table hosted over the network before and during its game: the lobby (a plan of seats, open
seats taken by name, who is connected), the host's rights (start, seats to a computer and back,
the end), undo of a seat's own moves only, the host's save and the table reopened from it. On
127.0.0.1 only, a port the system picks; every wait is bounded; every server is stopped."""

from __future__ import annotations

import json
import time

import pytest

from game import storage
from game.core import IllegalAction, to_json
from game.net.client import TableClient
from game.net.hosting import OPEN, HostedTable
from game.net.server import CLOSING, LISTEN_ADDRESS, TableServer
from game.cards import standard_deck
from game.session import Session
from game.net import discovery
from net_helpers import HeadlessPlayer
from scenes.ui.widgets import recording
from test_net_host_app import host_app, hosted_lobby, until  # noqa: F401 (host_app: a fixture)

WAIT = 10.0  # seconds at most for any message
SEATS = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": OPEN},
         {"name": "Cy", "kind": "computer", "difficulty": "random"}]


def planned(seats=SEATS, seed: int = 1) -> HostedTable:
    return HostedTable.planned("chains", {"seats": seats}, seed)


@pytest.fixture
def saved():
    """The tables the server's `on_move` was called with, and what each looked like then."""
    return []


@pytest.fixture
def server(saved):
    running = TableServer("127.0.0.1", 0, computer_pace=0.0, one_table=True,
                          on_move=lambda table: saved.append(json.dumps(table.session.to_save())))
    running.start()
    yield running
    running.stop()


def connect(server: TableServer, first: dict) -> TableClient:
    client = TableClient(f"ws://127.0.0.1:{server.port}")
    client.open(first)
    return client


def hosted(server: TableServer, table: HostedTable) -> tuple[str, TableClient]:
    """The table served, and the host's own connection to it (its welcome read)."""
    code = server.host(table)
    host = connect(server, {"type": "hello", "room": code, "token": table.host_token, "host": table.host_key})
    assert host.wait_for("welcome", WAIT)["host"] is True
    return code, host


def eventually(done) -> bool:
    """Whether `done()` holds within WAIT seconds (a thing the server's thread does)."""
    deadline = time.monotonic() + WAIT
    while not done() and time.monotonic() < deadline:
        time.sleep(0.01)
    return bool(done())


def one_move(players: list[HeadlessPlayer]) -> None:
    """The player the host's news says is to move plays its first legal move."""
    deadline = time.monotonic() + WAIT
    while not any(player.play_if_to_move() for player in players):
        assert time.monotonic() < deadline, "no player was told it was their turn"
        time.sleep(0.01)


def lobby_where(client: TableClient, done) -> dict:
    """The first lobby message for which `done(lobby)` holds."""
    return first_of(client, "lobby", done)


def first_of(client: TableClient, kind: str, done) -> dict:
    """The first message of `kind` for which `done(message)` holds."""
    while True:
        message = client.wait_for(kind, WAIT)
        if done(message):
            return message


def test_tests_listen_on_this_computer_only():
    assert LISTEN_ADDRESS == "127.0.0.1"


def test_a_player_looks_sits_by_name_and_everyone_sees_the_lobby(server):
    table = planned()
    code, host = hosted(server, table)
    bea = connect(server, {"type": "look", "room": code})
    try:
        looked = bea.wait_for("lobby", WAIT)
        assert [seat["kind"] for seat in looked["seats"]] == ["human", "open", "computer"]
        assert looked["seats"][0]["host"] and looked["seats"][0]["connected"] and not looked["started"]
        assert looked["title"] == "Chains" and "Draw" in looked["options"]
        bea.send({"type": "hello", "room": code, "seat": 1, "name": "  Bea  "})
        welcome = bea.wait_for("welcome", WAIT)
        assert (welcome["seat"], welcome["host"]) == (1, False) and welcome["token"]
        mine = bea.wait_for("lobby", WAIT)
        assert mine["seat"] == 1 and mine["seats"][1] == {"name": "Bea", "kind": "human", "difficulty": "normal",
                                                          "held": True, "connected": True, "host": False}
        seen = lobby_where(host, lambda lobby: lobby["seats"][1]["connected"])
        assert seen["seats"][1]["name"] == "Bea" and seen["seat"] == 0
    finally:
        bea.close()
        host.close()


def test_a_taken_or_a_computers_seat_is_refused_and_the_looker_may_try_again(server):
    code, host = hosted(server, planned())
    first = connect(server, {"type": "hello", "room": code, "seat": 1, "name": "Bea"})
    late = connect(server, {"type": "look", "room": code})
    try:
        first.wait_for("welcome", WAIT)
        late.send({"type": "hello", "room": code, "seat": 1, "name": "Dan"})
        assert late.wait_for("refused", WAIT)["reason"] == "Bea's seat is taken"
        late.send({"type": "hello", "room": code, "seat": 2, "name": "Dan"})
        assert "not a player's seat" in late.wait_for("refused", WAIT)["reason"]
    finally:
        for client in (first, late, host):
            client.close()


def test_the_start_is_refused_while_a_seat_is_open_and_only_the_host_starts(server):
    code, host = hosted(server, planned(SEATS[:2] + [{"name": "Cy", "kind": OPEN}]))
    bea = connect(server, {"type": "hello", "room": code, "seat": 1, "name": "Bea"})
    try:
        bea.wait_for("welcome", WAIT)
        bea.send({"type": "start"})
        assert bea.wait_for("refused", WAIT)["reason"] == "only the host can do that"
        host.send({"type": "start"})
        assert host.wait_for("refused", WAIT)["reason"] == ("Cy's seat is still open: wait for a player to sit "
                                                           "there, or make it a computer")
        assert not server.rooms[code].table.started
    finally:
        bea.close()
        host.close()


def test_an_open_seat_made_a_computer_lets_the_game_start_and_each_seat_gets_its_snapshot(server, saved):
    code, host = hosted(server, planned())
    try:
        host.send({"type": "seat_kind", "seat": 1, "kind": "computer"})
        assert lobby_where(host, lambda lobby: lobby["seats"][1]["kind"] == "computer")["seats"][1]["held"] is False
        host.send({"type": "seat_kind", "seat": 1, "kind": "human"})
        lobby_where(host, lambda lobby: lobby["seats"][1]["kind"] == OPEN)
        host.send({"type": "seat_kind", "seat": 1, "kind": "computer"})
        lobby_where(host, lambda lobby: lobby["seats"][1]["kind"] == "computer")
        host.send({"type": "start"})
        assert lobby_where(host, lambda lobby: lobby["started"])["seats"][1]["kind"] == "computer"
        snapshot = host.wait_for("snapshot", WAIT)
        session = server.rooms[code].table.session
        assert [seat.kind for seat in session.seats] == ["human", "computer", "computer"]
        assert snapshot["seat"] == 0 and snapshot["undo"]
        assert eventually(lambda: saved), "the host's save was made at the start"
    finally:
        host.close()


def started_with_bea(server, kept: list | None = None) -> tuple[str, TableClient, TableClient, dict]:
    """A game started with Ana (the host) and Bea; Bea's welcome. `kept`: every message each
    was sent up to their snapshots, as (seat, message)."""
    code, host = hosted(server, planned())
    bea = connect(server, {"type": "hello", "room": code, "seat": 1, "name": "Bea"})
    welcome = bea.wait_for("welcome", WAIT)
    host.send({"type": "start"})
    for seat, client in ((0, host), (1, bea)):
        passed: list[dict] = []
        passed.append(client.wait_for("snapshot", WAIT, passed))
        (kept if kept is not None else []).extend((seat, message) for message in passed)
    return code, host, bea, welcome


def dropped_and_handed_to_a_computer(server, host: TableClient, bea: TableClient) -> None:
    host.send({"type": "seat_kind", "seat": 1, "kind": "computer"})
    assert "is playing" in host.wait_for("refused", WAIT)["reason"]
    bea.close()
    lobby_where(host, lambda lobby: lobby["seats"][1]["held"] and not lobby["seats"][1]["connected"])
    host.send({"type": "seat_kind", "seat": 1, "kind": "computer"})
    assert host.wait_for("snapshot", WAIT)["kinds"][1] == "computer"
    assert host.wait_for("notice", WAIT)["text"] == "A computer plays Bea\u2019s seat until Bea comes back."


def test_a_dropped_players_seat_goes_to_a_computer_and_back_to_them_when_they_come_back(server):
    code, host, bea, welcome = started_with_bea(server)
    back = None
    try:
        dropped_and_handed_to_a_computer(server, host, bea)
        back = connect(server, {"type": "hello", "room": code, "token": welcome["token"]})
        assert back.wait_for("welcome", WAIT)["seat"] == 1
        passed: list[dict] = []
        assert back.wait_for("snapshot", WAIT)["kinds"] == ["human", "human", "computer"]
        assert host.wait_for("snapshot", WAIT, passed)["kinds"][1] == "human"
        told = "Bea is back and plays their own seat again."
        assert back.wait_for("notice", WAIT)["text"] == told and host.wait_for("notice", WAIT)["text"] == told
        assert server.rooms[code].table.session.seats[1].kind == "human"
        assert {"kind": "human", "connected": True}.items() <= passed[-1]["seats"][1].items(), "the lobby says so"
    finally:
        for client in (bea, back, host):
            if client is not None:
                client.close()


def test_the_host_gives_a_dropped_players_seat_back_before_they_come_back(server):
    code, host, bea, welcome = started_with_bea(server)
    back = None
    try:
        dropped_and_handed_to_a_computer(server, host, bea)
        host.send({"type": "seat_kind", "seat": 1, "kind": "human"})
        passed: list[dict] = []
        assert host.wait_for("notice", WAIT, passed)["text"] == "Bea\u2019s seat is Bea\u2019s again."
        lobby = next(message for message in passed if message["type"] == "lobby")
        assert {"kind": "human", "connected": False}.items() <= lobby["seats"][1].items()
        back = connect(server, {"type": "hello", "room": code, "token": welcome["token"]})
        assert back.wait_for("snapshot", WAIT)["kinds"][1] == "human", "coming back to a seat already theirs"
        assert server.rooms[code].table.session.seats[1].kind == "human"
    finally:
        for client in (bea, back, host):
            if client is not None:
                client.close()


def test_the_host_ends_the_table_every_other_player_is_told_and_the_server_stops(server):
    code, host, bea, _welcome = started_with_bea(server)
    try:
        host.send({"type": "end"})
        assert bea.wait_for("closing", WAIT)["reason"] == CLOSING
        assert server.wait(WAIT) and code not in server.rooms, "the server stopped by itself"
    finally:
        bea.close()
        host.close()


def test_the_hosts_own_connection_closed_ends_the_table(server):
    _code, host, bea, _welcome = started_with_bea(server)
    try:
        host.close()
        assert bea.wait_for("closing", WAIT)["type"] == "closing"
    finally:
        bea.close()


def test_a_saved_table_reopens_with_its_room_code_and_its_players_take_their_seats_back(server, saved):
    code, host, bea, welcome = started_with_bea(server)
    record = server.rooms[code].table.network_record()
    assert eventually(lambda: saved)
    host.close()
    bea.close()
    server.stop(grace=WAIT)
    data = {**json.loads(saved[-1]), "network": record}
    storage.write_atomically(storage.autosave_path(), json.dumps(data))
    loaded = storage.load_game()
    assert loaded.network == record and json.loads(loaded.dumps())["network"] == record
    again = TableServer("127.0.0.1", 0, computer_pace=WAIT * 3, one_table=True)  # no computer moves meanwhile
    again.start()
    clients = []
    try:
        table = HostedTable.reopened(loaded, loaded.network)
        assert again.host(table) == code
        clients.append(connect(again, {"type": "hello", "room": code, "token": table.host_token, "host": record["host"]}))
        assert clients[-1].wait_for("welcome", WAIT)["host"] is True
        clients.append(connect(again, {"type": "hello", "room": code, "token": welcome["token"]}))
        assert clients[-1].wait_for("welcome", WAIT)["seat"] == 1
        assert lobby_where(clients[-1], lambda lobby: lobby["started"])["seats"][1]["name"] == "Bea"
        assert clients[-1].wait_for("snapshot", WAIT)["view"] == to_json(loaded.stream(1).view)
    finally:
        for client in clients:
            client.close()
        again.stop()


def test_a_broken_network_record_is_refused_with_what_is_wrong():
    session = Session("chains", {"seats": SEATS[:1] + SEATS[2:]}, 1)
    with pytest.raises(ValueError, match="room code"):
        HostedTable.reopened(session, {"room": "??", "host": "k", "host_seat": 0, "tokens": {"t": 0}})
    with pytest.raises(ValueError, match="host's seat"):
        HostedTable.reopened(session, {"room": "ABCDE", "host": "k", "host_seat": 1, "tokens": {"t": 0}})


# -- undo over the network, on the host's table itself


def alone_with_a_computer(seed: int = 1) -> tuple[HostedTable, str]:
    table = planned([{"name": "Ana"}, {"name": "Cy", "kind": "computer", "difficulty": "random"}], seed)
    table.start()
    table.snapshot(0)
    return table, table.host_token


def ana_plays(table: HostedTable, token: str, kind: str | None = "Play") -> dict:
    """Ana's first legal action of `kind` (any, for None), the computer's moves made first: her news."""
    session = table.session
    while session.to_move != 0:
        table.computer_move(session.computer_action())
    action = next(a for a in session.legal_actions() if kind in (None, to_json(a)["type"]))
    return table.act(token, to_json(action), table.seq[0])[0][-1]


def test_a_seat_takes_back_its_own_move_before_anyone_else_has_moved():
    table, token = alone_with_a_computer()
    news = ana_plays(table, token)
    assert news["undo"] == "" and len(table.session.log) == 1
    sent = table.undo(token, news["seq"])
    assert [m["type"] for m in sent[0]] == ["snapshot"] and table.session.log == []


def test_undo_never_goes_past_a_computers_move():
    """A move of the computer's that showed Ana no card (a draw of its own): a table at one screen
    would take it back with hers; over the network, hers stays."""
    table, token = alone_with_a_computer()
    session = table.session
    for _turn in range(60):
        ana_plays(table, token, None)
        news = table.computer_move(session.computer_action())[0][-1]
        if session.can_undo:
            break
    assert session.can_undo, "no computer's move that showed no card"
    assert news["undo"] == "Undo goes back no further: Cy has moved since"
    log = list(session.log)
    assert table.undo(token, news["seq"])[0][0]["reason"] == news["undo"] and session.log == log


def test_undo_never_goes_past_a_card_drawn():
    table, token = alone_with_a_computer()
    session = table.session
    while not (session.to_move == 0 and any(to_json(a)["type"] == "Draw" for a in session.legal_actions())):
        ana_plays(table, token) if session.to_move == 0 else table.computer_move(session.computer_action())
    news = ana_plays(table, token, "Draw")
    assert "a card was shown" in news["undo"]
    assert table.undo(token, news["seq"])[0][0]["type"] == "refused"


def test_undo_never_goes_past_another_players_move_and_a_stale_one_is_refused():
    table = planned([{"name": "Ana"}, {"name": "Ben", "kind": OPEN}], 3)
    ben = table.sit(1, "Ben")
    table.start()
    tokens = {0: table.host_token, 1: ben}
    for seat in (0, 1):
        table.snapshot(seat)
    session = table.session
    mover = session.to_move
    action = to_json(session.legal_actions()[0])
    sent = table.act(tokens[mover], action, table.seq[mover])
    other = 1 - mover
    assert sent[other][-1]["undo"] and table.undo(tokens[other], table.seq[other])[other][0]["type"] == "refused"
    assert table.undo(tokens[mover], 0)[mover][0]["reason"] == "the table has moved on since: look again"


def test_a_seat_handed_over_before_the_start_is_only_an_open_one():
    table = planned()
    with pytest.raises(IllegalAction, match="cannot be changed"):
        table.set_kind(0, "computer", set())
    with pytest.raises(IllegalAction, match="only an open seat"):
        table.set_kind(2, "computer", set())
    table.set_kind(1, "computer", set())
    assert table.kinds == ["human", "computer", "computer"]


# -- no card where it may not be


def strings_in(message) -> set[str]:
    """Every text anywhere in a message."""
    if isinstance(message, dict):
        return set().union(*map(strings_in, message.values()))
    if isinstance(message, list):
        return set().union(*map(strings_in, message))
    return {message} if isinstance(message, str) else set()


def test_no_lobby_holds_a_card_and_no_first_snapshot_a_card_hidden_from_its_seat(server):
    kept: list[tuple[int, dict]] = []
    code, host, bea, _welcome = started_with_bea(server, kept)
    try:
        looker = connect(server, {"type": "look", "room": code})
        kept.append((None, looker.wait_for("lobby", WAIT)))
        looker.close()
        table = server.rooms[code].table
        dealt = Session("chains", table.config, table.seed)
        every_card = {to_json(card) for card in standard_deck()}
        lobbies = [message for _seat, message in kept if message["type"] == "lobby"]
        assert len(lobbies) >= 4 and not any(strings_in(lobby) & every_card for lobby in lobbies)
        for seat, snapshot in [(seat, message) for seat, message in kept if message["type"] == "snapshot"]:
            hidden = {to_json(card) for card in dealt.rules.hidden_cards(dealt.state, seat)}
            assert hidden and not strings_in(snapshot) & hidden
            assert strings_in(snapshot) & every_card, "the seat's own cards are there"
    finally:
        host.close()
        bea.close()


def test_the_host_deals_the_next_game_of_a_match_and_every_seat_gets_the_new_deal(server):
    """Games to win 2: after the first game the host's `next_game` deals the second, each seat is
    sent it afresh; before a game is over, or from a player who is not the host, it is refused."""
    table = HostedTable.planned("chains", {"seats": SEATS[:2], "games_to_win": 2}, 4)
    code, host = hosted(server, table)
    ben = connect(server, {"type": "hello", "room": code, "seat": 1, "name": "Bea"})
    ben.wait_for("welcome", WAIT)
    host.send({"type": "start"})
    players = [HeadlessPlayer(host, host.wait_for("snapshot", WAIT)), HeadlessPlayer(ben, ben.wait_for("snapshot", WAIT))]
    first = players[0].position["game_number"]
    host.send({"type": "next_game"})
    refused = host.wait_for("refused", WAIT)
    assert "not over" in refused["reason"]
    session = table.session
    while not session.game_over:
        moved = len(session.moves)
        one_move(players)
        assert eventually(lambda: len(session.moves) > moved)
    ben.send({"type": "next_game"})
    assert ben.wait_for("refused", WAIT)["reason"] == "only the host can do that"
    host.send({"type": "next_game"})
    for seat, client in ((0, host), (1, ben)):
        snapshot = first_of(client, "snapshot", lambda message: message["game_number"] == first + 1)
        assert snapshot["to_move"] is not None and snapshot["view"] == to_json(session.stream(seat).view)
    host.close()
    ben.close()


def test_a_connection_that_dies_without_a_word_is_let_go_and_shown_dropped():
    """A player whose computer stops answering (no close, no data: here its loop frozen) is let go
    once a keepalive ping goes unanswered, and every other player's lobby shows the seat away."""
    import asyncio
    import threading

    from websockets.asyncio.client import connect as open_socket

    server = TableServer("127.0.0.1", 0, computer_pace=0.0, one_table=True, keepalive=0.3)
    server.start()
    thaw = threading.Event()
    try:
        table = planned(SEATS[:2])
        code, host = hosted(server, table)

        async def sit_then_freeze():
            async with open_socket(f"ws://127.0.0.1:{server.port}", ping_interval=None) as socket:
                await socket.send(json.dumps({"version": 1, "type": "hello", "room": code, "seat": 1, "name": "Bea"}))
                await socket.recv()
                thaw.wait(WAIT)  # the loop stops: no pong, no close

        frozen = threading.Thread(target=lambda: asyncio.run(sit_then_freeze()), daemon=True)
        frozen.start()
        lobby_where(host, lambda lobby: lobby["seats"][1]["connected"])
        away = lobby_where(host, lambda lobby: not lobby["seats"][1]["connected"])
        assert away["seats"][1]["held"], "the seat stays Bea's to come back to"
        host.close()
    finally:
        thaw.set()
        server.stop()


class NoMulticast:
    """Zeroconf where the network lets no multicast through."""

    def __init__(self, interfaces):
        raise OSError("[Errno 19] No such device")


class Advertising:
    """Zeroconf where advertising works (nothing leaves this computer): the services registered."""

    registered: list = []

    def __init__(self, interfaces):
        pass

    def register_service(self, info):
        self.registered.append(info)

    update_service = unregister_service = lambda self, info: None

    def close(self):
        pass


def drawn_words(driver) -> str:
    with recording() as drawn:
        driver.frame()
    return " ".join(item.what for item in drawn)


@pytest.mark.parametrize("network, words", [
    (NoMulticast, "Not advertised on the local network ([Errno 19] No such device): players join by address and "
                  "room code."),
    (Advertising, ""),
])
def test_the_hosts_lobby_says_when_the_local_network_is_not_told_of_the_table(host_app, monkeypatch, network, words):
    monkeypatch.setattr(discovery, "Zeroconf", network)
    monkeypatch.setattr(Advertising, "registered", [])
    lobby = hosted_lobby(host_app)
    advertised = host_app.app.screens.hosting.advertised
    assert until(host_app, lambda: advertised.problem or Advertising.registered)
    shown = drawn_words(host_app)
    assert words in shown and ("Not advertised" in shown) == bool(words)
    assert lobby.unadvertised() == words

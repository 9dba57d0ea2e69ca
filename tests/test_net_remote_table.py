"""The table played over the network (scenes/net/remote_table.py), through the real app headless:
Ana's seat is the app's, joined to a real table server on 127.0.0.1; Ben's is played by the test
through a headless connection. The table shows Ana's own hand only, animates Ben's moves, sends
Ana's, says a refusal's reason, asks the host for an undo, comes back to the same decision after
its connection is cut, and at the end counts Ana's result alone and keeps the game as she saw it."""

from __future__ import annotations

import json

import pygame

from game import storage
from game.core import to_json
from game.net import joined
from game.session import Session
from game.stats import ONLINE, load_stats
from net_helpers import HeadlessPlayer, cut, frames_until, say_on_host_side, server, sit  # noqa: F401 (a fixture)
from scenes.menus.confirm import Confirm
from scenes.menus.gameover import GameOver
from scenes.menus.handoff import HandOff
from scenes.menus.menu import MainMenu
from scenes.menus.replay import Replay
from scenes.menus.table_menu import TableMenu
from scenes.net.remote_table import NetworkedTable
from scenes.net.remote_turns import GRACE_SECONDS

SEED = 8
SEATS = [{"name": "Ben"}, {"name": "Ana"}]  # Chains: the first seat moves first
BEN, ANA = 0, 1


def joined_table(driver, server):
    """The app at Ana's networked table; Ben played by the test. Returns (table, ben, session, code)."""
    session = Session("chains", {"seats": SEATS}, SEED)
    code = server.open_room(session)
    ana, welcome, snapshot = sit(server, code, ANA)
    ben = HeadlessPlayer(*sit(server, code, BEN)[::2])
    driver.app.screens.remote_table(ana, [welcome, snapshot])
    table = driver.app.top
    assert isinstance(table, NetworkedTable)
    seated = lambda: [seat.get("connected") for seat in table.session.lobby_seats] == [True, True]  # noqa: E731
    assert frames_until(driver, seated), "the host's lobby with both players never came"
    return table, ben, session, code


def bens_move(driver, table, ben) -> None:
    """Ben (the test) makes his move, and the table takes its news."""
    count = len(table.session.moves)
    assert ben.play_when_to_move()
    assert frames_until(driver, lambda: len(table.session.moves) > count), "the table never heard of Ben's move"


def anas_turn(driver, table, ben, session) -> None:
    while session.to_move != ANA:
        bens_move(driver, table, ben)
    assert frames_until(driver, lambda: table.my_turn)


def test_the_table_shows_its_own_seats_hand_only_and_never_a_hand_off(driver, server):
    table, ben, session, _code = joined_table(driver, server)
    assert table.turns.viewer == ANA
    assert to_json(table.current_view()) == to_json(session.stream(ANA).view)
    assert table.current_view().hand != session.stream(BEN).view.hand
    assert session.to_move == BEN and table.prompt(table.current_view()) == "Ben is playing"
    bens_move(driver, table, ben)
    assert not any(isinstance(scene, HandOff) for scene in driver.app.stack)


def test_the_other_seats_move_is_animated_as_it_arrives(driver, server):
    table, ben, session, _code = joined_table(driver, server)
    bens_move(driver, table, ben)
    assert table.motion.busy, "Ben's card is in flight"
    assert table.session.moves[-1] == session.stream(ANA).moves[-1] and table.session.moves[-1].mover == BEN


def test_this_seats_move_goes_to_the_host_and_comes_back_as_news(driver, server):
    table, ben, session, _code = joined_table(driver, server)
    anas_turn(driver, table, ben, session)
    action = table.legal_actions()[0]
    count = len(session.moves)
    assert table.perform(action)
    assert frames_until(driver, lambda: len(table.session.moves) > count)
    assert session.moves[-1].mover == ANA and table.session.moves[-1] == session.stream(ANA).moves[-1]
    ben.read()
    assert ben.position["move"]["mover"] == ANA, "Ben was sent Ana's move"


def test_a_refusal_from_the_host_is_said_with_its_reason(driver, server):
    table, ben, session, _code = joined_table(driver, server)
    anas_turn(driver, table, ben, session)
    table.session.seen -= 1  # as if a message had not been read yet: the host finds the act stale
    assert table.perform(table.legal_actions()[0])
    assert frames_until(driver, lambda: "moved on" in table.prompt_line.message)
    assert session.to_move == ANA, "nothing was played"


def test_undo_asks_the_host_when_the_host_allows_it_and_says_why_not_otherwise(driver, server):
    table, ben, session, _code = joined_table(driver, server)
    sent = []
    client_send = table.turns.client.send
    table.turns.client.send = lambda message: sent.append(message) or client_send(message)
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    reason = table.session.why_no_undo()  # the host's words: no move of Ana's yet
    assert reason and table.prompt_line.message == reason and not [m for m in sent if m["type"] == "undo"]
    table.session.undo_reason = ""  # the host's position message said this seat may undo now
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert {"type": "undo", "seen": table.session.seen} in sent


def test_after_its_connection_is_cut_the_table_comes_back_to_the_same_decision(driver, server):
    table, ben, session, code = joined_table(driver, server)
    anas_turn(driver, table, ben, session)
    legal = table.legal_actions()
    cut(server, code, ANA)
    assert frames_until(driver, lambda: table.turns.reconnecting is not None)
    assert table.prompt(table.current_view()) == "Reconnecting\u2026 (attempt 1)" and not table.my_turn
    assert frames_until(driver, lambda: table.turns.reconnecting is None and table.my_turn)
    assert table.legal_actions() == legal and table.prompt_line.notice == "Back at the table."
    count = len(session.moves)
    assert table.perform(legal[0])
    assert frames_until(driver, lambda: len(session.moves) > count), "the move made after coming back was played"


def test_a_dropped_player_is_waited_for_and_the_host_is_offered_the_seat_after_the_grace(driver, server):
    table, _ben, _session, _code = joined_table(driver, server)
    table.turns.host = True  # as the host's own table is welcomed
    sent = []
    table.turns.client.send = lambda message: sent.append(message) or True
    seats = [{"name": "Ben", "kind": "human", "held": True, "connected": False, "host": False},
             {"name": "Ana", "kind": "human", "held": True, "connected": True, "host": True}]
    table.turns.unread.append({"type": "lobby", "room": "ABCDE", "started": True, "seats": seats})
    driver.frame()
    assert table.prompt(table.current_view()) == "Waiting for Ben (away from the table)"
    driver.wait(GRACE_SECONDS + 1)
    offer = driver.app.top
    assert isinstance(offer, Confirm) and offer.question == "Waiting for Ben"
    driver.key(pygame.K_RETURN)
    assert driver.app.top is table and not sent, "Enter keeps waiting"
    driver.wait(GRACE_SECONDS + 1)
    assert driver.app.top is table, "the seat is offered once"
    table.offer_seat(BEN)
    driver.key(pygame.K_c)
    assert sent == [{"type": "seat_kind", "seat": BEN, "kind": "computer"}]


def test_the_hosts_offer_waits_while_the_host_decides_a_move_of_their_own(driver, server):
    """The offer would cover the table mid-move: it comes once the table waits on someone else."""
    driver.app.settings["animations"] = False
    table, ben, session, _code = joined_table(driver, server)
    anas_turn(driver, table, ben, session)
    table.turns.host = True
    seats = [{"name": "Ben", "kind": "human", "held": True, "connected": False, "host": False},
             {"name": "Ana", "kind": "human", "held": True, "connected": True, "host": True}]
    table.turns.unread.append({"type": "lobby", "room": "ABCDE", "started": True, "seats": seats})
    driver.wait(GRACE_SECONDS + 1)
    assert driver.app.top is table and table.my_turn, "no offer over the host's own decision"
    count = len(session.moves)
    table.perform(table.legal_actions()[0])
    assert frames_until(driver, lambda: len(session.moves) > count)
    assert session.to_move == BEN
    assert frames_until(driver, lambda: isinstance(driver.app.top, Confirm))
    assert driver.app.top.question == "Waiting for Ben"


def test_the_host_leaving_brings_the_message_and_the_menu(driver, server):
    table, _ben, _session, code = joined_table(driver, server)
    say_on_host_side(server, code, ANA, {"version": 1, "type": "closing",
                                       "reason": "The host left; the game is saved on the host's computer."})
    assert frames_until(driver, lambda: isinstance(driver.app.top, MainMenu))
    assert driver.app.top.message == "The host left; the game is saved on the host's computer."


def test_at_the_end_this_seat_alone_is_counted_and_replayed_as_it_saw_the_game(driver, server):
    driver.app.settings["animations"] = False
    table, ben, session, _code = joined_table(driver, server)
    play_to_the_end(driver, table, ben, session)
    assert frames_until(driver, lambda: isinstance(driver.app.top, GameOver))
    records = load_stats()[0].records["chains"]
    assert list(records) == [ONLINE] and records[ONLINE].played == 1
    assert records[ONLINE].won == (ANA in session.outcome().winners)
    kept = list(joined.seen_games_dir().glob("*.json"))
    assert len(kept) == 1 and not storage.autosave_path().exists(), "the local Continue game is not this one"
    messages = json.loads(kept[0].read_text())["messages"]
    assert messages[0]["type"] == "snapshot" and len(messages) == 1 + len(session.stream(ANA).moves)
    assert all(m["view"]["seat"] == ANA for m in messages)
    replay_as_kept(driver, messages)


def replay_as_kept(driver, messages: list[dict]) -> None:
    """Saved games lists the kept game; its replay is watched from Ana's seat only, each position
    the one the host sent her."""
    driver.key(pygame.K_ESCAPE)  # the result's Menu
    assert isinstance(driver.app.top, MainMenu)
    driver.app.screens.replays()
    listing = driver.app.top
    [(button, _path)] = [(b, p) for b, p in listing.shown if b.label == "Replay: Chains online, as Ana"]
    driver.click(button.rect.center)
    replay = driver.app.top
    assert isinstance(replay, Replay) and replay.viewers == [ANA] and len(replay.playback) == len(messages)
    for step in (0, len(messages) // 2, len(messages) - 1):
        replay.go(step - replay.step)
        driver.frame()
        assert to_json(replay.table.current_view()) == messages[step]["view"]


def test_the_hosts_offer_of_a_seat_goes_by_itself_when_the_player_is_back(driver, server):
    table, _ben, _session, _code = joined_table(driver, server)
    table.turns.host = True
    seats = [{"name": "Ben", "kind": "human", "held": True, "connected": False, "host": False},
             {"name": "Ana", "kind": "human", "held": True, "connected": True, "host": True}]
    table.turns.unread.append({"type": "lobby", "room": "ABCDE", "started": True, "seats": seats})
    driver.frame()
    table.offer_seat(BEN)
    assert isinstance(driver.app.top, Confirm)
    driver.frame()
    assert isinstance(driver.app.top, Confirm), "Ben is still away"
    back = [dict(seats[0], connected=True), seats[1]]
    table.turns.unread.append({"type": "lobby", "room": "ABCDE", "started": True, "seats": back})
    driver.frame()
    assert driver.app.top is table
    driver.frame()
    assert table.prompt(table.current_view()) != "Waiting for Ben (away from the table)"


def test_the_next_game_of_a_match_is_the_hosts_to_deal(driver, server):
    table, _ben, _session, _code = joined_table(driver, server)
    sent = []
    table.turns.client.send = lambda message: sent.append(message) or True
    table.next_game()
    assert sent == [] and table.prompt_line.notice == "The host deals the next game."
    table.turns.host = True
    table.next_game()
    assert sent == [{"type": "next_game", "game_number": 0}]


def test_at_a_table_set_up_on_a_server_any_player_deals_the_next_game(driver, server):
    table, _ben, _session, _code = joined_table(driver, server)
    sent = []
    table.turns.client.send = lambda message: sent.append(message) or True
    table.turns.unread.append({**lobby_with_ben("human", connected=True), "created": True})
    driver.frame()
    table.next_game()
    assert sent == [{"type": "next_game", "game_number": 0}] and table.prompt_line.notice == "Dealing the next game\u2026"


def test_a_table_waiting_for_a_dropped_player_rests_but_the_hosts_counts_the_grace(driver, server):
    table, _ben, _session, _code = joined_table(driver, server)
    seats = [{"name": "Ben", "kind": "human", "held": True, "connected": False, "host": False},
             {"name": "Ana", "kind": "human", "held": True, "connected": True, "host": True}]
    table.turns.unread.append({"type": "lobby", "room": "ABCDE", "started": True, "seats": seats})
    driver.frame()
    assert not table.turns.due, "a joiner's table draws nothing while it only waits"
    table.turns.host = True
    assert table.turns.due, "the host's table counts the grace time"


def lobby_with_ben(kind: str, connected: bool) -> dict:
    seats = [{"name": "Ben", "kind": kind, "held": True, "connected": connected, "host": False},
             {"name": "Ana", "kind": "human", "held": True, "connected": True, "host": True}]
    return {"type": "lobby", "room": "ABCDE", "started": True, "seats": seats}


def test_the_table_menu_online_offers_no_restart_and_only_the_seats_the_host_can_hand_over(driver, server):
    table, _ben, _session, _code = joined_table(driver, server)
    sent = []
    table.turns.client.send = lambda message: sent.append(message) or True
    driver.key(pygame.K_F2)
    assert driver.app.top is table, "a joiner hands no seat over"
    assert "the host hands" in table.prompt_line.notice
    table.turns.host = True  # as the host's own table is welcomed
    driver.key(pygame.K_F2)
    assert driver.app.top is table and table.prompt_line.notice.startswith("Nothing to change"), "Ben is playing"
    table.turns.unread.append(lobby_with_ben("human", connected=False))
    driver.frame()
    driver.key(pygame.K_F2)
    menu = driver.app.top
    assert isinstance(menu, TableMenu) and menu.restart not in menu.buttons()
    assert [button.label for button in menu.seat_buttons] == ["Give Ben\u2019s seat to a computer"]
    driver.click(menu.seat_buttons[0].rect.center)
    assert sent == [{"type": "seat_kind", "seat": BEN, "kind": "computer"}] and driver.app.top is table


def test_the_host_gives_a_seat_a_computer_keeps_back_and_every_table_says_what_was_done(driver, server):
    table, _ben, session, _code = joined_table(driver, server)
    table.turns.host = True
    sent = []
    table.turns.client.send = lambda message: sent.append(message) or True
    table.session.seats = tuple(seat if i != BEN else type(seat)(seat.name, "computer", seat.difficulty)
                                for i, seat in enumerate(table.session.seats))
    table.turns.unread.append(lobby_with_ben("computer", connected=False))
    driver.frame()
    driver.key(pygame.K_F2)
    menu = driver.app.top
    assert [button.label for button in menu.seat_buttons] == ["Give Ben their seat back"]
    driver.click(menu.seat_buttons[0].rect.center)
    assert sent == [{"type": "seat_kind", "seat": BEN, "kind": "human"}]
    table.turns.unread.append({"type": "notice", "text": "Ben\u2019s seat is Ben\u2019s again."})
    driver.frame()
    assert table.prompt_line.notice == "Ben\u2019s seat is Ben\u2019s again."


def test_a_fault_in_the_tables_own_hint_or_flight_is_told_and_the_game_goes_on(driver, server, monkeypatch):
    """A hint that raises, and a move's flight that raises, at a networked table: the player is
    told, nothing reaches the app's crash screen, and both seats play on."""
    from scenes.net.remote_table import FAULT

    table, ben, session, _code = joined_table(driver, server)
    anas_turn(driver, table, ben, session)
    monkeypatch.setattr(table.chooser, "normal_move", lambda: 1 / 0)
    driver.key(pygame.K_h)
    assert driver.app.top is table and table.prompt_line.notice == FAULT
    monkeypatch.undo()
    count = len(session.moves)
    assert table.perform(table.legal_actions()[0])
    assert frames_until(driver, lambda: len(table.session.moves) > count), "Ana's move was played after the fault"
    monkeypatch.setattr(table, "show_move", lambda *args, **kwargs: [][1])
    while session.to_move != ANA:
        bens_move(driver, table, ben)
    assert driver.app.top is table and table.prompt_line.notice == FAULT
    assert to_json(table.current_view()) == to_json(session.stream(ANA).view), "the table took Ben's moves"


def test_each_game_of_a_match_is_kept_alone_as_this_seat_saw_it(driver, server):
    """In a match, the second game's record begins with its own deal: the first game's messages
    are not kept again in front of it, so its replay and review are of that game alone."""
    driver.app.settings["animations"] = False
    session = Session("chains", {"seats": SEATS, "games_to_win": 2}, SEED)
    code = server.open_room(session)
    server.rooms[code].created = True  # nobody hosts it: any player deals the next game
    ana, welcome, snapshot = sit(server, code, ANA)
    ben = HeadlessPlayer(*sit(server, code, BEN)[::2])
    driver.app.screens.remote_table(ana, [welcome, snapshot])
    table = driver.app.top
    for game_number in (0, 1):
        play_to_the_end(driver, table, ben, session)
        assert frames_until(driver, lambda: isinstance(driver.app.top, GameOver))
        kept = sorted(joined.seen_games_dir().glob(f"*-{game_number}.json"))
        messages = json.loads(kept[0].read_text())["messages"]
        this_game = [move for move in session.moves if move.game == game_number]
        assert messages[0]["type"] == "snapshot" and len(messages) == 1 + len(this_game)
        assert {m["game_number"] for m in messages} == {game_number}
        if game_number == 0:
            driver.key(pygame.K_n)  # the results' Next game
            assert frames_until(driver, lambda: driver.app.top is table and session.game_number == 1)


def play_to_the_end(driver, table, ben, session) -> None:
    while not session.game_over:
        if session.to_move == BEN:
            bens_move(driver, table, ben)
        else:
            assert frames_until(driver, lambda: table.my_turn)
            count = len(session.moves)
            table.perform(table.legal_actions()[0])
            assert frames_until(driver, lambda: len(table.session.moves) > count)

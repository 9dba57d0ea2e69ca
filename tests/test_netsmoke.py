"""The app's network smoke run (scenes/shell/netsmoke.py): a host and a joiner play a game over
loopback (127.0.0.1 only) to its end, the joiner checking every message it is sent."""

from __future__ import annotations

import io
import json
import os
import sys
import threading
import time
from pathlib import Path

import pytest

from game.net.hosting import HostedTable
from game.session import Session
from net_smoke_pair import play_over_loopback
from scenes.shell import netsmoke
from scenes.shell.netsmoke import SmokeFailure, check_message

ROOT = Path(__file__).resolve().parent.parent


def test_a_host_and_a_joiner_in_one_process_play_a_game_to_its_end():
    host_output = io.StringIO()
    answers = []
    host = threading.Thread(target=lambda: answers.append(netsmoke.run_host(out=host_output)), daemon=True)
    host.start()
    deadline = time.monotonic() + 10
    while "\n" not in host_output.getvalue() and time.monotonic() < deadline:
        time.sleep(0.02)
    table = json.loads(host_output.getvalue().splitlines()[0])
    joiner_output = io.StringIO()
    assert netsmoke.run_join(f"ws://127.0.0.1:{table['port']}", table["room"], out=joiner_output) == 0
    host.join(30)
    assert answers == [0]
    assert "net smoke host: game over after" in host_output.getvalue()
    assert "net smoke join: game over after" in joiner_output.getvalue()


def test_the_command_line_hosts_and_joins_as_two_processes(tmp_path):
    env = dict(os.environ, CHAINTABLE_HOME=str(tmp_path / "home"))
    app = [sys.executable, "-m", "scenes"]
    host_output, joined = play_over_loopback(app, app, env, ROOT)
    assert "net smoke host: game over after" in host_output
    assert "advertised on a local network as FoundTable(name='Ana', address='127.0.0.1'" in host_output
    assert "net smoke join: game over after" in joined and "messages checked" in joined


def test_a_joiner_at_a_room_that_is_not_there_fails_with_the_reason():
    output = io.StringIO()
    server = netsmoke.TableServer("127.0.0.1", 0)
    port = server.start()
    try:
        assert netsmoke.run_join(f"ws://127.0.0.1:{port}", "ZZZZZ", out=output) == 1
    finally:
        server.stop()
    assert "no seat to sit in: there is no table with that room code here" in output.getvalue()


def a_seated_snapshot() -> tuple[netsmoke.JoinedSession, dict]:
    """The player's first snapshot at a table where the player is to move (with moves to offer)."""
    table = HostedTable(Session("chains", {"seats": netsmoke.SEATS[::-1]}, 5), "ABCDE")
    table.sit(0)
    snapshot = table.snapshot(0)
    assert snapshot["to_move"] == 0 and snapshot["legal"]
    return netsmoke.joined_session(snapshot), snapshot


def test_the_joiner_passes_a_message_that_reads_back_to_what_it_holds():
    remote, snapshot = a_seated_snapshot()
    check_message(remote, snapshot, snapshot["seq"])


@pytest.mark.parametrize("change, named", [
    ({"seq": 2}, "seq"),
    ({"legal": []}, "legal"),
    ({"to_move": 1}, "to_move"),
    ({"view": {"type": "nothing"}}, "view"),
])
def test_the_joiner_refuses_a_message_that_differs_from_what_it_holds(change, named):
    remote, snapshot = a_seated_snapshot()
    with pytest.raises(SmokeFailure, match=f"differs from the table held in {named}$"):
        check_message(remote, {**snapshot, **change}, snapshot["seq"])

"""The host's app serves its host's table and nothing else: a stranger's `create` is refused, and
the host's save is made of the host's own table only, never of another table its server holds.
On 127.0.0.1 only; every wait is bounded; every server is stopped."""

from __future__ import annotations

import time

from game import storage
from game.net.client import TableClient
from game.net.hosting import HostedTable
from game.net.server import TableServer
from game.session import Session
from test_net_host_app import host_app, hosted_lobby  # noqa: F401 (host_app: a fixture)

WAIT = 10.0
TWO_COMPUTERS = {"seats": [{"name": "Xa", "kind": "computer", "difficulty": "random"},
                           {"name": "Xb", "kind": "computer", "difficulty": "random"}]}


def test_a_stranger_cannot_set_a_table_up_on_the_hosts_server(host_app):
    hosted_lobby(host_app)
    hosting = host_app.app.screens.hosting
    stranger = TableClient(f"ws://127.0.0.1:{hosting.server.port}")
    try:
        stranger.open({"type": "create", "game": "chains", "config": TWO_COMPUTERS})
        assert "only its host's table" in stranger.wait_for("refused", WAIT)["reason"]
        time.sleep(0.5)
        assert list(hosting.server.rooms) == [hosting.room]
        assert not storage.autosave_path().exists() and not storage.finished_games()
    finally:
        stranger.close()


def test_the_hosts_save_is_never_made_of_another_table(host_app):
    hosted_lobby(host_app)
    hosting = host_app.app.screens.hosting
    other = HostedTable(Session("chains", TWO_COMPUTERS, 5), "ZZZZZ")
    hosting.server.on_move(other)
    assert not storage.autosave_path().exists()


def test_a_table_server_refuses_create_when_told_to():
    server = TableServer("127.0.0.1", 0, creates_tables=False)
    server.start()
    client = TableClient(f"ws://127.0.0.1:{server.port}")
    try:
        client.open({"type": "create", "game": "chains", "config": TWO_COMPUTERS})
        assert client.wait_for("refused", WAIT)["reason"]
        assert not server.rooms
    finally:
        client.close()
        server.stop()

"""The lease of a room in a shared store is fenced (game/net/store.py): a process whose lease ran
out (frozen, cut off from Redis) while another took the room over cannot write its table over
the new holder's, nor delete it; a server in that state lets the room go and its players' apps
come back to the holder. A `redis-server` on 127.0.0.1, nothing saved to disk."""

from __future__ import annotations

import json

from game.net.client import TableClient
from game.net.server import TableServer
from game.net.store import SharedTableStore, lease_key, table_key
from net_helpers import WAIT
from test_net_behind_nginx import TWO_PLAYERS
from test_net_shared_store import redis_url  # noqa: F401  (the fixture)

ROOM = "ABCDEFGHJK"


def lapse(store: SharedTableStore, room: str) -> None:
    """The room's lease runs out now, as it would for a process frozen past LEASE_SECONDS."""
    store.redis.pexpire(lease_key(room), 1)
    while store.redis.exists(lease_key(room)):
        pass


def kept(store: SharedTableStore, room: str) -> dict:
    return json.loads(store.redis.get(table_key(room)))["record"]


def test_a_stale_holder_cannot_write_over_the_new_holders_table(redis_url):  # noqa: F811
    stale, holder = SharedTableStore(redis_url), SharedTableStore(redis_url)
    try:
        assert stale.claim(ROOM) and stale.write(ROOM, None, {"by": "stale", "moves": 1})
        assert not holder.claim(ROOM), "a live lease keeps the room its holder's"
        lapse(stale, ROOM)
        assert holder.claim(ROOM) and holder.write(ROOM, None, {"by": "holder", "moves": 2})
        assert not stale.write(ROOM, None, {"by": "stale", "moves": 2}), "the stale holder's write is refused"
        assert kept(holder, ROOM) == {"by": "holder", "moves": 2}
        stale.forget(ROOM)
        assert kept(holder, ROOM) == {"by": "holder", "moves": 2}, "nor may it delete the table"
        assert holder.write(ROOM, None, {"by": "holder", "moves": 3}), "the holder writes on"
    finally:
        stale.close()
        holder.close()


def test_a_write_after_the_lease_ran_out_with_no_new_holder_is_refused_too(redis_url):  # noqa: F811
    store = SharedTableStore(redis_url)
    try:
        assert store.claim(ROOM) and store.write(ROOM, None, {"moves": 1})
        lapse(store, ROOM)
        assert not store.write(ROOM, None, {"moves": 2}) and kept(store, ROOM) == {"moves": 1}
        assert store.claim(ROOM), "the room is claimed afresh, as a player's coming back does"
    finally:
        store.close()


def test_a_server_whose_lease_was_taken_over_lets_the_room_go(redis_url):  # noqa: F811
    server = TableServer("127.0.0.1", 0, store=SharedTableStore(redis_url))
    server.start()
    holder = SharedTableStore(redis_url)
    ana = TableClient(f"ws://127.0.0.1:{server.port}", give_up=2)
    try:
        ana.open({"type": "create", "game": "chains", "config": TWO_PLAYERS})
        code = ana.wait_for("room", WAIT)["room"]
        ana.wait_for("lobby", WAIT)
        lapse(server.store, code)
        assert holder.claim(code)
        holder.write(code, None, {"by": "holder"})
        assert ana.wait_for("reconnecting", WAIT), "the player is sent to the holder"
        assert code not in server.rooms, "the room is no longer served here"
        assert kept(holder, code) == {"by": "holder"}
    finally:
        ana.close()
        server.stop()
        holder.close()

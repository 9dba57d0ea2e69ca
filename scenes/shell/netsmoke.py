"""Network play in the executables, headless: two processes of the app play a game over loopback.

    chaintable --smoke-host                       a table on 127.0.0.1: one computer seat, one open
    chaintable --smoke-join ws://127.0.0.1:PORT ROOM [--smoke-seed N]

The host prints one JSON line, `{"port": P, "room": R}`, then the table as a local network
would be told of it (made and read back without a network: the bundle's discovery), and serves
the table until the game is over and its player has left (exit 0), or for two minutes at most
(exit 1). The joiner sits in the open seat, plays a legal move whenever it is to move (the first
one, or a random one from the seed), and checks each message it is sent against what its
RemoteSession holds after reading it: the sequence numbers run on without a gap, and the view, the
legal moves, the seat to move and the move itself read back to exactly what was sent. It prints
the result and exits 0; any refusal, drop, silence or difference ends it with exit 1 and the reason."""

from __future__ import annotations

import json
import queue
import sys
import time

from game.core import to_json
from game.net.client import TableClient
from game.net.discovery import Advertiser, found_table
from game.net.server import TableServer
from game.rng import Rng, fresh_seed
from game.tables import JoinedSession, joined_session, new_session

GAME = "chains"
SEATS = [{"name": "Ana", "kind": "computer", "difficulty": "easy"}, {"name": "Ben"}]
HOST_SECONDS = 120
ANSWER_SECONDS = 20  # the longest the joiner waits for the table's next message
MOST_SEATS = 8


class SmokeFailure(Exception):
    """What went wrong, in words, for the smoke run's output."""


def run_host(out=sys.stdout) -> int:
    server = TableServer("127.0.0.1", 0, computer_pace=0.05)
    port = server.start()
    session = new_session(GAME, {"seats": SEATS}, fresh_seed())
    room = server.open_room(session)
    print(json.dumps({"port": port, "room": room}), file=out, flush=True)
    advertised = found_table(Advertiser("Ana", port, room, GAME, 1, addresses=["127.0.0.1"]).service())
    print(f"net smoke host: advertised on a local network as {advertised}", file=out, flush=True)
    try:
        ended = _wait_until(lambda: session.game_over and not server.rooms[room].connections, HOST_SECONDS)
    finally:
        server.stop()
    if not ended:
        print(f"net smoke host: no game ended within {HOST_SECONDS} s", file=out, flush=True)
        return 1
    winners = " and ".join(session.names[seat] for seat in session.outcome().winners) or "nobody"
    moves = len(session.stream(None).moves)
    print(f"net smoke host: game over after {moves} moves, won by {winners}", file=out, flush=True)
    return 0


def _wait_until(check, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def run_join(address: str, room: str, seed: int | None = None, out=sys.stdout) -> int:
    try:
        client, first = _sit(address, room)
        try:
            remote = joined_session(first)
            checked = _play(client, remote, first, Rng(seed) if seed is not None else None)
        finally:
            client.close()
    except (SmokeFailure, OSError) as err:
        print(f"net smoke join: {err}", file=out, flush=True)
        return 1
    standing = ", ".join(f"{name} {wins}" for name, wins in zip(remote.names, remote.wins))
    print(f"net smoke join: game over after {len(remote.stream(remote.seat).moves)} moves, {checked} messages checked; "
          f"games won: {standing}", file=out, flush=True)
    return 0


def _sit(address: str, room: str) -> tuple[TableClient, dict]:
    """Sit in the first seat the table lets us: the connection and its first position message."""
    refusals = []
    for seat in range(MOST_SEATS):
        client = TableClient(address)
        client.open({"type": "hello", "room": room, "seat": seat})
        answer = _next(client, ("welcome", "refused"))
        if answer["type"] == "welcome":
            return client, _next(client, ("snapshot",))
        client.close()
        refusals.append(answer["reason"])
    raise SmokeFailure(f"no seat to sit in: {'; '.join(refusals)}")


def _next(client: TableClient, kinds: tuple[str, ...]) -> dict:
    """The table's next message of one of `kinds` (others, such as a lobby, are passed over); a
    refusal not asked for, a drop or silence fails the run."""
    while True:
        try:
            message = client.inbox.get(timeout=ANSWER_SECONDS)
        except queue.Empty:
            raise SmokeFailure(f"the table said nothing for {ANSWER_SECONDS} s") from None
        if message["type"] in kinds:
            return message
        if message["type"] in ("refused", "dropped", "closing"):
            raise SmokeFailure(f"the table answered {message}")


def _play(client: TableClient, remote: JoinedSession, snapshot: dict, rng: Rng | None) -> int:
    """Play the seat (just made of `snapshot`) to the end of the game: the messages checked."""
    check_message(remote, snapshot, snapshot["seq"])
    checked, seq = 1, snapshot["seq"]
    while not remote.game_over:
        if remote.to_move == remote.seat:
            _move(client, remote, rng, seq)
        message = _next(client, ("move", "snapshot"))
        remote.take(message)
        seq += 1
        check_message(remote, message, seq)
        checked += 1
    return checked


def _move(client: TableClient, remote: JoinedSession, rng: Rng | None, seen: int) -> None:
    legal = remote.stream(remote.seat).legal_actions()
    action = legal[rng.below(len(legal)) if rng is not None else 0]
    if not remote.is_legal(action):
        raise SmokeFailure(f"the table offered {action}, which the seat's own view finds illegal: "
                           f"{remote.why_illegal(action)}")
    remote.apply(action)
    client.send({**remote.outbox.pop(), "seen": seen})


def check_message(remote: JoinedSession, message: dict, seq: int) -> None:
    """The message (already taken) against what the RemoteSession holds now."""
    stream = remote.stream(remote.seat)
    held = {"seq": seq, "view": to_json(stream.view), "legal": [to_json(a) for a in stream.legal_actions()],
            "to_move": remote.to_move, "seat": remote.seat}
    if message["type"] == "move":
        held["move"] = to_json(stream.moves[-1])
    different = [key for key, value in held.items() if message.get(key) != value]
    if different:
        raise SmokeFailure(f"message {message.get('seq')} ({message['type']}) differs from the table held "
                           f"in {', '.join(different)}")


def run_net_smoke(host: bool, join: list[str] | None, seed: int | None) -> int:
    """The command line's `--smoke-host` or `--smoke-join ADDRESS ROOM`."""
    return run_host() if host else run_join(join[0], join[1], seed)

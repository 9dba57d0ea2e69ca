"""A joining app's connection to a table (game/net/server.py): a background thread receives the
host's messages into a queue that the frame loop takes from without ever waiting (`poll`); `send`
posts one.

A connection that is lost comes back by itself: the client tells it in its inbox
(`{"type": "reconnecting", "attempt": n, "seconds": s}`), waits s seconds (0.5, 1, 2, 4, 8, then
10 each time) and says `hello` again with the token its `welcome` gave, so the host's `welcome`,
`lobby` and `snapshot` arrive as on the first visit. It gives up after `give_up` seconds
(`{"type": "dropped"}`), and never comes back after the host said `closing`, after `close()`, or
after the host closed the connection for misbehaving (code 1008).

It connects to `/room/CODE` at the address, so that a proxy in front of several servers sends it
to the one that holds the room (docs/SERVER.md): the room its first message names, or, setting a
table up (`create`), a code it draws as a server would (a server from before rooms were in the
address draws its own, and its `room` message says which)."""

from __future__ import annotations

import json
import queue
import ssl
import threading
import time

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI
from websockets.sync.client import ClientConnection, connect

from .hosting import PROTOCOL, SERVER_CODE_LENGTH, new_room_code
from .server import KEEPALIVE_SECONDS, MESSAGE_LIMIT, ROOM_PATH

CONNECT_SECONDS = 5
BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0, 10.0)  # seconds before each attempt to come back; then the last
GIVE_UP_SECONDS = 120.0
POLICY_CLOSE = 1008  # the host closed the connection on purpose: no coming back
ABNORMAL_CLOSE = 1006  # the connection was lost with no goodbye


def table_address(typed: str) -> str:
    """The address a player typed (host:port, ws://host:port or wss://host:port) as a URI;
    ValueError with what is wrong."""
    text = typed.strip()
    if not text:
        raise ValueError("type the host's address (host:port)")
    if "://" not in text:
        text = f"ws://{text}"
    scheme, _, rest = text.partition("://")
    host, colon, port = rest.rstrip("/").rpartition(":")
    if scheme not in ("ws", "wss") or not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"\u201c{typed.strip()}\u201d is not an address: type it as host:port, like 192.168.1.20:8765")
    return f"{scheme}://{host}:{int(port)}"


def room_address(address: str, room: str | None) -> str:
    """Where a client connects: the room's path at the server's address (`/room/CODE`), or the
    address itself when the typed code cannot be one (the server says why in words)."""
    return f"{address.rstrip('/')}/room/{room}" if room and ROOM_PATH.fullmatch(f"/room/{room}") else address


class AddressAdvice(OSError):
    """A table out of reach for a reason the player can put right; `words` say how."""

    def __init__(self, address: str, words: str) -> None:
        super().__init__(f"cannot reach a table at {address}: {words}")
        self.words = words


def advice(address: str, err: Exception) -> AddressAdvice | None:
    """The way out of a failed first connection to `address` when its scheme is the wrong one for
    the server: ws:// to a port that speaks TLS only (a proxy's 400 saying so), wss:// to a port
    without TLS, or wss:// to a certificate this computer does not trust; None otherwise."""
    scheme, _, rest = address.partition("://")
    if isinstance(err, InvalidStatus) and scheme == "ws" and err.response.status_code == 400 \
            and b"HTTPS" in (err.response.body or b""):
        return AddressAdvice(address, f"it takes secure connections only: type the address as wss://{rest}")
    if isinstance(err, ssl.SSLCertVerificationError):
        return AddressAdvice(address, f"its certificate is not one this computer trusts ({err.verify_message}): "
                                      "check the address, or ask the server's operator")
    if isinstance(err, ssl.SSLError) and scheme == "wss":
        return AddressAdvice(address, "it does not answer a secure connection; if the server has no certificate, "
                                      f"type the address as ws://{rest}")
    return None


class TableClient:
    def __init__(self, address: str, give_up: float = GIVE_UP_SECONDS, wake=None, source: str | None = None) -> None:
        """`address`: ws://host:port (wss:// behind TLS). `give_up`: seconds of trying to come
        back before the connection is given up for lost. `wake`: called (from the connection's
        thread) after each message put in the inbox: an app resting between frames is woken to
        take it. `source`: the local address to connect from (None: the system's choice; a load
        test's players come from addresses of their own on 127.0.0.0/8)."""
        self.address = address
        self.source = {} if source is None else {"source_address": (source, 0)}
        self.give_up = give_up
        self.wake = wake or (lambda: None)
        self.inbox: queue.Queue[dict] = queue.Queue()
        self._connection: ClientConnection | None = None
        self._thread: threading.Thread | None = None
        self._opened = threading.Event()
        self._closed = threading.Event()
        self._closing = False  # the host said it closes the table
        self._hello: dict | None = None  # the last hello sent
        self._rejoin: dict | None = None  # the hello that comes back to the seat, once welcomed
        self.welcome: dict | None = None  # the host's last `welcome`: the seat, its token, whether host
        self.room: str | None = None  # the room connected to, once known (`/room/CODE`)

    def open(self, first: dict) -> None:
        """Connect and send the first message (`hello`, `look` or `create`); raises OSError with
        the reason when the table cannot be reached (AddressAdvice when the player can put it right)."""
        failure: list = []
        if isinstance(first.get("room"), str):
            self.room = first["room"].strip().upper()
        elif first.get("type") == "create":
            self.room = new_room_code(SERVER_CODE_LENGTH)
        self._thread = threading.Thread(target=self._run, args=(failure,), daemon=True, name="table-client")
        self._thread.start()
        self._opened.wait(CONNECT_SECONDS + 1)
        if failure and isinstance(failure[0], AddressAdvice):
            raise failure[0]
        if failure or self._connection is None:
            raise OSError(f"cannot reach a table at {self.address}: {failure[0] if failure else 'no answer'}")
        self.send(first)

    def send(self, message: dict) -> bool:
        """Post a message (the protocol's version added); whether it went. A message that cannot
        go is lost with the connection, which comes back by itself (see the module)."""
        if message.get("type") == "hello":
            self._hello = message
        try:
            self._connection.send(json.dumps({"version": PROTOCOL, **message}))
        except (ConnectionClosed, OSError, AttributeError):
            return False
        return True

    def _deliver(self, message: dict) -> None:
        self.inbox.put(message)
        self.wake()

    def poll(self) -> list[dict]:
        """Every message received since the last poll, oldest first; never waits."""
        messages = []
        while True:
            try:
                messages.append(self.inbox.get_nowait())
            except queue.Empty:
                return messages

    def wait_for(self, kind: str, seconds: float, passed: list | None = None) -> dict:
        """Wait for the next message of `kind` (a headless player's way, never the frame loop's);
        the messages before it go to `passed`. TimeoutError after `seconds`."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                message = self.inbox.get(timeout=left)
            except queue.Empty:
                break
            if message["type"] == kind:
                return message
            if passed is not None:
                passed.append(message)
        raise TimeoutError(f"no {kind!r} message within {seconds} s")

    @property
    def token(self) -> str | None:
        """The token that holds this client's seat, once welcomed."""
        return self.welcome.get("token") if self.welcome else None

    def close(self) -> None:
        """Leave the table for good: no coming back."""
        self._closed.set()
        if self._connection is not None:
            self._connection.close()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(CONNECT_SECONDS)

    # -- the connection's thread

    def _run(self, failure: list[str]) -> None:
        """Open the connection (no proxy: a table's address is reached directly), put every
        message received in the inbox, and come back while the connection may."""
        try:
            code = self._visit(rejoining=False)
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError, ConnectionClosed) as err:
            failure.append(advice(self.address, err) or str(err))
            code = None
        finally:
            self._opened.set()
        while self._may_come_back(code):
            code = self._come_back()
        self._deliver({"version": PROTOCOL, "type": "dropped"})

    def _visit(self, rejoining: bool) -> int | None:
        """One connection, until it ends: its close code. Coming back, the hello with the token
        goes first, and a connection the host does not welcome ends at once (None)."""
        with connect(room_address(self.address, self.room), open_timeout=CONNECT_SECONDS, max_size=MESSAGE_LIMIT,
                     proxy=None, ping_interval=KEEPALIVE_SECONDS, ping_timeout=KEEPALIVE_SECONDS,
                     **self.source) as connection:
            self._connection = connection
            self._opened.set()
            if rejoining and not self._welcomed(connection):
                return None
            try:
                for text in connection:
                    self._take(json.loads(text))
            except (ConnectionClosed, ValueError, OSError):
                pass
        return connection.close_code or ABNORMAL_CLOSE

    def _take(self, message: dict) -> None:
        if message.get("type") == "room":  # a table this connection set up: its seat is come back to there
            self._hello = {"type": "hello", "room": message.get("room")}
            self.room = message.get("room")
        if message.get("type") == "welcome":
            self.welcome = message
        if message.get("type") == "welcome" and self._hello is not None:
            self._rejoin = {key: value for key, value in self._hello.items() if key in ("type", "room", "host")}
            self._rejoin["token"] = message.get("token")
        elif message.get("type") == "closing":
            self._closing = True
        self._deliver(message)

    def _may_come_back(self, code: int | None) -> bool:
        """Whether a connection that ended with `code` (None: given up) is tried again."""
        return not (code in (None, POLICY_CLOSE) or self._closed.is_set() or self._closing or self._rejoin is None)

    def _come_back(self) -> int | None:
        """Try again with the seat's token, waiting longer each time (BACKOFF), until a try is
        welcomed (the close code that visit ended with), or `give_up` seconds have passed, or
        `close()` (None)."""
        started = time.monotonic()
        for attempt in range(1, 10**6):
            seconds = BACKOFF[min(attempt, len(BACKOFF)) - 1]
            if time.monotonic() + seconds - started > self.give_up:
                return None
            self._deliver({"version": PROTOCOL, "type": "reconnecting", "attempt": attempt, "seconds": seconds})
            if self._closed.wait(seconds):
                return None
            try:
                code = self._visit(rejoining=True)
            except (OSError, InvalidHandshake, InvalidURI, TimeoutError, ConnectionClosed):
                code = None  # a connection closed during its handshake (a server stopping) is a failed try too
            if code is not None:
                return code
        return None

    def _welcomed(self, connection: ClientConnection) -> bool:
        """Coming back: the hello with the token said, whether the host's answer is `welcome` (a
        host out of reach or refusing makes the try a failed one)."""
        try:
            connection.send(json.dumps({"version": PROTOCOL, **self._rejoin}))
            answer = json.loads(connection.recv(CONNECT_SECONDS))
        except (OSError, TimeoutError, ConnectionClosed, ValueError):
            return False
        if answer.get("type") != "welcome":
            return False
        self._take(answer)
        return True

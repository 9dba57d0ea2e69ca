"""A joining app's connection to a table (game/net/server.py): a background thread receives the
host's messages into a queue that the frame loop takes from without ever waiting (`poll`); `send`
posts one. A connection that drops is told as a message of its own (`{"type": "dropped"}`), so
the table can say so and offer to come back with the seat's token."""

from __future__ import annotations

import json
import queue
import threading
import time

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

from .hosting import PROTOCOL
from .server import MESSAGE_LIMIT

CONNECT_SECONDS = 5


class TableClient:
    def __init__(self, address: str) -> None:
        """`address`: ws://host:port (wss:// behind TLS)."""
        self.address = address
        self.inbox: queue.Queue[dict] = queue.Queue()
        self._connection: ClientConnection | None = None
        self._thread: threading.Thread | None = None

    def open(self, first: dict) -> None:
        """Connect and send the first message (`hello` or `create`); raises OSError with the
        reason when the table cannot be reached."""
        opened = threading.Event()
        failure: list[str] = []
        self._thread = threading.Thread(target=self._run, args=(opened, failure), daemon=True, name="table-client")
        self._thread.start()
        opened.wait(CONNECT_SECONDS + 1)
        if failure or self._connection is None:
            raise OSError(f"cannot reach a table at {self.address}: {failure[0] if failure else 'no answer'}")
        self.send(first)

    def send(self, message: dict) -> None:
        """Post a message (the protocol's version added); a dropped connection is told in the inbox."""
        try:
            self._connection.send(json.dumps({"version": PROTOCOL, **message}))
        except (ConnectionClosed, OSError):
            self.inbox.put({"version": PROTOCOL, "type": "dropped"})

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

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
        if self._thread is not None:
            self._thread.join(CONNECT_SECONDS)

    def _run(self, opened: threading.Event, failure: list[str]) -> None:
        """The connection's thread: open it (no proxy: a table's address is reached directly),
        then put every message received in the inbox until it ends."""
        try:
            with connect(self.address, open_timeout=CONNECT_SECONDS, max_size=MESSAGE_LIMIT, proxy=None) as connection:
                self._connection = connection
                opened.set()
                for text in connection:
                    self.inbox.put(json.loads(text))
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as err:
            failure.append(str(err))
        except (ConnectionClosed, ValueError):
            pass
        finally:
            opened.set()
        self.inbox.put({"version": PROTOCOL, "type": "dropped"})

"""`chaintable-server`: the table server with no window, for play across the internet. Players
connect to it by its address and a room code; one of them sets the table up from the app. Every
table is kept in a store after every move, and served again when the server starts.

    chaintable-server [--host 0.0.0.0] [--port 8765] [--store sqlite:///tables.sqlite3]
                      [--certificate cert.pem --key key.pem] [--behind-proxy] [--log-json]

With a certificate it speaks wss:// (TLS); without, ws:// (put it behind a TLS proxy then). Its
limits and how long tables are kept: docs/SERVER.md. It runs until stopped (Ctrl+C, or a TERM
signal: the players are told the server is restarting, and their apps come back by themselves
once it runs again). /healthz and /metrics (Prometheus) are answered on its port; each event
is logged as a line on the standard error, JSON with --log-json."""

from __future__ import annotations

import argparse
import json
import logging
import signal
import sqlite3
import ssl
import threading
from datetime import datetime, timezone

from .repeats import RepeatedErrors
from .rooms import Limits
from .server import TableServer
from .store import default_url, open_store

RESTARTING = "The server is restarting: your game is kept, and you come back to your seat once it runs again."
SPARE_FILES = 64  # file descriptors kept for the store, the logs and the listening socket

try:
    import resource  # POSIX: how many files a process may hold open
except ImportError:
    resource = None

DEFAULT_PORT = 8765


def tls_context(certificate: str | None, key: str | None) -> ssl.SSLContext | None:
    if certificate is None:
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certificate, key)
    # No TLS 1.3 session tickets: a ticket arriving as the app's client (websockets) sends its
    # first request can lose that request, and the player waits for the opening timeout.
    context.num_tickets = 0
    return context


def help_paragraphs(prog: str) -> tuple[str, str]:
    """What the help says above the options and below them: this module's first paragraph (named
    as the command was called) and its last, each whole (the usage between them is argparse's)."""
    paragraphs = [" ".join(paragraph.split()) for paragraph in __doc__.split("\n\n")]
    return paragraphs[0].replace("`chaintable-server`", prog), paragraphs[-1]


def command_line(prog: str) -> argparse.ArgumentParser:
    """The command's options and its whole help."""
    description, epilog = help_paragraphs(prog)
    parser = argparse.ArgumentParser(prog=prog, description=description, epilog=epilog)
    parser.add_argument("--host", default="0.0.0.0", help="the address to listen on (default: every one)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT}; 0: any free)")
    parser.add_argument("--certificate", help="the server's TLS certificate chain (PEM), for wss://")
    parser.add_argument("--key", help="the certificate's private key (PEM)")
    parser.add_argument("--store", default=None, metavar="URL",
                        help="where tables are kept, sqlite:///path (default: tables.sqlite3 in the "
                             "server folder of the data folder), or redis://host:port/db shared by "
                             "several processes")
    parser.add_argument("--behind-proxy", action="store_true",
                        help="players come through a proxy (nginx: deploy/) that says their address in "
                             "X-Real-IP; the limits per player count that address")
    parser.add_argument("--log-json", action="store_true",
                        help="log each event as one JSON object a line (for a log collector)")
    return parser


def main(argv: list[str] | None = None, prog: str = "chaintable-server") -> int:
    """`prog`: the name the command was called by (the executables run it as `chaintable --server`)."""
    parser = command_line(prog)
    args = parser.parse_args(argv)
    try:
        context = tls_context(args.certificate, args.key)
    except (OSError, ssl.SSLError) as err:
        parser.exit(2, f"{prog}: the certificate cannot be used: {err}\n")
    try:
        store = open_store(args.store or default_url())
    except (OSError, ValueError, sqlite3.Error) as err:
        parser.exit(2, f"{prog}: the store cannot be opened: {err}\n")
    log_once(as_json=args.log_json)
    server = TableServer(args.host, args.port, tls=context, store=store, behind_proxy=args.behind_proxy,
                         limits=Limits(connections=min(Limits.connections, open_files() - SPARE_FILES)))
    try:
        port = server.start()
    except OSError as err:
        parser.exit(1, f"{prog}: {err}\n")
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    print(f"Chain Table server on {'wss' if context else 'ws'}://{args.host}:{port}", flush=True)
    threading.Thread(target=tell_restored, args=(server,), daemon=True).start()
    try:
        stop.wait()
    except KeyboardInterrupt:
        pass
    server.stop(farewell=RESTARTING)
    return 0


def tell_restored(server: TableServer) -> None:
    """A line once every stored table is served again (a player's own is, the moment they come back)."""
    server.restored.wait()
    print(f"Every stored table is back: {len(server.rooms)}", flush=True)


def log_once(as_json: bool = False) -> None:
    """The server's events (INFO) and every warning and error to the standard error, a line each
    (`as_json`: a JSON object each), a repeated warning or error once a minute with a count. The
    libraries' own INFO (websockets': a line per connection) is left out."""
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("game.net").setLevel(logging.INFO)
    for handler in logging.getLogger().handlers:
        handler.addFilter(RepeatedErrors())
        if as_json:
            handler.setFormatter(JsonLines())


class JsonLines(logging.Formatter):
    """A log record as one JSON object: time (UTC), level, logger, message, and an event's name
    and fields (game/net/server.py: `event`) as keys of their own."""

    def format(self, record: logging.LogRecord) -> str:
        line = {"time": datetime.fromtimestamp(record.created, timezone.utc).isoformat(timespec="milliseconds"),
                "level": record.levelname, "logger": record.name, "message": record.getMessage()}
        if hasattr(record, "event"):
            line = {**line, "event": record.event, **record.fields}
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, default=str)


def open_files() -> int:
    """How many files (connections among them) this process may hold open, raised to the most
    the system allows it (on Windows, where no such limit binds: the server's own cap)."""
    if resource is None:
        return Limits.connections + SPARE_FILES
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        soft = hard
    return soft if soft != resource.RLIM_INFINITY else Limits.connections + SPARE_FILES


if __name__ == "__main__":
    raise SystemExit(main())

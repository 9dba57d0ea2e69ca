"""`chaintable-server`: the table server with no window, for play across the internet. Players
connect to it by its address and a room code; one of them sets the table up from the app.

    chaintable-server [--host 0.0.0.0] [--port 8765] [--certificate cert.pem --key key.pem]

With a certificate it speaks wss:// (TLS); without, ws:// (put it behind a TLS proxy then).
It runs until stopped (Ctrl+C, or a TERM signal)."""

from __future__ import annotations

import argparse
import signal
import ssl
import threading

from .server import TableServer

DEFAULT_PORT = 8765


def tls_context(certificate: str | None, key: str | None) -> ssl.SSLContext | None:
    if certificate is None:
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certificate, key)
    return context


def help_paragraphs(prog: str) -> tuple[str, str]:
    """What the help says above the options and below them: this module's first paragraph (named
    as the command was called) and its last, each whole (the usage between them is argparse's)."""
    paragraphs = [" ".join(paragraph.split()) for paragraph in __doc__.split("\n\n")]
    return paragraphs[0].replace("`chaintable-server`", prog), paragraphs[-1]


def main(argv: list[str] | None = None, prog: str = "chaintable-server") -> int:
    """`prog`: the name the command was called by (the executables run it as `chaintable --server`)."""
    description, epilog = help_paragraphs(prog)
    parser = argparse.ArgumentParser(prog=prog, description=description, epilog=epilog)
    parser.add_argument("--host", default="0.0.0.0", help="the address to listen on (default: every one)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT}; 0: any free)")
    parser.add_argument("--certificate", help="the server's TLS certificate chain (PEM), for wss://")
    parser.add_argument("--key", help="the certificate's private key (PEM)")
    args = parser.parse_args(argv)
    try:
        context = tls_context(args.certificate, args.key)
    except (OSError, ssl.SSLError) as err:
        parser.exit(2, f"{prog}: the certificate cannot be used: {err}\n")
    server = TableServer(args.host, args.port, tls=context)
    try:
        port = server.start()
    except OSError as err:
        parser.exit(1, f"{prog}: {err}\n")
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    print(f"Chain Table server on {'wss' if context else 'ws'}://{args.host}:{port}", flush=True)
    try:
        stop.wait()
    except KeyboardInterrupt:
        pass
    server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

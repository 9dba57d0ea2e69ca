"""Start Chain Table: `chaintable`, `python -m scenes`, or the built executable.

Flags: --version; --smoke (open every scene headless, draw a frame of each, exit 0);
--demo (computers play a game on screen); --install-desktop (Linux menu entry for this executable);
--smoke-host and --smoke-join ADDRESS ROOM (a game over loopback between two processes, headless:
scenes/shell/netsmoke.py); --server [--host H] [--port P] [--certificate C --key K] (the table
server with no window, as `chaintable-server`: game/net/command.py).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
import traceback

from scenes.shell.version import program_version

LAUNCHED = time.perf_counter()


def arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="chaintable", description="Chain Table: five chain-building card games.")
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    parser.add_argument("--smoke", action="store_true", help="open every scene headless, draw a frame of each, exit")
    parser.add_argument("--demo", action="store_true", help="watch computers play a game")
    parser.add_argument("--install-desktop", action="store_true", help="add Chain Table to the Linux desktop menu")
    parser.add_argument("--smoke-host", action="store_true", help="host a table on 127.0.0.1 for --smoke-join, headless")
    parser.add_argument("--smoke-join", nargs=2, metavar=("ADDRESS", "ROOM"), help="play the open seat of that table")
    parser.add_argument("--smoke-seed", type=int, help="with --smoke-join: play random legal moves from this seed")
    parser.add_argument("--server", action="store_true",
                        help="first: run the table server with no window (chaintable --server --help for its options)")
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--server"]:  # the table server, no window: the executables' chaintable-server
        from game.net.command import main as serve

        return serve(argv[1:], prog="chaintable --server")
    parser = arguments()
    args = parser.parse_args(argv)
    if args.smoke_host or args.smoke_join:
        from scenes.shell.netsmoke import run_net_smoke

        return run_net_smoke(args.smoke_host, args.smoke_join, args.smoke_seed)
    if args.version:
        print(f"Chain Table {program_version()}")
        return 0
    if args.install_desktop:
        from scenes.shell.desktop import install_desktop_entry

        print(f"installed {install_desktop_entry()}")
        return 0
    if args.smoke:
        import tempfile

        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
        os.environ["CHAINTABLE_HOME"] = tempfile.mkdtemp(prefix="chaintable-smoke-")
        from scenes.shell.smoke import run_smoke

        return run_smoke()
    problem = _start_log()
    from game.storage import sweep_stale_temporaries

    sweep_stale_temporaries()
    return _play(demo=args.demo, notice=problem)


def _start_log() -> str | None:
    """Log to the data folder's log file; when that folder cannot be written (read-only), log
    to the console and return the message the menu shows once."""
    from game.storage import log_dir

    log_format = "%(asctime)s %(levelname)s %(message)s"
    try:
        logging.basicConfig(filename=str(log_dir() / "chaintable.log"), level=logging.INFO, format=log_format)
        problem = None
    except OSError as err:
        logging.basicConfig(level=logging.INFO, format=log_format)
        problem = f"Cannot write to the data folder ({err.strerror or err}); play goes on unsaved."
        logging.warning("no log file: %s", err)
    logging.info("Chain Table %s starting", program_version())
    return problem


def _play(demo: bool, notice: str | None = None) -> int:
    from scenes.shell.screens import open_app

    app = open_app(notice=notice)
    if demo:
        from scenes.shell.smoke import demo_session

        app.screens.table(demo_session())
    app.first_frame_hook = _report_first_frame
    try:
        app.run()
    except Exception:
        report = _write_crash_report()
        from scenes.shell.crash import show_crash

        show_crash(app, report)
        return 1
    return 0


def _report_first_frame() -> None:
    """For the start-up benchmark: say when the first frame is on screen."""
    if os.environ.get("CHAINTABLE_REPORT_FIRST_FRAME"):
        print(f"first-frame {time.perf_counter() - LAUNCHED:.4f}", flush=True)
        if os.environ["CHAINTABLE_REPORT_FIRST_FRAME"] == "exit":
            sys.exit(0)


def _write_crash_report() -> str:
    """Write the crash report to the log folder; where it went (or that it could not be)."""
    from game.storage import log_dir

    try:
        path = log_dir() / f"crash-{time.strftime('%Y%m%d-%H%M%S')}.log"
        path.write_text(f"Chain Table {program_version()}\n{traceback.format_exc()}", encoding="utf-8")
    except OSError as err:
        logging.error("crash (no report written: %s)\n%s", err, traceback.format_exc())
        return f"(the report could not be written: {err.strerror or err})"
    logging.error("crash, report in %s\n%s", path, traceback.format_exc())
    return str(path)


if __name__ == "__main__":
    sys.exit(main())

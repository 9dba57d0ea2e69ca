"""Start Chain Table: `chaintable`, `python -m scenes`, or the built executable.

Flags: --version; --smoke (open every scene headless, draw a frame of each, exit 0);
--demo (computers play a game on screen); --install-desktop (Linux menu entry for this executable).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
import traceback

VERSION = "0.1.0"
LAUNCHED = time.perf_counter()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="chaintable", description="Chain Table: five chain-building card games.")
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    parser.add_argument("--smoke", action="store_true", help="open every scene headless, draw a frame of each, exit")
    parser.add_argument("--demo", action="store_true", help="watch computers play a game")
    parser.add_argument("--install-desktop", action="store_true", help="add Chain Table to the Linux desktop menu")
    args = parser.parse_args(argv)
    if args.version:
        print(f"Chain Table {VERSION}")
        return 0
    if args.install_desktop:
        from .desktop import install_desktop_entry

        print(f"installed {install_desktop_entry()}")
        return 0
    if args.smoke:
        import tempfile

        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
        os.environ["CHAINTABLE_HOME"] = tempfile.mkdtemp(prefix="chaintable-smoke-")
        from .smoke import run_smoke

        return run_smoke()
    _start_log()
    return _play(demo=args.demo)


def _start_log() -> None:
    from game.storage import log_dir

    logging.basicConfig(filename=str(log_dir() / "chaintable.log"), level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    logging.info("Chain Table %s starting", VERSION)


def _play(demo: bool) -> int:
    from .screens import open_app

    app = open_app()
    if demo:
        from .smoke import demo_session

        app.screens.table(demo_session())
    app.first_frame_hook = _report_first_frame
    try:
        app.run()
    except Exception:
        report = _write_crash_report()
        from .crash import show_crash

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
    from game.storage import log_dir

    path = log_dir() / f"crash-{time.strftime('%Y%m%d-%H%M%S')}.log"
    path.write_text(f"Chain Table {VERSION}\n{traceback.format_exc()}", encoding="utf-8")
    logging.error("crash, report in %s\n%s", path, traceback.format_exc())
    return str(path)


if __name__ == "__main__":
    sys.exit(main())

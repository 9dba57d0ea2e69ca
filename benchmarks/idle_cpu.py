"""How much of a core the app uses while nothing moves: on the main menu, at a table waiting
for a human's move, and on two screens waiting for typing (a name to save the game under, over
that table; the join screen, looking for tables on 127.0.0.1 only): while their cursors blink (the
first 10 s after the last key) and once they rest. Linux (reads /proc); run by hand, in a real window (DISPLAY set: a desktop,
or Xvfb) or, without a display, on SDL's dummy driver (which polls for events, so reads higher):

    python benchmarks/idle_cpu.py [--seconds 10]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")

WAIT_AT_TABLE = """
import sys
from game.session import Session
from scenes.shell.screens import open_app
app = open_app(fit_to_desktop=False)
if sys.argv[1] in ("table", "save box"):
    seats = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "computer"}]
    session = Session("chains", {"seats": seats}, 1)
    while session.to_move != 0:
        session.apply(session.computer_action())
    app.screens.table(session)
if sys.argv[1] == "save box":
    app.screens.ask_text("Save this game as", "Ana's game", lambda name: None)
if sys.argv[1] == "join screen":
    app.screens.join()
app.run()
"""


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(where: str, seconds: float, after: float = 3.0) -> float:
    """The share of a core the app at `where` used over `seconds`, from `after` seconds after its start."""
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy", "CHAINTABLE_LISTEN": "127.0.0.1",
           "CHAINTABLE_HOME": tempfile.mkdtemp(prefix="chaintable-idle-")}
    if not env.get("DISPLAY"):
        env["SDL_VIDEODRIVER"] = "dummy"
    app = subprocess.Popen([sys.executable, "-c", WAIT_AT_TABLE, where], cwd=ROOT, env=env)
    try:
        time.sleep(after)  # start-up and the first frames
        start_cpu, start = cpu_seconds(app.pid), time.perf_counter()
        time.sleep(seconds)
        return (cpu_seconds(app.pid) - start_cpu) / (time.perf_counter() - start)
    finally:
        app.kill()
        app.wait()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    for where in ("menu", "table"):
        print(f"idle on the {where}: {measure(where, args.seconds) * 100:.1f}% of a core")
    for where in ("save box", "join screen"):
        blinking = measure(where, 6.0)
        resting = measure(where, args.seconds, after=11.0)
        print(f"waiting on the {where}: {blinking * 100:.1f}% of a core while the cursor blinks, "
              f"{resting * 100:.1f}% once it rests")


if __name__ == "__main__":
    main()

"""Launch-to-first-menu-frame time, executable size, and resident memory during a game.

    pyinstaller --noconfirm build.spec && pyinstaller --noconfirm build.spec -- --onefile
    python benchmarks/startup.py [--runs 7]

Uses SDL's dummy video driver so it runs without a screen; the time is from process spawn to
the moment the first menu frame has been drawn and flipped.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {
    "one-folder": [str(ROOT / "dist" / "chaintable" / "chaintable")],
    "one-file": [str(ROOT / "dist" / "chaintable-onefile")],
    "python -m scenes": [sys.executable, "-m", "scenes"],
}


def environment(mode: str) -> dict:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               CHAINTABLE_HOME=tempfile.mkdtemp(prefix="chaintable-bench-"))
    if mode:
        env["CHAINTABLE_REPORT_FIRST_FRAME"] = mode
    return env


def first_frame_time(command: list[str]) -> float:
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=environment("exit"), cwd=tempfile.gettempdir())
    for line in process.stdout:
        if line.startswith("first-frame"):
            elapsed = time.perf_counter() - start
            process.wait(timeout=10)
            return elapsed
    raise RuntimeError(f"{command[0]} exited without drawing a frame")


def resident_during_demo(command: list[str], seconds: float = 6.0) -> float:
    """Resident memory (MB) after `seconds` of the all-computer demo game."""
    process = subprocess.Popen(command + ["--demo"], env=environment(""), stdout=subprocess.DEVNULL, cwd=tempfile.gettempdir())
    time.sleep(seconds)
    total_kb = 0
    for pid in [process.pid] + _children(process.pid):
        status = Path(f"/proc/{pid}/status").read_text()
        total_kb += int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS")))
    process.terminate()
    process.wait(timeout=10)
    return total_kb / 1024


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []


def size_mb(path: Path) -> float:
    if path.is_dir():
        return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink()) / 2**20
    return path.stat().st_size / 2**20


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    for label, command in TARGETS.items():
        if not Path(command[0]).exists():
            print(f"{label}: not built (see docs/BUILDING.md)")
            continue
        times = sorted(first_frame_time(command) for _ in range(args.runs))
        line = f"{label:17s} first menu frame: median {statistics.median(times):.3f} s (min {times[0]:.3f})"
        if label != "python -m scenes":
            built = Path(command[0]).parent if label == "one-folder" else Path(command[0])
            line += f"  size {size_mb(built):.1f} MB"
        line += f"  resident in play {resident_during_demo(command):.0f} MB"
        print(line)


if __name__ == "__main__":
    main()

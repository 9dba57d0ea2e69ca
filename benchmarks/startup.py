"""Launch-to-first-menu-frame time, executable size, and resident memory during a game.

    pyinstaller --noconfirm build.spec && pyinstaller --noconfirm build.spec -- --onefile
    python benchmarks/startup.py [--runs 7]
    python benchmarks/startup.py --after-install [--runs 3]

Uses SDL's dummy video driver so it runs without a screen; the time is from process spawn to
the moment the first menu frame has been drawn and flipped.

`--after-install`: the first starts after an install from a copy of this checkout into a new
virtual environment, each way: `pip install -e .` (pip compiles the dependencies it unpacks, not
the checkout's modules), packaging/install.sh (the same, and the checkout's modules compiled),
and `pip install --no-compile -e .` (nothing compiled, as installers that skip compiling leave
it). Each start's wall-clock time and processor time (what it takes on a core of its own: the
wall clock grows with the machine's load); the first start pays for compiling whatever was not.
pip needs the dependencies: from the index, or offline with PIP_NO_INDEX=1 PIP_FIND_LINKS=DIR.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
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


INSTALLS = {
    "pip install -e .": lambda python, source: [python, "-m", "pip", "install", "-q", "-e", source],
    "packaging/install.sh": lambda python, source: ["bash", f"{source}/packaging/install.sh", str(Path(python).parents[1])],
    "pip install --no-compile -e .": lambda python, source: [python, "-m", "pip", "install", "-q", "--no-compile",
                                                           "-e", source],
}


def timed_start(command: list[str]) -> tuple[float, float]:
    """(wall-clock seconds to the first frame, processor seconds of the whole run) of one start
    with no bytecode setting of ours: the compiled files are written as a player's would be."""
    env = environment("exit")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env, cwd=tempfile.gettempdir())
    wall = next((time.perf_counter() - start for line in process.stdout if line.startswith("first-frame")), None)
    process.wait(timeout=60)
    if wall is None:
        raise RuntimeError(f"{command[0]} exited without drawing a frame")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def after_install(runs: int) -> None:
    """Each way of installing, into a new virtual environment from a clean copy of the checkout."""
    for way, install in INSTALLS.items():
        with tempfile.TemporaryDirectory(prefix="chaintable-install-") as folder:
            source = Path(folder) / "source"
            shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
                ".git", "__pycache__", ".venv", "build", "dist", ".pytest_cache", ".hypothesis"))
            subprocess.run([sys.executable, "-m", "venv", f"{folder}/venv"], check=True)
            python = f"{folder}/venv/bin/python"
            env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
            started = time.perf_counter()
            subprocess.run(install(python, str(source)), check=True, env=env, stdout=subprocess.DEVNULL)
            installed = time.perf_counter() - started
            starts = [timed_start([f"{folder}/venv/bin/chaintable"]) for _ in range(runs)]
        later = ", ".join(f"{wall:.2f} s ({cpu:.2f} s)" for wall, cpu in starts[1:])
        print(f"{way:30s} install {installed:5.1f} s; first start {starts[0][0]:.2f} s ({starts[0][1]:.2f} s "
              f"processor), then {later}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--after-install", action="store_true", help="the first starts after installing with pip")
    args = parser.parse_args()
    if args.after_install:
        after_install(max(2, args.runs))
        return
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

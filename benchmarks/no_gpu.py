"""What the app costs in a real window on a machine without a GPU (a VM, a remote desktop): it
starts its own Xvfb (an X server with no GPU behind it) and measures, in that window,

  - the first menu frame (launch to the first frame on screen),
  - idle on the main menu (share of a core),
  - four computers playing Chains on screen (`--demo`): share of a core and peak resident memory,
  - the busiest Chains table (benchmarks/frame_time.py --present): frame time and resident memory,

against the targets (resident at most 80 MB; the computers' game at most 15% of a core; the idle
menu under 1%). Run by hand on Linux, with Xvfb installed (apt-get install xvfb):

    python benchmarks/no_gpu.py                                  # python -m scenes
    python benchmarks/no_gpu.py --compare                        # and with SDL presenting through OpenGL
    python benchmarks/no_gpu.py --command dist/chaintable/chaintable
    python benchmarks/no_gpu.py --command /usr/lib/wine/wine64 dist/windows/chaintable/chaintable.exe

`--compare` runs each row again with SDL_FRAMEBUFFER_ACCELERATION=1, SDL's own choice on Linux
(OpenGL, here a software one). A command's own processes are measured (under Wine: the
program's, not Wine's own services).
"""

from __future__ import annotations

import argparse
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TICKS = os.sysconf("SC_CLK_TCK")
SETTLE_SECONDS = 4.0  # start-up and the first frames before measuring
TARGETS = {"resident MB": 80.0, "demo % of a core": 15.0, "idle % of a core": 1.0}


def start_xvfb() -> tuple[subprocess.Popen, str]:
    if shutil.which("Xvfb") is None:
        sys.exit("Xvfb is not installed (apt-get install xvfb)")
    display = next(f":{n}" for n in range(150, 250) if not Path(f"/tmp/.X{n}-lock").exists())
    server = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    return server, display


def process_tree(pid: int) -> list[int]:
    tree, index = [pid], 0
    while index < len(tree):
        children = Path(f"/proc/{tree[index]}/task/{tree[index]}/children")
        if children.exists():
            tree += [int(child) for child in children.read_text().split()]
        index += 1
    return tree


def program_processes(pid: int, display: str) -> list[int]:
    """The program's processes: its process tree and, as Wine starts a Windows program's child
    processes outside that tree (the one-file executable's app), every process of the same name
    on this display."""
    def name(other: str) -> str:
        return Path(f"/proc/{other}/comm").read_text()

    def environment(other: str) -> bytes:
        return Path(f"/proc/{other}/environ").read_bytes()

    pids, program = process_tree(pid), name(str(pid))
    for other in filter(str.isdigit, os.listdir("/proc")):
        try:
            if int(other) not in pids and name(other) == program and f"DISPLAY={display}\0".encode() in environment(other):
                pids += process_tree(int(other))
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            continue
    return pids


def cpu_seconds(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / TICKS


def resident_mb(pids: list[int]) -> float:
    total_kb = 0
    for pid in pids:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except FileNotFoundError:
            continue
        total_kb += next((int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS")), 0)
    return total_kb / 1024


class Run:
    """One program in the Xvfb window, with the presentation hint set or left to the app."""

    def __init__(self, display: str, presentation: str | None) -> None:
        self.display = display
        self.env = {**os.environ, "DISPLAY": display, "SDL_AUDIODRIVER": "dummy", "SDL_VIDEO_WINDOW_POS": "0,0",
                    "WINEDEBUG": "-all"}
        for name in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY", "SDL_FRAMEBUFFER_ACCELERATION"):
            self.env.pop(name, None)  # the platform's own video driver, on the Xvfb display
        if presentation is not None:
            self.env["SDL_FRAMEBUFFER_ACCELERATION"] = presentation

    def spawn(self, command: list[str], **env) -> subprocess.Popen:
        home = tempfile.mkdtemp(prefix="chaintable-nogpu-")
        return subprocess.Popen(command, cwd=ROOT, env={**self.env, "CHAINTABLE_HOME": home, **env},
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)

    def first_frame(self, command: list[str], timeout: float = 60.0) -> float:
        start = time.perf_counter()
        program = self.spawn(command, CHAINTABLE_REPORT_FIRST_FRAME="exit")
        output = []
        try:
            while select.select([program.stdout], [], [], max(0.0, start + timeout - time.perf_counter()))[0]:
                line = program.stdout.readline()
                if not line:
                    break
                if line.startswith("first-frame"):
                    elapsed = time.perf_counter() - start
                    program.wait(timeout=20)
                    return elapsed
                output.append(line)
        finally:
            program.kill()
            program.wait()
        raise RuntimeError(f"{command} drew no frame within {timeout:g} s: {''.join(output)[-2000:]}")

    def share_and_peak(self, command: list[str], seconds: float) -> tuple[float, float, int]:
        """Share of a core over `seconds` after settling, the peak resident memory (MB) and how
        many processes the program ran in."""
        program = self.spawn(command)
        try:
            time.sleep(SETTLE_SECONDS)
            pids = program_processes(program.pid, self.display)
            start_cpu, start, peak = cpu_seconds(pids), time.perf_counter(), resident_mb(pids)
            while time.perf_counter() - start < seconds:
                time.sleep(0.5)
                peak = max(peak, resident_mb(pids))
            share = (cpu_seconds(pids) - start_cpu) / (time.perf_counter() - start)
            if program.poll() is not None:
                raise RuntimeError(f"{command} stopped early: {program.stdout.read()[-2000:]}")
            return share, peak, len(pids)
        finally:
            for pid in reversed(program_processes(program.pid, self.display)):
                try:
                    os.kill(pid, 9)
                except ProcessLookupError:
                    pass
            program.wait()

    def busiest_table(self) -> str:
        script = [sys.executable, str(ROOT / "benchmarks" / "frame_time.py"), "--present", "--frames", "600"]
        env = {**self.env, "SDL_VIDEODRIVER": "x11", "CHAINTABLE_HOME": tempfile.mkdtemp()}
        return subprocess.run(script, cwd=ROOT, env=env,
                              capture_output=True, text=True, check=True).stdout.strip().splitlines()[-1]


def verdict(value: float, target: str) -> str:
    return "ok" if value <= TARGETS[target] else f"OVER the {TARGETS[target]:g} target"


def measure(display: str, command: list[str], presentation: str | None, seconds: float) -> None:
    run = Run(display, presentation)
    label = "the app's choice" if presentation is None else f"SDL_FRAMEBUFFER_ACCELERATION={presentation}"
    print(f"-- {' '.join(command)}, presentation: {label}")
    print(f"first menu frame: {run.first_frame(command):.2f} s")
    idle, idle_peak, _processes = run.share_and_peak(command, seconds)
    print(f"idle on the menu: {idle * 100:.1f}% of a core ({verdict(idle * 100, 'idle % of a core')}), "
          f"{idle_peak:.0f} MB")
    demo, demo_peak, processes = run.share_and_peak(command + ["--demo"], seconds)
    print(f"four computers playing: {demo * 100:.1f}% of a core ({verdict(demo * 100, 'demo % of a core')}), "
          f"peak {demo_peak:.0f} MB in {processes} process{'es' if processes > 1 else ''} "
          f"({verdict(demo_peak, 'resident MB')})")
    if command[:3] == [sys.executable, "-m", "scenes"]:
        print(run.busiest_table())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--command", nargs="+", default=[sys.executable, "-m", "scenes"],
                        help="the program to start (default: python -m scenes)")
    parser.add_argument("--seconds", type=float, default=10.0, help="how long each share of a core is measured")
    parser.add_argument("--compare", action="store_true", help="also measure with SDL presenting through OpenGL")
    args = parser.parse_args()
    server, display = start_xvfb()
    try:
        measure(display, args.command, None, args.seconds)
        if args.compare:
            measure(display, args.command, "1", args.seconds)
    finally:
        server.kill()
        server.wait()


if __name__ == "__main__":
    main()

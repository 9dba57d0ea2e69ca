"""How long the Windows installer takes to install and uninstall silently under Wine, and the
Linux package with dpkg (as root): the median of a few rounds, each install into a clean place.

    bash packaging/windows.sh && bash packaging/deb.sh      # the installer and the package
    python benchmarks/install_times.py --installer dist/windows/chaintable-VERSION-setup.exe \\
        --deb dist/chaintable_VERSION_amd64.deb

Wine runs in a prefix of its own, made (and timed) once before the rounds and removed after; a
round ends when Wine's last process has (`wineserver -w`: the uninstaller goes on from a copy of
itself).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

WINE, WINESERVER = "/usr/lib/wine/wine64", "/usr/lib/wine/wineserver"


def timed(command: list[str], env: dict[str, str] | None = None, wait_for_wine: bool = False) -> float:
    start = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if wait_for_wine:
        subprocess.run([WINESERVER, "-w"], env=env, check=True)
    return time.perf_counter() - start


def wine_times(installer: Path, rounds: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="chaintable-install-"))
    (folder / "home").mkdir()
    env = {**os.environ, "WINEPREFIX": str(folder / "prefix"), "HOME": str(folder / "home"), "WINEDEBUG": "-all",
           "WINEARCH": "win64", "WINEDLLOVERRIDES": "mscoree,mshtml=;winemenubuilder.exe=d"}
    print(f"new Wine prefix: {timed([WINE, 'wineboot', '-i'], env, wait_for_wine=True):.1f} s")
    installs, uninstalls = [], []
    for _ in range(rounds):
        installs.append(timed([WINE, str(installer), "/S"], env, wait_for_wine=True))
        program = next((folder / "prefix" / "drive_c" / "users").glob("*/AppData/Local/Programs/Chain Table"))
        uninstalls.append(timed([WINE, str(program / "uninstall.exe"), "/S"], env, wait_for_wine=True))
    print(f"Wine: install {statistics.median(installs):.1f} s, uninstall {statistics.median(uninstalls):.1f} s "
          f"(median of {rounds}; each with Wine starting and stopping, {min(installs):.1f}-{max(installs):.1f} s "
          f"and {min(uninstalls):.1f}-{max(uninstalls):.1f} s)")
    shutil.rmtree(folder)


def dpkg_times(package: Path, rounds: int) -> None:
    installs, removes = [], []
    for _ in range(rounds):
        installs.append(timed(["dpkg", "-i", str(package)]))
        removes.append(timed(["dpkg", "-r", "chaintable"]))
    print(f"dpkg: install {statistics.median(installs):.1f} s, remove {statistics.median(removes):.1f} s "
          f"(median of {rounds})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--installer", type=Path, help="the Windows installer")
    parser.add_argument("--deb", type=Path, help="the Linux package (installed and removed again: root only)")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    for name, path in (("installer", args.installer), ("package", args.deb)):
        if path is not None:
            print(f"{name}: {path.name}, {path.stat().st_size / 1e6:.1f} MB")
    if args.installer:
        wine_times(args.installer, args.rounds)
    if args.deb:
        dpkg_times(args.deb, args.rounds)


if __name__ == "__main__":
    main()

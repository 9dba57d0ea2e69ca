"""The one-folder executable builds from build.spec and opens every scene (--smoke)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(importlib.util.find_spec("PyInstaller") is None,
                    reason="PyInstaller is not installed (pip install -e '.[test]' installs it)")
def test_one_folder_build_runs_the_smoke_check(tmp_path):
    build = subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "ERROR",
         "--distpath", str(tmp_path / "dist"), "--workpath", str(tmp_path / "build"), str(ROOT / "build.spec")],
        cwd=tmp_path, capture_output=True, text=True, timeout=900)
    assert build.returncode == 0, build.stderr[-3000:]
    executable = tmp_path / "dist" / "chaintable" / "chaintable"
    assert executable.exists()
    bundled = {p.name for p in (tmp_path / "dist" / "chaintable").rglob("*")}
    assert {"DejaVuSans.ttf", "DejaVu-LICENSE.txt", "chaintable.png", "words.txt", "words-LICENSE.txt"} <= bundled
    assert {"KD.svg", "QC.svg", "JH.svg", "courts-LICENSE.txt", "deal.wav", "win.wav"} <= bundled
    assert not {"make_sounds.py", "slim_courts.py"} & bundled
    assert not any(name.startswith("test_") for name in bundled)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CHAINTABLE_HOME=str(tmp_path / "home"))
    smoke = subprocess.run([str(executable), "--smoke"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert smoke.returncode == 0, smoke.stdout + smoke.stderr
    assert "scenes drawn" in smoke.stdout
    version = subprocess.run([str(executable), "--version"], env=env, capture_output=True, text=True, timeout=60)
    assert version.stdout.startswith("Chain Table ")


WINE = Path("/usr/lib/wine/wine64")
GUI_SUBSYSTEM = 2  # IMAGE_SUBSYSTEM_WINDOWS_GUI: no console window opens beside the app


def windows_subsystem(image: bytes) -> int:
    """The Subsystem field of a Windows executable's optional header."""
    pe_header = int.from_bytes(image[0x3C:0x40], "little")
    assert image[pe_header:pe_header + 4] == b"PE\0\0"
    optional_header = pe_header + 24
    return int.from_bytes(image[optional_header + 68:optional_header + 70], "little")


def icon_images(ico: bytes) -> list[bytes]:
    """The images inside an .ico file, as the executable's icon resources carry them."""
    count = int.from_bytes(ico[4:6], "little")
    entries = [ico[6 + 16 * i:6 + 16 * (i + 1)] for i in range(count)]
    return [ico[int.from_bytes(e[12:16], "little"):][:int.from_bytes(e[8:12], "little")] for e in entries]


@pytest.mark.skipif(not WINE.exists(), reason="Wine is not installed (no /usr/lib/wine/wine64): the Windows build "
                    "runs under it; `apt-get install wine64`, or run `bash packaging/windows.sh`, which installs it")
def test_windows_executables_build_and_run_under_wine(tmp_path):
    build = subprocess.run(["bash", str(ROOT / "packaging" / "windows.sh"), str(tmp_path / "dist"), str(tmp_path / "build")],
                           capture_output=True, text=True, timeout=1800)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    assert build.stdout.count("smoke: ") == 2 and build.stdout.count("scenes drawn") == 2
    folder = tmp_path / "dist" / "chaintable"
    bundled = {p.name for p in folder.rglob("*")}
    assert {"DejaVuSans.ttf", "chaintable.png", "words.txt", "KD.svg", "deal.wav"} <= bundled
    assert not any(name.startswith("test_") for name in bundled)
    icon = (ROOT / "assets" / "icons" / "chaintable.ico").read_bytes()
    for executable in (folder / "chaintable.exe", tmp_path / "dist" / "chaintable-onefile.exe"):
        image = executable.read_bytes()
        assert windows_subsystem(image) == GUI_SUBSYSTEM, f"{executable.name} would open a console"
        assert b"<dpiAwareness" in image and b"PerMonitorV2" in image, f"{executable.name} is not DPI aware"
        assert all(picture in image for picture in icon_images(icon)), f"{executable.name} lacks the icon"

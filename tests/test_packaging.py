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

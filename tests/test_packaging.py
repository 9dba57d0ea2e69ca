"""The Linux executable builds from build.spec, opens every scene (--smoke) and plays a game over
loopback as a host and a joiner (--smoke-host, --smoke-join); the Linux package installs, runs and
removes cleanly (with dpkg, as root). The Windows build and installer: test_packaging_windows.py,
a file of its own so that the two builds, minutes each, run side by side on two workers."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from net_smoke_pair import play_over_loopback

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
VERSION, PUBLISHER = PROJECT["version"], PROJECT["authors"][0]["name"]
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def load_packaging_project():
    spec = importlib.util.spec_from_file_location("packaging_project", ROOT / "packaging" / "project.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_windows_file_version_is_four_numbers_without_a_pre_release_tag():
    project = load_packaging_project()
    assert project.windows_version("0.1.0") == (0, 1, 0, 0)
    assert project.windows_version("0.2.0rc1") == (0, 2, 0, 0)
    assert project.windows_version("1.2.3.4.5") == (1, 2, 3, 4)
    assert project.project()["version"] == VERSION


@pytest.fixture(scope="module")
def linux_build(tmp_path_factory) -> Path:
    """The one-folder Linux build, made once for the tests that need it."""
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.skip("PyInstaller is not installed (pip install -e '.[test]' installs it)")
    work = tmp_path_factory.mktemp("linux")
    build = subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "ERROR",
         "--distpath", str(work / "dist"), "--workpath", str(work / "build"), str(ROOT / "build.spec")],
        cwd=work, capture_output=True, text=True, timeout=900)
    assert build.returncode == 0, build.stderr[-3000:]
    return work / "dist" / "chaintable"


def test_one_folder_build_runs_the_smoke_check(linux_build, tmp_path):
    executable = linux_build / "chaintable"
    assert executable.exists()
    bundled = {p.name for p in linux_build.rglob("*")}
    assert {"DejaVuSans.ttf", "DejaVu-LICENSE.txt", "chaintable.png", "words.txt", "words-LICENSE.txt"} <= bundled
    assert {"KD.svg", "QC.svg", "JH.svg", "courts-LICENSE.txt", "deal.wav", "win.wav"} <= bundled
    assert not {"make_sounds.py", "slim_courts.py"} & bundled
    assert not any(name.startswith("test_") for name in bundled)
    env = dict(os.environ, **HEADLESS, CHAINTABLE_HOME=str(tmp_path / "home"))
    smoke = subprocess.run([str(executable), "--smoke"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert smoke.returncode == 0, smoke.stdout + smoke.stderr
    assert "scenes drawn" in smoke.stdout
    version = subprocess.run([str(executable), "--version"], env=env, capture_output=True, text=True, timeout=60)
    assert version.stdout.strip() == f"Chain Table {VERSION}"


def test_one_folder_build_hosts_and_joins_a_game_over_loopback(linux_build, tmp_path):
    executable = [str(linux_build / "chaintable")]
    env = dict(os.environ, **HEADLESS, CHAINTABLE_HOME=str(tmp_path / "home"))
    host_output, joined = play_over_loopback(executable, executable, env, tmp_path)
    assert "net smoke host: game over after" in host_output
    assert "advertised on a local network as FoundTable(name='Ana', address='127.0.0.1'" in host_output
    assert "net smoke join: game over after" in joined and "messages checked" in joined


def dpkg_status(package: str) -> str:
    status = subprocess.run(["dpkg-query", "-W", "-f=${Status}", package], capture_output=True, text=True)
    return status.stdout


def deb_skip_reason() -> str | None:
    if not shutil.which("dpkg-deb"):
        return "dpkg is not installed: the Linux package is a .deb"
    if os.geteuid() != 0:
        return "installing the .deb with dpkg needs root"
    if "installed" in dpkg_status("chaintable"):
        return "a chaintable package is installed here already, and the test would remove it"
    return None


INSTALLED = ["/usr/lib/chaintable/chaintable", "/usr/bin/chaintable", "/usr/share/applications/chaintable.desktop",
             "/usr/share/icons/hicolor/256x256/apps/chaintable.png", "/usr/share/icons/hicolor/32x32/apps/chaintable.png"]


def test_deb_installs_runs_and_removes_cleanly(linux_build, tmp_path):
    if reason := deb_skip_reason():
        pytest.skip(reason)
    made = subprocess.run(["bash", str(ROOT / "packaging" / "deb.sh"), str(linux_build), str(tmp_path)],
                          capture_output=True, text=True, timeout=600)
    assert made.returncode == 0, made.stderr
    package = Path(made.stdout.strip())
    assert package.name == f"chaintable_{VERSION}_{subprocess.check_output(['dpkg', '--print-architecture'], text=True).strip()}.deb"
    installed = subprocess.run(["dpkg", "-i", str(package)], capture_output=True, text=True, timeout=300)
    try:
        assert installed.returncode == 0, installed.stdout + installed.stderr
        assert all(Path(path).exists() for path in INSTALLED), [p for p in INSTALLED if not Path(p).exists()]
        entry = Path(INSTALLED[2]).read_text()
        assert "Exec=chaintable\n" in entry and "Icon=chaintable\n" in entry and "Name=Chain Table" in entry
        env = dict(os.environ, **HEADLESS, CHAINTABLE_HOME=str(tmp_path / "home"))
        version = subprocess.run(["/usr/bin/chaintable", "--version"], env=env, capture_output=True, text=True, timeout=60)
        assert version.stdout.strip() == f"Chain Table {VERSION}"
        smoke = subprocess.run(["/usr/bin/chaintable", "--smoke"], cwd=tmp_path, env=env, capture_output=True,
                               text=True, timeout=120)
        assert "scenes drawn" in smoke.stdout, smoke.stdout + smoke.stderr
    finally:
        removed = subprocess.run(["dpkg", "-r", "chaintable"], capture_output=True, text=True, timeout=300)
    assert removed.returncode == 0 and "warning" not in removed.stderr, removed.stderr
    assert not [path for path in INSTALLED + ["/usr/lib/chaintable"] if os.path.lexists(path)]
    assert "installed" not in dpkg_status("chaintable")


APP_ASSETS = ("fonts/*.ttf", "fonts/*.txt", "icons/chaintable.png", "cards/*.svg", "cards/*.txt", "sounds/*.wav")


def test_a_wheel_carries_what_the_app_draws_and_plays_and_installed_from_it_the_app_runs(tmp_path):
    """`pip install .` (a wheel) puts the fonts, cards, sounds and icon under the environment's
    share/chain-table/assets, where the installed app finds them (no checkout beside it)."""
    source = tmp_path / "source"  # a copy: building leaves build/ and *.egg-info in the tree it builds
    for folder in ("game", "scenes", "assets"):
        shutil.copytree(ROOT / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__"))
    for file in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / file, source / file)
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path / "dist"), str(source)],
                           capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stdout + built.stderr
    wheel = next((tmp_path / "dist").glob("chain_table-*.whl"))
    environment = tmp_path / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(environment)], check=True, timeout=120)
    installed = subprocess.run([sys.executable, "-m", "pip", "--python", str(environment / "bin" / "python"), "install", "-q",
                                "--no-deps", "--no-index", str(wheel)], capture_output=True, text=True, timeout=300)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    shared = environment / "share" / "chain-table" / "assets"
    wanted = sorted(path.relative_to(ROOT / "assets") for pattern in APP_ASSETS for path in (ROOT / "assets").glob(pattern))
    assert [path for path in wanted if not (shared / path).is_file()] == []
    site = next(environment.glob("lib/python*/site-packages"))
    (site / "dependencies.pth").write_text(next(p for p in sys.path if p.endswith("site-packages")) + "\n")
    env = dict(os.environ, **HEADLESS, CHAINTABLE_HOME=str(tmp_path / "home"))
    env.pop("PYTHONPATH", None)
    where = subprocess.run([str(environment / "bin" / "python"), "-c", "from scenes.ui.resources import asset_root; print(asset_root())"],
                           cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert where.stdout.strip() == str(shared), where.stdout + where.stderr
    smoke = subprocess.run([str(environment / "bin" / "chaintable"), "--smoke"], cwd=tmp_path, env=env, capture_output=True,
                           text=True, timeout=300)
    assert smoke.returncode == 0 and "scenes drawn" in smoke.stdout, smoke.stdout + smoke.stderr

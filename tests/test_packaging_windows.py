"""The Windows executables build (packaging/windows.sh, under Wine), open every scene (--smoke)
and play a game over loopback as a host and a joiner; the Windows installer installs, runs,
upgrades and uninstalls under Wine. A file apart from test_packaging.py (the Linux build and
package), so that the two builds, minutes each, run side by side on two workers."""

from __future__ import annotations

import glob
import os
import subprocess
from pathlib import Path

import pytest

from net_smoke_pair import play_over_loopback
from test_packaging import HEADLESS, PUBLISHER, ROOT, VERSION

WINE = Path("/usr/lib/wine/wine64")
WINESERVER = Path("/usr/lib/wine/wineserver")
needs_wine = pytest.mark.skipif(
    not WINE.exists(), reason="Wine is not installed (no /usr/lib/wine/wine64): the Windows build runs under it; "
    "`apt-get install wine64`, or run `bash packaging/windows.sh`, which installs it")


@pytest.fixture(scope="module")
def windows_build(tmp_path_factory) -> Path:
    """packaging/windows.sh's output, made once: both executables and the installer."""
    work = tmp_path_factory.mktemp("windows")
    build = subprocess.run(["bash", str(ROOT / "packaging" / "windows.sh"), str(work / "dist"), str(work / "build")],
                           capture_output=True, text=True, timeout=1800)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    assert build.stdout.count("smoke: ") == 2 and build.stdout.count("scenes drawn") == 2
    return work / "dist"


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


def has_version_string(image: bytes, key: str, value: str) -> bool:
    """Whether a Windows executable's version resource holds `key` = `value`: UTF-16 strings, the
    value after the key and at most one 32-bit alignment's padding."""
    entry = (key + "\0").encode("utf-16-le")
    start = image.find(entry) + len(entry)
    return start >= len(entry) and (value + "\0").encode("utf-16-le") in image[start:start + 4 + 2 * len(value) + 2]


@needs_wine
def test_windows_executables_build_and_run_under_wine(windows_build):
    folder = windows_build / "chaintable"
    bundled = {p.name for p in folder.rglob("*")}
    assert {"DejaVuSans.ttf", "chaintable.png", "words.txt", "KD.svg", "deal.wav"} <= bundled
    assert not any(name.startswith("test_") for name in bundled)
    icon = (ROOT / "assets" / "icons" / "chaintable.ico").read_bytes()
    for executable in (folder / "chaintable.exe", windows_build / "chaintable-onefile.exe"):
        image = executable.read_bytes()
        assert windows_subsystem(image) == GUI_SUBSYSTEM, f"{executable.name} would open a console"
        assert b"<dpiAwareness" in image and b"PerMonitorV2" in image, f"{executable.name} is not DPI aware"
        assert all(picture in image for picture in icon_images(icon)), f"{executable.name} lacks the icon"
        assert has_version_string(image, "ProductVersion", VERSION), f"{executable.name}'s properties lack the version"
        assert has_version_string(image, "CompanyName", PUBLISHER)


@needs_wine
def test_windows_executables_host_and_join_a_game_over_loopback_under_wine(windows_build, tmp_path):
    """The one-folder executable hosts, the one-file one joins; their output goes through pipes."""
    wine = ScratchWine(tmp_path)
    host_output, joined = play_over_loopback([str(WINE), str(windows_build / "chaintable" / "chaintable.exe")],
                                             [str(WINE), str(windows_build / "chaintable-onefile.exe")],
                                             wine.env, tmp_path, seconds=300)
    subprocess.run([str(WINESERVER), "-w"], env=wine.env, timeout=300)
    assert "net smoke host: game over after" in host_output
    assert "advertised on a local network as FoundTable(name='Ana', address='127.0.0.1'" in host_output
    assert "net smoke join: game over after" in joined and "messages checked" in joined


class ScratchWine:
    """A Wine prefix and a home folder of the test's own: what the installer writes (the program,
    the registry, shortcuts; Wine links the Windows desktop to the home folder) lands there only."""

    def __init__(self, folder: Path):
        (folder / "home").mkdir()
        self.env = dict(os.environ, **HEADLESS, WINEPREFIX=str(folder / "prefix"), HOME=str(folder / "home"),
                        WINEDEBUG="-all", WINEARCH="win64", WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d")
        self.prefix = folder / "prefix"

    def run(self, *command: str) -> str:
        """Run a Windows program and wait for every process it started (the uninstaller goes on
        from a copy of itself); its output. The output goes through pipes: when it goes to a
        file, the Windows Python fails to start. What Wine itself says (a fault in one of its own
        helper processes of a fresh prefix, under load) goes to the error pipe, apart."""
        done = subprocess.run([str(WINE), *command], env=self.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, timeout=300)
        subprocess.run([str(WINESERVER), "-w"], env=self.env, timeout=300)
        assert done.returncode == 0, (done.stdout + done.stderr)[-2000:]
        return done.stdout.replace("\r\n", "\n")

    def user_folder(self) -> Path:
        return Path(next(p for p in glob.glob(str(self.prefix / "drive_c" / "users" / "*")) if not p.endswith("Public")))

    def registry(self, key: str) -> dict[str, str]:
        """The values of a registry key (empty when there is no such key)."""
        query = subprocess.run([str(WINE), "reg", "query", key], env=self.env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, timeout=120)
        rows = [line.split(None, 2) for line in query.stdout.splitlines() if "    REG_" in line]
        return {row[0]: row[2] if len(row) == 3 else "" for row in rows} if query.returncode == 0 else {}


UNINSTALL_KEY = r"HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\ChainTable"


def windows_folder(text: str, wine: ScratchWine) -> Path:
    """The Linux path of a C:\\ path inside the prefix."""
    return wine.prefix / "drive_c" / Path(*text.removeprefix("C:\\").split("\\"))


@needs_wine
def test_windows_installer_installs_upgrades_and_uninstalls_under_wine(windows_build, tmp_path):
    installer = windows_build / f"chaintable-{VERSION}-setup.exe"
    assert has_version_string(installer.read_bytes(), "ProductVersion", VERSION)
    wine = ScratchWine(tmp_path)
    wine.run(str(installer), "/S", "/DESKTOP")
    entry = wine.registry(UNINSTALL_KEY)
    assert (entry["DisplayName"], entry["DisplayVersion"], entry["Publisher"]) == ("Chain Table", VERSION, PUBLISHER)
    assert int(entry["EstimatedSize"], 16) > 10_000  # in KB
    program = windows_folder(entry["InstallLocation"], wine)
    assert program == wine.user_folder() / "AppData" / "Local" / "Programs" / "Chain Table"
    assert entry["QuietUninstallString"] == f'"{entry["InstallLocation"]}\\uninstall.exe" /S'
    shortcuts = [wine.user_folder() / "AppData/Roaming/Microsoft/Windows/Start Menu/Programs/Chain Table.lnk",
                 wine.user_folder() / "Desktop" / "Chain Table.lnk"]
    assert all(shortcut.exists() for shortcut in shortcuts)
    assert wine.run(str(program / "chaintable.exe"), "--version").strip() == f"Chain Table {VERSION}"
    assert "scenes drawn" in wine.run(str(program / "chaintable.exe"), "--smoke")

    data = wine.user_folder() / "AppData" / "Local" / "ChainTable"
    data.mkdir()
    (data / "settings.json").write_text("{}")
    leftover = program / "_internal" / "from-an-older-version.dll"
    leftover.write_bytes(b"old")
    wine.run("reg", "add", UNINSTALL_KEY, "/v", "DisplayVersion", "/d", "0.0.1", "/f")
    wine.run(str(installer), "/S")
    assert wine.registry(UNINSTALL_KEY)["DisplayVersion"] == VERSION
    assert not leftover.exists() and (program / "chaintable.exe").exists()
    assert (data / "settings.json").exists()

    wine.run(str(program / "uninstall.exe"), "/S")
    assert not program.exists() and not any(shortcut.exists() for shortcut in shortcuts)
    assert wine.registry(UNINSTALL_KEY) == {}
    assert (data / "settings.json").exists()

    wine.run(str(installer), "/S")
    wine.run(str(program / "uninstall.exe"), "/S", "/DELETEDATA")
    assert not program.exists() and not data.exists()

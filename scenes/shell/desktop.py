"""A Linux desktop menu entry for the running executable (freedesktop.org .desktop file)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from scenes.ui.resources import asset

ENTRY = """[Desktop Entry]
Type=Application
Name=Chain Table
Comment=Five chain-building card games
Exec="{exec}"
Icon={icon}
Terminal=false
Categories=Game;CardGame;
"""


def install_desktop_entry(home: Path | None = None) -> Path:
    """Write ~/.local/share/applications/chaintable.desktop and its icon; return the entry's path."""
    share = (home or Path.home()) / ".local" / "share"
    icon_dir = share / "icons" / "hicolor" / "256x256" / "apps"
    icon_dir.mkdir(parents=True, exist_ok=True)
    icon = icon_dir / "chaintable.png"
    shutil.copyfile(asset("icons", "chaintable.png"), icon)
    command = sys.executable if getattr(sys, "frozen", False) else f"{sys.executable}\" \"-m\" \"scenes"
    entry = share / "applications" / "chaintable.desktop"
    entry.parent.mkdir(parents=True, exist_ok=True)
    entry.write_text(ENTRY.format(exec=command, icon=icon), encoding="utf-8")
    return entry

"""A Linux desktop menu entry for the running executable (freedesktop.org .desktop file), from
the entry the Linux package installs (assets/icons/chaintable.desktop)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from scenes.ui.resources import asset


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
    template = asset("icons", "chaintable.desktop").read_text(encoding="utf-8")
    entry.write_text(template.format(exec=f'"{command}"', icon=icon), encoding="utf-8")
    return entry

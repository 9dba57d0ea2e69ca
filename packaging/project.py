"""What the packaging scripts read from pyproject.toml, and the icons they install.

    python3 packaging/project.py version | windows-version | publisher | description
    python3 packaging/project.py icons FOLDER    the icon's sizes as FOLDER/NxN/apps/chaintable.png
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def windows_version(version: str) -> tuple[int, int, int, int]:
    """The four numbers Windows file properties hold: 0.1.0 is 0.1.0.0 (a pre-release drops its tag)."""
    numbers = [int(part) for part in re.match(r"\d+(?:\.\d+)*", version).group().split(".")[:4]]
    return tuple(numbers + [0] * (4 - len(numbers)))


def write_icon_sizes(folder: Path) -> None:
    """Write each picture of assets/icons/chaintable.ico (PNG images, 32 to 256 pixels) in the
    freedesktop icon theme's layout, one folder a size."""
    ico = (ROOT / "assets" / "icons" / "chaintable.ico").read_bytes()
    for index in range(int.from_bytes(ico[4:6], "little")):
        entry = ico[6 + 16 * index:22 + 16 * index]
        size = entry[0] or 256
        start, length = int.from_bytes(entry[12:16], "little"), int.from_bytes(entry[8:12], "little")
        target = folder / f"{size}x{size}" / "apps" / "chaintable.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(ico[start:start + length])


def main(argv: list[str]) -> int:
    fields = {"version": lambda p: p["version"],
              "windows-version": lambda p: ".".join(map(str, windows_version(p["version"]))),
              "publisher": lambda p: p["authors"][0]["name"],
              "description": lambda p: p["description"]}
    if len(argv) == 2 and argv[0] == "icons":
        write_icon_sizes(Path(argv[1]))
    elif len(argv) == 1 and argv[0] in fields:
        print(fields[argv[0]](project()))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

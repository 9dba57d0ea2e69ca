"""Make the court card pictures shipped here from Byron Knoll's public-domain Vector Playing Cards.

    python assets/cards/slim_courts.py SOURCE_DIR

SOURCE_DIR holds the original JC.svg ... KS.svg (the `cards-svg` folder of
github.com/notpeter/Vector-Playing-Cards). Each picture is cut down to what the table draws:
the view is narrowed to the framed portrait (the table draws its own corner indexes), editor
metadata is dropped, path coordinates are rounded to a tenth of a unit, and the suit pips are
painted in PIP_INK, which cardart swaps for the suit's ink (two or four colours).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
COURTS = [rank + suit for rank in "JQK" for suit in "SHDC"]
PIP_INK = "#0a0b0c"
SUIT_INKS = ("#df0000", "#000000")
# The portrait's frame, with its stroke, in the original card's coordinates (167 x 243).
FRAME_VIEW = "21.4 21.6 124.3 199.7"
SHORT_PATH = 1000  # a pip's outline is a few hundred characters; the portrait's are many thousands

EDITOR_PARTS = [
    re.compile(r"<metadata.*?</metadata>", re.S),
    re.compile(r"<sodipodi:namedview.*?(/>|</sodipodi:namedview>)", re.S),
    re.compile(r"<!--.*?-->", re.S),
    re.compile(r"\s(inkscape|sodipodi):[\w-]+=\"[^\"]*\""),
    re.compile(r"\sxmlns:(dc|cc|rdf|inkscape|sodipodi)=\"[^\"]*\""),
]
NUMBER = re.compile(r"-?\d+\.\d+")
PATH_DATA = re.compile(r"(\sd=\")([^\"]*)(\")")
PATH = re.compile(r"<path\b[^>]*?/>", re.S)


def rounded(match: re.Match) -> str:
    text = f"{float(match.group(0)):.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def paint_pips(path: str) -> str:
    """A short path in a suit's ink is a pip: paint it in the placeholder ink."""
    data = PATH_DATA.search(path)
    if data is None or len(data.group(2)) > SHORT_PATH:
        return path
    for ink in SUIT_INKS:
        path = path.replace(f"fill:{ink}", f"fill:{PIP_INK}")
    return path


def slim(svg: str) -> str:
    for part in EDITOR_PARTS:
        svg = part.sub("", svg)
    svg = PATH_DATA.sub(lambda m: m.group(1) + NUMBER.sub(rounded, m.group(2)) + m.group(3), svg)
    svg = PATH.sub(lambda m: paint_pips(m.group(0)), svg)
    svg = re.sub(r'viewBox="[^"]*"', f'viewBox="{FRAME_VIEW}"', svg, count=1)
    width, height = FRAME_VIEW.split()[2:]
    svg = re.sub(r'\swidth="[^"]*"', f' width="{width}"', svg, count=1)
    svg = re.sub(r'\sheight="[^"]*"', f' height="{height}"', svg, count=1)
    return re.sub(r"\n\s*\n", "\n", svg)


def main(source: Path) -> None:
    for name in COURTS:
        text = slim((source / f"{name}.svg").read_text(encoding="utf-8"))
        (HERE / f"{name}.svg").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]))

"""Where the words under a LINX chain's links go: what each link shares ("✓ Diamond", "✓ 5"), or
a cross where it breaks (the status says why).

Where the cards lie far enough apart each link has its words under it, the links taking the lines
kept for them in turn. Where they lie closer (the largest text, with the chain's status beside its
cards), a run of links that share the same thing is named once, under the middle of the run, and
each name goes on the line where it lies nearest under its links, clear of the names before it,
without its tick where that is what it takes to fit: a low-vision player reads what the links
share, not a row of bare ticks. Only a link whose bare word finds no room on any line shows its
mark alone."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

TICK, CROSS = "\u2713", "\u2715"
MARKS = (TICK, CROSS)
APART = "  "  # the least room between two runs' names on a line: two spaces, so they read apart


@dataclass(frozen=True, slots=True)
class Link:
    """A link between two neighbouring cards of the chain: whether it holds, what the two cards
    share ("Diamond", "5"; empty where they share nothing) and the x of its middle."""

    ok: bool
    shared: str
    x: int


@dataclass(frozen=True, slots=True)
class LinkLabel:
    """Words under one link or a run of links: centred on `x` (shifted along, never off the
    link it names, where that finds it room), on line `line` under the cards."""

    text: str
    ok: bool
    x: int
    line: int


@dataclass(frozen=True, slots=True)
class LabelRoom:
    """The room under the cards: lines from `left` to each of `rights` (one a line); `step`
    between two cards' centres; `gap` at least between two names on a line; `width` measures a
    text."""

    rights: tuple[int, ...]
    left: int
    step: int
    gap: int
    width: Callable[[str], int]

    @property
    def lines(self) -> int:
        return len(self.rights)


def label_links(links: list[Link], room: LabelRoom, kept: int) -> list[LinkLabel]:
    """The words under `links`: each link's under it, the links taking `kept` lines in turn (as few
    as they need), where that fits them all with their ticks; else named by runs (`label_runs`)."""
    labels = [f"{TICK} {link.shared}" if link.ok else CROSS for link in links]
    widest = max((room.width(label) for label in labels), default=0)
    rows = next((rows for rows in range(1, kept + 1) if widest <= rows * room.step - room.gap), None)
    if rows is not None:
        return [LinkLabel(label, link.ok, link.x, index % rows) for index, (label, link) in enumerate(zip(labels, links))]
    return label_runs(links, room)


def runs(links: list[Link]) -> list[list[Link]]:
    """The links in runs of neighbours that share the same thing (a broken link is a run of its own)."""
    found: list[list[Link]] = []
    for link in links:
        last = found[-1][-1] if found else None
        if last is not None and link.ok and last.ok and link.shared == last.shared:
            found[-1].append(link)
        else:
            found.append([link])
    return found


def label_runs(links: list[Link], room: LabelRoom) -> list[LinkLabel]:
    """Each run of links named once, with its tick where every name finds room so; else with or
    without the ticks, whichever names more runs (`place_runs`)."""
    found = runs(links)
    with_ticks = place_runs(found, room, ticked=True)
    if len(with_ticks) == len(found) and not any(label.text == TICK for label in with_ticks):
        return with_ticks
    bare = place_runs(found, room, ticked=False)
    named = (lambda labels: sum(label.text not in MARKS for label in labels))
    return bare if named(bare) > named(with_ticks) else with_ticks


def place_runs(found: list[list[Link]], room: LabelRoom, ticked: bool) -> list[LinkLabel]:
    """Each run named, left to right, on the line where its name (with its tick, where `ticked`
    and it fits, else without) lies nearest under the run's middle, clear of the names before it;
    a run whose bare word fits no line shows its mark alone (closer to its neighbours: a mark reads
    apart), where that fits (else only its line's colour says whether it holds, and the status
    why not)."""
    apart = max(room.gap, room.width(APART))
    ends = [room.left - apart] * room.lines  # where each line's last name ends
    labels = []
    for run in found:
        x, ok = (run[0].x + run[-1].x) // 2, run[0].ok
        forms = ([f"{TICK} {run[0].shared}"] if ticked else []) + [run[0].shared, TICK] if ok else [CROSS]
        placed = next((best for form in forms
                       if (best := least_shifted(form, ok, x, ends, room.gap if form in MARKS else apart, room))), None)
        if placed is None:
            continue
        label, width = placed
        ends[label.line] = max(ends[label.line], label.x + (width + 1) // 2)
        labels.append(label)
    return labels


def least_shifted(text: str, ok: bool, x: int, ends: list[int], apart: int,
                  room: LabelRoom) -> tuple[LinkLabel, int] | None:
    """`text` on the line where it lies nearest centred on `x` (the first such line), clear of each
    line's last name by `apart`; or None where no line has room for it."""
    found = [placed for line in range(room.lines) if (placed := fitted(text, ok, x, line, ends[line] + apart, room))]
    return min(found, key=lambda placed: (abs(placed[0].x - x), placed[0].line), default=None)


def fitted(text: str, ok: bool, x: int, line: int, free: int, room: LabelRoom) -> tuple[LinkLabel, int] | None:
    """`text` on `line` as near centred on `x` as it may be: from `free` on (clear of the line's
    last name) and within the room, still over `x`; or None where it cannot be."""
    width = room.width(text)
    left = max(x - width // 2, free, room.left)
    if left + width > room.rights[line] or left > x:
        return None
    return LinkLabel(text, ok, left + width // 2, line), width

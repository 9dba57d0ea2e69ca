"""Sovereign's Chain's table laid out at each look, window size and number of players: the rows'
card width (`chain_w`) and the hand's, and how long `table.layout` takes. A layout runs on a
resize, a new game, an undo, never per frame. SDL's dummy video driver.

A fresh table is laid out `--repeats` times (its label measures not yet kept: what a new game or
an undo costs), then one table again `--repeats` times (what a resize costs); the best of each is
said, in milliseconds (the machine's other work only ever adds). Card widths are
at the start of a game and `--moves` moves in (the rule of thumb for computers, the first legal
move for the person), the lower where they differ.

    python benchmarks/sovereign_layout.py [--look normal --look largest] [--moves 40] [--repeats 7]
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("CHAINTABLE_HOME", "/tmp/chaintable-bench")

import pygame  # noqa: E402

from game.session import Session  # noqa: E402
from scenes.shell.screens import open_app, table_class  # noqa: E402

SIZES = ((800, 600), (1280, 800), (1920, 1080))
NAMES = ("Ana", "Ben", "Cleo", "Dev")
LOOKS = ("normal", "larger", "largest")  # text and cards both at this setting


def session_after(players: int, moves: int) -> Session:
    seats = [{"name": name, "kind": "human" if i == 0 else "computer"} for i, name in enumerate(NAMES[:players])]
    session = Session("sovereigns-chain", {"seats": seats}, 7)
    while len(session.moves) < moves and not session.game_over:
        session.apply(session.legal_actions()[0] if session.to_move not in session.computers else session.computer_action())
    return session


def laid_out(app, session: Session, size, repeats: int) -> tuple[object, float, float]:
    """`session`'s table at `size`: the table, the best of `repeats` fresh tables' first layouts
    (what a new game or an undo costs: the table's label measures not yet kept) and the best of
    `repeats` layouts again (what a resize costs), in ms."""
    app.screen = pygame.display.set_mode(size)
    firsts, again = [], []
    for _ in range(repeats):
        table = table_class(session.descriptor)(app, session)
        start = time.perf_counter()
        table.layout(size)
        firsts.append((time.perf_counter() - start) * 1000)
    for _ in range(repeats):
        start = time.perf_counter()
        table.layout(size)
        again.append((time.perf_counter() - start) * 1000)
    return table, min(firsts), min(again)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--look", action="append", choices=LOOKS, help="text and cards at this size (each given; all by default)")
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    app = open_app(fit_to_desktop=False)
    sessions = {players: (session_after(players, 0), session_after(players, args.moves)) for players in (2, 3, 4)}
    print("look     size       players  rows px  hand px  first layout ms  again ms")
    for look in args.look or LOOKS:
        app.settings.update({"text_size": look, "card_size": look})
        app.apply_settings()
        for size in SIZES:
            for players, (start, later) in sessions.items():
                table, first, again = laid_out(app, start, size, args.repeats)
                later_table, later_first, _ = laid_out(app, later, size, args.repeats)
                rows = min(table.chain_w, later_table.chain_w)
                print(f"{look:8} {size[0]}x{size[1]:<5} {players:7}  {rows:7}  {table.hand.width:7}  "
                      f"{max(first, later_first):15.1f}  {again:8.1f}")


if __name__ == "__main__":
    main()

"""How long a ready review's layout takes, and what it chooses: Sovereign's Chain's solitaire
(deal 412) and a 3-player Sovereign's Chain game, played to their end by the rule of thumb (a
person in seat 0), reviewed briefly (`ReviewBudget(search=40, deals=2)`), at each window size and
look (text and cards both at it). A layout runs when the review opens, when it becomes ready and
on every resize (a dragged window lays it out many times). SDL's dummy video driver.

For each game, look and size, at the game's middle move, in ms: the median of `--repeats` layouts
at that size ("again": the window's size unchanged, as after a change of looks or a resize that a
window's least size holds), and of as many layouts a pixel wider and taller each ("dragged": a
window being resized); then, at the first, middle and last move, what the layout chose: the chain's card width, the
panel's look (its lines' size, the legend's, its lines, the legend's height) and the table's text
scale. `--choices` prints only the choices (one line each: diff two trees' output to show a change
keeps them).

    python benchmarks/review_layout.py [--look largest] [--repeats 5] [--choices]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("CHAINTABLE_HOME", tempfile.mkdtemp(prefix="chaintable-review-layout-"))

import pygame  # noqa: E402

from game.review import ReviewBudget  # noqa: E402
from game.session import Session  # noqa: E402
from scenes.menus.review import ReviewScene  # noqa: E402
from scenes.shell.screens import open_app, table_class  # noqa: E402

SIZES = ((800, 600), (1280, 800), (1920, 1080))
LOOKS = ("normal", "larger", "largest")
BUDGET = ReviewBudget(search=40, deals=2)
GAMES = (("sovereign-solitaire", 1, {"deal": 412}), ("sovereigns-chain", 3, {}))
STOPS = (0.0, 0.5, 1.0)  # where along the game its layout's choices are read
SEED = 7


def finished(game: str, players: int, rules: dict) -> Session:
    seats = [{"name": "Ann"}] + [{"name": f"Bot {i}", "kind": "computer"} for i in range(1, players)]
    session = Session(game, {"seats": seats, "rules": rules}, SEED)
    person = session.descriptor.heuristic(SEED)
    while not session.game_over:
        session.apply(person.choose(session.view(0), session.legal_actions()) if session.to_move == 0
                      else session.computer_action())
    return session


def ready_review(app, session: Session) -> ReviewScene:
    """The review of seat 0, judged and ready (its review stored once: later ones read it)."""
    scene = ReviewScene(app, session, 0, table_class(session.descriptor), BUDGET)
    scene.work.thinker.wait(600)
    scene.update(0.0)
    assert scene.ready, scene.failure
    return scene


def choices(scene: ReviewScene) -> str:
    width, _least = scene.table.board_cards()
    look = (scene.line_size, scene.legend_size, scene.rows, scene.legend_box.h)
    return f"cards {width} px, panel {look}, table text {scene.table_text}"


def at(scene: ReviewScene, share: float) -> None:
    scene.go(round(share * (len(scene.playback) - 1)) - scene.step)
    scene.table.motion.clear()


def timed(scene: ReviewScene, sizes) -> float:
    """The median of layouts at each of `sizes` in turn, in ms."""
    times = []
    for size in sizes:
        start = time.perf_counter()
        scene.layout(size)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def dragged(size, repeats: int) -> list[tuple[int, int]]:
    """`repeats` sizes a pixel apart from `size` on (a window being dragged: each one new)."""
    return [(size[0] + step, size[1] + step) for step in range(1, repeats + 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--look", action="append", choices=LOOKS, help="text and card size (default: each)")
    parser.add_argument("--repeats", type=int, default=5, help="layouts timed at each size")
    parser.add_argument("--choices", action="store_true", help="print only what the layouts chose")
    args = parser.parse_args()
    app = open_app(fit_to_desktop=False)
    pygame.display.set_mode(SIZES[0])
    sessions = [(game, players, finished(game, players, rules)) for game, players, rules in GAMES]
    for look in args.look or LOOKS:
        app.settings.update({"text_size": look, "card_size": look})
        app.apply_settings()
        for game, players, session in sessions:
            scene = ready_review(app, session)
            for size in SIZES:
                app.screen = pygame.Surface(size)
                name = f"{game} ({players} player{'s' if players > 1 else ''}) {look} {size[0]}x{size[1]}"
                at(scene, 0.5)
                scene.layout(size)
                if not args.choices:
                    again = timed(scene, [size] * args.repeats)
                    print(f"{name}: layout {again:.1f} ms again, {timed(scene, dragged(size, args.repeats)):.1f} ms "
                          f"dragged", flush=True)
                for share in STOPS:
                    at(scene, share)
                    scene.layout(size)
                    print(f"{name} at move {scene.step}: {choices(scene)}", flush=True)


if __name__ == "__main__":
    main()

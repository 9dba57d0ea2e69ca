"""How long from a key press to the first spoken word: Tab on the main menu moves the focus and
the control it lands on is said. For the built-in voice (pyttsx3 on its own thread: the time until
the voice reports its first word, which espeak-ng does as it synthesises it, before the sound
reaches the speakers) and for the log backend (the time until the line is in the file). The app
runs headless (SDL's dummy driver) with a throwaway data folder. Target: under 100 ms.

    python benchmarks/speech_latency.py [--presses 40]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

GAP_SECONDS = 0.6  # between presses: the line before is said by then


def press_tab(app) -> float:
    """One Tab through the app's own frame; the time it was pressed."""
    import pygame

    pressed = time.perf_counter()
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0),
              pygame.event.Event(pygame.KEYUP, key=pygame.K_TAB, mod=0, unicode="", scancode=0)], 1 / 60)
    return pressed


def opened_app(mode: str):
    from scenes.shell.screens import open_app
    from ui_driver import Driver

    app = open_app(fit_to_desktop=False)
    app.settings["speech"] = mode
    app.apply_settings()
    driver = Driver(app)
    driver.settle()
    return app


def built_in_voice(presses: int) -> list[float]:
    """Key press to the voice's first word, in seconds, for each press."""
    from scenes.speech import speech

    app = opened_app("voice")
    voice = speech().voice
    if voice is None or type(voice).__name__ != "BuiltInVoice":
        raise SystemExit("no built-in voice on this machine (pyttsx3 and espeak-ng, SAPI or NSSpeechSynthesizer)")
    heard = threading.Event()
    first_word: list[float] = []

    def on_spoken(_line) -> None:
        if not heard.is_set():
            first_word.append(time.perf_counter())
            heard.set()
    voice.on_spoken = on_spoken
    time.sleep(1.0)  # the engine starts on its thread
    latencies = []
    for _ in range(presses):
        heard.clear()
        first_word.clear()
        pressed = press_tab(app)
        if heard.wait(5):
            latencies.append(first_word[0] - pressed)
        else:
            print("unheard:", speech().last, voice.working, voice.lines.qsize(), flush=True)
        time.sleep(GAP_SECONDS)
    speech().close()
    return latencies


def log_backend(presses: int) -> list[float]:
    """Key press to the line written in the log, in seconds, for each press."""
    from scenes.speech import speech

    path = Path(os.environ["CHAINTABLE_SPEECH_LOG"])
    app = opened_app("off")
    latencies = []
    for _ in range(presses):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        pressed = press_tab(app)
        while len(path.read_text(encoding="utf-8").splitlines()) == lines:
            time.sleep(0.0005)
        latencies.append(time.perf_counter() - pressed)
    speech().close()
    return latencies


def report(name: str, latencies: list[float], presses: int) -> None:
    ms = sorted(1000 * value for value in latencies)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    print(f"{name}: median {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms, max {ms[-1]:.1f} ms "
          f"({len(ms)} of {presses} presses heard)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        os.environ["CHAINTABLE_HOME"] = home
        os.environ["CHAINTABLE_SPEECH_LOG"] = str(Path(home) / "speech.log")
        report("log backend", log_backend(args.presses), args.presses)
        del os.environ["CHAINTABLE_SPEECH_LOG"]
        report("built-in voice", built_in_voice(args.presses), args.presses)


if __name__ == "__main__":
    main()

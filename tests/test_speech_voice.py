"""The real built-in voice speaks: the app's voice backend (its thread, its queue, its rate) with
pyttsx3 and espeak-ng, each line saved to a WAV file instead of the speakers (engine.save_to_file),
measured with sox: long enough for the words and far from silent. Skipped only where espeak-ng is
not installed (CI installs it, and sox)."""

from __future__ import annotations

import re
import shutil
import subprocess
import time

import pytest

from scenes.speech.backends import BuiltInVoice

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")


class SavingEngine:
    """The real pyttsx3 engine, each line said written to the next of `paths` instead of played."""

    def __init__(self, paths) -> None:
        import pyttsx3

        self.engine = pyttsx3.Engine()  # a fresh one: init() hands back the last test's, rate and all
        self.paths = list(paths)

    def say(self, text: str) -> None:
        self.engine.save_to_file(text, str(self.paths.pop(0)))

    def __getattr__(self, name):
        return getattr(self.engine, name)


def sox_stat(path) -> dict[str, float]:
    result = subprocess.run(["sox", str(path), "-n", "stat"], capture_output=True, text=True, timeout=30)
    return {name.strip(): float(value) for name, value in re.findall(r"^([^:\n]+):\s+(-?[\d.]+)\s*$", result.stderr, re.M)}


def spoken(tmp_path, rate: int, text: str) -> dict[str, float]:
    path = tmp_path / f"line-{rate}.wav"
    voice = BuiltInVoice(rate, make_engine=lambda: SavingEngine([path]))
    voice.speak(text, interrupt=False)
    deadline = time.monotonic() + 20
    while not (path.exists() and path.stat().st_size > 44) and time.monotonic() < deadline:
        time.sleep(0.05)
    voice.close()
    voice.thread.join(timeout=10)
    assert voice.working, "the voice started and spoke"
    return sox_stat(path)


LINE = "Nine of spades on the eight of spades. Your turn."


def test_the_built_in_voice_says_a_line_out_loud(tmp_path):
    heard = spoken(tmp_path, 200, LINE)
    assert heard["Length (seconds)"] > 1.0, heard  # ten words take more than a second
    assert heard["RMS     amplitude"] > 0.02 and heard["Maximum amplitude"] > 0.2, heard


def test_a_faster_rate_says_the_same_line_in_less_time(tmp_path):
    slow, fast = spoken(tmp_path, 150, LINE), spoken(tmp_path, 330, LINE)
    assert fast["Length (seconds)"] < 0.75 * slow["Length (seconds)"], (slow, fast)

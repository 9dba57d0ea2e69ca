"""Write the table's sounds (deal, place, draw, take, cube, win) and the earcons that tell a player
who plays by ear what happened (turn, refuse) as small WAV files beside this script.

    python assets/sounds/make_sounds.py

Everything is synthesised with the standard library: noise bursts shaped like a card's swish or
click, and sine tones for the chimes. The noise comes from a fixed-seed generator, so the same
bytes come out on every run (a test regenerates the files and compares them with the shipped ones).
"""

from __future__ import annotations

import math
import struct
import wave
from pathlib import Path
from typing import Callable

RATE = 22050
HERE = Path(__file__).resolve().parent


class Noise:
    """A small linear congruential generator: white noise that is the same on every machine."""

    def __init__(self, seed: int) -> None:
        self.state = seed

    def __call__(self) -> float:
        self.state = (self.state * 1103515245 + 12345) % 2**31
        return self.state / 2**30 - 1.0


def samples(seconds: float, voice: Callable[[float], float]) -> list[float]:
    return [voice(i / RATE) for i in range(int(seconds * RATE))]


def swish(seconds: float, seed: int, brightness: float) -> list[float]:
    """Filtered noise that swells and fades: a card sliding across cloth."""
    noise, low = Noise(seed), 0.0

    def voice(t: float) -> float:
        nonlocal low
        low += brightness * (noise() - low)
        envelope = math.sin(math.pi * t / seconds) ** 2
        return 0.9 * low * envelope / max(brightness, 0.25)
    return samples(seconds, voice)


def click(seconds: float, seed: int, pitch: float) -> list[float]:
    """A short knock with a little noise on top: a card laid down on the table."""
    noise = Noise(seed)

    def voice(t: float) -> float:
        decay = math.exp(-t * 60)
        return decay * (0.7 * math.sin(2 * math.pi * pitch * t) + 0.35 * noise() * math.exp(-t * 200))
    return samples(seconds, voice)


def chime(notes: list[tuple[float, float]], seconds: float) -> list[float]:
    """Bell-like tones, each (frequency, start in seconds) ringing out to the end."""
    def voice(t: float) -> float:
        total = 0.0
        for frequency, start in notes:
            if t >= start:
                age = t - start
                ring = math.exp(-age * 5) * min(1.0, age * 400)
                total += ring * (math.sin(2 * math.pi * frequency * age) + 0.3 * math.sin(4 * math.pi * frequency * age))
        return 0.35 * total
    return samples(seconds, voice)


def blip(pitch: float, seconds: float) -> list[float]:
    """A soft, round tone that starts and stops without a click: one tap of "your turn"."""
    def voice(t: float) -> float:
        envelope = math.sin(math.pi * t / seconds) ** 2
        return envelope * (math.sin(2 * math.pi * pitch * t) + 0.2 * math.sin(6 * math.pi * pitch * t))
    return samples(seconds, voice)


def buzz(start: float, end: float, seconds: float) -> list[float]:
    """A low, reedy tone sliding down: a move the rules refused. Odd harmonics make it rough,
    unlike every chime and card sound."""
    phase = 0.0

    def voice(t: float) -> float:
        nonlocal phase
        phase += 2 * math.pi * (start + (end - start) * t / seconds) / RATE
        envelope = min(1.0, t * 200) * min(1.0, (seconds - t) * 40) * math.exp(-t * 9)
        return envelope * sum(math.sin(k * phase) / k for k in (1, 3, 5, 7))
    return samples(seconds, voice)


def then(*parts: list[float]) -> list[float]:
    return [value for part in parts for value in part]


def silence(seconds: float) -> list[float]:
    return [0.0] * int(seconds * RATE)


SOUNDS: dict[str, Callable[[], list[float]]] = {
    "deal": lambda: then(swish(0.09, 11, 0.5), silence(0.03), swish(0.09, 12, 0.5), silence(0.03), swish(0.1, 13, 0.5)),
    "place": lambda: click(0.12, 21, 180.0),
    "draw": lambda: swish(0.18, 31, 0.35),
    "take": lambda: then(swish(0.14, 41, 0.6), click(0.1, 42, 140.0)),
    "cube": lambda: chime([(660.0, 0.0), (880.0, 0.07)], 0.45),
    "win": lambda: chime([(523.3, 0.0), (659.3, 0.12), (784.0, 0.24), (1046.5, 0.36)], 1.2),
    "turn": lambda: then(blip(987.8, 0.07), silence(0.05), blip(987.8, 0.07)),
    "refuse": lambda: buzz(196.0, 147.0, 0.22),
}


def wav_bytes(values: list[float]) -> bytes:
    peak = max(1e-9, max(abs(v) for v in values))
    scale = 0.8 * 32767 / peak
    return b"".join(struct.pack("<h", round(v * scale)) for v in values)


def write(path: Path, values: list[float]) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(wav_bytes(values))


def main(folder: Path = HERE) -> None:
    for name, make in SOUNDS.items():
        write(folder / f"{name}.wav", make())


if __name__ == "__main__":
    main()

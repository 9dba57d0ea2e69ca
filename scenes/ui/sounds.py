"""The table's sounds (assets/sounds, made by make_sounds.py there), played through pygame.mixer.

A machine without a sound device plays nothing: the mixer's first failure is logged once and the
app goes on silent. Which sound a move's event makes: the event's own `sound` attribute if it has
one, else the sound its type was registered with (each game's scenes package registers its events,
as it registers its card painters: `register_sounds`), else none.
"""

from __future__ import annotations

import logging

import pygame

from scenes.ui.resources import asset

NAMES = ("deal", "place", "draw", "take", "cube", "win", "turn", "refuse")
# The earcons: short sounds that tell a player who plays by ear what happened, each unlike the
# others. A closing cube and a game's end sound as their events do (registered by each game).
YOUR_TURN, REFUSED, CUBE_CLOSED, GAME_ENDED = "turn", "refuse", "cube", "win"
EVENT_SOUNDS: dict[type, str] = {}  # an event type: the sound it makes (`register_sounds`)
VOLUMES = (0.0, 0.25, 0.5, 0.75, 1.0)


class Sounds:
    """The loaded sounds at one volume; silent until `start` finds a working mixer."""

    def __init__(self) -> None:
        self.loaded: dict[str, pygame.mixer.Sound] = {}
        self.volume = 0.5
        self.tried = False

    def start(self) -> bool:
        """Open the mixer and load the sounds, once; whether sound works on this machine."""
        if not self.tried:
            self.tried = True
            try:
                pygame.mixer.pre_init(22050, -16, 1, 512)
                pygame.mixer.init()
                self.loaded = {name: pygame.mixer.Sound(str(asset("sounds", f"{name}.wav"))) for name in NAMES}
            except (pygame.error, FileNotFoundError) as err:
                logging.info("no sound: %s", err)
                self.loaded = {}
        return bool(self.loaded)

    def set_volume(self, volume: float) -> None:
        """0 is silent, 1 full; a value that is no number (a hand-edited settings file) is ignored."""
        if isinstance(volume, (int, float)):
            self.volume = max(0.0, min(1.0, float(volume)))

    def play(self, name: str) -> bool:
        """Play a sound (if the mixer works and the volume is not off); whether it played."""
        sound = self.loaded.get(name)
        if sound is None or self.volume <= 0:
            return False
        sound.set_volume(self.volume)
        sound.play()
        return True

    def play_move(self, events) -> list[str]:
        """Each different sound of a move's events, once; the names played."""
        names = list(dict.fromkeys(name for name in map(sound_for, events) if name))
        return [name for name in names if self.play(name)]


def register_sounds(sounds: dict[type, str]) -> None:
    """Events of each type make the sound named (one of NAMES)."""
    unknown = set(sounds.values()) - set(NAMES)
    if unknown:
        raise ValueError(f"no such sound: {', '.join(sorted(unknown))}")
    EVENT_SOUNDS.update(sounds)


def sound_for(event) -> str | None:
    """The sound an event makes, or None."""
    return getattr(event, "sound", None) or EVENT_SOUNDS.get(type(event))


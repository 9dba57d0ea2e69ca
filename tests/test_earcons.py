"""Earcons: short sounds that tell a player who plays by ear what happened, each unlike the others
(your turn, a refusal, a closing cube, a game's end), and played when it happens."""

from __future__ import annotations

import struct
import wave

import pytest

from game.session import Session
from scenes.ui import sounds
from scenes.ui.resources import asset
from ui_driver import Driver

EARCONS = (sounds.YOUR_TURN, sounds.REFUSED, sounds.CUBE_CLOSED, sounds.GAME_ENDED)


def measured(name: str) -> tuple[float, float]:
    """A sound's length in seconds and its pitch as heard (zero crossings a second, halved)."""
    with wave.open(str(asset("sounds", f"{name}.wav"))) as wav:
        rate, frames = wav.getframerate(), wav.readframes(wav.getnframes())
    values = struct.unpack(f"<{len(frames) // 2}h", frames)
    crossings = sum(1 for a, b in zip(values, values[1:]) if (a < 0) != (b < 0))
    seconds = len(values) / rate
    return seconds, crossings / seconds / 2


def test_each_earcon_is_unlike_every_other_in_length_or_pitch():
    heard = {name: measured(name) for name in EARCONS}
    assert len(set(EARCONS)) == 4 and set(EARCONS) <= set(sounds.NAMES)
    for one in EARCONS:
        for other in EARCONS:
            if one < other:
                (len_a, pitch_a), (len_b, pitch_b) = heard[one], heard[other]
                unlike = max(len_a, len_b) / min(len_a, len_b) > 1.5 or max(pitch_a, pitch_b) / min(pitch_a, pitch_b) > 1.3
                assert unlike, (one, heard[one], other, heard[other])


def test_your_turn_and_a_refusal_are_short():
    assert measured(sounds.YOUR_TURN)[0] < 0.3 and measured(sounds.REFUSED)[0] < 0.3


class Heard(sounds.Sounds):
    """The app's sounds, recording what was played instead of playing it."""

    def __init__(self) -> None:
        super().__init__()
        self.heard: list[str] = []

    def play(self, name: str) -> bool:
        self.heard.append(name)
        return True


SEATS = {"seats": [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "computer", "difficulty": "random"}]}


@pytest.fixture
def table(driver):
    driver.app.sounds = Heard()
    driver.app.screens.table(Session("chains", SEATS, 5))
    return driver.app.top


def play_until(driver: Driver, done) -> None:
    for _ in range(3000):
        if done():
            return
        driver.frame(dt=0.1)
    raise AssertionError("it did not come")


def test_the_turn_coming_back_to_the_player_sounds_once(driver, table):
    session, heard = table.session, driver.app.sounds.heard
    if session.to_move != 0:
        play_until(driver, lambda: session.to_move == 0)
        assert heard.count(sounds.YOUR_TURN) == 1
    heard.clear()
    table.perform(session.legal_actions()[0])  # the player's own move: no earcon for it
    assert sounds.YOUR_TURN not in heard
    play_until(driver, lambda: session.to_move == 0 or session.game_over)
    assert heard.count(sounds.YOUR_TURN) == (0 if session.game_over else 1)


def test_a_refused_move_sounds_the_refusal(driver, table):
    session, heard = table.session, driver.app.sounds.heard
    play_until(driver, lambda: session.to_move == 0)
    other = next(action for action in Session("chains", SEATS, 6).legal_actions() if action not in session.legal_actions())
    heard.clear()
    assert not table.perform(other)
    assert heard == [sounds.REFUSED]

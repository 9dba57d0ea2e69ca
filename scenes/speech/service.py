"""The app's one speech service: what scenes call to say a line, say it again, or hush.

The Speech setting picks the voice at start (and again when the player changes it): "screen_reader"
tries the player's screen reader, then the built-in voice; "voice" the built-in voice; "off"
nothing. Until the player chooses (None), the app speaks when a screen reader runs, and through it
only: a player who sees hears nothing they did not ask for. A backend that cannot start, or fails later, is passed over silently. The log backend
(CHAINTABLE_SPEECH_LOG) hears every line whatever the setting.

The words come from their owners: the engine's wording for game content, the widgets for
themselves. The service only carries them.
"""

from __future__ import annotations

import logging

from game.storage import SPEECH_MODES

from scenes.speech import backends

log = logging.getLogger(__name__)

MODES = SPEECH_MODES
VERBOSITIES = ("brief", "full")


def voice_candidates(mode: str, rate: int) -> list:
    """The backends to try for `mode`, best first, each a callable that makes one."""
    screen_reader = backends.ScreenReader
    def built_in():
        return backends.BuiltInVoice(rate)
    return {None: [screen_reader], "screen_reader": [screen_reader, built_in], "voice": [built_in]}.get(mode, [])


def first_working(candidates):
    """The first backend that starts, or None; the others' failures are only logged."""
    for make in candidates:
        try:
            return make()
        except Exception as err:  # noqa: BLE001 -- any backend failing to start is passed over
            log.info("speech backend not used: %s", err)
    return None


class Speech:
    def __init__(self) -> None:
        self.voice = None        # the backend that speaks aloud, or None
        self.fallbacks: list = []  # the backends still to try should the voice fail
        self.speech_log = None   # the log backend, when the environment asks for it
        self.last = ""
        self.mode = "off"
        self.rate = None
        self.verbosity = "full"  # "brief" or "full": how much a screen's speech says (its callers read it)

    @property
    def on(self) -> bool:
        """Whether anything hears the lines (a voice or the log)."""
        return self.voice is not None or self.speech_log is not None

    @property
    def brief(self) -> bool:
        return self.verbosity == "brief"

    def configure(self, mode: str = "off", rate: int = backends.DEFAULT_RATE, verbosity: str = "full",
                  candidates=None) -> None:
        """Choose the voice for `mode` (`candidates` overrides the backends tried, for tests).
        The same mode and rate keep the voice that runs."""
        self.verbosity = verbosity if verbosity in VERBOSITIES else "full"
        self._follow_the_environment()
        if candidates is None and (mode, rate) == (self.mode, self.rate):
            return
        self.mode, self.rate = mode, rate
        if self.voice is not None:
            self.voice.close()
        self.fallbacks = list(voice_candidates(mode, rate) if candidates is None else candidates)
        self.voice = None
        self._next_voice()

    def _follow_the_environment(self) -> None:
        """The log backend writes to the file CHAINTABLE_SPEECH_LOG names now (none when unset)."""
        wanted = backends.log_path_from_environment()
        if self.speech_log is not None and self.speech_log.path == wanted:
            return
        if self.speech_log is not None:
            self.speech_log.close()
        self.speech_log = backends.open_speech_log(wanted) if wanted else None

    def _next_voice(self) -> None:
        self.voice = first_working(self._take_fallbacks())

    def _take_fallbacks(self):
        while self.fallbacks:
            yield self.fallbacks.pop(0)

    def say(self, text: str, *, interrupt: bool = False) -> None:
        """Speak `text` (queued after what is being said, or instead of it with `interrupt`)."""
        text = " ".join(str(text).split())
        if not text:
            return
        self.last = text
        self._out(text, interrupt)

    def repeat(self) -> None:
        """Say the last line again, at once."""
        if self.last:
            self._out(self.last, True)

    def stop(self) -> None:
        """Silence what is being said and what waits to be said."""
        if self.voice is not None:
            self._guarded(self.voice.silence)

    def _out(self, text: str, interrupt: bool) -> None:
        if self.speech_log is not None:
            self.speech_log.speak(text, interrupt)
        if self.voice is not None and not self.voice.working:
            self._next_voice()
        if self.voice is not None:
            self._guarded(self.voice.speak, text, interrupt)

    def _guarded(self, call, *args) -> None:
        """Call the voice; one that raises is closed and the next one tried for later lines."""
        try:
            call(*args)
        except Exception as err:  # noqa: BLE001 -- a voice failing never stops the game
            log.info("%s failed: %s", self.voice.name, err)
            self.voice.working = False
            self._next_voice()

    def close(self) -> None:
        """The app ends: the voice's thread and the log are let go."""
        for backend in (self.voice, self.speech_log):
            if backend is not None:
                backend.close()
        self.voice = self.speech_log = None
        self.mode, self.rate = "off", None


_SERVICE = Speech()


def speech() -> Speech:
    """The app's one speech service (configured from the settings as the app starts)."""
    return _SERVICE

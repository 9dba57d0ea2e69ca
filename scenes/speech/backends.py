"""The ways a spoken line reaches the player: their own screen reader, a voice the app brings, and
a log file that tests (and a curious player) read.

Each backend has the same small surface: `speak(text, interrupt)`, `silence()`, `close()`, and
`working` (False once it has failed, so the service moves on to the next one). None of them ever
blocks the frame that speaks: a screen reader queues the line itself, the built-in voice speaks on
a thread of its own, and the log writes one short line.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import queue
import sys
import threading
from pathlib import Path

from game.storage import SPEECH_RATES

log = logging.getLogger(__name__)

LOG_VARIABLE = "CHAINTABLE_SPEECH_LOG"  # names the file each spoken line is appended to
RATES = SPEECH_RATES  # words a minute the built-in voice may speak at; 200 is its usual
DEFAULT_RATE = 200
# accessible_output2's outputs that are voices of the system, not a screen reader the player runs
NOT_SCREEN_READERS = {"SAPI5", "SAPI4", "ESpeak"}
LINUX_SCREEN_READERS = {"orca"}


class BackendUnavailable(Exception):
    """A backend that cannot speak on this machine (no screen reader running, no voice installed)."""


class ScreenReader:
    """The screen reader the player runs (NVDA, JAWS, ... on Windows; Orca through speech-dispatcher
    on Linux; VoiceOver on macOS), reached through accessible_output2. It speaks at the player's own
    rate and voice, so the app's rate does not apply."""

    name = "screen reader"

    def __init__(self) -> None:
        self.output = find_screen_reader()
        if self.output is None:
            raise BackendUnavailable("no screen reader is running")
        self.working = True

    def speak(self, text: str, interrupt: bool) -> None:
        self.output.speak(text, interrupt=interrupt)

    def silence(self) -> None:
        silence = getattr(self.output, "silence", None)
        if silence is not None:
            silence()

    def close(self) -> None:
        pass


def find_screen_reader():
    """The accessible_output2 output of a screen reader that runs now, or None. On Linux Orca must
    run (speech-dispatcher alone is no screen reader: it would speak for a player who sees)."""
    if sys.platform.startswith("linux") and not process_running(LINUX_SCREEN_READERS):
        return None
    try:
        with contextlib.redirect_stdout(io.StringIO()):  # the library prints what it cannot find
            point_to_bundled_libraries()
            from accessible_output2.outputs import auto
            outputs = auto.Auto().outputs
    except Exception as err:  # a broken install or a platform library missing: no screen reader
        log.info("no screen reader: %s", err)
        return None
    for output in outputs:
        if type(output).__name__ in NOT_SCREEN_READERS or output.is_system_output():
            continue
        with contextlib.suppress(Exception):
            if output.is_active():
                return output
    return None


def point_to_bundled_libraries() -> None:
    """In a frozen app, accessible_output2 looks for the screen readers' DLLs beside the executable;
    PyInstaller puts them (build.spec) in its bundle folder, sys._MEIPASS. Point it there."""
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        from platform_utils import paths

        paths.embedded_data_path = lambda: bundle


def process_running(names: set[str]) -> bool:
    """Whether a process of one of these names runs (read from /proc, where there is one)."""
    proc = Path("/proc")
    if not proc.is_dir():
        return False
    for entry in proc.iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if (entry / "comm").read_text().strip() in names:
                    return True
    return False


class BuiltInVoice:
    """A voice the app speaks with itself (pyttsx3: SAPI on Windows, espeak-ng on Linux,
    NSSpeechSynthesizer on macOS), on its own thread fed by a queue. A line said while another is
    still queued with `interrupt` drops the queued ones."""

    name = "built-in voice"
    STOP = object()  # the thread's last item

    def __init__(self, rate: int = DEFAULT_RATE, make_engine=None) -> None:
        if make_engine is None:
            try:
                import pyttsx3
            except ImportError as err:
                raise BackendUnavailable(f"no built-in voice: {err}") from err
            make_engine = pyttsx3.init
        self.rate = rate
        self.lines: queue.Queue = queue.Queue()
        self.working = True
        self.engine = None
        self.speaking, self.busy = "", False  # the line being said, and whether one is
        self.on_spoken = None  # called with each line as its speaking starts (benchmarks)
        self.thread = threading.Thread(target=self._run, args=(make_engine,), name="speech", daemon=True)
        self.thread.start()

    def _run(self, make_engine) -> None:
        try:
            self.engine = make_engine()
            self.engine.setProperty("rate", self.rate)
            self.engine.connect("started-word", self._started_word)
        except Exception as err:  # no driver, no voice data: the service falls back silently
            log.info("no built-in voice: %s", err)
            self.working = False
            return
        while True:
            text = self.lines.get()
            if text is self.STOP:
                return
            self._speak_now(text)

    def _speak_now(self, text: str) -> None:
        self.speaking, self.busy = text, True
        try:
            self.engine.say(text)
            self.engine.runAndWait()
        except Exception as err:
            log.info("the built-in voice failed: %s", err)
            self.working = False
        finally:
            self.busy = False

    def _started_word(self, name=None, location=None, length=None) -> None:
        if self.on_spoken is not None:
            self.on_spoken(self.speaking)

    def speak(self, text: str, interrupt: bool) -> None:
        if interrupt:
            self.silence()
        self.lines.put(text)

    def silence(self) -> None:
        """Drop every line still queued and stop the one being spoken."""
        with contextlib.suppress(queue.Empty):
            while True:
                self.lines.get_nowait()
        if self.engine is not None and self.busy:  # an idle engine is left alone: its thread may be starting a line
            with contextlib.suppress(Exception):
                self.engine.stop()

    def close(self) -> None:
        self.silence()
        self.lines.put(self.STOP)


class SpeechLog:
    """Each spoken line appended to a file, one line per utterance, written through at once. On
    whenever CHAINTABLE_SPEECH_LOG names a file, whatever the Speech setting."""

    name = "log"

    def __init__(self, path: str) -> None:
        self.path = path
        self.file = open(path, "a", encoding="utf-8")  # noqa: SIM115 (open for the app's life)
        self.working = True

    def speak(self, text: str, interrupt: bool) -> None:
        self.file.write(" ".join(text.split()) + "\n")
        self.file.flush()

    def silence(self) -> None:
        pass

    def close(self) -> None:
        self.file.close()


def log_path_from_environment() -> str:
    """The file CHAINTABLE_SPEECH_LOG names, or "" when it is unset."""
    return os.environ.get(LOG_VARIABLE, "")


def open_speech_log(path: str) -> SpeechLog | None:
    """The log backend writing to `path`, or None (said in the app's log) when it cannot be written."""
    try:
        return SpeechLog(path)
    except OSError as err:
        log.warning("the speech log %s cannot be written: %s", path, err)
        return None

"""Speech (scenes/speech): every line reaches the log that CHAINTABLE_SPEECH_LOG names whatever
the Speech setting, the voice falls back silently when a backend fails, and the keys that repeat
and stop speech work on every screen."""

from __future__ import annotations

import pygame
import pytest

from scenes.shell import keymap
from scenes.speech import LOG_VARIABLE, Speech, speech
from scenes.speech.backends import BackendUnavailable


class FakeVoice:
    """A voice that records what it was asked to do; `fail_on_speak` makes it raise instead."""

    name = "fake"

    def __init__(self, fail_on_speak: bool = False) -> None:
        self.spoken: list[tuple[str, bool]] = []
        self.silenced = 0
        self.closed = False
        self.working = True
        self.fail_on_speak = fail_on_speak

    def speak(self, text, interrupt):
        if self.fail_on_speak:
            raise OSError("the synthesiser went away")
        self.spoken.append((text, interrupt))

    def silence(self):
        self.silenced += 1

    def close(self):
        self.closed = True


def unavailable():
    raise BackendUnavailable("not on this machine")


def logged(path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


@pytest.fixture
def speech_log(tmp_path, monkeypatch):
    path = tmp_path / "speech.log"
    monkeypatch.setenv(LOG_VARIABLE, str(path))
    return path


def test_the_log_has_a_line_per_utterance_written_at_once(speech_log):
    service = Speech()
    service.configure("off")
    service.say("Chains, button")
    assert logged(speech_log) == ["Chains, button"], "on disk before anything is closed"
    service.say("Seat 1 name:\nAna")  # one utterance over two lines of text
    service.say("   ")  # nothing to say: no line
    service.repeat()
    assert logged(speech_log) == ["Chains, button", "Seat 1 name: Ana", "Seat 1 name: Ana"]
    service.close()


@pytest.mark.parametrize("mode", ["off", "screen_reader", "voice", None])
def test_the_log_hears_every_line_whatever_the_setting(speech_log, mode):
    service = Speech()
    service.configure(mode, candidates=[FakeVoice])
    service.say("Settings")
    assert logged(speech_log) == ["Settings"]
    service.close()


def test_without_the_variable_there_is_no_log(tmp_path, monkeypatch):
    monkeypatch.delenv(LOG_VARIABLE, raising=False)
    service = Speech()
    service.configure("off")
    service.say("Settings")
    assert service.speech_log is None and not service.on
    assert list(tmp_path.iterdir()) == []


def test_the_log_follows_the_variable_when_the_settings_apply_again(tmp_path, monkeypatch):
    first, second = tmp_path / "first.log", tmp_path / "second.log"
    service = Speech()
    monkeypatch.setenv(LOG_VARIABLE, str(first))
    service.configure("off")
    service.say("one")
    monkeypatch.setenv(LOG_VARIABLE, str(second))
    service.configure("off")
    service.say("two")
    assert (logged(first), logged(second)) == (["one"], ["two"])
    service.close()


def test_the_first_backend_that_starts_speaks():
    voice = FakeVoice()
    service = Speech()
    service.configure("screen_reader", candidates=[unavailable, lambda: voice])
    service.say("Chain Table, main menu", interrupt=True)
    assert service.voice is voice and voice.spoken == [("Chain Table, main menu", True)]


def test_a_voice_that_fails_gives_way_to_the_next_and_play_goes_on():
    failing, spare = FakeVoice(fail_on_speak=True), FakeVoice()
    service = Speech()
    service.configure("screen_reader", candidates=[lambda: failing, lambda: spare])
    service.say("Settings")  # the failing voice raises: nothing reaches the player, no error either
    service.say("Back, button")
    assert service.voice is spare and spare.spoken == [("Back, button", False)]


def test_a_voice_whose_thread_stopped_working_gives_way_before_the_next_line():
    first, spare = FakeVoice(), FakeVoice()
    service = Speech()
    service.configure("voice", candidates=[lambda: first, lambda: spare])
    first.working = False  # its engine failed on its own thread
    service.say("Statistics")
    assert first.spoken == [] and spare.spoken == [("Statistics", False)]


def test_when_no_backend_starts_the_service_is_silent(speech_log):
    service = Speech()
    service.configure("screen_reader", candidates=[unavailable, unavailable])
    service.say("Settings")
    service.repeat()
    service.stop()
    assert service.voice is None and logged(speech_log) == ["Settings", "Settings"]
    service.close()


def test_off_and_not_chosen_try_no_built_in_voice():
    """Off speaks through nothing; a player who never chose speaks only through a screen reader
    that runs (none runs here), never through the app's own voice."""
    from scenes.speech.service import voice_candidates
    from scenes.speech.backends import ScreenReader

    assert voice_candidates("off", 200) == []
    assert voice_candidates(None, 200) == [ScreenReader]
    assert len(voice_candidates("screen_reader", 200)) == 2 and len(voice_candidates("voice", 200)) == 1


def test_stop_silences_the_voice_and_a_new_setting_closes_the_old_voice():
    voice = FakeVoice()
    service = Speech()
    service.configure("voice", candidates=[lambda: voice])
    service.stop()
    assert voice.silenced == 1
    service.configure("off")
    assert voice.closed and service.voice is None


def every_key():
    return [value for value in vars(keymap).values() if isinstance(value, keymap.Key)]


def test_no_other_key_of_the_key_map_answers_to_a_key_every_screen_takes():
    for global_key in keymap.GLOBAL_KEYS:
        for key in every_key():
            if key is global_key:
                continue
            shared = set(key.codes) & set(global_key.codes)
            assert not (shared and key.ctrl == global_key.ctrl and (
                key.shift is None or global_key.shift is None or key.shift == global_key.shift)), (key, global_key)


@pytest.mark.parametrize("screen", ["menu", "settings", "statistics"])
def test_f3_says_the_last_line_again_and_f4_stops_on_every_screen(speech_log, driver, screen):
    voice = FakeVoice()
    speech().configure("voice", candidates=[lambda: voice])
    if screen != "menu":
        getattr(driver.app.screens, screen)()
    speech().say("Nine of spades")
    driver.key(pygame.K_F3)
    assert logged(speech_log)[-2:] == ["Nine of spades", "Nine of spades"]
    assert voice.spoken[-1] == ("Nine of spades", True), "said again at once"
    driver.key(pygame.K_F4)
    assert voice.silenced == 1
    driver.key(pygame.K_F4, pygame.KMOD_CTRL)  # another key (with Ctrl) does not stop speech
    assert voice.silenced == 1
    speech().close()


def test_the_speech_settings_choose_the_voice_its_rate_and_detail(driver, monkeypatch):
    made = []

    def candidates(mode, rate):
        made.append((mode, rate))
        return [FakeVoice] if mode != "off" else []

    monkeypatch.setattr("scenes.speech.service.voice_candidates", candidates)
    driver.app.screens.settings()
    scene = driver.app.top
    assert scene.cyclers["speech"].value == "off", "no screen reader runs here: speech shows as off"
    for key in ("speech", "speech", "speech_rate", "speech_verbosity"):
        driver.click(scene.cyclers[key].rect.move(scene.cyclers[key].rect.w - 10, 0).midleft)
    assert (driver.app.settings["speech"], driver.app.settings["speech_rate"]) == ("voice", 260)
    assert made[-1] == ("voice", 260) and isinstance(speech().voice, FakeVoice)
    assert speech().verbosity == "brief" and speech().brief
    from game import storage
    saved, _notice = storage.load_settings()
    assert (saved["speech"], saved["speech_rate"], saved["speech_verbosity"]) == ("voice", 260, "brief")
    speech().close()


def test_the_keys_page_names_every_key_of_the_key_map():
    listed = [key for _heading, entries in keymap.KEY_PAGE for keys, _does in entries for key in keys]
    missing = [key.name for key in every_key() if not any(key is entry for entry in listed)]
    assert not missing, f"not on the Keys page: {missing}"
    page = " ".join(keymap.key_page())
    assert all(f"{key.name}:" in page or f"{key.name} or" in page for key in every_key())


def test_f1_at_a_table_then_right_shows_and_says_every_key(speech_log, driver):
    from game.session import Session
    from scenes.menus.rules_sheet import RulesSheet

    seats = {"seats": [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "computer"}]}
    driver.app.screens.table(Session("chains", seats, 3))
    driver.key(pygame.K_F1)
    sheet = driver.app.top
    assert isinstance(sheet, RulesSheet) and not sheet.keys_shown
    assert logged(speech_log)[-1].startswith("How to play Chains. ")
    driver.key(pygame.K_RIGHT)
    shown = " ".join(line for _y, line in sheet.lines)
    assert sheet.keys_shown and all(paragraph in shown for paragraph in keymap.key_page())
    assert logged(speech_log)[-1] == f"Every key. {' '.join(keymap.key_page())} Left or Right: the rules."
    driver.key(pygame.K_LEFT)
    assert not sheet.keys_shown and logged(speech_log)[-1].startswith("How to play Chains. ")
    speech().close()


def test_a_frozen_app_finds_the_screen_readers_libraries_in_its_bundle(monkeypatch, tmp_path):
    import sys

    from platform_utils import paths
    from scenes.speech.backends import point_to_bundled_libraries

    monkeypatch.setattr(paths, "embedded_data_path", paths.embedded_data_path)  # put back afterwards
    beside_the_executable = paths.embedded_data_path()
    point_to_bundled_libraries()
    assert paths.embedded_data_path() == beside_the_executable, "not frozen: left as it is"
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    point_to_bundled_libraries()
    assert paths.embedded_data_path() == str(tmp_path)

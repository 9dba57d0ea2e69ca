"""Card sounds: made by a deterministic script whose output is what ships, picked per event,
played at the chosen volume, and silence (not a crash) on a machine without a sound device."""

from __future__ import annotations

import importlib.util
import os
import random
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.cards import card  # noqa: E402
from game.chainchain import rules as chainchain  # noqa: E402
from game.chains import rules as chains  # noqa: E402
from game.cubes import rules as cubes  # noqa: E402
from game.registry import GAMES  # noqa: E402
from game.session import Session  # noqa: E402
from scenes.shell.screens import table_class  # noqa: E402
from scenes.ui import sounds  # noqa: E402
from scenes.ui.resources import asset  # noqa: E402
from scenes.ui.sounds import sound_for  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def sound_script():
    spec = importlib.util.spec_from_file_location("make_sounds", asset("sounds", "make_sounds.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_sound_script_makes_the_same_bytes_twice(tmp_path):
    script = sound_script()
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    script.main(tmp_path / "a")
    script.main(tmp_path / "b")
    for name in sounds.NAMES:
        assert (tmp_path / "a" / f"{name}.wav").read_bytes() == (tmp_path / "b" / f"{name}.wav").read_bytes()


def test_the_shipped_sounds_are_what_the_script_makes(tmp_path):
    sound_script().main(tmp_path)
    made = sorted(path.name for path in tmp_path.iterdir())
    shipped = sorted(path.name for path in asset("sounds").iterdir() if path.suffix == ".wav")
    assert made == shipped == sorted(f"{name}.wav" for name in sounds.NAMES)
    for name in made:
        assert (tmp_path / name).read_bytes() == asset("sounds", name).read_bytes(), name


def test_the_shipped_sounds_are_short_and_small():
    for name in sounds.NAMES:
        assert asset("sounds", f"{name}.wav").stat().st_size < 60_000


@pytest.mark.parametrize("event, name", [
    (chains.Played(0, card("5S"), 0, False), "place"),
    (chains.Drew(1, None, False), "draw"),
    (chains.Rebuilt(30), "deal"),
    (chains.GameEnded((0,), "empty"), "win"),
    (cubes.Placed(0, card("5S"), 1, 1), "place"),
    (cubes.Scored(0, (card("5S"),), ((0, 0, 2),)), "cube"),
    (chainchain.Took(0, ()), "take"),
    (chains.Passed(0, False), None),
])
def test_each_event_makes_the_sound_of_what_it_does(event, name):
    """Each game's scenes package registers the sounds of its events (as the app loads its tables)."""
    for game in GAMES:
        table_class(game)
    assert sounds.sound_for(event) == name


def test_a_sound_is_registered_for_a_type_and_only_by_a_known_name():
    class Crowned:
        pass

    sounds.register_sounds({Crowned: "win"})
    assert sounds.sound_for(Crowned()) == "win"
    with pytest.raises(ValueError, match="no such sound"):
        sounds.register_sounds({Crowned: "fanfare"})


def test_an_event_may_name_its_own_sound():
    class Crowned:
        sound = "win"

    assert sounds.sound_for(Crowned()) == "win"


class Recorder(sounds.Sounds):
    def __init__(self) -> None:
        super().__init__()
        self.loaded = {name: Played(self, name) for name in sounds.NAMES}
        self.heard: list[tuple[str, float]] = []


class Played:
    def __init__(self, owner: Recorder, name: str) -> None:
        self.owner, self.name, self.volume = owner, name, 1.0

    def set_volume(self, volume: float) -> None:
        self.volume = volume

    def play(self) -> None:
        self.owner.heard.append((self.name, self.volume))


def test_a_move_sounds_each_kind_of_event_once():
    player = Recorder()
    played = player.play_move([cubes.Placed(0, card("5S"), 1, 1), cubes.Scored(0, (), ()), cubes.Placed(0, card("6S"), 1, 2)])
    assert played == ["place", "cube"] and [name for name, _v in player.heard] == ["place", "cube"]


def test_sounds_play_at_the_chosen_volume_and_not_at_all_when_off():
    player = Recorder()
    player.set_volume(0.25)
    assert player.play("deal") and player.heard == [("deal", 0.25)]
    player.set_volume(0.0)
    assert not player.play("deal") and len(player.heard) == 1


def test_a_volume_that_is_no_number_is_ignored():
    player = Recorder()
    player.set_volume("loud")
    assert player.volume == 0.5


def test_the_mixer_loads_every_sound_when_there_is_audio():
    player = sounds.Sounds()
    try:
        assert player.start() and set(player.loaded) == set(sounds.NAMES)
        assert player.play("place")
    finally:
        pygame.mixer.quit()


def test_the_app_runs_silent_when_there_is_no_sound_device(tmp_path):
    """No sound card: the mixer fails once, the app goes on silent and plays a whole game."""
    program = (
        "from scenes.shell.screens import open_app\n"
        "from scenes.shell.smoke import demo_session\n"
        "app = open_app(fit_to_desktop=False)\n"
        "assert not app.sounds.loaded, 'a sound device was found'\n"
        "app.settings['computer_speed'] = 'fast'\n"
        "app.screens.table(demo_session())\n"
        "table = app.top\n"
        "for _ in range(3000):\n"
        "    app.step([], 0.1)\n"
        "    if table.session.game_over: break\n"
        "assert table.session.game_over\n"
        "assert not app.sounds.play('win')\n"
        "print('silent game over')\n")
    env = dict(os.environ, SDL_AUDIODRIVER="no-such-audio-device", CHAINTABLE_HOME=str(tmp_path / "home"))
    run = subprocess.run([sys.executable, "-c", program], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "silent game over" in run.stdout


def test_the_table_sounds_the_moves_it_shows(driver):
    from scenes.shell.smoke import demo_session

    player = Recorder()
    driver.app.sounds = player
    driver.app.screens.table(demo_session())
    assert player.heard == [("deal", 0.5)]
    for _ in range(200):
        driver.frame(dt=0.2)
        if len(player.heard) > 3:
            break
    assert {name for name, _v in player.heard[1:]} & {"place", "draw"}


def test_the_settings_change_the_volume_the_looks_and_are_saved(driver):
    from game import storage
    from scenes.ui import cardart
    from scenes.menus.settings import SettingsScene

    driver.app.screens.settings()
    scene = driver.app.top
    assert isinstance(scene, SettingsScene)
    for key in ("four_colour", "card_back", "sound_volume"):
        driver.click(scene.cyclers[key].rect.move(scene.cyclers[key].rect.w - 10, 0).midleft)
    assert driver.app.settings["four_colour"] is True and cardart.style().four_colour
    assert driver.app.settings["card_back"] == "red" and cardart.style().back == "red"
    assert driver.app.settings["sound_volume"] == 0.75 and driver.app.sounds.volume == 0.75
    saved, _notice = storage.load_settings()
    assert (saved["four_colour"], saved["card_back"], saved["sound_volume"]) == (True, "red", 0.75)
    cardart.set_style(False, "blue")


@pytest.mark.parametrize("game", [game.name for game in GAMES])
def test_every_games_end_makes_the_end_sound(game):
    """Each registered game, played to its end with random moves: the move that ends it sounds
    "win" (the end event's name is the same idea in every game)."""
    rules = next(g.rules for g in GAMES if g.name == game)
    table_class(next(g for g in GAMES if g.name == game))  # (its package registers its sounds)
    seats = [{"name": f"P{i}", "kind": "human"} for i in range(rules.default_players)]
    session = Session(game, {"seats": seats}, 3)
    rnd = random.Random(3)
    events = []
    while not session.game_over:
        events = session.apply(rnd.choice(session.legal_actions()))
    assert "win" in {sound_for(event) for event in events}, [type(e).__name__ for e in events]

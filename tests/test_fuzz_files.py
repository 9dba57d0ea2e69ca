"""Damaged files of every kind the app reads, then every screen that reads them (issue 23).

Hypothesis damages a sound save (the game in progress, a game saved by name, a finished game),
the settings, the statistics or a card file: cut short, a value swapped for one of another kind,
a huge number or string, control characters, nesting thousands deep, bytes that are not text, or
the file swapped for a named pipe, a link to /dev/zero, a folder or a file far too large. Then
the real app starts and opens the menu, Continue, Saved games (each entry opened), Statistics,
Settings and the Sovereign's Chain setup (its card sets).

Nothing may escape as an exception; each text drawn is cut to what a line can show; the damaged
file is either still usable (the damage happened to be harmless) or refused with its reason and
moved aside whole, never deleted (a card file, the player's own work, is listed with its reason
and left where it is).

60 examples run with the suite (about a second); FUZZ_EXAMPLES=2000 runs more, as before a release."""

from __future__ import annotations

import json
import os
import random
import shutil
import stat
import tempfile
from pathlib import Path

import pygame
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import stats, storage
from game.session import SaveError, Session
from game.sovereign.card_sets import builtin_texts, find_card_sets
from scenes.shell.screens import open_app
from scenes.ui.resources import LONGEST_LINE
from scenes.ui.widgets import recording

from ui_driver import Driver

SEATS = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "computer", "difficulty": "random"}]


def sound_save() -> str:
    session = Session("chains", {"seats": SEATS}, 11)
    rng = random.Random(11)
    for _ in range(12):
        session.apply(rng.choice(session.legal_actions()))
    return session.dumps()


def sound_statistics() -> str:
    return json.dumps({"format": 1, "recorded": ["chains:1:0"], "games": {"chains": {"vs random": {
        "played": 3, "won": 2, "current_streak": 1, "best_streak": 2, "best_score": 14, "fewest_turns": 9,
        "assisted_played": 1, "assisted_won": 0}}}})


def sound_settings() -> str:
    return json.dumps({"format": 1, **storage.DEFAULT_SETTINGS, "last_setup": {
        "chains": {"seats": [{"name": "Ana", "kind": "human", "difficulty": "normal"}], "games_to_win": 2}}})


# Each kind of file: where it lives (under the data folder) and its sound text.
FILES = {
    "current game": ("current-game.json", sound_save),
    "saved game": ("saves/Sunday game.json", sound_save),
    "finished game": ("finished/20260101-120000-chains-000011-12.json", sound_save),
    "settings": ("settings.json", sound_settings),
    "statistics": ("statistics.json", sound_statistics),
    "card file": ("cards/odd.classes.toml", lambda: builtin_texts()[0]),
}

PLACEHOLDER = "\u0001swapped\u0001"
# Raw texts a value is swapped for: other kinds, huge, control characters, deep.
ODD_VALUES = st.one_of(
    st.sampled_from(["null", "true", "0", "-1", "1.5", "1e999", "-1e999", "NaN", "9" * 4000, "[]", "{}", '""',
                     '"' + "x" * 300_000 + '"', '"\\u0000\\u001b\\ud800\\u2028"', "[" * 3000 + "]" * 3000,
                     '{"a":' * 2000 + "1" + "}" * 2000]),
    st.text(max_size=30).map(json.dumps),
    st.integers().map(str),
)
TOML_FRAGMENTS = st.one_of(
    st.sampled_from(["\x00", "[[[[", 'name = "a:b:c"', "x = " + "[" * 3000, "values = [" + "9" * 5000 + "]",
                     'text = "' + "y" * 100_000 + '"', "\ufeff", "\r\n", '"""', "name = 1"]),
    st.text(max_size=30),
)
SPECIAL = ["named pipe", "link to /dev/zero", "folder", "too large"]


def damages():
    return st.one_of(
        st.tuples(st.just("cut"), st.floats(0, 1)),
        st.tuples(st.just("swap"), st.floats(0, 1), ODD_VALUES),
        st.tuples(st.just("insert"), st.floats(0, 1), TOML_FRAGMENTS),
        st.tuples(st.just("bytes"), st.binary(max_size=64)),
        st.tuples(st.just("special"), st.sampled_from(SPECIAL)),
    )


def _paths(data, path=()):
    """Every place in JSON data a value sits at, as a path of keys and indexes."""
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, path + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _paths(value, path + (index,))


def swapped(text: str, where: float, raw: str) -> str:
    """The JSON `text` with the value at a place picked by `where` replaced by the raw JSON `raw`."""
    data = json.loads(text)
    places = list(_paths(data))[1:]
    path = places[min(len(places) - 1, int(where * len(places)))]
    holder = data
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = PLACEHOLDER
    return json.dumps(data).replace(json.dumps(PLACEHOLDER), raw)


def write_damaged(path: Path, sound: str, damage) -> bytes | None:
    """Put the damaged file at `path`; the bytes written (None for a special file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    kind = damage[0]
    if kind == "special":
        return make_special(path, damage[1])
    if kind == "cut":
        content = sound.encode()[:int(damage[1] * len(sound.encode()))]
    elif kind == "swap" and not path.name.endswith(".toml"):
        content = swapped(sound, damage[1], damage[2]).encode()
    elif kind in ("swap", "insert"):
        at = int(damage[1] * len(sound))
        content = (sound[:at] + (damage[2]) + sound[at:]).encode("utf-8", "surrogatepass")
    else:
        content = damage[1]
    path.write_bytes(content)
    return content


def make_special(path: Path, kind: str, size: int = 40_000_000) -> None:
    """A file that is no regular file, or one too large (`size` bytes, sparse: it costs no disk)."""
    if kind == "named pipe":
        os.mkfifo(path)
    elif kind == "link to /dev/zero":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
    else:
        with open(path, "wb") as file:
            file.truncate(size)


def open_every_screen(driver: Driver) -> list[str]:
    """Menu, Continue, Saved games (each entry), Statistics, Settings, setup with card sets; each
    drawn. Every text drawn on the way."""
    drawn = []
    app = driver.app

    def frame(events=()):
        with recording() as items:
            driver.frame(list(events), dt=0)
        drawn.extend(item.what for item in items)

    frame()
    menu = app.top
    if menu.saved_title:
        driver.click(menu.continue_button.rect.center)
        frame()
    app.screens.menu()
    app.screens.replays()
    frame()
    listing = app.top
    for path in [path for _button, path in listing.shown]:
        if app.top is not listing:
            app.screens.menu()
            app.screens.replays()
            listing = app.top
        listing.open(path)
        frame()
    for opening in (app.screens.statistics, app.screens.settings, lambda: app.screens.setup("sovereigns-chain")):
        app.screens.menu()
        opening()
        frame()
    return drawn


def still_usable(kind: str, path: Path) -> bool:
    """Whether the file at `path` is read as it is now, with nothing to say about it."""
    if kind == "settings":
        return storage.load_settings()[1] is None
    if kind == "statistics":
        return stats.load_stats()[1] is None
    if kind == "card file":
        return not {c.name: c for c in find_card_sets(storage.cards_dir())}["odd"].problem
    try:
        storage.load_game(path)
    except SaveError:
        return False
    return True


def moved_aside(path: Path, content: bytes | None, kind_of_file: int | None) -> bool:
    """Whether a file beside `path` named as damaged holds exactly what was written there."""
    for other in path.parent.iterdir():
        if storage.DAMAGED_MARK not in other.name or not other.name.startswith(path.stem):
            continue
        if content is None and stat.S_IFMT(os.lstat(other).st_mode) == kind_of_file:
            return True
        if content is not None and other.is_file() and other.read_bytes() == content:
            return True
    return False


@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "60")), deadline=None, suppress_health_check=list(HealthCheck))
@given(kind=st.sampled_from(sorted(FILES)), damage=damages())
def test_a_damaged_file_of_any_kind_never_stops_a_screen_and_is_never_lost(kind, damage):
    home = Path(tempfile.mkdtemp(prefix="chaintable-fuzz-"))
    kept = os.environ.get("CHAINTABLE_HOME")
    os.environ["CHAINTABLE_HOME"] = str(home)
    try:
        relative, sound = FILES[kind]
        path = home / relative
        content = write_damaged(path, sound(), damage)
        kind_of_file = None if content is not None else stat.S_IFMT(os.lstat(path).st_mode)
        app = open_app()
        drawn = open_every_screen(Driver(app))
        assert all(len(what) <= LONGEST_LINE for what in drawn), "every text drawn is cut to a line"
        if kind == "card file":
            assert os.path.lexists(path), "a card file is left where the player put it"
            assert still_usable(kind, path) or {c.name: c for c in find_card_sets(storage.cards_dir())}["odd"].problem
        elif os.path.lexists(path) and (content is not None or kind_of_file == stat.S_IFREG):
            assert still_usable(kind, path) or moved_aside(path, content, kind_of_file)
        else:
            assert moved_aside(path, content, kind_of_file), f"the {kind} was moved aside whole, not deleted"
    finally:
        pygame.key.stop_text_input()
        os.environ["CHAINTABLE_HOME"] = kept if kept is not None else ""
        shutil.rmtree(home, ignore_errors=True)

"""Files on disk: atomic writes, damaged saves and settings moved aside with a clear message, a
folder that cannot be written, and the crashes a user's machine once provoked (issue 17)."""

from __future__ import annotations

import errno
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import storage
from game.registry import GAMES
from game.session import SaveError, Session
from test_fuzz_files import make_special

PLAYABLE = [game.name for game in GAMES]


def seats(count: int, kind: str = "computer") -> list[dict]:
    return [{"name": f"P{i}", "kind": kind, "difficulty": "random"} for i in range(count)]


def played(game: str = "chains", seed: int = 7, actions: int = 20) -> Session:
    """A session of `game` a few random moves in (fewer if the game ends first)."""
    rules = next(g.rules for g in GAMES if g.name == game)
    players = rules.standard_players[0] if rules.standard_players else rules.min_players
    session = Session(game, {"seats": seats(players)}, seed)
    rnd = random.Random(seed)
    for _ in range(actions):
        if session.game_over:
            break
        session.apply(rnd.choice(session.legal_actions()))
    return session


def write_save(data) -> Path:
    """A save file holding `data` (bytes as they are, else JSON)."""
    path = storage.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else json.dumps(data).encode())
    return path


def refused_and_moved_aside(path: Path) -> str:
    """Load the save at `path`: it must be refused with the player's message, moved aside."""
    original = path.read_bytes()
    with pytest.raises(SaveError) as info:
        storage.load_game(path)
    message = str(info.value)
    assert message.startswith("This saved game cannot be read; it was moved aside to ")
    aside, problem = message.split(" to ", 1)[1].split(". The problem: ")
    assert problem, "the player is told what is wrong with the file"
    moved = Path(aside)
    assert not path.exists() and moved.parent == path.parent and moved.read_bytes() == original
    assert "damaged" in moved.name
    return message


def folder_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def unwritable_home(tmp_path, monkeypatch) -> Path:
    """A data folder that cannot be made or written (it would live under a plain file); this
    holds even for a user who may write anywhere, as tests in containers often run."""
    blocker = tmp_path / "blocker"
    blocker.write_text("a file, not a folder")
    home = blocker / "home"
    monkeypatch.setenv("CHAINTABLE_HOME", str(home))
    return home


# ---------------------------------------------------------------- atomic writes


def test_write_atomically_replaces_the_file_and_leaves_no_temporary(private_home):
    path = private_home / "f.json"
    storage.write_atomically(path, "one")
    storage.write_atomically(path, "two")
    assert path.read_text() == "two"
    assert folder_files(private_home) == ["f.json"]


def test_full_disk_leaves_the_old_file_and_no_stray_tmp(private_home, monkeypatch):
    """A full disk: was the crash screen and a stray .tmp file; now a StorageError with a
    player's message, the old file intact, no temporary file left."""
    path = private_home / "current-game.json"
    storage.write_atomically(path, "old")

    def no_space(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", no_space)
    with pytest.raises(storage.StorageError, match=r"\(No space left on device\); play goes on unsaved"):
        storage.write_atomically(path, "new")
    assert path.read_text() == "old"
    assert folder_files(private_home) == ["current-game.json"]


def test_two_copies_of_the_app_writing_one_folder_both_live():
    """Two copies on one data folder: one died, both writing the same .tmp name. Each write now
    has a temporary file of its own: no write fails, and the file is always one whole write."""
    path = storage.data_dir() / "current-game.json"
    texts = [json.dumps({"writer": w, "pad": "x" * 5000}) for w in range(2)]
    failures = []

    def writer(text):
        for _ in range(150):
            try:
                storage.write_atomically(path, text)
            except Exception as err:  # noqa: BLE001 - any failure is what this test looks for
                failures.append(err)

    threads = [threading.Thread(target=writer, args=(text,)) for text in texts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert path.read_text() in texts
    assert folder_files(path.parent) == ["current-game.json"]


KILLED_WRITER = """
import sys
from pathlib import Path
from game import storage
path = Path(sys.argv[1])
texts = [("A" * 300_000) + "\\n", ("B" * 300_000) + "\\n"]
print("ready", flush=True)
n = 0
while True:
    storage.write_atomically(path, texts[n % 2])
    n += 1
"""


def test_sigkill_mid_write_leaves_the_old_or_the_new_file(private_home):
    """A process killed with SIGKILL at a random moment while it saves over and over leaves the
    old or the new file, whole, never a broken one (30 kills)."""
    path = private_home / "current-game.json"
    storage.write_atomically(path, "A" * 300_000 + "\n")
    wholes = {"A" * 300_000 + "\n", "B" * 300_000 + "\n"}
    rnd = random.Random(17)
    for _ in range(30):
        child = subprocess.Popen([sys.executable, "-c", KILLED_WRITER, str(path)], stdout=subprocess.PIPE,
                                 cwd=Path(__file__).resolve().parent.parent)
        assert child.stdout.readline().strip() == b"ready"
        time.sleep(rnd.uniform(0.0, 0.05))
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        assert path.read_text() in wholes


def test_the_app_writes_only_inside_its_data_folder(tmp_path, private_home):
    """Saves, settings and statistics go to the per-user folder and nowhere else (the folder's
    parent holds nothing new); the statistics' lock file is kept beside them."""
    from game.stats import record_game

    before = folder_files(tmp_path)
    session = Session("chains", {"seats": [{"name": "Ana"}, {"name": "Bot", "kind": "computer"}]}, 4)
    rnd = random.Random(4)
    while not session.game_over:
        session.apply(rnd.choice(session.legal_actions()))
    storage.save_game(session)
    storage.save_settings(storage.DEFAULT_SETTINGS)
    record_game(session)
    assert folder_files(tmp_path) == sorted(set(before) | {"home"})
    assert set(folder_files(private_home)) == {"current-game.json", "settings.json", "statistics.json",
                                               "statistics.json.lock"}


# ---------------------------------------------------------------- damaged saves


def test_a_good_save_loads_through_storage():
    session = played()
    storage.save_game(session)
    assert storage.load_game().log == session.log


def test_save_not_utf8_is_refused_and_moved_aside():
    """A save that is not UTF-8: loading raised UnicodeDecodeError and Continue opened the crash
    screen; now refused and moved aside."""
    path = write_save(b'{"format": 2, "game": "\xff\xfe"}')
    refused_and_moved_aside(path)


def test_save_deeply_nested_is_refused_and_moved_aside():
    """A save of `[` x 100,000 raised RecursionError; now refused and moved aside."""
    refused_and_moved_aside(write_save(b"[" * 100_000))


def test_save_nested_deep_but_valid_json_is_refused():
    """Deep nesting inside an otherwise well-formed save is refused by the depth check."""
    data = json.loads(played().dumps())
    deep = 0
    for _ in range(40):
        deep = [deep]
    data["config"]["rules"]["draw_rule"] = deep
    refused_and_moved_aside(write_save(data))


@pytest.mark.parametrize("where", ["card", "chain"])
def test_save_holding_an_object_where_a_field_wants_a_value_is_refused(where):
    """An object where a field wants a value (an action nested in an action's field) was
    accepted and crashed later; now refused."""
    data = json.loads(played().dumps())
    play = next(a for a in data["actions"] if a["type"] == "Play")
    play[where] = {"type": "Play", "card": "7H", "chain": 0}
    message = refused_and_moved_aside(write_save(data))
    assert "cannot be read" in message


@pytest.mark.parametrize("seed", ["9" * 5000, str(2**64), "-1"])
def test_save_with_a_5000_digit_or_out_of_range_seed_is_refused(seed):
    """A 5,000-digit seed raised ValueError (too many digits for Python to read); now refused,
    and so is any seed outside 0 .. 2**64 - 1."""
    text = played().dumps().replace('"seed": 7', f'"seed": {seed}')
    refused_and_moved_aside(write_save(text.encode()))


def test_save_with_a_float_cell_in_cubes_is_refused():
    """A float cell in Cubes made the save unloadable after the fact; such a save (written by
    hand) is refused and moved aside."""
    data = json.loads(played("cubes", actions=10).dumps())
    place = next(a for a in data["actions"] if a["type"] == "Place")
    place["x"] = float(place["x"])
    refused_and_moved_aside(write_save(data))


def test_save_of_a_newer_version_is_refused_saying_so():
    data = json.loads(played().dumps())
    data["format"] = 99
    message = refused_and_moved_aside(write_save(data))
    assert "cannot be read" in message


def test_the_reason_of_a_refused_save_goes_to_the_log(caplog):
    """The player reads where the file went; the log says why it could not be used."""
    refused_and_moved_aside(write_save(b"[" * 100_000))
    assert any("saved game" in r.message and "not valid JSON" in r.message for r in caplog.records)


def test_a_format_1_save_still_loads():
    """Older versions load: a format 1 save (no record of assisted games) loads as unassisted."""
    session = played()
    data = json.loads(session.dumps())
    data["format"] = 1
    del data["assisted"]
    write_save(data)
    loaded = storage.load_game()
    assert loaded.log == session.log and not loaded.game_assisted


def test_moving_aside_twice_in_a_second_keeps_both():
    """Never deleted: two damaged saves set aside in the same second get different names."""
    first = refused_and_moved_aside(write_save(b"{"))
    second = refused_and_moved_aside(write_save(b"["))
    assert first != second
    assert len([p for p in storage.data_dir().iterdir() if "damaged" in p.name]) == 2


def test_a_damaged_save_in_a_read_only_folder_is_left_in_place(monkeypatch):
    """When the folder cannot be written, the save cannot be moved: the message says it was
    left in place, naming it."""
    path = write_save(b"{")

    def refuse_rename(src, dst):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "rename", refuse_rename)
    with pytest.raises(SaveError, match="^This saved game cannot be read; it was left in place: "):
        storage.load_game(path)
    assert path.exists()


def test_a_save_truncated_at_every_byte_offset_is_refused_cleanly():
    """Every prefix of a save, cut at any byte, is refused with a SaveError."""
    text = played("chains", actions=12).dumps()
    assert text.isascii()
    Session.loads(text)
    for end in range(len(text)):
        with pytest.raises(SaveError):
            Session.loads(text[:end])


def test_a_truncated_save_file_is_refused_and_moved_aside():
    text = played("cubes", actions=10).dumps().encode()
    for end in (0, 1, len(text) // 2, len(text) - 1):
        refused_and_moved_aside(write_save(text[:end]))


BYTES_BASE = played("chains", seed=3, actions=15).dumps().encode()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(BYTES_BASE) - 1), st.binary(min_size=0, max_size=3)),
                min_size=1, max_size=4))
def test_fuzzed_save_bytes_never_crash_the_loader(edits):
    """Bytes replaced anywhere in a save file: loading works or raises SaveError, nothing else."""
    data = bytearray(BYTES_BASE)
    for offset, replacement in edits:
        data[offset:offset + max(1, len(replacement))] = replacement
    path = write_save(bytes(data))
    try:
        storage.load_game(path)
    except SaveError as err:
        assert str(err).startswith("This saved game cannot be read")
    finally:
        for leftover in path.parent.iterdir():
            leftover.unlink()


@pytest.mark.parametrize("game", PLAYABLE)
@pytest.mark.parametrize("seed", range(6))
def test_round_trip_at_a_random_point_for_every_game(game, seed):
    """Every registered game saves and loads back to the same position at a random point."""
    rnd = random.Random(seed)
    session = played(game, seed=seed, actions=rnd.randrange(0, 120))
    storage.save_game(session)
    loaded = storage.load_game()
    assert loaded.log == session.log and loaded.wins == session.wins
    for seat in [*range(len(session.seats)), None]:
        assert loaded.view(seat) == session.view(seat)
    assert loaded.legal_actions() == session.legal_actions()


# ---------------------------------------------------------------- settings


def write_settings(data) -> Path:
    path = storage.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else json.dumps(data).encode())
    return path


@pytest.mark.parametrize("key, value", [
    ("last_setup", "chains"),
    ("last_setup", {"chains": {"seats": [{"name": 5, "kind": "human"}]}}),
    ("last_setup", {"chains": {"seats": "Ana"}}),
    ("last_setup", {"chains": {"games_to_win": "3"}}),
    ("last_setup", {"chains": {"order": ["random"]}}),
    ("computer_speed", ["fast"]),
    ("computer_speed", "warp"),
    ("animations", "yes"),
    ("show_log", 1),
    ("window_size", [640, 480]),
    ("window_size", [1280]),
    ("window_size", [1280.5, 800]),
    ("window_size", [10**9, 800]),
    ("window_position", "10,20"),
    ("window_position", [True, 0]),
    ("fullscreen", "on"),
])
def test_settings_of_the_wrong_type_are_ignored_saying_so(key, value):
    """`last_setup` a string, a seat name a number, `computer_speed` a list...: the setup screen
    or the first computer turn crashed and nothing said the settings were ignored. Now the value
    falls back to its default, the message says which, and the file is moved aside."""
    path = write_settings({"computer_speed": "fast", key: value} if key != "computer_speed" else {key: value})
    loaded, message = storage.load_settings()
    assert loaded[key] == storage.DEFAULT_SETTINGS[key]
    assert message.startswith("This settings file had values that were ignored") and key in message
    assert not path.exists()
    if key != "computer_speed":
        assert loaded["computer_speed"] == "fast"  # the sound values are kept


@pytest.mark.parametrize("content", [b"[" * 100_000, b"\xff\xfe{}", b'{"computer_speed": "fast"', b"[1]",
                                     b'{"format": 99}', b'{"format": "1"}'])
def test_settings_file_unusable_is_moved_aside_and_defaults_used(content):
    """Deeply nested, not UTF-8, truncated, not an object, or from a newer version: defaults are
    used, and the message names where the file went."""
    path = write_settings(content)
    loaded, message = storage.load_settings()
    assert loaded == storage.DEFAULT_SETTINGS
    assert message.startswith("This settings file cannot be read; it was moved aside to ")
    assert message.endswith("defaults are used.")
    assert not path.exists()


def test_settings_round_trip_and_older_files_load():
    """Settings are written versioned; a file without a version (written before) loads."""
    settings_ = {**storage.DEFAULT_SETTINGS, "computer_speed": "slow",
                 "last_setup": {"chains": {"seats": [{"name": "Ana", "kind": "human"}], "order": "random"}}}
    storage.save_settings(settings_)
    assert json.loads(storage.settings_path().read_text())["format"] == storage.SETTINGS_FORMAT
    assert storage.load_settings() == (settings_, None)
    write_settings({"computer_speed": "fast"})
    assert storage.load_settings() == ({**storage.DEFAULT_SETTINGS, "computer_speed": "fast"}, None)


@pytest.mark.parametrize("stored, loaded", [({"large_text": True}, "large"), ({"large_text": False}, "normal"),
                                            ({"large_text": True, "text_size": "largest"}, "largest")])
def test_a_settings_file_of_the_two_way_text_size_keeps_the_size_chosen(stored, loaded):
    """Text size was Normal or Large (`large_text`); it now goes to 200% (`text_size`): a player
    who chose Large keeps it, and a file that holds both keeps the newer."""
    write_settings(stored)
    assert storage.load_settings() == ({**storage.DEFAULT_SETTINGS, "text_size": loaded}, None)


@pytest.mark.parametrize("key, value", [("text_size", "huge"), ("text_size", True), ("card_size", "giant"), ("card_size", 2)])
def test_text_and_card_sizes_not_offered_are_ignored_saying_so(key, value):
    write_settings({key: value})
    loaded, message = storage.load_settings()
    assert loaded[key] == storage.DEFAULT_SETTINGS[key] and key in message


def test_the_window_remembered_round_trips_and_unknown_is_null():
    """Window size, place and fullscreen are settings like the others: a window never closed
    stores null for its size and place, which loads as not known."""
    storage.save_settings({**storage.DEFAULT_SETTINGS})
    assert storage.load_settings() == (storage.DEFAULT_SETTINGS, None)
    remembered = {**storage.DEFAULT_SETTINGS, "window_size": [1500, 900], "window_position": [-1600, 40],
                  "fullscreen": True}
    storage.save_settings(remembered)
    assert storage.load_settings() == (remembered, None)


# ---------------------------------------------------------------- a folder that cannot be written


def test_read_only_data_folder_settings_load_defaults_and_writes_report(tmp_path, monkeypatch):
    """A data folder that cannot be written: reading finds nothing (defaults); every write
    raises StorageError with a message for the player."""
    unwritable_home(tmp_path, monkeypatch)
    assert storage.load_settings() == (storage.DEFAULT_SETTINGS, None)
    with pytest.raises(storage.StorageError, match="play goes on unsaved"):
        storage.save_settings(storage.DEFAULT_SETTINGS)
    with pytest.raises(storage.StorageError, match="play goes on unsaved"):
        storage.save_game(played())
    storage.forget_game()


def test_stale_temporaries_of_a_killed_write_are_swept_and_fresh_ones_kept(private_home):
    """A write killed mid-way leaves its temporary file; the next start removes it once it is
    old, never one another copy of the app may be writing now."""
    private_home.mkdir(parents=True)
    stale, fresh = private_home / ".current-game.json.ab12.tmp", private_home / ".settings.json.cd34.tmp"
    stale.write_text("half")
    fresh.write_text("half")
    an_hour_ago = time.time() - 3600
    os.utime(stale, (an_hour_ago, an_hour_ago))
    assert storage.sweep_stale_temporaries() == [stale]
    assert not stale.exists() and fresh.exists()


# ---------------------------------------------------------------- any file, any name, two copies (issue 23)


STATS_RECORDER = """
import sys
from game import stats
from game.session import Session
writer, count = int(sys.argv[1]), int(sys.argv[2])
session = Session("chains", {"seats": [{"name": "Ana"}, {"name": "Bot", "kind": "computer", "difficulty": "random"}]}, 1)
while not session.game_over:
    session.apply(session.legal_actions()[0])
print("ready", flush=True)
sys.stdin.readline()
for n in range(count):
    session.seed = writer * 1_000_000 + n  # another game of the session: its own id in the store
    stats.record_game(session)
"""


def test_two_copies_recording_statistics_at_once_lose_no_result():
    """Two copies of the app finishing games at once: 216 of 300 results were recorded. Each
    record now reads, adds and writes under the file's lock: every result counts."""
    from game import stats

    count = 120
    children = [subprocess.Popen([sys.executable, "-c", STATS_RECORDER, str(writer), str(count)], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, cwd=Path(__file__).resolve().parent.parent)
                for writer in range(2)]
    for child in children:
        assert child.stdout.readline().strip() == b"ready"
    for child in children:  # both start together
        child.stdin.write(b"go\n")
        child.stdin.flush()
    for child in children:
        assert child.wait(timeout=120) == 0
    loaded, message = stats.load_stats()
    assert message is None
    assert sum(record.played for record in loaded.records["chains"].values()) == 2 * count


def test_two_copies_changing_other_settings_keep_both():
    """Copy A changes the volume, copy B the card back: each writes only what it changed, over
    the file as it is now."""
    first, _ = storage.load_settings()
    second, _ = storage.load_settings()
    first_loaded, second_loaded = json.loads(json.dumps(first)), json.loads(json.dumps(second))
    first["sound_volume"] = 0.9
    storage.save_settings(first, first_loaded)
    second["card_back"] = "red"
    second["last_setup"] = {"chains": {"games_to_win": 3}}
    storage.save_settings(second, second_loaded)
    stored, message = storage.load_settings()
    assert message is None
    assert (stored["sound_volume"], stored["card_back"], stored["last_setup"]) == (0.9, "red", {"chains": {"games_to_win": 3}})


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize("special", ["named pipe", "link to /dev/zero", "folder", "too large"])
def test_a_file_that_is_not_a_regular_file_or_is_too_large_is_refused_at_once_and_moved_aside(special):
    """A named pipe hung the read for ever, a link to /dev/zero read without end. Each is
    refused without reading, saying what it is, and moved aside as any damaged file."""
    for path, read in ((storage.settings_path(), storage.load_settings), (storage.autosave_path(), storage.load_game)):
        path.parent.mkdir(parents=True, exist_ok=True)
        make_special(path, special, storage.SAVE_BYTES + 1)
        try:
            message = read()[1]
        except SaveError as err:
            message = str(err)
        said = {"named pipe": "a named pipe", "link to /dev/zero": "a device", "folder": "a folder",
                "too large": "larger than"}[special]
        assert "moved aside to " in message and said in message
        assert not os.path.lexists(path) and len(list(path.parent.glob(f"{path.stem}.damaged-*"))) == 1


def test_a_save_whose_replay_fails_in_any_way_is_moved_aside(monkeypatch, caplog):
    """A fault of the rules while replaying (an IndexError, say) stopped Continue every time.
    The save is now moved aside like any damaged file, the fault logged in full."""
    path = storage.autosave_path()
    storage.save_game(played())

    def broken(self, action):
        raise IndexError("tuple index out of range")

    monkeypatch.setattr(Session, "_play", broken)
    with pytest.raises(SaveError, match=r"moved aside to .*IndexError: tuple index out of range"):
        storage.load_game(path)
    assert not path.exists() and "Traceback" in caplog.text


@pytest.mark.parametrize("name", ["20240101 evening", "2024-01-01 12:00", "Ünïcødé 斥候 \U0001f680", "a/b\\c:*?\"<>|",
                                  "CON", "..", "x" * 300, "20240101-120000-chains",
                                  "Sovereign's Chain: Solitaire Ana", "nul.txt", "100% sure", "v1.2 final.",
                                  "x.damaged-2"])
def test_any_name_a_player_types_saves_lists_opens_and_deletes(name):
    told = storage.save_named(played(), name)
    (path,) = storage.named_saves()
    typed = " ".join(name.split())[:storage.SAVE_NAME_LIMIT].strip() or "game"
    assert path.parent == storage.saves_dir() and storage.saved_name(path) == typed and f"\u201c{typed}\u201d" in told
    assert not set(path.stem) & set('<>:"/\\|?*') and path.stem[-1] not in ". " and path.stem[0] != "."
    assert path.stem.split(".")[0].upper() not in storage.RESERVED_NAMES and storage.DAMAGED_MARK not in path.name
    assert storage.load_game(path).log == played().log
    storage.delete_saved(path)
    assert storage.named_saves() == []


def test_damaged_files_moved_aside_are_not_listed_again():
    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    (folder / "mine.json").write_text("{")
    with pytest.raises(SaveError):
        storage.load_game(folder / "mine.json")
    assert storage.named_saves() == [] and len(list(folder.iterdir())) == 1


def test_stale_temporaries_in_saves_and_finished_are_swept_too(private_home):
    stale = []
    for folder in (storage.saves_dir(), storage.finished_dir()):
        folder.mkdir(parents=True)
        old, fresh = folder / ".x.json.ab12.tmp", folder / ".y.json.cd34.tmp"
        old.write_text("half")
        fresh.write_text("half")
        os.utime(old, (time.time() - 3600, time.time() - 3600))
        stale.append(old)
    assert sorted(storage.sweep_stale_temporaries()) == sorted(stale)
    assert all(not path.exists() for path in stale)
    assert all((path.parent / ".y.json.cd34.tmp").exists() for path in stale)


@pytest.mark.parametrize("name, shown", [("Ana\x00", "Ana"), ("A\x1bn\u2028a\ud800", "Ana"), ("x" * 100_000, "x" * 20),
                                         ("  Ana   Ben ", "Ana Ben"), ("\x00\x01", "Player 1")])
def test_a_seat_name_read_from_a_save_is_capped_and_loses_control_characters(name, shown):
    session = played()
    data = session.to_save()
    data["config"]["seats"][0]["name"] = name
    assert Session.from_save(data).names[0] == shown


def test_a_seat_name_in_the_settings_is_capped_and_cleaned():
    write_settings({"last_setup": {"chains": {"seats": [{"name": "Ana\x00" + "x" * 100_000, "kind": "human"}]}}})
    loaded, message = storage.load_settings()
    assert message is None
    assert loaded["last_setup"]["chains"]["seats"][0]["name"] == "Ana" + "x" * 17


def test_a_save_starting_with_a_byte_order_mark_is_read():
    """Some Windows editors write a UTF-8 byte-order mark first: the save is sound all the same."""
    session = played("chains", 3, 12)
    path = write_save(b"\xef\xbb\xbf" + session.dumps().encode())
    assert storage.load_game(path).log == session.log and path.exists()


@pytest.mark.parametrize("name", ["", " ", "\t\x01\x1f", "\u2028 \x00"])
def test_a_save_name_with_nothing_to_show_is_refused_with_the_reason_and_writes_nothing(name):
    """"", " " and a name of control characters once all wrote one file, "game.json": the second
    silently replaced the first."""
    storage.save_named(played(), "game")
    before = storage.named_saves()[0].read_bytes()
    with pytest.raises(storage.SaveNameRefused, match="needs a name"):
        storage.save_named(played("chains", 8), name)
    assert [path.stem for path in storage.named_saves()] == ["game"] and storage.named_saves()[0].read_bytes() == before


@pytest.mark.parametrize("first, second", [("Sunday", "Sunday"), ("Sunday", "SUNDAY"), ("Straße", "STRASSE"),
                                           ("caf\u00e9", "cafe\u0301"), ("a:b", "A:B")])
def test_a_save_name_taken_letter_case_aside_is_replaced_only_when_asked(first, second):
    """Two names that differ only in letter case are one file on a disk that ignores case (Windows,
    macOS): the second save is refused until the player says to replace, then writes over the first
    file (never beside it)."""
    storage.save_named(played("chains", 7), first)
    (path,) = storage.named_saves()
    assert storage.save_taken(second) == path
    with pytest.raises(storage.SaveNameRefused, match="already saved as"):
        storage.save_named(played("chains", 8), second)
    assert storage.load_game(path).seed == 7
    storage.save_named(played("chains", 8), second, replace=True)
    assert storage.named_saves() == [path] and storage.load_game(path).seed == 8


def test_names_that_differ_in_more_than_case_each_get_their_own_file():
    for name in ("Ann", "Ann 2", "Ann.", "%41nn", "Ann?"):
        storage.save_named(played(), name)
    assert len(storage.named_saves()) == 5

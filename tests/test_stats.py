"""Statistics: per game and mode, recorded as each game ends, atomically; assisted games told
apart; reset per game; a damaged store moved aside."""

from __future__ import annotations

import json
import random

import pytest

from game import stats, storage
from game.session import Session
from game.stats import Record, Stats


def finished(game: str = "chains", kinds: str = "hc", seed: int = 1, difficulty: str = "random") -> Session:
    """A session whose first game random play has finished (seat kinds: h human, c computer)."""
    seats = [{"name": f"P{i}", "kind": "human" if k == "h" else "computer", "difficulty": difficulty}
             for i, k in enumerate(kinds)]
    session = Session(game, {"seats": seats, "games_to_win": 9}, seed)
    rnd = random.Random(seed)
    while not session.game_over:
        session.apply(rnd.choice(session.legal_actions()))
    return session


def won_by(seat: int, game: str = "chains", kinds: str = "hc") -> Session:
    """The first seeded finished session that `seat` won alone."""
    return next(s for s in (finished(game, kinds, seed) for seed in range(200)) if s.outcome().winners == (seat,))


# ---------------------------------------------------------------- one record


def test_played_won_and_win_rate():
    record = Record()
    for won in (True, False, True, True):
        record.add(won, score=1.0, turns=10, assisted=False)
    assert (record.played, record.won, record.win_rate) == (4, 3, 0.75)
    assert Record().win_rate == 0.0


def test_current_and_best_streak():
    """A win extends the current streak, a loss ends it; the best streak is the longest."""
    record = Record()
    for won in (True, True, False, True):
        record.add(won, score=0.0, turns=5, assisted=False)
    assert (record.current_streak, record.best_streak) == (1, 2)


def test_best_score_and_fewest_turns_to_a_win():
    """The best score over clean games; the fewest turns over clean wins only."""
    record = Record()
    record.add(True, score=12, turns=20, assisted=False)
    record.add(False, score=30, turns=8, assisted=False)
    record.add(True, score=5, turns=14, assisted=False)
    assert (record.best_score, record.fewest_turns) == (30, 14)


def test_assisted_games_are_told_apart_from_clean_ones():
    """A game with undo or hints counts as played (and won), is counted apart, and neither
    extends nor breaks a streak nor sets a best."""
    record = Record()
    record.add(True, score=3, turns=9, assisted=False)
    record.add(False, score=99, turns=1, assisted=True)
    record.add(True, score=99, turns=1, assisted=True)
    assert (record.played, record.won, record.assisted_played, record.assisted_won) == (3, 2, 2, 1)
    assert (record.clean_played, record.clean_won) == (1, 1)
    assert (record.current_streak, record.best_score, record.fewest_turns) == (1, 3, 9)


# ---------------------------------------------------------------- modes and sessions


def test_modes_solitaire_against_computers_and_pass_and_play():
    """Against computers the mode names the strongest; pass-and-play keeps a record per name."""
    seats = [{"name": "Ana"}, {"name": "Ben", "kind": "computer", "difficulty": "easy"},
             {"name": "Cleo", "kind": "computer", "difficulty": "hard"}]
    assert stats.modes(Session("chains", {"seats": seats}, 1)) == {0: "vs hard"}
    both = Session("chains", {"seats": [{"name": "Ana"}, {"name": "Ben"}]}, 1)
    assert stats.modes(both) == {0: "pass-and-play: Ana", 1: "pass-and-play: Ben"}


def test_a_finished_game_is_recorded_for_the_human_seat():
    session = won_by(0)
    store = Stats()
    assert stats.add_game(store, session)
    record = store.records["chains"]["vs random"]
    assert (record.played, record.won, record.current_streak) == (1, 1, 1)
    assert record.fewest_turns == session.turns_taken(0) > 0


def test_an_unfinished_game_is_not_recorded():
    session = Session("chains", {"seats": [{"name": "A"}, {"name": "B", "kind": "computer"}]}, 2)
    assert not stats.add_game(Stats(), session)


def test_a_game_among_computers_only_is_not_recorded():
    """Nobody's statistics: a game the computers played alone (the demo) counts for no one."""
    store = Stats()
    assert not stats.add_game(store, finished("chains", "cc", 1))
    assert store == Stats()


def test_the_same_game_is_never_recorded_twice():
    """Continue after the end (the same session and game number) does not count it again."""
    session = won_by(1)
    store = Stats()
    assert stats.add_game(store, session)
    assert not stats.add_game(store, Session.loads(session.dumps()))
    assert store.records["chains"]["vs random"].played == 1


def test_a_game_with_undo_is_recorded_as_assisted():
    session = finished("chains", "hc", 3)
    session.note_hint()
    store = Stats()
    stats.add_game(store, session)
    assert store.records["chains"]["vs random"].assisted_played == 1


def test_turns_count_runs_of_a_seats_moves():
    """A turn of several moves (draws, then a play) is one turn."""
    session = finished("chains", "hc", 4)
    movers = session.movers
    runs = sum(1 for i, m in enumerate(movers) if m == 0 and (i == 0 or movers[i - 1] != 0))
    assert movers.count(0) > runs  # the human drew before playing at least once
    assert session.turns_taken(0) == runs


# ---------------------------------------------------------------- the file


def test_record_game_writes_the_store_atomically_and_reads_it_back():
    session = won_by(0)
    assert stats.record_game(session) is None
    data = json.loads(stats.stats_path().read_text())
    assert data["format"] == stats.STATS_FORMAT
    loaded, message = stats.load_stats()
    assert message is None and loaded.records["chains"]["vs random"].won == 1
    assert sorted(p.name for p in stats.stats_path().parent.iterdir()) == ["statistics.json", "statistics.json.lock"]


def test_reset_forgets_one_game_only():
    stats.record_game(won_by(0))
    stats.record_game(won_by(0, "cubes"))
    stats.reset_game("chains")
    loaded, _ = stats.load_stats()
    assert "chains" not in loaded.records and "cubes" in loaded.records


@pytest.mark.parametrize("content", [
    b"{", b"\xff", b"[" * 100_000, b'{"format": 2}', b'{"format": 1, "games": {"chains": {"vs easy": {"played": "1"}}}}',
    b'{"format": 1, "games": {"chains": {"vs easy": {"played": -1, "won": 0, "current_streak": 0, "best_streak": 0, '
    b'"best_score": null, "fewest_turns": null, "assisted_played": 0, "assisted_won": 0}}}}',
    b'{"format": 1, "recorded": "x"}', b'{"format": 1, "games": []}',
])
def test_a_damaged_or_newer_store_is_moved_aside_and_counting_starts_again(content):
    path = stats.stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    loaded, message = stats.load_stats()
    assert loaded == Stats()
    assert message.startswith("This statistics file cannot be read; it was moved aside to ")
    assert not path.exists()


def test_recording_in_a_folder_that_cannot_be_written_raises_storage_error(tmp_path, monkeypatch):
    blocker = tmp_path / "blocker"
    blocker.write_text("")
    monkeypatch.setenv("CHAINTABLE_HOME", str(blocker / "home"))
    with pytest.raises(storage.StorageError):
        stats.record_game(won_by(0))


# ---------------------------------------------------------------- the record in words


@pytest.mark.parametrize("game, best", [
    ("chains", None),
    ("sovereign-solitaire", None),
    ("chainchain", "fewest cards collected 3"),
    ("linx", "most points in a game 3"),
    ("cubes", "most points in a game 3"),
    ("sovereigns-chain", "best score 3"),
])
def test_a_records_best_game_is_told_in_what_its_game_measures(game, best):
    """Chains and the solitaire are won or lost (their score 1 says nothing more); Chain-Chain
    counts the cards collected (its score is minus them); the others count points or score."""
    from game.registry import find_game
    from scenes.menus.stats_screen import record_line

    chain_chain = game == "chainchain"
    record = Record()
    record.add(True, score=-3 if chain_chain else 3, turns=9, assisted=False)
    line = record_line(record, find_game(game).rules)
    if best is None:
        assert "score" not in line and "3" not in line.replace("Played", "")
    else:
        assert best in line and "score" not in line.replace(best, "")

import gc
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["CHAINTABLE_LISTEN"] = "127.0.0.1"  # a table hosted in a test listens on this computer only


@pytest.fixture(autouse=True)
def private_home(tmp_path, monkeypatch):
    """Settings and saves of each test go to its own folder, never the player's."""
    monkeypatch.setenv("CHAINTABLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def driver(private_home, monkeypatch):
    """The real app at its main menu, headless, with computers moving fast. A review the test
    left judging is stopped after it: its worker thread would go on for seconds, slowing the
    tests after it in the same process."""
    from scenes.menus.review import ReviewWork
    from scenes.shell.screens import open_app
    from ui_driver import Driver

    started = []
    begin = ReviewWork.__init__

    def recorded(work, make):
        begin(work, make)
        started.append(work)

    monkeypatch.setattr(ReviewWork, "__init__", recorded)
    app = open_app()
    app.settings["computer_speed"] = "fast"
    yield Driver(app)
    for work in started:
        work.cancel()


@pytest.fixture
def chains_last_card():
    """Chains, seat 0 to play: the other player's draw showed they hold only a 3 (their last
    card). A 4 on the 5 lets them play it and win (`blunder`); a 9 on the 8 leaves them stuck
    (`block`). Returns (state, blunder, block)."""
    from game.cards import card, cards, standard_deck
    from game.chains.rules import ChainsState, Play
    from game.core import Revealed
    from game.rng import Rng

    hands = [cards("4H 9C"), cards("3D")]
    chains = [cards("5S"), cards("8S"), cards("JH")]
    shown = set(hands[0] + hands[1] + [c for chain in chains for c in chain])
    deck = [c for c in standard_deck() if c not in shown]
    state = ChainsState(players=2, draw_rule="three", hands=hands, chains=chains, draw_pile=deck, rng=Rng(4),
                        revealed=[Revealed(), Revealed(1, frozenset(range(1, 14)) - {3})])
    return state, Play(card("4H"), 0), Play(card("9C"), 1)


def pytest_collection_finish(session):
    """What collecting left in memory (the game and screen modules, every test module, their
    tables and word lists) stays for the whole run: the cycle collector leaves it out from now on.
    The app collects whenever a screen closes, and a test process holds far more than the app:
    each collection went through all of it (a tenth of a second a screen, most of some tests)."""
    gc.freeze()


# The files that take longest, longest first (a whole CI run on 2 cores: each build several
# minutes; the others one to three). Each worker takes a whole file at a time (--dist loadfile),
# so a long file begun last keeps one worker busy while the other waits: these begin first.
LONGEST_FIRST = ("test_packaging_windows.py", "test_packaging.py", "test_net_every_decision.py",
                 "test_ui_empty_places.py", "test_text_fits.py", "test_fuzz_files.py")


def pytest_collection_modifyitems(items):
    """The longest files first, then the others, those with the most tests first; each file's
    tests stay in their order."""
    counts = {}
    for item in items:
        counts[item.path.name] = counts.get(item.path.name, 0) + 1

    def rank(item):
        name = item.path.name
        return (LONGEST_FIRST.index(name), 0) if name in LONGEST_FIRST else (len(LONGEST_FIRST), -counts[name])

    items.sort(key=rank)

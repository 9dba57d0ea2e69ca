"""The dictionary of the letters game: one shipped word list, loaded once, on first use.

`words.txt` beside this module (SCOWL via Debian's wamerican and wbritish; its licence is in
`words-LICENSE.txt`) holds lower-case a-z words of three or more letters, one per line. It is
read through importlib.resources, which finds it in a source tree, an installed package and a
PyInstaller bundle alike (build.spec must list it as data under game/chainchain).

The index maps (first letter, last letter) to the words from one to the other, shortest first
(then alphabetical), so the first word of a pair is its representative: the word the computer
players use and `legal_actions` offers. Humans may type any word of the list.
"""

from __future__ import annotations

from pathlib import Path

from ..files import read_shipped, read_text

WORDS_FILE = "words.txt"
WORDS_BYTES = 2_000_000  # the word list is 0.6 MB
LICENCE_FILE = "words-LICENSE.txt"
MIN_LENGTH = 3
LETTERS = "abcdefghijklmnopqrstuvwxyz"

_words: frozenset[str] | None = None
_index: dict[tuple[str, str], tuple[str, ...]] | None = None


def _read() -> str:
    try:
        return read_shipped(__package__, WORDS_FILE, WORDS_BYTES)
    except (FileNotFoundError, ModuleNotFoundError, TypeError):
        return read_text(Path(__file__).resolve().parent / WORDS_FILE, WORDS_BYTES)


def _load() -> None:
    global _words, _index
    words = [w for w in _read().split() if len(w) >= MIN_LENGTH]
    groups: dict[tuple[str, str], list[str]] = {}
    for word in words:
        groups.setdefault((word[0], word[-1]), []).append(word)
    _index = {pair: tuple(sorted(group, key=lambda w: (len(w), w))) for pair, group in groups.items()}
    _words = frozenset(words)


def words() -> frozenset[str]:
    """Every word of the dictionary."""
    if _words is None:
        _load()
    return _words


def index() -> dict[tuple[str, str], tuple[str, ...]]:
    """(first letter, last letter), lower case -> the words from one to the other, shortest first."""
    if _index is None:
        _load()
    return _index


def is_word(word: str) -> bool:
    """Whether `word` (any case) is in the dictionary."""
    return word.lower() in words()


def words_between(first: str, last: str) -> tuple[str, ...]:
    """The words that start with `first` and end with `last` (letters, any case), shortest first."""
    return index().get((first.lower(), last.lower()), ())


def representative(first: str, last: str) -> str | None:
    """One word from `first` to `last`: the shortest (then alphabetical first); None if there is none."""
    found = words_between(first, last)
    return found[0] if found else None


def normalize(word: str) -> str:
    """A typed word as the dictionary spells it: trimmed, lower case."""
    return word.strip().lower()

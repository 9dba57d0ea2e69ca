"""Reading a file the player's machine presents, whatever it is: only a regular file is read, and
never more than a stated size, so a folder, a named pipe (which would block the read for ever), a
device or a link to one (/dev/zero never ends) is refused at once with the reason, and so is a file
too large for what it should hold.

Two copies of the app may share one data folder: `locked` serializes their read-modify-write of one
file (statistics, the finished games kept) with an advisory lock on a lock file beside it, on POSIX
through `fcntl.flock`, on Windows through `msvcrt.locking` (the standard library: no dependency).
"""

from __future__ import annotations

import json
import os
import stat
import unicodedata
from contextlib import contextmanager
from importlib import resources
from pathlib import Path

from .core import nested_deeper_than


class FileRefused(ValueError):
    """A file that is not read: not a regular file, or larger than its limit; the message says so."""


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of the regular file at `path` (a link to one is followed), at most `limit` of
    them. Raises FileRefused for anything else and OSError when it cannot be opened."""
    _check_kind(os.stat(path))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    handle = os.open(path, flags)  # non-blocking: a pipe swapped in after the check still opens at once
    try:
        _check_kind(os.fstat(handle))
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(handle, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(handle)
    if size > limit:
        raise FileRefused(f"it is larger than {_amount(limit)}, more than such a file ever holds")
    return b"".join(chunks)


def _check_kind(status: os.stat_result) -> None:
    if not stat.S_ISREG(status.st_mode):
        kind = ("a folder" if stat.S_ISDIR(status.st_mode) else "a named pipe" if stat.S_ISFIFO(status.st_mode)
                else "a device" if stat.S_ISCHR(status.st_mode) or stat.S_ISBLK(status.st_mode)
                else "a socket" if stat.S_ISSOCK(status.st_mode) else "not a regular file")
        raise FileRefused(f"it is {kind}, not a file of data")


def _amount(limit: int) -> str:
    return f"{limit // 1_000_000} MB" if limit >= 1_000_000 else f"{limit // 1000} kB"


def read_text(path: Path, limit: int) -> str:
    """The UTF-8 text of the regular file at `path` (see `read_regular`), without the byte-order
    mark some editors put first; FileRefused when it is not UTF-8."""
    try:
        return read_regular(path, limit).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FileRefused("it is not UTF-8 text") from None


def read_json(path: Path, max_depth: int, max_bytes: int):
    """The JSON data of the file at `path` (see `read_text`); FileRefused when it is not JSON or
    nests deeper than `max_depth`, OSError when it cannot be opened."""
    text = read_text(path, max_bytes)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise FileRefused(f"it is not valid JSON ({err.msg} at line {err.lineno})") from None
    except (ValueError, RecursionError):
        raise FileRefused("it is not valid JSON (too deeply nested or a number too long)") from None
    if nested_deeper_than(data, max_depth):
        raise FileRefused(f"it nests deeper than {max_depth} levels")
    return data


def read_shipped(package: str, name: str, limit: int) -> str:
    """The text of a file shipped with the game (in `package`), read as the player's files are."""
    with resources.as_file(resources.files(package).joinpath(name)) as path:
        return read_text(path, limit)


# Characters no name or label may hold: control characters (NUL among them), lone surrogates
# (which cannot even be encoded), line and paragraph separators. Everything else is drawn.
_UNSHOWABLE = frozenset({"Cc", "Cs", "Zl", "Zp"})
_SEEN = frozenset("LNPS")  # the classes of characters that are seen on their own: letters, numbers, signs, symbols
# Characters a name may not hold though they are letters or symbols: they are drawn as nothing
# (Hangul fillers, the braille blank), so a name of them looks empty or like another's.
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def showable(text: str) -> str:
    """`text` with every character that cannot be shown on one line removed."""
    if text.isprintable():
        return text
    return "".join(ch for ch in text if unicodedata.category(ch) not in _UNSHOWABLE)


def clean_name(value: str, limit: int) -> str:
    """A name as it may be shown and stored: unshowable characters removed, and so are format
    characters (category Cf: the bidirectional overrides, embeddings and isolates that make a name
    read backwards or spill its direction onto the words around it, zero-width spaces and joiners,
    soft hyphens, byte-order marks) and letters drawn as nothing; runs of spaces made one, cut to
    `limit` characters; "" when nothing of it would be seen: no letter, digit, sign or symbol."""
    kept = "".join(ch for ch in showable(value[:limit * 4])
                   if ch not in _BLANK_LETTERS and unicodedata.category(ch) != "Cf")
    name = " ".join(kept.split())[:limit].strip()
    return name if any(unicodedata.category(ch)[0] in _SEEN for ch in name) else ""


@contextmanager
def locked(path: Path):
    """Hold the advisory lock of `path` (on `<path>.lock`, created if need be) for the block: other
    copies of the app wait for it. Raises OSError when the lock file cannot be made."""
    lock_path = path.with_name(path.name + ".lock")
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    handle = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        _lock(handle)
        try:
            yield
        finally:
            _unlock(handle)
    finally:
        os.close(handle)


if os.name == "nt":
    import msvcrt

    def _lock(handle: int) -> None:
        os.lseek(handle, 0, os.SEEK_SET)
        while True:
            try:
                msvcrt.locking(handle, msvcrt.LK_LOCK, 1)  # retries for 10 s, then raises
                return
            except OSError:
                continue

    def _unlock(handle: int) -> None:
        os.lseek(handle, 0, os.SEEK_SET)
        msvcrt.locking(handle, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _lock(handle: int) -> None:
        fcntl.flock(handle, fcntl.LOCK_EX)

    def _unlock(handle: int) -> None:
        fcntl.flock(handle, fcntl.LOCK_UN)

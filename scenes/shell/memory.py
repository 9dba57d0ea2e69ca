"""Memory a closed screen held, given back at once.

A table is a web of references among its parts (its turns, hand and seats each know the table),
so when it closes only Python's cycle collector frees it, and that collector seldom looks at
objects as old as a table played for minutes: closed tables, with their 8 MB backgrounds at
1920x1080, piled up until it did (one more per game in benchmarks/memory_soak.py). So the app
collects when a screen that covers the window closes, and asks the C allocator to return the
pages freed (glibc keeps them otherwise, the resident memory never shrinking). Both take a few
tens of milliseconds at most, at a moment the screen changes anyway."""

from __future__ import annotations

import ctypes
import gc
import sys


def _malloc_trim():
    """glibc's malloc_trim, or None where the C library has none (Windows, macOS, musl)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return getattr(ctypes.CDLL(None), "malloc_trim", None)
    except OSError:
        return None


_TRIM = _malloc_trim()


def give_back_freed() -> None:
    """Return to the system the pages of memory freed since (glibc only)."""
    if _TRIM is not None:
        _TRIM(0)


def release_closed_screens() -> None:
    """Free what the screens just closed held, and give the memory back."""
    gc.collect()
    give_back_freed()

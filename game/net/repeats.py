"""A log that a flood cannot fill: a warning or an error the server logged already in the last
`window` seconds (the same logger, the same words before their values) is counted rather than
logged again; the next one logged says how many were left out. Hundreds of failing connections a
second thus write a line a minute, not a traceback each."""

from __future__ import annotations

import logging
import time
from typing import Callable


class RepeatedErrors(logging.Filter):
    def __init__(self, window: float = 60.0, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.window, self.clock = window, clock
        self.seen: dict[tuple, tuple[float, int]] = {}  # (logger, words) -> when last logged, how many left out since

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.WARNING:
            return True
        key, now = (record.name, str(record.msg)), self.clock()
        logged_at, left_out = self.seen.get(key, (None, 0))
        if logged_at is not None and now - logged_at < self.window:
            self.seen[key] = (logged_at, left_out + 1)
            return False
        self.seen[key] = (now, 0)
        if left_out:
            record.msg, record.args = f"{record.getMessage()} (and {left_out} more like it before)", None
        return True

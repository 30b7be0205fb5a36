"""The one text progress bar of the command-line tools (``simulate``, ``tournament``)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO


class ProgressBar:
    """A one-line text progress bar, redrawn at most ``rate`` times per second."""

    def __init__(
        self,
        total: int,
        stream: TextIO | None = None,
        rate: float = 10.0,
        clock: Callable[[], float] = time.monotonic,
        width: int = 30,
    ) -> None:
        self.total = max(total, 1)
        self.stream = stream if stream is not None else sys.stderr
        self.interval = 1.0 / rate
        self.clock = clock
        self.width = width
        self.start = clock()
        self.last = -1e18
        self.shown = -1
        self.draws = 0

    def update(self, done: int, force: bool = False) -> None:
        """Show ``done`` of ``total`` (skipped if the last draw is too recent)."""
        now = self.clock()
        if (not force and now - self.last < self.interval) or (force and done == self.shown):
            return
        self.last = now
        self.shown = done
        self.draws += 1
        filled = round(self.width * done / self.total)
        elapsed = now - self.start
        speed = ""
        if elapsed > 0 and done:
            rate = done / elapsed
            speed = f"{rate:.1f} games/s"
            if done < self.total:
                speed += f", about {(self.total - done) / rate:.0f} s left"
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(f"\r[{bar}] {done}/{self.total} games {speed}".rstrip() + " ")
        self.stream.flush()

    def close(self, done: int) -> None:
        """Draw the final state and end the line."""
        self.update(done, force=True)
        self.stream.write("\n")
        self.stream.flush()

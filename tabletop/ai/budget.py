"""Keeping a search within its CPU cap while the garbage collector runs.

A full (oldest-generation) collection traverses every tracked object of the process; in a
process holding a large heap it can take a tenth of a second of the searching thread's CPU,
in one piece, between two reads of the cap's clock (measured: 0.07 s in a 6-player Mayflower
decision).  While a search runs, the objects that existed before it are frozen
(:func:`gc.freeze`: moved to a generation the collector skips), so a collection during the
search traverses only what the search made; they are unfrozen when it ends.  Freezing is
process-wide: two searches in two threads may unfreeze each other's heap early, which only
costs the other the protection, never correctness.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def heap_frozen() -> Iterator[None]:
    """Freeze the objects alive now for the collector, and unfreeze them on leaving."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()

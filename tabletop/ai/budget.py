"""Keeping a search within its CPU cap while the garbage collector runs.

A full (oldest-generation) collection traverses every tracked object of the process; in a
process holding a large heap it can take a tenth of a second of the searching thread's CPU,
in one piece, between two reads of the cap's clock (measured: 0.07 s in a 6-player Mayflower
decision).  While a search runs, the objects that existed before it are frozen
(:func:`gc.freeze`: moved to a generation the collector skips), so a collection during the
search traverses only what the search made; they are unfrozen when it ends.

Freezing is process-wide, so a search must leave the process as it found it:

- searches that overlap (nested, or in two threads) share one freeze: the first to start
  freezes, the last to end unfreezes, so no search thaws another's heap under it;
- a heap someone else froze (a process that freezes its start-up objects before forking
  workers, say) is left alone: the search then neither freezes nor unfreezes, since
  :func:`gc.unfreeze` would thaw the caller's objects too and there is no way to thaw only
  the search's own.  Such a search runs without the protection (the caller's frozen part is
  still skipped by every collection).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
#: searches inside :func:`heap_frozen` now, and whether the first of them froze the heap
_depth = 0
_froze = False


@contextmanager
def heap_frozen() -> Iterator[None]:
    """Freeze the objects alive now for the collector, and unfreeze them on leaving (see the
    module's docstring for overlapping searches and a heap frozen by someone else)."""
    global _depth, _froze
    with _lock:
        if _depth == 0:
            _froze = gc.get_freeze_count() == 0
            if _froze:
                gc.freeze()
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0 and _froze:
                gc.unfreeze()
                _froze = False

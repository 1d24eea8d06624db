"""The cycle collector tuned for a long-running proxy, HTTP or stdio."""

from __future__ import annotations

import gc
from typing import Final

# Allocations between two young-generation collections. Every request makes a few hundred objects that
# reference counting frees; at Python's default (700) a collection runs every few requests, scans the
# objects of every request in flight and promotes them, which later costs full collections too.
GC_YOUNG: Final = 20_000


def tune_gc() -> None:
    """Fewer cycle collections for a long-running server (measured on the bench's relay: about 10 us of
    CPU per request spent collecting, down to under 2; on the form judge, a few us a form whose texts
    are new): what startup built (modules, the config, compiled patterns, the lexicon and the model) is
    frozen out of every later one. Never lowers a threshold already set higher."""
    gc.freeze()
    young, middle, old = gc.get_threshold()
    gc.set_threshold(max(young, GC_YOUNG), max(middle, 50), max(old, 100))

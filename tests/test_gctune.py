"""The cycle collector tuned for a long-running proxy (proxy/gctune.py), run in a process of its own:
tuning freezes what the process holds and changes the thresholds of the whole process."""

from __future__ import annotations

import json
import subprocess
import sys

from elicitguard.proxy.gctune import GC_YOUNG

PROBE = """
import gc, json, sys
gc.set_threshold(*json.loads(sys.argv[1]))
from elicitguard.proxy.gctune import tune_gc
tune_gc()
print(json.dumps([gc.get_threshold(), gc.get_freeze_count()]))
"""


def _tuned(before: tuple[int, int, int]) -> tuple[list[int], int]:
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(before)], capture_output=True, text=True,
                          timeout=60, check=True)
    threshold, frozen = json.loads(done.stdout)
    return threshold, frozen


def test_tuning_raises_the_young_threshold_and_freezes_what_startup_built() -> None:
    threshold, frozen = _tuned((700, 10, 10))
    assert threshold == [GC_YOUNG, 50, 100]
    assert frozen > 1000  # the modules imported before it


def test_tuning_never_lowers_a_threshold_already_set_higher() -> None:
    threshold, _frozen = _tuned((50_000, 80, 200))
    assert threshold == [50_000, 80, 200]

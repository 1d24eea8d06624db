"""A pause the compiled judges take between the steps of long work, so that other threads run.

An interpreted function gives the interpreter its check for a thread waiting for the GIL at every
call; code compiled by mypyc (setup.py) runs no bytecode, so a worker thread judging a large frame
(proxy/offload.py) would otherwise keep the GIL, and stall the event loop and every other session,
until the whole judgement returned. This module must stay interpreted: setup.py never compiles it
(tests/test_compiled_build.py checks).
"""

from __future__ import annotations


def breathe() -> None:
    """Nothing: calling it lets a waiting thread run once its switch interval (5 ms) has passed."""

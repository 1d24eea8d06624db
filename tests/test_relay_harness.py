"""bench/relay_harness.py must not rot: its fake transports have to keep up with what the relay calls
on a transport, or every request errors and the figures it prints measure error pages."""

from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import ROOT, WAIT


@pytest.mark.parametrize("tool", ["json", "sse"])
@pytest.mark.parametrize("flags", [(), ("--stub-judge",), ("--echo",)])
def test_the_relay_harness_answers_every_request_with_a_200(tool: str, flags: tuple[str, ...]) -> None:
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "relay_harness.py"), tool, "40", "--once", *flags],
                          capture_output=True, text=True, timeout=WAIT * 4, cwd=ROOT)
    assert "error handling a request" not in done.stderr, done.stderr[-2000:]
    assert done.returncode == 0, done.stderr[-2000:]

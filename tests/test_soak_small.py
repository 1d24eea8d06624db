"""The soak, CI-sized: ``python -m tests.soak.run`` with 20,000 stdio messages, 200 HTTP sessions and a
few real-SDK calls, run as the process an operator runs, against the real proxy processes.

Also here: the soak's checks are shown to fail (a relay that drops, duplicates or swaps one message
must be caught), and the finding the soak's peers led to (a single-threaded stdio server deadlocked
behind the proxy, fixed in proxy/stdio_pipes.py) stays fixed.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, WAIT

SMALL = ["--stdio-messages", "20000", "--http-sessions", "200", "--sdk-calls", "20"]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))
    env.pop("ELICITGUARD_CONFIG", None)
    return env


def _soak(out: Path, *args: str, timeout: float) -> tuple[subprocess.CompletedProcess[str], dict[str, Any]]:
    done = subprocess.run([sys.executable, "-m", "tests.soak.run", *args, "--quiet", "--json", str(out)],
                          cwd=ROOT, env=_env(), capture_output=True, text=True, timeout=timeout)
    assert out.exists(), done.stdout + done.stderr
    return done, json.loads(out.read_text())


@pytest.fixture(scope="module")
def soak(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    done, result = _soak(tmp_path_factory.mktemp("soak") / "soak.json", *SMALL, timeout=WAIT * 6)
    result["exit"], result["summary"] = done.returncode, done.stdout
    result["by_phase"] = {p["phase"]: p for p in result["phases"]}
    return result


def _failures(phase: dict[str, Any]) -> dict[str, int]:
    return {k: v for k, v in phase["failures"]["counts"].items() if v}


def test_the_small_soak_passes_and_prints_its_figures(soak: dict[str, Any]) -> None:
    assert soak["exit"] == 0, soak["summary"]
    assert soak["summary"].rstrip().endswith("PASS")
    assert set(soak["by_phase"]) == {"stdio", "http", "sdk"}


def test_no_stdio_message_is_lost_duplicated_reordered_or_altered(soak: dict[str, Any]) -> None:
    stdio = soak["by_phase"]["stdio"]
    assert _failures(stdio) == {}, stdio["failures"]["examples"]
    assert stdio["peer_messages"] >= 20000
    # Every kind of exchange ran, so every carrier was soaked.
    assert len(stdio["by_kind"]) >= 15, stdio["by_kind"]
    assert stdio["exit_status"] == 0
    assert stdio["problems"] == []


def test_every_http_session_completes_with_every_answer_exactly_once(soak: dict[str, Any]) -> None:
    http = soak["by_phase"]["http"]
    assert _failures(http) == {}, http["failures"]["examples"]
    assert http["sessions"] == 200
    assert http["upstream"]["open_sessions"] == http["abandoned_sessions"] > 0
    assert http["problems"] == []


@pytest.mark.parametrize("phase", ["stdio", "http"])
def test_each_denied_server_request_gets_the_proxys_answer_once_and_is_audited_once(soak: dict[str, Any],
                                                                                 phase: str) -> None:
    p = soak["by_phase"][phase]
    answers = p["proxy_answers_to_server"] if phase == "stdio" else p["upstream"]["proxy_answers"]
    assert answers == p["expected"]["proxy_answers"] > 0
    assert p["audit"]["events"]["elicitation.denied:deny"] == p["expected"]["denials"] > 0
    assert p["audit"]["events"].get("response.withheld:deny", 0) == p["expected"]["withheld"] > 0
    assert p["audit"]["chain_intact"]


@pytest.mark.parametrize("phase", ["stdio", "http"])
def test_the_proxys_memory_does_not_grow_over_the_second_half(soak: dict[str, Any], phase: str) -> None:
    rss = soak["by_phase"][phase]["rss"]
    assert rss["samples"] >= 5
    assert rss["flat"], rss
    assert rss["second_half_level_growth_mib"] < rss["bound_mib"]


MIB = 1 << 20


@pytest.mark.parametrize(("name", "series", "flat"), [
    ("steady", [60 * MIB] * 40, True),
    ("a large message held in the second half, then let go", [60 * MIB] * 30 + [95 * MIB] * 3 + [60 * MIB] * 7, True),
    ("the allocator gives pages back for a moment", [60 * MIB] * 22 + [35 * MIB] * 2 + [61 * MIB] * 16, True),
    ("warm-up in the first half only", [40 * MIB + i * MIB for i in range(20)] + [60 * MIB] * 20, True),
    ("a leak: every sample higher than the last", [60 * MIB + i * 3 * MIB // 2 for i in range(80)], False),
    ("a step up that stays, late in the run", [60 * MIB] * 25 + [85 * MIB] * 15, False),
])
def test_flat_means_the_level_of_the_rss_does_not_rise_over_the_second_half(name: str, series: list[int],
                                                                           flat: bool) -> None:
    from soak.rss import summarise

    report = summarise([(i * 0.25, rss) for i, rss in enumerate(series)])
    assert report["flat"] is flat, report


def test_the_real_sdk_peers_see_the_same_verdicts(soak: dict[str, Any]) -> None:
    sdk = soak["by_phase"]["sdk"]
    assert _failures(sdk) == {}, sdk["failures"]["examples"]
    assert sdk["calls"] == 20
    assert sdk["ok"], sdk["problems"]


@pytest.mark.parametrize(("fault", "caught"), [("--drop", "lost"), ("--dup", "duplicated"), ("--swap", "reordered")])
def test_the_soak_catches_a_message_lost_duplicated_or_reordered(tmp_path: Path, fault: str, caught: str) -> None:
    relay = f"{sys.executable} -m tests.soak.faulty {fault} 700 --"
    done, result = _soak(tmp_path / "soak.json", "--stdio-messages", "3000", "--http-sessions", "0", "--sdk-calls", "0",
                         "--stall", "5", "--stdio-wrap", relay, timeout=WAIT * 4)
    assert done.returncode == 1, done.stdout
    assert done.stdout.rstrip().endswith("FAIL")
    assert result["phases"][0]["failures"]["counts"][caught] >= 1, done.stdout


# ---- a finding: a single-threaded server behind the stdio proxy -----------------------------------------

CALLS = 500


def _line(obj: dict[str, Any]) -> bytes:
    return json.dumps(obj).encode() + b"\n"


def _pipelined(argv: list[str], bound: float) -> int:
    """Initialize, then write ``login`` (its elicitation is denied), ``big`` (a 2 MiB result) and CALLS
    small calls at once, reading all the while; how many of the CALLS + 2 calls were answered in time.
    Run directly, the client answers the elicitation itself, as the proxy would."""
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            cwd=ROOT, env=_env())
    assert proc.stdin is not None and proc.stdout is not None
    outbox: queue.Queue[bytes | None] = queue.Queue()
    outbox.put(_line({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {"form": {}}},
        "clientInfo": {"name": "t", "version": "1"}}}))
    for i, name in enumerate(["login", "big"] + ["small"] * CALLS, start=1):
        outbox.put(_line({"jsonrpc": "2.0", "id": i, "method": "tools/call",
                          "params": {"name": name, "arguments": {"pad": "p" * 1000}}}))
    answered: set[Any] = set()
    all_in = threading.Event()

    def write() -> None:
        stdin = proc.stdin
        assert stdin is not None
        try:
            while (data := outbox.get()) is not None:
                stdin.write(data)
                stdin.flush()
        except OSError:
            pass

    def read() -> None:
        assert proc.stdout is not None
        for raw in proc.stdout:
            msg = json.loads(raw)
            if msg.get("method") == "elicitation/create":
                outbox.put(_line({"jsonrpc": "2.0", "id": msg["id"], "result": {"action": "decline"}}))
            elif "method" not in msg and msg.get("id") != 0:
                answered.add(msg["id"])
                if len(answered) == CALLS + 2:
                    all_in.set()
                    return

    threading.Thread(target=write, daemon=True).start()
    threading.Thread(target=read, daemon=True).start()
    try:
        all_in.wait(bound)
        return len(answered)
    finally:
        outbox.put(None)
        proc.kill()
        proc.wait(WAIT)


BLOCKING_SERVER = [sys.executable, "-m", "tests.soak.blocking_server"]


def test_the_single_threaded_server_answers_everything_when_spoken_to_directly() -> None:
    assert _pipelined(BLOCKING_SERVER, WAIT) == CALLS + 2


# The proxy as an operator runs it, and on asyncio's own loop (what runs where uvloop is not installed).
PROXIES = {
    "default loop": [sys.executable, "-m", "elicitguard"],
    "asyncio loop": [sys.executable, "-c", "import sys; sys.modules['uvloop'] = None; "
                     "from elicitguard.proxy.cli import main; sys.exit(main())"],
}


@pytest.mark.parametrize("proxy", PROXIES)
def test_a_single_threaded_server_is_not_deadlocked_by_the_proxys_own_answer(proxy: str) -> None:
    started = time.monotonic()
    answered = _pipelined([*PROXIES[proxy], "stdio", "--", *BLOCKING_SERVER], WAIT)
    assert answered == CALLS + 2, f"{answered} of {CALLS + 2} calls answered in {time.monotonic() - started:.0f} s"

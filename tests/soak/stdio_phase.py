"""The stdio soak: ``python -m elicitguard stdio -- <the soak server>`` driven by a pipelining client.

The client keeps ``window`` exchanges in flight, answers what it is shown as soon as it reads it, and
checks every message: the server's sequence numbers only rise (nothing reordered or duplicated),
every slot of every exchange arrives exactly once with the expected bytes, nothing the proxy must
stop arrives at all. At the end the counts of both peers are set against each other: what one wrote
is what the other read, plus what the proxy had to drop or replace, exactly.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from . import common, plan, wire
from .flows import Build, Slot, check_notice, client_slots, key_of, request, seq_of, stray_kind, verify
from .rss import Sampler, cpu_seconds
from .tally import Tally

KIND_CODES = {k: i for i, k in enumerate(sorted(set(plan.STDIO_WEIGHTS)))}
KINDS = {i: k for k, i in KIND_CODES.items()}


def key_n(key: tuple[Any, ...]) -> int | None:
    """The exchange a message belongs to, read from the ids both sides derive from its number."""
    value = key[1] if key[0] == "progress" else key[-1]
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        digits = value.removeprefix("el-").lstrip("cep").rstrip("r")
        return int(digits) if digits.isdigit() else None
    return None


class _Active:
    __slots__ = ("x", "slots", "pos")

    def __init__(self, x: plan.Exchange | None, slots: list[Slot]) -> None:
        self.x = x
        self.slots = slots
        self.pos = 0


class Client(asyncio.Protocol):
    """Reads the proxy's stdout; writes to its stdin through ``out``."""

    def __init__(self, exchanges: Iterator[plan.Exchange], window: int, out: asyncio.WriteTransport,
                 finished: asyncio.Future[None]) -> None:
        self.exchanges = exchanges
        self.window = window
        self.out = out
        self.finished = finished
        self.tally = Tally()
        self.routes: dict[tuple[Any, ...], tuple[_Active, int]] = {}
        self.active: dict[int, _Active] = {}
        self.kinds = bytearray(1)  # kind code per exchange number; index 0 unused
        self.done = bytearray(1)  # 1 once an exchange is complete
        self.buf = bytearray()
        self.scanned = 0
        self.seq = 0  # the client's own numbering of what it writes
        self.last = -1  # the highest server number seen
        self.seen = 0  # server messages read with their number
        self.received = 0
        self.received_bytes = 0
        self.sent_bytes = 0
        self.notices = 0
        self.exhausted = False
        self.closed_input = False
        self.progress_at = time.monotonic()
        self.ready = asyncio.get_running_loop().create_future()  # initialize answered: the proxy is up
        self.warm = asyncio.get_running_loop().create_future()  # the warm-up exchanges are done
        self.warming = plan.STDIO_WARMUP
        # what the plan says the proxy must do, summed as exchanges start
        self.expect = {"hidden_server": 0, "hidden_client": 0, "denials": 0, "withheld": 0, "proxy_answers": 0,
                       "exchanges": 0, "peer_messages": 0}
        self.by_kind: dict[str, int] = {}

    # ---- writing -------------------------------------------------------------------------------------

    def send(self, build: Build) -> None:
        data = build(self.seq) + b"\n"
        self.seq += 1
        self.sent_bytes += len(data)
        self.out.write(data)

    def begin(self) -> None:
        init = _Active(None, [Slot(("id", 0), exact=lambda seq: wire.init_result(0, seq))])
        self.routes[("id", 0)] = (init, 0)
        self.send(lambda seq: wire.initialize(0, wire.BOTH_MODES, seq))

    def start_more(self) -> None:
        while not self.exhausted and len(self.active) < self.window:
            x = next(self.exchanges, None)
            if x is None:
                self.exhausted = True
                break
            self.start(x)
        if self.exhausted and not self.active and not self.finished.done():
            self.finished.set_result(None)

    def start(self, x: plan.Exchange) -> None:
        assert x.n == len(self.kinds), (x.n, len(self.kinds))
        self.kinds.append(KIND_CODES[x.kind])
        self.done.append(0)
        active = _Active(x, client_slots(x))
        self.active[x.n] = active
        for i, slot in enumerate(active.slots):
            self.routes[slot.key] = (active, i)
        e = self.expect
        e["exchanges"] += 1
        e["hidden_server"] += x.hidden_server_messages()
        e["hidden_client"] += x.hidden_client_messages()
        e["denials"] += x.expected_denials()
        e["withheld"] += x.expected_withheld()
        e["proxy_answers"] += 1 if x.kind in plan.PROXY_ANSWERS or x.kind == plan.FORM_SECRET else 0
        e["peer_messages"] += plan.peer_messages(x)
        self.by_kind[x.kind] = self.by_kind.get(x.kind, 0) + 1
        self.send(request(x))

    def finish(self, active: _Active) -> None:
        for slot in active.slots:
            self.routes.pop(slot.key, None)
        if active.x is None:  # initialize answered: the session starts
            self.send(lambda seq: wire.initialized(seq))
            self.ready.set_result(None)
        else:
            del self.active[active.x.n]
            self.done[active.x.n] = 1
            if active.x.n <= plan.STDIO_WARMUP:
                self.warming -= 1
                if not self.warming:
                    self.warm.set_result(None)
        self.start_more()

    # ---- reading -------------------------------------------------------------------------------------

    def data_received(self, data: bytes) -> None:
        self.received_bytes += len(data)
        self.buf += data
        start = 0
        while (end := self.buf.find(b"\n", max(start, self.scanned))) != -1:
            line = bytes(self.buf[start:end])
            start = end + 1
            self.handle(line)
        del self.buf[:start]
        self.scanned = len(self.buf)

    def handle(self, line: bytes) -> None:
        self.received += 1
        self.progress_at = time.monotonic()
        try:
            obj = wire.loads(line)
        except ValueError:
            self.tally.fail("mismatched", f"not JSON: {line[:200]!r}")
            return
        key = key_of(obj)
        if key == ("notification", "notifications/message"):
            self.notices += 1
            problem = check_notice(obj)
            if problem:
                self.tally.fail("unexpected", problem)
            return
        seq = seq_of(obj)
        if seq is not None:
            if seq <= self.last:
                self.tally.fail("duplicated" if seq == self.last else "reordered",
                                f"server message {seq} after {self.last}")
            self.last = max(self.last, seq)
            self.seen += 1
        route = self.routes.get(key)
        if route is None:
            self.stray(key, line)
            return
        active, index = route
        if index < active.pos:
            self.tally.fail("duplicated", f"{key} arrived again: {line[:200]!r}")
            return
        if index > active.pos:
            self.tally.fail("reordered", f"{key} arrived before {active.slots[active.pos].key}")
            active.pos = index
        slot = active.slots[index]
        problem = verify(slot, line, obj)
        if problem:
            self.tally.fail("mismatched", f"{key}: {problem}")
        for build in slot.answers + slot.retries:
            self.send(build)
        active.pos = index + 1
        if active.pos == len(active.slots):
            self.finish(active)

    def stray(self, key: tuple[Any, ...], line: bytes) -> None:
        """A message no open slot expects: leaked, duplicated or unexpected."""
        n = key_n(key)
        kind = KINDS.get(self.kinds[n]) if n is not None and 0 < n < len(self.kinds) else None
        if kind is None or n is None:
            self.tally.fail("unexpected", f"{key}: {line[:200]!r}")
        elif stray_kind(key, plan.Exchange(n, kind)) == "leaked":
            self.tally.fail("leaked", f"exchange {n} ({kind}): the client got {line[:200]!r}")
        elif self.done[n]:
            self.tally.fail("duplicated", f"exchange {n} ({kind}) was complete, then {line[:200]!r}")
        else:
            self.tally.fail("unexpected", f"exchange {n} ({kind}): {line[:200]!r}")

    def eof_received(self) -> bool:
        if self.buf.strip():
            self.tally.fail("mismatched", f"output ended inside a line: {bytes(self.buf[:200])!r}")
        if not self.finished.done():
            self.finished.set_result(None)
        return False

    def lost(self) -> None:
        """Exchanges never completed: each is a request (or more) that lost its answer."""
        for n, active in list(self.active.items()):
            waiting = active.slots[active.pos].key
            assert active.x is not None
            self.tally.fail("lost", f"exchange {n} ({active.x.kind}) never got {waiting}")
        if any(a.x is None for a, _ in self.routes.values()):
            self.tally.fail("lost", "initialize was never answered")


class _Pipe(asyncio.Protocol):
    """The proxy's stdin, as a write transport."""


async def run(messages: int, seed: int, window: int, stall: float, on_deny: str, max_large: int,
              log: Any = None, wrap: list[str] | None = None) -> dict[str, Any]:
    """Soak ``elicitguard stdio``; returns the figures and every failure found. ``wrap`` is a command
    the proxy is started under (the harness's own tests put a faulty relay there)."""
    with tempfile.TemporaryDirectory(prefix="soak-stdio-") as tmp:
        tmpdir = Path(tmp)
        audit_path = tmpdir / "audit.jsonl"
        config = common.write_config(tmpdir / "config.yaml", audit_path, on_deny=on_deny)
        stats_path = tmpdir / "server-stats.json"
        argv = (wrap or []) + common.proxy("stdio", "--config", str(config), "--", *common.module("stdio_server"),
                            "--stats", str(stats_path))
        stderr_path = tmpdir / "stderr.txt"
        with stderr_path.open("wb") as stderr:
            proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr,
                                    env=common.env(), bufsize=0)
        loop = asyncio.get_running_loop()
        finished: asyncio.Future[None] = loop.create_future()
        assert proc.stdin is not None and proc.stdout is not None
        out, _ = await loop.connect_write_pipe(_Pipe, proc.stdin)
        client = Client(plan.stdio_plan(seed, messages, on_deny, max_large), window, out, finished)
        await loop.connect_read_pipe(lambda: client, proc.stdout)
        sampler = Sampler(proc.pid)
        timed_out = False
        client.begin()
        # Figures start once the proxy answered initialize (imports and config loaded); memory is
        # measured from the end of the warm-up.
        await asyncio.wait([client.ready, finished], timeout=stall, return_when=asyncio.FIRST_COMPLETED)
        started = last_log = time.monotonic()
        try:
            await asyncio.wait([client.warm, finished], timeout=stall, return_when=asyncio.FIRST_COMPLETED)
            sampler.start()
            while not finished.done():
                await asyncio.wait([finished], timeout=1.0)
                now = time.monotonic()
                if log is not None and now - last_log >= 10:
                    last_log = now
                    rss = sampler.samples[-1][1] / 2**20 if sampler.samples else 0.0
                    log(f"stdio: {now - started:6.0f} s  {client.expect['exchanges']:>8} exchanges  "
                        f"{client.received + client.seq:>9} messages at the client  RSS {rss:.1f} MiB")
                if not finished.done() and now - client.progress_at > stall:
                    timed_out = True
                    break
        finally:
            duration = time.monotonic() - started
            sampler.stop()
            cpu = cpu_seconds(proc.pid)
        client.lost()
        # Hang up: the proxy closes the server's stdin, the server writes its counts and exits, the proxy
        # exits with its status. Whatever the proxy still writes is read (a late duplicate is caught).
        out.close()
        code = await _wait(proc, stall)
        if code is None:
            client.tally.fail("lost", "the proxy did not exit after its client hung up")
        server = json.loads(stats_path.read_bytes()) if stats_path.exists() else None
        audit = common.audit_counts(audit_path, timeout=600) if audit_path.exists() else None
        stderr_text = stderr_path.read_text(errors="replace")
        return _report(client, server, audit, duration, sampler, code, timed_out, stderr_text, cpu, messages, window)


async def _wait(proc: subprocess.Popen[bytes], timeout: float) -> int | None:
    """The proxy's exit status, waited for in a thread (the loop goes on reading its output); None if
    it had not exited within ``timeout`` (it is killed)."""
    try:
        return await asyncio.to_thread(proc.wait, timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        await asyncio.to_thread(proc.wait, 10)
        return None


def _report(client: Client, server: dict[str, Any] | None, audit: dict[str, Any] | None, duration: float,
            sampler: Sampler, code: int | None, timed_out: bool, stderr_text: str, cpu: float, target: int,
            window: int) -> dict[str, Any]:
    tally = client.tally
    e = client.expect
    problems: list[str] = []
    if timed_out:
        problems.append("the run stalled (no message for the stall timeout)")
    if server is None:
        problems.append("the soak server wrote no counts (it did not end normally)")
    else:
        tally.merge(server["tally"])
        # What the server wrote = what the client read with its number + what the proxy dropped or replaced.
        missing = server["sent"] - client.seen - e["hidden_server"]
        if missing:
            tally.fail("lost" if missing > 0 else "duplicated",
                       f"server wrote {server['sent']}, client read {client.seen} numbered, proxy to drop or "
                       f"replace {e['hidden_server']}")
        missing = client.seq - server["seen"] - server["hidden"]
        if missing:
            tally.fail("lost" if missing > 0 else "duplicated",
                       f"client wrote {client.seq}, server read {server['seen']} numbered, proxy to replace "
                       f"{server['hidden']}")
        if server["proxy_answers"] != e["proxy_answers"]:
            tally.fail("lost" if server["proxy_answers"] < e["proxy_answers"] else "duplicated",
                       f"server got {server['proxy_answers']} answers from the proxy, expected {e['proxy_answers']}")
    if client.notices != e["withheld"]:
        tally.fail("lost" if client.notices < e["withheld"] else "duplicated",
                   f"client got {client.notices} withheld-answer notices, expected {e['withheld']}")
    if code not in (0, None):
        problems.append(f"the proxy exited with status {code}")
    if audit is None:
        problems.append("no audit log")
    else:
        problems += common.audit_problems(audit, e["denials"], e["withheld"])
    if "Traceback" in stderr_text:
        problems.append("a traceback on the proxy's stderr: " + stderr_text[stderr_text.index("Traceback"):][:600])
    rss = sampler.report()
    if not rss.get("flat"):
        problems.append(f"RSS not flat: {rss}")
    messages = client.seq + (server["sent"] if server else 0)
    return {
        "phase": "stdio",
        "target_messages": target,
        "window": window,
        "exchanges": e["exchanges"],
        "by_kind": dict(sorted(client.by_kind.items())),
        "peer_messages": messages,
        "client_messages": client.seq,
        "server_messages": server["sent"] if server else None,
        "messages_read_by_client": client.received,
        "proxy_answers_to_server": server["proxy_answers"] if server else None,
        "notices_to_client": client.notices,
        "expected": e,
        "bytes_to_proxy": client.sent_bytes,
        "bytes_from_proxy": client.received_bytes,
        "duration_s": duration,
        "messages_per_s": messages / duration if duration else 0.0,
        "mib_per_s": (client.sent_bytes + client.received_bytes) / duration / 2**20 if duration else 0.0,
        "proxy_cpu_s": cpu,
        "rss": rss,
        "audit": audit,
        "exit_status": code,
        "failures": tally.as_dict(),
        "problems": problems,
        "ok": tally.failures == 0 and not problems,
    }


if __name__ == "__main__":  # pragma: no cover - a quick manual run
    print(json.dumps(asyncio.run(run(int(sys.argv[1]) if len(sys.argv) > 1 else 20000, 1, 64, 60, "error", 4 << 20,
                                     log=lambda s: print(s, file=sys.stderr))), indent=2))

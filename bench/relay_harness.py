"""The raw relay's own cost with no sockets: ``H1Connection`` fed the load generator's requests through a
fake transport, its upstream a fake transport answering with bench/upstream.py's bytes at once.

    python bench/relay_harness.py json|sse [REQUESTS] [--stub-judge] [--echo]

Prints CPU per request over 5 batches (16 connections). Under valgrind it gives a count the machine's
load cannot move (run it for two request counts and divide the difference):

    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        .venv/bin/python bench/relay_harness.py json 2500 --once

``--stub-judge``: ``Guard`` judging replaced by "forward as is" (what the relay costs around it);
``--echo``: the handlers replaced by a fixed JSON answer, for either tool (llhttp, the task and the
response head alone).
Cycle collection is tuned as ``elicitguard http`` tunes it.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import loadgen  # noqa: E402
import upstream as bench_upstream  # noqa: E402
from aiohttp import web  # noqa: E402

from elicitguard.policies.config import load_config_text  # noqa: E402
from elicitguard.proxy.audit import AuditLog  # noqa: E402
from elicitguard.proxy.http.app import HANDLERS, make_app  # noqa: E402
from elicitguard.proxy.http.front import Front  # noqa: E402
from elicitguard.proxy.http.h1 import H1Connection, Settings  # noqa: E402
from elicitguard.proxy.gctune import tune_gc  # noqa: E402
from elicitguard.proxy.http.upstream import Connection, Upstreams  # noqa: E402


class _Transport:
    closing = False

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True

    abort = close

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass

    def set_write_buffer_limits(self, high: int | None = None, low: int | None = None) -> None:
        pass

    def can_write_eof(self) -> bool:
        return True

    def get_write_buffer_size(self) -> int:
        return 0  # everything written is taken at once

    def get_extra_info(self, name: str) -> Any:
        return ("127.0.0.1", 5555) if name == "peername" else None


class _Upstream(_Transport):
    """Answers each request at the next turn of the loop, as bench/upstream.py would."""

    def __init__(self, conn: Connection, tool: str) -> None:
        self.conn, self.tool = conn, tool

    def write(self, data: bytes) -> None:
        rid = data[data.index(b'"id":') + 5:].split(b",", 1)[0]
        up = bench_upstream
        if self.tool == "sse":
            result = b"event: message\ndata: " + up._RESULT_HEAD + rid + up._RESULT_TAIL + b"\n\n"
            out = up._SSE_HEAD + up._chunk(up._PROGRESS) + up._chunk(result) + b"0\r\n\r\n"
        else:
            payload = up._RESULT_HEAD + rid + up._RESULT_TAIL
            out = (b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s"
                   % (len(payload), payload))
        asyncio.get_running_loop().call_soon(self.conn.data_received, out)


class _Client(_Transport):
    def __init__(self, answered: Any) -> None:
        self.answered = answered

    def write(self, data: bytes) -> None:
        self.answered(data)


def make_handler(app: web.Application) -> Any:
    """The listener's handler for ``app`` (as ``elicitguard http`` builds it)."""
    return Front(app[HANDLERS])


class Outcome:
    """What one batch measured: CPU per request, and the answers that were not a 200."""

    def __init__(self) -> None:
        self.cpu_us = 0.0
        self.answered = 0
        self.errors = 0


async def run(tool: str, requests: int, echo: bool) -> Outcome:
    """Relays ``requests`` requests over 16 connections; stops at the first answer that is not a 200
    (a broken harness must fail, not hang or measure error pages)."""
    loop = asyncio.get_running_loop()
    config = load_config_text("")
    app = make_app(config, "http://127.0.0.1:9/mcp", AuditLog(stream=io.StringIO()))
    app.pre_freeze()
    await app.startup()
    app.freeze()

    async def connect(self: Upstreams, key: tuple[str, str, int]) -> Connection:
        conn = Connection(loop, key, 30.0)
        conn.connection_made(_Upstream(conn, tool))  # type: ignore[arg-type]
        return conn

    before = Upstreams._connect
    Upstreams._connect = connect  # type: ignore[method-assign]
    settings = Settings(max_body=config.max_message_bytes, head_timeout=30, idle_timeout=30, body_timeout=30,
                        new_upstreams=lambda: Upstreams(None, 5, 30))  # type: ignore[arg-type]
    handler: Any = make_handler(app)
    if echo:
        async def handler(_request: Any) -> web.StreamResponse:
            return web.Response(status=200, body=b"x" * 1100, content_type="application/json")
    live: set[H1Connection] = set()
    outcome = Outcome()
    left, done = [requests], loop.create_future()
    numbers = iter(range(1, 1 << 30))

    def connection() -> None:
        h1 = H1Connection(handler, settings, live)
        head = [True]  # the next write begins an answer

        def send() -> None:
            body = loadgen.body_for(tool, next(numbers))
            loop.call_soon(h1.data_received, loadgen.post(b"127.0.0.1:8000", b"/mcp", body))

        def answered(data: bytes) -> None:
            if head[0] and not data.startswith(b"HTTP/1.1 200 "):
                outcome.errors += 1
                if not done.done():
                    done.set_result(None)
                return
            head[0] = False
            if tool == "sse" and not echo and not data.endswith(b"0\r\n\r\n"):
                return
            head[0] = True
            outcome.answered += 1
            left[0] -= 1
            if left[0] > 0:
                send()
            elif not done.done():
                done.set_result(None)

        h1.connection_made(_Client(answered))  # type: ignore[arg-type]
        send()

    for _ in range(16):
        connection()
    start = time.process_time()
    try:
        await asyncio.wait_for(done, 120)
        outcome.cpu_us = (time.process_time() - start) / requests * 1e6
    finally:
        Upstreams._connect = before  # type: ignore[method-assign]
        await app.cleanup()
    return outcome


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tool", choices=("json", "sse"))
    parser.add_argument("requests", type=int, nargs="?", default=4000)
    parser.add_argument("--stub-judge", action="store_true")
    parser.add_argument("--echo", action="store_true")
    parser.add_argument("--once", action="store_true", help="one batch, no output (for valgrind)")
    args = parser.parse_args()
    import uvloop
    tune_gc()  # as the proxy does
    if args.stub_judge:
        from elicitguard.policies.carriers.base import Outcome
        from elicitguard.proxy.http.sessions import SessionLayer

        async def judge(self: Any, session: Any, direction: Any, judge: Any, frame: bytes | None = None) -> Outcome:
            outcome = Outcome()
            outcome.forward = frame
            return outcome

        SessionLayer.judge = judge  # type: ignore[method-assign]
    if args.once:
        outcome = uvloop.run(run(args.tool, args.requests, args.echo))
        sys.exit(1 if outcome.errors else 0)
    outcomes = [uvloop.run(run(args.tool, args.requests, args.echo)) for _ in range(5)]
    if any(o.errors for o in outcomes):
        sys.exit(f"{args.tool}: a request was not answered with 200: the harness is broken")
    figures = [o.cpu_us for o in outcomes]
    print(f"{args.tool}: {statistics.median(figures):.1f} us CPU per request (median of 5; "
          f"{', '.join(f'{f:.1f}' for f in figures)})")


if __name__ == "__main__":
    main()

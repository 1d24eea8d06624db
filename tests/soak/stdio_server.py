"""The soak's stdio MCP server: raw newline-delimited JSON-RPC, scripted by the client's arguments.

    python -m tests.soak.stdio_server --stats FILE

It reads and writes at once (asyncio pipes, writes never block), numbers every message it writes
(``_meta["soak/seq"]``), checks every message it reads (order, exact bytes, the proxy's answers
exactly once) and at the end of its input writes what it counted to FILE as JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Iterator
from typing import Any

from . import wire
from .flows import (
    Await,
    Flow,
    Send,
    check_proxy_round,
    check_request,
    check_retry,
    final_result,
    is_proxy_round,
    seq_of,
    server_flow,
)
from .plan import FORM_SECRET, PROXY_ANSWERS, Exchange
from .tally import Tally


class Server(asyncio.Protocol):
    def __init__(self, out: asyncio.WriteTransport, done: asyncio.Future[None]) -> None:
        self.out = out
        self.done = done
        self.buf = bytearray()
        self.scanned = 0
        self.tally = Tally()
        self.sent = 0  # messages written (each numbered 0, 1, ...)
        self.seen = 0  # client messages read that carry the client's number
        self.last = -1
        self.hidden = 0  # client messages the proxy must have replaced (secrets withheld)
        self.proxy_answers = 0
        self.waiting: dict[tuple[type, Any], tuple[Flow, Exchange]] = {}
        self.answered: set[tuple[type, Any]] = set()
        self.requests = 0

    def data_received(self, data: bytes) -> None:
        self.buf += data
        start = 0
        while (end := self.buf.find(b"\n", max(start, self.scanned))) != -1:
            line = bytes(self.buf[start:end])
            start = end + 1
            if line.strip():
                self.handle(line)
        del self.buf[:start]
        self.scanned = len(self.buf)

    def eof_received(self) -> bool:
        if self.buf.strip():
            self.tally.fail("mismatched", f"input ended inside a line: {bytes(self.buf[:200])!r}")
        if not self.done.done():
            self.done.set_result(None)
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.done.done():
            self.done.set_result(None)

    def write(self, build: Any) -> None:
        self.out.write(build(self.sent) + b"\n")
        self.sent += 1

    def run(self, flow: Flow, x: Exchange, reply: tuple[bytes, dict[str, Any]] | None = None) -> None:
        steps: Iterator[Send | Await] = flow
        try:
            step = flow.send(reply) if reply is not None else next(steps)
            while True:
                if isinstance(step, Await):
                    self.waiting[(type(step.rid), step.rid)] = (flow, x)
                    return
                self.write(step.build)
                step = next(steps)
        except StopIteration:
            return

    def handle(self, line: bytes) -> None:
        obj = wire.loads(line)
        if is_proxy_round(obj):
            # It repeats the client's request (its sequence number too): not a client message.
            x = Exchange.from_args((obj.get("params") or {})["arguments"])
            check_proxy_round(x, obj, self.tally)
            self.write(final_result(x, obj["id"]))
            return
        seq = seq_of(obj)
        if seq is not None:
            if seq <= self.last:
                self.tally.fail("duplicated" if seq == self.last else "reordered",
                                f"client message {seq} after {self.last}")
            self.last = max(self.last, seq)
            self.seen += 1
        method = obj.get("method")
        if method is None:
            self.answer(line, obj)
            return
        params = obj.get("params") or {}
        if method == "initialize":
            self.write(lambda s: wire.init_result(obj["id"], s))
        elif method == "tools/call":
            self.requests += 1
            x = Exchange.from_args(params["arguments"])
            if "requestState" in params:
                check_retry(x, line, obj, self.tally)
                self.write(final_result(x, x.retry_rid))
            else:
                check_request(x, line, obj, self.tally)
                self.hidden += x.hidden_client_messages()
                self.run(server_flow(x, self.tally), x)
        elif "id" not in obj and method == "notifications/initialized":
            pass
        else:
            self.tally.fail("unexpected", f"server got {line[:200]!r}")

    def answer(self, line: bytes, obj: dict[str, Any]) -> None:
        rid = obj.get("id")
        key = (type(rid), rid)
        entry = self.waiting.pop(key, None)
        if entry is None:
            what = "duplicated" if key in self.answered else "unexpected"
            self.tally.fail(what, f"answer to {rid!r} nobody awaits: {line[:200]!r}")
            return
        self.answered.add(key)
        flow, x = entry
        if x.kind in PROXY_ANSWERS or x.kind == FORM_SECRET:
            self.proxy_answers += 1
        self.run(flow, x, (line, obj))

    def stats(self) -> dict[str, Any]:
        for (_, rid), (_, x) in list(self.waiting.items())[:8]:
            self.tally.fail("lost", f"no answer ever came to the server's request {rid!r} (exchange {x.n}, {x.kind})")
        for _ in list(self.waiting)[8:]:
            self.tally.counts["lost"] += 1
        return {"sent": self.sent, "seen": self.seen, "hidden": self.hidden, "requests": self.requests,
                "proxy_answers": self.proxy_answers, "tally": self.tally.as_dict()}


class _Out(asyncio.Protocol):
    """Our stdout: told when the transport let go of its last byte."""

    def __init__(self) -> None:
        self.closed = asyncio.get_running_loop().create_future()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.closed.done():
            self.closed.set_result(None)


async def main(stats_path: str) -> None:
    loop = asyncio.get_running_loop()
    done: asyncio.Future[None] = loop.create_future()
    out_transport, out = await loop.connect_write_pipe(_Out, os.fdopen(1, "wb", closefd=False))
    server = Server(out_transport, done)
    await loop.connect_read_pipe(lambda: server, os.fdopen(0, "rb", closefd=False))
    await done
    data = wire.dumps(server.stats())
    with open(stats_path, "wb") as f:
        f.write(data)
    out_transport.close()  # flushes what is buffered first
    try:
        await asyncio.wait_for(out.closed, 30)
    except TimeoutError:
        print("soak server: stdout not drained in 30 s", file=sys.stderr)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--stats", required=True)
    asyncio.run(main(parser.parse_args().stats))
    sys.exit(0)

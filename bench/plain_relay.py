"""Baselines for the benchmarks: the same relays as elicitguard's, with no judging at all.

    python bench/plain_relay.py stdio -- CMD ARGS     relay lines between stdin/stdout and CMD
    python bench/plain_relay.py http UPSTREAM_URL     relay POSTs on 127.0.0.1:0 (prints the port)

They show what a relay costs by itself, so the ratio against them is the cost of judging.
"""

from __future__ import annotations

import asyncio
import sys

import aiohttp
from aiohttp import web


async def stdio(command: list[str]) -> int:
    loop = asyncio.get_running_loop()
    child = await asyncio.create_subprocess_exec(*command, stdin=asyncio.subprocess.PIPE,
                                                 stdout=asyncio.subprocess.PIPE, limit=1 << 22)
    reader = asyncio.StreamReader(limit=1 << 22)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin.buffer)
    transport, protocol = await loop.connect_write_pipe(asyncio.streams.FlowControlMixin, sys.stdout.buffer)
    out = asyncio.StreamWriter(transport, protocol, None, loop)
    assert child.stdin and child.stdout

    async def up() -> None:
        while line := await reader.readline():
            child.stdin.write(line)  # type: ignore[union-attr]
            await child.stdin.drain()  # type: ignore[union-attr]
        child.stdin.close()  # type: ignore[union-attr]

    async def down() -> None:
        while line := await child.stdout.readline():  # type: ignore[union-attr]
            out.write(line)
            await out.drain()

    task = asyncio.create_task(up())
    await down()
    task.cancel()
    return await child.wait()


async def http(upstream: str) -> None:
    """The conventional aiohttp relay: an Application plus one shared ClientSession; SSE is streamed."""
    async with aiohttp.ClientSession(auto_decompress=False, skip_auto_headers=("User-Agent", "Accept-Encoding")) as session:
        async def post(request: web.Request) -> web.StreamResponse:
            body = await request.read()
            headers = {"Content-Type": "application/json", "Accept": request.headers.get("Accept", "")}
            if "Mcp-Session-Id" in request.headers:
                headers["Mcp-Session-Id"] = request.headers["Mcp-Session-Id"]
            async with session.post(upstream, data=body, headers=headers) as r:
                out = {k: v for k, v in r.headers.items() if k in ("Content-Type", "Mcp-Session-Id", "Cache-Control")}
                if r.content_type != "text/event-stream":
                    return web.Response(status=r.status, body=await r.read(), headers=out)
                response = web.StreamResponse(status=r.status, headers=out)
                await response.prepare(request)
                async for chunk in r.content.iter_any():
                    await response.write(chunk)
                await response.write_eof()
                return response

        app = web.Application()
        app.router.add_post("/mcp", post)
        runner = web.AppRunner(app)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        print(f"listening on http://127.0.0.1:{runner.addresses[0][1]}", file=sys.stderr, flush=True)
        await asyncio.Event().wait()


if __name__ == "__main__":
    if sys.argv[1] == "stdio":
        sys.exit(asyncio.run(stdio(sys.argv[3:] if sys.argv[2] == "--" else sys.argv[2:])))
    asyncio.run(http(sys.argv[2]))

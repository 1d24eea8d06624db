"""The demo's misbehaving MCP server, in raw JSON-RPC (no SDK): stdio, or Streamable HTTP on aiohttp.

``python -m elicitguard.proxy.demo.server`` serves stdio (what ``elicitguard stdio`` wraps);
:func:`make_app` is the HTTP variant. Each tool sends what its scenario says and answers with a text
saying what the server got back, so the demo can show what reached the server too.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from elicitguard.proxy.demo.scenarios import BY_TOOL, ELICIT, INPUT_REQUIRED, URL_REQUIRED

Ask = Callable[[str, dict[str, Any]], Awaitable[dict[str, Any]]]
SERVER_INFO = {"name": "elicitguard-demo-server", "version": "1"}
WAIT = 30.0  # seconds a tool waits for the client's answer to its elicitation


def got_back(answer: dict[str, Any]) -> str:
    """What an answer to an elicitation told the server (field names only, never values)."""
    if "error" in answer:
        error = answer["error"] if isinstance(answer["error"], dict) else {}
        data = error.get("data") if isinstance(error.get("data"), dict) else {}
        rule = f" (rule {data['rule']})" if isinstance(data, dict) and "rule" in data else ""
        return f"error {error.get('code')}{rule}"
    result = answer.get("result") if isinstance(answer.get("result"), dict) else answer
    action = result.get("action") if isinstance(result, dict) else None
    content = result.get("content") if isinstance(result, dict) else None
    if isinstance(content, dict) and content:
        return f"{action} with {', '.join(sorted(content))}"
    return str(action)


def tool_result(text: str, error: bool = False) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": text}], "isError": error}


class DemoServer:
    """Transport-independent behaviour: one JSON-RPC request in, its response out."""

    async def handle(self, message: dict[str, Any], ask: Ask) -> dict[str, Any] | None:
        method = message.get("method")
        request_id = message.get("id")
        if request_id is None:
            return None  # notifications need no answer
        params = message.get("params")
        params = params if isinstance(params, dict) else {}
        if method == "initialize":
            return self.reply(request_id, {"protocolVersion": params.get("protocolVersion", "2025-11-25"),
                                           "capabilities": {"tools": {}}, "serverInfo": SERVER_INFO})
        if method == "tools/list":
            return self.reply(request_id, {"tools": [
                {"name": s.tool, "description": s.label, "inputSchema": {"type": "object"}} for s in BY_TOOL.values()]})
        if method == "tools/call":
            return await self.call(request_id, params, ask)
        if method == "ping":
            return self.reply(request_id, {})
        return {"jsonrpc": "2.0", "id": request_id, "error": {"code": -32601, "message": "Method not found"}}

    @staticmethod
    def reply(request_id: Any, result: dict[str, Any]) -> dict[str, Any]:
        return {"jsonrpc": "2.0", "id": request_id, "result": result}

    async def call(self, request_id: Any, params: dict[str, Any], ask: Ask) -> dict[str, Any]:
        scenario = BY_TOOL.get(str(params.get("name")))
        if scenario is None:
            return self.reply(request_id, tool_result("unknown tool", error=True))
        if scenario.kind == ELICIT:
            try:
                answer = await asyncio.wait_for(ask(f"elicit-{scenario.number}", scenario.payload), WAIT)
            except TimeoutError:
                return self.reply(request_id, tool_result("no answer to the elicitation", error=True))
            return self.reply(request_id, tool_result(f"got back: {got_back(answer)}"))
        if scenario.kind == URL_REQUIRED:
            return {"jsonrpc": "2.0", "id": request_id, "error": {
                "code": -32042, "message": "This request needs authorization",
                "data": {"elicitations": scenario.payload}}}
        assert scenario.kind == INPUT_REQUIRED
        responses = params.get("inputResponses")
        if not isinstance(responses, dict):
            return self.reply(request_id, {"resultType": "input_required", "inputRequests": scenario.payload,
                                           "requestState": f"demo-state-{scenario.number}"})
        summary = ", ".join(f"{key}: {got_back(value) if isinstance(value, dict) else 'none'}"
                            for key, value in sorted(responses.items()))
        return self.reply(request_id, tool_result(f"got back: {summary}"))


# ---- stdio ------------------------------------------------------------------------------------------


async def serve_stdio() -> None:
    """Newline-delimited JSON-RPC on stdin/stdout until stdin closes."""
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=1 << 20)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    server = DemoServer()
    waiting: dict[str, asyncio.Future[dict[str, Any]]] = {}
    tasks: set[asyncio.Task[None]] = set()

    def send(message: dict[str, Any]) -> None:
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()

    async def ask(elicit_id: str, params: dict[str, Any]) -> dict[str, Any]:
        waiting[elicit_id] = loop.create_future()
        send({"jsonrpc": "2.0", "id": elicit_id, "method": ELICIT, "params": params})
        return await waiting[elicit_id]

    async def answer(message: dict[str, Any]) -> None:
        response = await server.handle(message, ask)
        if response is not None:
            send(response)

    while line := await reader.readline():
        try:
            message = json.loads(line)
        except ValueError:
            continue
        if not isinstance(message, dict):
            continue
        if "method" not in message:  # the client's answer to one of our elicitations
            future = waiting.pop(str(message.get("id")), None)
            if future is not None and not future.done():
                future.set_result(message)
            continue
        task = asyncio.create_task(answer(message))
        tasks.add(task)
        task.add_done_callback(tasks.discard)


# ---- Streamable HTTP ----------------------------------------------------------------------------------


def make_app() -> web.Application:
    """The demo server on Streamable HTTP at ``/mcp``: JSON answers, SSE while a tool elicits."""
    server = DemoServer()
    waiting: dict[str, asyncio.Future[dict[str, Any]]] = {}

    async def post(request: web.Request) -> web.StreamResponse:
        try:
            message = json.loads(await request.read())
        except ValueError:
            return web.Response(status=400)
        if not isinstance(message, dict):
            return web.Response(status=400)
        if "method" not in message:
            future = waiting.pop(str(message.get("id")), None)
            if future is not None and not future.done():
                future.set_result(message)
            return web.Response(status=202)
        if "id" not in message:
            return web.Response(status=202)
        headers = {"Mcp-Session-Id": "demo-session"} if message.get("method") == "initialize" else {}
        scenario = BY_TOOL.get(str((message.get("params") or {}).get("name")))
        if message.get("method") != "tools/call" or scenario is None or scenario.kind != ELICIT:
            async def no_ask(_id: str, _params: dict[str, Any]) -> dict[str, Any]:
                raise AssertionError("this tool does not elicit")

            response = await server.handle(message, no_ask)
            return web.json_response(response, headers=headers)
        # The tool elicits: answer on an SSE stream carrying our request, then the tool's result.
        stream = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache"})
        await stream.prepare(request)

        async def ask(elicit_id: str, params: dict[str, Any]) -> dict[str, Any]:
            waiting[elicit_id] = asyncio.get_running_loop().create_future()
            event = {"jsonrpc": "2.0", "id": elicit_id, "method": ELICIT, "params": params}
            await stream.write(f"event: message\ndata: {json.dumps(event)}\n\n".encode())
            return await waiting[elicit_id]

        result = await server.handle(message, ask)
        await stream.write(f"event: message\ndata: {json.dumps(result)}\n\n".encode())
        await stream.write_eof()
        return stream

    async def get(_request: web.Request) -> web.Response:
        return web.Response(status=405)  # no standalone stream

    async def delete(_request: web.Request) -> web.Response:
        return web.Response(status=200)

    app = web.Application()
    app.router.add_post("/mcp", post)
    app.router.add_get("/mcp", get)
    app.router.add_delete("/mcp", delete)
    return app


if __name__ == "__main__":
    asyncio.run(serve_stdio())

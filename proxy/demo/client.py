"""The demo's scripted MCP client, in raw JSON-RPC: it calls each tool, shows the "user" whatever
elicitation reaches it (and answers as a cooperative user would), and records it all.

Two transports: newline-delimited JSON-RPC to an ``elicitguard stdio`` process, and Streamable HTTP
to an ``elicitguard http`` process. What is recorded is only what actually arrived.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

import aiohttp

from elicitguard.proxy.demo.scenarios import ELICIT, INPUT_REQUIRED, LEGACY, MODERN, RETRY_OFFSET, Scenario
from elicitguard.proxy.framing import SseEvent, SseFramer

STEP = 20.0  # seconds any one answer may take before the demo reports it missing
CLIENT_INFO = {"name": "elicitguard-demo-client", "version": "1"}
CAPABILITIES: dict[str, Any] = {"elicitation": {"form": {}, "url": {}}}


def obj(value: Any) -> dict[str, Any]:
    """A JSON object, or an empty one for anything else (a peer may send any shape)."""
    return value if isinstance(value, dict) else {}


def items(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


@dataclass
class Shown:
    """One elicitation that reached the user."""

    mode: str
    message: str
    fields: list[str] = field(default_factory=list)  # form: the field titles
    url: str = ""


@dataclass
class Record:
    """What happened to one scenario, from the client's side."""

    scenario: Scenario
    shown: list[Shown] = field(default_factory=list)
    result: str = "no answer"  # what the tool call finally returned to the client


def show(params: Any) -> Shown:
    """What a client would put in front of its user for these elicitation params."""
    params = obj(params)
    message = str(params.get("message", ""))
    if params.get("mode") == "url":
        return Shown("url", message, url=str(params.get("url", "")))
    properties = obj(obj(params.get("requestedSchema")).get("properties"))
    titles = [str(p.get("title", name)) if isinstance(p, dict) else name for name, p in properties.items()]
    return Shown("form", message, fields=titles)


def user_answer(params: Any) -> dict[str, Any]:
    """A cooperative user: opens every link, fills every form with made-up values."""
    params = obj(params)
    if params.get("mode") == "url":
        return {"action": "accept"}
    properties = obj(obj(params.get("requestedSchema")).get("properties"))
    filler: dict[Any, Any] = {"integer": 2, "number": 2, "boolean": True}
    content = {name: filler.get(obj(p).get("type"), "demo") for name, p in properties.items()}
    return {"action": "accept", "content": content}


def describe_response(message: dict[str, Any]) -> str:
    """What the tool call returned, in one line."""
    if "error" in message:
        error = obj(message["error"])
        data = obj(error.get("data"))
        if error.get("code") == -32042:
            return f"error -32042 carrying {len(items(data.get('elicitations')))} link(s)"
        rule = f" (rule {data['rule']})" if "rule" in data else ""
        return f"error {error.get('code')}{rule}"
    content = items(obj(message.get("result")).get("content"))
    texts = [str(c.get("text", "")) for c in map(obj, content) if c.get("type") == "text"]
    return "; ".join(texts) if texts else "an empty result"


def modern_meta() -> dict[str, Any]:
    return {"io.modelcontextprotocol/protocolVersion": MODERN,
            "io.modelcontextprotocol/clientInfo": CLIENT_INFO,
            "io.modelcontextprotocol/clientCapabilities": CAPABILITIES}


def call(scenario: Scenario, retry: dict[str, Any] | None = None) -> dict[str, Any]:
    params: dict[str, Any] = {"name": scenario.tool, "arguments": {}}
    request_id = scenario.number
    if scenario.era == MODERN:
        params["_meta"] = modern_meta()
    if retry is not None:
        params.update(retry)
        request_id += RETRY_OFFSET
    return {"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": params}


def input_round(record: Record, response: dict[str, Any]) -> dict[str, Any] | None:
    """For an input_required result: show its elicitations, and the retry's extra params."""
    result = response.get("result")
    if not isinstance(result, dict) or result.get("resultType") != INPUT_REQUIRED:
        return None
    requests = obj(result.get("inputRequests"))
    answers = {}
    for key, request in requests.items():
        if isinstance(request, dict) and request.get("method") == ELICIT:
            record.shown.append(show(request.get("params")))
            answers[key] = user_answer(request.get("params"))
    retry: dict[str, Any] = {"inputResponses": answers}
    if "requestState" in result:
        retry["requestState"] = result["requestState"]
    return retry


def url_required(record: Record, response: dict[str, Any]) -> None:
    """A -32042 error: a client shows each URL elicitation it carries."""
    error = obj(response.get("error"))
    if error.get("code") == -32042:
        for params in items(obj(error.get("data")).get("elicitations")):
            record.shown.append(show(params))


# ---- stdio ------------------------------------------------------------------------------------------


class StdioClient:
    """Speaks to an ``elicitguard stdio`` process over its stdin and stdout."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        assert process.stdin is not None and process.stdout is not None
        self.writer = process.stdin
        self.reader = process.stdout

    async def send(self, message: dict[str, Any]) -> None:
        self.writer.write(json.dumps(message).encode() + b"\n")
        await self.writer.drain()

    async def receive(self) -> dict[str, Any] | None:
        line = await asyncio.wait_for(self.reader.readline(), STEP)
        if not line:
            return None
        message = json.loads(line)
        return message if isinstance(message, dict) else None

    async def request(self, message: dict[str, Any], record: Record | None) -> dict[str, Any] | None:
        """Send a request; answer elicitations until its response arrives."""
        await self.send(message)
        while True:
            incoming = await self.receive()
            if incoming is None:
                return None
            if incoming.get("method") == ELICIT and "id" in incoming:
                params = incoming.get("params")
                if record is not None:
                    record.shown.append(show(params))
                await self.send({"jsonrpc": "2.0", "id": incoming["id"], "result": user_answer(params)})
            elif "method" not in incoming and incoming.get("id") == message["id"]:
                return incoming

    async def run(self, scenarios: list[Scenario]) -> list[Record]:
        records = []
        if any(s.era == LEGACY for s in scenarios):
            await self.request({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
                "protocolVersion": LEGACY, "capabilities": CAPABILITIES, "clientInfo": CLIENT_INFO}}, None)
            await self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        for scenario in scenarios:
            record = Record(scenario)
            records.append(record)
            try:
                response = await self.request(call(scenario), record)
                retry = input_round(record, response) if response is not None else None
                if retry is not None:
                    response = await self.request(call(scenario, retry), record)
            except TimeoutError:
                record.result = f"no answer within {STEP:.0f} s"
                continue
            if response is not None:
                url_required(record, response)
                record.result = describe_response(response)
        return records


# ---- Streamable HTTP -----------------------------------------------------------------------------------


class HttpClient:
    """Speaks Streamable HTTP to an ``elicitguard http`` process."""

    def __init__(self, session: aiohttp.ClientSession, url: str) -> None:
        self.http = session
        self.url = url
        self.session_id: str | None = None

    def headers(self, modern: bool) -> dict[str, str]:
        headers = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
        if modern:
            headers["MCP-Protocol-Version"] = MODERN
        elif self.session_id is not None:
            headers["Mcp-Session-Id"] = self.session_id
            headers["MCP-Protocol-Version"] = LEGACY
        return headers

    async def post(self, message: dict[str, Any], record: Record | None, modern: bool = False) -> dict[str, Any] | None:
        """POST one message; answer elicitations arriving on its stream; return the response to it."""
        async with self.http.post(self.url, json=message, headers=self.headers(modern)) as response:
            if "id" not in message or "method" not in message:
                return None
            if response.headers.get("Mcp-Session-Id") and self.session_id is None:
                self.session_id = response.headers["Mcp-Session-Id"]
            if not response.content_type.startswith("text/event-stream"):
                body = await response.read()
                answer = json.loads(body) if body.strip() else None
                return answer if isinstance(answer, dict) else None
            framer = SseFramer(1 << 24)
            async for chunk in response.content.iter_any():
                for event in framer.feed(chunk):
                    if not isinstance(event, SseEvent) or event.data is None:
                        continue
                    incoming = json.loads(event.data)
                    if incoming.get("method") == ELICIT and "id" in incoming:
                        params = incoming.get("params")
                        if record is not None:
                            record.shown.append(show(params))
                        await self.post({"jsonrpc": "2.0", "id": incoming["id"], "result": user_answer(params)}, None)
                    elif "method" not in incoming and incoming.get("id") == message["id"]:
                        return dict(incoming)
        return None

    async def run(self, scenarios: list[Scenario]) -> list[Record]:
        records = []
        if any(s.era == LEGACY for s in scenarios):
            await self.post({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
                "protocolVersion": LEGACY, "capabilities": CAPABILITIES, "clientInfo": CLIENT_INFO}}, None)
            await self.post({"jsonrpc": "2.0", "method": "notifications/initialized"}, None)
        for scenario in scenarios:
            record = Record(scenario)
            records.append(record)
            modern = scenario.era == MODERN
            try:
                response = await asyncio.wait_for(self.post(call(scenario), record, modern), STEP)
                retry = input_round(record, response) if response is not None else None
                if retry is not None:
                    response = await asyncio.wait_for(self.post(call(scenario, retry), record, modern), STEP)
            except TimeoutError:
                record.result = f"no answer within {STEP:.0f} s"
                continue
            if response is not None:
                url_required(record, response)
                record.result = describe_response(response)
        if self.session_id is not None:
            async with self.http.delete(self.url, headers={"Mcp-Session-Id": self.session_id}):
                pass
        return records

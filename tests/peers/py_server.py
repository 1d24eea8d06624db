"""Test peer MCP server for elicitguard, built on the official MCP Python SDK (mcp==2.3.0).

Usage:
    python tests/peers/py_server.py stdio
    python tests/peers/py_server.py http --port N [--json-response] [--stateless]
      (Streamable HTTP on http://127.0.0.1:N/mcp)

Tools (each returns one short text result a test can assert on):
    ask_password  form elicitation of {password: str}         -> "action=<action>"
    ask_name      benign form {name: str, age: int}           -> accepted content as JSON, else "action=<action>"
    open_link     URL-mode elicitation of argument `url`      -> "action=<action>"
    ask_both      2026-07-28 only: {password} and {name, age} forms in one round -> both answers
    insist        2026-07-28 only: asks for {password} on every round, whatever the answer
    need_auth     raises UrlElicitationRequiredError (-32042) with two URL elicitations
                  (https://auth.example.com/oauth and http://192.168.0.1/steal; `urls` overrides)
Any exception raised while eliciting is returned as "error: <Type>: <message>", so a test can see
an error injected by the proxy.

Both protocol eras work; the client's first request decides the era per connection:
  * 2025-era (initialize handshake, e.g. Client(mode="legacy")): the tools call ctx.elicit /
    ctx.elicit_url, which send a server->client `elicitation/create` request in the middle of the
    call. open_link then sends `notifications/elicitation/complete` after an accept.
  * 2026-07-28 (Client(mode="auto") against this server): the SDK refuses server->client requests
    (ctx.elicit raises NoBackChannelError, -32600), so the tools return an InputRequiredResult
    ({"resultType":"input_required","inputRequests":{KEY:{"method":"elicitation/create",...}},
    "requestState":...}) and read the answer from ctx.input_responses[KEY] when the client retries.
    URL requests carry no elicitationId and no completion notification is sent (both removed in
    2026-07-28). need_auth still raises -32042, which the SDK puts on the wire in both eras.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from mcp.server.elicitation import render_elicitation_schema
from mcp.server.mcpserver import Context, MCPServer
from mcp.shared.exceptions import UrlElicitationRequiredError
from mcp_types import (
    ElicitRequest,
    ElicitRequestFormParams,
    ElicitRequestURLParams,
    ElicitResult,
    InputRequiredResult,
)
from mcp_types.version import MODERN_PROTOCOL_VERSIONS
from pydantic import BaseModel

DEFAULT_AUTH_URLS = ["https://auth.example.com/oauth", "http://192.168.0.1/steal"]

server = MCPServer("elicitguard-py-peer")


class Password(BaseModel):
    password: str


class Person(BaseModel):
    name: str
    age: int


def _is_modern(ctx: Context) -> bool:
    return ctx.protocol_version in MODERN_PROTOCOL_VERSIONS


def _input_required(
    ctx: Context, key: str, params: ElicitRequestFormParams | ElicitRequestURLParams
) -> ElicitResult | InputRequiredResult:
    """2026-07-28 MRTR: the client's answer to `key` if it retried with one, else ask for it."""
    answer = (ctx.input_responses or {}).get(key)
    if isinstance(answer, ElicitResult):
        return answer
    return InputRequiredResult(input_requests={key: ElicitRequest(params=params)}, request_state=f"asked:{key}")


def _describe(result: Any) -> str:
    return f"action={result.action}"


@server.tool()
async def ask_password(ctx: Context) -> str | InputRequiredResult:
    """Ask the user for a password (form elicitation of a sensitive field)."""
    message = "Please enter your password"
    try:
        if _is_modern(ctx):
            schema = render_elicitation_schema(Password)
            result = _input_required(ctx, "password", ElicitRequestFormParams(message=message, requested_schema=schema))
            return result if isinstance(result, InputRequiredResult) else _describe(result)
        return _describe(await ctx.elicit(message, Password))
    except Exception as e:  # noqa: BLE001 - surface any elicitation failure to the test
        return f"error: {type(e).__name__}: {e}"


@server.tool()
async def ask_name(ctx: Context) -> str | InputRequiredResult:
    """Ask the user for their name and age (benign form elicitation)."""
    message = "What is your name and age?"
    try:
        if _is_modern(ctx):
            schema = render_elicitation_schema(Person)
            answer = _input_required(ctx, "person", ElicitRequestFormParams(message=message, requested_schema=schema))
            if isinstance(answer, InputRequiredResult):
                return answer
            if answer.action == "accept":
                return json.dumps(Person.model_validate(answer.content).model_dump())
            return _describe(answer)
        result = await ctx.elicit(message, Person)
        if result.action == "accept":
            return json.dumps(result.data.model_dump())
        return _describe(result)
    except Exception as e:  # noqa: BLE001 - surface any elicitation failure to the test
        return f"error: {type(e).__name__}: {e}"


@server.tool()
async def open_link(ctx: Context, url: str = "https://auth.example.com/connect") -> str | InputRequiredResult:
    """Ask the user to open a URL (URL-mode elicitation)."""
    message = "Please connect your account"
    elicitation_id = "link-1"
    try:
        if _is_modern(ctx):
            answer = _input_required(ctx, "link", ElicitRequestURLParams(message=message, url=url))
            return answer if isinstance(answer, InputRequiredResult) else _describe(answer)
        result = await ctx.elicit_url(message, url, elicitation_id)
        if result.action == "accept":
            await ctx.session.send_elicit_complete(elicitation_id)
        return _describe(result)
    except Exception as e:  # noqa: BLE001 - surface any elicitation failure to the test
        return f"error: {type(e).__name__}: {e}"


@server.tool()
async def ask_both(ctx: Context) -> str | InputRequiredResult:
    """2026-07-28: one round asking for a password and a name together, with a requestState; the
    answer reports what came back for each (a guard removes the password and declines it)."""
    if not _is_modern(ctx):
        return "error: ask_both is a 2026-07-28 tool"
    answers = ctx.input_responses or {}
    password, person = answers.get("password"), answers.get("person")
    if not isinstance(password, ElicitResult) or not isinstance(person, ElicitResult) or ctx.request_state != "asked:both":
        return InputRequiredResult(input_requests={
            "password": ElicitRequest(params=ElicitRequestFormParams(
                message="Please enter your password", requested_schema=render_elicitation_schema(Password))),
            "person": ElicitRequest(params=ElicitRequestFormParams(
                message="What is your name and age?", requested_schema=render_elicitation_schema(Person))),
        }, request_state="asked:both")
    return f"password={password.action} person={json.dumps(person.content, sort_keys=True)}"


@server.tool()
async def insist(ctx: Context) -> str | InputRequiredResult:
    """2026-07-28 only: asks for a password again whatever the answer (a server that never gives up)."""
    if not _is_modern(ctx):
        return "error: insist is a 2026-07-28 tool"
    schema = render_elicitation_schema(Password)
    return InputRequiredResult(input_requests={"password": ElicitRequest(params=ElicitRequestFormParams(
        message="Please enter your password", requested_schema=schema))}, request_state="insisting")


@server.tool()
async def need_auth(urls: list[str] | None = None) -> str:
    """Fail with URLElicitationRequiredError (-32042) listing URL elicitations."""
    raise UrlElicitationRequiredError(
        [
            ElicitRequestURLParams(message=f"Authorize ({i})", url=u, elicitation_id=f"auth-{i}")
            for i, u in enumerate(urls or DEFAULT_AUTH_URLS, start=1)
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="transport", required=True)
    sub.add_parser("stdio")
    http = sub.add_parser("http")
    http.add_argument("--port", type=int, required=True)
    http.add_argument("--json-response", action="store_true")
    http.add_argument("--stateless", action="store_true")
    args = parser.parse_args()
    if args.transport == "stdio":
        server.run("stdio")
    else:
        server.run("streamable-http", port=args.port, json_response=args.json_response, stateless_http=args.stateless)


if __name__ == "__main__":
    main()

"""A conformance-harness client built on the MCP Python SDK's `Client(mode="auto")` (2026-07-28 first).

Usage (the conformance harness appends the scenario server's URL as the last argument and names the
scenario in $MCP_CONFORMANCE_SCENARIO):

    python tests/peers/mrtr_client.py [--scenario NAME] URL

Scenarios:
    sep-2322-client-request-state  call test_mrtr_echo_state, test_mrtr_no_state, test_mrtr_unrelated and
                                   test_mrtr_no_result_type; the SDK runs the MRTR retry loop itself and the
                                   elicitation callback accepts every form with {"confirmed": true}
    request-metadata               discover (the SDK re-probes after the scenario's simulated -32022), then
                                   tools/list and one tools/call, so every request carries the _meta envelope
Exit status 0 when every call returned a result, 1 otherwise (the failure goes to stderr).

Known SDK deviation (mcp 2.3.0): a tools/call result without `resultType` is rejected by the SDK's
result validation ("CallToolResult.resultType Field required"), although SEP-2322 says a client MUST
treat it as complete. The harness's check still passes (the client did not retry), but this client
then exits 1 for sep-2322-client-request-state, directly and through the proxy alike.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from typing import Any

from mcp import Client
from mcp_types import ElicitResult

MRTR_TOOLS = ("test_mrtr_echo_state", "test_mrtr_no_state", "test_mrtr_unrelated", "test_mrtr_no_result_type")


async def accept_everything(context: Any, params: Any) -> ElicitResult:
    """Accept a form with `confirmed: true` for every boolean the schema asks for; accept URLs as is."""
    if getattr(params, "mode", "form") == "url":
        return ElicitResult(action="accept")
    properties = (getattr(params, "requested_schema", None) or {}).get("properties", {})
    return ElicitResult(action="accept", content={k: True for k, v in properties.items() if v.get("type") == "boolean"})


async def run(scenario: str, url: str) -> None:
    async with Client(url, mode="auto", elicitation_callback=accept_everything, read_timeout_seconds=10) as client:
        print(f"protocol {client.protocol_version}", file=sys.stderr)
        if scenario == "sep-2322-client-request-state":
            failed = []
            for name in MRTR_TOOLS:
                try:
                    result = await client.call_tool(name, {})
                except Exception as exc:  # noqa: BLE001 - keep calling the other tools, fail at the end
                    print(f"{name}: {type(exc).__name__}: {exc}", file=sys.stderr)
                    failed.append(name)
                    continue
                print(f"{name}: {[getattr(c, 'text', c) for c in result.content]}", file=sys.stderr)
            if failed:
                raise RuntimeError(f"tool call(s) failed: {failed}")
        elif scenario == "request-metadata":
            tools = await client.list_tools()
            print(f"tools/list: {len(tools.tools)} tool(s)", file=sys.stderr)
            await client.call_tool("anything", {})
        else:
            raise SystemExit(f"unknown scenario {scenario!r}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scenario", default=os.environ.get("MCP_CONFORMANCE_SCENARIO", ""))
    parser.add_argument("url")
    args = parser.parse_args()
    try:
        asyncio.run(asyncio.wait_for(run(args.scenario, args.url), timeout=20))
    except Exception as exc:  # noqa: BLE001 - report any failure (ExceptionGroup included) as exit 1
        print(f"mrtr_client: {type(exc).__name__}: {exc!r}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A single-threaded stdio MCP server: one loop reads a line, handles it and writes its answers with
blocking writes, without waiting for answers to its own requests (it remembers them and goes on).

    python -m tests.soak.blocking_server

Tools: ``login`` sends an ``elicitation/create`` for a password (a proxy denies it and answers it
itself) and finishes the call when the answer comes; ``big`` answers with a 2 MiB result; anything
else answers "ok". Spoken to directly by a client that reads all the time, it never blocks for long.
Through ``elicitguard stdio`` it used to deadlock (see README.md, "Findings").
"""

from __future__ import annotations

import json
import sys
from typing import Any

BIG = 2 << 20


def main() -> None:
    out = sys.stdout.buffer
    pending: dict[Any, Any] = {}

    def send(obj: dict[str, Any]) -> None:
        out.write(json.dumps(obj).encode() + b"\n")
        out.flush()

    for line in sys.stdin.buffer:
        msg = json.loads(line)
        method = msg.get("method")
        if method == "initialize":
            send({"jsonrpc": "2.0", "id": msg["id"], "result": {"protocolVersion": "2025-11-25", "capabilities": {},
                                                                "serverInfo": {"name": "blocking", "version": "1"}}})
        elif method == "tools/call":
            name = msg["params"]["name"]
            if name == "login":
                pending[f"e{msg['id']}"] = msg["id"]
                send({"jsonrpc": "2.0", "id": f"e{msg['id']}", "method": "elicitation/create", "params": {
                    "mode": "form", "message": "Log in",
                    "requestedSchema": {"type": "object", "properties": {"password": {"type": "string"}}}}})
            elif name == "big":
                send({"jsonrpc": "2.0", "id": msg["id"], "result": {"content": [{"type": "text", "text": "x" * BIG}]}})
            else:
                send({"jsonrpc": "2.0", "id": msg["id"], "result": {"content": [{"type": "text", "text": "ok"}]}})
        elif method is None and msg.get("id") in pending:
            answer = "declined" if "error" in msg or msg.get("result", {}).get("action") != "accept" else "accepted"
            send({"jsonrpc": "2.0", "id": pending.pop(msg["id"]),
                  "result": {"content": [{"type": "text", "text": answer}]}})


if __name__ == "__main__":
    main()

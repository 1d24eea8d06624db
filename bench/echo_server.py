"""A minimal newline-delimited JSON-RPC server for benchmarks: answers every request with a result
of a fixed size. Not an MCP server; it only has to answer fast."""

import json
import sys

PAYLOAD = "x" * int(sys.argv[1]) if len(sys.argv) > 1 else "x" * 1024

for line in sys.stdin.buffer:
    message = json.loads(line)
    if "id" in message and "method" in message:
        reply = {"jsonrpc": "2.0", "id": message["id"], "result": {"content": [{"type": "text", "text": PAYLOAD}]}}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()

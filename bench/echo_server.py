"""A minimal newline-delimited JSON-RPC server for benchmarks: answers every request with a result
of a fixed size (``argv[1]`` bytes of text, default 1 KiB). Not an MCP server; it only has to answer
fast, so the reply is pre-encoded and only the request's id is spliced in."""

import json
import sys

SIZE = int(sys.argv[1]) if len(sys.argv) > 1 else 1024
HEAD = b'{"jsonrpc":"2.0","id":'
TAIL = b',"result":{"content":[{"type":"text","text":"' + b"x" * SIZE + b'"}]}}\n'

out = sys.stdout.buffer
for line in sys.stdin.buffer:
    message = json.loads(line)
    if "id" in message and "method" in message:
        out.write(HEAD + json.dumps(message["id"]).encode() + TAIL)
        out.flush()

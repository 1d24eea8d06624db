"""A scripted raw JSON-RPC "server": writes exactly the bytes it is told to, records what it receives.

Usage: python tests/peers/raw_server.py SCRIPT.json RECEIVED.log

SCRIPT.json is a list of steps, run in order:
    {"send": "<line>"}          write the line (UTF-8) plus "\\n" to stdout, byte for byte
    {"send_hex": "<hex>"}       write these raw bytes plus "\\n" (for invalid UTF-8 and such)
    {"expect": "<method>"}      read stdin until a request or notification with that method arrives
    {"expect": "response", "id": <id>}
                                read stdin until a response (result or error) arrives; with "id", one whose
                                id equals it with the same JSON type (1 and "1" differ)
    {"exit": <code>}            stop here and exit with that status (without draining stdin)
Each element of a batch counts as its own message; an expect step consumes the first unconsumed
message that matches it, whenever it arrived, so answers may come in any order. When the script ends, stdin is drained to EOF and the
process exits 0. Every line read from stdin is appended to RECEIVED.log as is (flushed per line),
so a test can count what reached the server. No sleeps: every wait is a blocking stdin read.
"""

from __future__ import annotations

import json
import sys
from typing import Any, BinaryIO


def _matches(message: Any, step: dict[str, Any]) -> bool:
    if not isinstance(message, dict):
        return False
    want = step["expect"]
    if want == "response":
        if "method" in message or not ("result" in message or "error" in message):
            return False
        if "id" not in step:
            return True
        got = message.get("id")
        return type(got) is type(step["id"]) and got == step["id"]
    return message.get("method") == want


def _read_line(stdin: BinaryIO, log: BinaryIO) -> bytes:
    line = stdin.readline()
    if line:
        log.write(line if line.endswith(b"\n") else line + b"\n")
        log.flush()
    return line


def main() -> int:
    script_path, log_path = sys.argv[1], sys.argv[2]
    with open(script_path, encoding="utf-8") as handle:
        steps: list[dict[str, Any]] = json.load(handle)
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    backlog: list[Any] = []  # received messages (batch elements) no expect step has consumed yet
    with open(log_path, "ab") as log:
        for step in steps:
            if "send" in step:
                stdout.write(step["send"].encode("utf-8") + b"\n")
                stdout.flush()
            elif "send_hex" in step:
                stdout.write(bytes.fromhex(step["send_hex"]) + b"\n")
                stdout.flush()
            elif "expect" in step:
                # Messages are matched in any order: one that arrived earlier than expected waits in
                # the backlog for its own step.
                while not any(_matches(m, step) for m in backlog):
                    line = _read_line(stdin, log)
                    if not line:
                        print(f"raw_server: EOF while waiting for {step}", file=sys.stderr)
                        return 3
                    try:
                        message = json.loads(line)
                    except ValueError:
                        continue
                    backlog.extend(message if isinstance(message, list) else [message])
                backlog.remove(next(m for m in backlog if _matches(m, step)))
            elif "exit" in step:
                return int(step["exit"])
            else:
                print(f"raw_server: unknown step {step}", file=sys.stderr)
                return 4
        while _read_line(stdin, log):
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())

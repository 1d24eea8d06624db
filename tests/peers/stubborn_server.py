"""A raw stdio "server" for lifecycle tests: answers some requests, holds others, misbehaves on demand.

Usage: python tests/peers/stubborn_server.py [options]
    --pidfile F         write this process's pid to F first
    --ignore-term       ignore SIGTERM (and SIGINT)
    --ignore-eof        at EOF on stdin, do not exit: wait for a signal forever
    --die-mid-message   when a tools/call arrives, write the first half of its answer and SIGKILL itself
    --elicit-on-ping N  after answering the Nth ping, send an elicitation/create request (id "e-N")

On start it writes a notifications/message "ready". ``initialize`` and ``ping`` are answered at once;
``tools/call`` is held forever (until the process dies); every line read is appended to --received
(flushed per line) when given. No sleeps: every wait is a blocking read or ``signal.pause``.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys

INIT = {"protocolVersion": "2025-11-25", "capabilities": {}, "serverInfo": {"name": "stubborn", "version": "0"}}


def write(message: dict[str, object]) -> None:
    sys.stdout.buffer.write(json.dumps(message).encode() + b"\n")
    sys.stdout.buffer.flush()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pidfile")
    parser.add_argument("--received")
    parser.add_argument("--ignore-term", action="store_true")
    parser.add_argument("--ignore-eof", action="store_true")
    parser.add_argument("--die-mid-message", action="store_true")
    parser.add_argument("--elicit-on-ping", type=int, default=0)
    args = parser.parse_args()
    if args.ignore_term:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    if args.pidfile:
        with open(args.pidfile, "w", encoding="ascii") as handle:
            handle.write(str(os.getpid()))
    received = open(args.received, "ab") if args.received else None  # noqa: SIM115
    write({"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": "ready"}})
    pings = 0
    for line in sys.stdin.buffer:
        if received is not None:
            received.write(line)
            received.flush()
        try:
            message = json.loads(line)
        except ValueError:
            continue
        method, rid = message.get("method"), message.get("id")
        if method == "initialize":
            write({"jsonrpc": "2.0", "id": rid, "result": INIT})
        elif method == "ping":
            write({"jsonrpc": "2.0", "id": rid, "result": {}})
            pings += 1
            if pings == args.elicit_on_ping:
                write({"jsonrpc": "2.0", "id": f"e-{pings}", "method": "elicitation/create", "params": {
                    "mode": "form", "message": "Your name?",
                    "requestedSchema": {"type": "object", "properties": {"name": {"type": "string"}}}}})
        elif method == "tools/call" and args.die_mid_message:
            answer = json.dumps({"jsonrpc": "2.0", "id": rid, "result": {"content": [{"type": "text", "text": "x" * 64}]}})
            sys.stdout.buffer.write(answer[: len(answer) // 2].encode())
            sys.stdout.buffer.flush()
            os.kill(os.getpid(), signal.SIGKILL)
    if args.ignore_eof:
        while True:
            signal.pause()
    return 0


if __name__ == "__main__":
    sys.exit(main())

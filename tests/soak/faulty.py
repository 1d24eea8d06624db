"""A relay that breaks one message on purpose, to prove the soak's checks catch it.

    python -m tests.soak.faulty (--drop N | --dup N | --swap N) -- COMMAND [ARG...]

Starts COMMAND (the proxy) and relays stdin to it unchanged; of the lines COMMAND writes to stdout,
the N-th (from 1) is dropped, written twice, or swapped with the one after it. Exit status: COMMAND's.

Only the server's own lines are counted (those carrying its sequence number, ``soak/seq``), and a swap
waits for the next such line; the proxy's own notices and the errors it writes in a server's place are
relayed but not counted. The soak orders only what carries a sequence number, and which line is the
N-th of all depends on timing: CI once swapped a line the soak cannot order and the fault went unseen.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import threading
from typing import IO

SEQUENCED = b'"soak/seq"'  # wire.SEQ, as the server writes it


def _pump_in(src: IO[bytes], dst: IO[bytes]) -> None:
    try:
        while chunk := src.read1(1 << 16):  # type: ignore[attr-defined]
            dst.write(chunk)
            dst.flush()
    except (BrokenPipeError, OSError):
        pass
    finally:
        try:
            dst.close()
        except OSError:
            pass


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    fault = parser.add_mutually_exclusive_group(required=True)
    fault.add_argument("--drop", type=int)
    fault.add_argument("--dup", type=int)
    fault.add_argument("--swap", type=int)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert child.stdin is not None and child.stdout is not None
    threading.Thread(target=_pump_in, args=(sys.stdin.buffer, child.stdin), daemon=True).start()
    out = sys.stdout.buffer
    held: bytes | None = None
    number = 0
    for line in child.stdout:
        if SEQUENCED not in line:
            out.write(line)
            out.flush()
            continue
        number += 1
        if number == args.drop:
            continue
        if number == args.dup:
            out.write(line)
        if number == args.swap:
            held = line
            continue
        out.write(line)
        if held is not None:
            out.write(held)
            held = None
        out.flush()
    if held is not None:
        out.write(held)
    out.flush()
    return child.wait()


if __name__ == "__main__":
    sys.exit(main())

"""The raw relay against the aiohttp relay it replaced, in one process, alternated round by round.

    python bench/relay_ab.py [--rounds 3] [--requests 4000]

Both relays serve the same in-process upstream (bench/upstream.py) on asyncio's own loop, driven by
the same load generator (bench/loadgen.py, 16 connections); the CPU the process spends per request
minus what the direct runs (load generator and upstream alone) spend is what each relay adds. The
two relays differ only in their listener and upstream connections (``listening(relay=...)``): the
handlers and the judging are the same code.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import loadgen  # noqa: E402
import upstream as bench_upstream  # noqa: E402

from elicitguard.policies.config import load_config_text  # noqa: E402
from elicitguard.proxy.audit import AuditLog  # noqa: E402
from elicitguard.proxy.http import listening  # noqa: E402


async def _cpu_per_request(url: str, tool: str, requests: int) -> float:
    await loadgen.measure(url, concurrency=16, tool=tool, seconds=0.3)  # warm
    start = time.process_time()
    run = await loadgen.measure(url, concurrency=16, tool=tool, count=requests)
    return (time.process_time() - start) / run.completed * 1e6


async def main(rounds: int, requests: int) -> None:
    bench_upstream.Upstream.sse_delay = 0
    server = await asyncio.get_running_loop().create_server(bench_upstream.Upstream, "127.0.0.1", 0)
    direct = f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}/mcp"
    added: dict[tuple[str, str], list[float]] = {}
    for number in range(rounds):
        for relay in ("aiohttp", "raw"):
            async with listening(load_config_text(""), direct, AuditLog(stream=io.StringIO()), relay=relay) as proxy:
                for tool in ("json", "sse"):
                    base = await _cpu_per_request(direct, tool, requests)
                    through = await _cpu_per_request(proxy.url(), tool, requests)
                    added.setdefault((relay, tool), []).append(through - base)
                    print(f"round {number + 1} {relay:8s} {tool:4s} adds {through - base:7.1f} us/request", flush=True)
    server.close()
    print("\nmedians (us of CPU added per request, c=16):")
    for tool in ("json", "sse"):
        old, new = (statistics.median(added[(r, tool)]) for r in ("aiohttp", "raw"))
        print(f"  {tool:4s} aiohttp relay {old:6.1f}   raw relay {new:6.1f}   ({new / old:.2f}x)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--requests", type=int, default=4000)
    args = parser.parse_args()
    asyncio.run(main(args.rounds, args.requests))

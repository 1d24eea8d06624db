"""elicitguard benchmarks, each reported as a ratio to a baseline measured in the same run.

    python bench/run.py [--quick]

1. core: Guard.server_message on a 1 KiB tools/call result and on a form elicitation, against
   json.loads of the same bytes (the floor any JSON-judging proxy pays).
   scaling: hostile inputs (runs a backtracking pattern would rescan, forms of many clauses) judged
   at 8x the size of a baseline run; the ratio is normalised so that 1.0 means linear.
2. stdio: request/response round trips through `elicitguard stdio -- echo_server` against the
   same echo server spoken to directly, and through a plain relay that judges nothing
   (bench/plain_relay.py): the second ratio is the cost of judging alone.
3. http: POST round trips through `elicitguard http` against an aiohttp echo upstream spoken to
   directly and through a plain aiohttp relay, plus SSE time-to-first-event through the proxy vs direct.
Results go to stdout as a table and to bench/results/latest.json.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from elicitguard.policies.config import Config  # noqa: E402
from elicitguard.policies.engine import ClientRequest, Guard, SessionState  # noqa: E402
from elicitguard.policies.envelope import id_key  # noqa: E402

RESULT = json.dumps({"jsonrpc": "2.0", "id": 7, "result": {"content": [{"type": "text", "text": "x" * 1024}]}}).encode()
FORM = json.dumps({"jsonrpc": "2.0", "id": 9, "method": "elicitation/create", "params": {
    "mode": "form", "message": "Tell us about you", "requestedSchema": {"type": "object", "properties": {
        "name": {"type": "string", "title": "Name"}, "age": {"type": "integer"},
        "color": {"type": "string", "enum": ["red", "green"]}}, "required": ["name"]}}}).encode()


def _rate(fn, seconds: float) -> float:
    count, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(200):
            fn()
        count += 200
    return count / elapsed


def bench_core(seconds: float) -> list[dict[str, object]]:
    config = Config()
    rows = []
    for label, raw in (("tools/call result 1 KiB", RESULT), ("form elicitation", FORM)):
        state = SessionState(client_modes=frozenset({"form", "url"}))
        guard = Guard(config.policy, config.max_message_bytes, state)

        def judge(raw: bytes = raw) -> None:
            state.pending_client[id_key(7)] = ClientRequest("tools/call", "t", None, None)
            guard.server_message(raw)

        base = _rate(lambda raw=raw: json.loads(raw), seconds)
        ours = _rate(judge, seconds)
        rows.append({"bench": f"core: {label}", "baseline": "json.loads", "baseline_per_s": round(base),
                     "proxy_per_s": round(ours), "ratio": round(ours / base, 3)})
    return rows


def _best_time(fn, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def bench_scaling() -> list[dict[str, object]]:
    """Judging cost must grow linearly: each hostile input judged at 8x the size of its baseline run;
    ``ratio`` is the time ratio divided by 8 (1.0 is linear; a quadratic cost would show 8)."""
    from elicitguard.policies.credentials import secret_value_shape

    rows = []
    for label, unit in (("secret shapes on a run of 'sk-'", "sk-"), ("secret shapes on a run of letters", "a"),
                        ("secret shapes on a run of 'eyJ-'", "eyJ-")):
        small, big = unit * (8192 // len(unit)), unit * (65536 // len(unit))
        base = _best_time(lambda: secret_value_shape(small))
        ours = _best_time(lambda: secret_value_shape(big))
        rows.append({"bench": f"scaling: {label}", "baseline": "same at 1/8 size", "baseline_per_s": round(1 / base),
                     "proxy_per_s": round(1 / ours), "ratio": round(ours / base / 8, 3)})
    config = Config()
    forms = []
    for fields in (16, 128):
        forms.append(json.dumps({"jsonrpc": "2.0", "id": 9, "method": "elicitation/create", "params": {
            "mode": "form", "message": "m", "requestedSchema": {"type": "object", "properties": {
                f"f{i}": {"type": "string", "description": "word, " * 60} for i in range(fields)}}}}).encode())

    def judge(raw: bytes) -> None:
        state = SessionState(client_modes=frozenset({"form"}))
        Guard(config.policy, config.max_message_bytes, state).server_message(raw)

    base = _best_time(lambda: judge(forms[0]))
    ours = _best_time(lambda: judge(forms[1]))
    rows.append({"bench": "scaling: form judging, 16 vs 128 fields of clauses", "baseline": "same at 1/8 size",
                 "baseline_per_s": round(1 / base), "proxy_per_s": round(1 / ours), "ratio": round(ours / base / 8, 3)})
    return rows


async def _stdio_round_trips(cmd: list[str], n: int) -> float:
    proc = await asyncio.create_subprocess_exec(*cmd, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                                                stderr=asyncio.subprocess.DEVNULL, limit=1 << 22)
    assert proc.stdin and proc.stdout
    # warm up
    proc.stdin.write(b'{"jsonrpc":"2.0","id":0,"method":"tools/call","params":{"name":"x"}}\n')
    await asyncio.wait_for(proc.stdout.readline(), 30)
    start = time.perf_counter()
    for i in range(1, n + 1):
        proc.stdin.write(b'{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"x"}}\n' % i)
        await proc.stdin.drain()
        await asyncio.wait_for(proc.stdout.readline(), 30)
    elapsed = time.perf_counter() - start
    proc.stdin.close()
    await asyncio.wait_for(proc.wait(), 30)
    return n / elapsed


def bench_stdio(n: int) -> list[dict[str, object]]:
    echo = [sys.executable, str(ROOT / "bench" / "echo_server.py")]
    proxied = [sys.executable, "-m", "proxy", "stdio", "--"] + echo
    relayed = [sys.executable, str(ROOT / "bench" / "plain_relay.py"), "stdio", "--"] + echo
    os.environ["PYTHONPATH"] = str(ROOT)
    base = statistics.median(asyncio.run(_stdio_round_trips(echo, n)) for _ in range(3))
    relay = statistics.median(asyncio.run(_stdio_round_trips(relayed, n)) for _ in range(3))
    ours = statistics.median(asyncio.run(_stdio_round_trips(proxied, n)) for _ in range(3))
    row = "stdio: sequential round trips, 1 KiB results"
    return [{"bench": row, "baseline": "direct", "baseline_per_s": round(base), "proxy_per_s": round(ours),
             "ratio": round(ours / base, 3)},
            {"bench": row, "baseline": "plain relay", "baseline_per_s": round(relay), "proxy_per_s": round(ours),
             "ratio": round(ours / relay, 3)}]


async def _http(n: int) -> list[dict[str, object]]:
    import aiohttp
    from aiohttp import web

    release = asyncio.Event()

    async def post(request: web.Request) -> web.StreamResponse:
        body = await request.json()
        if body.get("method") == "sse":
            resp = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
            await resp.prepare(request)
            await resp.write(b'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}\n\n')
            await release.wait()
            await resp.write(b'event: message\ndata: {"jsonrpc":"2.0","id":%d,"result":{}}\n\n' % body["id"])
            return resp
        return web.json_response({"jsonrpc": "2.0", "id": body["id"], "result": {"content": [{"type": "text", "text": "x" * 1024}]}})

    app = web.Application()
    app.router.add_post("/mcp", post)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    upstream = f"http://127.0.0.1:{port}/mcp"
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "proxy", "http", "--listen", "127.0.0.1:0",
                                                "--upstream", upstream, stderr=asyncio.subprocess.PIPE,
                                                env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.stderr
    line = (await asyncio.wait_for(proc.stderr.readline(), 30)).decode()
    match = re.search(r"listening on http://[^:]+:(\d+)", line)
    assert match, line
    proxied = f"http://127.0.0.1:{match.group(1)}/mcp"
    drain = asyncio.create_task(proc.stderr.read())  # audit lines: keep the pipe from filling
    relay_proc = await asyncio.create_subprocess_exec(sys.executable, str(ROOT / "bench" / "plain_relay.py"), "http",
                                                      upstream, stderr=asyncio.subprocess.PIPE)
    assert relay_proc.stderr
    relay_line = (await asyncio.wait_for(relay_proc.stderr.readline(), 30)).decode()
    relay_match = re.search(r"listening on http://[^:]+:(\d+)", relay_line)
    assert relay_match, relay_line
    relayed = f"http://127.0.0.1:{relay_match.group(1)}/mcp"
    headers = {"Accept": "application/json, text/event-stream"}

    async def rate(url: str) -> float:
        async with aiohttp.ClientSession() as s:
            for i in range(20):
                async with s.post(url, json={"jsonrpc": "2.0", "id": i, "method": "tools/call"}, headers=headers) as r:
                    await r.read()
            start = time.perf_counter()
            for i in range(n):
                async with s.post(url, json={"jsonrpc": "2.0", "id": i, "method": "tools/call"}, headers=headers) as r:
                    await r.read()
            return n / (time.perf_counter() - start)

    async def first_event(url: str) -> float:
        times = []
        async with aiohttp.ClientSession() as s:
            for i in range(30):
                release.clear()
                start = time.perf_counter()
                async with s.post(url, json={"jsonrpc": "2.0", "id": i, "method": "sse"}, headers=headers) as r:
                    await r.content.readuntil(b"\n\n")
                    times.append(time.perf_counter() - start)
                    release.set()
                    await r.read()
        return statistics.median(times)

    try:
        base, relay, ours = await rate(upstream), await rate(relayed), await rate(proxied)
        t_base, t_ours = await first_event(upstream), await first_event(proxied)
    finally:
        proc.terminate()
        relay_proc.terminate()
        await asyncio.wait_for(proc.wait(), 30)
        await asyncio.wait_for(relay_proc.wait(), 30)
        drain.cancel()
        await runner.cleanup()
    return [
        {"bench": "http: sequential POST round trips, JSON 1 KiB", "baseline": "direct", "baseline_per_s": round(base),
         "proxy_per_s": round(ours), "ratio": round(ours / base, 3)},
        {"bench": "http: sequential POST round trips, JSON 1 KiB", "baseline": "plain relay",
         "baseline_per_s": round(relay), "proxy_per_s": round(ours), "ratio": round(ours / relay, 3)},
        {"bench": "http: SSE time to first event (median s)", "baseline": "direct", "baseline_per_s": round(t_base, 5),
         "proxy_per_s": round(t_ours, 5), "ratio": round(t_base / t_ours, 3)},
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="shorter runs (for a smoke check)")
    args = parser.parse_args()
    seconds, n = (0.3, 200) if args.quick else (2.0, 2000)
    rows = bench_core(seconds) + bench_scaling() + bench_stdio(n) + asyncio.run(_http(n))
    width = max(len(str(r["bench"])) for r in rows)
    print(f"{'benchmark':<{width}}  {'against':<12} {'baseline':>10}  {'elicitguard':>11}  ratio (1.0 = no overhead)")
    for r in rows:
        print(f"{r['bench']:<{width}}  {r['baseline']:<12} {r['baseline_per_s']:>10}  {r['proxy_per_s']:>11}  {r['ratio']}")
    out = ROOT / "bench" / "results"
    out.mkdir(exist_ok=True)
    (out / "latest.json").write_text(json.dumps(rows, indent=2) + "\n")


if __name__ == "__main__":
    main()

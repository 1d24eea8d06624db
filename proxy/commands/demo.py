"""``elicitguard demo``: a built-in misbehaving server, through the real proxy, to a scripted client.

Runs ``elicitguard stdio`` and ``elicitguard http`` as real processes with the given (or built-in)
policy, and prints what the user was shown, what was blocked and why (from the audit log), and the
audit lines themselves. Nothing beyond the package's own dependencies is needed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml

from elicitguard.proxy.commands import EXIT_DENY, EXIT_OK, add_config, config_path, fail, load
from elicitguard.proxy.demo.report import Run, render

STARTUP = 30.0  # seconds for a proxy process to start listening
SERVER_MODULE = "elicitguard.proxy.demo.server"


def register(sub: Any) -> None:
    demo = sub.add_parser("demo", help="watch elicitguard stop a misbehaving server (nothing else to install)",
                          description="Run a built-in misbehaving MCP server (benign and phishing forms, good and "
                                      "look-alike URLs, a -32042 error, 2026-07-28 input_required rounds) through "
                                      "elicitguard stdio and elicitguard http to a scripted client, and print what "
                                      "the user was shown, what was blocked and why, and the audit lines. With "
                                      "--config, your policy decides.")
    add_config(demo)
    demo.add_argument("--transport", choices=("stdio", "http", "both"), default="both",
                      help="which proxy path to run (default: both)")
    demo.add_argument("--audit-dir", metavar="DIR", help="keep the full audit logs in DIR (default: a temporary "
                                                         "directory, removed afterwards)")
    demo.set_defaults(handler=cmd_demo)


def _demo_config(user_config: str | None, audit_path: Path, target: Path) -> None:
    """The user's config (already validated), with the audit log sent to our file.

    Listeners are the demo's own (loopback, free ports): the admin listener is left out, so a demo
    never competes with a running proxy for its port.
    """
    data: dict[str, Any] = {}
    if user_config is not None:
        with open(user_config, encoding="utf-8") as handle:
            loaded = yaml.safe_load(handle)
        data = loaded if isinstance(loaded, dict) else {}
    data.pop("admin", None)
    data["audit"] = {**(data.get("audit") or {}), "path": str(audit_path)}
    target.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def _child_env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("ELICITGUARD_CONFIG", None)
    return env


async def _stdio(config: Path, scenarios: list[Any], problems: list[str]) -> list[Any]:
    from elicitguard.proxy.demo.client import StdioClient

    command = [sys.executable, "-m", "elicitguard", "stdio", "--config", str(config), "--",
               sys.executable, "-m", SERVER_MODULE]
    process = await asyncio.create_subprocess_exec(*command, stdin=asyncio.subprocess.PIPE,
                                                   stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
                                                   env=_child_env())
    try:
        records = await StdioClient(process).run(scenarios)
    finally:
        assert process.stdin is not None
        process.stdin.close()  # the server exits at EOF, and the proxy with it
        try:
            _, stderr = await asyncio.wait_for(process.communicate(), STARTUP)
        except TimeoutError:
            process.kill()
            _, stderr = await process.communicate()
    if process.returncode != 0:
        problems.append(f"elicitguard stdio exited {process.returncode}: {stderr.decode(errors='replace').strip()}")
    return records


async def _http(config: Path, scenarios: list[Any], problems: list[str]) -> list[Any]:
    import aiohttp
    from aiohttp import web

    from elicitguard.proxy.demo.client import HttpClient
    from elicitguard.proxy.demo.server import make_app

    runner = web.AppRunner(make_app(), handle_signals=False)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    upstream = f"http://127.0.0.1:{runner.addresses[0][1]}/mcp"
    command = [sys.executable, "-m", "elicitguard", "http", "--config", str(config), "--listen", "127.0.0.1:0",
               "--upstream", upstream]
    process = await asyncio.create_subprocess_exec(*command, stdin=asyncio.subprocess.DEVNULL,
                                                   stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
                                                   env=_child_env())
    assert process.stderr is not None
    try:
        listening = ""
        seen: list[str] = []
        while "listening on http://" not in listening:
            raw = await asyncio.wait_for(process.stderr.readline(), STARTUP)
            if not raw:
                problems.append("elicitguard http did not start: " + " ".join(seen))
                return []
            listening = raw.decode(errors="replace")
            seen.append(listening.strip())
        url = listening.split("listening on ", 1)[1].split()[0] + "/mcp"
        async with aiohttp.ClientSession() as session:
            return await HttpClient(session, url).run(scenarios)
    finally:
        if process.returncode is None:
            process.terminate()
        try:
            await asyncio.wait_for(process.communicate(), STARTUP)
        except TimeoutError:
            process.kill()
            await process.communicate()
        await runner.cleanup()


async def _run_all(transports: list[str], user_config: str | None, workdir: Path) -> list[Run]:
    from elicitguard.proxy.audit import verify
    from elicitguard.proxy.demo.scenarios import LEGACY, MODERN, SCENARIOS

    runs = []
    for transport in transports:
        audit_file = workdir / f"{transport}-audit.jsonl"
        config = workdir / f"{transport}-config.yaml"
        _demo_config(user_config, audit_file, config)
        problems: list[str] = []
        if transport == "stdio":
            # A 2025-11-25 session (initialize first), then a 2026-07-28 client, which has no session.
            records = await _stdio(config, [s for s in SCENARIOS if s.era == LEGACY], problems)
            records += await _stdio(config, [s for s in SCENARIOS if s.era == MODERN], problems)
        else:
            records = await _http(config, list(SCENARIOS), problems)
        lines = audit_file.read_text(encoding="utf-8").splitlines() if audit_file.exists() else []
        audit = []
        for line in lines:
            with contextlib.suppress(ValueError):
                audit.append(json.loads(line))
        count, broken = verify(lines)
        chain = f"chain broken: {broken}" if broken else f"hash chain intact, {count} lines"
        runs.append(Run(transport, records, audit, str(audit_file), chain, problems))
    return runs


def cmd_demo(args: argparse.Namespace) -> int:
    config = load(args.config)  # fail early, with the usual message, on a bad config
    user_config = config_path(args.config)
    transports = ["stdio", "http"] if args.transport == "both" else [args.transport]
    keep = Path(args.audit_dir) if args.audit_dir else None
    if keep is not None:
        try:
            keep.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            fail(f"cannot create {keep}: {exc.strerror or exc}")
    workdir = keep or Path(tempfile.mkdtemp(prefix="elicitguard-demo-"))
    try:
        runs = asyncio.run(_run_all(transports, user_config, workdir))
    finally:
        if keep is None:
            shutil.rmtree(workdir, ignore_errors=True)
    policy = user_config or "the built-in defaults"
    ok = render(runs, f"{policy} (mode {config.policy.mode}, on_deny {config.policy.on_deny})",
                sys.stdout, keep is not None)
    return EXIT_OK if ok else EXIT_DENY

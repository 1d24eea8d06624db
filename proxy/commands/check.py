"""``elicitguard check``: validate a config, and show the effective policy per server."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from elicitguard.policies.config import Config, Policy, ServerEntry
from elicitguard.policies.effective import policy_dict
from elicitguard.policies.teamrules import rule_ids
from elicitguard.proxy.commands import EXIT_OK, EXIT_USAGE, add_config, fail, load, server_policy
from elicitguard.proxy.preflight import preflight


def register(sub: Any) -> None:
    check = sub.add_parser(
        "check", help="validate a config: exit 0 ok, 2 invalid",
        description="Validate a config: unknown keys, wrong types, a server entry that loosens the global policy "
                    "without servers.NAME.widen, and what would fail at start (an unreadable http.ca_bundle, an "
                    "audit.path that cannot be written). Warnings go to stderr. Exit 0 ok, 2 invalid.")
    add_config(check)
    check.add_argument("file", nargs="?", metavar="FILE", help="the config to check (same as --config FILE)")
    check.add_argument("--effective", action="store_true",
                       help="print the effective policy (global and per server, after merging) as JSON")
    check.add_argument("--name", metavar="NAME", help="with --effective: only server NAME (must be under servers:)")
    check.set_defaults(handler=cmd_check)


def server_json(entry: ServerEntry) -> dict[str, Any]:
    return {"upstream": entry.upstream, "widened": list(entry.widened), "policy": policy_dict(entry.policy)}


def effective_json(config: Config, name: str | None) -> dict[str, Any]:
    head: dict[str, Any] = {"source": config.source, "policy_version": config.version}
    if name is not None:
        return {**head, "server": name, **server_json(config.servers[name])}
    return {**head, "default": {"upstream": config.upstream, "policy": policy_dict(config.policy)},
            "servers": {n: server_json(e) for n, e in config.servers.items()}}


def cmd_check(args: argparse.Namespace) -> int:
    if args.file and args.config and args.file != args.config:
        fail(f"check: two configs given ({args.config} and {args.file}); name one")
    config = load(args.file or args.config)
    if args.name is not None:
        server_policy(config, args.name)  # exit 2 for a name not under servers:
    findings = preflight(config)
    for warning in findings.warnings:
        print(f"elicitguard: warning: {warning}", file=sys.stderr)
    if findings.errors:
        print(f"elicitguard: {config.source}: would fail at start:", file=sys.stderr)
        for error in findings.errors:
            print(f"  {error}", file=sys.stderr)
        return EXIT_USAGE
    if args.effective:
        print(json.dumps(effective_json(config, args.name), indent=2))
        return EXIT_OK
    servers = f", {len(config.servers)} server override(s)" if config.servers else ""
    print(f"elicitguard: {config.source}: ok (mode {config.policy.mode}, on_deny {config.policy.on_deny}{servers}, "
          f"policy_version {config.version})")
    if config.policy.monitored:
        print(f"  monitored rules: {', '.join(sorted(config.policy.monitored))}")
    for name, entry in config.servers.items():
        if entry.widened:
            print(f"  servers.{name} widens: {', '.join(entry.widened)}")
        extra = entry.policy.monitored - config.policy.monitored
        if extra:
            print(f"  servers.{name} also monitors: {', '.join(sorted(extra))}")
    print("rules:")
    _print_rules("global", config.policy)
    for name, entry in config.servers.items():
        _print_rules(f"servers.{name}", entry.policy)
    return EXIT_OK


def _print_rules(scope: str, policy: Policy) -> None:
    """The rule ids a policy uses, so a team sees what its audit lines can name."""
    ids = rule_ids(policy)
    print(f"  {scope}:")
    print(f"    form: {', '.join(ids['form']) or '(credential detection off)'}")
    print(f"    team: {', '.join(ids['team']) or '(none)'}")
    print(f"    response: {', '.join(ids['response']) or '(scan off)'}")
    if ids["response_off"] and policy.response.scan:
        print(f"    response, switched off: {', '.join(ids['response_off'])}")

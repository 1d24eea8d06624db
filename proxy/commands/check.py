"""``elicitguard check``: validate a config."""

from __future__ import annotations

import argparse
from typing import Any

from elicitguard.policies.config import Policy
from elicitguard.policies.rules import rule_ids
from elicitguard.proxy.commands import EXIT_OK, add_config, load


def register(sub: Any) -> None:
    check = sub.add_parser("check", help="validate a config: exit 0 ok, 2 invalid")
    add_config(check)
    check.set_defaults(handler=cmd_check)


def cmd_check(args: argparse.Namespace) -> int:
    config = load(args.config)
    servers = f", {len(config.servers)} server override(s)" if config.servers else ""
    print(f"elicitguard: {config.source}: ok (mode {config.policy.mode}, on_deny {config.policy.on_deny}{servers})")
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

"""``elicitguard check``: validate a config."""

from __future__ import annotations

import argparse
from typing import Any

from elicitguard.proxy.commands import EXIT_OK, add_config, load


def register(sub: Any) -> None:
    check = sub.add_parser("check", help="validate a config: exit 0 ok, 2 invalid")
    add_config(check)
    check.set_defaults(handler=cmd_check)


def cmd_check(args: argparse.Namespace) -> int:
    config = load(args.config)
    servers = f", {len(config.servers)} server override(s)" if config.servers else ""
    print(f"elicitguard: {config.source}: ok (mode {config.policy.mode}, on_deny {config.policy.on_deny}{servers})")
    return EXIT_OK

"""Command line: ``elicitguard COMMAND``; each command lives in ``proxy.commands``."""

from __future__ import annotations

import argparse
import sys

from elicitguard import __version__
from elicitguard.proxy.build import judges_built
from elicitguard.proxy.commands import (
    EXIT_USAGE,
    audit_tools,
    auditing,
    check,
    demo,
    explain,
    policytest,
    schema,
    serve,
)

# Each module adds its subcommands, in the order --help lists them.
COMMANDS = (serve, check, explain, auditing, audit_tools, policytest, schema, demo)

DESCRIPTION = """\
elicitguard: a security proxy for MCP elicitation.

It sits between an MCP client and server, blocks form elicitations that ask for credentials,
enforces the client's declared elicitation modes, checks URL-mode URLs against the policy, and
writes a hash-chained JSON audit log of every decision. Everything else passes through unchanged.

Config: --config FILE, else $ELICITGUARD_CONFIG, else safe built-in defaults.
"""

EPILOG = """\
examples:
  elicitguard demo
  elicitguard stdio -- python my_server.py
  elicitguard stdio --config policy.yaml --name github -- npx -y @acme/github-mcp
  elicitguard http --upstream http://127.0.0.1:9000/mcp --listen 127.0.0.1:8931
  elicitguard check policy.yaml
  elicitguard check --effective --name github policy.yaml
  elicitguard explain --config policy.yaml --name github --client-modes form message.json
  elicitguard audit-verify audit.jsonl
  elicitguard test --config policy.yaml policy-tests.yaml
  elicitguard schema -o elicitguard.schema.json
"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="elicitguard", description=DESCRIPTION, epilog=EPILOG,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"elicitguard {__version__} ({judges_built()})")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in COMMANDS:
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    code: int = args.handler(args)
    return code


if __name__ == "__main__":
    sys.exit(main())

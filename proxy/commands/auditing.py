"""``elicitguard audit-verify``: tools for reading the audit log."""

from __future__ import annotations

import argparse
from typing import Any

from elicitguard.proxy.commands import EXIT_DENY, EXIT_OK, fail


def register(sub: Any) -> None:
    verify = sub.add_parser("audit-verify", help="check an audit log's hash chain: exit 0 intact, 1 broken")
    verify.add_argument("file", metavar="FILE")
    verify.set_defaults(handler=cmd_audit_verify)


def cmd_audit_verify(args: argparse.Namespace) -> int:
    from elicitguard.proxy.audit import verify

    try:
        with open(args.file, encoding="utf-8") as handle:
            count, problem = verify(handle)
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"cannot read {args.file}: {exc}")
    if problem:
        print(f"elicitguard: {args.file}: {problem} ({count} line(s) verified before it)")
        return EXIT_DENY
    print(f"elicitguard: {args.file}: chain intact, {count} line(s)")
    return EXIT_OK

"""``elicitguard schema``: print the config's JSON Schema (generated from the spec ``check`` uses)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from elicitguard.proxy.commands import EXIT_OK, fail


def register(sub: Any) -> None:
    schema = sub.add_parser("schema", help="print the config's JSON Schema (for editors and CI validators)",
                            description="Print the JSON Schema of the config file, generated from the same spec "
                                        "'elicitguard check' validates against. Point your editor at it, e.g. with "
                                        "a first line '# yaml-language-server: $schema=elicitguard.schema.json'.")
    schema.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of stdout")
    schema.set_defaults(handler=cmd_schema)


def cmd_schema(args: argparse.Namespace) -> int:
    from elicitguard.policies.schema import render

    text = render()
    if args.output is None:
        sys.stdout.write(text)
        return EXIT_OK
    try:
        with open(args.output, "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as exc:
        fail(f"cannot write {args.output}: {exc.strerror or exc}")
    return EXIT_OK

"""``elicitguard audit-verify``: check an audit log's hash chains, and say whether each was closed."""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
from collections.abc import Iterator
from typing import Any, Final, TextIO

from elicitguard.proxy.commands import EXIT_DENY, EXIT_OK, EXIT_USAGE, fail

EXIT_OPEN: Final = 3  # intact so far, but a chain has no closing record: its end may have been cut

DESCRIPTION = """\
Check every hash chain in an audit log (one per process that wrote it, and per reopening).
Exit status: 0 every chain intact and closed; 1 broken (a line of a chain edited, deleted,
reordered or inserted, or a --head missing); 3 open (intact, but a chain has no closing record:
its writer is still running or was killed, or lines were cut from its end); 2 the file or key
cannot be used, or a keyed chain and no --key-file. For each chain it prints the last seq and
hash: keep them elsewhere and pass them back as --head to prove later that nothing up to them
was cut. Repeated refusals the audit budget (audit.max_repeats) left out are not gaps: the
audit.suppressed records that count them are in the chain, and their total is printed. Without a key, someone who can write the file can also recompute a chain: use
audit.hmac_key_file and --key-file for logs that must resist that.
"""


def register(sub: Any) -> None:
    add_verify(sub, "audit-verify")


def add_verify(sub: Any, name: str) -> argparse.ArgumentParser:
    """Add the verify command under ``name`` (also usable for an ``audit verify`` subcommand)."""
    verify: argparse.ArgumentParser = sub.add_parser(name, help="check an audit log's hash chains: exit 0 intact and closed, 1 broken, 3 open",
                            description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    verify.add_argument("file", metavar="FILE", help="the audit log (- for stdin)")
    verify.add_argument("--key-file", metavar="FILE",
                        help="the audit.hmac_key_file the log was written with (its chains are HMAC-SHA256)")
    verify.add_argument("--head", metavar="HASH", action="append", default=[],
                        help="a record hash kept elsewhere (e.g. an earlier run's last hash) that must still be "
                             "in the file; repeatable")
    verify.set_defaults(handler=cmd_audit_verify)
    return verify


def cmd_audit_verify(args: argparse.Namespace) -> int:
    from elicitguard.proxy.audit import load_key, verify_report

    key = None
    if args.key_file:
        try:
            key = load_key(args.key_file)
        except (OSError, ValueError) as exc:
            fail(f"cannot use key file {args.key_file}: {getattr(exc, 'strerror', None) or exc}")
    try:
        # Lines end at LF only, as for every other reader of the log (audit tail, summary, jq): with
        # universal newlines a CR put between two records would make them two lines here and one
        # unreadable line everywhere else.
        if args.file == "-":
            stdin = getattr(sys.stdin, "buffer", None)
            lines = io.TextIOWrapper(stdin, encoding="utf-8", newline="\n") if stdin is not None else sys.stdin
            report = verify_report(lines, key, args.head)
        else:
            with open(args.file, encoding="utf-8", newline="\n") as handle:
                report = verify_report(_settled(handle), key, args.head)
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"cannot read {args.file}: {exc}")
    name = args.file
    for chain in report.chains:
        state = "closed" if chain.closed else "OPEN"
        print(f"  chain {chain.writer or '(no writer id)'} from line {chain.first_line}: {chain.records} record(s), "
              f"{state}, {chain.alg}, last seq {chain.last_seq}, head {chain.head}")
    if report.problem:
        print(f"elicitguard: {name}: {report.problem} ({report.records} line(s) verified before it)")
        return EXIT_USAGE if report.needs_key else EXIT_DENY
    if report.missing_heads:
        for head in report.missing_heads:
            print(f"elicitguard: {name}: head {head} is not in the file: records up to it were cut or replaced")
        return EXIT_DENY
    if not report.chains:
        print(f"elicitguard: {name}: no audit record at all: nothing shows the file was not emptied")
        return EXIT_OPEN
    if report.open_chains:
        print(f"elicitguard: {name}: intact but OPEN: {len(report.open_chains)} of {len(report.chains)} chain(s) "
              f"have no closing record (writer still running or killed, or lines cut from the end); "
              f"{report.records} record(s){_suppressed(report.suppressed)}")
        return EXIT_OPEN
    print(f"elicitguard: {name}: chain intact and closed, {report.records} record(s) in "
          f"{len(report.chains)} chain(s){_suppressed(report.suppressed)}")
    return EXIT_OK


def _settled(handle: TextIO) -> Iterator[str]:
    """The file's lines; a last line without its newline is read again once the writers' lock is free
    (the text twin of ``auditread.iter_lines``, which the other audit commands read through).

    A writer holds an exclusive lock on the file for the whole of each line it writes, and a reader
    can see the first part of a line before the rest is copied in: a live shared file is not broken
    for that. Only the end waits for the lock (for one line), so verifying never stalls the proxies."""
    from elicitguard.proxy.auditread import LOCKING, writers_lock

    for line in handle:
        if not line.endswith("\n") and LOCKING:
            with contextlib.suppress(OSError), writers_lock(handle.fileno()):
                line += handle.readline()
        yield line


def _suppressed(count: int) -> str:
    return f", and {count} repeated decision(s) counted in audit.suppressed records" if count else ""

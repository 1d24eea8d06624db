"""The audit hash chain: how a record is hashed, and how a file of chains is verified. No I/O.

Each writer (one ``AuditLog`` between opening and closing its file) writes one chain: records carry
``writer`` (the chain's id), ``seq`` (1, 2, ...), ``prev`` (the previous record's hash) and ``hash``
(SHA-256, or HMAC-SHA256 with a key, over ``prev`` and the record's canonical JSON without ``hash``).
A chain starts with an ``audit.opened`` record whose ``prev`` is the hash of the line just above it
in the file (or ``GENESIS``), and ends with an ``audit.closed`` record giving ``count`` and ``head``.
Several writers may append to one file: their chains interleave and are followed separately. A chain
whose ``audit.opened`` says ``format: 2`` also ties each record to the line above it in the file: the
record names that line's hash in ``above`` when it is not the chain's own previous record (``prev``),
so records of two writers cannot be swapped or moved past each other unnoticed. A record left out by
the repeat budget is counted in an ``audit.suppressed`` record (``count``).

Records written before chains had writers (no ``writer`` field) form one chain, as they always did.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Final

from elicitguard.policies.envelope import DuplicateKey, unique_pairs

GENESIS: Final = "0" * 64
ALG_SHA256: Final = "sha256"
ALG_HMAC: Final = "hmac-sha256"
OPENED: Final = "audit.opened"
CLOSED: Final = "audit.closed"
SUPPRESSED: Final = "audit.suppressed"
FORMAT_ABOVE: Final = 2  # audit.opened's ``format``: every record tied to the line above it


_CANONICAL: Final = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical(record: dict[str, Any]) -> bytes:
    """The bytes a line's hash covers (independent of how the line itself is escaped)."""
    return _CANONICAL.encode(record).encode("utf-8", "surrogatepass")


def chain_hash(prev: str, record: dict[str, Any], key: bytes | None = None) -> str:
    """SHA-256 over ``prev`` and the record; HMAC-SHA256 under ``key`` when one is given."""
    data = prev.encode("ascii", "replace") + canonical(record)
    if key is None:
        return hashlib.sha256(data).hexdigest()
    return hmac.new(key, data, hashlib.sha256).hexdigest()


@dataclass
class ChainReport:
    """One writer's chain as verified so far."""

    writer: str | None
    first_line: int
    alg: str = ALG_SHA256
    records: int = 0
    last_seq: int = 0
    head: str = GENESIS
    closed: bool = False
    format: int = 1


@dataclass
class Report:
    """The verdict on a whole file."""

    chains: list[ChainReport] = field(default_factory=list)
    records: int = 0
    problem: str | None = None
    needs_key: bool = False  # a keyed chain and no key to check it with
    missing_heads: list[str] = field(default_factory=list)
    suppressed: int = 0  # decisions the repeat budget counted instead of writing (audit.suppressed)

    @property
    def open_chains(self) -> list[ChainReport]:
        return [c for c in self.chains if not c.closed]


class _Verifier:
    def __init__(self, key: bytes | None, heads: Iterable[str]) -> None:
        self.key = key
        self.report = Report()
        self.chains: dict[str | None, ChainReport] = {}
        self.above: str | None = None  # hash of the previous record line in the file
        self.wanted = {h.lower() for h in heads}

    def line(self, number: int, line: str) -> str | None:
        """Check one line; the problem, if any."""
        if not line.strip():
            return None
        try:
            record = json.loads(line, object_pairs_hook=unique_pairs)
        except DuplicateKey as exc:
            # The writer never writes a key twice; parsers differ on which one they keep (Python and jq
            # the last, others the first, Elasticsearch refuses the line), so the hash would vouch
            # for a line that some readers read otherwise.
            return f"line {number}: key {str(exc)[:40]!r} appears twice (line edited)"
        except ValueError:
            return f"line {number}: not JSON"
        if not isinstance(record, dict) or not isinstance(record.get("hash"), str):
            return f"line {number}: no hash"
        claimed = record.pop("hash")
        writer = record.get("writer")
        if writer is not None and not isinstance(writer, str):
            return f"line {number}: writer is not a string"
        seq, prev = record.get("seq"), record.get("prev")
        if not isinstance(seq, int) or isinstance(seq, bool) or not isinstance(prev, str):
            return f"line {number}: no seq or prev"
        chain = self.chains.get(writer)
        if chain is None:
            if seq != 1:
                return f"line {number}: the chain does not start here (lines deleted before it?)"
            # A chain links to the line above it when it opened (or starts afresh at GENESIS).
            if prev != GENESIS and prev != self.above:
                return (f"line {number}: the chain links to a record that is not the line above "
                        "(lines deleted or moved?)")
            if prev == GENESIS and self.above is not None and record.get("event") == OPENED \
                    and record.get("format") == FORMAT_ABOVE:
                # A format-2 writer starts at GENESIS only atop an empty file: this chain was copied
                # here from another file (a keyed chain replayed), or the lines above it were added.
                return (f"line {number}: a chain that began its file is found below other lines "
                        "(copied from another file?)")
            alg = record.get("alg", ALG_SHA256) if record.get("event") == OPENED else ALG_SHA256
            chain = ChainReport(writer, number, alg if isinstance(alg, str) else "?")
            if chain.alg not in (ALG_SHA256, ALG_HMAC):
                return f"line {number}: unknown chain algorithm {chain.alg!r}"
            if chain.alg == ALG_HMAC and self.key is None:
                self.report.needs_key = True
                return f"line {number}: the chain is keyed (HMAC): verify it with --key-file"
            if chain.alg == ALG_SHA256 and self.key is not None:
                return f"line {number}: the chain is not keyed although a key was given (rewritten without the key?)"
            form = record.get("format", 1) if record.get("event") == OPENED else 1
            if form not in (1, FORMAT_ABOVE) or isinstance(form, bool):
                return f"line {number}: unknown chain format {str(form)[:20]!r}"
            chain.format = form
            self.chains[writer] = chain
            self.report.chains.append(chain)
        else:
            if chain.closed:
                return f"line {number}: a record after its chain's closing record"
            if seq != chain.last_seq + 1:
                return f"line {number}: sequence gap (expected {chain.last_seq + 1})"
            if prev != chain.head:
                return f"line {number}: chain broken (prev does not match the chain's previous record)"
            if chain.format >= FORMAT_ABOVE and record.get("above", prev) != (self.above or GENESIS):
                return (f"line {number}: the record was written below another line than the one above it now "
                        "(lines of two writers swapped, moved or deleted?)")
        key = self.key if chain.alg == ALG_HMAC else None
        if not hmac.compare_digest(chain_hash(prev, record, key), claimed):
            return f"line {number}: hash mismatch (line edited)"
        if record.get("event") == CLOSED:
            if record.get("count") != seq - 1 or record.get("head") != prev:
                return f"line {number}: the closing record's count or head does not match its chain"
            chain.closed = True
        if record.get("event") == SUPPRESSED:
            count = record.get("count")
            if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                return f"line {number}: an audit.suppressed record without a count"
            self.report.suppressed += count
        chain.records += 1
        chain.last_seq = seq
        chain.head = self.above = claimed
        self.wanted.discard(claimed.lower())
        self.report.records += 1
        return None


def verify_report(lines: Iterable[str], key: bytes | None = None, heads: Iterable[str] = ()) -> Report:
    """Check every chain in ``lines``; ``heads`` are hashes kept elsewhere that must be present."""
    verifier = _Verifier(key, heads)
    for number, line in enumerate(lines, 1):
        problem = verifier.line(number, line)
        if problem is not None:
            verifier.report.problem = problem
            return verifier.report
    verifier.report.missing_heads = sorted(verifier.wanted)
    return verifier.report


def verify(lines: Iterable[str], key: bytes | None = None) -> tuple[int, str | None]:
    """Check the hash chains; returns (records checked, first problem or None). Open chains are not
    a problem here: see :func:`verify_report`."""
    report = verify_report(lines, key)
    return report.records, report.problem

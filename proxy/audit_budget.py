"""The audit's budget for repeated identical decisions: past ``audit.max_repeats``, count, don't write.

A server repeating a denied request as fast as the pipe allows would otherwise grow the audit file one
line per request and bury every other record. Decisions are identical when they share the session,
server, client, direction and mode, the event, the decision and the rules that fired (not the request
id, fields or host: a server varying those would otherwise escape the budget; two upstreams may issue
the same session id, so the session alone does not tell whose refusal it was). The first ``limit`` of each are written as usual; the rest
are counted, and an ``audit.suppressed`` record per (event, decision, rules) gives the count when the
session ends, when the log closes or is reopened, and at most ``interval`` seconds after a record was
held back (by a timer, should the repeats stop), so nothing is silently lost. Only refusals (``deny``,
``would_deny``) are budgeted: an allowed elicitation reaches the user, who paces it. Not thread-safe:
the ``AuditLog`` lock guards it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from elicitguard.policies.config import DEFAULT_AUDIT_MAX_REPEATS
from elicitguard.proxy.audit_chain import SUPPRESSED

DEFAULT_MAX_REPEATS: Final = DEFAULT_AUDIT_MAX_REPEATS
MAX_KEYS: Final = 65536  # distinct (session, event, decision, rules): past it, flush and start counting afresh
# Distinct denied URL hosts named per ``audit.suppressed`` record. The host is not in the key (a server
# varying hosts would escape the budget), but a security team needs the hosts a phishing server tried:
# up to this many are listed with their counts, the rest counted in ``url_hosts_omitted``.
MAX_HOSTS: Final = 64

Key = tuple[Any, str, str, tuple[Any, ...], tuple[Any, ...]]


@dataclass
class Held:
    """The records of one key left out since the last ``audit.suppressed`` about it."""

    sample: dict[str, Any]  # the first one left out, as merged with its context (uncleaned)
    first_ts: str
    last_ts: str
    count: int = 0
    hosts: dict[str, int] = field(default_factory=dict)  # denied URL hosts left out, with their counts
    hosts_omitted: int = 0  # records left out whose host did not fit in ``hosts``


@dataclass
class RepeatBudget:
    limit: int  # records of one key written in full; 0: no budget
    interval: float = 60.0
    clock: Callable[[], float] = time.monotonic
    _written: dict[Key, int] = field(default_factory=dict)
    _held: dict[Key, Held] = field(default_factory=dict)
    _since: float | None = None  # when the oldest held record was held back

    def admit(self, record: dict[str, Any], ts: str) -> bool:
        """Whether to write ``record`` (a decision merged with its context); False: it was counted."""
        if not self.limit or record.get("decision") in (None, "allow"):
            return True
        reasons = record.get("reasons")
        rules = tuple(r.get("rule") if isinstance(r, dict) else None for r in reasons) \
            if isinstance(reasons, list) else ()
        who = tuple(_hashable(record.get(name)) for name in ("server", "client", "direction", "mode"))
        key = (_hashable(record.get("session")), str(record.get("event")), str(record.get("decision")), rules, who)
        written = self._written.get(key, 0)
        if written < self.limit:
            if len(self._written) >= MAX_KEYS:
                self._written.clear()
            self._written[key] = written + 1
            return True
        held = self._held.get(key)
        if held is None:
            held = self._held[key] = Held(record, ts, ts)
            if self._since is None:
                self._since = self.clock()
        held.count += 1
        held.last_ts = ts
        host = record.get("url_host")
        if isinstance(host, str):
            if host in held.hosts:
                held.hosts[host] += 1
            elif len(held.hosts) < MAX_HOSTS:
                held.hosts[host] = 1
            else:
                held.hosts_omitted += 1
        return False

    def due(self) -> bool:
        """Whether held counts have waited ``interval`` seconds for their record."""
        return self._since is not None and self.clock() - self._since >= self.interval

    def drain(self, session: Any = ..., *, forget: bool = False) -> list[Held]:
        """The held counts of ``session`` (all sessions when not given), taken out. ``forget``: the
        session is over, its written counts go too."""
        if session is ...:
            taken = list(self._held.values())
            self._held.clear()
            if forget:
                self._written.clear()
        else:
            wanted = _hashable(session)
            keys = [key for key in self._held if key[0] == wanted]
            taken = [self._held.pop(key) for key in keys]
            if forget:
                for key in [key for key in self._written if key[0] == wanted]:
                    del self._written[key]
        if not self._held:
            self._since = None
        return taken


def _hashable(value: Any) -> Any:
    return value if value is None or isinstance(value, str | int) else repr(value)


def suppressed_fields(held: Held, why: str) -> dict[str, Any]:
    """The ``audit.suppressed`` record for ``held``: the left-out records' decision, event (``of_event``),
    reasons, session, server, client and the rest of its bound context, how many (``count``), the first and last one's time, the denied URL hosts among them
    (``url_hosts``, up to ``MAX_HOSTS`` with their counts; ``url_hosts_omitted``), and why now."""
    sample = held.sample
    out: dict[str, Any] = {"decision": sample.get("decision"), "of_event": sample.get("event"),
                           "count": held.count, "first_ts": held.first_ts, "last_ts": held.last_ts, "why": why}
    # Everything else the sample carried (its bound context: session, server, client, peer, policy
    # version...), but not what names one request: the record is written from another context (a
    # periodic flush on another session's record, a shutdown), whose fields must not stand in.
    for name, value in sample.items():
        if name not in out and name not in _PER_RECORD:
            out[name] = value
    if held.hosts:
        out["url_hosts"] = [{"host": host, "count": n} for host, n in held.hosts.items()]
    if held.hosts_omitted:
        out["url_hosts_omitted"] = held.hosts_omitted
    return out


_PER_RECORD: Final = frozenset({"ts", "event", "request_id", "fields", "url_host", "input_key", "elicitation_id"})

"""A realistic audit file: a day (or any span) of several servers and clients, chained like the writer does.

The records have the writer's fields and mix (session lifecycle, allowed and denied forms and URLs,
monitor-mode ``would_deny``, rejected messages); timestamps are spread over the span, which the real
writer (stamping the clock) cannot do, so the chain is computed with ``proxy.audit.chain_hash``.
Used by the audit tool tests and by ``bench/audit_tools.py``.
"""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from elicitguard.proxy.audit import GENESIS, chain_hash

SERVERS = ("github", "slack", "jira", "filesystem", "payments")
CLIENTS = ({"name": "claude-ai", "version": "0.1.0"}, {"name": "Visual Studio Code", "version": "1.101.0"},
           {"name": "cursor", "version": "1.2"})
FORM_RULES = (("credential.password", "field 'pw' asks for a password", "pw"),
              ("credential.api_key", "field 'key' asks for an API key", "key"),
              ("credential.token", "field 'token' asks for a token", "token"),
              ("payment.card_number", "field 'card' asks for a card number", "card"))
URL_RULES = (("url.lookalike_host", "host looks like github.com", "github.com.login-check.example"),
             ("url.deny_domain", "host is on the deny list", "evil.example"),
             ("url.not_allowed_domain", "host is not on the allow list", "auth.unknown.example"),
             ("url.ip_literal", "URL host is an IP literal", "203.0.113.7"))
START = datetime(2025, 6, 2, tzinfo=UTC)


def _record(rng: random.Random, ts: datetime, n: int) -> dict[str, Any]:
    server = SERVERS[min(int(rng.expovariate(0.9)), len(SERVERS) - 1)]
    base: dict[str, Any] = {
        "ts": ts.isoformat().replace("+00:00", "Z"), "event": "", "decision": "allow",
        "session": f"s-{rng.randrange(400):04x}", "server": server, "client": rng.choice(CLIENTS),
        "direction": "server_to_client", "method": "elicitation/create", "request_id": n, "mode": None,
        "reasons": []}
    roll = rng.random()
    if roll < 0.08:
        base.update(event=rng.choice(("session.start", "session.end")), method=None, request_id=None)
    elif roll < 0.55:
        base.update(event="elicitation.allowed", mode="form", fields=["size", "count"])
    elif roll < 0.70:
        base.update(event="elicitation.allowed", mode="url", url_host="auth.example.com", elicitation_id=f"e-{n}")
    elif roll < 0.84:
        rule, detail, name = rng.choice(FORM_RULES)
        base.update(event="elicitation.denied", decision=rng.choice(("deny", "deny", "would_deny")), mode="form",
                    reasons=[{"rule": rule, "detail": detail, "field": name}], fields=["user", name])
    elif roll < 0.96:
        rule, detail, host = rng.choice(URL_RULES)
        base.update(event="elicitation.denied", decision=rng.choice(("deny", "deny", "would_deny")), mode="url",
                    reasons=[{"rule": rule, "detail": detail}], url_host=host, elicitation_id=f"e-{n}")
    else:
        base.update(event="message.rejected", decision="deny", direction="client_to_server", method=None,
                    reasons=[{"rule": "envelope.shape", "detail": "not a JSON-RPC message"}])
    return base


def chain(records: list[dict[str, Any]], closed: bool = True) -> list[str]:
    """Number and link records the way the writer does; one JSON line each (no newline). Like the
    writer, a ``closed`` chain ends with its ``audit.closed`` record (count and head)."""
    prev, lines = GENESIS, []
    if closed:
        records = [*records, {"event": "audit.closed", "decision": "allow", "count": len(records)}]
    for seq, record in enumerate(records, 1):
        linked = {**record, "seq": seq, "prev": prev}
        if linked.get("event") == "audit.closed":
            linked["head"] = prev
        linked["hash"] = prev = chain_hash(prev, linked)
        lines.append(json.dumps(linked, ensure_ascii=False, separators=(",", ":")))
    return lines


def day_of_audit(count: int, seed: int = 7, span: timedelta = timedelta(days=1),
                 start: datetime = START) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    step = span / max(count, 1)
    return [_record(rng, start + step * i, i) for i in range(count)]


def write_day(path: Path, count: int, seed: int = 7, span: timedelta = timedelta(days=1)) -> Path:
    path.write_text("".join(line + "\n" for line in chain(day_of_audit(count, seed, span))), encoding="utf-8")
    return path

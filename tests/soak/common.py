"""What both phases share: how to start the proxy and the peers, the soak's config, the audit tally."""

from __future__ import annotations

import collections
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Final

from .plan import ERA_2026, PROXY_ANSWERS, Exchange  # noqa: F401 - re-exported for the phases

# The root the soak package is imported from ("tests.soak" under the repository, or "soak" under tests/),
# so its peers start as ``python -m <package>.<module>`` the same way.
PACKAGE: Final = __package__ or "tests.soak"
PACKAGE_ROOT: Final = Path(__file__).resolve().parents[len(PACKAGE.split("."))]
REPO: Final = Path(__file__).resolve().parents[2]

# Rates and the pending cap depend on timing, which the soak does not script: switched off so every
# decision is deterministic. Everything else is the built-in default policy.
LIMITS_OFF: Final = """policy:
  limits:
    elicitations_per_minute: 0
    server_elicitations_per_minute: 0
    max_pending: 0
"""


def env() -> dict[str, str]:
    out = dict(os.environ)
    out["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(filter(None, [str(PACKAGE_ROOT), str(REPO),
                                                                     out.get("PYTHONPATH", "")])))
    out.pop("ELICITGUARD_CONFIG", None)
    return out


def module(name: str) -> list[str]:
    return [sys.executable, "-m", f"{PACKAGE}.{name}"]


def proxy(*args: str) -> list[str]:
    return [sys.executable, "-m", "elicitguard", *args]


def write_config(path: Path, audit: Path, extra: str = "", on_deny: str = "error") -> Path:
    path.write_text(f"on_deny: {on_deny}\naudit:\n  path: {json.dumps(str(audit))}\n{LIMITS_OFF}{extra}")
    return path


def audit_counts(path: Path, timeout: float) -> dict[str, Any]:
    """What the proxy's audit log says: decisions by event, and whether its hash chain holds. An
    ``audit.suppressed`` record (repeats past ``audit.max_repeats``) counts as the decisions it counted."""
    events: collections.Counter[str] = collections.Counter()
    lines = suppressed = 0
    with path.open("rb") as f:
        for line in f:
            lines += 1
            record = json.loads(line)
            if record.get("event") == "audit.suppressed":
                suppressed += record["count"]
                events[f"{record.get('of_event')}:{record.get('decision')}"] += record["count"]
            else:
                events[f"{record.get('event')}:{record.get('decision')}"] += 1
    verify = subprocess.run(proxy("audit-verify", str(path)), capture_output=True, timeout=timeout, env=env())
    return {"lines": lines, "events": dict(sorted(events.items())), "chain_intact": verify.returncode == 0,
            "bytes": path.stat().st_size, "suppressed": suppressed}


# Audit events that must never appear in a soak of well-formed traffic: something was refused unjudged,
# an answer was dropped, the judge raised, the upstream misbehaved.
BAD_EVENTS: Final = ("message.rejected", "message.error", "response.refused", "upstream.error", "upstream.refused",
                     "upstream.redirect", "upstream.answer_failed", "upstream.replayed", "upstream.stream_error",
                     "stream.truncated", "session.refused", "session.untracked", "elicitation.timeout")


def audit_problems(audit: dict[str, Any], denials: int, withheld: int) -> list[str]:
    """Where the audit disagrees with the script: each denial and withheld answer audited once."""
    events = audit["events"]
    problems = []
    if not audit["chain_intact"]:
        problems.append("the audit log's hash chain does not verify")
    if events.get("elicitation.denied:deny", 0) != denials:
        problems.append(f"audit has {events.get('elicitation.denied:deny', 0)} elicitation.denied, expected {denials}")
    if events.get("response.withheld:deny", 0) != withheld:
        problems.append(f"audit has {events.get('response.withheld:deny', 0)} response.withheld, expected {withheld}")
    for name, count in events.items():
        if name.split(":")[0] in BAD_EVENTS:
            problems.append(f"audit has {count} {name}")
    return problems

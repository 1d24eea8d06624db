"""``elicitguard explain``: judge one message offline."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from typing import Any

from elicitguard.policies.config import MODES
from elicitguard.policies.engine import judge_client_message, judge_message
from elicitguard.policies.envelope import EnvelopeError
from elicitguard.proxy.commands import EXIT_DENY, EXIT_OK, EXIT_USAGE, add_config, fail, load, server_policy


def register(sub: Any) -> None:
    explain = sub.add_parser("explain", help="judge one JSON-RPC message offline (either direction)",
                             description="Judge one message and print {decision, reasons}. From the server "
                                         "(default): an elicitation/create request, a -32042 error or an "
                                         "input_required result. From the client (--direction client): an answer "
                                         "to a form elicitation, or a request retried with inputResponses, read "
                                         "for secrets (policy.response). The decision is allow, deny, or "
                                         "would_deny (a rule fired, but the policy or that rule is set to monitor, "
                                         "so the proxy would forward the message). Exit 0 allow, 1 deny or "
                                         "would_deny, 2 bad input. Rate limits and timeouts (policy.limits) need a "
                                         "live session and are not applied.")
    add_config(explain)
    explain.add_argument("--name", metavar="NAME", help="judge with server NAME's effective policy (must be under "
                                                        "servers:; default: the global policy)")
    explain.add_argument("--client-modes", default="form,url", metavar="MODES",
                         help="elicitation modes the client declared, comma separated (default: form,url; "
                              "'' for none)")
    explain.add_argument("--direction", choices=("server", "client"), default="server",
                         help="who sent the message: server (to the client; default) or client (to the server)")
    explain.add_argument("file", nargs="?", default="-", metavar="FILE|-", help="message file (default: stdin)")
    explain.set_defaults(handler=cmd_explain)


def cmd_explain(args: argparse.Namespace) -> int:
    config = load(args.config)
    # Session hygiene (rates, pending cap, unsolicited) is about a live session: not judged offline.
    policy = server_policy(config, args.name)
    policy = replace(policy, require_client_request=False, limits=replace(policy.limits, max_pending=0))
    modes = frozenset(m.strip() for m in args.client_modes.split(",") if m.strip())
    unknown = modes - set(MODES)
    if unknown:
        fail(f"--client-modes: unknown mode(s) {sorted(unknown)}; use form and/or url")
    try:
        if args.file == "-":
            raw = sys.stdin.buffer.read()
        else:
            with open(args.file, "rb") as handle:
                raw = handle.read()
    except OSError as exc:
        fail(f"cannot read {args.file}: {exc.strerror or exc}")
    try:
        judge = judge_client_message if args.direction == "client" else judge_message
        decision, decisions = judge(raw.strip(), modes, policy, config.max_message_bytes)
    except EnvelopeError as exc:
        print(json.dumps({"decision": "deny", "error": exc.detail, "reasons": [{"rule": exc.rule, "detail": exc.detail}]}))
        return EXIT_USAGE
    if decision == "deny" and not any(d.decision == "deny" for d in decisions):
        # Every rule that fired is monitored (mode: monitor, or policy.rules): forwarded, audited would_deny.
        decision = "would_deny"
    reasons = [r.as_dict() for d in decisions for r in d.reasons]
    out: dict[str, object] = {"decision": decision, "reasons": reasons}
    judged = [d.as_dict() for d in decisions]
    if judged:
        out["judged"] = judged
    print(json.dumps(out, ensure_ascii=False, indent=2))
    return EXIT_OK if decision == "allow" else EXIT_DENY

"""Judging one elicitation (the params of an ``elicitation/create``), independent of any transport."""

from __future__ import annotations

from typing import Any, Final

from elicitguard.policies.config import Policy
from elicitguard.policies.forms import judge_form
from elicitguard.policies.urls import check_url
from elicitguard.policies.verdict import DENY_MALFORMED, DENY_POLICY, Reason, Verdict

ELICIT: Final = "elicitation/create"


def declared_modes(capability: Any) -> frozenset[str]:
    """Modes a client declared: no capability = none; ``{}`` = form only (2025-06-18 compatibility)."""
    if not isinstance(capability, dict):
        return frozenset()
    modes = frozenset(m for m in ("form", "url") if isinstance(capability.get(m), dict))
    return modes or frozenset({"form"})


def judge_elicitation(params: Any, client_modes: frozenset[str], policy: Policy, *, url_only: bool = False,
                      needs_id: bool = True) -> Verdict:
    """Judge ``elicitation/create`` params against what the client declared and the policy.

    ``url_only`` is for the entries of a -32042 error, which must be URL elicitations; ``needs_id`` is
    False for 2026-07-28 input requests, where URL elicitations have no ``elicitationId``.
    """
    if not isinstance(params, dict):
        return Verdict(False, (Reason("elicitation.malformed", "params must be an object"),), kind=DENY_MALFORMED)
    mode = params.get("mode", "form")
    # A request that carries the keys of both modes is read as a form here but as a URL request by a
    # client that picks the union arm with the most fields (the Python SDK): refuse it outright.
    url_keys = {"url", "elicitationId"} & params.keys()
    if (mode == "form" and url_keys) or (mode == "url" and "requestedSchema" in params):
        return Verdict(False, (Reason("elicitation.ambiguous",
                                      "the request mixes form and URL mode fields; clients disagree on which it is"),),
                       mode=mode, kind=DENY_MALFORMED)
    if url_only and mode != "url":
        return Verdict(False, (Reason("elicitation.malformed", "a -32042 error may only carry URL elicitations"),),
                       mode=mode if isinstance(mode, str) else None, kind=DENY_MALFORMED)
    if mode not in ("form", "url"):
        shown = repr(mode) if isinstance(mode, str) and len(mode) < 40 else "a non-standard value"
        return Verdict(False, (Reason("mode.unknown", f"elicitation mode {shown} is not form or url"),), kind=DENY_MALFORMED)
    if mode not in client_modes:
        declared = ", ".join(sorted(client_modes)) or "no elicitation at all"
        return Verdict(False, (Reason("mode.undeclared", f"the client declared {declared}, not {mode} mode"),),
                       mode=mode, kind=DENY_MALFORMED)
    if mode == "form":
        fields, problems, found = judge_form(params, policy.form.block_credentials, policy.form.allow_fields,
                                            policy.form.rules)
        if problems:
            kind = DENY_MALFORMED
            return Verdict(False, tuple(problems), mode=mode, fields=fields, kind=kind)
        if mode not in policy.modes:
            return Verdict(False, (Reason("mode.disallowed", "policy.modes does not allow form mode"),), mode=mode, fields=fields)
        if found:
            return Verdict(False, tuple(found), mode=mode, fields=fields, kind=DENY_POLICY)
        return Verdict(True, mode=mode, fields=fields)
    # URL mode
    message, elicitation_id = params.get("message"), params.get("elicitationId")
    if not isinstance(message, str) or "url" not in params or (needs_id and not isinstance(elicitation_id, str)):
        return Verdict(False, (Reason("elicitation.malformed", "URL elicitation needs string message, url and elicitationId"),),
                       mode=mode, kind=DENY_MALFORMED)
    judged = check_url(params["url"], policy.url)
    if mode not in policy.modes:
        return Verdict(False, (Reason("mode.disallowed", "policy.modes does not allow url mode"),), mode=mode, url_host=judged.host)
    if judged.reasons:
        return Verdict(False, judged.reasons, mode=mode, url_host=judged.host)
    return Verdict(True, mode=mode, url_host=judged.host)

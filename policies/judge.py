"""Judging one elicitation (the params of an ``elicitation/create``), independent of any transport."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Final

from elicitguard.policies.config import Policy
from elicitguard.policies.envelope import _dumps
from elicitguard.policies.forms import clear_text_caches, judge_form
from elicitguard.policies.urls import check_url
from elicitguard.policies.verdict import DENY_MALFORMED, DENY_POLICY, Reason, Verdict

ELICIT: Final = "elicitation/create"
# Judging reads text clause by clause against every detector: linear, but not cheap. One frame may
# carry many elicitations (a batch, 64 inputRequests, a -32042 list), so the text judged per frame
# is capped; an elicitation past the cap is refused unjudged ("elicitation.too_complex"). No honest
# form comes near it: 256 fields with 200-character descriptions are 52 KiB.
MAX_JUDGED_TEXT: Final = 64 * 1024
# The keys of a property whose text the detectors read.
_PROPERTY_TEXT: Final = ("title", "description", "default", "pattern", "format")
# Verdicts of forms already judged. A server asks the same form again and again, and the judge is a
# pure function of the params, the client's modes and the policy: the same params written the same way
# get the same verdict. Keyed by the params' compact JSON (forms up to _VERDICT_KEY_MAX bytes; URL
# elicitations carry a fresh elicitationId each time and are not kept); each entry holds its policy,
# compared by identity, so a reloaded or per-server policy never reads another's verdicts. Emptied
# when full: a server sending endless distinct forms costs itself, never anyone's memory.
_VERDICTS: dict[tuple[int, frozenset[str], bool, bool, bytes], tuple[Policy, Verdict]] = {}
_VERDICTS_MAX: Final = 1024
_VERDICT_KEY_MAX: Final = 8 * 1024


def declared_modes(capability: Any) -> frozenset[str]:
    """Modes a client declared: no capability = none; ``{}`` = form only (2025-06-18 compatibility)."""
    if not isinstance(capability, dict):
        return frozenset()
    modes = frozenset(m for m in ("form", "url") if isinstance(capability.get(m), dict))
    return modes or frozenset({"form"})


def judged_text_size(params: Any, limit: int = MAX_JUDGED_TEXT) -> int:
    """The characters of text judging ``params`` would read (stops counting once past ``limit``).

    Only strings the detectors read count: the message, the URL, the schema's title and description,
    and each property's name, title, description, default, pattern and format. Enums and the rest
    are checked structurally, in time linear in their size.
    """
    if not isinstance(params, dict):
        return 0
    total = sum(len(params[k]) for k in ("message", "url") if isinstance(params.get(k), str))
    schema = params.get("requestedSchema")
    if not isinstance(schema, dict):
        return total
    total += sum(len(schema[k]) for k in ("title", "description") if isinstance(schema.get(k), str))
    props = schema.get("properties")
    if not isinstance(props, dict):
        return total
    for name, prop in props.items():
        if total > limit:
            break
        total += len(name)
        if isinstance(prop, dict):
            total += sum(len(prop[k]) for k in _PROPERTY_TEXT if isinstance(prop.get(k), str))
    return total


def too_complex(params: Any) -> Verdict:
    """The verdict for an elicitation refused unjudged because the frame's text budget is spent."""
    mode = params.get("mode", "form") if isinstance(params, dict) else None
    return Verdict(False, (Reason("elicitation.too_complex",
                                  f"more than {MAX_JUDGED_TEXT} characters of form or URL text in one message"),),
                   mode=mode if mode in ("form", "url") else None, kind=DENY_MALFORMED)


def judge_elicitation(params: Any, client_modes: frozenset[str], policy: Policy, *, url_only: bool = False,
                      needs_id: bool = True) -> Verdict:
    """Judge ``elicitation/create`` params against what the client declared and the policy.

    ``url_only`` is for the entries of a -32042 error, which must be URL elicitations; ``needs_id`` is
    False for 2026-07-28 input requests, where URL elicitations have no ``elicitationId``.

    A denial whose rules include monitored ones (``policy.rules``) is judged again with those rules
    off, so a monitored rule that fired first never hides a blocking one behind it: if nothing else
    fires, the elicitation passes with ``monitored`` set (audited ``would_deny``).
    """
    key = None
    if type(params) is dict and params.get("mode", "form") == "form":
        try:
            blob = _dumps(params)
        except (TypeError, ValueError, OverflowError):  # a lone surrogate, an integer past 64 bits
            blob = b""
        if 0 < len(blob) <= _VERDICT_KEY_MAX:
            key = (id(policy), client_modes, url_only, needs_id, blob)
            kept = _VERDICTS.get(key)
            if kept is not None and kept[0] is policy:
                return kept[1]
    verdict = _judged(params, client_modes, policy, url_only, needs_id)
    if key is not None:
        if len(_VERDICTS) >= _VERDICTS_MAX:
            _VERDICTS.clear()
        _VERDICTS[key] = (policy, verdict)
    return verdict


def clear_caches() -> None:
    """Forget every verdict and text seen so far: the next form is judged as if never seen before.
    For measuring; judging never needs it."""
    _VERDICTS.clear()
    clear_text_caches()


def _judged(params: Any, client_modes: frozenset[str], policy: Policy, url_only: bool, needs_id: bool) -> Verdict:
    verdict = _judge(params, client_modes, policy, url_only, needs_id, frozenset())
    if verdict.allowed or verdict.kind == DENY_MALFORMED or not policy.monitored:
        return verdict
    watched = tuple(r for r in verdict.reasons if r.rule in policy.monitored)
    if not watched:
        return verdict
    # The model judges again too, but never a field a monitored rule flagged: another field that only
    # the model catches is not let through because a decoy field tripped a monitored rule.
    flagged = frozenset(r.field for r in watched if r.field is not None)
    again = _judge(params, client_modes, policy, url_only, needs_id, policy.monitored, flagged)
    if again.allowed:
        return replace(verdict, allowed=True, reasons=watched, monitored=True)
    # Blocking reasons first: the server's error names the rule that blocked.
    return replace(again, reasons=tuple(r for r in again.reasons if r not in watched) + watched)


def _judge(params: Any, client_modes: frozenset[str], policy: Policy, url_only: bool, needs_id: bool,
           skip: frozenset[str], model_skip: frozenset[str] = frozenset()) -> Verdict:
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
                                             policy.form.rules, skip,
                                             # The model speaks only where no rule fired; in the
                                             # second pass, never on a monitored rule's field.
                                             use_model=policy.form.classifier, model_skip=model_skip,
                                             model_threshold=policy.form.classifier_threshold)
        if problems:
            kind = DENY_MALFORMED
            return Verdict(False, tuple(problems), mode=mode, fields=fields, kind=kind)
        if mode not in policy.modes and "mode.disallowed" not in skip:
            return Verdict(False, (Reason("mode.disallowed", "policy.modes does not allow form mode"),), mode=mode, fields=fields)
        if found:
            return Verdict(False, tuple(found), mode=mode, fields=fields, kind=DENY_POLICY)
        return Verdict(True, mode=mode, fields=fields)
    # URL mode
    message, elicitation_id = params.get("message"), params.get("elicitationId")
    if not isinstance(message, str) or "url" not in params or (needs_id and not isinstance(elicitation_id, str)):
        return Verdict(False, (Reason("elicitation.malformed", "URL elicitation needs string message, url and elicitationId"),),
                       mode=mode, kind=DENY_MALFORMED)
    judged = check_url(params["url"], policy.url, skip)
    if mode not in policy.modes and "mode.disallowed" not in skip:
        return Verdict(False, (Reason("mode.disallowed", "policy.modes does not allow url mode"),), mode=mode, url_host=judged.host)
    if judged.reasons:
        return Verdict(False, judged.reasons, mode=mode, url_host=judged.host)
    return Verdict(True, mode=mode, url_host=judged.host)

"""The client's answers, read for secrets before the server gets them (``policy.response.scan``).

A form that looked innocent can still receive a secret: a user pastes a token into "Name", or a
server asks for one in words no detector knows. An ``accept`` whose content holds a secret (see
:mod:`elicitguard.policies.response_scan`) is withheld: the server gets a decline (per ``on_deny``),
the client a fixed notice, and the audit line names the rule, the detector and the field, never the
value. Used by the 2025-era carrier (a result to ``elicitation/create``) and by the 2026-07-28 one
(``inputResponses`` in a retried request).
"""

from __future__ import annotations

from typing import Any, Final

from elicitguard.policies.carriers.base import C2S, Carrier, Outcome, blocked_error, deep_copy_path, error_response
from elicitguard.policies.envelope import JSONObject, Message
from elicitguard.policies.judge import ELICIT
from elicitguard.policies.response_scan import (
    MAX_SCANNED_TEXT,
    TOO_LARGE,
    VALUE_COST,
    Finding,
    name_hit,
    named_detectors,
    scan_content,
    scanned_size,
    secret_name,
)
from elicitguard.policies.verdict import Decision, Reason
from elicitguard.policies.whole_form import allowed_field

NOTICE: Final = ("elicitguard withheld an answer from the server: it held what looks like a secret (a password, key, "
                 "token, private key, card number or seed phrase), so the server was told the request was declined.")
TOO_LARGE_NOTICE: Final = ("elicitguard withheld an answer from the server: it held more text than the proxy reads for "
                           "secrets in one message, so the server was told the request was declined.")
MAX_INPUTS: Final = 64


UNREAD: Final = f"more than {MAX_SCANNED_TEXT} characters of answers in one message, withheld unread"


def _reasons(findings: list[Finding]) -> tuple[Reason, ...]:
    return tuple(Reason(f.rule, UNREAD if f.rule == TOO_LARGE else f.detail(), f.field or None) for f in findings)


class ResponseCarrier(Carrier):
    """Scans accepted form content going to the server."""

    def _withheld(self, message: Message, method: str, findings: list[Finding], out: Outcome) -> bool:
        """Audit an answer's findings (``response.withheld``); whether it is withheld (not every rule
        that fired only monitored), the client then told why."""
        reasons = _reasons(findings)
        monitored = self._all_monitored(reasons)
        out.decisions.append(Decision("response.withheld", "would_deny" if monitored else "deny", C2S, method=method,
                                      request_id=message.id, reasons=reasons,
                                      fields=tuple(f.field for f in findings if f.field),
                                      extra={"detectors": [f.detector for f in findings]}))
        if not monitored:
            self._notice(out, reasons)
        return not monitored

    def _withhold_error(self, message: Message, out: Outcome) -> JSONObject | None:
        """A client's error answer to an elicitation: its replacement (a bare error) when it or a member
        beside it holds a known secret format."""
        rest = {k: v for k, v in message.obj.items() if k not in ("jsonrpc", "id")}
        findings = self._scan(rest, None)
        if not findings:
            return None
        if not self._withheld(message, ELICIT, findings, out):
            return None
        code = message.error.get("code")
        return error_response(message.id, {"code": code if isinstance(code, int) and not isinstance(code, bool)
                                           else -32603, "message": "The client's answer was withheld by elicitguard."})

    def _scan(self, answer: JSONObject, schema: Any) -> list[Finding]:
        """Findings in one answer: its content's fields when it accepts a form, and every other member
        it carries (a decline or cancel with content, a content that is not an object, anything beside
        it), read for the named formats: nothing unread reaches the server."""
        if not self.policy.response.scan:
            return []
        content = answer.get("content")
        form = content if answer.get("action") == "accept" and isinstance(content, dict) else None
        rest = {k: v for k, v in answer.items() if k != "action" and not (k == "content" and form is not None)}
        size = scanned_size(form or {}, self.scan_budget) + scanned_size(rest, self.scan_budget)
        if size > self.scan_budget:
            # Fail closed: what is not read for secrets does not reach the server.
            return [Finding(TOO_LARGE, "size", "")]
        self.scan_budget -= size
        disabled = self.policy.response.disabled
        findings = []
        if form is not None:
            allow = self.policy.form.allow_fields
            allowed = frozenset(n for n in form if allowed_field(n, allow)) if allow else frozenset()
            findings = scan_content(form, schema if isinstance(schema, dict) else None, disabled, allowed)
        if rest:
            # Not a form's fields: an honest client's _meta may hold random-looking ids, so only the
            # named formats (keys, tokens, cards, seeds) are looked for there.
            findings += scan_content(rest, None, disabled, frozenset(rest))
        return findings

    def _all_monitored(self, reasons: tuple[Reason, ...]) -> bool:
        """Every rule that fired is only audited (policy.rules, or mode: monitor): the answer passes."""
        return all(self.policy.monitors(r.rule) for r in reasons)

    def _notice(self, out: Outcome, reasons: tuple[Reason, ...]) -> None:
        message = TOO_LARGE_NOTICE if reasons[0].rule == TOO_LARGE else NOTICE
        out.notices.append({"jsonrpc": "2.0", "method": "notifications/message", "params": {
            "level": "warning", "logger": "elicitguard", "data": {"message": message, "rule": reasons[0].rule}}})

    def _withhold_accept(self, message: Message, schema: Any, method: str, out: Outcome) -> JSONObject | None:
        """An ``elicitation/create`` result: its replacement when the accepted content holds a secret."""
        result = message.result
        action = result.get("action")
        if method != ELICIT and action not in ("accept", "decline", "cancel"):
            return None  # not a form's answer (a sampling or roots result): nothing to read here
        beside = {k: v for k, v in message.obj.items() if k not in ("jsonrpc", "id", "result")}
        findings = self._scan({**result, **{f"response.{k}": v for k, v in beside.items()}} if beside else result, schema)
        if not findings:
            return None
        if not self._withheld(message, method, findings, out):
            return None
        reasons = _reasons(findings)
        if action in ("decline", "cancel"):
            return {"jsonrpc": "2.0", "id": message.id, "result": {"action": action}}  # the user's choice, bare
        if self.policy.on_deny == "error":
            return error_response(message.id, blocked_error(reasons))
        return {"jsonrpc": "2.0", "id": message.id, "result": {"action": self.policy.on_deny}}

    def _withhold_inputs(self, message: Message, replacement: JSONObject | None, out: Outcome,
                         schemas: dict[str, Any] | None = None) -> JSONObject | None:
        """A request retried with ``inputResponses``: accepted entries that hold a secret become declines."""
        source = replacement if replacement is not None else message.obj
        params = source.get("params")
        responses = params.get("inputResponses") if isinstance(params, dict) else None
        if not isinstance(responses, dict) or not self.policy.response.scan:
            return replacement
        withheld: dict[str, tuple[Reason, ...]] = {}
        dropped: set[str] = set()  # entries whose key is itself a secret: never sent, in any form
        keys_cost = sum(VALUE_COST + len(key) for key in responses) if len(responses) <= 256 else self.scan_budget + 1
        if keys_cost > self.scan_budget:
            # Too many keys (or too long) to read: none of the entries is sent, so no key unread is either.
            unread = (Reason(TOO_LARGE, UNREAD),)
            out.decisions.append(Decision("response.withheld", "deny", C2S, method=message.method,
                                          request_id=message.id, reasons=unread, input_key="",
                                          extra={"carrier": "inputResponses"}))
            self._notice(out, unread)
            obj = replacement if replacement is not None else deep_copy_path(message.obj, ("params",))
            obj["params"]["inputResponses"] = {}
            return obj
        self.scan_budget -= keys_cost
        # Every entry: a server asks at most MAX_INPUTS at a time, but a client may answer more (several
        # rounds at once), and an entry left unread would reach the server unscanned.
        for key, answer in responses.items():
            if (schemas or {}).get(key) is None:
                hit = name_hit(key, named_detectors(self.policy.response.disabled))
                if hit is not None:
                    withheld[key] = (Reason(hit[0].rule, Finding(hit[0].rule, hit[1], "").detail()),)
                    dropped.add(key)
                    continue
            # An entry that is not an object (no client sends one) is read as what it carries.
            findings = self._scan(answer if isinstance(answer, dict) else {"entry": answer}, (schemas or {}).get(key))
            if findings:
                withheld[key] = _reasons(findings)
        for key, reasons in withheld.items():
            out.decisions.append(Decision("response.withheld",
                                          "would_deny" if self._all_monitored(reasons) else "deny", C2S,
                                          method=message.method, request_id=message.id, reasons=reasons,
                                          input_key="" if key in dropped or secret_name(key) else key[:200],
                                          fields=tuple(r.field for r in reasons if r.field),
                                          extra={"carrier": "inputResponses"}))
        withheld = {k: r for k, r in withheld.items() if not self._all_monitored(r)}
        if not withheld:
            return replacement
        self._notice(out, next(iter(withheld.values())))
        obj = replacement if replacement is not None else deep_copy_path(message.obj, ("params",))
        answers = dict(obj["params"]["inputResponses"])
        # An input response has no error form: "error" is answered as a decline.
        action = self.policy.on_deny if self.policy.on_deny != "error" else "decline"
        for key in withheld:
            if key in dropped:
                del answers[key]
                continue
            given = answers[key].get("action") if isinstance(answers[key], dict) else None
            answers[key] = {"action": given if given in ("decline", "cancel") else action}
        obj["params"]["inputResponses"] = answers
        return obj

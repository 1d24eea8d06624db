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
from elicitguard.policies.response_scan import MAX_SCANNED_TEXT, TOO_LARGE, Finding, scan_content, scanned_size
from elicitguard.policies.verdict import Decision, Reason
from elicitguard.policies.whole_form import allowed_field

NOTICE: Final = ("elicitguard withheld an answer from the server: it held what looks like a secret (a password, key, "
                 "token, private key, card number or seed phrase), so the server was told the request was declined.")
TOO_LARGE_NOTICE: Final = ("elicitguard withheld an answer from the server: it held more text than the proxy reads for "
                           "secrets in one message, so the server was told the request was declined.")
MAX_INPUTS: Final = 64


def _reasons(findings: list[Finding]) -> tuple[Reason, ...]:
    return tuple(Reason(f.rule, f"more than {MAX_SCANNED_TEXT} characters of answers in one message, withheld unread"
                        if f.rule == TOO_LARGE else f.detail(), f.field or None) for f in findings)


class ResponseCarrier(Carrier):
    """Scans accepted form content going to the server."""

    def _scan(self, content: Any, schema: Any) -> list[Finding]:
        if not self.policy.response.scan:
            return []
        size = scanned_size(content, self.scan_budget)
        if size > self.scan_budget:
            # Fail closed: what is not read for secrets does not reach the server.
            return [Finding(TOO_LARGE, "size", "")]
        self.scan_budget -= size
        allow = self.policy.form.allow_fields
        allowed = frozenset(n for n in content if isinstance(n, str) and allowed_field(n, allow)) \
            if allow and isinstance(content, dict) else frozenset()
        return scan_content(content, schema if isinstance(schema, dict) else None, self.policy.response.disabled, allowed)

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
        if result.get("action") != "accept":
            return None
        findings = self._scan(result.get("content"), schema)
        if not findings:
            return None
        reasons = _reasons(findings)
        monitored = self._all_monitored(reasons)
        out.decisions.append(Decision("response.withheld", "would_deny" if monitored else "deny", C2S, method=method,
                                      request_id=message.id, reasons=reasons, fields=tuple(f.field for f in findings if f.field),
                                      extra={"detectors": [f.detector for f in findings]}))
        if monitored:
            return None
        self._notice(out, reasons)
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
        # Every entry: a server asks at most MAX_INPUTS at a time, but a client may answer more (several
        # rounds at once), and an entry left unread would reach the server unscanned.
        for key, answer in responses.items():
            if isinstance(answer, dict) and answer.get("action") == "accept":
                findings = self._scan(answer.get("content"), (schemas or {}).get(key))
                if findings:
                    withheld[key] = _reasons(findings)
        for key, reasons in withheld.items():
            out.decisions.append(Decision("response.withheld",
                                          "would_deny" if self._all_monitored(reasons) else "deny", C2S,
                                          method=message.method, request_id=message.id, reasons=reasons,
                                          input_key=key[:200], fields=tuple(r.field for r in reasons if r.field),
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
            answers[key] = {"action": action}
        obj["params"]["inputResponses"] = answers
        return obj

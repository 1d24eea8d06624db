"""The -32042 carrier: a URLElicitationRequiredError whose ``data.elicitations`` are URL elicitations.

Each URL is judged; denied ones are removed, and when none is left the client gets -32602 instead.
"""

from __future__ import annotations

from typing import Any

from elicitguard.policies.carriers.base import (
    MAX_ITEMS,
    S2C,
    Carrier,
    Outcome,
    Step,
    blocked_error,
    deep_copy_path,
    error_response,
    walk,
)
from elicitguard.policies.envelope import Message
from elicitguard.policies.session import ClientRequest, stored
from elicitguard.policies.verdict import Decision, Reason


class UrlRequiredCarrier(Carrier):
    """-32042 errors."""

    def _url_required(self, message: Message, request: ClientRequest | None, out: Outcome,
                      at: tuple[str, ...] = ("error",)) -> Step:
        """Judge the -32042 error at path ``at`` of the message (a failed task nests one in its result)."""
        error = walk(message.obj, at)
        data = error.get("data")
        items = data.get("elicitations") if isinstance(data, dict) else None
        if not isinstance(items, list):
            reason = Reason("elicitation.malformed", "-32042 error without a data.elicitations list")
            out.decisions.append(Decision("elicitation.denied", self._decide(False), S2C, request_id=message.id,
                                          mode="url", reasons=(reason,)))
            if self.policy.monitor:
                return Step()
            return Step(replacement=error_response(message.id, blocked_error((reason,))))
        if len(items) > MAX_ITEMS:
            items_reason = Reason("elicitation.malformed", f"more than {MAX_ITEMS} URL elicitations in one error")
            out.decisions.append(Decision("elicitation.denied", self._decide(False), S2C, request_id=message.id,
                                          mode="url", reasons=(items_reason,)))
            if self.policy.monitor:
                return Step()
            return Step(replacement=error_response(message.id, blocked_error((items_reason,))))
        keep: list[Any] = []
        denied: list[Reason] = []
        # A 2026-07-28 request declares its own capabilities; a legacy one relies on initialize.
        modes = request.modes if request is not None and request.modes is not None else self.state.client_modes
        method = request.method if request is not None else None
        for item in items:
            verdict = self._admit(self._judge(item, modes, url_only=True), request=False)
            eid = item.get("elicitationId") if isinstance(item, dict) and isinstance(item.get("elicitationId"), str) else None
            event, decision = self._judged(verdict)
            out.decisions.append(Decision(
                event, decision, S2C,
                method=method, request_id=message.id, mode="url", reasons=verdict.reasons, url_host=verdict.url_host,
                elicitation_id=eid, extra={"carrier": "error-32042"}))
            if verdict.allowed or self.policy.monitor:
                keep.append(item)
                if eid is not None:
                    self.state.open_elicitations[stored(eid)] = None
            else:
                denied.extend(verdict.reasons)
        if len(keep) == len(items):
            return Step()
        if not keep:
            # The client still learns the call failed, and why, but gets no URL to open.
            return Step(replacement=error_response(message.id, blocked_error(tuple(denied))))
        obj = deep_copy_path(message.obj, at + ("data",))
        walk(obj, at + ("data",))["elicitations"] = keep
        return Step(replacement=obj)


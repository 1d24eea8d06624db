"""The 2025-era carrier: ``elicitation/create`` requests from the server, the client's answers to
them, and ``notifications/elicitation/complete`` for URL elicitations that were forwarded."""

from __future__ import annotations

from elicitguard.policies.carriers.base import (
    C2S,
    COMPLETE,
    S2C,
    Outcome,
    Step,
    blocked_error,
    error_response,
)
from elicitguard.policies.carriers.response import ResponseCarrier
from elicitguard.policies.envelope import JSONObject, Kind, Message, RequestId, id_key
from elicitguard.policies.judge import ELICIT
from elicitguard.policies.session import ServerRequest, request_digest, stored, wire_id_of
from elicitguard.policies.verdict import DENY_MALFORMED, Decision, Reason, Verdict


def _properties(params: JSONObject) -> dict[str, object] | None:
    schema = params.get("requestedSchema")
    props = schema.get("properties") if isinstance(schema, dict) else None
    return props if isinstance(props, dict) else None


class ElicitationCarrier(ResponseCarrier):
    """``elicitation/create`` (form and URL, task-augmented too), its answers and completions."""

    def _elicit_request(self, message: Message, out: Outcome) -> Step:
        verdict = self._admit(self._judge(message.obj.get("params"), self.state.client_modes), request=True)
        params = message.params
        eid = params.get("elicitationId") if verdict.mode == "url" and isinstance(params.get("elicitationId"), str) else None
        extra = {"task": True} if "task" in params else {}
        event, decision = self._judged(verdict)
        out.decisions.append(Decision(
            event, decision, S2C, method=ELICIT,
            request_id=message.id, mode=verdict.mode, reasons=verdict.reasons, fields=verdict.fields,
            url_host=verdict.url_host, elicitation_id=eid, extra=extra))
        if verdict.allowed or self.policy.monitor:
            if message.id is not None:
                pending = ServerRequest(ELICIT, verdict.mode, stored(eid) if eid is not None else None,
                                        _properties(params), wire_id=wire_id_of(message.id),
                                        digest=request_digest(message))
                if not self.state.pending_server.add(id_key(message.id), pending):  # sized once
                    return self._in_flight_refusal(message, S2C, out)
                self._track(message.id)
            if eid is not None:
                self.state.open_elicitations[stored(eid)] = None
            return Step()
        if message.id is not None:
            self.state.answered_by_proxy[id_key(message.id)] = ELICIT
            out.replies.append(self._denial_answer(message.id, verdict))
        return Step(keep=False)

    def _denial_answer(self, request_id: RequestId, verdict: Verdict) -> JSONObject:
        """The one place a denied server request becomes a wire answer."""
        if verdict.kind == DENY_MALFORMED or self.policy.on_deny == "error":
            return error_response(request_id, blocked_error(verdict.reasons, to_server=True))
        return {"jsonrpc": "2.0", "id": request_id, "result": {"action": self.policy.on_deny}}

    def _completion(self, message: Message, out: Outcome) -> Step:
        eid = message.params.get("elicitationId")
        known = isinstance(eid, str) and stored(eid) in self.state.open_elicitations
        if known:
            self.state.open_elicitations.pop(stored(eid), None)  # type: ignore[arg-type]
            reasons: tuple[Reason, ...] = ()
        else:
            reasons = (Reason("completion.unknown", "no forwarded, uncompleted URL elicitation has this elicitationId"),)
        out.decisions.append(Decision("elicitation.completion", self._decide(known), S2C, method=COMPLETE,
                                      mode="url", reasons=reasons,
                                      elicitation_id=eid if isinstance(eid, str) and len(eid) <= 200 else None))
        return Step(keep=known or self.policy.monitor)


    def _client_response(self, message: Message, out: Outcome) -> Step:
        if message.id is None:
            out.decisions.append(Decision("response.refused", "deny", C2S, reasons=(
                Reason("response.no_id", "a client response without an id answers nothing"),)))
            return Step(keep=False)
        key = id_key(message.id)
        pending = self.state.pending_server.pop(key, None)
        self.state.hygiene.pending.pop(key, None)
        if pending is not None:
            if pending.method == ELICIT and pending.elicitation_id is not None:
                action = message.result.get("action")
                if message.kind is Kind.ERROR or action in ("decline", "cancel"):
                    self.state.open_elicitations.pop(pending.elicitation_id, None)
            if pending.method == ELICIT and message.kind is Kind.RESULT:
                # Second line of defence: a secret typed into any field never reaches the server (a URL
                # elicitation's answer carries nothing, and is read all the same).
                return Step(replacement=self._withhold_accept(message, pending.schema, ELICIT, out))
            if pending.method == ELICIT and message.kind is Kind.ERROR:
                return Step(replacement=self._withhold_error(message, out))
            if message.kind is Kind.RESULT and pending.method != ELICIT:
                # An accepted form can also arrive as the answer to another request: tasks/result for a
                # task-augmented elicitation/create carries the user's answer. Read like any accept (the
                # form's schema is not known here, so every field is read as undeclared).
                return Step(replacement=self._withhold_accept(message, None, pending.method, out))
            return Step()
        why = ("the proxy already answered this request itself" if key in self.state.answered_by_proxy
               else "no pending server request has this id")
        out.decisions.append(Decision("response.refused", self._decide(False), C2S, request_id=message.id,
                                      reasons=(Reason("response.unexpected", why),)))
        return Step(keep=self.policy.monitor)


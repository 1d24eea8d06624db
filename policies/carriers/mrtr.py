"""The 2026-07-28 carrier (MRTR): elicitations inside ``input_required`` results and task updates.

Each ``elicitation/create`` among ``inputRequests`` is judged with the capabilities of the request it
answers. With ``on_deny: decline|cancel`` denied entries are removed, and the proxy adds their
answers to ``inputResponses`` when the client retries: for a request, what to add travels signed
inside ``requestState`` (policies.sealed), so any replica holding the key can answer the retry; for
a task, it is remembered per task id until ``tasks/update``. When nothing is left for the client to
answer, the proxy completes the round itself (a retry, or ``tasks/update``) where the transport can.
"""

from __future__ import annotations

from typing import Any, Final

from elicitguard.policies import errors
from elicitguard.policies.carriers.base import (
    C2S,
    MAX_ITEMS,
    MRTR_METHODS,
    S2C,
    TASK_NOTIFICATIONS,
    Outcome,
    Step,
    blocked_error,
    deep_copy_path,
    error_response,
    target_of,
    walk,
)
from elicitguard.policies.carriers.response import ResponseCarrier
from elicitguard.policies.envelope import JSONObject, Kind, Message, RequestId, id_key
from elicitguard.policies.judge import ELICIT
from elicitguard.policies.sealed import ABSENT, SealError, is_sealed
from elicitguard.policies.session import MAX_STORED, ClientRequest, stored, wire_id_of
from elicitguard.policies.verdict import DENY_MALFORMED, Decision, Direction, Reason, Verdict

_KEEP: Final = object()  # the retry's requestState is forwarded as the client sent it


class TwoCarriers(Exception):
    """``inputRequests`` in more than one place, or nested deeper than any shape a client reads:
    which would a client show? Refused whole rather than half judged."""


# A request whose frame is at most this large is kept (its params) while in flight, so the proxy can
# re-send it to complete a round itself; a larger one is not, and its client completes the round.
MAX_KEPT_PARAMS: Final = 16 * 1024

# The keys through which a result or a task notification nests another object a client reads as a
# result or a task: a CreateTaskResult or tasks/get result wrapping its Task ("task", the draft
# Tasks extension and older shapes), and a completed task's final result ("result"), which is what
# the original request would have returned, so may itself be input_required.
_NESTING = ("task", "result")
# How many of those steps deep inputRequests is judged (result.task.result.inputRequests at most);
# deeper is no shape of the specification and is refused.
MAX_NESTING = 2


def input_container(result: JSONObject) -> tuple[str, ...] | None:
    """The one place a result (or a task notification's params) carries ``inputRequests``.

    Every object reachable through ``task``/``result`` keys is searched; two carriers, or one nested
    more than MAX_NESTING deep, raise :class:`TwoCarriers`.
    """
    found: list[tuple[str, ...]] = []
    stack: list[tuple[JSONObject, tuple[str, ...]]] = [(result, ())]
    while stack:
        node, path = stack.pop()
        if "inputRequests" in node:
            found.append(path)
        for key in _NESTING:
            child = node.get(key)
            if isinstance(child, dict):
                stack.append((child, path + (key,)))
    if len(found) > 1 or any(len(path) > MAX_NESTING for path in found):
        raise TwoCarriers
    return found[0] if found else None



def failed_task_error(result: JSONObject) -> tuple[str, ...] | None:
    """Where a task's result nests a -32042 error (a failed task's ``error``), if anywhere."""
    stack: list[tuple[JSONObject, tuple[str, ...]]] = [(result, ())]
    while stack:
        node, path = stack.pop()
        error = node.get("error")
        if isinstance(error, dict) and error.get("code") == errors.URL_ELICITATION_REQUIRED:
            return path + ("error",)
        if len(path) < MAX_NESTING:
            stack.extend((child, path + (key,)) for key in _NESTING if isinstance(child := node.get(key), dict))
    return None


class MrtrCarrier(ResponseCarrier):
    """``input_required`` results, ``notifications/tasks`` and the client's retries."""

    def _client_retry(self, message: Message, replacement: JSONObject | None, out: Outcome) -> JSONObject | None:
        """A client request carrying ``inputResponses``: answers holding a secret are withheld."""
        responses = message.params.get("inputResponses")
        if not isinstance(responses, dict):
            return replacement
        schemas = {k: self.state.input_schemas.get((self.state.scope, k)) for k in responses}
        return self._withhold_inputs(message, replacement, out, schemas)

    def _judge_inputs(self, requests: JSONObject, modes: frozenset[str], method: str | None, request_id: RequestId | None,
                      out: Outcome, direction: Direction = S2C) -> dict[str, Verdict]:
        """Judge each elicitation among input requests; returns the denied keys and their verdicts."""
        denied: dict[str, Verdict] = {}
        if len(requests) > MAX_ITEMS:
            verdict = Verdict(False, (Reason("elicitation.malformed", f"more than {MAX_ITEMS} input requests"),),
                              kind=DENY_MALFORMED)
            out.decisions.append(Decision("elicitation.denied", self._decide(False), direction, method=method,
                                          request_id=request_id, reasons=verdict.reasons,
                                          extra={"carrier": "input_required"}))
            return {key: verdict for key in requests}
        for key, entry in requests.items():
            if len(key) > MAX_STORED:
                # The proxy may have to answer this key on the retry, so it would keep it verbatim:
                # no honest key is this long.
                too_long = Reason("elicitation.malformed", f"input request key longer than {MAX_STORED}")
                verdict = Verdict(False, (too_long,), kind=DENY_MALFORMED)
            elif not isinstance(entry, dict) or entry.get("method") != ELICIT:
                if isinstance(entry, dict) and isinstance(entry.get("method"), str):
                    continue
                verdict = Verdict(False, (Reason("elicitation.malformed", "input request is not a request object"),),
                                  kind=DENY_MALFORMED)
            else:
                verdict = self._judge(entry.get("params"), modes, needs_id=False)
                if method != "tasks/get" and method not in TASK_NOTIFICATIONS:
                    # A task repeats its input requests on every poll: only a request's own count.
                    verdict = self._admit(verdict, request=False)
            event, decision = self._judged(verdict)
            out.decisions.append(Decision(
                event, decision, direction, method=method, request_id=request_id, mode=verdict.mode,
                reasons=verdict.reasons, fields=verdict.fields, url_host=verdict.url_host, input_key=key[:200],
                extra={"carrier": "input_required"}))
            if not verdict.allowed:
                denied[key] = verdict
            elif verdict.mode == "form":
                self._remember_schema(key, entry)
        return denied

    def _remember_schema(self, key: str, entry: JSONObject) -> None:
        params = entry.get("params")
        schema = params.get("requestedSchema") if isinstance(params, dict) else None
        props = schema.get("properties") if isinstance(schema, dict) else None
        if isinstance(props, dict):
            self.state.input_schemas[(self.state.scope, key)] = props

    def _input_required(self, message: Message, request: ClientRequest | None, path: tuple[str, ...], out: Outcome) -> Step:
        container = walk(message.obj, path)
        requests = container["inputRequests"]
        if not isinstance(requests, dict):
            reason = Reason("elicitation.malformed", "inputRequests must be an object")
            out.decisions.append(Decision("elicitation.denied", self._decide(False), S2C,
                                          method=request.method if request else None, request_id=message.id,
                                          reasons=(reason,), extra={"carrier": "input_required"}))
            return Step() if self.policy.monitor else Step(replacement=error_response(message.id, blocked_error((reason,))))
        # A 2026-07-28 request's own _meta; for a legacy request, what initialize declared.
        modes = request.modes if request is not None and request.modes is not None else self.state.client_modes
        method = request.method if request is not None else None
        denied = self._judge_inputs(requests, modes, method, message.id, out)
        if not denied or self.policy.monitor:
            return Step()
        reasons = tuple(r for v in denied.values() for r in v.reasons)
        malformed = any(v.kind == DENY_MALFORMED for v in denied.values())
        # Removing some requests and answering them on the retry works where the retry is known: the
        # request itself retried, or tasks/update for a task. A task's nested final result has none.
        removable = path in (("result",), ("result", "task"))
        if self.policy.on_deny == "error" or malformed or not removable:
            return Step(replacement=error_response(message.id, blocked_error(reasons)))
        obj = deep_copy_path(message.obj, path + ("inputRequests",))
        target = walk(obj, path)
        for key in denied:
            del target["inputRequests"][key]
        if request is not None and request.method in MRTR_METHODS and path == ("result",):
            return self._seal_round(message, request, obj, target, denied, reasons, out)
        state = target.get("requestState")
        task_id = target.get("taskId")
        if (not target["inputRequests"] and request is not None and request.method == "tasks/get"
                and isinstance(task_id, str) and self._answer_task(task_id, denied, request.method, out)):
            # Nothing left for the client to answer: the proxy answered the task itself; the client
            # sees the task without input requests.
            del target["inputRequests"]
            return Step(replacement=obj)
        if not target["inputRequests"]:
            del target["inputRequests"]
            # An InputRequiredResult needs inputRequests or requestState; a Task (tasks/get) does not.
            if not isinstance(state, str) and path[-1] == "result":
                return Step(replacement=error_response(message.id, blocked_error(reasons)))
        if request is not None and request.method == "tasks/get" and request.task_id is not None:
            self.state.removed_inputs[(self.state.scope, "tasks", request.task_id)] = {
                key: self.policy.on_deny for key in denied}
        return Step(replacement=obj)

    def _seal_round(self, message: Message, request: ClientRequest, obj: JSONObject, target: JSONObject,
                    denied: dict[str, Verdict], reasons: tuple[Reason, ...], out: Outcome) -> Step:
        """Hand the client the result without its denied entries; what the guard must answer on the
        retry travels inside ``requestState``, signed (policies.sealed), not in proxy memory. When
        nothing is left for the client to answer, the proxy retries itself (``_complete_round``)."""
        if self.sealer is None:
            return Step(replacement=error_response(message.id, blocked_error(reasons)))
        server_state = target.get("requestState", ABSENT)
        if not target["inputRequests"]:
            completed = self._complete_round(message, request, server_state, denied, reasons, out)
            if completed is not None:
                return completed
        sealed = self.sealer.seal(server_state, {key: self.policy.on_deny for key in denied},
                                  request.method, request.target)
        if sealed is None:
            too_large = Reason("mrtr.state_too_large", "the server's requestState is too large to carry")
            return Step(replacement=error_response(message.id, blocked_error((too_large, *reasons))))
        target["requestState"] = sealed
        if not target["inputRequests"]:
            del target["inputRequests"]
        return Step(replacement=obj)

    def _complete_round(self, message: Message, request: ClientRequest, server_state: Any,
                        denied: dict[str, Verdict], reasons: tuple[Reason, ...], out: Outcome) -> Step | None:
        """Every input request of the round was declined: retry the request upstream with the declines
        and the server's requestState, as the client would; the answer goes to the client under its own
        id. None when the transport cannot, or the request was not kept (the client then retries)."""
        params = self.round_params
        if not self.completes_rounds or params is None or self.sealer is None or message.id is None:
            return None
        client_id, done = self.proxy_round if self.proxy_round is not None else (message.id, 0)
        method = request.method
        if done >= self.max_rounds:
            reason = Reason("mrtr.rounds_exceeded", f"the server asked again after {done} round(s) the proxy declined")
            out.decisions.append(Decision("input.rounds_exceeded", "deny", S2C, method=method, request_id=client_id,
                                          reasons=(reason,), extra={"round": done}))
            return Step(replacement=error_response(message.id, blocked_error((reason, *reasons))))
        retry_id = "eg-round-" + self.sealer.nonce().hex()
        retry_key = id_key(retry_id)
        awaited = ClientRequest(method, request.target, request.modes, request.protocol, wire_id=wire_id_of(client_id))
        round_ = (client_id, done + 1)
        if not (self.state.pending_client.fits(retry_key, awaited) and self.state.proxy_rounds.fits(retry_key, round_)):
            # Remembered in both tables or in neither: a round one table forgot first would be answered
            # under the proxy's own id. With no room, the client gets the result and retries itself.
            return None
        resent: JSONObject = {k: v for k, v in params.items() if k not in ("inputResponses", "requestState")}
        resent["inputResponses"] = {key: {"action": self.policy.on_deny} for key in denied}
        if server_state is not ABSENT:
            resent["requestState"] = server_state
        self.state.pending_client[retry_key] = awaited
        self.state.proxy_rounds[retry_key] = round_
        self.state.round_params[retry_key] = params
        out.retries.append({"jsonrpc": "2.0", "id": retry_id, "method": method, "params": resent})
        out.decisions.append(Decision(
            "input.completed", "allow", S2C, method=method, request_id=client_id,
            reasons=(Reason("input.completed", f"round {done + 1}: the proxy retried with "
                                               f"{len(denied)} input request(s) answered {self.policy.on_deny}"),),
            extra={"input_keys": sorted(denied)[:64], "round": done + 1}))
        return Step(keep=False)

    def _task_notification(self, message: Message, out: Outcome) -> Step:
        try:
            path = input_container(message.params)
        except TwoCarriers:
            return self._two_carriers(message, out)
        if path is None:
            return Step()
        container = walk(message.params, path)
        requests = container["inputRequests"]
        if not isinstance(requests, dict) or path not in ((), ("task",)):
            # A list (of password forms, say) or a final result nested in a notification: nothing a
            # client should be shown unjudged. Dropped, and audited like any other drop.
            reason = Reason("elicitation.malformed", "inputRequests must be an object" if not isinstance(requests, dict)
                            else "inputRequests nested in a task notification's result")
            out.decisions.append(Decision("elicitation.denied", self._decide(False), S2C, method=message.method,
                                          reasons=(reason,), extra={"carrier": "input_required"}))
            return Step(keep=self.policy.monitor)
        task_id = container.get("taskId")
        # A notification carries no capabilities: use those of the request that created the task, else
        # what the session declared at initialize.
        modes = (self.state.task_modes.get(stored(task_id), self.state.client_modes) if isinstance(task_id, str)
                 else self.state.client_modes)
        denied = self._judge_inputs(requests, modes, message.method, None, out)
        if not denied or self.policy.monitor:
            return Step()
        obj = deep_copy_path(message.obj, ("params",) + path + ("inputRequests",))
        target = walk(obj, ("params",) + path)
        for key in denied:
            del target["inputRequests"][key]
        if isinstance(task_id, str):
            if not target["inputRequests"] and self._answer_task(task_id, denied, message.method, out):
                del target["inputRequests"]
                return Step(replacement=obj)
            action = self.policy.on_deny if self.policy.on_deny != "error" else "decline"
            self.state.removed_inputs[(self.state.scope, "tasks", stored(task_id))] = {key: action for key in denied}
        return Step(replacement=obj)

    def _answer_task(self, task_id: str, denied: dict[str, Verdict], method: str | None, out: Outcome) -> bool:
        """Every input request of a task was denied: nothing is left for the client to answer, so the
        proxy sends the server ``tasks/update`` with the policy's answers itself (its reply is the
        proxy's, never forwarded). False when the transport cannot."""
        if not self.completes_rounds or self.sealer is None:
            return False
        if (stored(task_id), tuple(sorted(denied))) in self.state.tasks_answered:
            return True  # a poll repeating what the proxy already answered
        action = self.policy.on_deny if self.policy.on_deny != "error" else "decline"
        update_id = "eg-task-" + self.sealer.nonce().hex()
        params: JSONObject = {"taskId": task_id, "inputResponses": {key: {"action": action} for key in denied}}
        meta = (self.round_params or {}).get("_meta")
        if isinstance(meta, dict):
            params["_meta"] = meta  # the client's own tasks/get: its protocol version and capabilities
        key = id_key(update_id)
        awaited = ClientRequest("tasks/update", None, None, None, task_id=stored(task_id))
        if not (self.state.pending_client.fits(key, awaited) and self.state.proxy_requests.fits(key, "tasks/update")):
            return False  # as for a round: remembered in both tables or not sent
        self.state.pending_client[key] = awaited
        self.state.proxy_requests[key] = "tasks/update"
        self.state.tasks_answered[(stored(task_id), tuple(sorted(denied)))] = None
        out.replies.append({"jsonrpc": "2.0", "id": update_id, "method": "tasks/update", "params": params})
        out.decisions.append(Decision(
            "input.completed", "allow", S2C, method=method,
            reasons=(Reason("input.completed", f"the proxy answered {len(denied)} input request(s) of a task "
                                               f"with {action}"),),
            extra={"input_keys": sorted(denied)[:64], "task": True}))
        return True



    def _two_carriers(self, message: Message, out: Outcome) -> Step:
        reason = Reason("elicitation.ambiguous", "inputRequests in more than one place, or nested too deep")
        out.decisions.append(Decision("elicitation.denied", self._decide(False), S2C, method=message.method,
                                      request_id=message.id, reasons=(reason,)))
        if self.policy.monitor:
            return Step()
        if message.kind is Kind.NOTIFICATION:
            return Step(keep=False)
        return Step(replacement=error_response(message.id, blocked_error((reason,))))


    def _answer_removed(self, message: Message, replacement: JSONObject | None,
                        out: Outcome) -> JSONObject | None | Step:
        """MRTR: on the client's retry, answer for input requests the proxy removed. A retry whose
        requestState names the guard's envelope but does not verify is refused (a Step)."""
        params = message.params
        method = message.method or ""
        state = params.get("requestState")
        restore: Any = _KEEP
        if method == "tasks/update" and isinstance(params.get("taskId"), str):
            removed = self.state.removed_inputs.pop((self.state.scope, "tasks", stored(params["taskId"])), None)
        elif method in MRTR_METHODS and is_sealed(state):
            target = target_of(params)
            try:
                if self.sealer is None:
                    raise SealError("no MRTR state key to verify with")
                opened = self.sealer.open(state, stored(method), stored(target) if target is not None else None)
            except SealError as exc:
                reason = Reason("mrtr.state_invalid", str(exc))
                out.decisions.append(Decision("mrtr.state_refused", "deny", C2S, method=method,
                                              request_id=message.id, reasons=(reason,)))
                if message.id is not None:
                    out.replies.append(error_response(message.id, blocked_error((reason,))))
                return Step(keep=False)
            removed, restore = opened.removed, opened.state
        else:
            return replacement
        if not removed and restore is _KEEP:
            return replacement
        obj = replacement if replacement is not None else deep_copy_path(message.obj, ("params",))
        if restore is ABSENT:
            del obj["params"]["requestState"]
        elif restore is not _KEEP:
            obj["params"]["requestState"] = restore  # exactly the server's own value
        if not removed:
            return obj
        responses = obj["params"].get("inputResponses")
        responses = dict(responses) if isinstance(responses, dict) else {}
        for input_key, action in removed.items():
            # Overwrite even an answer the client supplied: a blocked request gets no answer but ours.
            responses[input_key] = {"action": action}
        obj["params"]["inputResponses"] = responses
        out.decisions.append(Decision("input.answered", "allow", C2S, method=method, request_id=message.id,
                                      reasons=(Reason("input.answered", f"answered {len(removed)} blocked input request(s) "
                                                      f"with {sorted(set(removed.values()))}"),),
                                      extra={"input_keys": sorted(removed)}))
        return obj

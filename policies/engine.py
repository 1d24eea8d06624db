"""The sans-I/O guard: frames in, frames out, plus audit decisions as data.

A transport hands every frame it reads to :class:`Guard` and does what the :class:`Outcome` says:
send ``forward`` on in the same direction (the original bytes when nothing changed), send each of
``replies`` back to the sender, and write ``decisions`` to the audit log. The guard keeps the
session state it needs (declared modes, pending requests both ways, open URL elicitations, MRTR
keys it removed) and never blocks, sleeps or performs I/O.
"""

from __future__ import annotations

from elicitguard.policies import errors
from elicitguard.policies.carriers.base import (
    C2S,
    COMPLETE,
    META_CAPABILITIES,
    META_CLIENT_INFO,
    META_PROTOCOL,
    MRTR_METHODS,
    S2C,
    TASK_NOTIFICATIONS,
    Outcome,
    Step,
    blocked_error,
    client_name,
    error_response,
    meta_of,
    target_of,
)
from elicitguard.policies.carriers.elicit import ElicitationCarrier
from elicitguard.policies.carriers.mrtr import (
    MAX_KEPT_PARAMS,
    MrtrCarrier,
    TwoCarriers,
    failed_task_error,
    input_container,
)
from elicitguard.policies.carriers.protocol import ProtocolCarrier
from elicitguard.policies.carriers.refusal import RefusalCarrier, rejected_request
from elicitguard.policies.carriers.url_required import UrlRequiredCarrier
from elicitguard.policies.config import KNOWN_PROTOCOLS, Policy
from elicitguard.policies.envelope import (
    Envelope,
    EnvelopeError,
    JSONObject,
    Kind,
    Message,
    dumps,
    id_key,
    parse_envelope,
)
from elicitguard.policies.hygiene import Expiry, HygieneCarrier
from elicitguard.policies.judge import ELICIT, MAX_JUDGED_TEXT, declared_modes
from elicitguard.policies.response_scan import MAX_SCANNED_TEXT
from elicitguard.policies.screen import screen
from elicitguard.policies.sealed import Sealer
from elicitguard.policies.session import (
    MAX_SAFE_ID,
    Bounded,
    ClientRequest,
    ServerRequest,
    SessionState,
    request_digest,
    stored,
    wire_id_of,
)
from elicitguard.policies.verdict import Decision, Direction, Reason
from elicitguard.policies.wire import refusal

__all__ = ["Bounded", "ClientRequest", "Expiry", "Guard", "Outcome", "ServerRequest", "SessionState", "blocked_error",
           "judge_client_message", "judge_message"]


class Guard(RefusalCarrier, ProtocolCarrier, ElicitationCarrier, UrlRequiredCarrier, MrtrCarrier, HygieneCarrier):
    """Judges the traffic of one session (one stdio child, one Mcp-Session-Id, one modern request).

    This class frames and dispatches; each carrier of elicitation is a mixin in ``policies.carriers``, and so
    are the refusals of what cannot be parsed (``carriers.refusal``).
    """

    def __init__(self, policy: Policy, max_message_bytes: int, state: SessionState | None = None,
                 sealer: Sealer | None = None, *, completes_rounds: bool = False, max_rounds: int = 3,
                 pairs_server_requests: bool = True) -> None:
        self.policy = policy
        self.max_message_bytes = max_message_bytes
        self.state = state if state is not None else SessionState()
        self.sealer = sealer
        self.completes_rounds = completes_rounds
        self.max_rounds = max_rounds
        # False for a guard that lives for one HTTP request with no session: the client's answer to a
        # server request would come in another request, judged by another guard, and could never be
        # paired (2026-07-28 has no server requests at all): such requests are refused and answered.
        self.pairs_server_requests = pairs_server_requests

    # ---- entry points -----------------------------------------------------------------------------

    def client_message(self, raw: bytes) -> Outcome:
        """A frame the client sent towards the server."""
        return self._frame(C2S, raw)

    def server_message(self, raw: bytes, now: float | None = None) -> Outcome:
        """A frame the server sent towards the client; ``now`` (the transport's monotonic clock, in
        seconds) drives policy.limits; without it rates are not limited and nothing times out."""
        self.now = now
        return self._frame(S2C, raw)

    # ---- framing ----------------------------------------------------------------------------------

    def _frame(self, direction: Direction, raw: bytes) -> Outcome:
        self.budget = MAX_JUDGED_TEXT
        self.scan_budget = MAX_SCANNED_TEXT
        self.frame_size = len(raw)
        screened = screen(self.state, direction, raw, self.max_message_bytes)
        if screened is not None:
            return screened
        return self._in_full(direction, raw)

    def _in_full(self, direction: Direction, raw: bytes) -> Outcome:
        """The full judgement: the strict parse, then each message through its carrier."""
        try:
            envelope = parse_envelope(raw, self.max_message_bytes)
        except EnvelopeError as exc:
            if (self.policy.monitor and exc.rule != "envelope.too_large"
                    and not (direction is S2C and (self._owes_proxy() or self._answers_proxy(exc.response_id)))):
                # monitor changes nothing on the wire: what enforce would refuse is only audited. The size
                # limit is hard: a frame past it is never forwarded, in any mode.
                return Outcome(forward=raw, decisions=[Decision("message.rejected", "would_deny", direction,
                                                                request_id=exc.request_id,
                                                                reasons=(Reason(exc.rule, exc.detail),))])
            return self.rejection(direction, exc)
        out = Outcome(methods=[m.method if m.kind in (Kind.REQUEST, Kind.NOTIFICATION) else None
                               for m in envelope.messages])
        # An answer to a request the proxy sent itself (a round it completed, its own tasks/update) is
        # never forwarded as it came, in monitor mode either (a reload may have switched to it while
        # the round was in flight): its id is the proxy's, never the client's.
        raw_ok = self.policy.monitor and not (direction is S2C and (
            any(m.kind in (Kind.RESULT, Kind.ERROR) and self._answers_proxy(m.id) for m in envelope.messages)
            or (envelope.rejected and self._owes_proxy())))
        steps = [self._safely(direction, message, out) for message in envelope.messages]
        forwarded = raw_ok and not any(step.failed for step in steps)
        answers = [answer for rejected in envelope.rejected
                   if (answer := self._reject(direction, rejected, out, forwarded=forwarded)) is not None]
        if forwarded:
            out.forward = raw
            out.replies = []
            return out
        out.forward = self._assemble(envelope, steps, answers)
        return out

    def _assemble(self, envelope: Envelope, steps: list[Step], answers: list[JSONObject]) -> bytes | None:
        """The frame to forward: the raw bytes when nothing changed, else the kept messages (and the
        errors answering refused batch elements) re-serialised."""
        unchanged = all(s.keep and s.replacement is None for s in steps) and not envelope.rejected
        if unchanged:
            return envelope.raw
        kept = [s.replacement if s.replacement is not None else m.obj for m, s in zip(envelope.messages, steps) if s.keep]
        kept += answers
        if not kept:
            return None
        if envelope.batch:
            return dumps(kept)
        return dumps(kept[0])

    def _safely(self, direction: Direction, message: Message, out: Outcome) -> Step:
        self.failed_round_id = None
        try:
            if direction is C2S:
                return self._from_client(message, out)
            return self._from_server(message, out)
        except Exception as exc:  # noqa: BLE001 - fail closed: block the message, audit why
            reason = Reason("internal.error", f"{type(exc).__name__} while judging; the message was blocked")
            out.decisions.append(Decision("message.error", "deny", direction, method=message.method,
                                          request_id=message.id, reasons=(reason,)))
            error = {"code": errors.INTERNAL_ERROR, "message": "elicitguard could not judge this message safely",
                     "data": {"rule": reason.rule, "source": "elicitguard"}}
            if message.kind is Kind.REQUEST:
                out.replies.append(error_response(message.id, error))
                return Step(keep=False, failed=True)
            if message.kind in (Kind.RESULT, Kind.ERROR) and message.id is not None:
                answer_id = self.failed_round_id if self.failed_round_id is not None else message.id
                return Step(replacement=error_response(answer_id, error), failed=True)
            return Step(keep=False, failed=True)


    # ---- client -> server -------------------------------------------------------------------------

    def _from_client(self, message: Message, out: Outcome) -> Step:
        if message.kind is Kind.REQUEST:
            return self._client_request(message, out)
        if message.kind is Kind.NOTIFICATION:
            return Step()
        return self._client_response(message, out)

    def _client_request(self, message: Message, out: Outcome) -> Step:
        params = message.params
        method = message.method or ""
        meta = meta_of(params)
        protocol = meta.get(META_PROTOCOL)
        replacement: JSONObject | None = None
        modes: frozenset[str] | None = None
        if method == "initialize":
            caps = params.get("capabilities")
            self.state.client_modes = declared_modes(caps.get("elicitation") if isinstance(caps, dict) else None)
            self.state.client_info = client_name(params.get("clientInfo"))
            requested = params.get("protocolVersion")
            self.state.protocol_version = stored(requested) if isinstance(requested, str) else None
            replacement = self._narrow(message, ("params", "capabilities"), out)
        elif protocol is not None:
            if not isinstance(protocol, str) or (protocol not in KNOWN_PROTOCOLS and self.policy.unknown_protocol == "block"):
                return self._unsupported_protocol(message, protocol, out)
            caps = meta.get(META_CAPABILITIES)
            modes = declared_modes(caps.get("elicitation") if isinstance(caps, dict) else None)
            if self.state.client_info is None:
                self.state.client_info = client_name(meta.get(META_CLIENT_INFO))
            replacement = self._narrow(message, ("params", "_meta", META_CAPABILITIES), out)
        # Whether or not the retry carries its own _meta: an envelope the proxy sealed is opened (or
        # refused) and never reaches the server, and what the proxy removed gets only its answer.
        answered = self._answer_removed(message, replacement, out)
        if isinstance(answered, Step):
            return answered
        replacement = answered
        replacement = self._client_retry(message, replacement, out)
        task_id = stored(params["taskId"]) if isinstance(params.get("taskId"), str) else None
        if task_id is not None and modes is not None:
            self.state.task_modes[task_id] = modes  # the latest capabilities the client showed for this task
        if (message.id is not None and (method in MRTR_METHODS or method == "tasks/get") and self.completes_rounds
                and self.frame_size <= MAX_KEPT_PARAMS):
            # Kept to re-send it should the proxy have to complete a round itself (mrtr.py).
            self.state.round_params[id_key(message.id)] = dict((replacement or message.obj).get("params") or {})
        if message.id is not None:
            target = target_of(params)
            pending = ClientRequest(stored(method), stored(target) if target is not None else None, modes,
                                    stored(protocol) if isinstance(protocol, str) else None, task_id,
                                    wire_id=wire_id_of(message.id))
            if not self.state.pending_client.add(id_key(message.id), pending):
                return self._in_flight_refusal(message, C2S, out)
        return Step(replacement=replacement)

    def _in_flight_refusal(self, message: Message, direction: Direction, out: Outcome) -> Step:
        """A request the session's table of requests awaiting an answer has no room for: refused
        with an error to its sender, never forwarded. Forgetting an older request instead would leave
        its answer unpaired (refused) when it comes: that request would never be answered."""
        reason = Reason("limits.in_flight", "the table of requests awaiting an answer is full")
        out.decisions.append(Decision("message.rejected", "deny", direction, method=message.method,
                                      request_id=message.id, reasons=(reason,)))
        out.replies.append(error_response(message.id, refusal("limits.in_flight", errors.INTERNAL_ERROR,
                                                              "Refused by elicitguard")))
        return Step(keep=False)


    def _id_refusal(self, message: Message, out: Outcome, reason: Reason) -> Step:
        """A server request whose id the client could not answer unambiguously: refused (in every mode),
        never forwarded. The client answers by id: under an id another pending request holds, or an
        integer past 2**53 - 1 (a JavaScript client reads 2**53 + 1 as 2**53), its answer would pair with
        the wrong request, and the user's answer to a form, paired with a ``ping``, would reach the server
        unscanned (policy.response)."""
        out.decisions.append(Decision("message.rejected", "deny", S2C, method=message.method,
                                      request_id=message.id, reasons=(reason,)))
        out.replies.append(rejected_request(message.id, reason.rule))
        return Step(keep=False)

    # ---- server -> client -------------------------------------------------------------------------

    def _from_server(self, message: Message, out: Outcome) -> Step:
        if message.kind is Kind.REQUEST:
            if message.id is not None and not self.pairs_server_requests:
                return self._id_refusal(message, out, Reason(
                    "request.unpairable", "a server request on a stream without a session: no answer could be paired"))
            if message.id is not None:
                if isinstance(message.id, int) and not -MAX_SAFE_ID <= message.id <= MAX_SAFE_ID:
                    return self._id_refusal(message, out, Reason(
                        "envelope.unsafe_id", "an integer id a JavaScript client cannot hold exactly (past 2**53 - 1)"))
                earlier = self.state.pending_server.get(id_key(message.id))
                # The same request again is a replay (HTTP resumption), judged again as before.
                if earlier is not None and earlier.digest != request_digest(message):
                    return self._id_refusal(message, out, Reason(
                        "envelope.duplicate_id", "a request under an id that is still awaiting the client's answer"))
            if message.method == ELICIT:
                return self._elicit_request(message, out)
            if message.id is not None:
                pending = ServerRequest(stored(message.method or ""), wire_id=wire_id_of(message.id),
                                        digest=request_digest(message))
                if not self.state.pending_server.add(id_key(message.id), pending):
                    return self._in_flight_refusal(message, S2C, out)
            return Step()
        if message.kind is Kind.NOTIFICATION:
            if message.method == ELICIT:
                # Without an id nobody can answer it, and some client might still show it: never forward.
                reason = Reason("elicitation.malformed", "elicitation/create sent as a notification (no id)")
                out.decisions.append(Decision("elicitation.denied", self._decide(False), S2C, method=ELICIT,
                                              reasons=(reason,)))
                return Step(keep=self.policy.monitor)
            if message.method == COMPLETE:
                return self._completion(message, out)
            if message.method in TASK_NOTIFICATIONS:
                return self._task_notification(message, out)
            return Step()
        return self._paired_response(message, out)


    def _paired_response(self, message: Message, out: Outcome) -> Step:
        """A response, with what an MRTR round needs: its request's params, and when it answers a retry
        the proxy sent itself, the client's id it goes back under."""
        key = id_key(message.id) if message.id is not None else None
        if key is not None and self.state.proxy_requests.pop(key, None) is not None:
            # The server's answer to the proxy's own tasks/update: nobody else awaits it.
            self.state.pending_client.pop(key, None)
            return Step(keep=False)
        self.round_params = self.state.round_params.pop(key, None) if key is not None else None
        self.proxy_round = self.state.proxy_rounds.pop(key, None) if key is not None else None
        try:
            step = self._server_response(message, out)
        except Exception:
            if self.proxy_round is not None:
                self.failed_round_id = self.proxy_round[0]
            raise
        finally:
            client_id = self.proxy_round[0] if self.proxy_round is not None else None
            self.round_params = self.proxy_round = None
        if key is not None and client_id is not None and step.keep:
            obj = dict(step.replacement if step.replacement is not None else message.obj)
            obj["id"] = client_id
            step.replacement = obj
        return step

    def _server_response(self, message: Message, out: Outcome) -> Step:
        request = self.state.pending_client.pop(id_key(message.id), None) if message.id is not None else None
        if request is None and message.id is not None:
            return self._unpaired(message, out)
        if message.kind is Kind.ERROR:
            if message.error.get("code") == errors.URL_ELICITATION_REQUIRED:
                return self._url_required(message, request, out)
            return Step()
        result = message.result
        replacement: JSONObject | None = None
        if request is not None and request.method == "initialize":
            refused = self._initialize_result(message, out)
            if refused is not None:
                return refused
        if request is not None and request.method == "server/discover":
            replacement = self._filter_versions(message, out)
        if request is not None and request.modes is not None:
            task = result.get("task")
            task_id = task.get("taskId") if isinstance(task, dict) else result.get("taskId")
            if isinstance(task_id, str):
                self.state.task_modes[stored(task_id)] = request.modes
        try:
            container = input_container(result)
        except TwoCarriers:
            return self._two_carriers(message, out)
        failed = failed_task_error(result)
        if container is not None and failed is not None:
            return self._two_carriers(message, out)
        if container is not None:
            return self._input_required(message, request, ("result",) + container, out)
        if failed is not None:
            # A failed task (tasks/get) carries the JSON-RPC error its request failed with; a client
            # raises it to the caller like any -32042, so its URL elicitations are judged the same.
            return self._url_required(message, request, out, at=("result",) + failed)
        return Step(replacement=replacement)


    def _unpaired(self, message: Message, out: Outcome) -> Step:
        """A response whose id equals (in type and value) no request the client has pending.

        It answers nothing the client asked, or answers it under an id the client's SDK would have to
        coerce ("00" for 0): either way the proxy did not judge it as the answer to that request.
        """
        reason = Reason("response.unpaired", "the server answered an id the client has no request pending under")
        out.decisions.append(Decision("response.refused", self._decide(False), S2C, request_id=message.id,
                                      reasons=(reason,)))
        return Step(keep=self.policy.monitor)


def judge_message(raw: bytes, client_modes: frozenset[str], policy: Policy, max_bytes: int) -> tuple[str, list[Decision]]:
    """Offline judgement of one server-to-client message (``elicitguard explain``)."""
    state = SessionState(client_modes=client_modes)
    guard = Guard(policy, max_bytes, state)
    envelope = parse_envelope(raw, max_bytes)  # an EnvelopeError is the caller's "bad input"
    # Responses are judged as answers to a request the client made with these capabilities.
    for message in envelope.messages:
        if message.kind in (Kind.RESULT, Kind.ERROR) and message.id is not None:
            state.pending_client[id_key(message.id)] = ClientRequest("tools/call", None, client_modes, None)
    out = guard.server_message(raw)
    denied = any(d.decision != "allow" for d in out.decisions) or out.forward != raw
    return ("deny" if denied else "allow"), out.decisions


def judge_client_message(raw: bytes, client_modes: frozenset[str], policy: Policy,
                         max_bytes: int) -> tuple[str, list[Decision]]:
    """Offline judgement of one client-to-server message (``elicitguard explain --direction client``).

    A result (or error) is judged as the client's answer to a form ``elicitation/create`` the proxy
    forwarded; a request (a 2026-07-28 retry with ``inputResponses``) as it comes.
    """
    state = SessionState(client_modes=client_modes)
    guard = Guard(policy, max_bytes, state)
    envelope = parse_envelope(raw, max_bytes)  # an EnvelopeError is the caller's "bad input"
    for message in envelope.messages:
        if message.kind in (Kind.RESULT, Kind.ERROR) and message.id is not None:
            state.pending_server[id_key(message.id)] = ServerRequest(ELICIT, "form")
    out = guard.client_message(raw)
    denied = any(d.decision != "allow" for d in out.decisions) or out.forward != raw
    return ("deny" if denied else "allow"), out.decisions

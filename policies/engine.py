"""The sans-I/O guard: frames in, frames out, plus audit decisions as data.

A transport hands every frame it reads to :class:`Guard` and does what the :class:`Outcome` says:
send ``forward`` on in the same direction (the original bytes when nothing changed), send each of
``replies`` back to the sender, and write ``decisions`` to the audit log. The guard keeps the
session state it needs (declared modes, pending requests both ways, open URL elicitations, MRTR
keys it removed) and never blocks, sleeps or performs I/O.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Final, Generic, TypeVar

from elicitguard.policies import errors
from elicitguard.policies.config import KNOWN_PROTOCOLS, Policy
from elicitguard.policies.envelope import (
    Envelope,
    EnvelopeError,
    JSONObject,
    Kind,
    Message,
    RequestId,
    dumps,
    id_from_fragments,
    id_key,
    parse_envelope,
    strict_loads,
)
from elicitguard.policies.judge import ELICIT, declared_modes, judge_elicitation
from elicitguard.policies.verdict import DENY_MALFORMED, Decision, Direction, Reason, Verdict

C2S: Final = Direction.CLIENT_TO_SERVER
S2C: Final = Direction.SERVER_TO_CLIENT

META_PROTOCOL: Final = "io.modelcontextprotocol/protocolVersion"
META_CAPABILITIES: Final = "io.modelcontextprotocol/clientCapabilities"
META_CLIENT_INFO: Final = "io.modelcontextprotocol/clientInfo"
MRTR_METHODS: Final = frozenset({"tools/call", "prompts/get", "resources/read"})
COMPLETE: Final = "notifications/elicitation/complete"
TASK_NOTIFICATION: Final = "notifications/tasks"
# Client requests whose results the guard reads (capabilities, versions).
_READ_RESULTS: Final = frozenset({"initialize", "server/discover"})
# More elicitations than this in one error or result is not a real flow: refused whole, which also
# bounds the audit lines one message can cause.
MAX_ITEMS: Final = 64
# Bounds on per-session memory: a hostile peer must not grow the proxy without limit.
MAX_TRACKED: Final = 10_000

K = TypeVar("K")
V = TypeVar("V")


class Bounded(OrderedDict[K, V], Generic[K, V]):
    """An insertion-ordered dict that forgets its oldest entries past a bound."""

    def __init__(self, bound: int = MAX_TRACKED) -> None:
        super().__init__()
        self.bound = bound

    def __setitem__(self, key: K, value: V) -> None:
        super().__setitem__(key, value)
        while len(self) > self.bound:
            self.popitem(last=False)


@dataclass(frozen=True, slots=True)
class ClientRequest:
    """What the proxy remembers of a client request until the server answers it."""

    method: str
    target: str | None
    modes: frozenset[str] | None  # per-request (2026-07-28) capabilities; None for legacy requests
    protocol: str | None
    task_id: str | None = None


@dataclass(frozen=True, slots=True)
class ServerRequest:
    method: str
    mode: str | None = None
    elicitation_id: str | None = None


@dataclass
class SessionState:
    """Everything the guard knows about one client-server conversation."""

    client_modes: frozenset[str] = frozenset()
    client_info: dict[str, str] | None = None
    protocol_version: str | None = None
    initialized: bool = False
    pending_client: Bounded[str, ClientRequest] = field(default_factory=Bounded)
    pending_server: Bounded[str, ServerRequest] = field(default_factory=Bounded)
    answered_by_proxy: Bounded[str, str] = field(default_factory=Bounded)
    open_elicitations: Bounded[str, None] = field(default_factory=Bounded)
    # Tasks extension: the capabilities of the request that created each task.
    task_modes: Bounded[str, frozenset[str]] = field(default_factory=Bounded)
    # Prefix of MRTR correlation keys: who the client is, where the store is shared (session-less HTTP).
    scope: str = ""
    # MRTR: input request keys the proxy removed, to answer on the client's retry.
    removed_inputs: Bounded[tuple[str, ...], dict[str, str]] = field(default_factory=Bounded)


@dataclass
class Outcome:
    """What the transport must do with one frame."""

    forward: bytes | None = None
    replies: list[JSONObject] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)


@dataclass
class _Step:
    """The fate of one message inside a frame."""

    keep: bool = True
    replacement: JSONObject | None = None
    failed: bool = False  # judging raised: blocked even in monitor mode (fail closed)


def blocked_error(reasons: tuple[Reason, ...], code: int = errors.INVALID_PARAMS) -> JSONObject:
    """The JSON-RPC error object for a blocked elicitation; names the rule, never a value."""
    first = reasons[0] if reasons else Reason("policy", "blocked")
    return {
        "code": code,
        "message": f"Blocked by elicitguard: {first.detail}",
        "data": {"rule": first.rule, "reasons": [r.as_dict() for r in reasons], "source": "elicitguard"},
    }


def _error_response(request_id: RequestId | None, error: JSONObject) -> JSONObject:
    return {"jsonrpc": "2.0", "id": request_id, "error": error}


def _meta(params: JSONObject) -> JSONObject:
    meta = params.get("_meta")
    return meta if isinstance(meta, dict) else {}


def _target(params: JSONObject) -> str | None:
    for key in ("name", "uri"):
        value = params.get(key)
        if isinstance(value, str):
            return value
    return None


def _client_name(info: Any) -> dict[str, str] | None:
    if not isinstance(info, dict):
        return None
    return {k: str(info[k])[:200] for k in ("name", "version") if isinstance(info.get(k), (str, int, float))}


class Guard:
    """Judges the traffic of one session (one stdio child, one Mcp-Session-Id, one modern request)."""

    def __init__(self, policy: Policy, max_message_bytes: int, state: SessionState | None = None) -> None:
        self.policy = policy
        self.max_message_bytes = max_message_bytes
        self.state = state if state is not None else SessionState()

    # ---- entry points -----------------------------------------------------------------------------

    def client_message(self, raw: bytes) -> Outcome:
        """A frame the client sent towards the server."""
        return self._frame(C2S, raw)

    def server_message(self, raw: bytes) -> Outcome:
        """A frame the server sent towards the client."""
        return self._frame(S2C, raw)

    def oversize(self, direction: Direction, size: int, head: bytes, tail: bytes) -> Outcome:
        """A frame the transport had to discard for its size: still answer whoever awaits it."""
        exc = EnvelopeError("envelope.too_large", f"message of {size} bytes exceeds limits.max_message_bytes")
        frame_id, kind = id_from_fragments(head, tail)
        if frame_id is not None:
            pending = self.state.pending_client if direction is S2C else self.state.pending_server
            if kind == "response" or (kind is None and id_key(frame_id) in pending):
                exc.response_id = frame_id
            else:
                exc.request_id = frame_id
        return self.rejection(direction, exc)

    def rejection(self, direction: Direction, exc: EnvelopeError) -> Outcome:
        """The outcome for a frame that could not be parsed safely (also used by transports)."""
        out = Outcome()
        self._reject(direction, exc, out, whole_frame=True)
        return out

    # ---- framing ----------------------------------------------------------------------------------

    def _frame(self, direction: Direction, raw: bytes) -> Outcome:
        if direction is S2C and len(raw) <= self.max_message_bytes:
            fast = self._plain_result(raw)
            if fast is not None:
                return fast
        try:
            envelope = parse_envelope(raw, self.max_message_bytes)
        except EnvelopeError as exc:
            if self.policy.monitor:
                # monitor changes nothing on the wire: what enforce would refuse is only audited.
                return Outcome(forward=raw, decisions=[Decision("message.rejected", "would_deny", direction,
                                                                request_id=exc.request_id,
                                                                reasons=(Reason(exc.rule, exc.detail),))])
            return self.rejection(direction, exc)
        out = Outcome()
        steps = [self._safely(direction, message, out) for message in envelope.messages]
        for rejected in envelope.rejected:
            self._reject(direction, rejected, out)
        if self.policy.monitor and not any(step.failed for step in steps):
            out.forward = raw
            out.replies = []
            return out
        out.forward = self._assemble(envelope, steps)
        return out

    def _plain_result(self, raw: bytes) -> Outcome | None:
        """Fast path for the bulk of traffic: a server result that cannot carry an elicitation.

        Only when the bytes hold no ``\\u`` escape (so no key or marker can be spelled another way)
        and no ``inputRequests`` anywhere, and the result answers a request whose result the guard
        does not read (not initialize or server/discover). The parse is as strict as the slow path's
        (duplicate keys, NaN, depth); what fails it takes the strict path, which reports it precisely.
        """
        if b"\\u" in raw or b"inputRequests" in raw or b"taskId" in raw:
            return None
        try:
            obj = strict_loads(raw.decode("utf-8"))
        except (ValueError, RecursionError):
            return None
        if (
            not isinstance(obj, dict) or obj.get("jsonrpc") != "2.0" or "method" in obj or "error" in obj
            or not isinstance(obj.get("result"), dict)
        ):
            return None
        request_id = obj.get("id")
        if isinstance(request_id, bool) or not isinstance(request_id, (str, int)):
            return None
        key = id_key(request_id)
        pending = self.state.pending_client.get(key)
        if pending is not None and pending.method in _READ_RESULTS:
            return None
        self.state.pending_client.pop(key, None)
        return Outcome(forward=raw)

    def _assemble(self, envelope: Envelope, steps: list[_Step]) -> bytes | None:
        unchanged = all(s.keep and s.replacement is None for s in steps) and not envelope.rejected
        if unchanged:
            return envelope.raw
        kept = [s.replacement if s.replacement is not None else m.obj for m, s in zip(envelope.messages, steps) if s.keep]
        if not kept:
            return None
        if envelope.batch:
            return dumps(kept)
        return dumps(kept[0])

    def _reject(self, direction: Direction, exc: EnvelopeError, out: Outcome, whole_frame: bool = False) -> None:
        if exc.response_id is not None and whole_frame:
            # The peer waiting for this response gets an error in its place rather than waiting forever.
            if direction is S2C:
                self.state.pending_client.pop(id_key(exc.response_id), None)
            else:
                self.state.pending_server.pop(id_key(exc.response_id), None)
            out.forward = dumps(_error_response(exc.response_id, {
                "code": errors.INTERNAL_ERROR, "message": f"elicitguard refused the peer's answer: {exc.detail}",
                "data": {"rule": exc.rule, "source": "elicitguard"}}))
        if exc.request_id is not None:
            out.replies.append(_error_response(exc.request_id, {
                "code": errors.INVALID_REQUEST,
                "message": f"Rejected by elicitguard: {exc.detail}",
                "data": {"rule": exc.rule, "source": "elicitguard"},
            }))
        out.decisions.append(Decision("message.rejected", self._decide(False), direction, request_id=exc.request_id,
                                      reasons=(Reason(exc.rule, exc.detail),)))

    def _safely(self, direction: Direction, message: Message, out: Outcome) -> _Step:
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
                out.replies.append(_error_response(message.id, error))
                return _Step(keep=False, failed=True)
            if message.kind in (Kind.RESULT, Kind.ERROR) and message.id is not None:
                return _Step(replacement=_error_response(message.id, error), failed=True)
            return _Step(keep=False, failed=True)

    def _decide(self, allowed: bool) -> str:
        if allowed:
            return "allow"
        return "would_deny" if self.policy.monitor else "deny"

    # ---- client -> server -------------------------------------------------------------------------

    def _from_client(self, message: Message, out: Outcome) -> _Step:
        if message.kind is Kind.REQUEST:
            return self._client_request(message, out)
        if message.kind is Kind.NOTIFICATION:
            return _Step()
        return self._client_response(message, out)

    def _client_request(self, message: Message, out: Outcome) -> _Step:
        params = message.params
        method = message.method or ""
        meta = _meta(params)
        protocol = meta.get(META_PROTOCOL)
        replacement: JSONObject | None = None
        modes: frozenset[str] | None = None
        if method == "initialize":
            caps = params.get("capabilities")
            self.state.client_modes = declared_modes(caps.get("elicitation") if isinstance(caps, dict) else None)
            self.state.client_info = _client_name(params.get("clientInfo"))
            requested = params.get("protocolVersion")
            self.state.protocol_version = requested if isinstance(requested, str) else None
            replacement = self._narrow(message, ("params", "capabilities"), out)
        elif protocol is not None:
            if not isinstance(protocol, str) or (protocol not in KNOWN_PROTOCOLS and self.policy.unknown_protocol == "block"):
                return self._unsupported_protocol(message, protocol, out)
            caps = meta.get(META_CAPABILITIES)
            modes = declared_modes(caps.get("elicitation") if isinstance(caps, dict) else None)
            if self.state.client_info is None:
                self.state.client_info = _client_name(meta.get(META_CLIENT_INFO))
            replacement = self._narrow(message, ("params", "_meta", META_CAPABILITIES), out)
            replacement = self._answer_removed(message, replacement, out)
        task_id = params.get("taskId") if isinstance(params.get("taskId"), str) else None
        if task_id is not None and modes is not None:
            self.state.task_modes[task_id] = modes  # the latest capabilities the client showed for this task
        if message.id is not None:
            self.state.pending_client[id_key(message.id)] = ClientRequest(
                method, _target(params), modes, protocol if isinstance(protocol, str) else None, task_id)
        return _Step(replacement=replacement)

    def _unsupported_protocol(self, message: Message, protocol: Any, out: Outcome) -> _Step:
        shown = protocol if isinstance(protocol, str) and len(protocol) <= 40 else "(invalid)"
        reason = Reason("protocol.unsupported", f"protocol version {shown} is not one elicitguard understands")
        out.decisions.append(Decision("protocol.unsupported", self._decide(False), C2S, method=message.method,
                                      request_id=message.id, reasons=(reason,)))
        if self.policy.monitor:
            return _Step()
        if message.id is not None:
            out.replies.append(_error_response(message.id, {
                "code": errors.UNSUPPORTED_PROTOCOL_VERSION,
                "message": "Unsupported protocol version (elicitguard cannot inspect it)",
                "data": {"supported": list(KNOWN_PROTOCOLS), "requested": shown, "source": "elicitguard"},
            }))
        return _Step(keep=False)

    def _narrow(self, message: Message, path: tuple[str, ...], out: Outcome) -> JSONObject | None:
        """Rewrite a declared elicitation capability down to policy.modes (opt-in)."""
        if not self.policy.narrow_capabilities or self.policy.monitor:
            return None
        node: Any = message.obj
        for key in path:
            node = node.get(key) if isinstance(node, dict) else None
        if not isinstance(node, dict) or "elicitation" not in node:
            return None
        declared = declared_modes(node["elicitation"])
        keep = declared & self.policy.modes
        if keep == declared:
            return None
        obj = _deep_copy_path(message.obj, path)
        caps = _walk(obj, path)
        if keep:
            caps["elicitation"] = {m: {} for m in sorted(keep)}
        else:
            del caps["elicitation"]
        out.decisions.append(Decision("capabilities.narrowed", "allow", C2S, method=message.method, request_id=message.id,
                                      reasons=(Reason("capabilities.narrowed",
                                                      f"declared {sorted(declared)} narrowed to {sorted(keep)} by policy.modes"),)))
        return obj

    def _answer_removed(self, message: Message, replacement: JSONObject | None, out: Outcome) -> JSONObject | None:
        """MRTR: on the client's retry, answer for input requests the proxy removed."""
        params = message.params
        method = message.method or ""
        if method == "tasks/update" and isinstance(params.get("taskId"), str):
            key: tuple[str, ...] = (self.state.scope, "tasks", params["taskId"])
        elif method in MRTR_METHODS and ("inputResponses" in params or "requestState" in params):
            state = params.get("requestState")
            key = (self.state.scope, method, _target(params) or "", state if isinstance(state, str) else "")
        else:
            return replacement
        removed = self.state.removed_inputs.pop(key, None)
        if not removed:
            return replacement
        obj = replacement if replacement is not None else _deep_copy_path(message.obj, ("params",))
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

    def _client_response(self, message: Message, out: Outcome) -> _Step:
        if message.id is None:
            out.decisions.append(Decision("response.refused", "deny", C2S, reasons=(
                Reason("response.no_id", "a client response without an id answers nothing"),)))
            return _Step(keep=False)
        key = id_key(message.id)
        pending = self.state.pending_server.pop(key, None)
        if pending is not None:
            if pending.method == ELICIT and pending.elicitation_id is not None:
                action = message.result.get("action")
                if message.kind is Kind.ERROR or action in ("decline", "cancel"):
                    self.state.open_elicitations.pop(pending.elicitation_id, None)
            return _Step()
        why = ("the proxy already answered this request itself" if key in self.state.answered_by_proxy
               else "no pending server request has this id")
        out.decisions.append(Decision("response.refused", self._decide(False), C2S, request_id=message.id,
                                      reasons=(Reason("response.unexpected", why),)))
        return _Step(keep=self.policy.monitor)

    # ---- server -> client -------------------------------------------------------------------------

    def _from_server(self, message: Message, out: Outcome) -> _Step:
        if message.kind is Kind.REQUEST:
            if message.method == ELICIT:
                return self._elicit_request(message, out)
            if message.id is not None:
                self.state.pending_server[id_key(message.id)] = ServerRequest(message.method or "")
            return _Step()
        if message.kind is Kind.NOTIFICATION:
            if message.method == ELICIT:
                # Without an id nobody can answer it, and some client might still show it: never forward.
                reason = Reason("elicitation.malformed", "elicitation/create sent as a notification (no id)")
                out.decisions.append(Decision("elicitation.denied", self._decide(False), S2C, method=ELICIT,
                                              reasons=(reason,)))
                return _Step(keep=self.policy.monitor)
            if message.method == COMPLETE:
                return self._completion(message, out)
            if message.method == TASK_NOTIFICATION:
                return self._task_notification(message, out)
            return _Step()
        return self._server_response(message, out)

    def _elicit_request(self, message: Message, out: Outcome) -> _Step:
        verdict = judge_elicitation(message.obj.get("params"), self.state.client_modes, self.policy)
        params = message.params
        eid = params.get("elicitationId") if verdict.mode == "url" and isinstance(params.get("elicitationId"), str) else None
        extra = {"task": True} if "task" in params else {}
        decision = self._decide(verdict.allowed)
        out.decisions.append(Decision(
            "elicitation.allowed" if verdict.allowed else "elicitation.denied", decision, S2C, method=ELICIT,
            request_id=message.id, mode=verdict.mode, reasons=verdict.reasons, fields=verdict.fields,
            url_host=verdict.url_host, elicitation_id=eid, extra=extra))
        if verdict.allowed or self.policy.monitor:
            if message.id is not None:
                self.state.pending_server[id_key(message.id)] = ServerRequest(ELICIT, verdict.mode, eid)
            if eid is not None:
                self.state.open_elicitations[eid] = None
            return _Step()
        if message.id is not None:
            self.state.answered_by_proxy[id_key(message.id)] = ELICIT
            out.replies.append(self._denial_answer(message.id, verdict))
        return _Step(keep=False)

    def _denial_answer(self, request_id: RequestId, verdict: Verdict) -> JSONObject:
        """The one place a denied server request becomes a wire answer."""
        if verdict.kind == DENY_MALFORMED or self.policy.on_deny == "error":
            return _error_response(request_id, blocked_error(verdict.reasons))
        return {"jsonrpc": "2.0", "id": request_id, "result": {"action": self.policy.on_deny}}

    def _completion(self, message: Message, out: Outcome) -> _Step:
        eid = message.params.get("elicitationId")
        known = isinstance(eid, str) and eid in self.state.open_elicitations
        if known:
            self.state.open_elicitations.pop(eid, None)  # type: ignore[arg-type]
            reasons: tuple[Reason, ...] = ()
        else:
            reasons = (Reason("completion.unknown", "no forwarded, uncompleted URL elicitation has this elicitationId"),)
        out.decisions.append(Decision("elicitation.completion", self._decide(known), S2C, method=COMPLETE,
                                      mode="url", reasons=reasons,
                                      elicitation_id=eid if isinstance(eid, str) and len(eid) <= 200 else None))
        return _Step(keep=known or self.policy.monitor)

    def _server_response(self, message: Message, out: Outcome) -> _Step:
        request = self.state.pending_client.pop(id_key(message.id), None) if message.id is not None else None
        if message.kind is Kind.ERROR:
            if message.error.get("code") == errors.URL_ELICITATION_REQUIRED:
                return self._url_required(message, request, out)
            return _Step()
        result = message.result
        replacement: JSONObject | None = None
        if request is not None and request.method == "initialize":
            version = result.get("protocolVersion")
            self.state.protocol_version = version if isinstance(version, str) else None
            self.state.initialized = True
            if self.state.protocol_version not in KNOWN_PROTOCOLS and self.policy.unknown_protocol == "block":
                reason = Reason("protocol.unsupported",
                                f"server negotiated protocol version {str(version)[:40]!r}, which elicitguard cannot inspect")
                out.decisions.append(Decision("protocol.unsupported", self._decide(False), S2C, method="initialize",
                                              request_id=message.id, reasons=(reason,)))
                if not self.policy.monitor:
                    return _Step(replacement=_error_response(message.id, {
                        "code": errors.UNSUPPORTED_PROTOCOL_VERSION, "message": f"Blocked by elicitguard: {reason.detail}",
                        "data": {"rule": reason.rule, "supported": list(KNOWN_PROTOCOLS),
                                 "requested": str(version)[:40], "source": "elicitguard"}}))
        if request is not None and request.method == "server/discover":
            replacement = self._filter_versions(message, out)
        if request is not None and request.modes is not None:
            task = result.get("task")
            task_id = task.get("taskId") if isinstance(task, dict) else result.get("taskId")
            if isinstance(task_id, str):
                self.state.task_modes[task_id] = request.modes
        try:
            container = _input_container(result)
        except _TwoCarriers:
            return self._two_carriers(message, out)
        if container is not None:
            return self._input_required(message, request, ("result",) + container, out)
        return _Step(replacement=replacement)

    def _two_carriers(self, message: Message, out: Outcome) -> _Step:
        reason = Reason("elicitation.ambiguous", "inputRequests both at the top level and under task")
        out.decisions.append(Decision("elicitation.denied", self._decide(False), S2C, method=message.method,
                                      request_id=message.id, reasons=(reason,)))
        if self.policy.monitor:
            return _Step()
        if message.kind is Kind.NOTIFICATION:
            return _Step(keep=False)
        return _Step(replacement=_error_response(message.id, blocked_error((reason,))))

    def _filter_versions(self, message: Message, out: Outcome) -> JSONObject | None:
        versions = message.result.get("supportedVersions")
        if not isinstance(versions, list):
            return None
        keep = [v for v in versions if isinstance(v, str) and v in KNOWN_PROTOCOLS]
        if keep == versions or self.policy.unknown_protocol == "allow" or self.policy.monitor:
            return None
        obj = _deep_copy_path(message.obj, ("result",))
        obj["result"]["supportedVersions"] = keep
        out.decisions.append(Decision("protocol.filtered", "allow", S2C, method="server/discover", request_id=message.id,
                                      reasons=(Reason("protocol.filtered",
                                                      f"removed {len(versions) - len(keep)} version(s) elicitguard cannot inspect"),)))
        return obj

    def _url_required(self, message: Message, request: ClientRequest | None, out: Outcome) -> _Step:
        data = message.error.get("data")
        items = data.get("elicitations") if isinstance(data, dict) else None
        if not isinstance(items, list):
            reason = Reason("elicitation.malformed", "-32042 error without a data.elicitations list")
            out.decisions.append(Decision("elicitation.denied", self._decide(False), S2C, request_id=message.id,
                                          mode="url", reasons=(reason,)))
            if self.policy.monitor:
                return _Step()
            return _Step(replacement=_error_response(message.id, blocked_error((reason,))))
        if len(items) > MAX_ITEMS:
            items_reason = Reason("elicitation.malformed", f"more than {MAX_ITEMS} URL elicitations in one error")
            out.decisions.append(Decision("elicitation.denied", self._decide(False), S2C, request_id=message.id,
                                          mode="url", reasons=(items_reason,)))
            if self.policy.monitor:
                return _Step()
            return _Step(replacement=_error_response(message.id, blocked_error((items_reason,))))
        keep: list[Any] = []
        denied: list[Reason] = []
        # A 2026-07-28 request declares its own capabilities; a legacy one relies on initialize.
        modes = request.modes if request is not None and request.modes is not None else self.state.client_modes
        method = request.method if request is not None else None
        for item in items:
            verdict = judge_elicitation(item, modes, self.policy, url_only=True)
            eid = item.get("elicitationId") if isinstance(item, dict) and isinstance(item.get("elicitationId"), str) else None
            out.decisions.append(Decision(
                "elicitation.allowed" if verdict.allowed else "elicitation.denied", self._decide(verdict.allowed), S2C,
                method=method, request_id=message.id, mode="url", reasons=verdict.reasons, url_host=verdict.url_host,
                elicitation_id=eid, extra={"carrier": "error-32042"}))
            if verdict.allowed or self.policy.monitor:
                keep.append(item)
                if eid is not None:
                    self.state.open_elicitations[eid] = None
            else:
                denied.extend(verdict.reasons)
        if len(keep) == len(items):
            return _Step()
        if not keep:
            # The client still learns the call failed, and why, but gets no URL to open.
            return _Step(replacement=_error_response(message.id, blocked_error(tuple(denied))))
        obj = _deep_copy_path(message.obj, ("error", "data"))
        obj["error"]["data"]["elicitations"] = keep
        return _Step(replacement=obj)

    # ---- MRTR (2026-07-28) ------------------------------------------------------------------------

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
            if not isinstance(entry, dict) or entry.get("method") != ELICIT:
                if isinstance(entry, dict) and isinstance(entry.get("method"), str):
                    continue
                verdict = Verdict(False, (Reason("elicitation.malformed", "input request is not a request object"),),
                                  kind=DENY_MALFORMED)
            else:
                verdict = judge_elicitation(entry.get("params"), modes, self.policy, needs_id=False)
            out.decisions.append(Decision(
                "elicitation.allowed" if verdict.allowed else "elicitation.denied", self._decide(verdict.allowed),
                direction, method=method, request_id=request_id, mode=verdict.mode, reasons=verdict.reasons,
                fields=verdict.fields, url_host=verdict.url_host, input_key=key[:200], extra={"carrier": "input_required"}))
            if not verdict.allowed:
                denied[key] = verdict
        return denied

    def _input_required(self, message: Message, request: ClientRequest | None, path: tuple[str, ...], out: Outcome) -> _Step:
        container = _walk(message.obj, path)
        requests = container["inputRequests"]
        if not isinstance(requests, dict):
            reason = Reason("elicitation.malformed", "inputRequests must be an object")
            out.decisions.append(Decision("elicitation.denied", self._decide(False), S2C, request_id=message.id, reasons=(reason,)))
            return _Step() if self.policy.monitor else _Step(replacement=_error_response(message.id, blocked_error((reason,))))
        # A 2026-07-28 request's own _meta; for a legacy request, what initialize declared.
        modes = request.modes if request is not None and request.modes is not None else self.state.client_modes
        method = request.method if request is not None else None
        denied = self._judge_inputs(requests, modes, method, message.id, out)
        if not denied or self.policy.monitor:
            return _Step()
        reasons = tuple(r for v in denied.values() for r in v.reasons)
        malformed = any(v.kind == DENY_MALFORMED for v in denied.values())
        if self.policy.on_deny == "error" or malformed:
            return _Step(replacement=_error_response(message.id, blocked_error(reasons)))
        obj = _deep_copy_path(message.obj, path + ("inputRequests",))
        target = _walk(obj, path)
        for key in denied:
            del target["inputRequests"][key]
        state = target.get("requestState")
        if not target["inputRequests"]:
            del target["inputRequests"]
            # An InputRequiredResult needs inputRequests or requestState; a Task (tasks/get) does not.
            if not isinstance(state, str) and path == ("result",):
                return _Step(replacement=_error_response(message.id, blocked_error(reasons)))
        if request is not None:
            if request.method == "tasks/get" and request.task_id is not None:
                corr: tuple[str, ...] = (self.state.scope, "tasks", request.task_id)
            else:
                corr = (self.state.scope, request.method, request.target or "", state if isinstance(state, str) else "")
            self.state.removed_inputs[corr] = {key: self.policy.on_deny for key in denied}
        return _Step(replacement=obj)

    def _task_notification(self, message: Message, out: Outcome) -> _Step:
        try:
            path = _input_container(message.params)
        except _TwoCarriers:
            return self._two_carriers(message, out)
        if path is None:
            return _Step()
        container = _walk(message.params, path)
        requests = container["inputRequests"]
        if not isinstance(requests, dict):
            return _Step(keep=self.policy.monitor)
        task_id = container.get("taskId")
        # A notification carries no capabilities: use those of the request that created the task, else
        # what the session declared at initialize.
        modes = self.state.task_modes.get(task_id, self.state.client_modes) if isinstance(task_id, str) else self.state.client_modes
        denied = self._judge_inputs(requests, modes, TASK_NOTIFICATION, None, out)
        if not denied or self.policy.monitor:
            return _Step()
        obj = _deep_copy_path(message.obj, ("params",) + path + ("inputRequests",))
        target = _walk(obj, ("params",) + path)
        for key in denied:
            del target["inputRequests"][key]
        if isinstance(task_id, str):
            action = self.policy.on_deny if self.policy.on_deny != "error" else "decline"
            self.state.removed_inputs[(self.state.scope, "tasks", task_id)] = {key: action for key in denied}
        return _Step(replacement=obj)


class _TwoCarriers(Exception):
    """``inputRequests`` both at the top level and under ``task``: which would a client read?"""


def _input_container(result: JSONObject) -> tuple[str, ...] | None:
    """Where a result or task carries ``inputRequests``: at its top level or under ``task``."""
    task = result.get("task")
    nested = isinstance(task, dict) and "inputRequests" in task
    if "inputRequests" in result:
        if nested:
            raise _TwoCarriers
        return ()
    return ("task",) if nested else None


def _walk(obj: JSONObject, path: tuple[str, ...]) -> Any:
    node: Any = obj
    for key in path:
        node = node[key]
    return node


def _deep_copy_path(obj: JSONObject, path: tuple[str, ...]) -> JSONObject:
    """Copy the dicts along ``path`` so the parsed original (and its raw bytes) stay untouched."""
    root = dict(obj)
    node = root
    for key in path:
        child = node.get(key)
        child = dict(child) if isinstance(child, dict) else {}
        node[key] = child
        node = child
    return root


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

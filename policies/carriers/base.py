"""What every carrier shares: the outcome types, wire-answer builders and the ``Carrier`` base.

A carrier is one shape in which elicitation reaches a client (an ``elicitation/create`` request, a
-32042 error, a 2026-07-28 ``input_required`` result, ...). Each lives in its own module as a mixin
of :class:`elicitguard.policies.engine.Guard`; all of them read and write the same session state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from elicitguard.policies.config import Policy
from elicitguard.policies.envelope import JSONObject, Message, RequestId
from elicitguard.policies.judge import MAX_JUDGED_TEXT, judge_elicitation, judged_text_size, too_complex
from elicitguard.policies.response_scan import MAX_SCANNED_TEXT
from elicitguard.policies.sealed import Sealer
from elicitguard.policies.session import SessionState
from elicitguard.policies.verdict import Decision, Direction, Verdict
from elicitguard.policies.wire import blocked_error as blocked_error

C2S: Final = Direction.CLIENT_TO_SERVER
S2C: Final = Direction.SERVER_TO_CLIENT

META_PROTOCOL: Final = "io.modelcontextprotocol/protocolVersion"
META_CAPABILITIES: Final = "io.modelcontextprotocol/clientCapabilities"
META_CLIENT_INFO: Final = "io.modelcontextprotocol/clientInfo"
MRTR_METHODS: Final = frozenset({"tools/call", "prompts/get", "resources/read"})
COMPLETE: Final = "notifications/elicitation/complete"
TASK_NOTIFICATION: Final = "notifications/tasks"
# The Tasks extension's draft names its status notification notifications/tasks/status: both are read.
TASK_NOTIFICATIONS: Final = frozenset({TASK_NOTIFICATION, "notifications/tasks/status"})
# Client requests whose results the guard reads (capabilities, versions).
READ_RESULTS: Final = frozenset({"initialize", "server/discover"})
# More elicitations than this in one error or result is not a real flow: refused whole, which also
# bounds the audit lines one message can cause.
MAX_ITEMS: Final = 64

@dataclass
class Outcome:
    """What the transport must do with one frame."""

    forward: bytes | None = None
    replies: list[JSONObject] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)
    # Notifications for the client the proxy itself makes while judging a client frame (a withheld
    # answer's notice): delivered where the transport can (stdio; an SSE stream), never merged into replies.
    notices: list[JSONObject] = field(default_factory=list)
    # Requests the proxy sends the server itself, as the client would: the retry of an MRTR round in
    # which it declined every input request. Their answers come back as the client's (see mrtr.py).
    retries: list[JSONObject] = field(default_factory=list)
    # The method of each JSON-RPC message in the frame (None for a result or error), as parsed; empty
    # when the frame could not be parsed. For counting (metrics); nothing here decides anything.
    methods: list[str | None] = field(default_factory=list)


def forwarded(raw: bytes, method: str | None) -> Outcome:
    """A frame forwarded as it came, with nothing to record but its one message's method: the
    screen's outcome, built without the dataclass's per-field defaults."""
    out = _new_outcome(Outcome)
    out.forward = raw
    out.replies = []
    out.decisions = []
    out.notices = []
    out.retries = []
    out.methods = [method]
    return out


_new_outcome = object.__new__


@dataclass
class Step:
    """The fate of one message inside a frame."""

    keep: bool = True
    replacement: JSONObject | None = None
    failed: bool = False  # judging raised: blocked even in monitor mode (fail closed)

def error_response(request_id: RequestId | None, error: JSONObject) -> JSONObject:
    return {"jsonrpc": "2.0", "id": request_id, "error": error}


def meta_of(params: JSONObject) -> JSONObject:
    meta = params.get("_meta")
    return meta if isinstance(meta, dict) else {}


def target_of(params: JSONObject) -> str | None:
    for key in ("name", "uri"):
        value = params.get(key)
        if isinstance(value, str):
            return value
    return None


def client_name(info: Any) -> dict[str, str] | None:
    if not isinstance(info, dict):
        return None
    return {k: str(info[k])[:200] for k in ("name", "version") if isinstance(info.get(k), (str, int, float))}



def walk(obj: JSONObject, path: tuple[str, ...]) -> Any:
    node: Any = obj
    for key in path:
        node = node[key]
    return node


def deep_copy_path(obj: JSONObject, path: tuple[str, ...]) -> JSONObject:
    """Copy the dicts along ``path`` so the parsed original (and its raw bytes) stay untouched."""
    root = dict(obj)
    node = root
    for key in path:
        child = node.get(key)
        child = dict(child) if isinstance(child, dict) else {}
        node[key] = child
        node = child
    return root


class Carrier:
    """State and helpers every carrier mixin uses; :class:`Guard` sets them up."""

    policy: Policy
    max_message_bytes: int
    state: SessionState
    # Signs the MRTR bookkeeping the guard hands the client inside requestState (policies.sealed);
    # None: nothing can be removed and answered later, so a denied entry is an error (fail closed).
    sealer: Sealer | None = None
    # Whether the transport sends Outcome.retries upstream and relays their answers (then a round whose
    # every input request was declined is completed by the proxy), and how many rounds in a row.
    completes_rounds: bool = False
    max_rounds: int = 3
    # The size of the frame being judged, and for a server response, what mrtr.py needs of its request.
    frame_size: int = 0
    round_params: JSONObject | None = None
    proxy_round: tuple[RequestId, int] | None = None
    # Set when judging the server's answer to a round the proxy completed failed: the error that takes
    # its place goes back under the client's own id (engine.Guard._safely), not the proxy's retry id.
    failed_round_id: RequestId | None = None
    # Characters of elicitation text still to be judged in the current frame (see MAX_JUDGED_TEXT), and
    # of answers still to be scanned for secrets (see response_scan.MAX_SCANNED_TEXT).
    budget: int = MAX_JUDGED_TEXT
    scan_budget: int = MAX_SCANNED_TEXT

    def _judge(self, params: Any, modes: frozenset[str], *, url_only: bool = False, needs_id: bool = True) -> Verdict:
        """Judge one elicitation within the frame's text budget: the cost of a frame stays bounded."""
        if 0 < self.frame_size <= self.budget:
            # Every character judged is decoded from a distinct part of the frame, and a character
            # takes at least one byte of JSON: a frame no larger than the budget left cannot spend
            # it, whatever its messages hold, so its text need not be counted (the common case).
            return judge_elicitation(params, modes, self.policy, url_only=url_only, needs_id=needs_id)
        cost = judged_text_size(params, self.budget)
        if cost > self.budget:
            return too_complex(params)
        self.budget -= cost
        return judge_elicitation(params, modes, self.policy, url_only=url_only, needs_id=needs_id)

    def _in_flight_refusal(self, message: Message, direction: Direction, out: Outcome) -> Step:
        """See :meth:`elicitguard.policies.engine.Guard._in_flight_refusal`."""
        raise NotImplementedError

    def _decide(self, allowed: bool) -> str:
        if allowed:
            return "allow"
        return "would_deny" if self.policy.monitor else "deny"

    def _admit(self, verdict: Verdict, *, request: bool) -> Verdict:
        """The limits (rates, pending cap, unsolicited) on an elicitation; see policies.hygiene."""
        raise NotImplementedError

    def _track(self, request_id: RequestId) -> None:
        """A forwarded elicitation/create awaits the client's answer; see policies.hygiene."""
        raise NotImplementedError

    def _judged(self, verdict: Verdict) -> tuple[str, str]:
        """The audit event and decision for a verdict; a hit of a monitored rule is ``would_deny``."""
        if verdict.allowed and not verdict.monitored:
            return "elicitation.allowed", "allow"
        return "elicitation.denied", "would_deny" if verdict.allowed else self._decide(False)

"""Elicitation hygiene the spec asks clients for, enforced centrally (``policy.limits``,
``policy.require_client_request``): rate limits per session and per server, a cap on elicitations
awaiting the user's answer, refusal of unsolicited ones, and a timeout after which a pending
elicitation is answered ``cancel``.

The core has no clock: the transport passes ``now`` with each server frame and calls
:meth:`HygieneCarrier.tick` to expire what waited too long.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Final

from elicitguard.policies.carriers.base import S2C, Carrier
from elicitguard.policies.envelope import JSONObject, RequestId, id_key
from elicitguard.policies.judge import ELICIT
from elicitguard.policies.session import MAX_TRACKED
from elicitguard.policies.verdict import DENY_POLICY, Decision, Reason, Verdict

TIMEOUT_RULE: Final = "limits.pending_timeout"


@dataclass
class Expiry:
    """What :meth:`HygieneCarrier.tick` asks the transport to send and audit."""

    to_server: list[JSONObject] = field(default_factory=list)  # {"action": "cancel"} answers
    to_client: list[JSONObject] = field(default_factory=list)  # notifications/cancelled for the same ids
    decisions: list[Decision] = field(default_factory=list)


class HygieneCarrier(Carrier):
    """Limits on elicitations that the policy itself lets through."""

    # The time of the frame being judged (seconds, the transport's monotonic clock); None offline.
    now: float | None = None

    def _admit(self, verdict: Verdict, *, request: bool) -> Verdict:
        """Apply the limits to one elicitation the policy allowed; ``request`` for an
        ``elicitation/create`` request (which waits for an answer), False for one carried in a
        result or error, which always answers a client request."""
        if not verdict.allowed:
            return verdict
        limits, hygiene = self.policy.limits, self.state.hygiene
        found: list[Reason] = []
        if request and self.policy.require_client_request and not self.state.pending_client:
            found.append(Reason("elicitation.unsolicited", "elicitation/create while no client request is in flight"))
        if request and limits.max_pending and self._pending_count() >= limits.max_pending:
            found.append(Reason("limits.pending", f"{limits.max_pending} elicitations already await the user's answer"))
        if self.now is not None and not any(not self.policy.monitors(r.rule) for r in found):
            # Tokens are spent only on what will be forwarded.
            if not hygiene.bucket.take(self.now, limits.elicitations_per_minute, limits.elicitation_burst):
                found.append(Reason("limits.rate", "more elicitations on this session than policy.limits allow"))
            elif not hygiene.server_bucket.take(self.now, limits.server_elicitations_per_minute,
                                                limits.server_elicitation_burst):
                found.append(Reason("limits.server_rate",
                                    "more elicitations from this server than policy.limits allow"))
        if not found:
            return verdict
        blocking = tuple(r for r in found if r.rule not in self.policy.monitored)
        if blocking:
            return Verdict(False, blocking + tuple(r for r in found if r not in blocking) + verdict.reasons,
                           mode=verdict.mode, fields=verdict.fields, url_host=verdict.url_host, kind=DENY_POLICY)
        return replace(verdict, reasons=verdict.reasons + tuple(found), monitored=True)

    def _pending_count(self) -> int:
        pending = self.state.pending_server
        return sum(1 for key in self.state.hygiene.pending if key in pending)

    def _track(self, request_id: RequestId) -> None:
        """A forwarded elicitation/create now awaits the client's answer."""
        pending = self.state.hygiene.pending
        if len(pending) >= MAX_TRACKED:
            del pending[next(iter(pending))]
        pending[id_key(request_id)] = (self.now, request_id)

    def next_deadline(self) -> float | None:
        """When the earliest pending elicitation times out (None: nothing to wait for)."""
        timeout = self.policy.limits.pending_timeout
        if not timeout:
            return None
        stamps = [since for key, (since, _) in self.state.hygiene.pending.items()
                  if since is not None and key in self.state.pending_server]
        return min(stamps) + timeout if stamps else None

    def tick(self, now: float) -> Expiry:
        """Answer ``cancel`` for every pending elicitation older than ``policy.limits.pending_timeout``.

        The server gets ``{"action": "cancel"}``, the client a ``notifications/cancelled`` for the
        same id; the client's later answer is refused like any answer to a request the proxy
        answered itself. Under monitor the timeout is only audited (once).
        """
        out = Expiry()
        timeout = self.policy.limits.pending_timeout
        pending = self.state.hygiene.pending
        for key, (since, request_id) in list(pending.items()):
            if key not in self.state.pending_server:
                del pending[key]
                continue
            if not timeout or since is None or now - since < timeout:
                continue
            del pending[key]
            reason = Reason(TIMEOUT_RULE, f"no answer from the client within {timeout:g} s")
            if self.policy.monitors(TIMEOUT_RULE):
                out.decisions.append(Decision("elicitation.timeout", "would_deny", S2C, method=ELICIT,
                                              request_id=request_id, reasons=(reason,)))
                continue
            request = self.state.pending_server.pop(key)
            if request.elicitation_id is not None:
                self.state.open_elicitations.pop(request.elicitation_id, None)
            self.state.answered_by_proxy[key] = ELICIT
            out.to_server.append({"jsonrpc": "2.0", "id": request_id, "result": {"action": "cancel"}})
            out.to_client.append({"jsonrpc": "2.0", "method": "notifications/cancelled",
                                  "params": {"requestId": request_id, "reason": "elicitguard: no answer in time"}})
            out.decisions.append(Decision("elicitation.timeout", "deny", S2C, method=ELICIT, request_id=request_id,
                                          reasons=(reason,), elicitation_id=request.elicitation_id))
        return out

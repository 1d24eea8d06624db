"""Refusals: a frame or batch element the proxy cannot parse safely (or had to discard for its size) is
never forwarded, and whoever awaits an answer it carried gets an error in its place, under the id its
request was sent with (the client's own id for a round the proxy completed; nobody for the proxy's own
tasks/update)."""

from __future__ import annotations

from elicitguard.policies import errors
from elicitguard.policies.carriers.base import C2S, S2C, Carrier, Outcome, error_response
from elicitguard.policies.envelope import (
    EnvelopeError,
    JSONObject,
    RequestId,
    dumps,
    id_from_fragments,
    id_key,
)
from elicitguard.policies.judge import ELICIT
from elicitguard.policies.verdict import Decision, Direction, Reason
from elicitguard.policies.wire import refusal


def rejected_request(request_id: RequestId | None, rule: str) -> JSONObject:
    """The error that answers a request the proxy refused, in the rule's own words, never the peer's."""
    return error_response(request_id, refusal(rule, errors.INVALID_REQUEST, "Rejected by elicitguard"))


class RefusalCarrier(Carrier):
    """Frames refused whole, batch elements refused one by one, and the answers they owe."""

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
        """The outcome for a frame that could not be parsed safely (also used by transports).

        Such a frame is never forwarded, in monitor mode either: it is audited ``deny``.
        """
        out = Outcome()
        self._reject(direction, exc, out, whole_frame=True)
        if exc.batch_ids:
            self._refused_batch(direction, exc, out)
        return out

    def _owes_proxy(self) -> bool:
        """Whether the server still owes an answer to a request the proxy sent itself: a frame whose id
        cannot be read may be that answer."""
        return bool(self.state.proxy_rounds) or bool(self.state.proxy_requests)

    def _answers_proxy(self, response_id: RequestId | None) -> bool:
        """Whether a server's response with this id answers a request the proxy sent itself."""
        if response_id is None:
            return False
        key = id_key(response_id)
        return key in self.state.proxy_rounds or key in self.state.proxy_requests

    def _reject(self, direction: Direction, exc: EnvelopeError, out: Outcome, whole_frame: bool = False,
                forwarded: bool = False) -> JSONObject | None:
        """Refuse an unparseable frame (or batch element). ``exc.detail`` may quote the peer's bytes
        (a duplicate key's name): it goes to the audit only; the wire gets the rule's sentence.

        Returns the error that answers a refused batch element in its place (for the batch), if any.
        """
        answer: JSONObject | None = None
        if exc.response_id is not None and not forwarded:
            # The peer waiting for this response gets an error in its place rather than waiting forever,
            # if it is waiting for exactly this id, under the id it sent the request with: for a whole
            # frame as the frame, for a batch element inside the batch.
            answer = self._refused_answer(direction, exc.response_id, exc.rule)
            if answer is not None and whole_frame:
                out.forward = dumps(answer)
                answer = None
        if exc.request_id is not None:
            out.replies.append(rejected_request(exc.request_id, exc.rule))
        # Only a monitor-mode batch element is still forwarded; everything else here is blocked.
        out.decisions.append(Decision("message.rejected", "would_deny" if forwarded else "deny", direction,
                                      request_id=exc.request_id, reasons=(Reason(exc.rule, exc.detail),)))
        return answer

    def _refused_answer(self, direction: Direction, response_id: RequestId, rule: str) -> JSONObject | None:
        """The error that answers a pending request in place of a refused response to it (None: nothing
        awaits it, or only the proxy did), and the request forgotten as answered."""
        key = id_key(response_id)
        if direction is C2S:
            server_request = self.state.pending_server.pop(key, None)
            if server_request is None:
                return None
            # As for the client's own error answer: the request is answered, a URL elicitation closed.
            self.state.hygiene.pending.pop(key, None)
            if server_request.method == ELICIT and server_request.elicitation_id is not None:
                self.state.open_elicitations.pop(server_request.elicitation_id, None)
            self.state.answered_by_proxy[key] = server_request.method
            answer_id = response_id
        else:
            request = self.state.pending_client.pop(key, None)
            # The answer to a round the proxy completed goes to the client's own request, under the
            # client's id; the answer to the proxy's own tasks/update, to nobody: the client never sent
            # either id.
            round_ = self.state.proxy_rounds.pop(key, None)
            self.state.round_params.pop(key, None)
            if self.state.proxy_requests.pop(key, None) is not None or request is None:
                return None
            answer_id = round_[0] if round_ is not None else response_id
        return error_response(answer_id, refusal(rule, errors.INTERNAL_ERROR, "elicitguard refused the peer's answer"))

    def _refused_batch(self, direction: Direction, exc: EnvelopeError, out: Outcome) -> None:
        """A batch refused whole (a duplicate key in one element): each request in it gets an error, and
        each pending request its responses answer an error in their place (the ids read by the envelope's
        loose parse, as a refused message's are)."""
        answers = []
        for request_id, response_id in exc.batch_ids:
            if request_id is not None:
                out.replies.append(rejected_request(request_id, exc.rule))
            elif response_id is not None:
                answer = self._refused_answer(direction, response_id, exc.rule)
                if answer is not None:
                    answers.append(answer)
        if answers:
            out.forward = dumps(answers)

"""Answers owed when a peer goes away: every request the other side still waits for gets exactly one.

When the client hangs up, each server request it had not answered is answered by the proxy (an
elicitation with ``cancel``, the action for a user who never chose; anything else with an error).
When the server exits, each client request it had not answered gets an error. The tables are
emptied, so a second call (or a late answer) never produces a second reply.
"""

from __future__ import annotations

from typing import Final

from elicitguard.policies import errors
from elicitguard.policies.carriers.base import C2S, S2C, Outcome, error_response
from elicitguard.policies.envelope import JSONObject, RequestId
from elicitguard.policies.judge import ELICIT
from elicitguard.policies.session import SessionState
from elicitguard.policies.verdict import Decision, Reason

CLIENT_GONE: Final = Reason("client.gone", "the client closed its input before answering; answered by elicitguard")
SERVER_GONE: Final = Reason("server.gone", "the server exited before answering; answered by elicitguard")


def _error(request_id: RequestId | None, reason: Reason, message: str) -> JSONObject:
    return error_response(request_id, {"code": errors.INTERNAL_ERROR, "message": message,
                                       "data": {"rule": reason.rule, "source": "elicitguard"}})


def client_gone(state: SessionState) -> Outcome:
    """Answers for the server (in ``replies``) to each of its requests the client left unanswered."""
    out = Outcome()
    while state.pending_server:
        key, request = state.pending_server.popitem(last=False)
        state.answered_by_proxy[key] = request.method
        if request.method == ELICIT:
            answer: JSONObject = {"jsonrpc": "2.0", "id": request.wire_id, "result": {"action": "cancel"}}
            if request.elicitation_id is not None:
                state.open_elicitations.pop(request.elicitation_id, None)
        else:
            answer = _error(request.wire_id, CLIENT_GONE, "The client disconnected before answering this request.")
        out.replies.append(answer)
        out.decisions.append(Decision("request.abandoned", "allow", S2C, method=request.method,
                                      request_id=request.wire_id, mode=request.mode, reasons=(CLIENT_GONE,)))
    return out


def server_gone(state: SessionState) -> Outcome:
    """Answers for the client (in ``replies``) to each of its requests the server left unanswered."""
    out = Outcome()
    while state.pending_client:
        key, request = state.pending_client.popitem(last=False)
        if state.proxy_requests.pop(key, None) is not None:
            continue  # the proxy's own tasks/update: the client never sent it
        out.replies.append(_error(request.wire_id, SERVER_GONE, "The server exited before answering this request."))
        out.decisions.append(Decision("request.abandoned", "allow", C2S, method=request.method,
                                      request_id=request.wire_id, reasons=(SERVER_GONE,)))
    return out


__all__ = ["CLIENT_GONE", "SERVER_GONE", "client_gone", "server_gone"]

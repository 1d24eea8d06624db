"""What the proxy itself says on the wire: a fixed sentence per rule, never a peer's text.

The client must never read server-chosen text from the proxy (a field name, a title, a host, a
message): a server could word it to steer the model. So every error the core builds for the client
says the sentence this table holds for its rule, plus ``data.rule``; ``Reason.detail`` (which may
quote what the server sent) goes to the audit log, and back to the server that wrote it at most.
"""

from __future__ import annotations

from typing import Final

from elicitguard.policies import classifier, errors
from elicitguard.policies.envelope import JSONObject
from elicitguard.policies.verdict import Reason

SENTENCES: Final[dict[str, str]] = {
    "elicitation.malformed": "the elicitation is malformed.",
    "elicitation.ambiguous": "the elicitation could be read in more than one way.",
    "elicitation.too_complex": "the elicitation holds more text than elicitguard judges in one message.",
    "mode.undeclared": "the client did not declare this elicitation mode.",
    "mode.unknown": "the elicitation mode is not form or url.",
    "request.unpairable": "a server request without a session cannot be answered through elicitguard.",
    "mode.disallowed": "the policy does not allow this elicitation mode.",
    "schema.unsupported": "the form is outside the schema subset the specification allows.",
    "credential.write_only": "the form asks for a secret.",
    "credential.model": "the form asks for a credential.",
    "url.malformed": "the URL is malformed.",
    "url.scheme": "the URL scheme is not allowed.",
    "url.userinfo": "the URL carries a user name or password.",
    "url.ip_literal": "the URL host is an IP address.",
    "url.port": "the URL port is not allowed.",
    "url.internal_host": "the URL host is not a public name.",
    "url.deny_domain": "the URL host is on the policy's deny list.",
    "url.not_allowed_domain": "the URL host is not on the policy's allow list.",
    "url.lookalike_host": "the URL host is an internationalised look-alike name.",
    "url.credential_param": "the URL carries a credential.",
    "url.credential_value": "the URL carries a secret-shaped value.",
    "url.credential_path": "the URL path carries a secret-shaped value.",
    "protocol.unsupported": "the protocol version is one elicitguard cannot inspect.",
    "internal.error": "elicitguard could not judge this message safely.",
    "upstream.unjudgeable": "elicitguard could not judge the upstream's answer.",
    "limits.in_flight": "too many requests are awaiting an answer on this session.",
    "mrtr.state_invalid": "the requestState does not carry a valid elicitguard signature for this request.",
    "mrtr.state_too_large": "the requestState is too large for elicitguard to carry.",
    "mrtr.rounds_exceeded": "the server asked again after elicitguard declined on the client's behalf.",
}
# Families: a rule without its own sentence takes its family's (detectors and team rules grow).
FAMILIES: Final[dict[str, str]] = {
    "credential": "the form asks for a credential.",
    "payment": "the form asks for payment card data.",
    "url": "the URL is not allowed by policy.",
    "envelope": "the message is not JSON-RPC that elicitguard can judge safely.",
    "response": "the answer cannot be delivered safely.",
    "mrtr": "the retry cannot be matched to its input requests.",
    "elicitation": "the elicitation is not allowed.",
}
GENERIC: Final = "a policy rule blocked it."


def sentence(rule: str) -> str:
    """The fixed sentence for a rule: its own, its family's, or the generic one."""
    return SENTENCES.get(rule) or FAMILIES.get(rule.split(".", 1)[0], GENERIC)


def blocked_error(reasons: tuple[Reason, ...], code: int = errors.INVALID_PARAMS, *,
                  to_server: bool = False) -> JSONObject:
    """The JSON-RPC error object for a blocked elicitation.

    Towards the client: a fixed sentence and the rule ids only. Towards the server whose request was
    blocked (``to_server``), the reasons' details too: they quote only what that server sent.
    """
    first = reasons[0] if reasons else Reason("policy", "blocked")
    data: JSONObject = {"rule": first.rule, "source": "elicitguard"}
    if to_server:
        data["reasons"] = [_for_server(r) for r in reasons]
    else:
        data["rules"] = list(dict.fromkeys(r.rule for r in reasons))
    return {"code": code, "message": f"Blocked by elicitguard: {sentence(first.rule)}", "data": data}


def _for_server(reason: Reason) -> JSONObject:
    """A reason as the blocked server is told it (the credential model's without its numbers)."""
    out = reason.as_dict()
    if reason.rule == classifier.RULE:
        out["detail"] = classifier.detail_for_server(reason.detail)
    return out


def refusal(rule: str, code: int, lead: str) -> JSONObject:
    """An error for a message refused unjudged (``lead`` names who is refused): fixed text only."""
    return {"code": code, "message": f"{lead}: {sentence(rule)}", "data": {"rule": rule, "source": "elicitguard"}}

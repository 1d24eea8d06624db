"""Judge one form under the rules alone and under the default policy (the rules and the credential
model), as the red-team tests do: a finding must hold, or be fixed, under both."""

from __future__ import annotations

from elicitguard.policies.config import Policy, load_config_text
from elicitguard.policies.judge import clear_caches, judge_elicitation
from elicitguard.policies.verdict import Verdict

RULES = load_config_text("policy:\n  form:\n    classifier: false\n").policy
DEFAULT = load_config_text("").policy
POLICIES = [RULES, DEFAULT]
IDS = ["rules", "default"]
MODES = frozenset({"form", "url"})


def field(title: str, description: str | None = None) -> dict[str, object]:
    """A free-text field of that title, and of that description when one is given."""
    prop: dict[str, object] = {"type": "string", "title": title}
    if description is not None:
        prop["description"] = description
    return prop


def verdict(message: str, props: dict[str, object], policy: Policy) -> Verdict:
    """The verdict on a form of ``props`` under ``message``, nothing kept from an earlier one."""
    clear_caches()
    params = {"mode": "form", "message": message, "requestedSchema": {"type": "object", "properties": props}}
    return judge_elicitation(params, MODES, policy)


def allowed(message: str, props: dict[str, object], policy: Policy) -> bool:
    return bool(verdict(message, props, policy).allowed)

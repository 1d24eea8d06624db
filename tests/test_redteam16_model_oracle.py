"""Red team 16: what the proxy tells a blocked server about the credential model."""

from __future__ import annotations

import json
import re


from elicitguard.policies.config import Config
from elicitguard.policies.judge import judge_elicitation
from elicitguard.policies.wire import blocked_error


def test_a_blocked_server_is_not_told_the_model_score_it_can_climb_down_from() -> None:
    params = {"message": "Please fill in", "requestedSchema": {"type": "object", "properties": {
        "code": {"type": "string", "description": "the 48-digit block you printed"}}}}
    verdict = judge_elicitation(params, frozenset({"form"}), Config().policy)
    assert verdict.reasons[0].rule == "credential.model"
    to_server = json.dumps(blocked_error(verdict.reasons, to_server=True))
    assert not re.search(r"0\.\d{3}", to_server), to_server
    assert "field 'code' looks like a credential" in to_server  # which field, still

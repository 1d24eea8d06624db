"""Shared fixtures: where things are, and how to start the proxy as a real process."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
PEERS = ROOT / "tests" / "peers"
# Every bounded wait in the suite uses this (seconds); nothing sleeps.
WAIT = float(os.environ.get("ELICITGUARD_TEST_WAIT", "30"))


@pytest.fixture(autouse=True)
def _no_kept_verdicts() -> None:
    """Each test judges afresh: a verdict kept by an earlier test (the judge keeps the verdicts of
    forms it has seen, per policy object) would hide a detector a test replaces."""
    from elicitguard.policies.judge import _VERDICTS

    _VERDICTS.clear()


@pytest.fixture
def elicitguard_cmd() -> list[str]:
    """The proxy as a subprocess command (the same as the console script)."""
    return [sys.executable, "-m", "elicitguard"]


@pytest.fixture
def child_env() -> dict[str, str]:
    """Environment for child processes: the test's own, with the repo importable."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))
    env.pop("ELICITGUARD_CONFIG", None)
    return env


def assert_blocked_error(error: object, rule: str) -> None:
    """The MCPError a client sees when elicitguard turned a denied input request into an error."""
    from mcp.shared.exceptions import MCPError

    assert isinstance(error, MCPError), error
    assert error.code == -32602
    assert error.message.startswith("Blocked by elicitguard:")
    assert error.data["rule"] == rule
    assert error.data["source"] == "elicitguard"


class SdkOutcomes:
    """What an SDK test session recorded per labelled tool call (mixin: needs ``outcomes`` and
    ``callbacks`` attributes)."""

    outcomes: dict[str, Any]
    callbacks: list[tuple[str, Any]]

    def text(self, label: str) -> str:
        import mcp_types as types

        result = self.outcomes[label]
        assert isinstance(result, types.CallToolResult), f"{label}: {result!r}"
        return "".join(c.text for c in result.content if isinstance(c, types.TextContent))

    def called_for(self, label: str) -> list[Any]:
        return [params for which, params in self.callbacks if which == label]


# The HTTP harness's fixtures (h, fake, proxy, lockstep), for every HTTP test module. Imported last:
# http_fakes reads WAIT from here.
from http_fakes import fake, h, lockstep, proxy  # noqa: F401

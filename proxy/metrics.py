"""Prometheus metrics (``/metrics`` on the admin listener), on a private registry.

Every label value comes from a fixed set: a method label is one of the MCP methods the proxy knows,
``response`` (a result or error), ``invalid`` (a frame that could not be parsed) or ``other``; a rule
label is a rule id the proxy or the config defines, else ``FAMILY.other`` / ``other``; and no more
than ``MAX_RULE_LABELS`` distinct rule labels are ever made. Whatever a peer sends (a thousand invented
method names), the label set stays bounded.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

from elicitguard import __version__
from elicitguard.policies.config import Config
from elicitguard.policies.engine import Outcome
from elicitguard.policies.rules import CONTENT_RULES, PROTOCOL_RULES
from elicitguard.policies.verdict import Direction
from elicitguard.proxy.build import judges_label

# The methods of MCP 2024-11-05 to 2026-07-28 (and the Tasks extension): any other is "other".
MCP_METHODS: Final = frozenset({
    "initialize", "ping", "completion/complete", "logging/setLevel", "elicitation/create", "sampling/createMessage",
    "roots/list", "tools/list", "tools/call", "prompts/list", "prompts/get", "resources/list", "resources/read",
    "resources/templates/list", "resources/subscribe", "resources/unsubscribe", "server/discover",
    "subscriptions/listen", "tasks/get", "tasks/list", "tasks/result", "tasks/cancel",
    "notifications/initialized", "notifications/cancelled", "notifications/progress", "notifications/message",
    "notifications/elicitation/complete", "notifications/prompts/list_changed",
    "notifications/resources/list_changed", "notifications/resources/updated", "notifications/roots/list_changed",
    "notifications/tools/list_changed", "notifications/tasks/status", "notifications/subscriptions/acknowledged",
})
# Rule ids the proxy itself uses beyond those policies.rules lists (the edge checks and the envelope).
PROXY_RULES: Final = frozenset({
    "capabilities.narrowed", "envelope.ambiguous", "envelope.batch", "envelope.bom", "envelope.depth",
    "envelope.error", "envelope.id", "envelope.method", "envelope.not_object", "envelope.params", "envelope.result",
    "envelope.shape", "envelope.too_large", "envelope.version", "http.ambiguous_header", "http.host",
    "http.incomplete_body", "http.origin", "http.route", "http.session_reused", "input.answered", "legacy.endpoint",
    "protocol.filtered", "protocol.header_mismatch", "replay.answered", "session.capacity", "session.reinitialize",
    "session.binding", "stream.truncated", "upstream.answer_backlog", "upstream.incomplete_body",
    "upstream.redirect", "upstream.unjudgeable", "upstream.unreachable",
})
MAX_RULE_LABELS: Final = 512
JUDGE_BUCKETS: Final = (0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5,
                        1.0, 2.5)


def method_label(method: str | None) -> str:
    if method is None:
        return "response"
    return method if method in MCP_METHODS else "other"


def team_rules(config: Config) -> frozenset[str]:
    """The team rule ids the config defines (globally and per server)."""
    ids = set(config.policy.form.rules.ids())
    for entry in config.servers.values():
        ids.update(entry.policy.form.rules.ids())
    return frozenset(ids)


class Metrics:
    """The proxy's metrics; one per process, fed by the transports and by every audit record."""

    def __init__(self, config: Config) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self._lock = threading.Lock()
        self._rules: set[str] = set()
        self._known = CONTENT_RULES | PROTOCOL_RULES | PROXY_RULES
        self._families = frozenset(rule.split(".", 1)[0] for rule in self._known)
        self.use(config)
        r = self.registry
        self.messages = Counter("elicitguard_messages", "JSON-RPC messages judged, by direction and method",
                                ("direction", "method"), registry=r)
        self.decisions = Counter("elicitguard_decisions", "Audited decisions, by rule and outcome "
                                 "(allow, deny, would_deny); rule 'none' for a decision no rule made",
                                 ("rule", "outcome"), registry=r)
        self.judge_seconds = Histogram("elicitguard_judge_seconds", "Time spent judging one frame",
                                       buckets=JUDGE_BUCKETS, registry=r)
        self.upstream_errors = Counter("elicitguard_upstream_errors", "Upstream requests that failed "
                                       "(unreachable, cut off, refused)", registry=r)
        self.reloads = Counter("elicitguard_config_reloads", "Config reloads, by outcome (applied, rejected)",
                               ("outcome",), registry=r)
        self.active_sessions = Gauge("elicitguard_active_sessions", "Sessions the proxy holds", registry=r)
        self.pending_elicitations = Gauge("elicitguard_pending_elicitations",
                                          "Elicitations forwarded to a client and not yet answered", registry=r)
        build = Gauge("elicitguard_build_info", "Always 1: the version, and how the judges run (compiled, python, "
                      "partial)", ("version", "judges"), registry=r)
        build.labels(__version__, judges_label()).set(1)
        for outcome in ("applied", "rejected"):
            self.reloads.labels(outcome)  # both series exist from the start (0), so rate() sees the first one

    def use(self, config: Config) -> None:
        """The team rule ids of the config in force (a reload can add some)."""
        self._team = team_rules(config)

    # ---- labels ----------------------------------------------------------------------------------------------

    def rule_label(self, rule: object) -> str:
        if not isinstance(rule, str):
            return "other"
        if rule in self._known or rule in self._team:
            label = rule
        else:
            family = rule.split(".", 1)[0]
            label = f"{family}.other" if family in self._families else "other"
        with self._lock:
            if label not in self._rules:
                if len(self._rules) >= MAX_RULE_LABELS:
                    return "other"
                self._rules.add(label)
        return label

    # ---- feeding ---------------------------------------------------------------------------------------------

    def counted(self, direction: Direction, outcome: Outcome) -> None:
        """The messages of one judged frame."""
        if not outcome.methods:
            self.messages.labels(direction.value, "invalid").inc()
            return
        for method in outcome.methods:
            self.messages.labels(direction.value, method_label(method)).inc()

    def timed(self, judge: Callable[[], Outcome]) -> Callable[[], Outcome]:
        """``judge`` with its run time observed (the lock wait before it is not judging)."""
        def run() -> Outcome:
            start = time.perf_counter()
            try:
                return judge()
            finally:
                self.judge_seconds.observe(time.perf_counter() - start)

        return run

    def audited(self, event: str, decision: str, fields: Mapping[str, Any]) -> None:
        """Every audit record passes here: decisions, upstream errors and reloads are counted from it."""
        if event == "upstream.error":
            self.upstream_errors.inc()
        elif event == "config.reloaded":
            self.reloads.labels("applied").inc()
        elif event == "config.rejected":
            self.reloads.labels("rejected").inc()
        reasons = fields.get("reasons")
        if not isinstance(reasons, list):
            return  # a lifecycle record (session.start, audit.opened...): no decision was made
        outcome = decision if decision in ("allow", "deny", "would_deny") else "other"
        rules = [r.get("rule") for r in reasons if isinstance(r, Mapping)]
        for rule in rules or ["none"]:
            self.decisions.labels("none" if rule == "none" else self.rule_label(rule), outcome).inc()

    def gauges(self, sessions: Callable[[], int], pending: Callable[[], int]) -> None:
        """Read at scrape time: the transport's own tables."""
        self.active_sessions.set_function(lambda: float(sessions()))
        self.pending_elicitations.set_function(lambda: float(pending()))

    def render(self) -> bytes:
        return generate_latest(self.registry)


def label_values(metrics: Metrics, name: str) -> Iterable[dict[str, str]]:
    """The label sets of one metric family, as exported (for tests and debugging)."""
    for family in metrics.registry.collect():
        for sample in family.samples:
            if sample.name == name:
                yield dict(sample.labels)

"""Per-server policy: how ``servers.NAME`` combines with the global policy.

A server entry may only make the policy stricter. Deny lists add to the global ones; ``modes``,
allow lists, limits and monitored rules can only narrow. A setting that would loosen the global
policy (``allow_http: true``, ``mode: monitor``, an allow-list entry the global list does not cover,
...) is a config error unless the server lists that key under ``servers.NAME.widen``, the one
marker a reviewer greps for. A widened key takes the server's value as written.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

from elicitguard.policies.domains import DomainPattern

if TYPE_CHECKING:
    from elicitguard.policies.config import Policy

LIMIT_KEYS: Final = ("elicitations_per_minute", "elicitation_burst", "server_elicitations_per_minute",
                     "server_elicitation_burst", "max_pending", "pending_timeout")

# Keys a server can set in the loosening direction, with ``servers.NAME.widen``.
WIDENABLE: Final = (
    "mode", "policy.modes", "policy.unknown_protocol", "policy.require_client_request", "policy.rules",
    "policy.form.block_credentials", "policy.form.allow_fields", "policy.form.classifier",
    "policy.form.classifier_threshold",
    "policy.url.allow_domains", "policy.url.deny_domains", "policy.url.allow_http", "policy.url.allow_ports",
    "policy.response.scan", "policy.response.detectors",
    *(f"policy.limits.{k}" for k in LIMIT_KEYS),
)


def check_widen_key(key: Any) -> str | None:
    if key in WIDENABLE:
        return None
    close = difflib.get_close_matches(str(key), WIDENABLE, n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else f"; keys that can widen: {', '.join(WIDENABLE)}"
    return f"{key!r} is not a key a server can widen{hint}"


# ---- how each key compares: None when the server's value is not looser, else how it loosens ------------


def _looser_than(order: tuple[Any, ...]) -> Callable[[Any, Any], str | None]:
    def compare(base: Any, mine: Any) -> str | None:
        if order.index(mine) > order.index(base):
            return f"{_show(mine)} is looser than the global {_show(base)}"
        return None
    return compare


def _subset(base: frozenset[Any], mine: frozenset[Any]) -> str | None:
    extra = sorted(mine - base, key=str)
    if extra:
        return f"{', '.join(map(_show, extra))} not in the global list (a server's list can only narrow it)"
    return None


def _more_monitored(base: frozenset[str], mine: frozenset[str]) -> str | None:
    extra = sorted(mine - base)
    if extra:
        return f"monitors {', '.join(extra)}, which the global policy blocks"
    return None


def _covers(outer: DomainPattern, inner: DomainPattern) -> bool:
    """Every host ``inner`` matches is matched by ``outer`` (and an exact international name is not
    blessed by a wildcard: look-alikes pass only when listed exactly)."""
    if inner.wildcard:
        return outer.wildcard and (inner.host == outer.host or inner.host.endswith("." + outer.host))
    if not outer.wildcard:
        return outer.host == inner.host
    return outer.matches(inner.host) and "xn--" not in inner.host


def _allow_domains(base: tuple[DomainPattern, ...], mine: tuple[DomainPattern, ...]) -> str | None:
    if not base:
        return None  # the global list allows any host: any server list narrows it
    if not mine:
        return "an empty list allows any host, the global list does not"
    wider = [p.source for p in mine if not any(_covers(b, p) for b in base)]
    if wider:
        return f"{', '.join(wider)} not covered by the global allow_domains (a server's list can only narrow it)"
    return None


def _deny_domains(base: tuple[DomainPattern, ...], mine: tuple[DomainPattern, ...]) -> str | None:
    dropped = [p.source for p in base if p.source not in {m.source for m in mine}]
    if dropped:
        return f"drops the global entries {', '.join(dropped)}"
    return None


def _more_disabled(base: frozenset[str], mine: frozenset[str]) -> str | None:
    extra = sorted(mine - base)
    return f"switches off response detector(s) {', '.join(extra)} that the global policy runs" if extra else None


def _threshold(base: float | None, mine: float | None) -> str | None:
    # None is the model's own threshold: a higher one lets more through.
    from elicitguard.policies.classifier import model  # the model file is read only when compared
    try:
        shipped = model().threshold
    except (OSError, ValueError, UnicodeDecodeError):
        if base is None or mine is None:
            return "cannot be compared with the model's own threshold: the credential model cannot be loaded"
        shipped = 0.0
    low, high = shipped if base is None else base, shipped if mine is None else mine
    if high > low:
        return f"{high} is looser than the global {low}"
    return None


def _limit(base: float, mine: float) -> str | None:
    # 0 means "no limit".
    if base and (not mine or mine > base):
        return f"{_show(mine) if mine else '0 (no limit)'} is looser than the global {_show(base)}"
    return None


_FIELDS: Final[dict[str, tuple[Callable[[Policy], Any], Callable[[Any, Any], str | None]]]] = {
    "mode": (lambda p: p.mode, _looser_than(("enforce", "monitor"))),
    "policy.modes": (lambda p: p.modes, _subset),
    "policy.unknown_protocol": (lambda p: p.unknown_protocol, _looser_than(("block", "allow"))),
    "policy.require_client_request": (lambda p: p.require_client_request, _looser_than((True, False))),
    "policy.rules": (lambda p: p.monitored, _more_monitored),
    "policy.form.block_credentials": (lambda p: p.form.block_credentials, _looser_than((True, False))),
    "policy.form.allow_fields": (lambda p: p.form.allow_fields, _subset),
    "policy.form.classifier": (lambda p: p.form.classifier, _looser_than((True, False))),
    "policy.form.classifier_threshold": (lambda p: p.form.classifier_threshold, _threshold),
    "policy.url.allow_domains": (lambda p: p.url.allow_domains, _allow_domains),
    "policy.url.deny_domains": (lambda p: p.url.deny_domains, _deny_domains),
    "policy.url.allow_http": (lambda p: p.url.allow_http, _looser_than((False, True))),
    "policy.url.allow_ports": (lambda p: p.url.allow_ports, _subset),
    "policy.response.scan": (lambda p: p.response.scan, _looser_than((True, False))),
    "policy.response.detectors": (lambda p: p.response.disabled, _more_disabled),
    **{f"policy.limits.{k}": ((lambda p, k=k: getattr(p.limits, k)), _limit) for k in LIMIT_KEYS},  # type: ignore[misc]
}


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def _present(raw: dict[str, Any], dotted: str) -> bool:
    node: Any = raw
    for part in dotted.split("."):
        if not isinstance(node, dict) or part not in node:
            return False
        node = node[part]
    return True


def merge_server(name: str, base: Policy, own: Policy, entry: dict[str, Any],
                 where: Callable[[str], str]) -> tuple[Policy, tuple[str, ...], list[str], list[str]]:
    """Combine the global policy ``base`` with ``own`` (the server's settings compiled over it).

    Returns the server's effective policy, the keys it widened, problems and warnings.
    """
    prefix = f"servers.{name}"
    widen = set(entry.get("widen", ()))
    problems: list[str] = []
    warnings: list[str] = []
    widened: list[str] = []
    merged = own
    if "policy.url.deny_domains" not in widen:
        extra = tuple(p for p in own.url.deny_domains if p.source not in {b.source for b in base.url.deny_domains})
        merged = replace(merged, url=replace(merged.url, deny_domains=base.url.deny_domains + extra))
    for key, (read, compare) in _FIELDS.items():
        path = f"{prefix}.{key}"
        if not _present(entry, key):
            if key in widen:
                problems.append(f"{where(prefix + '.widen')}: {prefix}.widen: lists {key}, which servers.{name} "
                                "does not set")
            continue
        looser = compare(read(base), read(merged))
        if looser is None:
            if key in widen:
                warnings.append(f"{where(prefix + '.widen')}: {prefix}.widen: {key} is listed but does not "
                                "loosen the global policy")
            continue
        if key in widen:
            widened.append(key)
        else:
            problems.append(f"{where(path)}: {path}: {looser}; a server can only tighten the global policy "
                            f"(list '{key}' under {prefix}.widen to loosen it on purpose)")
    return merged, tuple(widened), problems, warnings

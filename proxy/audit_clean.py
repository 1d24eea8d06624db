"""What a peer's string becomes in an audit line: clipped, secret shapes masked, in keys as in values.

Kept apart from the writer (``proxy.audit``) because the operational log (``proxy.oplog``) cleans
its values the same way.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from elicitguard.policies.shapes import VALUE_SHAPES, luhn_ok, secret_value_shape

__all__ = ["MAX_FIELD", "_CLEAN_CACHE", "_clean", "_clean_str"]

MAX_FIELD = 256  # characters of any one logged string: a peer cannot blow the log up through an id
_MASK_WINDOW = MAX_FIELD + 128  # a secret starting inside the clipped part is seen whole by the masks
_DIGIT_RUN = re.compile(r"(?<!\d)(?:\d[ -]?){12,18}\d(?!\d)")
# Every secret shape in one pass: almost no logged string has one, and this is the per-string cost.
_ANY_SHAPE = re.compile("|".join(
    [f"(?{'i' if shape.regex.flags & re.IGNORECASE else ''}:{shape.regex.pattern})" for shape in VALUE_SHAPES]
    + [_DIGIT_RUN.pattern]))


@functools.lru_cache(maxsize=4096)  # field names, rules and details repeat; bounded (strings are clipped)
def _mask_secrets(text: str) -> str:
    """Secret-shaped parts of a peer's string (a field *named* ``ghp_...``) keep 4 characters."""
    if len(text) < 8 or _ANY_SHAPE.search(text) is None or secret_value_shape(text) is None:
        return text
    for shape in VALUE_SHAPES:
        if shape.rule == "credential.private_key":
            # The regex finds the header; what follows it is the key itself.
            match = shape.regex.search(text)
            if match is not None:
                text = text[:match.start()] + match.group()[:4] + "***"
        else:
            text = shape.regex.sub(lambda m: m.group()[:4] + "***", text)

    def card(match: re.Match[str]) -> str:
        digits = re.sub(r"[ -]", "", match.group())
        return "***" + digits[-4:] if 13 <= len(digits) <= 19 and luhn_ok(digits) else match.group()

    return _DIGIT_RUN.sub(card, text)


_CLEAN_CACHE: dict[str, str] = {}  # short strings (session, method, field names) repeat on every line


def _clean_str(text: str) -> str:
    """``text`` clipped and masked; cached when short (a long one is clipped afresh each time)."""
    out = _CLEAN_CACHE.get(text)
    if out is None:
        if len(text) > MAX_FIELD:
            return _mask_secrets(text[:_MASK_WINDOW])[:MAX_FIELD] + f"...({len(text)} chars)"
        out = _mask_secrets(text)
        if len(_CLEAN_CACHE) >= 4096:
            _CLEAN_CACHE.clear()
        _CLEAN_CACHE[str(text)] = out
    return out


def _clean(value: Any, odd: list[bool] | None = None) -> Any:
    """Clip long strings and lists, mask secret shapes, in keys as well as values. Anything but a
    string, a 64-bit integer, a boolean, None, a list or a dict sets ``odd[0]`` (see ``_encode``)."""
    kind = type(value)
    if kind is str:
        return value if len(value) < 8 else _clean_str(value)  # shorter: too short for any secret shape
    if value is None or kind is bool or (kind is int and -(1 << 63) <= value < (1 << 64)):
        return value
    if kind is list:
        return [v if type(v) is str and len(v) < 8 else _clean(v, odd) for v in value[:MAX_FIELD]]
    if kind is dict:
        return {(k if type(k) is str and len(k) < 8 else _clean(str(k), odd)):
                (v if type(v) is str and len(v) < 8 else _clean(v, odd))
                for k, v in (value.items() if len(value) <= MAX_FIELD else list(value.items())[:MAX_FIELD])}
    if isinstance(value, str):
        return _clean_str(str(value))
    if isinstance(value, list):
        return [_clean(v, odd) for v in value[:MAX_FIELD]]
    if isinstance(value, dict):
        return {_clean(str(k), odd): _clean(v, odd) for k, v in list(value.items())[:MAX_FIELD]}
    if odd is not None:
        odd[0] = True
    return value

"""The audit line's fast encoding (orjson) writes exactly the bytes the standard library writes.

``proxy.audit._encode`` hashes a record's canonical form and renders its ASCII line with orjson when
the record holds only strings, 64-bit integers, booleans, None, lists and dicts; every other record
(and a line that is not ASCII) goes through ``audit_chain.chain_hash`` and ``audit.render``, which
``audit-verify`` also uses. Both must give the same hash and the same line for every record.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from elicitguard.proxy import audit
from elicitguard.proxy.audit import _clean, _encode, render
from elicitguard.proxy.audit_chain import GENESIS, chain_hash

texts = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=[]), max_size=12) | st.sampled_from(
    ["\x7f", "\u2028", "é", "\x00\x1f", "\ud800", "a\"b\\c", "4111 1111 1111 1111", "ghp_" + "a" * 36])
plain = st.recursive(
    st.none() | st.booleans() | st.integers(-(1 << 63), (1 << 64) - 1) | texts,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(texts, inner, max_size=3), max_leaves=10)
anything = st.recursive(
    st.none() | st.booleans() | st.integers() | texts | st.floats(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(texts, inner, max_size=3), max_leaves=10)


def _expected(record: dict[str, Any], key: bytes | None) -> tuple[str, bytes]:
    digest = chain_hash(GENESIS, record, key)
    return digest, (render({**record, "hash": digest}) + "\n").encode("ascii")


@pytest.mark.parametrize("key", [None, b"k" * 16])
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=st.dictionaries(texts, anything, max_size=5))
def test_the_fast_encoding_writes_what_the_standard_library_writes(record: dict[str, Any], key: bytes | None) -> None:
    odd = [False]
    cleaned = {k: _clean(v, odd) for k, v in record.items()}
    expected = _expected(dict(cleaned), key)
    assert _encode(dict(cleaned), odd[0], key, GENESIS) == expected


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=st.dictionaries(texts, plain, max_size=5))
def test_plain_records_take_the_fast_encoding_and_verify(record: dict[str, Any]) -> None:
    odd = [False]
    cleaned = {k: _clean(v, odd) for k, v in record.items()}
    assert not odd[0]
    digest, line = _encode(dict(cleaned), False, None, GENESIS)
    assert (digest, line) == _expected(dict(cleaned), None)


def test_a_float_or_a_big_integer_is_odd() -> None:
    for value in (1e-7, float("inf"), 1 << 64, -(1 << 63) - 1, (1, 2)):
        odd = [False]
        _clean({"x": [value]}, odd)
        assert odd[0], value


def test_without_orjson_the_standard_library_writes_the_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(audit, "_orjson", None)
    record = {"event": "x", "n": 1, "s": "é\x7f"}
    assert _encode(dict(record), False, None, GENESIS) == _expected(dict(record), None)

"""Strict JSON-RPC envelope parsing: what is refused, what is read, and which id a refusal answers."""

from __future__ import annotations

import pytest

from elicitguard.policies.envelope import (
    MAX_DEPTH, EnvelopeError, Kind, dumps, id_key, parse_envelope,
)


def rejection(raw: bytes, max_bytes: int | None = None) -> EnvelopeError:
    with pytest.raises(EnvelopeError) as info:
        if max_bytes is None:
            parse_envelope(raw)
        else:
            parse_envelope(raw, max_bytes)
    return info.value


REQ = b'{"jsonrpc":"2.0","id":1,"method":"ping"}'

# ---- refused frames -----------------------------------------------------------------------------------

REFUSED = [
    ("invalid-json", b'{"jsonrpc":"2.0","id":1,"method":"ping"', "envelope.json"),
    ("trailing-garbage", b'{"jsonrpc":"2.0","id":1,"method":"ping"} x', "envelope.json"),
    ("two-objects-on-one-line", REQ + REQ, "envelope.json"),
    ("empty-frame", b"", "envelope.json"),
    ("single-quotes", b"{'jsonrpc':'2.0','id':1,'method':'ping'}", "envelope.json"),
    ("top-level-duplicate", b'{"jsonrpc":"2.0","id":1,"method":"a","method":"b"}', "envelope.duplicate_key"),
    ("escaped-duplicate-method", b'{"jsonrpc":"2.0","id":1,"method":"a","\\u006dethod":"b"}', "envelope.duplicate_key"),
    ("escaped-duplicate-uppercase-hex", b'{"jsonrpc":"2.0","id":1,"method":"a","\\u006Dethod":"b"}', "envelope.duplicate_key"),
    ("nested-duplicate", b'{"jsonrpc":"2.0","id":1,"method":"a","params":{"mode":"form","mode":"url"}}',
     "envelope.duplicate_key"),
    ("deeply-nested-duplicate", b'{"jsonrpc":"2.0","id":1,"method":"a","params":{"x":{"y":[{"k":1,"k":2}]}}}',
     "envelope.duplicate_key"),
    ("nested-escaped-duplicate", b'{"jsonrpc":"2.0","id":1,"method":"a","params":{"url":"a","\\u0075rl":"b"}}',
     "envelope.duplicate_key"),
    ("non-utf8-byte", b'{"jsonrpc":"2.0","id":1,"method":"\xff"}', "envelope.utf8"),
    ("overlong-utf8", b'{"jsonrpc":"2.0","id":1,"method":"\xc0\xaf"}', "envelope.utf8"),
    ("utf8-encoded-surrogate", b'{"jsonrpc":"2.0","id":1,"method":"\xed\xa0\x80"}', "envelope.utf8"),
    ("latin1-text", '{"jsonrpc":"2.0","id":1,"method":"caf\xe9"}'.encode("latin-1"), "envelope.utf8"),
    ("bom", b"\xef\xbb\xbf" + REQ, "envelope.bom"),
    ("nan", b'{"jsonrpc":"2.0","id":1,"method":"a","params":{"x":NaN}}', "envelope.json"),
    ("infinity", b'{"jsonrpc":"2.0","id":1,"method":"a","params":{"x":Infinity}}', "envelope.json"),
    ("minus-infinity", b'{"jsonrpc":"2.0","id":1,"method":"a","params":{"x":-Infinity}}', "envelope.json"),
    ("lone-high-surrogate", b'{"jsonrpc":"2.0","id":1,"method":"a","params":{"x":"\\ud800"}}', "envelope.surrogate"),
    ("lone-low-surrogate", b'{"jsonrpc":"2.0","id":1,"method":"a","params":{"x":"\\udc00"}}', "envelope.surrogate"),
    ("uppercase-lone-surrogate", b'{"jsonrpc":"2.0","id":1,"method":"a","params":{"x":"\\uDBFF!"}}', "envelope.surrogate"),
    ("reversed-surrogate-pair", b'{"jsonrpc":"2.0","id":1,"method":"a","params":{"x":"\\ude00\\ud83d"}}',
     "envelope.surrogate"),
    ("surrogate-in-key", b'{"jsonrpc":"2.0","id":1,"method":"a","params":{"\\ud800":1}}', "envelope.surrogate"),
    ("bool-id-true", b'{"jsonrpc":"2.0","id":true,"method":"a"}', "envelope.id"),
    ("bool-id-false", b'{"jsonrpc":"2.0","id":false,"result":{}}', "envelope.id"),
    ("float-id", b'{"jsonrpc":"2.0","id":1.5,"method":"a"}', "envelope.id"),
    ("integral-float-id", b'{"jsonrpc":"2.0","id":1.0,"method":"a"}', "envelope.id"),
    ("exponent-id", b'{"jsonrpc":"2.0","id":1e3,"result":{}}', "envelope.id"),
    ("null-id-request", b'{"jsonrpc":"2.0","id":null,"method":"a"}', "envelope.id"),
    ("object-id", b'{"jsonrpc":"2.0","id":{"a":1},"method":"a"}', "envelope.id"),
    ("array-params", b'{"jsonrpc":"2.0","id":1,"method":"a","params":[1,2]}', "envelope.params"),
    ("string-params", b'{"jsonrpc":"2.0","id":1,"method":"a","params":"x"}', "envelope.params"),
    ("null-params", b'{"jsonrpc":"2.0","id":1,"method":"a","params":null}', "envelope.params"),
    ("array-result", b'{"jsonrpc":"2.0","id":1,"result":[]}', "envelope.result"),
    ("null-result", b'{"jsonrpc":"2.0","id":1,"result":null}', "envelope.result"),
    ("string-error", b'{"jsonrpc":"2.0","id":1,"error":"boom"}', "envelope.error"),
    ("error-bool-code", b'{"jsonrpc":"2.0","id":1,"error":{"code":true,"message":"x"}}', "envelope.error"),
    ("error-float-code", b'{"jsonrpc":"2.0","id":1,"error":{"code":-32602.0,"message":"x"}}', "envelope.error"),
    ("error-without-message", b'{"jsonrpc":"2.0","id":1,"error":{"code":-32602}}', "envelope.error"),
    ("result-and-error", b'{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"x"}}', "envelope.shape"),
    ("neither-result-nor-error", b'{"jsonrpc":"2.0","id":1}', "envelope.shape"),
    ("no-id-no-method", b'{"jsonrpc":"2.0","result":{}}', "envelope.shape"),
    ("method-and-result", b'{"jsonrpc":"2.0","id":1,"method":"a","result":{}}', "envelope.ambiguous"),
    ("method-and-error", b'{"jsonrpc":"2.0","id":1,"method":"a","error":{"code":1,"message":"x"}}', "envelope.ambiguous"),
    ("non-string-method", b'{"jsonrpc":"2.0","id":1,"method":5}', "envelope.method"),
    ("missing-jsonrpc", b'{"id":1,"method":"a"}', "envelope.version"),
    ("wrong-jsonrpc", b'{"jsonrpc":"1.0","id":1,"method":"a"}', "envelope.version"),
    ("numeric-jsonrpc", b'{"jsonrpc":2.0,"id":1,"method":"a"}', "envelope.version"),
    ("scalar-frame", b"42", "envelope.not_object"),
    ("string-frame", b'"hello"', "envelope.not_object"),
    ("empty-batch", b"[]", "envelope.batch"),
    ("empty-batch-with-spaces", b" [ ] ", "envelope.batch"),
]


@pytest.mark.parametrize(("raw", "rule"), [pytest.param(r, rule, id=i) for i, r, rule in REFUSED])
def test_an_unsafe_frame_is_refused_with_a_named_rule(raw: bytes, rule: str) -> None:
    assert rejection(raw).rule == rule


def test_a_frame_nested_deeper_than_the_limit_is_refused() -> None:
    inner = b"[" * (MAX_DEPTH + 5) + b"]" * (MAX_DEPTH + 5)
    raw = b'{"jsonrpc":"2.0","id":3,"method":"a","params":{"x":' + inner + b"}}"
    exc = rejection(raw)
    assert exc.rule == "envelope.depth"


def test_a_frame_deep_enough_to_exhaust_the_parser_is_refused_as_too_deep() -> None:
    raw = b'{"jsonrpc":"2.0","id":3,"method":"a","params":{"x":' + b"[" * 100_000 + b"]" * 100_000 + b"}}"
    assert rejection(raw).rule == "envelope.depth"


def test_nesting_just_inside_the_limit_is_accepted() -> None:
    inner = b"[" * (MAX_DEPTH - 3) + b"]" * (MAX_DEPTH - 3)
    raw = b'{"jsonrpc":"2.0","id":3,"method":"a","params":{"x":' + inner + b"}}"
    assert parse_envelope(raw).messages[0].kind is Kind.REQUEST


def test_a_frame_over_the_size_limit_is_refused_before_parsing() -> None:
    exc = rejection(REQ, max_bytes=len(REQ) - 1)
    assert exc.rule == "envelope.too_large"
    assert exc.request_id is None


def test_a_frame_exactly_at_the_size_limit_is_accepted() -> None:
    assert parse_envelope(REQ, len(REQ)).messages[0].id == 1


# ---- accepted frames ----------------------------------------------------------------------------------

ACCEPTED = [
    ("request", REQ, Kind.REQUEST, 1),
    ("string-id", b'{"jsonrpc":"2.0","id":"abc","method":"ping"}', Kind.REQUEST, "abc"),
    ("negative-id", b'{"jsonrpc":"2.0","id":-7,"method":"ping"}', Kind.REQUEST, -7),
    ("big-id", b'{"jsonrpc":"2.0","id":123456789012345678901234567890,"result":{}}', Kind.RESULT,
     123456789012345678901234567890),
    ("notification", b'{"jsonrpc":"2.0","method":"notifications/initialized"}', Kind.NOTIFICATION, None),
    ("result", b'{"jsonrpc":"2.0","id":2,"result":{"action":"accept"}}', Kind.RESULT, 2),
    ("error", b'{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"x"}}', Kind.ERROR, 2),
    ("error-null-id", b'{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x"}}', Kind.ERROR, None),
    ("odd-whitespace", b' \t{ "jsonrpc" : "2.0" ,\n"id" : 1 , "method" : "ping" }\r\n', Kind.REQUEST, 1),
    ("valid-surrogate-pair", b'{"jsonrpc":"2.0","id":1,"method":"a","params":{"x":"\\ud83d\\ude00"}}', Kind.REQUEST, 1),
    ("escaped-backslash-before-u", b'{"jsonrpc":"2.0","id":1,"method":"a","params":{"x":"C:\\\\ud800"}}',
     Kind.REQUEST, 1),
    ("escaped-method-name", b'{"jsonrpc":"2.0","id":1,"method":"elicitation\\/create"}', Kind.REQUEST, 1),
    ("raw-utf8-text", '{"jsonrpc":"2.0","id":1,"method":"a","params":{"x":"пароль 密码"}}'.encode(), Kind.REQUEST, 1),
]


@pytest.mark.parametrize(("raw", "kind", "rid"), [pytest.param(r, k, i2, id=i) for i, r, k, i2 in ACCEPTED])
def test_a_well_formed_frame_is_parsed_into_one_message(raw: bytes, kind: Kind, rid: object) -> None:
    env = parse_envelope(raw)
    assert not env.batch and not env.rejected
    (msg,) = env.messages
    assert msg.kind is kind
    assert msg.id == rid
    assert type(msg.id) is type(rid)
    assert msg.raw == raw
    assert env.raw == raw


def test_an_escaped_method_name_is_read_as_the_unescaped_method() -> None:
    raw = b'{"jsonrpc":"2.0","id":1,"method":"\\u0065licitation\\/create","params":{}}'
    assert parse_envelope(raw).messages[0].method == "elicitation/create"


def test_message_accessors_return_empty_objects_when_absent() -> None:
    msg = parse_envelope(b'{"jsonrpc":"2.0","method":"n"}').messages[0]
    assert msg.params == {} and msg.result == {} and msg.error == {} and msg.id is None


# ---- batches ------------------------------------------------------------------------------------------


def test_a_batch_parses_every_good_element_and_keeps_the_order() -> None:
    raw = b'[{"jsonrpc":"2.0","id":1,"method":"a"},{"jsonrpc":"2.0","method":"n"},{"jsonrpc":"2.0","id":"z","result":{}}]'
    env = parse_envelope(raw)
    assert env.batch
    assert [m.kind for m in env.messages] == [Kind.REQUEST, Kind.NOTIFICATION, Kind.RESULT]
    assert [m.id for m in env.messages] == [1, None, "z"]
    assert env.rejected == ()
    assert env.raw == raw


def test_a_batch_with_a_bad_element_still_parses_the_others_and_rejects_it_with_its_id() -> None:
    raw = (b'[{"jsonrpc":"2.0","id":1,"method":"a"},'
           b'{"jsonrpc":"2.0","id":5,"method":"b","params":[1]},'
           b'{"jsonrpc":"2.0","id":"s","method":"c","result":{}},'
           b'{"jsonrpc":"2.0","id":true,"method":"d"},'
           b'{"jsonrpc":"2.0","id":2,"method":"e"}]')
    env = parse_envelope(raw)
    assert [m.id for m in env.messages] == [1, 2]
    assert [(r.rule, r.request_id) for r in env.rejected] == [
        ("envelope.params", 5), ("envelope.ambiguous", "s"), ("envelope.id", None)]


def test_a_batch_of_only_bad_elements_parses_to_no_messages_and_all_rejections() -> None:
    env = parse_envelope(b'[1, "x", {"jsonrpc":"2.0","id":9,"method":7}]')
    assert env.messages == ()
    assert [r.rule for r in env.rejected] == ["envelope.not_object", "envelope.not_object", "envelope.method"]
    assert all(r.request_id is None for r in env.rejected)


def test_a_duplicate_key_inside_one_batch_element_refuses_the_whole_frame() -> None:
    raw = b'[{"jsonrpc":"2.0","id":1,"method":"a"},{"jsonrpc":"2.0","id":2,"method":"b","method":"c"}]'
    assert rejection(raw).rule == "envelope.duplicate_key"


def test_batch_elements_carry_no_raw_bytes_of_their_own() -> None:
    env = parse_envelope(b'[{"jsonrpc":"2.0","id":1,"method":"a"}]')
    assert env.batch and env.messages[0].raw is None


# ---- readable ids for the -32600 answer ---------------------------------------------------------------

READABLE = [
    ("duplicate-elsewhere-int-id", b'{"jsonrpc":"2.0","id":4,"method":"a","params":{"x":1,"x":2}}', 4),
    ("duplicate-elsewhere-str-id", b'{"jsonrpc":"2.0","id":"r-1","method":"a","method":"b"}', "r-1"),
    ("nan-with-id", b'{"jsonrpc":"2.0","id":8,"method":"a","params":{"x":NaN}}', 8),
    ("surrogate-with-id", b'{"jsonrpc":"2.0","id":9,"method":"a","params":{"x":"\\ud800"}}', 9),
    ("too-deep-with-id", b'{"jsonrpc":"2.0","id":10,"method":"a","params":{"x":'
     + b"[" * (MAX_DEPTH + 2) + b"]" * (MAX_DEPTH + 2) + b"}}", 10),
    ("array-params-with-id", b'{"jsonrpc":"2.0","id":11,"method":"a","params":[]}', 11),
    ("method-and-result-with-id", b'{"jsonrpc":"2.0","id":12,"method":"a","result":{}}', 12),
    ("zero-id", b'{"jsonrpc":"2.0","id":0,"method":"a","a":1,"a":1}', 0),
    # Repeated but equal: every parser reads the same id, so the sender still gets its one answer.
    ("same-id-twice", b'{"jsonrpc":"2.0","id":1,"id":1,"method":"a"}', 1),
    ("nested-id-in-arguments",
     b'{"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":"t","arguments":{"id":5},"x":1,"x":2}}', 13),
]


@pytest.mark.parametrize(("raw", "rid"), [pytest.param(r, i2, id=i) for i, r, i2 in READABLE])
def test_a_refused_request_whose_id_reads_one_way_keeps_a_readable_id(raw: bytes, rid: object) -> None:
    exc = rejection(raw)
    assert exc.request_id == rid
    assert type(exc.request_id) is type(rid)


UNREADABLE = [
    ("two-ids", b'{"jsonrpc":"2.0","id":1,"id":2,"method":"a"}'),
    ("escaped-second-id", b'{"jsonrpc":"2.0","id":1,"\\u0069d":2,"method":"a"}'),
    ("fully-escaped-second-id", b'{"jsonrpc":"2.0","id":1,"\\u0069\\u0064":2,"method":"a"}'),
    ("half-escaped-second-id", b'{"jsonrpc":"2.0","id":1,"i\\u0064":2,"method":"a"}'),
    ("same-id-twice-as-int-and-string", b'{"jsonrpc":"2.0","id":1,"id":"1","method":"a"}'),
    ("invalid-json", b'{"jsonrpc":"2.0","id":1,"method":"a"'),
    ("response-not-request", b'{"jsonrpc":"2.0","id":1,"result":{},"result":{}}'),
    ("notification", b'{"jsonrpc":"2.0","method":"a","method":"b"}'),
    ("bool-id", b'{"jsonrpc":"2.0","id":true,"method":"a","x":1,"x":1}'),
    ("float-id", b'{"jsonrpc":"2.0","id":2.5,"method":"a","x":1,"x":1}'),
    ("non-utf8", b'{"jsonrpc":"2.0","id":1,"method":"\xff"}'),
    ("bom", b"\xef\xbb\xbf" + REQ),
    ("duplicate-method-non-string", b'{"jsonrpc":"2.0","id":1,"method":"a","method":3}'),
]


@pytest.mark.parametrize("raw", [pytest.param(r, id=i) for i, r in UNREADABLE])
def test_a_refused_message_with_an_ambiguous_or_missing_id_has_no_readable_id(raw: bytes) -> None:
    assert rejection(raw).request_id is None


# ---- helpers ------------------------------------------------------------------------------------------


def test_id_key_keeps_the_json_type_and_value_exactly() -> None:
    assert id_key(1) != id_key("1")
    assert id_key(0) != id_key("00") != id_key("0")
    assert id_key("a") == id_key("a")
    assert id_key(1) != id_key(2)


def test_id_key_of_a_long_id_is_bounded_and_still_exact() -> None:
    long = "x" * (1 << 20)
    assert len(id_key(long)) < 100
    assert id_key(long) == id_key("x" * (1 << 20))
    assert id_key(long) != id_key(long + "y") != id_key(long[:-1])
    assert id_key(10 ** 4000) != id_key(str(10 ** 4000))


def test_dumps_is_compact_utf8_and_refuses_nan() -> None:
    assert dumps({"a": "é", "b": [1]}) == '{"a":"é","b":[1]}'.encode()
    with pytest.raises(ValueError):
        dumps({"x": float("nan")})

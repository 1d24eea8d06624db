"""Playbook tests of the sans-I/O Guard: byte frames in both directions, outcomes asserted exactly."""

from __future__ import annotations

import json
from typing import Any

import pytest

from elicitguard.policies.config import KNOWN_PROTOCOLS, Policy, load_config_text
from elicitguard.policies.engine import Guard, Outcome
from elicitguard.policies.sealed import Sealer

MAX = 1 << 20
MODERN = "2026-07-28"
P_KEY = "io.modelcontextprotocol/protocolVersion"
C_KEY = "io.modelcontextprotocol/clientCapabilities"
NO_CAPS = object()


def wire(obj: Any) -> bytes:
    """A frame as a peer might write it: NOT the proxy's compact form, so identity forwarding is visible."""
    return json.dumps(obj, separators=(", ", ": ")).encode() + b" "


def read(raw: bytes | None) -> Any:
    assert raw is not None, "expected a forwarded frame"
    return json.loads(raw)


SEALER = Sealer((b"k" * 32,), lambda: b"\x00" * 12)


def policy(text: str = "") -> Policy:
    return load_config_text(text, "test.yaml").policy


def guard(config: str = "", elicitation: Any = NO_CAPS, *, handshake: bool = True) -> Guard:
    """A guard after an initialize handshake in which the client declared ``elicitation`` (or nothing)."""
    g = Guard(policy(config), MAX)
    if handshake:
        caps: dict[str, Any] = {} if elicitation is NO_CAPS else {"elicitation": elicitation}
        g.client_message(wire({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": caps, "clientInfo": {"name": "cli", "version": "1.0"}}}))
        g.server_message(wire({"jsonrpc": "2.0", "id": 0, "result": {
            "protocolVersion": "2025-11-25", "capabilities": {}, "serverInfo": {"name": "srv", "version": "1"}}}))
    return g


def elicit(rid: Any, params: Any, method: str = "elicitation/create") -> bytes:
    return wire({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})


def schema(**props: Any) -> dict[str, Any]:
    return {"type": "object", "properties": props}


FORM_OK = {"mode": "form", "message": "Your city?", "requestedSchema": schema(city={"type": "string"})}
FORM_NO_MODE = {"message": "Your city?", "requestedSchema": schema(city={"type": "string"})}
FORM_PW = {"mode": "form", "message": "Log in", "requestedSchema": schema(user={"type": "string"},
                                                                          password={"type": "string"})}
FORM_BAD_SCHEMA = {"mode": "form", "message": "Address", "requestedSchema": schema(addr={"type": "object"})}


def url_params(eid: str, url: str = "https://example.com/connect?state=SECRETQ") -> dict[str, Any]:
    return {"mode": "url", "message": "Connect your account", "elicitationId": eid, "url": url}


def assert_untouched(out: Outcome, raw: bytes) -> None:
    assert out.forward == raw
    assert out.replies == []


def events(out: Outcome) -> list[tuple[str, str]]:
    return [(d.event, d.decision) for d in out.decisions]


# ---- initialize ---------------------------------------------------------------------------------------------

CAPS = [
    ("empty-object-is-form-only", {}, {"form"}),
    ("form-and-url", {"form": {}, "url": {}}, {"form", "url"}),
    ("url-only", {"url": {}}, {"url"}),
    ("form-only", {"form": {}}, {"form"}),
    ("not-an-object", True, set()),
    ("no-elicitation-key", NO_CAPS, set()),
]


@pytest.mark.parametrize(("caps", "modes"), [pytest.param(c, m, id=i) for i, c, m in CAPS])
def test_initialize_records_the_declared_elicitation_modes(caps: Any, modes: set[str]) -> None:
    g = guard(elicitation=caps)
    assert g.state.client_modes == frozenset(modes)
    assert g.state.client_info == {"name": "cli", "version": "1.0"}
    assert g.state.protocol_version == "2025-11-25"


def test_the_initialize_request_is_forwarded_byte_for_byte() -> None:
    g = Guard(policy(), MAX)
    raw = wire({"jsonrpc": "2.0", "id": 0, "method": "initialize",
                "params": {"protocolVersion": "2025-11-25", "capabilities": {"elicitation": {"form": {}, "url": {}}}}})
    assert_untouched(g.client_message(raw), raw)


# ---- form mode ------------------------------------------------------------------------------------------------


def test_an_allowed_form_elicitation_is_forwarded_byte_for_byte() -> None:
    g = guard(elicitation={})
    raw = elicit(1, FORM_OK)
    out = g.server_message(raw)
    assert_untouched(out, raw)
    assert events(out) == [("elicitation.allowed", "allow")]
    assert out.decisions[0].fields == ("city",) and out.decisions[0].mode == "form"


def test_an_elicitation_without_a_mode_is_judged_as_form() -> None:
    g = guard(elicitation={})
    raw = elicit(1, FORM_NO_MODE)
    out = g.server_message(raw)
    assert_untouched(out, raw)
    assert out.decisions[0].mode == "form"


def test_a_form_elicitation_without_a_mode_carrying_a_password_is_still_blocked() -> None:
    g = guard(elicitation={})
    out = g.server_message(elicit(1, {k: v for k, v in FORM_PW.items() if k != "mode"}))
    assert out.forward is None
    assert out.replies[0]["error"]["data"]["rule"] == "credential.password"


def test_an_unknown_mode_is_answered_with_invalid_params_and_not_forwarded() -> None:
    g = guard(elicitation={"form": {}, "url": {}})
    out = g.server_message(elicit(3, {**FORM_OK, "mode": "sms"}))
    assert out.forward is None
    (reply,) = out.replies
    assert reply["id"] == 3 and reply["error"]["code"] == -32602
    assert reply["error"]["data"]["rule"] == "mode.unknown"


def test_url_mode_the_client_did_not_declare_is_answered_with_invalid_params() -> None:
    g = guard(elicitation={})
    out = g.server_message(elicit("u-1", url_params("e1")))
    assert out.forward is None
    (reply,) = out.replies
    assert reply["id"] == "u-1" and reply["error"]["code"] == -32602
    assert reply["error"]["data"]["rule"] == "mode.undeclared"


def test_form_mode_is_refused_when_the_client_declared_no_elicitation() -> None:
    g = guard()
    out = g.server_message(elicit(4, FORM_OK))
    assert out.forward is None
    assert out.replies[0]["error"]["code"] == -32602


def test_a_password_form_is_answered_with_an_error_naming_the_rule_when_on_deny_is_error() -> None:
    g = guard(elicitation={})
    out = g.server_message(elicit(7, FORM_PW))
    assert out.forward is None
    (reply,) = out.replies
    assert reply == {"jsonrpc": "2.0", "id": 7, "error": reply["error"]}
    assert reply["error"]["code"] == -32602
    assert reply["error"]["data"]["rule"] == "credential.password"
    assert reply["error"]["data"]["reasons"][0]["field"] == "password"
    (decision,) = out.decisions
    assert (decision.event, decision.decision, decision.request_id) == ("elicitation.denied", "deny", 7)
    assert decision.fields == ("user", "password")


@pytest.mark.parametrize("action", ["decline", "cancel"])
def test_a_password_form_is_answered_with_the_on_deny_action_as_a_result(action: str) -> None:
    g = guard(f"on_deny: {action}\n", elicitation={})
    out = g.server_message(elicit(8, FORM_PW))
    assert out.forward is None
    assert out.replies == [{"jsonrpc": "2.0", "id": 8, "result": {"action": action}}]


@pytest.mark.parametrize("action", ["error", "decline", "cancel"])
def test_a_malformed_schema_is_always_an_invalid_params_error(action: str) -> None:
    g = guard(f"on_deny: {action}\n", elicitation={})
    out = g.server_message(elicit(9, FORM_BAD_SCHEMA))
    assert out.forward is None
    (reply,) = out.replies
    assert reply["error"]["code"] == -32602 and reply["error"]["data"]["rule"] == "schema.unsupported"


@pytest.mark.parametrize("action", ["decline", "cancel"])
def test_an_undeclared_mode_is_an_error_even_with_a_soft_on_deny(action: str) -> None:
    g = guard(f"on_deny: {action}\n", elicitation={})
    out = g.server_message(elicit(9, url_params("e1")))
    assert out.replies[0]["error"]["code"] == -32602


def test_monitor_mode_forwards_a_denied_elicitation_unchanged_and_audits_would_deny() -> None:
    g = guard("mode: monitor\n", elicitation={})
    raw = elicit(10, FORM_PW)
    out = g.server_message(raw)
    assert_untouched(out, raw)
    assert events(out) == [("elicitation.denied", "would_deny")]


def test_monitor_mode_forwards_the_clients_answer_to_a_would_deny_elicitation() -> None:
    g = guard("mode: monitor\n", elicitation={})
    g.server_message(elicit(10, FORM_PW))
    raw = wire({"jsonrpc": "2.0", "id": 10, "result": {"action": "accept", "content": {"password": "x"}}})
    assert_untouched(g.client_message(raw), raw)


ESCAPED = [
    ("escaped-slash", b'{"jsonrpc":"2.0","id":5,"method":"elicitation\\/create","params":%s}'),
    ("unicode-e", b'{"jsonrpc":"2.0","id":5,"method":"\\u0065licitation/create","params":%s}'),
    ("all-escaped", b'{"jsonrpc":"2.0","id":5,"method":"\\u0065\\u006c\\u0069citation\\u002fcreate","params":%s}'),
    ("odd-whitespace", b'{\n"jsonrpc" :"2.0",\t"id":5 ,"method"\r\n: "elicitation/create" , "params":%s}'),
]


@pytest.mark.parametrize("template", [pytest.param(t, id=i) for i, t in ESCAPED])
def test_an_escaped_method_name_is_still_judged(template: bytes) -> None:
    g = guard(elicitation={})
    out = g.server_message(template % json.dumps(FORM_PW).encode())
    assert out.forward is None
    assert out.replies[0]["id"] == 5 and out.replies[0]["error"]["data"]["rule"] == "credential.password"


def test_an_escaped_mode_value_is_still_judged() -> None:
    g = guard(elicitation={})
    raw = b'{"jsonrpc":"2.0","id":5,"method":"elicitation/create","params":{"mode":"\\u0075rl","message":"m",' \
          b'"elicitationId":"e","url":"https://example.com/"}}'
    out = g.server_message(raw)
    assert out.forward is None
    assert out.replies[0]["error"]["data"]["rule"] == "mode.undeclared"


def test_a_task_augmented_elicitation_is_judged_too() -> None:
    g = guard(elicitation={})
    out = g.server_message(elicit(6, {**FORM_PW, "task": {"ttl": 60000}}))
    assert out.forward is None
    assert out.decisions[0].extra == {"task": True}


# ---- unsafe frames ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("raw", [
    pytest.param(b'{"jsonrpc":"2.0","id":12,"method":"elicitation/create","params":{"mode":"form","mode":"url",'
                 b'"message":"m","requestedSchema":{"type":"object","properties":{}}}}', id="nested-duplicate"),
    pytest.param(b'{"jsonrpc":"2.0","id":12,"method":"ping","\\u006dethod":"elicitation/create","params":{}}',
                 id="escaped-duplicate-method"),
    pytest.param(b'{"jsonrpc":"2.0","id":12,"method":"elicitation/create","params":{"x":NaN}}', id="nan"),
])
def test_an_unsafe_server_request_is_not_forwarded_and_gets_invalid_request_with_its_id(raw: bytes) -> None:
    g = guard(elicitation={"form": {}, "url": {}})
    out = g.server_message(raw)
    assert out.forward is None
    (reply,) = out.replies
    assert reply["id"] == 12 and reply["error"]["code"] == -32600
    assert events(out) == [("message.rejected", "deny")]


def test_an_unsafe_frame_with_an_ambiguous_id_is_dropped_without_a_reply() -> None:
    g = guard(elicitation={})
    out = g.server_message(b'{"jsonrpc":"2.0","id":1,"id":2,"method":"elicitation/create","params":{}}')
    assert out.forward is None and out.replies == []


def test_non_utf8_from_the_client_is_not_forwarded() -> None:
    g = guard(elicitation={})
    out = g.client_message(b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"\xff"}}')
    assert out.forward is None


def test_an_oversize_frame_is_refused() -> None:
    g = Guard(policy(), 64)
    out = g.server_message(elicit(1, FORM_OK))
    assert out.forward is None
    assert out.decisions[0].reasons[0].rule == "envelope.too_large"


# ---- batches ------------------------------------------------------------------------------------------------


def test_a_batch_is_judged_element_by_element() -> None:
    g = guard(elicitation={})
    ok = {"jsonrpc": "2.0", "id": 1, "method": "elicitation/create", "params": FORM_OK}
    bad = {"jsonrpc": "2.0", "id": 2, "method": "elicitation/create", "params": FORM_PW}
    ping = {"jsonrpc": "2.0", "id": 3, "method": "ping"}
    note = {"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": "x"}}
    out = g.server_message(wire([ok, bad, ping, note]))
    assert read(out.forward) == [ok, ping, note]
    assert [r["id"] for r in out.replies] == [2]
    assert out.replies[0]["error"]["data"]["rule"] == "credential.password"


def test_an_all_allowed_batch_is_forwarded_byte_for_byte() -> None:
    g = guard(elicitation={})
    raw = wire([{"jsonrpc": "2.0", "id": 1, "method": "elicitation/create", "params": FORM_OK},
                {"jsonrpc": "2.0", "id": 2, "method": "ping"}])
    assert_untouched(g.server_message(raw), raw)


def test_an_all_denied_batch_forwards_nothing_and_answers_each() -> None:
    g = guard("on_deny: decline\n", elicitation={})
    raw = wire([{"jsonrpc": "2.0", "id": 1, "method": "elicitation/create", "params": FORM_PW},
                {"jsonrpc": "2.0", "id": 2, "method": "elicitation/create", "params": FORM_BAD_SCHEMA}])
    out = g.server_message(raw)
    assert out.forward is None
    assert [(r["id"], "result" in r) for r in out.replies] == [(1, True), (2, False)]


def test_a_bad_batch_element_is_answered_and_the_rest_forwarded() -> None:
    g = guard(elicitation={})
    ok = {"jsonrpc": "2.0", "id": 1, "method": "elicitation/create", "params": FORM_OK}
    bad = {"jsonrpc": "2.0", "id": 2, "method": "elicitation/create", "params": [1]}
    out = g.server_message(wire([ok, bad]))
    assert read(out.forward) == [ok]
    assert [(r["id"], r["error"]["code"]) for r in out.replies] == [(2, -32600)]


def test_a_refused_batch_element_answering_a_client_request_is_answered_with_an_error_in_the_batch() -> None:
    g = guard(elicitation={})
    g.client_message(wire({"jsonrpc": "2.0", "id": 9, "method": "tools/list"}))
    note = {"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": "x"}}
    # A response with both result and error is no JSON-RPC message: refused, but the client awaits id 9.
    out = g.server_message(wire([note, {"jsonrpc": "2.0", "id": 9, "result": {}, "error": {"code": 1, "message": "x"}}]))
    forwarded = read(out.forward)
    assert forwarded[0] == note
    assert [(m["id"], m["error"]["code"]) for m in forwarded[1:]] == [(9, -32603)]
    # Answered once: a second answer to id 9 is no longer awaited.
    assert not g.state.pending_client


def test_a_refused_batch_element_answering_a_server_request_is_answered_to_the_server() -> None:
    g = guard(elicitation={})
    g.server_message(elicit(4, FORM_OK))
    out = g.client_message(wire([{"jsonrpc": "2.0", "id": 4, "result": {}, "error": {"code": 1, "message": "x"}}]))
    assert [(m["id"], m["error"]["code"]) for m in read(out.forward)] == [(4, -32603)]


# ---- client responses ---------------------------------------------------------------------------------------


def test_the_clients_answer_to_a_forwarded_elicitation_is_forwarded_byte_for_byte() -> None:
    g = guard(elicitation={})
    g.server_message(elicit(1, FORM_OK))
    raw = wire({"jsonrpc": "2.0", "id": 1, "result": {"action": "accept", "content": {"city": "Paris"}}})
    assert_untouched(g.client_message(raw), raw)


def test_a_client_response_to_an_id_the_proxy_answered_is_refused() -> None:
    g = guard(elicitation={})
    g.server_message(elicit(7, FORM_PW))
    out = g.client_message(wire({"jsonrpc": "2.0", "id": 7, "result": {"action": "accept", "content": {"password": "p"}}}))
    assert out.forward is None
    assert events(out) == [("response.refused", "deny")]
    assert "already answered" in out.decisions[0].reasons[0].detail


@pytest.mark.parametrize("rid", [999, "8", "nope"])
def test_a_client_response_to_an_unknown_id_is_refused(rid: Any) -> None:
    g = guard(elicitation={})
    g.server_message(elicit(7, FORM_OK))
    out = g.client_message(wire({"jsonrpc": "2.0", "id": rid, "result": {"action": "accept", "content": {}}}))
    assert out.forward is None
    assert events(out) == [("response.refused", "deny")]


def test_a_second_client_response_to_the_same_id_is_refused() -> None:
    g = guard(elicitation={})
    g.server_message(elicit(1, FORM_OK))
    raw = wire({"jsonrpc": "2.0", "id": 1, "result": {"action": "decline"}})
    assert g.client_message(raw).forward == raw
    assert g.client_message(raw).forward is None


def test_a_client_error_response_with_null_id_is_refused() -> None:
    g = guard(elicitation={})
    out = g.client_message(wire({"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "parse"}}))
    assert out.forward is None


# ---- URL mode and completion --------------------------------------------------------------------------------


def test_an_allowed_url_elicitation_is_forwarded_and_its_completion_only_once() -> None:
    g = guard(elicitation={"url": {}})
    raw = elicit(1, url_params("e1"))
    out = g.server_message(raw)
    assert_untouched(out, raw)
    assert out.decisions[0].url_host == "example.com" and out.decisions[0].elicitation_id == "e1"
    done = wire({"jsonrpc": "2.0", "method": "notifications/elicitation/complete", "params": {"elicitationId": "e1"}})
    assert_untouched(g.server_message(done), done)
    second = g.server_message(done)
    assert second.forward is None
    assert events(second) == [("elicitation.completion", "deny")]


def test_a_completion_for_an_unknown_elicitation_is_dropped() -> None:
    g = guard(elicitation={"url": {}})
    out = g.server_message(wire({"jsonrpc": "2.0", "method": "notifications/elicitation/complete",
                                 "params": {"elicitationId": "never"}}))
    assert out.forward is None and out.replies == []


def test_a_completion_for_a_denied_url_elicitation_is_dropped() -> None:
    g = guard(elicitation={"url": {}})
    g.server_message(elicit(1, url_params("e9", "http://example.com/")))
    out = g.server_message(wire({"jsonrpc": "2.0", "method": "notifications/elicitation/complete",
                                 "params": {"elicitationId": "e9"}}))
    assert out.forward is None


def test_a_completion_after_the_client_declined_is_dropped() -> None:
    g = guard(elicitation={"url": {}})
    g.server_message(elicit(1, url_params("e1")))
    g.client_message(wire({"jsonrpc": "2.0", "id": 1, "result": {"action": "decline"}}))
    out = g.server_message(wire({"jsonrpc": "2.0", "method": "notifications/elicitation/complete",
                                 "params": {"elicitationId": "e1"}}))
    assert out.forward is None


URL_DENIALS = [
    ("http", "http://example.com/", "url.scheme"),
    ("ip", "https://127.0.0.1/", "url.ip_literal"),
    ("userinfo", "https://a:b@example.com/", "url.userinfo"),
    ("token-param", "https://example.com/?access_token=x", "url.credential_param"),
]


@pytest.mark.parametrize(("url", "rule"), [pytest.param(u, r, id=i) for i, u, r in URL_DENIALS])
def test_a_denied_url_elicitation_is_answered_with_its_rule(url: str, rule: str) -> None:
    g = guard(elicitation={"url": {}})
    out = g.server_message(elicit(2, url_params("e2", url)))
    assert out.forward is None
    assert out.replies[0]["error"]["data"]["rule"] == rule


def _tools_call(g: Guard, rid: Any) -> None:
    g.client_message(wire({"jsonrpc": "2.0", "id": rid, "method": "tools/call", "params": {"name": "t", "arguments": {}}}))


def _url_required(rid: Any, *items: dict[str, Any]) -> bytes:
    return wire({"jsonrpc": "2.0", "id": rid, "error": {"code": -32042, "message": "URL elicitation required",
                                                        "data": {"elicitations": list(items)}}})


def test_a_url_required_error_with_only_allowed_urls_is_forwarded_byte_for_byte() -> None:
    g = guard(elicitation={"url": {}})
    _tools_call(g, 20)
    raw = _url_required(20, url_params("a1"), url_params("a2", "https://example.org/x"))
    assert_untouched(g.server_message(raw), raw)


def test_a_url_required_error_loses_its_denied_entries_but_keeps_the_allowed_one() -> None:
    g = guard(elicitation={"url": {}})
    _tools_call(g, 20)
    good, bad = url_params("a1"), url_params("b1", "https://user:pw@evil.example/")
    out = g.server_message(_url_required(20, good, bad))
    sent = read(out.forward)
    assert sent["id"] == 20 and sent["error"]["code"] == -32042
    assert sent["error"]["data"]["elicitations"] == [good]
    assert [d.decision for d in out.decisions] == ["allow", "deny"]
    done = wire({"jsonrpc": "2.0", "method": "notifications/elicitation/complete", "params": {"elicitationId": "a1"}})
    assert_untouched(g.server_message(done), done)
    dropped = wire({"jsonrpc": "2.0", "method": "notifications/elicitation/complete", "params": {"elicitationId": "b1"}})
    assert g.server_message(dropped).forward is None


def test_a_url_required_error_with_every_entry_denied_becomes_an_error_with_the_rule() -> None:
    g = guard(elicitation={"url": {}})
    _tools_call(g, 21)
    out = g.server_message(_url_required(21, url_params("b1", "http://example.com/"), url_params("b2", "https://10.0.0.1/")))
    sent = read(out.forward)
    assert sent["id"] == 21
    assert sent["error"]["data"]["rule"] == "url.scheme"
    assert "elicitations" not in sent["error"]["data"]


def test_a_url_required_error_carrying_a_form_elicitation_is_stripped() -> None:
    g = guard(elicitation={"form": {}, "url": {}})
    _tools_call(g, 22)
    out = g.server_message(_url_required(22, FORM_OK))
    assert read(out.forward)["error"]["data"]["rule"] == "elicitation.malformed"


def test_a_url_required_error_is_stripped_when_the_client_declared_no_url_mode() -> None:
    g = guard(elicitation={})
    _tools_call(g, 23)
    out = g.server_message(_url_required(23, url_params("a1")))
    assert read(out.forward)["error"]["data"]["rule"] == "mode.undeclared"


# ---- MRTR (2026-07-28) --------------------------------------------------------------------------------------


def meta(caps: Any = NO_CAPS, version: str = MODERN) -> dict[str, Any]:
    out: dict[str, Any] = {P_KEY: version}
    if caps is not NO_CAPS:
        out[C_KEY] = caps
    return out


def modern_call(rid: Any, caps: Any, name: str = "deploy", **extra: Any) -> bytes:
    return wire({"jsonrpc": "2.0", "id": rid, "method": "tools/call",
                 "params": {"name": name, "arguments": {}, **extra, "_meta": meta(caps)}})


def entry(params: dict[str, Any]) -> dict[str, Any]:
    return {"method": "elicitation/create", "params": params}


def input_required(rid: Any, state: str | None = "opaque-1", **requests: dict[str, Any]) -> bytes:
    result: dict[str, Any] = {"resultType": "input_required", "inputRequests": requests}
    if state is not None:
        result["requestState"] = state
    return wire({"jsonrpc": "2.0", "id": rid, "result": result})


FORM_CAPS = {"elicitation": {"form": {}}}
BOTH_CAPS = {"elicitation": {"form": {}, "url": {}}}
URL_NO_ID = {"mode": "url", "message": "Connect", "url": "https://example.com/oauth"}


def test_a_modern_request_is_forwarded_byte_for_byte() -> None:
    g = Guard(policy(), MAX)
    raw = modern_call(11, BOTH_CAPS)
    assert_untouched(g.client_message(raw), raw)


def test_allowed_input_requests_are_forwarded_byte_for_byte() -> None:
    g = Guard(policy(), MAX)
    g.client_message(modern_call(11, BOTH_CAPS))
    raw = input_required(11, name=entry(FORM_OK), link=entry(URL_NO_ID))
    out = g.server_message(raw)
    assert_untouched(out, raw)
    assert sorted(d.input_key for d in out.decisions) == ["link", "name"]


def test_input_requests_are_judged_with_the_capabilities_of_their_own_request() -> None:
    g = Guard(policy(), MAX)
    g.client_message(modern_call(21, BOTH_CAPS))
    g.client_message(modern_call(22, FORM_CAPS))
    ok = input_required(21, link=entry(URL_NO_ID))
    assert_untouched(g.server_message(ok), ok)
    out = g.server_message(input_required(22, link=entry(URL_NO_ID)))
    sent = read(out.forward)
    assert sent["id"] == 22 and sent["error"]["code"] == -32602
    assert sent["error"]["data"]["rule"] == "mode.undeclared"


@pytest.mark.parametrize("caps", [pytest.param(NO_CAPS, id="no-capabilities"), pytest.param({}, id="empty-capabilities")])
def test_input_requests_for_a_request_without_elicitation_capabilities_are_blocked(caps: Any) -> None:
    g = guard(elicitation={"form": {}, "url": {}})  # a session-level declaration must not leak into a modern request
    g.client_message(modern_call(23, caps))
    out = g.server_message(input_required(23, name=entry(FORM_OK)))
    sent = read(out.forward)
    assert sent["id"] == 23 and "error" in sent
    assert "inputRequests" not in json.dumps(sent)


def test_a_denied_input_request_with_on_deny_error_becomes_an_invalid_params_error_for_the_client() -> None:
    g = Guard(policy(), MAX)
    g.client_message(modern_call(31, BOTH_CAPS))
    out = g.server_message(input_required(31, name=entry(FORM_OK), pw=entry(FORM_PW)))
    sent = read(out.forward)
    assert sent == {"jsonrpc": "2.0", "id": 31, "error": sent["error"]}
    assert sent["error"]["code"] == -32602 and sent["error"]["data"]["rule"] == "credential.password"
    assert out.replies == []


def test_a_denied_input_request_with_on_deny_decline_is_removed_and_answered_on_retry() -> None:
    g = Guard(policy("on_deny: decline\n"), MAX, sealer=SEALER)
    g.client_message(modern_call(41, BOTH_CAPS))
    out = g.server_message(input_required(41, "state-XYZ", name=entry(FORM_OK), pw=entry(FORM_PW)))
    sent = read(out.forward)
    assert sent["id"] == 41
    assert sent["result"]["inputRequests"] == {"name": entry(FORM_OK)}
    envelope = sent["result"]["requestState"]
    assert envelope.startswith("elicitguard.v1.") and envelope != "state-XYZ"
    assert sent["result"]["resultType"] == "input_required"
    retry = modern_call(42, BOTH_CAPS, requestState=envelope,
                        inputResponses={"name": {"action": "accept", "content": {"name": "Bob"}}})
    out2 = g.client_message(retry)
    params = read(out2.forward)["params"]
    assert params["inputResponses"] == {"name": {"action": "accept", "content": {"name": "Bob"}},
                                        "pw": {"action": "decline"}}
    assert params["requestState"] == "state-XYZ" and params["name"] == "deploy"
    assert events(out2) == [("input.answered", "allow")]


def test_the_retry_is_answered_by_a_guard_that_never_saw_the_result_if_it_holds_the_key() -> None:
    first = Guard(policy("on_deny: cancel\n"), MAX, sealer=SEALER)
    first.client_message(modern_call(41, BOTH_CAPS))
    envelope = read(first.server_message(input_required(41, "s1", name=entry(FORM_OK), pw=entry(FORM_PW))).forward)[
        "result"]["requestState"]
    other = Guard(policy("on_deny: cancel\n"), MAX, sealer=Sealer((b"x" * 32, b"k" * 32), lambda: b"\x01" * 12))
    out = other.client_message(modern_call(45, BOTH_CAPS, requestState=envelope, inputResponses={}))
    params = read(out.forward)["params"]
    assert params["inputResponses"] == {"pw": {"action": "cancel"}} and params["requestState"] == "s1"


def test_a_retry_for_another_tool_with_the_envelope_is_refused_and_never_forwarded() -> None:
    g = Guard(policy("on_deny: cancel\n"), MAX, sealer=SEALER)
    g.client_message(modern_call(41, BOTH_CAPS))
    envelope = read(g.server_message(input_required(41, "s1", name=entry(FORM_OK), pw=entry(FORM_PW))).forward)[
        "result"]["requestState"]
    out = g.client_message(modern_call(43, BOTH_CAPS, name="other", requestState=envelope, inputResponses={}))
    assert out.forward is None
    assert out.replies[0]["id"] == 43 and out.replies[0]["error"]["data"]["rule"] == "mrtr.state_invalid"
    assert events(out) == [("mrtr.state_refused", "deny")]


def test_a_state_the_proxy_did_not_wrap_passes_unchanged_and_gets_no_answers() -> None:
    g = Guard(policy("on_deny: cancel\n"), MAX, sealer=SEALER)
    g.client_message(modern_call(41, BOTH_CAPS))
    g.server_message(input_required(41, "s1", name=entry(FORM_OK), pw=entry(FORM_PW)))
    plain = modern_call(44, BOTH_CAPS, requestState="s1", inputResponses={})
    assert_untouched(g.client_message(plain), plain)


def test_without_a_sealer_a_denied_input_request_is_an_error_even_with_on_deny_decline() -> None:
    g = Guard(policy("on_deny: decline\n"), MAX)
    g.client_message(modern_call(41, BOTH_CAPS))
    sent = read(g.server_message(input_required(41, "s1", name=entry(FORM_OK), pw=entry(FORM_PW))).forward)
    assert sent["error"]["data"]["rule"] == "credential.password"


def test_a_malformed_input_request_is_an_error_even_with_on_deny_decline() -> None:
    g = Guard(policy("on_deny: decline\n"), MAX)
    g.client_message(modern_call(51, BOTH_CAPS))
    out = g.server_message(input_required(51, name=entry(FORM_OK), bad=entry(FORM_BAD_SCHEMA)))
    sent = read(out.forward)
    assert sent["error"]["code"] == -32602 and sent["error"]["data"]["rule"] == "schema.unsupported"


def test_non_elicitation_input_requests_are_left_alone() -> None:
    g = Guard(policy(), MAX)
    g.client_message(modern_call(52, BOTH_CAPS))
    raw = input_required(52, roots={"method": "roots/list", "params": {}}, sample={"method": "sampling/createMessage",
                                                                                   "params": {"messages": []}})
    assert_untouched(g.server_message(raw), raw)


def test_a_tasks_get_result_with_input_requests_is_judged() -> None:
    g = Guard(policy(), MAX)
    g.client_message(wire({"jsonrpc": "2.0", "id": 61, "method": "tasks/get",
                           "params": {"taskId": "t1", "_meta": meta(BOTH_CAPS)}}))
    out = g.server_message(wire({"jsonrpc": "2.0", "id": 61, "result": {
        "taskId": "t1", "status": "input_required", "inputRequests": {"pw": entry(FORM_PW)}}}))
    sent = read(out.forward)
    assert sent["id"] == 61 and sent["error"]["data"]["rule"] == "credential.password"


def test_a_tasks_get_result_nesting_input_requests_under_task_is_judged() -> None:
    g = Guard(policy("on_deny: decline\n"), MAX)
    g.client_message(wire({"jsonrpc": "2.0", "id": 62, "method": "tasks/get",
                           "params": {"taskId": "t2", "_meta": meta(BOTH_CAPS)}}))
    out = g.server_message(wire({"jsonrpc": "2.0", "id": 62, "result": {"task": {
        "taskId": "t2", "status": "input_required", "inputRequests": {"pw": entry(FORM_PW), "ok": entry(FORM_OK)}}}}))
    assert read(out.forward)["result"]["task"]["inputRequests"] == {"ok": entry(FORM_OK)}


def _task_note(**requests: dict[str, Any]) -> bytes:
    return wire({"jsonrpc": "2.0", "method": "notifications/tasks",
                 "params": {"taskId": "t3", "status": "input_required", "inputRequests": requests}})


def test_a_task_notification_loses_its_denied_input_requests() -> None:
    g = guard(elicitation={"form": {}})
    out = g.server_message(_task_note(pw=entry(FORM_PW), ok=entry(FORM_OK)))
    sent = read(out.forward)
    assert sent["method"] == "notifications/tasks"
    assert sent["params"]["inputRequests"] == {"ok": entry(FORM_OK)}
    assert sent["params"]["taskId"] == "t3"


def test_a_task_notification_with_only_allowed_input_requests_is_forwarded_byte_for_byte() -> None:
    g = guard(elicitation={"form": {}})
    raw = _task_note(ok=entry(FORM_OK))
    assert_untouched(g.server_message(raw), raw)


def test_a_task_notification_in_a_modern_session_keeps_an_input_request_the_client_can_answer() -> None:
    """2026-07-28 has no initialize: the client's per-request capabilities are all the proxy ever sees."""
    g = Guard(policy(), MAX)
    g.client_message(modern_call(70, BOTH_CAPS))
    g.client_message(wire({"jsonrpc": "2.0", "id": 71, "method": "tasks/get",
                           "params": {"taskId": "t3", "_meta": meta(BOTH_CAPS)}}))
    raw = _task_note(ok=entry(FORM_OK))
    assert g.server_message(raw).forward == raw


def test_an_unknown_protocol_version_is_answered_with_unsupported_and_not_forwarded() -> None:
    g = Guard(policy(), MAX)
    out = g.client_message(wire({"jsonrpc": "2.0", "id": 81, "method": "tools/call",
                                 "params": {"name": "t", "_meta": meta(BOTH_CAPS, "2099-01-01")}}))
    assert out.forward is None
    (reply,) = out.replies
    assert reply["id"] == 81 and reply["error"]["code"] == -32022
    assert reply["error"]["data"]["supported"] == list(KNOWN_PROTOCOLS)
    assert events(out) == [("protocol.unsupported", "deny")]


def test_an_unknown_protocol_version_is_forwarded_when_policy_allows_it() -> None:
    g = Guard(policy("policy:\n  unknown_protocol: allow\n"), MAX)
    raw = wire({"jsonrpc": "2.0", "id": 82, "method": "tools/call", "params": {"name": "t", "_meta": meta(BOTH_CAPS, "2099-01-01")}})
    assert_untouched(g.client_message(raw), raw)


def test_a_non_string_protocol_version_is_refused() -> None:
    g = Guard(policy("policy:\n  unknown_protocol: allow\n"), MAX)
    out = g.client_message(wire({"jsonrpc": "2.0", "id": 83, "method": "tools/call", "params": {"_meta": {P_KEY: 20260728}}}))
    assert out.forward is None and out.replies[0]["error"]["code"] == -32022


def test_server_discover_versions_are_filtered_to_the_ones_the_proxy_understands() -> None:
    g = Guard(policy(), MAX)
    g.client_message(wire({"jsonrpc": "2.0", "id": 91, "method": "server/discover", "params": {}}))
    out = g.server_message(wire({"jsonrpc": "2.0", "id": 91, "result": {
        "supportedVersions": ["2025-11-25", "2099-01-01", MODERN, "2030-01-01"], "serverInfo": {"name": "s"}}}))
    result = read(out.forward)["result"]
    assert result["supportedVersions"] == ["2025-11-25", MODERN]
    assert result["serverInfo"] == {"name": "s"}


def test_server_discover_versions_are_untouched_when_unknown_protocols_are_allowed() -> None:
    g = Guard(policy("policy:\n  unknown_protocol: allow\n"), MAX)
    g.client_message(wire({"jsonrpc": "2.0", "id": 92, "method": "server/discover", "params": {}}))
    raw = wire({"jsonrpc": "2.0", "id": 92, "result": {"supportedVersions": ["2099-01-01", MODERN]}})
    assert_untouched(g.server_message(raw), raw)


def test_an_initialize_result_with_an_unknown_version_is_blocked() -> None:
    g = Guard(policy(), MAX)
    g.client_message(wire({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {}}}))
    out = g.server_message(wire({"jsonrpc": "2.0", "id": 0, "result": {"protocolVersion": "2099-01-01", "capabilities": {}}}))
    assert "error" in read(out.forward)


# ---- narrow_capabilities ------------------------------------------------------------------------------------

NARROW = [
    ("url-dropped", "[form]", {"form": {}, "url": {}}, {"form": {}}),
    ("form-dropped", "[url]", {"form": {}, "url": {}}, {"url": {}}),
    ("legacy-empty-removed", "[url]", {}, None),
    ("none-allowed", "[]", {"form": {}}, None),
]


@pytest.mark.parametrize(("modes", "declared", "sent"), [pytest.param(m, d, s, id=i) for i, m, d, s in NARROW])
def test_narrow_capabilities_rewrites_initialize_down_to_policy_modes(modes: str, declared: Any, sent: Any) -> None:
    g = Guard(policy(f"policy:\n  narrow_capabilities: true\n  modes: {modes}\n"), MAX)
    out = g.client_message(wire({"jsonrpc": "2.0", "id": 0, "method": "initialize",
                                 "params": {"protocolVersion": "2025-11-25", "capabilities": {"elicitation": declared, "roots": {}}}}))
    caps = read(out.forward)["params"]["capabilities"]
    assert caps.get("elicitation") == sent
    assert caps["roots"] == {}
    assert events(out) == [("capabilities.narrowed", "allow")]


def test_narrow_capabilities_leaves_initialize_untouched_when_already_narrow() -> None:
    g = Guard(policy("policy:\n  narrow_capabilities: true\n  modes: [form]\n"), MAX)
    raw = wire({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {"elicitation": {"form": {}}}}})
    assert_untouched(g.client_message(raw), raw)


def test_narrow_capabilities_rewrites_a_modern_requests_meta_capabilities() -> None:
    g = Guard(policy("policy:\n  narrow_capabilities: true\n  modes: [form]\n"), MAX)
    out = g.client_message(modern_call(95, BOTH_CAPS))
    assert read(out.forward)["params"]["_meta"][C_KEY]["elicitation"] == {"form": {}}


def test_without_narrow_capabilities_a_wider_declaration_is_forwarded_unchanged() -> None:
    g = Guard(policy("policy:\n  modes: [form]\n"), MAX)
    raw = wire({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {"elicitation": {"form": {}, "url": {}}}}})
    assert_untouched(g.client_message(raw), raw)


def test_policy_modes_without_url_denies_a_declared_url_elicitation() -> None:
    g = guard("policy:\n  modes: [form]\n", elicitation={"form": {}, "url": {}})
    out = g.server_message(elicit(96, url_params("e1")))
    assert out.forward is None
    assert out.replies[0]["error"]["data"]["rule"] == "mode.disallowed"


# ---- fail closed --------------------------------------------------------------------------------------------


def _boom(*_: Any, **__: Any) -> Any:
    raise RuntimeError("detector exploded")


# Where the guard calls the form judge: patched there, the exception is raised the same whether the
# judges run as Python or compiled (a compiled module calls its own functions directly, unpatched).
JUDGE = "elicitguard.policies.carriers.base.judge_elicitation"


def test_an_exception_while_judging_a_server_request_blocks_it_and_answers_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(JUDGE, _boom)
    g = guard(elicitation={})
    out = g.server_message(elicit(99, FORM_OK))
    assert out.forward is None
    (reply,) = out.replies
    assert reply["id"] == 99 and "error" in reply
    assert reply["error"]["data"]["rule"] == "internal.error"
    (decision,) = out.decisions
    assert decision.decision == "deny" and decision.reasons[0].rule == "internal.error"
    assert "exploded" not in decision.reasons[0].detail


def test_an_exception_while_judging_a_result_replaces_it_with_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(JUDGE, _boom)
    g = Guard(policy(), MAX)
    g.client_message(modern_call(98, BOTH_CAPS))
    out = g.server_message(input_required(98, name=entry(FORM_OK)))
    sent = read(out.forward)
    assert sent["id"] == 98 and sent["error"]["data"]["rule"] == "internal.error"
    assert [d.reasons[0].rule for d in out.decisions] == ["internal.error"]


def test_an_exception_in_one_batch_element_blocks_only_that_element(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(JUDGE, _boom)
    g = guard(elicitation={})
    ping = {"jsonrpc": "2.0", "id": 2, "method": "ping"}
    out = g.server_message(wire([{"jsonrpc": "2.0", "id": 1, "method": "elicitation/create", "params": FORM_OK}, ping]))
    assert read(out.forward) == [ping]
    assert [r["id"] for r in out.replies] == [1]


# ---- everything else passes through -------------------------------------------------------------------------

PASSTHROUGH = [
    ("server-ping", "server", {"jsonrpc": "2.0", "id": 1, "method": "ping"}),
    ("server-log", "server", {"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": "x"}}),
    ("server-sampling", "server", {"jsonrpc": "2.0", "id": 2, "method": "sampling/createMessage", "params": {"messages": []}}),
    ("client-list", "client", {"jsonrpc": "2.0", "id": 3, "method": "tools/list"}),
    ("client-initialized", "client", {"jsonrpc": "2.0", "method": "notifications/initialized"}),
    ("server-paired-result", "server", {"jsonrpc": "2.0", "id": 77, "result": {"content": []}}),
    ("server-plain-error", "server", {"jsonrpc": "2.0", "id": 78, "error": {"code": -32601, "message": "nope"}}),
    ("server-null-id-error", "server", {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "x"}}),
]


@pytest.mark.parametrize(("side", "obj"), [pytest.param(s, o, id=i) for i, s, o in PASSTHROUGH])
def test_non_elicitation_traffic_is_forwarded_byte_for_byte(side: str, obj: dict[str, Any]) -> None:
    g = guard(elicitation={})
    for rid in (77, 78):  # the requests the server's responses answer
        g.client_message(wire({"jsonrpc": "2.0", "id": rid, "method": "tools/call", "params": {"name": "t"}}))
    raw = wire(obj)
    out = g.server_message(raw) if side == "server" else g.client_message(raw)
    assert_untouched(out, raw)
    assert out.decisions == []


def test_a_client_answer_for_an_input_request_the_proxy_removed_is_overwritten_on_retry() -> None:
    g = Guard(policy("on_deny: decline\n"), MAX, sealer=SEALER)
    g.client_message(modern_call(46, BOTH_CAPS))
    out = g.server_message(input_required(46, "s9", pw=entry(FORM_PW), ok=entry(FORM_OK)))
    envelope = read(out.forward)["result"]["requestState"]
    forged = {"action": "accept", "content": {"password": "hunter2"}}
    out = g.client_message(modern_call(47, BOTH_CAPS, requestState=envelope, inputResponses={"pw": forged}))
    assert read(out.forward)["params"]["inputResponses"] == {"pw": {"action": "decline"}}


@pytest.mark.parametrize("params", [pytest.param(None, id="null"), pytest.param([], id="list"),
                                    pytest.param("x", id="string")])
def test_an_elicitation_with_non_object_params_never_reaches_the_client(params: Any) -> None:
    g = guard(elicitation={"form": {}, "url": {}})
    out = g.server_message(elicit(48, params))
    assert out.forward is None
    assert len(out.replies) == 1 and out.replies[0]["id"] == 48


# ---- monitor mode changes nothing on the wire ------------------------------------------------------------

@pytest.mark.parametrize("raw", [
    pytest.param(b'{"jsonrpc":"2.0","id":1,"method":"ping","method":"elicitation/create"}', id="duplicate-keys"),
    pytest.param(b'{"jsonrpc":"2.0","id":1,"method":', id="invalid-json"),
    pytest.param(b'[{"jsonrpc":"2.0","method":"x"},{"jsonrpc":"1.0","id":2,"method":"y"}]', id="batch-bad-element"),
])
def test_monitor_mode_forwards_an_unjudgeable_frame_unchanged_and_audits_would_deny(raw: bytes) -> None:
    g = Guard(policy("mode: monitor\n"), MAX)
    out = g.server_message(raw)
    assert out.forward == raw
    assert out.replies == []
    assert [d.decision for d in out.decisions] == ["would_deny"]


def test_monitor_mode_still_blocks_a_message_whose_judging_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*_: Any, **__: Any) -> Any:
        raise RuntimeError("detector bug")

    monkeypatch.setattr("elicitguard.policies.carriers.base.judge_elicitation", boom)
    g = Guard(policy("mode: monitor\n"), MAX)
    out = g.server_message(wire({"jsonrpc": "2.0", "id": 5, "method": "elicitation/create", "params": {}}))
    assert out.forward is None
    assert out.replies[0]["error"]["data"]["rule"] == "internal.error"


def test_an_elicitation_sent_as_a_notification_without_an_id_never_reaches_the_client() -> None:
    g = Guard(policy(), MAX)
    g.client_message(wire({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {}}, "clientInfo": {"name": "c"}}}))
    out = g.server_message(wire({"jsonrpc": "2.0", "method": "elicitation/create", "params": {
        "message": "hi", "requestedSchema": {"type": "object", "properties": {"name": {"type": "string"}}}}}))
    assert out.forward is None and out.replies == []
    assert out.decisions[0].reasons[0].rule == "elicitation.malformed"


def test_a_client_answer_must_carry_the_id_the_server_sent_in_type_and_value() -> None:
    """The server's SDK would coerce "7" to 7; the proxy pairs exactly, so the coerced answer is refused."""
    g = guard(elicitation={})
    g.server_message(elicit(7, FORM_OK))
    out = g.client_message(wire({"jsonrpc": "2.0", "id": "7", "result": {"action": "accept", "content": {}}}))
    assert out.forward is None
    assert out.decisions[0].reasons[0].rule == "response.unexpected"
    raw = wire({"jsonrpc": "2.0", "id": 7, "result": {"action": "accept", "content": {}}})
    assert g.client_message(raw).forward == raw


@pytest.mark.parametrize("answer_id", ["0", "00", "0x0", " 0", "+0", "0.0", "", 1, "٠"])
def test_an_initialize_answered_under_an_id_an_sdk_would_coerce_never_reaches_the_client(answer_id: Any) -> None:
    """Today's SDKs read "00", "0x0" or "" as 0 (Number() / int()): an initialize result under such an
    id would escape the protocol-version check if the proxy paired loosely."""
    g = Guard(policy(), MAX)
    g.client_message(wire({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "c"}}}))
    out = g.server_message(wire({"jsonrpc": "2.0", "id": answer_id, "result": {"protocolVersion": "2099-01-01"}}))
    assert out.forward is None
    assert [(d.event, d.decision, d.reasons[0].rule) for d in out.decisions] == [
        ("response.refused", "deny", "response.unpaired")]
    # The real answer, under the exact id, is still judged (and refused for its version).
    out = g.server_message(wire({"jsonrpc": "2.0", "id": 0, "result": {"protocolVersion": "2099-01-01"}}))
    assert out.forward is not None and b"-32022" in out.forward


def test_a_response_to_nothing_pending_is_not_forwarded_and_is_audited() -> None:
    g = guard(elicitation={})
    out = g.server_message(wire({"jsonrpc": "2.0", "id": 77, "result": {"content": []}}))
    assert out.forward is None and out.decisions[0].event == "response.refused"
    # An error with a null id answers an unreadable request: JSON-RPC allows it, and an error
    # carries no result to smuggle, so it passes.
    raw = wire({"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "Parse error"}})
    assert g.server_message(raw).forward == raw


def test_an_unjudgeable_answer_to_a_client_request_becomes_an_error_so_the_client_does_not_wait_forever() -> None:
    g = Guard(policy(), MAX)
    g.client_message(wire({"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "t"}}))
    out = g.server_message(b'{"jsonrpc":"2.0","id":4,"error":{"code":-32042.0,"message":"x"}}')
    answer = json.loads(out.forward or b"null")
    assert answer["id"] == 4 and answer["error"]["code"] == -32603
    assert answer["error"]["data"]["rule"] == "envelope.error"


def test_an_unjudgeable_client_answer_to_a_server_request_becomes_an_error_for_the_server() -> None:
    g = guard(elicitation={})
    g.server_message(elicit(9, FORM_OK))
    out = g.client_message(b'{"jsonrpc":"2.0","id":9,"result":{"action":"accept","action":"decline"}}')
    answer = json.loads(out.forward or b"null")
    assert answer["id"] == 9 and answer["error"]["code"] == -32603

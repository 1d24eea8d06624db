"""Sessions bound to the client that created them, kept only for what the upstream (or the proxy) issued.

Several clients share one sidecar: a session id alone must not let one client change, read or evict
another's session, and the proxy's own session id (for a stateless upstream) never goes upstream.
"""

from __future__ import annotations

import asyncio
import itertools
import json

import pytest
from aiohttp import web
from conftest import WAIT
from http_fakes import (
    CALL,
    INIT,
    INIT_RESULT,
    PASSWORD_PARAMS,
    RESULT,
    SID,
    URL_PARAMS,
    Fake,
    Harness,
    Proxy,
    Seen,
    V,
    assert_blocked_answer,
    dump,
    elicit,
    ev,
    note,
    sse_messages,
    sse_on_call,
)

from elicitguard.policies.config import load_config_text
from elicitguard.policies.engine import Guard
from elicitguard.proxy.http.state import MAX_PER_CLIENT, Owner, Route, Session, SessionTable

FORM_ONLY = {**INIT, "params": {**INIT["params"], "capabilities": {"elicitation": {"form": {}}}}}
A = {"Authorization": "Bearer token-of-a"}


async def initialize_form_only(h: Harness, proxy: Proxy, headers: dict[str, str]) -> dict[str, str]:
    async with await h.post(proxy.url, FORM_ONLY, headers) as response:
        assert response.status == 200, await response.text()
        assert response.headers["Mcp-Session-Id"] == SID
        await asyncio.wait_for(response.read(), WAIT)
    return {**headers, "Mcp-Session-Id": SID, "MCP-Protocol-Version": V}


def refused_by_the_upstream_unless(headers: dict[str, str], fake: Fake) -> None:
    """Script the fake: a request without ``headers``' credentials gets 401 (as a real upstream would)."""
    async def post(request: web.Request, seen: Seen) -> web.StreamResponse:
        if any(seen.headers.get(k) != v for k, v in headers.items()):
            return web.Response(status=401, text="unauthorized")
        return await fake.default(request, seen)

    fake.post = post


# ---- bound to the client that created it ----------------------------------------------------------------------


async def test_another_client_knowing_a_session_id_gets_404_and_changes_nothing(
        h: Harness, fake: Fake, proxy: Proxy) -> None:
    refused_by_the_upstream_unless(A, fake)
    headers_a = await initialize_form_only(h, proxy, A)
    before = len(fake.seen)
    # B knows A's session id and declares URL mode too, with its own token.
    response = await h.post(proxy.url, INIT, {"Authorization": "Bearer token-of-b", "Mcp-Session-Id": SID})
    await h.read(response)
    assert response.status == 404
    assert len(fake.seen) == before  # never reached the upstream
    assert proxy.sessions[(None, SID)].client_modes == frozenset({"form"})
    [refused] = proxy.events("session.refused")
    assert refused["decision"] == "deny" and refused["reasons"][0]["rule"] == "session.binding"

    # A's session is A's still: a URL elicitation (A declared form only) is refused, answered as A.
    call_a = fake.post
    sse_on_call(fake, [ev(elicit(12, URL_PARAMS)), ev(RESULT)])
    scripted = fake.post

    async def post(request: web.Request, seen: Seen) -> web.StreamResponse:
        assert call_a is not None and scripted is not None
        return await (scripted if seen.headers.get("Authorization") == A["Authorization"] else call_a)(request, seen)

    fake.post = post
    stream = await h.read(await h.post(proxy.url, CALL, headers_a))
    assert sse_messages(stream) == [RESULT]
    await h.settled()
    answer = assert_blocked_answer(fake, 12)
    assert answer.json["error"]["data"]["rule"] == "mode.undeclared"
    assert answer.headers["Authorization"] == A["Authorization"]


@pytest.mark.parametrize("stranger", [
    pytest.param({}, id="no-credentials"),
    pytest.param({"Authorization": "Bearer token-of-b"}, id="other-token"),
    pytest.param({"Authorization": "Bearer token-of-a"}, id="same-token-without-the-cookie"),
])
@pytest.mark.parametrize("method", ["POST", "GET", "DELETE"])
async def test_a_request_naming_a_session_without_its_owners_credentials_gets_404_and_never_reaches_the_upstream(
        h: Harness, fake: Fake, proxy: Proxy, stranger: dict[str, str], method: str) -> None:
    owner = {**A, "Cookie": "affinity=abc"}
    await h.initialize(proxy, headers=owner)
    before = len(fake.seen)
    headers = {**stranger, "Mcp-Session-Id": SID, "MCP-Protocol-Version": V}
    if method == "POST":
        response = await h.post(proxy.url, CALL, headers)
    else:
        response = await asyncio.wait_for(h.client.request(method, proxy.url, headers=headers), WAIT)
    body = await h.read(response)
    assert response.status == 404
    if method == "POST":
        assert json.loads(body)["id"] == CALL["id"]
    assert len(fake.seen) == before
    assert (None, SID) in proxy.sessions


async def test_the_owner_may_add_a_cookie_the_upstream_set_but_its_stored_credentials_never_change(
        h: Harness, fake: Fake, proxy: Proxy) -> None:
    headers = await h.initialize(proxy, headers=A)
    sse_on_call(fake, [ev(elicit(7, PASSWORD_PARAMS)), ev(RESULT)])
    stream = await h.read(await h.post(proxy.url, CALL, {**headers, "Cookie": "set-later=1"}))
    assert sse_messages(stream) == [RESULT]
    await h.settled()
    answer = assert_blocked_answer(fake, 7)
    assert answer.headers["Authorization"] == A["Authorization"]
    assert "Cookie" not in answer.headers  # what initialize showed, not what a later request did


@pytest.mark.parametrize("method", ["initialize", "\\u0069nitialize"])
async def test_initialize_on_an_initialized_session_is_refused(
        h: Harness, fake: Fake, proxy: Proxy, method: str) -> None:
    headers = await initialize_form_only(h, proxy, A)
    before = len(fake.seen)
    again = dump(INIT).replace(b'"initialize"', b'"' + method.encode() + b'"')
    response = await h.post(proxy.url, again, headers)
    answer = json.loads(await h.read(response))
    assert response.status == 400
    assert answer["id"] == INIT["id"] and answer["error"]["data"]["rule"] == "session.reinitialize"
    assert len(fake.seen) == before
    assert proxy.sessions[(None, SID)].client_modes == frozenset({"form"})


async def test_an_initialize_the_upstream_refuses_leaves_no_session_even_if_it_named_one(
        h: Harness, fake: Fake, proxy: Proxy) -> None:
    async def post(request: web.Request, seen: Seen) -> web.StreamResponse:
        return web.Response(status=401, text="unauthorized", headers={"Mcp-Session-Id": "s-refused"})

    fake.post = post
    response = await h.post(proxy.url, INIT)
    await h.read(response)
    assert response.status == 401
    assert len(proxy.sessions) == 0


# ---- kept only for what the upstream issued -------------------------------------------------------------------


async def test_unknown_session_ids_leave_no_state_unless_the_upstream_accepts_them(
        h: Harness, fake: Fake, proxy: Proxy) -> None:
    async def post(request: web.Request, seen: Seen) -> web.StreamResponse:
        if seen.headers.get("Mcp-Session-Id", SID) != SID:
            return web.Response(status=404, text="no such session")
        return await fake.default(request, seen)

    fake.post = post
    await h.initialize(proxy)
    for n in range(100):
        body = dump(CALL) if n % 2 else b"{not json"  # refused by the upstream, or before reaching it
        response = await h.post(proxy.url, body, {"Mcp-Session-Id": f"guessed-{n}"})
        await h.read(response)
        assert response.status in (400, 404), response.status
    assert list(proxy.sessions) == [(None, SID)]


async def test_an_unknown_session_id_the_upstream_accepts_is_kept_with_nothing_declared_and_bound(
        h: Harness, fake: Fake, proxy: Proxy) -> None:
    sse_on_call(fake, [ev(elicit(3, {"mode": "form", "message": "Name?", "requestedSchema": {
        "type": "object", "properties": {"name": {"type": "string"}}}})), ev(RESULT)])
    headers = {**A, "Mcp-Session-Id": "issued-before-a-restart", "MCP-Protocol-Version": V}
    stream = await h.read(await h.post(proxy.url, CALL, headers))
    assert sse_messages(stream) == [RESULT]  # nothing declared: even a harmless form fails closed
    assert proxy.sessions[(None, "issued-before-a-restart")].client_modes == frozenset()
    response = await h.post(proxy.url, CALL, {**headers, "Authorization": "Bearer someone-else"})
    await h.read(response)
    assert response.status == 404


async def test_each_client_holds_a_bounded_number_of_sessions_and_cannot_evict_anothers(
        h: Harness, fake: Fake, proxy: Proxy) -> None:
    ids = (f"s-{n}" for n in itertools.count())

    async def post(request: web.Request, seen: Seen) -> web.StreamResponse:
        if seen.json.get("method") == "initialize":
            return web.Response(body=dump({**INIT_RESULT, "id": seen.json["id"]}), content_type="application/json",
                                headers={"Mcp-Session-Id": next(ids)})
        return await fake.default(request, seen)

    fake.post = post
    await h.initialize(proxy, headers=A, session_id="s-0")
    for _ in range(MAX_PER_CLIENT + 5):
        response = await h.post(proxy.url, INIT, {"Authorization": "Bearer flooder"})
        await h.read(response)
        assert response.status == 200
    held = [key for key in proxy.sessions if key != (None, "s-0")]
    assert len(held) == MAX_PER_CLIENT
    assert (None, "s-0") in proxy.sessions
    assert (None, "s-1") not in proxy.sessions  # the flooder's own oldest went first


def _session(table_id: str, *, adopted: bool, who: str) -> Session:
    route = Route(None, "http://upstream.invalid/mcp", load_config_text("").policy)
    owner = Owner(who, b"a" * 16, frozenset())
    return Session(Guard(route.policy, 1 << 20), route, table_id, 0.0, owner, adopted=adopted)


def test_a_full_table_evicts_an_adopted_session_never_an_initialized_one() -> None:
    table = SessionTable(limit=3, per_client=3)
    for n, who in enumerate(("a", "b")):
        assert table.admit(_session(f"init-{n}", adopted=False, who=who)) == (True, [])
    assert table.admit(_session("adopted-0", adopted=True, who="c"))[0]
    kept, evicted = table.admit(_session("adopted-1", adopted=True, who="c"))
    assert kept and [s.session_id for s in evicted] == ["adopted-0"]
    kept, evicted = table.admit(_session("init-2", adopted=False, who="d"))
    assert kept and [s.session_id for s in evicted] == ["adopted-1"]
    kept, evicted = table.admit(_session("adopted-2", adopted=True, who="c"))
    assert (kept, evicted) == (False, [])
    assert sorted(key[1] for key in table) == ["init-0", "init-1", "init-2"]


# ---- the proxy's own session id never goes upstream ---------------------------------------------------------


async def test_the_proxys_own_session_id_never_goes_upstream_not_even_with_its_answers(
        h: Harness, fake: Fake, proxy: Proxy) -> None:
    async def post(request: web.Request, seen: Seen) -> web.StreamResponse:
        body = seen.json
        if isinstance(body, dict) and body.get("method") == "initialize":
            return web.Response(body=dump({**INIT_RESULT, "id": body["id"]}), content_type="application/json")
        return await fake.default(request, seen)

    async def get(request: web.Request, seen: Seen) -> web.StreamResponse:
        return await fake.sse(request, [ev(elicit(41, PASSWORD_PARAMS)), ev(note("after"))])

    fake.post, fake.get = post, get
    response = await h.post(proxy.url, INIT)
    await h.read(response)
    own = response.headers["Mcp-Session-Id"]
    assert own.startswith("eg-")
    headers = {"Mcp-Session-Id": own, "MCP-Protocol-Version": V}
    stream = await h.read(await asyncio.wait_for(h.client.get(proxy.url, headers=headers), WAIT))
    assert b"password" not in stream
    await h.settled()
    assert_blocked_answer(fake, 41)
    assert [s.headers.get("Mcp-Session-Id") for s in fake.seen] == [None] * len(fake.seen)

    deleted = await asyncio.wait_for(h.client.delete(proxy.url, headers=headers), WAIT)
    await h.read(deleted)
    before = len(fake.seen)
    response = await h.post(proxy.url, CALL, headers)
    await h.read(response)
    assert response.status == 404  # the proxy forgot its own id: the client starts anew
    assert len(fake.seen) == before



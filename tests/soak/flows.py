"""Both sides of every exchange, independent of the transport.

The server side is a generator per exchange: it yields :class:`Send` (a message to write; the
transport numbers it) and :class:`Await` (an elicitation id whose one answer it needs, which the
transport sends back into the generator). The client side is a list of :class:`Slot`: the messages
the client must receive for the exchange, in order, each checked byte for byte (or, for what the
proxy wrote or rewrote, as parsed JSON), with the messages the client sends in reply.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any

from . import wire
from .plan import (
    BIG_REQUEST,
    FORM_DECLINE,
    FORM_DENIED,
    FORM_OK,
    FORM_SECRET,
    LARGE,
    MRTR_DENIED,
    MRTR_MIXED,
    PLAIN,
    PROGRESS,
    PROXY_ANSWERS,
    REQUIRED_DENIED,
    REQUIRED_MIXED,
    REQUIRED_OK,
    URL_DENIED,
    URL_OK,
    URL_UNDECLARED,
    Exchange,
)
from .tally import Tally, diff

Build = Callable[[int | None], bytes]  # a message, given the sequence number its writer assigns


@dataclass(frozen=True, slots=True)
class Send:
    build: Build


@dataclass(frozen=True, slots=True)
class Await:
    rid: Any  # the id of the server's elicitation/create


def _obj(value: Any) -> dict[str, Any]:
    """``value`` if it is a JSON object, else an empty one (reading untrusted messages)."""
    return value if isinstance(value, dict) else {}


def seq_of(obj: dict[str, Any]) -> int | None:
    """The writer's sequence number, wherever the message kind keeps it."""
    for holder in (obj.get("result"), obj.get("params")):
        if isinstance(holder, dict):
            meta = holder.get("_meta")
            seq = meta.get(wire.SEQ) if isinstance(meta, dict) else None
            if isinstance(seq, int):
                return seq
    error = obj.get("error")
    if isinstance(error, dict) and isinstance(error.get("data"), dict):
        seq = error["data"].get(wire.SEQ)
        return seq if isinstance(seq, int) else None
    return None


def request_args(x: Exchange) -> dict[str, Any]:
    args = x.args()
    if x.kind == BIG_REQUEST:
        args["blob"] = wire.blob(x.n, x.size)
    return args


def request(x: Exchange) -> Build:
    return lambda seq: wire.call(x.rid, request_args(x), seq, era=x.era,
                                 progress=x.token if x.kind == PROGRESS else None)


def retry(x: Exchange, echo: dict[str, Any] | None = None) -> Build:
    """The client's retry of a 2026 request: its answers, and the requestState it was given (``echo``,
    filled in when the result is read: the proxy's envelope), else the server's."""
    inputs = x.client_inputs()

    def build(seq: int | None) -> bytes:
        extra: dict[str, Any] = {"inputResponses": inputs} if inputs else {}
        extra["requestState"] = echo["state"] if echo is not None else x.state
        return wire.call(x.retry_rid, x.args(), seq, era=wire.V2026, extra=extra)
    return build


PROXY_ROUND = "eg-round-"


def is_proxy_round(obj: dict[str, Any]) -> bool:
    """A retry the proxy sent itself (it declined every input request of the round)."""
    rid = obj.get("id")
    return isinstance(rid, str) and rid.startswith(PROXY_ROUND)


def check_proxy_round(x: Exchange, obj: dict[str, Any], tally: Tally) -> None:
    """The proxy's own retry: the client's request as written, with the proxy's declines and the
    server's requestState."""
    want = wire.loads(request(x)(seq_of(obj)))["params"]
    want["inputResponses"] = x.server_inputs()
    want["requestState"] = x.state
    if not x.proxy_round or obj.get("method") != "tools/call" or obj.get("params") != want:
        tally.fail("mismatched", f"proxy retry of exchange {x.n} ({x.kind}): got {wire.dumps(obj)[:300]!r}")


def _result_size(x: Exchange) -> int:
    return 100 if x.kind == BIG_REQUEST else x.size


def _progress(x: Exchange, step: int) -> Build:
    return lambda seq: wire.progress(x.token, step, x.steps, seq)


def final_result(x: Exchange, rid: Any) -> Build:
    return lambda seq: wire.result(rid, x.n, _result_size(x), seq)


def elicit_params(x: Exchange) -> dict[str, Any]:
    if x.kind in (URL_OK, URL_UNDECLARED):
        return wire.url_params(x.good_url, x.elid)
    if x.kind == URL_DENIED:
        return wire.url_params(x.bad_url[0], x.elid)
    return wire.form_params(x.form)


def client_answer(x: Exchange) -> Build:
    """The client's answer to the elicitation it was shown."""
    if x.kind == FORM_OK:
        return lambda seq: wire.answer(x.eid, "accept", x.form.content, seq)
    if x.kind == FORM_SECRET:
        return lambda seq: wire.answer(x.eid, "accept", wire.secret_content(x.form, x.secret[0]), seq)
    if x.kind == FORM_DECLINE:
        return lambda seq: wire.answer(x.eid, "decline", None, seq)
    return lambda seq: wire.answer(x.eid, "accept", None, seq)  # URL_OK


# ---- what the proxy itself must say ------------------------------------------------------------------

def blocked(rule: str) -> Callable[[dict[str, Any]], str | None]:
    """The error the client gets for something the proxy blocked: a fixed sentence, the rule, no
    server-chosen detail."""
    def check(obj: dict[str, Any]) -> str | None:
        error = obj.get("error")
        if set(obj) != {"jsonrpc", "id", "error"} or not isinstance(error, dict):
            return f"expected the proxy's error, got {wire.dumps(obj)[:200]!r}"
        data = _obj(error.get("data"))
        if error.get("code") != -32602 or not str(error.get("message", "")).startswith("Blocked by elicitguard: "):
            return f"expected -32602 'Blocked by elicitguard: ...', got {wire.dumps(error)[:200]!r}"
        if data.get("rule") != rule or data.get("source") != "elicitguard":
            return f"expected rule {rule} from elicitguard, got {wire.dumps(data)[:200]!r}"
        if "reasons" in data or "server text" in wire.dumps(obj).decode():
            return "the client's error carries server-chosen text"
        return None
    return check


def proxy_answer(x: Exchange) -> Callable[[dict[str, Any]], str | None]:
    """What the server must get in place of the client's answer: the proxy's, exactly once."""
    if x.kind == URL_UNDECLARED:
        rule = "mode.undeclared"
    elif x.kind == URL_DENIED:
        rule = x.bad_url[1]
    elif x.kind == FORM_SECRET:
        rule = x.secret[1]
    else:
        rule = x.form.rule
    # A mode the client never declared is refused as malformed: an error whatever on_deny says.
    as_error = x.deny == "error" or x.kind == URL_UNDECLARED

    def check(obj: dict[str, Any]) -> str | None:
        result = obj.get("result")
        if seq_of(obj) is not None or (isinstance(result, dict) and "content" in result):
            return "the client's own answer reached the server (it should have been the proxy's)"
        if as_error:
            error = obj.get("error")
            data = _obj(_obj(error).get("data"))
            if not isinstance(error, dict) or error.get("code") != -32602 or data.get("rule") != rule:
                return f"expected -32602 with rule {rule}, got {wire.dumps(obj)[:200]!r}"
            return None
        want = {"jsonrpc": "2.0", "id": x.eid, "result": {"action": "decline"}}
        return None if obj == want else f"expected a decline, got {wire.dumps(obj)[:200]!r}"
    return check


# ---- the server side ---------------------------------------------------------------------------------

Flow = Generator[Send | Await, tuple[bytes, dict[str, Any]], None]


def server_flow(x: Exchange, tally: Tally) -> Flow:
    """What the scripted server does for the first request of exchange ``x``."""
    rid = x.rid
    k = x.kind
    if k in (PLAIN, LARGE, BIG_REQUEST):
        yield Send(final_result(x, rid))
        return
    if k == PROGRESS:
        for step in range(1, x.steps + 1):
            yield Send(_progress(x, step))
        yield Send(final_result(x, rid))
        return
    if k in (REQUIRED_OK, REQUIRED_DENIED, REQUIRED_MIXED):
        items = x.required_items()
        yield Send(lambda seq: wire.dumps(wire.url_required_obj(rid, items, seq)))
        return
    if x.era == wire.V2026:
        requests = x.input_requests()
        yield Send(lambda seq: wire.dumps(wire.input_required_obj(rid, requests, x.state, seq)))
        return
    params = elicit_params(x)
    yield Send(lambda seq: wire.elicit(x.eid, params, seq))
    raw, obj = yield Await(x.eid)
    if k in (FORM_OK, FORM_DECLINE, URL_OK):
        want = client_answer(x)(seq_of(obj))
        if raw != want:
            tally.fail("mismatched", f"answer to exchange {x.n} ({k}): {diff(raw, want)}")
    else:
        problem = proxy_answer(x)(obj)
        if problem:
            tally.fail("leaked" if "client's own" in problem else "mismatched", f"exchange {x.n} ({k}): {problem}")
    if k in (URL_OK, URL_DENIED, URL_UNDECLARED):
        yield Send(lambda seq: wire.complete(x.elid, seq))  # dropped by the proxy unless forwarded
    yield Send(final_result(x, rid))


def check_request(x: Exchange, raw: bytes, obj: dict[str, Any], tally: Tally) -> None:
    """A first request, as the server must receive it: exactly as the client wrote it."""
    want = request(x)(seq_of(obj))
    if raw != want:
        tally.fail("mismatched", f"request of exchange {x.n} ({x.kind}): {diff(raw, want)}")


def check_retry(x: Exchange, raw: bytes, obj: dict[str, Any], tally: Tally) -> None:
    """A 2026 retry: as the client wrote it, with the proxy's answers for what it removed or withheld."""
    written = retry(x)(seq_of(obj))
    if x.server_inputs() == x.client_inputs():
        if raw != written:
            tally.fail("mismatched", f"retry of exchange {x.n} ({x.kind}): {diff(raw, written)}")
        return
    want = wire.loads(written)
    want["params"]["inputResponses"] = x.server_inputs()
    if obj != want:
        leaked = wire.secret_content(x.form, x.secret[0]) if x.kind == "mrtr_secret" else None
        what = "leaked" if leaked is not None and wire.dumps(leaked) in raw else "mismatched"
        tally.fail(what, f"retry of exchange {x.n} ({x.kind}): got {raw[:300]!r}")


# ---- the client side ---------------------------------------------------------------------------------

@dataclass(slots=True)
class Slot:
    """One message the client must receive, and what it sends back."""

    key: tuple[Any, ...]
    exact: Build | None = None  # the expected bytes, given the sequence number found in the message
    check: Callable[[dict[str, Any]], str | None] | None = None  # for what the proxy wrote or rewrote
    answers: list[Build] = field(default_factory=list)  # answers to a server request, sent at once
    retries: list[Build] = field(default_factory=list)  # new requests, sent once this answer is read


def key_of(obj: dict[str, Any]) -> tuple[Any, ...]:
    """How the client files an incoming message."""
    method = obj.get("method")
    params = _obj(obj.get("params"))
    if method is None:
        return ("id", obj.get("id"))
    if "id" in obj:
        return ("request", method, obj["id"])
    if method == "notifications/progress":
        return ("progress", params.get("progressToken"), params.get("progress"))
    if method == "notifications/elicitation/complete":
        return ("complete", params.get("elicitationId"))
    return ("notification", method)


def _same(want: Callable[[int | None], dict[str, Any]]) -> Callable[[dict[str, Any]], str | None]:
    def check(obj: dict[str, Any]) -> str | None:
        expected = want(seq_of(obj))
        return None if obj == expected else f"got {wire.dumps(obj)[:300]!r}, want {wire.dumps(expected)[:300]!r}"
    return check


def client_slots(x: Exchange) -> list[Slot]:
    """What the client must receive for exchange ``x``, in order."""
    rid, k = x.rid, x.kind
    done = Slot(("id", rid), exact=final_result(x, rid))
    if k in (PLAIN, LARGE, BIG_REQUEST, FORM_DENIED, URL_DENIED, URL_UNDECLARED):
        return [done]
    if k == PROGRESS:
        return [Slot(("progress", x.token, step), exact=_progress(x, step)) for step in range(1, x.steps + 1)] + [done]
    if k in (FORM_OK, FORM_SECRET, FORM_DECLINE, URL_OK):
        params = elicit_params(x)
        ask = Slot(("request", "elicitation/create", x.eid), exact=lambda seq: wire.elicit(x.eid, params, seq),
                   answers=[client_answer(x)])
        if k == URL_OK:
            return [ask, Slot(("complete", x.elid), exact=lambda seq: wire.complete(x.elid, seq)), done]
        return [ask, done]
    if k == REQUIRED_OK:
        items = x.required_items()
        return [Slot(("id", rid), exact=lambda seq: wire.dumps(wire.url_required_obj(rid, items, seq)))]
    if k == REQUIRED_DENIED:
        return [Slot(("id", rid), check=blocked(x.required_rule()))]
    if k == REQUIRED_MIXED:
        kept = [i for i in x.required_items() if i["url"] in wire.ALLOWED_URLS]
        return [Slot(("id", rid), check=_same(lambda seq: wire.url_required_obj(rid, kept, seq)))]
    # 2026-07-28: input_required, then a retry
    requests = x.input_requests()
    again = Slot(("id", x.retry_rid), exact=final_result(x, x.retry_rid))
    if k in (MRTR_DENIED, MRTR_MIXED):
        if x.deny == "error":
            return [Slot(("id", rid), check=blocked(x.mrtr_rule()))]
        shown = {key: p for key, p in requests.items() if key.startswith("ok")}

        def without_denied(seq: int | None) -> dict[str, Any]:
            obj = wire.input_required_obj(rid, shown, x.state, seq)
            if not shown:
                del obj["result"]["inputRequests"]
            return obj
        if x.proxy_round:
            # The proxy retried itself: the client gets the server's final answer under its own id.
            return [Slot(("id", rid), check=_same(lambda seq: wire.loads(final_result(x, rid)(seq))))]
        echo: dict[str, Any] = {}

        def with_envelope(obj: dict[str, Any]) -> str | None:
            result = _obj(obj.get("result"))
            state = result.get("requestState")
            if not isinstance(state, str) or not state.startswith("elicitguard.v1."):
                return f"expected the proxy's requestState envelope, got {wire.dumps(obj)[:300]!r}"
            echo["state"] = state
            return _same(without_denied)({**obj, "result": {**result, "requestState": x.state}})
        return [Slot(("id", rid), check=with_envelope, retries=[retry(x, echo)]), again]
    return [Slot(("id", rid), exact=lambda seq: wire.dumps(wire.input_required_obj(rid, requests, x.state, seq)),
                 retries=[retry(x)]), again]


def verify(slot: Slot, raw: bytes, obj: dict[str, Any]) -> str | None:
    """Whether a message is what its slot expects: its exact bytes, or (proxy-made) its content."""
    if slot.exact is not None:
        want = slot.exact(seq_of(obj))
        return None if raw == want else diff(raw, want)
    return slot.check(obj) if slot.check is not None else None


def stray_kind(key: tuple[Any, ...], x: Exchange) -> str:
    """What a message no open slot of exchange ``x`` expects means: something the proxy had to stop
    (leaked), or one that should not be there at all."""
    if (key[0] == "request" and x.kind in PROXY_ANSWERS) or (key[0] == "complete" and x.kind in (
            URL_DENIED, URL_UNDECLARED)):
        return "leaked"
    return "unexpected"


NOTICE_RULES = frozenset(rule for _, rule in wire.SECRETS)


def check_notice(obj: dict[str, Any]) -> str | None:
    """The proxy's notice to the client that it withheld an answer holding a secret (stdio)."""
    params = _obj(obj.get("params"))
    data = _obj(params.get("data"))
    from_proxy = (params.get("logger"), params.get("level")) == ("elicitguard", "warning")
    if not from_proxy or data.get("rule") not in NOTICE_RULES:
        return f"unexpected notification {wire.dumps(obj)[:200]!r}"
    return None

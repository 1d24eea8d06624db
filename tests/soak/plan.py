"""The traffic, scripted from a seed: what each exchange is, and what the proxy must do with it.

An exchange starts with one client ``tools/call`` whose arguments tell the scripted server what to
do (so the server needs no randomness of its own) and ends when the client holds its final answer.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Final

from . import wire

# Kinds of exchange. 2025-era ones use elicitation/create and -32042; 2026-07-28 ones carry
# elicitations inside input_required results and are answered by a retry.
PLAIN, PROGRESS, LARGE, BIG_REQUEST = "plain", "progress", "large", "big_request"
FORM_OK, FORM_DENIED, FORM_SECRET, FORM_DECLINE = "form_ok", "form_denied", "form_secret", "form_decline"
URL_OK, URL_DENIED, URL_UNDECLARED = "url_ok", "url_denied", "url_undeclared"
REQUIRED_OK, REQUIRED_DENIED, REQUIRED_MIXED = "required_ok", "required_denied", "required_mixed"
MRTR_OK, MRTR_URL, MRTR_DENIED = "mrtr_ok", "mrtr_url", "mrtr_denied"
MRTR_MIXED, MRTR_SECRET = "mrtr_mixed", "mrtr_secret"

ERA_2026: Final = frozenset({MRTR_OK, MRTR_URL, MRTR_DENIED, MRTR_MIXED, MRTR_SECRET})
# The server sends an elicitation/create and waits for its one answer before it finishes.
ASKS: Final = frozenset({FORM_OK, FORM_DENIED, FORM_SECRET, FORM_DECLINE, URL_OK, URL_DENIED, URL_UNDECLARED})
# The server's elicitation/create never reaches the client: the proxy answers it.
PROXY_ANSWERS: Final = frozenset({FORM_DENIED, URL_DENIED, URL_UNDECLARED})
RETRIED: Final = frozenset({MRTR_OK, MRTR_URL, MRTR_SECRET})

# Relative weights. stdio mixes both eras in one session (per-request _meta decides); an HTTP session
# is one era: 2025 sessions initialize, 2026 ones are stateless.
_COMMON: Final = {PLAIN: 28.0, PROGRESS: 12.0, LARGE: 0.15, BIG_REQUEST: 0.1}
_ASK_2025: Final = {FORM_OK: 7.0, FORM_DENIED: 7.0, FORM_SECRET: 2.0, FORM_DECLINE: 2.0, URL_OK: 4.0, URL_DENIED: 4.0,
                    REQUIRED_OK: 3.0, REQUIRED_DENIED: 3.0, REQUIRED_MIXED: 2.0}
_ASK_2026: Final = {MRTR_OK: 4.0, MRTR_URL: 2.0, MRTR_DENIED: 4.0, MRTR_MIXED: 2.0, MRTR_SECRET: 2.0}
STDIO_WEIGHTS: Final = {**_COMMON, **_ASK_2025, **_ASK_2026}
HTTP_2025_WEIGHTS: Final = {**_COMMON, **_ASK_2025}
# A client that declared only forms: URL elicitations are refused whatever on_deny says.
HTTP_FORM_ONLY_WEIGHTS: Final = {**_COMMON, FORM_OK: 7.0, FORM_DENIED: 7.0, FORM_SECRET: 2.0, URL_UNDECLARED: 6.0}
HTTP_2026_WEIGHTS: Final = {**_COMMON, **_ASK_2026}


@dataclass(frozen=True, slots=True)
class Exchange:
    """One scripted exchange; everything the server needs travels in :meth:`args`."""

    n: int
    kind: str
    era: str = wire.V2025
    deny: str = "error"  # the proxy's on_deny for this route: error | decline
    v: int = 0
    w: int = 0
    size: int = 0
    steps: int = 0

    # ids both sides derive from n: strings and integers, so pairing by exact type is exercised
    @property
    def rid(self) -> Any:
        return self.n if self.n % 5 else f"c{self.n}"

    @property
    def retry_rid(self) -> str:
        return f"c{self.n}r"

    @property
    def eid(self) -> Any:
        return self.n if self.n % 2 == 0 else f"e{self.n}"

    @property
    def elid(self) -> str:
        return f"el-{self.n}"

    @property
    def token(self) -> Any:
        return f"p{self.n}" if self.n % 2 else self.n

    @property
    def state(self) -> str:
        return f"st-{self.n}"

    @property
    def sse(self) -> bool:
        """Over HTTP: answered as an SSE stream (else one JSON body)."""
        return self.kind in ASKS or self.kind == PROGRESS or (self.kind in (PLAIN, LARGE) and self.n % 3 == 0)

    def args(self) -> dict[str, Any]:
        return {"kind": self.kind, "n": self.n, "era": self.era, "deny": self.deny, "v": self.v, "w": self.w,
                "size": self.size,
                "steps": self.steps}

    @classmethod
    def from_args(cls, args: dict[str, Any]) -> Exchange:
        return cls(args["n"], args["kind"], args["era"], args["deny"], args["v"], args["w"], args["size"],
                   args["steps"])

    # ---- what the exchange contains ----------------------------------------------------------------

    @property
    def form(self) -> wire.Form:
        if self.kind in (FORM_DENIED, MRTR_DENIED):
            return wire.CREDENTIAL_FORMS[self.v % len(wire.CREDENTIAL_FORMS)]
        if self.kind in (FORM_SECRET, MRTR_SECRET):
            return SECRET_FORMS[self.v % len(SECRET_FORMS)]
        return wire.BENIGN_FORMS[self.v % len(wire.BENIGN_FORMS)]

    @property
    def bad_form(self) -> wire.Form:
        """The credential form of a mixed exchange."""
        return wire.CREDENTIAL_FORMS[self.w % len(wire.CREDENTIAL_FORMS)]

    @property
    def secret(self) -> tuple[str, str]:
        return wire.SECRETS[self.w % len(wire.SECRETS)]

    @property
    def good_url(self) -> str:
        return wire.ALLOWED_URLS[self.v % len(wire.ALLOWED_URLS)]

    @property
    def bad_url(self) -> tuple[str, str]:
        return wire.DENIED_URLS[self.w % len(wire.DENIED_URLS)]

    def required_items(self) -> list[dict[str, Any]]:
        """The URL elicitations of a -32042 error, in the order the server lists them."""
        good = [wire.url_params(wire.ALLOWED_URLS[(self.v + i) % len(wire.ALLOWED_URLS)], f"{self.elid}-g{i}")
                for i in range(1 + self.w % 2)]
        bad = [wire.url_params(wire.DENIED_URLS[(self.w + i) % len(wire.DENIED_URLS)][0], f"{self.elid}-b{i}")
               for i in range(1 + self.v % 2)]
        if self.kind == REQUIRED_OK:
            return good
        if self.kind == REQUIRED_DENIED:
            return bad
        mixed = good[:1] + bad[:1]
        return mixed if self.size % 2 else mixed[::-1]

    def required_rule(self) -> str:
        """The rule of the first denied URL (the one the proxy's error names)."""
        for item in self.required_items():
            for url, rule in wire.DENIED_URLS:
                if item["url"] == url:
                    return rule
        return ""

    def input_requests(self) -> dict[str, dict[str, Any]]:
        """The inputRequests of an input_required result: ``ok`` keys are allowed, ``bad`` ones denied."""
        ok, bad = f"ok{self.n}", f"bad{self.n}"
        if self.kind == MRTR_URL:
            return {ok: wire.url_params(self.good_url, None)}
        if self.kind == MRTR_DENIED:
            if self.w % 3 == 0:
                return {bad: wire.url_params(self.bad_url[0], None)}
            return {bad: wire.form_params(self.form)}
        if self.kind == MRTR_MIXED:
            return {ok: wire.form_params(self.form), bad: wire.form_params(self.bad_form)}
        return {ok: wire.form_params(self.form)}

    def mrtr_rule(self) -> str:
        if self.kind == MRTR_DENIED:
            return self.bad_url[1] if self.w % 3 == 0 else self.form.rule
        return self.bad_form.rule

    def client_inputs(self) -> dict[str, Any]:
        """What the client answers on the retry (for the entries it was shown)."""
        ok = f"ok{self.n}"
        if self.kind == MRTR_URL:
            return {ok: {"action": "accept"}}
        if self.kind == MRTR_SECRET:
            return {ok: {"action": "accept", "content": wire.secret_content(self.form, self.secret[0])}}
        if self.kind in (MRTR_OK, MRTR_MIXED):
            return {ok: {"action": "accept", "content": self.form.content}}
        return {}

    def server_inputs(self) -> dict[str, Any]:
        """What the server must receive on the retry: the client's answers, and the proxy's for what
        it removed (decline) or withheld (a secret: always a decline for an input response)."""
        bad = f"bad{self.n}"
        got = self.client_inputs()
        if self.kind == MRTR_SECRET:
            return {f"ok{self.n}": {"action": "decline"}}
        if self.kind in (MRTR_DENIED, MRTR_MIXED):
            got[bad] = {"action": "decline"}
        return got

    @property
    def retried(self) -> bool:
        """Whether the client retries (a 2026 input_required that reached it)."""
        # With every input request denied (mrtr_denied) the proxy retries itself: the client never does.
        return self.kind in RETRIED or (self.kind == MRTR_MIXED and self.deny == "decline")

    @property
    def proxy_round(self) -> bool:
        """Whether the proxy completes the round itself (every input request declined)."""
        return self.kind == MRTR_DENIED and self.deny == "decline"

    def hidden_server_messages(self) -> int:
        """Messages the server writes that the client must never see with their sequence number:
        dropped (a denied elicitation, a completion for it) or replaced whole by the proxy's error."""
        if self.kind in PROXY_ANSWERS:
            return 2 if self.kind in (URL_DENIED, URL_UNDECLARED) else 1
        if self.kind == REQUIRED_DENIED:
            return 1
        if (self.kind in (MRTR_DENIED, MRTR_MIXED) and self.deny == "error") or self.proxy_round:
            return 1  # the error replaces it, or the proxy answers it with its own retry
        return 0

    def hidden_client_messages(self) -> int:
        """Messages the client writes that the server must never see as written: an answer holding a
        secret is replaced by the proxy's decline."""
        return 1 if self.kind == FORM_SECRET else 0

    def expected_denials(self) -> int:
        """Elicitations the proxy must deny (and audit as denied) in this exchange."""
        if self.kind in PROXY_ANSWERS or self.kind == MRTR_DENIED:
            return 1
        if self.kind == REQUIRED_DENIED:
            return len(self.required_items())
        if self.kind in (REQUIRED_MIXED, MRTR_MIXED):
            return 1
        return 0

    def expected_withheld(self) -> int:
        return 1 if self.kind in (FORM_SECRET, MRTR_SECRET) else 0


# Benign forms with a free-text field a secret can be typed into.
SECRET_FORMS: Final = tuple(f for f in wire.BENIGN_FORMS if any(
    p.get("type") == "string" and "enum" not in p and "oneOf" not in p for p in f.properties.values()))


def _log_uniform(rng: random.Random, low: int, high: int) -> int:
    return int(math.exp(rng.uniform(math.log(low), math.log(high))))


def draw(rng: random.Random, n: int, weights: dict[str, float], deny: str, max_large: int) -> Exchange:
    kinds = list(weights)
    kind = rng.choices(kinds, weights=[weights[k] for k in kinds])[0]
    era = wire.V2026 if kind in ERA_2026 else (wire.V2026 if rng.random() < 0.25 and kind in _COMMON else wire.V2025)
    v, w = rng.randrange(64), rng.randrange(64)
    steps = rng.randint(1, 5) if kind == PROGRESS else 0
    if kind == LARGE:
        size = _log_uniform(rng, 64 * 1024, max_large)
    elif kind == BIG_REQUEST:
        size = _log_uniform(rng, 64 * 1024, max(64 * 1024 + 1, max_large // 2))
    else:
        size = _log_uniform(rng, 1, 2000)
    return Exchange(n, kind, era, deny, v, w, size, steps)


def peer_messages(x: Exchange) -> int:
    """JSON-RPC messages the two peers write for one exchange (not counting what the proxy writes)."""
    k = x.kind
    if k == PROGRESS:
        return 2 + x.steps
    if k in (FORM_OK, FORM_SECRET, FORM_DECLINE):
        return 4
    if k == URL_OK:
        return 5
    if k in (FORM_DENIED,):
        return 3
    if k in (URL_DENIED, URL_UNDECLARED):
        return 4
    if x.retried:
        return 4
    if x.proxy_round:
        return 3  # request, input_required (answered by the proxy's retry), final result
    return 2


def warmup(first: int, weights: dict[str, float], era: str, deny: str, max_large: int) -> list[Exchange]:
    """One exchange of every kind, the large ones at the largest size, numbered from ``first``: run
    before memory is measured, so the allocator has met the peak sizes and every code path is warm."""
    out = []
    for i, kind in enumerate(sorted(weights)):
        size = max_large if kind == LARGE else max(64 * 1024, max_large // 2) if kind == BIG_REQUEST else 100
        out.append(Exchange(first + i, kind, wire.V2026 if kind in ERA_2026 else era, deny, i, i + 1, size,
                            3 if kind == PROGRESS else 0))
    # The largest result once more, as the other body type (JSON or SSE follow the exchange number).
    out.append(Exchange(first + len(out), LARGE, era, deny, 0, 0, max_large, 0))
    return out


def stdio_plan(seed: int, messages: int, deny: str, max_large: int) -> Iterator[Exchange]:
    """Exchanges until the peers will have written about ``messages`` messages (2 go to initialize);
    the first :data:`STDIO_WARMUP` are :func:`warmup`."""
    rng = random.Random(f"{seed}:stdio")
    total, n = 2, 0
    for x in warmup(1, STDIO_WEIGHTS, wire.V2025, deny, max_large):
        n = x.n
        total += peer_messages(x)
        yield x
    while total < messages:
        n += 1
        x = draw(rng, n, STDIO_WEIGHTS, deny, max_large)
        total += peer_messages(x)
        yield x


@dataclass(frozen=True, slots=True)
class HttpSession:
    """One HTTP session's script: its era, route, what the client declares, and its exchanges."""

    index: int
    era: str
    route: str  # "" (on_deny: error) or "decline" (servers.decline, on_deny: decline)
    form_only: bool
    exchanges: tuple[Exchange, ...]
    abandon: bool = False  # a 2025 session the client leaves without DELETE (its state stays in the proxy)

    @property
    def deny(self) -> str:
        return "decline" if self.route else "error"


MAX_EXCHANGES_PER_SESSION: Final = 6
STDIO_WARMUP: Final = len(STDIO_WEIGHTS) + 1


def warmup_http_session(index: int, max_large: int) -> HttpSession:
    """A 2025 session of every 2025 kind, the large ones at the largest size (see :func:`warmup`)."""
    return HttpSession(index, wire.V2025, "", False, tuple(warmup(index * 16 + 1, HTTP_2025_WEIGHTS, wire.V2025,
                                                                  "error", max_large)))


def http_session(seed: int, index: int, max_large: int) -> HttpSession:
    rng = random.Random(f"{seed}:http:{index}")
    era = wire.V2026 if rng.random() < 0.3 else wire.V2025
    route = "decline" if rng.random() < 0.4 else ""
    deny = "decline" if route else "error"
    form_only = era == wire.V2025 and rng.random() < 0.15
    weights = HTTP_2026_WEIGHTS if era == wire.V2026 else HTTP_FORM_ONLY_WEIGHTS if form_only else HTTP_2025_WEIGHTS
    count = rng.randint(1, MAX_EXCHANGES_PER_SESSION)
    exchanges = []
    for j in range(count):
        x = draw(rng, index * 16 + j + 1, weights, deny, max_large)
        if era == wire.V2026 and x.era != wire.V2026:
            x = Exchange(x.n, x.kind, wire.V2026, x.deny, x.v, x.w, x.size, x.steps)
        elif era == wire.V2025 and x.era != wire.V2025:
            x = Exchange(x.n, x.kind, wire.V2025, x.deny, x.v, x.w, x.size, x.steps)
        exchanges.append(x)
    abandon = era == wire.V2025 and rng.random() < 0.1
    return HttpSession(index, era, route, form_only, tuple(exchanges), abandon)

"""The soak's vocabulary: exact message bytes both peers build the same way, and the tables of forms,
URLs and secrets with the rule the proxy must name for each.

Every message a peer sends is built here, so the other peer can build the same bytes and compare
what arrived byte for byte. A message the proxy rewrote (or wrote itself) is compared as parsed JSON.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

try:  # the [fast] extra; both peers run in the same environment, so both use the same encoder
    import orjson

    def dumps(obj: Any) -> bytes:
        return orjson.dumps(obj)

    def loads(data: bytes | str) -> Any:
        return orjson.loads(data)
except ImportError:  # pragma: no cover - exercised only without orjson
    def dumps(obj: Any) -> bytes:
        return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode()

    def loads(data: bytes | str) -> Any:
        return json.loads(data)


SEQ: Final = "soak/seq"  # where each peer numbers what it writes (stdio): order and loss are read from it
TOOL: Final = "soak"
V2025: Final = "2025-11-25"
V2026: Final = "2026-07-28"
META_PROTOCOL: Final = "io.modelcontextprotocol/protocolVersion"
META_CAPS: Final = "io.modelcontextprotocol/clientCapabilities"
META_INFO: Final = "io.modelcontextprotocol/clientInfo"
CLIENT_INFO: Final = {"name": "soak-client", "version": "1"}
SERVER_INFO: Final = {"name": "soak-server", "version": "1"}
BOTH_MODES: Final[dict[str, Any]] = {"form": {}, "url": {}}

# Text for results: printable, multi-byte and escaped characters, so byte-exactness covers UTF-8 and
# JSON escapes, not just ASCII.
_ALPHABET: Final = ("abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789 .,;:!?-_/ "
                    "éüßçñø Ωπλ Жшщ 李小龍 日本語 ✓★ 🙂 \"quoted\" back\\slash tab\t newline\n ")
_BASE: Final = (_ALPHABET * 64)[:4096]


def text(n: int, size: int) -> str:
    """``size`` characters of text, different per exchange ``n``."""
    head = f"#{n}:"
    if size <= len(head):
        return head[:size]
    body = size - len(head)
    rotated = _BASE[n % len(_BASE):] + _BASE[:n % len(_BASE)]
    return head + (rotated * (body // len(rotated) + 1))[:body]


def blob(n: int, size: int) -> str:
    """A large ASCII argument (a client request that is itself large)."""
    unit = f"{n:08x}" * 8
    return (unit * (size // len(unit) + 1))[:size]


def _with_seq(obj: dict[str, Any], seq: int | None) -> dict[str, Any]:
    if seq is not None:
        obj["_meta"] = {SEQ: seq}
    return obj


# ---- client messages --------------------------------------------------------------------------------

def initialize(rid: Any, modes: dict[str, Any] | None, seq: int | None = None) -> bytes:
    caps: dict[str, Any] = {} if modes is None else {"elicitation": modes}
    return dumps({"jsonrpc": "2.0", "id": rid, "method": "initialize", "params": _with_seq(
        {"protocolVersion": V2025, "capabilities": caps, "clientInfo": CLIENT_INFO}, seq)})


def initialized(seq: int | None = None) -> bytes:
    return dumps({"jsonrpc": "2.0", "method": "notifications/initialized", "params": _with_seq({}, seq)})


def meta_2026(seq: int | None = None, modes: dict[str, Any] | None = None) -> dict[str, Any]:
    meta: dict[str, Any] = {META_PROTOCOL: V2026, META_CAPS: {"elicitation": BOTH_MODES if modes is None else modes},
                            META_INFO: CLIENT_INFO}
    if seq is not None:
        meta[SEQ] = seq
    return meta


def discover(rid: Any) -> bytes:
    return dumps({"jsonrpc": "2.0", "id": rid, "method": "server/discover", "params": {"_meta": meta_2026()}})


def call(rid: Any, args: dict[str, Any], seq: int | None = None, *, era: str = V2025, progress: Any = None,
         extra: dict[str, Any] | None = None) -> bytes:
    """A ``tools/call``; ``extra`` adds params (a retry's ``inputResponses`` and ``requestState``)."""
    params: dict[str, Any] = {"name": TOOL, "arguments": args}
    if extra:
        params.update(extra)
    if era == V2026:
        params["_meta"] = meta_2026(seq)
    elif seq is not None:
        params["_meta"] = {SEQ: seq}
    if progress is not None:
        params.setdefault("_meta", {})["progressToken"] = progress
    return dumps({"jsonrpc": "2.0", "id": rid, "method": "tools/call", "params": params})


def answer(rid: Any, action: str, content: dict[str, Any] | None = None, seq: int | None = None) -> bytes:
    """The client's answer to an ``elicitation/create``."""
    result: dict[str, Any] = {"action": action}
    if content is not None:
        result["content"] = content
    return dumps({"jsonrpc": "2.0", "id": rid, "result": _with_seq(result, seq)})


# ---- server messages --------------------------------------------------------------------------------

def init_result(rid: Any, seq: int | None = None) -> bytes:
    return dumps({"jsonrpc": "2.0", "id": rid, "result": _with_seq(
        {"protocolVersion": V2025, "capabilities": {"tools": {}}, "serverInfo": SERVER_INFO}, seq)})


def discover_result(rid: Any) -> bytes:
    return dumps({"jsonrpc": "2.0", "id": rid, "result": {
        "supportedVersions": [V2025, V2026], "capabilities": {"tools": {}}, "serverInfo": SERVER_INFO}})


def result(rid: Any, n: int, size: int, seq: int | None = None) -> bytes:
    return dumps({"jsonrpc": "2.0", "id": rid, "result": _with_seq(
        {"content": [{"type": "text", "text": text(n, size)}], "isError": False}, seq)})


def progress(token: Any, step: int, total: int, seq: int | None = None) -> bytes:
    return dumps({"jsonrpc": "2.0", "method": "notifications/progress", "params": _with_seq(
        {"progressToken": token, "progress": step, "total": total, "message": f"step {step} of {total}"}, seq)})


def form_params(form: Form) -> dict[str, Any]:
    return {"mode": "form", "message": form.message,
            "requestedSchema": {"type": "object", "properties": form.properties}}


def url_params(url: str, elicitation_id: str | None) -> dict[str, Any]:
    params: dict[str, Any] = {"mode": "url", "message": "Please sign in to continue", "url": url}
    if elicitation_id is not None:
        params["elicitationId"] = elicitation_id
    return params


def elicit(rid: Any, params: dict[str, Any], seq: int | None = None) -> bytes:
    return dumps({"jsonrpc": "2.0", "id": rid, "method": "elicitation/create", "params": _with_seq(dict(params), seq)})


def complete(elicitation_id: str, seq: int | None = None) -> bytes:
    return dumps({"jsonrpc": "2.0", "method": "notifications/elicitation/complete",
                  "params": _with_seq({"elicitationId": elicitation_id}, seq)})


def url_required_obj(rid: Any, items: list[dict[str, Any]], seq: int | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {"elicitations": items}
    if seq is not None:
        data[SEQ] = seq
    return {"jsonrpc": "2.0", "id": rid, "error": {
        "code": -32042, "message": "This request needs you to sign in first (server text)", "data": data}}


def input_required_obj(rid: Any, requests: dict[str, dict[str, Any]], state: str,
                       seq: int | None = None) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": rid, "result": _with_seq({
        "resultType": "input_required",
        "inputRequests": {key: {"method": "elicitation/create", "params": params} for key, params in requests.items()},
        "requestState": state}, seq)}


# ---- tables -----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Form:
    message: str
    properties: dict[str, Any]
    content: dict[str, Any]  # what the client answers (benign forms)
    rule: str = ""  # the rule the proxy must name (credential forms)


def _s(title: str) -> dict[str, str]:
    return {"type": "string", "title": title}


BENIGN_FORMS: Final = (
    Form("Tell us about yourself", {"name": _s("Your name"), "age": {"type": "integer", "title": "Age"},
                                    "colour": {"type": "string", "enum": ["red", "green", "blue"]}},
         {"name": "Ada Lovelace", "age": 36, "colour": "green"}),
    Form("Where do you live?", {"city": _s("City"),
                                "newsletter": {"type": "boolean", "title": "Subscribe to the newsletter?"}},
         {"city": "Zürich", "newsletter": True}),
    Form("Pick one", {"choice": {"type": "string", "title": "Pick one", "oneOf": [
        {"const": "a", "title": "Option A"}, {"const": "b", "title": "Option B"}]}}, {"choice": "b"}),
    Form("ご記入ください", {"氏名": _s("お名前"), "ville": _s("Ville préférée")}, {"氏名": "山田太郎", "ville": "Québec"}),
    Form("Who are you?", {"name": _s("Your name"), "age": {"type": "integer", "title": "Age"},
                          "colour": {"type": "string", "enum": ["red", "green", "blue"]}},
         {"name": "Zoë 李小龍 Ольга", "age": 7, "colour": "red"}),
)

CREDENTIAL_FORMS: Final = (
    Form("Your session expired", {"username": _s("Username"), "password": _s("Password")}, {}, "credential.password"),
    Form("Connect your account", {"api_key": _s("API key")}, {}, "credential.api_key"),
    Form("Anmelden", {"passwort": _s("Passwort")}, {}, "credential.password"),
    Form("Pago", {"numero": _s("Número de tarjeta")}, {}, "payment.card_number"),
    Form("Confirm it is you", {"code": _s("Verification code")}, {}, "credential.otp"),
    Form("ログイン", {"pw": _s("パスワード")}, {}, "credential.password"),
    Form("Restore your wallet", {"phrase": _s("Recovery phrase (12 words)")}, {}, "credential.seed_phrase"),
    Form("Connexion", {"mdp": _s("Mot de passe")}, {}, "credential.password"),
    Form("Вход", {"parol": _s("Пароль")}, {}, "credential.password"),
    Form("登录", {"mima": _s("密码")}, {}, "credential.password"),
    Form("تسجيل الدخول", {"kalima": _s("كلمة المرور")}, {}, "credential.password"),
    Form("Card check", {"cvv": _s("Security code (3 digits on the back)")}, {}, "payment.cvv"),
    Form("OAuth setup", {"client_secret": _s("Client secret")}, {}, "credential.client_secret"),
    Form("Deploy", {"ssh": _s("SSH private key")}, {}, "credential.private_key"),
    Form("Giriş", {"sifre": _s("Şifre")}, {}, "credential.password"),
    Form("GitHub", {"token": _s("Personal access token")}, {}, "credential.token"),
)

# Secrets a user might paste into an innocent field, and the response rule that withholds each.
SECRETS: Final = (
    ("ghp_abcdefghijklmnopqrstuvwxyz0123456789", "response.known_token"),
    ("AKIAIOSFODNN7EXAMPLE", "response.known_token"),
    ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5"
     "MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c", "response.jwt"),
    ("4111 1111 1111 1111", "response.card_number"),
    ("xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx", "response.known_token"),
)

ALLOWED_URLS: Final = (
    "https://auth.example.com/device?flow=12",
    "https://github.com/login/device",
    "https://login.example.org/consent?client=soak&step=2",
)

DENIED_URLS: Final = (
    ("http://example.com/login", "url.scheme"),
    ("https://192.168.0.1/x", "url.ip_literal"),
    ("https://xn--pypl-53dc.com/", "url.lookalike_host"),
    ("https://example.com/cb?access_token=abc", "url.credential_param"),
    ("https://localhost/x", "url.internal_host"),
    ("https://example.com:8443/x", "url.port"),
    ("https://login.example.org/ghp_abcdefghijklmnopqrstuvwxyz0123456789", "url.credential_path"),
)


def secret_content(form: Form, secret: str) -> dict[str, Any]:
    """A benign form's answer with a secret typed into its first text field."""
    content = dict(form.content)
    first = next(k for k, v in form.properties.items() if v.get("type") == "string" and "enum" not in v
                 and "oneOf" not in v)
    content[first] = secret
    return content

"""Structural and domain checks for URL-mode elicitation URLs.

The URL is parsed here by hand, strictly: a URL that two parsers (ours and the user's browser) could
read differently is refused rather than guessed at. Each check is a named rule.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final
from urllib.parse import unquote, unquote_plus

from elicitguard.policies.domains import (
    DomainPattern,
    HostError,
    first_match,
    is_lookalike,
    is_numeric_host,
    is_public_name,
    to_ascii,
)
from elicitguard.policies.shapes import VALUE_SHAPES, ValueShape, secret_value_shape
from elicitguard.policies.verdict import Reason

MAX_URL_LENGTH: Final = 8192
DEFAULT_PORTS: Final = {"https": 443, "http": 80}
_SCHEME: Final = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*):")
# Control characters (C0, DEL, C1), every Unicode space, backslash, and bidi/format characters.
_FORBIDDEN: Final = re.compile(r"[\x00-\x20\x7f-\x9f\\\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u2066-\u206f\u3000\ufeff]")

# Query/fragment parameter names that carry credentials or make the link pre-authenticated.
CREDENTIAL_PARAMS: Final = frozenset({
    "token", "access_token", "accesstoken", "id_token", "idtoken", "refresh_token", "refreshtoken", "auth_token",
    "authtoken", "bearer", "jwt", "password", "passwd", "pwd", "pass", "secret", "client_secret", "clientsecret",
    "api_key", "apikey", "api-key", "x-api-key", "key", "private_key", "session", "sessionid", "session_id", "sid",
    "jsessionid", "phpsessid", "sig", "signature", "x-amz-signature", "x-amz-credential", "x-amz-security-token",
    "x-goog-signature", "x-goog-credential", "sas", "auth", "authorization", "code", "auth_code", "otp", "pin",
    "credentials", "credential", "oauth_token", "oauth_signature", "hmac",
})
_SQUASHED_PARAMS: Final = frozenset(p.replace("_", "").replace("-", "") for p in CREDENTIAL_PARAMS)


@dataclass(frozen=True, slots=True)
class UrlRules:
    """The compiled URL policy."""

    allow_domains: tuple[DomainPattern, ...] = ()
    deny_domains: tuple[DomainPattern, ...] = ()
    allow_http: bool = False
    allow_ports: frozenset[int] = frozenset({443})


@dataclass(frozen=True, slots=True)
class UrlJudgement:
    """The outcome of checking one URL; ``host`` is safe to log (never the query)."""

    reasons: tuple[Reason, ...]
    host: str | None


def _deny(rule: str, detail: str, host: str | None = None) -> UrlJudgement:
    return UrlJudgement((Reason(rule, detail),), host)


def _param_reasons(part: str, where: str) -> list[Reason]:
    reasons: list[Reason] = []
    # A fragment is split on every separator a client-side router might use ("#/?token=..."), and
    # there only name=value pairs count by name (a bare "#/settings/token" is a route); a query
    # splits on & and ;. Details name only known parameter names: anything else may be the secret.
    fragment = where == "fragment"
    for pair in re.split(r"[&;?/#]" if fragment else r"[&;]", part):
        name, equals, value = pair.partition("=")
        if not name:
            continue
        # "password[]" and "token%5B%5D" name the same parameter to most frameworks.
        decoded = re.sub(r"\[[^\]]*\]$", "", unquote_plus(name).strip().lower())
        if (equals or not fragment) and decoded.replace("_", "").replace("-", "").replace(".", "") in _SQUASHED_PARAMS:
            reasons.append(Reason("url.credential_param", f"{where} parameter '{decoded}' carries a credential"))
        elif secret_value_shape(unquote(name)) is not None or (value and secret_value_shape(unquote(value))):
            reasons.append(Reason("url.credential_value", f"a {where} parameter has a secret-shaped value"))
    return reasons


# Shapes with their own structure: a match is a secret whatever characters it holds.
_STRUCTURAL: Final = frozenset({"credential.connection_string", "credential.private_key"})


def path_secret(segment: str) -> ValueShape | None:
    """The secret shape of one (decoded) path segment: magic-link and reset tokens live in paths.

    Stricter than for a query value, because paths are full of ordinary words and ids: card numbers
    are not looked for (long numeric ids, order numbers and post ids, pass the Luhn check one time in
    ten), and a match must hold a digit unless its shape is structural, so a slug such as
    "sk-internationalization" is a word, while a real key, being random, always has one.
    """
    for shape in VALUE_SHAPES:
        match = shape.regex.search(segment)
        if match and (shape.rule in _STRUCTURAL or any(c.isdigit() for c in match.group())):
            return shape
    return None


def check_url(url: object, rules: UrlRules, skip: frozenset[str] = frozenset()) -> UrlJudgement:
    """Check one URL; no reasons means allowed.

    Rules in ``skip`` do not fire, and checking goes on past them (a second pass past monitored rules,
    see judge.py); a URL that cannot be parsed further (no web scheme, userinfo, malformed) stops.
    """
    if not isinstance(url, str) or not url:
        return _deny("url.malformed", "url must be a non-empty string")
    if len(url) > MAX_URL_LENGTH:
        return _deny("url.malformed", f"url longer than {MAX_URL_LENGTH} characters")
    if _FORBIDDEN.search(url):
        return _deny("url.malformed", "url contains whitespace, a backslash, or a control/format character")
    match = _SCHEME.match(url)
    if not match:
        return _deny("url.malformed", "url has no scheme")
    scheme = match.group(1).lower()
    if scheme not in ("https", "http"):
        return _deny("url.scheme", f"scheme '{scheme}' is not allowed (https only)")
    rest = url[match.end():]
    if not rest.startswith("//"):
        return _deny("url.malformed", "url must have '//' and an authority after the scheme")
    rest = rest[2:]
    end = len(rest)
    for sep in "/?#":
        pos = rest.find(sep)
        if pos != -1:
            end = min(end, pos)
    authority, tail = rest[:end], rest[end:]
    if "@" in authority:
        return _deny("url.userinfo", "url carries userinfo (user:password@host), a classic spoofing and credential leak")
    if authority.startswith("["):
        return _deny("url.ip_literal", "url host is an IPv6 literal")
    host_text, colon, port_text = authority.partition(":")
    port: int | None = None
    if colon:
        if (not port_text.isascii() or not port_text.isdigit() or len(port_text) > 5 or port_text.startswith("0")
                or not 0 < int(port_text) < 65536):
            return _deny("url.malformed", "url port is not a number between 1 and 65535")
        port = int(port_text)
    if "%" in host_text:
        return _deny("url.malformed", "percent-encoded host names are ambiguous")
    try:
        host = to_ascii(host_text)
    except HostError as exc:
        return _deny("url.malformed", f"url host is not a valid host name: {exc}")
    if scheme == "http" and not rules.allow_http and "url.scheme" not in skip:
        return _deny("url.scheme", "plain http is not allowed (set policy.url.allow_http to permit it)", host)
    numeric = is_numeric_host(host)
    if numeric and "url.ip_literal" not in skip:
        return _deny("url.ip_literal", "url host is an IP address literal", host)
    if port is not None and port != DEFAULT_PORTS[scheme] and port not in rules.allow_ports and "url.port" not in skip:
        return _deny("url.port", f"port {port} is not allowed (policy.url.allow_ports)", host)
    reasons: list[Reason] = []
    allowed = first_match(rules.allow_domains, host)
    # An address literal is url.ip_literal's business, even when that rule is skipped.
    if allowed is None and not numeric and not is_public_name(host) and "url.internal_host" not in skip:
        # localhost, single-label names, .internal/.local/.corp: no public site lives there.
        return _deny("url.internal_host", f"host {host} is not under a public suffix (an internal or local name)", host)
    denied = first_match(rules.deny_domains, host)
    if denied is not None:
        reasons.append(Reason("url.deny_domain", f"host {host} matches deny_domains entry '{denied.source}'"))
    if rules.allow_domains and allowed is None:
        reasons.append(Reason("url.not_allowed_domain", f"host {host} is not in allow_domains"))
    # Look-alikes pass only when an internationalised name is listed exactly: a wildcard must not bless
    # a homograph label, and a non-ASCII spelling of an ASCII name (fullwidth letters) is never needed.
    listed_idn = allowed is not None and not allowed.wildcard and "xn--" in allowed.host
    if is_lookalike(host_text, host) and not listed_idn:
        reasons.append(Reason("url.lookalike_host", f"host {host} is internationalised (punycode), a look-alike risk"))
    query_and_fragment = tail.split("?", 1)[1] if "?" in tail.split("#", 1)[0] else ""
    query = query_and_fragment.split("#", 1)[0]
    fragment = tail.split("#", 1)[1] if "#" in tail else ""
    path = tail.split("?", 1)[0].split("#", 1)[0]
    for segment in path.split("/"):
        name, semicolon, params = segment.partition(";")
        shape = path_secret(unquote(name))
        if shape is not None:
            # The detail names the shape, never the segment: the audit keeps the host, not the token.
            reasons.append(Reason("url.credential_path", f"a path segment holds {shape.label}"))
        if semicolon:
            reasons.extend(_param_reasons(params, "path"))
    reasons.extend(_param_reasons(query, "query"))
    reasons.extend(_param_reasons(fragment, "fragment"))
    return UrlJudgement(tuple(r for r in reasons if r.rule not in skip), host)

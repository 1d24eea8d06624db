"""URL-mode checks (one table per rule id) and domain patterns."""

from __future__ import annotations

import pytest

from elicitguard.policies.config import Policy
from elicitguard.policies.domains import DomainPattern, compile_pattern, first_match, is_numeric_host, to_ascii, HostError
from elicitguard.policies.judge import judge_elicitation
from elicitguard.policies.urls import MAX_URL_LENGTH, UrlRules, check_url

LISTED = UrlRules(
    allow_domains=tuple(compile_pattern(p) for p in
                        ["example.com", "*.example.com", "auth.acme.io", "*.partner.org", "xn--bcher-kva.example"]),
    deny_domains=(compile_pattern("evil.example.com"), compile_pattern("*.bad.partner.org")),
)
OPEN = UrlRules()


def rules_of(url: object, rules: UrlRules = OPEN) -> list[str]:
    return [r.rule for r in check_url(url, rules).reasons]


# ---- allowed --------------------------------------------------------------------------------------------

ALLOWED = [
    "https://example.com", "https://example.com/", "HTTPS://EXAMPLE.COM/", "https://Example.COM:443",
    "https://example.com:443/path", "https://a.b.c.example.com/deep", "https://auth.acme.io/oauth/authorize",
    "https://x.partner.org/", "https://xn--bcher-kva.example/", "https://bücher.example/",
    "https://example.com/connect?elicitationId=123",
    "https://auth.example.com/oauth/authorize?client_id=abc&state=xyz&redirect_uri=https%3A%2F%2Fexample.com%2Fcb",
    "https://auth.example.com/authorize?response_type=code&scope=read%20write&nonce=n&login_hint=a",
    "https://example.com/?code_challenge=abc&code_challenge_method=S256",
    "https://example.com/settings/api-tokens", "https://example.com/?q=token+limits",
    "https://example.com/?max_tokens=5&session_length=10", "https://example.com/@user", "https://example.com?@evil.com",
    "https://example.com/a?b#c", "https://example.com/#section-2",
]


@pytest.mark.parametrize("url", ALLOWED)
def test_a_clean_https_url_on_a_listed_host_is_allowed(url: str) -> None:
    assert rules_of(url, LISTED) == []


@pytest.mark.parametrize("url", ["https://anything.net/", "https://sub.domain.io/x?y=1", "https://1e100.net/"])
def test_any_structurally_clean_host_passes_when_allow_domains_is_empty(url: str) -> None:
    assert rules_of(url, OPEN) == []


def test_the_judgement_host_is_the_normalised_host_without_query() -> None:
    judged = check_url("https://Example.COM/p?state=SECRETQ#frag", OPEN)
    assert judged.host == "example.com"


# ---- one table per rule ---------------------------------------------------------------------------------

RULE_TABLES = {
    "url.malformed": [
        None, 5, "", "example.com", "//example.com", "https:example.com", "https:/example.com", "https://",
        "https:///path", "https://exa mple.com/", "https://exa\tmple.com/", "https://exa\nmple.com/",
        "https://example.com/\x00", "https://example.com/\u202e", "https://example.com/\u200b",
        "https://evil.com\\@example.com/", "https://example..com/", "https://.example.com/", "https://example.com./",
        "https://-example.com/", "https://ex%61mple.com/", "https://example.com:/", "https://example.com:0443/",
        "https://example.com:0/", "https://example.com:65536/", "https://example.com:99999/", "https://example.com:44a/",
        "https://example.com:４４３/", "https://" + "a" * 64 + ".com/", "https://example.com/" + "a" * MAX_URL_LENGTH,
        "https://ex_ample.com/",
    ],
    "url.scheme": [
        "http://example.com/", "HTTP://example.com/", "javascript:alert(1)", "ftp://example.com/", "file:///etc/passwd",
        "data:text/html,x", "wss://example.com/", "ws://example.com/", "mailto:a@example.com", "intent://x",
    ],
    "url.userinfo": [
        "https://user:pw@example.com/", "https://example.com@evil.com/", "https://@example.com/",
        "https://user@example.com/", "https://a%40b@example.com/",
    ],
    "url.ip_literal": [
        "https://1.2.3.4/", "https://127.0.0.1/", "https://127.1/", "https://2130706433/", "https://0x7f000001/",
        "https://0x7F.0.0.1/", "https://0177.0.0.1/", "https://0/", "https://example.0x1/", "https://[::1]/",
        "https://[::ffff:127.0.0.1]/", "https://[2001:db8::1]:443/",
    ],
    "url.port": [
        "https://example.com:8443/", "https://example.com:80/", "https://example.com:1/", "https://example.com:65535/",
    ],
}


@pytest.mark.parametrize(("url", "rule"), [pytest.param(u, rule, id=f"{rule}-{i}")
                                           for rule, urls in RULE_TABLES.items() for i, u in enumerate(urls)])
def test_a_structurally_unsafe_url_is_denied_with_its_rule(url: object, rule: str) -> None:
    assert rules_of(url, LISTED) == [rule]
    assert rules_of(url, OPEN) == [rule]


def test_plain_http_passes_the_scheme_check_only_when_allowed() -> None:
    rules = UrlRules(allow_http=True)
    assert rules_of("http://example.com/", rules) == []
    assert rules_of("http://example.com:80/", rules) == []
    assert rules_of("ftp://example.com/", rules) == ["url.scheme"]


def test_allow_ports_admits_a_listed_port() -> None:
    rules = UrlRules(allow_ports=frozenset({443, 8443}))
    assert rules_of("https://example.com:8443/", rules) == []
    assert rules_of("https://example.com:8444/", rules) == ["url.port"]


DENY_DOMAIN = ["https://evil.example.com/", "https://EVIL.example.com/x", "https://a.bad.partner.org/",
               "https://x.y.bad.partner.org/"]


@pytest.mark.parametrize("url", DENY_DOMAIN)
def test_a_denied_host_is_refused_even_when_a_wildcard_allows_it(url: str) -> None:
    assert rules_of(url, LISTED) == ["url.deny_domain"]


def test_an_exact_deny_entry_does_not_cover_subdomains_or_the_apex_of_a_wildcard() -> None:
    assert rules_of("https://x.evil.example.com/", LISTED) == []
    assert rules_of("https://bad.partner.org/", LISTED) == []


NOT_ALLOWED = ["https://partner.org/", "https://notexample.com/", "https://example.com.evil.com/",
               "https://acme.io/", "https://x.auth.acme.io/", "https://example.org/", "https://evilexample.com/"]


@pytest.mark.parametrize("url", NOT_ALLOWED)
def test_a_host_outside_allow_domains_is_refused(url: str) -> None:
    assert rules_of(url, LISTED) == ["url.not_allowed_domain"]


LOOKALIKE = [
    ("punycode-unlisted", "https://xn--80ak6aa92e.com/", OPEN),
    ("cyrillic-a", "https://аpple.com/", OPEN),
    ("fullwidth-listed-name", "https://ｅｘａｍｐｌｅ.com/", LISTED),
    ("fullwidth-unlisted", "https://ｅｘａｍｐｌｅ.net/", OPEN),
    ("ideographic-dot", "https://example。com/", LISTED),
    ("punycode-under-wildcard", "https://xn--80ak6aa92e.partner.org/", LISTED),
    ("idn-under-wildcard", "https://bücher.partner.org/", LISTED),
    ("idn-unlisted", "https://bücher.de/", OPEN),
]


@pytest.mark.parametrize(("url", "rules"), [pytest.param(u, r, id=i) for i, u, r in LOOKALIKE])
def test_an_internationalised_host_is_a_lookalike_unless_listed_exactly(url: str, rules: UrlRules) -> None:
    assert "url.lookalike_host" in rules_of(url, rules)


CREDENTIAL_PARAM = [
    "https://example.com/?token=abc", "https://example.com/?access_token=abc", "https://example.com/?id_token=a",
    "https://example.com/?refresh_token=a", "https://example.com/?password=a", "https://example.com/?pwd=a",
    "https://example.com/?api_key=a", "https://example.com/?apikey=a", "https://example.com/?API-KEY=a",
    "https://example.com/?key=a", "https://example.com/?secret=a", "https://example.com/?client_secret=a",
    "https://example.com/?sig=1", "https://example.com/?signature=1", "https://example.com/?X-Amz-Signature=a",
    "https://example.com/?X-Amz-Credential=a", "https://example.com/?code=abc", "https://example.com/?Code=abc",
    "https://example.com/?session_id=a", "https://example.com/?jwt=a", "https://example.com/?auth=a",
    "https://example.com/?%74oken=a", "https://example.com/?access.token=a", "https://example.com/?state=x&token=a",
    "https://example.com/?a=1;pwd=2", "https://example.com/?token", "https://example.com/#access_token=abc",
    "https://example.com/#x=1&id_token=abc", "https://example.com/p;jsessionid=abc", "https://example.com/;token=1/x",
    "https://example.com/x;a=1;password=2/y",
]


@pytest.mark.parametrize("url", CREDENTIAL_PARAM)
def test_a_credential_parameter_in_query_fragment_or_path_params_is_refused(url: str) -> None:
    assert rules_of(url, LISTED) == ["url.credential_param"]


CREDENTIAL_VALUE = [
    "https://example.com/?q=ghp_" + "a" * 36,
    "https://example.com/#x=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.s",
    "https://example.com/?redirect=postgres%3A%2F%2Fu%3Ap%40h",
    "https://example.com/?ref=AKIAIOSFODNN7EXAMPLE",
    "https://example.com/?card=4539148803436467",
    "https://example.com/p;x=sk-" + "z" * 30,
]


@pytest.mark.parametrize("url", CREDENTIAL_VALUE)
def test_a_secret_shaped_parameter_value_is_refused_whatever_its_name(url: str) -> None:
    assert rules_of(url, LISTED) == ["url.credential_value"]


def test_a_reason_never_echoes_the_query_value() -> None:
    judged = check_url("https://example.com/?token=SECRETQ&x=ghp_" + "Q" * 36, OPEN)
    assert judged.reasons
    assert all("SECRETQ" not in r.detail and "ghp_" not in r.detail for r in judged.reasons)


# ---- through the elicitation judge ----------------------------------------------------------------------


def test_a_url_elicitation_reports_the_host_but_not_the_query() -> None:
    params = {"mode": "url", "message": "Sign in", "elicitationId": "e1", "url": "https://evil.com/?state=SECRETQ"}
    policy = Policy(url=LISTED)
    verdict = judge_elicitation(params, frozenset({"url"}), policy)
    assert not verdict.allowed
    assert verdict.url_host == "evil.com"
    assert [r.rule for r in verdict.reasons] == ["url.not_allowed_domain"]
    assert "SECRETQ" not in repr(verdict)


@pytest.mark.parametrize("params", [
    pytest.param({"mode": "url", "message": "m", "url": "https://example.com/"}, id="no-elicitationId"),
    pytest.param({"mode": "url", "elicitationId": "e", "url": "https://example.com/"}, id="no-message"),
    pytest.param({"mode": "url", "message": "m", "elicitationId": "e"}, id="no-url"),
    pytest.param({"mode": "url", "message": "m", "elicitationId": 5, "url": "https://example.com/"}, id="int-id"),
])
def test_an_incomplete_url_elicitation_is_malformed(params: dict[str, object]) -> None:
    verdict = judge_elicitation(params, frozenset({"url"}), Policy())
    assert not verdict.allowed and verdict.reasons[0].rule == "elicitation.malformed"


# ---- domains.py -----------------------------------------------------------------------------------------

MATCHES = [
    ("example.com", "example.com", True), ("example.com", "EXAMPLE.COM", True), ("EXAMPLE.com", "example.com", True),
    ("example.com", "www.example.com", False), ("example.com", "notexample.com", False),
    ("*.example.com", "www.example.com", True), ("*.example.com", "a.b.c.example.com", True),
    ("*.example.com", "example.com", False), ("*.example.com", "evilexample.com", False),
    ("*.example.com", "example.com.evil.org", False), ("*.EXAMPLE.COM", "Api.Example.Com", True),
    ("bücher.de", "xn--bcher-kva.de", True), ("bücher.de", "BÜCHER.de", True), ("xn--bcher-kva.de", "bücher.de", True),
    ("*.bücher.de", "shop.xn--bcher-kva.de", True), ("*.user.github.io", "a.user.github.io", True),
    ("localhost", "localhost", True),
]


@pytest.mark.parametrize(("entry", "host", "hit"), [pytest.param(e, h, m, id=f"{e}~{h}") for e, h, m in MATCHES])
def test_a_domain_entry_matches_exactly_or_any_subdomain_never_the_apex(entry: str, host: str, hit: bool) -> None:
    pattern = compile_pattern(entry)
    assert pattern.matches(to_ascii(host)) is hit


BAD_ENTRIES = [
    ("*.com", "public suffix"), ("*.co.uk", "public suffix"), ("*.github.io", "public suffix"),
    ("*.uk", "public suffix"), ("*.appspot.com", "public suffix"), ("*.s3.amazonaws.com", "public suffix"),
    ("com", "top-level"), ("*.*.example.com", "wildcard"), ("ex*ample.com", "wildcard"), ("example.*", "wildcard"),
    ("https://example.com", "host name only"), ("example.com:443", "host name only"), ("example.com/path", "host name only"),
    ("user@example.com", "host name only"), (" example.com", "surrounding spaces"), ("", "non-empty"),
    ("1.2.3.4", "IP"), ("example.com.", "labels"), ("exa mple.com", "host name only"), ("-bad.com", "labels"),
]


@pytest.mark.parametrize(("entry", "words"), [pytest.param(e, w, id=repr(e)) for e, w in BAD_ENTRIES])
def test_a_bad_domain_entry_is_refused_at_compile_time(entry: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        compile_pattern(entry)


def test_a_wildcard_under_a_registrable_domain_compiles() -> None:
    assert compile_pattern("*.example.co.uk") == DomainPattern("example.co.uk", True, "*.example.co.uk")


def test_first_match_returns_the_first_matching_entry() -> None:
    patterns = (compile_pattern("a.example.com"), compile_pattern("*.example.com"))
    assert first_match(patterns, "a.example.com") is patterns[0]
    assert first_match(patterns, "b.example.com") is patterns[1]
    assert first_match(patterns, "example.com") is None


@pytest.mark.parametrize(("host", "numeric"), [("1.2.3.4", True), ("127.1", True), ("0x7f", True), ("a.0x10", True),
                                               ("example.com", False), ("1e100.net", False), ("a.b1", False)])
def test_a_host_with_a_numeric_last_label_reads_as_ipv4(host: str, numeric: bool) -> None:
    assert is_numeric_host(host) is numeric


@pytest.mark.parametrize("host", ["", "a..b", "a_b.com", "-a.com", "a-.com", "a" * 64 + ".com", "example.com."])
def test_to_ascii_refuses_an_invalid_host(host: str) -> None:
    with pytest.raises(HostError):
        to_ascii(host)


# ---- secrets in path segments (magic links) -------------------------------------------------------------

PATH_SECRETS = [
    "https://example.com/login/ghp_abcdefghijklmnopqrstuvwxyz0123456789",
    "https://example.com/magic/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2ln",
    "https://example.com/keys/sk-proj-4f9a8c7e2b1d0a3f6e5d4c3b2a190817",
    "https://example.com/k/AKIAIOSFODNN7EXAMPLE/",
    "https://example.com/hook/xoxb-1234567890-abcdefghij",
    "https://example.com/v1/AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q/maps",
    "https://example.com/pay/sk_live_4eC39HqLyjWDarjtT1zdp7dc",
    "https://example.com/go/postgres%3A%2F%2Fadmin%3Ahunter2%40db.internal",
    "https://example.com/login/ghp_abcdefghijklmnopqrstuvwxyz0123456789;jsessionid=1",
    "https://example.com/%67hp_abcdefghijklmnopqrstuvwxyz0123456789",
]
ORDINARY_PATHS = [
    "https://example.com/blog/2024/05/how-to-rotate-your-api-keys",
    "https://example.com/items/0f8fad5b-d9cb-469f-a165-70867728950e",
    "https://github.com/org/repo/commit/3f2a9c1d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a39",
    "https://example.com/tags/sk-internationalization",
    "https://example.com/sk-SK/dokumentacia",
    "https://x.com/someone/status/1790000000000000001",
    "https://example.com/orders/4111111111111111",
    "https://docs.example.com/document/d/1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms/edit",
    "https://example.com/eyJ-is-how-a-jwt-starts",
    "https://example.com/watch/dQw4w9WgXcQ",
    "https://example.com/users/AKIA",
    "https://example.com/oauth/callback/github",
]


@pytest.mark.parametrize("url", PATH_SECRETS)
def test_a_secret_shaped_path_segment_is_denied_as_the_same_value_in_the_query_is(url: str) -> None:
    judged = check_url(url, OPEN)
    assert "url.credential_path" in [r.rule for r in judged.reasons]
    assert judged.host == "example.com"
    # The audit detail names the shape only, never the segment.
    token = max(url.split("/"), key=len)[:12]
    assert all(token not in r.detail for r in judged.reasons)


@pytest.mark.parametrize("url", ORDINARY_PATHS)
def test_an_ordinary_path_with_slugs_and_resource_ids_is_not_mistaken_for_a_secret(url: str) -> None:
    assert rules_of(url) == []

"""Host normalisation and allow/deny domain patterns.

``host`` matches that host exactly; ``*.host`` matches any subdomain at any depth, never the apex.
Hosts and patterns are compared in their IDNA (punycode) ASCII form, lower-cased, without a
trailing dot. A wildcard over a public suffix is refused when the policy is compiled, using
tldextract's bundled Public Suffix List snapshot only (never fetched).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Final

import idna
import tldextract

_LABEL: Final = re.compile(r"^(?!-)[a-z0-9-]{1,63}(?<!-)$")
_NUMERIC_LAST_LABEL: Final = re.compile(r"^(0x[0-9a-f]*|[0-9]+)$")


class HostError(ValueError):
    """A host that cannot be normalised unambiguously."""


@functools.lru_cache(maxsize=1)
def _extractor() -> tldextract.TLDExtract:
    # suffix_list_urls=() and cache_dir=None: the bundled snapshot, no network, no disk cache.
    return tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None, include_psl_private_domains=True)


def to_ascii(host: str) -> str:
    """Lower-case IDNA ASCII form of a host name; raises HostError when it is not a valid name."""
    # A trailing dot names the same DNS host but escapes exact-match lists: refuse it, never strip it.
    if not host:
        raise HostError("empty host")
    if host.isascii():
        ascii_host = host.lower()
    else:
        try:
            ascii_host = idna.encode(host, uts46=True, transitional=False).decode("ascii").lower()
        except idna.IDNAError as exc:
            raise HostError(f"not a valid international domain name ({exc})") from None
    labels = ascii_host.split(".")
    for label in labels:
        if not _LABEL.match(label):
            raise HostError("host labels must be letters, digits and inner hyphens, 1-63 characters")
    if len(ascii_host) > 253:
        raise HostError("host name longer than 253 characters")
    return ascii_host


def is_numeric_host(ascii_host: str) -> bool:
    """True when a URL parser would read this host as an IPv4 address (WHATWG: numeric last label)."""
    return bool(_NUMERIC_LAST_LABEL.match(ascii_host.rsplit(".", 1)[-1]))


def is_lookalike(host: str, ascii_host: str) -> bool:
    """Non-ASCII or punycode hosts can imitate another name."""
    return not host.isascii() or any(label.startswith("xn--") for label in ascii_host.split("."))


def is_public_name(ascii_host: str) -> bool:
    """True when the host sits under a public suffix (``example.com``), not ``localhost`` or ``x.internal``."""
    ext = _extractor()(ascii_host)
    return bool(ext.suffix) and bool(ext.domain)


def is_public_suffix(ascii_host: str) -> bool:
    """True when the name is itself a public suffix (``com``, ``co.uk``, ``github.io``)."""
    ext = _extractor()(ascii_host)
    return not ext.domain


@dataclass(frozen=True, slots=True)
class DomainPattern:
    """One compiled allow/deny entry."""

    host: str
    wildcard: bool
    source: str

    def matches(self, ascii_host: str) -> bool:
        if self.wildcard:
            return ascii_host.endswith("." + self.host)
        return ascii_host == self.host


def compile_pattern(entry: str) -> DomainPattern:
    """Compile one domain entry; raises ValueError with a message fit for a config error."""
    text = entry.strip()
    if text != entry or not text:
        raise ValueError("domain entries must be non-empty and have no surrounding spaces")
    wildcard = text.startswith("*.")
    body = text[2:] if wildcard else text
    if "*" in body:
        raise ValueError("only a leading '*.' wildcard is supported")
    if any(ch in body for ch in "/:@?#[] \\"):
        raise ValueError("a domain entry is a host name only: no scheme, port, path or userinfo")
    try:
        host = to_ascii(body)
    except HostError as exc:
        raise ValueError(str(exc)) from None
    if is_numeric_host(host):
        raise ValueError("IP addresses cannot be listed: URL elicitations to IP literals are always denied")
    # Covering a suffix ("*.com") or a name whose children are suffixes by a PSL wildcard rule
    # ("*.ck": every "x.ck" is itself a public suffix) matches other people's sites.
    if wildcard and (is_public_suffix(host) or is_public_suffix("x-probe." + host)):
        raise ValueError(f"'*.{host}' covers a public suffix: it would match every site under it")
    if not wildcard and is_public_suffix(host) and "." not in host:
        raise ValueError(f"'{host}' is a top-level domain, not a host")
    return DomainPattern(host, wildcard, entry)


def first_match(patterns: tuple[DomainPattern, ...], ascii_host: str) -> DomainPattern | None:
    """The first pattern that matches, if any."""
    for pattern in patterns:
        if pattern.matches(ascii_host):
            return pattern
    return None

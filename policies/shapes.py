"""Signals that need no language: the shape of a secret value, of a schema that only a credential
fits, and of the field names password managers and form builders use.

Each signal is declarative data (a regex with its rule and label) with one small function to apply it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class ValueShape:
    """A recognisable secret format."""

    rule: str
    label: str
    regex: re.Pattern[str]
    # Substrings of which every match holds one: a value without any is not searched (most are not).
    needles: tuple[str, ...]


# Linear time on hostile input: a pattern that could start at every position of a long run and scan
# to its end is quadratic ("sk-sk-sk-...", "aaaa...://"). Each search starts only where a run of
# token characters starts (_RUN), commits to the first candidate inside it (atomic group) and
# never backtracks into a run (possessive quantifiers): the same matches, found in one pass.
_RUN: Final = r"(?<![A-Za-z0-9_-])"
VALUE_SHAPES: Final[tuple[ValueShape, ...]] = (
    ValueShape("credential.private_key", "a PEM private key", re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY"), ("-----BEGIN ",)),
    ValueShape("credential.api_key", "an AWS access key id", re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b"), ("AKIA", "ASIA")),
    ValueShape("credential.token", "a GitHub token", re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_\w{20,})"), ("_",)),
    ValueShape("credential.api_key", "an API secret key (sk-...)",
               re.compile(_RUN + r"(?>(?:\b|[A-Za-z0-9_-]*?-)sk-)(?:[A-Za-z0-9_-]+-)?[A-Za-z0-9]{16}"), ("sk-",)),
    ValueShape("credential.token", "a Slack token", re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}"), ("xox",)),
    ValueShape("credential.api_key", "a Google API key", re.compile(r"\bAIza[0-9A-Za-z_-]{35}\b"), ("AIza",)),
    ValueShape("credential.token", "a Hugging Face token", re.compile(r"\bhf_[A-Za-z0-9]{30,}"), ("hf_",)),
    ValueShape("credential.token", "a JSON Web Token", re.compile(
        _RUN + r"(?>(?:\b|[A-Za-z0-9_-]*?-)eyJ)[A-Za-z0-9_-]{8,}+\.eyJ[A-Za-z0-9_-]{8,}+\."), ("eyJ",)),
    ValueShape("credential.api_key", "a Stripe key", re.compile(r"\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{10,}"), ("_live_", "_test_")),
    ValueShape("credential.token", "a DigitalOcean token", re.compile(r"\bdo[opr]_v1_[a-f0-9]{64}\b"), ("_v1_",)),
    ValueShape("credential.token", "a Shopify token", re.compile(r"\bshp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}\b"), ("shp",)),
    # The user may be empty ("redis://:password@host"), as Redis and some brokers write it.
    ValueShape("credential.connection_string", "a URL with an embedded password",
               re.compile(r"(?<![a-z0-9+.-])[0-9+.-]*+[a-z][a-z0-9+.-]*+://[^/\s:@]*+:[^/\s@]++@", re.IGNORECASE),
               ("://",)),
)

# Patterns (JSON Schema `pattern`) that only a payment card, CVV or one-time code would satisfy. Exactly
# 13 or 14 digits is far more often a tax, identity, waybill or meter number (EMŠO, PINFL, Nova Poshta's
# TTN, Italy's PDR) than the rare card of that length: 15 to 19 digits, or a range reaching them.
_CARD_PATTERN: Final = re.compile(
    r"(?:\\d|\[0-9\])\{(?:1[2-6],1[6-9]|1[5-9])\}|(?:\\d|\[0-9\])\{4\}[^{}]{0,12}(?:\\d|\[0-9\])\{4\}[^{}]{0,12}(?:\\d|\[0-9\])\{4\}")


def luhn_ok(digits: str) -> bool:
    """Payment card checksum."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


_CARD_VALUE: Final = re.compile(r"(?<![\d])(?:\d[ -]?){12,18}\d(?![\d])")
# A card number has 13 digits at least; counting them first spares the search on prose.
_DIGITS13: Final = re.compile(r"(?:\d\D*){13}")


def secret_value_shape(value: str) -> ValueShape | None:
    """The recognisable secret format this value has, if any."""
    for shape in VALUE_SHAPES:
        for needle in shape.needles:
            if needle in value:
                if shape.regex.search(value):
                    return shape
                break
    for match in _CARD_VALUE.finditer(value) if _DIGITS13.search(value) else ():
        digits = re.sub(r"[ -]", "", match.group())
        if 13 <= len(digits) <= 19 and luhn_ok(digits) and len(set(digits)) > 1:
            return ValueShape("payment.card_number", "a payment card number", _CARD_VALUE, ())
    return None


# A card number is digits only: a pattern that must start with a letter ("^SW-\d{4}-\d{4}-\d{4}$",
# "^[A-Z]{2}\d{14}$") is a friend code, a waybill or an account number in the same groups.
_LETTER_FIRST: Final = re.compile(r"\^\(?(?:\?:)?(?:[A-Za-z]|\[(?:A-Z|a-z|A-Za-z|a-zA-Z)\])")


def card_pattern(pattern: str) -> bool:
    """True when a JSON Schema pattern describes a payment card number."""
    spaced = _SPACED_DIGITS.match(pattern)
    if spaced is not None:
        # "{16,}" takes a card with its spaces as well as "{16,23}".
        low = int(spaced["low"])
        high = int(spaced["high"]) if spaced["high"] else low + 7 if spaced["comma"] else low
        return 13 <= low <= 19 and low <= high and 16 <= high <= 23
    span = digit_span(pattern)
    if _CARD_PATTERN.search(pattern):
        return not _LETTER_FIRST.match(pattern) and (span is None or _card_shaped(pattern, span))
    return span is not None and span[0] >= 12 and 15 <= span[1] <= 19 and _card_shaped(pattern, span)


def _card_shaped(pattern: str, span: tuple[int, int]) -> bool:
    """Whether a digits-only pattern starts as a card does and keeps a card's groups."""
    return _card_start(pattern, span) and _card_groups(pattern)


# A card's digits with the spaces or hyphens people type between its groups, in one class:
# "^[0-9 ]{16,19}$", "^[0-9 ]{13,19}$", "^[\\d -]{16,23}$" (16 digits and three spaces make 19); a class
# that must take 20 characters or more (Spain's 20-digit CCC) or can hold no 16 digits (an identity
# number, a barcode: "^[0-9 ]{13,15}$") is no card's. The class's members in any order ("[ 0-9]",
# "[\\s\\d]"), in a group or not, the count open or not ("{16,}").
_SPACED_DIGITS: Final = re.compile(
    r"^\^?(?:\(\?:)?\[(?=[^\]]*(?:0-9|\\d))(?:0-9|\\d| |-|\\-|\\s){2,4}\]\{(?P<low>\d{1,2})(?P<comma>,)?(?P<high>\d{1,2})?\}\)?\$?$")


# A card number starts with 2 to 6 (Mir and Mastercard's 2-series, Amex and Diners, Visa, Mastercard,
# Discover and UnionPay), 8 or 9 (RuPay, UzCard, Humo, Troy); one that starts with 2 has 16 digits.
# "^[12][0-9]{14}$" (France's social security number) or "^0\d{15}$" starts as no card does.
_FIRST_ATOM: Final = re.compile(r"\^?(\\d|\[(?:[0-9](?:-[0-9])?)+\]|[0-9])")


def _card_start(pattern: str, span: tuple[int, int]) -> bool:
    first = _FIRST_ATOM.match(pattern)
    if first is None or pattern[first.end():first.end() + 1] in ("?", "*") or pattern.startswith("{0", first.end()):
        return True  # an optional first digit ("^0?[0-9]{16}$"): any card fits after it
    firsts = _atom_digits(first[1])
    return bool(firsts & set("345689")) or ("2" in firsts and span[0] <= 16 <= span[1])


def _atom_digits(atom: str) -> set[str]:
    """The digits one atom of a pattern admits ("\\d": all ten, "[1-3]": 1, 2, 3, "7": 7)."""
    if atom == "\\d":
        return set("0123456789")
    if atom.isdigit():
        return {atom}
    return {chr(c) for low, high in re.findall(r"([0-9])(?:-([0-9]))?", atom[1:-1])
            for c in range(ord(low), ord(high or low) + 1)}


# Groups of digits a separator keeps apart: a card's are fours (the last may be shorter: "4-4-4-4-3"),
# or Amex's and Diners' 4-6-5 and 4-6-4. "^[0-9]{3}-[0-9]{13}-[0-9]{2}$" (a Serbian account) and
# "^\d{2}-\d{4}-\d{4}-\d{4}$" (India's ABHA health id) are not a card's.
_GROUP_SEPARATOR: Final = re.compile(r"\[(?:\\s| |-|\\-)+\]\??|\\s\??| \??|\\?-\??")


def _split_groups(body: str) -> list[str]:
    """A pattern's pieces between separators, a class's own hyphen ("[0-9]") being none."""
    pieces, start, at = [], 0, 0
    while at < len(body):
        separator = _GROUP_SEPARATOR.match(body, at)
        if separator is not None:
            pieces.append(body[start:at])
            start = at = separator.end()
        elif body[at] == "\\":
            at += 2  # an escape ("\\d") is one atom
        elif body[at] == "[":
            close = body.find("]", at)
            at = len(body) if close < 0 else close + 1  # a class is one atom, its hyphen no separator
        else:
            at += 1
    pieces.append(body[start:])
    return pieces


def _card_groups(pattern: str) -> bool:
    body = pattern.removeprefix("^").removesuffix("$")
    if "(" in body or "|" in body:
        return True  # groups repeated or alternatives: not split here ("^(\\d{4}[ -]?){4}$" is a card's)
    if any(separator.group().endswith(("?", "*")) for separator in _GROUP_SEPARATOR.finditer(body)):
        return True  # a separator that may be left out ("^\\d{8} ?\\d{8}$"): a card typed without spaces fits
    pieces = _split_groups(body)
    if len(pieces) < 2:
        return True
    sizes = []
    for piece in pieces:
        span = digit_span(piece)
        if span is None or span[0] != span[1]:
            return True  # a group of varying length: read as a card's, as before
        sizes.append(span[0])
    return (all(size == 4 for size in sizes[:-1]) and 1 <= sizes[-1] <= 4) or sizes in ([4, 6, 5], [4, 6, 4])


# A pattern of digits alone, spread over several pieces: a prefix, classes, quantifiers, optional
# groups and alternatives ("^5[1-5][0-9]{14}$", "^4[0-9]{12}(?:[0-9]{3})?$", "^\\d{14}\\d{2}$"), with
# optional spaces or hyphens between groups ("^(\\d{4}[ -]?){4}$"). Longer patterns are no card regex.
_SPAN_MAX: Final = 160
_DIGIT_ATOM: Final = re.compile(r"\\d|\[(?:[0-9](?:-[0-9])?)+\]|[0-9]")
_SEPARATOR: Final = re.compile(r"\\s|\[(?:\\s| |-|\\-)+\]| |-|\\-")
_QUANTIFIER: Final = re.compile(r"\{(\d{1,2})(?:,(\d{1,2}))?\}|\?")


def _padding_digit(atom: str) -> bool:
    """Whether a digit atom is the server's padding: it admits fewer than the ten digits ("0", "[0]",
    "[01]", "[0-5]": "followed by 00000" fits each); only "\\d" or "[0-9]" leaves the digit to the user."""
    return len(_atom_digits(atom)) < 10


def digit_span(pattern: str, free: bool = False) -> tuple[int, int] | None:
    """The fewest and most digits a digits-only pattern takes, or None (not digits only, unbounded,
    or longer than a card regex is). With ``free``, only the digits the user chooses: a digit the
    pattern fixes or narrows ("0", "[0]", "[01]" or "[0-5]" after "^\\d{4}", padding the server wrote) counts
    as none."""
    if len(pattern) > _SPAN_MAX:
        return None
    body = pattern[1:] if pattern.startswith("^") else pattern
    body = body[:-1] if body.endswith("$") and not body.endswith("\\$") else body
    found = _sequence(body, 0, 0, free)
    return found[0] if found is not None and found[1] == len(body) else None


def _sequence(text: str, at: int, depth: int, free: bool = False) -> tuple[tuple[int, int], int] | None:
    """Alternatives of pieces from ``at`` up to a ")" or the end: ((fewest, most) digits, where it stopped)."""
    spans: list[tuple[int, int]] = []
    low = high = 0
    while True:
        if at == len(text) or text[at] in "|)":
            spans.append((low, high))
            if at < len(text) and text[at] == "|":
                low = high = 0
                at += 1
                continue
            return (min(s[0] for s in spans), max(s[1] for s in spans)), at
        piece: tuple[int, int]
        if text[at] == "(":
            if depth >= 4:
                return None
            start = at + 3 if text.startswith("(?:", at) else at + 1
            inner = _sequence(text, start, depth + 1, free)
            if inner is None or inner[1] >= len(text) or text[inner[1]] != ")":
                return None
            piece, at = inner[0], inner[1] + 1
        elif (atom := _DIGIT_ATOM.match(text, at)) is not None:
            fixed = free and _padding_digit(atom.group())
            piece, at = ((0, 0) if fixed else (1, 1)), atom.end()
        elif (sep := _SEPARATOR.match(text, at)) is not None:
            piece, at = (0, 0), sep.end()
        else:
            return None
        quantifier = _QUANTIFIER.match(text, at)
        if quantifier is not None:
            at = quantifier.end()
            if quantifier.group() == "?":
                piece = (0, piece[1])
            else:
                fewest = int(quantifier[1])
                most = int(quantifier[2]) if quantifier[2] is not None else fewest
                if most < fewest:
                    return None
                piece = (piece[0] * fewest, piece[1] * most)
        low, high = low + piece[0], high + piece[1]


# Prefixes of key formats, as named in a pattern, an example or a description ("starts with ghp_",
# "^sk-[A-Za-z0-9]{48}$"): a field whose schema spells the format of a secret asks for that secret.
KEY_PREFIXES: Final[tuple[tuple[str, str, str], ...]] = (
    ("credential.api_key", "an API secret key (sk-...)", r"sk-(?:ant-|proj-|live-|or-)?"),
    ("credential.api_key", "a Stripe secret key", r"[sr]k_(?:live|test)_"),
    ("credential.token", "a GitHub token", r"gh[pousr]_|github_pat_"),
    ("credential.token", "a GitLab token", r"glpat-|glrt-|gldt-"),
    ("credential.token", "a Slack token", r"xox[abposr]-|xapp-"),
    ("credential.token", "a Hugging Face token", r"hf_"),
    ("credential.api_key", "an AWS access key id", r"AKIA|ASIA"),
    ("credential.api_key", "a Google API key", r"AIza"),
    ("credential.token", "an npm or PyPI token", r"npm_|pypi-"),
    ("credential.token", "a DigitalOcean or Shopify token", r"dop_v1_|shpat_|shpss_"),
    ("credential.token", "a JSON Web Token", r"eyJ"),
    ("credential.private_key", "a PEM private key", r"-----BEGIN [A-Z ]*PRIVATE KEY|BEGIN OPENSSH PRIVATE"),
)
# A pattern may spell a prefix with a character class or an alternation ("xox[bp]-", "(AKIA|ASIA)").
_IN_PATTERN: Final = {
    r"gh[pousr]_|github_pat_": r"gh(?:[pousr]|\[[pousr]+\])_|github_pat_",
    r"xox[abposr]-|xapp-": r"xox(?:[abposr]|\[[abposr]+\])-|xapp-",
    r"[sr]k_(?:live|test)_": r"(?:[sr]k|\[sr\]k)_(?:live|test|\(live\|test\)|\(test\|live\))_",
    r"AKIA|ASIA": r"AKIA|ASIA|A\[KS\]IA|\(\?:?AKIA\|ASIA\)",
}
# In a pattern the prefix follows ^, \b or a group; in prose it stands as its own token. Each is one
# alternation with a named group per format, so a text is searched once.
_PREFIX_IN_PATTERN: Final = re.compile(r"(?:^\^?|\\b|\(\?:|\()(?:" + "|".join(
    f"(?P<k{i}>{_IN_PATTERN.get(rx, rx)})" for i, (_r, _l, rx) in enumerate(KEY_PREFIXES)) + r")(?![a-z]{3})")
# A prefix ending in "-" or "_" ("sk-", "ghp_") may also end the sentence ("it starts with sk-").
# The characters between a prefix and its ellipsis or x's are bounded (an example in prose shows a few:
# "sk-proj-abc..."): unbounded, a run that repeats a prefix ("sk-sk-sk-...", 8 KiB of it) was tried from
# each prefix to the run's end, quadratic (over 300 ms a text, some 40 us a character).
_PROSE_EXAMPLE: Final = 128
_PREFIX_IN_PROSE: Final = re.compile(r"(?<![A-Za-z0-9])[\"'`(]?(?:" + "|".join(
    f"(?P<k{i}>{rx})" for i, (_r, _l, rx) in enumerate(KEY_PREFIXES))
    + r")(?:[A-Za-z0-9_.\-]{0," + str(_PROSE_EXAMPLE) + r"}(?:\.\.\.|…|\*|x{3,}|X{3,})"
    + r"|[\"'`)]|(?<=[-_])(?=[\s.,;:!?]|$))")


def _named(match: re.Match[str] | None) -> tuple[str, str] | None:
    if match is None or match.lastgroup is None:
        return None
    rule, label, _rx = KEY_PREFIXES[int(match.lastgroup[1:])]
    return rule, label


def key_format_in_pattern(pattern: str) -> tuple[str, str] | None:
    """(rule, label) when a JSON Schema pattern spells a known key format's prefix."""
    return _named(_PREFIX_IN_PATTERN.search(pattern))


# Every prefix above holds "-" or "_" or one of these: prose without any names no key format.
_PROSE_NEEDLES: Final = re.compile("[-_]|AKIA|ASIA|AIza|eyJ|BEGIN")


def key_format_in_prose(text: str) -> tuple[str, str] | None:
    """(rule, label) when prose names a key format ("it starts with `ghp_`", "looks like sk-...")."""
    if _PROSE_NEEDLES.search(text) is None:
        return None
    return _named(_PREFIX_IN_PROSE.search(text))


@dataclass(frozen=True, slots=True)
class NameShape:
    """A field name (separators removed, case-folded, de-leeted) that password managers and form
    builders use for a credential: ``userpwd``, ``pass_word``, ``pin1``, ``ccnum``."""

    rule: str
    label: str
    regex: re.Pattern[str]


_OWNER: Final = r"(?:user|usr|login|logon|signin|admin|root|db|my|new|old|confirm|current|curr|account|acct|ftp|smtp|" \
                r"imap|pop|mail|email|wifi|wlan|sys|app|web|site|master|vault|txt|input|inp|fld|field|reg|re|repeat|verify)?"
NAME_SHAPES: Final[tuple[NameShape, ...]] = (
    NameShape("credential.password", "a password", re.compile(
        r"^" + _OWNER + r"(?:pwd|pw|pword|passwd|passwrd|pswd|psw|pwrd|pazzword|passw|pass|password)"
        r"(?:\d{1,2}|confirm|confirmation|again|repeat|check|verify|field|input|txt|hash)?$")),
    NameShape("payment.pin", "a PIN", re.compile(
        r"^(?:new|old|user|card|atm|sim|confirm|my|login|security|secret|transaction|txn|account|acct|m|t|upi)?pin"
        r"(?:\d{1,2}|confirm|again|no|num|nr|entry)?$")),
    NameShape("payment.cvv", "a card security code", re.compile(r"^(?:cc|card|credit)?(?:cvv|cvc|csc|cvn|cav|cvd)\d?$")),
    NameShape("payment.card_number", "a payment card number", re.compile(
        r"^(?:cc|card|credit|debit|creditcard|debitcard)(?:no|num|nr|nbr|number|pan)$|^ccn$|^cardpan$|^ccpan$")),
    NameShape("credential.otp", "a one-time code", re.compile(
        r"^(?:sms|email|mail|phone|mfa|twofa|tfa|2fa|totp|otp|auth|login|signin|verify|verification|confirm)"
        r"(?:code|otp|pin|token|digits)\d?$|^otp\d*$")),
)


_NAME_SHAPES: Final = re.compile("|".join(f"(?P<n{i}>{shape.regex.pattern})" for i, shape in enumerate(NAME_SHAPES)))


def name_shape(squashed_name: str) -> NameShape | None:
    match = _NAME_SHAPES.match(squashed_name)
    return NAME_SHAPES[int(match.lastgroup[1:])] if match is not None and match.lastgroup else None


# "<product> key": a key named for a vendor is an API key ("Tavily key", "Replicate key"), unless the
# word before it makes it a key of another kind: musical, map, keyboard, database or data-structure keys.
NOT_VENDOR_KEY: Final = frozenset({
    # grammar, not a product
    "your", "the", "a", "an", "my", "our", "their", "this", "that", "its", "his", "her", "any", "each", "every", "one",
    "new", "old", "same", "which", "what", "of", "for", "with", "and", "or", "to", "is", "as", "by", "in", "on", "at",
    "no", "main", "first", "second", "next", "last", "other", "correct", "right", "wrong",
    # music, maps, keyboards, physical keys
    "musical", "music", "song", "tune", "track", "melody", "chord", "scale", "major", "minor", "sharp", "flat", "tonic",
    "c", "d", "e", "f", "g", "b", "map", "legend", "chart", "plot", "graph", "keyboard", "piano", "hot", "shortcut",
    "enter", "escape", "esc", "arrow", "function", "fn", "modifier", "alt", "ctrl", "shift", "control", "space",
    "return", "tab", "delete", "backspace", "house", "door", "car", "room", "office", "locker", "spare", "master",
    "skeleton", "allen", "hex", "piano", "answer", "marking", "grading", "colour", "color", "chroma",
    # data structures and databases
    "primary", "foreign", "sort", "partition", "composite", "unique", "index", "lookup", "dictionary", "dict", "map",
    "hash", "cache", "idempotency", "dedup", "deduplication", "object", "s3", "bucket", "blob", "registry", "config",
    "configuration", "setting", "settings", "json", "yaml", "field", "column", "row", "table", "record", "item", "entry",
    "metadata", "property", "attribute", "tag", "label", "range", "distribution", "shard", "join", "natural",
    "surrogate", "candidate", "routing", "grouping", "group", "event", "message", "header", "translation", "i18n",
    "l10n", "locale", "string", "resource", "cursor", "pagination", "page", "sorting", "search", "query", "filter",
    "order", "redis", "memcached", "kv", "store", "storage", "env", "variable", "dimension", "metric", "feature", "flag",
    "experiment", "variant", "cohort", "segment", "public", "publishable", "pub", "verification", "host", "known",
    "node", "parent", "child", "root", "leaf", "tree", "list", "array", "set", "type", "kind", "category", "class",
    "name", "display", "react", "vue", "list", "item", "component", "element", "widget", "ui", "id", "uuid", "guid",
    "hotkey", "access", "api", "secret", "private", "signing", "encryption", "license", "licence", "product",
    "activation", "serial", "recovery", "security", "session", "ssh", "gpg", "pgp", "wifi", "wpa", "network",
    # Hungarian puts the product first too ("Számla Agent kulcs"): its articles and non-vendor keys.
    "az", "egy", "új", "régi", "zenei", "hangnem", "ajtó", "lakás", "autó", "ház", "szekrény", "elsődleges", "idegen",
    "nyilvános", "publikus", "basszus", "violin", "hegedű", "tonális", "főkulcs", "pót", "tartalék",
})
_VENDOR_KEY_HEADS: Final = frozenset({"key", "keys", "kulcs", "kulcsa", "kulcsot", "kulcsát"})


def vendor_key(words: tuple[str, ...]) -> bool:
    """Words that end in "<product> key": a key named for a vendor's product."""
    if _VENDOR_KEY_HEADS.isdisjoint(words):
        return False
    for i in range(1, len(words)):
        if words[i] in _VENDOR_KEY_HEADS and (i + 1 == len(words) or words[i + 1] in ("for", "from", "to", "here")):
            before = words[i - 1]
            if before.isalpha() and len(before) > 1 and before not in NOT_VENDOR_KEY:
                return True
    return False


# A numeric code of 4 to 8 digits (pattern, or equal min/max length, or an integer range of that
# many digits): next to a sign-in message it is a one-time code.
_CODE_PATTERN: Final = re.compile(r"^\^?(?:\\d|\[0-9\])(?:\{[4-8]\}|\{[4-8],[4-8]\})\$?$|^\^?(?:\\d|\[0-9\]){4,8}\$?$")


def numeric_code_shape(kind: str, prop: dict[str, object]) -> bool:
    """True when a field is shaped like a 4-8 digit code."""
    pattern = prop.get("pattern")
    if isinstance(pattern, str) and _CODE_PATTERN.match(pattern):
        return True
    low, high = prop.get("minLength"), prop.get("maxLength")
    if kind == "string" and isinstance(low, int) and low == high and 4 <= low <= 8:
        return True
    low, high = prop.get("minimum"), prop.get("maximum")
    if kind == "number" and isinstance(low, int) and isinstance(high, int) and 0 <= low and 999 < high <= 99_999_999:
        return len(str(high)) in range(4, 9) and str(high).strip("9") == ""
    return False


_THREE_DIGITS: Final = re.compile(r"^\^?(?:\\d|\[0-9\])(?:\{3\}|\{3,4\})\$?$|^\^?(?:\\d|\[0-9\]){3}\$?$")


def three_digit_shape(kind: str, prop: dict[str, object]) -> bool:
    """True when a field takes exactly three digits (or three to four): the shape of a card's CVV."""
    pattern = prop.get("pattern")
    if isinstance(pattern, str) and _THREE_DIGITS.match(pattern):
        return True
    low, high = prop.get("minLength"), prop.get("maxLength")
    if kind == "string" and isinstance(low, int) and isinstance(high, int) and low == 3 and high in (3, 4):
        return True
    low, high = prop.get("minimum"), prop.get("maximum")
    return kind == "number" and isinstance(low, int) and isinstance(high, int) and 0 <= low and high in (999, 9999)


# India's postal PIN code: six digits, the first never 0 ("^[1-9][0-9]{5}$", "^[1-9]\\d{2}\\s?\\d{3}$"). A
# card PIN may start with 0, so a pattern that rules it out is a postal code's.
_INDIAN_POSTAL: Final = re.compile(
    r"^\^?\[1-9\](?:(?:\[0-9\]|\\d)\{5\}|(?:\[0-9\]|\\d)\{2\}(?:\\s|\[ \]| )[?*]?(?:\[0-9\]|\\d)\{3\})\$?$")


def postal_pin_pattern(pattern: object) -> bool:
    """True when a JSON Schema pattern is India's postal PIN code (six digits, the first not 0)."""
    return isinstance(pattern, str) and _INDIAN_POSTAL.match(pattern) is not None


def holds_at_most(kind: str, prop: dict[str, object]) -> int | None:
    """How many digits a number field can hold at most, from its ``maximum`` (None: unbounded or text)."""
    high = prop.get("maximum")
    if kind != "number" or not isinstance(high, (int, float)) or isinstance(high, bool) or high < 0:
        return None
    return len(str(int(high)))


_DIGITS_ONLY: Final = re.compile(r"^\^?(?:\\d|\[0-9\])(?:[+*]|\{\d+(?:,\d*)?\})\$?$")
_FIXED_DIGITS: Final = re.compile(r"^\^?(?:\\d|\[0-9\])\{(?P<low>\d{1,3})(?:,\d{0,3})?\}\$?$")


def fewest_digits(prop: dict[str, object]) -> int | None:
    """The fewest digits a digits-only pattern leaves the user to choose ("^\\d{10}$": 10,
    "^[12][0-9]{13}$": 13, "^01\\d{9}$": 9), or None (no such pattern). A digit the pattern fixes or
    narrows is the server's padding, never the user's: "^\\d{4}0{5}$" and "^\\d{4}[01]{5}$" are four-digit
    PINs typed with five zeros after them."""
    pattern = prop.get("pattern")
    if not isinstance(pattern, str):
        return None
    match = _FIXED_DIGITS.match(pattern)
    if match:
        return int(match["low"])
    span = digit_span(pattern, free=True)
    return span[0] if span is not None and span[0] > 1 else None


def card_length(kind: str, prop: dict[str, object]) -> bool:
    """A digits-only field exactly as long as a card number (13 to 19 digits, reaching 15: see _CARD_PATTERN)."""
    if kind == "string":
        low, high, pattern = prop.get("minLength"), prop.get("maxLength"), prop.get("pattern")
        return (isinstance(low, int) and isinstance(high, int) and 13 <= low <= high <= 19 and high >= 15
                and isinstance(pattern, str) and bool(_DIGITS_ONLY.match(pattern)))
    low, high = prop.get("minimum"), prop.get("maximum")
    return isinstance(low, int) and isinstance(high, int) and 10**12 <= low and high < 10**19


# "PAN" as an acronym (upper case, as written), when not India's tax id ("PAN card", "PAN number" with
# income tax / Aadhaar / KYC around it).
_PAN: Final = re.compile(r"\bPAN\b(?!\s*(?:card|Card|CARD))")
_PAN_TAX: Final = re.compile(r"(?i)\b(?:income tax|aadhaar|aadhar|kyc|gst|tax|itr|permanent account)\b")
_LUHN_HINT: Final = re.compile(r"(?i)\bluhn\b")


def card_hint(text: str) -> bool:
    """A card number asked by its acronym or its checksum ("PAN", "must pass the Luhn check")."""
    return (("uhn" in text.lower() and bool(_LUHN_HINT.search(text)))
            or ("PAN" in text and bool(_PAN.search(text)) and not _PAN_TAX.search(text)))

"""A second line of defence: secrets in what the client sends back (an ``accept`` result's
``content``, or 2026-07-28 ``inputResponses``), whatever the form looked like.

Each detector is a small declarative class with the ``response.*`` rule it reports. Known token
formats, private keys and JWTs come from Yelp's detect-secrets plugins (kept behind this module;
loaded on first use); card numbers are checked with Luhn and the card networks' prefixes; seed
phrases against the BIP-39 word lists (as shipped by the ``mnemonic`` package); high-entropy
strings with detect-secrets' entropy measure, only in fields whose schema did not declare a
pattern or format that explains them. A finding names the rule, the detector and the field, never
the value.
"""

from __future__ import annotations

import hashlib
import re
import string
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, ClassVar, Final

from elicitguard.policies.breath import breathe
from elicitguard.policies.named_secret import named_secret
from elicitguard.policies.shapes import VALUE_SHAPES, luhn_ok

# The window a value is scanned in: a pasted private key or kubeconfig fits; a longer value is read a
# window at a time, to its end.
MAX_SCAN: Final = 65536
# The answer text one frame may have scanned (characters: about a second of judging, uncompiled). A
# frame holding more is withheld unread (rule response.too_large): one client's huge answers cannot
# hold for long the judging threads every session shares, and nothing unread reaches the server.
MAX_SCANNED_TEXT: Final = 1 << 20
TOO_LARGE: Final = "response.too_large"


@dataclass(frozen=True, slots=True)
class Finding:
    rule: str
    detector: str
    field: str

    def detail(self) -> str:
        if not self.field:
            return f"the name of a field sent matched detector '{self.detector}'"
        return f"the value sent for field '{self.field}' matched detector '{self.detector}'"


class ResponseDetector:
    """Base class: subclasses declare their rule and a label, and say whether a value is a hit."""

    rule: ClassVar[str]
    label: ClassVar[str]

    @classmethod
    def found(cls, value: str, declared: dict[str, Any], name: str = "") -> str | None:
        """The name of what was found in ``value`` (``declared``: the field's schema, if known;
        ``name``: the field's name)."""
        raise NotImplementedError


@cache
def _plugins() -> dict[str, list[Any]]:
    """detect-secrets plugin instances by our rule, built once."""
    from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class

    by_rule: dict[str, list[Any]] = {"response.private_key": [], "response.jwt": [], "response.known_token": []}
    plugins: dict[str, Any] = get_mapping_from_secret_type_to_class()
    for secret_type, plugin in plugins.items():
        if secret_type == "Private Key":
            by_rule["response.private_key"].append(plugin())
        elif secret_type == "JSON Web Token":
            by_rule["response.jwt"].append(plugin())
        elif secret_type not in ("Secret Keyword", "Public IP (ipv4)", "Base64 High Entropy String",
                                 "Hex High Entropy String"):
            # Keyword hits need source code around them; a public IP is not a secret.
            by_rule["response.known_token"].append(plugin())
    return by_rule


# detect-secrets' regexes backtrack. The keyword ones (Cloudant, IBM, SoftLayer) read "(?: *)(?:=|:|
# +)(?: *)", cubic in a run of spaces (2 KiB of them after "cloudant_key" cost over a minute): one
# space reads as many. OpenAI's ("sk-[...]*[...]{20}T3BlbkFJ"), the JWT's ("eyJ[...]+\.") and npm's
# ("//.+/:_authToken=") are quadratic in a run that repeats their start ("sk-sk-sk-..."): they read
# only the pieces that hold what they need, each no longer than the longest such secret.
_SPACE_RUN: Final = re.compile(r" {2,}")
_PIECES: Final[dict[str, tuple[str, re.Pattern[str], int]]] = {
    "OpenAI Token": ("T3BlbkFJ", re.compile(r"[A-Za-z0-9_-]+"), 1024),
    "JSON Web Token": ("eyJ", re.compile(r"[A-Za-z0-9_=.+/-]+"), 16384),
    "NPM tokens": (":_authToken=", re.compile(r".+"), 2048),
}
# Pieces read around a needle's later places in one value: each costs up to a quarter of a bound's
# square in a hostile run, so a value has a few (a secret past them, in a run longer than a bound
# that holds more needles, is still missed).
_EXTRA_PIECES: Final = 3


def _pieces(secret_type: str, value: str) -> Iterator[str]:
    """What one plugin reads of a value: the value, or its bounded pieces holding the plugin's needle."""
    piece = _PIECES.get(secret_type)
    if piece is None:
        yield value
        return
    needle, run, longest = piece
    if needle in value:
        extra = _EXTRA_PIECES
        for match in run.finditer(value):
            text = match.group()
            if needle in text:
                if len(text) <= longest:
                    yield text
                    continue
                # Past the longest secret: the part around the needle's first place, bounded; and, a few
                # times a value, a shorter one around a later place the piece before leaves less than a
                # quarter of the bound after ("//a/:_authToken=${NPM_TOKEN} ... //b/:_authToken=npm_..." on one line).
                at = text.index(needle)
                start = max(0, at - longest // 2)
                end = start + longest
                yield text[start:end]
                while extra and (at := text.find(needle, at + 1)) >= 0:
                    if at + longest // 4 > end:
                        # Half a bound, an eighth before the needle: enough for a secret's start
                        # ("sk-proj-...", "//registry/"), a quarter of the cost in a hostile run.
                        start = max(0, at - longest // 8)
                        end = start + longest // 2
                        extra -= 1
                        yield text[start:end]


def _plugin_hit(rule: str, value: str) -> str | None:
    value = _SPACE_RUN.sub(" ", value)
    for plugin in _plugins()[rule]:
        for piece in _pieces(str(plugin.secret_type), value):
            for _ in plugin.analyze_string(piece):
                return str(plugin.secret_type)
    return None


class PrivateKey(ResponseDetector):
    rule = "response.private_key"
    label = "a private key"

    @classmethod
    def found(cls, value: str, declared: dict[str, Any], name: str = "") -> str | None:
        if "PuTTY-User-Key-File-" in value and "Private-Lines:" in value:
            return "PuTTY private key"  # a .ppk holds no "PRIVATE KEY"; detect-secrets knows version 2 only
        return _plugin_hit(cls.rule, value) if "PRIVATE KEY" in value else None


class JsonWebToken(ResponseDetector):
    rule = "response.jwt"
    label = "a JSON Web Token"

    @classmethod
    def found(cls, value: str, declared: dict[str, Any], name: str = "") -> str | None:
        return _plugin_hit(cls.rule, value) if "eyJ" in value else None


class KnownToken(ResponseDetector):
    """Token formats detect-secrets knows (AWS, GitHub, GitLab, Slack, Stripe, OpenAI, npm, PyPI,
    SendGrid, Twilio, Discord, Telegram, basic-auth URLs...) and a few more of ours (Hugging Face,
    Google API keys, Anthropic, DigitalOcean, Shopify, a URL with a password and no user name)."""

    rule = "response.known_token"
    label = "a known API token format"

    @classmethod
    def found(cls, value: str, declared: dict[str, Any], name: str = "") -> str | None:
        found = _plugin_hit(cls.rule, value)
        if found is not None:
            return found
        for shape in VALUE_SHAPES:
            breathe()  # each search reads the whole value: compiled, the loop would keep the GIL throughout
            if shape.regex.search(value):
                return re.sub(r"^an? ", "", shape.label)
        return None


# Card networks' number prefixes and lengths (Visa, Mastercard, Amex, Discover, JCB, Diners,
# UnionPay, Maestro, Mir): a Luhn-valid number outside them (an IMEI, an order number) is not a card.
_CARD_NETWORK: Final = re.compile(
    r"^(?:4\d{12}(?:\d{3}){0,2}|5[1-5]\d{14}|2(?:2[2-9]\d|[3-6]\d\d|7[01]\d|720)\d{12}|3[47]\d{13}|"
    r"6(?:011|5\d\d|4[4-9]\d)\d{12,15}|35(?:2[89]|[3-8]\d)\d{12,15}|3(?:0[0-5]|[68]\d)\d{11,16}|62\d{14,17}|"
    r"(?:50|5[6-9]|6\d)\d{10,17}|220[0-4]\d{12})$")
# Digits grouped as people type them: by spaces (one or two), dashes (a spaced one too), dots or
# slashes; a typographic dash or a tab reads as a hyphen or a space.
_GROUPS: Final = re.compile(r"\d+(?:[ .\-/]{1,3}\d+)*")
_SEPARATORS: Final = str.maketrans({"\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-",
                                    "\u2212": "-", "\t": " "})
_CARD_DIGITS: Final = range(13, 20)


def _card_candidates(chunks: list[str]) -> Iterator[str]:
    """The numbers a run of digit groups may hold a card as: the whole run, and, where spaces part
    it, its chunks of four digits or more from its first on or up to its last, of a card's length
    ("4111 1111 1111 1111 12/27 123": the card, then its expiry and CVV in the same field; "12/27
    4111-1111-1111-1111"). Not a count ("1 2 3 ... 13") nor a version ("1.2.3....13") in part."""
    whole = "".join(chunks)
    if len(whole) in _CARD_DIGITS:
        yield whole
    for ordered, from_first in ((chunks[:-1], True), (chunks[:0:-1], False)):
        length = 0
        for chunk in ordered:
            length += len(chunk)
            if len(chunk) < 4 or length > _CARD_DIGITS[-1]:
                break
            if length in _CARD_DIGITS:
                yield whole[:length] if from_first else whole[-length:]


class CardNumber(ResponseDetector):
    rule = "response.card_number"
    label = "a payment card number (Luhn-valid, a card network's prefix)"

    @classmethod
    def found(cls, value: str, declared: dict[str, Any], name: str = "") -> str | None:
        # Fullwidth and other scripts' digits are the same number ("４１１１…", "٤١١١…").
        for match in _GROUPS.finditer(unicodedata.normalize("NFKC", value).translate(_SEPARATORS)):
            chunks = ["".join(str(int(c)) for c in chunk if c.isdigit()) for chunk in match.group().split()]
            for digits in _card_candidates([chunk for chunk in chunks if chunk]):
                if _CARD_NETWORK.match(digits) and luhn_ok(digits) and len(set(digits)) > 1:
                    return "payment card number"
        return None


@cache
def _bip39() -> list[dict[str, int]]:
    """The BIP-39 word lists, one per language, each word with its index (the checksum reads them)."""
    lists = []
    for entry in sorted(resources.files("mnemonic").joinpath("wordlist").iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".txt"):
            words = [w.strip() for w in entry.read_text(encoding="utf-8").split() if w.strip()]
            lists.append({word: index for index, word in enumerate(words)})
    return lists


_SEED_LENGTHS: Final = (12, 15, 18, 21, 24)
# A seed's words as people copy them: numbered ("1. abandon 2. ability", "1) abandon"), one a line,
# comma-separated, inside a sentence. Digits and punctuation are no part of any BIP-39 word.
_SEED_WORD: Final = re.compile(r"[^\W\d_]+")
# Runs of seed words read in one value: a hostile value of 64 KiB of them costs a bounded number of checks.
_SEED_RUNS: Final = 64
_SHORT_RUN: Final = 26


def _checksum_ok(indices: list[int]) -> bool:
    """Whether a run of BIP-39 word indices carries its own checksum (the last ENT/32 bits are the
    first bits of the SHA-256 of the entropy before them): 1 in 16 random runs of 12 words do."""
    checksum = len(indices) * 11 // 33
    value = 0
    for index in indices:
        value = (value << 11) | index
    entropy = (value >> checksum).to_bytes((len(indices) * 11 - checksum) // 8, "big")
    return value & ((1 << checksum) - 1) == hashlib.sha256(entropy).digest()[0] >> (8 - checksum)


@cache
def _any_bip39() -> frozenset[str]:
    return frozenset(word for wordlist in _bip39() for word in wordlist)


def _seed_runs(words: list[str]) -> Iterator[tuple[dict[str, int], int, int]]:
    """Each maximal run of at least 12 consecutive words of one BIP-39 list: (the list, start, end).
    Only where the words of all lists together make such a run (one pass; ordinary text never does)."""
    spans = _runs(words, _any_bip39())
    for wordlist in _bip39() if spans else ():
        for first, last in spans:
            for start, end in _runs(words[first:last], wordlist):
                yield wordlist, first + start, first + end


def _runs(words: list[str], wordlist: dict[str, int] | frozenset[str]) -> list[tuple[int, int]]:
    runs, start = [], 0
    for end in range(len(words) + 1):
        if end == len(words) or words[end] not in wordlist:
            if end - start >= _SEED_LENGTHS[0]:
                runs.append((start, end))
            start = end + 1
    return runs


def _windows(start: int, end: int, everywhere: bool) -> Iterator[tuple[int, int]]:
    """Each seed-long window of a run of words as (first word, length): at every place, or only at
    the run's two ends."""
    for length in (n for n in _SEED_LENGTHS if n <= end - start):
        yield from ((first, length) for first in (range(start, end - length + 1) if everywhere
                                                  else dict.fromkeys((start, end - length))))


class SeedPhrase(ResponseDetector):
    """A wallet seed phrase: a value whose words are 12, 15, 18, 21 or 24 words of one BIP-39 list
    (numbered, one a line or comma-separated as copied), or such a run inside a longer text whose
    first or last words of a seed's length carry the BIP-39 checksum ("my recovery words are ...")."""

    rule = "response.seed_phrase"
    label = "a wallet seed phrase (BIP-39 words)"

    @classmethod
    def found(cls, value: str, declared: dict[str, Any], name: str = "") -> str | None:
        words = _SEED_WORD.findall(value.casefold())
        if len(words) < _SEED_LENGTHS[0]:
            return None
        for count, (wordlist, start, end) in enumerate(_seed_runs(words)):
            if count == _SEED_RUNS:
                break
            if end - start in _SEED_LENGTHS:
                return "BIP-39 seed phrase"
            # A short run is tried at every place (a seed with a BIP-39 word either side); a long one
            # at its ends only, so a hostile value's cost stays bounded.
            if any(_checksum_ok([wordlist[w] for w in words[first:first + length]])
                   for first, length in _windows(start, end, end - start <= _SHORT_RUN)):
                return "BIP-39 seed phrase"
        return None

    @classmethod
    def across(cls, values: list[Any]) -> int | None:
        """Where a seed typed a word a field starts (its index in ``values``): 12 or more consecutive
        fields each holding one word of one BIP-39 list ("word_1" ... "word_12", whatever the form
        called them), where a seed's length of them carry the BIP-39 checksum or repeat no word (an
        Electrum seed has its own checksum): twelve answers of a questionnaire ("always", "never",
        "often", ...) repeat theirs."""
        words = [v.strip().casefold() if isinstance(v, str) and _SEED_WORD.fullmatch(v.strip().casefold()) else ""
                 for v in values]
        for wordlist, start, end in _seed_runs(words):
            for first, length in _windows(start, end, True):
                window = words[first:first + length]
                if len(set(window)) == length or _checksum_ok([wordlist[w] for w in window]):
                    return first
        return None


_TOKEN: Final = re.compile(r"^[A-Za-z0-9+/=_\-.~]{20,}$")
_HEX: Final = re.compile(r"^[0-9a-fA-F]{32,}$")
_UUID: Final = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
_HASH_NAMES: Final = re.compile(r"(?i)commit|sha|hash|digest|checksum|revision|\brev\b|fingerprint|etag|\bid\b|_id$|Id$")
# Declared formats that explain a long random-looking value.
_EXPLAINED_FORMATS: Final = frozenset({"uri", "uri-reference", "uuid", "email", "date", "date-time", "hostname",
                                       "ipv4", "ipv6", "byte", "binary"})


def _entropy(value: str) -> float:
    from detect_secrets.plugins.high_entropy_strings import Base64HighEntropyString

    return float(Base64HighEntropyString().calculate_shannon_entropy(value))


# The symbols password generators add (1Password, Bitwarden, KeePass); "-", "_", "." and ":" alone
# join the words of names, versions and locales ("sr_RS.UTF-8").
_PASSWORD_SYMBOLS: Final = frozenset("!#$%&*@^~?+=<>|")
# What a browser's suggested password is made of (Chrome: letters, digits and "-", "_", ".", ":").
_BROWSER_ALPHABET: Final = frozenset(string.ascii_letters + string.digits + "-_.:")
# Code and markup a developer may paste, not a password: a regex class range ("[A-Za-z0-9]"), an
# attribute ('x="1"'), a closing tag, a call with a keyword argument, a hex literal, a URL, an e-mail.
_CODE: Final = re.compile(r"\[[^\]]*[0-9A-Za-z]-[0-9A-Za-z]|=[\"']|</|\w\(\w+=|\b0x[0-9a-fA-F]|://|^[^@]+@[^@]+\.[A-Za-z]{2,}$")
# Words: runs of three letters or more of one case, or capitalised ("Ctrl+Shift+4", "iPhone15Pro").
_WORDED: Final = re.compile(r"[a-z]{3,}|[A-Z]{3,}|[A-Z][a-z]{2,}")
_LOWER, _UPPER, _DIGIT, _SYMBOL = range(4)
# A number with a unit is a spec ("60Hz", "5.4GHz", "32GB", "5000mAh"), not a generator's draw: a random
# string holds one rarely (a digit, then the unit's letters in that case).
_UNIT: Final = re.compile(r"\d(?:[kMG]?Hz|[KMGT]B|[KMGT]iB|mAh|fps|[kMG]bps|nm|mm|cm|kg|km|ms)(?![A-Za-z])")
# Generators make passwords up to 100 (1Password) or 128 characters (Bitwarden). A random draw from
# some 70 characters repeats more the longer it is (about 42 distinct in 64): "few repeats" counts
# distinct characters against at most this many.
_LONGEST_PASSWORD: Final = 128
_DISTINCT_FROM: Final = 32


def _kind(char: str) -> int:
    return _LOWER if char.islower() else _UPPER if char.isupper() else _DIGIT if char.isdigit() else _SYMBOL


def generated_password(value: str) -> bool:
    """Whether a single token of printable ASCII looks made by a password generator: the kind of
    character (lower, upper, digit, symbol) changing at least every other character, letters
    changing case often and mostly outside words, few characters repeated; and either (12 to 128
    characters) every kind with a generator's symbol (1Password, Bitwarden, KeePass), or (14 to 128) a
    browser's suggestion of letters of both cases, two digits or more and at most one "-", "_", "." or
    ":", stricter on case and words.
    Measured (session 23, tools/generated_password_check.py): 77-95% of generated passwords with
    symbols of 12 to 100 characters (58% of 100 drawn from every ASCII symbol), 41-50% of letters and
    digits alone of 14 to 100; 911 of 16.2 million whitespace-separated tokens (0.006%) of Python's
    standard library and this repository's corpora and docs, nearly all code, regex and escaped
    byte-string fragments."""
    size = len(value)
    if not 12 <= size <= _LONGEST_PASSWORD or not value.isascii() or not value.isprintable() or " " in value:
        return False
    kinds = [_kind(c) for c in value]
    if _PASSWORD_SYMBOLS.isdisjoint(value):
        # No generator's symbol: a browser's suggestion, or nothing generated.
        browser = (size >= 14 and kinds.count(_DIGIT) >= 2 and kinds.count(_SYMBOL) <= 1
                   and _BROWSER_ALPHABET.issuperset(value))
        if not browser or _LOWER not in kinds or _UPPER not in kinds:
            return False
        case_changes, worded = 0.3, 0.5
    else:
        if len(set(kinds)) < 4 or value.count("/") > 1 or _CODE.search(value) or _UNIT.search(value):
            return False
        case_changes, worded = 0.2, 0.6
    if len(set(value)) < 0.7 * min(size, _DISTINCT_FROM) or sum(a != b for a, b in zip(kinds, kinds[1:])) < 0.5 * (size - 1):
        return False
    letters = [kinds[i] != kinds[i + 1] for i in range(size - 1) if kinds[i] <= _UPPER and kinds[i + 1] <= _UPPER]
    if letters and sum(letters) < case_changes * len(letters):
        return False
    return sum(map(len, _WORDED.findall(value))) <= worded * (kinds.count(_LOWER) + kinds.count(_UPPER))


# A pattern that admits any character explains nothing: a dot, \S, \W or \D, a negated class, or a
# class over the whole printable range ("^.*$", "^\S+$", "^[^\s]{12,}$", "^[!-~]+$") is what a server
# would declare to switch the check off. An alphabet spelled out ("^[A-Za-z0-9]{32}$", an order key)
# still explains a random-looking value; no server regex is run (ECMAScript, and it could backtrack).
_CATCH_ALL: Final = re.compile(r"(?<!\\)\.|\\[SWD]|\[\^|\[[^\]]*(?: |!|\\x2[01]|\\u002[01])-(?:~|\\x7[eE]|\\u007[eE])")


def _explains(pattern: Any) -> bool:
    """Whether a field's declared pattern explains a random-looking value (see _CATCH_ALL)."""
    return isinstance(pattern, str) and _CATCH_ALL.search(pattern) is None


class HighEntropy(ResponseDetector):
    """A long random-looking single token (detect-secrets' limits: 4.5 bits per character in the
    base64 alphabet, 3.0 for hex), or a password a generator made (``generated_password``), in a
    field whose schema did not declare a pattern or format for it."""

    rule = "response.high_entropy"
    label = "a high-entropy string (a likely secret)"

    @classmethod
    def found(cls, value: str, declared: dict[str, Any], name: str = "") -> str | None:
        value = value.strip()
        # A schema the form judge refused is kept in monitor mode (the form was forwarded): its
        # "format" may be any JSON value, a list or an object that no set lookup takes.
        fmt = declared.get("format")
        if (_explains(declared.get("pattern")) or (isinstance(fmt, str) and fmt in _EXPLAINED_FORMATS)
                or "enum" in declared):
            return None
        if not _TOKEN.match(value) or _UUID.match(value) or value.count(".") > 2:
            return cls._generated(value)
        has_digit, has_upper, has_lower = (any(c.isdigit() for c in value), any(c.isupper() for c in value),
                                           any(c.islower() for c in value))
        if value[:2] in ("0x", "0X") and _HEX.match(value[2:]):
            value = value[2:]  # an Ethereum private key as wallets print it ("0x4c08...")
        if _HEX.match(value):
            # A commit, a checksum or a fingerprint is hex too: only where the field is not named for one.
            if _HASH_NAMES.search(name) or len(value) < 40:
                return None
            return "high-entropy hex string" if _entropy(value) > 3.0 and has_digit else None
        if has_digit and has_upper and has_lower and _entropy(value) > 4.5:
            return "high-entropy string"
        return cls._generated(value)

    @staticmethod
    def _generated(value: str) -> str | None:
        """What is left of a value neither random-looking by entropy nor a hash: a generator's password."""
        return "generated password" if generated_password(value) else None


class NamedSecret(ResponseDetector):
    """A credential named and then given in words, in any language of the lexicon: "my password is
    hunter2", "PIN: 4821", "Passwort: Sonne2024", "API key 9f8e7d6c5b4a39281716". The word after the
    name (or after an "is", up to a few words on, or before an "is my <name>") must look like one:
    letters and digits, six characters or more (twelve for a key or token), or (a PIN, a one-time
    code) four to eight digits; the two in one clause; a look-alike beside the name ("PIN code" of a
    postal address in India, "password length", "token budget") excuses it. A secret of letters alone
    is not told from a word ("my password is sunshine")."""

    rule = "response.named_secret"
    label = "a credential named and given in words"

    @classmethod
    def found(cls, value: str, declared: dict[str, Any], name: str = "") -> str | None:
        return named_secret(value, declared, name)


DETECTORS: Final[tuple[type[ResponseDetector], ...]] = (PrivateKey, JsonWebToken, KnownToken, CardNumber, SeedPhrase,
                                                       HighEntropy, NamedSecret)
RESPONSE_RULES: Final = tuple(d.rule for d in DETECTORS)


# Consecutive windows of a long value overlap by this much, so a secret on a window's edge is whole in one.
_OVERLAP: Final = 4096


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        # A long value (a whole config file pasted into a field) is read to its end, a window at a time:
        # a key past the first window is still a key.
        yield value[:MAX_SCAN]
        for start in range(MAX_SCAN - _OVERLAP, len(value) - _OVERLAP, MAX_SCAN - _OVERLAP):
            yield value[start:start + MAX_SCAN]
    elif isinstance(value, bool):
        return
    elif isinstance(value, int):
        yield str(value)  # a card number typed into a number field
    elif isinstance(value, float):
        yield str(value)
        # A client that types numbers as floats sends a card number as 4111111111111111.0, whose ".0"
        # would read as one more group of digits: its digits are read as the integer it is too.
        if value.is_integer() and abs(value) < 1e21:
            yield str(int(value))
    elif isinstance(value, list):
        for item in value[:256]:
            yield from _strings(item)
        if value and all(isinstance(v, str) for v in value):
            yield " ".join(value)[:MAX_SCAN]  # a seed phrase split over a list
    elif isinstance(value, dict):
        # No form's answer holds an object, but one that does is read all the same, its names too:
        # nothing unread reaches the server.
        for key, item in list(value.items())[:256]:
            yield from _strings(key)
            yield from _strings(item)


# What a value costs the scan beyond its characters, in characters: every detector runs on it, an
# empty string too (a million empty strings would otherwise count as nothing and take seconds).
VALUE_COST: Final = 32


def scanned_size(content: Any, limit: int) -> int:
    """What scan_content costs on ``content`` (its characters as _strings yields them, each value and
    field name at least VALUE_COST), counted until it passes ``limit``; past it too when the content
    has more fields, or an object or list more items, than the scan reads (256): what is not read
    must not reach the server either."""
    return _size(content, limit) if isinstance(content, dict) else 0


def _size(value: Any, limit: int) -> int:
    if isinstance(value, str):
        return VALUE_COST + len(value)
    if isinstance(value, bool) or value is None:
        return 1
    if isinstance(value, (int, float)):
        return VALUE_COST + 2 * len(str(value))  # as written, and as the integer it is
    if isinstance(value, dict):
        if len(value) > 256:
            return limit + 1
        total = 1
        for key, item in value.items():
            total += VALUE_COST + len(key) + _size(item, limit - total)
            if total > limit:
                return total
        return total
    if not isinstance(value, list):
        return 1
    if len(value) > 256:
        return limit + 1
    total = 1
    for item in value:
        total += _size(item, limit - total)
        if total > limit:
            return total
    if value and all(isinstance(v, str) for v in value):
        total += min(sum(len(v) + 1 for v in value), MAX_SCAN)  # the words joined, for a seed phrase
    return total


def _declared_secret(declared: dict[str, Any]) -> bool:
    """A free-text field its schema declares a secret. Not a closed choice (enum, oneOf): the form
    judge reads no mark on one (it cannot carry a typed secret), so a server's mark there was never
    judged and excuses nothing in what comes back."""
    return ((declared.get("format") == "password" or declared.get("writeOnly") is True)
            and "enum" not in declared and "oneOf" not in declared)


def scan_content(content: Any, schema: dict[str, Any] | None, disabled: frozenset[str] = frozenset(),
                 allowed: frozenset[str] = frozenset()) -> list[Finding]:
    """Findings in an accepted form's content ({field: value}); ``schema`` is the requested schema's
    properties when the proxy saw the form. A field in ``allowed`` (the team's ``allow_fields``, as
    matched) or one its schema declares a secret (``format: password``, ``writeOnly``) was let through
    to carry one: only the named formats (keys, tokens, cards, seeds) are looked for there, not a
    random-looking value, which is what such a field holds."""
    if not isinstance(content, dict):
        return []
    findings = []
    properties = schema if isinstance(schema, dict) else {}
    detectors = [d for d in DETECTORS if d.rule not in disabled]
    named = named_detectors(disabled)
    labels: dict[str, str] = {}
    for name, value in list(content.items())[:256]:
        declared = properties.get(name)
        declared = declared if isinstance(declared, dict) else {}
        label = labels[name] = str(name)[:200]
        if name not in properties:
            # A name the form never asked for can carry a secret itself ("ghp_...": "x"): read to its
            # end, by every detector. The audit never names a field whose name is one; it withholds
            # it where the form's names are known, or where a named format matched (with no schema
            # seen, a server's own odd names may look random).
            named_as = name_hit(str(name), detectors)
            if named_as is not None:
                label = labels[name] = ""
                if properties or named_as[0] is not HighEntropy:
                    findings.append(Finding(named_as[0].rule, named_as[1], ""))
            elif properties or (label != name and secret_name(label)):
                # A name the client made up beside a form whose names are known is never audited (no
                # cut of it can be shown safe); with none known, not when its cut looks like a secret.
                label = labels[name] = ""
        looked_for = named if name in allowed or _declared_secret(declared) else detectors
        for text in _strings(value):
            hit = None
            for detector in looked_for:
                breathe()  # compiled, a large answer's detectors would keep the GIL from first to last
                what = detector.found(text, declared, label)
                if what is not None:
                    hit = Finding(detector.rule, what, label)
                    break
            if hit is not None:
                findings.append(hit)
                break
    if SeedPhrase in detectors and not any(f.rule == SeedPhrase.rule for f in findings):
        names = list(content)[:256]
        first = SeedPhrase.across([content[n] for n in names])
        if first is not None:
            findings.append(Finding(SeedPhrase.rule, "BIP-39 seed phrase over fields", labels[names[first]]))
    return findings


def named_detectors(disabled: frozenset[str]) -> list[type[ResponseDetector]]:
    """The detectors of named formats (keys, tokens, cards, seeds: all but HighEntropy) not switched off."""
    return [d for d in DETECTORS if d is not HighEntropy and d.rule not in disabled]


def name_hit(name: str, detectors: Iterable[type[ResponseDetector]]) -> tuple[type[ResponseDetector], str] | None:
    """The first of ``detectors`` that finds a secret in a name (read a window at a time, to its end)."""
    for text in _strings(name):
        for detector in detectors:
            breathe()
            what = detector.found(text, {}, "")
            if what is not None:
                return detector, what
    return None


def secret_name(name: str) -> bool:
    """Whether a name a peer chose looks like a secret to any detector: the audit never names it."""
    return name_hit(name, DETECTORS) is not None

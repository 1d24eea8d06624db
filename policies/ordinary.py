"""Ordinary fields: personal data a credential never goes in (a name, an e-mail address, a date),
fields named for a credential's metadata or a public key, and the ordinary-looking ones that can
still carry a pasted secret. The prompt's credential is never blamed on the first."""

from __future__ import annotations

from typing import Any, Final

from elicitguard.policies import negation
from elicitguard.policies.credentials import METADATA_HEADS, PUBLIC_WORDS, normalise
from elicitguard.policies.fieldtext import field_words, hits_of, strings_of
from elicitguard.policies.lookalike import ARTICLES, negated
from elicitguard.policies.matcher import concepts, located
from elicitguard.policies.metadata import ASKED

# Field names or titles for personal data a credential never goes in: a credential asked for in
# the message is never blamed on these. Deliberately short: "login", "account" or "user" fields are
# exactly where a phishing form puts the password.
_ORDINARY: Final = frozenset({
    "name", "email", "mail", "phone", "telephone", "mobile", "address", "street", "city", "zip", "postal", "postcode",
    "country", "region", "date", "time", "timezone", "tz", "age", "quantity", "amount", "nickname", "language",
    "locale", "pos", "year", "birth", "birthday", "birthdate", "dob", "born", "plz", "cep", "epost", "correo", "courriel",
})


# Ordinary-looking but able to carry a pasted secret (a "url" field for a connection string, a
# "file" field for a key): blamed when no better carrier exists.
_WEAK_ORDINARY: Final = frozenset({
    "url", "website", "company", "organisation", "organization", "host", "hostname", "port", "model", "device",
    "team", "project", "repo", "repository", "branch", "bucket", "path", "directory", "folder", "file", "filename",
    "namespace",
})


def named_for_metadata(name: Any, public: bool = True) -> bool:
    """A field named for metadata about a credential ("token_name", "key_id") or (``public``) a public key."""
    if not isinstance(name, str):
        return False
    words = normalise(name)[0].words
    return bool(words) and ((words[-1] in METADATA_HEADS and not negated(words, len(words) - 1))
                            or (public and _public(words) and "private" not in concepts(name)))


def _public(words: tuple[str, ...]) -> bool:
    """Whether the words call something public ("SSH public key"), not "non-public"."""
    if PUBLIC_WORDS.isdisjoint(words):
        return False  # most names: one set test instead of a loop over the words
    return any(word in PUBLIC_WORDS and not negated(words, i) for i, word in enumerate(words))


def ordinary_field(name: str, prop: dict[str, Any], personal: bool = True) -> bool:
    words = field_words(name, prop)
    # A field about a credential (its label, length, policy: "~meta" in any language) carries none, nor
    # one for personal data in any language ("personal": "Numéro de cellulaire", "Адрес кошелька", "PESEL").
    return (bool(words & _ORDINARY) or named_for_metadata(name) or bool(PUBLIC_WORDS & words)
            or prop.get("format") in ("email", "date", "date-time")
            or _carries_none(strings_of(name, prop.get("title")), personal))


# A code a phone number's title names for what it is: an area or country code ("Phone number (with area
# code)", "Código de área y número de teléfono"), a postal code.
_CODE_NAMED: Final = frozenset({"~otp", "~pin"})


def _carries_none(texts: list[str], personal: bool) -> bool:
    """Whether a field's name and title say it holds metadata about a credential (not in an
    instruction: _instructs) or (``personal``)
    personal data and no credential: a personal-data term whole ("Lambar waya", "Kodici postali"), or
    one beside no word for a code ("Numéro de cellulaire", "Telefono numeris"), or beside a number word and
    a code named for what it is ("Phone number (with area code)"); not "Kod z telefonu", "Mobilní kód" nor
    "Kod z numeru telefonu" (the code from the phone, or from its number)."""
    own = hits_of(texts)
    return ("~meta" in own and not _instructs(texts, own)) or (personal and ASKED.isdisjoint(own) and (
        "personal!" in own or ("personal" in own and (
            "code" not in own or not _code_apart(texts) or ("number" in own and not _CODE_NAMED.isdisjoint(own))))))


# Words that make a metadata word what to follow, not what is held ("according to the hint"): before it
# (a connector or an article may stand between: "zgodnie z podpowiedzią", "as the hint says"), after it
# in the languages that put them after ("İpucuna göre", "힌트에 따라"), and inside a word of a script
# without spaces ("按提示", "ヒントに従って").
_ACCORDING_BEFORE: Final = frozenset({"according", "following", "follow", "as", "per", "selon", "suivant", "según", "segun",
                                      "conforme", "gemäß", "gemass", "laut", "zgodnie", "według", "wedlug", "theo",
                                      "secondo", "segundo", "volgens", "согласно", "відповідно"})
_ACCORDING_AFTER: Final = frozenset({"göre", "gore", "따라", "gemäß", "entsprechend", "zufolge"})
_ACCORDING_LINKS: Final = frozenset({"to", "z", "with", "à", "a", "con", "de", "l", "з"}) | ARTICLES
_ACCORDING_UNSPACED_BEFORE: Final = ("按照", "按", "根据", "依照", "依据", "遵照")
_ACCORDING_UNSPACED_AFTER: Final = ("に従って", "に従い", "にしたがって", "に沿って", "通り", "どおり")


def _instructs(texts: list[str], own: frozenset[str]) -> bool:
    """Whether a field's name or title is an instruction to follow its metadata word ("按提示输入", type
    as the hint says): a request word, and the metadata word governed by an "according to"
    (_ACCORDING_BEFORE, _ACCORDING_AFTER), naming no credential for it to qualify. The metadata word is
    then what to follow, not what the field holds, and the field may carry the credential its prompt
    asks for. "Enter a hint", "Password hint" and "Enter your password hint" carry none."""
    if not ASKED.isdisjoint(own):
        return False
    for text in texts:
        words = normalise(text)[0].words
        if not negation.names_request(words):
            continue
        for concept, first, last, term in located(text):
            if concept != "~meta":
                continue
            before = [w for w in words[max(0, first - 3):first] if w not in _ACCORDING_LINKS][-1:]
            if (before and before[0] in _ACCORDING_BEFORE) or (last + 1 < len(words) and words[last + 1] in _ACCORDING_AFTER):
                return True
            if any(not word.isascii() and (any(a + term in word for a in _ACCORDING_UNSPACED_BEFORE)
                                           or any(term + a in word for a in _ACCORDING_UNSPACED_AFTER))
                   for word in words[first:last + 1]):
                return True
    return False


def _code_apart(texts: list[str]) -> bool:
    """Whether a text names a code by a word that is not also its number word (Lithuanian "numeris" is
    both: "Telefono numeris" names no code)."""
    for text in texts:
        found = located(text)
        numbers = {(first, last) for concept, first, last, _term in found if concept == "number"}
        if any(concept == "code" and (first, last) not in numbers for concept, first, last, _term in found):
            return True
    return False


def weakly_ordinary(name: str, prop: dict[str, Any]) -> bool:
    return bool(field_words(name, prop) & _WEAK_ORDINARY) or prop.get("format") == "uri"

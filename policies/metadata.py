"""A credential's metadata: whether a field's words speak of a credential's name, label, length or
hint ("Key name", "A name for your new API key", "Password hint") rather than ask for the credential
itself ("Paste the token value itself"), clause by clause."""

from __future__ import annotations

import re
from typing import Final

from elicitguard.policies import negation
from elicitguard.policies.credentials import DETECTORS, METADATA_HEADS, CardExpiry, normalise
from elicitguard.policies.lookalike import CONJUNCTIONS, META_CONCEPTS, conjunction_between
from elicitguard.policies.matcher import concepts, located

# Clause verbs that describe the server acting on a credential, not the user being asked for one:
# "Generate a new API key", "Mount a secret into the pod", "Rotate the token".
NOT_ASKING: Final = frozenset({"generate", "generates", "generated", "create", "creates", "created", "creating",
                                "rotate", "rotating", "revoke", "revoked", "delete", "deleted", "mount", "mounted",
                                "rename", "list", "expire", "expires", "issue", "issued", "issuing", "buy", "purchase"})


def bare_metadata(text: str) -> bool:
    """Whether a field's name or title names metadata and nothing it could qualify: no concept but
    the lexicon's metadata look-alike ("Name", "Your name", "Notes", "f1", "Your display name", "Name
    shown on your profile"), however many words it has."""
    return concepts(text) <= META_CONCEPTS


# A description's words that make it one about a credential's metadata: the metadata heads but "type",
# which is a description's verb ("what you type", "Type your password here").
_DESCRIBED_METADATA: Final = METADATA_HEADS - {"type"}


# A variable's name as a developer writes it ("DEPLOY_TOKEN", "STRIPE_KEY"): the example of a name.
_VARIABLE_NAME: Final = re.compile(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b")

# The concepts a detector asks for: what a metadata word must qualify.
ASKED: Final = frozenset(d.concept for d in DETECTORS)
# A note names nothing: "Note down your password here" asks for it.
_NOTES: Final = frozenset({"note", "notes", "comment", "comments"})

# How far a metadata word reaches to qualify a credential: before it, over a preposition, a
# possessive and an adjective ("A name for your new API key", "Un nom pour votre nouveau jeton") or a
# short relative clause ("Ime po kome ćete prepoznati ovaj API ključ": the name you will know this
# API key by); after it, over one word ("key name", "キーの名前" is one word, "the token's name").
_META_BEFORE: Final = 5
_META_AFTER: Final = 1
# How far before a credential a request word asks for it ("Paste the token value", "Enter your online
# banking password").
_REQUEST_NEAR: Final = 4
_VARIABLE_WORDS: Final = 6
# What joins a second thing asked after a first ("Token name followed by the token value", "Nom du
# jeton, ensuite le jeton lui-même"): the conjunctions and the words of "then" they lack.
_THEN: Final = CONJUNCTIONS | {"followed", "dann", "danach", "ensuite", "luego", "después", "despues",
                               "poi", "depois", "następnie", "potem", "sonra", "затем", "потом", "daarna", "sedan"}


def describes_metadata(mentions: list[tuple[bool, bool]], written: list[str]) -> bool:
    """Whether a field's asking clauses (their ``mentions``, see credential_mentions) speak of a
    credential's metadata: the first credential they name is qualified by a metadata word beside it
    ("A name for your new API key", "新令牌的名称"), not one planted elsewhere ("Your password, the one
    with the name of your dog", "Type the password with the label 'work'", "Your password. Name:
    whatever"). A credential named only inside a variable's name ("e.g. DEPLOY_TOKEN") is the example
    of a name, and counts as none."""
    qualified = metadata_qualifies(mentions)
    return qualified if qualified is not None else any(_VARIABLE_NAME.search(text) for text in written)


def metadata_qualifies(mentions: list[tuple[bool, bool]]) -> bool | None:
    """Whether a metadata word qualifies the first credential of ``mentions`` and no later mention
    asks for the credential itself (see describes_metadata); None when they name none."""
    return None if not mentions else mentions[0][0] and not asks_for_credential(mentions)


def asks_for_credential(mentions: list[tuple[bool, bool]]) -> bool:
    """Whether ``mentions`` ask for a credential itself, beside whatever metadata they name: a request
    word just before a credential no metadata word qualifies ("Paste the token value itself", "Enter
    your password"), or such a credential joined by a conjunction to one named before ("A name for
    your API key, plus the key itself")."""
    return any(asked for _qualified, asked in mentions)


def credential_mentions(clauses: list[str], written: list[str]) -> list[tuple[bool, bool]]:
    """Each credential the clauses name, in order, outside a variable's name ("e.g. DEPLOY_TOKEN"):
    whether a metadata word qualifies it, standing up to five words before it or one after it in its
    clause with no conjunction between them ("A name for your new API key", "新令牌的名称"; for a later
    credential no "then" either: "Token name followed by the token value"); and whether it
    is asked for: unqualified, in a clause where the server does not act on it (NOT_ASKING: "We'll
    generate the password itself"), with a request word (negation.requests, the lexicon's ``request``
    words) up to three words before it ("Then paste the token here", "请输入密码"), or with a
    conjunction before it in its clause, after the credential named before it ("..., then the
    password", "A name for your API key, plus the key itself"). After the first, a word of a
    credential's term named again is a mention too (the "key" of "API key")."""
    if not clauses:
        return []  # most fields: no description to read
    # A variable spells a handful of words; a longer run of capitals is no variable's name.
    variables = frozenset(words for text in written for v in set(_VARIABLE_NAME.findall(text))
                          if len(words := normalise(v)[0].words) <= _VARIABLE_WORDS)
    mentions: list[tuple[bool, bool]] = []
    named: set[str] = set()  # the words of the credentials' terms named so far
    for text in clauses:
        words = normalise(text)[0].words
        inside = _inside_variables(words, variables)
        found = located(text)
        metadata = [first for concept, first, _last, _term in found if concept == "~meta"]
        metadata += [i for i, word in enumerate(words) if word in _DESCRIBED_METADATA]
        metadata = [i for i in metadata if words[i] not in _NOTES and i not in inside]
        # A concept made of two words near each other ("API" ... "key") across a conjunction names
        # nothing: "Key name and API token" is a key's name and a token, not one API key's name.
        # A card's expiry is no credential of its own (CardExpiry.needs its number): "令牌名称与有效期"
        # names a token's name and its expiry, as "Token name and expiry date" does.
        spans = sorted((first, last) for concept, first, last, term in found
                       if concept in ASKED and concept != CardExpiry.concept and not set(range(first, last + 1)) <= inside
                       and not ("+" in term and not CONJUNCTIONS.isdisjoint(words[first + 1:last])))
        if named:
            covered = {i for first, last in spans for i in range(first, last + 1)} | inside | set(metadata)
            spans = sorted(spans + [(i, i) for i, word in enumerate(words) if word in named and i not in covered])
        merged: list[tuple[int, int]] = []
        for first, last in spans:
            if merged and first <= merged[-1][1]:
                merged[-1] = (merged[-1][0], max(last, merged[-1][1]))
            else:
                merged.append((first, last))
        # A clause about the server acting on it asks for nothing ("We'll generate the password itself").
        acting = not NOT_ASKING.isdisjoint(words)
        end = -1
        for first, last in merged:
            qualified = any(first <= m <= last or (0 <= first - m - 1 <= _META_BEFORE or 0 <= m - last - 1 <= _META_AFTER)
                            and not conjunction_between(words, (m, m), (first, last), _THEN if mentions else CONJUNCTIONS)
                            for m in metadata)
            asked = not qualified and not acting and (
                any(negation.requests(words[j:j + 1]) for j in range(max(0, first - _REQUEST_NEAR), first + 1))
                or bool(mentions) and not _THEN.isdisjoint(words[end + 1:first]))
            mentions.append((qualified, asked))
            named.update(words[first:last + 1])
            end = last
    return mentions


def _inside_variables(words: tuple[str, ...], variables: frozenset[tuple[str, ...]]) -> set[int]:
    """The places of a clause's words that spell one of the variables' names. One set test per place
    and length: a hostile text of thousands of variables costs no more than its words."""
    inside: set[int] = set()
    sizes = {len(v) for v in variables if v}
    for start in range(len(words)):
        for size in sizes:
            if words[start:start + size] in variables:
                inside.update(range(start, start + size))
    return inside

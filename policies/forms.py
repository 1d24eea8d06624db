"""Form-mode checks: the spec's restricted schema subset, then credential detection per field."""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final

from elicitguard.policies import classifier, negation, postal
from elicitguard.policies.breath import breathe
from elicitguard.policies.credentials import (
    DERIVED,
    DETECTORS,
    Detector,
    METADATA_HEADS,
    NUMBER,
    PUBLIC_WORDS,
    STRING,
    ApiKey,
    CardExpiry,
    CardNumber,
    CardSecurityCode,
    ConnectionString,
    GenericCredential,
    OneTimeCode,
    Password,
    Pin,
    PrivateKey,
    SecurityAnswer,
    normalise,
)
from elicitguard.policies.matcher import clear_located, concepts, located
from elicitguard.policies.normalise import Text
from elicitguard.policies.shapes import (
    card_hint,
    card_length,
    card_pattern,
    digit_span,
    key_format_in_pattern,
    key_format_in_prose,
    name_shape,
    holds_at_most,
    fewest_digits,
    postal_pin_pattern,
    numeric_code_shape,
    three_digit_shape,
    secret_value_shape,
    vendor_key,
)
from elicitguard.policies.teamrules import TeamRules
from elicitguard.policies.verdict import Reason

# Top-level keys a requested schema may carry. "title"/"description" are harmless annotations that
# pydantic-generated schemas (the Python SDK) always add.
_SCHEMA_KEYS: Final = frozenset({"type", "properties", "required", "$schema", "title", "description", "additionalProperties"})
_COMMON: Final = frozenset({"type", "title", "description", "default"})
_STRING_KEYS: Final = _COMMON | {"minLength", "maxLength", "pattern", "format", "enum", "enumNames", "oneOf", "writeOnly"}
_NUMBER_KEYS: Final = _COMMON | {"minimum", "maximum", "writeOnly"}
_BOOLEAN_KEYS: Final = _COMMON
_ARRAY_KEYS: Final = _COMMON | {"items", "minItems", "maxItems"}
MAX_FIELDS: Final = 256
# Judging cost grows with text length; no honest form needs more, so longer is refused unjudged.
MAX_TEXT: Final = 8192
MAX_NAME: Final = 256
# Bidirectional controls make a client display text other than what is judged ("\u202edrowssaP").
_BIDI: Final = re.compile("[\u202a-\u202e\u2066-\u2069]")


def _has_bidi(text: str) -> bool:
    # An ASCII text (most texts) holds none: isascii reads a flag the string already carries.
    return not text.isascii() and _BIDI.search(text) is not None


JSON = Any


def _schema_error(detail: str, field: str | None = None) -> Reason:
    return Reason("schema.unsupported", detail, field)


def _is_str_list(value: JSON) -> bool:
    if not isinstance(value, list):
        return False
    for v in value:
        if not isinstance(v, str):
            return False
    return True


def _is_options(value: JSON) -> bool:
    return (
        isinstance(value, list)
        and bool(value)
        and all(
            # Both official SDKs only show a choice list when every option has a title; without one the
            # TS SDK drops the options and shows a free-text box, so a title is required here too.
            isinstance(o, dict) and set(o) == {"const", "title"} and isinstance(o["const"], str)
            and isinstance(o["title"], str)
            for o in value
        )
    )


def _is_number(value: JSON) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


_TEXT_KEYS: Final = ("title", "description", "pattern", "format", "default")


def check_property(name: str, prop: JSON) -> tuple[str | None, Reason | None]:
    """Validate one property against the restricted subset; returns its carrier kind or a reason.

    The kind is ``"string"`` (free text), ``"number"``, or ``None`` for closed choices (enum, oneOf,
    boolean, array of enum) which cannot carry a typed secret.
    """
    if not isinstance(prop, dict):
        return None, _schema_error("a property schema must be an object", name)
    kind = prop.get("type")
    if len(name) > MAX_NAME:
        return None, _schema_error(f"a field name longer than {MAX_NAME} characters", name[:40] + "...")
    texts = [(key, prop[key]) for key in _TEXT_KEYS if key in prop]
    for key, value in texts:
        if key != "default" and not isinstance(value, str):
            return None, _schema_error(f"'{key}' must be a string", name)
    for key, value in texts:
        if isinstance(value, str):
            if len(value) > MAX_TEXT:
                return None, _schema_error(f"'{key}' longer than {MAX_TEXT} characters", name)
            if _has_bidi(value):
                return None, _schema_error(f"'{key}' contains bidirectional control characters", name)
    if _has_bidi(name):
        return None, _schema_error("the field name contains bidirectional control characters", None)
    if kind == "string":
        if not prop.keys() <= _STRING_KEYS:
            return None, _schema_error(f"keyword(s) {sorted(set(prop) - _STRING_KEYS)} are outside the spec's form subset", name)
        if "enum" in prop or "oneOf" in prop:
            if "enum" in prop and not (_is_str_list(prop["enum"]) and prop["enum"]):
                return None, _schema_error("'enum' must be a non-empty list of strings", name)
            if "oneOf" in prop and not _is_options(prop["oneOf"]):
                return None, _schema_error("'oneOf' must be a list of {const, title} strings", name)
            if "enumNames" in prop and not _is_str_list(prop["enumNames"]):
                return None, _schema_error("'enumNames' must be a list of strings", name)
            if "default" in prop and not isinstance(prop["default"], str):
                return None, _schema_error("'default' must be a string", name)
            return None, None
        if "enumNames" in prop:
            return None, _schema_error("'enumNames' needs 'enum'", name)
        if "default" in prop and not isinstance(prop["default"], str):
            return None, _schema_error("'default' must be a string", name)
        return STRING, None
    if kind in ("number", "integer"):
        if not prop.keys() <= _NUMBER_KEYS:
            return None, _schema_error(f"keyword(s) {sorted(set(prop) - _NUMBER_KEYS)} are outside the spec's form subset", name)
        for key in ("minimum", "maximum", "default"):
            if key in prop and not _is_number(prop[key]):
                return None, _schema_error(f"'{key}' must be a number", name)
        return NUMBER, None
    if kind == "boolean":
        if not prop.keys() <= _BOOLEAN_KEYS:
            return None, _schema_error(f"keyword(s) {sorted(set(prop) - _BOOLEAN_KEYS)} are outside the spec's form subset", name)
        if "default" in prop and not isinstance(prop["default"], bool):
            return None, _schema_error("'default' must be a boolean", name)
        return None, None
    if kind == "array":
        if not prop.keys() <= _ARRAY_KEYS:
            return None, _schema_error(f"keyword(s) {sorted(set(prop) - _ARRAY_KEYS)} are outside the spec's form subset", name)
        items = prop.get("items")
        ok = isinstance(items, dict) and (
            (set(items) == {"type", "enum"} and items.get("type") == "string" and _is_str_list(items["enum"]) and items["enum"])
            or (set(items) == {"anyOf"} and _is_options(items["anyOf"]))
        )
        if not ok:
            return None, _schema_error("arrays may only be multi-select enums of strings", name)
        if "default" in prop and not _is_str_list(prop["default"]):
            return None, _schema_error("'default' must be a list of strings", name)
        return None, None
    return None, _schema_error(f"type {kind!r} is not one of string, number, integer, boolean, or an enum array", name)


def check_schema(schema: JSON) -> tuple[dict[str, tuple[str | None, dict[str, Any]]], list[Reason]]:
    """Validate a requestedSchema; returns {field: (kind, property)} and any reasons to block."""
    if not isinstance(schema, dict):
        return {}, [_schema_error("requestedSchema must be an object")]
    problems: list[Reason] = []
    if not schema.keys() <= _SCHEMA_KEYS:
        extra = set(schema) - _SCHEMA_KEYS
        problems.append(_schema_error(f"top-level keyword(s) {sorted(extra)} are outside the spec's form subset"))
    if schema.get("type") != "object":
        problems.append(_schema_error("requestedSchema.type must be \"object\""))
    if "additionalProperties" in schema and schema["additionalProperties"] is not False:
        problems.append(_schema_error("additionalProperties may only be false"))
    if "required" in schema and not _is_str_list(schema["required"]):
        problems.append(_schema_error("'required' must be a list of strings"))
    props = schema.get("properties")
    if not isinstance(props, dict):
        problems.append(_schema_error("requestedSchema.properties must be an object"))
        return {}, problems
    if len(props) > MAX_FIELDS:
        problems.append(_schema_error(f"more than {MAX_FIELDS} fields"))
        return {}, problems
    fields: dict[str, tuple[str | None, dict[str, Any]]] = {}
    for name, prop in props.items():
        kind, problem = check_property(name, prop)
        if problem is not None:
            problems.append(problem)
        else:
            fields[name] = (kind, prop)
    return fields, problems


def clear_text_caches() -> None:
    """Forget every text seen so far (normalised forms, concepts found, asking clauses): the next
    form is judged as if nothing had been seen before. For measuring; judging never needs it."""
    normalise.cache_clear()
    concepts.cache_clear()
    clear_located()
    negation.asking.cache_clear()
    classifier.clear_caches()


def _strings(*values: JSON) -> list[str]:
    return [v for v in values if isinstance(v, str) and v]


def hits_of(texts: list[str]) -> frozenset[str]:
    """The concepts the lexicon finds in any of the texts."""
    return frozenset().union(*map(concepts, texts))


def _words_of(texts: list[str]) -> frozenset[str]:
    words: frozenset[str] = frozenset()
    for text in texts:
        plain, leet = normalise(text)
        words |= plain.word_set | leet.word_set
    return words


def _asking_clauses(description: Any) -> list[str]:
    """The parts of a text that ask: what is not under a negation. Prose that warns *against*
    entering something ("do not enter your PIN", "we will never ask for your password") is no request
    for it; descriptions, prose defaults and prompts are read so, a field's name or title never.

    A negation silences the part of its own comma-clause it stands over (negation.py), and the
    list items that follow it ("Do not give us your phone number, pin, or other info"), but not a new
    clause ("Don't worry, just type your password") nor what came before it in another clause
    ("Your GitHub password, never share it").
    """
    if not isinstance(description, str):
        return []
    return list(negation.asking(description))


def _asking_parts(text: Any) -> list[str]:
    """A field's text's asking clauses (_asking_clauses), and all of them joined when the join makes a
    concept of two words (credentials.DERIVED) none of them makes alone: a relative clause stands
    after a comma in most languages ("Die vier Ziffern, die Sie am Geldautomaten eintippen": the digits
    typed at a cash machine, a PIN), as the message's clauses are read together (_message_reasons).
    Not where a clause names a look-alike: the others may speak of it ("Your ZIP code, to list the
    cash machines near you")."""
    clauses = _asking_clauses(text)
    if len(clauses) < 2:
        return clauses
    joined = ", ".join(clauses)
    found = located(joined)
    made = {term for _concept, _first, _last, term in found if "+" in term}
    if not made or any(concept.startswith("~") for concept, _first, _last, _term in found):
        return clauses
    if not made <= {term for clause in clauses for _concept, _first, _last, term in located(clause)}:
        return clauses + [joined]
    return clauses


def first_unskipped(reasons: Iterable[Reason], skip: frozenset[str]) -> Reason | None:
    """The first reason whose rule is not in ``skip``. Reasons come from generators in priority order,
    so a monitored rule (in ``skip``, see judge.py) lets the next signal of the same field speak."""
    return next((r for r in reasons if r.rule not in skip), None)


def detect_field(name: str, kind: str, prop: dict[str, Any], form_hits: frozenset[str] = frozenset(),
                 rules: TeamRules = TeamRules(), skip: frozenset[str] = frozenset(),
                 needs_hits: frozenset[str] | None = None) -> Reason | None:
    """The first credential reason for one free-text or numeric field, if any: the team's rules
    first, then the built-in detectors; rules in ``skip`` never fire.

    ``form_hits`` are the concepts found anywhere in the form; ``needs_hits`` (default: the same)
    those that count for what a detector needs there (a card expiry needs a card that is no gift
    card's: see _paid_cards).
    """
    return first_unskipped(_field_reasons(name, kind, prop, form_hits, rules,
                                          form_hits if needs_hits is None else needs_hits), skip)


def _field_reasons(name: str, kind: str, prop: dict[str, Any], form_hits: frozenset[str],
                   rules: TeamRules, needs_hits: frozenset[str]) -> Iterator[Reason]:
    title = _spelled(prop.get("title"))
    names = [t for t in (name, title) if isinstance(t, str) and t]
    # A prose default ("<replace with your GitHub password>") is shown to the user like a description;
    # a one-token default ("/etc/secrets", "db-credentials") is a value, not an instruction.
    default = prop.get("default")
    prose_default = _spelled(default) if isinstance(default, str) and len(default.split()) > 1 else None
    description = _spelled(prop.get("description"))
    descriptions = _asking_parts(description) + _asking_parts(prose_default)
    if rules:
        reason = rules.judge_field(name, kind, names + descriptions, _words_of(names + descriptions))
        if reason is not None:
            yield reason
    name_hits = hits_of(names)
    all_hits = name_hits | hits_of(descriptions) if descriptions else name_hits
    # "PIN code" with India's postal format is the postal code, and so is a field named "pin" with it;
    # so is one India's languages call "पिन कोड" in a form about a delivery (postal.py).
    pin_postal = postal_pin_pattern(prop.get("pattern")) or (
        Pin.concept in all_hits and postal.postal_pin(kind, prop, title if isinstance(title, str) else None, descriptions,
                                                       form_hits | all_hits))
    # A setting's word in a question is the question's ("What was the name of your first pet?").
    # A public key's field is no private key's, unless its own words ask for the private one ("Public SSH
    # key" described "paste your private key").
    private_asked = ({PrivateKey.concept, "private"} <= all_hits
                     and any(_names_private(text) for text in names + descriptions))
    # What the title says of itself: metadata about a credential ("Token name", "Public key").
    # Its metadata word must qualify the credential it names: "Password hint", not "Password (hint: at
    # least 8 characters)" nor "Hint: your password".
    title_meta = isinstance(title, str) and (_about_credential(title, not private_asked) or (
        "~meta" in concepts(title) and not is_question(title) and _look_alike_affirmed("~meta", title))) \
        and (_ASKED.isdisjoint(concepts(title)) or _metadata_qualifies(_credential_mentions(
            [part for piece in _CLAUSE_BREAK.split(title) for part in _asking_parts(piece)], [title])) is not False)
    about_credential = (_about_credential(name, not private_asked) or title_meta
                        or ("~meta" in name_hits and not is_question(title) and _look_alike_affirmed("~meta", name, title)))
    # A metadata word qualifies the credential beside it ("Token name", "key_id", "Name of the secret").
    # It excuses nothing, unless the description too speaks of metadata ("A name for your new API key"):
    # - where the title, which is what the user reads, names a credential and no metadata, whatever
    #   the field's name ("name" titled "Password": the name only the server and the client see);
    # - where neither name nor title names more than metadata ("Name", "Type", "Notes", "Your display
    #   name") over a description asking for a credential ("Your email password" titled "Name");
    # and nowhere over a description asking for the credential itself ("Paste the token value itself"
    # under "Token name", "Enter your password" under "Password hint").
    if about_credential:
        written = _strings(description, prose_default)
        mentions = _credential_mentions(descriptions, written)  # read once, for both questions below
        if _asks_for_credential(mentions) or (
                (isinstance(title, str) and not _bare_metadata(title) and not title_meta)
                or (descriptions and all(_bare_metadata(text) for text in names))) \
                and not _describes_metadata(mentions, written):
            about_credential = False
    # Name and title are the field's identity; the asking parts of its description and default are
    # read too. A look-alike excuses only what stands beside it (see _excused).
    context: frozenset[str] | None = None
    excused: set[str] = {Pin.rule} if pin_postal else set()
    for detector in DETECTORS if all_hits else ():
        if kind not in detector.types or (about_credential and detector.metadata_excuses
                                          and not (detector is CardExpiry and _names_expiry_only(names))):
            continue
        if not detector.matches(all_hits):
            continue
        if not _room_for(detector, (kind, prop), form_hits | all_hits):
            excused.add(detector.rule)  # nor does a name shaped like one ("pin" with ten digits)
            continue  # "Number of backup codes" up to 20 holds a count, not a code; a 10-digit "NIP" no PIN
        if detector.needs and not detector.needs & (needs_hits | all_hits):
            continue
        if pin_postal and detector is Pin:
            continue
        context = _words_of(names + descriptions) if context is None else context
        if not (detector is PrivateKey and private_asked) and _excused(
                detector, title if isinstance(title, str) else None, descriptions, context, all_hits):
            excused.add(detector.rule)
            continue
        where = "name or title" if detector.matches(name_hits) else "description"
        yield Reason(detector.rule, f"field '{name}' asks for {detector.label} (matched in its {where})", name)
    if prop.get("writeOnly") is True:
        yield Reason("credential.write_only", f"field '{name}' is marked writeOnly, the JSON Schema mark of a secret", name)
    if prop.get("format") == "password":
        yield Reason("credential.password", f"field '{name}' has format 'password'", name)
    # A card the form names (no look-alike card beside it), or Diners Club (whose cards have 14
    # digits), makes 13 or 14 digits a card's too.
    card_named = "card_brand" in form_hits or (bool(_CARDS & form_hits) and "~card_number" not in form_hits)
    yield from _shape_signals(name, kind, prop, names, descriptions, about_credential, frozenset(excused), card_named)


# A symbol joining two words ("Name & password", "Name+Password", "Name/Password"): normalising drops
# it, and the two words would read as one thing ("name password", a metadata word qualifying the
# password). A slash joins only in a run of letters and slashes ("Key name/label"), not in a path or
# an address ("github.com/settings/tokens"); no symbol joins digits ("MM/YY", "+1 555").
# Their fullwidth and small forms read as they do ("名前＆パスワード", "Name／Password"), a doubled one
# as one ("Name && password"), and a list's middle dot as a joining symbol: Japanese's between
# any two words ("名前・パスワード"), the Latin one only spaced (Catalan writes "col·lecció"). A pipe
# joins as "&" does ("Name | Password"), a dash only spaced ("Name - Password", not "Wi-Fi"), and so
# does "with" in the languages that spell it as a word of its own ("Name with password", "Nom avec
# mot de passe"): read as "and", a credential before its metadata ("API key - name") is asked, as
# after ":" or "&", and metadata before it still qualifies it ("Key name with prefix"). So do "and"
# in the languages _CONJUNCTIONS lacks ("Név és jelszó", "Nume și parolă", "Tên và mật khẩu"), the
# other words of "with" ("Name sowie Passwort", "Ad ile şifre", "Имя с паролем", "w/"), a doubled
# dash or pipe ("Name -- Password", "Name || Password"), an em dash unspaced as English writes it
# ("Name—Password"; not the en dash of "New York–London"), whatever space stands around them (a
# no-break space, a tab) and a zero-width joiner beside a symbol.
_SYMBOL_FORMS: Final = str.maketrans({"\uff06": "&", "\ufe60": "&", "\uff0b": "+", "\ufe62": "+", "\uff0f": "/",
                                      "\u30fb": "&", "\uff65": "&", "\uff5c": "|",
                                      # Other pipes, dashes and list dots read as the ones they look like
                                      # ("Name ¦ Password", "Name − Password", "Name • Password"), and an
                                      # invisible character is no character ("Name\u200b|\u200bPassword").
                                      "\u00a6": "|", "\u01c0": "|", "\u05c0": "|", "\u2016": "|", "\u2223": "|",
                                      "\u2502": "|", "\uffe8": "|", "\u2010": "-", "\u2011": "-", "\u2012": "-",
                                      "\u2212": "-", "\ufe63": "-", "\uff0d": "-", "\u2015": "\u2014",
                                      "\ufe58": "\u2014", "\u2e3a": "\u2014", "\u2e3b": "\u2014", "\u2022": "\u00b7",
                                      "\u2219": "\u00b7", "\u22c5": "\u00b7", "\u2027": "\u00b7", "\u200b": None,
                                      "\u2060": None, "\ufeff": None, "\u00ad": None, "\u2215": "/", "\u2044": "/",
                                      "\u29f8": "/", "\u2795": "+",
                                      # Fullwidth letters read as the ones they stand for, so a joining
                                      # word typed in them joins ("Nimi ｊａ salasana", "Nazwa ｚ hasłem").
                                      **{chr(c): chr(c - 0xfee0)
                                         for c in (*range(0xff21, 0xff3b), *range(0xff41, 0xff5b))}})
_JOINING_SYMBOL: Final = re.compile(r"(?<=[^\W\d_])(?:[\s\u200c\u200d]*(?:&&?|\+|\|\|?|\u2014)[\s\u200c\u200d]*"
                                     r"|\s+(?:[\u00b7\u2013]|-{1,3}|as well as|w/"
                                     r"|with|mit|sowie|samt|nebst|avec|con|com|met|med|amb|cu|ile|dengan|với|με|с|со"
                                     r"|és|și|şi|dan|và|και|dhe|ir|ja|sekä|ning|z|ze|और|및|그리고|และ|و|مع|עם)\s+)"
                                     r"(?=[^\W\d_])", re.I)
# _JOINING_SYMBOL reads no Slavic "i" (and): it joins two metadata words before a credential in the genitive as often
# ("Duljina i složenost lozinke", the length and complexity of the password), and it is the Italian
# plural article and a casual English "I" (red team 25b).
# "And" and "with" written between two words of a script without spaces ("名称和密码", "名前とパスワード"),
# in a label only (up to _CJK_LABEL characters): in a sentence the clause reading decides, and a
# conjunction spelled out there would cut a negation from what it negates ("暗証番号やパスワードは
# 絶対に教えないでください", never tell your PIN or password).
# Spaces around it join as well ("名称 和 密码", "名前　と　パスワード"), and so does a Latin word on
# one side ("名称和API密钥", "名前とPassword"); so do the written forms of "and" ("名前およびパスワード",
# "名前並びにパスワード", "名稱暨密碼").
_CJK_LABEL: Final = 16
_CJK: Final = r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]"
_CJK_AND: Final = r"\s*(?:および|及び|ならびに|並びに|[和与與及跟とや暨])\s*"
_CJK_JOIN: Final = re.compile(rf"(?<={_CJK}){_CJK_AND}(?={_CJK}|[A-Za-z])|(?<=[A-Za-z]){_CJK_AND}(?={_CJK})")
# Korean glues "and" to the noun before it ("이름과 비밀번호", "이름하고 비밀번호", and as speech writes it
# "아이디랑 비밀번호", "이름이랑 비밀번호"): in a label, a Hangul word of two syllables or more ending in
# one of these particles, before another Hangul word or a Latin one ("이름과 PIN"), is read as joined;
# a word of two syllables ending so is a word of its own ("결과", a result).
_HANGUL_JOIN: Final = re.compile(r"(?<=[\uac00-\ud7af]{2})(?:과|와|하고|랑)\s+(?=[\uac00-\ud7af]|[A-Za-z])")
# Whether a text holds anything _JOINING_SYMBOL or _SLASHED_WORDS may read: a symbol, or one of the
# joining words among its words (a set test on the words normalise finds, whatever space stands
# between them: most texts have spaces and no joining word, and the regex would read them all; "İle"
# case-folds to a dotted "i").
_MAY_JOIN: Final = re.compile(r"[&+/|\u00b7\u2013\u2014\-和与與及跟とや並暨과와랑]|および|ならびに|하고")
_JOINING_WORDS: Final = frozenset({"as", "w", "with", "mit", "sowie", "samt", "nebst", "avec", "con", "com", "met",
                                   "med", "amb", "cu", "ile", "i\u0307le", "dengan", "với", "με", "с", "со", "és",
                                   "și", "şi", "dan", "và", "και", "dhe", "ir", "ja", "sekä", "ning", "z", "ze", "और",
                                   "및", "그리고", "และ", "و", "مع", "עם"})
_SLASHED_WORDS: Final = re.compile(r"(?<!\S)[^\W\d_]+(?:(?: / |/)[^\W\d_]+)+(?=$|[\s,;:.!?)\]])")
# The conjunction a joining symbol reads as (one of _CONJUNCTIONS).
_SYMBOL_READ_AS: Final = " and "


# The number sign before a noun, as many languages write it: "nº", "n°", "n.º" and "№" (pt, es, it,
# fr, ru; NFKC would read "nº" and "№" as the word "no", a negation), and an abbreviation of "number"
# with its full stop before a word: "No." and "n." (en, id, it) before a small letter (a capital
# after "No." starts a sentence: "No. This is not a credit card"), "nr." (pl, nl, de, the
# Nordic languages), "č." (cs, sk "číslo") and "br." (hr, bs, sr "broj") before any. Each is read
# as "nr", the lexicon's abbreviation of "number" (before a card it names a card number).
_NUMBER_SIGN: Final = re.compile(r"(?<![^\W_])(?:[Nn](?:\.\s?)?[\u00ba\u00b0]|\u2116)\.?\s*"
                                 r"|(?<![^\W_])(?:[Nn][Rr]|[\u010c\u010d]|[Bb][Rr])\.\s*(?=[^\W\d_])"
                                 r"|(?<![^\W_])[Nn][Oo]?\.\s*(?=[^\W\d_])(?![A-Z\u00c0-\u00de\u0400-\u042f])")
_MAY_NUMBER: Final = re.compile(r"[\u00ba\u00b0\u2116]|(?:^|\W)(?:[Nn][OoRr]?|[\u010c\u010d]|[Bb][Rr])\.")


# "No." or "N." before a capital starts a label, not a sentence, where a few words and no sentence's end follow
# it ("No. Tarjeta de crédito", "NO. DE TARJETA", "N. Carta": Mexico's and Italy's card labels), or where the
# whole text is in capitals.
_LABEL_SIGN: Final = re.compile(r"^\s*[Nn][Oo]?\.\s*(?=[A-Z\u00c0-\u00de\u0400-\u042f])")
_LABEL_WORDS: Final = 5


def _number_signs(text: str) -> str:
    """A text with each number sign before a word read as "nr " (see _NUMBER_SIGN, _LABEL_SIGN)."""
    # Most texts hold neither a full stop nor a sign: string tests settle them before the search.
    if "." not in text and "\u00ba" not in text and "\u00b0" not in text and "\u2116" not in text \
            or not _MAY_NUMBER.search(text):
        return text
    label = _LABEL_SIGN.match(text)
    if label is not None:
        rest = text[label.end():]
        if text.upper() == text or (len(rest.split()) <= _LABEL_WORDS and not re.search(r"[.!?]", rest)):
            text = "nr " + rest
    return _NUMBER_SIGN.sub("nr ", text)


def _spelled(text: Any) -> Any:
    """A field's text with each symbol that joins two words read as the conjunction it stands for, so
    that a conjunction between a look-alike or a metadata word and a credential (see _joined) is seen
    however it is written ("Name & password" is a name and a password). Not where the symbol is part
    of a term of the lexicon ("Track & Trace code", a look-alike): the text is then read as written.
    A number sign is read as the word it stands for ("Nº de tarjeta", see _NUMBER_SIGN)."""
    if not isinstance(text, str):
        return text
    numbered = _number_signs(text)
    if numbered is not text:
        return _spelled(numbered) if concepts(text) <= concepts(numbered) else text
    symbols = text if text.isascii() else text.translate(_SYMBOL_FORMS)
    if not _MAY_JOIN.search(symbols) and _JOINING_WORDS.isdisjoint(normalise(text)[0].words):
        return text
    spelled = _JOINING_SYMBOL.sub(_SYMBOL_READ_AS, symbols)
    if len(spelled) <= _CJK_LABEL and not spelled.isascii():
        spelled = _HANGUL_JOIN.sub(_SYMBOL_READ_AS, _CJK_JOIN.sub(_SYMBOL_READ_AS, spelled))
    if "/" in spelled:
        spelled = _SLASHED_WORDS.sub(lambda m: re.sub(r" / |/", _SYMBOL_READ_AS, m.group(0)), spelled)
    return spelled if spelled == text or concepts(text) <= concepts(spelled) else text


# How far a look-alike's words reach: "postal PIN", "PIN for your postal area", "gift card number".
NEAR_WORDS: Final = 3


def _places(detector: type[Detector], text: str) -> tuple[list[str], list[str]]:
    """The terms naming the detector's concept in a text: those no look-alike stands beside, and
    those one does (within ``NEAR_WORDS`` words: an excusing word such as "boarding" pass or
    "postal" PIN, or a look-alike term of the lexicon such as "gift card")."""
    keys, alike = detector.keys(), detector.alikes()
    found = located(text)
    plain, leet = normalise(text)
    looks = _look_alikes(found, alike, plain.words)
    # A metadata word qualifies only what shares its clause: "Password hint", not "Password (hint: at
    # least 8 characters)" nor "Password. Hint: your pet's name".
    meta = set(_look_alikes(found, alike & _META_CONCEPTS, plain.words)) if alike & _META_CONCEPTS else set()
    clauses = _clauses_of(text, len(plain.words))
    # A look-alike excuses nothing past the end of its sentence: "Forgot your password? Type the old
    # password" asks for it.
    sentences = _sentences_of(text, len(plain.words))
    if sentences is not None:
        # Nor is a look-alike read across a sentence's end one ("Just forgot? Password", "Sent by postal?
        # PIN": no "forgot password", no "postal PIN").
        looks = [(a, b) for a, b in looks if _one_sentence(sentences, a, b)]
        meta = {(a, b) for a, b in meta if _one_sentence(sentences, a, b)}
    bare: list[str] = []
    excused: list[str] = []
    for concept, first, last, term in found:
        if concept not in keys:
            continue
        low, high = max(0, first - NEAR_WORDS), last + NEAR_WORDS
        if sentences is not None:
            low, high = _within_sentence(sentences, low, high, first)
        if detector.is_outright(term):
            # A term naming the concept outright ("credit card") is no look-alike's whatever stands
            # beside it ("Tesco Clubcard Credit Card number"), unless a negation takes it back ("Gift
            # card (not a credit card)").
            (excused if _negated(plain.words, first) else bare).append(term)
            continue
        # A conjunction between them makes two things of a look-alike and the term ("KRA PIN and ATM PIN",
        # "Card number or CLABE", "postal address and PIN"): the look-alike then excuses nothing.
        near = (any(a <= high and b >= low and ((a, b) not in meta or _same_clause(clauses, a, first))
                    and not _joined(plain.words, (a, b), (first, last)) for a, b in looks)
                or _excusing_word_beside(detector.unless_beside(term), (plain.words, leet.words), low, high,
                                         (first, last), clauses))
        (excused if near else bare).append(term)
    return bare, excused


# What ends a clause in a title or a description ("Password (hint: 8+ characters)"); not a comma,
# which lists ("Key name, label").
_CLAUSE_BREAK: Final = re.compile(r"[.:;!?()\[\]{}。：；！？（）]")


# What ends a sentence beyond doubt: a question or an exclamation mark (a full stop also ends
# abbreviations, "e.g. PIN"), in any of the forms NFKC reads as one ("﹖", "‼", "⁉", "｡": the words are
# judged so), the interrobang and the reversed question mark ("‽", "⸮"), Greek's question mark (U+037E,
# and the semicolon a Greek word ends with: Greek writes its semicolon "·"), Spanish's opening marks
# ("¿", "¡": a sentence starts there), and the full stops of scripts that write no abbreviation with
# them: Devanagari's danda ("।", "॥"), Armenian's "։", Urdu's "۔", Ethiopic's "።" and "፧", Myanmar's
# "။" and Khmer's "។". Not Armenian's "՞" and "՜", written over a word's vowel inside the sentence.
_SENTENCE_END: Final = re.compile("[?!。？！؟¿¡\u037e\u0589\u06d4\u0964\u0965\u1362\u1367\u104b\u17d4"
                                  "\u203c\u203d\u2047-\u2049\u2e2e\ufe12\ufe15\ufe16\ufe56\ufe57\uff61]"
                                  "|(?<=[\u0370-\u03ff\u1f00-\u1fff]);")


def _sentences_of(text: str, count: int) -> list[int] | None:
    """The sentence of each of a text's ``count`` normalised words; None for a text of one sentence, or
    where the sentences' words do not line up with the text's (a look-alike then reaches as before)."""
    if not _SENTENCE_END.search(text):
        return None
    ids = _piece_of_each_word(_SENTENCE_END.split(text))
    return ids if len(ids) == count else None


def _one_sentence(sentences: list[int], a: int, b: int) -> bool:
    """Whether words ``a`` to ``b`` stand in one sentence."""
    return a >= len(sentences) or b >= len(sentences) or sentences[a] == sentences[b]


def _within_sentence(sentences: list[int], low: int, high: int, word: int) -> tuple[int, int]:
    """The words ``low`` to ``high`` narrowed to the sentence of word ``word`` (the sentences' numbers
    rise word by word, so a sentence's words are those between its number's first and last place)."""
    if word >= len(sentences):
        return low, high
    own = sentences[word]
    return max(low, bisect.bisect_left(sentences, own)), min(high, bisect.bisect_right(sentences, own) - 1)


def _clauses_of(text: str, count: int) -> list[int] | None:
    """The clause of each of a text's ``count`` normalised words; None for a text of one clause.
    Where the clauses' words do not line up with the text's, every word is a clause of its own
    (nothing is then qualified across a break that may be there)."""
    pieces = _CLAUSE_BREAK.split(text)
    if len(pieces) == 1:
        return None
    ids = _piece_of_each_word(pieces)
    return ids if len(ids) == count else list(range(count))


def _piece_of_each_word(pieces: list[str]) -> list[int]:
    """For each normalised word of the pieces of a text, in order, the number of its piece."""
    return [k for k, piece in enumerate(pieces) for _word in normalise(piece)[0].words]


def _same_clause(clauses: list[int] | None, a: int, b: int) -> bool:
    return clauses is None or (a < len(clauses) and b < len(clauses) and clauses[a] == clauses[b])


def _excusing_word_beside(excusing: frozenset[str], spellings: tuple[tuple[str, ...], ...], low: int, high: int,
                          term: tuple[int, int], clauses: list[int] | None) -> bool:
    """Whether an excusing word stands from word ``low`` to ``high`` in either spelling, no negation
    just before it (see _negated) and no conjunction between it and the term (first and last word
    ``term``: "postal address and PIN"), and, for a word of metadata ("hint", "length", "policy"), in
    the clause of the term."""
    for words in spellings:
        for i in range(low, min(high, len(words) - 1) + 1):
            word = words[i]
            if word in excusing and not _negated(words, i) and not _joined(words, (i, i), term) and (
                    word not in METADATA_HEADS or _same_clause(clauses, i, term[0])):
                return True
    return False


def _joined(words: tuple[str, ...], alike: tuple[int, int], term: tuple[int, int],
            conjunctions: frozenset[str] | None = None) -> bool:
    """Whether a conjunction (see _CONJUNCTIONS) stands between a look-alike's words and a term's."""
    between = words[alike[1] + 1:term[0]] if alike[1] < term[0] else words[term[1] + 1:alike[0]]
    return not (_CONJUNCTIONS if conjunctions is None else conjunctions).isdisjoint(between)


def _look_alikes(found: Sequence[tuple[str, int, int, str]], alike: frozenset[str],
                 words: tuple[str, ...]) -> list[tuple[int, int]]:
    """Where a text's look-alike terms (of the concepts ``alike``) stand (first and last word), but
    those a negation stands before ("Card number (non-loyalty)", see _negated) and those inside a card
    brand's name (the "club" of "Diners Club card number"): they excuse nothing."""
    brands = [(first, last) for concept, first, last, _term in found if concept == "card_brand"]
    return [(first, last) for concept, first, last, _term in found if concept in alike and not _negated(words, first)
            and not any(a <= first and last <= b for a, b in brands)]


def _negated(words: tuple[str, ...], i: int) -> bool:
    """Whether a negating word stands in the two words before word ``i``, an article aside ("not
    public", "never made public", "not the public one", "nicht öffentlich", "non publique"), or "other
    than" / "rather than" does: an excusing word so placed excuses nothing. Any language's: a word
    that negates in one language and not in the form's can only keep an excuse from applying."""
    before = [w for w in words[max(0, i - 3):i] if w not in _ARTICLES][-2:]
    return (any(w in _NEGATORS or negation.negates_next(w) for w in before)
            or (len(before) == 2 and before[0] in ("other", "rather") and before[1] == "than"))


def _look_alike_affirmed(concept: str, *texts: Any) -> bool:
    """Whether a text names the look-alike ``concept`` somewhere no negation stands before it
    ("Password hint", not "Password (no hint)")."""
    for text in texts:
        # Where a text names the concept is only looked for when it does: concepts() is the cheaper
        # scan, and it finds the same concepts located() places.
        if isinstance(text, str) and concept in concepts(text):
            plain = normalise(text)[0]
            if not _may_negate(plain):
                return True  # named, and no word there could take it back: no need to place it
            words = plain.words
            if any(found == concept and not _negated(words, first) for found, first, _last, _term in located(text)):
                return True
    return False


def _beside_look_alike(detector: type[Detector], text: str) -> bool:
    """Whether every place a text names the detector's concept has a look-alike beside it."""
    bare, excused = _places(detector, text)
    return bool(excused) and not bare


def _excused(detector: type[Detector], title: str | None, descriptions: list[str], context: frozenset[str],
             hits: frozenset[str]) -> bool:
    """Whether the field is a look-alike of the detector's concept.

    A look-alike excuses what it qualifies, not the field. Where the title names the concept, a
    look-alike must stand beside it there, or beside the same word restated in the description
    (title "PIN code", description "your postal PIN"). Where only the description names it, a
    look-alike beside it there or in the title excuses it (title "Invite code", description "the code
    we sent you"). "Password" described as "the one you use every day" is still a password, and a
    server cannot switch a detector off by adding a look-alike word anywhere. Where only the field's
    name names it (a developer's identifier the user does not read: "pincode", "token"), anything in
    the field can excuse it, as before."""
    bare: list[str] = []
    restated: set[str] = set()
    for text in descriptions:
        text_bare, text_excused = _places(detector, text)
        bare += text_bare
        restated.update(word for term in text_excused for word in term.split())
    title_bare, title_excused = _places(detector, title) if title else ([], [])
    if detector.field_wide and _excused_field_wide(detector, context, hits, lambda: bare + title_bare):
        return True
    if any(restated.isdisjoint(term.split()) for term in title_bare):
        return False
    if bare and not (title and _restates_look_alike(detector, title, title_excused, bare)):
        return False
    if title_bare or title_excused or bare or restated:
        return True
    return detector.excused(context, hits)  # only the name names it


def _excused_field_wide(detector: type[Detector], words: frozenset[str], hits: frozenset[str],
                        bare: Callable[[], list[str]]) -> bool:
    """Whether a look-alike that excuses its concept anywhere in a field or a prompt clause
    (Detector.field_wide) excuses it here: not where the ``bare`` terms (asked for only when the
    look-alike is there) name the concept outright ("Postal code" over "the ATM's digits", "your KRA
    PIN and your ATM PIN"), nor a PIN the text ties to a card, a bank or a payment ("Your KRA PIN or
    card PIN", "your delivery address and your bank card PIN")."""
    return (detector.excused(words, hits) and not (detector is Pin and postal.PAID & hits)
            and not any(detector.is_outright(term) for term in bare()))


def _restates_look_alike(detector: type[Detector], title: str, title_excused: list[str], bare: list[str]) -> bool:
    """Whether the description's bare terms speak of the title's look-alike: the title is a look-alike
    term of the lexicon ("Invite code", "Coupon": what the code we sent is), or its excused term ("Bus
    pass") is restated by each ("the pass ID on your card"; a term sharing a word with one that does).
    A title of an excusing word alone ("Museum", "Recipe") or one above another word ("Bus pass" over
    "the password of your email") excuses nothing, nor does any title excuse a term that names the
    concept outright ("Gift card" over "your Visa credit card")."""
    if _look_alikes(located(title), detector.alikes(), normalise(title)[0].words):
        # A look-alike term of the lexicon says what the title is ("Coupon", "Booking reference"), unless
        # the description names the concept outright ("Promo" over "the verification code we texted you").
        return not any(detector.is_outright(term) for term in bare)
    if not title_excused:
        return False
    plain, leet = normalise(title)
    words = set(plain.words) | set(leet.words)
    left = [set(_term_words(term)) for term in bare]
    while left:
        shared = [w for w in left if not words.isdisjoint(w)]
        if not shared:
            return False
        for w in shared:
            words |= w
        left = [w for w in left if words.isdisjoint(w)]
    return True


def _term_words(term: str) -> list[str]:
    return term.replace("+", " ").split()


_CARDS: Final = frozenset({"card", "card_number", "cvv", "card_expiry"})


def _shape_signals(name: str, kind: str, prop: dict[str, Any], names: list[str], descriptions: list[str],
                   about_credential: bool, excused: frozenset[str] = frozenset(),
                   card_named: bool = False) -> Iterator[Reason]:
    """The signals that need no language: value formats, key prefixes, name shapes, vendor keys.

    ``excused`` are the rules whose words the field names as a look-alike: a name shaped like one of
    them ("card_no" titled "Patient card number", "pin" described as a postal PIN) is that look-alike.
    ``card_named``: the form names a payment card, so 13 or 14 digits alone are a card number too."""
    default, pattern = prop.get("default"), prop.get("pattern")
    for key, value in (("default", default), ("pattern", pattern)) if default is not None or pattern is not None else ():
        if isinstance(value, str):
            shape = secret_value_shape(value)
            if shape is not None:
                yield Reason(shape.rule, f"field '{name}' has a {key} shaped like {shape.label}", name)
    # A barcode (EAN/JAN, ISBN), gift or loyalty card has a card's length and no secret.
    card_by_pattern = isinstance(pattern, str) and (
        card_pattern(pattern) or (card_named and digit_span(pattern) in ((13, 13), (14, 14))))
    card_like = card_by_pattern or card_length(kind, prop)
    not_a_card = card_like and "~card_number" in hits_of(names)
    if isinstance(pattern, str):
        if card_by_pattern and not not_a_card:
            yield Reason("payment.card_number", f"field '{name}' has a pattern that only a card number fits", name)
        named = key_format_in_pattern(pattern)
        if named is not None:
            yield Reason(named[0], f"field '{name}' has a pattern in the format of {named[1]}", name)
    if card_like and not not_a_card and card_length(kind, prop):
        yield Reason("payment.card_number", f"field '{name}' takes only digits, as many as a card number has", name)
    # Read as written: normalising would drop the "-" or "_" of "sk-" or "ghp_" and the case of "PAN".
    written = [t for t in (prop.get("title"), prop.get("description"), default) if isinstance(t, str) and t]
    for text in written:
        named = key_format_in_prose(text)
        if named is not None:
            yield Reason(named[0], f"field '{name}' describes the format of {named[1]}", name)
    if about_credential:
        return
    plain, leet = normalise(name)
    named_like = name_shape(plain.squashed) or (name_shape(leet.squashed) if leet is not plain else None)
    if named_like is not None and named_like.rule in excused:
        named_like = None
    if named_like is not None and kind in (STRING, NUMBER):
        yield Reason(named_like.rule, f"field '{name}' is named like {named_like.label} field", name)
    if kind == STRING and any(vendor_key(normalise(t)[0].words) for t in names + descriptions):
        yield Reason(ApiKey.rule, f"field '{name}' asks for a product's key (an API key)", name)
    if any(card_hint(t) for t in written[:2]):
        yield Reason("payment.card_number", f"field '{name}' asks for a card number by its acronym or checksum", name)


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
# Clause verbs that describe the server acting on a credential, not the user being asked for one:
# "Generate a new API key", "Mount a secret into the pod", "Rotate the token".
_NOT_ASKING: Final = frozenset({"generate", "generates", "generated", "create", "creates", "created", "creating",
                                "rotate", "rotating", "revoke", "revoked", "delete", "deleted", "mount", "mounted",
                                "rename", "list", "expire", "expires", "issue", "issued", "issuing", "buy", "purchase"})


_META_CONCEPTS: Final = frozenset({"~meta", "~meta!"})


def _bare_metadata(text: str) -> bool:
    """Whether a field's name or title names metadata and nothing it could qualify: no concept but
    the lexicon's metadata look-alike ("Name", "Your name", "Notes", "f1", "Your display name", "Name
    shown on your profile"), however many words it has."""
    return concepts(text) <= _META_CONCEPTS


# A description's words that make it one about a credential's metadata: the metadata heads but "type",
# which is a description's verb ("what you type", "Type your password here").
_DESCRIBED_METADATA: Final = METADATA_HEADS - {"type"}


# A variable's name as a developer writes it ("DEPLOY_TOKEN", "STRIPE_KEY"): the example of a name.
_VARIABLE_NAME: Final = re.compile(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b")

# The concepts a detector asks for: what a metadata word must qualify.
_ASKED: Final = frozenset(d.concept for d in DETECTORS)
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
# A conjunction between them makes two things of a metadata word and a credential ("the name and
# password", "Nombre de usuario y contraseña", "Label or API key", "Account name + password"): the
# metadata word then qualifies nothing. No one-letter word that is also an article or a pronoun
# ("a", "i"). A symbol that joins ("Name & password", "Name/Password") reads as "and" (see _spelled).
_CONJUNCTIONS: Final = frozenset({"and", "or", "plus", "then", "und", "oder", "et", "ou", "puis", "y", "o", "e",
                                  "ed", "oppure", "en", "och", "og", "eller", "ve", "veya", "lub", "oraz", "и",
                                  "или", "та", "і", "або", "а"})
# What joins a second thing asked after a first ("Token name followed by the token value", "Nom du
# jeton, ensuite le jeton lui-même"): the conjunctions and the words of "then" they lack.
_THEN: Final = _CONJUNCTIONS | {"followed", "dann", "danach", "ensuite", "luego", "después", "despues",
                                "poi", "depois", "następnie", "potem", "sonra", "затем", "потом", "daarna", "sedan"}


def _describes_metadata(mentions: list[tuple[bool, bool]], written: list[str]) -> bool:
    """Whether a field's asking clauses (their ``mentions``, see _credential_mentions) speak of a
    credential's metadata: the first credential they name is qualified by a metadata word beside it
    ("A name for your new API key", "新令牌的名称"), not one planted elsewhere ("Your password, the one
    with the name of your dog", "Type the password with the label 'work'", "Your password. Name:
    whatever"). A credential named only inside a variable's name ("e.g. DEPLOY_TOKEN") is the example
    of a name, and counts as none."""
    qualified = _metadata_qualifies(mentions)
    return qualified if qualified is not None else any(_VARIABLE_NAME.search(text) for text in written)


def _metadata_qualifies(mentions: list[tuple[bool, bool]]) -> bool | None:
    """Whether a metadata word qualifies the first credential of ``mentions`` and no later mention
    asks for the credential itself (see _describes_metadata); None when they name none."""
    return None if not mentions else mentions[0][0] and not _asks_for_credential(mentions)


def _asks_for_credential(mentions: list[tuple[bool, bool]]) -> bool:
    """Whether ``mentions`` ask for a credential itself, beside whatever metadata they name: a request
    word just before a credential no metadata word qualifies ("Paste the token value itself", "Enter
    your password"), or such a credential joined by a conjunction to one named before ("A name for
    your API key, plus the key itself")."""
    return any(asked for _qualified, asked in mentions)


def _credential_mentions(clauses: list[str], written: list[str]) -> list[tuple[bool, bool]]:
    """Each credential the clauses name, in order, outside a variable's name ("e.g. DEPLOY_TOKEN"):
    whether a metadata word qualifies it, standing up to five words before it or one after it in its
    clause with no conjunction between them ("A name for your new API key", "新令牌的名称"; for a later
    credential no "then" either: "Token name followed by the token value"); and whether it
    is asked for: unqualified, in a clause where the server does not act on it (_NOT_ASKING: "We'll
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
                       if concept in _ASKED and concept != CardExpiry.concept and not set(range(first, last + 1)) <= inside
                       and not ("+" in term and not _CONJUNCTIONS.isdisjoint(words[first + 1:last])))
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
        acting = not _NOT_ASKING.isdisjoint(words)
        end = -1
        for first, last in merged:
            qualified = any(first <= m <= last or (0 <= first - m - 1 <= _META_BEFORE or 0 <= m - last - 1 <= _META_AFTER)
                            and not _joined(words, (m, m), (first, last), _THEN if mentions else _CONJUNCTIONS)
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


def _about_credential(name: Any, public: bool = True) -> bool:
    """A field named for metadata about a credential ("token_name", "key_id") or (``public``) a public key."""
    if not isinstance(name, str):
        return False
    words = normalise(name)[0].words
    return bool(words) and ((words[-1] in METADATA_HEADS and not _negated(words, len(words) - 1))
                            or (public and _public(words) and "private" not in concepts(name)))


# The metadata heads that name an expiry: "Token expiration" is metadata about a token, but a title
# whose only credential is a card's expiry ("Date d'expiration", "Card expiration") is the expiry itself.
_EXPIRY_LAST: Final = frozenset({("expiry",), ("expiration",), ("expires",)})


def _names_expiry_only(names: list[str]) -> bool:
    """Whether a field's name or title ends in an expiry word and names no credential but a card's
    expiry: read as metadata ("Token expiration"), it would excuse the expiry it is."""
    return any(normalise(text)[0].words[-1:] in _EXPIRY_LAST
               and {c.rstrip("!") for c in concepts(text)} & _ASKED == {CardExpiry.concept} for text in names)


def _names_private(text: str) -> bool:
    """Whether a text names a private key as private: a private word (any language's, not negated)
    inside or just before a key's term ("your private key", "privaten SSH-Schlüssel", "klucz
    prywatny", "clé SSH privée"), not one a word away ("the public key of your private server"; a
    term of words apart, "private+key", says no more than that)."""
    found = located(text)
    words = normalise(text)[0].words
    keys = [(first, last) for concept, first, last, term in found if concept == PrivateKey.concept and "+" not in term]
    return any(concept == "private" and not _negated(words, first) and any(a - 1 <= last and first <= b + 1 for a, b in keys)
               for concept, first, last, _term in found)


# Words that negate the word after them beside each language's negation markers (negation.negates_next):
# "non public", "no hint", and "without" in the languages the markers leave it out of.
_NEGATORS: Final = frozenset({"non", "not", "no", "without", "never", "sans", "ohne", "sin", "senza", "sem", "zonder",
                              "uten", "utan", "uden", "ilman", "bez", "без"})
_ARTICLES: Final = frozenset({"the", "a", "an", "le", "la", "les", "der", "die", "das", "el", "il", "o"})


def _may_negate(plain: Text) -> bool:
    """Whether _negated could hold anywhere in a text: False when no word of it is a negator, a
    marker that negates what follows (negation.may_negate_next) or the "than" of "other than"."""
    return (not plain.word_set.isdisjoint(_NEGATORS) or "than" in plain.word_set
            or negation.may_negate_next(plain))


def _public(words: tuple[str, ...]) -> bool:
    """Whether the words call something public ("SSH public key"), not "non-public"."""
    if PUBLIC_WORDS.isdisjoint(words):
        return False  # most names: one set test instead of a loop over the words
    return any(word in PUBLIC_WORDS and not _negated(words, i) for i, word in enumerate(words))


_PASTED: Final = frozenset({ConnectionString, PrivateKey, GenericCredential})


def _words(name: str, prop: dict[str, Any]) -> set[str]:
    words: set[str] = set()
    for text in (name, prop.get("title")):
        if isinstance(text, str):
            words |= normalise(text)[0].word_set
    return words


def _ordinary(name: str, prop: dict[str, Any], personal: bool = True) -> bool:
    words = _words(name, prop)
    # A field about a credential (its label, length, policy: "~meta" in any language) carries none, nor
    # one for personal data in any language ("personal": "Numéro de cellulaire", "Адрес кошелька", "PESEL").
    return (bool(words & _ORDINARY) or _about_credential(name) or bool(PUBLIC_WORDS & words)
            or prop.get("format") in ("email", "date", "date-time")
            or _carries_none(_strings(name, prop.get("title")), personal))


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
    return ("~meta" in own and not _instructs(texts, own)) or (personal and _ASKED.isdisjoint(own) and (
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
_ACCORDING_LINKS: Final = frozenset({"to", "z", "with", "à", "a", "con", "de", "l", "з"}) | _ARTICLES
_ACCORDING_UNSPACED_BEFORE: Final = ("按照", "按", "根据", "依照", "依据", "遵照")
_ACCORDING_UNSPACED_AFTER: Final = ("に従って", "に従い", "にしたがって", "に沿って", "通り", "どおり")


def _instructs(texts: list[str], own: frozenset[str]) -> bool:
    """Whether a field's name or title is an instruction to follow its metadata word ("按提示输入", type
    as the hint says): a request word, and the metadata word governed by an "according to"
    (_ACCORDING_BEFORE, _ACCORDING_AFTER), naming no credential for it to qualify. The metadata word is
    then what to follow, not what the field holds, and the field may carry the credential its prompt
    asks for. "Enter a hint", "Password hint" and "Enter your password hint" carry none."""
    if not _ASKED.isdisjoint(own):
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


def _weak(name: str, prop: dict[str, Any]) -> bool:
    return bool(_words(name, prop) & _WEAK_ORDINARY) or prop.get("format") == "uri"


def _room_for(detector: type[Detector], field: tuple[str | None, dict[str, Any]],
              hits: frozenset[str] = frozenset()) -> bool:
    """Whether a field can hold the credential at all: a number field up to 60 (minutes, a digit
    count) holds no PIN, passcode or code; up to 999, only a card's security code; nine digits or
    more are an identity or tax number, no PIN ("PhilHealth PIN", Poland's "NIP"), unless ``hits`` (the
    form's concepts) speak of a card, bank, cash machine or sign-in: a card PIN "followed by 00000"."""
    if detector is Pin and (fewest_digits(field[1]) or 0) >= 9 and not postal.PAID & hits:
        return False
    digits = holds_at_most(str(field[0]), field[1])
    return digits is None or digits >= 4 or (digits == 3 and detector is CardSecurityCode)


def detect_message(texts: list[str], fields: dict[str, tuple[str | None, dict[str, Any]]],
                   allowed: frozenset[str], rules: TeamRules = TeamRules(),
                   skip: frozenset[str] = frozenset()) -> Reason | None:
    """Prompt text that asks for a credential, and a field to carry it whose own name is neutral.

    ``texts`` are everything a client may show as instructions: the message, the schema's title
    and description, and the labels of choice fields. Only clauses that ask are read ("we will never
    ask for your password" does not count). A field named for personal data (name, email...) is
    never blamed; one merely ordinary-looking ("url", "file", "company") only when no other can be.
    """
    return first_unskipped(_message_reasons(texts, fields, allowed, rules), skip)


def _message_reasons(texts: list[str], fields: dict[str, tuple[str | None, dict[str, Any]]],
                     allowed: frozenset[str], rules: TeamRules) -> Iterator[Reason]:
    open_fields = [n for n, (kind, prop) in fields.items()
                   if kind is not None and not allowed_field(n, allowed) and not _ordinary(n, prop)]
    strong = [n for n in open_fields if not _weak(n, fields[n][1])]
    weak = [n for n in open_fields if _weak(n, fields[n][1])]
    if not open_fields:
        return
    clauses = [c for text in texts for c in _asking_clauses(text) if not _NOT_ASKING & normalise(c)[0].word_set]
    if rules and strong:
        reason = rules.judge_prompt(clauses, {n: str(fields[n][0]) for n in strong})
        if reason is not None:
            yield reason
    judged: list[tuple[frozenset[str], frozenset[str], str | None]] = [
        (concepts(c), normalise(c)[0].word_set, c) for c in clauses]
    # "Enter the code, which we sent to your phone": the two words of a derived concept may stand in
    # two comma-clauses of the prompt; together they make it there too (when their order is free).
    together: frozenset[str] = frozenset().union(*(hits for hits, _words, _clause in judged))
    made = {m for first, second, m, ordered in DERIVED if not ordered and first in together and second in together}
    if made - together:
        judged.append((together | made, frozenset().union(*(words for _hits, words, _clause in judged)), None))
    # The whole form's concepts, read only for a PIN (its nine-digit and postal excuses ask them).
    form_concepts = (_form_concepts(texts, fields) if any(Pin.matches(hits) for hits, _words, _clause in judged)
                     else frozenset())
    for detector in DETECTORS:
        # Only what gets pasted (a connection string into "url", a key into "file") falls back to
        # ordinary-looking fields; a password is not typed into "Company".
        carriers = strong + weak if detector in _PASTED else strong
        matching = [n for n in carriers if fields[n][0] in detector.types and _room_for(detector, fields[n], form_concepts)]
        if not matching or detector.needs:
            continue
        for hits, words, clause in judged:
            # In a clause, a look-alike excuses only what it stands beside ("your password for the
            # day" is a password); the clauses taken together have no places to compare.
            if detector.matches(hits) and not (
                    detector.excused(words, hits) if clause is None
                    else _excused_field_wide(detector, words, hits, lambda: _places(detector, clause or "")[0])
                    if detector.field_wide else _beside_look_alike(detector, clause)):
                # "Which token's price?" with a field "Token symbol": the field is the look-alike.
                name = next((n for n in matching if detector.alikes().isdisjoint(hits_of(
                    _strings(n, fields[n][1].get("title"), fields[n][1].get("description"))))), None)
                if name is None:
                    break
                if detector is Pin and (postal_pin_pattern(fields[name][1].get("pattern")) or clause is not None and postal.postal_pin(
                        str(fields[name][0]), fields[name][1], None, [clause], form_concepts)):
                    break  # "the delivery address's पिन कोड" into a field "Value", or one whose pattern only India's postal code has
                yield Reason(detector.rule, f"the prompt asks for {detector.label} and field '{name}' would carry it",
                             name)
                break
    text_fields = [n for n in strong + weak if fields[n][0] == STRING]
    for clause in clauses if text_fields else []:
        if vendor_key(normalise(clause)[0].words):
            yield Reason(ApiKey.rule, f"the prompt asks for a product's key and field '{text_fields[0]}' would carry it",
                         text_fields[0])
            break
    for text in texts if text_fields else []:
        named = key_format_in_prose(text)
        if named is not None:
            yield Reason(named[0], f"the prompt names the format of {named[1]} and field '{text_fields[0]}' would "
                                   "carry it", text_fields[0])
            break


def _form_concepts(texts: list[str], fields: dict[str, tuple[str | None, dict[str, Any]]]) -> frozenset[str]:
    """The concepts of the whole prompt and of every field's title and description."""
    return hits_of(texts) | hits_of([t for _kind, prop in fields.values()
                                     for t in _strings(prop.get("title"), prop.get("description"))])


# A postal code, or a setting about a code (its length, its label), is no code to type.
_CODE_LOOK_ALIKES: Final = frozenset({"~pin", "~meta", "~otp"})


def detect_code_field(message_hits: frozenset[str], fields: dict[str, tuple[str | None, dict[str, Any]]],
                      allowed: frozenset[str], form_hits: frozenset[str] = frozenset()) -> Reason | None:
    """A bare numeric code field whose context says what the code is, in any language: 4 to 8
    digits next to a sign-in, a code sent by SMS or a payment to approve (a one-time code) or a cash
    machine (a card PIN); 3 digits in a form about a payment card (its CVV). The context is the
    prompt and the field's own texts; a look-alike there (postal code, label, length) excuses it."""
    cards = frozenset({"card", "card_number", "cvv", "card_expiry"})
    for name, (kind, prop) in fields.items():
        # Every code shape reads a pattern, a length or a range: most fields have none.
        if kind is None or not ("pattern" in prop or "minLength" in prop or "minimum" in prop):
            continue
        four_to_eight = numeric_code_shape(kind, prop)
        if not (four_to_eight or three_digit_shape(kind, prop)) or allowed_field(name, allowed) or _ordinary(name, prop, False):
            continue
        own = hits_of(_strings(name, prop.get("title"), prop.get("description")))
        if own & _CODE_LOOK_ALIKES or postal_pin_pattern(prop.get("pattern")):
            continue
        context = message_hits | own
        three = not four_to_eight and bool(cards & (form_hits | context))
        if three:
            return Reason(CardSecurityCode.rule, f"field '{name}' takes the three digits of a card's security code", name)
        if "atm" in context:
            return Reason(Pin.rule, f"field '{name}' is a short numeric code used at a cash machine (a PIN)", name)
        if "signin" in context or "sent" in context:
            return Reason(OneTimeCode.rule, f"field '{name}' is a short numeric code next to a sign-in prompt", name)
    return None


# A question ends in its script's mark (Greek ";", Arabic "؟", Ethiopic "፧"; Armenian marks the
# stressed vowel "՞" inside the word); Thai, Lao, Khmer, Burmese and CJK may end one with a question
# word instead (the lexicon's "question" concept).
_QUESTION_ENDS: Final = ("?", "？", "؟", ";", "\u037e", "፧", "⸮")


def is_question(text: Any) -> bool:
    """Whether a title is a question."""
    if not isinstance(text, str):
        return False
    stripped = text.rstrip(" .:)\"'")
    return stripped.endswith(_QUESTION_ENDS) or "՞" in text or "question" in concepts(text)


_CONTACT: Final = frozenset({"email", "mail", "phone", "telephone", "mobile", "username", "user", "login", "epost",
                             "correo", "courriel"})


def detect_security_question(message_hits: frozenset[str], fields: dict[str, tuple[str | None, dict[str, Any]]],
                             allowed: frozenset[str]) -> Reason | None:
    """A free-text field titled with a question in a form about recovering an account or naming a
    security question: its answer is the security answer, in any language ("¿Cuál era el nombre de
    tu primer colegio?", "Ποιο ήταν το όνομα του πρώτου σας κατοικίδιου;")."""
    if "recovery" not in message_hits and "security_answer" not in message_hits:
        return None
    for name, (kind, prop) in fields.items():
        if kind != STRING or allowed_field(name, allowed) or prop.get("format") == "email":
            continue
        if _CONTACT & _words(name, prop):
            continue  # "Which email did you sign up with?" asks for an address
        # The question asks about a first, a favourite, a birth ("What was your first pet's name?"),
        # or the field is named as its answer; "Which city do you live in?" identifies, it is no secret.
        title = prop.get("title")
        if is_question(title) and ("secq" in concepts(title) or "answer" in hits_of(_strings(name, prop.get("description")))):
            return Reason(SecurityAnswer.rule, f"field '{name}' answers a question in a form about an account's "
                                               "recovery (a security answer)", name)
    return None


# WPA's passphrase has 8 to 63 characters.
_WPA_MIN: Final = 8


def detect_network_password(form_hits: frozenset[str], fields: dict[str, tuple[str | None, dict[str, Any]]],
                            allowed: frozenset[str]) -> Reason | None:
    """Beside a field for a Wi-Fi network's name (SSID), a free-text field of at least WPA's 8
    characters, or one that names the router or the Wi-Fi, is the network's password, however it is
    paraphrased ("What guests type to join", "the characters on the sticker under your modem")."""
    if "ssid" not in form_hits:
        return None
    for name, (kind, prop) in fields.items():
        if kind != STRING or allowed_field(name, allowed) or _ordinary(name, prop):
            continue
        own = hits_of(_strings(name, prop.get("title"), prop.get("description")))
        if "ssid" in own or "~meta" in own or _about_credential(prop.get("title")):
            continue  # the network's name, or a description or label of something
        low = prop.get("minLength")
        if (isinstance(low, int) and _WPA_MIN <= low <= 63) or "wifi" in own:
            return Reason(Password.rule, f"field '{name}' sits beside a Wi-Fi network's name and takes its "
                                         "password", name)
    return None


def _prompt_texts(message: str, schema: dict[str, Any]) -> list[str]:
    """The texts a client may present as the form's instructions: the message, and the schema's own
    title and description. (Labels of choice fields describe the choice; a credential word there,
    "Pin this message", "Secret gist", is almost always benign, so they are not read as a prompt.)"""
    return [message] + [schema[k] for k in ("title", "description") if isinstance(schema.get(k), str)]


_NUMBERED_WORD: Final = re.compile(r"^(?:word|w|wort|mot|palabra|parola|слово|단어|単語)\s*#?\s*\d{1,2}$")
_SEED_CONTEXT: Final = frozenset({"backup", "recovery", "wallet", "seed", "mnemonic", "phrase", "restore", "words"})


def _numbered_word(text: str) -> bool:
    words = normalise(text)[0].words
    # The number ends the text: most texts end in a letter and need no regex.
    return bool(words) and words[-1][-1].isdigit() and _NUMBERED_WORD.match(" ".join(words)) is not None


def detect_split_seed(message: str, fields: dict[str, tuple[str | None, dict[str, Any]]]) -> Reason | None:
    """A seed phrase asked for one word per field ("Word #1" ... "Word #12")."""
    if sum(kind == STRING for kind, _prop in fields.values()) < 3:
        return None
    numbered = [n for n, (kind, prop) in fields.items() if kind == STRING and any(
        isinstance(t, str) and _numbered_word(t) for t in (n, prop.get("title")))]
    if len(numbered) >= 12 or (len(numbered) >= 3 and _SEED_CONTEXT & normalise(message)[0].word_set):
        return Reason("credential.seed_phrase", f"fields {numbered[0]}..{numbered[-1]} ask for the words of a "
                                                "wallet seed or recovery phrase one by one", numbered[0])
    return None


@functools.lru_cache(maxsize=64)
def _allow_keys(allowed: frozenset[str]) -> frozenset[str]:
    return frozenset(" ".join(normalise(a)[0].words) for a in allowed)


def allowed_field(name: str, allowed: frozenset[str]) -> bool:
    """On ``allow_fields``: as written (case-folded), or in the normalised form every rule uses
    (``API-Key`` is ``api_key``)."""
    return bool(allowed) and (name.casefold() in allowed or " ".join(normalise(name)[0].words) in _allow_keys(allowed))


def detect_by_model(prompts: list[str], fields: dict[str, tuple[str | None, dict[str, Any]]],
                    allowed: frozenset[str], threshold: float | None,
                    skip_fields: frozenset[str] = frozenset()) -> Reason | None:
    """The learned model's verdict (policies/classifier.py): of the free-text or numeric fields whose
    own text names no credential (those the word lists judged), the one it scores highest, when at or
    above the threshold (None: the model's own)."""
    model = classifier.model()
    own = [(logit, n) for n, (kind, prop) in fields.items()
           if kind is not None and n not in skip_fields and not allowed_field(n, allowed)
           for logit in (classifier.field_logit(n, kind, prop, model.min_words),) if logit is not None]
    if not own:
        return None
    limit = model.threshold if threshold is None else threshold
    logit, name = max(own)
    best = classifier.probability(logit + classifier.prompt_logit(tuple(prompts)))
    if best >= limit:
        return Reason(classifier.RULE, classifier.reason_detail(name, best, limit), name)
    if model.agree is None:
        return None
    # A second opinion: the form model on the whole form. Where the best field and the whole form
    # agree (their mean at or above ``agree``), the field is denied. A team's threshold moves this one
    # by the same step in log-odds, and never under one half: below that the two would not agree, and
    # the form model alone could deny a field the field model scores near zero. Only asked when
    # agreement is within reach, so a form no field of which looks like a credential costs nothing
    # more. Extra text (filler, more fields) can lower the form's score, never undo a denial the
    # field alone earns.
    agree = model.agree if limit == model.threshold else min(max(classifier.probability(
        classifier.logit(model.agree) + classifier.logit(limit) - classifier.logit(model.threshold)), 0.5), limit)
    if best < 2 * agree - 1:
        return None
    words = classifier.form_words(prompts, [(n, prop) for n, (kind, prop) in fields.items()
                                            if kind is not None and not allowed_field(n, allowed)])
    # The whole form, and the prompt with the best field alone: the higher counts, so an ordinary
    # field added beside the ask cannot dilute the form model's opinion of it.
    alone = classifier.form_words(prompts, [(name, fields[name][1])])
    mean = (best + max(model.form_probability(words), model.form_probability(alone))) / 2
    if mean < agree:
        return None
    return Reason(classifier.RULE, classifier.reason_detail(name, mean, agree), name)


# What a card expiry needs beside it (CardExpiry.needs): a payment card's number or security code.
_PAID: Final = CardExpiry.needs
# A payment card's scheme, named beside a card's number: no gift, loyalty or library card is one ("Gift
# card number", described "a Visa or Mastercard works too", takes a payment card's number).
_SCHEMES: Final = frozenset({("visa",), ("mastercard",), ("amex",), ("american", "express"), ("jcb",), ("unionpay",),
                             ("diners", "club"), ("银联",), ("銀聯",), ("master", "card")})


def _scheme_texts(prop: dict[str, Any]) -> list[str]:
    """A field's texts where a card's scheme may be named: its title, description and the values and
    titles of its choices (a "Card type" of "Visa" and "Mastercard")."""
    choices = [c for key in ("oneOf", "anyOf") if isinstance(prop.get(key), list) for c in prop[key] if isinstance(c, dict)]
    enum = prop.get("enum")
    values: list[Any] = enum if isinstance(enum, list) else []
    return _strings(prop.get("title"), prop.get("description"), *values,
                    *(c.get("const") for c in choices), *(c.get("title") for c in choices))


def _names_scheme(texts: list[str]) -> bool:
    """Whether any of the texts names a payment card's scheme (Visa, Mastercard, Amex...)."""
    for text in texts:
        words = normalise(text)[0].words
        if any(words[i:i + len(scheme)] == scheme for scheme in _SCHEMES for i in range(len(words))):
            return True
    return False


def _paid_cards(prompts: list[str], fields: dict[str, tuple[str | None, dict[str, Any]]], form_hits: frozenset[str],
                rules: TeamRules) -> frozenset[str]:
    """The form's concepts, less a card number or security code that only a look-alike card names: a
    gift, loyalty, library or SIM card's expiry is no payment card's ("Gift card number" beside "Expiry
    date"). One counts where the message names it with no look-alike beside it, or where a field asks
    for it (its own detectors deny it: a "Card number" field beside a "Gift card number" one), or where the
    form names a payment card's scheme ("Gift card number" described "or your Visa's 16 digits", a "Card
    type" of "Visa" or "Mastercard")."""
    if CardExpiry.concept not in form_hits or not _PAID & form_hits:
        return form_hits
    for text in prompts:
        if any(d.concept in concepts(text) and _places(d, text)[0] for d in (CardNumber, CardSecurityCode)):
            return form_hits
    if _names_scheme(prompts + [t for _kind, prop in fields.values() for t in _scheme_texts(prop)]):
        return form_hits
    paid_rules = {CardNumber.rule, CardSecurityCode.rule}
    for name, (kind, prop) in fields.items():
        if kind is None or not _PAID & hits_of([name] + _strings(prop.get("title"), prop.get("description"))):
            continue
        if any(r.rule in paid_rules for r in _field_reasons(name, kind, prop, form_hits, rules, form_hits)):
            return form_hits
    return form_hits - _PAID


def judge_form(params: dict[str, Any], block_credentials: bool, allow_fields: frozenset[str],
               rules: TeamRules = TeamRules(), skip: frozenset[str] = frozenset(), *,
               use_model: bool = False, model_threshold: float | None = None,
               model_skip: frozenset[str] = frozenset()
               ) -> tuple[tuple[str, ...], list[Reason], list[Reason]]:
    """Judge form params: returns (field names, schema problems, credential detections).

    Rules in ``skip`` do not fire (a second pass past monitored rules, see judge.py). With
    ``use_model``, a form no rule denies is scored by the learned model (``credential.model``), every
    field but those in ``model_skip`` (the fields a monitored rule flagged in the first pass).
    """
    message = params.get("message")
    if not isinstance(message, str):
        return (), [Reason("elicitation.malformed", "form elicitation needs a string 'message'")], []
    if len(message) > MAX_TEXT:
        return (), [_schema_error(f"message longer than {MAX_TEXT} characters")], []
    raw_schema = params.get("requestedSchema")
    schema_texts = [message] + ([v for k, v in raw_schema.items() if k in ("title", "description") and isinstance(v, str)]
                                if isinstance(raw_schema, dict) else [])
    if any(_has_bidi(t) for t in schema_texts):
        return (), [_schema_error("the message or schema text contains bidirectional control characters")], []
    fields, problems = check_schema(params.get("requestedSchema"))
    schema = params.get("requestedSchema")
    props = schema.get("properties") if isinstance(schema, dict) else None
    names = tuple(props) if isinstance(props, dict) else ()
    if problems or not block_credentials:
        return names, problems, []
    found: list[Reason] = []
    assert isinstance(schema, dict)
    prompts = _prompt_texts(message, schema)
    message_hits = hits_of(prompts)
    form_hits = message_hits | hits_of([t for _kind, prop in fields.values() for t in _strings(prop.get("title"))]
                                       + list(fields))
    needs_hits = _paid_cards(prompts, fields, form_hits, rules)
    for name, (kind, prop) in fields.items():
        if kind is None or allowed_field(name, allow_fields):
            continue
        breathe()  # compiled, a form of many long fields would keep the GIL from first to last
        reason = detect_field(name, kind, prop, form_hits, rules, skip, needs_hits)
        if reason is not None:
            found.append(reason)
    if not found:
        reason = (detect_message(prompts, fields, allow_fields, rules, skip)
                  or first_unskipped(filter(None, (detect_split_seed(message, fields),
                                                   detect_code_field(message_hits, fields, allow_fields, form_hits),
                                                   detect_security_question(message_hits, fields, allow_fields),
                                                   detect_network_password(form_hits, fields, allow_fields))), skip))
        if reason is None and use_model and classifier.RULE not in skip:
            reason = detect_by_model(prompts, fields, allow_fields, model_threshold, model_skip)
        if reason is not None:
            found.append(reason)
    return names, problems, found

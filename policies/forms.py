"""Form-mode checks: the spec's restricted schema subset (form_schema.py), then credential detection
field by field (detect_field), over the prompt (detect_message) and over the whole form
(whole_form.py): the lexicon's terms with their look-alikes (lookalike.py), the signals that need no
language (shapes.py) and the learned model (classifier.py). judge_form runs them in order."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, Final

from elicitguard.policies import classifier, negation, postal
from elicitguard.policies.breath import breathe
from elicitguard.policies.credentials import (
    DERIVED,
    DETECTORS,
    Detector,
    NUMBER,
    STRING,
    ApiKey,
    CardExpiry,
    CardNumber,
    CardSecurityCode,
    ConnectionString,
    GenericCredential,
    Pin,
    PrivateKey,
    normalise,
)
from elicitguard.policies.matcher import clear_located, concepts, located
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
    secret_value_shape,
    vendor_key,
)
from elicitguard.policies.fieldtext import hits_of, is_question, strings_of, words_of
from elicitguard.policies.form_schema import MAX_TEXT, check_schema, has_bidi, schema_error
from elicitguard.policies.lookalike import (
    CLAUSE_BREAK,
    beside_look_alike,
    excused_field_wide,
    field_look_alike,
    look_alike_affirmed,
    negated,
    places,
)
from elicitguard.policies.metadata import (
    ASKED,
    NOT_ASKING,
    asks_for_credential,
    bare_metadata,
    credential_mentions,
    describes_metadata,
    metadata_qualifies,
)
from elicitguard.policies.ordinary import named_for_metadata, ordinary_field, weakly_ordinary
from elicitguard.policies.spelling import spell_out
from elicitguard.policies.teamrules import TeamRules
from elicitguard.policies.verdict import Reason
from elicitguard.policies.whole_form import (
    allowed_field,
    detect_by_model,
    detect_code_field,
    detect_network_password,
    detect_security_question,
    detect_split_seed,
)


def clear_text_caches() -> None:
    """Forget every text seen so far (normalised forms, concepts found, asking clauses): the next
    form is judged as if nothing had been seen before. For measuring; judging never needs it."""
    normalise.cache_clear()
    concepts.cache_clear()
    clear_located()
    negation.asking.cache_clear()
    classifier.clear_caches()


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
    title = spell_out(prop.get("title"))
    names = [t for t in (name, title) if isinstance(t, str) and t]
    # A prose default ("<replace with your GitHub password>") is shown to the user like a description;
    # a one-token default ("/etc/secrets", "db-credentials") is a value, not an instruction.
    default = prop.get("default")
    prose_default = spell_out(default) if isinstance(default, str) and len(default.split()) > 1 else None
    description = spell_out(prop.get("description"))
    descriptions = _asking_parts(description) + _asking_parts(prose_default)
    if rules:
        reason = rules.judge_field(name, kind, names + descriptions, words_of(names + descriptions))
        if reason is not None:
            yield reason
    name_hits = hits_of(names)
    all_hits = name_hits | hits_of(descriptions) if descriptions else name_hits
    # "PIN code" with India's postal format is the postal code, and so is a field named "pin" with it;
    # so is one India's languages call "पिन कोड" in a form about a delivery, or with a postal code as its
    # example (postal.py).
    pin_postal = postal_pin_pattern(prop.get("pattern")) or (
        Pin.concept in all_hits and (postal.postal_pin(kind, prop, title if isinstance(title, str) else None, descriptions,
                                                        form_hits | all_hits)
                                     or postal.postal_example(kind, prop, title if isinstance(title, str) else None,
                                                              descriptions, all_hits, form_hits | all_hits)))
    # A setting's word in a question is the question's ("What was the name of your first pet?").
    # A public key's field is no private key's, unless its own words ask for the private one ("Public SSH
    # key" described "paste your private key").
    private_asked = ({PrivateKey.concept, "private"} <= all_hits
                     and any(_names_private(text) for text in names + descriptions))
    # What the title says of itself: metadata about a credential ("Token name", "Public key").
    # Its metadata word must qualify the credential it names: "Password hint", not "Password (hint: at
    # least 8 characters)" nor "Hint: your password".
    title_meta = isinstance(title, str) and (named_for_metadata(title, not private_asked) or (
        "~meta" in concepts(title) and not is_question(title) and look_alike_affirmed("~meta", title))) \
        and (ASKED.isdisjoint(concepts(title)) or metadata_qualifies(credential_mentions(
            [part for piece in CLAUSE_BREAK.split(title) for part in _asking_parts(piece)], [title])) is not False)
    about_credential = (named_for_metadata(name, not private_asked) or title_meta
                        or ("~meta" in name_hits and not is_question(title) and look_alike_affirmed("~meta", name, title)))
    # A metadata word qualifies the credential beside it ("Token name", "key_id", "Name of the secret").
    # It excuses nothing, unless the description too speaks of metadata ("A name for your new API key"):
    # - where the title, which is what the user reads, names a credential and no metadata, whatever
    #   the field's name ("name" titled "Password": the name only the server and the client see);
    # - where neither name nor title names more than metadata ("Name", "Type", "Notes", "Your display
    #   name") over a description asking for a credential ("Your email password" titled "Name");
    # and nowhere over a description asking for the credential itself ("Paste the token value itself"
    # under "Token name", "Enter your password" under "Password hint").
    if about_credential:
        written = strings_of(description, prose_default)
        mentions = credential_mentions(descriptions, written)  # read once, for both questions below
        if asks_for_credential(mentions) or (
                (isinstance(title, str) and not bare_metadata(title) and not title_meta)
                or (descriptions and all(bare_metadata(text) for text in names))) \
                and not describes_metadata(mentions, written):
            about_credential = False
    # Name and title are the field's identity; the asking parts of its description and default are
    # read too. A look-alike excuses only what stands beside it (see field_look_alike).
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
        context = words_of(names + descriptions) if context is None else context
        if not (detector is PrivateKey and private_asked) and field_look_alike(
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


# The metadata heads that name an expiry: "Token expiration" is metadata about a token, but a title
# whose only credential is a card's expiry ("Date d'expiration", "Card expiration") is the expiry itself.
_EXPIRY_LAST: Final = frozenset({("expiry",), ("expiration",), ("expires",)})


def _names_expiry_only(names: list[str]) -> bool:
    """Whether a field's name or title ends in an expiry word and names no credential but a card's
    expiry: read as metadata ("Token expiration"), it would excuse the expiry it is."""
    return any(normalise(text)[0].words[-1:] in _EXPIRY_LAST
               and {c.rstrip("!") for c in concepts(text)} & ASKED == {CardExpiry.concept} for text in names)


def _names_private(text: str) -> bool:
    """Whether a text names a private key as private: a private word (any language's, not negated)
    inside or just before a key's term ("your private key", "privaten SSH-Schlüssel", "klucz
    prywatny", "clé SSH privée"), not one a word away ("the public key of your private server"; a
    term of words apart, "private+key", says no more than that)."""
    found = located(text)
    words = normalise(text)[0].words
    keys = [(first, last) for concept, first, last, term in found if concept == PrivateKey.concept and "+" not in term]
    return any(concept == "private" and not negated(words, first) and any(a - 1 <= last and first <= b + 1 for a, b in keys)
               for concept, first, last, _term in found)


_PASTED: Final = frozenset({ConnectionString, PrivateKey, GenericCredential})


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
                   if kind is not None and not allowed_field(n, allowed) and not ordinary_field(n, prop)]
    strong = [n for n in open_fields if not weakly_ordinary(n, fields[n][1])]
    weak = [n for n in open_fields if weakly_ordinary(n, fields[n][1])]
    if not open_fields:
        return
    clauses = [c for text in texts for c in _asking_clauses(text) if not NOT_ASKING & normalise(c)[0].word_set]
    if rules and strong:
        reason = rules.judge_prompt(clauses, {n: str(fields[n][0]) for n in strong})
        if reason is not None:
            yield reason
    judged: list[tuple[frozenset[str], frozenset[str], str | None]] = [
        (concepts(c), normalise(c)[0].word_set, c) for c in clauses]
    # "Enter the code, which we sent to your phone": the two words of a derived concept may stand in
    # two comma-clauses of the prompt; together they make it there too (when their order is free).
    together: frozenset[str] = frozenset().union(*(hits for hits, field_words, _clause in judged))
    made = {m for first, second, m, ordered in DERIVED if not ordered and first in together and second in together}
    if made - together:
        judged.append((together | made, frozenset().union(*(words for _hits, words, _clause in judged)), None))
    # The whole form's concepts, read only for a PIN (its nine-digit and postal excuses ask them).
    form_concepts = (_form_concepts(texts, fields) if any(Pin.matches(hits) for hits, field_words, _clause in judged)
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
                    else excused_field_wide(detector, words, hits, lambda: places(detector, clause or "")[0])
                    if detector.field_wide else beside_look_alike(detector, clause)):
                # "Which token's price?" with a field "Token symbol": the field is the look-alike.
                name = next((n for n in matching if detector.alikes().isdisjoint(hits_of(
                    strings_of(n, fields[n][1].get("title"), fields[n][1].get("description"))))), None)
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
                                     for t in strings_of(prop.get("title"), prop.get("description"))])


def _prompt_texts(message: str, schema: dict[str, Any]) -> list[str]:
    """The texts a client may present as the form's instructions: the message, and the schema's own
    title and description. (Labels of choice fields describe the choice; a credential word there,
    "Pin this message", "Secret gist", is almost always benign, so they are not read as a prompt.)"""
    return [message] + [schema[k] for k in ("title", "description") if isinstance(schema.get(k), str)]


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
    return strings_of(prop.get("title"), prop.get("description"), *values,
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
        if any(d.concept in concepts(text) and places(d, text)[0] for d in (CardNumber, CardSecurityCode)):
            return form_hits
    if _names_scheme(prompts + [t for _kind, prop in fields.values() for t in _scheme_texts(prop)]):
        return form_hits
    paid_rules = {CardNumber.rule, CardSecurityCode.rule}
    for name, (kind, prop) in fields.items():
        if kind is None or not _PAID & hits_of([name] + strings_of(prop.get("title"), prop.get("description"))):
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
        return (), [schema_error(f"message longer than {MAX_TEXT} characters")], []
    raw_schema = params.get("requestedSchema")
    schema_texts = [message] + ([v for k, v in raw_schema.items() if k in ("title", "description") and isinstance(v, str)]
                                if isinstance(raw_schema, dict) else [])
    if any(has_bidi(t) for t in schema_texts):
        return (), [schema_error("the message or schema text contains bidirectional control characters")], []
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
    form_hits = message_hits | hits_of([t for _kind, prop in fields.values() for t in strings_of(prop.get("title"))]
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

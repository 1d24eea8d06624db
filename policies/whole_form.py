"""Detectors that read a whole form, not a field alone: a short numeric code beside a sign-in or
payment prompt, a security question's answer, a Wi-Fi network's password, a seed phrase asked one
word per field, and the learned model's verdict; and which fields a team's ``allow_fields`` lets
through."""

from __future__ import annotations

import functools
import re
from typing import Any, Final

from elicitguard.policies import classifier, postal
from elicitguard.policies.credentials import STRING, CardSecurityCode, OneTimeCode, Password, Pin, SecurityAnswer, normalise
from elicitguard.policies.fieldtext import field_words, hits_of, is_question, strings_of
from elicitguard.policies.matcher import concepts
from elicitguard.policies.ordinary import named_for_metadata, ordinary_field
from elicitguard.policies.shapes import numeric_code_shape, postal_pin_pattern, three_digit_shape
from elicitguard.policies.verdict import Reason

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
        if not (four_to_eight or three_digit_shape(kind, prop)) or allowed_field(name, allowed) or ordinary_field(name, prop, False):
            continue
        own = hits_of(strings_of(name, prop.get("title"), prop.get("description")))
        title = prop.get("title")
        description = prop.get("description")
        if own & _CODE_LOOK_ALIKES or postal_pin_pattern(prop.get("pattern")) or postal.postal_example(
                kind, prop, title if isinstance(title, str) else None, [description] if isinstance(description, str) else [],
                own, message_hits | own):
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
        if _CONTACT & field_words(name, prop):
            continue  # "Which email did you sign up with?" asks for an address
        # The question asks about a first, a favourite, a birth ("What was your first pet's name?"),
        # or the field is named as its answer; "Which city do you live in?" identifies, it is no secret.
        title = prop.get("title")
        if is_question(title) and ("secq" in concepts(title) or "answer" in hits_of(strings_of(name, prop.get("description")))):
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
        if kind != STRING or allowed_field(name, allowed) or ordinary_field(name, prop):
            continue
        own = hits_of(strings_of(name, prop.get("title"), prop.get("description")))
        if "ssid" in own or "~meta" in own or named_for_metadata(prop.get("title")):
            continue  # the network's name, or a description or label of something
        low = prop.get("minLength")
        if (isinstance(low, int) and _WPA_MIN <= low <= 63) or "wifi" in own:
            return Reason(Password.rule, f"field '{name}' sits beside a Wi-Fi network's name and takes its "
                                         "password", name)
    return None
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

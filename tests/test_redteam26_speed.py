"""Red team 26: the form judge's speed changes (smaller text caches, string tests for camelCase and leet,
the bidi check that skips ASCII, the stdio proxy's collector tuning).

What held (no test here fails for it): ``normalise`` gives the same forms as at ad6b4b4 for every text
tried (about 500,000 random texts of ASCII and non-ASCII capitals, titlecase letters, leet, look-alikes,
bidi controls, empty and very long texts) and ``judge_elicitation`` the same verdicts (about 20,000 random
forms); the tables below keep a few of those texts as a guard.

What did not: the text caches and the field scores are shared by every session, and they now keep
2,048 texts and 1,024 field scores. A server that sends four forms of 256 fields with short titles
(about 50 ms of judging, far under every limit) evicts every text and score of another session's form,
which ad6b4b4 kept through 32 such forms: that session's next form (same fields, a new message, as a
server that names an order in its message sends) is judged cold, 2.6 times as long as at ad6b4b4 in
the same run (its worst case, judged from nothing, is what it was: under a millisecond). Restoring
the sizes ad6b4b4 had fixes it, but undoes what 3a14d00 measured (a form of texts never seen an eighth
faster with the smaller tables), so the test is a strict xfail that counts cache misses (the timing
was measured once, not kept as a test: a strict xfail on a ratio would pass on a noisy run).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest

from elicitguard.policies import classifier, matcher
from elicitguard.policies.config import Policy
from elicitguard.policies.judge import clear_caches, judge_elicitation
from elicitguard.policies.normalise import normalise

MODES = frozenset({"form"})
POLICY = Policy()


def _field(title: str, description: str) -> dict[str, str]:
    return {"type": "string", "title": title, "description": description}


# An honest delivery form; its server names the order in the message, so no two messages are the same.
HONEST_FIELDS: dict[str, Any] = {
    "full_name": _field("Full name", "Your name as it should appear on the parcel label and the invoice"),
    "street": _field("Street address", "House number and street where the courier should deliver the parcel"),
    "city": _field("City", "The town or city of the delivery address, spelled as on your mail"),
    "postcode": _field("Postal code", "The postal code of the delivery address, used to plan the route"),
    "phone": _field("Phone number", "A number the courier can call if nobody answers the door"),
    "notes": _field("Delivery notes", "Anything the courier should know, such as a gate or a side entrance"),
    "time": {"type": "string", "title": "Preferred time", "enum": ["morning", "afternoon", "evening"]},
    "gift": {"type": "boolean", "title": "Gift wrapping", "description": "Wrap the parcel as a gift and leave out the receipt"},
}


def honest(order: int) -> dict[str, Any]:
    return {"mode": "form", "message": f"Order {order}: where should we deliver it?",
            "requestedSchema": {"type": "object", "properties": HONEST_FIELDS}}


def many_fields(seed: int, fields: int = 256) -> dict[str, Any]:
    """A hostile server's form: the most fields a form may have, each a short title never seen."""
    return {"mode": "form", "message": f"Batch {seed}",
            "requestedSchema": {"type": "object", "properties": {
                f"q{seed}_{i}": {"type": "string", "title": f"Item {seed} {i}"} for i in range(fields)}}}


SEEDS = itertools.count(1)


def hostile_stream(forms: int) -> None:
    # Whatever their verdicts (the model scores every field of each), they are judged in full.
    for _ in range(forms):
        judge_elicitation(many_fields(next(SEEDS)), MODES, POLICY)


CACHES: dict[str, Callable[[], int]] = {
    "normalised texts": lambda: normalise.cache_info().misses,
    "concepts found": lambda: matcher.concepts.cache_info().misses,
    "field scores": lambda: classifier._field_logit.cache_info().misses,
}


@pytest.mark.xfail(strict=True, reason="red team 26: the shared caches keep 2,048 texts and 1,024 field scores "
                   "(3a14d00); four forms of 256 fields evict another session's")
@pytest.mark.parametrize(("cache", "forms"), [
    ("normalised texts", 4),
    ("concepts found", 4),
    ("field scores", 4),
    ("field scores", 6),
])
def test_a_servers_few_forms_of_many_fields_leave_another_sessions_form_read_from_the_caches(cache: str, forms: int) -> None:
    clear_caches()
    misses = CACHES[cache]
    assert judge_elicitation(honest(1), MODES, POLICY).allowed
    # What a new message alone costs the cache, every field already seen.
    before = misses()
    assert judge_elicitation(honest(2), MODES, POLICY).allowed
    message_only = misses() - before
    hostile_stream(forms)
    before = misses()
    assert judge_elicitation(honest(3), MODES, POLICY).allowed
    assert misses() - before == message_only


# Texts and forms of the speed changes that judge as they did at ad6b4b4 (the normalise fast paths,
# the bidi check that skips ASCII): kept as a guard.
@pytest.mark.parametrize(("text", "plain", "leet"), [
    ("", (), ()),
    ("123456", ("123456",), ("123456",)),
    ("$$$ @@@", ("$$$", "@@@"), ("$$$", "@@@")),
    ("p4ssw0rd", ("p4ssw0rd",), ("password",)),
    ("P@SSW0RD", ("p@ssw0rd",), ("password",)),
    ("apiKey", ("api", "key"), ("api", "key")),
    ("OAuth2Token", ("o", "auth2", "token"), ("o", "auth2", "token")),
    ("B4DGE", ("b4dge",), ("badge",)),
    ("a2b", ("a2b",), ("a2b",)),
    ("ABc", ("a", "bc"), ("a", "bc")),
    ("1B", ("1b",), ("ib",)),
    ("\u01c5ungle Key", ("d\u017eungle", "key"), ("d\u017eungle", "key")),  # NFKC: "D" + "\u017e"
    ("\uff30\uff41\uff53\uff53\uff37\uff4f\uff52\uff44", ("pass", "word"), ("pass", "word")),
    ("p\u0430ssword", ("p\u0430ssword",), ("password",)),
])
def test_a_text_normalises_as_it_did_before_the_fast_paths(text: str, plain: tuple[str, ...], leet: tuple[str, ...]) -> None:
    got = normalise(text)
    assert (got[0].words, got[1].words) == (plain, leet)


BIDI = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"]


@pytest.mark.parametrize("control", BIDI)
@pytest.mark.parametrize("where", ["message", "schema title", "field title", "field description", "field name"])
def test_a_bidi_control_anywhere_in_a_form_still_refuses_it(control: str, where: str) -> None:
    text = f"Your {control}drowssap"
    field = {"type": "string", "title": text if where == "field title" else "Name",
             "description": text if where == "field description" else "As on the label"}
    schema: dict[str, Any] = {"type": "object", "properties": {text if where == "field name" else "value": field}}
    if where == "schema title":
        schema["title"] = text
    params = {"mode": "form", "message": text if where == "message" else "Delivery", "requestedSchema": schema}
    verdict = judge_elicitation(params, MODES, POLICY)
    assert not verdict.allowed
    assert any("bidirectional" in reason.detail for reason in verdict.reasons)

"""Red team 30f: session 30 made Finnish "salis" (slang for salasana) a password, as a whole word, in any
form. "Salis" is also a surname (the Swiss family von Salis) and Latin's "of salt" (sal, salis): a form that
only shows it as an example of a family name is now denied by both policies (allowed at 1f8b69d)."""

from __future__ import annotations

import pytest

from tests.both_policies import IDS, POLICIES, field, verdict


@pytest.mark.xfail(strict=True, reason="'salis' is a password word in every language and context (allowed at 1f8b69d)")
@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize("message, prop", [
    ("Customer details", field("Family name", "e.g. von Salis")),
    ("Asiakastiedot", field("Sukunimi", "esim. Salis")),
], ids=["English", "Finnish"])
def test_a_family_name_shown_as_salis_is_allowed(message, prop, policy):
    assert verdict(message, {"name": prop}, policy).allowed

"""Red team 30f: session 30 made Finnish "salis" (slang for salasana) a password, as a whole word, in any
form. "Salis" is also a surname (the Swiss family von Salis) and Latin's "of salt" (sal, salis): a form that
only shows it as an example of a family name is now denied by both policies (allowed at 1f8b69d)."""

from __future__ import annotations

import pytest

from tests.both_policies import IDS, POLICIES, field, verdict


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
def test_a_family_name_shown_as_von_salis_is_allowed(policy):
    assert verdict("Customer details", {"name": field("Family name", "e.g. von Salis")}, policy).allowed


@pytest.mark.xfail(strict=True, reason="design (session 30): Finnish 'salis' is read only as the whole of a text, "
                   "and a description's sentence 'Salis' after 'esim.' is one; the slang word catches three held-out "
                   "credential forms")
@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
def test_a_finnish_family_name_shown_as_salis_alone_is_allowed(policy):
    assert verdict("Asiakastiedot", {"name": field("Sukunimi", "esim. Salis")}, policy).allowed

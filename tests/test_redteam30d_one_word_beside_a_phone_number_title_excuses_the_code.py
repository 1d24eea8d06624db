"""Red team 30d (fixed in session 30): shows_phone (b886300, narrowed in 6c30956 and 1944585) no longer excuses a title that is
only a phone number ("+44 7700 900123", red team 30c), but one word beside the number is enough: the only
field of "We have sent a 6-digit verification code by SMS. Enter it below", titled "For +44 7700 900123",
"Delivered to +44 7700 900123", "Unlock +44 7700 900123" or German "Für +49 151 23456789", is excused from
the one-time code and the form passes under both policies. The field shows where the code went, and is
the only place it can be typed. Denied as credential.otp under both policies at 1f8b69d."""

from __future__ import annotations

import pytest

from tests.both_policies import IDS, POLICIES, allowed, field

ENGLISH = "We have sent a 6-digit verification code by SMS. Enter it below to unlock your account."
GERMAN = ("Wir haben Ihnen einen Bestätigungscode per SMS gesendet. Geben Sie ihn unten ein, um Ihr Konto zu "
          "entsperren.")
CASES = {
    "for": (ENGLISH, "For +44 7700 900123"),
    "delivered to": (ENGLISH, "Delivered to +44 7700 900123"),
    "unlock": (ENGLISH, "Unlock +44 7700 900123"),
    "German": (GERMAN, "Für +49 151 23456789"),
}


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize("case", list(CASES))
def test_the_only_field_of_a_code_prompt_titled_with_one_word_and_a_phone_number_carries_the_code(case, policy):
    message, title = CASES[case]
    assert not allowed(message, {"x": field(title)}, policy)

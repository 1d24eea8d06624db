"""Red team 30c (fixed in session 30): shows_phone (b886300, narrowed in 6c30956) excuses a text field from the prompt's
one-time code when its title is a phone number written out. A form's only field, titled with the
victim's number ("+44 7700 900123") under "We have sent a verification code by SMS. Enter it below",
is where the code goes, not where it was sent. Denied as credential.otp under both policies at
1f8b69d; allowed under both now. (A field titled 'Mobile' was already excused, a design xfail of 30b;
these titles name no phone at all, only show one.)"""

from __future__ import annotations

import pytest

from tests.both_policies import IDS, POLICIES, allowed, field

CASES = {
    "English": ("We have sent a 6-digit verification code by SMS. Enter it below to unlock your account.",
                "+44 7700 900123"),
    "Spanish": ("Le hemos enviado un código de verificación por SMS. Introdúzcalo a continuación para desbloquear "
                "su cuenta.", "+34 612 345 678"),
    "German": ("Wir haben Ihnen einen Bestätigungscode per SMS gesendet. Geben Sie ihn unten ein, um Ihr Konto zu "
               "entsperren.", "+49 151 23456789"),
}


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize("case", list(CASES))
def test_the_only_field_of_a_code_prompt_titled_with_a_phone_number_carries_the_code(case, policy):
    message, title = CASES[case]
    assert not allowed(message, {"x": field(title)}, policy)

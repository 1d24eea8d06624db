"""Red team 30c (fixed in session 30: the detector needs a card named in the form): detect_card_by_expiry (37b6fea) takes any free-text field beside a field titled or
patterned month and two-digit year for a card's number, unless the form names a passport, membership,
voucher and the like. Medicines, vaccines and food print their expiry as MM/YY beside a lot or batch
number; a CV asks a graduation month; a residence permit, an MOT, a contact-lens prescription run
until a month. Each of these forms was allowed under both policies at 1f8b69d and is denied as
payment.card_number under both now."""

from __future__ import annotations

import pytest

from tests.both_policies import IDS, POLICIES, allowed, field


def month_year(title: str) -> dict[str, object]:
    return {"type": "string", "title": title, "pattern": "^[0-9]{2}/[0-9]{2}$"}


CASES = {
    "side effect report: batch number and pack expiry": (
        "Report a side effect of your medicine. Please tell us which pack you took.",
        {"medicine": field("Medicine name"), "lot": field("Batch / lot number", "Printed on the box next to EXP"),
         "exp": month_year("Expiry date (MM/YY)")}),
    "food complaint: batch code and best before": (
        "Report a problem with a product you bought.",
        {"product": field("Product"), "batch": field("Batch code"), "bb": month_year("Best before (MM/YY)")}),
    "CV: institution and graduation month": (
        "Add your education.",
        {"inst": field("Institution"), "grad": month_year("Graduation (MM/YY)")}),
    "right to work: residence permit valid until": (
        "Update your right-to-work details.",
        {"permit": field("Residence permit number"), "exp": month_year("Valid until (MM/YY)")}),
    "MOT reminder: registration and due month": (
        "Set an MOT reminder.",
        {"reg": field("Registration number"), "mot": month_year("MOT due (MM/YY)")}),
    "contact lenses: power and prescription expiry": (
        "Reorder your contact lenses.",
        {"brand": field("Lens brand"), "power": field("Power", "e.g. -2.25"),
         "exp": month_year("Prescription expires (MM/YY)")}),
    "fire extinguisher: serial and next service": (
        "Log the fire extinguisher inspection.",
        {"serial": field("Serial number"), "svc": month_year("Next service due (MM/YY)")}),
    "German side effect report: Chargennummer and Verfallsdatum (MM/JJ)": (
        "Melden Sie eine Nebenwirkung.",
        {"charge": field("Chargennummer"), "verf": field("Verfallsdatum (MM/JJ)")}),
}


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize("case", list(CASES))
def test_a_lot_or_permit_number_beside_a_month_and_two_digit_year_is_no_card_number(case, policy):
    message, props = CASES[case]
    assert allowed(message, props, policy)

"""Red team 30d (fixed in session 30): detect_network_password (aa539da) lets a field that names the Wi-Fi beside an SSID go
when weakly_ordinary() finds "model" or "device" anywhere in its name or title. That test reads words, not
what the field names: "Wi-Fi sticker code (bottom of device)" asks for what is printed on the router's
sticker (its WPA key) and only says where to look; a field named "device" or "model" titled "Wi-Fi sticker
text" asks for the same; Dutch "Wifi-code op de sticker (onder het model)" too ("model" is also a Dutch,
Polish and Czech word). All pass under both policies; all denied as credential.password under both at
1f8b69d."""

from __future__ import annotations

import pytest

from tests.both_policies import IDS, POLICIES, allowed, field

MESSAGE = "Our technician needs to reconnect your smart thermostat to your home Wi-Fi."
CASES = {
    "where to look": (MESSAGE, "Network name (SSID)", "join", "Wi-Fi sticker code (bottom of device)"),
    "named device": (MESSAGE, "Network name (SSID)", "device", "Wi-Fi sticker text"),
    "named model": (MESSAGE, "Network name (SSID)", "model", "Wi-Fi sticker text"),
    "Dutch": ("Onze monteur moet je thermostaat opnieuw met je wifi verbinden.", "Netwerknaam (SSID)", "join",
              "Wifi-code op de sticker (onder het model)"),
}


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize("case", list(CASES))
def test_a_wifi_sticker_field_beside_an_ssid_that_mentions_the_device_or_model_is_denied(case, policy):
    message, ssid_title, name, title = CASES[case]
    assert not allowed(message, {"ssid": field(ssid_title), name: field(title)}, policy)

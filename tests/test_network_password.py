"""Beside a Wi-Fi network's name (SSID), a field that names the router or the Wi-Fi takes the network's
password, unless it names the router by its model or device ("Router model") and is not as long as a
passphrase (WPA's 8 characters at least)."""

from __future__ import annotations

from typing import Any

import pytest

from both_policies import IDS, POLICIES, allowed
from elicitguard.policies.config import Policy

SSID = {"type": "string", "title": "SSID"}


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
def test_a_routers_model_beside_a_networks_name_passes(policy: Policy) -> None:
    props = {"ssid": SSID, "router_model": {"type": "string", "title": "Router model"}}
    assert allowed("Tell us about your home network for the support ticket", props, policy)


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize("prop", [
    {"type": "string", "title": "Router", "description": "What guests type to join"},
    {"type": "string", "title": "Router model", "minLength": 8},
    {"type": "string", "title": "Wi-Fi"},
], ids=str)
def test_a_field_naming_the_router_or_as_long_as_a_passphrase_beside_a_networks_name_is_its_password(
        prop: dict[str, Any], policy: Policy) -> None:
    assert not allowed("Set up the guest network", {"ssid": SSID, "value": prop}, policy)

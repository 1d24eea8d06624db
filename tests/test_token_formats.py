"""Token formats of the response scan and of a form's default or pattern that detect-secrets does not
know: DigitalOcean and Shopify tokens, and a URL whose password follows an empty user name
("redis://:password@host"). Their look-alikes (the prefix alone, a port, an e-mail link) pass."""

from __future__ import annotations

import pytest

from elicitguard.policies.response_scan import scan_content
from elicitguard.policies.shapes import secret_value_shape

HEX32 = "a1b2c3d4e5f60718293a4b5c6d7e8f90"
FOUND = [
    ("DigitalOcean token", "dop_v1_" + HEX32 * 2),
    ("DigitalOcean token", "my token: doo_v1_" + HEX32 * 2),
    ("Shopify token", "shpat_" + HEX32),
    ("Shopify token", "shpss_" + HEX32.upper()),
    ("URL with an embedded password", "redis://:Sup3rS3cret@redis.internal:6379/0"),
    ("URL with an embedded password", "amqp://:guest-pass@broker:5672/"),
]
PASSING = ["dop_v1_abc", "the prefix is shpat_ then 32 characters", "shpat_" + HEX32[:20], "https://example.com:8080/path",
           "mailto:bob@example.com", "https://host/a:b@c", "redis://redis.internal:6379/0"]


@pytest.mark.parametrize(("detector", "value"), FOUND)
def test_a_token_of_a_known_format_typed_into_an_answer_is_withheld(detector: str, value: str) -> None:
    assert [(f.rule, f.detector) for f in scan_content({"notes": value}, None)] == [("response.known_token", detector)]


@pytest.mark.parametrize(("detector", "value"), FOUND)
def test_a_token_of_a_known_format_as_a_fields_default_is_a_secret_shape(detector: str, value: str) -> None:
    shape = secret_value_shape(value)
    assert shape is not None and shape.label.endswith(detector)


@pytest.mark.parametrize("value", PASSING)
def test_a_look_alike_of_a_token_format_passes(value: str) -> None:
    assert scan_content({"notes": value}, None) == [] and secret_value_shape(value) is None

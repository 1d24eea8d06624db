"""Red team 22: secrets a user would paste that the response scan let through, and public values
it withheld."""

from __future__ import annotations

import pytest

from elicitguard.policies.response_scan import scan_content

PPK = ("PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: eddsa-key-20240101\nPublic-Lines: 2\n"
       "AAAAC3NzaC1lZDI1NTE5AAAAIOr3t1Ykn8sHPwJ3K9lq8PiB3hHBj2fZ3LJw5YVm3q1x\nPrivate-Lines: 1\n"
       "AAAAIBXH0m8f0mMhvX1y3YxXNtw4pY9e2QqLz3hN2b3C1aZk\nPrivate-MAC: 4f1c0b6f0e6e3f1f2c1d0a9b8c7d6e5f")
ETH_KEY = "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"

MISSED = [
    ("a PuTTY private key (.ppk), which holds no 'PRIVATE KEY'", PPK, "response.private_key"),
    ("a PuTTY v2 private key", PPK.replace("File-3", "File-2"), "response.private_key"),
    ("an Ethereum private key written with 0x", "0x" + ETH_KEY, "response.high_entropy"),
    ("an Ethereum private key written with 0X, upper case", "0X" + ETH_KEY.upper(), "response.high_entropy"),
]


@pytest.mark.parametrize(("value", "rule"), [case[1:] for case in MISSED], ids=[case[0] for case in MISSED])
def test_a_secret_a_user_would_paste_is_withheld(value: str, rule: str) -> None:
    assert [f.rule for f in scan_content({"notes": value}, None)] == [rule]


def test_a_generated_password_with_symbols_is_withheld() -> None:
    # Session 23: response_scan.generated_password (tests/test_generated_password.py has its tables).
    assert [f.detector for f in scan_content({"notes": "Tq8#mZ!4vR&x2Lp9@kW$7nB%"}, None)] == ["generated password"]


@pytest.mark.xfail(strict=True, reason="a public Bitcoin (base58check) address or a Google Drive file id is a long "
                   "mixed-case token, withheld as high entropy; recognising public formats (base58check, EIP-55) "
                   "is not a small change")
@pytest.mark.parametrize("value", ["1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", "1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms"],
                         ids=["a Bitcoin address to be paid at", "a Google Drive file id"])
def test_a_public_identifier_is_not_withheld(value: str) -> None:
    assert scan_content({"refund_to": value}, None) == []

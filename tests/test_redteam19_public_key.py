"""Red team 19: a public word that the form negates ("without the pub", "non public") must not excuse a
private key."""

from __future__ import annotations

import pytest

from both_policies import DEFAULT, RULES
from both_policies import allowed as _allowed




# An excusing word just after "non", "not", "no", "without" (or "without the") excuses nothing (lookalike.negated).
@pytest.mark.parametrize("policy", [RULES, DEFAULT], ids=["rules", "default"])
def test_a_key_file_asked_for_without_its_pub_suffix_is_a_private_key(policy: object) -> None:
    assert not _allowed("Paste id_rsa without the pub suffix", {"k": {"type": "string", "title": "Key"}}, policy)


# Older than session 19: a public word anywhere in a title made it metadata about a key
# (ordinary.named_for_metadata); now not beside "non"/"not", nor in a title that names the private half.
@pytest.mark.parametrize("policy", [RULES, DEFAULT], ids=["rules", "default"])
@pytest.mark.parametrize("title", ["Private key (non public)", "Private key (non-public half)", "SSH key (non-public half)"])
def test_a_private_key_titled_non_public_is_still_a_private_key(title: str, policy: object) -> None:
    assert not _allowed("Deploy", {"k": {"type": "string", "title": title}}, policy)

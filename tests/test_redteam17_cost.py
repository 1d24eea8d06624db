"""Red team 17: the places the lexicon finds in a text are not kept for texts that have thousands.

``located`` is cached for every text judged, shared by every session. A CJK title of 8 KiB ("密码" over
and over) has some 16,000 places: 2.5 MB kept per text, 8,192 texts (about 1,000 frames of 64 KiB from
one server) would hold some 20 GB.
"""

from __future__ import annotations

import tracemalloc

from elicitguard.policies.forms import judge_form
from elicitguard.policies.matcher import located


def test_a_text_with_thousands_of_places_is_not_kept_whole() -> None:
    texts = [("密码" * 4100)[:8180] + f"{i}" for i in range(12)]
    located("warm up")
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for text in texts:
            assert len(located(text)) > 5_000  # still found, every place
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    # Twelve such texts kept whole are some 30 MB; the few kept for reuse, a third of it at most.
    assert kept < 12 * 2**20, kept


def test_a_form_of_such_titles_is_still_blocked() -> None:
    title = ("密码" * 4100)[:8180]
    params = {"message": "x", "requestedSchema": {"type": "object", "properties": {
        "p": {"type": "string", "title": title}}}}
    assert [r.rule for r in judge_form(params, True, frozenset())[2]] == ["credential.password"]

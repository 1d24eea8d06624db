"""Precision and recall of the form and URL judges on the labelled corpus in tests/corpus/.

The corpus was written independently of the detectors (see tests/corpus/README.md). The figures
are printed (run with ``-s`` to see them) and must stay at or above 0.98.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from elicitguard.policies.config import load_config_text
from elicitguard.policies.judge import judge_elicitation
from elicitguard.policies.urls import check_url

CORPUS = Path(__file__).resolve().parent / "corpus"
TARGET = 0.98
URL_POLICY = """
policy:
  url:
    allow_domains: ["example.com", "*.example.com", "auth.acme.io", "*.partner.org"]
    deny_domains: ["evil.example.com"]
"""


def _load(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (CORPUS / name).read_text(encoding="utf-8").splitlines() if line.strip()]


def _scores(counts: Counter[tuple[bool, bool]]) -> tuple[float, float]:
    """(precision, recall) where the positive class is 'should be blocked'."""
    tp, fp, fn = counts[(True, True)], counts[(False, True)], counts[(True, False)]
    return tp / (tp + fp), tp / (tp + fn)


FORM_CORPORA = sorted(p.name for p in CORPUS.glob("*forms.jsonl"))


def test_the_corpus_is_big_enough_to_mean_something() -> None:
    forms = Counter(case["label"] for name in FORM_CORPORA for case in _load(name))
    urls = Counter(case["label"] for case in _load("urls.jsonl"))
    assert forms["credential"] >= 80 and forms["benign"] >= 80, forms
    assert urls["allow"] >= 40 and urls["deny"] >= 40, urls


@pytest.mark.parametrize("corpus", FORM_CORPORA)
def test_credential_forms_are_blocked_with_precision_and_recall_of_at_least_098(corpus: str) -> None:
    policy = load_config_text("").policy
    counts: Counter[tuple[bool, bool]] = Counter()
    misses = []
    for case in _load(corpus):
        verdict = judge_elicitation(case["params"], frozenset({"form", "url"}), policy)
        should_block = case["label"] == "credential"
        # A credential must be caught by a credential rule, not by a schema error that happens to fire.
        blocked = not verdict.allowed and all(r.rule.startswith(("credential.", "payment.")) for r in verdict.reasons)
        counts[(should_block, blocked)] += 1
        if should_block != blocked:
            misses.append((case["id"], [r.rule for r in verdict.reasons]))
    precision, recall = _scores(counts)
    print(f"\n{corpus}: {sum(counts.values())} cases, precision {precision:.3f}, recall {recall:.3f}, misses {misses}")
    assert precision >= TARGET and recall >= TARGET, misses


def test_urls_are_judged_with_precision_and_recall_of_at_least_098() -> None:
    rules = load_config_text(URL_POLICY).policy.url
    counts: Counter[tuple[bool, bool]] = Counter()
    misses = []
    for case in _load("urls.jsonl"):
        denied = bool(check_url(case["url"], rules).reasons)
        should_deny = case["label"] == "deny"
        counts[(should_deny, denied)] += 1
        if should_deny != denied:
            misses.append(case["id"])
    precision, recall = _scores(counts)
    print(f"\nurls: {sum(counts.values())} cases, precision {precision:.3f}, recall {recall:.3f}, misses {misses}")
    assert precision >= TARGET and recall >= TARGET, misses


@pytest.mark.parametrize("case", [c for n in FORM_CORPORA for c in _load(n) if c["label"] == "credential"],
                         ids=lambda c: c["id"])
def test_every_detection_names_a_field_of_the_form(case: dict[str, Any]) -> None:
    """Recall is measured above; here, whatever is caught must say which field caught it."""
    verdict = judge_elicitation(case["params"], frozenset({"form", "url"}), load_config_text("").policy)
    fields = case["params"]["requestedSchema"]["properties"]
    assert all(r.field in fields for r in verdict.reasons), verdict.reasons


# The dev set (holdout5, tuned on after its first measurement; see tests/corpus/README.md): every case
# is judged right but a paraphrase that names nothing a detector can read. A new miss or a new
# false alarm there fails this test, even while the corpus stays above the 0.98 line.
DEV_SET_KNOWN_MISSES = {
    # "h5a-cred-116" ("what you type after your DNI when you sign in with Cl@ve", a password never named):
    # caught by the session-19 model (training data: an in-sample catch, not a generalisation figure)
    "h5b-cred-117",  # romanised Pashto: "the code that reached your mobile, write it here" in a field named "Code"
}


def test_the_dev_set_is_judged_right_but_for_its_documented_paraphrase() -> None:
    policy = load_config_text("").policy
    wrong = set()
    for name in ("holdout5a_forms.jsonl", "holdout5b_forms.jsonl"):
        for case in _load(name):
            verdict = judge_elicitation(case["params"], frozenset({"form", "url"}), policy)
            blocked = not verdict.allowed and all(r.rule.startswith(("credential.", "payment.")) for r in verdict.reasons)
            if blocked != (case["label"] == "credential"):
                wrong.add(case["id"])
    assert wrong == DEV_SET_KNOWN_MISSES


# The heldout6 dev set (tests/corpus/README.md): written blind and first measured as a held-out set at
# 0.977/0.840 (part a) and 0.978/0.693 (part b), then retired to a development set and tuned on by
# class (every language of a credential concept, not the case). Its figures since are a floor, and
# every case is judged right but the documented paraphrase below: a new miss or false alarm fails.
DEV6_FLOOR = {"heldout6a.jsonl": (1.0, 1.0), "heldout6b.jsonl": (1.0, 1.0)}
DEV6_KNOWN_MISSES = {
    "h6a-cred-017",  # a BitLocker recovery key asked as "the 48-digit number block you printed" (no key named)
}


@pytest.mark.parametrize("corpus", sorted(DEV6_FLOOR))
def test_the_heldout6_dev_set_never_scores_below_its_floor(corpus: str) -> None:
    policy = load_config_text("").policy
    counts: Counter[tuple[bool, bool]] = Counter()
    wrong = set()
    for case in _load(corpus):
        verdict = judge_elicitation(case["params"], frozenset({"form", "url"}), policy)
        blocked = not verdict.allowed and all(r.rule.startswith(("credential.", "payment.")) for r in verdict.reasons)
        counts[(case["label"] == "credential", blocked)] += 1
        if blocked != (case["label"] == "credential"):
            wrong.add(case["id"])
    precision, recall = _scores(counts)
    print(f"\n{corpus} (dev set): {sum(counts.values())} cases, precision {precision:.3f}, recall {recall:.3f}")
    floor_p, floor_r = DEV6_FLOOR[corpus]
    assert precision >= floor_p and recall >= floor_r
    assert wrong <= DEV6_KNOWN_MISSES, wrong - DEV6_KNOWN_MISSES


# The held-out sets (tests/corpus/README.md): written blind, never trained or tuned on, measured by the
# lead: heldout7 several times (before and after the heldout6 dev-set work, with each credential
# model). Their latest figures are a floor:
# detection must not get worse on forms nobody tuned for. They are not targets to tune on (a fresh
# blind set would be needed). heldout7b's precision floor moved once by a security decision, not a
# tuning one: look-alikes excuse only the words they stand beside (a server could add "gift" or
# "every day" to any field), which cost it three false alarms (0.950 -> 0.932). heldout7's recall
# floors moved down with the session-17 model (threshold 0.92 -> 0.97, set by leave-one-corpus-out
# on harder training corpora; see README.md), and up with the session-18 model (a form model's second
# opinion, trained on the same corpora, its agreement threshold set by leave-one-corpus-out before
# the held-out sets were measured), and heldout7b's precision floor up with the session-19 rules
# (0.934 -> 0.969: India's postal PIN code, found on training corpora). heldout8 and heldout9 became
# training data after their last measurements. heldout10 (blind, written this session) was measured
# once with the session-19 model (trained on 34 corpora, thresholds 0.95-0.96 and 0.87 by the same rule),
# which moved heldout7a's recall down a step (0.853 -> 0.841: the model changed, the set was not tuned on).
# Session 20 (the model scores look-alike titles but a card's too, thresholds 0.99 and 0.83 by the same
# rule): recall up on all four; heldout10b's precision down a step (0.994 -> 0.987: two forms).
# Session 21 (train13a-d added, thresholds 0.98 and 0.82 by the same rule, with the session's rules):
# recall up on three (heldout10a 0.898, heldout10b 0.915, heldout7b 0.901), heldout7a the same.
# Session 22 (train14a-d and train15a-d added, 46 corpora; thresholds 0.98 and 0.82, see README.md):
# heldout10b's recall floor down a step (0.915 -> 0.909) and heldout7b's (0.901 -> 0.889), the sets not
# tuned on; heldout11 (blind, written this session) measured once, at the end, with the shipped model.
# Session 23: heldout12 (blind, written this session) measured with the session's first and last code
# (the same model): the same figures.
# Session 25 (train16a-d added, 50 corpora; thresholds 0.99 and 0.82, see README.md): recall up on
# heldout7 (0.877 -> 0.897), heldout11b and heldout12a; heldout11a's precision down a step (0.940 ->
# 0.935: one more false alarm), the set not tuned on; heldout13 (blind, written this session) measured
# with the session's first model and its last.
# Session 27 (train17a-d added, 54 corpora, some 1,100 lexicon words; thresholds 0.99 and 0.82): recall
# up on heldout7, heldout10a, heldout11a and heldout13; heldout11b's recall floor down a step (0.943 ->
# 0.932: four forms) and heldout12a's (0.915 -> 0.903), the sets not tuned on; heldout14 (blind, written
# this session) measured with the session's first code and its last.
# Session 28 (train18a-d added, 58 corpora; 120,000 weights a model instead of 40,000; thresholds 0.99
# and 0.82): recall up on every set but heldout7b (0.923 -> 0.906: three forms), one more false alarm
# on heldout11b, the sets not tuned on; heldout15 (blind, written this session) measured with the
# session's first model, its first retrain, the per-word model red team 28 turned back, and the shipped
# model (tests/corpus/README.md).
# Session 29 (no rule or model changed): heldout16 (blind, written this session) measured once, with the
# shipped session-28 model.
# Session 30 (rules and lexicon only; the model unchanged): precision or recall up on heldout11a, 12a,
# 15b and 16a; heldout17 (blind, written this session) measured with the session's first code, after its
# rules, and with its last (tests/corpus/README.md).
HELDOUT_FLOOR = {"heldout7a.jsonl": (1.0, 0.90), "heldout7b.jsonl": (0.97, 0.90),
                 "heldout10a.jsonl": (0.99, 0.93), "heldout10b.jsonl": (0.98, 0.93),
                 "heldout11a.jsonl": (0.95, 0.93), "heldout11b.jsonl": (0.96, 0.95),
                 "heldout12a.jsonl": (0.97, 0.92), "heldout12b.jsonl": (0.93, 0.91),
                 "heldout13a.jsonl": (0.95, 0.91), "heldout13b.jsonl": (0.98, 0.88),
                 "heldout14a.jsonl": (1.0, 0.88), "heldout14b.jsonl": (0.95, 0.93),
                 "heldout15a.jsonl": (0.98, 0.92), "heldout15b.jsonl": (0.97, 0.93),
                 "heldout16a.jsonl": (0.95, 0.94), "heldout16b.jsonl": (0.93, 0.97),
                 "heldout17a.jsonl": (0.99, 0.94), "heldout17b.jsonl": (1.0, 0.91)}


@pytest.mark.parametrize("corpus", sorted(HELDOUT_FLOOR))
def test_a_held_out_set_never_scores_below_its_last_figures(corpus: str) -> None:
    policy = load_config_text("").policy
    counts: Counter[tuple[bool, bool]] = Counter()
    for case in _load(corpus):
        verdict = judge_elicitation(case["params"], frozenset({"form", "url"}), policy)
        blocked = not verdict.allowed and all(r.rule.startswith(("credential.", "payment.")) for r in verdict.reasons)
        counts[(case["label"] == "credential", blocked)] += 1
    precision, recall = _scores(counts)
    print(f"\n{corpus} (held out): {sum(counts.values())} cases, precision {precision:.3f}, recall {recall:.3f}")
    floor_p, floor_r = HELDOUT_FLOOR[corpus]
    assert precision >= floor_p and recall >= floor_r

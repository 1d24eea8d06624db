"""The learned credential model (policies/classifier.py): what it catches beyond the word lists,
the look-alikes it lets through, its provenance, its bounded cost, and its config keys end to end."""

from __future__ import annotations

import hashlib
import json
import math
import re
import time
from pathlib import Path
from typing import Any

import pytest

from elicitguard.policies import classifier
from elicitguard.policies.config import ConfigError, load_config_text
from elicitguard.policies.engine import Guard, SessionState
from elicitguard.policies.forms import judge_form
from elicitguard.policies.judge import judge_elicitation
from elicitguard.policies.schema import generate

BOTH = frozenset({"form", "url"})
CORPUS = Path(__file__).resolve().parent / "corpus"
HELD_OUT = {"heldout7a.jsonl", "heldout7b.jsonl", "heldout10a.jsonl", "heldout10b.jsonl", "heldout11a.jsonl",
            "heldout11b.jsonl", "heldout12a.jsonl", "heldout12b.jsonl", "heldout13a.jsonl", "heldout13b.jsonl",
            "heldout14a.jsonl", "heldout14b.jsonl", "heldout15a.jsonl", "heldout15b.jsonl",
            "heldout16a.jsonl", "heldout16b.jsonl",
            "heldout17a.jsonl", "heldout17b.jsonl"}


def form(message: str, **fields: dict[str, Any]) -> dict[str, Any]:
    return {"mode": "form", "message": message, "requestedSchema": {"type": "object", "properties": fields}}


def text(title: str, **more: Any) -> dict[str, Any]:
    return {"type": "string", "title": title, **more}


def rules_of(params: dict[str, Any], yaml: str = "") -> list[str]:
    policy = load_config_text(yaml).policy
    return [r.rule for r in judge_elicitation(params, BOTH, policy).reasons]


# Credentials described by their use, never named: the word lists let each through (checked below),
# the model denies it.
PARAPHRASES = [
    pytest.param(form("Unlock the drive.", block=text("The 48-digit block you printed when you set up encryption")),
                 id="en-printed-recovery-block"),
    pytest.param(form("Connect the speaker.", n=text("Network"), j=text("What guests type to join", minLength=8)),
                 id="en-what-guests-type"),
    pytest.param(form("Bestätigen Sie die Überweisung.",
                      v=text("Die Zahlen, die Ihre Banking-App gerade anzeigt", pattern="^[0-9]{6}$")),
                 id="de-digits-the-banking-app-shows"),
    pytest.param(form("Connect GitHub.", v=text("Paste what you generated under Developer settings")),
                 id="en-what-you-generated"),
]


@pytest.mark.parametrize("params", PARAPHRASES)
def test_the_model_denies_a_credential_described_only_by_its_use(params: dict[str, Any]) -> None:
    assert rules_of(params, "policy:\n  form:\n    classifier: false\n") == []
    assert rules_of(params) == [classifier.RULE]


# Look-alikes the model must let through (with the rules, as the proxy judges).
LOOK_ALIKES = [
    pytest.param(form("Generation settings", max_tokens={"type": "integer", "title": "Max tokens", "maximum": 4096}),
                 id="max-tokens"),
    pytest.param(form("Checkout", promo=text("Promo code")), id="promo-code"),
    pytest.param(form("Delivery address", pin=text("PIN code", pattern="^[1-9][0-9]{5}$"), city=text("City")),
                 id="postal-pin"),
    pytest.param(form("Create an API key", label=text("Key label", description="A name to recognise the key by")),
                 id="key-label"),
    pytest.param(form("Security settings", n={"type": "integer", "title": "Minimum passcode length", "minimum": 4,
                                              "maximum": 12}), id="passcode-length"),
    pytest.param(form("Tell us about you", name=text("Name"), age={"type": "integer"}), id="profile"),
    pytest.param(form("Shipping", zip=text("Postal code"), street=text("Street")), id="postal-code"),
    pytest.param(form("Which authentication method do you prefer?",
                      method={"type": "string", "enum": ["SMS", "App"]}), id="auth-method-choice"),
    pytest.param(form("Music", key=text("Key of the song", description="e.g. C major")), id="musical-key"),
    pytest.param(form("Cite this", year={"type": "integer", "title": "Year", "maximum": 2100}), id="year"),
]


@pytest.mark.parametrize("params", LOOK_ALIKES)
def test_the_model_lets_a_look_alike_through(params: dict[str, Any]) -> None:
    assert rules_of(params) == []


def test_the_reason_is_a_fixed_sentence_with_the_score_and_never_the_servers_words() -> None:
    params = PARAPHRASES[0].values[0]
    _names, _problems, found = judge_form(params, True, frozenset(), use_model=True)
    assert [r.rule for r in found] == [classifier.RULE]
    detail = found[0].detail
    assert re.fullmatch(r"field '\w+' scored 0\.\d{3} by the credential model \(threshold 0\.\d{3}\)", detail), detail
    assert "printed" not in detail and "drive" not in detail


def test_a_field_on_allow_fields_is_never_scored() -> None:
    params = PARAPHRASES[0].values[0]
    assert rules_of(params, "policy:\n  form:\n    allow_fields: [block]\n") == []


def test_the_shipped_models_provenance_names_every_training_corpus_with_its_hash() -> None:
    """A corpus changed, added or removed without retraining fails here: run tools/classifier/train.py."""
    header = classifier.model().header
    listed = dict(re.fullmatch(r"corpus: (\S+) sha256=([0-9a-f]{64})", h).groups()  # type: ignore[union-attr]
                  for h in header if h.startswith("corpus: "))
    corpora = {}
    for path in sorted(CORPUS.glob("*.jsonl")):
        first = json.loads(path.read_text(encoding="utf-8").split("\n", 1)[0])
        if "params" in first and path.name not in HELD_OUT:
            corpora[path.name] = hashlib.sha256(path.read_bytes()).hexdigest()
    assert listed == corpora
    assert not HELD_OUT & set(listed)
    assert any(h.startswith("date: ") for h in header) and any(h.startswith("settings: ") for h in header)


def test_the_model_file_is_small_and_loads_quickly() -> None:
    # 120,000 weights for the fields and the prompt, 120,000 for the form model (train.py KEEP): about
    # 4 MB on disk, 30 MB in memory once, shared by every session.
    assert classifier.MODEL.stat().st_size < 6 * 1024 * 1024
    start = time.perf_counter()
    loaded = classifier.parse(classifier.MODEL.read_text(encoding="utf-8"))
    # Generous for a shared test machine; bench/ measures it properly.
    assert time.perf_counter() - start < 2.0
    assert 0 < loaded.threshold < 1 and loaded.field and loaded.shape


def test_a_huge_field_is_scored_on_its_first_characters_only() -> None:
    huge = "password " * 900
    words = classifier.field_words("x", {"title": huge, "description": huge})
    assert sum(len(w) + 1 for w in words) <= 2 * (classifier.FIELD_TEXT + 1) + len("x ")
    long_word = classifier.field_words("x", {"title": "a" * 5000})
    assert all(len(g) <= classifier.WORD + 2 for g in classifier.grams(long_word, 3, 5))


def test_a_repeated_word_weighs_as_much_as_once() -> None:
    m = classifier.model()
    once = m.text_logit(m.field, ("x", "digits"))
    assert m.text_logit(m.field, ("x", "digits") * 100) == once


@pytest.mark.parametrize("words", [
    ("your", "github", "password"),
    ("x", "a", "pin"),  # one-character words add no n-gram
    ("supercalifragilistic", "verification", "code"),  # longer than KEPT_WORD: cut anew each time
    ("a" * 40, "a" * 40, "b" * 33),  # cut to WORD characters, and then the same word
    ("密码", "请输入您的密码以继续操作请输入您的密码以继续操作请输入您的密码"),
    ("code", "code", "ode", "cod"),  # words that share n-grams count them once
    (),
], ids=lambda w: " ".join(w)[:30] or "empty")
def test_a_text_scores_exactly_as_the_set_of_all_its_words_n_grams(words: tuple[str, ...]) -> None:
    m = classifier.model()
    # Cut here as the model's docstring says (each word of 2+ characters, at most WORD of it, padded by
    # a space; every n-gram of low..high; the padded word too with ``whole``), not by its own code.
    padded = [f" {w[:classifier.WORD]} " for w in words if len(w) > 1]
    distinct = {p[i:i + n] for p in padded for n in range(m.low, m.high + 1) for i in range(len(p) - n + 1)}
    distinct |= {p for p in padded if m.whole and len(p) > m.high}
    assert distinct == set(classifier.grams(words, m.low, m.high, m.whole))
    expected = math.fsum(m.field.get(g, 0.0) for g in distinct) / math.sqrt(len(distinct)) if distinct else 0.0
    classifier.clear_caches()
    assert m.text_logit(m.field, words) == expected  # each word's n-grams cut anew
    assert m.text_logit(m.field, words) == expected  # and kept


def test_scores_are_cached_per_text_and_cleared_on_request() -> None:
    params = PARAPHRASES[0].values[0]
    classifier.clear_caches()
    judge_form(params, True, frozenset(), use_model=True)
    assert classifier._field_logit.cache_info().currsize > 0
    classifier.clear_caches()
    assert classifier._field_logit.cache_info().currsize == 0


# ---- config ---------------------------------------------------------------------------------------------


def _guard(yaml: str) -> Guard:
    config = load_config_text(yaml)
    state = SessionState(client_modes=BOTH, initialized=True, protocol_version="2025-06-18")
    return Guard(config.policy, config.max_message_bytes, state)


def _decisions(yaml: str, params: dict[str, Any]) -> list[dict[str, Any]]:
    raw = json.dumps({"jsonrpc": "2.0", "id": 3, "method": "elicitation/create", "params": params}).encode()
    return [d.as_dict() for d in _guard(yaml).server_message(raw).decisions]


def test_with_the_classifier_off_the_paraphrase_passes_and_on_it_is_denied_and_audited() -> None:
    params = PARAPHRASES[0].values[0]
    off = _decisions("policy:\n  form:\n    classifier: false\n", params)
    assert [d["decision"] for d in off] == ["allow"]
    on = _decisions("policy:\n  form:\n    classifier: true\n", params)
    assert [d["decision"] for d in on] == ["deny"]
    assert [r["rule"] for r in on[0]["reasons"]] == [classifier.RULE]
    assert "scored" in on[0]["reasons"][0]["detail"]


def test_a_threshold_above_every_score_lets_the_paraphrase_through() -> None:
    params = PARAPHRASES[0].values[0]
    assert rules_of(params, "policy:\n  form:\n    classifier_threshold: 0.9999\n") == []
    assert rules_of(params, "policy:\n  form:\n    classifier_threshold: 0.01\n") == [classifier.RULE]


def test_the_model_rule_can_be_monitored() -> None:
    params = PARAPHRASES[0].values[0]
    decisions = _decisions("policy:\n  rules:\n    credential.model: monitor\n", params)
    assert [d["decision"] for d in decisions] == ["would_deny"]


@pytest.mark.parametrize("value", [0, 1, 1.5, -0.2, "high", True])
def test_check_refuses_a_threshold_outside_zero_to_one(value: Any) -> None:
    with pytest.raises(ConfigError) as info:
        load_config_text(f"policy:\n  form:\n    classifier_threshold: {json.dumps(value)}\n", "cfg.yaml")
    assert any("classifier_threshold" in p for p in info.value.problems)


def test_the_json_schema_knows_both_keys() -> None:
    form_schema = generate()["properties"]["policy"]["properties"]["form"]["properties"]
    assert form_schema["classifier"] == {"type": "boolean"} or form_schema["classifier"].get("type") == "boolean"
    assert form_schema["classifier_threshold"]["exclusiveMaximum"] == 1
    shipped = json.loads((Path(classifier.__file__).parent / "config.schema.json").read_text(encoding="utf-8"))
    assert "classifier_threshold" in json.dumps(shipped)


SERVER = "servers:\n  x:\n    upstream: \"http://127.0.0.1:9/mcp\"\n{widen}    policy:\n      form:\n        {key}\n"


@pytest.mark.parametrize("key", ["classifier: false", "classifier_threshold: 0.9999"])
def test_a_server_may_not_loosen_the_classifier_without_widen(key: str) -> None:
    with pytest.raises(ConfigError) as info:
        load_config_text(SERVER.format(widen="", key=key), "cfg.yaml")
    assert any("widen" in p for p in info.value.problems)
    name = "policy.form." + key.split(":")[0]
    config = load_config_text(SERVER.format(widen=f"    widen: [{name}]\n", key=key), "cfg.yaml")
    assert rules_of_policy(config.policy_for("x"), PARAPHRASES[0].values[0]) == []


def test_a_server_may_tighten_the_threshold() -> None:
    musical_key = LOOK_ALIKES[8].values[0]
    assert rules_of_policy(load_config_text("").policy, musical_key) == []
    config = load_config_text(SERVER.format(widen="", key="classifier_threshold: 0.2"), "cfg.yaml")
    assert rules_of_policy(config.policy_for("x"), musical_key) == [classifier.RULE]


def rules_of_policy(policy: Any, params: dict[str, Any]) -> list[str]:
    return [r.rule for r in judge_elicitation(params, BOTH, policy).reasons]


def test_explain_shows_the_models_rule_and_score_and_check_shows_the_settings(tmp_path: Path,
                                                                          child_env: dict[str, str]) -> None:
    from test_cli import explain, run

    message = {"jsonrpc": "2.0", "id": 1, "method": "elicitation/create", "params": PARAPHRASES[0].values[0]}
    code, out = explain(child_env, message)
    assert code == 1 and out["decision"] == "deny"
    assert [r["rule"] for r in out["reasons"]] == [classifier.RULE]
    assert re.search(r"scored 0\.\d{3} by the credential model", out["reasons"][0]["detail"])
    off = tmp_path / "off.yaml"
    off.write_text("policy:\n  form:\n    classifier: false\n", encoding="utf-8")
    code, out = explain(child_env, message, "--config", str(off))
    assert code == 0 and out["decision"] == "allow"
    strict = tmp_path / "strict.yaml"
    strict.write_text("policy:\n  form:\n    classifier_threshold: 0.5\n", encoding="utf-8")
    done = run(child_env, "check", "--effective", str(strict))
    assert done.returncode == 0, done.stderr
    assert '"classifier": true' in done.stdout and '"classifier_threshold": 0.5' in done.stdout


@pytest.mark.parametrize("length", [257, 300, 511, 512, 513, 2000, 8192])
def test_a_long_text_is_scored_in_windows_no_longer_than_a_short_one_that_reach_its_end(length: int) -> None:
    text = " ".join(f"w{i}" for i in range(length))[:length]
    parts = classifier.windows(text)
    assert all(len(p) <= classifier.FIELD_TEXT for p in parts)
    assert text.endswith(parts[-1]) and text.startswith(parts[0])
    assert all(len(p) >= classifier.FIELD_TEXT - classifier.WORD for p in parts)
    # Half a window apart: every stretch of the text of under half a window (less a word) lies whole
    # in one window, so an ask cannot be cut in two by where the windows fall.
    reach = classifier.FIELD_TEXT // 2 - classifier.WORD
    assert all(any(text[o:o + reach] in p for p in parts) for o in range(0, length - reach, 7))
    assert len(parts) <= 2 * length // classifier.FIELD_TEXT + 1


def test_a_text_no_longer_than_what_is_scored_is_one_window_as_it_is() -> None:
    assert classifier.windows("a" * classifier.FIELD_TEXT) == ["a" * classifier.FIELD_TEXT]


# ---- the form model: a second opinion on the whole form --------------------------------------------------


def _shipped_text() -> str:
    return classifier.MODEL.read_text(encoding="utf-8")


def test_the_shipped_model_carries_a_form_model_whose_agreement_threshold_is_below_the_fields() -> None:
    m = classifier.model()
    assert m.form and m.agree is not None and 0 < m.agree < m.threshold
    assert any(h.startswith("form model: ") for h in m.header)


def test_a_model_file_with_an_agreement_threshold_but_no_form_model_is_refused() -> None:
    lines = [line for line in _shipped_text().split("\n") if not line.startswith("F\t")]
    kept = sum(1 for line in lines if line.startswith(("f\t", "m\t", "s\t")))
    lines = [f"end\t-\t{kept}" if line.startswith("end\t") else line for line in lines]
    with pytest.raises(ValueError, match="no form model"):
        classifier.parse("\n".join(lines))


@pytest.mark.parametrize("value", ["0", "1", "1.5", "-0.1", "nan"])
def test_an_agreement_threshold_outside_zero_to_one_is_refused(value: str) -> None:
    text = re.sub(r"(?m)^agree\t-\t.*$", f"agree\t-\t{value}", _shipped_text())
    with pytest.raises(ValueError):
        classifier.parse(text)


def test_the_form_model_is_not_asked_about_a_form_no_field_of_which_looks_like_a_credential(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = classifier.form_words
    monkeypatch.setattr(classifier, "form_words", lambda *a: calls.append(a) or real(*a))
    benign = form("Plan your trip.", city=text("City you fly to"), date=text("Day you leave", description="e.g. May 3"))
    assert rules_of(benign) == []
    assert calls == []


@pytest.mark.xfail(strict=True, reason="the session-27 model (and the session-28 model): the message's filler dilutes the prompt's share (the field "
                   "0.991 alone, 0.962 padded; the session-25 model 0.993 and 0.978, its whole form agreeing), and "
                   "the whole form no longer agrees (red team 16's dilution, tests/test_redteam16_model_evasion.py)")
def test_more_text_around_a_field_the_model_denies_alone_never_undoes_the_denial() -> None:
    params = PARAPHRASES[0].values[0]
    padded = json.loads(json.dumps(params))
    padded["message"] += " " + "Thanks for choosing our friendly neighbourhood bakery for your birthday cake. " * 3
    for i in range(12):
        padded["requestedSchema"]["properties"][f"extra{i}"] = text(f"Favourite cake flavour number {i}",
                                                                    description="Chocolate, vanilla or lemon")
    assert rules_of(padded) == [classifier.RULE]


# The field alone scores under the field threshold; its whole form agrees that it asks for a credential.
AGREED = form("Link your bank card.", v=text("What you type at the cash machine"))


def _field_score(params: dict[str, Any]) -> float:
    from elicitguard.policies.forms import _prompt_texts
    schema = params["requestedSchema"]
    prop = schema["properties"]["v"]
    return classifier.field_score("v", "string", prop, tuple(_prompt_texts(params["message"], schema)))


def test_a_field_under_its_threshold_whose_whole_form_agrees_is_denied_by_the_model() -> None:
    assert _field_score(AGREED) < classifier.model().threshold
    assert rules_of(AGREED, "policy:\n  form:\n    classifier: false\n") == []
    assert rules_of(AGREED) == [classifier.RULE]
    detail = judge_elicitation(AGREED, BOTH, load_config_text("").policy).reasons[0].detail
    assert detail.startswith("field 'v' scored ") and "Reconnect" not in detail and "cash" not in detail


def test_a_teams_threshold_moves_the_agreement_threshold_with_it() -> None:
    assert rules_of(AGREED, "policy:\n  form:\n    classifier_threshold: 0.9999\n") == []
    shipped = classifier.model().threshold
    assert rules_of(AGREED, f"policy:\n  form:\n    classifier_threshold: {shipped}\n") == [classifier.RULE]
    assert rules_of(AGREED, "policy:\n  form:\n    classifier_threshold: 0.5\n") == [classifier.RULE]


def test_ordinary_fields_added_beside_a_field_the_form_agrees_on_do_not_dilute_the_agreement() -> None:
    padded = json.loads(json.dumps(AGREED))
    for i in range(8):
        padded["requestedSchema"]["properties"][f"note{i}"] = text(f"Delivery note {i}", description="Leave it at the door")
    assert rules_of(padded) == [classifier.RULE]

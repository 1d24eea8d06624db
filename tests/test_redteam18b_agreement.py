"""Red team 18b: the form model's second opinion (the agreement path of ``credential.model``).

Default policy throughout unless a test says otherwise. With ``classifier: false`` none of these
forms is denied by the model (the rules alone pass every one of them), so every difference below is
the model's.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from elicitguard.policies import classifier, form_schema, forms
from elicitguard.policies.config import ConfigError, load_config_text
from elicitguard.policies.judge import judge_elicitation
from elicitguard.policies.verdict import Verdict

FORM = frozenset({"form"})


def _form(message: str, props: dict[str, Any]) -> dict[str, Any]:
    return {"mode": "form", "message": message, "requestedSchema": {"type": "object", "properties": props}}


def _s(**keys: Any) -> dict[str, Any]:
    return {"type": "string", **keys}


def _rules(params: dict[str, Any], *, threshold: float | None = None, model: bool = True) -> list[str]:
    _names, problems, found = forms.judge_form(params, True, frozenset(), use_model=model, model_threshold=threshold)
    return [r.rule for r in problems + found]


def _verdict(config: str, server: str | None, params: dict[str, Any]) -> Verdict:
    return judge_elicitation(params, FORM, load_config_text(config).policy_for(server))


SIGN_IN = "Sign in to continue"
USERNAME = _s(title="Username")
# A password described only by its use: the field model alone scores it 0.964 (under 0.97), the
# form model 0.896, their mean 0.930: denied by the agreement path only.
PASSWORD_BY_USE = _s(description="the word you chose to protect your account")
# What a hostile server adds: one optional, ordinary field.
NICKNAME = {"nick": _s(title="Nickname", description="What should we call you?")}
NOTES = {"notes": _s(title="Notes", description="Anything else you would like to tell us about your order, "
                                                "delivery window or gift wrapping")}
COMMENT = {"c": _s(description="Optional comment")}


# ---- 1. Evasion ----------------------------------------------------------------------------------


def _without_form_model(monkeypatch: pytest.MonkeyPatch) -> None:
    field_only = dataclasses.replace(classifier.model(), agree=None)
    monkeypatch.setattr(classifier, "model", lambda: field_only)


def test_the_agreement_path_denies_a_password_described_by_its_use_that_the_field_model_alone_lets_through(
        monkeypatch: pytest.MonkeyPatch) -> None:
    params = _form(SIGN_IN, {"u": USERNAME, "x": PASSWORD_BY_USE})
    assert _rules(params) == ["credential.model"]
    assert _rules(params, model=False) == []
    _without_form_model(monkeypatch)
    assert _rules(params) == []


@pytest.mark.parametrize("description", [
    "What you type on the keypad to open the app",
    "the long code from the developer settings page",
    "Enter the string you were given to authenticate the bot",
])
def test_filler_that_sinks_the_form_model_never_undoes_a_denial_the_field_model_earns_alone(description: str) -> None:
    props = {"u": USERNAME, "x": _s(description=description), **NICKNAME, **NOTES}
    params = _form(SIGN_IN, props)
    fields, _ = form_schema.check_schema(params["requestedSchema"])
    words = classifier.form_words([SIGN_IN], [(n, p) for n, (k, p) in fields.items() if k is not None])
    assert classifier.model().form_probability(words) < 0.3  # the form model was talked down...
    assert _rules(params) == ["credential.model"]  # ...and the field alone still denies


# Fixed in session 18: the form model also reads the prompt with the best field alone, the higher score counting.
@pytest.mark.parametrize("extra", [NICKNAME, NOTES, COMMENT], ids=["nickname", "notes", "comment"])
def test_one_ordinary_optional_field_beside_the_ask_does_not_defeat_the_agreement_path(extra: dict[str, Any]) -> None:
    assert _rules(_form(SIGN_IN, {"u": USERNAME, "x": PASSWORD_BY_USE, **extra})) == ["credential.model"]


# ---- 2. Precision --------------------------------------------------------------------------------

GIFT_CARDS = {
    "en": _form("Redeem a gift card", {"n": _s(description="The 16 characters under the scratch-off strip on the back")}),
    "en-titled": _form("Redeem a gift card", {"code": _s(title="Code", description="The 16 characters under the "
                                                                                    "scratch-off strip on the back")}),
    "de": _form("Geschenkkarte einlösen", {"n": _s(description="Die 16 Zeichen unter dem Rubbelfeld auf der Rückseite")}),
    "fr": _form("Utiliser une carte cadeau", {"n": _s(description="Les 16 caractères sous la zone à gratter au dos")}),
}


# The French form, scored 0.98 by the session-19 field model alone, passed again from session 20 (the
# field threshold is 0.99 once the model scores look-alike titles too) to session 25; the session-27
# field model scores it over 0.99 again.
# The session-27 field model scored the French gift card's scratch-off code over 0.99; the session-28
# model does not.
@pytest.mark.parametrize("lang", sorted(GIFT_CARDS))
def test_honest_gift_card_redemption_forms_pass_the_rules_and_the_field_model(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _rules(GIFT_CARDS[lang], model=False) == []
    _without_form_model(monkeypatch)
    assert _rules(GIFT_CARDS[lang]) == []


@pytest.mark.xfail(strict=True, reason="design: the agreement path denies honest gift-card redemption (field 0.88-0.97, "
                                       "form 0.90-0.97); the prompt names the look-alike 'gift card', but skipping "
                                       "the form model on a look-alike prompt would give a hostile server a switch")
@pytest.mark.parametrize("lang", sorted(GIFT_CARDS))
def test_an_honest_gift_card_redemption_form_is_not_denied_by_the_agreement_path(lang: str) -> None:
    assert _rules(GIFT_CARDS[lang]) == []


HONEST = [
    _form("Forgot your password? Enter the email address on your account and we'll send you a link to reset it.",
          {"email": _s(format="email", description="The address you signed up with")}),
    _form("Passwort vergessen? Geben Sie die E-Mail-Adresse Ihres Kontos ein, wir senden Ihnen einen Link zum "
          "Zurücksetzen.", {"email": _s(format="email", description="Die Adresse, mit der Sie sich anmelden")}),
    _form("パスワードをお忘れですか？アカウントのメールアドレスを入力してください。再設定用のリンクをお送りします。",
          {"email": _s(format="email", description="ログインに使うメールアドレス")}),
    _form("Configure the password policy for your organisation",
          {"min": {"type": "integer", "description": "Minimum number of characters a member's password must have"},
           "expiry": {"type": "integer", "description": "Days before members must choose a new one"}}),
    _form("Set limits for the assistant", {"max": {"type": "integer", "description": "The most tokens a single "
                                                                                      "response may use"}}),
    _form("Delivery address (India)", {"line": _s(description="House number and street"),
                                       "pin": _s(description="Your six-digit postal code", pattern="^[0-9]{6}$")}),
    _form("Have a discount? Apply it at checkout.", {"c": _s(description="The code from our newsletter, e.g. SUMMER20")}),
]


@pytest.mark.parametrize("index", range(len(HONEST)))
def test_honest_look_alikes_in_several_languages_still_pass_with_the_default_thresholds(index: int) -> None:
    assert _rules(HONEST[index]) == []


# ---- 3. Cost and state ---------------------------------------------------------------------------


def test_the_form_model_reads_only_the_capped_text_of_each_field_and_keeps_nothing() -> None:
    long = " ".join(f"w{i:05d}" for i in range(1200))  # 8 KiB of distinct words in one description
    props = {"u": USERNAME, "x": PASSWORD_BY_USE, **{f"f{i}": _s(title=long[:300], description=long, default=long)
                                                      for i in range(4)}}
    fields, _ = form_schema.check_schema({"type": "object", "properties": props})
    words = classifier.form_words([long], [(n, p) for n, (k, p) in fields.items() if k is not None])
    # prompt: 512 characters; each field: name, title, description and default at 256 each
    assert sum(len(w) + 1 for w in words) <= classifier.PROMPT_TEXT + 6 * 4 * (classifier.FIELD_TEXT + 1)
    before = (classifier._field_logit.cache_info().currsize, classifier._prompt_logit.cache_info().currsize)
    for i in range(50):  # distinct forms that all reach the agreement path
        _rules(_form(f"{SIGN_IN} {i}", {"u": USERNAME, "x": PASSWORD_BY_USE, f"g{i}": _s(description=f"note {i}")}))
    after = (classifier._field_logit.cache_info().currsize, classifier._prompt_logit.cache_info().currsize)
    # the field and prompt caches grow only by the new texts (bounded LRUs); the form model keeps nothing
    assert after[0] <= before[0] + 50 and after[1] <= before[1] + 50


# ---- 4. Config -----------------------------------------------------------------------------------

GLOBAL = "policy:\n  form:\n    classifier: true\n"


def test_a_server_entry_cannot_raise_the_threshold_and_so_loosen_the_agreement_path_without_widen() -> None:
    with pytest.raises(ConfigError, match="classifier_threshold"):
        load_config_text(GLOBAL + "servers:\n  acme:\n    policy:\n      form:\n        classifier_threshold: 0.995\n")
    params = _form(SIGN_IN, {"u": USERNAME, "x": PASSWORD_BY_USE})
    strict = GLOBAL + "servers:\n  acme:\n    policy:\n      form:\n        classifier_threshold: 0.95\n"
    assert not _verdict(strict, "acme", params).allowed
    assert not _verdict(strict, None, params).allowed


SPANISH_FORGOT = _form("¿Olvidaste tu contraseña? Introduce el correo de tu cuenta y te enviaremos un enlace para "
                       "restablecerla.", {"correo": _s(format="email", description="El correo con el que inicias sesión")})
ENGLISH_RECOVERY = _form("Trouble signing in? Tell us the username you log in with and we'll email a recovery link.",
                         {"login": _s(description="The name you use to log in")})
SHIPPING = _form("Where should we ship it?", {"zip": _s(description="Postal code of the delivery address"),
                                              "city": _s(description="Town or city")})


def test_these_honest_forms_pass_with_the_shipped_thresholds() -> None:
    for params in (SPANISH_FORGOT, ENGLISH_RECOVERY, SHIPPING):
        assert _rules(params) == []
        assert _verdict(GLOBAL, None, params).allowed


# Fixed in session 18: the team's threshold moves the agreement threshold by the same step in log-odds,
# never under one half (0.85 -> 0.54 with the session-22 thresholds, 0.5 with session 25's).
@pytest.mark.parametrize(("threshold", "params"), [
    pytest.param(0.85, SPANISH_FORGOT, id="0.85-es-forgot-password", marks=pytest.mark.xfail(strict=True, reason=(
        "the session-25 model scores the e-mail field 0.16 and the form 0.93 (the session-22 model 0.06 and 0.91): at "
        "a team threshold of 0.85 the agreement threshold is its floor, one half, and their mean 0.54 reaches it"))),
    pytest.param(0.85, ENGLISH_RECOVERY, id="0.85-en-recovery"), pytest.param(0.7, SHIPPING, id="0.7-shipping")])
def test_a_lower_team_threshold_never_lets_the_form_model_deny_a_field_the_field_model_scores_near_zero(
        threshold: float, params: dict[str, Any]) -> None:
    config = GLOBAL + f"servers:\n  acme:\n    policy:\n      form:\n        classifier_threshold: {threshold}\n"
    assert _verdict(config, "acme", params).allowed

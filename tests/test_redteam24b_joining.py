"""Red team 24b: words and symbols joining two words in a field's title, description or prose
default. A join reads as "and" (spelling.spell_out), so "Name <join> Password" asks for a name and a
password, while metadata before a credential still qualifies it ("Key name with prefix").
Session 24's reading missed other spaces around "with", other pipes and dashes, invisible characters
beside a symbol, a doubled symbol, the unspaced em dash, and the "and"/"with" words of other languages."""
from __future__ import annotations

from typing import Any

import pytest

from elicitguard.policies.config import FormPolicy, Policy
from elicitguard.policies.judge import clear_caches, judge_elicitation

RULES = Policy(form=FormPolicy(classifier=False))
DEFAULT = Policy()


def _form(where: str, text: str) -> dict[str, Any]:
    prop: dict[str, Any] = {"type": "string"}
    if where == "title":
        prop["title"] = text
    elif where == "description":
        prop.update(title="Name", description=text)
    else:
        prop.update(title="Name", default=text)
    return {"mode": "form", "message": "Please fill in the form.",
            "requestedSchema": {"type": "object", "properties": {"name": prop}}}


def _allowed(where: str, text: str) -> tuple[bool, bool]:
    verdicts = []
    for policy in (RULES, DEFAULT):
        clear_caches()
        verdicts.append(judge_elicitation(_form(where, text), frozenset({"form"}), policy).allowed)
    return verdicts[0], verdicts[1]


JOINED_CREDENTIALS = [
    # whatever space stands around "with" (the quick check looked for an ASCII space only)
    ("title", "Name\u00a0with\u00a0Password"),
    # other pipes
    ("title", "Name || Password"),
    ("title", "Name \u00a6 Password"),
    ("title", "Name \u2223 Password"),
    ("title", "Label \u2502 API key"),
    ("title", "Name \u2016 Password"),
    ("title", "Label \uffe8 API key"),
    # other dashes and list dots
    ("title", "Name -- Password"),
    ("title", "Name \u2212 Password"),
    ("title", "Label \u2015 API key"),
    ("title", "Name \u2012 Password"),
    ("title", "Name \uff0d Password"),
    ("title", "Name \u2010 Password"),
    ("title", "Name \ufe58 Password"),
    ("title", "Name \u2022 Password"),
    ("title", "Label \u22c5 API key"),
    ("title", "Name\u2014Password"),
    ("title", "Label\u2014API key"),
    # other slashes and pluses
    ("title", "Name\u2215Password"),
    ("title", "Label\u2044API key"),
    ("title", "Name \u2795 Password"),
    # invisible characters beside a symbol
    ("title", "Name\u200b|\u200bPassword"),
    ("title", "Name\u200b&\u200bPassword"),
    ("title", "Name\u200d&\u200dPassword"),
    ("title", "Label\u2060+\u2060API key"),
    # English words of "with"
    ("title", "Name as well as Password"),
    ("title", "Name w/ Password"),
    # "and" and "with" in languages the conjunctions lacked
    ("title", "N\u00e9v \u00e9s jelsz\u00f3"),
    ("title", "Nume \u0219i parol\u0103"),
    ("title", "Nama dan kata sandi"),
    ("title", "Nama dengan kata sandi"),
    ("title", "T\u00ean v\u00e0 m\u1eadt kh\u1ea9u"),
    ("title", "\u038c\u03bd\u03bf\u03bc\u03b1 \u03ba\u03b1\u03b9 \u03ba\u03c9\u03b4\u03b9\u03ba\u03cc\u03c2 \u03c0\u03c1\u03cc\u03c3\u03b2\u03b1\u03c3\u03b7\u03c2"),
    ("title", "\u0418\u043c\u044f \u0441 \u043f\u0430\u0440\u043e\u043b\u0435\u043c"),
    ("title", "Ad ile \u015fifre"),
    ("title", "Pavadinimas ir slapta\u017eodis"),
    ("title", "Emri dhe fjal\u00ebkalimi"),
    ("title", "\u0928\u093e\u092e \u0914\u0930 \u092a\u093e\u0938\u0935\u0930\u094d\u0921"),
    ("title", "Name sowie Passwort"),
    ("title", "Name samt Passwort"),
    ("title", "Nom amb contrasenya"),
    ("description", "N\u00e9v \u00e9s jelsz\u00f3"),
    ("default", "Your name sowie dein Passwort"),
    # once strict xfails (session 25): unspaced CJK conjunctions, Finnish and Estonian "ja", Polish "z"
    ("title", "\u540d\u79f0\u548c\u5bc6\u7801"),
    ("title", "\u540d\u524d\u3068\u30d1\u30b9\u30ef\u30fc\u30c9"),
    ("title", "\u5e33\u865f\u8207\u5bc6\u78bc"),
    ("title", "Nimi ja salasana"),
    ("title", "Nimi ja parool"),
    ("title", "Nazwa z has\u0142em"),
]


@pytest.mark.parametrize(("where", "text"), JOINED_CREDENTIALS)
def test_a_join_the_session_did_not_read_still_makes_a_name_and_a_credential(where: str, text: str) -> None:
    assert _allowed(where, text) == (False, False)


HONEST = [
    ("title", "Key name w/ prefix"),
    ("title", "Sign in w/ Google"),
    ("title", "Key name\u2014label"),
    ("title", "Token name\u2014Slack"),
    ("title", "Key name || label"),
    ("title", "Key name \u2212 label"),
    ("title", "Wi\u2010Fi network \u2212 name"),
    ("title", "Token label \u2022 expiry"),
    ("title", "Schl\u00fcsselname sowie Pr\u00e4fix"),
    ("title", "Nyckelnamn med prefix"),
    ("title", "Kulcs neve \u00e9s le\u00edr\u00e1sa"),
    ("title", "Section 3 \u2014 Payment"),
    ("title", "Recovery email \u2212 optional"),
    ("title", "\u5bc6\u7801\u957f\u5ea6\u548c\u5bc6\u7801\u63d0\u793a"),
    ("title", "\u5bc6\u94a5\u540d\u79f0\u548c\u6807\u7b7e"),
    ("title", "Avaimen nimi ja tunniste"),
    ("title", "Nazwa klucza z prefiksem"),
    ("title", "\u3061\u3087\u3063\u3068\u5f85\u3063\u3066"),
]


@pytest.mark.parametrize(("where", "text"), HONEST)
def test_an_honest_title_with_one_of_the_new_joins_still_passes(where: str, text: str) -> None:
    assert _allowed(where, text) == (True, True)


NOT_READ_YET = [
    # An arrow is as often a path ("Settings \u2192 Tokens \u2192 Token name") as a join.
    pytest.param("title", "Name \u2192 Password", id="arrow"),
]


@pytest.mark.parametrize("title", ["Key name and API token", "Key name | API token", "API key name & API key",
                                   "Key name\n-\nAPI token"])
def test_a_key_name_before_a_joined_credential_no_longer_qualifies_it(title: str) -> None:
    # "Key" and "API" near each other made one API key spanning the "and", which the name qualified.
    assert _allowed("title", title) == (False, False)


@pytest.mark.xfail(strict=True, reason="not read as a join: arrows")
@pytest.mark.parametrize(("where", "text"), NOT_READ_YET)
def test_a_join_still_unread_lets_a_credential_through(where: str, text: str) -> None:
    assert _allowed(where, text) == (False, False)


FALSE_ALARMS = [
    # Passed before the pipe and dash joined (95c4d3a): "PEM" after the join reads as a second thing asked.
    pytest.param("title", "Public key | PEM", id="public-key-pipe-pem"),
    pytest.param("title", "Public key - PEM", id="public-key-dash-pem"),
    pytest.param("title", "Public certificate - PEM", id="public-certificate-dash-pem"),
    pytest.param("title", "Public key with PEM header", id="public-key-with-pem-header"),
    # "Password reminder" alone is denied already; "Hint" before it qualified it until the dash joined.
    pytest.param("title", "Hint - password reminder", id="hint-dash-password-reminder"),
    pytest.param("title", "Hint | password reminder", id="hint-pipe-password-reminder"),
]


@pytest.mark.xfail(strict=True, reason="a join makes a second thing of a public key's format ('PEM') and of a "
                                       "'password reminder' the lexicon reads as a password")
@pytest.mark.parametrize(("where", "text"), FALSE_ALARMS)
def test_an_honest_title_the_pipe_or_dash_now_denies(where: str, text: str) -> None:
    assert _allowed(where, text) == (True, True)

"""Red team 25b: the three joining rules of f3ad5b5 (a Slavic lower-case "i", Korean 과/와/하고, Finnish
and Estonian "vihje" as metadata), attacked for false alarms (honest labels these rules now deny) and
for evasions (credential asks they were meant to catch that still pass). The Slavic "i" was taken out
again for its false alarms; what it caught is a strict xfail."""
from __future__ import annotations

from typing import Any

import pytest

from elicitguard.policies.config import Policy
from tests.both_policies import IDS, POLICIES, allowed

BOTH = pytest.mark.parametrize("policy", POLICIES, ids=IDS)


def _allowed(title: str, description: str | None, policy: Policy) -> bool:
    """Whether one field titled and described so, under a neutral message, passes (nothing kept)."""
    prop: dict[str, Any] = {"type": "string", "title": title}
    if description is not None:
        prop["description"] = description
    return allowed("Please fill in the form", {"value": prop}, policy)


# Italian "i" is the plural article after a preposition: "per i token" is "for the tokens", no "and".
ITALIAN_ARTICLE = [
    ("Scadenza per i token", None),
    ("Lunghezza minima per i PIN", None),
    ("Nomi per i token API", None),
    ("Etichetta", "Un'etichetta per i token API"),
    ("Scadenza token", "Giorni di validità per i token API"),
    ("Lunghezza", "Lunghezza minima per i PIN"),
]


@BOTH
@pytest.mark.parametrize(("title", "description"), ITALIAN_ARTICLE)
def test_an_italian_plural_article_after_a_preposition_joins_nothing(title: str, description: str | None,
                                                                      policy: Policy) -> None:
    assert _allowed(title, description, policy)


# Korean "and" written as speech writes it (랑, 이랑), as a word (그리고), or before a Latin credential.
KOREAN_AND = [("아이디랑 비밀번호", None), ("이름이랑 비밀번호", None), ("이름 그리고 비밀번호", None), ("이름과 PIN", None)]


@BOTH
@pytest.mark.parametrize(("title", "description"), KOREAN_AND)
def test_a_korean_and_in_any_of_its_spellings_joins_a_name_to_a_credential(title: str, description: str | None,
                                                                            policy: Policy) -> None:
    assert not _allowed(title, description, policy)


# Honest Korean labels beside them: a word ending in 과 or 랑 of its own.
KOREAN_HONEST = [("결과 코드", None), ("처리결과 코드", None), ("학과 코드", None), ("첫사랑 이야기", None)]


@BOTH
@pytest.mark.parametrize(("title", "description"), KOREAN_HONEST)
def test_a_korean_word_ending_like_a_particle_joins_nothing(title: str, description: str | None,
                                                             policy: Policy) -> None:
    assert _allowed(title, description, policy)


# Slavic metadata joined by "i" to a second word that qualifies a credential in the genitive ("the name
# and expiry date of the token"): the "i" joins the two metadata words, not a word and the credential.
# English passes "Name and expiry date of the token" (the lexicon knows "date"); these passed before f3ad5b5.
SLAVIC_GENITIVE = [
    ("Naziv i datum isteka tokena", None),
    ("Duljina i složenost lozinke", None),
    ("Délka i složitost hesla", None),
    ("Długość i złożoność hasła", None),
    ("Ime vlasnika", "Ime i prezime vlasnika API ključa"),
    ("Ime", "Ime i boja za vaš token"),
]


# The Slavic "i" is no joining word since (session 25): these failed while it was one.
@BOTH
@pytest.mark.parametrize(("title", "description"), SLAVIC_GENITIVE)
def test_slavic_metadata_words_joined_before_a_credential_in_the_genitive_pass(title: str, description: str | None,
                                                                               policy: Policy) -> None:
    assert _allowed(title, description, policy)


@BOTH
def test_a_lower_case_english_pronoun_joins_nothing(policy: Policy) -> None:
    assert _allowed("hint i wrote for my password", None, policy)


# The Slavic "i" between a name and a credential: not read as a join, in any case or look-alike.
SLAVIC_AND = [("Nazwa i hasło", None), ("Ime i lozinka", None), ("Ime i vaša lozinka", None),
              ("Nazwa i kod PIN", None), ("NAZWA I HASŁO", None), ("IME I LOZINKA", None), ("Nazwa \u2170 hasło", None), ("Nazwa \u0131 hasło", None)]


@pytest.mark.xfail(strict=True, reason="the Slavic 'i' is no joining word: read as one, it denied honest labels "
                                       "joining two metadata words before a credential in the genitive ('Duljina i "
                                       "složenost lozinke'), and it is the Italian article and a casual English 'I'")
@BOTH
@pytest.mark.parametrize(("title", "description"), SLAVIC_AND)
def test_a_slavic_and_between_a_name_and_a_credential_is_denied(title: str, description: str | None,
                                                              policy: Policy) -> None:
    assert not _allowed(title, description, policy)


@pytest.mark.xfail(strict=True, reason="red team 25b: Korean joins are read in labels of up to 16 characters only")
@BOTH
def test_a_korean_join_in_a_label_longer_than_sixteen_characters_is_denied(policy: Policy) -> None:
    assert not _allowed("사용자 이름과 계정 비밀번호 입력", None, policy)


# "vihje" makes the title metadata, and a description naming the password itself without a request word
# then passes (as "Password hint" over "Your password" passes in English); these were denied before f3ad5b5.
VIHJE_ABUSED = [("Salasanan vihje", "Salasanasi"), ("Parooli vihje", "Sinu parool"),
                ("PIN-koodin vihje", "Nelinumeroinen PIN-koodisi"), ("Salasanan vihje", "Koko salasana vihjeeksi"),
                ("Salasanan vihje", "Kirjoita vihjeeksi salasanasi")]


@pytest.mark.xfail(strict=True, reason="red team 25b: under a hint's title a description naming the credential "
                                       "itself without a request word near it passes (English alike)")
@BOTH
@pytest.mark.parametrize(("title", "description"), VIHJE_ABUSED)
def test_a_hint_title_over_a_description_naming_the_password_itself_is_denied(title: str, description: str,
                                                                               policy: Policy) -> None:
    assert not _allowed(title, description, policy)


# The ask the brief names is caught.
@BOTH
@pytest.mark.parametrize(("title", "description"), [("Salasanan vihje: kirjoita salasanasi", None),
                                                    ("Salasanan vihje", "Kirjoita salasanasi tähän"),
                                                    ("Parooli vihje", "Sisesta oma parool")])
def test_a_hint_title_over_a_request_for_the_password_is_denied(title: str, description: str | None,
                                                                 policy: Policy) -> None:
    assert not _allowed(title, description, policy)

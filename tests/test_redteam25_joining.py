"""Red team 25: the joining words of session 25 (Finnish/Estonian "ja", Polish "z"/"ze", an unspaced
CJK "and" in a short label). Other spellings of the same joins slipped past them: the CJK conjunction
with a space (or an ideographic space) beside it, beside a Latin word ("名称和API密钥"), its written
forms ("および", "並びに", "暨"), Finnish "sekä" and Estonian "ning", and a joining word typed in
fullwidth letters ("Nimi ｊａ salasana"). Each is a name joined to a credential and is denied as
"Name & password" is. Honest labels in which the new words mean something else still pass.
The joins these rules still miss are strict xfails."""

from __future__ import annotations

from typing import Any

import pytest

from elicitguard.policies.config import FormPolicy, Policy
from elicitguard.policies.judge import clear_caches, judge_elicitation

RULES_ALONE = Policy(form=FormPolicy(classifier=False))


def _form(title: str, message: str = "Account") -> dict[str, Any]:
    return {"mode": "form", "message": message,
            "requestedSchema": {"type": "object", "properties": {"value": {"type": "string", "title": title}}}}


def _denied(title: str, policy: Policy = RULES_ALONE) -> bool:
    clear_caches()
    return not judge_elicitation(_form(title), frozenset({"form"}), policy).allowed


@pytest.mark.parametrize("title", [
    "名称 和 密码",            # spaces around the conjunction
    "名称\u3000和\u3000密码",  # ideographic spaces
    "名称和 密码",             # a space on one side
    "名前 と パスワード",
    "名前\u3000と\u3000パスワード",
    "名称和API密钥",           # a Latin word after the conjunction
    "名称和PIN",
    "名前とPassword",
    "名前およびパスワード",    # written forms of "and"
    "名前ならびにパスワード",
    "名前並びにパスワード",
    "名稱暨密碼",
    "Nimi sekä salasana",      # Finnish "sekä", Estonian "ning"
    "Nimi ning parool",
    "Nimi ｊａ salasana",      # a joining word in fullwidth letters
    "Nazwa ｚ hasłem",
    "Name ｗｉｔｈ password",
    "이름과 비밀번호",          # once strict xfails: Korean particles before a space
    "이름하고 비밀번호",
    "이메일과 비밀번호",
])
def test_a_name_joined_to_a_credential_however_the_join_is_spelled_is_denied(title: str) -> None:
    assert _denied(title)
    assert _denied(title, Policy())


@pytest.mark.parametrize("title", [
    "数据总和",                # 和 inside a word ("sum")
    "和平奖编号",
    "课堂参与码",              # 与 inside 参与 ("participation")
    "快递跟踪码",              # 跟 inside 跟踪 ("tracking")
    "名称和描述",
    "密钥名称和用途",
    "令牌名称与到期日",
    "金鑰名稱與說明",
    "キーの名前と説明",
    "郵便番号と住所",
    "表示名とアイコン",
    "部屋や鍵の番号",
    "ヒントと暗証番号の桁数",
    "やさしいパスワードのヒント",
    "ことばとパスワードの長さ",
    "Salasanan pituus ja vahvuus",
    "Avaimen nimi ja kuvaus",
    "Postinumero ja postitoimipaikka",
    "Võtme nimi ja kirjeldus",
    "Parooli pikkus ja tugevus",
    "Passwort-Manager nutzen? ja / nein",
    "Nazwa klucza z panelu",     # Polish "z" meaning "from"
    "Kod rabatowy z gazetki",
    "Numer z karty lojalnościowej",
    "Kod z karty podarunkowej",
    "Długość hasła z zakresu 8-64",
    "Hint I wrote for my password",  # "i" and "I" join nothing
    "Inserisci i dati di spedizione",  # the Italian article
    "결과 코드",                 # 과 ending a word of two syllables ("result code")
    "사과와 배",
    "키 이름과 설명",
    "비밀번호 길이와 힌트",
    "Salasanan vihje",           # once strict xfails: "vihje" (a hint) is metadata in Finnish and Estonian
    "Parooli vihje",
    "Nimi ja salasanan vihje",
    "Nimi ja parooli vihje",
])
def test_an_honest_label_holding_a_joining_word_in_another_sense_passes(title: str) -> None:
    assert not _denied(title)
    assert not _denied(title, Policy())


@pytest.mark.xfail(strict=True, reason="joins the rules do not read yet: the Slavic 'i' (see "
                                       "test_redteam25b_joins.py), a Korean particle glued to the next word, a "
                                       "label over _CJK_LABEL characters, Cantonese 同")
@pytest.mark.parametrize("title", [
    "Nazwa i hasło",
    "이름과비밀번호",
    "ご利用中のアカウントの名前とパスワード",
    "名稱同密碼",
])
def test_a_name_joined_to_a_credential_by_a_join_not_read_yet_is_denied(title: str) -> None:
    assert _denied(title)

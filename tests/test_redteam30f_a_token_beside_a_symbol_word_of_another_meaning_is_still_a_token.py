"""Red team 30f (fixed in session 30): session 30's look-alikes for a token's symbol, sign or ticker (lexicon ~token, 26
languages) excuse a token word they stand beside. Several are prefixes or words that, in their
language, mean something else in an ordinary request for an access token: Tamil குறியீடு is "code"
(a "token code"), Telugu గుర్తు starts గుర్తుంచుకోండి ("remember"), Sinhala සංකේත starts සංකේතනය
("encryption"), Bengali চিহ্ন starts চিহ্নিত ("marked"); and Hungarian "jel" and Armenian "սիմվոլ" give
the token's length in characters. Each form below asks for a bot's or GitHub's token and passes under
both policies; all were denied at 1f8b69d."""

from __future__ import annotations

import pytest

from tests.both_policies import IDS, POLICIES, field, verdict

OTHER_MEANING = {
    # "Connect your Telegram bot" / "Bot token code", described "the token code BotFather gave".
    "Tamil 'code'": ("உங்கள் Telegram போட்டை இணைக்கவும்",
                     field("போட் டோக்கன் குறியீடு", "BotFather தந்த டோக்கன் குறியீடு")),
    # "Connect your GitHub account" / "GitHub access token code".
    "Tamil 'code', title only": ("உங்கள் GitHub கணக்கை இணைக்கவும்", field("GitHub அணுகல் டோக்கன் குறியீடு")),
    # "Bot token (remember: tell no one)".
    "Telugu 'remember'": ("మీ Telegram బాట్‌ను కనెక్ట్ చేయండి",
                          field("బాట్ టోకెన్ (గుర్తుంచుకోండి: ఎవరికీ చెప్పకండి)")),
    # "GitHub token", described "your GitHub token is stored encrypted".
    "Sinhala 'encryption'": ("ඔබගේ GitHub ගිණුම සම්බන්ධ කරන්න",
                             field("GitHub ටෝකනය", "ඔබගේ GitHub ටෝකනය සංකේතනය කර ගබඩා කෙරේ")),
    # "Token", described "paste the marked GitHub token here".
    "Bengali 'marked'": ("আপনার GitHub অ্যাকাউন্ট সংযোগ করুন",
                         field("টোকেন", "চিহ্নিত GitHub টোকেন এখানে পেস্ট করুন")),
}

CHARACTERS = {
    # "Access token (40 characters)", described "paste the token you created on GitHub".
    "Hungarian 'jel'": ("Kapcsolja össze a GitHub-fiókját",
                        field("Hozzáférési token (40 jel)", "Másolja be a GitHubon létrehozott tokent")),
    # "GitHub token (40 characters)".
    "Armenian 'simvol'": ("Միացրեք ձեր GitHub հաշիվը", field("GitHub թոքեն (40 սիմվոլ)")),
}


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize("case", list(OTHER_MEANING), ids=list(OTHER_MEANING))
def test_a_token_beside_a_symbol_word_that_means_code_remember_encrypted_or_marked_is_still_a_token(case, policy):
    message, prop = OTHER_MEANING[case]
    assert not verdict(message, {"token": prop}, policy).allowed


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize("case", list(CHARACTERS), ids=list(CHARACTERS))
def test_a_token_whose_length_is_given_in_characters_is_still_a_token(case, policy):
    message, prop = CHARACTERS[case]
    assert not verdict(message, {"token": prop}, policy).allowed

"""Issue 24's ninth round, recall: secrets written in forms no rule read (a modifier after the
noun, a PIN of digits, a passphrase of words, fullwidth ASCII, a number glued to kana, the
answer to a question), each beside a near text that is still kept. Written here from general
knowledge of how people give a password, a card or a phone in chat; none is copied from a
corpus or the probe.
"""

from __future__ import annotations

import pytest

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.redactor import Redactor

# ---------------------------------------------------------------- a modifier after the noun


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("mật khẩu máy chủ là Trang#5521", "Trang#5521"),  # Vietnamese
        ("nenosiri ya seva ni Simba*804", "Simba*804"),  # Swahili
        ("ang password ng laptop ay Bayani!77", "Bayani!77"),  # Tagalog
        ("parola serverului e Carpati%31", "Carpati%31"),  # Romanian
        ("ο κωδικός του router είναι Ermou_4410", "Ermou_4410"),  # Greek
        ("รหัสผ่าน router คือ Chang#908", "Chang#908"),  # Thai
        ("пароль від сервера — Дніпро55!", "Дніпро55!"),  # Ukrainian, a dash
    ],
)
def test_a_modifier_after_the_noun_then_a_copula(
    redactor: Redactor, text: str, secret: str
) -> None:
    assert _caught(redactor, text, secret)


@pytest.mark.parametrize(
    "text",
    [
        "the password manager is 1Password for everyone",
        "password manager — 1Password",
        "pin the compiler to v3.2.1 in CI",
        "mật khẩu wifi là gì vậy?",
    ],
)
def test_a_compound_or_a_verb_before_the_copula_is_kept(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)


# ---------------------------------------------------------------- a PIN of digits


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("the PIN for the alarm is 739150", "739150"),
        ("Hasło do sejfu: 6047", "6047"),
        ("Şifresi: 90713", "90713"),
    ],
)
def test_digits_joined_to_a_password_word_are_a_pin(
    redactor: Redactor, text: str, secret: str
) -> None:
    assert _caught(redactor, text, secret)


@pytest.mark.parametrize(
    "text",
    [
        "password reset ticket: 58201",
        "password length: 16",
        "PIN: 1234",
        "token: 58201",
        "GPIO pin: 17",
    ],
)
def test_a_number_of_a_password_that_is_not_it_is_kept(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)


# ---------------------------------------------------------------- a passphrase of words


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ('the passphrase is "copper lantern river 41" now', "copper lantern river 41"),
        ("phrase de passe : « jardin bleu fromage 73 »", "jardin bleu fromage 73"),
        ("Passwort: Apfel Brücke Nebel 902", "Apfel Brücke Nebel 902"),
    ],
)
def test_a_passphrase_of_words_ending_in_a_number(
    redactor: Redactor, text: str, secret: str
) -> None:
    assert _caught(redactor, text, secret)


@pytest.mark.parametrize(
    "text",
    [
        'the password is "rotated every 90 days"',
        'password: "ask the on-call person"',
        "password: changed on the first of May",
    ],
)
def test_words_about_a_password_are_kept(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)


# ---------------------------------------------------------------- leetspeak and numbers


def test_a_word_with_a_number_apart_is_a_password(redactor: Redactor) -> None:
    assert _caught(redactor, "the new password is Admin#37 for now", "Admin#37")
    assert _kept(redactor, "the new password is P@ssw0rd as an example")


# ---------------------------------------------------------------- base64 padding


def test_a_random_run_before_its_padding_is_no_config_key(redactor: Redactor) -> None:
    assert _caught(redactor, "密码：Hq4vTzR2wPmK=", "Hq4vTzR2wPmK=")
    assert _kept(redactor, "password:\nretries=3")


# ---------------------------------------------------------------- East Asian writing


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("パスワード：Ｋｉｔｓｕｎｅ＃４０８", "Ｋｉｔｓｕｎｅ＃４０８"),
        (
            "カード：５５５５　５５５５　５５５５　４４４４",
            "５５５５　５５５５　５５５５　４４４４",
        ),
        ("卡号是4539 1488 0343 6467谢谢", "4539 1488 0343 6467"),
    ],
)
def test_fullwidth_ascii_and_numbers_glued_to_cjk(
    redactor: Redactor, text: str, secret: str
) -> None:
    assert _caught(redactor, text, secret)


@pytest.mark.parametrize(
    "text",
    [
        "会議は１０時から、部屋は３０４です",
        "注文番号4539148803436468の件",  # fails the Luhn check
        "version 4.539.148.803.436",
    ],
)
def test_fullwidth_and_glued_numbers_that_are_not_secrets_are_kept(
    redactor: Redactor, text: str
) -> None:
    assert _kept(redactor, text)


def test_ligar_in_its_persons_names_a_phone(redactor: Redactor) -> None:
    assert _caught(redactor, "liga-me amanhã para o 913 402 118", "913 402 118")
    assert _kept(redactor, "a liga tem 912 equipas e 146 jogos")


# ---------------------------------------------------------------- a question and its answer


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("what's the password for the printer?\nB: Tallow!882", "Tallow!882"),
        ("¿cuál es la contraseña del NAS?\n→ Pampa_4471", "Pampa_4471"),
    ],
)
def test_a_value_answering_a_question_for_a_password(
    redactor: Redactor, text: str, secret: str
) -> None:
    assert _caught(redactor, text, secret)


@pytest.mark.parametrize(
    "text",
    [
        "who knows the printer password?\n@dmitri-it",
        "what is the password policy?\n- at least 14 characters",
        "password?\nsoon",
    ],
)
def test_an_answer_that_is_no_value_is_kept(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)


# ---------------------------------------------------------------- the probe


def test_the_recall9_probe_does_not_get_worse(redactor: Redactor) -> None:
    """`tests/support/data/redaction_probes/recall9/`: 179/220 on main before this round,
    207/220 after; its negatives 2/200 before and after."""
    from tests.support.paths import DATA
    from tests.support.redaction_corpus import load_jsonl_pair, score

    folder = DATA / "redaction_probes" / "recall9"
    pos, neg = load_jsonl_pair(
        folder / "recall9_positives.jsonl", folder / "recall9_negatives.jsonl"
    )
    result = score(redactor, pos, neg)
    assert sum(result.caught.values()) >= 207, result.missed
    assert len(result.false_positives) <= 2, result.false_positives

"""Issue 24's eleventh round, recall: numbers as people type them (a card or an SSN with an en
dash, a no-break space or a spaced hyphen; a phone in a plan no default region reads, labelled by
a phone's own word or given an extension), and passwords in forms no rule read (a user and a
password after a word for a login, a long modifier before the copula, a stand-in's word made to
pass a policy, a `$` that opens a password, the answer after a question on its own line, a Wi-Fi
card's key, the key emoji). Each beside a near text that is still kept. Written from general
knowledge of how people type these; none is copied from a corpus or a probe.
"""

from __future__ import annotations

import pytest

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.redactor import Redactor

# Luhn-valid numbers of the networks' lengths (Visa 16, Mastercard 16, Amex 15).
_VISA = "4539148803436467"
_MC = "5425233430109903"
_AMEX = "374245455400126"


def _fours(digits: str, sep: str) -> str:
    return sep.join(digits[i : i + 4] for i in range(0, len(digits), 4))


@pytest.mark.parametrize(
    "card",
    [
        _fours(_VISA, "\u2013"),  # an en dash, as autocorrect writes a hyphen
        _fours(_MC, "\u2014"),
        _fours(_VISA, "\u00a0"),  # a no-break space, copied from a page
        _fours(_MC, "\u202f"),  # a narrow no-break space, French typography
        _fours(_VISA, "\u2009"),
        _fours(_VISA, " - "),
        _fours(_MC, " \u2013 "),
        f"{_AMEX[:4]}\u2013{_AMEX[4:10]}\u2013{_AMEX[10:]}",
    ],
)
def test_a_card_in_the_layouts_people_type(redactor: Redactor, card: str) -> None:
    for text in (f"card {card}", f"pls charge {card} exp 09/27", f"Kartennummer: {card}"):
        assert _caught(redactor, text, card), text


def test_a_card_then_its_expiry_and_code_after_spaced_hyphens(redactor: Redactor) -> None:
    card = _fours(_VISA, " ")
    assert _caught(redactor, f"card {card} - 12/27 - 123", card)


def test_a_card_after_no_glued_to_its_dot(redactor: Redactor) -> None:
    assert _caught(redactor, f"card no.{_VISA}", _VISA)
    assert _caught(redactor, f"Card No.{_fours(_MC, ' ')}", _fours(_MC, " "))


@pytest.mark.parametrize(
    "text",
    [
        "posted FI docs:      5130977549\u20135110934472",
        "support rota 06:00\u201314:00 and 14:00\u201322:00",
        "Zeitraum 2019\u20132024, 13\u201319 Stellen",
        "open ports 30000\u201331999 for the media relay",
        "see doi:10.1145/3983076.3079170",
    ],
)
def test_ranges_and_versions_with_dashes_stay_kept(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)


@pytest.mark.parametrize(
    ("text", "ssn"),
    [
        ("SSN 537\u201328\u20134419 for the new hire", "537\u201328\u20134419"),
        ("her social security number is 537_28_4419", "537_28_4419"),
    ],
)
def test_an_ssn_typed_with_an_en_dash_or_underscores(
    redactor: Redactor, text: str, ssn: str
) -> None:
    assert _caught(redactor, text, ssn)


def test_underscored_digits_that_are_no_ssn_layout_stay_kept(redactor: Redactor) -> None:
    assert _kept(redactor, "BATCH_SIZE = 1_000_000")
    assert _kept(redactor, "file run_537_28_4419.log")


@pytest.mark.parametrize(
    ("text", "phone"),
    [
        ("Sími: 562 4481", "562 4481"),  # Iceland, a plan no default region reads
        ("我的手机号是 9134 7702", "9134 7702"),  # Hong Kong
        ("電話は (852) 3192 4471 です", "(852) 3192 4471"),
        ("Rosa Quispe: 984 112 337 ext. 12", "984 112 337"),  # Peru, with an extension
        ("namba ya simu ya dereva ni 0722 418 903", "0722 418 903"),
        ("namba ya fundi ni 0712345678", "0712345678"),
        ("tel. 562 4481 (home)", "562 4481"),
        ("call me at 560 1234 after six", "560 1234"),
        ("mi número es 997 320 588", "997 320 588"),
    ],
)
def test_a_phone_its_word_labels_in_any_plan(redactor: Redactor, text: str, phone: str) -> None:
    assert _caught(redactor, text, phone)


@pytest.mark.parametrize(
    "text",
    [
        "order number: 2905 2691",
        "phone 2024 model, serial 2905 2691",
        "the phone team ships 3 releases, build 562 4481",
        "social security number is on file, ref 562 4481",
        "my order number is 5601234",
        "my number is 2024 in the draft",
    ],
)
def test_a_number_no_phone_word_labels_stays_kept(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # A user and a password after a word for a login or an account.
        ("the login for the test tenant is qa_lead / Tortilla#72", "Tortilla#72"),
        ("creds for the kiosk: `kiosk7` / `Mirlo!6020`", "Mirlo!6020"),
        ("Zugang zum NAS: backup / Heide%Moor41", "Heide%Moor41"),
        ("conta do painel: suporte / Caju@8812, não compartilhe", "Caju@8812"),
        # An account every system ships with, as the user.
        ("Grafana prod – admin – Qv7~pLm2#Rz", "Qv7~pLm2#Rz"),
        ("root / Hx!42mQ9z on the jump box", "Hx!42mQ9z"),
        # A long modifier before the copula, a value shaped as a password.
        ("mật khẩu wifi phòng họp tầng ba là Sen#2291", "Sen#2291"),
        ("nenosiri la Wi-Fi ya ofisi ni Tembo$4410", "Tembo$4410"),
        ("a senha nova do cofre ficou Pitanga!77", "Pitanga!77"),
        ("la clave quedó Lucero#904", "Lucero#904"),
        # A stand-in's word made to pass a policy.
        ("password: Changeme.2027", "Changeme.2027"),
        ("DB_PASSWORD=Example!2031", "Example!2031"),
        # A `$` that opens a password.
        ("Password: $Marlin42", "$Marlin42"),
        # The answer after a question, on its line.
        ("the vpn pw? it's Corvid#5521", "Corvid#5521"),
        ("¿la contraseña del wifi? es Palmera%318", "Palmera%318"),
        # A Wi-Fi card.
        ("SSID: Lab-Guest\nPSK: 9fTq2LmWz7Kd", "9fTq2LmWz7Kd"),
        # The key emoji.
        ("wifi 🔑 Nw8!kPz41q", "Nw8!kPz41q"),
    ],
)
def test_a_password_in_more_forms(redactor: Redactor, text: str, secret: str) -> None:
    assert _caught(redactor, text, secret)


@pytest.mark.parametrize(
    "text",
    [
        "read / write for the bucket",
        "the account page has login / signup flows",
        "user: web / www-data",
        "admin / settings / users is where you add people",
        "the password for the new staging cluster is rotated weekly",
        "the password of the shared office printer is printed on it",
        "PASSWORD=changeme",
        "PASSWORD=example123",
        "password: $DB_PASS",
        "password: $dbPassword",
        "password: $password1",
        "password=%DB_PASSWORD%",
        "set PATH=%PATH%;C:\\tools",
        "the GitHub token for the backup job? It should be fine-grained",
        "the wifi pw? it's on the fridge",
        "SSID: Lab-Guest\nkey: see the sticker",
        "🔑 rotated the deploy keys today",
    ],
)
def test_near_forms_stay_kept(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("PIN 4471", "4471"),
        ("the code for the lockbox is 8812", "8812"),
        ("код от домофона 3906", "3906"),
        ("u: admin p: Corvo#7712", "Corvo#7712"),
        ("creds → ops:Corvo#7712", "Corvo#7712"),
        ("ssh to admin:Corvo#7712@10.0.0.5", "Corvo#7712"),
        ("wifi: CafeGuest / Corvo#7712", "Corvo#7712"),
    ],
)
def test_a_pin_a_lock_code_and_a_user_with_a_password(
    redactor: Redactor, text: str, secret: str
) -> None:
    assert _caught(redactor, text, secret)


@pytest.mark.parametrize(
    "text",
    [
        "pin 2024",
        "pip install pin 4471",
        "the code for the door handler is in repo 4471",
        "git clone git@github.com:org/repo.git",
        "image: nginx:1.25@sha256:abc",
        "login ticket:ABC#12345",
        "u: admin p: see vault",
    ],
)
def test_near_pins_and_pairs_stay_kept(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)


# A JWE (five segments, `dir`: the key segment empty), a JWS whose header is spaced JSON, and a
# JWT after a percent-escape or wrapped at a terminal's width. Headers are base64url of JSON.
_JWE = (
    "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..Qm9vdHN0cmFwSVYx."
    "c2Vzc2lvbl9jaXBoZXJ0ZXh0X2J5dGVzX2hlcmVfYWJjZGVm.VGFnVGFnVGFnVGFnVGFn"
)
_SPACED = "eyAiYWxnIjogIkhTMjU2IiB9.eyAic3ViIjogInUtNDQ3MSIgfQ.Zk9xTTN2UVdtWjRyQmxOZTJjWA"
_JWT = (
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1LTQ0NzEiLCJpYXQiOjE3MzIwMDAwMDB9."
    "eQv8IB8hdY88yTdTxBIUFmDi8x2y4RuMER_bh3m1xs0"
)


@pytest.mark.parametrize(
    ("text", "token"),
    [
        (f"next-auth.session-token={_JWE}", _JWE),
        (f"token: {_SPACED}", _SPACED),
        (f"https://app.example/cb?auth=Bearer%20{_JWT}&x=1", _JWT),
    ],
)
def test_a_jose_token_by_its_header(redactor: Redactor, text: str, token: str) -> None:
    assert _caught(redactor, text, token)


def test_the_line_after_a_whole_jwt_is_not_part_of_it(redactor: Redactor) -> None:
    text = f"Authorization: Bearer {_JWT}\nx-request-id: 4f1c"
    assert redactor.redact(text).text.endswith("\nx-request-id: 4f1c")


def test_a_jwt_wrapped_at_a_terminals_width(redactor: Redactor) -> None:
    text = f"the id token:\n{_JWT[:60]}\n{_JWT[60:]}\nthanks"
    found = redactor.redact(text).text
    assert _JWT[:60] not in found and _JWT[60:] not in found
    assert found.endswith("\nthanks")


@pytest.mark.parametrize(
    "text",
    [
        "eyJub3QiOiJhIGhlYWRlciJ9.c29tZXRoaW5nIGVsc2U.YWJjZGVmZ2hpams",  # JSON, but no `alg`
        "ewogIHNvbWUgdGV4dAp9.abc.def",
    ],
)
def test_base64_with_no_jose_header_is_no_jwt(redactor: Redactor, text: str) -> None:
    assert not any(f.kind == "jwt" for f in redactor.redact(text).findings)


def test_a_url_password_with_an_empty_user(redactor: Redactor) -> None:
    text = "REDIS_URL=redis://:Zaq1@wsx@cache:6379/0"
    assert _caught(redactor, text, "Zaq1@wsx")
    assert _kept(redactor, "see https://:443@host and redis://:@cache:6379")


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # What a password was changed to.
        ("senha do wifi da loja mudou pra Acerola#552", "Acerola#552"),
        ("la password è cambiata in Gelato!7781", "Gelato!7781"),
        ("mot de passe changé en Crêpe#4410", "Crêpe#4410"),
        ("пароль поменял на Kedr%2290", "Kedr%2290"),
        ("hasło zmienione na Jodla#8812", "Jodla#8812"),
        ("mật khẩu đã đổi thành Sen#4471", "Sen#4471"),
        ("密码改成了Lotus#4471", "Lotus#4471"),
        ("パスワードをMomiji#4471に変更しました", "Momiji#4471"),
        ("비밀번호를 Maru#4471로 바꿨어요", "Maru#4471"),
        ("şifreyi Lale#4471 yaptım", "Lale#4471"),
        ("kata sandinya sudah diganti jadi Melati#4471", "Melati#4471"),
        # A value the noun after it names.
        ("Nopal#4471 is the new wifi password", "Nopal#4471"),
        ("use Corvo#7712 as the password for now", "Corvo#7712"),
    ],
)
def test_a_password_changed_to_or_named_after(redactor: Redactor, text: str, secret: str) -> None:
    assert _caught(redactor, text, secret)


@pytest.mark.parametrize(
    "text",
    [
        "Corvo#7712 is the new password format",
        "Argon2id is the password hash",
        "the wiki at wiki/Ops#42 is the password page",
        "the password was changed to meet the policy",
        "パスワードを変更しました",
        "senha do wifi mudou para a que está no cofre",
        "don't use things like Summer2024! as a password",
        "Winter2025! is a password people pick every year",
    ],
)
def test_near_changes_and_names_stay_kept(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)

"""Issue 24's sixteenth round, keys: a credential under a field named in any language and script
(a word for a password, a secret or a token; a word for a key with its kind, in either order),
and the same words kept when the name is about one of its properties (its length, expiry, file,
name), wherever the language puts that word. Plus Stripe's and Svix's `whsec_` signing secrets
with no mode after the prefix. Written from the principle, in words of my own.
"""

from __future__ import annotations

import pytest

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.redactor import Redactor


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # A password's noun in a script other than Latin, joined or apart.
        ('{"пароль_почты": "Rk7#vQ2!mZp9xL"}', "Rk7#vQ2!mZp9xL"),
        ('"邮箱密码" = "Tq8^wN3&bYc5"', "Tq8^wN3&bYc5"),
        ('"게이트웨이토큰": "Hx4pLq9Vr2mT7bKdW3zN"', "Hx4pLq9Vr2mT7bKdW3zN"),
        ("סיסמה_ראשית=Wm3$kTz8@Qn5", "Wm3$kTz8@Qn5"),
        # A password's noun glued into a compound (Dutch, German).
        ("MAILSERVERWACHTWOORD=Jp6&dRt2!Ks9", "Jp6&dRt2!Ks9"),
        # A secret or a token in the writer's language.
        ("sekret_klienta = 6f1d0c9a4b7e2385f0a1c6d9e4b73a28", "6f1d0c9a4b7e2385f0a1c6d9e4b73a28"),
        ('"ゲートウェイトークン": "b8Qz2LmX4vTr9NkW7pYc3HdJ"', "b8Qz2LmX4vTr9NkW7pYc3HdJ"),
        ("токен доступа: Zr5Yq8PmK2xWv7NcT4bLh9Ds", "Zr5Yq8PmK2xWv7NcT4bLh9Ds"),
        # A key whose kind is named, before or after the noun.
        ("CLAVE_API=93c0e7a14f2b8d56a0c3e9f71b4d2a86", "93c0e7a14f2b8d56a0c3e9f71b4d2a86"),
        ("api_nyckel: 5e2a9c7f1b3d8e40a6c2f9b7d1e3a5c8", "5e2a9c7f1b3d8e40a6c2f9b7d1e3a5c8"),
        # The noun of two words spread over a dotted key's last parts.
        ("mail.relay.kata.sandi=Vb7!qTz3#Lm8", "Vb7!qTz3#Lm8"),
        # A webhook signing secret with no mode after the prefix.
        (
            "use `whsec_Pz7Lq2Vb9Xk4Tn6Rm1Yc8Wd3Hf5Js0Ga` for now",
            "whsec_Pz7Lq2Vb9Xk4Tn6Rm1Yc8Wd3Hf5Js0Ga",
        ),
    ],
)
def test_a_credential_named_in_any_language_is_caught(
    redactor: Redactor, text: str, secret: str
) -> None:
    assert _caught(redactor, text, secret), text


@pytest.mark.parametrize(
    "text",
    [
        # A property of a credential, named before or after its noun.
        '{"длина_пароля": "Rk7#vQ2!mZp9xL"}',
        '"密码文件" = "/etc/mail/Tq8^wN3&bYc5"',
        "비밀번호 만료: 2027-03-01T00:00:00Z",
        "CLAVE_API_NOMBRE=partner-readonly-2027",
        "όνομα κλειδί API: maps-frontend-eu",
        # A key with no kind named holds a lookup key's value as often as a secret.
        "klucz = 5e2a9c7f",
        # A webhook secret's placeholder.
        "whsec_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    ],
)
def test_a_property_of_a_credential_named_in_any_language_is_kept(
    redactor: Redactor, text: str
) -> None:
    assert _kept(redactor, text), text

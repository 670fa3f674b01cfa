"""Issue 24's tenth round, words and values: what is assigned to a secret's name, or said after its
noun, and is no secret; and numbers before street words that are no house. A slot addressed to
the reader in words of its own, what the value should be like, said in the secret nouns'
languages; a comment or an aside that calls the value an example or not real; a value in a
script no key is written in; a date, a pattern, an amount; an expression; a store's scheme;
Jasypt's envelope; a word for a user before the user's name; runs of one form in a list; a count
before `via`, a unit or a name before a number. Each beside a case of the same form that is
still caught. Written from how people write config, docs and chat; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.redactor import Redactor


@pytest.mark.parametrize(
    "text",
    [
        # The reader addressed, and the slot named in words of its own.
        "SLACK_TOKEN=xoxb-tu-token-de-slack",
        'token: "coloque-o-token-aqui"',
        'client_secret: "vul-hier-je-secret-in"',
        'token: "votre-jeton-d-acces"',
        'password: "the-password-you-chose-in-step-2"',
        "SECRET_KEY=pon-aqui-una-cadena-aleatoria",
        # What the value should be like, in the secret nouns' languages.
        "SECRET_KEY=une-chaine-aleatoire-longue",
        "SECRET_KEY=eine-lange-zufaellige-zeichenkette",
        'password: "mot-de-passe-fort"',
        'password: "contraseña_segura"',
        "secret: base64-encoded 32 bytes",
        "token: auto-generated on first boot",
        # An instruction in a script no key is written in.
        "SECRET_KEY=ここにキーを入力",
        'api_key: "введите_ключ_сюда"',
        # Said, on the value's own line, to be no real one.
        'password: "hunter2"  # the classic example, obviously not real',
        'DB_PASSWORD="Winter2024!"  // fake, for the unit tests',
        "password: Sommer2025 (Beispiel, nicht echt)",
        # When, which form, how much: not the value.
        "api_key_created: 2026-03-14 09:22:10 UTC",
        "last_token_refresh: 2026-01-05T08:00:00+01:00",
        "token: ^[A-Za-z0-9_-]{40}$",
        "api_key: /^sk-[a-zA-Z0-9]{48}$/",
        "token budget: 128k",
        "next token: IDENTIFIER",
        # An expression; a store's scheme; ciphertext in Jasypt's envelope; a path in the home.
        "token = isProd ? prodToken : devToken;",
        "password: keychain:prod-db",
        "password: ENC(G6N718UuyPE5bHyWKyuLQSm02auQPUtm)",
        "token_path: ~/.config/gh/hosts.yml",
        # Where it is kept, a store's name spelled with a digit; a SealedSecret's ciphertext.
        "das Passwort ist im 1Password, Tresor Infra",
        "Sealed secret: AgA7kQz1pL9mXv2RtN8yBcW4eH6jUf3sKd5oGi0aZr+Y/VqTn1xMb7lCu2wPe9hSgJ4"
        "FkD6iO3nLa8tRz5yXc1vBm0qWp7uEj2sHg9dKf4lNo6rTi3xAy5zCe8bVw1",
    ],
)
def test_a_value_that_describes_or_refers_is_kept(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text), redactor.redact(text).text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # The same forms holding a value that is one.
        ("SLACK_TOKEN=xoxb-2231405987-8812093344-Xq7RbL2mZp9TvK4wNc8Yd", "Xq7RbL2mZp9TvK4wNc8Yd"),
        ('password: "tu-caballo-come-pizza-77"', "tu-caballo-come-pizza-77"),
        ("password: Lange!Nacht12", "Lange!Nacht12"),
        ('password: "Tr0ub4dor&3"  # rotate on Friday', "Tr0ub4dor&3"),
        (
            'token: "Kq8vL2mWx9ZpR4tN7yBc"  # example from prod, rotate after',
            "Kq8vL2mWx9ZpR4tN7yBc",
        ),
        ("api_key: 9fK2mLq8xZ4vB7nW1cR5tY3u", "9fK2mLq8xZ4vB7nW1cR5tY3u"),
        ("пароль: Zima#2024x", "Zima#2024x"),
        ("token = prodToken8Xq2LmZ9vR4", "prodToken8Xq2LmZ9vR4"),
        ("password: Qw7!pLm2Xz", "Qw7!pLm2Xz"),
        ("password: 1Password!9", "1Password!9"),
        ("unsealed secret: Zq8vL2mWx9ZpR4tN7yBcQ3Xk5", "Zq8vL2mWx9ZpR4tN7yBcQ3Xk5"),
    ],
)
def test_the_same_forms_with_a_secret_are_caught(
    redactor: Redactor, text: str, secret: str
) -> None:
    assert _caught(redactor, text, secret), redactor.redact(text).text


@pytest.mark.parametrize(
    "text",
    [
        # A word for a user labels the name after it; the password is a slot.
        "kiosk login for the demo env: user `KIOSK07` / password `<ask the shift lead>`",
        "Zugang: Benutzer `KASSE09` / Passwort `<beim Filialleiter>`",
        "acceso: usuario `CAJA12` / contraseña `<pedir al gerente>`",
        # Runs of one form after a word for an account: a list of ids.
        "Account IDs (prefix 001 = Account):\n001Ab3dEf5GhIjKlMn\n001Zy9XwVuTsRqPoNm",
        "login ids for the pilot: u12345 / u67890 / u11223",
        "account: 4bd1f7aa / 9cc2e810 (both test tenants)",
    ],
)
def test_a_user_label_and_a_list_of_ids_are_no_pair(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text), redactor.redact(text).text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("kiosk login: user `KIOSK07` / password `Xp9!kq2Lm`", "Xp9!kq2Lm"),
        ("login: admin / Br4mbl3^Qu4rtz", "Br4mbl3^Qu4rtz"),
        ("login:\nadmin\nZq8#Lp4m!x", "Zq8#Lp4m!x"),
        ("account: ops_ro / Tz6@nb4Wq", "Tz6@nb4Wq"),
    ],
)
def test_a_user_and_a_password_are_still_a_pair(redactor: Redactor, text: str, secret: str) -> None:
    assert _caught(redactor, text, secret), redactor.redact(text).text


@pytest.mark.parametrize(
    "text",
    [
        # A count before a word Italian, Spanish or Portuguese write before a street's name.
        "deployed 4 via Helm and 2 via Argo",
        "enviamos 2 via WhatsApp",
        "sent 3 via Email, 2 via Slack",
        # A unit after the number: an amount.
        "It's a 10 Minute Walk from the office",
        "the 2 Factor Auth Gate is mandatory",
        # A name before the number: a model's, a version's, a code's.
        "Windows 11 Start Menu Green tint bug",
        "Apollo 11 Moon Walk anniversary",
        "Model 3 Highland Drive test",
        "error code 42 Access Point unreachable",
    ],
)
def test_a_number_before_street_words_that_is_no_house(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text), redactor.redact(text).text


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("ship to 1600 Pennsylvania Avenue NW, Washington, DC 20500", "1600 Pennsylvania Avenue"),
        ("Adresse: 38 rue Victor Hugo, 69002 Lyon", "38 rue Victor Hugo"),
        ("send it to Calle Mayor 12, 28013 Madrid", "Calle Mayor 12"),
        ("abitiamo in via Roma 15, 00184 Roma", "via Roma 15"),
        ("Ship To 40 Elm Road, Leeds", "40 Elm Road"),
        ("office: 742 Evergreen Terrace, Springfield", "742 Evergreen Terrace"),
    ],
)
def test_addresses_are_still_found(redactor: Redactor, text: str, address: str) -> None:
    assert _caught(redactor, text, address), redactor.redact(text).text

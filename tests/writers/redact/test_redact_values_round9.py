"""Issue 24's ninth round, values: what is assigned to a secret's name and is no secret. A
placeholder written in its reader's language, where the secret is kept said in words, a variable
named as code names one, a name between two of the same mark or after a sigil, an empty value
before the next key, a literal joined to a variable, a vendor's prefix before a body of one
repeated character, a user and the same password. Each beside a case of the same form that is
still caught. Written from general knowledge of config formats, template engines and CI systems;
none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.redactor import Redactor


@pytest.mark.parametrize(
    "text",
    [
        # A placeholder in the reader's language: your, here, example, default, change it.
        "api_key: votre_cle_ici",
        'token = "ваш_токен_здесь"',
        "API_KEY=kunci-api-anda-di-sini",
        "TOKEN=il-tuo-token-qui",
        "api_key: jouw-api-sleutel-hier",
        "STRIPE_SECRET_KEY=sk_test_tu_clave",
        "SECRET_KEY=mude-isto-em-producao",
        "password: contrasena_por_defecto",
        "clave: ejemplo123",
        "Passwort: dein_passwort_hier",
        "senha: removida",
        # A name between two of the same mark, or a dotted name after a sigil.
        "db.password=@db.password@",
        "password = @Model.Password",
        "password=%env.DB_PASSWORD%",
        # An expression's opening delimiter, a call whose name ends in `!`, a top-scope variable.
        "token: $[variables.deployToken]",
        "password: %{hiera('db_password')}",
        'secret_key_base: System.fetch_env!("SECRET_KEY_BASE")',
        "password => $::db_password,",
        # A reference, whatever its default: a documented default is no secret of ours.
        "password: ${DB_PASSWORD:-changeme}",
        "password: ${self:custom.dbPassword}",
        # A placeholder's words around prose in another script.
        "api_key: 密码token",
        # An empty value: the next line is the next key, with its own operator.
        "keystore_passphrase =\nsigning_alias = <alias-of-the-school>\n",
        # A literal joined to a variable: the fixed part of a key built at run time.
        'const sessionToken = "app:token:" + userId;',
        "$token = 'app:token:' . $userId;",
        # A vendor's prefix before a body of one repeated character, in groups.
        "token: xoxp-0000000000-0000000000-0000000000000-000000000000",
        # Where the secret is kept or how it is made, said in words, with a length and its unit.
        "DB_PASSWORD=managed-by-terraform",
        "API_TOKEN=FromKeychain",
        "senha=definir-no-cofre",
        "SECRET_KEY=random-32-chars",
        "JWT_SECRET=openssl-rand-hex-32",
        # A variable named as code names one, with a short form, a version or a counter.
        "password = pw_buf",
        "token = mTokenCache",
        "api_key = apiKeyV2",
        "token = tok_2",
        "token = params[:token]",
        # A user and the same password: a product's default pair.
        "KIOSK_CREDENTIAL=kiosk01:kiosk01",
    ],
)
def test_a_value_that_stands_in_for_a_secret_is_kept(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # A password with a number, or a word that is not the slot's, is a candidate.
        ("password: Mi-Clave-Segura-2024!", "Mi-Clave-Segura-2024!"),
        ("password: aqui2024!", "aqui2024!"),
        # A word for hidden is a marker alone, as `hidden` is; a number glued on is a password.
        ("şifre: gizli123", "gizli123"),
        ("senha: Joaquim@1990", "Joaquim@1990"),
        ("password: Sommer2024!", "Sommer2024!"),
        # `%…%` with digits inside is part of a random value, not a Windows variable.
        ("Server=db;Password=%k93ba%QwErTzUi7pL;Encrypt=true", "%k93ba%QwErTzUi7pL"),
        # A value on the next line with no operator after it is the value.
        ("keystore_passphrase =\n  Hq8!vN3xLm2\n", "Hq8!vN3xLm2"),
        # A random literal joined to a variable, and a method called on a password literal.
        ('token = "Zq8xLm2TpR4vKw9" + suffix', "Zq8xLm2TpR4vKw9"),
        ('password = "Sommer2024!".encode("utf-8")', "Sommer2024!"),
        # A store's word beside a number and a symbol, or a random run after a source's word.
        ("DB_PASSWORD=Vault#2024!", "Vault#2024!"),
        ("SECRET_KEY=random-Zq8xLm2TpR4vKw9N", "Zq8xLm2TpR4vKw9N"),
        ("KIOSK_CREDENTIAL=kiosk01:Ki0sk#2024", "Ki0sk#2024"),
        # Capitals or a number glued on: a person's password, not a variable.
        ("password: Summer_Password_24", "Summer_Password_24"),
        ("password = myPassword1", "myPassword1"),
        # A vendor's prefix before a random body in groups.
        (
            "token: xoxp-2648392019-9182736450-7261534920183-a8f3c2e1b7d94f6a0c5e8b2d1f7a3c9e",
            "2648392019-9182736450-7261534920183-a8f3c2e1b7d94f6a0c5e8b2d1f7a3c9e",
        ),
    ],
)
def test_a_value_of_the_same_form_that_is_a_secret_is_caught(
    redactor: Redactor, text: str, secret: str
) -> None:
    assert _caught(redactor, text, secret)

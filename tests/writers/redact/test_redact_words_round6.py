"""Issue 24's sixth round, the words around values: what makes a value under a secret's name not a
secret (a predicate, a label, a slot, a mask, a template, a reference, a source location), each
beside a secret of the same form still caught; and a URL's userinfo redacted whole. Written here
from general knowledge of code, logs and chat in several languages; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.redactor import Redactor

# ---------------------------------------------------------------- a URL's userinfo


@pytest.mark.parametrize(
    ("text", "pair"),
    [
        ("amqp://orders_worker:Vq8zLp2Rtx@broker.internal:5672/", "orders_worker:Vq8zLp2Rtx"),
        ("smb://backup_svc:Hx7-qL2m9w@nas.lan/share", "backup_svc:Hx7-qL2m9w"),
        ("REDIS_URL=rediss://cache_ro:Tm4!wQz8pK@redis.svc:6380/2", "cache_ro:Tm4!wQz8pK"),
        ("pip config set global.index-url https://ci:Zr9_kLp2m@pypi.corp/simple", "ci:Zr9_kLp2m"),
    ],
)
def test_a_urls_userinfo_is_redacted_whole(redactor: Redactor, text: str, pair: str) -> None:
    """The user and the password are one credential pair: a service account's user name is half
    of what opens the service."""
    assert _caught(redactor, text, pair)


@pytest.mark.parametrize(
    "text",
    [
        "jdbc url is postgres://reporting:***@db.internal:5432/bi",
        "https://deploy:${NEXUS_PASSWORD}@nexus.corp/repository/",
    ],
)
def test_a_urls_masked_or_templated_userinfo_is_kept(redactor: Redactor, text: str) -> None:
    """A guard (kept before this round too): redacting the user with the password does not
    start redacting a userinfo whose password is a mask or a variable."""
    assert _kept(redactor, text)


# ---------------------------------------------------------------- names that hold no secret


@pytest.mark.parametrize(
    "text",
    [
        # A predicate: a boolean or an expression.
        "const hasGithubToken = session?.user?.githubToken;",
        "val isPasswordStale = account?.passwordChangedAt",
        "wasTokenRefreshed = lastRefresh2 > startedAt",
        # A form's text about the secret, and an Android key's name, written head first.
        '<string name="prompt_password">Passwort:</string>',
        'errorPassword: "Zu kurz (min. 12)"',
        'const val PREF_SESSION_TOKEN = "session_token"',
        # A Secret object that exists elsewhere, named.
        "  externalSecret: payments-webhook",
        # A store's lookup key, and what a secret is for.
        "tokenStorageKey: 'oidc.user:https://auth.corp:spa'",
        'public const string PasswordResetPurpose = "ResetPassword";',
        # Dotted lowercase words ending in a credential noun: where it is stored.
        'static let refreshToken = "com.app.auth.refresh_token"',
    ],
)
def test_names_that_say_predicate_label_or_slot_are_kept(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("githubToken = 'Rq7xLm2Zp9vT4w'", "Rq7xLm2Zp9vT4w"),
        ('{"existing_password": "Hx7!qL2m9", "new_password": "Tz9#kLp4w"}', "Hx7!qL2m9"),
        ("session_token: Rq7xLm2Zp9vT4wK3", "Rq7xLm2Zp9vT4wK3"),
        ('PASSWORD = "walnut_orchid_quartz"', "walnut_orchid_quartz"),
        ('password = "WinterPassword"', "WinterPassword"),
        ('password_cache_key = "Rq7xLm2Zp9vT4wK3Yd"', "Rq7xLm2Zp9vT4wK3Yd"),
    ],
)
def test_the_same_names_with_a_value_still_hold_it(
    redactor: Redactor, text: str, secret: str
) -> None:
    """Guards, caught before this round too: the same names with a secret's value."""
    assert _caught(redactor, text, secret)


# ---------------------------------------------------------------- values that are not secrets


@pytest.mark.parametrize(
    "text",
    [
        # Words of a script with vowel signs: a translation, not a password.
        '"password": "पासवर्ड"',
        "<password>รหัสผ่าน</password>",
        # Three asterisks mask a value.
        "proxy logs now show `Authorization: Token glpat-***` only",
        # A template with `<slots>` named in words.
        'api_key = "live-<tenant>-<random32>"',
        "SENTRY_AUTH_TOKEN=sntrys_<payload>_<signature>",
        # The next key's name, when the first key has no value on its line.
        "creds: client_secret=<from vault> region=eu-west-1",
        # A variable named as a constant in a store or the environment.
        "the access key is secrets.S3_KEY_ID",
        "the db password is cfg.PG_PASSWORD_V2",
        # A variable, a member or a slice that holds the secret, passed on in code.
        "conn = connect(host=h, password=password_from_keyring, port=5432)",
        "client = Client(api_key=args.api_key2, timeout=30)",
        "sig = sign(body, secret=secret_bytes[:32])",
        # A place in code: a file, a colon and a line.
        "where is the password read? password: src/login/form2.tsx:212",
    ],
)
def test_values_that_are_words_masks_slots_or_code_are_kept(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ('"password": "पासवर्ड2931!"', "पासवर्ड2931!"),
        ("Authorization: Bearer Zq8*Lm4xT9pWv2", "Zq8*Lm4xT9pWv2"),
        ('password: "q<7Kx>m2!Lp"', "q<7Kx>m2!Lp"),
        ("token: kQ9xLm2Zp7Rv4Tw=", "kQ9xLm2Zp7Rv4Tw="),
        ("password = Walrus934.Saffron", "Walrus934.Saffron"),
        ("password=Summer_Password_2024", "Summer_Password_2024"),
    ],
)
def test_values_of_the_same_forms_that_are_secrets_are_caught(
    redactor: Redactor, text: str, secret: str
) -> None:
    """Guards, caught before this round too: the rules above let none of these through."""
    assert _caught(redactor, text, secret)


# ---------------------------------------------------------------- ordinary words in prose


@pytest.mark.parametrize(
    "text",
    [
        # `--token…` begins a longer flag; the value belongs to that flag.
        "python train.py --tokenizer_name gpt2 --secretstore vault",
        # "on" says where, except in Finnish.
        "the deploy token on ci-runner-04 expired overnight",
        # "pass" and "pin" before a name, without a colon: ordinary words.
        "the render pass 'GBuffer2' is the slow one",
        "pin Pillow10 until the wheel is fixed",
        # The same syntax with no password in it.
        "CREATE USER app IDENTIFIED BY '${DB_PASSWORD}';",
        "net user svc_backup * /add",
        "net user jdoe /domain",
    ],
)
def test_ordinary_words_before_a_name_are_not_a_secrets_label(
    redactor: Redactor, text: str
) -> None:
    assert _kept(redactor, text)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # Guards (caught before too): Finnish "on", a long flag with `=`, "pass" before no name.
        ("salasana on Kettu#2024x", "Kettu#2024x"),
        ("mytool --token=Rq7xLm2Zp9vT4w", "Rq7xLm2Zp9vT4w"),
        ("pass otter#tiger6", "otter#tiger6"),
        # A copula joins: what follows is the value, even with an `=` in it.
        ("the vault password is k=Q7v!x2Lm9, rotate it friday", "k=Q7v!x2Lm9"),
        ("das Passwort ist a=Xy7!pQ2w", "a=Xy7!pQ2w"),
        # Quotes or code spans around a login's user and password.
        ("the ssh login is 'deploy' / 'Hq7!mZ2x'", "Hq7!mZ2x"),
        ('credentials: "ops" / "Tz9#kLp4w"', "Tz9#kLp4w"),
        # What the login is for may stand before the copula.
        ("creds for jenkins are admin:Kq7#zLp2Wx9", "Kq7#zLp2Wx9"),
        # Syntax that names its argument a password: SQL's IDENTIFIED BY, Windows' net user.
        ("CREATE USER 'bi'@'%' IDENTIFIED WITH caching_sha2_password BY 'Kq7#zLp2'", "Kq7#zLp2"),
        ("ALTER USER scott IDENTIFIED BY tiger2Kq7;", "tiger2Kq7"),
        ('net user "Backup Svc" Kq7#zLp2Wx /add /y', "Kq7#zLp2Wx"),
        # A passphrase of words that ends in a word with a number is no generated name.
        ("password `amber-river-stone-falcon21`", "amber-river-stone-falcon21"),
    ],
)
def test_secrets_in_the_same_prose_are_caught(redactor: Redactor, text: str, secret: str) -> None:
    assert _caught(redactor, text, secret)

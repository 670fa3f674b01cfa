"""Issue 24's seventh round, the words around values: a token shown cut off, a sentence that
ended before its copula, a store's path, an alias and a `%` inside a random value are read for what
they are; a command's user-then-password grammar, a password line with a long label and random
letter groups after a bare noun are secrets. Each principle beside a case of the same form on the
other side. Written from general knowledge of logs, configs and chat; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.redactor import Redactor


@pytest.mark.parametrize(
    "text",
    [
        # A bearer token the text shows cut off: a log's first bytes, the rest never there.
        "proxy log: `Authorization: Bearer eyJ0eXAiOiJKV1QiLCJhbGci7hQmZ2vX…` (cut by nginx)",
        "the gateway only keeps `Bearer Zk3pQ9wLm2Rt7vXa...` so we can't replay it",
        # The noun's sentence ended: the copula after it speaks of something else.
        "Who rotates the deploy token for the nightly build? It should be read-only anyway.",
        "Is the Grafana password in the vault yet! It was stored-elsewhere last quarter.",
        # Two lowercase parts joined by a hyphen after a copula: what the secret is like.
        "heads-up: the vault token is short-lived, so re-auth after lunch",
        "the admin password is case-sensitive",
        "das Passwort ist zeit-begrenzt, bitte heute ändern",
        # Lowercase segments joined by slashes: where a secret is kept, not the secret.
        'error: secret "payments/eu2/stripe-hook" not found in namespace billing',
        "vault read failed, key: infra/ci/registry-push-v2, err: permission denied",
        # An alias names which key to use.
        'static final String SIGNING_KEY_ALIAS = "release-signing-rsa4096";',
        "kms_key_alias = alias/orders-prod-2024",
        # A command's user flag with a port or a prompt after `-p`: no password given.
        "docker run -u 1001 -p 8443:8443 registry.local/api:7",
        "net use \\\\files01\\scans * /user:CORP\\scanner",
    ],
)
def test_words_around_a_secret_that_are_not_its_value(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # Guards: a token printed whole, a copula in the noun's own sentence, a password with a
        # slash but not lowercase path segments, a key's value (not its alias).
        (
            "proxy log: `Authorization: Bearer Zk3pQ9wLm2Rt7vXaB4nC8dE1` (cut by nginx)",
            "Zk3pQ9wLm2Rt7vXaB4nC8dE1",
        ),
        ("the deploy token for the nightly build is Qp7-Lx2m-Rz9w", "Qp7-Lx2m-Rz9w"),
        ("the kiosk password is maple-harbor-lantern-27", "maple-harbor-lantern-27"),
        ("das Passwort ist Kiefer-Nebel8", "Kiefer-Nebel8"),
        ('secret: "Tr0ub/4dor&3x"', "Tr0ub/4dor&3x"),
        ('static final String SIGNING_KEY = "q8Ld2Rw7Zp4Kx9Vm3Nb6";', "q8Ld2Rw7Zp4Kx9Vm3Nb6"),
        # A `%` that opens no variable's name: part of the password (`%APPDATA%` would be one).
        ("db.password=Kd9%qwT%x7Lm#p", "Kd9%qwT%x7Lm#p"),
        ("smtp_password=Rq%zpX%4mW!n", "Rq%zpX%4mW!n"),
        # A `-p` right after `-u USER`: that user's password, whatever the program.
        ("PsExec.exe \\\\HOST-07 -u LAB\\backup -p Vw7!qLz2#Rt cmd /c dir", "Vw7!qLz2#Rt"),
        ("tool --user deploy --password Ny6tQp3Wz9 sync", "Ny6tQp3Wz9"),
        # `net use`: the password before or after `/user:`.
        (
            "net use \\\\files01\\scans /user:CORP\\scanner lantern-orbit-violet42",
            "lantern-orbit-violet42",
        ),
        ("net use S: \\\\files01\\scans Mx8#wq2Lp /user:scanner /persistent:no", "Mx8#wq2Lp"),
        # A line that opens with a word for a password and labels it after a colon, however long
        # the label, when the value is shaped like a password.
        ("Passwort für das Buchhaltungs-Postfach der Filiale in Graz: Kx7#pLm2Qw9", "Kx7#pLm2Qw9"),
        (
            "new password for the badge printer in the west lobby: amber-falcon-ridge-33",
            "amber-falcon-ridge-33",
        ),
        # A login line: an address, a delimiter, a value shaped like a password.
        ("harvested: `j.silva@acme-freight.example | Tq8!vRw2#Lm | ip=203.0.113.9`", "Tq8!vRw2#Lm"),
        ("combo list line: lena.k@mailbox.example:Moss-Harbor-Quill-18", "Moss-Harbor-Quill-18"),
        # `$` before a digit glued to more: no shell variable (`$1` alone would be an argument).
        ("db_password=$7hQz%Lp2!wX", "$7hQz%Lp2!wX"),
        # Random letter groups after a bare noun in a code span: a generator's password.
        ("user `root`, password `qwxv-mhtp-zokb-drjn`", "qwxv-mhtp-zokb-drjn"),
        # Guards: a noun of two words, a noun with what it is for, a noun after its owner.
        ("kata sandi: Vb7Lq2Wm9Zx4", "Vb7Lq2Wm9Zx4"),
        ("password for the service: Kx7#pLm2Qw9", "Kx7#pLm2Qw9"),
        ("admin password: Kx7#pLm2Qw9", "Kx7#pLm2Qw9"),
    ],
)
def test_secrets_in_these_forms_are_caught(redactor: Redactor, text: str, secret: str) -> None:
    assert _caught(redactor, text, secret)


@pytest.mark.parametrize(
    "text",
    [
        # A long label with a value no password has: a heading, a host, an id.
        "Password reset requests for the Lisbon office this month: 14",
        "API token rotation schedule for the EU tenants: quarterly",
        "password policy for service accounts (see the wiki): min-length=16",
        # Beside an address: a date, a role, an id, a crypt(3) hash, a script's argument.
        "| ops.lead@corp.example | 2024-06-01T09:00Z | Admin |",
        "owner: a.ruiz@corp.example | team: payments-eu | ticket INC0042",
        "| build@ci.example | Jenkins-Agent-07 | linux-x64 |",
        "root:$6$rounds=5000$Qx7pL2$wQ8eR:19000:0:99999:7:::",
        "mysql_password=$1",
        # A config's key after a long label: the next key, not a password.
        "token bucket for the public API gateway: capacity=100 refill=10/s",
        # A compound noun's head is its last word: the label names that thing.
        "PIN pad model: VX520",
        "password manager version: 7.4.1b",
        # A date and time after a long label: when something happens.
        "Token rotation for the EU cluster on Friday: 2025-07-01T00:00Z",
        # Letter groups with at most one vowelless abbreviation: words, not random groups.
        "the password `self-service-html-page` is linked in the portal",
    ],
)
def test_long_labels_and_word_groups_that_are_not_passwords(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)


@pytest.mark.parametrize(
    "text",
    [
        # A secret store's own reference to an entry: where the secret is kept.
        'DB_PASSWORD="arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/orders-Xy12Ab"',
        'password: "@Microsoft.KeyVault(SecretUri=https://kv-shop.vault.azure.net/secrets/db/)"',
        "api_key: projects/4411/secrets/maps-key/versions/latest",
        'smtp_password: "keyvault:smtp-relay-password"',
        # A constant's name between doubled marks: a deploy's substitution slot.
        'password: "@@SMTP_PASSWORD@@"',
        "api_token: __SHOP_API_TOKEN__",
        # A format string with its slots.
        'client_secret = "tenant-%d/app-%s" % (tenant, app)',
        # A publishable key, whatever name it is under.
        '"stripeKey": "pk_live_9aQ2mXw7Lp3Rz8Kt"',
        # The value spells its own name's words: an enum member, the name of a key.
        'AUTH_SCHEME_BASIC = "Basic"',
        'public const string RefreshTokenKey = "RefreshToken";',
        # An address with no user, password or random run in it: where something is.
        "curl -u ops:pass http://grafana:3000/api/health",
        "token: http://auth-svc:8080/t",
        # A docstring's field describes its parameter in words.
        "    :param password: plain-text password, hashed before storage",
        " * @param token bearer-token string from the header",
        # Documentation as the value's purpose, and what a page writes in its place.
        'admin_password: "S3cr3t_for_the_docs"',
        'api_token: "(not shown)"',
        # A file's bytes after a prose label: a data URI, base64 opening with a file signature.
        "token icon: data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRA",
        "password protected archive: UEsDBBQACQAIAHh7W1hQk2x1Yv3KqL0Z",
        # A status the value reports, another secret it points to.
        "db_password: reset-required",
        'api_token: "same-as-staging"',
        # A salt is stored in the clear; a template names a file.
        'private const string TokenSalt = "orders-v3";',
        'PASSWORD_CHANGED_TEMPLATE = "mail/password_changed.txt"',
    ],
)
def test_references_slots_and_names_that_are_not_secrets(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # Guards: a user and password joined by a colon (no store's scheme), a secret key beside
        # a publishable one, a value with a word its name lacks, `%s` glued to letters.
        ('smtp_password: "relay:Qz7wLp2Kx9"', "relay:Qz7wLp2Kx9"),
        ('"stripeSecret": "rk_live_9aQ2mXw7Lp3Rz8Kt"', "rk_live_9aQ2mXw7Lp3Rz8Kt"),
        ('ADMIN_PASSWORD = "WinterAdmin"', "WinterAdmin"),
        ('api_secret = "Kq%sZ8%dLp2w"', "Kq%sZ8%dLp2w"),
        ('admin_password: "Tutorial2024!"', "Tutorial2024!"),
        ("token for the kiosk: R0lGa8Qz2Lp7Wx4Mv9Bn", "R0lGa8Qz2Lp7Wx4Mv9Bn"),
    ],
)
def test_values_of_the_same_forms_that_are_secrets(
    redactor: Redactor, text: str, secret: str
) -> None:
    assert _caught(redactor, text, secret)

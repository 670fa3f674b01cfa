"""Issue 24's sixth round, second pass, the words around values: a clock's colon, a field the
label closed, an emphasis mark, a compound word weighed against another, a header's recipe and
an emoji code are not a secret's label or value; network devices' shared keys, a pre-shared key's
name, a genitive before a copula and a settings CSV's value are. Each principle beside a
case of the same form on the other side. Written from general knowledge of configs, logs and chat
in several languages; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.redactor import Redactor


@pytest.mark.parametrize(
    "text",
    [
        # A colon between digits is a clock's, not the end of a label.
        "API token revoked on 2024-11-02T08:15:44Z by the rotation job",
        "Le token de session a expiré le 2025-01-09T23:59:59+01:00, reconnecte-toi",
        # A label that closed its string and began another field does not reach that field.
        "{'msg': 'token issued for worker', 'worker_host': 'build-agent-eu3'}",
        '{"level":"warn","message":"password check failed","hint":"try-again-later"}',
        # An emphasis mark closing a word the line opened: a title, not a value.
        "**API token renewal**\n1. open the console",
        "*Vault secret cleanup* is on Friday",
        "~password reminder~ sent to everyone",
        # A compound word weighed against another: a question about the secret.
        "le mot de passe est auto-généré ou choisi par l'utilisateur ?",
        "la contraseña es auto-generada o la elige el usuario",
        "the admin password is hand-typed or generated?",
        # A header line with a slot in it: how to write the header, not a credential.
        "billing API auth: `Authorization: Token $BILLING_TOKEN` (see the wiki)",
        'api_auth: "Authorization: Bearer $API_TOKEN"',
    ],
)
def test_words_around_a_secret_that_are_not_its_value(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # Guards (caught before and after): the same forms with a real value.
        ("password Winter9*", "Winter9*"),
        ("the guest wifi password is Tango-Lima7 or ask reception", "Tango-Lima7"),
        ("billing API auth: `Authorization: Token 9fQ2xLm7Rt4vB8nK3pW6`", "9fQ2xLm7Rt4vB8nK3pW6"),
    ],
)
def test_same_forms_with_a_real_value_are_caught(
    redactor: Redactor, text: str, secret: str
) -> None:
    assert _caught(redactor, text, secret)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # Network devices name a shared key by a keyword (and a storage type 0 or 7).
        ("tacacs-server host 10.9.8.7 key 7 0822455D0A165445415F59", "0822455D0A165445415F59"),
        ("key chain EIGRP\n key 1\n  key-string 0 Pl4nk-Otter9", "Pl4nk-Otter9"),
        ("username backup privilege 15 password 0 Sn0wdrift#42", "Sn0wdrift#42"),
        ("crypto isakmp key Qm7vTz2Lw9 address 198.51.100.20", "Qm7vTz2Lw9"),
        ("set vpn ipsec site-to-site peer 203.0.113.4 pre-shared-key Hk3pR8wqZ1", "Hk3pR8wqZ1"),
        ('set ... ike policy P1 pre-shared-key ascii-text "birch!Comet77"', "birch!Comet77"),
        ("    set psksecret Yv5nQ2mLp8Tx", "Yv5nQ2mLp8Tx"),
        ("listen admin_page\n    stats auth ops:Lynx-harbor62", "Lynx-harbor62"),
        # A pre-shared key's name (wpa_supplicant, hostapd, NetworkManager) names a secret.
        ('network={\n  ssid="lab"\n  psk="Ov3n-Mitt-Cedar"\n}', "Ov3n-Mitt-Cedar"),
        ("wpa_psk=Gz8rT2pWq5Lm", "Gz8rT2pWq5Lm"),
        # A genitive between the noun and its copula.
        ("das Passwort der Testumgebung (Rack 3) ist Fw9%kLp2Zq", "Fw9%kLp2Zq"),
    ],
)
def test_secrets_in_device_configs_and_after_genitives_are_caught(
    redactor: Redactor, text: str, secret: str
) -> None:
    assert _caught(redactor, text, secret)


@pytest.mark.parametrize(
    "text",
    [
        # Guards (kept before and after), against the device rule reaching too far: one-way
        # hashes (types 5, 8, 9) and a device's own encrypted form open nothing here.
        "enable secret 9 $9$nhEmQVczB7dqsO$X.HsgL6x1il0RxkOSSvyQYwucySCt7qFm4v7pqCxkKM",
        "username admin secret 5 $1$mERr$hx5rVt7rPNoS4wqbXKX7m0",
        "    set psksecret ENC hQ3tYw8xZ0bN1kfR4vLm7pQ2sT9uW6y",
        # A slot, and prose about the keyword.
        "crypto isakmp key <PSK> address 0.0.0.0",
        "the pre-shared-key rotation is due next week",
        'pre-shared-key ascii-text "$9$Fq3/tu0Ihrv87Vb2oJUjqmfz6"',
    ],
)
def test_device_hashes_slots_and_prose_are_kept(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)


@pytest.mark.parametrize(
    "text",
    [
        # Guards (kept before and after): an emoji code after a label of words is not
        # `label: value`; a label's colon must be followed by a space.
        "if a password shows up in a channel, react with :closed_lock_with_key: and tell #sec",
        "if someone pastes a token in here, add :warning: then delete it",
    ],
)
def test_an_emoji_code_is_not_a_labels_colon(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("name,value\nlog_level,info\nsmtp_password,Qx7-harbor-Lm2", "Qx7-harbor-Lm2"),
        (
            "key,type,encoding,value\nnet,namespace,,\nwifi_pass,data,string,Tr4!vQm8Lz",
            "Tr4!vQm8Lz",
        ),
        ("Parameter,Wert\nmqtt_secret,Hz9wK2pLq7Vn", "Hz9wK2pLq7Vn"),
    ],
)
def test_a_settings_tables_value_under_a_secrets_key_is_caught(
    redactor: Redactor, text: str, secret: str
) -> None:
    """A CSV of settings: the row's key names a secret, the header names the value's column."""
    assert _caught(redactor, text, secret)


@pytest.mark.parametrize(
    "text",
    [
        # Guards (kept before and after): a secret's policy or lifetime, and a column that is not
        # the value's.
        "name,value\npassword_policy,min-12-chars\ntoken_ttl,3600",
        "key,value,owner\napi_token,stored-in-vault,platform-team",
    ],
)
def test_a_settings_tables_other_cells_are_kept(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)


@pytest.mark.parametrize(
    "text",
    [
        "Stock values from the upstream sample, we replace them in prod:\n```\n"
        "MINIO_ROOT_USER=minio\nMINIO_ROOT_PASSWORD=mQ7vLz2Rk9Xw\n```",
        "```\n# keycloak compose, upstream's example realm (defaults)\n"
        "KC_DB_PASSWORD=Kc8pQ2vLx4\n```",
        "upstream defaults, for reference: GF_SECURITY_ADMIN_PASSWORD=Gr4f-Adm1n-77",
    ],
)
def test_an_upstream_projects_published_defaults_are_kept(redactor: Redactor, text: str) -> None:
    """Values a text calls an upstream project's defaults or example ship in a public repository."""
    assert _kept(redactor, text)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # Guards (caught before and after): the organisation's own default, and "upstream"
        # meaning something else.
        ("the default password for new hires is Welcome-Tz82q", "Welcome-Tz82q"),
        ("upstream proxy is flaky again\n```\nDB_PASSWORD=Vr8qLm2Xz7\n```", "Vr8qLm2Xz7"),
        (
            "Upstream sample below.\n\nOur prod file:\n```\nREDIS_PASSWORD=Hq3vLp9Zx2Wm\n```",
            "Hq3vLp9Zx2Wm",
        ),
    ],
)
def test_a_config_not_called_upstream_defaults_is_caught(
    redactor: Redactor, text: str, secret: str
) -> None:
    assert _caught(redactor, text, secret)

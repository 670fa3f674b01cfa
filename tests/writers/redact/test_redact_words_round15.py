"""Issue 24's fifteenth round, words: passwords in tools' configuration (an auth file of quoted
user and password pairs, a directive line `requirepass …`, a device's cleartext type `password 0
…`, the OpenLDAP clients' `-w`), and look-alikes kept: a program's prompts one under the other, a
value whose own tag calls it an id (`ATUid_…`), a grouped number its label names as another
number. Each beside a near text that is kept. Written from the principle, in words of my own.
"""

from __future__ import annotations

import pytest

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.redactor import Redactor


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # An auth file's line: a user, then the user's password, both quoted.
        ('"billing_ro" "Vq8&kLt2#wPz"', "Vq8&kLt2#wPz"),
        ('```\n"etl" "HmZr4TqXw7Lp"\n"grafana" "Кедр_2291!"\n```', "HmZr4TqXw7Lp"),
        ('"etl" "HmZr4TqXw7Lp"\n"grafana" "Кедр_2291!"', "Кедр_2291!"),
        # A directive line: the noun first, one value after it.
        ("port 6380\nrequirepass marble_heron_canyon\ndatabases 4", "marble_heron_canyon"),
        ("requirepass lumen.fjord.pebble.quartz\nmaxclients 512", "lumen.fjord.pebble.quartz"),
        # A device's cleartext type before a passphrase of everyday words.
        ("username ops privilege 15 password 0 birch.otter.lamp.river", "birch.otter.lamp.river"),
        # OpenLDAP's bind password, quoted or not.
        (
            'ldapwhoami -x -H ldap://dir.example -D "uid=ops,dc=example" -w "Mq!7tRz2^k"',
            "Mq!7tRz2^k",
        ),
        ("ldapmodify -x -D cn=admin,dc=example -w Pel1can#Dune -f change.ldif", "Pel1can#Dune"),
    ],
)
def test_a_password_in_a_tools_configuration_is_caught(
    redactor: Redactor, text: str, secret: str
) -> None:
    assert _caught(redactor, text, secret), text


@pytest.mark.parametrize(
    "text",
    [
        # The auth file with hashes, and lines of quoted words that are not a login.
        '"billing_ro" "md5a3f9c2e4b1d0876f5e4c3b2a1908d7e6"',
        '"billing_ro" "SCRAM-SHA-256$4096:c2FsdA==$c3RvcmVk:c2VydmVy"',
        '"Hello" "Bonjour"\n"Goodbye" "Au revoir"',
        '"appid" "228980"\n"installdir" "Steamworks"',
        # A directive line whose value is one word, or a slot; a commented example.
        "requirepass foobared",
        # A noun and a passphrase alone on a line under prose: chat, not a config.
        "the deploy notes say\nsecret tulip_harbor_lantern_moss",
        "thanks all\nsecret tulip_harbor_lantern_moss",
        "# masterauth <master-password>",
        # Type 7 is the device's own encoding, judged as before; a key typed at a prompt.
        "line vty 0 4\n password 7 shadow",
        # `-W` asks for the password; `-w` after a pipe is grep's.
        'ldapsearch -x -D "cn=admin,dc=example" -W -b "dc=example" "(uid=ops)"',
        "ldapsearch -x -b dc=example '(uid=*)' | grep -w 'mail'",
        # A program's prompts, one under the other.
        "$ passwd deploy\nNew password:\nRe-enter new password:\npasswd: password updated",
        "Password:\nRe-enter password:",
        # A session's id tagged an id by the gateway that made it.
        "ussd sessionId=ATUid_5b2e90c41d7a3f6688e1c0b9d4a27f13 serviceCode=*384*12# state=CON",
        '{"messageId": "ATXid_0c7d21f9e4b3a85612fd0e7a9c4b3d21", "status": "Success"}',
    ],
)
def test_look_alikes_are_kept(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text), text


def test_a_prompt_answered_on_the_next_line_is_still_caught(redactor: Redactor) -> None:
    # The line under a label is its value when it is not itself a label ending in a colon.
    text = "New password:\nTamarind!Kite42"
    assert _caught(redactor, text, "Tamarind!Kite42")


def test_a_session_cookie_keeps_its_value_redacted(redactor: Redactor) -> None:
    # A session's value glued to its name, with no tag calling it an id, still logs one in.
    text = "sessionId=Zq3xK9mPw2LtR8vB5nYc7HdF4gJs6TaE1uWo"
    assert _caught(redactor, text, "Zq3xK9mPw2LtR8vB5nYc7HdF4gJs6TaE1uWo")


def test_a_grouped_number_its_label_names_as_another_number_is_no_national_id(
    redactor: Redactor,
) -> None:
    # "vergi no": a tax number. (Whether a phone rule reads the digits is the phone rules' part.)
    text = "Şirket vergi no 284-325-206, fatura ekte"
    assert all(f.kind != "national_id" for f in redactor.findings(text))


def test_a_grouped_number_its_own_name_labels_is_still_read(redactor: Redactor) -> None:
    text = "SIN no 284-325-206"
    found = redactor.findings(text)
    assert any(f.kind == "national_id" for f in found), found

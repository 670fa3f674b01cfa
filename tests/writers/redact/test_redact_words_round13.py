"""Issue 24's thirteenth round, words: passwords said in forms no rule read (a long phrase of what
the password is for, a place named by its number in it; an answer on the next line with a note
after it; a CSV column named for a password, its header in another language) and a word-led
look-alike (a setting whose name says its value is masked). Each beside a near text that is
kept. Written from the principle, in words of my own, not copied from a corpus.
"""

from __future__ import annotations

import pytest

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.context.machine_made import generated_run
from writers.redact.redactor import Redactor


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # A long phrase of what the password is for, a place named by its number in it.
        (
            "fyi the shared password for the kiosk admin login at branch 4417 is Lantern#82vq "
            "until Friday",
            "Lantern#82vq",
        ),
        ("le mot de passe du routeur de la salle 12 au 3e étage c'est Brume!4471", "Brume!4471"),
        ("la contraseña del portal de la tienda 0381 en Sevilla es Azahar%19x", "Azahar%19x"),
        # Romanian `pentru` (for), and a generator's run after the colon.
        ("Parola pentru contul de casier pe terminalul 3 la 5120: Qm7vRt2KpXw9", "Qm7vRt2KpXw9"),
        # An answer on the next line, a note after a dash or in brackets.
        ("cine are parola de la wifi-ul din depozit?\n`Vq8#trLm2!zz` — reteaua DEP-2", "Vq8#trLm2!zz"),
        ("what's the pw for the lab printer?\nPk4$wn9Rxa (the admin one)", "Pk4$wn9Rxa"),
        ("quel est le mdp du NAS ?\nXr7kQ2mWp9Lt — compte admin", "Xr7kQ2mWp9Lt"),
        # A CSV column named for a password: French `mdp`, Romanian `parola`, quoted or not.
        ("site,utilisateur,mdp,notes\nLyon,caisse2,Pivoine!83x,temporaire", "Pivoine!83x"),
        ('oras;user;parola;obs\nIasi;sef.tura;"Tei#5530kz";nou', "Tei#5530kz"),
        ("host,login,password\nnas01,backup,Wr3nQx9!pL", "Wr3nQx9!pL"),
    ],
)
def test_a_password_said_in_these_forms_is_caught(
    redactor: Redactor, text: str, secret: str
) -> None:
    assert _caught(redactor, text, secret), text


@pytest.mark.parametrize(
    "text",
    [
        # A long phrase, then a copula and prose, an id, a URL or a name: no value no word is.
        "the password for the kiosk admin login at branch 4417 is stored in the vault, ticket INC-4471",
        "the password for the kiosk admin login at branch 4417 is rotated every 90 days",
        "the password for all the kiosks in region 4 was reset. Ticket: INC#4471",
        "password for the tablets at stores 0095 and 0096: see https://wiki.example/x?a=1&b=2",
        "the password for the test phone at store 12 on shelf 3 is printed on the iPhone15ProMax box",
        # An answer with a note, but a version, a mention or a policy's words.
        "which build has the password fix?\nv2.3.1 — released today",
        "who knows the wifi password?\n@marta-ops — ask her",
        "what's the password rule?\n`min-12-chars` — see the wiki",
        # A CSV whose password column holds no value, a PIN's column, a pass count, a policy.
        "site,utilisateur,mdp,notes\nLyon,caisse2,(inchangé),temporaire",
        "name,pin,mode\nled,GPIO_NUM_4,out\nbtn,GPIO_NUM_0,in",
        "suite,pass,fail\nauth_suite,118,2\nbilling,97,0",
        "id,password_policy,owner\n12,min12chars,secops",
        # A setting whose name says its value is masked, or a flag of it.
        "pos.payment.secret_slot_masked: stores-eu\ncard.pan_masked: true",
        "api_key_redacted: sk-live-****3f2a",
    ],
)
def test_look_alikes_are_kept(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text), text


def test_a_secret_in_clear_beside_a_masked_one_is_still_caught(redactor: Redactor) -> None:
    text = "db_password_masked: '****'\ndb_password: Kelp!2291vx"
    assert _caught(redactor, text, "Kelp!2291vx")


@pytest.mark.parametrize(
    ("value", "generated"),
    [
        ("B7tnoKmVJxqa9m", True),  # humps of one or two letters: a generator's
        ("Kx9mPq2LwZ", True),
        ("iPhone15ProMax", False),  # Phone, Pro, Max: a name's words
        ("GalaxyS23Ultra", False),
        ("MyServer2024", False),
    ],
)
def test_a_generators_run_is_told_from_a_name(value: str, generated: bool) -> None:
    assert generated_run(value) is generated

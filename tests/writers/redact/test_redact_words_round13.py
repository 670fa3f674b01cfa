"""Issue 24's thirteenth round, words: passwords said in forms no rule read (a long phrase of what
the password is for, a place named by its number in it; an answer on the next line with a note
after it; a CSV column named for a password, its header in another language; a value taken up
by a pronoun that names it; a Wi-Fi card on one line) and word-led look-alikes (a setting whose
name says its value is masked, code's tuple of literals read as a CSV row). Each beside a near
text that is kept. Written from the principle, in words of my own, not copied from a corpus.
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
        # A word saying which password before the preposition; a preposition of place; an aside.
        ("a senha provisória da conta do quiosque 7 ficou Caju#5510", "Caju#5510"),
        ("the wifi password in the stockroom of branch 0381 is Wq4nZr8TxLm2", "Wq4nZr8TxLm2"),
        ("the till password (branch 0381, lane 2) is Fern!6620x", "Fern!6620x"),
        # Arabic's "belonging to" opens the phrase; Arabic's comma closes the value.
        ("كلمة المرور الخاصة بـ حساب أمين الصندوق هي Zaytun!3318، لا تشاركها", "Zaytun!3318"),
        # An answer on the next line, a note after a dash or in brackets.
        (
            "cine are parola de la wifi-ul din depozit?\n`Vq8#trLm2!zz` — reteaua DEP-2",
            "Vq8#trLm2!zz",
        ),
        ("what's the pw for the lab printer?\nPk4$wn9Rxa (the admin one)", "Pk4$wn9Rxa"),
        ("quel est le mdp du NAS ?\nXr7kQ2mWp9Lt — compte admin", "Xr7kQ2mWp9Lt"),
        # A CSV column named for a password: French `mdp`, Romanian `parola`, quoted or not.
        ("site,utilisateur,mdp,notes\nLyon,caisse2,Pivoine!83x,temporaire", "Pivoine!83x"),
        ('oras;user;parola;obs\nIasi;sef.tura;"Tei#5530kz";nou', "Tei#5530kz"),
        ("host,login,password\nnas01,backup,Wr3nQx9!pL", "Wr3nQx9!pL"),
        # A value taken up by a pronoun that names it a password.
        ("try Gx7$kLm2Qp! that's the password I put on the lab NAS", "Gx7$kLm2Qp"),
        ("попробуй Rv8#nTq2Lx, это пароль от нового роутера", "Rv8#nTq2Lx"),
        ("جرّب Qz5!wRt8Mn، هذه كلمة المرور الجديدة", "Qz5!wRt8Mn"),
        ("用 Hm3vKq8ZtR2xWp 试试，这是新路由器的密码", "Hm3vKq8ZtR2xWp"),
        # A Wi-Fi's key named either way round, in the languages read; `mdp` before its word.
        ("WLAN-Schlüssel fürs Lager: Tq8mRz2WxL", "Tq8mRz2WxL"),
        ("klucz WiFi w magazynie: Pw5nXq9LmZ", "Pw5nXq9LmZ"),
        ("la clé wifi de la réserve c'est Mz4kQw8RtP", "Mz4kQw8RtP"),
        ("mdp wifi : Rt6vLq2XmN", "Rt6vLq2XmN"),
        # Slack's bold around a label; an answer opening with a pronoun; a value right after
        # the question naming it.
        ("*Password*: Vn3!qLx8Rz", "Vn3!qLx8Rz"),
        ("*senha:* Vn3!qLx8Rz", "Vn3!qLx8Rz"),
        ("> what's the pw for the kiosk?\nit's `Yt5!mQw2Lz` — don't share it", "Yt5!mQw2Lz"),
        ("the lab wifi pw? Gq2#vRt8Lm", "Gq2#vRt8Lm"),
        # A Wi-Fi card on one line: the SSID, then its key.
        ("guest wifi: SSID Atrium-Guest, key Lq7mVx2RtZ9k", "Lq7mVx2RtZ9k"),
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
        "the password for the kiosk admin login at branch 4417 is stored in the vault, INC-4471",
        "the password for the kiosk admin login at branch 4417 is rotated every 90 days",
        "the password for all the kiosks in region 4 was reset. Ticket: INC#4471",
        "password for the tablets at stores 0095 and 0096: see https://wiki.example/x?a=1&b=2",
        "the password for the test phone at store 12 on shelf 3 is on the iPhone15ProMax box",
        # An answer with a note, but a version, a mention or a policy's words.
        "which build has the password fix?\nv2.3.1 — released today",
        "who knows the wifi password?\n@marta-ops — ask her",
        "what's the password rule?\n`min-12-chars` — see the wiki",
        # A CSV whose password column holds no value, a PIN's column, a pass count, a policy.
        "site,utilisateur,mdp,notes\nLyon,caisse2,(inchangé),temporaire",
        "name,pin,mode\nled,GPIO_NUM_4,out\nbtn,GPIO_NUM_0,in",
        "suite,pass,fail\nauth_suite,118,2\nbilling,97,0",
        "id,password_policy,owner\n12,min12chars,secops",
        # A word for which password, then a compound's head; a capitalised issue key.
        "the temporary password for the kiosks in region 4 was reset, see INC#4471 for details",
        # A pronoun after a value, but the noun heads a compound, or the value is an example.
        "grab build-2024.3.1! it's the password reset fix",
        "avoid things like Summer2024! that's the password everyone guesses",
        "see ABC-1234? this is the password ticket",
        # An SSID and a word about its key, no value; a Wi-Fi key's place or its change.
        "SSID Atrium-Guest, key rotation is weekly",
        "the wifi key is on the back of the router",
        "WLAN-Schlüssel ändern",
        # A label in bold, no value; a question about a password, then an issue or an address.
        "*Password*: see the vault",
        "can you reset my password? ticket INC#4471!",
        "forgot the password? mail help@corp.example",
        # `mdp` of a Markov decision process, in code.
        "mdp = GridWorldMDP(width=4)",
        # Code's tuples of literals, a secret's name among them, read as no CSV.
        "INSERT INTO settings (svc, name, value) VALUES\n  ('pay', 'admin_key', '****'),\n"
        "  ('pay', 'region', 'eu-central-1');",
        'rows = [\n  ("pay", "api_key", "x"),\n  ("pay", "region", "eu-central-1"),\n]',
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

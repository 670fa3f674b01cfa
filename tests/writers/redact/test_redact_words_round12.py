"""Issue 24's twelfth round, words: passwords said in forms no rule read (a copula of Nigerian
Pidgin or Swiss German, Egyptian Arabic's "of", the English word in Arabic letters, Vietnamese
without its diacritics or clipped to `mk`, a Scandinavian passphrase, a pre-shared key, SQL
Server's `-U`/`-P`, PowerShell's plain string made secure, a generator's run after the noun's
phrase, a `$` before a word in leetspeak, a random URL password read as a French "your") and
word-led look-alikes (a public or a tracking `clave`, a vendor prefix alone, a JVM class in a
stack trace, an expiry in German, a URL query's next parameter). Each beside a near text that
is kept. Written from the principle, in words of my own, not copied from a corpus.
"""

from __future__ import annotations

import pytest

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.redactor import Redactor


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # Nigerian Pidgin's copula `na`, before a value no word is.
        ("oga the wifi password na Ikoyi#7731 abeg", "Ikoyi#7731"),
        ("the vpn pw na tp8&Rk2q, no share am", "tp8&Rk2q"),
        ("new pass for the kiosk na sun-go-down-for-Ajah", "sun-go-down-for-Ajah"),
        # Swiss German `isch`.
        ("S Passwort vom Drucker isch Zopf!Bern88", "Zopf!Bern88"),
        # Egyptian Arabic's "of", in Arabic and in Latin letters, and the English loanword.
        ("el password bta3 el router Koshary!55 ya basha", "Koshary!55"),
        ("الباسورد بتاع الراوتر: Nile$Cairo71", "Nile$Cairo71"),
        # Vietnamese without diacritics, and chat's `mk`.
        ("mat khau wifi la Pho#Hanoi24 nhe", "Pho#Hanoi24"),
        ("mk tài khoản admin: Banh!Mi2025", "Banh!Mi2025"),
        # A Scandinavian passphrase, its number glued to the last word.
        ("passordfrasen er «hav fjell regn sol42»", "hav fjell regn sol42"),
        ("lösenfrasen är 'granit moln skog vind77'", "granit moln skog vind77"),
        # A pre-shared key.
        ("site-to-site tunnel, PSK Qv7!mZ2#pL9x, IKEv2", "Qv7!mZ2#pL9x"),
        # SQL Server's tools.
        ('bcp dbo.ledger out l.dat -S sql01 -U etl_user -P "Wq9#kL2!vZ" -c', "Wq9#kL2!vZ"),
        # PowerShell's plain string made a credential.
        ('$pw = ConvertTo-SecureString "Alp3n#Gl0w" -AsPlainText -Force', "Alp3n#Gl0w"),
        # A generator's run after the noun's phrase, no joiner.
        ("password vpn kantor baru Hq7RtZ2mWx9K ya", "Hq7RtZ2mWx9K"),
        # `$` opening a capitalised word in leetspeak with its number.
        ("का पासवर्ड: $Gh4rv411 है", "$Gh4rv411"),
        # A URL's random password whose first piece reads as a word (`T4` as French `ta`).
        ("amqp://worker:T4.-kPzqWNmRa-x@10.0.0.5:5672/", "T4.-kPzqWNmRa-x"),
    ],
)
def test_a_password_said_in_these_forms_is_caught(
    redactor: Redactor, text: str, secret: str
) -> None:
    assert _caught(redactor, text, secret), text


@pytest.mark.parametrize(
    "text",
    [
        # `na` is "on" or "and" elsewhere; a word after it is no password.
        "password na username yako ziko kwenye barua",
        "the token na dey expire tomorrow",
        # `mk` alone is a command, `-P` after a lowercase `-u` a port.
        "mk build/ && mk install",
        "mysql -u reporter -P 3307 -h db-replica",
        # A variable made secure is no literal.
        "$pw = ConvertTo-SecureString $env:SVC_PW -AsPlainText -Force",
        # A variable, and the slot's word in leetspeak after `$`.
        "password: $Ec2Host",
        "password: $P4ssw0rd12",
        # A name after the noun's phrase is a name, not a generator's run.
        "token refresh failed for iPhone15ProMax",
        "password reset request id Xk29fjQ0aLp2mB",
        # A public key, a transfer's tracking key.
        "clave pública del release: `A1B2 C3D4 E5F6 0718 293A 4B5C 6D7E 8F90 A1B2 C3D4`",
        "la transferencia tiene clave de rastreo MBAN01QJZYNLA9S27RLNIJEA",
        # A vendor prefix with its body left out.
        "la key de OpenAI empieza con `sk-proj-` y sigue con caracteres al azar",
        # A class in a stack trace that happens to sit near "token".
        "ERROR com.acme.billing.TokenRefreshScheduler74Job - token refresh failed",
        # When a token expires, in German.
        "Token-Ablauf: 1767225600 (2026-01-01)",
        # A slot in a URL's query, before the next parameter.
        "otpauth://totp/Acme:ops?secret=BASE32SECRET&issuer=Acme&digits=6",
    ],
)
def test_look_alikes_are_kept(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text), text


def test_a_real_value_in_a_urls_query_is_still_caught(redactor: Redactor) -> None:
    secret = "JBSWY3DPEHPK3PXPQ7RT"
    text = f"otpauth://totp/Acme:ops?secret={secret}&issuer=Acme&digits=6"
    assert _caught(redactor, text, secret)


def test_a_private_clave_and_a_full_key_are_still_caught(redactor: Redactor) -> None:
    assert _caught(redactor, "la clave del router Tamal$2024", "Tamal$2024")
    key = "sk-proj-Xk29fjQ0aLp2mZ8qRt7Wc4Vb"
    assert _caught(redactor, f"the OpenAI key is {key}", key)

"""Issue 24's ninth round, words: a signature named in any of the secret nouns' languages, a
tokenizer's vocabulary entry, an assignment left empty at its line's end, a digest or an id that
heads its phrase, an aside in a label, an id's name glued to its value, a screen's part named for
a secret and a board's pin are kept; a password named by an inflected noun or in another language
(in prose or in a variable's name), a key said to be secret in a Romance language, a URL's
password with `#`, a value after a Windows variable that is none, and an AWS-shaped key beside a
secret's word in another language are redacted. Each principle beside a case of the same form on
the other side. Written from general knowledge; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.redactor import Redactor

_B64 = "c3Vq9Lm2Xr8Tz1Kp5Wb7Nd4Hy6Gf0Aj+Qe3Rs9Vt2Uw/Mx8Ly5Ko1Ji7Ph4Ng6Mf2Lc9Kb3Ja=="
_SHORT = "wh8Zr2Xv9Tn7Bw3Yc6HdF1sJ"
_RUN = "Xk8p2Lm9QvRt4Yw7Zc3Hd6Fs1Ja5Ge0O"
_HEX64 = "7d1a54127b222502f5b79b5fb0803061152a44f92b37e23c6527baf665d4da9a"
_AWS = "Tq3vN8xLp2Kd7Rw9Zm4Bc6Hy1Fs5Gj0UoEiAaQe"


@pytest.mark.parametrize(
    "text",
    [
        # A signature is published with what it signs, in whatever language it is named.
        # (A secret's word after it says what made it, not what it is.)
        f"Die Signatur der Rechnung ist {_B64}, erstellt mit dem Schlüssel der Buchhaltung",
        f"A assinatura do lote: {_B64} (a chave privada fica no HSM)",
        f"podpis pliku JPK: {_B64} — klucz jest w HSM",
        f"la firma digitale del documento è `{_B64}`; la chiave resta nel token USB",
        # A word glued to a tokenizer's piece mark is a vocabulary entry; its value, the id.
        '{"▁secret": 130211, "▁Password": 148817, "▁token": 105093}',
        '{"[CLS]": 101, "##token": 122031, "##word": 118351}',
        # An assignment that ends its line is empty: the next line's key is not its value.
        "[smtp]\nsmtp_passphrase =\nrelay_host = mail.internal",
        # A digest or an id heads its phrase before a preposition: whose digest follows it.
        f"hash of the deploy token: {_HEX64}",
        f"fingerprint do token de acesso: {_HEX64}",
        f'etag for the secret object: "{_HEX64[:32]}"',
        # An aside in a label is read past: the label's head names the value.
        "api key id (not the key): AKX4QK2M9VTR7YW3ZC5H",
        f"password digest (sha256): {_HEX64}",
        # An id's name glued to its value names an id, a secret's word before it or not.
        f"GET /v2/uploads?upload_token_id={_RUN}&part=3",
        # A secret's word under a negation denies what the run is.
        f"export checksum {_B64} (not a key)",
        f"el blob exportado {_B64} — no es una clave",
        # A screen's part named for the secret it asks for, and a board's pin named as code.
        "the passphrase dialog: GtkDialog#pass_dlg",
        "pin: GPIO_NUM_4",
        "pin: LED_BUILTIN",
    ],
)
def test_names_that_are_not_a_secret(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # Guards: a key for signing, in the same languages, is a secret.
        (f"clave de firma: {_B64}", _B64),
        (f"Signaturschlüssel: {_B64}", _B64),
        (f"chave de assinatura: {_B64}", _B64),
        # A commented-out assignment is still a secret; a tokenizer mark alone makes none.
        ("#password=Wq8#zLp2vRt", "Wq8#zLp2vRt"),
        # An assignment's value on its own line, and a label's colon with its value below.
        ("[smtp]\nsmtp_passphrase = Wq8#zLp2vRt\nrelay_host = mail.internal", "Wq8#zLp2vRt"),
        ("password:\nWq8#zLp2!vRt", "Wq8#zLp2!vRt"),
        # A secret's word right after a digest word is the compound's head: a key.
        (f"the token for the hash service: {_RUN}", _RUN),
        (f"api key (prod): {_RUN}", _RUN),
        (f"session_id={_RUN}", _RUN),
        (f"upload_token={_RUN}", _RUN),
        # A negated verb leaves the token said; so does a negation of another word.
        (f"here: {_B64} — do not share this token", _B64),
        (f"{_B64} is the new key, not the old one", _B64),
        ("pin for the side door: 4471-Xq7z", "4471-Xq7z"),
        ("PIN: 4821#", "4821#"),
        ("the passphrase: lantern#Harbor7", "lantern#Harbor7"),
        # Nouns inflect: Turkish and Hungarian possessives, a Polish case.
        ("sunucu şifresi: Kd8#mQ2pLx", "Kd8#mQ2pLx"),
        ("a wifi jelszava: Kd8#mQ2pLx", "Kd8#mQ2pLx"),
        ("hasła do panelu: Kd8#mQ2pLx", "Kd8#mQ2pLx"),
        # The noun in more languages, with their copulas.
        ("Y cyfrinair yw Kd8#mQ2pLx", "Kd8#mQ2pLx"),
        ("Is é an pasfhocal don ríomhaire ná Kd8#mQ2pLx", "Kd8#mQ2pLx"),
        ("wifi parool on Kd8#mQ2pLx", "Kd8#mQ2pLx"),
        ("contrasenya del router: Kd8#mQ2pLx", "Kd8#mQ2pLx"),
        ("slaptažodis: Kd8#mQ2pLx", "Kd8#mQ2pLx"),
        # ... and in a variable's name, head first or glued.
        ('senhaBanco = "Qw9!erTy71zz"', "Qw9!erTy71zz"),
        ("contraseña_bd: 'Mnb7$kLp03xq'", "Mnb7$kLp03xq"),
        ('mot_de_passe = "Mnb7$kLp03xq"', "Mnb7$kLp03xq"),
        # A key said to be secret, private or an API's, in a Romance language.
        (f"chave secreta do webhook: {_SHORT}", _SHORT),
        (f"clé d'API : {_SHORT}", _SHORT),
        # A URL's password with `#` in it, and no user before it.
        ("REDIS_URL=redis://:Qz#8mLp2v@cache.internal:6379/0", "Qz#8mLp2v"),
        # Between `%` signs a name has no letters after its digits.
        ("Server=db01;User Id=etl;Password=%ka7e%Lp2vRt7;", "%ka7e%Lp2vRt7"),
        # An AWS-shaped key beside a secret's word in another language.
        (f"hemmeligheden til backup-brugeren: {_AWS}", _AWS),
    ],
)
def test_secrets_named_in_more_ways(redactor: Redactor, text: str, secret: str) -> None:
    assert _caught(redactor, text, secret)


@pytest.mark.parametrize(
    "text",
    [
        # The guards of the same forms: words with no value, a variable, a bare key word.
        "şifresi değişti, yöneticiye sor",
        "Password=%DB_PASS%;",
        "Password=%dbpass%;",
        "chave pix: 5f1c2e9a-7b3d-4e8f-a1c5-9d2b6e0f3a7c",
    ],
)
def test_the_same_words_with_no_secret(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)

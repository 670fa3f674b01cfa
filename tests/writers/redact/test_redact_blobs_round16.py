"""Issue 24's sixteenth round, blobs and names (red16-blob): look-alikes kept by principle — a
`name:value` pair whose name is a public field (an IV, a tag, a hash) or that sits inside an
encryption envelope is no login; base64 of a line of text is text in any script; a street is
named by no grouped number; "auth" before another noun qualifies it, and the noun names the value.
Each beside a near text whose secret is still caught. Texts of my own, written from the principle.
"""

from __future__ import annotations

import pytest

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.redactor import Redactor


@pytest.mark.parametrize(
    "text",
    [
        # An envelope's fields after a login's word on the line: the IV and the tag are public.
        "db:\n  user: ENC[AES256_GCM,data:Qm9vbWVyYW5n,iv:Tz3kQ9vLw2Xp8RnB4sYd1u==,"
        "tag:Hq7Zt1Vb6Nc3Mx8KpL0wEa==,type:str]",
        "login creds are sealed: ENC[AES256_GCM,data:pQ8rT2vX,iv:a8Kz2Lq9Wm4Rt7Yx1Bn3Vc6Df0Gh5Jk"
        "2Pq8Sw4Ez7Ua=,tag:Zx2Cv4Bn6Mq8Wr0Ty3Ui5Op=,type:str]",
        "vpn login audit, session tag:Rk7#mQ2vLp9x",
        # Base64 of a line of text in a script beyond ASCII, near a key's word.
        "the key service answers with `w4lya2V6dGV0dmU6IDE1Lkdway44MjQvMjAyMy81` in its header",
        "aws sends back `0J/RgNC40L3Rj9GCINC6INC+0LHRgNCw0LHQvtGC` as a status",
        # A code of a payment, a user, a source, each named with "auth" before its noun.
        '{"amount": 125000, "authCode": "604219", "responseCode": "00"}',
        "auth_user: svc_reports\nauth_method: scram",
        "mongodb options: authSource=Kx72admin",
        # A name whose head says what the value is about the secret (first in Romance and
        # Slavic names, last in English and German): its name, length, expiry, file, switch.
        '{"nombreClave": "billing-sync", "nomeSenha": "portal-admin"}',
        "scadenzaPassword=ricorda-rinnovo\nPasswortDatei=geheim-liste",
        "TOKEN_ENABLED=yes-please\nACCESS_TOKEN_ABLAUF=naechste-woche",
        # Under a weak name (`…_key`): a slug of words, or a value tagged by its own name.
        "FEATURE_FLAG_KEY=checkout_redesign_wave_b",
        "experiment_key: onboarding-tour-v3",
        "dedupe key: `dedu_Q8kLm2Vx7Rt4Wp9Zb3Nc`",
        # Public halves: an OpenSSH public key line, a Mapbox public token, a site key.
        'deploy_key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIK7mQ2vLp9xRt4Wz8Nb3Hc6Jd1Fg5Sk0'
        'Tq7Ya2Ue builder"',
        '"mapboxAccessToken": "pk.eyJ1Ijoib3BzLW1hcHMiLCJhIjoiY2s4eDJ2In0.Zq8Lw3Rt7Yx2Bn5Mk9"',
        'turnstileSiteKey: "0x4AAAAAAAQk7mZ2vLp9xRt4Wz8N"',
    ],
)
def test_a_look_alike_is_kept(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text), redactor.redact(text).text


@pytest.mark.parametrize(
    "text",
    [
        # A grouped number after a street word's abbreviation ("pl." is "e.g." in Hungarian).
        "a régi azonosítók formátuma más (pl. 318-204-7751, 402-119-3386)",
        "ejemplo: av. 2024-118-7781, 88",
        "a régi formátum (pl. 220 133 4579, 142 532 6836)",
    ],
)
def test_a_grouped_number_names_no_street(redactor: Redactor, text: str) -> None:
    assert "street_address" not in {f.kind for f in redactor.findings(text)}, text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # A user and a password joined by a colon after a login's word, or before a host.
        ("ssh login: deploy:Tq7#mV2!zR9p", "Tq7#mV2!zR9p"),
        ("backup target svc_bkp:Hm4$Lq8&Wz2x@nas.internal", "Hm4$Lq8&Wz2x"),
        # A random 40-character run near a key's word that decodes to no text.
        (
            "aws secret: Zq8Lw3Rt7Yx2Bn5Mk9Pv4Sd1Fg6Hj0Kc3Vb8Nm2",
            "Zq8Lw3Rt7Yx2Bn5Mk9Pv4Sd1Fg6Hj0Kc3Vb8Nm2",
        ),
        # A street named by its short ordinal, and by a name.
        ("nova adresa: ul. 3 Maja 14, 00-950 Warszawa", "3 Maja 14"),
        ("envíos a Rua 25 de Março 100, São Paulo", "25 de Março 100"),
        # A credential under `auth`, `auth_token`, `basic_auth`, `authKey`.
        ('{"auth": "dXNlcjpLcTdtUjJ2WDl6TDRwVzh0"}', "dXNlcjpLcTdtUjJ2WDl6TDRwVzh0"),
        ("auth_token: Xq3Lm8Rz2Vt7Wp4Kn9Bd6Hs1", "Xq3Lm8Rz2Vt7Wp4Kn9Bd6Hs1"),
        ("authKey = 'Mz7Qx2Lp9Rw4Tk8Vb3Nc6Hd1'", "Mz7Qx2Lp9Rw4Tk8Vb3Nc6Hd1"),
        ("basic_auth: ops:Wq9#Lm4!Zx7v", "Wq9#Lm4!Zx7v"),
        # The secret nouns themselves, and a secret under a weak name with no word in it.
        ('{"contrasenaBd": "Rk7#mQ2vLp9x", "senha": "Tz3!kQ9vLw2X"}', "Rk7#mQ2vLp9x"),
        ("SITE_PASSWORD=Hq7!Zt1Vb6Nc", "Hq7!Zt1Vb6Nc"),
        ("signing key: Xq3Lm8Rz2Vt7Wp4Kn9Bd6Hs1Ty5", "Xq3Lm8Rz2Vt7Wp4Kn9Bd6Hs1Ty5"),
        (
            "MAPBOX_TOKEN=sk.eyJ1Ijoib3BzLW1hcHMiLCJhIjoiY2s4eDJ2In0.Zq8Lw3Rt7Yx2Bn5Mk9Pv4S",
            "sk.eyJ1Ijoib3BzLW1hcHMiLCJhIjoiY2s4eDJ2In0.Zq8Lw3Rt7Yx2Bn5Mk9Pv4S",
        ),
    ],
)
def test_a_secret_beside_them_is_caught(redactor: Redactor, text: str, secret: str) -> None:
    assert _caught(redactor, text, secret), redactor.redact(text).text

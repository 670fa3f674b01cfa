"""Issue 24's eighth round, words: a compiler's symbol with a secret's word in its type name, a
digest's item number, a tag letter after a name, a store's reference in a CI slot or by its UUID
are kept; a password after an option named for one, after a login verb and its user, quoted after
what it opens, answering a question about it, or under a column named for it is redacted. Each
principle beside a case of the same form on the other side. Written from general knowledge of
build logs, CI configs and chat; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.redactor import Redactor

_SHA1 = "3F2A9C4D1B7E6F0A8C5D2E9B4A1F7C3D6E0B8A25"


@pytest.mark.parametrize(
    "text",
    [
        # IL2CPP names a method after its type and a SHA-1 of its signature; `Token` names a class.
        f"at TokenCache_Refresh_m{_SHA1} (Il2CppObject* __this)",
        f"(SecretVault_t{_SHA1}* __this, const RuntimeMethod* method)",
        f"libil2cpp.so (AuthBridge_Sign_m{_SHA1}+212)",
        # A name, a digest, then the item's number: a crash's or an upload's id.
        "first report: UECC-Linux-9F3B2C1D4E5A6B7C8D9E0F1A2B3C4D5E_0003 in the portal",
        # A lone letter after the words is a tag: Unreal's generated class, not a password's name.
        "Warning: BP_PasswordField_C: K2Node_CallFunction_12 'ShowHint' is deprecated",
        # A store's reference in a CI's `%…%` slot, or a stored credential by its UUID.
        '<param name="env.DB_PASSWORD" value="%vault:kv/data/ci/db!/password%" />',
        '<param name="env.GH_TOKEN" value="credentialsJSON:0f8c2a5e-7d41-4b9a-a3c6-12e4f5d6b7a8"/>',
        # An option that ends in `pass` but is no password's, and one given from a file or a prompt.
        "sox in.wav out.wav sinc -lowpass 3400",
        "docker login --password-stdin -u ci-bot registry.local < token.txt",
        "keytool -list -keystore app.jks -storepass:file ~/.ks-pass",
        # A login verb with no password-shaped value after the user, or a next option.
        "steamcmd +login anonymous +app_update 740 validate +quit",
        "logged in as admin with SSO-Okta-2024, MFA prompt came up",
        # A slash pair whose value is a name, not a password.
        "read / write for the bucket, list-only for the rest",
        # A question about a password answered by a person, or a column that says where it is.
        "who has the root password?\n@marta-ops",
        "| user | password set |\n|---|---|\n| svc-ci | yes |",
        "the password for the NAS 'is on the sticker'",
        # With no purpose between them, a quoted name after "pass" is a render pass's.
        "the renderer skipped pass 'ForwardPlus3D' on the old GPUs",
    ],
)
def test_names_and_references_that_are_not_a_password(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # Guards: a secret's word in a lowercase name before a digest still says secret.
        ("deploy-token-prod-9f3b2c1d4e5a6b7c8d9e0f1a2b3c4d5e", "9f3b2c1d4e5a6b7c8d9e0f1a2b3c4d5e"),
        ('PASSWORD_B = "Wq8#zLp2!vRt"', "Wq8#zLp2!vRt"),
        # An option named for a password takes it, glued (`storepass`) or camelCase (`keyPass`).
        ("keytool -importcert -storepass Hv7qL2xW9pZk4R -file ca.pem", "Hv7qL2xW9pZk4R"),
        ('Unity -quit -keystorePass "r9-{Tq]Lm2#x" -logFile -', "r9-{Tq]Lm2#x"),
        ("tool sync --admin-password=Zq4!mW8rTp", "Zq4!mW8rTp"),
        # A login verb, the account, then a value shaped as a password.
        ("./steamcmd.sh +login build_bot Xq)7vLm}2Rt^w +quit", "Xq)7vLm}2Rt^w"),
        ("you can log into the staging tenant as qa@example.org with Rv-Tenant#58", "Rv-Tenant#58"),
        ("root / Hx9$mPq2!z for the switch in rack 4", "Hx9$mPq2!z"),
        # Quoted after what it opens; the answer to a question about it; a password column.
        ("senha do roteador `Qm7*tLx92Rw`", "Qm7*tLx92Rw"),
        ("> what's the guest wifi pw?\nit's Lantern#2291", "Lantern#2291"),
        ("| host | user | password |\n|---|---|---|\n| sftp2 | upload | Kd8#pWq3z |", "Kd8#pWq3z"),
        # French "c'est" is a copula; Indonesian "rahasia" names a secret.
        ("le mot de passe du routeur c'est Loup-Gris-17", "Loup-Gris-17"),
        ("rahasia: pelangi7senja", "pelangi7senja"),
    ],
)
def test_passwords_given_by_words_and_syntax(redactor: Redactor, text: str, secret: str) -> None:
    assert _caught(redactor, text, secret)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # A copula before the colon is no compound's head; a longer "for" phrase before "are".
        ("Kennwort lautet: Fichte+Bach42", "Fichte+Bach42"),
        ("creds for the build agent are runner / Rnr#7731x", "Rnr#7731x"),
        # A pronoun takes the noun up again; Indonesian names the purpose right after the noun.
        ("you'll need the archive password, it's Zp!ark-2291", "Zp!ark-2291"),
        ("kata sandi printer lantai dua adalah Cetak#Dua42", "Cetak#Dua42"),
        # A passphrase of words and a number, spaces and all, ending its line.
        ("backup passphrase: orbit meadow copper lantern 58", "orbit meadow copper lantern 58"),
    ],
)
def test_passwords_after_a_copula_or_pronoun(redactor: Redactor, text: str, secret: str) -> None:
    assert _caught(redactor, text, secret)


@pytest.mark.parametrize(
    "text",
    [
        "PIN pad model: VX-520, firmware 4.2",
        "the vault password, it's in the usual place",
        "kata sandi wifi kantor adalah rahasia",
        "the password is stored in vault 2",
        "Password rotation: every ninety days 2",
    ],
)
def test_copula_and_pronoun_guards(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)

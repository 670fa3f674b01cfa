"""Hard negatives the redactor must leave alone, one test per principle (issue 24), each with the
secret of the same shape it must still catch. Examples written here from what chat, code, logs and
config look like; none is copied from a held-out set."""

from __future__ import annotations

import base64
import json
import random
import struct
import zlib

import pytest

from writers.redact.redactor import Redactor

# Random-looking material made here with a fixed seed, so no example is a real credential.
_RNG = random.Random(2024)
_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def _rand(n: int, alphabet: str = _ALNUM) -> str:
    return "".join(_RNG.choice(alphabet) for _ in range(n))


def _hex(n: int) -> str:
    return _rand(n, "0123456789abcdef")


def _b64(n_bytes: int, head: bytes = b"") -> str:
    return base64.b64encode(head + _RNG.randbytes(n_bytes)).decode()


RANDOM_40 = _rand(40)


def _kept(redactor: Redactor, text: str) -> bool:
    return redactor.redact(text).text == text


def _caught(redactor: Redactor, text: str, secret: str) -> bool:
    return secret not in redactor.redact(text).text


# ---------------------------------------------------------------- numbers that are not phones


@pytest.mark.parametrize(
    "text",
    [
        "allowlist:\n  - 203.0.113.7/32\n  - 198.51.100.20",  # dotted quads are addresses
        "2026-04-22 22:59:32   81237446 builds/api.tar.zst",  # a column gap in a listing
        "<polyline points='4 8 12 16 20 8' />",  # a list of small numbers
        "Edge 128.0.2739.42 rolled out",  # a version with a one-digit group
        "rows before 58 113 920, after 61 402 118",  # thousands groups: a count
        "release key: 9C21 4C7B 1A7D 4415 2093 E745 2CFF",  # groups beside hex groups
    ],
)
def test_a_number_is_a_phone_only_if_laid_out_like_one(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)


def test_phone_numbers_in_their_own_layouts_are_still_caught(redactor: Redactor) -> None:
    assert _caught(redactor, "call me on +34 690 734 841", "690 734 841")
    assert _caught(redactor, "Handy 0176 8063 5142", "8063 5142")
    assert _caught(redactor, "ring 020 7946 0958 after 5", "7946 0958")


def test_a_version_word_before_a_dotted_number_names_a_version(redactor: Redactor) -> None:
    assert _kept(redactor, "the installer's product version is 6.31.88.214 on every host")
    assert _kept(redactor, 'AssemblyFileVersion("9.4.0.0")')
    assert _caught(redactor, "the relay at 54.211.22.226 is down", "54.211.22.226")


# ---------------------------------------------------------------- names that hold no secret


def test_a_name_with_a_digest_word_holds_a_digest(redactor: Redactor) -> None:
    digest = _hex(64)
    assert _kept(redactor, f"annotations:\n  checksum/secret: {digest}\n")
    assert _kept(redactor, f'password_sha256 = "{digest}"')
    assert _caught(redactor, f"secret: {digest}", digest)


def test_a_weak_name_needs_one_random_run(redactor: Redactor) -> None:
    log = (
        f"cache miss key=cache/{_hex(64)}\n"
        f"cache miss key=img/b7/{_hex(40)}.webp\n"
        f"cache miss key=thumb:{_hex(12)}:256\n"
    )
    assert _kept(redactor, log)
    secret = _rand(24)
    assert _caught(redactor, f"cache_key = '{secret}'", secret)


def test_names_of_code_parameters_and_handlers_hold_no_secret(redactor: Redactor) -> None:
    assert _kept(redactor, 'static final String REFRESH_TOKEN_PARAM = "refreshToken";')
    assert _kept(redactor, "options.IssuerSigningKeyResolver = LoadSigningKeysFromJwks;")
    assert _kept(redactor, "val apiTokenRepository: ApiTokenRepository by inject()")
    assert _kept(redactor, "public sealed class ClientSecretOptions : TokenCredentialOptions")
    assert _caught(redactor, f'REFRESH_TOKEN = "{RANDOM_40}";', RANDOM_40)


# ---------------------------------------------------------------- placeholders


@pytest.mark.parametrize(
    "text",
    [
        "SECRET_KEY=local-dev-only-not-a-secret",
        'token = "fake-test-token"',
        "JWT_SECRET=change-me",
        "secret_key = 'django-insecure-change-this-in-production'",
        "passphrase: TODO-ask-security",
        "ADMIN_PASSWORD=P@ssw0rd",
        "api_token = 'my-test-token-2'",
        "OPENAI_API_KEY=sk-proj-********************************",
        "API_KEY=sk-1234567890abcdef1234567890abcdef",
        "auth_token = 'abcdefghijklmnopqrstuvwxyz012345'",
        "INFO PUT /api/v1/items 200 auth=[MASKED]",
        "secrets: Vault for services, 1Password (humans)",
        "token: \"#{ENV.fetch('API_TOKEN')}\"",
    ],
)
def test_a_value_that_describes_itself_is_a_placeholder(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)


def test_real_passwords_beside_placeholder_words_are_still_caught(redactor: Redactor) -> None:
    assert _caught(redactor, "password: correct-horse-battery-staple", "correct-horse-battery")
    assert _caught(redactor, "the new password is P@ssw0rd2024!", "P@ssw0rd2024")
    assert _caught(redactor, "pw cobalt-velvet-copper-95", "cobalt-velvet-copper-95")
    token = "sk-" + _rand(40)
    assert _caught(redactor, f"API_KEY={token}", token)
    assert _caught(redactor, f"auth={RANDOM_40}", RANDOM_40)


def test_aws_documentation_keys_are_examples(redactor: Redactor) -> None:
    example = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
    assert _kept(redactor, f"aws_secret_access_key = {example}")
    real = _rand(40, _ALNUM + "/+")
    assert _caught(redactor, f"aws_secret_access_key = {real}", real)


# ---------------------------------------------------------------- code


@pytest.mark.parametrize(
    "text",
    [
        "   4: payments::token::refresh::TokenRotator::rotate\n   at ./src/lib.rs:88",
        "`-[KeychainStore secretForService:account:group:error:]` returns nil",
        "PowerShell: `$env:API_TOKEN = Read-Host -AsSecureString`",
        'password = getpass.getpass("Password: ")',
        "ADMIN_PASSWORD: !vault |",
        "secret: kubernetes.io/service-account-token",
        "token: TokenKind::Identifier(ident)",
        "DATABASE_URL=postgresql://USER:PASSWORD@HOST:5432/DBNAME",
        "kubectl describe secret `billing-sync-token-q7w2x` in the payments namespace",
    ],
)
def test_code_references_calls_and_generated_names_are_not_values(
    redactor: Redactor, text: str
) -> None:
    assert _kept(redactor, text)


def test_a_password_before_a_flag_is_still_a_password(redactor: Redactor) -> None:
    secret = "ta4nVvDtdJa!NW._Y"
    assert _caught(redactor, f"docker run -e POSTGRES_PASSWORD={secret} -d postgres:16", secret)


# ---------------------------------------------------------------- public blobs


def test_labelled_identifiers_digests_and_ciphertext_are_public(redactor: Redactor) -> None:
    texts = [
        f'etag: W/"9c1e-{_rand(27)}"',
        f"X-Amz-Cf-Id: {_rand(56)}==",
        f"signature: {_b64(64)}",
        f"kid: {_rand(43)}",
        f"x5t#S256: {_rand(43)}",
        f"value: ENC[AES256_GCM,data:{_b64(18)},iv:{_b64(32)},tag:{_b64(16)},type:str]",
        f"stored as `vault:v1:{_b64(36)}`",
        "-----BEGIN PGP MESSAGE-----\n\n"
        + _b64(48)
        + "\n"
        + _b64(30)
        + "\n-----END PGP MESSAGE-----",
        "pinned Qm" + _rand(44, "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"),
        "ipfs://Qm" + _rand(44, "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"),
        f"payment intent pi_3{_rand(23)} succeeded; event evt_1{_rand(23)}",
    ]
    for text in texts:
        assert _kept(redactor, text), text
    assert _caught(redactor, f"token: {RANDOM_40}", RANDOM_40)
    key = "hf_" + _rand(34)
    assert _caught(redactor, f"export HF={key}", key)


def _png() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data)
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", 16, 16, 8, 6, 0, 0, 0)
    pixels = zlib.compress(_RNG.randbytes(300))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels)


def test_every_line_of_a_wrapped_file_is_the_file(redactor: Redactor) -> None:
    data = base64.b64encode(_png()).decode()
    wrapped = "\n".join(data[i : i + 76] for i in range(0, len(data), 76))
    assert _kept(
        redactor, f"Content-Type: image/png\nContent-Transfer-Encoding: base64\n\n{wrapped}"
    )
    # The same layout with no file signature at its head is random bytes: still a secret.
    blob = _b64(240)
    lines = [blob[i : i + 76] for i in range(0, len(blob), 76)]
    found = redactor.redact("the signing key:\n" + "\n".join(lines)).text
    assert lines[1] not in found


def test_a_file_name_or_an_encoding_label_says_data(redactor: Redactor) -> None:
    assert _kept(redactor, f"binaryData:\n  weights.bin: {_b64(60)}")
    assert _kept(redactor, f"protobuf payload (base64): {_b64(58)}")
    jpeg = _b64(120, head=b"\xff\xd8\xff\xe0\x00\x10JFIF\x00")
    assert _kept(redactor, f"thumbnail_b64={jpeg}")  # the value after the name is a file
    wasm = _b64(60, head=b"\x00asm\x01\x00\x00\x00")
    assert _kept(redactor, f"wasm: {wasm}")
    assert _caught(redactor, f"session token (base64): {RANDOM_40}", RANDOM_40)


def test_base64_is_judged_by_what_it_decodes_to(redactor: Redactor) -> None:
    assert _kept(redactor, "Authorization: Basic " + base64.b64encode(b"user:pass").decode())
    cursor = base64.b64encode(json.dumps({"offset": 200, "sort": "created_at"}).encode()).decode()
    assert _kept(redactor, f'"page_token": "{cursor}"')
    basic = base64.b64encode(b"deploy:" + _rand(14).encode()).decode()
    assert _caught(redactor, f"Authorization: Basic {basic}", basic)
    account = {"type": "service_account", "private_key": _rand(64), "client_id": "1234"}
    blob = base64.b64encode(json.dumps(account).encode()).decode()
    assert _caught(redactor, f'"token": "{blob}"', blob)


# ---------------------------------------------------------------- numbers named as ids


def test_a_number_named_as_an_id_is_that_id(redactor: Redactor) -> None:
    luhn_valid = "4532015112830366"  # passes the card checksum, as one order number in ten does
    assert _kept(redactor, f"order {luhn_valid} shipped today")
    assert _kept(redactor, f"Rechnungsnummer: {luhn_valid}")
    assert _kept(redactor, f"tracking number {luhn_valid}")
    assert _kept(redactor, "customer id 6465580954 has two open tickets")
    # Called a card, or a phone, it is one again.
    assert _caught(redactor, f"order paid with card {luhn_valid}", luhn_valid)
    assert _caught(redactor, f"account number {luhn_valid}", luhn_valid)  # may be the card's
    assert _caught(redactor, "support line for that customer: 646.558.0954", "646.558.0954")


def test_a_word_that_starts_like_a_version_word_is_not_one(redactor: Redactor) -> None:
    # "visit" is not `v`, "verify" is not `ver`: the number after them is still a phone number.
    assert _caught(redactor, "emergency contact for the site visit: 06-40321234", "40321234")
    assert _caught(redactor, "to verify: +44 20 7946 0958", "7946 0958")


def test_every_piece_of_a_split_image_is_the_image(redactor: Redactor) -> None:
    heic = base64.b64encode(b"\x00\x00\x00\x18ftypheic" + _RNG.randbytes(120)).decode()
    assert _kept(redactor, f'"heic_preview": "{heic}"')  # ISO media: `ftyp` after the box size
    tiff = base64.b64encode(b"II*\x00" + _RNG.randbytes(90)).decode()
    assert _kept(redactor, f"| scan | {tiff} |")
    png = base64.b64encode(_png()).decode()
    pieces = [png[i : i + 70] for i in range(0, len(png), 70)]
    assert _kept(redactor, 'const logo = "' + '" +\n  "'.join(pieces) + '";')  # concatenated
    assert _kept(redactor, '{"data": "' + "\\n".join(pieces) + '"}')  # escaped line breaks
    assert _kept(redactor, f"![](data:image/png;base64,{png[:150]}\n{png[150:]})")
    # Random bytes split the same way are still a secret, piece by piece.
    blob = _b64(180)
    parts = [blob[i : i + 70] for i in range(0, len(blob), 70)]
    found = redactor.redact('const signingKey = "' + '" +\n  "'.join(parts) + '";').text
    assert parts[1] not in found


def test_context_words_are_words_not_letters_inside_a_blob(redactor: Redactor) -> None:
    # A 40-character line (the AWS secret-key shape) of armoured ciphertext, under a line that
    # happens to hold the letters "aWs": no word "aws" is near it.
    text = (
        "-----BEGIN PGP MESSAGE-----\n\n"
        "Qx7RaWsYa2iiLq8ji3DunXJ3kT9pLm2vBn4cXz8wPq1Rt6Uy\n"
        "0Z2NUyYzCp8j0rcBIlsfJBxiNLzSvHgdBkdPbKAM\n"
        "-----END PGP MESSAGE-----"
    )
    assert _kept(redactor, text)
    secret = "0Z2NUyYzCp8j0rcBIlsfJBxiNLzSvHgdBkdPbKAM"
    assert _caught(redactor, f"aws secret for the deploy user:\n{secret}\n", secret)


# ---------------------------------------------------------------- set 6 principles (dev set)


def _varint(n: int) -> bytes:
    out = b""
    while True:
        byte, n = n & 0x7F, n >> 7
        out += bytes([byte | (0x80 if n else 0)])
        if not n:
            return out


def test_base64_of_structured_bytes_is_data(redactor: Redactor) -> None:
    # A protobuf message (tag, length, readable field), a msgpack map and a versioned envelope
    # with zero-padded length fields: none of them decodes to random bytes as a key does.
    proto = b"\x0a\x0bWIDGET-7731\x10" + _varint(4242) + b"\x1a\x09bin-A-017"
    msgpack = b"\x83\xa4name\xa6widget\xa3qty\xcd\x01\x2c\xa4site\xa5ams-2"
    envelope = b"\x01\x00\x00\x00\x10\x00\x00\x00\x20" + _RNG.randbytes(40)
    for raw in (proto, msgpack, envelope):
        body = base64.b64encode(raw).decode()
        assert _kept(redactor, f"consumer log: payload `{body}` decoded fine"), body
    key = _b64(40)
    assert _caught(redactor, f"consumer log: payload token `{key}`", key)


def test_armour_and_words_that_say_signature_or_ciphertext_are_public(redactor: Redactor) -> None:
    sig_lines = [_b64(45) for _ in range(3)]
    assert _kept(
        redactor,
        "-----BEGIN SSH SIGNATURE-----\n" + "\n".join(sig_lines) + "\n-----END SSH SIGNATURE-----",
    )
    assert _kept(
        redactor,
        "-----BEGIN AGE ENCRYPTED FILE-----\n" + "\n".join(sig_lines) + "\n-----END AGE "
        "ENCRYPTED FILE-----",
    )
    blob = _b64(60)
    assert _kept(redactor, f"untrusted comment: signature of release 4.1\n{blob}\n")
    assert _kept(redactor, f"$ aws kms encrypt --query CiphertextBlob --output text\n{blob}")
    sealed = "spec:\n  encryptedData:\n    api_token: " + _b64(70) + "\n    user: " + _b64(50)
    assert _kept(redactor, sealed)
    assert _kept(redactor, "db:\n    password: ENC[AES256_GCM,data:" + _b64(12) + ",iv:x,type:str]")
    # A secret named on its own line is still a secret, whatever the lines around it say; on the
    # line above, the first word decides.
    assert _caught(redactor, f"the encrypted disk opens with\npassword: {blob}", blob)
    key = _rand(48)
    assert _caught(redactor, f"the encryption key: {key}", key)
    assert _caught(redactor, f"new key for signature checks:\n{key}\n", key)
    private = "-----BEGIN OPENSSH PRIVATE KEY-----\n" + "\n".join(sig_lines) + "\n-----END"
    assert _caught(redactor, private, sig_lines[1])


def test_public_members_and_public_key_names_are_public(redactor: Redactor) -> None:
    modulus = _rand(86, _ALNUM + "-_")
    jwk = f'{{"keys": [{{"kty": "RSA", "use": "sig", "n": "{modulus}", "e": "AQAB"}}]}}'
    assert _kept(redactor, jwk)
    private = _rand(86, _ALNUM + "-_")
    assert _caught(redactor, f'{{"kty": "RSA", "n": "{modulus}", "d": "{private}"}}', private)
    pub = _b64(32)
    assert _kept(redactor, f"[Peer]\nPublicKey = {pub}\nEndpoint = vpn.example.org:51820")
    assert _caught(redactor, f"[Interface]\nPrivateKey = {pub}", pub)


def test_file_names_and_package_names_with_generated_suffixes(redactor: Redactor) -> None:
    assert _kept(redactor, "dist/assets/JwtClaimsView-z5IBxT80.js   14.20 kB")
    assert _kept(
        redactor,
        "#04 pc 0001a2b4  /data/app/~~ETHeLvdo974qdAZElChbMB==/"
        "org.example.wallet-QZs0patYhZAfpHEmBNDx14==/base.apk",
    )
    key = _rand(36)
    assert _caught(redactor, f"deploy with key-{key} tonight", key)


def test_names_of_secrets_locations_and_schemes_are_not_values(redactor: Redactor) -> None:
    assert _kept(redactor, "$ pulumi config set --secret githubWebhookToken")
    assert _kept(redactor, "vault kv get -field=value --secret=billing-db-password kv/app")
    assert _kept(redactor, "\t/app/internal/token.go:212 +0x1c4")
    assert _kept(redactor, "    at ./src/secret.rs:88:17")
    assert _kept(redactor, "Fingerprint=9C:41:0B:7E:22:AF:13:90:5D:C8:77:01:6E:B2:4A:38")
    assert _kept(redactor, "Trage den Schlüssel bei `API_TOKEN=` ein, Vorlage: `bitte-ersetzen`")
    assert _kept(
        redactor,
        "Authorization: HMAC-SHA512 Credential=svc-reporting/20261001/eu-west-3/reports/v1_req, "
        f"Signature={_hex(64)}",
    )
    assert _caught(redactor, "vault write auth/x --secret=Xq8#mR2vL9tP", "Xq8#mR2vL9tP")
    assert _caught(redactor, "`API_TOKEN=Tq7#vR2mX9pL`", "Tq7#vR2mX9pL")


@pytest.mark.parametrize(
    "text",
    [
        '198.51.100.9 - - [01/Oct/2026:10:00:01 +0000] "GET /v1/items/3 HTTP/1.1" 404 48211 "-"',
        "fixture: NL19 ABNA 0417 1643 00  # check digits broken on purpose",
        "INSERT INTO parcels VALUES (3068604,'RTM-22',18),(4417263,'AMS-04',7);",
        "Webex meeting ID for Thursday's review: 817 7774 1215",
        "رقم الطلب 4471-2290-3318 قيد الشحن",
        "Номер заказа 63 252 760 189 отправлен",
        "NDC 01396-2459-57 recalled",
    ],
)
def test_numbers_named_or_laid_out_as_something_else(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)


def test_phones_ssns_and_cards_in_other_layouts_and_languages_are_caught(
    redactor: Redactor,
) -> None:
    assert _caught(redactor, "call me on +1 415 555 0132", "555 0132")
    assert _caught(redactor, "número de seguro social: 536227014", "536227014")
    assert _caught(redactor, "die SSN ins Ticket: 536-22-7014", "536-22-7014")
    assert _caught(redactor, "Karte 4539  1488  0343  6467 belasten", "4539  1488  0343  6467")
    assert _caught(redactor, "card 4539.1488.0343.6467 on file", "4539.1488.0343.6467")


def test_dns_records_and_named_public_keys_are_public(redactor: Redactor) -> None:
    record = _b64(64)
    assert _kept(redactor, f"example.net. 300 IN DNSKEY 256 3 15 {record}")
    pub = _b64(32)
    assert _kept(redactor, f"X25519 public key of the relay: {pub}")
    assert _caught(redactor, f"X25519 key of the relay: {pub}", pub)

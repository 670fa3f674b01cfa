"""Forms of harmless text that tripped a rule, one test per principle (issue 24, third round),
each beside the real secret or number of the same form that must still be caught. The examples
are written here from what chat, code, logs and config look like; none is copied from a corpus.
"""

from __future__ import annotations

import base64
import random

from writers.redact.redactor import Redactor
from writers.redact.structure import der_public, msgpack_texts, protobuf_texts, readable_structure
from writers.redact.values.plausible import looks_random

_RNG = random.Random(424242)
_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def _rand(n: int, alphabet: str = _ALNUM) -> str:
    return "".join(_RNG.choice(alphabet) for _ in range(n))


def _kept(redactor: Redactor, text: str) -> bool:
    return redactor.redact(text).text == text


def _caught(redactor: Redactor, text: str, secret: str) -> bool:
    return secret not in redactor.redact(text).text


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode()


def _pb_field(number: int, payload: bytes) -> bytes:
    return bytes([number << 3 | 2, len(payload)]) + payload


# ---------------------------------------------------------------- numbers


def test_numbers_named_as_codes_of_things_and_places(redactor: Redactor) -> None:
    for text in (
        "supplier feed rejected catalog id 303-555-0142",
        "the wire failed: ABA routing number 061000104 is a public one",
        "customs: HS code 8471.30.0100, CAS 64-17-5",
        "Artikelnr. 412.377.09 fehlt im Lager",
        "the São Paulo office moved to CEP 01310-200",
        "GCP project number 771234560012 owns the bucket",
        "pallet label 30417 775210",
        "Lieferschein-Nr. 4711-2233-09 liegt bei",
        "pedido nº 2026-000123 entregue",
        "supplier DUNS 15-048-3782",
        "numero pratica 0612 345678",
        "asset tag 0612-3456-78",
        "ref. 415-555-0134 in the ERP",
    ):
        assert _kept(redactor, text), text
    # The same digits called a phone number, or written in a phone word's compound, are one.
    assert _caught(redactor, "call me on 303-555-0142 tonight", "303-555-0142")
    assert _caught(redactor, "Rückrufnummer: +49 30 901820 55", "+49 30 901820 55")
    assert _caught(redactor, "Telefonnr. +49 30 901820 55", "+49 30 901820 55")
    # "The number of" a phone, of someone, or written with its country code is a phone.
    for text, number in (
        ("numéro de téléphone 06 12 34 56 78", "06 12 34 56 78"),
        ("número del cliente: 267-722-7170", "267-722-7170"),
        ("numero di Marco 347 123 4567", "347 123 4567"),
        ("número de pedido +1 267-722-7170", "+1 267-722-7170"),
    ):
        assert _caught(redactor, text, number), text


def test_figures_in_a_table_of_figures_are_figures(redactor: Redactor) -> None:
    table = (
        "| region | requests | cost | p99 | bytes |\n"
        "|---|---:|---:|---:|---:|\n"
        "| eu-west-1 | 4,120,882 | €12,004.10 | 418 | 612 433 981 207 |\n"
        "| us-east-1 | 911,020 | €3,177.95 | 233 | 277 618 402 |"
    )
    assert _kept(redactor, table)
    contacts = "| name | phone |\n|---|---|\n| on-call | +1 415 555 0199 |\n| desk | 12 |"
    assert _caught(redactor, contacts, "+1 415 555 0199")


def test_digits_glued_to_a_path_are_part_of_it(redactor: Redactor) -> None:
    assert _kept(redactor, "cited as doi:10.1145/4111111.1111111 in the survey")
    assert _caught(redactor, "card 4111 1111 1111 1111 was declined", "4111 1111 1111 1111")


# ---------------------------------------------------------------- code, not values


def test_segments_of_joined_paths_and_selectors_are_code(redactor: Redactor) -> None:
    for text in (
        "bazel test //auth/token:rotate_signing_key_test",
        "./gradlew :vault-secret:compileJava",
        "implementation 'org.acme.auth:password-hasher:2.4.1'",
        "`arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/stripe-key-Xy12Ab`",
        "-[ACMKeychain storePassword:forAccount:] + 88",
        "TokenRefreshError: 'billing_scope' not found",
    ):
        assert _kept(redactor, text), text
    secret = _rand(20)
    assert _caught(redactor, f"token:{secret}", secret)
    assert _caught(redactor, f"  password: {secret}", secret)


def test_a_dotted_key_is_named_by_its_last_part(redactor: Redactor) -> None:
    i18n = (
        '{\n  "auth.password.tooWeak": "Zu schwach.",\n  "auth.token.expired": "期限切れです。"\n}'
    )
    assert _kept(redactor, i18n)
    secret = _rand(24)
    assert _caught(redactor, f"spring.datasource.password={secret}", secret)
    assert _caught(redactor, f'"app.jwt.secret": "{secret}"', secret)
    # A last part that only qualifies the name leaves it to the rest.
    assert _caught(redactor, f"db.password.prod: {secret}", secret)
    assert _caught(redactor, f"api.token.v2={secret}", secret)


def test_a_sentence_is_a_message_and_a_passphrase_is_not(redactor: Redactor) -> None:
    assert _kept(redactor, '"reset_password": "Das Passwort wurde zurückgesetzt."')
    assert _caught(redactor, 'password: "correct horse battery staple"', "correct horse")


def test_expressions_and_names_of_stored_secrets_are_code(redactor: Redactor) -> None:
    for text in (
        "var t={apiToken:!!e.sessionCache,x:1}",
        "settings:\n  password:\n    from_secret: registry_password",
        "client_secret = config['oauth']['client_secret']",
        "    token = self._token_cache[user_id]\nKeyError: 'usr_8812'",
        "** (KeyError) key :api_token not found in: %{user_id: 42}",
    ):
        assert _kept(redactor, text), text
    secret = _rand(18)
    assert _caught(redactor, f"settings:\n  password:\n    from_secret: {secret}", secret)


def test_identifiers_with_short_words_are_identifiers(redactor: Redactor) -> None:
    assert _kept(redactor, "at com.acme.auth.KeyStore.reloadKeyIfStaleOrThrow(KeyStore.kt:88)")
    secret = _rand(40)
    assert _caught(redactor, f"export DEPLOY_TOKEN={secret}", secret)


# ---------------------------------------------------------------- references and slots


def test_variable_references_are_slots(redactor: Redactor) -> None:
    for text in (
        "sqlcmd -S tcp:db,1433 -U sa -P %MSSQL_SA_PASSWORD%",
        "framework:\n    secret: '%env(APP_SECRET)%'",
        'command: "publish --token $$NPM_TOKEN"',
        "token: ${NPM_TOKEN:?set NPM_TOKEN first}",
        "vault kv put secret/app password=@password.txt",
        "APP_KEY=base64:",
    ):
        assert _kept(redactor, text), text
    secret = _rand(22)
    assert _caught(redactor, f"publish --token {secret}", secret)
    assert _caught(redactor, f"APP_KEY=base64:{secret}", secret)
    assert _caught(redactor, f"password=@{secret}", secret)


def test_base64_of_a_placeholder_is_a_placeholder(redactor: Redactor) -> None:
    default = _b64(b"change-me-please")
    assert _kept(redactor, f"data:\n  password: {default}")
    real = _b64(_rand(16).encode())
    assert _caught(redactor, f"data:\n  password: {real}", real)


def test_a_pem_body_of_words_is_a_slot(redactor: Redactor) -> None:
    armour = "-----{} RSA PRIVATE KEY-----"
    slot = "\n".join(
        [armour.format("BEGIN"), "<paste the key from 1Password here>", armour.format("END")]
    )
    assert _kept(redactor, slot)
    body = "\n".join(_b64(_RNG.randbytes(48)) for _ in range(3))
    key = f"-----BEGIN RSA PRIVATE KEY-----\n{body}\n-----END RSA PRIVATE KEY-----"
    assert _caught(redactor, key, body.split("\n")[1])


def test_ciphertext_in_a_tagged_envelope_is_not_a_credential(redactor: Redactor) -> None:
    blob = _b64(_RNG.randbytes(30))
    assert _kept(redactor, f'"api_key": "EJ[1:{_b64(_RNG.randbytes(32))}:{_rand(32)}:{blob}]"')
    assert _kept(redactor, f"db_password: ENC[AES256_GCM,data:{blob},type:str]")
    assert _caught(redactor, f'"api_key": "{blob}"', blob)


# ---------------------------------------------------------------- blobs


def test_base64_of_a_readable_protobuf_or_msgpack_message_is_data(redactor: Redactor) -> None:
    message = _pb_field(1, b"orders/eu-7731") + b"\x10\x96\x01" + _pb_field(3, b"EUR")
    assert protobuf_texts(message) == ["orders/eu-7731", "EUR"]
    packed = b"\x82\xa4kind\xa6resize\xa5width\xcd\x04\x00"
    assert msgpack_texts(packed) == ["kind", "resize", "width"]
    for raw in (message + message, packed):
        assert _kept(redactor, f"DEBUG worker frame={_b64(raw)} ok"), raw
    # A message that carries a random key, as text or as bytes, is a candidate again.
    assert not readable_structure(
        _pb_field(1, b"svc") + _pb_field(2, _rand(40).encode()), looks_random
    )
    carried = _pb_field(1, b"svc") + _pb_field(2, _RNG.randbytes(40))
    assert not readable_structure(carried, looks_random)
    assert _caught(redactor, f"secret blob {_b64(carried)}", _b64(carried))
    # Random bytes do not parse as a whole message.
    assert not any(readable_structure(_RNG.randbytes(32), looks_random) for _ in range(2000))


def test_grpc_frames_and_encoding_names_say_data(redactor: Redactor) -> None:
    payload = _pb_field(1, b"tile/9/271/182") + _pb_field(2, b"png")
    frame = b"\x00" + len(payload).to_bytes(4, "big") + payload
    trailer_text = b"grpc-status:0\r\ngrpc-message:\r\n"
    trailer = b"\x80" + len(trailer_text).to_bytes(4, "big") + trailer_text
    assert _kept(redactor, f"response body: `{_b64(frame)}{_b64(trailer)}`")
    assert _kept(redactor, f"TRACE rpc payload_b64={_b64(_RNG.randbytes(36))} len=36")
    secret = _rand(40)
    assert _caught(redactor, f"TRACE rpc session_token={secret}", secret)


def test_digests_named_by_a_glued_word_are_public(redactor: Redactor) -> None:
    pin = _b64(_RNG.randbytes(32))
    for text in (
        f"pin-sha256: sha256/{pin}",
        f"script-src 'nonce-{_b64(_RNG.randbytes(16))}'",
        f"authorize?code_challenge={_rand(43)}&code_challenge_method=S256",
        "serial 4f:0a:91:3c:de:77:10:b2:6e:aa:05:c9)",
        "Parquet footer check: " + _b64(b"PAR1" + _RNG.randbytes(30)),
        f"poster blurhash `{_rand(28)}` and file digest {_b64(_RNG.randbytes(32))}",
    ):
        assert _kept(redactor, text), text
    assert _caught(redactor, f"signing key {pin}", pin)
    secret = _rand(43)
    assert _caught(redactor, f"authorize?client_secret={secret}", secret)


def test_cursor_tokens_are_positions_in_a_list(redactor: Redactor) -> None:
    cursor = _b64(_pb_field(1, _rand(26, "0123456789ABCDEFGHJKMNPQRSTVWXYZ").encode()))
    assert _kept(redactor, f"next_page_token={cursor}")
    assert _kept(redactor, f'"NextToken": "{cursor}"')
    assert _kept(redactor, f"nextPageToken: {base64.b64encode(_RNG.randbytes(40)).decode()}")
    assert _caught(redactor, f"refresh_token={cursor}", cursor)


# ---------------------------------------------------------------- recall: forms now caught


def test_secrets_and_contacts_in_more_forms_are_caught(redactor: Redactor) -> None:
    secret = "Lotus" + "2031" + "&q"
    for text in (
        f"prod DB का पासवर्ड: {secret}",
        f'redis:\n  requirepass: "{secret}"',
        f"كلمة المرور: {secret}",
    ):
        assert _caught(redactor, text, secret), text
    assert _caught(redactor, "INFO sms OTP sent to=06-41327789 status=queued", "06-41327789")
    assert _caught(redactor, "mail d'arcy@orange.fr or o'neil@web.de", "d'arcy@orange.fr")
    assert _caught(redactor, "mail d'arcy@orange.fr or o'neil@web.de", "o'neil@web.de")
    # The words that only look like them stay words.
    assert _kept(redactor, "bypass: true\ncompass: north")
    assert _kept(redactor, "sent to=build-queue status=queued")


def test_addresses_that_reach_no_one_and_placeholder_numbers(redactor: Redactor) -> None:
    for text in (
        "the signup form's placeholder is `you@example.com`",
        "bounce address noreply@billing.invalid in the fixtures",
        "phone field placeholder: +1 (555) 555-5555",
    ):
        assert _kept(redactor, text), text
    # An example domain not called a placeholder may stand for a real address in a test.
    assert _caught(redactor, "ping ada.lovelace@example.org about it", "ada.lovelace@example.org")
    assert _caught(redactor, "phone: +1 415 555 0134", "+1 415 555 0134")


def _tlv(tag: int, body: bytes) -> bytes:
    n = len(body)
    length = bytes([n]) if n < 0x80 else bytes([0x82]) + n.to_bytes(2, "big")
    return bytes([tag]) + length + body


def test_der_of_a_public_key_or_a_signature_is_public(redactor: Redactor) -> None:
    rsa = _tlv(0x30, _tlv(0x06, bytes.fromhex("2a864886f70d010101")) + b"\x05\x00")
    modulus = _tlv(0x30, _tlv(0x02, b"\x00" + _RNG.randbytes(256)) + _tlv(0x02, b"\x01\x00\x01"))
    spki = _tlv(0x30, rsa + _tlv(0x03, b"\x00" + modulus))
    signature = _tlv(0x30, _tlv(0x02, _RNG.randbytes(32)) + _tlv(0x02, _RNG.randbytes(32)))
    private = _tlv(0x30, _tlv(0x02, b"\x00") + rsa + _tlv(0x04, _RNG.randbytes(300)))
    assert der_public(spki) and der_public(signature) and not der_public(private)
    assert _kept(redactor, f"DKIM: v=DKIM1; k=rsa; p={_b64(spki)}")
    assert _kept(redactor, f"cosign signature {_b64(signature)}")
    assert _kept(redactor, f"minisign public key: RW{_rand(54)}")
    assert _caught(redactor, f"key material {_b64(private)[:120]}", _b64(private)[60:120])
    assert not any(der_public(_RNG.randbytes(40)) for _ in range(5000))


def test_file_names_and_directories_to_files_are_names(redactor: Redactor) -> None:
    listing = "\n".join(f"2026-01-14 10:02  4821 {_rand(32)}.json.gz" for _ in range(3))
    assert _kept(redactor, f"aws s3 ls s3://acme-logs/2026/01/14/\n{listing}")
    assert _kept(redactor, f"stored at uploads/{_rand(24)}/avatar.webp")
    secret = _rand(40)
    # A random run that ends a sentence, or stands alone, is still one.
    assert _caught(redactor, f"the new deploy value is {secret}. Rotate it monthly", secret)
    assert _caught(redactor, f"the key is stored at uploads/{secret}", secret)

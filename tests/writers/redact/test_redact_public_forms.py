"""Public blobs and look-alike numbers (issue 24's fifth round, `writers/redact/public_forms.py`;
development set 14 and the principles of the brief). One test per principle, each beside the
real secret or personal number of the same form that must still be caught. The examples are
written here; none is copied from a corpus.
"""

from __future__ import annotations

import base64
import random

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.public_forms import card_length_ok, longer_than_a_phone
from writers.redact.redactor import Redactor
from writers.redact.values.checksums import luhn_ok


def _luhn(prefix: str, length: int) -> str:
    """`prefix` padded with 7s to `length` digits, the last one chosen so Luhn passes."""
    body = (prefix + "7" * length)[: length - 1]
    return next(body + d for d in "0123456789" if luhn_ok(body + d))


def _b64(seed: int, n: int) -> str:
    rng = random.Random(seed)
    return base64.b64encode(bytes(rng.getrandbits(8) for _ in range(n))).decode()


def _grouped(digits: str) -> str:
    return " ".join(digits[i : i + 4] for i in range(0, len(digits), 4))


# ---------------------------------------------------------------- numbers


def test_a_number_of_the_wrong_length_for_its_card_network_is_no_card(
    redactor: Redactor,
) -> None:
    # A handset's IMEI is 15 digits and passes Luhn; Visa issues 13, 16 or 19, JCB 16 to 19.
    for imei in (_luhn("4901542", 15), _luhn("3520990", 15)):
        assert luhn_ok(imei) and not card_length_ok(imei)
        assert _kept(redactor, f"the handset {imei} keeps dropping off the VPN")
    # A build stamp (YYYYMMDDhhmmss) that passes Luhn: no network issues 14 digits under 2.
    stamp = _luhn("2026031214335", 14)
    assert _kept(redactor, f"built {stamp} from release/2.4")
    # Numbers of a network's own lengths are still cards.
    amex, visa = _luhn("37", 15), _luhn("4539", 16)
    assert card_length_ok(amex) and card_length_ok(visa)
    assert _caught(redactor, f"pay with my card {amex[:4]} {amex[4:10]} {amex[10:]}", amex[10:])
    assert _caught(redactor, f"card {_grouped(visa)} exp 04/29", _grouped(visa))
    assert _caught(redactor, f"Visa {visa}", visa)


def test_a_group_of_a_number_longer_than_any_phone_is_no_phone(redactor: Redactor) -> None:
    # E.164: at most 15 digits. A meter's point number written in groups is one number.
    assert longer_than_a_phone("S 01 801 101 22 1234 5678 904", 18, 29)
    assert _kept(redactor, "MPAN S 01 801 101 22 1234 5678 904 for the new office")
    assert _kept(redactor, "pallet label 0049 1512 3456 7890 12 on dock 3")
    # A phone number beside a date, or after other digits joined otherwise, is still one.
    assert _caught(redactor, "call me on 0412 345 678 tonight", "0412 345 678")
    assert _caught(redactor, "called from 0412 345 678 at 14:02", "0412 345 678")
    assert _caught(redactor, "ticket 2024 +44 20 7946 0321", "+44 20 7946 0321")


def test_a_dotted_quad_with_a_prefix_or_a_port_is_an_address(redactor: Redactor) -> None:
    assert _kept(redactor, "BMCs on `172.20.66.69/24`, the KVM on `192.168.201.150:8443`")
    # A public address is still personal data, with a prefix length or without.
    assert _caught(redactor, "she logged in from 81.2.69.160/32 twice", "81.2.69.160")
    assert _caught(redactor, "on-call phone 020 7946 0321", "020 7946 0321")


def test_the_books_accounts_are_not_phones(redactor: Redactor) -> None:
    # A general-ledger account, a budget line, a cost centre: codes of a company's books.
    assert _kept(redactor, "refund 4,280.74 USD booked to GL 6400-672")
    assert _kept(redactor, "Budget line 6410-655: 59,659.15 committed, cost center 5792")
    # CSV cut by semicolons (where the comma is the decimal mark) is read by its header.
    rows = "batch;value_date;ledger;amount\nB-17;2026-07-22;6410-039;35938,30\n"
    assert _kept(redactor, rows + "B-18;2026-07-23;6400-723;78203,32")
    rows = "name;phone;plan\nAda;020 7946 0321;pro\nBen;020 7946 0377;free"
    assert _caught(redactor, rows, "020 7946 0321")
    assert _caught(redactor, "Budget questions: ring Ada on 020 7946 0321", "020 7946 0321")


def test_a_noun_before_id_or_code_names_what_the_number_is_of(redactor: Redactor) -> None:
    luhn = _luhn("4716", 16)
    assert _kept(redactor, f"hardware id {_grouped(luhn)} in the inventory sheet")
    assert _kept(redactor, f"the order id is {_grouped(luhn)}")
    assert _kept(redactor, f"S/N: {_grouped(luhn)} (printed under the battery)")
    assert _kept(redactor, "the device ID 0412 345 678 keeps reconnecting")
    # A card named a card, and a phone named by a caller's ID or a person, are still caught.
    assert _caught(redactor, f"my card id is {_grouped(luhn)}", _grouped(luhn))
    assert _caught(redactor, f"card: {_grouped(luhn)}", _grouped(luhn))
    assert _caught(redactor, "caller id 0412 345 678 again", "0412 345 678")
    assert _caught(redactor, "employee id 0412 345 678", "0412 345 678")
    assert _caught(redactor, "area code 0412 345 678", "0412 345 678")
    assert _caught(redactor, "the phone number is 0412 345 678", "0412 345 678")


# ---------------------------------------------------------------- blobs

_CSR = """-----BEGIN CERTIFICATE REQUEST-----
MIHVMHwCAQAwGjEYMBYGA1UEAwwPc3ZjLmV4YW1wbGUub3JnMFkwEwYHKoZIzj0C
AQYIKoZIzj0DAQcDQgAE1+p9FCEcAh/8xBWpcBXqboZolGiRfRRGFGEJckypfsyo
LlDKR1eNdxR+Jn3pecJ8IJ660kNwOi2fWQFZBaGEx6AAMAoGCCqGSM49BAMCA0kA
MEYCIQDjzw/XjW9nq9CNvnO49n7J5mHYNG+coYE3duBSgzu41gIhAObKjcjBrIf9
0ukqkm15XW//AhQWzA1xVMXlJIloNbwN
-----END CERTIFICATE REQUEST-----"""


def _pem(kind: str, seed: int, n: int) -> str:
    body = _b64(seed, n)
    lines = [body[i : i + 64] for i in range(0, len(body), 64)]
    return "\n".join([f"-----BEGIN {kind}-----", *lines, f"-----END {kind}-----"])


def test_a_certificate_request_is_public(redactor: Redactor) -> None:
    # A CSR holds a public key, a name and a signature: what is sent to a CA to be published.
    assert _kept(redactor, "the CSR for svc, openssl says it's fine:\n" + _CSR)
    assert _kept(redactor, "chain:\n" + _pem("PKCS7", 3, 600))
    key = _pem("PRIVATE KEY", 4, 600)
    assert _caught(redactor, "and the key for it:\n" + key, key.splitlines()[2])


def test_base64_of_an_armoured_private_key_is_the_key_whole(redactor: Redactor) -> None:
    key = base64.b64encode((_pem("PRIVATE KEY", 5, 1200) + "\n").encode()).decode()
    cert = base64.b64encode((_CSR.replace("CERTIFICATE REQUEST", "CERTIFICATE") + "\n").encode())
    # 2,200 characters: longer than any `name: value` a rule reads whole.
    assert len(key) > 2000
    text = f"data:\n  tls.crt: {cert.decode()}\n  tls.key: {key}\n"
    assert _caught(redactor, text, key)
    assert _caught(redactor, f"client-key-data: {key}", key)
    assert _caught(redactor, f"{key}", key)
    assert _kept(redactor, f"certificate-authority-data: {cert.decode()}")


def test_a_block_introduced_as_encoded_data_is_data(redactor: Redactor) -> None:
    blob = _b64(6, 150)
    block = "```\n" + "\n".join(blob[i : i + 76] for i in range(0, len(blob), 76)) + "\n```"
    for intro in (
        "The vendor sent the switch's config blob in base64 (it's binary, not text):",
        "El proveedor mandó el blob de configuración del switch en base64 (es binario):",
    ):
        assert _kept(redactor, f"{intro}\n{block}"), intro
    assert _kept(redactor, f"bloom filter (base64, 150 bytes) for the dedupe job: {blob}")
    # Introduced as a key, the same block is a candidate (with no words at all it is kept since
    # issue 24's seventh round: `said_secret`).
    for intro in (
        "the signing key in base64:",
        "la clave de firma en base64:",
    ):
        assert _caught(redactor, f"{intro}\n{block}", blob[:76]), intro
    assert _caught(redactor, f"session secret (base64, 150 bytes): {blob}", blob)


def test_words_naming_a_digest_before_a_value_name_it(redactor: Redactor) -> None:
    value = _b64(7, 48)
    assert _kept(redactor, f"Autopilot hardware hash blob starts `{value}…` (device only)")
    assert _kept(redactor, f"the checksum of the image is {value}")
    assert _kept(redactor, f"password hash is `{value}`")
    # A word for a secret after the digest word, or naming the value, keeps it a candidate.
    assert _caught(redactor, f"hash key starts `{value}`", value)
    assert _caught(redactor, f"the hmac secret for the hash check is `{value}`", value)
    assert _caught(redactor, f"the token starts `{value}`", value)


def test_a_digest_or_an_id_named_with_a_colon_or_a_copula(redactor: Redactor) -> None:
    value = _b64(8, 32).replace("/", "Q")
    assert _kept(redactor, f"Fingerprint (SHA-256): {value}")
    assert _kept(redactor, f"the node's peer id is 12D3KooW{value[:44]}")
    # A word for a secret after the naming word keeps the value a candidate. (A session's id
    # is kept as an id, as `session_id:` always was: see docs/design.md, "what is not a secret".)
    assert _caught(redactor, f"the session token is {value}", value)
    assert _caught(redactor, f"Secret key (SHA-256 HMAC): {value}", value)


def test_a_dkim_records_p_tag_is_a_public_key(redactor: Redactor) -> None:
    value = _b64(9, 32)
    assert _kept(redactor, f"s1._domainkey TXT: v=DKIM1; k=ed25519; p={value}")
    # The same bytes as a private key's value are still a secret.
    assert _caught(redactor, f"PRIVATE_KEY={value}", value)


def test_hex_bytes_are_bytes_not_a_street(redactor: Redactor) -> None:
    dump = "frame: 3a 19 bd 91 0c 7e 22 41 5f 88 a0 13"
    assert _kept(redactor, dump)
    assert _caught(redactor, "she lives at 19 Bd Haussmann, Paris", "19 Bd Haussmann")


def test_digits_in_an_ssns_layout_are_an_ssn_or_nothing(redactor: Redactor) -> None:
    # 666 is never issued as an SSN's area, and no numbering plan writes a phone 3-2-4.
    assert _kept(redactor, "the label says 666-12-3456")
    assert _caught(redactor, "SSN 123-45-6780 on the W-2", "123-45-6780")
    assert _caught(redactor, "call 666 12 34 56 (Madrid office, Ana)", "666 12 34 56")


def test_a_serial_number_named_in_other_languages_is_a_serial(redactor: Redactor) -> None:
    luhn = _luhn("4532", 16)
    for name in ("シリアル番号", "серийный номер"):
        assert _kept(redactor, f"{name} {_grouped(luhn)}"), name
    assert _caught(redactor, f"Kreditkarte {_grouped(luhn)}", _grouped(luhn))


def test_an_order_named_in_more_languages_is_an_order(redactor: Redactor) -> None:
    for text in (
        "Sipariş numarası 0412 345 678 kargoya verildi",
        "Nomor pesanan 0812 3456 7890 sudah dikirim",
        "Mã đơn hàng 0412 345 678 đã giao",
        "RMA 0412 345 678 approved by the vendor",
        "Kostenstelle 4711, Projekt 0412 345 678",
    ):
        assert _kept(redactor, text), text
    # The same words for a phone's number still name a phone.
    for text, phone in (
        ("numer telefonu: 0412 345 678", "0412 345 678"),
        ("nomor telepon saya 0812 3456 7890", "0812 3456 7890"),
        ("telefon numarası 0532 123 45 67", "0532 123 45 67"),
    ):
        assert _caught(redactor, text, phone), text

"""Look-alike numbers, issue 24's sixth round, second pass (`writers/redact/pii_rules.py`, the
IBAN, card, email and id-naming rules of `formats/`). One test per principle, each beside
the personal datum of the same form that must still be caught. The examples are written here, in
other words, languages and layouts than the development sets 23-26; none is copied from them.
"""

from __future__ import annotations

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.redactor import Redactor

_CARD = "4929 1405 6237 0019"  # Luhn computed for this example
_PHONE = "646-273-9184"


def test_an_iban_has_a_country_that_issues_them_and_its_length(redactor: Redactor) -> None:
    # An ISO 11649 creditor reference passes the same mod-97 check; `RF` is no country.
    assert _kept(redactor, "Bitte bei der Zahlung die Referenz RF20 5390 0754 7034 1 angeben")
    assert _kept(redactor, "maksuviite RF205390075470341, eräpäivä 14.3.")
    assert _kept(redactor, "structured ref: RF20 5390 0754 7034 1 (invoice 2024-118)")
    assert _caught(
        redactor, "IBAN DE44 5001 0517 5407 3249 31 bitte", "DE44 5001 0517 5407 3249 31"
    )
    assert _caught(
        redactor, "IBAN GB55 WEST 1234 5698 7654 33 thanks", "GB55 WEST 1234 5698 7654 33"
    )


def test_a_plus_glued_to_another_plus_is_a_delimiter(redactor: Redactor) -> None:
    assert _kept(redactor, "virement reçu avec la communication +++120/3456/78955+++")
    assert _kept(redactor, "mededeling: +++904/2210/33187+++ nog niet gematcht")
    assert _caught(redactor, "bel me op +32 470 12 34 56 vanavond", "+32 470 12 34 56")


def test_a_bank_or_a_tariff_code_names_no_one(redactor: Redactor) -> None:
    assert _kept(redactor, "Bankleitzahl 370 400 44, Filiale Köln")
    assert _kept(redactor, "Empfängerbank: bank code 512 308 00")
    assert _kept(redactor, "HS code 8471 30 00 for the laptops, duty 0%")
    assert _kept(redactor, "Zakład Kowalski, NIP 727-102-33-18, REGON 141 234 567")
    assert _caught(redactor, "Tel. 030 1234 5678 (Zentrale)", "030 1234 5678")
    assert _caught(redactor, "area code and all: 0151 2345 6789", "0151 2345 6789")


def test_a_carrier_named_before_a_number_names_its_tracking_number(redactor: Redactor) -> None:
    assert _kept(redactor, "returns went out: FedEx 7489-2210-3346, DPD 0151 2345 6789")
    assert _kept(redactor, "ヤマト 4411-2290-7735 で発送しました")
    assert _caught(redactor, "courier called from 0151 2345 6789 twice", "0151 2345 6789")


def test_an_account_named_before_a_number_is_that_account(redactor: Redactor) -> None:
    assert _kept(redactor, f"Konto {_PHONE} wurde gesperrt")
    assert _kept(redactor, f"le compte {_PHONE} dépasse son budget")
    assert _kept(redactor, "account number with Vodafone: 6462739184")
    # Still a phone when called one, and a card stays a card whatever account it pays.
    assert _caught(redactor, f"call {_PHONE} now", _PHONE)
    assert _caught(redactor, f"account {_CARD} was charged twice", _CARD)
    # A messenger's account is a phone number, and so is a number with its country code.
    assert _caught(redactor, "my WhatsApp account 06 1234 5678", "06 1234 5678")
    assert _caught(redactor, "cuenta: +34 612 34 56 78", "+34 612 34 56 78")


def test_a_card_is_printed_in_groups_of_four_or_as_amex_prints_it(redactor: Redactor) -> None:
    assert _kept(redactor, "peer  192.0.2.9  AS 4  58121  61550275  up")
    assert _kept(redactor, "TXT 3600 20261130120019 signed")
    assert _caught(redactor, f"card {_CARD} was declined", _CARD)
    assert _caught(redactor, "amex 3782 822463 10005 on file", "3782 822463 10005")
    # Typed oddly but called a card, it is one.
    assert _caught(redactor, "cc: 492 9140 5623 7001 9", "492 9140 5623 7001 9")


def test_a_name_ending_in_a_file_type_is_a_file_not_an_address(redactor: Redactor) -> None:
    assert _kept(redactor, "purge https://cdn.shop.test/img/hero@3x.5f1e2d9a.webp please")
    assert _kept(redactor, "icons: assets/avatar@2x.png, assets/avatar@3x.png")
    assert _caught(redactor, "mail anna.k@firma.de about it", "anna.k@firma.de")


def test_a_bootloader_names_its_number_a_version(redactor: Redactor) -> None:
    assert _kept(redactor, "flashed, bootloader 2.4.1.18 and app 1.9.0")
    assert _kept(redactor, "UEFI: 5.27.1.4 on the new boards")
    assert _caught(redactor, "the scanner hit us from 81.2.69.160 overnight", "81.2.69.160")


def test_the_last_line_of_a_key_printed_in_hex_is_bytes(redactor: Redactor) -> None:
    key = "pubkey:\n  3082010A 0282010F 00C3A1B2 9F3E7D44 10AB5C6E\n  06123456 78\n"
    assert _kept(redactor, key)
    # A list of card numbers has no hex letters: it is no such block.
    listing = f"refund these:\n4111 1111 1111 1111\n{_CARD}\n"
    assert _caught(redactor, listing, _CARD)

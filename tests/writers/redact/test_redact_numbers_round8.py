"""Personal numbers and their look-alikes, issue 24's eighth round (`public_forms.py`,
`phone_words.py`, the phone and id filters of `pii_rules.py` and `formats/` in
`writers/redact`). One test per principle, each beside the personal number of the same form
that must still be caught. The examples are written here; none is copied from the development
sets 37 and 38.
"""

from __future__ import annotations

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.public_forms import hetu_checked, temporary_hetu
from writers.redact.redactor import Redactor


def test_a_finnish_code_in_the_temporary_range_names_no_one(redactor: Redactor) -> None:
    assert temporary_hetu("110488-9002") and temporary_hetu("220791-962B")
    assert not temporary_hetu("110488-3090") and not temporary_hetu("110488-9003")
    assert hetu_checked("110488-3090") and not hetu_checked("110488-3091")
    assert _kept(redactor, "sandbox ids: 110488-9002 and 220791-962B")
    # Issued (002-899), the same dates are someone's code, also where a phone word stands.
    assert _caught(redactor, "henkilötunnus 110488-3090", "110488-3090")
    assert _caught(redactor, "HETU 220791-413M", "220791-413M")
    assert _caught(redactor, "call 110488-3090", "110488-3090")


_TEST_TABLE = (
    "| field | test value |\n|---|---|\n| codice fiscale | BNCLRA91C52F205K |\n"
    "| phone | 0612 345 671 |"
)


def test_a_column_headed_test_values_holds_no_ones_numbers(redactor: Redactor) -> None:
    assert _kept(redactor, _TEST_TABLE)
    real = _TEST_TABLE.replace("test value", "value")
    assert _caught(redactor, real, "BNCLRA91C52F205K")
    assert _caught(redactor, real, "0612 345 671")


def test_a_policy_number_is_a_records_number(redactor: Redactor) -> None:
    # A field name's `_no` is its number; an insurer's policy named by the noun alone.
    csv = "claim_id,policy_no,status\nCLM-1,612.483.9071,OPEN\nCLM-2,PN-7781,OPEN"
    assert _kept(redactor, csv)
    assert _kept(redactor, "Schaden zur Police 612.483.9071 ist doppelt")
    assert _caught(redactor, csv.replace("policy_no", "phone_no"), "612.483.9071")
    assert _caught(redactor, "Rückruf unter 612.483.9071 bitte", "612.483.9071")


def test_a_german_compound_on_version_names_a_version(redactor: Redactor) -> None:
    assert _kept(redactor, "Produktversion 8.8.4.4 ausgerollt")
    assert _kept(redactor, "Dateiversion: 8.8.4.4")
    assert _caught(redactor, "conversion 8.8.4.4", "8.8.4.4")


def test_a_word_is_no_hex_group_beside_a_phone(redactor: Redactor) -> None:
    # `ab` of `about` was read as a hex group of the phone's width (a fingerprint's).
    said = "she asks to be called at 06.31.58.27.44 about the refund"
    assert _caught(redactor, said, "06.31.58.27.44")
    assert _kept(redactor, "fingerprint 3a 4f 06 31 58 27 44 9c")


def test_a_label_opening_with_a_phone_word_names_a_phone(redactor: Redactor) -> None:
    said = "numer do kierownika działu wysyłek w Gdańsku: 690 417 233"
    assert _caught(redactor, said, "690 417 233")
    assert _kept(redactor, "wysłane paczki w Gdańsku: 690 417 233")


def test_phone_words_of_more_languages(redactor: Redactor) -> None:
    assert _caught(redactor, "telemóvel 912 345 671", "912 345 671")
    assert _caught(redactor, "contacto: 611 590 632", "611 590 632")
    assert _caught(redactor, "il mio cellulare è 3471234561", "3471234561")
    assert _caught(redactor, "手机 13812345671", "13812345671")
    assert _caught(redactor, "τηλ. 210 1234561", "210 1234561")
    assert _kept(redactor, "sold 611 590 632 units")


def test_russian_numbers_with_the_trunk_8(redactor: Redactor) -> None:
    assert _caught(redactor, "горячая линия 8 800 555 35 31", "8 800 555 35 31")
    assert _caught(redactor, "мой мобильный 8-912-345-67-81", "8-912-345-67-81")
    assert _caught(redactor, "тел. 8 916 123 45 61", "8 916 123 45 61")
    assert _kept(redactor, "we sold 8 800 555 units")


def test_a_slash_after_a_trunk_area_code_is_a_phones_layout(redactor: Redactor) -> None:
    assert _caught(redactor, "erreichbar unter 0171/4455661", "0171/4455661")
    assert _kept(redactor, "Auftrag 2024/4455661 gebucht")
    assert _kept(redactor, "Vertrag 0388/412/907 verlängert")  # more slashes: a record's fields


def test_an_ssn_without_dashes_after_its_name(redactor: Redactor) -> None:
    long_label = "SSN for the new hire starting in Austin next week: 518427713"
    assert _caught(redactor, long_label, "518427713")
    assert _caught(redactor, "EmployeeSSN=518427713", "518427713")
    assert _caught(redactor, "ssnNumber: 518427713", "518427713")
    assert _caught(redactor, "Soc. Sec. # 518427713", "518427713")
    assert _caught(redactor, "social: 518427713", "518427713")
    assert _kept(redactor, "social media followers 518427713")
    assert _kept(redactor, "the build for the new hire: 518427713")


def test_a_bracketed_trunk_zero_after_the_country_code(redactor: Redactor) -> None:
    # `(0)` is the trunk prefix dropped when dialling from abroad, not a group of the number.
    assert _caught(redactor, "T +33 (0)6 12 34 56 71", "+33 (0)6 12 34 56 71")
    assert _caught(redactor, "mobiel +31 (0)6 12345671", "+31 (0)6 12345671")
    assert _kept(redactor, "version 3 (0)6 12 34")


def test_full_width_digits_of_japanese_text(redactor: Redactor) -> None:
    assert _caught(redactor, "携帯：０９０－１２３４－５６７１", "０９０－１２３４－５６７１")
    assert _kept(redactor, "注文番号 ０３－１２３４－５６７１")


def test_a_bare_number_on_a_contact_line_is_a_phone(redactor: Redactor) -> None:
    # An e-mail address on the line is a way to reach someone: the number beside it is another.
    assert _caught(redactor, "Ana Ruiz <ana@example.es> 0612345671", "0612345671")
    assert _caught(redactor, "Ana Ruiz | 0612345671 | ana@example.es", "0612345671")
    assert _kept(redactor, "Ana Ruiz 0612345671")
    result = redactor.redact("order 0612345671 for ana@example.es")
    assert "0612345671" in result.text  # named an order's, the number stays


def test_the_ssns_name_in_more_languages(redactor: Redactor) -> None:
    assert _caught(redactor, "사회보장번호 518427713", "518427713")
    assert _caught(redactor, "sosiaaliturvatunnus (USA) 518427713", "518427713")
    assert _kept(redactor, "tunnus 518427713")

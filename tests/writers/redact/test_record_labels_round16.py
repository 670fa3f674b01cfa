"""A number whose label says "the number of <a thing>" in any language and script, and a national
id's digits under a record's label or inside a longer number (issue 24's sixteenth round,
`record_labels._numbered_thing`, `pii_rules._Filtered._named_otherwise`). Each test sets a
business's number beside the same number labelled by a phone's word or a person, which is still
caught. The examples are written here; none is copied from a development set.
"""

from __future__ import annotations

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.redactor import Redactor


def test_an_abbreviated_number_word_in_a_form(redactor: Redactor) -> None:
    # Romanian "registration no.", "document number": a filing's numbers.
    assert _kept(redactor, "Nr. înregistrare: 0721 345 678")
    # "Phone no.", "contact number": the same numbers as phones.
    assert _caught(redactor, "Nr. de telefon: 0721 345 678", "0721 345 678")
    assert _caught(redactor, "Număr de contact: 0744 567 123", "0744 567 123")


def test_an_identifier_names_no_phone(redactor: Redactor) -> None:
    # Ukrainian "payment identifier".
    assert _kept(
        redactor,
        "Ідентифікатор платежу;Сума;Дата\n"
        "0501 234 5678;1 200;12.04.2025\n0501 234 5679;900;13.04.2025",
    )
    assert _caught(redactor, "Телефон платника: 0501 234 5678", "0501 234 5678")


def test_a_national_ids_digits_in_a_record(redactor: Redactor) -> None:
    # The tail of a number grouped as a Russian phone, after its bracketed area code, has an
    # SSN's layout: it is that number's tail, and the number is an order's.
    assert _kept(redactor, "Заказ 8 (495) 457-36-5094 — оплачен")
    # Under a record's "<thing> number" label (a building site's), ten digits are its number.
    assert _kept(redactor, "Numéro de chantier: 056-1062285\nMontant: 4 270 395,36 EUR")
    # Named as an SSN, the same digits are one.
    assert _caught(redactor, "SSN: 457-36-5094", "457-36-5094")


def test_a_card_shaped_record_number(redactor: Redactor) -> None:
    # Sixteen digits that pass Luhn under a Russian "registration number": a filing's number.
    assert _kept(redactor, "Регистрационный № декларации: 6201 2025 0001 2345")
    # Called a card (`карты`), they are one.
    text = "Номер карты: 6201 2025 0001 2345"
    assert _caught(redactor, text, "6201 2025 0001 2345")


def test_a_list_of_same_shaped_numbers(redactor: Redactor) -> None:
    # Four numbers of one shape, parted by semicolons, under "please check": a batch of ids.
    text = "Bitte prüfen:\n03-2630-0550; 06-1382-6000; 06-7235-4391; 06-7151-7891"
    assert _kept(redactor, text)
    # Under a phone's word, the same list is a list of phones.
    text = "Bitte zurückrufen, Telefon:\n03-2630-0550; 06-1382-6000; 06-7235-4391"
    assert _caught(redactor, text, "06-1382-6000")


def test_the_number_word_after_its_thing_in_a_key(redactor: Redactor) -> None:
    # A log line's key: `declaratie_nr=` (Dutch and Romanian "declaration no.") names a
    # filing's number, not a phone.
    text = "2026-03-02T10:00:01Z INFO export ok declaratie_nr=0744 567 123 status=ok"
    assert _kept(redactor, text)
    text = "2026-03-02T10:00:01Z INFO sms sent telefon_nr=0744 567 123 status=ok"
    assert _caught(redactor, text, "0744 567 123")

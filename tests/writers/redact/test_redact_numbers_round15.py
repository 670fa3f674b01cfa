"""Personal numbers and their look-alikes, issue 24's fifteenth round (`phone_words.py`, the
phone filter of `pii_rules.py`, `formats/numbers.py`, `formats/columns.py`, `formats/named_ids.py`).
One test per principle, each beside a number of the same form that must still be caught (or
kept). The examples are written here; none is copied from a development set.
"""

from __future__ import annotations

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.formats.columns import cell_span, column_header
from writers.redact.redactor import Redactor


def test_a_text_messages_recipient(redactor: Redactor) -> None:
    # A record of an SMS or a call is addressed by phone numbers, as an e-mail is by addresses.
    text = '{"svc": "sms-outbox", "to": "01719386024", "state": "DELIVRD"}'
    assert _caught(redactor, text, "01719386024")
    pretty = '{\n  "kind": "voice_call",\n  "from": "03214479023",\n  "secs": 41\n}'
    assert _caught(redactor, pretty, "03214479023")
    # The same field in a record of something else (a batch of ids) is no phone.
    assert _kept(redactor, '{"job": "reindex", "to": "01719386024", "state": "done"}')


def test_called_from_in_swahili_and_someones_number_in_urdu(redactor: Redactor) -> None:
    text = "Mteja Halima Said alipiga simu kutoka 255754118902 jana usiku"
    assert _caught(redactor, text, "255754118902")
    assert _caught(redactor, "Usman ka number 0333-5128874 hai, usko bata do", "0333-5128874")
    # Without the verb or the possessive the run is an amount or an id.
    assert _kept(redactor, "Mteja Halima Said amelipa 255754118902 jana usiku")


def test_ph_as_a_records_key(redactor: Redactor) -> None:
    text = '- name: Tevita Naulu\n  ph: "992 4081"\n  town: Lautoka'
    assert _caught(redactor, text, "992 4081")
    # pH of a sample is no phone.
    assert _kept(redactor, "sample 4 pH: 7.41, conductivity 992 µS")


def test_a_table_row_is_named_by_its_row_and_column_not_the_row_above(
    redactor: Redactor,
) -> None:
    # `| Telefon | … |` ends the row above; the figure below is the amount's (its `8.312.004`
    # reads as a number dialled from Russia's trunk 8).
    rows = "| alan | değer |\n|---|---|\n| Telefon | +90 5** *** ** 41 |\n| Tutar | {} TRY |"
    assert _kept(redactor, rows.format("8.312.004,50"))
    # In the same row the phone's word names its cell.
    text = "| alan | değer |\n|---|---|\n| Telefon | 0532 418 22 90 |\n| Tutar | 7.312 TRY |"
    assert _caught(redactor, text, "0532 418 22 90")


def test_a_decimal_comma_after_a_number(redactor: Redactor) -> None:
    assert _kept(redactor, "tel. ödeme: 2.418.990,55 TL tahsil edildi")
    assert _caught(redactor, "tel. 0212 418 99 05, ödeme tahsil edildi", "0212 418 99 05")


def test_turkish_records_numbers_with_no_dotless(redactor: Redactor) -> None:
    # Turkish writes "No" without its dot: `vergi no` is the tax's number, `sipariş no` an order's.
    assert _kept(redactor, "firma vergi no 418-552-907 olarak kayıtlı")
    assert _kept(redactor, "sipariş no 0532 418 2290 kargoya verildi")
    # A phone's own word before it keeps it a phone (`GSM no`: the mobile's number).
    assert _caught(redactor, "GSM no 0532 418 22 90, akşam ara", "0532 418 22 90")


def test_a_customs_declarations_number(redactor: Redactor) -> None:
    assert _kept(redactor, "DUM 301 052 2026 C 0041873 — bureau 309")
    assert _kept(redactor, "Beyanname 418 552 2026 tescil edildi")
    assert _caught(redactor, "DUM bloqué, appelez le 0522 41 88 90", "0522 41 88 90")


def test_no_national_number_from_a_trunk_zero_has_fifteen_digits(redactor: Redactor) -> None:
    # E.164 allows 15 digits with the country code, two digits or more where the trunk is 0.
    assert _kept(redactor, "contact ICE 041552907000041 (société)")
    assert _caught(redactor, "ICE contact: 0171 5529070", "0171 5529070")


def test_a_name_and_a_number_in_one_cell(redactor: Redactor) -> None:
    # A cell is one field: a person's name and a number in it are that person's contact.
    text = "Site,Caretaker,Town\nDepot 4,Tevita Naulu 992 4081,Lautoka"
    assert _caught(redactor, text, "992 4081")
    table = "| ref | warden | amount |\n|---|---|---|\n| A-41 | Anaïs Roux, 6 77 41 22 90 |  12 |"
    assert _caught(redactor, table, "6 77 41 22 90")  # Cameroon prints its numbers so
    # A word that is no name before the number (an item) leaves it an item's number.
    assert _kept(redactor, "Site,Item,Town\nDepot 4,Pallet jack 992 4081,Lautoka")


def test_a_lone_digit_where_the_plan_prints_one(redactor: Redactor) -> None:
    # Hungary dials its trunk 06, then Budapest's one-digit area code: `06 1 …`.
    text = "Irsz.,Gondnok,Város\n1052,Kovács Éva 06 1 418 2290,Budapest"
    assert _caught(redactor, text, "06 1 418 2290")
    # A list of small numbers is no phone.
    assert _kept(redactor, "Irsz.,Lots,Város\n1052,06 1 418 2290,Budapest")


def test_a_number_alone_in_a_signature(redactor: Redactor) -> None:
    sig = "thanks!\n-- \nTevita Naulu\nDepot lead | Vatu Freight\nLautoka\n| 0031 6 71448093 |"
    assert _caught(redactor, sig, "0031 6 71448093")
    # Outside a signature a number no plan assigns yet (`+31 67…`) is read as a code.
    assert _kept(redactor, "batch sizes\n| 0031 6 71448093 |\nsee the sheet")


def test_cell_span_and_quoted_fields() -> None:
    # A quoted CSV field keeps its own commas: the row still has its header's cells.
    rows = 'Order,Amount,Date\n50918833,"1204,50",03.11.2025\n50918834,"88,10",03.11.2025'
    assert column_header(rows, rows.index("88,10")) == "Amount"
    assert column_header(rows, rows.index("03.11.2025\n5")) == "Date"
    text = 'a,b,c\n1,"x, y",Tevita Naulu 992 4081'
    start = text.index("992")
    span = cell_span(text, start)
    assert span is not None and text[span[0] : span[1]] == "Tevita Naulu 992 4081"
    assert cell_span("no table here 992 4081", 14) is None


def test_more_ways_to_give_ones_number(redactor: Redactor) -> None:
    # Swahili "my new number is", Egyptian Arabic in Latin letters "call … on", Turkish's
    # request to call closing the clause after the number.
    assert _caught(redactor, "Namba yangu mpya ni 0722918840, nitumie ujumbe", "0722918840")
    assert _caught(redactor, "kallem el fanni 3ala 01229184402 ba3d el dohr", "01229184402")
    assert _caught(redactor, "vardiya amiri: 05421193380, gece arayın", "05421193380")
    # The same runs named as something else stay ids.
    assert _kept(redactor, "Malipo yangu mpya ni 0722918840 leo")
    assert _kept(redactor, "fatura no 05421193380, gece gönderildi")


def test_a_phone_word_reads_a_dotted_number_as_a_phone(redactor: Redactor) -> None:
    # Italians write a mobile's prefix and the rest parted by a dot; under a phone's own key it
    # is no decimal.
    text = '{"nome": "Marta Gallo", "cellulare": "347.5581204", "citta": "Bari"}'
    assert _caught(redactor, text, "347.5581204")
    assert _kept(redactor, '{"nome": "Marta Gallo", "peso": "347.5581204", "citta": "Bari"}')
    assert _kept(redactor, "tel: 0.162945 s (latency)")

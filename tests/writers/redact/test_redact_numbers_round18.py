"""Numbers of a phone's shape that are no phones, issue 24's seventeenth round (red18-phone:
`id_columns.py`, `formats/numbers.py`, `formats/record_labels.py`, `formats/named_ids.py`,
`addresses.py`). One test per principle, each beside a number of the same form that must still
be caught. The examples are written here; none is copied from a development set.
"""

from __future__ import annotations

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.redactor import Redactor

# A table of records: most of the column's numbers no plan reads as written (bare runs, slashes
# where no plan cuts), two of them happen to be a phone's layout somewhere.
_RECORDS = """| entry | depot | pallets |
|---|---|---:|
| 4410293385 | LHR2 | 14 |
| 030 418 2297 | LHR2 | 3 |
| 771/20/4431 | BCN1 | 9 |
| 58820413307 | BCN1 | 22 |
| 0612 44 87 90 | MUC4 | 1 |
| 90281734 | MUC4 | 6 |"""


def test_a_column_whose_numbers_are_mostly_no_phones_holds_records(redactor: Redactor) -> None:
    assert _kept(redactor, _RECORDS)
    # A tab-separated paste votes the same way.
    tsv = "\n".join(
        "\t".join(c.strip() for c in row.strip("| ").split("|"))
        for row in _RECORDS.splitlines()[2:]
    )
    assert _kept(redactor, tsv)
    # A person's name beside a number makes the row a contact.
    named = _RECORDS.replace("| 030 418 2297 | LHR2 |", "| 030 418 2297 | Maren Holt |")
    assert _caught(redactor, named, "030 418 2297")
    # A header naming a phone makes the column one of phones.
    assert _caught(redactor, _RECORDS.replace("| entry |", "| mobile |"), "030 418 2297")
    # A column whose numbers are mostly phones as written keeps them.
    phones = """| who | depot |
|---|---|
| 030 418 2297 | LHR2 |
| 0612 44 87 90 | MUC4 |
| 0171 552 9034 | BCN1 |
| 4410293385 | BCN1 |"""
    assert _caught(redactor, phones, "030 418 2297")


def test_a_plus_that_cuts_its_country_code_is_a_count(redactor: Redactor) -> None:
    deltas = (
        "rows since Monday:\n```\nsessions      +6 523 118 940\nrefunds       +35 318 072 644\n```"
    )
    assert _kept(redactor, deltas)
    from writers.redact.formats.numbers import plus_opens_a_country_code

    assert not plus_opens_a_country_code("+6 523 118 940")  # 65 cut after its 6
    assert not plus_opens_a_country_code("+302 185 501 766")  # thousands across 30
    assert not plus_opens_a_country_code("+390.295.148.400")
    # A code parted off, or glued to what follows, is a phone's.
    assert plus_opens_a_country_code("+65 6523 1189")
    assert plus_opens_a_country_code("+447911 123456")
    assert plus_opens_a_country_code("+34 612 345 678")
    # The trunk 0 after a code ending in 0 (Egypt's, Malaysia's habit).
    assert plus_opens_a_country_code("+2 0100 123 4567")
    assert _caught(redactor, "whatsapp me on +65 6523 1189", "+65 6523 1189")


def test_a_column_of_signed_counts(redactor: Redactor) -> None:
    # Two of four read as phones with their `+`; the other two cut their country code.
    deltas = (
        "```\nevents        +34 938 417 205\nrefunds       +6 523 118 940\n"
        "sessions      +35 318 072 644\nusers         +81 300 562 118\n```"
    )
    assert _kept(redactor, deltas)
    contacts = "```\nMaren Holt    +34 938 417 205\nIvo Brandt    +81 3 0056 2118\n```"
    assert _caught(redactor, contacts, "+34 938 417 205")


def test_a_warehouse_address_and_a_zip_plus_four(redactor: Redactor) -> None:
    text = "the new warehouse opens at 4120 Lakeview Pkwy, Tulsa, OK 74133-2208 on Monday"
    assert _kept(redactor, text)
    home = "I moved, my place is 4120 Lakeview Pkwy, Tulsa, OK 74133-2208 now"
    assert _caught(redactor, home, "4120 Lakeview Pkwy")
    assert _kept(redactor, "ship the sample kit to the Tulsa, OK 74133-2208 depot")


def test_a_text_that_says_its_numbers_are_no_phones(redactor: Redactor) -> None:
    said = "our old claim refs look like 218-664-0193 or 402.771.3358, they are not phone numbers"
    assert _kept(redactor, said)
    assert _kept(redactor, "a régi azonosító 218-664-0193, egyik sem telefonszám")
    plain = "our old claim refs look like 218-664-0193 or 402.771.3358, ping me"
    assert not _kept(redactor, plain)
    # A number with its `+` is a phone's whatever the text says of the others.
    mixed = "refs like 218-664-0193 are not phone numbers; mine is +44 7700 900 461"
    assert _caught(redactor, mixed, "+44 7700 900 461")


def test_a_records_id_key(redactor: Redactor) -> None:
    assert _kept(redactor, 'shipment:\n  id: "030.418.2297"\n  status: held')
    assert _caught(redactor, 'shipment:\n  phone: "030.418.2297"\n  status: held', "030.418.2297")


def test_a_things_number_after_it_in_turkish(redactor: Redactor) -> None:
    assert _kept(redactor, "0312 418 22 90 numaralı sipariş hâlâ depoda")
    assert _kept(redactor, "0312 418 22 90 ürün kodu güncellendi")
    assert _caught(redactor, "dün 0312 418 22 90 numaralı telefondan aradılar", "0312 418 22 90")


def test_a_number_word_after_its_thing_in_prose(redactor: Redactor) -> None:
    assert _kept(redactor, "poslat je zahtev br. 063 418 2297 juče popodne")
    assert _kept(redactor, "a csomag azonosítója 30 418 2297 lett")
    # A name before the abbreviation is whose number it is.
    assert _caught(redactor, "javi se, Marko br. 063 418 2297", "063 418 2297")


def test_ticket_article_and_record_words(redactor: Redactor) -> None:
    assert _kept(redactor, "티켓 031.418.2297 처리 완료")
    assert _kept(redactor, "артикул 12-4418-2297 больше не выпускается")
    table = "| Datensatz | Lager |\n|---|---|\n| 030 418 2297 | MUC4 |\n| 0171 552 9034 | BCN1 |"
    assert _kept(redactor, table)


def test_what_a_columns_vote_leaves_alone(redactor: Redactor) -> None:
    # A form's fields aligned with spaces are named by their own labels, not by a column.
    form = (
        "Order:         4410293385\nTechnician:    0612 44 87 90\n"
        "Invoice:       58820413307\nPallet:        90281734"
    )
    assert _caught(redactor, form, "0612 44 87 90")
    # A column of a person's numbers, mostly empty, beside columns of records: empty cells
    # keep the columns apart.
    table = """| order | tenant | invoice |
|---|---|---|
| 4410293385 |  | 58820413307 |
| 7710293311 | 030 418 2297 | 58820419912 |
| 4410291187 |  | 58820411175 |"""
    assert _caught(redactor, table, "030 418 2297")

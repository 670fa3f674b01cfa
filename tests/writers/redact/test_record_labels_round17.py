"""A written-out number word on a form's line (`Номер квитанции:`, `Nambari ya kesi:`, `証券番号：`)
names a record's number when the line stands in a form of records: a block of two or more
"<thing> number" fields whose head is the number word, beside the thing it numbers, and no line
naming a person (issue 24's sixteenth round, second pass: `record_labels._form_of_records`).
Each test sets the form beside the same numbers where a lone line or a person's card makes them a
phone's, which are still caught. The examples are written here; none is copied from a development
set.
"""

from __future__ import annotations

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.redactor import Redactor


def test_a_form_of_record_numbers_in_cyrillic(redactor: Redactor) -> None:
    # Russian "receipt number", "contract number": a filing's numbers.
    form = "Номер квитанции: 0812 443 2710\nНомер договора: 0931 557 2046\nСумма: 4 200 руб."
    assert _kept(redactor, form)
    # A person's card: the same label beside a role's is the person's.
    card = "Курьер: Олег Смирнов\nНомер квитанции: 0812 443 2710\nНомер договора: 0931 557 2046"
    assert _caught(redactor, card, "0812 443 2710")


def test_a_form_of_record_numbers_in_swahili(redactor: Redactor) -> None:
    # Swahili "invoice number", "case number", a list's bullets and emphasis around the labels.
    form = "- **Nambari ya ankara**: 0733 910 4482\n- **Nambari ya kesi**: 0722 615 3309"
    assert _kept(redactor, form)
    # A lone line is no form: "the number of" something may be someone's.
    assert _caught(redactor, "Nambari ya ankara: 0733 910 4482", "0733 910 4482")


def test_a_form_of_record_numbers_in_japanese(redactor: Redactor) -> None:
    # Japanese "document number", "contract number", after a fullwidth colon.
    form = "文書番号：03 5521 8874\n契約番号：06 4417 2093\n金額：12,000 円"
    assert _kept(redactor, form)
    # Its phone's word names a phone in the same form.
    assert _caught(redactor, "文書番号：03 5521 8874\n電話番号：06 4417 2093", "06 4417 2093")


def test_a_two_column_csv_of_record_numbers(redactor: Redactor) -> None:
    # Croatian "claim number", "contract number": one comma parts two columns under a header of
    # words, over two rows at least.
    table = "Broj zahtjeva,Broj police\n2025/40417,061 442 9087\n2025/40418,062 553 1194\n"
    assert _kept(redactor, table)
    # Under a phone's header the same column is phones.
    phones = "Ime,Telefon\nAna,061 442 9087\nIvo,062 553 1194\n"
    assert _caught(redactor, phones, "061 442 9087")

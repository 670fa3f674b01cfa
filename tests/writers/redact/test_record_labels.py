"""A business's numbers written like phones, told apart by their labels (`record_labels.py`,
issue 24's fifteenth round). One test per way a record labels a number, each beside the same
number labelled by a person's role or a phone's word, which is still caught. The examples are
written here; none is copied from a development set.
"""

from __future__ import annotations

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.redactor import Redactor


def test_a_json_key_that_names_a_thing(redactor: Redactor) -> None:
    # A French meter's number written as a French mobile: the key names the meter.
    assert _kept(redactor, '{\n  "site": "Lyon",\n  "compteur": "06 47 21 93 05"\n}')
    # The same number under a driver's key is the driver's phone; with its `+` country code it
    # is a phone whatever the key says.
    text = '{\n  "site": "Lyon",\n  "chauffeur": "06 47 21 93 05"\n}'
    assert _caught(redactor, text, "06 47 21 93 05")
    text = '{\n  "site": "Lyon",\n  "compteur": "+33 6 47 21 93 05"\n}'
    assert _caught(redactor, text, "+33 6 47 21 93 05")


def test_a_form_label_that_names_a_thing(redactor: Redactor) -> None:
    # `Vertragskonto`, `Zählernr.`: German compounds on a contract and a meter.
    assert _kept(redactor, "Vertragskonto:   0171 4829305\nZählernr.:       0151 2290417")
    text = "Vertragskonto:   8841 2290\nTel. Fahrer:     0171 4829305"
    assert _caught(redactor, text, "0171 4829305")


def test_the_field_cell_of_a_table_of_fields(redactor: Redactor) -> None:
    # A table of fields and values: the cell before the value names it (`Contatore`, a meter).
    table = "| area | campo | valore |\n|---|---|---|\n| utilities | Contatore | 347 812 9043 |"
    assert _kept(redactor, table)
    # Italian "Autista": the driver, a person's role, and his mobile.
    table = "| area | campo | valore |\n|---|---|---|\n| logistics | Autista | 347 812 9043 |"
    assert _caught(redactor, table, "347 812 9043")


def test_a_column_header_in_any_script(redactor: Redactor) -> None:
    # A Thai CSV: the column "order" (คำสั่งซื้อ) holds numbers written as Thai mobiles.
    rows = "คำสั่งซื้อ;วันที่;ยอดรวม\n081 234 5678;01/03/2026;1,250.00\n089 771 0342;02/03/2026;980.00"
    assert _kept(redactor, rows)
    # The column "phone" (โทรศัพท์) holds phones.
    rows = "โทรศัพท์;วันที่;ยอดรวม\n081 234 5678;01/03/2026;1,250.00\n089 771 0342;02/03/2026;980.00"
    assert _caught(redactor, rows, "081 234 5678")


def test_the_label_of_a_list_names_its_items(redactor: Redactor) -> None:
    # `Pedido (retail):` names each number of its list, the third as well as the first.
    text = "Pedido (retail): 612 345 901, 655 812 340, 691 022 718"
    assert _kept(redactor, text)
    # A customer's number in a business's books is the customer's account, not a phone.
    assert _kept(redactor, "Customer no. (retail): 0412 889 301, 0413 275 660")
    # "In case of emergency" names no case: the number is someone to call.
    text = "In case of emergency: 0412 889 301"
    assert _caught(redactor, text, "0412 889 301")

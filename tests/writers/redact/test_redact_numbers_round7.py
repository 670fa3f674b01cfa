"""Look-alike numbers, issue 24's seventh round (`writers/redact/published_ibans.py`,
`id_columns.py`, `card_elements.py`, the phone filters of `pii_rules.py`, `addresses.py`). One
test per principle, each beside the personal number of the same form that must still be caught.
The examples are written here; none is copied from the development sets 29-33.
"""

from __future__ import annotations

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.published_ibans import PUBLISHED_IBANS, published_iban
from writers.redact.redactor import Redactor
from writers.redact.values.checksums import iban_ok


def test_every_published_example_iban_passes_its_check() -> None:
    # A column of the table run into the next would fail the check: each entry is one IBAN.
    assert len(PUBLISHED_IBANS) == 82
    assert all(iban_ok(iban) for iban in PUBLISHED_IBANS)
    assert published_iban("gb82 west 1234 5698 7654 32") and not published_iban("GB82WEST")


def test_a_standards_example_iban_is_kept_wherever_it_stands(redactor: Redactor) -> None:
    assert _kept(redactor, "wire it to NL91 ABNA 0417 1643 00 and tell me")
    assert _kept(redactor, "the validator's placeholder: AT611904300234573201")
    assert _kept(redactor, "IBAN GB82 WEST 1234 5698 7654 32 thanks")
    assert _kept(redactor, "payee FR14 2004 1010 0505 0001 3M02 606 (from the docs)")
    # One digit away from an example, it is an account again.
    assert _caught(
        redactor, "wire it to NL59 ABNA 0417 1643 91 and tell me", "NL59 ABNA 0417 1643 91"
    )
    assert _caught(
        redactor, "IBAN GB55 WEST 1234 5698 7654 33 thanks", "GB55 WEST 1234 5698 7654 33"
    )


_MANIFEST = (
    "parcels left on the dock:\n```\n"
    "618-30572914  4 BOXES  12 KG  A-07\n"
    "302-77150428  9 BOXES  31 KG  B-11\n"
    "131-60472875  2 BOXES  5 KG  A-02\n"
    "047-90218834  6 BOXES  18 KG  C-04\n```"
)


def test_a_column_of_same_shaped_numbers_is_a_column_of_ids(redactor: Redactor) -> None:
    assert _kept(redactor, _MANIFEST)
    # A column of phone numbers says so: its `+` country codes, or its header.
    rota = (
        "rota:\n```\nmon  alice  +44 7700 900123\ntue  bob    +44 7700 900456\n"
        "wed  carol  +44 7700 900789\n```"
    )
    assert _caught(redactor, rota, "+44 7700 900456")
    listing = "name   phone\nAna    0612345671\nBen    0623456782\nCleo   0634567893\n"
    assert _caught(redactor, listing, "0612345671")
    # Alone, the same number is read as a phone.
    assert _caught(redactor, "ring me on 131-60472875", "131-60472875")


def test_a_tab_parts_fields_and_a_decimal_is_no_phone(redactor: Redactor) -> None:
    assert _kept(redactor, "latency by shard: 48213\t0.231775 and 3321\t0.1427")
    assert _caught(redactor, "her mobile: 06 12345678", "06 12345678")


def test_a_number_glued_by_a_slash_to_a_word_is_a_record_field(redactor: Redactor) -> None:
    assert _kept(redactor, "ticket element: TKT 080-4571234567/ETKT/USD120.00 reissued")
    assert _caught(redactor, "ticket holder's number: 080-4571234567 / ETKT", "080-4571234567")


def test_a_house_number_starts_its_number(redactor: Redactor) -> None:
    report = (
        "plugin   sev     name\n40012    Medium  SSL Version 2.0 Protocol Detection\n"
        "51192    Low     SSH Weak Algorithms\n"
    )
    assert _kept(redactor, report)
    assert _kept(redactor, "patch CVE-2023-4863 Critical Drive firmware first")
    assert _kept(redactor, "GPU 0 Memory Lane usage at 98%")
    assert _caught(redactor, "ship it to 20 Protocol Drive, Springfield 51192", "20 Protocol Drive")
    assert _caught(redactor, "she moved to 4863 Critical Drive", "4863 Critical Drive")


def test_a_card_glued_to_its_network_code_with_an_expiry_is_a_card(redactor: Redactor) -> None:
    assert _caught(redactor, "FP CCCA5425233430109903/0828 on the booking", "5425233430109903")
    assert _caught(redactor, "FOP: CCDS6011-1234-5678-9019/11/27", "6011-1234-5678-9019")
    # Masked to its last four digits, or glued to a code with no expiry, no card is left.
    assert _kept(redactor, "FP CCCAXXXXXXXXXXXX9903/0828 on the booking")
    assert _kept(redactor, "ref INV5425233430109903 booked")


def test_a_remark_in_brackets_after_a_phone_is_not_part_of_it(redactor: Redactor) -> None:
    assert _caught(redactor, "night desk: +91 98450 12345 (24/7)", "+91 98450 12345")
    assert _caught(redactor, "office +44 20 7946 0958 (ask for Sam)", "+44 20 7946 0958")


def test_thousands_behind_a_lone_zero_are_a_parts_number(redactor: Redactor) -> None:
    assert _kept(redactor, "spares: pump seal 0 412 885 301, filter 0 455 672 918")
    # Called a phone, or grouped by area code, the same lone 0 opens one.
    assert _caught(redactor, "her mobile is 0 412 885 301", "0 412 885 301")
    assert _caught(redactor, "spares desk: 0 20 7946 0958", "0 20 7946 0958")


def test_a_column_of_numbers_beside_names_holds_phones(redactor: Redactor) -> None:
    contacts = (
        "```\nAlice Moreau   06-41722953\nBen Okafor     06-58310446\n"
        "night desk     06-27745810\n```"
    )
    assert _caught(redactor, contacts, "06-41722953")
    assert _caught(redactor, contacts, "06-27745810")
    by_mail = "a.moreau@example.org  06-41722953\nb.okafor@example.org  06-58310446\n" * 2
    assert _caught(redactor, by_mail, "06-58310446")
    # Cells parted by a table's bars are fields too.
    table = (
        "| 618-30572914 | 4 PCS | AMS-LHR |\n| 302-77150428 | 9 PCS | AMS-CDG |\n"
        "| 131-60472875 | 2 PCS | AMS-FRA |\n| 047-90218834 | 6 PCS | AMS-MAD |"
    )
    assert _kept(redactor, table)

"""Personal numbers and their look-alikes, issue 24's twelfth round (`phone_words.py`, the phone
and SSN filters of `pii_rules.py`, `formats/numbers.py`, `formats/named_ids.py` and two rules of
`formats/table.py`). One test per principle, each beside a number of the same form that must
still be caught (or kept). The examples are written here; none is copied from a development set.
"""

from __future__ import annotations

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.phone_words import field_key, grouped_as_its_plan
from writers.redact.redactor import Redactor
from writers.redact.values.checksums import clabe_ok


def test_an_ssn_is_printed_three_two_four(redactor: Redactor) -> None:
    # Five digits, a hyphen and four are a ZIP+4's or a client-matter number's layout.
    for text in (
        "open files this month:\n• 28416-0057 – estate planning",
        "rejected upload for folder 61022-0131, retry later",
    ):
        assert "us_ssn" not in {f.kind for f in redactor.findings(text)}
    # The SSN's own layout is still caught, and a 5-4 the text calls an SSN.
    assert _caught(redactor, "the W-9 lists 512-40-3318 for the contractor", "512-40-3318")
    assert _caught(redactor, "SSN: 51240-3318 (typed badly)", "51240-3318")


def test_a_number_parted_once_is_parted_as_people_part_it() -> None:
    # After its first group (the area code) or into halves, not inside the plan's groups.
    assert grouped_as_its_plan("3312 3456", ("DK",))
    assert grouped_as_its_plan("06-12345678", ("FR",))
    assert not grouped_as_its_plan("12782-0019", ("PL",))  # `12 782 00 19` read 5-4


def test_a_records_value_is_named_by_its_own_key(redactor: Redactor) -> None:
    # A radio cell's key further back on the line names its own field, not this one.
    assert _kept(redactor, '{"site": "BDG-14", "cell": "B3", "octets_in": 58120447}')
    assert _kept(redactor, "gNB=4410 cell=2 NCI=83350213 band=n78")
    assert field_key("gNB=4410 cell=2 NCI=83350213", 20) == "NCI"
    # A phone's key names its value; a label that is no record's key reads as before.
    assert _caught(redactor, '{"site": "BDG-14", "mobile": "0171 5523418"}', "0171 5523418")
    assert _caught(redactor, "name=Rudi gsm=0612345678 shift=night", "0612345678")
    assert field_key("Phone number: 0612", 14) is None


def test_a_companys_and_a_sequence_number_are_ids(redactor: Redactor) -> None:
    assert _kept(redactor, "Leverandør: Bergfoss AS, org.nr. 918 264 073")
    assert _kept(redactor, "roaming file DEUTD, seq 04471-22816, rejected")
    assert _caught(redactor, "Bergfoss AS, kontakt 918 26 407", "918 26 407")


def test_a_number_of_a_years_series_is_no_phone(redactor: Redactor) -> None:
    assert _kept(redactor, "see the ruling in CA 071/2024 and DEC 12/2019")
    assert _caught(redactor, "Büro Jena: 03641/283311", "03641/283311")


def test_an_extension_is_part_of_the_phone(redactor: Redactor) -> None:
    text = "front desk (Lyon): 04 72 18 33 90 poste 218, ask for Inès"
    assert _caught(redactor, text, "04 72 18 33 90 poste 218")
    # The bracket the extension opened closes with it.
    office = "Büro: 0341 2290 118 (Durchwahl 44), sonst Mail"
    assert [office[f.start : f.end] for f in redactor.findings(office)] == [
        "0341 2290 118 (Durchwahl 44)"
    ]


def test_a_bracket_after_a_whole_number_is_a_remark(redactor: Redactor) -> None:
    assert _caught(redactor, "duty engineer: +254 (0)722 418 306 (nights)", "+254 (0)722 418 306")
    assert _caught(redactor, "office +44 (20) 7946 0958", "+44 (20) 7946 0958")


def test_a_phone_named_by_more_words(redactor: Redactor) -> None:
    assert _caught(redactor, "| nombre | fono |\n|---|---|\n| Inés | 9 7124 8830 |", "9 7124 8830")
    assert _caught(redactor, "vakttelefon, direkte: 41 88 20 17", "41 88 20 17")
    assert _caught(redactor, "por favor márcale al 5548201937 hoy", "5548201937")
    assert _caught(redactor, "kontak vendor WA 6285712044318", "6285712044318")

    # A US state after its city is no WhatsApp: the text reads as with any other state.
    def kinds(text: str) -> set[str]:
        return {f.kind for f in redactor.findings(text)}

    assert kinds("Seattle, WA 98101-1234 site") == kinds("Seattle, OR 98101-1234 site")


def test_a_clabe_named_and_checked_is_an_account(redactor: Redactor) -> None:
    assert clabe_ok("002526018159083015")
    assert not clabe_ok("002526018159083016")
    assert _caught(redactor, "mi CLABE: 0146 6131 8609 1390 91", "0146 6131 8609 1390 91")
    assert _caught(
        redactor, "CLABE interbancaria 072960308246281945 (Banorte)", "072960308246281945"
    )
    # Its check decides: a wrong last digit is a typo or no CLABE; unnamed, 18 digits are an id.
    assert _kept(redactor, "CLABE 072960308246281946 rebotó")
    assert _kept(redactor, "folio 072960308246281945 del SAT")


def test_a_card_wrapped_over_lines_is_one_card(redactor: Redactor) -> None:
    text = "la tarjeta de la empresa:\n5412 7390\n0815 3078\nvence 11/29"
    assert _caught(redactor, text, "5412 7390\n0815 3078")
    # Its check decides: two lines of figures that fail it are figures.
    assert _kept(redactor, "card batch totals:\n5412 7390\n0815 3079")

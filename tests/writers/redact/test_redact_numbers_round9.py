"""Personal numbers and their look-alikes, issue 24's ninth round (`phone_words.py`, the phone,
address and id filters of `pii_rules.py` and `formats/` in `writers/redact`). One test
per principle, each beside the personal number of the same form that must still be caught. The
examples are written here; none is copied from the development sets 39, 41, 42 and 44.
"""

from __future__ import annotations

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.phone_words import grouped_as_its_plan
from writers.redact.pii_rules import PHONE_REGIONS
from writers.redact.redactor import Redactor


def test_digits_grouped_as_a_plan_groups_them_are_a_phone() -> None:
    # A plan's own groups, or two groups cut where the plan cuts, or a long group in halves.
    for phone in (
        "415.555.2671", "1-415-555-2671", "06.12.34.56.78", "0471 23 45 67", "044 668 18 00",
        "020 7946 0958", "0 20 7946 0958", "07811 204 377", "030 1234 5678", "3312 3456",
        "(11) 98765-4321", "090-1234-5678", "0171/4455667",
    ):  # fmt: skip
        assert grouped_as_its_plan(phone, PHONE_REGIONS), phone
    # A tariff's code (four digits, then pairs), a tax number's 3-3-3-2, a company's register.
    codes = ("8517.62.00", "8471.30.10.90", "0813.40.95", "241.870.336-52", "12.345.678/0001-95")
    for code in codes:
        assert not grouped_as_its_plan(code, PHONE_REGIONS), code


def test_a_code_in_a_phones_layout_is_kept_unless_called_a_phone(redactor: Redactor) -> None:
    assert _kept(redactor, "Warenposition 8517.62.00 und 8471.30.10.90 verzollt")
    assert _kept(redactor, "tariff line 0813.40.95 applies to dried fruit")
    # The same digits called a phone are one, however they are grouped.
    assert _caught(redactor, "Tel. 0813.40.95", "0813.40.95")
    assert _caught(redactor, "rappelez le 06.12.34.56.78 svp", "06.12.34.56.78")
    assert _caught(redactor, "try 415.555.2671 after lunch", "415.555.2671")


def test_a_dotted_quad_glued_to_a_code_by_a_colon_is_no_host(redactor: Redactor) -> None:
    # A meter's register (OBIS: `A-B:C.D.E.F`) ends in a dotted quad; no host is written so.
    assert _kept(redactor, "register 1-0:2.8.0.255 and 0-0:96.1.0.255 read 0412.7 kWh")
    assert _caught(redactor, "the scan came from 8.8.4.4 twice", "8.8.4.4")
    assert _caught(redactor, "peer:8.8.4.4 dropped", "8.8.4.4")
    assert _caught(redactor, "ssh -L 9000:8.8.4.4:22 jump", "8.8.4.4")  # a port, then a host


def test_a_number_inside_a_code_span_after_other_characters_is_part_of_it(
    redactor: Redactor,
) -> None:
    assert _kept(redactor, "the top line reads `R 07 811 204` on the form")
    assert _caught(redactor, "the top line reads `07811 204 377`", "07811 204 377")
    assert _caught(redactor, "mobile `R 07 811 204`", "07 811 204")


def test_a_cell_after_a_csv_name_is_that_things_number(redactor: Redactor) -> None:
    assert _kept(redactor, "Device Serial Number:,07811 204 377\nFirmware,2.4")
    assert _caught(redactor, "Mobile Number:,07811 204 377\n", "07811 204 377")


def test_an_id_joined_by_a_hyphen_names_the_things_id(redactor: Redactor) -> None:
    # An 11-digit run that passes a national id's check is the thing's id when so named.
    assert _kept(redactor, "die Geräte-ID 44051401458 ist neu")
    assert _caught(redactor, "PESEL 44051401458", "44051401458")


def test_a_count_is_no_national_id(redactor: Redactor) -> None:
    assert _kept(redactor, "outs:\n- size: 44051401458\n  nfiles: 12")
    assert _caught(redactor, "pesel: 44051401458", "44051401458")


def test_more_plans_and_number_words(redactor: Redactor) -> None:
    # Mexico's `+52 1` mobile prefix (the plan's until 2019), Argentina's `0 11 15 …` mobile
    # and a Turkish `0 (5xx)` mobile; "number" in Czech and Turkish; German phone compounds.
    assert _caught(redactor, "WhatsApp +52 1 81 2345 6789", "+52 1 81 2345 6789")
    assert _caught(redactor, "tel. 011 15-2345-6789", "011 15-2345-6789")
    assert _caught(redactor, "numaram 0 (532) 123 45 67", "0 (532) 123 45 67")
    assert _caught(redactor, "moje číslo je 731 204 377", "731 204 377")
    assert _caught(redactor, "Handynummer 07811 204 377", "07811 204 377")
    assert _kept(redactor, "číslo objednávky 731 204 377")
    assert _kept(redactor, "sipariş numarası 731 204 377")
    assert _kept(redactor, "tilausnumero 0412 345 678 lähetetty")  # a compound on -numero
    assert _caught(redactor, "puhelinnumero 0412 345 678", "0412 345 678")


def test_a_card_named_in_more_languages_is_kept_a_card(redactor: Redactor) -> None:
    # `kortnummer` reads as a thing's number; the thing is a card, and the card is caught.
    assert _caught(redactor, "kortnummer 3456-789012-34564 fra kunden", "3456-789012-34564")
    assert _kept(redactor, "artikelnummer 3456-789012-34564")


def test_a_cpf_is_judged_by_its_check_digits(redactor: Redactor) -> None:
    # Brazil's CPF, `ddd.ddd.ddd-dd`, ends in two mod-11 check digits: with them right it is a
    # person's tax number (not a phone's layout); with them wrong it is a test's input.
    found = redactor.redact("CPF do aluno: 529.982.247-25").findings
    assert [f.kind for f in found] == ["national_id"]
    assert _caught(redactor, "o cpf 529.982.247-25 foi trocado", "529.982.247-25")
    assert _kept(redactor, "rejeita 529.982.247-26 e 111.111.111-11 (DV)")

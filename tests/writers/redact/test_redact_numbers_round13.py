"""Personal numbers and their look-alikes, issue 24's thirteenth round (`phone_words.py`, the
phone and IP filters of `pii_rules.py`, `formats/numbers.py`, `formats/named_ids.py` and
`id_columns.py`). One test per principle, each beside a number of the same form that must still
be caught (or kept). The examples are written here; none is copied from a development set.
"""

from __future__ import annotations

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.redactor import Redactor


def test_a_digit_a_plan_added_may_stand_apart(redactor: Redactor) -> None:
    # Brazil's mobiles gained a 9 before their eight digits; people write it apart.
    text = "celular novo da Ana: 31 9 7742-1865, pode ligar"
    assert _caught(redactor, text, "31 9 7742-1865")
    assert _caught(redactor, "contato +55 (31) 9 7742-1865", "+55 (31) 9 7742-1865")
    assert _caught(redactor, "cel 85 9 9120-4431.", "85 9 9120-4431")
    # Not called a phone, a lone digit inside digits is a list's or a version's.
    assert _kept(redactor, "lotes 31 9 7742-1865 conferidos")
    assert _kept(redactor, "the unit reports 130.0.2091.95 after the patch")


def test_cel_labels_only_the_number_right_after_it(redactor: Redactor) -> None:
    assert _caught(redactor, "Cel: 55 3021 8877 (la oficina no contesta)", "55 3021 8877")
    # UCUM's Celsius in a record is no phone's label.
    assert _kept(redactor, '{"unit": "Cel", "code": "8310-5", "value": 36.6, "id": "73361402"}')


def test_a_persons_own_number_in_arabic(redactor: Redactor) -> None:
    assert _caught(redactor, "هادا الرقم ديالها 0661-42-17-90 صيفطو ليها", "0661-42-17-90")
    assert _caught(redactor, "رقمي الجديد: ٠٦ ٥٢ ١٨ ٣٣ ٠٧", "٠٦ ٥٢ ١٨ ٣٣ ٠٧")
    # "The number of" a booking or a lease is that thing's.
    assert _kept(redactor, "رقم الحجز ٤٧١٢٩٣٨٨، الغرفة 512")


def test_a_request_to_call_after_a_number_names_it(redactor: Redactor) -> None:
    assert _caught(redactor, "el supervisor de noche: 987214433, llámenlo si falla", "987214433")
    assert _caught(redactor, "vendor genset 081377220914 (WA aja ya)", "081377220914")
    # An id named as one stays an id, whatever is asked after it.
    assert _kept(redactor, "order 98721443, call the customer about it")


def test_a_number_beside_an_e_mail_address_in_any_plan(redactor: Redactor) -> None:
    # A contact line: a Vietnamese number written from its country code without `+`.
    text = "chủ shop: banhmi.ha92@gmail.com / 84912775031"
    assert _caught(redactor, text, "84912775031")
    # An order's number named as one, on the same line, is the order's.
    found = redactor.findings("banhmi.ha92@gmail.com, đơn hàng 84912775031 đã giao")
    assert "phone" not in {f.kind for f in found}


def test_a_law_firms_matters_and_workspaces_are_ids(redactor: Redactor) -> None:
    assert _kept(redactor, "python -m billing.export --matter 41876-0032 --month 2025-02")
    assert _kept(redactor, "moved (workspace 23119-0087, id 7f3c2a10)")
    assert _kept(
        redactor, "date,matter,hours\n2025-02-03,41876-0032,1.5\n2025-02-04,23119-0087,0.2"
    )
    assert _kept(redactor, "pn,sn,tail\n066-37812-4410,C118402,PR-XYZ\n066-30977-1275,C551020,JA81")
    # A phone beside them is still one.
    assert _caught(redactor, "matter 41876-0032, client's mobile 0171 4432871", "0171 4432871")


def test_a_lists_heading_names_its_items(redactor: Redactor) -> None:
    assert _kept(redactor, "new matters this month:\n• 41876-0032 – merger\n• 23119-0087 – lease")
    assert _kept(redactor, "nouveaux dossiers :\n- 41876-0032 – bail\n- 23119-0087 – fusion")
    # A list of contacts is a list of phones.
    assert _caught(
        redactor,
        "contacts for the night:\n• 0171 4432871 – Jonas\n• 0160 9932145 – Mia",
        "0171 4432871",
    )


def test_a_fixed_width_listings_column(redactor: Redactor) -> None:
    listing = (
        "```\n"
        "LH4411   2025-03-02 FRA-OSL 0715 0955\n"
        "LH4415   2025-03-02 FRA-BGO 2350 0140\n"
        "SK1822   2025-03-03 OSL-FRA 1105 1340\n"
        "```"
    )
    assert _kept(redactor, listing)
    # Beside a name on its row, a number is a phone's.
    assert _caught(redactor, "on call\nJonas Berg 2350 0140\n", "2350 0140")


def test_figures_with_units_are_no_words_in_an_id_column(redactor: Redactor) -> None:
    table = (
        "late payments:\n"
        "A-2025-118  41876-0032  EUR 12,400.00  45 days\n"
        "A-2025-131  23119-0087  EUR 3,100.50  61 days\n"
        "A-2025-140  30761-0019  EUR 880.00  12 Tage"
    )
    assert _kept(redactor, table)


def test_a_revised_document_is_no_phone(redactor: Redactor) -> None:
    assert _kept(redactor, "apply SB 767 28-0412 rev 3 at the next A-check")
    assert _caught(redactor, "call 767 280 4123 to review", "767 280 4123")


def test_an_update_goes_to_a_version(redactor: Redactor) -> None:
    assert _kept(redactor, "atualizem o agente de voo para a 6.12.3.8 hoje")
    assert _kept(redactor, "please upgrade the EFB client to 9.4.1.7 before Friday")
    # An address updated as an address stays one.
    assert _caught(redactor, "update the A record to 52.14.88.201 tonight", "52.14.88.201")
    assert _caught(redactor, "partner SFTP moved to 178.62.4.19", "178.62.4.19")


def test_a_person_named_in_vietnamese_before_a_number(redactor: Redactor) -> None:
    assert _caught(redactor, "giao hàng gọi chị Hoa 0936.118.402 nhé", "0936.118.402")
    assert _caught(redactor, "anh Tuấn: 0987 220 415", "0987 220 415")
    # A kinship word with no name after it is no person named.
    found = redactor.findings("đơn của anh 0987220415 đã giao")
    assert "phone" not in {f.kind for f in found}


def test_a_request_to_speak_with_or_contact_someone(redactor: Redactor) -> None:
    assert _caught(redactor, "Dúvidas, falar com Rita Antunes: 41 9 8812-3304", "41 9 8812-3304")
    text = "Para o turno: contactar o supervisor (Rui Costa) pelo 912 804 377 antes das 6."
    assert _caught(redactor, text, "912 804 377")
    # A request about a thing is no request to call its number.
    assert _kept(redactor, "talk to the vendor about order 81240377 before Friday")


def test_the_number_of_a_person_in_arabic(redactor: Redactor) -> None:
    text = "رقم الزبون اللي رجع الكارط ف الصندوق 4: 0661420917 عافاكم"
    assert _caught(redactor, text, "0661420917")
    # A booking's number is the booking's.
    assert _kept(redactor, "رقم الحجز 66142091، الغرفة 214")


def test_call_verbs_in_romanian_and_in_arabizi(redactor: Redactor) -> None:
    assert _caught(redactor, "vrea să fie sunată înapoi pe 0741 220 318 mâine", "0741 220 318")
    assert _caught(redactor, "ila ma jach 3iyto 3la 0661420917 daba", "0661420917")


def test_an_international_prefix_needs_a_country(redactor: Redactor) -> None:
    # No country has the code 0: fifteen digits from `000` are a company's id.
    assert _kept(redactor, "facture : ICE 000318224610047, RC 51822 Rabat")
    assert _caught(redactor, "call me on 0049 171 5523418", "0049 171 5523418")


def test_a_tables_value_is_named_by_its_own_column(redactor: Redactor) -> None:
    # A matter number beside an SSN column is no SSN; the SSN's own column names it.
    text = "custodian,ssn,matter\nCU-11,512-40-3318,28416-0057"
    assert {f.kind for f in redactor.findings(text)} == {"us_ssn"}
    assert _caught(redactor, text, "512-40-3318")
    assert _caught(redactor, "name,ssn,dept\nLi,512403318,HR", "512403318")

"""Look-alike numbers, issue 24's sixth round (`writers/redact/pii_rules.py`, the number parts of
`public_forms.py` and `formats/numbers.py`'s `phone_layout_ok`). One test per principle, each
beside the personal number of the same form that must still be caught. The examples are written
here, in other words, languages and layouts than the development sets 16-19; none is copied from
them.
"""

from __future__ import annotations

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.redactor import Redactor

# Check digits computed for these examples: Verhoeff for the Aadhaar number, Luhn for the card.
_AADHAAR = "496138205708"
_CARD = "4929 1405 6237 0019"


def test_a_number_followed_by_a_unit_is_a_quantity(redactor: Redactor) -> None:
    assert _kept(redactor, "heap after the GC pass: 712 408 331 bytes live")
    assert _kept(redactor, "Speicher frei: 523.360.905 B auf /var/cache")
    assert _kept(redactor, "kép mérete 612 345 678 B")
    assert _kept(redactor, "the meter read 0612 3456 kWh")
    # The same digits with no unit after them, called a phone, are still one.
    assert _caught(redactor, "ring me on 612 345 678 tomorrow", "612 345 678")
    assert _caught(redactor, "rappelle-moi au +33 6 12 34 56 78 s'il te plaît", "+33 6 12 34 56 78")
    assert _caught(redactor, "bel 0612345678 s.v.p.", "0612345678")
    assert _caught(redactor, "Call 0800 123 4567 lines open 9-5", "0800 123 4567")


def test_a_row_of_a_hex_dump_is_bytes(redactor: Redactor) -> None:
    row = f"00000040: 3434 3131 2031 3131 3120 3131 3131 2030  {_CARD}"
    assert _kept(redactor, row)
    assert _caught(redactor, f"card {_CARD} was declined", _CARD)


def test_one_digit_opens_a_phone_only_as_a_trunk_prefix_or_country_code(
    redactor: Redactor,
) -> None:
    assert _kept(redactor, "Hologic logged 6-1881830945 against the scanner")
    assert _kept(redactor, "Thermo opened SR 6-1881830945 for the block")
    # A trunk prefix (0) or a `+` country code opens a phone number with one digit.
    assert _caught(redactor, "call me on 0 20 7946 0958", "0 20 7946 0958")
    assert _caught(redactor, "call me on +7 912 345-67-89", "+7 912 345-67-89")


def test_a_version_word_names_the_number_in_an_aligned_listing_and_other_languages(
    redactor: Redactor,
) -> None:
    assert _kept(redactor, "BIOS Version                     : 86.00.41.00.12")
    assert _kept(redactor, "Version du firmware : 3.1.7.22")
    assert _kept(redactor, "Version du pilote : 535.183.01")
    assert _kept(redactor, 'AssemblyInformationalVersion("3.10.1839.22041")')
    # A dotted French phone number and an address with no version word are still redacted.
    assert _caught(redactor, "son portable : 06.12.34.56.78", "06.12.34.56.78")
    assert _caught(redactor, "the VPN gateway is 81.2.69.160", "81.2.69.160")


def test_a_pinned_requirement_is_a_version(redactor: Redactor) -> None:
    assert _kept(redactor, "libfoo~=3.4.1.20 in requirements.txt")
    assert _kept(redactor, "gem 'nokogiri', '~> 81.15.4.1'")
    assert _kept(redactor, "constraints: fastkv>=12.2.1.103")
    # An address after `@` or a port forward is a host's.
    assert _caught(redactor, "ssh deploy@81.2.69.160", "81.2.69.160")
    assert _caught(redactor, "ssh -L 8080:81.2.69.160:22 bastion", "81.2.69.160")


def test_digits_glued_by_a_colon_to_an_identifier_are_a_position_in_it(
    redactor: Redactor,
) -> None:
    assert _kept(redactor, ">chr12:4410-58213 exon 3")
    assert _kept(redactor, "see loader_v2.py:1120-11850 for the loop")
    # A word for a phone glued to its number still labels it.
    assert _caught(redactor, "Tel:06-12345678", "06-12345678")


def test_a_bare_run_is_an_aadhaar_only_when_named_or_grouped(
    redactor: Redactor,
) -> None:
    assert _kept(redactor, f"sample count was {_AADHAAR} at the cutoff")
    assert _kept(redactor, f"release 1:{_AADHAAR}:web:00aa11bb22 is live")
    assert _caught(redactor, f"Aadhaar: {_AADHAAR}", _AADHAAR)
    assert _caught(redactor, "my aadhar no is 4961 3820 5708", "4961 3820 5708")


def test_a_lowercase_hex_run_in_a_nino_shape_is_a_hash(redactor: Redactor) -> None:
    assert _kept(redactor, "git log --oneline\nab123456c fix the loader\ncd654321a bump deps")
    assert _caught(redactor, "NI number AB 12 34 56 C", "AB 12 34 56 C")
    assert _caught(redactor, "national insurance jk123456a", "jk123456a")


def test_a_card_of_few_digits_called_a_test_card_is_a_networks_test_number(
    redactor: Redactor,
) -> None:
    assert _kept(redactor, "Adyen test card 5555 5555 5555 4444 in sandbox")
    assert _kept(redactor, "Testkarte 4111 1111 1111 1111, beliebiges Ablaufdatum")
    # Named a test card right before it, a card of any digits is the provider's test number.
    assert _kept(redactor, f"Braintree sandbox card: {_CARD}")
    # A real card's many different digits stay a card, test words or not; so do a network's
    # test digits with no word calling them a test.
    assert _caught(redactor, f"tested it on my own card {_CARD} and it worked", _CARD)
    assert _caught(redactor, "card 4111 1111 1111 1111 was declined", "4111 1111 1111 1111")


def test_a_number_with_its_country_code_and_a_possible_length_is_a_phone(
    redactor: Redactor,
) -> None:
    # Ranges not assigned (yet) are still someone's number once written with a `+`.
    assert _caught(redactor, "bel me terug op +31 6 94411827 na vijf uur", "+31 6 94411827")
    assert _caught(redactor, "vendor contact: +33 6 94 21 08 57", "+33 6 94 21 08 57")
    assert _caught(redactor, "SMS the code to +44 7700 900123", "+44 7700 900123")
    # A `+` with no country's length behind it is a count.
    assert _kept(redactor, "the diff was +1234567 lines")


def test_a_field_named_as_a_phone_in_code_holds_a_phone(redactor: Redactor) -> None:
    assert _caught(redactor, "SUPPORT_PHONE=06-69811234", "06-69811234")
    assert _caught(redactor, "escalationMobile=06-69811234", "06-69811234")
    # A field named otherwise holds its own number.
    assert _kept(redactor, "RETRY_BACKOFF=06-69811234")


def test_a_number_one_is_asked_to_call_is_a_phone_in_other_languages(
    redactor: Redactor,
) -> None:
    assert _caught(redactor, "bel me op 0612345678", "0612345678")
    assert _caught(redactor, "ruf mich an unter 015112345678", "015112345678")
    assert _caught(redactor, "appelle-moi au 0612345678", "0612345678")
    assert _caught(redactor, "chiamami al 3471234567", "3471234567")
    # A bare run of digits nobody is asked to call is an id or an amount.
    assert _kept(redactor, "the importer skipped 0612345678 after the retry")


def test_an_amount_with_its_currency_is_an_amount(redactor: Redactor) -> None:
    assert _kept(redactor, "Budget 2027: 612.345.678 € insgesamt")
    assert _kept(redactor, "they raised USD 612 345 678 in the round")
    assert _caught(redactor, "Handy: 0612 345 678", "0612 345 678")


def test_a_number_after_the_name_of_a_count_is_that_count(redactor: Redactor) -> None:
    assert _kept(redactor, "downloads last month: 665 428 615")
    assert _kept(redactor, "Anzahl Zeilen: 612 345 678")
    # With a phone word in the label the number is a phone.
    assert _caught(redactor, "orders phone: 612 345 678", "612 345 678")


def test_a_number_grouped_by_thousands_is_a_count_unless_named(redactor: Redactor) -> None:
    # 146 454 202 passes the SIN's check; grouped as thousands it reads as a count, as a phone
    # number so grouped does (a Spanish or Polish mobile's layout) unless called one.
    assert _kept(redactor, "| ingest | 146 454 202 |")
    assert _kept(redactor, "the nightly job moved 146 454 202 objects")
    assert _caught(redactor, "her SIN is 146 454 202", "146 454 202")
    assert _caught(redactor, "SIN: 146-454-202", "146-454-202")
    assert _caught(redactor, "móvil 612 345 678", "612 345 678")
    assert _caught(redactor, "zadzwoń 501 234 567", "501 234 567")
    assert _caught(redactor, "numer telefonu 501 234 567", "501 234 567")
    # A count never opens with 0; a hyphen joins a phone's groups, never a count's.
    assert _caught(redactor, "the courier left 612-345-678 for us", "612-345-678")


def test_an_iban_named_a_test_or_example_one_is_published(redactor: Redactor) -> None:
    # Not the standards' own examples (`published_ibans`), so only the naming keeps them.
    assert _kept(redactor, "example IBAN: GB55 WEST 1234 5698 7654 33")
    assert _kept(redactor, "usa el IBAN de ejemplo ES96 2100 0418 4502 0005 1339")
    # Named only an IBAN, or with a test word further off, it is someone's account.
    assert _caught(
        redactor, "IBAN GB55 WEST 1234 5698 7654 33 thanks", "GB55 WEST 1234 5698 7654 33"
    )
    assert _caught(
        redactor,
        "please wire it to DE62 3704 0044 0532 0130 01 before the test on Monday",
        "DE62 3704 0044 0532 0130 01",
    )


def test_a_number_right_after_a_numbering_noun_is_no_house_number(redactor: Redactor) -> None:
    assert _kept(redactor, "Version 2 Street View API is deprecated")
    assert _kept(redactor, "Rack 12 Main St pod in the lab")
    assert _kept(redactor, "see section 12 Drive Health in the runbook")
    # After a unit and a comma the number is the house's.
    assert _caught(redactor, "Room 5, 12 Main St, Springfield", "12 Main St, Springfield")
    assert _caught(
        redactor,
        "ship it to 12 Main St, Springfield, IL 62701",
        "12 Main St, Springfield, IL 62701",
    )

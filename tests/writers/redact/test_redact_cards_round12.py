"""Card numbers as people type them, issue 24's twelfth round (`card_layouts.py`, the card
functions of `formats/numbers.py`, `public_forms.card_length_ok`, `named_ids.CARD_WORDS`). One
test per principle, each beside a number of the same form that must still be kept. The examples
are written here; none is copied from a development set or a probe.
"""

from __future__ import annotations

import json

from tests.support.paths import DATA
from tests.support.redaction_corpus import caught
from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.formats.numbers import ean13_ok
from writers.redact.public_forms import card_length_ok
from writers.redact.redactor import Redactor


def test_any_one_separator_is_a_cards_when_the_text_calls_it_a_card(redactor: Redactor) -> None:
    for sep in ("/", "_", ", ", "|", "\t", "... ", " / "):
        number = sep.join(("4453", "3314", "7893", "2885"))
        assert _caught(redactor, f"my card is {number}", number), sep
        # The same four numbers with no card named and no expiry after them: a list.
        assert _kept(redactor, f"ports {number} are open"), sep
    # Luhn decides still: one digit off is no card, however it is named.
    assert _kept(redactor, "my card is 4453/3314/7893/2888")


def test_an_expiry_after_the_number_calls_it_a_card(redactor: Redactor) -> None:
    assert _caught(redactor, "5248/7333/1138/7986 09/28 112", "5248/7333/1138/7986")
    # The month's digits are not read on as more of the number.
    assert _caught(redactor, "5248733311387986 09/28 112", "5248733311387986")
    assert _caught(redactor, "371489707124810 11/27", "371489707124810")
    assert _kept(redactor, "5248/7333/1138/7986 rows copied")


def test_a_card_over_lines(redactor: Redactor) -> None:
    assert _caught(redactor, "Karte:\n4040 7238\n6255 1182\n", "4040 7238\n6255 1182")
    assert _caught(redactor, "visa\n4040\n7238\n6255\n1182\nexp 03/29", "4040\n7238\n6255\n1182")
    assert _kept(redactor, "totals\n4040\n7238\n6255\n1182\n")


def test_national_schemes_under_8_and_9(redactor: Redactor) -> None:
    assert _caught(redactor, "kartım 9792 1135 1197 1818", "9792 1135 1197 1818")  # Troy
    assert _caught(redactor, "try 8600478158069984 instead", "8600478158069984")  # Uzcard
    assert _caught(redactor, "số thẻ 9704339762600070564", "9704339762600070564")  # Napas
    assert card_length_ok("9792113511971818") and not card_length_ok("979211351197181")
    # A SIM's ICCID, a book's ISBN and a parcel's tracking number open with 8 or 9 too.
    assert not card_length_ok("8944123456789012347")
    assert _kept(redactor, "ISBN 9780306406157")
    assert _kept(redactor, "tracking 9400 1118 9922 3033 0054 81")


def test_a_card_glued_to_what_names_it(redactor: Redactor) -> None:
    assert _caught(redactor, "PUT /v1/cards/4453331478932885/charge", "4453331478932885")
    assert _caught(redactor, "ref card-4453331478932885", "4453331478932885")
    # Glued to a path or a word that names no card, the digits are that path's part.
    assert _kept(redactor, "PUT /v1/orders/4453331478932885/charge")
    assert _kept(redactor, "doi:10.1145/4453331478932885")


def test_digits_of_another_script(redactor: Redactor) -> None:
    arabic = "".join(chr(0x0660 + int(c)) for c in "4453331478932885")
    grouped = " ".join(arabic[i : i + 4] for i in range(0, 16, 4))
    assert _caught(redactor, f"رقم البطاقة {grouped}", grouped)
    bad = "".join(chr(0x0660 + int(c)) for c in "4453331478932888")
    assert _kept(redactor, f"رقم البطاقة {bad}")


def test_a_card_read_out_digit_by_digit(redactor: Redactor) -> None:
    words = "zero one two three four five six seven eight nine".split()
    said = " ".join(words[int(c)] for c in "4075690072003171")
    assert _caught(redactor, f"caller gave the card as {said}, thanks", said)
    wrong = " ".join(words[int(c)] for c in "4075690072003174")
    assert _kept(redactor, f"caller gave the card as {wrong}, thanks")
    spanish = "cero uno dos tres cuatro cinco seis siete ocho nueve".split()
    dicho = " ".join(spanish[int(c)] for c in "4075690072003171")
    assert _caught(redactor, f"me dictó la tarjeta: {dicho}", dicho)
    # Fewer words than any card has digits: a code read out, no card.
    assert _kept(redactor, "the code is four five three nine, not four five three eight")


def test_a_barcode_whose_both_checks_hold_is_no_card(redactor: Redactor) -> None:
    # 4000208388104 passes Luhn and the GS1 check: a product's EAN, not a 13-digit Visa.
    assert ean13_ok("4000208388104")
    assert _kept(redactor, "scan 4000208388104 at the till")
    assert _caught(redactor, "card 4453331478932885", "4453331478932885")


def test_the_cards12_probe_does_not_get_worse(redactor: Redactor) -> None:
    """`tests/support/data/redaction_probes/cards12/` (written by this round's card rule's
    author, so no evidence): 204/272 and 4/90 flagged on main before this round."""
    folder = DATA / "redaction_probes" / "cards12"
    pos = [
        json.loads(line) for line in (folder / "cards12_positives.jsonl").read_text().splitlines()
    ]
    neg = [
        json.loads(line) for line in (folder / "cards12_negatives.jsonl").read_text().splitlines()
    ]
    got = 0
    for sample in pos:
        value = sample["secrets"][0]["value"]
        got += caught(sample["text"], value, redactor.findings(sample["text"]))
    flagged = sum(bool(redactor.findings(sample["text"])) for sample in neg)
    assert got >= 254 and flagged <= 2, (got, flagged)

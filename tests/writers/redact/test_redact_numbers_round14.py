"""Personal numbers and their look-alikes, issue 24's fourteenth round (`phone_words.py` and the
phone filter of `pii_rules.py`). One test per principle, each beside a number of the same form
that must still be caught (or kept). The examples are written here; none is copied from a
development set.
"""

from __future__ import annotations

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.redactor import Redactor


def test_a_persons_own_phone_by_its_name(redactor: Redactor) -> None:
    # "My cell is …": a person's own phone, named by the phone's word rather than "number".
    assert _caught(redactor, "mi cel es 01047718823, mandame un mensaje", "01047718823")
    assert _caught(redactor, "my cell is 4155550187 if the stream drops", "4155550187")
    assert _caught(redactor, "meu celular é 11987654312, me chama", "11987654312")
    # Without the possessive a bare run after the word is an amount or an id.
    assert _kept(redactor, "el cel costó 01047718823 wones en total, según la factura")


def test_a_call_to_someone_at_a_number(redactor: Redactor) -> None:
    # Indonesian: "call our service desk at …", a number of a plan the defaults do not read.
    text = "kalau ada masalah, telepon admin gudang kita di 08137720451 ya"
    assert _caught(redactor, text, "08137720451")
    assert _caught(redactor, "please call the night porter on 0803 412 7789", "0803 412 7789")
    # The same verb before an order's number: no person is called at it.
    assert _kept(redactor, "kalau ada masalah, cek pesanan 08137720451 di sistem ya")


def test_a_label_that_opens_with_a_phones_word(redactor: Redactor) -> None:
    # "The phone of the driver of truck 51C-882.17:": the label's first word names a phone; a
    # dot inside a plate does not end the label.
    # An Indonesian mobile from its country code without `+`: read in any plan once labelled.
    text = "SĐT tài xế xe 51C-882.17: 6281377204511, gọi trước nhé"
    assert _caught(redactor, text, "6281377204511")
    # A label that opens with a thing (a truck's plate) names that thing's number.
    assert _kept(redactor, "Biển số xe 51C-882.17: 6281377204511, kiểm tra lại")


def test_two_numbers_of_a_range_are_no_phone(redactor: Redactor) -> None:
    # The first and last of a range: one width, the second larger, the same leading digits.
    assert _kept(redactor, "open on the game servers: 443 tcp, 27015-27030 (voice)")
    assert _kept(redactor, "tickets 48120-48199 were closed in bulk")
    # Two halves that are no range are still a phone's (an NZ mobile in halves).
    assert _caught(redactor, "on call tonight: 21044-31987", "21044-31987")
    # A range called a phone is the text's to say.
    assert _caught(redactor, "tel 27004-27031", "27004-27031")

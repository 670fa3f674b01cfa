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


def test_a_number_given_alone_or_beside_a_name(redactor: Redactor) -> None:
    # A message that is nothing but a number, or a person's name and a number: a contact passed
    # on, when the digits are a number as its plan writes it at home.
    assert _caught(redactor, "737214962 🙏", "737214962")  # a Czech mobile, no trunk prefix
    assert _caught(redactor, "0664 21 37 90", "0664 21 37 90")  # an Austrian mobile in pairs
    assert _caught(redactor, "Ram Bahadur Thapa (९८४-१२७३४५६)", "९८४-१२७३४५६")
    assert _caught(redactor, "Jana Nováková, 0664 21 37 90", "0664 21 37 90")
    # Grouped by thousands beside a name alone, digits stay a count (round 10's reading).
    assert _kept(redactor, "Jana Nováková, 737 214 962")
    # A timestamp alone is no number of a plan as dialled; a word before a number names it.
    assert _kept(redactor, "1761234567")
    assert _kept(redactor, "Lot 737214962")


def test_a_number_beside_an_emergency_code(redactor: Redactor) -> None:
    # "In an emergency 197, otherwise …": the other number is the one to call.
    text = "En cas d'urgence appelez le 197, sinon 98 412 637"
    assert _caught(redactor, text, "98 412 637")
    assert _caught(redactor, "للطوارئ ١٩٧، وإلا ٩٨ ٤١٢ ٦٣٧", "٩٨ ٤١٢ ٦٣٧")
    # A short number that is no emergency code, or no emergency named: no call.
    assert _kept(redactor, "En cas d'urgence voir le ticket 4521, sinon 98 412 637")
    assert _kept(redactor, "salle 197, sinon 98 412 637")


def test_a_records_key_or_column_names_a_phone(redactor: Redactor) -> None:
    # Keys and headers written as code are read as their words, by a phone's own word.
    record = '{"event":"GATE_OUT","plate":"B 9120 KZT","driver_phone":"6281377204511"}'
    assert _caught(redactor, record, "6281377204511")
    table = "unit,plate,driver_phone\nT-19,B 9120 KZT,6281377204511"
    assert _caught(redactor, table, "6281377204511")
    assert _caught(redactor, "crew:\n  lead: Ana\n  contact_phone: 01047718823", "01047718823")
    vcard = "BEGIN:VCARD\nFN:Ana Lima\nTEL;TYPE=WORK,VOICE:298 117 403\nEND:VCARD"
    assert _caught(redactor, vcard, "298 117 403")
    # A key that names something else keeps its value a record's.
    assert _kept(redactor, '{"event":"GATE_OUT","driver_id":"6281377204511"}')
    assert _kept(redactor, "build version: 6281377204511")


def test_phone_words_in_more_languages(redactor: Redactor) -> None:
    assert _caught(redactor, "با این شماره تماس بگیرید: ۰۹۱۲۳۴۵۶۷۸۹", "۰۹۱۲۳۴۵۶۷۸۹")
    assert _caught(redactor, "मेरा मोबाइल नंबर ९८२०१२३४५६ है", "९८२०१२३४५६")
    assert _caught(redactor, "ہمیں ۰۳۰۰۱۲۳۴۵۶۷ پر کال کریں", "۰۳۰۰۱۲۳۴۵۶۷")
    assert _caught(redactor, "رقم جوالي ٠٥٥ ٢١٣ ٤٤٧٨", "٠٥٥ ٢١٣ ٤٤٧٨")
    assert _caught(redactor, "the courier called from 6281377204511 twice", "6281377204511")
    # "Number" alone, in those languages, names an order's as well.
    assert _kept(redactor, "سفارش شماره ۴۵۸۱۲۳۹۹۰ ارسال شد")


def test_a_test_or_example_number_no_plan_assigns(redactor: Redactor) -> None:
    assert _kept(redactor, "Phone format example: +1 (123) 456-7890")
    assert _kept(redactor, "use a dummy number like +1 (055) 321-7788 in the fixtures")
    # Named a test phone, a valid number may be a real one used for tests: still redacted.
    assert _caught(redactor, "my test phone: +49 171 3482917", "+49 171 3482917")


def test_ids_named_before_their_head_and_a_support_case(redactor: Redactor) -> None:
    assert _kept(redactor, "Zählernummer 7EBZ 4412 9031, Stand 12.044 kWh")
    assert _kept(redactor, "Case 2026-4471-2290 escalated to tier 2")
    # A phone's word before the same shape names a phone.
    assert _caught(redactor, "Handy: 0151 4412 9031", "0151 4412 9031")


def test_two_words_without_capitals_are_no_name_unless_the_number_is_an_aside(
    redactor: Redactor,
) -> None:
    # Persian "item number" before a number: two words, a thing's number.
    assert _kept(redactor, "شماره کالا ۴۵۸۱۲۳۹۹۰")
    # A name in Devanagari and the number in brackets after it.
    assert _caught(redactor, "गीता शर्मा (९८४-१२७३४५६)", "९८४-१२७३४५६")


def test_hebrew_prefix_letters_and_a_name_on_the_line_above(redactor: Redactor) -> None:
    # Hebrew's "to" joined to the number by a hyphen: a word of its own.
    assert _caught(redactor, "תשלח לי הודעה ל-+972 54 812 3390", "+972 54 812 3390")
    # A Latin letter glued by a hyphen is a part of a code.
    assert _kept(redactor, "ref a-0541234567 closed")
    # A name without capitals on its own line, the number under it: a contact card.
    assert _caught(redactor, "فاطمہ بی بی\n۰۳۲۱۴۵۶۷۸۹۰", "۰۳۲۱۴۵۶۷۸۹۰")

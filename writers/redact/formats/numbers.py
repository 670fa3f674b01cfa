"""Phone, card, IBAN and CPF numbers: their layout, their checks."""

from __future__ import annotations

import re

import phonenumbers

from writers.redact.formats.columns import (
    AFTER_REQUEST,
    IBAN_HEAD,
    cell_span,
    column_header,
    ends_a_cell,
    in_figures_row,
)
from writers.redact.formats.named_ids import CARD_WORDS, named_as_id
from writers.redact.formats.record_labels import labelled_as_a_record, numbered_after
from writers.redact.formats.roles import labelled_by_a_role, names_a_role
from writers.redact.id_columns import in_id_column, in_id_list
from writers.redact.phone_words import (
    PHONE_CONTEXT,
    call_after,
    extension_after,
    given_alone,
    grouped_as_its_plan,
    in_a_signature,
    own_phone_word,
    phone_label,
    phone_named_on_line,
    printed_as_its_plan,
    read_in_some_plan,
    typed_a_phone_after,
    whole_words_before,
)
from writers.redact.public_forms import (
    card_length_ok,
    in_hex_dump_row,
    lone_lead_ok,
    longer_than_a_phone,
    named_test_number,
    names_test_values,
    not_an_ssn_in_its_layout,
    quantity_named_before,
    quantity_with_unit,
    test_card,
    test_named_on_line,
    without_address_suffix,
)
from writers.redact.published_ibans import published_iban
from writers.redact.values.checksums import clabe_ok, iban_ok, luhn_ok
from writers.redact.values.placeholders import patterned

_IPV4 = re.compile(r"(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}")
# Digits grouped by thousands (`46 244 797`, `45.820.755`, `665 428 615`): a count or an amount.
# A phone number so grouped is written with its `+` country code, or named as one (`móvil 612
# 345 678`); a count never opens with 0 (`046 454 286` stays a candidate), and a hyphen joins a
# phone's groups, never a count's (`760-182-699`).
_THOUSANDS = re.compile(r"[1-9]\d{0,2}(?:([ .,\u00a0\u202f])\d{3})(?:\1\d{3})+")
# The same groups behind a 0 standing alone (`0 949 786 079`): a part's or a list's number. A
# plan that writes its trunk 0 alone groups the rest by area code (`0 20 7946 0958`).
_ZERO_THOUSANDS = re.compile(r"0([ .\u00a0\u202f])[1-9]\d{2}\1\d{3}\1\d{3}")
_HEX_GROUP = re.compile(r"[0-9A-Fa-f]*[A-Fa-f][0-9A-Fa-f]*")


def phone_layout_ok(text: str, start: int, end: int) -> bool:
    """Could the digits at `text[start:end]` be laid out as a phone number?

    Whatever `phonenumbers` says about the digits, the way they are written can rule a number
    out: a dotted quad is an IPv4 address; a gap of two spaces or a tab is a column break in a
    listing; a single digit stands alone only as a trunk or country code, at the front (`6 9 12
    15`, `130.0.2091.95` are lists and versions); thousands groups are a count unless the text
    calls it a number; and equal groups next to hex groups are part of a fingerprint."""
    value = text[start:end].strip()
    if _IPV4.fullmatch(without_address_suffix(value)) or re.search(r"  |\t", value):
        return False  # an IPv4 address, also with its prefix length or port; a column break
    if not plus_opens_a_country_code(value):
        return False  # `+6 568 703 615`, `+302 185 501 766`: a signed count, not a country code
    if _ZIP_PLUS_FOUR.fullmatch(value) and _US_STATE_BEFORE.search(text, max(0, start - 8), start):
        return False  # `Raleigh, NC 27641-3051`: a ZIP+4 after its state
    if not value.startswith(("+", "＋")) and numbered_after(text, end):
        return False  # `03-850-2775 seri numaralı cihaz`: the device's number (`record_labels`)
    if not value.startswith(("+", "＋")) and said_not_phones(text):
        return False  # `… they're not phone numbers`: the text says what its numbers are
    if named_as_id(text, start) or labelled_as_a_record(text, start):
        return False  # `order 0171 …`, `Zählernr.: 0152 672`: a thing's number (`record_labels`)
    if longer_than_a_phone(text, start, end):
        return False  # a group of a longer number (an MPAN, an SSCC): no phone has > 15 digits
    if not_an_ssn_in_its_layout(value):
        return False  # `666-12-3456`: an SSN's layout, never a phone's, and no SSN
    before = text[max(0, start - 40) : start]
    if quantity_with_unit(text, end, start) or in_hex_dump_row(text, start):
        return False  # `665 428 615 B`: a quantity; a row of a hex dump is bytes
    if quantity_named_before(before, PHONE_CONTEXT):
        return False  # `downloads last month: 665 428 615`: a count
    if not lone_lead_ok(value) and not _PHONE_HEAD_BEFORE.search(before):
        # `6-1881830945`: one digit opens a phone only as a trunk prefix, or where a plan
        # writes it apart and a phone's word names the number (`9 3430 6954`, Chile's).
        called = called_a_phone(text, start, end)
        by_name = called and called_a_phone(text, start, end, by_name=True)
        if not (by_name and (read_in_some_plan(value, grouped=True) or printed_as_its_plan(value))):
            return False
    thousands = _THOUSANDS.fullmatch(value) or _ZERO_THOUSANDS.fullmatch(value)
    if thousands and not (called_a_phone(text, start, end) or labelled_by_a_role(text, start)):
        return False  # a count, unless a phone's word or a person's role names it
    if "|" in text and in_figures_row(text, start, end):
        return False  # a figure in a table of figures (`| 652 | 558 923 393 912 |`)
    header = column_header(text, start)
    if in_id_column(text, start, end) and not PHONE_CONTEXT.search(header or ""):
        return False  # one of a column of same-shaped ids (`id_columns`)
    if in_id_list(text, start, end) and not list_of_phones(text, start):
        return False  # one of a list of same-shaped ids on its line (`id_columns`)
    if names_test_values(header):
        return False  # a column of test or example values (`public_forms`)
    if AFTER_REQUEST.search(before) or IBAN_HEAD.search(before):
        return False  # a status and a size in an access log; the tail of an IBAN-shaped string
    if value.startswith("(") and ")" not in value[:6]:
        return False  # `(3068604,'OSA-381',…)`: a row of a tuple; an area code's bracket closes
    groups = re.findall(r"\+?\d+", value.replace("(0)", ""))  # `+33 (0)6 …`: a trunk 0 kept
    for i, group in enumerate(groups):
        # After `+` or `00` (the international prefix) the first group is a country code, and
        # a lone digit after it an area's (`0031 6 57414051`).
        if len(group) == 1 and i > 0 and not (i == 1 and groups[0].startswith(("+", "00"))):
            if _digit_added_apart(text, start, end, groups, i):
                continue
            if not (called_a_phone(text, start, end) and printed_as_its_plan(value)):
                return False  # a lone digit where the plan prints one (`06 1 462 5530`)
    widths = {len(g) for g in groups}
    if len(widths) == 1:
        width = widths.pop()
        # A neighbour group is a whole token of that width: `ab` of `about` is no hex group.
        left, right = text[max(0, start - width - 2) : start], text[end : end + width + 2]
        for side in (left.strip(), right.strip()):
            if len(side) == width and _HEX_GROUP.fullmatch(side):
                return False
    return True


# A US ZIP+4 code (`27641-3051`) after its state's two capitals (`Raleigh, NC 27641-3051`): a
# postal code, whatever plan reads its nine digits.
_ZIP_PLUS_FOUR = re.compile(r"\d{5}-\d{4}")
_US_STATE_BEFORE = re.compile(
    r"(?<![\w])(?:AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO"
    r"|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|PR|GU|VI)"
    r"\.?,?[ \t]+$"
)


# A text that says its numbers are not phone numbers (`they're not phone numbers`, `не са
# телефони`, `egyik sem telefonszám`, `keine Telefonnummern`), in the languages a team writes
# in: said of a number of its own shape or of "them", "both", "these".
_SAID_NOT_PHONES = re.compile(
    r"(?i)(?<![^\W\d_])(?:not|aren't|isn't|none[ \t]+of[ \t]+(?:them|these|those)"
    r"(?:[ \t]+(?:is|are))?|neither(?:[ \t]+(?:of[ \t]+them[ \t]+)?is)?)(?:[ \t]+an?)?[ \t]+"
    r"(?:tele)?phone(?:s|[ \t-]+numbers|[ \t-]+number(?=[ \t]*(?:[,.;:!?)—–-]|$)))"
    r"(?![^\W\d_])"
    r"|(?<![^\W\d_])(?:не[ \t]+(?:са|су|є|это|являются)|нису|не)[ \t]+(?:телефон(?:и|ы|ни)"
    r"|телефонски[ \t]+бројеви|телефонні[ \t]+номери|телефонные[ \t]+номера)(?![^\W\d_])"
    r"|(?<![^\W\d_])(?:egyik[ \t]+sem|nem)[ \t]+telefonszám\w*"
    r"|(?<![^\W\d_])keine[ \t]+(?:telefon|handy)nummern"
    r"|ne[ \t]+sont[ \t]+pas[ \t]+des[ \t]+(?:numéros[ \t]+de[ \t]+)?téléphones?"
    r"|(?<![^\W\d_])no[ \t]+son[ \t]+(?:números[ \t]+de[ \t]+)?teléfonos?"
    r"|não[ \t]+são[ \t]+(?:números[ \t]+de[ \t]+)?telefones?"
    r"|non[ \t]+sono[ \t]+(?:numeri[ \t]+di[ \t]+)?telefon[oi]"
    r"|geen[ \t]+telefoonnummers|nie[ \t]+są[ \t]+(?:numerami[ \t]+)?telefon\w*"
    r"|nejsou[ \t]+telefonní[ \t]+čísla|telefon[ \t]+numaras[ıi][ \t]+değil\w*"
    r"|電話番号では(?:ありません|ない)|不是电话号码|不是電話號碼"
    r"|전화번호가[ \t]+아닙니다|전화번호[ \t]+아님"
)


def said_not_phones(text: str) -> bool:
    """True when the text says its numbers are no phone numbers (`_SAID_NOT_PHONES`): what
    a number of it is, the text knows better than its shape (`legacy ids are dashed like
    722-072-0517 — they're not phone numbers`). A number with its `+` is still a phone."""
    if text.isascii() and "phone" not in text.lower():
        return False
    return _SAID_NOT_PHONES.search(text) is not None


def plus_opens_a_country_code(value: str) -> bool:
    """False for a number after `+` whose groups cut its country code or stand as a count's
    thousands across it: a phone written with its `+` parts off the country code as its first
    group, or glues the code to what follows (`+44 7911 …`, `+447911 123456`), so a first
    group shorter than the code (`+6 568 703 615` for 65, `+35 314 089 806` for 353) or a
    first group of one to three digits past the code with groups of three after it
    (`+302 185 501 766`, `+390.295.148.400`) is a signed count (a delta, `+4 915 …`). One cut
    is left as people make it: a lone digit whose code ends in 0, before the trunk 0 (`+2 010…`
    in Egypt, `+6 012…` in Malaysia)."""
    value = value.strip().replace("(0)", "")
    if not value.startswith(("+", "＋")):
        return True
    groups = re.findall(r"\d+", value)
    if len(groups) < 2:
        return True
    try:
        number = phonenumbers.parse(value, None)
    except phonenumbers.NumberParseException:
        return True  # not read with a country code at all: the other checks judge it
    code = str(number.country_code)
    first = groups[0]
    if len(first) < len(code):
        rest = code[len(first) :]
        return rest == "0" and groups[1].startswith("0")
    thousands = len(groups) >= 3 and all(len(g) == 3 for g in groups[1:])
    return not (len(code) < len(first) <= 3 and thousands)


def list_of_phones(text: str, start: int) -> bool:
    """True when a phone's own word stands on the line of a list's item at `start`, before it,
    or on the line above (the list's heading: `Numbers to call:`)."""
    line_start = text.rfind("\n", 0, start) + 1
    above = text.rfind("\n", 0, max(0, line_start - 1)) + 1
    return own_phone_word(text[above:start])


def _digit_added_apart(text: str, start: int, end: int, groups: list[str], i: int) -> bool:
    """True when the one-digit group `groups[i]` is the digit a plan added in front of its
    numbers, written apart right after the area code: Brazil's mobiles gained a 9 before their
    eight digits (2012–2016), and people write `(21) 9 6879-9318`, `+55 21 9 6879-9318`. It
    stands there only in a number the text calls a phone and whose digits, read whole, are a
    number of some plan; a list (`6 9 12 15`) or a version (`130.0.2091.95`) is neither."""
    area = 2 if groups[0].startswith("+") else 1
    if i != area or i + 1 >= len(groups) or not 2 <= len(groups[i - 1].lstrip("+")) <= 3:
        return False
    if sum(len(g) for g in groups[i + 1 :]) < 7:
        return False  # the added digit stands before a whole subscriber's number
    whole = " ".join(groups[:i] + ["".join(groups[i:])])
    return called_a_phone(text, start, end) and (whole.startswith("+") or read_in_some_plan(whole))


def called_a_phone(text: str, start: int, end: int, *, by_name: bool = False) -> bool:
    """True when the text calls the number at `text[start:end]` a phone: a phone's word or a
    label before it (`phone_words.phone_label`), an extension after it (`ext. 12`, `(Durchwahl
    3)`: only a phone has one), the header of its table column (`| contact |`), or the message
    giving nothing else (`phone_words.given_alone`). With
    `by_name`, the word must be a phone's own on the number's line, not "number" alone
    (`phone_words.phone_named_on_line`)."""
    if extension_after(text, end) or call_after(text, end) or given_alone(text, start, end):
        return True
    if typed_a_phone_after(text, end):
        return True  # HL7's `^PRN^PH`
    if given_in_a_cell(text, start, end) or in_a_signature(text, start, end):
        return True
    header = column_header(text, start)
    # In a table a value is named by its row and its column: the end of the row above
    # (`| Telefon | +90 5** … |` over `| Tutar | 8.417.597,03 TRY |`) names that row's value.
    low = text.rfind("\n", 0, start) + 1 if header is not None else 0
    if phone_named_on_line(text, start) if by_name else phone_label(text[low:], start - low):
        return True
    if header is None or not phone_named_on_line(header, len(header)):
        return False
    return not named_as_id(header + " ", len(header) + 1)


def given_in_a_cell(text: str, start: int, end: int) -> bool:
    """True when the number is given in a table's cell with a person's name and nothing else
    (`Zsófia Szabó 06 1 462 5530`, `| Julien Moreau, 6 65 45 35 88 |`): a cell is one field of
    a record, and a person's name and a number in one field are that person's contact, as a
    message that gives only them is (`phone_words.given_alone`)."""
    span = cell_span(text, start)
    if span is None or not span[0] <= start < end <= span[1]:
        return False
    cell = text[span[0] : span[1]]
    if not re.search(r"[^\W\d_]", cell):
        return False  # the number alone in its cell: its column names it, not a name
    return given_alone(cell, start - span[0], end - span[0])


def ends_a_phones_cell(text: str, start: int, end: int) -> bool:
    """True when the comma after the number ends its CSV cell (`columns.ends_a_cell`: no decimal
    mark) and the cell is a phone's: its column's header names a phone (`Tel`, `Main Phone`,
    `мобільний`), the number opens with its `+` country code, or a person's name stands
    with it in the cell (`given_in_a_cell`). Another column's number is judged as before: a
    comma and digits after it may be a decimal's or a longer record's."""
    if not ends_a_cell(text, start, end):
        return False
    if text[start:end].lstrip().startswith("+"):
        return True  # `00` is no such sign: a record's number may open with zeros
    header = column_header(text, start)
    if header is not None and (names_a_phone_column(header) or names_a_role(header)):
        return True  # `Tel`, `mobile`; a person's role (`site_lead`, `technicien`: `roles`)
    return given_in_a_cell(text, start, end)


def names_a_phone_column(header: str) -> bool:
    """True when a column's header names the phone number itself: its last word is a phone's
    own word (`Tel`, `Main Phone`, `мобільний`), or a number's word after one (`phone number`,
    `tel_no`). A header names what its last word names (`phone_hash`, `sms_count`, `cell_id`:
    a hash, a count, an id about a phone)."""
    words = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", header).replace("_", " ").split()
    if not words or own_phone_word(words[-1]):
        return bool(words)
    return PHONE_CONTEXT.fullmatch(words[-1]) is not None and own_phone_word(header)


# A `+` country code right before a number's first group (`+33 ` before `6 94 …`).
_PHONE_HEAD_BEFORE = re.compile(r"\+\d{1,3}[ .-]?$")


def placeholder_number(value: str) -> bool:
    """True for `+1 (555) 555-5555`, `000-000-0000`: past a country code, two different digits
    at most. A form's placeholder, not anyone's number."""
    digits = re.sub(r"\D", "", re.sub(r"^\s*\+\d{1,3}[ .-]", "", value))
    return len(digits) >= 7 and len(set(digits)) <= 2


def phone_check(m: re.Match[str]) -> bool:
    text = m.group(0)
    if not phone_layout_ok(m.string, m.start(), m.end()) or placeholder_number(text):
        return False
    if re.match(r",\d", m.string[m.end() : m.end() + 2]) and not (
        text.startswith("+") or ends_a_phones_cell(m.string, m.start(), m.end())
    ):
        return False  # a decimal with a comma (`8.417.597,03`); a `+` opens a phone
    try:
        num = phonenumbers.parse(text, "US")
    except phonenumbers.NumberParseException:
        return False
    if phonenumbers.is_valid_number(num):
        # Grouped otherwise than the plan groups it, a number is a code's unless called a phone.
        labeled = text.startswith("+") or called_a_phone(m.string, m.start(), m.end())
        return labeled or grouped_as_its_plan(text, ("US",))
    # An unassigned area code is still someone's number when the message calls it one, but
    # not a test's or an example's (`Phone format example: +1 (123) 456-7890`): a stand-in.
    before = whole_words_before(m.string, m.start(), 40)
    if column_header(m.string, m.start()) is not None:
        before = before[before.rfind("\n") + 1 :]  # a table's row above names its own value
    if test_named_on_line(m.string, m.start()):
        return False
    return phonenumbers.is_possible_number(num) and PHONE_CONTEXT.search(before) is not None


# How a card number is printed: in one run, in groups of four (the last may be shorter on a
# 19-digit card), as Amex and Diners print theirs (4-6-5, 4-6-4) or in two halves. Digits
# grouped any other way are several numbers side by side, however well their sum checks,
# unless the text calls them a card.
_CARD_GROUPS = re.compile(r"\d+|\d{4}(?: \d{4}){2,3}(?: \d{1,4})?|\d{4} \d{6} \d{4,5}|\d{8} \d{8}")


def card_check(m: re.Match[str]) -> bool:
    gaps = re.findall(r"\D+", m.group(0))
    if any(g in (".", "  ") or len(g) == 3 for g in gaps):
        # Dots, double spaces and spaced hyphens join a card's groups only when the whole number
        # is written so, in groups of three digits or more (`4111.1111.1111.1111`, `4111 - 1111
        # - …`); otherwise they join columns of a listing, the parts of a version or a range.
        if len(set(gaps)) > 1 or min(len(g) for g in re.findall(r"\d+", m.group(0))) < 3:
            return False
    if len(set(gaps)) > 1 and not CARD_WORDS.search(m.string[max(0, m.start() - 40) : m.start()]):
        # A card is printed with one separator between its groups: a space, then a hyphen
        # (`4915 1000 0000-4915 1000 9999`) joins two numbers of a range, not one card's groups.
        return False
    if not _CARD_GROUPS.fullmatch(" ".join(re.findall(r"\d+", m.group(0)))):
        # Columns of a table (`64778  62532862`), a TTL and a timestamp; unless the text calls
        # it a card, however it was typed (`cc: 453 9148 8034 3646 7`).
        if not CARD_WORDS.search(m.string[max(0, m.start() - 40) : m.start()]):
            return False
    return card_value_ok(m.string, m.start(), m.end(), re.sub(r"\D", "", m.group(0)))


def card_value_ok(text: str, start: int, end: int, digits: str) -> bool:
    """True when `digits`, the number at `text[start:end]` however it was typed, is a card's:
    Luhn, a network's prefix and length, and nothing around it calling it something else."""
    if named_as_id(text, start, owners=False) or labelled_as_a_record(text, start, nouns=False):
        # One order or tracking number in ten passes Luhn; a card is called a card. An
        # "account number" may well be the card's, so only the names of things count here
        # (and a label "<thing> number" in any script: `регистрационный номер`).
        before = text[max(0, start - 60) : start]
        if not CARD_WORDS.search(before):
            return False
    if IBAN_HEAD.search(text[max(0, start - 40) : start]):
        return False  # the tail of an IBAN-shaped string: the IBAN rule judges it whole
    if test_card(text, start, end) or in_hex_dump_row(text, start):
        return False  # a network's published test number; bytes of a hex dump
    if len(digits) == 13 and ean13_ok(digits):
        # A 13-digit Visa, long unissued, or a barcode whose GS1 check digit holds too: a
        # product's EAN, a book's ISBN.
        return False
    # A number of the wrong length for its network's prefix is no card (`public_forms`).
    return luhn_ok(digits) and card_length_ok(digits)


def ean13_ok(digits: str) -> bool:
    """The GS1 check of an EAN-13 barcode: weights 1 and 3 alternating, the sum a multiple of 10."""
    return sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(digits)) % 10 == 0


# An IBAN as printed: capitals, the check digits glued to the country.
_PRINTED_IBAN = re.compile(r"[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4})+(?: ?[A-Z0-9]{1,4})?")


def iban_check(m: re.Match[str]) -> bool:
    # An IBAN named a test or an example one (`example IBAN DE89 3704 …`) is a published one,
    # and so is a standard's own example wherever it stands (`published_ibans`).
    value = m.group(0)
    if not _PRINTED_IBAN.fullmatch(value) and not _typed_iban_ok(value):
        return False
    return (
        iban_ok(value) and not published_iban(value) and not named_test_number(m.string, m.start())
    )


def wrapped_card_check(m: re.Match[str]) -> bool:
    # A card copied in its groups of four may wrap onto the next line (`4686 3316\n0642
    # 3830`): under a label that calls it a card, the groups are one number when they hold the
    # card's check and a network's length, as on one line.
    value = m.group("s")
    digits = re.sub(r"\D", "", value)
    if test_card(m.string, m.start("s"), m.end("s")):
        return False
    return luhn_ok(digits) and card_length_ok(digits)


def clabe_check(m: re.Match[str]) -> bool:
    # A CLABE is a person's or a firm's bank account, as an IBAN is: its check digit holds, as
    # typed (`0440 2774 5373 2944 36`, `036 580 81416036964 6`). One 18-digit run in ten passes
    # the check by chance, so the rule reads only numbers the text calls a CLABE.
    digits = re.sub(r"\D", "", m.group("s"))
    return clabe_ok(digits) and not named_test_number(m.string, m.start("s"))


def _typed_iban_ok(value: str) -> bool:
    """An IBAN typed otherwise than printed (`de16 8891 …`, `PL 61 1090 …`) is written in one
    case, and its account part is digits with at most a bank's code in letters: words of four
    letters (`at 10 will come back here`) are a sentence, whatever their sum."""
    letters = re.sub(r"[^A-Za-z]", "", value)
    account = re.sub(r"\s", "", value)[4:]
    one_case = letters.isupper() or letters.islower()
    return one_case and sum(c.isalpha() for c in account) <= 4


def cpf_ok(digits: str) -> bool:
    """A Brazilian CPF's two check digits (mod 11 over the nine before, then the ten before)
    hold, and its digits are not one repeated (`111.111.111-11` passes the sums, names no one)."""
    if len(digits) != 11 or len(set(digits)) == 1:
        return False
    for n in (9, 10):
        total = sum(int(d) * (n + 1 - i) for i, d in enumerate(digits[:n]))
        if total * 10 % 11 % 10 != int(digits[n]):
            return False
    return True


def cpf_check(m: re.Match[str]) -> bool:
    # A CPF is printed `123.456.789-09`; one whose check digits fail is a test's input, and a
    # column of test values or a number named a test one holds stand-ins (`public_forms`).
    digits = re.sub(r"\D", "", m.group(0))
    if names_test_values(column_header(m.string, m.start())):
        return False
    return cpf_ok(digits) and not patterned(digits) and not named_test_number(m.string, m.start())

"""What calls a number a phone number: the words for a phone, and a label that opens with one.

A run of digits with no `+` country code is a phone number only where its layout or its words
say so (`formats.numbers.phone_layout_ok`, `pii_rules._phone_ok`). The words are `PHONE_CONTEXT`,
in the languages a team writes in, and a line with an e-mail address on it is a contact line.
A label is read whole up to its colon: `numer do kierownika
studia outsourcingowego: 690 297 462` ("the number of the outsourcing studio's manager") names
a phone in its first word, however long the rest of the label is, as a password's long label
does in `context`.

May import: nothing else in writers.
"""

from __future__ import annotations

import re

import phonenumbers

PHONE_CONTEXT = re.compile(
    r"(?i)\b(?:phone|tel|telephone|call|calling|mobile|cell|cellphone|whatsapp|signal|sms|text"
    r"|fax|ring|dial|number|no\.|nr\.?|contact|reach|landline|hotline|handy|portable|telefon"
    r"|téléphone|teléfono|telefone|celular|móvil|numéro|nummer|número|numero|numer|telefonu"
    r"|telefonem|telefonnummer|telefoonnummer|puhelin|tlf|телефона|номер"
    # The phone's own name in more of those languages: a mobile, a contact number, a line.
    r"|tél|telemóvel|telemovel|contacto|contato|contatto|cellulare|recapito|kontakt|mobil"
    r"|mobiel|telefoon|gsm|rufnummer|mobilnummer|durchwahl|erreichbar|joindre|joignable|kom"
    r"|komórka|komórkowy|kontaktowy|puh|matkapuhelin|soita|τηλέφωνο|τηλ|κινητό|тел|моб"
    r"|мобильный|мобилен|обадете|reachable|pager|beeper|ice|notfallkontakt|kin"
    # "Number" in Czech and Slovak, Turkish (`má nové číslo 604 …`, `numarası 0 (543) …`).
    r"|číslo|čísla|numara\w*"
    # Asking to be called, in the languages a team writes in: a number one is asked to call
    # is a phone number, also as a bare run of digits (`bel me op 0612…`, `llámame al 612…`);
    # a verb in its persons (`liga-me`, `ligou`).
    r"|bel|bellen|gebeld|terugbellen|teruggebeld|anrufen|ruf|rufen|rückruf|zurückrufen"
    r"|appelle|appeler|appelez|rappelle|rappeler|rappelez|llámame|llámenos|llamadme|llamar|llame"
    r"|llamada|ligue|ligar|ligação|liga|ligo|ligou|liguei|chiama|chiamami|chiamare|chiamata|zadzwoń|zadzwonić|dzwoń"
    r"|звони|звоните|позвони|позвоните|перезвони|перезвоните|телефон|телефону)\b"
    r"|[☎📞📱]|電話|携帯|电话|手机|手機|联系|전화|휴대폰|핸드폰|연락처"
)
# A label and its colon right before a value (quotes and spaces may stand between): the label
# runs back to the start of its line or of its sentence, at most 120 characters.
_LABEL = re.compile(r"(?:^|(?<=[.!?;]\s))([^\n.!?;]{1,120}):[ \t]*[`'\"]?[ \t]*$", re.M)


def label_opens_with(text: str, start: int, words: re.Pattern[str]) -> bool:
    """True when the value at `start` follows a label and its colon, and one of the label's
    first three words is one of `words`: a label says first what it names."""
    m = _LABEL.search(text[max(text.rfind("\n", 0, start) + 1, start - 160) : start])
    if m is None:
        return False
    head = " ".join(m.group(1).split()[:3])  # as written: `order_number` is no `number`
    return words.search(head) is not None


# A compound on -nummer/-nr./-numero with a phone's word in it (`Rückrufnummer`, `Handynr.`,
# `Festnetznummer`, `puhelinnumero`): a phone's number, as `Artikelnummer` is an article's.
_PHONE_COMPOUND = re.compile(
    r"(?i)(?:telefon|handy|mobil|ruf|fax|kontakt|durchwahl|festnetz|puhelin)-?"
    r"(?:nummer|numero|nr\.?)"
    r"[ \t]*:?[ \t]*$"
)


def phone_label(text: str, start: int) -> bool:
    """True when the words before `start` call what follows a phone number: a phone's word in
    the 40 characters before it, a German compound on one, or a label that opens with one."""
    before = text[max(0, start - 40) : start]
    if PHONE_CONTEXT.search(before) is not None or _PHONE_COMPOUND.search(before) is not None:
        return True
    return label_opens_with(text, start, PHONE_CONTEXT)


def inside_a_code_value(text: str, start: int) -> bool:
    """True when `start` is inside an inline code span that holds more than the number before
    it (`S 08 883 250` in backticks): a code span is one value, and a number after other
    characters in it is a part of that value, not a number of its own."""
    line = text[text.rfind("\n", 0, start) + 1 : start]
    return line.count("`") % 2 == 1 and line[line.rfind("`") + 1 :].strip() != ""


# An e-mail address: a contact line's other way to reach the same person.
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")


def on_a_contact_line(text: str, start: int) -> bool:
    """True when the line of `start` holds an e-mail address (`Ana Ruiz <ana@…> 0612…`, a
    signature's `name | phone | e-mail`): a number beside a way to reach someone is another."""
    line_end = text.find("\n", start)
    line = text[text.rfind("\n", 0, start) + 1 : len(text) if line_end < 0 else line_end]
    return "@" in line and _EMAIL.search(line) is not None


def _plan_cuts(number: phonenumbers.PhoneNumber) -> list[tuple[set[int], set[int]]]:
    """Where the number's own plan cuts its digits into groups, counted from its last digit,
    for each layout the plan writes numbers of its range in (`phonenumbers`' formats, national
    and international: `(415) 555-2671` is {4, 7}; a French `06 12 34 56 78` is {2, 4, 6, 8});
    and where a long group of an even width may also be cut in halves (`07960 307 093`,
    `030 1234 5678`)."""
    region = phonenumbers.region_code_for_number(number)
    meta = phonenumbers.PhoneMetadata.metadata_for_region(region or "")
    nsn = phonenumbers.national_significant_number(number)
    if meta is None:
        return []
    cuts: list[tuple[set[int], set[int]]] = []
    for fmt in [*meta.number_format, *meta.intl_number_format]:
        leading = fmt.leading_digits_pattern
        if leading and not re.match(leading[-1], nsn):
            continue
        m = re.fullmatch(fmt.pattern or "", nsn)
        if m is None:
            continue
        ends = [m.end(i) for i in range(1, len(m.groups()))]
        halves = {
            m.start(i) + len(m.group(i)) // 2
            for i in range(1, len(m.groups()) + 1)
            if len(m.group(i)) >= 6 and len(m.group(i)) % 2 == 0
        }
        cuts.append(({len(nsn) - e for e in ends}, {len(nsn) - e for e in halves}))
    return cuts


def grouped_as_its_plan(value: str, regions: tuple[str, ...]) -> bool:
    """True when the digit groups of `value` are the groups of a plan that has the number
    (`415.555.2671`, `06 12 34 56 78`; a long group may be in halves), or two groups cut where
    the plan cuts (`3312 3456`, `06-12345678`): people write a phone number in the groups
    their country reads it in, or part it once. A tariff's code (`8471.30.00`: four digits,
    then pairs), a tax number (`123.456.789-09`) or a record's number is cut where its own
    format cuts it, which no plan does for a number of that range. The trunk prefix or
    country code before the plan's digits may stand apart or not (`1-415-…`, `0 20 7946 0958`)."""
    digits = re.findall(r"\d+", value)
    run = "".join(digits)
    ends, at = [], 0
    for group in digits[:-1]:
        at += len(group)
        ends.append(len(run) - at)
    for region in regions:
        try:
            number = phonenumbers.parse(run, region)
        except phonenumbers.NumberParseException:
            continue
        if not phonenumbers.is_valid_number_for_region(number, region):
            continue
        size = len(phonenumbers.national_significant_number(number))
        inner = {e for e in ends if e < size}
        for cuts, halves in _plan_cuts(number):
            if cuts <= inner <= cuts | halves or len(inner) < 2 and inner <= cuts | halves:
                return True
    return False

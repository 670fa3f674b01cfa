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

import functools
import re
import unicodedata
from collections.abc import Iterable, Iterator

import phonenumbers
from phonenumbers import shortnumberinfo

PHONE_CONTEXT = re.compile(
    r"(?i)\b(?:phone|tel|telephone|call|calling|mobile|cell|cellphone|signal|sms|text"
    # WhatsApp with a case ending (Hungarian `WhatsAppon`, Finnish `WhatsAppissa`).
    r"|whatsapp[^\W\d_]{0,5}"
    r"|fax|ring|dial|number|no\.|nr\.?|contact|reach|landline|hotline|handy|portable|telefon"
    r"|téléphone|teléfono|teléfonos|telefono|telefonos|telefone|celular|móvil|numéro|nummer|número|numero|numer|telefonu"
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
    r"|звони|звоните|позвони|позвоните|перезвони|перезвоните|телефон|телефону"
    r"|zavolej|zavolejte|volejte|zavolaj|zavolajte|volajte"
    # Bulgarian (`звънете на 0880 …`, `обадете се`), Serbian and Croatian (`nazovi`,
    # `pozovite`), Ukrainian (`телефонуйте`), Hungarian (`hívjatok: 06 70 …`, `hívjon`): "call".
    r"|звънете|звъннете|звъни|звънни|nazovi|nazovite|pozovi|pozovite|телефонуйте"
    r"|зателефонуйте|дзвоніть|подзвоніть|hívj|hívjon|hívjatok|hívjanak|hívjál|hívd"
    # Called from a number: the caller's phone (`customer called from 621 …`).
    r"|called(?=[ \t]+(?:from|back|me|us)\b)"
    # The phone's name in more of the languages of the countries we hear from: Icelandic,
    # Indonesian and Malay, Hungarian, Latvian, Croatian and Slovene, Swahili, Tagalog,
    # Vietnamese, Arabic, Hebrew.
    r"|sími|síma|símanúmer|farsími|telp|telpon|telepon|ponsel|telefonszám|mobilszám|tālr|tālrunis"
    r"|mobitel|simu|telepono|điện thoại|đt|sđt|liên hệ|lien he|هاتف|الهاتف|جوال|الجوال|טלפון|נייד"
    # "Number" in Swahili.
    r"|namba|nambari"
    # Romanian "to call" (`vrea să fie sunată înapoi pe 07…`), the Maghreb's Arabic in Latin
    # letters (`3iyto 3la 07…`: call him on; `ntaslo biha f 07…`: reach her at).
    r"|sună|sunați|sunat|sunată|sunați-mă|sună-mă"
    r"|3[ae]?[iy]+[eo]?t\w*|n?t+as[e]?l\w*"
    # Chile's "fono" (a phone, a column's name), the Nordic "direkte" (a direct line), Spanish
    # "to dial" (`que le marquen al 816…`).
    r"|fono|fonos|direkte|direktenummer|direktnummer"
    # "cel", the Spanish and Portuguese short for a mobile (`celular`), only right before the
    # number it labels: elsewhere it is Polish and Romanian words and UCUM's Celsius (`"Cel"`).
    r"|cel(?=\.?[ \t]*:?[ \t]*(?:[+(\d]|$))"
    # "mob.", a mobile's abbreviation in Norwegian, Danish, Czech, Polish, Hungarian, Croatian
    # (`mob. 422 08 323`), with its dot and right before the number: a crowd has no number.
    r"|mob(?=\.[ \t]*:?[ \t]*(?:[+(\d]|$))"
    # "ph", English short for a phone, as a record's key right before its value (`ph: "996
    # 0620"`); elsewhere it is the pH of a solution.
    r"|ph(?=\.?(?:$|[\"']?[ \t]*[:=][ \t]*[\"']?[ \t]*(?:[+(\d]|$)))"
    r"|marcar|marque|marquen|márquenle|márcame|márcale|marcarle"
    # WhatsApp as it is written before a number in Indonesia and Nigeria (`WA 6281…`), in
    # capitals: not a US state's after its city's comma (`Seattle, WA 98101-1234`).
    r"|(?<!, )(?-i:WA))\b"
    r"|[☎📞📱]|電話|携帯|电话|手机|手機|联系|전화|휴대폰|핸드폰|연락처|โทร|फ़ोन|फोन|ফোন"
    # The phone, the mobile, a call and a contact in Persian, Urdu, Hindi, Bengali and Arabic,
    # read inside a word (`جوالي`: my mobile; `موبایلم`). Not their "number" (`شماره`, `नंबर`):
    # as Arabic's `رقم`, it names an order's as well.
    r"|تلفن|موبایل|تماس|فون|موبائل|(?<!\w)کال(?!\w)|رابطہ|मोबाइल|कॉल|संपर्क|মোবাইল"
    r"|যোগাযোগ|جوال|موبايل|تلفون|تليفون"
)
# A label and its colon right before a value (quotes and spaces may stand between): the label
# runs back to the start of its line or of its sentence, at most 120 characters. A dot inside a
# token is no sentence's end (`SĐT tài xế xe 65K-250.43:`, a truck's plate in the label).
_LABEL = re.compile(
    r"(?:^|(?<=[.!?;]\s))((?:[^\n.!?;]|\.(?=[^\W_])){1,120}):[ \t]*[`'\"]?[ \t]*$", re.M
)


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


def whole_words_before(text: str, start: int, width: int) -> str:
    """The last `width` characters before `start`, less the tail of a word the cut went through:
    `nr` cut from `"snr"` is no word."""
    low = max(0, start - width)
    while 0 < low < start and text[low - 1].isalnum() and text[low].isalnum():
        low += 1
    return text[low:start]


# A field's key right before its value (`"bytes_ul": `, `ECI=`), and a field before it on the
# same line (`"cell": "WAR1707-4", `, `cell=5 `): the value is one field of a record.
_FIELD_KEY = re.compile(
    r"""(?:^|(?<=[\s,{;(]))["']?([A-Za-z_][\w.-]*)["']?[ \t]*[:=][ \t]*["']?$"""
)
_FIELD = re.compile(
    r"""(?:^|(?<=[\s,{;(]))["']?[A-Za-z_][\w.-]*["']?[ \t]*([:=])[ \t]*["']?[\w.-]"""
)


def field_key(text: str, start: int) -> str | None:
    """The key of the field whose value starts at `start` when the value is one field of a
    record of several (`{"cell": "WAR1707-4", "bytes_ul": 41665383}`, `cell=5 ECI=137900035`),
    read as its words; None elsewhere. In a record each value has its own key, and a phone's
    word in another field's key (`cell`, a radio cell) names that field, not this one."""
    line = text[text.rfind("\n", 0, start) + 1 : start]
    m = _FIELD_KEY.search(line)
    if m is None:
        return None
    joiner = "=" if m.group(0).rstrip("\"' \t").endswith("=") else ":"
    if not any(f.group(1) == joiner for f in _FIELD.finditer(line, 0, m.start())):
        return None  # no field of the same syntax before it: a label, not a record's key
    return _camel_spaced(m.group(1))


# The fields that address a text message or a call (`"to": "0181…"`, `from=…`, `callee`), and
# what names such a record: an SMS, a call, a USSD session, a messenger's message, a subscriber.
_ADDRESS_KEY = re.compile(
    r"(?i)to|from|recipient|recipients|sender|dest|destination|dst|src|source|originator"
    r"|caller|callee|called|calling|a number|b number"
    # MSISDN: how a mobile network names the subscriber's number in its own records.
    r"|msisdn"
)
_MESSAGE_RECORD = re.compile(
    r"(?i)(?<![^\W\d_])(?:sms|mms|ussd|dlr|whatsapp|call|calls|voice|msisdn|phone|mobile)"
    r"(?![^\W\d_])"
)


def addressed_by_phone(text: str, start: int) -> bool:
    """True when the value at `start` is a record's `to`, `from`, `recipient`, `msisdn`… field
    and the record is a text message's or a call's (`{"svc": "sms-dlr-consumer", "to":
    "0181…"}`): an SMS or a call is addressed by phone numbers, as an e-mail is by addresses.
    The record is the braces around the value, or its line."""
    line_start = text.rfind("\n", 0, start) + 1
    m = _FIELD_KEY.search(text, line_start, start)
    if m is None or not _ADDRESS_KEY.fullmatch(_camel_spaced(m.group(1)).strip()):
        return False
    opened, closed = text.rfind("{", max(0, start - 600), start), text.find("}", start)
    if opened >= 0 and closed >= 0 and closed - start < 600:
        record = text[opened : m.start()] + " " + text[m.end() : closed]
    else:
        line_end = text.find("\n", start)
        record = (
            text[line_start : m.start()]
            + " "
            + text[m.end() : len(text) if line_end < 0 else line_end]
        )
    return _MESSAGE_RECORD.search(_camel_spaced(record)) is not None


def phone_label(text: str, start: int) -> bool:
    """True when the words before `start` call what follows a phone number: a phone's word in
    the 40 characters before it, a German compound on one, or a label that opens with one; in
    a record of fields, the value's own key (`field_key`)."""
    if addressed_by_phone(text, start):
        return True  # `{"svc": "sms-dlr-consumer", "to": "0181…"}`: an SMS's recipient
    key = field_key(text, start)
    if key is not None:
        return PHONE_CONTEXT.search(key) is not None or _PHONE_COMPOUND.search(key) is not None
    if asked_to_reach(text, start):
        return True  # `my number is …`, `الرقم ديالو …`, `falar com Marcos:`: to reach a person
    if persons_number_label(text, start):
        return True  # `رقم الزبون اللي … : 07…`: a person's number, the label read whole
    before = whole_words_before(text, start, 40)
    if PHONE_CONTEXT.search(before) is not None or _PHONE_COMPOUND.search(before) is not None:
        return True
    return label_opens_with(text, start, PHONE_CONTEXT) or _label_names_a_phone(text, start)


# An extension after a number, in the languages a team writes in (`ext. 129`, `int. 123`,
# `(Durchwahl 12)`, `DW 40`, `poste 12`, `ramal 40`, `toestel 8`, `wew. 12`, `内線 12`): only a
# phone number has an extension.
_EXTENSION = re.compile(
    r"[ \t]*[(\[]?[ \t]*(?:(?i:ext|extn|extension|interno|anexo|ramal|poste|toestel"
    r"|durchwahl|dw)\.?[ \t]*:?[ \t]*|(?i:int|tst|wew|доб)\.[ \t]*|(?:内線|內線|分机|分機)[ \t]*)"
    r"\d{1,6}(?!\w)"
)


# A request to call or message added after a number as a remark, a comma, a dash or a bracket
# between (`996092711, llámenlo`, `0896… (WA aja)`, `… — ring me`): the number is the one to
# call, as when the request stands before it. Bare after it, the word is a count's noun or a
# code (`1234567 calls`, `… BEL`, an airport).
_CALL_AFTER = re.compile(
    r"[ \t]*[,(–—-][ \t]*(?:(?i:call|ring|text|whatsapp|llámenlo|llámela|llámame|llámalo"
    r"|llamen|llamar|llame|ligue|liga|ligar|chiamate|chiamami|chiamalo|appelle[rz]?|appelez"
    r"|rufen|ruf|anrufen|bel|bellen|telp|telpon|telepon|hubungi|zadzwoń|dzwoń|звони\w*"
    r"|позвони\w*)|(?-i:WA)|عيط\w*|اتصل\w*|كلم\w*)(?![^\W\d_])"
    # A number after the word is the one it labels (`SSN 780-…, WhatsApp +52 …`).
    r"(?![ \t]*[:：]?[ \t]*[+(\d])"
)


# In the languages that put the verb last, a request to call comes after the number and its
# postposition "on", "to" (`۰۳۱… پر کال کریں`: call on …; `… पर कॉल करें`; `…に電話して`;
# `…로 전화 주세요`).
_CALL_ON_AFTER = re.compile(
    r"[ \t]*(?:پر|پہ|पर|पे|に|へ|로|으로|'(?:y?[ae]|[dt][ae]n))[ \t]*"
    r"(?:کال|فون|رابطہ|कॉल|फोन|फ़ोन|संपर्क|電話|でんわ|連絡|전화|연락|ara\w*)"
)


# Turkish puts the verb last: after the number a comma, a few words, then the request to call
# closes the clause (`05…, acil durumda arayın`: in an emergency, call).
_CALL_CLOSES_CLAUSE = re.compile(
    r"[ \t]*[,(–—-][ \t]*(?:[^\W\d_]+[ \t]+){0,3}"
    r"(?i:arayın|arayınız|arayin|arayiniz|arasın|arayabilirsiniz|ara|arayabilir)(?![^\W\d_])"
)


def call_after(text: str, end: int) -> bool:
    """True when a request to call or message follows the number that ends at `end`."""
    if _CALL_CLOSES_CLAUSE.match(text, end) is not None:
        return True
    return _CALL_AFTER.match(text, end) is not None or _CALL_ON_AFTER.match(text, end) is not None


# HL7 v2's telecom field (XTN): the number, then its use code (PRN a primary residence's, WPN a
# work number, ORN, VHN, ASN, EMR, BPN) and its equipment type (PH a telephone, CP a cell phone,
# FX a fax, MD a modem, BP a beeper), parted by `^` (`PID-13 0950-431-134^PRN^PH`).
_HL7_TELECOM_AFTER = re.compile(
    r"\^(?:PRN|ORN|WPN|VHN|ASN|EMR|BPN)\^(?:PH|CP|FX|MD|BP)(?![A-Za-z])"
)


def typed_a_phone_after(text: str, end: int) -> bool:
    """True when the format's own type code after the number at `end` calls it a phone (HL7's
    `^PRN^PH`): the record says what the field holds."""
    return _HL7_TELECOM_AFTER.match(text, end) is not None


def extension_after(text: str, end: int) -> bool:
    """True when an extension follows the number that ends at `end` (`_EXTENSION`)."""
    return _EXTENSION.match(text, end) is not None


def with_extension(text: str, end: int) -> int:
    """Where the phone number that ends at `end` ends with its extension (`… ext. 4774`): the
    extension is a part of the number, it reaches the person."""
    m = _EXTENSION.match(text, end)
    if m is None:
        return end
    opened = next((c for c in "([" if c in m.group(0)), None)
    closer = {"(": ")", "[": "]"}.get(opened or "")
    # `(Durchwahl 226)`: the bracket the extension opened closes with it.
    return m.end() + 1 if closer and text.startswith(closer, m.end()) else m.end()


# Arabic "number" before a person or a phone (`رقم الزبون`: the customer's number; `رقم
# الحارس`: the guard's): that person's phone, as `número del cliente` is. Before a thing
# (`رقم الحجز`, a booking's) it is the thing's.
_ARABIC_PERSONS_NUMBER = re.compile(
    r"(?<!\w)(?:ال)?رقم[ \t]+(?:ال)?(?:زبون|زبونة|عميل|عميلة|حارس|سائق|مدير|مديرة|مسؤول|تقني|فني"
    r"|موظف|موظفة|ليفرور|هاتف|تلفون|تليفون|جوال|موبايل|واتساب|واتس|شخص|صاحب|مالك|مهندس)(?!\w)"
)


# Indonesian and Malay "number" before a person (`Nomor supir truk …:`: the truck driver's
# number; `nombor pelanggan`): that person's phone, as `número del cliente` is; before a thing
# (`nomor pesanan`, an order's) it is the thing's.
_MALAY_PERSONS_NUMBER = re.compile(
    r"(?i)(?<![^\W\d_])(?:nomor|nombor|no\.?)[ \t]+(?:hp|handphone|telepon|telp|wa|supir|sopir"
    r"|driver|kurir|pelanggan|customer|bapak|ibu|pak|bu|mas|mbak|teknisi|petugas|satpam"
    r"|penjaga|pemilik|admin)(?![^\W\d_])"
)


def persons_number_label(text: str, start: int) -> bool:
    """True when the label on the line before `start` is "the number of" a person, in Arabic
    (`رقم الزبون`) or in Indonesian and Malay (`Nomor supir truk …:`)."""
    low = max(text.rfind("\n", 0, start) + 1, start - 80)
    if _ARABIC_PERSONS_NUMBER.search(text, low, start):
        return True
    return _MALAY_PERSONS_NUMBER.search(text, low, start) is not None


# "Number" alone, in the languages of `PHONE_CONTEXT`: a phone's label, and an order's, an AS's,
# a project's as well.
_NUMBER_WORD = re.compile(
    r"(?i)number|no\.|nr\.?|nummer|numéro|número|numero|numer|číslo|čísla|numara\w*|номер"
    r"|namba|nambari"
    # Words that name a phone only in some sentences: a text, a ring, a signal, to reach.
    r"|text|ring|kin|ice|signal|dial|reach|bel|liga|ligo|kom|ruf|call|calling"
)


def phone_named_on_line(text: str, start: int) -> bool:
    """True when the line before `start` names a phone by a word of its own (`Sími:`, `手机号是`,
    `"phone": "`, `Rückrufnummer`), not by "number" alone, which names ids as well: the stricter
    reading, for a number no region read by default has (`read_in_some_plan`)."""
    line = text[text.rfind("\n", 0, start) + 1 : start][-80:]
    if _PHONE_COMPOUND.search(line) is not None:
        return True
    return any(
        _NUMBER_WORD.fullmatch(m.group(0)) is None for m in PHONE_CONTEXT.finditer(line)
    ) or any(
        _NUMBER_WORD.fullmatch(m.group(0)) is None
        for m in PHONE_CONTEXT.finditer(_camel_spaced(line))
    )


# What may stand between a phone's word and its number: "number" in the scripts that glue it to
# the word (`手机号`, `電話番号`, `전화번호`); "at (the) number" (`kontakt pod nr`, `erreichbar
# unter der Nummer`, `contact at number`), the number word then being the phone's own; a colon
# or a copula, an opening bracket.
_AT_NUMBER = (
    r"[ \t]+(?:pod|na|at|on|under|unter|au|al|no|op|på|по|на)[ \t]+"
    r"(?:the[ \t]+|der[ \t]+|o[ \t]+)?(?:nr|no|numer(?:em|ze|u)?|number|nummer|numéro|número"
    r"|numero|čísle|číslo|номер(?:у|ом|е)?)\.?"
)
_TO_THE_NUMBER = re.compile(
    r"(?i)\.?(?:号码|號碼|号|號|番号|番號|번호)?"
    rf"(?:{_AT_NUMBER})?"
    r"[ \t]*(?:[:：=]|is|ist|es|est|é|è|är|er|ni|là"
    r"|是|为|為|は|는|은)?[ \t]*[:：]?[ \t]*[(（\"']?$"
)


_AT_NUMBER_END = re.compile(rf"(?i){_AT_NUMBER}[ \t]*:?[ \t]*$")


def phone_at_the_number(before: str) -> bool:
    """True when `before` ends in a phone's own word, then "at (the) number" (`kontakt pod nr`,
    `erreichbar unter der Nummer`): the number word is the phone's, not a record's (`pod` is a
    preposition there, no Kubernetes pod)."""
    at = _AT_NUMBER_END.search(before)
    if at is None:
        return False
    words = list(PHONE_CONTEXT.finditer(before, 0, at.start()))
    return (
        bool(words)
        and words[-1].end() == at.start()
        and _NUMBER_WORD.fullmatch(words[-1].group(0)) is None
    )


# A request to be called at a number, and a person's own "number": "call me at", "text me on",
# "my number is", "mi número es", "meine Nummer ist" — what a person calls theirs, or asks to be
# called at, is a phone, whatever else "call" and "number" name elsewhere (an API's call, an
# order's number).
_CALLED_AT = re.compile(
    r"(?i)(?:\b(?:call|ring|text|phone|reach|whatsapp|message)[ \t]+(?:me|us|him|her|them)"
    r"[ \t]+(?:at|on)"
    # A caller's own number: `customer called from …`, `she rang from …`.
    r"|\b(?:called|rang|phoned|texted|messaged)[ \t]+(?:us[ \t]+|me[ \t]+)?from"
    # The same in Swahili (`amepiga kutoka …`: has called from; `alipiga simu kutoka`).
    r"|\b(?:a|ali|ame|ana|wali|wame|wana)(?:piga|pigia)(?:[ \t]+simu)?[ \t]+kutoka"
    # Someone's number in Hindi and Urdu written in Latin letters (`Bilal ka number …`).
    r"|\b(?:ka|ki|ke)[ \t]+(?:number|nambar|numbr|no\.?)(?:[ \t]+(?:hai|he|h))?[ \t]*:?"
    # "My (new) number is" in Swahili (`namba yangu mpya ni …`).
    r"|\b(?:namba|nambari)[ \t]+(?:yangu|yake|yetu|yao|yako|yenu)(?:[ \t]+mpya)?"
    r"(?:[ \t]+ni)?[ \t]*:?"
    r"|\b(?:my|his|her|their|our|your|mi|su|meu|seu|minha|mon|son|meine|seine|ihre|il mio"
    r"|mijn|zijn|haar)[ \t]+(?:new[ \t]+|nuevo[ \t]+|novo[ \t]+|neue[ \t]+)?"
    r"(?:number|número|numero|numéro|nummer"
    # A person's own phone by its name (`mi cel es …`, `my cell is …`, `mein Handy ist …`).
    r"|phone|cell|cellphone|mobile|cel|celu|celular|móvil|movil|teléfono|telefono|telefone"
    r"|telemóvel|portable|tél|téléphone|handy|handynummer|mobiel|telefoon|whatsapp|whats|zap)"
    r"(?:[ \t]+(?:is|es|é|est|c['’]est|ist|è|is[ \t]+now|es[ \t]+el|é[ \t]+o))?[ \t]*:?"
    # Arabic says "my number" with a suffix (`رقمي`, `رقمه`: his), the spoken Arabic of the
    # Maghreb and Egypt with a possessive word after it (`الرقم ديالو`, `رقم بتاعي`).
    r"|(?<!\w)(?:ال)?رقم(?:ي|ه|ها|ك|كم|هم|نا"
    r"|[ \t]+(?:ديال|بتاع|متاع|تاع|تبع)(?:ي|و|ه|ها|ك|نا|هم|كم))"
    r"(?:[ \t]+(?:هو|هي))?[ \t]*:?"
    # Vietnamese names a person by a kinship word and a given name (`chị Lan`, `anh Minh`): a
    # number right after a person so named is theirs to be called at.
    r"|(?<![^\W\d_])(?-i:chị|anh|cô|chú|bác|dì|cậu|ông|bà|Chị|Anh|Cô|Chú|Bác|Ông|Bà)[ \t]+"
    r"(?-i:[A-ZĐ][^\W\d_]{1,10})(?:[ \t]+(?-i:[A-ZĐ][^\W\d_]{1,10}))?[ \t]*:?)"
    r"[ \t]*[(（]?$"
)


# A request to speak with someone named, then a colon (`Dúvidas, falar com Marcos Vieira:`,
# `talk to Priya:`), or to contact someone at or by what follows (`contactar o chefe de turno
# (Joana) pelo …`, `contact the duty engineer on …`): what is given to reach a person by is
# their phone.
_SPEAK_WITH = re.compile(
    r"(?i)(?<![^\W\d_])(?:falar|fale|falem|hablar|hable|habla|hablen|parler|parlez|speak|talk"
    r"|sprechen|sprich|parlare|parla|parlate)[ \t]+(?:com|con|à|au|avec|to|with|mit)[ \t]+"
    r"(?:[^\W\d_][\w.'’-]*[ \t]+){0,3}[^\W\d_][\w.'’-]*[ \t]*[:：][ \t]*$"
    r"|(?<![^\W\d_])(?:contact|contactar|contatar|contacte|contactez|contacter|contatta"
    r"|contattare|kontaktieren|kontaktiere|reach"
    # To call someone at a number (`telepon CS kita di 0852…`: call our service desk at;
    # `call the night porter on …`, `llamen a Marta al …`, `gọi anh Tuấn qua số …`).
    r"|call|ring|phone|telepon|telpon|hubungi|llama|llamá|llamen|llamar|llame|ligue|ligar|liga"
    r"|appelle|appelez|appeler|anrufen|ruf|rufen|bel|bellen|chiama|chiamate|chiamare|gọi"
    r"|zadzwoń|dzwoń"
    # Egyptian Arabic in Latin letters: `kallem el sawa2 3ala 010…` (call the driver on).
    r"|kallem|kalem|kallemo|kallemi|kallimo|kalmo|kalmi)(?![^\W\d_])[^\n.;:!?]{0,50}?[ \t]"
    r"(?:at|on|pelo|pela|por|al|au|unter|via|di|ke|op|qua|qua[ \t]+số|số|sur|na|no"
    r"|3ala|3la)[ \t]*$"
)


# An emergency, in the languages a team writes in: a text that gives the emergency services'
# short code (`112`, `190`, `١٩٠`) is telling whom to call, and the number it gives beside it
# (`Im Notfall 112, sonst bitte …`, `للطوارئ ١٩٠، ولغير ذلك …`) is the one to call otherwise.
_EMERGENCY = re.compile(
    r"(?i)(?<![^\W\d_])(?:emergenc\w*|emergênc\w*|emergenz\w*|urgen[cç]\w*|urgent\w*|notfall\w*"
    r"|notruf\w*|nood\w*|nagł\w*|nödfall\w*|nødstil\w*|hätä\w*|nouz\w*|έκτακτ\w*|экстренн\w*"
    r"|надзвичайн\w*|acil|vészhelyzet\w*|urgenț\w*|khẩn[ \t]+cấp|darurat|kecemasan|dharura|sos)"
    r"(?![^\W\d_])|(?:ال|لل)?طوارئ|חירום|اضطرار|ایمرجنسی|आपात|आपतकाल|জরুরি|紧急|緊急|긴급|ฉุกเฉิน|አደጋ"
)
# A short code standing alone: two to four digits, in any script's digits.
_SHORT_CODE = re.compile(r"(?<![\w.,:/+-])\d{2,4}(?![\w:/-]|[.,]\d)")


@functools.lru_cache(maxsize=256)
def _emergency_code(code: str) -> bool:
    """True when `code` is the emergency services' number in some country (`phonenumbers`'
    short-number metadata: `112`, `911`, `190`, `1122`)."""
    ascii_code = "".join(str(int(c)) for c in code)
    return any(
        shortnumberinfo.is_emergency_number(ascii_code, region)
        for region in phonenumbers.SUPPORTED_SHORT_REGIONS
    )


def beside_an_emergency_code(text: str, start: int) -> bool:
    """True when the line before `start` names an emergency and gives an emergency services'
    short code (`_EMERGENCY`, `_emergency_code`): the number after them is the one to call for
    anything else."""
    line = text[max(text.rfind("\n", 0, start) + 1, start - 120) : start]
    if _EMERGENCY.search(line) is None:
        return False
    return any(_emergency_code(m.group(0)) for m in _SHORT_CODE.finditer(line))


def _a_name_word(word: str) -> bool:
    """True for a word of a person's name as written: capitalised in a script with case
    (`Olivia`, `O'Connor`, `Łukasz`), any word of letters in a script without (`सीता`)."""
    letters = re.sub(r"['’-]", "", word)
    if not letters or not all(
        c.isalpha() or unicodedata.category(c) in ("Mn", "Mc") for c in letters
    ):
        return False  # letters and their marks only (`सीता`: a vowel sign is a mark)
    if letters.lower() == letters.upper():
        return True  # a script without case
    return letters[0].isupper() and letters[1:].islower()


_MOBILE = (phonenumbers.PhoneNumberType.MOBILE, phonenumbers.PhoneNumberType.FIXED_LINE_OR_MOBILE)


def _valid_in(run: str, regions: Iterable[str]) -> Iterator[tuple[str, phonenumbers.PhoneNumber]]:
    """(region, number) for each region whose plan reads `run` as a valid number of its own."""
    for region in regions:
        try:
            number = phonenumbers.parse(run, region)
        except phonenumbers.NumberParseException:
            continue
        if phonenumbers.is_valid_number_for_region(number, region):
            yield region, number


def _dialled_as_written(value: str) -> bool:
    """True when the digits of `value` are a valid number of some plan as one dials it there:
    the digits of its national format, from the trunk prefix in a plan that has one (`0676
    133515`, Austria's; `726139835`, Czechia's, which has none), or a mobile's where the plan
    writes them without it (`15942342087`, China's). A count or a timestamp (`1743481485`) is
    a national number only with the trunk prefix it lacks."""
    run = _cut_ends(value)[0]
    for region, number in _valid_in(run, _ALL_REGIONS):
        national = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL)
        if re.sub(r"\D", "", national) != run:
            continue
        meta = phonenumbers.PhoneMetadata.metadata_for_region(region)
        prefix = meta.national_prefix if meta is not None else None
        if not prefix or run.startswith(prefix) or phonenumbers.number_type(number) in _MOBILE:
            return True  # as the plan writes it at home: a trunk prefix where it has one
    return False


def given_alone(text: str, start: int, end: int) -> bool:
    """True when the number at `text[start:end]` is all the message gives, alone or with a
    person's name (two or three words of a name: `Olivia Bennett, …`, `… — Hugo Moreau`, `सीता
    श्रेष्ठ (…)`) and at most a mark or an emoji: a contact passed on. An id or an amount comes
    with the word that names it (`Order 4155…`), and a lone word before a number is as often
    that."""
    head = text[:start].strip().rstrip("(（:：,，-–—").strip()
    tail = text[end:].strip().lstrip(")）").strip()
    if re.search(r"[^\W\d_]", tail) and not head:
        head, tail = tail.lstrip(",，-–—:").strip(), ""  # `… — Hugo Moreau`
    if re.search(r"[\w]", tail):
        return False  # more words after the number
    if len(tail) > 3:
        return False  # at most a mark or an emoji
    words = head.split()
    if words and not (2 <= len(words) <= 3 and all(_a_name_word(w) for w in words)):
        return False
    aside = text[start - 1 : start] in "(（" or "\n" in text[:start]
    if any(w.lower() == w.upper() for w in words) and not aside:
        # In a script without capitals two words may as well name a thing (`شماره کالا`: an
        # item's number); a number in brackets after them, or on the line under them, is the
        # one named's.
        return False
    if _THOUSANDS.fullmatch(text[start:end]):
        return False  # `Jonas Berg: 993 417 205`: grouped by thousands, a count by a name
    gap = text[max(0, start - 4) : start] + text[end : end + 4]
    if words and re.fullmatch(r"\d+", text[start:end]) and not re.search(r"[,:：(（)）—–\n-]", gap):
        return False  # `Ana Ruiz 0612345671`: a bare run right after a name, as often a reference
    return _dialled_as_written(text[start:end])


# A signature's delimiter (`-- `, RFC 3676), a line of its own; and a line that holds nothing
# but a number, perhaps between bars or bullets (`| 0031 6 73684580 |`).
_SIGNATURE_DELIMITER = re.compile(r"(?m)^--[ \t]?$")
_NUMBER_LINE = re.compile(r"[ \t|•·]*[+(]?\d[\d ().\-/]*\d[ \t|•·]*")


def in_a_signature(text: str, start: int, end: int) -> bool:
    """True when the number at `text[start:end]` is alone on its line in a signature, within
    six lines under its delimiter `-- ` (RFC 3676): under the sender's name, role and address,
    the number given alone is the sender's phone, as on a business card."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line = text[line_start : len(text) if line_end < 0 else line_end]
    if _NUMBER_LINE.fullmatch(line) is None:
        return False
    above = text[:line_start].split("\n")[-7:-1]
    return any(_SIGNATURE_DELIMITER.fullmatch(h.rstrip("\r")) for h in above)


def printed_as_its_plan(value: str) -> bool:
    """True when `value` is written in exactly the groups a plan prints that number in at home
    (`phonenumbers`' national format): `06 1 462 5530` (Hungary: trunk 06, Budapest's 1), `6 65
    45 35 88` (Cameroon), `8 (935) 364-35-93` (Russia). A lone digit then is the plan's own."""
    run, digits, _ = _cut_ends(value)
    widths = [len(d) for d in digits]
    for _region, number in _valid_in(run, _ALL_REGIONS):
        national = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL)
        if [len(g) for g in re.findall(r"\d+", national)] == widths:
            return True
    return False


# Digits grouped by thousands (`993 417 205`), as `formats.numbers` reads a count.
_THOUSANDS = re.compile(r"[1-9]\d{0,2}(?:([ .,\u00a0\u202f])\d{3})(?:\1\d{3})+")


def asked_to_reach(text: str, start: int) -> bool:
    """True when the words before `start` ask to call the person the number belongs to: a
    person's own number (`_CALLED_AT`), a request to speak with or contact someone at it
    (`_SPEAK_WITH`)."""
    if _CALLED_AT.search(text, max(0, start - 40), start) or beside_an_emergency_code(text, start):
        return True
    return _SPEAK_WITH.search(text, max(0, start - 80), start) is not None


# A vCard's telephone property, with its parameters (`TEL;TYPE=WORK,VOICE:`): its value is a
# phone number by the format's own definition (RFC 6350).
_VCARD_TEL = re.compile(r"(?im)^(?:item\d+\.)?TEL(?:;[^:\n]*)?:[ \t]*$")


def _label_names_a_phone(text: str, start: int) -> bool:
    """True when the value at `start` follows a label and its colon whose first three words hold
    a phone's own word, not "number" alone (`SĐT tài xế xe 65K-250.43:`, the driver's phone;
    `Handy vom Fahrer:`): the label names what its colon gives."""
    m = _LABEL.search(text[max(text.rfind("\n", 0, start) + 1, start - 160) : start])
    if m is None:
        return False
    return own_phone_word(" ".join(m.group(1).split()[:3]))  # `contact_phone:` as its words


def phone_word_labels(text: str, start: int) -> bool:
    """True when a phone's own word (not "number" alone) stands right before the number at
    `start`, with at most a colon, a copula or a bracket between (`Sími: 635 3070`, `手机号是2905
    2691`, `phone is (852) …`): the word labels that number, not one further on its line; or
    when a person asks to be called at it or calls it their number (`_CALLED_AT`); or when it
    follows a label whose first words name a phone (`_label_names_a_phone`)."""
    before = text[max(0, start - 40) : start]
    if asked_to_reach(text, start) or _label_names_a_phone(text, start):
        return True
    if _VCARD_TEL.search(text, max(0, start - 80), start) or persons_number_label(text, start):
        return True  # a contact card's telephone property; a person's number
    if addressed_by_phone(text, start):
        return True  # an SMS's or a call's `to`, `from`
    key = field_key(text, start)
    if key is not None:
        return own_phone_word(key)  # a record's own key for the value (`"driver_phone":"…"`)
    joiner = _TO_THE_NUMBER.search(before)  # every part optional: it matches at the end
    head = before[: joiner.start()] if joiner else before
    words = list(PHONE_CONTEXT.finditer(head))
    last = words[-1] if words else None
    return (
        last is not None
        and last.end() == len(head)
        and _NUMBER_WORD.fullmatch(last.group(0)) is None
    )


def _camel_spaced(words: str) -> str:
    """A name written as code, read as its words (`ONCALL_PHONE`, `mobileNumber`)."""
    return re.sub(r"[_\W]+", " ", re.sub(r"(?<=[a-z])(?=[A-Z])", " ", words))


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


# An e-mail address ending a list's item right before the number (`kontakt: ana@…, 420 78 513`).
_ADDRESS_LISTED_BEFORE = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+[ \t]*[,;/|][ \t]*$")


def listed_under_a_phones_label(text: str, start: int) -> bool:
    """True when the number at `start` follows an e-mail address in a list that a phone's word
    labels (`Kandidatens kontakt: mette@…, 420 78 513`): the items of a list share its label,
    and a contact's label names each way to reach the person it lists."""
    listed = _ADDRESS_LISTED_BEFORE.search(text, max(0, start - 120), start)
    return listed is not None and phone_word_labels(text, listed.start())


def _plan_cuts(number: phonenumbers.PhoneNumber) -> list[tuple[set[int], set[int]]]:
    """Where the number's own plan cuts its digits into groups, counted from its last digit,
    for each layout the plan writes numbers of its range in (`phonenumbers`' formats, national
    and international: `(415) 555-2671` is {4, 7}; a French `06 12 34 56 78` is {2, 4, 6, 8});
    and where a long group of an even width may also be cut in halves (`07960 307 093`,
    `030 1234 5678`)."""
    region = phonenumbers.region_code_for_number(number)
    meta = phonenumbers.PhoneMetadata.metadata_for_region(region or "")
    if meta is None:
        return []
    return _format_cuts(meta, phonenumbers.national_significant_number(number))


def _format_cuts(meta: phonenumbers.PhoneMetadata, nsn: str) -> list[tuple[set[int], set[int]]]:
    """`_plan_cuts` for the digits `nsn` in the plan `meta`."""
    cuts: list[tuple[set[int], set[int]]] = []
    for fmt in [*meta.number_format, *meta.intl_number_format]:
        leading = fmt.leading_digits_pattern
        if leading and not _compiled(leading[-1]).match(nsn):
            continue
        m = _compiled(fmt.pattern or "").fullmatch(nsn)
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


@functools.lru_cache(maxsize=4096)
def _compiled(pattern: str) -> re.Pattern[str]:
    """A plan's pattern compiled once (there are thousands: `re`'s own cache holds 512)."""
    return re.compile(pattern)


def _cut_ends(value: str) -> tuple[str, list[str], set[int]]:
    """The digits of `value` in one run, its groups, and where it is cut, counted from its last
    digit (`415 555-2671` is {4, 7}). Digits of any script are read as ASCII ones (`९७४`)."""
    digits = ["".join(str(int(c)) for c in g) for g in re.findall(r"\d+", value)]
    run = "".join(digits)
    ends, at = set(), 0
    for group in digits[:-1]:
        at += len(group)
        ends.add(len(run) - at)
    return run, digits, ends


def _cut_as_planned(inner: set[int], cuts: list[tuple[set[int], set[int]]], size: int) -> bool:
    """The cuts `inner` are a layout of the plan: all its cuts (a long group may be in halves),
    or one cut where it cuts that parts the number once as people do: after its first group
    (the area code or the mobile prefix: `06-12345678`), at a long group's halves, or into
    halves (`3312 3456`). A nine-digit `12782-0019` cut once inside the plan's groups (a Polish
    `12 782 00 19` read 5-4) is a record's layout, not a phone's."""
    if len(inner) >= 2:
        return any(c <= inner <= c | h for c, h in cuts)
    if not inner:
        return bool(cuts)
    cut = next(iter(inner))
    return any(
        cut in h or c and cut == max(c) or cut in c and size % 2 == 0 and cut == size // 2
        for c, h in cuts
    )


def grouped_as_its_plan(value: str, regions: tuple[str, ...]) -> bool:
    """True when the digit groups of `value` are the groups of a plan that has the number
    (`415.555.2671`, `06 12 34 56 78`; a long group may be in halves), or two groups cut where
    the plan cuts (`3312 3456`, `06-12345678`): people write a phone number in the groups
    their country reads it in, or part it once. A tariff's code (`8471.30.00`: four digits,
    then pairs), a tax number (`123.456.789-09`) or a record's number is cut where its own
    format cuts it, which no plan does for a number of that range. The trunk prefix or
    country code before the plan's digits may stand apart or not (`1-415-…`, `0 20 7946 0958`)."""
    run, _, ends = _cut_ends(value)
    for _region, number in _valid_in(run, regions):
        size = len(phonenumbers.national_significant_number(number))
        if _cut_as_planned({e for e in ends if e < size}, _plan_cuts(number), size):
            return True
    return False


_ALL_REGIONS = tuple(sorted(r for r in phonenumbers.SUPPORTED_REGIONS if r != "001"))


def read_in_some_plan(value: str, *, grouped: bool = False, headed: bool = False) -> bool:
    """True when the digits of `value` are a number of some country's plan, any country: after
    the plan's trunk prefix, or after its country code written as a group of its own with no
    `+` (`(852) 2064 4286`), they have a length and a range of the plan's (its general pattern:
    the range need not be assigned yet, `420 78 513` in Norway); with `grouped`, also in the
    groups the plan writes that range in (`9 3430 6954`, a Chilean mobile); with `headed`, only
    after the plan's trunk prefix or country code (`84339494941`, Vietnam's `84`). For a number
    the text calls a phone that none of the regions read by default has."""
    run, digits, ends = _cut_ends(value)
    for region in _ALL_REGIONS:
        meta = phonenumbers.PhoneMetadata.metadata_for_region(region)
        if meta is None or meta.general_desc is None:
            continue
        heads = [] if headed else [""]
        if meta.national_prefix and run.startswith(meta.national_prefix):
            heads.append(meta.national_prefix)
        if len(digits) > 1 and digits[0] == str(meta.country_code):
            heads.append(digits[0])
        elif len(digits) == 1 and len(run) >= 11 and run.startswith(str(meta.country_code)):
            # Written from its country code without the `+` (`WA 6281224454651`), as a
            # messenger's link writes it (`wa.me/6281…`).
            heads.append(str(meta.country_code))
        for head in heads:
            nsn = run[len(head) :]
            if len(nsn) not in meta.general_desc.possible_length or not _compiled(
                meta.general_desc.national_number_pattern or "$^"
            ).fullmatch(nsn):
                continue
            inner = {e for e in ends if e < len(nsn)}
            if not grouped or _cut_as_planned(inner, _format_cuts(meta, nsn), len(nsn)):
                return True
    return False


def valid_anywhere(value: str, regions: tuple[str, ...]) -> bool:
    """True when `value` is a valid number (its range assigned) with its `+` country code, or
    in one of `regions` without it. A test's or an example's number that no plan assigns (`+1
    (123) 456-7890`: no area code opens with 1) is a stand-in; a valid one so named may be a
    real test phone's, and is still redacted."""
    plus = value.lstrip("(").startswith(("+", "＋"))
    for region in (None,) if plus else regions:
        try:
            number = phonenumbers.parse(value, region)
        except phonenumbers.NumberParseException:
            continue
        if phonenumbers.is_valid_number(number):
            return True
    return False


def own_phone_word(words: str) -> bool:
    """True when `words` hold a phone's own word, not "number" alone, also inside a name
    written as code (`driver_phone`, `contactPhone`)."""
    for spaced in (re.sub(r"[_\W]+", " ", words), _camel_spaced(words)):  # as written, as words
        if any(_NUMBER_WORD.fullmatch(w.group(0)) is None for w in PHONE_CONTEXT.finditer(spaced)):
            return True
    return False

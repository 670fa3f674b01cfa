"""Personal data presidio already knows how to find without spaCy, filtered for chat.

Phone numbers (through the `phonenumbers` library, for many regions), IP addresses, US SSNs, UK
NINOs and national ids with a checksum come from presidio's predefined recognizers, each wrapped
with a filter for what chat is full of: Slack timestamps, versions, dates, decimals, digits inside
longer tokens. Secrets found by context are in `writers.redact.context`, street addresses in
`writers.redact.addresses`.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable, Sequence
from typing import Any

import phonenumbers
from presidio_analyzer import EntityRecognizer, RecognizerResult
from presidio_analyzer.predefined_recognizers import (
    AuTfnRecognizer,
    CaSinRecognizer,
    EsNieRecognizer,
    EsNifRecognizer,
    FiPersonalIdentityCodeRecognizer,
    InAadhaarRecognizer,
    IpRecognizer,
    ItFiscalCodeRecognizer,
    NhsRecognizer,
    PhoneRecognizer,
    PlPeselRecognizer,
    SePersonnummerRecognizer,
    UkNinoRecognizer,
    UsSsnRecognizer,
)

from writers.redact.formats.columns import column_header, in_figures_row
from writers.redact.formats.named_ids import named_as_id
from writers.redact.formats.numbers import (
    called_a_phone,
    ends_a_phones_cell,
    given_in_a_cell,
    phone_layout_ok,
    placeholder_number,
    plus_opens_a_country_code,
)
from writers.redact.formats.record_labels import labelled_as_a_record
from writers.redact.formats.roles import labelled_by_a_role, names_a_role
from writers.redact.id_columns import in_id_column, in_id_list, records_in_columns
from writers.redact.phone_words import (
    PHONE_CONTEXT,
    addressed_by_phone,
    call_after,
    extension_after,
    field_key,
    given_alone,
    grouped_as_its_plan,
    in_a_signature,
    inside_a_code_value,
    label_opens_with,
    listed_under_a_phones_label,
    on_a_contact_line,
    own_phone_word,
    phone_word_labels,
    read_in_some_plan,
    typed_a_phone_after,
    valid_anywhere,
    with_extension,
)
from writers.redact.public_forms import (
    hetu_checked,
    in_hex_dump_row,
    names_test_values,
    quantity_named_before,
    quantity_with_unit,
    temporary_hetu,
    test_named_on_line,
)
from writers.redact.structure import line_before

PHONE_REGIONS = (
    "US", "GB", "DE", "FR", "IN", "BR", "JP", "AU", "NL", "ES", "IT", "CA", "MX", "SE", "CH",
    "IE", "SG", "ZA", "PL", "BE", "AT", "PT", "DK", "NO", "FI", "NZ", "KR", "CN", "IL", "AE",
    "RU", "GR", "TR", "AR",
)  # fmt: skip
# Presidio's entity names → the redactor's kinds (what `[REDACTED:<kind>]` says).
KINDS = {
    "PHONE_NUMBER": "phone",
    "IP_ADDRESS": "ip_address",
    "US_SSN": "us_ssn",
    "UK_NINO": "uk_nino",
    "IN_AADHAAR": "national_id",
    "CA_SIN": "national_id",
    "AU_TFN": "national_id",
    "ES_NIE": "national_id",
    "UK_NHS": "national_id",
    "SE_PERSONNUMMER": "national_id",
    "ES_NIF": "national_id",
    "IT_FISCAL_CODE": "national_id",
    "PL_PESEL": "national_id",
    "FI_PERSONAL_IDENTITY_CODE": "national_id",
}
# Words that name a number as a version of something: a release, a build, a firmware, a driver,
# a kernel, a BIOS, a bootloader, an SDK, in the languages a team writes in. Each word is whole
# ("visit" is not `v`), or the end of a CamelCase name (`AssemblyFileVersion`, `driverVersion`).
_VERSION_WORDS = (
    r"(?:(?i:\bv|\bversion|(?<![^\W\d_])(?!(?:con|in|di|a|re|per|sub|intro|extro|extra)version)"
    r"(?-i:[A-Za-zÄÖÜäöüß]+)version|\bver\.?|\brelease|\bbuild|\brev|\brevision|firmware|\bfw|kernel"
    r"|driver|\bbios|\bvbios|\bsdk|\bpatch|bootloader|\bbootrom|\buefi|microcode|baseband|versión|versão|versione|wersja|версия|バージョン"
    r"|版本|버전)|(?<=[a-z])(?:Version|Release|Build))"
)
# A version word just before a dotted number names it a version, also across a copula or a call's
# opening (`version is 7.22.58.226`, `AssemblyVersion("7.4.0.0")`, `Firmware 2.13.0.41`).
_VERSIONISH = re.compile(rf"{_VERSION_WORDS}(?:\s*(?:is|was|=|:|\(|\[|\"|'|of|to))*\s*$")
# A requirement's pin or bound (`==`, `>=`, `~=`, `~>`, `^`): what follows is a version
# (`nvidia-cudnn-cu12==9.1.0.70`), however much it looks like an address.
_VERSION_PIN = re.compile(r"(?:[=!<>~]=|~>|===|\^|@v)[ \t]*$")


# Calendar dates look like national phone numbers to `phonenumbers` (23.11.2026, 2026-11-23).
_DATE = re.compile(
    r"(?:0?[1-9]|[12]\d|3[01])([./-])(?:0?[1-9]|1[0-2])\1(?:19|20)\d\d"
    r"|(?:0?[1-9]|1[0-2])([./-])(?:0?[1-9]|[12]\d|3[01])\2(?:19|20)\d\d"
    r"|(?:19|20)\d\d([./-])(?:0?[1-9]|1[0-2])\3(?:0?[1-9]|[12]\d|3[01])"
)


# Numbers that are written like phone numbers but named as something else just before.
# Each word is whole: "visit" is not `v`, "verify" is not `ver`.
_NOT_A_PHONE = re.compile(
    rf"(?:(?i:\bisbn(?:-1[03])?|\bissn|\bdoi)|{_VERSION_WORDS})(?![A-Za-z])\W{{0,3}}(?:\w+\W{{1,3}}){{0,2}}$"
)


# The `_NOT_A_PHONE` match when its word is a version's (not an ISBN's, an ISSN's or a DOI's).
_VERSION_WORD_ONLY = re.compile(rf"{_VERSION_WORDS}(?![A-Za-z])\W{{0,3}}(?:\w+\W{{1,3}}){{0,2}}")
_WRITTEN_AS_NO_VERSION = re.compile(r"^[ \t]*[+(]|\d[ \t]+\d")


def label_before(text: str, start: int, width: int = 40) -> str:
    """The last `width` characters of the line before `start`, with each run of spaces or tabs
    read as one: in an aligned listing (`Driver Version          : 535.183.01`) the key names
    the value however far the padding goes."""
    line = line_before(text, start)
    return re.sub(r"[ \t]+", " ", line)[-width:]


# A token glued to the number by a colon, with a digit, a dot, an underscore or a slash in it:
# the number is a position inside that thing (`NM_000546.6:7727-22067`, `chr7:1400-2200`,
# `main.py:120-145`), not a phone. `Tel:06-…` (a word) still labels a phone.
_POSITION_IN = re.compile(r"[\w./-]*[\d._/][\w./-]*:$")
# An address glued by a colon to digits parted by marks is a field of that code, not a host:
# `1-0:1.8.0.255` is a meter's register (its OBIS code). A host's name (`ip:`, `db1:`) or a
# port (`-L 8080:81.2.69.160:22`) before the colon leaves the address a host's.
_CODE_BEFORE = re.compile(r"(?<![\w.-])\d[\d._/-]*[._/-][\d._/-]*:$")


def joins(ch: str) -> bool:
    """True when `ch` would make a number part of a longer token: ASCII letters and digits
    do; the kana and ideographs that write "は"/"です" around a number in Japanese do not."""
    return ch.isascii() and ch.isalnum() or ch in ("-", "_")


# A number, a slash and a year: the number of an item in that year's series (a court's case,
# a decree, an invoice: `CFI 055/2025`, `Ley 27/2014`), as it is cited.
_OF_A_YEAR = re.compile(r"\d{1,6}/(?:19[5-9]\d|20\d\d)")


# A revision after a number (`SB 737 24-1027 rev 5`, `DWG 4411-2087 Rev. C`): the
# number is a document's, which is revised; a phone number has no revisions.
_REVISED = re.compile(
    r"[ \t]*,?[ \t]*[(\[]?(?i:rev|revision|révision|revisión|revisão|revisione|revisie)"
    r"(?![^\W\d_])\.?[ \t]*[:#]?[ \t]*[A-Z0-9]{1,3}(?![^\W_])"
)


def _phone_ok(text: str, start: int, end: int) -> bool:
    value = text[start:end]
    if _REVISED.match(text, end) is not None:
        return False  # `SB 737 24-1027 rev 5`: a document and its revision
    before, after = text[max(0, start - 40) : start], text[end : end + 2]
    key = field_key(text, start)  # in a record, the value's own key names it
    named = line_before(text, start) if key is None else key
    if before.endswith("=") and (phone_named(named) or addressed_by_phone(text, start)):
        before = before[:-1] + " "  # `sms sent to=06-…`, `ONCALL_PHONE=06-…`: a phone's field
    if _HEBREW_PREFIX.search(before):
        before = before[:-1] + " "  # `ל-050…`: Hebrew's "to", a word of its own
    if (before and (joins(before[-1]) or before[-1] in "._/#=")) or re.match(
        r"[.:]\d|[A-Za-z0-9_]", after
    ):
        return False  # inside a longer token, a decimal or a Slack timestamp
    if re.match(r",\d", after) and not ends_a_phones_cell(text, start, end):
        return False  # a decimal comma (`8.417.597,03`); a CSV row's comma parts two cells
    if _POSITION_IN.search(before):
        return False  # a position in a sequence, a file or a chromosome
    if re.match(r"/[^\W\d_]", after):
        # Glued by a slash to a word on its right, the number is one field of a slash-cut
        # record or a path (`PAX 080-4578596070/ETLH/EUR394.57`, an airline's ticket element):
        # a phone ends at a space or a mark, and a second number goes after ` / `.
        return False
    if (value.startswith("+") and before.endswith("+")) or after.startswith("+"):
        # A `+` glued to another `+` is a delimiter, not a country code: a Belgian structured
        # payment reference (`+++090/9337/55493+++`), a banner of `+++`; and no phone number
        # has a `+` right after its last digit.
        return False
    if re.fullmatch(r"\d+[.,]\d+", value.strip()) and not _dotted_phone(text, start, end):
        return False  # one run of digits with one decimal mark is a decimal (`0.162945`)
    if _DATE.fullmatch(value.strip()):
        return False
    if _named_an_ssn(text, start, value):
        return False  # `their SSN (487-94-4983)`, `Seguro Social: 425343742`: its own rule's
    version = _NOT_A_PHONE.search(label_before(text, start))
    if version is not None and not own_phone_word(version.group(0)):
        # `driver 535.183`: a version; `driver_phone: …` is the driver's phone. A version is one
        # token (`535.183.01`, `22631`): a number with its `+` country code, an area code in
        # brackets or groups parted by spaces is written as no version is (`Driver: +44 (0)20
        # 8476 2914`, a person's number under a role that is also a version's word).
        if not (
            _VERSION_WORD_ONLY.fullmatch(version.group(0)) and _WRITTEN_AS_NO_VERSION.search(value)
        ):
            return False
    if not phone_layout_ok(text, start, end) or placeholder_number(value):
        return False
    if hetu_checked(value) or hetu_checked(text[start : end + 1]):
        return False  # `270189-9572`, `270189-957` + `J`: a Finnish identity code, checked
    if test_named_on_line(text, start):
        head = _PHONE_HEAD.search(text, max(0, start - 20), start)
        if not valid_anywhere((head.group(0) if head else "") + value, PHONE_REGIONS):
            return False  # `Test-Rufnummer: +49 056 323909`: a stand-in no plan assigns
    digits = re.sub(r"\D", "", value)
    if digits.startswith("0") and not digits.startswith("00") and len(digits) > 14:
        # E.164: a number has at most 15 digits with its country's code, and every plan that
        # dials a trunk 0 has a code of two digits or more: a national run from 0 is 14 at most
        # (`ICE 040235068470418`, a Moroccan company's 15-digit identifier).
        return False
    if value.startswith("00") and not _dialled_abroad(digits[2:]):
        return False  # `000524786977027`: no country has the code 0; an id's leading zeros
    if value.startswith(("+", "00")):
        return True
    # One slash after a trunk-0 area code is how German numbers were long written (`0171/4455667`);
    # more slashes part a record's fields (`0412/345/678`).
    formatted = bool(re.search(r"[ ().-]|^0\d{1,4}/\d[\d ]*$", value.strip()))
    if labelled_by_a_role(text, start) and formatted and read_in_some_plan(value.strip()):
        pass  # `Technician:  0446 010 660`, a `site_lead` column: the person's number (`roles`)
    elif not (called_a_phone(text, start, end) or on_a_contact_line(text, start)):
        # A bare run of digits is an id or an amount unless called a number; digits grouped
        # otherwise than a phone's plan groups them are a code's or a record's (`phone_words`).
        if not formatted or not grouped_as_its_plan(value, PHONE_REGIONS):
            return False
        if _OF_A_YEAR.fullmatch(value.strip()):
            return False  # `CFI 055/2025`: the 55th case of 2025, a series' number and its year
        if _a_range(value.strip()):
            return False  # `27004-27031 (beacons)`: the first and last of a range of ports
        if inside_a_code_value(text, start):
            return False  # `S 08 883 250` in backticks: a part of one code value
    return len(digits) >= 7 and not re.fullmatch(r"(?:19|20)\d{6}", digits)


def numbers_of_record_columns(text: str, spans: list[tuple[int, int]]) -> set[tuple[int, int]]:
    """The spans of `spans` (numbers read as phones or national ids) that stand in a column of
    a table whose numbers are mostly no such thing (`id_columns.records_in_columns`), unless
    the column's header or heading names a phone, a contact, a person or a role."""
    return records_in_columns(text, spans, _names_a_phone_or_person)


def _names_a_phone_or_person(words: str) -> bool:
    """True when `words` (a header's cell, a heading's line) name a phone, a way to reach
    someone, a person or a role (`Tel`, `contact`, `site_lead`, `Ansprechpartner`)."""
    return own_phone_word(words) or names_a_role(words) or _PERSON_HEADER.search(words) is not None


# The header of a column of people's numbers: whose they are (a name, a contact, a person).
_PERSON_HEADER = re.compile(
    r"(?i)(?<![^\W\d_])(?:name|names|nom|nombre|nome|naam|namn|nazwa|imię|jméno|név|имя|ім.я"
    r"|contact|contacts|contacto|contato|contatto|kontakt|person|persona|pessoa|personne"
    r"|employee|staff|member|user|owner|customer|client|cliente|kunde|klant|mitarbeiter"
    r"|名前|氏名|姓名|이름|担当|联系人|連絡先|연락처)(?![^\W\d_])"
)


def _named_an_ssn(text: str, start: int, value: str) -> bool:
    """True when the nine digits at `start` follow a name of a social security number with no
    phone's word after that name: the number is the SSN, whatever plan it would also read in."""
    if len(re.sub(r"\D", "", value)) != 9 or value.lstrip().startswith(("+", "00")):
        return False
    before = text[max(0, start - 60) : start]
    named = list(_SSN_NAMED.finditer(before))
    return bool(named) and PHONE_CONTEXT.search(before[named[-1].end() :]) is None


def _a_range(value: str) -> bool:
    """True for two numbers of one width joined by a dash, the second the larger and both with
    the same leading digits, at least half of them (`27004-27031`, `7000-7099`): the first and
    the last of a range (ports, pages, ids). A phone's two halves are no such pair but by
    chance, and a number the text calls a phone is read as one before this is asked."""
    m = re.fullmatch(r"(\d{3,})-(\d{3,})", value)
    if m is None or len(m.group(1)) != len(m.group(2)) or m.group(2) <= m.group(1):
        return False
    first, last = m.groups()
    shared = next(
        (i for i, (a, b) in enumerate(zip(first, last, strict=True)) if a != b), len(first)
    )
    return shared >= len(first) // 2


def _dotted_phone(text: str, start: int, end: int) -> bool:
    """True for one run of digits parted once by a dot where a plan parts the number, under a
    phone's own word (`"cellulare": "377.2786518"`: an Italian mobile's prefix, then the
    rest): the word makes it a phone, not a decimal."""
    value = text[start:end].strip()
    if "." not in value or value.index(".") < 2 or not phone_word_labels(text, start):
        return False  # `0.162945`: a fraction, whatever names it
    return read_in_some_plan(value, grouped=True)


def _dialled_abroad(digits: str) -> bool:
    """True when `digits`, what follows an international prefix `00`, are a country's code and
    a number of a length possible in that country."""
    try:
        number = phonenumbers.parse("+" + digits, None)
    except phonenumbers.NumberParseException:
        return False
    return phonenumbers.is_possible_number(number)


def phone_named(words: str) -> bool:
    """True when `words` call what follows a phone number, also inside a name written as code:
    `ONCALL_PHONE=`, `mobileNumber:`, `tel-fixe` are read as their words."""
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", words)
    return PHONE_CONTEXT.search(re.sub(r"[_\W]+", " ", spaced)) is not None


def _possible_phone(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """A number written with its `+` country code whose length is right for that country
    (`phonenumbers`: possible) is a phone number even when its range is not assigned (yet):
    `+31 6 93545234`. Nothing but a phone number is written `+<country code> <digits>`. A
    number a phone's own word labels (`Sími: 635 3070`, `手机号是2905 2691`: the word right
    before it, `phone_words.phone_word_labels`) or that has an extension after it (`997 320 588
    ext. 269`) is a phone in any country's plan, not only in those of `PHONE_REGIONS`; a word
    further back on the line is not enough (it may name another number of the line)."""
    window = text[start:end]
    if not window.startswith("+"):
        header = column_header(text, start)
        called = (
            phone_word_labels(text, start)
            or extension_after(text, end)
            or typed_a_phone_after(text, end)
            or listed_under_a_phones_label(text, start)
            or call_after(text, end)
            or given_alone(text, start, end)
            or given_in_a_cell(text, start, end)
            or in_a_signature(text, start, end)
            or header is not None
            and own_phone_word(header)  # a table's `driver_phone` column
            or labelled_by_a_role(text, start)  # `Monteur:`, a `site_lead` column (`roles`)
        )
        if not called and not on_a_contact_line(text, start):
            return []
        if _ID_NAMES.search(text[max(0, start - 60) : start]) is not None:
            return []  # `social security number is 195-62-6979`: its own rule reports it
        if called and window.startswith("00"):
            # `00` is the international prefix: what follows is a country's code and number.
            return [(0, len(window))] if _possible_with_code("+" + window[2:]) else []
        # Beside an e-mail address alone, a number is read from its trunk prefix or country
        # code (`… / 84339494941`); a bare national run there is as often an order's.
        return [(0, len(window))] if read_in_some_plan(window, headed=not called) else []
    # A bracket opened after a whole number is a remark (`+234 (0)903 148 3189 (24/7)`): the
    # number is what stands before it; a bracket before the number is whole is an area code's.
    for cut in [m.start() for m in re.finditer(r" [(（]", window)] + [len(window)]:
        found = _possible_with_code(window[:cut])
        if found:
            return found
    return []


def _possible_with_code(window: str) -> list[tuple[int, int]]:
    """`_possible_phone` for a window that opens with `+`."""
    try:
        number = phonenumbers.parse(window, None)
    except phonenumbers.NumberParseException:
        return []
    national = str(number.national_number)
    if number.country_code == 52 and len(national) == 11 and national.startswith("1"):
        # Mexico's plan wrote a mobile `+52 1 55 …` until 2019, and people still do: the
        # number is the ten digits after the `1`.
        number.national_number = int(national[1:])
    reason = phonenumbers.is_possible_number_with_reason(number)
    if reason != phonenumbers.ValidationResult.IS_POSSIBLE:
        return []
    if phonenumbers.region_code_for_country_code(number.country_code or 0) == "ZZ":
        return []  # no country has that code
    return [(0, len(window))]


# Software is updated to a version (`Atualizem o FliteDeck wrapper para a 7.14.2.9`, `upgrade
# the agent to 7.14.2.9`): a dotted number an update goes to is a version, unless the words
# between the verb and the number name an address (`update the A record to …`, `o IP`).
_UPDATED_TO = re.compile(
    r"(?i)(?<![^\W\d_])(?:update[sd]?|updating|upgrade[sd]?|upgrading|bump|bumped"
    r"|atualiz[a-z]*|actualiz[a-z]*|aggiorn[a-z]*|aktualisier[a-z]*|(?:mettre|mettez|mets|mis)"
    r"[ \t]+à[ \t]+jour|updaten|upgraden|bijwerken|werk[ \t]+bij)(?![^\W\d_])"
    r"([^\n.,;:!?]{0,60}?)[ \t](?:to|para|pra|auf|à|vers|naar|alla|a)"
    r"(?:[ \t]+(?:a|o|la|el|the|version|versão|versión|versione|la[ \t]+versión))?[ \t]*$"
)
_ADDRESS_NOUN = re.compile(
    r"(?i)(?<![^\W\d_])(?:ip|ips|ipv4|address|addresses|endereço|dirección|indirizzo|adresse"
    r"|record|dns|host|hostname|server|servidor|server|endpoint|egress|ingress|gateway|route"
    r"|firewall|allowlist|whitelist|proxy|peer|nat|vip|target|upstream|resolver)(?![^\W\d_])"
)


def _ip_ok(text: str, start: int, end: int) -> bool:
    value = text[start:end]
    before, after = text[max(0, start - 30) : start], text[end : end + 2]
    prefix = m.group(0) if (m := re.match(r"/\d{1,3}", text[end:])) else ""
    if _network(value + prefix):
        return False  # `10.0.0.0/8`: a network (host bits zero), not one host
    value = value.split("/", 1)[0]  # `…::5e0f/64`, `…/32`: a host's address and its prefix
    if _loopback(value) or re.match(r"\.\d|[\w]", after) or before[-1:] in (".", "v", "V"):
        return False
    if _CODE_BEFORE.search(before):
        return False  # `1-0:1.8.0.255`: glued by a colon to a code, a register inside a thing
    if "." in value and _VERSION_PIN.search(before):
        return False  # `torch==2.2.1`, `cudnn>=9.1.0.70`: a pinned version
    if "." in value and (update := _UPDATED_TO.search(label_before(text, start, 100))):
        return _ADDRESS_NOUN.search(update.group(1)) is not None  # `update the DNS record to …`
    return not ("." in value and _VERSIONISH.search(label_before(text, start)))


def _network(value: str) -> bool:
    """True for `10.40.0.0/16`: a prefix shorter than the address with every host bit zero
    names a network. `…:5e0f/64` or `…/32` is one host's address."""
    if "/" not in value:
        return False
    try:
        net = ipaddress.ip_network(value, strict=True)
    except ValueError:
        return False
    return net.prefixlen < net.max_prefixlen


# Addresses the RFCs set aside for examples (RFC 5737, RFC 3849): no host ever has one.
_DOCUMENTATION = tuple(
    ipaddress.ip_network(n)
    for n in ("192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24", "2001:db8::/32")
)


def _loopback(value: str) -> bool:
    """Addresses that reach no one on the internet: only a globally routable address can point
    at a person's machine or a company's public host. Loopback, private networks (RFC 1918,
    IPv6 unique-local), shared carrier space (100.64/10), link-local, the ranges kept for
    documentation, multicast and reserved space are not global, so they are not personal data
    and not a credential: "staging's database is 10.0.3.12" is the kind of fact a team bot
    should keep (docs/design.md, "what is not a secret")."""
    try:
        address = ipaddress.ip_address(value.split("%")[0])
    except ValueError:
        return False
    example = any(address.version == net.version and address in net for net in _DOCUMENTATION)
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return _loopback(str(address.ipv4_mapped))  # `::ffff:8.8.8.8` is that IPv4 host
        if address not in _GLOBAL_UNICAST:
            return True  # outside 2000::/3, IANA's only global unicast space (`f::`, `::f`)
    return not address.is_global or address.is_multicast or example


# The only IPv6 space IANA allocates for global unicast; the rest is reserved, local or multicast.
_GLOBAL_UNICAST = ipaddress.ip_network("2000::/3")


def _alone(text: str, start: int, end: int) -> bool:
    """Not part of a longer token (an id inside a permalink, a number inside a hash), nor the
    digits after a decimal point (`1.41421356237`)."""
    left, right = text[start - 1 : start], text[end : end + 1]
    if left == "." and text[start - 2 : start - 1].isdigit():
        return False
    if right == "." and text[end + 1 : end + 2].isdigit():
        return False
    if left == "/" and _PATH_SEGMENT.search(text[max(0, start - 40) : start]):
        return False  # `gid://shop/Product/798345826620`: the last segment of a path
    if _HEBREW_PREFIX.search(text, max(0, start - 3), start):
        left = " "  # `ל-050…`: Hebrew's "to" joined by a hyphen, a word before the number
    if _ARROW.search(text, max(0, start - 3), start):
        left = " "  # `AE_TITLE<-114.229.230.253:50184`: an arrow's shaft points, it joins nothing
    return not (left and joins(left)) and not (right and joins(right))


# Hebrew writes its one-letter prepositions and conjunctions joined to a number by a hyphen or
# a maqaf (`ל-+972…`: to; `ב-`, `מ-`, `ו-`): the letter is a word of its own.
_HEBREW_PREFIX = re.compile(r"(?<![\w])[למבוהשכ][-־]$")


# An arrow drawn in ASCII, right before a value (`calling<-203.0.113.9`, `peer <-- 8.8.8.8`): a
# log's direction of a connection, whose hyphen is the arrow's shaft, not a token's joiner.
_ARROW = re.compile(r"<-{1,2}$")


# A path segment named in letters right before a slash (`Product/`, `orders/`): digits after it
# are the next segment of that path. `030/1234567` (a German area code) has no letter there.
_PATH_SEGMENT = re.compile(r"[A-Za-z][\w.-]*/$")


def _alone_head(text: str, start: int) -> bool:
    """The `+` at `start` opens a number: nothing joins it on the left."""
    left = text[start - 1 : start]
    if _HEBREW_PREFIX.search(text, max(0, start - 3), start):
        return True  # `ל-+972 …`
    return not (left and (joins(left) or left in "+/."))


# Nine digits in three groups of three joined by a space or a dot: how a count is written in
# most of Europe (`665 428 615`), and the printed layout of a Canadian SIN or an Australian TFN.
_THOUSANDS_LAYOUT = re.compile(r"\d{3}([ .\u00a0\u202f])\d{3}\1\d{3}")


# Where a name written as code parts its words: `EmployeeSSN`, `ssnNumber`.
_CAMEL_CUT = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


# How a US social security number is printed: area, group and serial, 3-2-4. presidio's very
# weak patterns also read 5-4 and 3-6 (`12782-0019`), which is how a ZIP+4, a law firm's
# client-matter number or a record's id is written, never an SSN's card: those need its name.
_SSN_LAYOUT = re.compile(r"\d{3}[ .\-\u2013_]\d{2}[ .\-\u2013_]\d{4}")


# A label that names a number for what it counts: a word, then the word for a number
# (`vergi no`, `invoice nr.`, `order #`, `Steuernummer` aside), right before it.
_NUMBER_LABEL = re.compile(
    r"(?i)(?<![^\W\d_])(?P<label>[^\W\d_]{2,}(?:[ \t]+[^\W\d_]{2,})?)[ \t]+"
    r"(?:no|nr|num|number|numara(?:sı)?|nummer|n[úu]mero|num[ée]ro|numer|#)\.?[ \t]*[:#]?[ \t]*$"
)


def _named_otherwise(text: str, start: int, named: re.Pattern[str]) -> bool:
    """Does the label right before `start` name the number as something else than the id
    `named` names ("Mısır vergi no 284-325-206": a tax number, not a SIN)? A layout shared by
    several kinds of numbers is the kind its label says."""
    label = _NUMBER_LABEL.search(text[max(0, start - 40) : start])
    return label is not None and named.search(label.group("label")) is None


def _named_or_formatted(words: str, layout: re.Pattern[str] | None = None) -> Any:
    """Keep a checksummed id only when it is written the way people write it (grouped with
    spaces or dashes) or named nearby: a bare run of digits passes a mod-11 or Luhn check for
    one build or order number in ten. Grouped as thousands (`665 428 615`) a number reads as a
    count, so an id in that layout needs its name. A name written as code is read as its
    words (`EmployeeSSN=`, `ssnNumber:`), and a label up to its colon as a whole (`SSN for the
    new hire starting in Austin next week: …`, `phone_words.label_opens_with`)."""
    named = re.compile(rf"(?i)(?<![A-Za-z])(?:{words})(?![A-Za-z])")

    def keep(text: str, start: int, end: int) -> bool:
        value = text[start:end]
        grouped = re.search(r"\d[ -]\d", value) and not _THOUSANDS_LAYOUT.fullmatch(value)
        if (
            grouped
            and (layout is None or layout.fullmatch(value))
            and not _named_otherwise(text, start, named)
        ):
            return True
        header = column_header(text, start)
        if header is not None:
            # In a table the value's own column names it, or its own cell (`SSN 512…`), not a
            # neighbour's column (`ssn,matter`).
            line = line_before(text, start)
            cell = line[max(line.rfind(c) for c in "|\t,;") + 1 :]
            return named.search(_CAMEL_CUT.sub(" ", f"{header} {cell}")) is not None
        before = _CAMEL_CUT.sub(" ", text[max(0, start - 60) : start])
        return named.search(before) is not None or label_opens_with(text, start, named)

    return keep


# Where a phone number could be: an optional `+`, then digits with the separators numbers are
# written with, at least seven digits in all (the whole run is what `phonenumbers` then reads).
# Two spaces or a tab (even one: a TSV log's fields) are a column break (`phone_layout_ok`), so a
# window stops there: a phone number in one column and an id in the next are read apart.
# Japanese text writes digits and hyphens full-width (`０９０－１２３４－５６７８`) as often as not.
_PHONE_WINDOW = re.compile(r"[+＋]?[(（]?\d(?:(?:[().\-/－（）]| (?![ \t])){0,3}\d){6,19}[)）]?")
# The head of a number written with its `+` country code, right before the part `phonenumbers`
# read (`+31 6 ` before `75434297` when the whole is not a valid number for its region).
_PHONE_HEAD = re.compile(r"\+\d{1,3}(?:[ .-]\(?\d{1,4}\)?){0,3}[ .-]$")
_DIGITS7 = re.compile(r"\d(?:[^\n\d]{0,3}\d){6}")
_IPISH = re.compile(r"\d\.\d|[0-9a-fA-F]:[0-9a-fA-F:]")


class _Filtered(EntityRecognizer):
    """One presidio recognizer with a filter on its hits, reported under our kind names.

    `pre` is a cheap regex a text must match before the (slower) recognizer runs at all. With
    `windows`, the recognizer runs only on each match of that regex (offsets mapped back), so
    its cost follows the number of candidates rather than the length of the text: `phonenumbers`
    scans a whole text once per region, which is most of the time on a long transcript.
    """

    def __init__(
        self,
        inner: EntityRecognizer,
        keep: Any = None,
        score: float = 0.75,
        pre: re.Pattern[str] = _DIGITS7,
        windows: re.Pattern[str] | None = None,
        fallback: Callable[[str, int, int], list[tuple[int, int]]] | None = None,
    ) -> None:
        self.inner = inner
        self.fallback = fallback
        self.keep = keep
        self.fixed_score = score
        self.pre = pre
        self.windows = windows
        super().__init__(
            supported_entities=inner.supported_entities,
            name=f"seshat-{type(inner).__name__}",
            supported_language="en",
        )

    def load(self) -> None:
        """Nothing to load: the inner recognizer is ready."""

    def analyze(
        self, text: str, entities: Sequence[str], nlp_artifacts: Any = None
    ) -> list[RecognizerResult]:
        """The inner recognizer's hits that pass the filter, with a fixed score."""
        out: list[RecognizerResult] = []
        if not self.pre.search(text):
            return out
        for r in self._inner_hits(text, list(entities), nlp_artifacts):
            if r.score <= 0 or not _alone(text, r.start, r.end):
                continue
            if r.entity_type != "IP_ADDRESS" and (
                quantity_with_unit(text, r.end, r.start) or in_hex_dump_row(text, r.start)
            ):
                continue  # `665 428 615 B` is a size; a hex dump's row is bytes
            if r.entity_type in _NATIONAL and (
                self._named_otherwise(text, r.start, r.end, books=r.entity_type != "US_SSN")
                or temporary_hetu(text[r.start : r.end])
                or _stand_in(text[r.start : r.end])
                or _letter_is_a_unit(text, r.start, r.end)
            ):
                continue
            if r.entity_type != "IP_ADDRESS" and names_test_values(column_header(text, r.start)):
                continue  # a table's column of test or example values (`public_forms`)
            if self.keep is not None and not self.keep(text, r.start, r.end):
                continue
            start, end = r.start, r.end
            if r.entity_type == "PHONE_NUMBER":
                # A number is the whole run written together: with its country code and area
                # code, all of it is the phone number, not only the part read as one.
                head = _PHONE_HEAD.search(text[max(0, start - 20) : start])
                if head is not None and not _alone_head(text, start - len(head.group(0))):
                    head = None
                start -= len(head.group(0)) if head else 0
                if not plus_opens_a_country_code(text[start : r.end]):
                    continue  # `+6 568 703 615`: a signed count (`formats.numbers`)
                end = with_extension(text, r.end)
            out.append(RecognizerResult(r.entity_type, start, end, self.fixed_score))
        return out

    @staticmethod
    def _named_otherwise(text: str, start: int, end: int, *, books: bool) -> bool:
        """A national id's digits named as an order's number are that number (`Номер заказа …`),
        unless the text names the id itself (`the SSN into the ticket: …`); and the tail of a
        longer grouped number (`75 914 138 671` has 11 digits, `8 (495) 457-36-5094` an area
        code in brackets before it) is not a 9-digit id. A number its label calls a business's
        record's (`Chantier:`, a `customer_account`, `record_labels`) is that record's."""
        if _GROUP_BEFORE.search(text[max(0, start - 10) : start]):
            return True
        if re.match(r"[ .-]\d+(?![\w.-])", text[end : end + 8]):
            return True  # and its head (`723 317 657 519` has 12 digits)
        if "|" in text and in_figures_row(text, start, end):
            return True  # a figure in a table of figures
        before = text[max(0, start - 60) : start]
        if quantity_named_before(before, _ID_NAMES):
            return True  # `size: 71042175463`: a count or a measure, as for a phone
        if _ID_NAMES.search(before):
            return False
        if in_id_column(text, start, end) or in_id_list(text, start, end):
            return True  # one of a column or a list of same-shaped numbers (`id_columns`)
        # A checksummed id of another country is named as itself (`_ID_NAMES`, above) or
        # printed alone: under any noun of a business's books (`customer_account`, `Chantier:`,
        # an order's column) its digits are that record's. A US SSN keeps to a "<thing> number"
        # label (`nouns=False`): it is filed under its holder's customer or employee record.
        return named_as_id(text, start) or labelled_as_a_record(text, start, nouns=books)

    def _inner_hits(
        self, text: str, entities: list[str], nlp_artifacts: Any
    ) -> list[RecognizerResult]:
        if self.windows is None:
            return list(self.inner.analyze(text, entities, nlp_artifacts))
        hits: list[RecognizerResult] = []
        for w in self.windows.finditer(text):
            after = text[w.end() : w.end() + 2]
            if (
                not _alone(text, w.start(), w.end())
                or re.match(r"[.:]\d", after)
                or re.match(r",\d", after)
                and not ends_a_phones_cell(text, w.start(), w.end())
                or re.fullmatch(r"\d+[.,]\d+", w.group(0))
                and not _dotted_phone(text, w.start(), w.end())
            ):
                continue  # digits inside a longer token, a decimal, a Slack ts or a time
            at, window = w.start(), w.group(0)
            if re.fullmatch(r"[(（][^()（）]+[)）]", window):
                # A number in brackets as a whole (`Sita Shrestha (974-6115794)`): an aside,
                # and the number is what is inside.
                at, window = at + 1, window[1:-1]
            found = list(self.inner.analyze(window, entities, nlp_artifacts))
            opened = any(r.start == 0 for r in found)
            span = (at, at + len(window))
            whole = None if self.fallback is None or opened else self.fallback(text, *span)
            if whole:
                # The whole run is one number: a part the inner recognizer read alone
                # (`93545234` of `+31 6 93545234`) is inside it. A number read from the
                # window's `+` on is whole already: what follows it (`(24/7)`) is a remark.
                # Without a `+` (a number its label calls a phone) the parts stay candidates
                # too: the whole may be refused where a part is a phone.
                kind = self.inner.supported_entities[0]
                wholes = [RecognizerResult(kind, a, b, 1.0) for a, b in whole]
                found = wholes if window.startswith(("+", "＋")) else found + wholes
            for r in found:
                r.start += at
                r.end += at
                hits.append(r)
        return hits


_NATIONAL = {k for k, v in KINDS.items() if v in ("national_id", "us_ssn")}
# A group of digits right before a number, perhaps an area code in brackets (`75 `, `(495) `).
_GROUP_BEFORE = re.compile(r"(?<![\w.-])(?:\d+[ .-]|[(（]\d{1,5}[)）][ .-]?)$")


_NIF_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"


def _letter_is_a_unit(text: str, start: int, end: int) -> bool:
    """True for a Spanish NIF's shape whose letter follows other numbers of the text that its
    check does not give (`53226207K` among `72889356K`, `46229358K` in a column of sizes): a
    check letter follows from its number and changes with it, so a letter written after
    numbers whatever their check is a unit, `K` for kilobytes."""
    m = re.fullmatch(r"\d{8}([A-Za-z])", text[start:end])
    if m is None:
        return False
    letter = m.group(1)
    unchecked = [
        digits
        for digits in re.findall(rf"(?<![\w.-])(\d{{4,}}){letter}(?!\w)", text)
        if len(digits) != 8 or _NIF_LETTERS[int(digits) % 23] != letter.upper()
    ]
    return len(unchecked) >= 2


def _stand_in(value: str) -> bool:
    """True for an id whose digits are one digit repeated or the digits in order, the whole of
    them (`00000000T`, `12345678Z`): the form's example or a test's stand-in, which no one is
    issued, whatever its check letter says."""
    digits = re.sub(r"\D", "", value)
    return len(digits) >= 6 and (len(set(digits)) == 1 or digits in "01234567890123456789")


# What a US social security number is called, in the languages people write to us in: a bare
# run of nine digits is one only when the text names it.
_SSN_WORDS = (
    r"ssn|social security|ss#|soc\.?[ -]?sec\.?|social[ -]sec\.?|social(?=[ \t]*(?::|#|is\b))"
    r"|previdenza sociale|sosiaaliturva\w*|socialförsäkring\w*|κοινωνικής ασφάλισης"
    r"|социального страхования|사회보장번호|社會安全號碼"
    r"|seguro social|seguridade social|sécurité sociale|sicurezza sociale"
    r"|sozialversicherung\w*|sociale zekerheid|ubezpieczenia społecznego|社会保障番号|社会安全号"
)


# A social security number named (`_named_an_ssn`).
_SSN_NAMED = re.compile(rf"(?i)(?<![A-Za-z])(?:{_SSN_WORDS})(?![A-Za-z])")


# The names of the national ids above: a text that names one means that id.
_ID_NAMES = re.compile(
    rf"(?i)(?<![A-Za-z])(?:{_SSN_WORDS}|sin|nas|social insurance|tfn|tax file|nhs|chi|patient"
    r"|personnummer|pnr|pesel|nif|nie|dni|aadhaar|codice fiscale|henkilötunnus|national id)"
    r"(?![A-Za-z])"
)


# What an Aadhaar number is called: printed `1234 5678 9012` on the card, a bare run of twelve
# digits is a size, a count or a project's number (one in ten passes the Verhoeff check).
_AADHAAR_WORDS = r"aadhaar|aadhar|uidai|आधार"
_HEX_ONLY_LOWER = re.compile(r"[0-9a-f ]+")


def _nino_ok(text: str, start: int, end: int) -> bool:
    """A UK National Insurance number is printed in capitals (`QQ 12 34 56 C`); the same shape
    in lowercase hex digits alone (`aa373009b`) is the head of a hash, a short commit id."""
    return _HEX_ONLY_LOWER.fullmatch(text[start:end]) is None


def presidio_recognizers() -> list[EntityRecognizer]:
    """presidio's predefined recognizers that run without spaCy, filtered for chat."""
    return [
        _Filtered(
            PhoneRecognizer(supported_regions=PHONE_REGIONS, leniency=1),
            _phone_ok,
            0.7,
            windows=_PHONE_WINDOW,
            fallback=_possible_phone,
        ),
        _Filtered(IpRecognizer(), _ip_ok, 0.7, _IPISH),
        _Filtered(UsSsnRecognizer(), _named_or_formatted(_SSN_WORDS, _SSN_LAYOUT), 0.7),
        _Filtered(UkNinoRecognizer(), _nino_ok, 0.7, re.compile(r"\d\s?\d\s?\d\s?\d\s?\d\s?\d")),
        _Filtered(InAadhaarRecognizer(), _named_or_formatted(_AADHAAR_WORDS), 0.7),
        _Filtered(EsNifRecognizer(), None, 0.7, re.compile(r"\d{8}")),
        _Filtered(ItFiscalCodeRecognizer(), None, 0.7, re.compile(r"[A-Za-z]{6}\d\d")),
        _Filtered(PlPeselRecognizer(), None, 0.7),
        _Filtered(FiPersonalIdentityCodeRecognizer(), None, 0.7),
        _Filtered(CaSinRecognizer(), _named_or_formatted(r"sin|nas|social insurance"), 0.7),
        _Filtered(AuTfnRecognizer(), _named_or_formatted(r"tfn|tax file"), 0.7),
        _Filtered(EsNieRecognizer(), None, 0.7, re.compile(r"[XYZxyz]-?\d{7}")),
        _Filtered(NhsRecognizer(), _named_or_formatted(r"nhs|chi|patient"), 0.7),
        _Filtered(SePersonnummerRecognizer(), _named_or_formatted(r"personnummer|pnr|person"), 0.7),
    ]

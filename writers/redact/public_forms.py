"""Forms a personal number must have, and numbers named as a thing's: what rules a look-alike out.

A serial, an asset tag, a build stamp or a device's IMEI can have the digits of a card or a
phone number. These checks say what the personal kind *is* and rule out a number that is not
it, whatever names it:

- `card_length_ok`: a card network issues numbers of set lengths for its prefixes (ISO/IEC
  7812 ranges: Visa 13, 16 or 19 digits; Mastercard 16; Amex 15; JCB 16–19…). A Luhn-valid
  run of the wrong length for its prefix (a 15-digit IMEI that starts with 35 or 49, a
  `20240312143355` build stamp) is not a card.
- `longer_than_a_phone`: E.164 caps a phone number at 15 digits, country code included. A run
  of digit groups written together with more digits than that (a meter's MPAN, an NF-e key,
  a pallet's SSCC) is one longer number, not a phone number with a prefix.
- `without_address_suffix`: a dotted quad with a prefix length or a port is an address.
- `not_an_ssn_in_its_layout`: digits laid out 3-2-4 are an SSN's; one no SSN can be (area 666)
  is neither an SSN nor a phone number.

And what the words before a blob say it is:

- `introduced_as_encoded_data`: a block (or a value) introduced by a line that names an
  encoding and no secret (`the switch's config blob in base64 (binary, not text):`) is data.
- `introduced_as_digests`: the rows of a listing whose introducing line names digests and no
  secret (`refget digests for the seqcol check:` above a table of names and values) are digests.
- `digest_named_before`: a value right after words that name a digest or an id, with or
  without a colon (`hardware hash blob starts `…``, `Fingerprint (SHA-256): …`), is that; a
  DKIM record's `p=` is a public key (`public_by_words`).
- `in_hex_bytes`: `19 bd 91` in a hex dump is bytes, not a street.
- `in_hex_dump_row`: a row of a hex dump (an offset, then groups of hex, then the bytes as
  text) is bytes, its text column too: `3534 3735 0853 1977` there is no card.

Issue 24's sixth round (what a personal number is not, by its layout and what follows it):

- `quantity_with_unit`: a number followed by a unit of measure (`665 428 615 B`, `120 ms`,
  `3.5 GiB`) is a quantity; no phone number or personal id is written with a unit.
- `quantity_named_before`: a number after the name of a count or a measure (`downloads last
  month: 665 428 615`, `Gesamtgröße: …`) is that count.
- `lone_lead_ok`: a single digit opens a phone number written in groups only as a trunk
  prefix (0; 1 in North America; 8 in Russia and its neighbours) or after a `+` as a country
  code: `6-1881830945`, `3.10.1839.22041` are a ticket's and a version's numbers.
- `test_card`: a card number of at most three different digits that the text calls a test
  (`test card 4242 4242 4242 4242`, `sandbox`, `fixture`) is a network's published test
  number, which charges no one.

Issue 24's eighth round (national ids that name no one):

- `temporary_hetu`: a Finnish identity code (`DDMMYYCZZZQ`) with an individual number of
  900–999, checked by its mod-31 character. The Digital and Population Data Services Agency
  issues people 002–899 and keeps 900–999 for temporary codes, never entered in the population
  register; test systems (the Incomes Register's sandbox, Kanta's) are fed from that range. A
  code so laid out whose check character matches is that code, never a phone (`hetu_checked`).
- `names_test_values`: a table column whose header calls its values test or example ones (`|
  test value |`) holds stand-ins, as a column headed `phone` holds phone numbers.

And one form of a secret no other rule sees whole: `armoured_private_key`, base64 of a PEM
private key (a Kubernetes Secret's `tls.key`, a kubeconfig's `client-key-data`), thousands of
characters long.

May import: nothing else in writers.
"""

from __future__ import annotations

import base64
import binascii
import re

__all__ = [
    "ARMOUR_B64",
    "armoured_private_key",
    "block_label",
    "card_length_ok",
    "digest_named_before",
    "in_hex_bytes",
    "in_hex_dump_row",
    "lone_lead_ok",
    "named_test_number",
    "quantity_named_before",
    "quantity_with_unit",
    "test_card",
    "temporary_hetu",
    "hetu_checked",
    "names_test_values",
    "public_by_words",
    "not_an_ssn_in_its_layout",
    "introduced_as_digests",
    "introduced_as_encoded_data",
    "longer_than_a_phone",
    "without_address_suffix",
]


def card_length_ok(digits: str) -> bool:
    """True when a card network issues numbers of `len(digits)` digits starting so.

    The ranges are the networks' own (ISO/IEC 7812 issuer identification numbers): Visa `4`
    (13, 16, 19); Mastercard `51`–`55` and `2221`–`2720` (16); Mir `2200`–`2204` (16–19); Amex
    `34`, `37` (15); Diners `36`, `300`–`305`, `3095`, `38`, `39` (14–19); JCB `3528`–`3589`
    (16–19); Maestro, Verve, Elo, RuPay and others under `50`, `56`–`59` (12–19); Discover,
    UnionPay, Maestro and others under `6` (12–19); the national schemes ISO leaves `8` and `9`
    to: RuPay and UnionPay `81`, `82` and Uzcard `8600` (16), Troy `9792`, Humo `9860`, Belkart
    `9112`, Serbia's DinaCard `9891`, Korea's BC Card `94` (16) and Vietnam's Napas `9704` (16,
    19). Other `8`s and `9`s are not cards: a SIM's ICCID opens `89`, a book's ISBN `978`, a US
    parcel's tracking `9`."""
    n = len(digits)
    if n < 12 or n > 19 or not digits.isdigit():
        return False
    two, four = int(digits[:2]), int(digits[:4])
    first = digits[0]
    if first == "2":
        return (2200 <= four <= 2204 and n >= 16) or (2221 <= four <= 2720 and n == 16)
    if first == "3":
        if two in (34, 37):
            return n == 15
        if two in (36, 38, 39) or 300 <= int(digits[:3]) <= 305 or four == 3095:
            return n >= 14
        return 3528 <= four <= 3589 and n >= 16
    if first == "4":
        return n in (13, 16, 19)
    if first == "5":
        return n == 16 if 51 <= two <= 55 else n >= 12
    if first == "8":
        return n == 16 and (two in (81, 82) or four == 8600)
    if first == "9":
        return (n == 16 and (four in (9792, 9860, 9112, 9704, 9891) or two == 94)) or (
            n == 19 and four == 9704
        )
    return first == "6"


# Digit groups joined by one space, a hyphen or a dot: one number written in groups.
_GROUP_JOIN = re.compile(r"[ .-]")
_E164_MAX_DIGITS = 15


def longer_than_a_phone(text: str, start: int, end: int) -> bool:
    """True when the digits at `text[start:end]` belong to a run of digit groups, joined as the
    number's own groups are (by one space, a hyphen or a dot), with more digits than any phone
    number has (E.164: at most 15, country code included). A number opening with `+` is a
    phone number's start whatever stands before it."""
    if text[start : start + 1] == "+":
        return False  # a `+` opens a phone number: what stands before it is something else
    joins = set(_GROUP_JOIN.findall(text[start:end])) or {" "}
    lo, hi = start, end
    while lo > 0 and (
        text[lo - 1].isdigit() or (lo >= 2 and text[lo - 1] in joins and text[lo - 2].isdigit())
    ):
        lo -= 1
    while hi < len(text) and (
        text[hi].isdigit() or (hi + 1 < len(text) and text[hi] in joins and text[hi + 1].isdigit())
    ):
        hi += 1
    return sum(ch.isdigit() for ch in text[lo:hi]) > _E164_MAX_DIGITS


# A dotted quad with its prefix length or its port (`172.20.66.69/24`, `10.0.0.5:8443`).
_ADDRESS_SUFFIX = re.compile(r"(?:/\d{1,3}|:\d{1,5})$")


def without_address_suffix(value: str) -> str:
    """`value` without a trailing network prefix length or port: what is left of an address
    written with one is the address (judged as a dotted quad, not as a phone number)."""
    return _ADDRESS_SUFFIX.sub("", value)


# Words for a secret, in the languages the other rules know: a label with one of them names a
# secret, whatever else it says.
_SECRET_WORDS = re.compile(
    r"(?i)secret|token|key|passw|credential|auth|bearer|session|private|passphrase|seed"
    r"|clave|llave|contraseña|schlüssel|kennwort|clé|mot de passe|chiave|senha|sleutel"
    r"|wachtwoord|hasło|klucz|ключ|пароль|секрет|密钥|密码|秘密|鍵|キー|パスワード|비밀|암호|키"
)
# An encoding named in words (`in base64`, `base64-encoded`, `codificado en base64`, `(hex)`).
_ENCODING_WORD = re.compile(r"(?i)(?<![A-Za-z0-9])(?:base64|base-64|b64|base32|hex)(?![A-Za-z0-9])")
# A line that only opens or closes a code block, or holds nothing.
_FENCE_OR_BLANK = re.compile(r"[ \t]*(?:```[\w+-]*|~~~[\w+-]*)?[ \t]*")
# A line of a blob (base64 or hex, with the indentation or quotes of its layout).
_BLOB_LINE = re.compile(r"[ \t\"'>]*[A-Za-z0-9+/=_-]{16,}[\"',]*[ \t]*")


def block_label(text: str, start: int) -> str:
    """The words that introduce the value at `start`: the text before it on its line, or, when
    the value opens its line (a block's first or a later line), the nearest line above that is
    neither a line of the same blob, a code fence nor blank: the line ending in `:` that says
    what the block is."""
    line_start = text.rfind("\n", 0, start) + 1
    label = text[line_start:start]
    if label.strip(" \t\"'`>"):
        return label
    end = line_start - 1
    while end > 0:
        begin = text.rfind("\n", 0, end) + 1
        line = text[begin:end]
        if not (_FENCE_OR_BLANK.fullmatch(line) or _BLOB_LINE.fullmatch(line)):
            return line
        end = begin - 1
    return ""


def introduced_as_encoded_data(text: str, start: int) -> bool:
    """True when the words introducing the value (`block_label`) end in a colon, name an
    encoding and no secret: `the switch's config blob in base64 (binary, not text):` above a
    code block, `bloom filter (base64, 256 bytes):`. Encoded bytes so introduced are data; a key
    in base64 is introduced as a key (`the signing key in base64:` stays a candidate)."""
    label = block_label(text, start).rstrip(" \t\"'`")
    if not label.endswith((":", "：")) or _SECRET_WORDS.search(label):
        return False
    return _ENCODING_WORD.search(label) is not None


# Words that name a digest, in the languages the other rules know: `sha256sums`, `checksums`,
# `Prüfsummen`, `empreintes`, `ハッシュ`, `校验和`.
_DIGESTS_NAMED = re.compile(
    r"(?i)(?<![A-Za-z])(?:hash(?:es)?|digests?|checksums?|fingerprints?|thumbprints?"
    r"|(?:sha|md|blake|crc|xxh)\d*(?:sums?)?|prüfsummen?|empreintes?|sommes? de contrôle"
    r"|sumas? de (?:control|verificación)|somas? de verificação)(?![A-Za-z])"
    r"|ハッシュ|ダイジェスト|哈希|摘要|校验和|해시|체크섬|хеш|контрольн"
)
# A row of a listing: it holds a long run of the characters digests are written with, or it is
# a table's line (cells cut by `|` or tabs).
_LISTING_ROW = re.compile(r"[A-Za-z0-9+/=_.:-]{16,}|^\s*\||\t")


def introduced_as_digests(text: str, start: int) -> bool:
    """True when the value at `start` is a row of a listing (with code fences, blank lines and
    other rows above it) whose introducing line ends in a colon, names digests (`SHA256SUMS of
    the release:`, `refget digests for the seqcol check:`, `Prüfsummen der Pakete:`) and no
    secret, and no row between them names a secret. A listing of digests holds digests; a key
    in such a listing is named on its own row (`API_KEY=…`) and stays a candidate."""
    line_start = text.rfind("\n", 0, start) + 1
    if _SECRET_WORDS.search(text[line_start:start]):
        return False
    end = line_start - 1
    for _ in range(60):
        if end <= 0:
            return False
        begin = text.rfind("\n", 0, end) + 1
        line = text[begin:end]
        if line.rstrip(" \t`\"'*").endswith((":", "：")):
            return _DIGESTS_NAMED.search(line) is not None and not _SECRET_WORDS.search(line)
        if _SECRET_WORDS.search(line):
            return False
        if not (_FENCE_OR_BLANK.fullmatch(line) or _LISTING_ROW.search(line)):
            return False  # prose between: the value is not in the introduced listing
        end = begin - 1
    return False


# A digest or an id named in the words just before a value: `hardware hash blob starts `…``,
# `the checksum of the image is …`, `Fingerprint (SHA-256): …`, `the node's peer id is …`. At
# most four words after the naming word, none a word for a secret, unless a preposition opens
# them: the noun before "of" is the head, and what follows says whose digest or id it is ("hash
# of the token", "hash do token", "id for the api key"), as a secret word right before the noun
# does (`password hash`); before "id" it is what the id opens (`session id`), so it keeps the
# value a candidate; right after the noun it is the head of a compound (`hash key`, a key).
_DIGEST_NOUN = r"hash|hashes|digest|checksum|fingerprint|thumbprint|sha256|sha1|sha512|md5|etag"
_ID_NOUN = r"id|ids|identifier"
_NAMED_BEFORE = re.compile(
    rf"(?i)(?<![A-Za-z0-9])(?P<noun>{_DIGEST_NOUN}|{_ID_NOUN})"
    r"(?P<after>(?:[ \t]+[^\W\d_][\w'-]*){0,4})[ \t]*$"
)
_PARENTHETICAL = re.compile(r"[ \t]*\([^()\n]{0,40}\)")
# A preposition that makes the noun before it a phrase's head, in the secret nouns' languages.
_OF = re.compile(
    r"(?i)[ \t]+(?:of|for|do|da|dos|das|de|del|della|dello|di|des|du|der|von|van|af|av)(?![\w'-])"
)
_LABEL_COLON = re.compile(r"[ \t]*[:=：][ \t]*$")


def digest_named_before(before: str) -> bool:
    """True when the clause right before a value names it a digest or an id (see
    `_NAMED_BEFORE`), with or without a colon after the name."""
    before = _PARENTHETICAL.sub("", before.rstrip("`\"'"))
    before = _LABEL_COLON.sub("", before)
    clause = re.split(r"[.;:,!?\n()\[\]{}]|[ \t]-[ \t]", before)[-1]
    m = _NAMED_BEFORE.search(clause)
    if m is None:
        return False
    if _SECRET_WORDS.search(m.group("after")) and not _OF.match(m.group("after")):
        return False
    head = clause[: m.start()].split()
    if re.fullmatch(_DIGEST_NOUN, m.group("noun"), re.IGNORECASE):
        head = head[:-1]  # the word right before a digest word says what was digested
    return not any(_SECRET_WORDS.search(w) for w in head)


# A DKIM record's `p=` tag is the signer's public key (RFC 6376), whatever its algorithm.
_DKIM_P = re.compile(r"(?i)(?:v=DKIM1|k=(?:rsa|ed25519))[^\n]{0,80}?;[ \t]*(?:p=)?$")


def public_by_words(before: str) -> bool:
    """True when the words before a value name it a digest or an id (`digest_named_before`),
    or it is the public key of a DKIM record (`v=DKIM1; k=ed25519; p=…`)."""
    return digest_named_before(before) or _DKIM_P.search(before[-160:]) is not None


# Bytes written in hex, two digits each, eight or more in a row (`xxd`, a CAN frame, a dump).
_HEX_BYTES = re.compile(r"(?<![0-9A-Fa-f])[0-9A-Fa-f]{2}(?:[ \t][0-9A-Fa-f]{2}){7,}(?![0-9A-Fa-f])")


def in_hex_bytes(text: str, start: int, end: int) -> bool:
    """True when `text[start:end]` lies inside a run of hex bytes: `19 bd 91` in a frame dump
    is three bytes, not a street number and a boulevard."""
    lo = max(0, text.rfind("\n", 0, start) + 1)
    hi = text.find("\n", end)
    line = text[lo : len(text) if hi < 0 else hi]
    return any(lo + m.start() <= start and end <= lo + m.end() for m in _HEX_BYTES.finditer(line))


# The layout of a US Social Security number: three digits, two, four, joined by hyphens.
_SSN_LAYOUT = re.compile(r"(\d{3})-(\d{2})-(\d{4})")


def not_an_ssn_in_its_layout(value: str) -> bool:
    """True for digits laid out as an SSN is (3-2-4, hyphens) that no SSN can be: area 000, 666
    or 900-999, group 00 or serial 0000 are never issued (`666-12-3456` on a label). No
    numbering plan writes a phone number 3-2-4, so the look-alike of an SSN that fails the SSN's
    own rules is no personal number (an SSN-shaped number that could be one is left to the
    other rules: `social security number 123-45-6789` is still redacted)."""
    m = _SSN_LAYOUT.fullmatch(value.strip())
    if m is None:
        return False
    area, group, serial = (int(g) for g in m.groups())
    return area in (0, 666) or area >= 900 or group == 0 or serial == 0


# `-----BEGIN` in base64 (`LS0tLS1CRUdJTi…`): an armoured block stored encoded, as Kubernetes
# keeps a key in a Secret or a kubeconfig (`client-key-data:`, `tls.key:`).
ARMOUR_B64 = re.compile(r"(?<![A-Za-z0-9+/=])LS0tLS1CRUdJTi[A-Za-z0-9+/]*={0,2}(?![A-Za-z0-9+/=])")
_PRIVATE_ARMOUR = re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----")


def armoured_private_key(value: str) -> bool:
    """True when base64 `value` decodes to an armoured private key (`-----BEGIN … PRIVATE
    KEY-----`): the key itself, however long (a certificate stored so is public)."""
    head = value[:120]
    try:
        text = base64.b64decode(head[: len(head) - len(head) % 4], validate=True)
    except (binascii.Error, ValueError):
        return False
    return _PRIVATE_ARMOUR.match(text.decode("ascii", "replace")) is not None


# A row of a hex dump: an offset (4-16 hex digits, a colon optional), then at least four groups
# of 2, 4 or 8 hex digits (`xxd`, `hexdump -C`, `od -x`), then the bytes as text.
_HEX_DUMP_ROW = re.compile(
    r"[ \t]*[0-9A-Fa-f]{4,16}:?(?:[ \t]{1,3}(?:[0-9A-Fa-f]{2}|[0-9A-Fa-f]{4}|[0-9A-Fa-f]{8})){4,}"
    r"(?:[ \t]{2,}.*)?"
)


# A line of nothing but hex groups of one width (2, 4 or 8 digits): a key, a certificate or a
# buffer printed in hex without offsets (`show crypto key mypubkey rsa`, `openssl … -text`).
_HEX_GROUPS_LINE = re.compile(
    r"[ \t]*(?:[0-9A-Fa-f]{2}(?:[ \t:][0-9A-Fa-f]{2})*|[0-9A-Fa-f]{4}(?:[ \t]+[0-9A-Fa-f]{4})*"
    r"|[0-9A-Fa-f]{8}(?:[ \t]+[0-9A-Fa-f]{2,8})*)[ \t:]*"
)
_HEX_LETTER = re.compile(r"[A-Fa-f]")


def in_hex_dump_row(text: str, start: int) -> bool:
    """True when `start` lies on a row of a hex dump (`00000020: 3234 2036 3839 …  24 68954…`):
    the groups are bytes and the text column is those bytes printed, so no number on that row
    is anyone's card or phone. So is a line of hex groups that goes on a block of such lines
    with hex letters in it (the short last line of a key printed in hex, `31020301 0001`); a
    list of card numbers has no letters, so it is no such block."""
    lo = text.rfind("\n", 0, start) + 1
    hi = text.find("\n", start)
    line = text[lo : len(text) if hi < 0 else hi]
    if _HEX_DUMP_ROW.fullmatch(line) is not None:
        return True
    if lo == 0 or not _HEX_GROUPS_LINE.fullmatch(line):
        return False
    above = text[text.rfind("\n", 0, lo - 1) + 1 : lo - 1]
    return (
        _HEX_GROUPS_LINE.fullmatch(above) is not None
        and len(above.split()) >= 4
        and _HEX_LETTER.search(above) is not None
    )


# Units a quantity is written with: data sizes, durations, rates, lengths, masses, counts of
# things a log measures. Case matters for `B` (bytes) against `b` (bits); both are units.
_UNIT = re.compile(
    r"[ \t\u00a0\u202f]?(?:[KMGTPE]i?B|[kKMGTPE]?b(?:ps|/s)?|B|bytes?|octets?|bits?|[mµun]s|ms"
    r"|sec|secs|s|min|mins|h|hrs?|Hz|[kMG]Hz|fps|rps|qps|rpm|px|pt|dp|sp|mm|cm|km|m|kg|g|mg"
    r"|lbs?|oz|W|kW|MW|[kMG]?Wh|kJ|kcal|V|mA|mAh|ml|mL|cl|dl|l|L|m²|m³|km/h|mph|bar|psi|k?Pa"
    r"|dBm?|ppm|ppb|mmol|mol|µg|ng|°C|°F|%|‰|tokens?|rows?|items?|records?|events?|requests?|reqs?"
    r"|files?|ops|iops|users?|downloads?|installs?|views?|clicks?|sessions?|frames?"
    r"|samples?|reads?|steps?|epochs?|params?|pages?|words?|chars?|blocks?|sectors?|pcs|pieces"
    r"|units|Stück|Stk|uds|unités|pz|шт)"
    # `… 78 s'il vous plaît`, `… s.v.p.`: a word, not seconds. "lines" is no unit here: `call
    # 0800 … lines open 9-5` is a phone number and its opening hours.
    r"(?![^\W_]|['’]|\.[^\W\d_])"
)


# Currencies, by sign and ISO 4217 code (the ones chat writes), written before or after an amount.
_CURRENCY = (
    r"(?:[$€£¥₹₽₩₺₪฿₫]|(?-i:USD|EUR|GBP|JPY|CHF|CAD|AUD|NZD|SEK|NOK|DKK|PLN|CZK|HUF|INR|CNY"
    r"|RMB|BRL|MXN|ZAR|RUB|TRY|KRW|SGD|HKD)|kr|zł|руб|円|元)"
)
_CURRENCY_AFTER = re.compile(rf"[ \t\u00a0\u202f]?{_CURRENCY}(?![^\W_])")
_CURRENCY_BEFORE = re.compile(rf"(?<![^\W_]){_CURRENCY}\.?[ \t\u00a0\u202f]?$")


def quantity_with_unit(text: str, end: int, start: int | None = None) -> bool:
    """True when a unit of measure follows the number ending at `end` (`665 428 615 B`,
    `810.192.868 B`, `4 815 162 ms`), or a currency stands after it or (given `start`) before
    it (`612.345.678 €`, `USD 612 345 678`): a quantity or an amount. A phone number or a
    personal id is never written with a unit or a currency."""
    if _UNIT.match(text, end) is not None or _CURRENCY_AFTER.match(text, end) is not None:
        return True
    return (
        start is not None and _CURRENCY_BEFORE.search(text[max(0, start - 6) : start]) is not None
    )


def lone_lead_ok(value: str) -> bool:
    """False when `value`, a number written in groups, opens with a group of one digit that
    is no trunk prefix: 0 in most numbering plans, 1 in North America, 8 in Russia and its
    neighbours. With a `+` the one digit is a country code (`+7 …`, `+1 …`). `6-1881830945`
    is a service request's number, `3.10.1839.22041` a version."""
    v = value.strip().lstrip("(")
    m = re.match(r"(\d+)[ .\-/)]", v)
    return m is None or len(m.group(1)) > 1 or m.group(1) in "018"


# Words that call a card a test one, in the languages the other rules know.
_TEST_WORDS = re.compile(
    r"(?i)(?<![^\W\d_])(?:test|testing|tests|sandbox|fixture|fixtures|dummy|fake|sample|example"
    r"|mock|staging|qa|prueba|pruebas|teste|testes|essai|carte de test|testkarte|testmodus"
    r"|prova|collaudo|テスト|测试|測試|тест\w*|테스트)(?![^\W\d_])"
)


# A card named a test card right before its number (`Stripe test card 4000 0566 …`, `Testkarte:`,
# `tarjeta de prueba`), at most a few characters between the name and the number.
_TEST_CARD_NAME = re.compile(
    r"(?i)(?<![^\W\d_])(?:(?:test|testing|sandbox|dummy|fake|example|sample)[ -]?(?:card|cards"
    r"|pan|visa|mastercard|amex|iban|account)|(?:test|beispiel)karte\w*|(?:test|beispiel)-?iban"
    r"|(?:tarjeta|iban) de (?:prueba|ejemplo)|(?:carte|iban) d['’ ]?(?:e )?(?:test|exemple)"
    r"|(?:cartão|iban) de (?:teste|exemplo)|(?:carta|iban) di (?:prova|esempio)|テストカード"
    r"|测试卡)(?![^\W\d_])[^\n\w]{0,12}(?:\w+[^\n\w]{1,3}){0,1}$"
)


# A number or a phone named a test's, an example's or a stand-in: the two words side by side,
# at most one word between (`Test-Rufnummer`, `dummy number`, `Phone format example`,
# `número de ejemplo`). "An SMS test went to …" names the test, not the number.
_TEST_KIND = (
    r"test|testing|sandbox|fixture|dummy|fake|sample|example|mock|placeholder|beispiel|ejemplo"
    r"|prueba|exemple|essai|esempio|prova|exemplo|teste|format"
)
_NUMBER_KIND = (
    r"number|numbers|nummer|\w*rufnummer|\w*nummer|phone|numéro|número|numero|telefon\w*"
    r"|teléfono|téléphone|telefone|tel"
)
_TEST_NUMBER_NAME = re.compile(
    rf"(?i)(?<![^\W\d_])(?:(?:{_TEST_KIND})(?:[ \t-]+[^\W\d_]+)?[ \t-]+(?:{_NUMBER_KIND})"
    rf"|(?:{_NUMBER_KIND})(?:[ \t-]+[^\W\d_]+)?[ \t-]+(?:{_TEST_KIND}))(?![^\W\d_])"
)


def test_named_on_line(text: str, start: int) -> bool:
    """True when the line before `start` names the number it gives a test's, an example's or a
    stand-in (`Test-Rufnummer im Staging:`, `Phone format example:`, `a dummy number such as`)."""
    line = text[max(text.rfind("\n", 0, start) + 1, start - 80) : start]
    return _TEST_NUMBER_NAME.search(line) is not None


def named_test_number(text: str, start: int) -> bool:
    """True when the words right before `start` name the card or account number there a test
    or an example one (`sandbox card: …`, `example IBAN …`, `IBAN de ejemplo …`): a provider's
    or a standard's published number, which pays and charges no one."""
    return _TEST_CARD_NAME.search(text[max(0, start - 60) : start]) is not None


def test_card(text: str, start: int, end: int) -> bool:
    """True for a card number that the text names a test card right before it (`Stripe test
    card 4000 0566 5566 5556`, `Testkarte: …`), or one of at most three different digits
    (`4242 4242 4242 4242`, `5105 1051 0510 5100`) with a word for a test near it (`test mode`,
    `sandbox`, a `fixtures/` file): the networks publish such numbers for testing, and they
    charge no one. A real card's sixteen digits are almost never so few different ones, and
    the same digits with no test word near are still redacted; a card only near the word
    ("tested it on my card …") is still a card."""
    if named_test_number(text, start):
        return True
    digits = re.sub(r"\D", "", text[start:end])
    if len(set(digits)) > 3:
        return False
    return _TEST_WORDS.search(text[max(0, start - 200) : min(len(text), end + 80)]) is not None


# Names of a count or a measure, in the languages a team writes in. Plural nouns of things
# counted, and the words for a total, a size, an amount.
_COUNT_NOUN = (
    r"count|counts|total|totals|sum|size|sizes|length|amount|balance|revenue|volume|population"
    r"|downloads|installs|views|visits|hits|clicks|impressions|rows|records|events|requests"
    r"|bytes|tokens|samples|reads|entries|files|lines|users|accounts|sessions|items|orders"
    # A measure of a signal, a time or a thing's bulk.
    r"|frequency|freq|bandwidth|duration|elapsed|capacity|weight|distance|memory|rss"
    r"|anzahl|summe|gesamt|größe|grösse|betrag|menge|zeilen|nombre|somme|taille|montant"
    r"|lignes|total|cantidad|tamaño|importe|filas|quantidade|tamanho|linhas|quantità"
    r"|dimensione|importo|righe|aantal|grootte|bedrag|liczba|rozmiar|kwota|количество|размер"
    r"|сумма|件数|合計|サイズ|数量|总数|大小|金额|개수|크기|금액"
)
_QUANTITY_LABEL = re.compile(
    rf"(?i)(?<![^\W\d_])(?:{_COUNT_NOUN})(?![^\W\d_])(?:[ \t]+[^\W\d_]+){{0,3}}"
    # A quoted key is a label too (`"Size":62670651872`, JSON's).
    r"[\"']?[ \t]*(?:[:=：]|\bis\b|\bwas\b|\bof\b|\bvon\b|\bde\b)[ \t]*[\"']?$"
)


def quantity_named_before(before: str, phone_words: re.Pattern[str]) -> bool:
    """True when the words right before a number name a count or a measure (`downloads last
    month: …`, `total size = …`, `Anzahl Zeilen: …`) and no phone (`phone_words`): the number
    is that count, however it is grouped."""
    m = _QUANTITY_LABEL.search(before)
    return m is not None and phone_words.search(m.group(0)) is None


# Date, century sign (`+`, `-`, `U`-`Y` for the 1900s, `A`-`F` for the 2000s), individual number.
_HETU = re.compile(r"\d{6}[-+A-FU-Y](\d{3})[0-9A-Y]")
_HETU_CHECK = "0123456789ABCDEFHJKLMNPRSTUVWXY"
_TEST_HEADER = re.compile(
    r"(?i)(?<![^\W\d_])(?:test\w*|examples?|samples?|dummy|fake|fictitious|specimen"
    r"|beispiel\w*|exemple|ejemplo|exemplo|esempio|voorbeeld|przykład\w*|esimerkki)(?![^\W\d_])"
)


def hetu_checked(value: str) -> bool:
    """True for a Finnish identity code whose check character matches (mod 31): laid out and
    checked as one, it is that code (issued or not), never a phone number."""
    m = _HETU.fullmatch(value.strip())
    if m is None:
        return False
    v = value.strip()
    return _HETU_CHECK[int(v[:6] + m.group(1)) % 31] == v[-1]


def temporary_hetu(value: str) -> bool:
    """True for a checked Finnish identity code in the 900–999 range, which no person is issued
    (whatever other id's layout and checksum it passes by chance, as a Swedish one's)."""
    m = _HETU.fullmatch(value.strip())
    return m is not None and int(m.group(1)) >= 900 and hetu_checked(value)


def names_test_values(header: str | None) -> bool:
    """True when a table column's header (`formats.columns.column_header`) names test or example
    values."""
    return header is not None and _TEST_HEADER.search(header) is not None

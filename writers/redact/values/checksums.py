"""The check digits of a card number (Luhn), of an IBAN (mod 97) and of a Mexican CLABE."""

from __future__ import annotations

import re


def luhn_ok(digits: str) -> bool:
    """Luhn checksum over a string of digits (card numbers)."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return len(digits) >= 12 and total % 10 == 0


# The countries that issue IBANs and the one length each country's IBAN has (the ISO 13616
# registry, with the partial adopters banks already accept). The same mod-97 check guards other
# references that are no account: an ISO 11649 creditor reference (`RF18 5390 0754 7034`) is an
# invoice's payment reference, printed on it for anyone to pay; `RF` is no country.
_IBAN_LENGTHS = {
    code: int(n)
    for code, n in re.findall(
        r"([A-Z]{2})(\d\d)",
        "AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BI27 BR29 BY28 CH21 CR22 CY28 CZ24 DE22"
        " DJ27 DK18 DO28 EE20 EG29 ES24 FI18 FK18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28 HR21"
        " HU28 IE22 IL23 IQ23 IS26 IT27 JO30 KW30 KZ20 LB28 LC32 LI21 LT20 LU20 LV21 LY25 MC27"
        " MD24 ME22 MK19 MN20 MR27 MT31 MU30 NI28 NL18 NO15 OM23 PK24 PL28 PS29 PT25 QA29 RO24"
        " RS22 RU33 SA24 SC31 SD18 SE24 SI19 SK24 SM27 SO23 ST25 SV28 TL23 TN24 TR26 UA29 VA22"
        " VG24 XK20 YE30 AO25 BF28 BJ28 CF27 CG27 CI28 CM27 CV25 DZ26 GA27 GQ27 GW25 HN28 IR26"
        " KM27 MA28 MG27 ML28 MZ25 NE28 SN28 TD27 TG28 GF27 GP27 MQ27 RE27 PF27 TF27 YT27 NC27"
        " BL27 MF27 PM27 WF27",
    )
}


def iban_ok(iban: str) -> bool:
    """ISO 13616 check of an IBAN (spaces allowed): a country that issues IBANs, that country's
    length, and the mod-97 check digits."""
    s = iban.replace(" ", "").upper()
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{10,30}", s):
        return False
    if _IBAN_LENGTHS.get(s[:2]) != len(s):
        return False
    moved = s[4:] + s[:4]
    return int("".join(str(int(c, 36)) for c in moved)) % 97 == 1


def clabe_ok(digits: str) -> bool:
    """A Mexican CLABE's check digit holds: 18 digits (bank 3, branch 3, account 11, check 1),
    the first 17 weighted 3, 7, 1 in turn, each product taken mod 10; the check digit brings
    their sum to a multiple of 10."""
    if len(digits) != 18 or not digits.isdigit():
        return False
    total = sum(int(d) * (3, 7, 1)[i % 3] % 10 for i, d in enumerate(digits[:17]))
    return (10 - total % 10) % 10 == int(digits[17])

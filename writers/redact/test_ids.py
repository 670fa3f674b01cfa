"""National ids that name no one: a numbering plan's own test range, a column of test values.

- A Finnish personal identity code (`DDMMYYCZZZQ`) with an individual number `ZZZ` of 900–999:
  the Digital and Population Data Services Agency issues people 002–899 and keeps 900–999 for
  temporary codes, which are never entered in the population register; test systems (the
  Incomes Register's sandbox, Kanta's) are fed codes from that range. The same date with an
  individual number of 002–899 is still redacted.
  A code so laid out whose check character matches is that code, never a phone number.
- A value in a table column whose header calls its values test or example ones (`| test value
  |`, `example_id`, `Beispielwert`): the table says that its values were written to stand in,
  as a column headed `phone` says its values are phone numbers (`recognizers.column_header`).

May import: nothing else in writers.
"""

from __future__ import annotations

import re

# Date, century sign (`+`, `-`, `U`-`Y` for the 1900s, `A`-`F` for the 2000s), individual number.
_HETU = re.compile(r"\d{6}[-+A-FU-Y](\d{3})[0-9A-Y]")
_HETU_CHECK = "0123456789ABCDEFHJKLMNPRSTUVWXY"
_TEST_HEADER = re.compile(
    r"(?i)(?<![^\W\d_])(?:test|tests|testing|example|examples|sample|samples|dummy|fake"
    r"|fictitious|specimen|beispiel\w*|test\w*|exemple|ejemplo|exemplo|esempio|voorbeeld"
    r"|przykład\w*|esimerkki|testi\w*)(?![^\W\d_])"
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


def test_header(header: str | None) -> bool:
    """True when a table column's header (`recognizers.column_header`) names test or example
    values."""
    return header is not None and _TEST_HEADER.search(header) is not None

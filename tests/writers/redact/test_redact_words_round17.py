"""Issue 24, sixteenth round, second pass (red17-pw): secrets shown in ways the rules did not read.

- Oracle's connect string holds a password between the user's slash and the `@` of the database
  (`sqlplus app/…@//db:1521/PDB`, `expdp system/…@orcl`); `sqlplus / as sysdba` holds none.
- Thai writes no space between words and puts a noun's modifier after it: the modifier is glued
  between `รหัสผ่าน` and its copula `คือ`; a property of the password there (its expiry, its
  length) holds no password.
- Slack's bold may close around a label before an arrow (`*db password* → …`).
- Darija glues its article `l` to a borrowed noun (`lmot de passe … : …`).
- Serbia's DinaCard (`9891`, sixteen digits) is a card; "call" in Bulgarian and Hungarian asks
  to be called at the number after it.
"""

from __future__ import annotations

import pytest

from writers.redact.redactor import Redactor

_R = Redactor()


def _found(text: str) -> list[tuple[str, str]]:
    return [(f.kind, text[f.start : f.end]) for f in _R.redact(text).findings]


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("$ sqlplus ops_app/Rv2024&kLmQ9@//ora-db.internal:1521/OPSPDB", "Rv2024&kLmQ9"),
        ("expdp system/Manager1x@orcl schemas=HR directory=DP", "Manager1x"),
        ("รหัสผ่านประตูห้องเก็บของคือ 58213467", "58213467"),
        ("• *mysql password* → t7W?qpZ2mRk9e", "t7W?qpZ2mRk9e"),
        ("lmot de passe dyal camera f bureau: Rabat.77Km", "Rabat.77Km"),
        ("DinaCard za test: 9891 2730 4410 5589 radi", "9891 2730 4410 5589"),
        ("ако падне сървърът, звънете на 0887 412 390", "0887 412 390"),
        ("Ha gond van, hívjatok: 06 30 517 2284", "06 30 517 2284"),
    ],
)
def test_shown_secret_is_found(text: str, secret: str) -> None:
    assert any(value == secret for _, value in _found(text)), _found(text)


@pytest.mark.parametrize(
    "text",
    [
        "sqlplus / as sysdba",
        "sqlplus app/$DB_PASSWORD@orcl",
        "รหัสผ่านหมดอายุคือ 2026",
        "• *db user* → billing_svc",
        "the parcel 9891 2730 4410 5587 left the depot",
    ],
)
def test_near_text_keeps_its_outcome(text: str) -> None:
    assert _found(text) == []

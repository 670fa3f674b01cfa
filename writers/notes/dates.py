"""Relative dates in what is learned, resolved to absolute ones when it is written.

A fact read weeks later must not say "yesterday". `resolve_relative` rewrites the common English
relative expressions against the session's day (UTC): today, tonight, yesterday, tomorrow,
this/last/next <weekday>, on <weekday> (the coming one), last/next/this week, month and year,
"N days/weeks ago" and "in N days/weeks". The original words are kept in front of the date where
they carry meaning ("next Friday (27 November 2026)"), replaced where they do not ("yesterday" →
"on 24 November 2026"). Anything not recognised is left as it was.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from store.clock import as_utc

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10,
}  # fmt: skip
_PREPOSITIONS = frozenset("on since until till from before after by of as".split())
_WD = "|".join(WEEKDAYS)
_NUM = r"\d{1,3}|" + "|".join(_NUMBERS)
_PATTERN = re.compile(
    rf"\b(?:(?P<simple>today|tonight|yesterday|tomorrow|the day before yesterday|"
    rf"the day after tomorrow)"
    rf"|(?P<rel>last|next|this|coming|on) (?P<wd>{_WD})"
    rf"|(?P<rel2>last|next|this) (?P<unit>week|month|year)"
    rf"|(?P<n>{_NUM}) (?P<unit2>days?|weeks?) ago"
    rf"|in (?P<n2>{_NUM}) (?P<unit3>days?|weeks?))\b",
    re.I,
)


def day_text(d: date) -> str:
    """`24 November 2026`."""
    return f"{d.day} {d:%B %Y}"


def _count(raw: str) -> int:
    return int(raw) if raw.isdigit() else _NUMBERS[raw.lower()]


def _replace(m: re.Match[str], today: date) -> str:
    word = m.group(0)
    if m.group("simple"):
        simple = m.group("simple").lower()
        shift = {
            "today": 0,
            "tonight": 0,
            "yesterday": -1,
            "tomorrow": 1,
            "the day before yesterday": -2,
            "the day after tomorrow": 2,
        }[simple]
        d = day_text(today + timedelta(days=shift))
        before = m.string[: m.start()].rstrip().rsplit(" ", 1)[-1].lower()
        return d if before in _PREPOSITIONS else f"on {d}"
    if m.group("wd"):
        rel, target = m.group("rel").lower(), WEEKDAYS.index(m.group("wd").lower())
        delta = target - today.weekday()
        if rel == "last":
            delta = delta - 7 if delta >= 0 else delta
        elif rel == "next":
            delta = delta + 7 if delta <= 0 else delta
        elif rel in ("coming", "on"):
            delta = delta + 7 if delta < 0 else delta
        # "this Friday": the Friday of this week (Monday to Sunday).
        when = day_text(today + timedelta(days=delta))
        return f"{word} ({when})" if rel != "on" else f"on {m.group('wd')} {when}"
    if m.group("unit"):
        rel, unit = m.group("rel2").lower(), m.group("unit").lower()
        step = {"last": -1, "next": 1, "this": 0}[rel]
        if unit == "week":
            monday = today - timedelta(days=today.weekday()) + timedelta(weeks=step)
            return f"{word} (the week of {day_text(monday)})"
        if unit == "month":
            y, mo = divmod(today.year * 12 + today.month - 1 + step, 12)
            return f"{word} ({date(y, mo + 1, 1):%B %Y})"
        return f"{word} ({today.year + step})"
    if m.group("unit2"):
        n = _count(m.group("n"))
        days = n * (7 if m.group("unit2").lower().startswith("week") else 1)
        return f"{word} (around {day_text(today - timedelta(days=days))})"
    n = _count(m.group("n2"))
    days = n * (7 if m.group("unit3").lower().startswith("week") else 1)
    return f"{word} (around {day_text(today + timedelta(days=days))})"


def resolve_relative(text: str, when: datetime) -> str:
    """`text` with its relative dates resolved against `when`'s day (UTC)."""
    today = as_utc(when).date()
    return _PATTERN.sub(lambda m: _replace(m, today), text)

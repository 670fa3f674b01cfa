"""`factindex.epoch`: a naive datetime (SQLite's) read as UTC, to the same float as an aware
copy's `timestamp()` (the prior and the newest-first order of a shelf are computed from it)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from hypothesis import given
from hypothesis import strategies as st

from writers.recall.factindex import epoch


@given(st.datetimes(min_value=datetime(1, 1, 2), max_value=datetime(9999, 12, 30)))
def test_a_naive_datetime_is_read_as_utc_to_the_same_float(when: datetime) -> None:
    assert epoch(when) == when.replace(tzinfo=UTC).timestamp()


@given(
    st.datetimes(min_value=datetime(2, 1, 1), max_value=datetime(9998, 1, 1)),
    st.integers(min_value=-14 * 60, max_value=14 * 60),
)
def test_an_aware_datetime_keeps_its_own_offset(when: datetime, minutes: int) -> None:
    aware = when.replace(tzinfo=timezone(timedelta(minutes=minutes)))
    assert epoch(aware) == aware.timestamp()

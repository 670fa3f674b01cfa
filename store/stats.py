"""Numbers for `seshat stats`: spend by day and purpose, reflections by outcome, library sizes,
how much of the replies' input the prompt cache served, and the replies' 👍/👎 rates.

The cache share is read from recorded usage: Anthropic reports uncached input
(`input_tokens`), tokens written to the cache and tokens read from it separately, so the share is
`cache_read / (input + cache_write + cache_read)` over the window's chat calls.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from store import budget, feedback
from store.models import LessonRow, LLMCall, MemoryEntry, Observation, ReflectionRow, Skill


def _day(value: datetime) -> str:
    return value.date().isoformat()


def spend_by_day(db: Session, *, since: datetime) -> list[dict[str, Any]]:
    """One row per (UTC day, purpose): calls, tokens and USD, oldest day first."""
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    calls = db.execute(
        select(
            LLMCall.created_at,
            LLMCall.purpose,
            LLMCall.cost_usd,
            LLMCall.input_tokens,
            LLMCall.output_tokens,
        ).where(LLMCall.created_at >= since)
    )
    for at, purpose, cost, tokens_in, tokens_out in calls:
        row = rows.setdefault(
            (_day(at), purpose),
            {
                "day": _day(at),
                "purpose": purpose,
                "calls": 0,
                "cost_usd": 0.0,
                "input_tokens": 0,
                "output_tokens": 0,
            },
        )
        row["calls"] += 1
        row["cost_usd"] += float(cost or 0.0)
        row["input_tokens"] += int(tokens_in or 0)
        row["output_tokens"] += int(tokens_out or 0)
    for row in rows.values():
        row["cost_usd"] = round(row["cost_usd"], 6)
    return [rows[k] for k in sorted(rows)]


def reflections_by_outcome(db: Session, *, since: datetime) -> dict[str, dict[str, int]]:
    """Reflection attempts since `since`: counts by ledger status and by session outcome."""
    by_status = dict(
        db.execute(
            select(ReflectionRow.status, func.count())
            .where(ReflectionRow.created_at >= since)
            .group_by(ReflectionRow.status)
        ).all()
    )
    by_outcome = dict(
        db.execute(
            select(ReflectionRow.outcome, func.count())
            .where(ReflectionRow.created_at >= since, ReflectionRow.outcome.isnot(None))
            .group_by(ReflectionRow.outcome)
        ).all()
    )
    return {
        "by_status": {str(k): int(v) for k, v in sorted(by_status.items())},
        "by_outcome": {str(k): int(v) for k, v in sorted(by_outcome.items())},
    }


def library_sizes(db: Session) -> dict[str, dict[str, int]]:
    """Item counts by kind and status (the whole library, not a window)."""

    def counted(column: Any, *where: Any) -> dict[str, int]:
        stmt = select(column, func.count()).where(*where).group_by(column)
        return {str(k): int(v) for k, v in sorted(db.execute(stmt).all())}

    glob = MemoryEntry.scope_kind == "global"
    return {
        "lessons": counted(LessonRow.status),
        "notes": counted(MemoryEntry.status, glob),
        "facts": counted(MemoryEntry.status, ~glob),
        "skills": counted(Skill.status),
        "user_notes": counted(Observation.status, Observation.kind == "user"),
        "persona": counted(Observation.status, Observation.kind == "persona"),
    }


def chat_cache_share(db: Session, *, since: datetime) -> dict[str, Any]:
    """Reply input tokens since `since` and the share the prompt cache served."""
    uncached, written, read = db.execute(
        select(
            func.coalesce(func.sum(LLMCall.input_tokens), 0),
            func.coalesce(func.sum(LLMCall.cache_write_tokens), 0),
            func.coalesce(func.sum(LLMCall.cache_read_tokens), 0),
        ).where(LLMCall.purpose == "chat", LLMCall.created_at >= since)
    ).one()
    total = int(uncached) + int(written) + int(read)
    return {
        "input_tokens": int(uncached),
        "cache_write_tokens": int(written),
        "cache_read_tokens": int(read),
        "cache_read_share": round(int(read) / total, 4) if total else None,
    }


def stats(db: Session, *, now: datetime, days: int) -> dict[str, Any]:
    """Everything `seshat stats` shows, for the last `days` UTC days including today."""
    since = datetime.combine(
        (now - timedelta(days=days - 1)).date(), datetime.min.time(), tzinfo=now.tzinfo
    )
    return {
        "since": since.isoformat(),
        "days": days,
        "spend": spend_by_day(db, since=since),
        "reflections": reflections_by_outcome(db, since=since),
        "library": library_sizes(db),
        "chat_cache": chat_cache_share(db, since=since),
        "feedback": feedback.rates(db, since=since),
    }


def today_against_caps(
    db: Session, *, now: datetime, chat_cap: float, user_cap: float, reflection_cap: float
) -> dict[str, Any]:
    """Today's (UTC) spend by purpose beside each daily cap, and the users who spent the most
    on chat beside theirs (a cap of 0: none)."""
    since = budget.day_start(now)
    spent = dict(
        db.execute(
            select(LLMCall.purpose, func.coalesce(func.sum(LLMCall.cost_usd), 0.0))
            .where(LLMCall.created_at >= since)
            .group_by(LLMCall.purpose)
        ).all()
    )
    return {
        "day": since.date().isoformat(),
        "chat": {"spent_usd": round(float(spent.get("chat", 0.0)), 6), "cap_usd": chat_cap},
        "reflection": {
            "spent_usd": round(float(spent.get("reflection", 0.0)), 6),
            "cap_usd": reflection_cap,
        },
        "chat_by_user": [
            {"user": user, "spent_usd": round(cost, 6), "cap_usd": user_cap}
            for user, cost in budget.top_chat_spenders(db, since=since)
        ],
    }

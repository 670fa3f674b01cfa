"""The daily budgets: reflection's, reserved before a call and settled after, atomically; and
chat's, read from the ledger of model calls (`spent_on_chat`) before each reply.

`reserve` is one conditional UPDATE (`… WHERE committed + amount <= cap`), which both SQLite (one
writer at a time) and PostgreSQL (row lock, WHERE re-checked after the lock) evaluate atomically,
so parallel reflections — threads or replicas — can never push the day past its cap.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from store.models import BudgetDay, ChatSession, LLMCall

# Float sums drift by ~1e-16 per operation; a micro-dollar of slack keeps "exactly at the cap"
# reservations from failing on rounding while never allowing a meaningful overshoot.
EPSILON = 1e-9


def _ensure_day(db: Session, day: str) -> None:
    if db.get(BudgetDay, day) is not None:
        return
    try:
        with db.begin_nested():
            db.add(BudgetDay(day=day, committed_usd=0.0, spent_usd=0.0, reflections=0))
    except IntegrityError:
        pass  # another worker created it


def reserve(db: Session, *, day: str, amount: float, cap: float) -> bool:
    """Reserve `amount` USD on `day` if it fits under `cap`; False when it does not."""
    _ensure_day(db, day)
    result = db.execute(
        update(BudgetDay)
        .where(BudgetDay.day == day, BudgetDay.committed_usd + amount <= cap + EPSILON)
        .values(committed_usd=BudgetDay.committed_usd + amount)
        .execution_options(synchronize_session=False)
    )
    return bool(getattr(result, "rowcount", 0) == 1)


def settle(db: Session, *, day: str, reserved: float, actual: float) -> None:
    """Replace a reservation by the real cost of the call (0 if it never ran)."""
    _ensure_day(db, day)
    db.execute(
        update(BudgetDay)
        .where(BudgetDay.day == day)
        .values(
            committed_usd=BudgetDay.committed_usd - reserved + actual,
            spent_usd=BudgetDay.spent_usd + actual,
            reflections=BudgetDay.reflections + (1 if actual > 0 else 0),
        )
        .execution_options(synchronize_session=False)
    )


def charge(db: Session, *, day: str, amount: float) -> None:
    """Record a cost that was not reserved (never used for capped calls; kept for accounting)."""
    settle(db, day=day, reserved=0.0, actual=amount)


def day_totals(db: Session, day: str) -> tuple[float, float]:
    """(committed, spent) USD for `day`."""
    row = db.scalars(select(BudgetDay).where(BudgetDay.day == day)).first()
    return (row.committed_usd, row.spent_usd) if row else (0.0, 0.0)


def day_start(now: datetime) -> datetime:
    """00:00 UTC of `now`'s day (every cap is per UTC day)."""
    utc = now.astimezone(UTC)
    return utc.replace(hour=0, minute=0, second=0, microsecond=0)


def spent_on_chat(
    db: Session, *, since: datetime, team: str | None = None, user_id: str | None = None
) -> float:
    """USD the chat calls recorded since `since` cost: all, one workspace's or one user's."""
    query = select(func.coalesce(func.sum(LLMCall.cost_usd), 0.0)).where(
        LLMCall.purpose == "chat", LLMCall.created_at >= since
    )
    if team is not None or user_id is not None:
        query = query.join(ChatSession, ChatSession.id == LLMCall.session_id)
        if team is not None:
            query = query.where(ChatSession.team == team)
        if user_id is not None:
            query = query.where(ChatSession.user_id == user_id)
    return float(db.scalar(query) or 0.0)


def spent_on_chat_by_user(db: Session, *, since: datetime, team: str) -> dict[str, float]:
    """USD the chat calls since `since` cost in workspace `team`, by user (the workspace's is
    their sum): one statement for every user of the workspace."""
    rows = db.execute(
        select(ChatSession.user_id, func.coalesce(func.sum(LLMCall.cost_usd), 0.0))
        .join(ChatSession, ChatSession.id == LLMCall.session_id)
        .where(LLMCall.purpose == "chat", LLMCall.created_at >= since, ChatSession.team == team)
        .group_by(ChatSession.user_id)
    ).all()
    return {str(user): float(cost or 0.0) for user, cost in rows}


def top_chat_spenders(db: Session, *, since: datetime, limit: int = 5) -> list[tuple[str, float]]:
    """The users whose chat cost the most since `since`, most first."""
    total = func.sum(LLMCall.cost_usd)
    rows = db.execute(
        select(ChatSession.user_id, total)
        .join(ChatSession, ChatSession.id == LLMCall.session_id)
        .where(LLMCall.purpose == "chat", LLMCall.created_at >= since)
        .group_by(ChatSession.user_id)
        .order_by(total.desc())
        .limit(limit)
    ).all()
    return [(str(user), float(cost or 0.0)) for user, cost in rows]

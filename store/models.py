"""SQLAlchemy 2 typed tables. Schema changes go through Alembic migrations in `migrations/`."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    """Declarative base for every Seshat table."""

    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON}


class SessionState:
    """Session states; every change between them is a compare-and-set (see sessions.py)."""

    OPEN = "open"
    CLOSING = "closing"
    REFLECTING = "reflecting"
    REFLECTED = "reflected"
    DEFERRED = "deferred"
    SKIPPED = "skipped"
    FAILED = "failed"


class ChatSession(Base):
    """One conversation: keyed by (team, channel, thread root or "", user)."""

    __tablename__ = "sessions"

    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    team: Mapped[str] = mapped_column(String(32))
    channel: Mapped[str] = mapped_column(String(32), index=True)
    thread_ts: Mapped[str] = mapped_column(String(32), default="")
    user_id: Mapped[str] = mapped_column(String(32), index=True)
    # Set while the session is open and NULL afterwards: the unique index makes "one open
    # session per key" a database fact, so two replicas cannot open twins.
    open_key: Mapped[str | None] = mapped_column(String(160), unique=True, nullable=True)
    state: Mapped[str] = mapped_column(String(16), index=True, default=SessionState.OPEN)
    opened_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    last_activity_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    close_reason: Mapped[str | None] = mapped_column(String(32), nullable=True)
    pending_replies: Mapped[int] = mapped_column(Integer, default=0)
    last_bot_ts: Mapped[str | None] = mapped_column(String(32), nullable=True)


class Message(Base):
    """A transcript line: every human and bot message of a session."""

    __tablename__ = "messages"
    __table_args__ = (UniqueConstraint("session_id", "ts", name="uq_messages_session_ts"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    session_id: Mapped[str] = mapped_column(ForeignKey("sessions.id"), index=True)
    channel: Mapped[str] = mapped_column(String(32))
    ts: Mapped[str] = mapped_column(String(32))
    user_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    is_bot: Mapped[bool] = mapped_column(Boolean, default=False)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ProcessedEvent(Base):
    """Slack deliveries already taken (by event_id and by channel+ts): the dedupe table."""

    __tablename__ = "processed_events"

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    received_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class LLMCall(Base):
    """One model call (chat or reflection) with its usage and cost."""

    __tablename__ = "llm_calls"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    purpose: Mapped[str] = mapped_column(String(16))
    session_id: Mapped[str | None] = mapped_column(String(36), nullable=True, index=True)
    provider: Mapped[str] = mapped_column(String(32))
    model: Mapped[str] = mapped_column(String(100))
    input_tokens: Mapped[int] = mapped_column(Integer, default=0)
    output_tokens: Mapped[int] = mapped_column(Integer, default=0)
    cache_write_tokens: Mapped[int] = mapped_column(Integer, default=0)
    cache_read_tokens: Mapped[int] = mapped_column(Integer, default=0)
    cost_usd: Mapped[float] = mapped_column(Float, default=0.0)
    duration_ms: Mapped[int] = mapped_column(Integer, default=0)
    ok: Mapped[bool] = mapped_column(Boolean, default=True)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class AuditEvent(Base):
    """Who did what to which artifact, and when."""

    __tablename__ = "audit_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    actor: Mapped[str] = mapped_column(String(64))
    action: Mapped[str] = mapped_column(String(64), index=True)
    target_kind: Mapped[str] = mapped_column(String(32))
    target_id: Mapped[str] = mapped_column(String(64), index=True)
    detail: Mapped[dict[str, Any]] = mapped_column(default=dict)


class ReflectionStatus:
    """Outcome of one reflection attempt."""

    RUNNING = "running"
    OK = "ok"
    REJECTED = "rejected"
    FAILED = "failed"
    DEFERRED = "deferred"
    SKIPPED = "skipped"


class ReflectionRow(Base):
    """The reflection ledger: one row per attempt."""

    __tablename__ = "reflections"

    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    session_id: Mapped[str] = mapped_column(ForeignKey("sessions.id"), index=True)
    attempt: Mapped[int] = mapped_column(Integer, default=1)
    provider: Mapped[str] = mapped_column(String(32))
    model: Mapped[str] = mapped_column(String(100))
    prompt_version: Mapped[str] = mapped_column(String(32))
    prompt_hash: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), index=True)
    outcome: Mapped[str | None] = mapped_column(String(16), nullable=True)
    raw_output: Mapped[str | None] = mapped_column(Text, nullable=True)
    parsed: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    input_tokens: Mapped[int] = mapped_column(Integer, default=0)
    output_tokens: Mapped[int] = mapped_column(Integer, default=0)
    cache_write_tokens: Mapped[int] = mapped_column(Integer, default=0)
    cache_read_tokens: Mapped[int] = mapped_column(Integer, default=0)
    cost_usd: Mapped[float] = mapped_column(Float, default=0.0)
    reserved_usd: Mapped[float] = mapped_column(Float, default=0.0)
    duration_ms: Mapped[int] = mapped_column(Integer, default=0)
    transcript_chars: Mapped[int] = mapped_column(Integer, default=0)
    writer_results: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    applied_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class BudgetDay(Base):
    """Reflection spend per UTC day: `committed` = open reservations + settled costs."""

    __tablename__ = "budget_days"

    day: Mapped[str] = mapped_column(String(10), primary_key=True)
    committed_usd: Mapped[float] = mapped_column(Float, default=0.0)
    spent_usd: Mapped[float] = mapped_column(Float, default=0.0)
    reflections: Mapped[int] = mapped_column(Integer, default=0)

"""SQLAlchemy 2 typed tables. Schema changes go through Alembic migrations in `migrations/`."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Table,
    Text,
    Unicode,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, configure_mappers, mapped_column
from sqlalchemy.orm.instrumentation import manager_of_class


class Base(DeclarativeBase):
    """Declarative base for every Seshat table."""

    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON}


_Row = TypeVar("_Row", bound=Base)


def row_copy(cls: type[_Row], values: Mapping[str, Any]) -> _Row:
    """An object of table class `cls` holding `values` (its columns by name; the others read
    None), in no ORM session: the copy of a row the caller has just written or read with a
    Core statement (the intake's session and message). Built as the ORM builds the objects
    it loads, with the values put in place, where `cls(**values)` fires an attribute event
    per column: ~3 µs against ~50 for the dozen columns of a session (issue 27, fourteenth
    round). Changed afterwards, its attributes keep their history as usual."""
    manager = manager_of_class(cls)
    if not manager.mapper.configured:
        # Building an object configures the mappers first; `new_instance` does not.
        configure_mappers()
    obj: _Row = manager.new_instance()
    obj.__dict__.update(values)
    return obj


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
    # No index (migration 0023): the idle sweep finds open sessions by `state`; this one moves
    # at every message.
    last_activity_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    close_reason: Mapped[str | None] = mapped_column(String(32), nullable=True)
    pending_replies: Mapped[int] = mapped_column(Integer, default=0)
    last_bot_ts: Mapped[str | None] = mapped_column(String(32), nullable=True)


class Message(Base):
    """A transcript line: every human and bot message of a session."""

    __tablename__ = "messages"
    __table_args__ = (UniqueConstraint("session_id", "ts", name="uq_messages_session_ts"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    # Looked up through `uq_messages_session_ts`'s index, whose first column it is (migration
    # 0023: no index of its own, one b-tree fewer written per message).
    session_id: Mapped[str] = mapped_column(ForeignKey("sessions.id"))
    channel: Mapped[str] = mapped_column(String(32))
    ts: Mapped[str] = mapped_column(String(32))
    user_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    is_bot: Mapped[bool] = mapped_column(Boolean, default=False)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # The reply obligation of a user message (migration 0005 says what each state means).
    reply_state: Mapped[str | None] = mapped_column(String(16), nullable=True, index=True)
    reply_owner: Mapped[str | None] = mapped_column(String(80), nullable=True)
    reply_lease_until: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True
    )
    reply_text: Mapped[str | None] = mapped_column(Text, nullable=True)
    reply_attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    reply_next_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    reply_ts: Mapped[str | None] = mapped_column(String(32), nullable=True)
    # The reply message shown while it is written (a stream, or a post edited in place), as
    # soon as Slack returns its ts: a takeover finishes it rather than posting again (0012).
    reply_stream_ts: Mapped[str | None] = mapped_column(String(32), nullable=True)
    working_reaction: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # What the context of the answer being stored used (JSON: its time, lesson and fact ids),
    # set with the answer; the database's trigger records it in `lesson_injections` and
    # `fact_injections` (migration 0020). Cleared when the reply is recorded.
    context_uses: Mapped[str | None] = mapped_column(Text, nullable=True)


class ReplyState:
    """Where a user message's reply stands."""

    PENDING = "pending"
    GENERATED = "generated"
    ANSWERED = "answered"
    DROPPED = "dropped"
    UNANSWERED = (PENDING, GENERATED)


class JobLease(Base):
    """Which process runs a scheduled job for which period (one row per job)."""

    __tablename__ = "job_leases"

    job: Mapped[str] = mapped_column(String(64), primary_key=True)
    period: Mapped[str] = mapped_column(String(40))
    owner: Mapped[str] = mapped_column(String(80))
    acquired_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ProcessedEvent(Base):
    """Slack deliveries already taken (by event_id and by channel+ts): the dedupe table."""

    __tablename__ = "processed_events"
    # On SQLite the rows live in the primary key's b-tree (migration 0023): a claimed key is
    # written once, not to a rowid table and its key's index both.
    __table_args__ = {"sqlite_with_rowid": False}

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    received_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class IntakeJournalRow(Base):
    """A message acked in HTTP mode on PostgreSQL before it was handled (its text redacted, as
    the file journal holds it): deleted once intake stored it; a dead replica's rows are taken
    over and handled by another one (store/intake_journal.py)."""

    __tablename__ = "intake_journal"

    id: Mapped[str] = mapped_column(String(120), primary_key=True)
    owner: Mapped[str] = mapped_column(String(100), index=True)
    user_id: Mapped[str | None] = mapped_column(String(40), index=True)
    payload: Mapped[str] = mapped_column(Text)
    accepted_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    lease_until: Mapped[datetime] = mapped_column(DateTime(timezone=True))


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
    # The process running this attempt (host:pid:token) and until when its claim holds.
    owner: Mapped[str | None] = mapped_column(String(80), nullable=True)
    lease_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class BudgetDay(Base):
    """Reflection spend per UTC day: `committed` = open reservations + settled costs."""

    __tablename__ = "budget_days"

    day: Mapped[str] = mapped_column(String(10), primary_key=True)
    committed_usd: Mapped[float] = mapped_column(Float, default=0.0)
    spent_usd: Mapped[float] = mapped_column(Float, default=0.0)
    reflections: Mapped[int] = mapped_column(Integer, default=0)


class MemoryEntry(Base):
    """A memory note or fact. Global notes mirror MEMORY.md lines; scoped ones are facts.

    Scope: `global` (owner sessions → MEMORY.md), `user` (a DM: only that user's sessions see it)
    or `channel` (only sessions in that channel). Reach (the trust rule): `author` — only its
    author's sessions in that scope see it — until an owner's decision widens it to `scope`.
    Status: active → decayed → archived (never deleted), or quarantined by the safety check.
    """

    __tablename__ = "memory_entries"
    __table_args__ = (UniqueConstraint("reflection_id", "ordinal", name="uq_memory_reflection"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    text: Mapped[str] = mapped_column(Text)
    text_hash: Mapped[str] = mapped_column(String(64), index=True)
    category: Mapped[str] = mapped_column(String(32), default="general")
    tags: Mapped[list[Any]] = mapped_column(JSON, default=list)
    scope_kind: Mapped[str] = mapped_column(String(16), index=True)
    scope_id: Mapped[str] = mapped_column(String(64), index=True, default="")
    status: Mapped[str] = mapped_column(String(16), index=True, default="active")
    confidence: Mapped[float] = mapped_column(Float, default=0.7)
    decay_rate: Mapped[float] = mapped_column(Float, default=0.05)
    access_count: Mapped[int] = mapped_column(Integer, default=0)
    last_accessed_at: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True
    )
    flags: Mapped[list[Any]] = mapped_column(JSON, default=list)
    provenance: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    reflection_id: Mapped[str | None] = mapped_column(String(36), index=True, nullable=True)
    session_id: Mapped[str | None] = mapped_column(String(36), index=True, nullable=True)
    author_id: Mapped[str | None] = mapped_column(String(32), index=True, nullable=True)
    # author | scope — who in the scope may see it (see the class docstring).
    reach: Mapped[str] = mapped_column(String(16), default="author", server_default="author")
    ordinal: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # The fact's vector (float32 bytes) and the embedder that made it, computed when written;
    # cleared by the database when its text changes (migration 0021). None: embedded when read.
    embedding: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    embedder: Mapped[str | None] = mapped_column(String(32), nullable=True)


class FactScopeVersion(Base):
    """A fact scope's version, bumped by database triggers on every change to its facts
    (migration 0014): the retriever's in-process index of a scope is current while it matches."""

    __tablename__ = "fact_scope_versions"

    scope_kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    scope_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    version: Mapped[int] = mapped_column(BigInteger)


class Skill(Base):
    """A skill proposed by reflection: a SKILL.md draft until the owner decides."""

    __tablename__ = "skills"
    __table_args__ = (UniqueConstraint("reflection_id", name="uq_skills_reflection"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    slug: Mapped[str] = mapped_column(String(64), index=True)
    description: Mapped[str] = mapped_column(Text)
    body: Mapped[str] = mapped_column(Text)
    content_hash: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), index=True, default="draft")
    is_update: Mapped[bool] = mapped_column(Boolean, default=False)
    diff: Mapped[str | None] = mapped_column(Text, nullable=True)
    commit_sha: Mapped[str | None] = mapped_column(String(64), nullable=True)
    flags: Mapped[list[Any]] = mapped_column(JSON, default=list)
    provenance: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    reflection_id: Mapped[str | None] = mapped_column(String(36), index=True, nullable=True)
    session_id: Mapped[str | None] = mapped_column(String(36), index=True, nullable=True)
    author_id: Mapped[str | None] = mapped_column(String(32), index=True, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    decided_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class SkillInvocation(Base):
    """A skill injected into (used by) a session, with that session's outcome."""

    __tablename__ = "skill_invocations"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    skill_slug: Mapped[str] = mapped_column(String(64), index=True)
    session_id: Mapped[str] = mapped_column(String(36), index=True)
    outcome: Mapped[str | None] = mapped_column(String(16), nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # injected (the body was in the context) | listed (named only, a weaker match)
    mode: Mapped[str] = mapped_column(String(16), default="injected", server_default="injected")
    similarity: Mapped[float | None] = mapped_column(Float, nullable=True)
    # The reflection whose outcome was attached (None until the session's reflection lands).
    reflection_id: Mapped[str | None] = mapped_column(String(36), nullable=True)
    # The session user's verdict on the replies after this use (feedback buttons): negative if
    # any got 👎, positive if some got 👍 and none 👎, else None (migration 0012).
    feedback: Mapped[str | None] = mapped_column(String(16), nullable=True)


class SkillState(Base):
    """An approved skill's standing, kept by the governor and the owner (one row per slug).

    `status`: active | quarantined (recent uses mostly failed) | stale (unused for
    SKILL_STALE_DAYS) | retired (reverted in the skills repo). A slug without a row is active.
    """

    __tablename__ = "skill_states"

    slug: Mapped[str] = mapped_column(String(64), primary_key=True)
    status: Mapped[str] = mapped_column(String(16), index=True, default="active")
    pinned: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    reason: Mapped[str | None] = mapped_column(Text, nullable=True)
    # The skills-repo commit that retired it (restore brings the file back from its parent).
    retired_sha: Mapped[str | None] = mapped_column(String(64), nullable=True)
    changed_by: Mapped[str | None] = mapped_column(String(32), nullable=True)
    changed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Observation(Base):
    """A persona observation (about working with the owner) or a user-model observation."""

    __tablename__ = "observations"
    __table_args__ = (
        UniqueConstraint(
            "reflection_id", "kind", "subject", "ordinal", name="uq_observations_reflection"
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    kind: Mapped[str] = mapped_column(String(16), index=True)  # persona | user
    subject: Mapped[str] = mapped_column(String(32), index=True, default="")  # Slack user id
    text: Mapped[str] = mapped_column(Text)
    source: Mapped[str] = mapped_column(String(16), default="reflection")
    # persona: pending → applied | dismissed; user: active | archived; both: quarantined.
    status: Mapped[str] = mapped_column(String(16), index=True)
    flags: Mapped[list[Any]] = mapped_column(JSON, default=list)
    provenance: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    reflection_id: Mapped[str | None] = mapped_column(String(36), index=True, nullable=True)
    session_id: Mapped[str | None] = mapped_column(String(36), index=True, nullable=True)
    author_id: Mapped[str | None] = mapped_column(String(32), index=True, nullable=True)
    ordinal: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    applied_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class ReviewItem(Base):
    """Something waiting for (or given) an owner's decision, and the Slack card showing it."""

    __tablename__ = "review_items"
    __table_args__ = (
        UniqueConstraint("kind", "target_id", "content_hash", name="uq_review_target"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    kind: Mapped[str] = mapped_column(String(16), index=True)  # skill|persona|lesson|memory|…
    target_id: Mapped[str] = mapped_column(String(64), index=True)
    title: Mapped[str] = mapped_column(String(200))
    content: Mapped[str] = mapped_column(Text)
    content_hash: Mapped[str] = mapped_column(String(64))
    choices: Mapped[list[Any]] = mapped_column(JSON, default=list)  # e.g. ["approve", "reject"]
    reason: Mapped[str | None] = mapped_column(Text, nullable=True)  # e.g. a safety flag
    status: Mapped[str] = mapped_column(String(16), index=True, default="pending")
    decision: Mapped[str | None] = mapped_column(String(16), nullable=True)
    decided_by: Mapped[str | None] = mapped_column(String(32), nullable=True)
    decided_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    reflection_id: Mapped[str | None] = mapped_column(String(36), index=True, nullable=True)
    provenance: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    card_channel: Mapped[str | None] = mapped_column(String(32), nullable=True)
    card_ts: Mapped[str | None] = mapped_column(String(32), index=True, nullable=True)
    group_ts: Mapped[str | None] = mapped_column(String(32), nullable=True)
    # The content hash the posted card shows (set when it is posted or re-rendered): a reaction
    # decides on exactly that, so an edit after posting makes a reaction stale until re-shown.
    shown_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class LessonRow(Base):
    """A lesson learned from failure: condition → action, with seen-count and provenance."""

    __tablename__ = "lessons"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    condition: Mapped[str] = mapped_column(Text)
    action: Mapped[str] = mapped_column(Text)
    rationale: Mapped[str] = mapped_column(Text, default="")
    task_type: Mapped[str] = mapped_column(String(64), index=True, default="general")
    # provisional | canonical | archived | quarantined | rejected
    status: Mapped[str] = mapped_column(String(16), index=True, default="provisional")
    seen_count: Mapped[int] = mapped_column(Integer, default=1)
    session_ids: Mapped[list[Any]] = mapped_column(JSON, default=list)
    author_ids: Mapped[list[Any]] = mapped_column(JSON, default=list)
    provenance: Mapped[list[Any]] = mapped_column(JSON, default=list)
    flags: Mapped[list[Any]] = mapped_column(JSON, default=list)
    contradicts: Mapped[list[Any]] = mapped_column(JSON, default=list)
    # One more per `lesson_injections` row inserted, by the database's trigger (migration 0018).
    times_injected: Mapped[int] = mapped_column(Integer, default=0)
    times_recurred: Mapped[int] = mapped_column(Integer, default=0)
    embedding: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    embedder: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    last_seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    promoted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # Why it became canonical: {"rule": "recurrence"|"owner", "sessions": [...], "users": [...]}.
    promotion: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class LessonInjection(Base):
    """Which lessons were put into which session's context (for efficacy)."""

    __tablename__ = "lesson_injections"
    __table_args__ = (UniqueConstraint("session_id", "lesson_id", name="uq_injection"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    # Looked up by the unique key's index (its first column; migration 0022).
    session_id: Mapped[str] = mapped_column(String(36))
    lesson_id: Mapped[int] = mapped_column(Integer, index=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # Why this injection counts as a failure after injection (in the lesson's `times_recurred`):
    # `recurred` (the session's reflection found the same failure again) or `feedback` (a 👎 on
    # a reply after the injection); None while it does not. One count per injection, however
    # often the reflection re-runs or the user clicks (migration 0012).
    failure: Mapped[str | None] = mapped_column(String(16), nullable=True)


class FactInjection(Base):
    """Which facts were put into which session's context, and whether a 👍'd reply used them
    (writers/notes/uses.py; migration 0017)."""

    __tablename__ = "fact_injections"
    __table_args__ = (UniqueConstraint("session_id", "fact_id", name="uq_fact_injection"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    # Looked up by the unique key's index (its first column; migration 0022).
    session_id: Mapped[str] = mapped_column(String(36))
    fact_id: Mapped[int] = mapped_column(Integer, index=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # The 👍'd reply found to use the fact, when that reinforced it, and the fact's
    # `last_accessed_at` before (restored when the 👍 is taken back); None while unused.
    used_reply_ts: Mapped[str | None] = mapped_column(String(32), nullable=True)
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    was_accessed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class CheckinState:
    """Check-in states. `scheduled → sending → sent`, or `cancelled`/`skipped`/`held` instead."""

    SCHEDULED = "scheduled"  # waiting for its time (its job is in `checkin_jobs` once armed)
    SENDING = "sending"  # claimed by one process, being posted
    SENT = "sent"
    CANCELLED = "cancelled"  # by a session on the same topic, or by hand
    SKIPPED = "skipped"  # past, too far ahead, over the per-day cap, or found too late
    HELD = "held"  # its text was flagged by the guard: never sent
    LIVE = (SCHEDULED, SENDING, SENT)


class Checkin(Base):
    """A DM to a session's user at the reflection's `next_check_at` (see
    bot/learning/checkins.py)."""

    __tablename__ = "checkins"

    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    # One check-in per reflection: the writer re-run after a crash finds it and writes nothing.
    reflection_id: Mapped[str] = mapped_column(String(36), unique=True)
    session_id: Mapped[str] = mapped_column(String(36), index=True)
    team: Mapped[str] = mapped_column(String(32))
    channel: Mapped[str] = mapped_column(String(32))
    thread_ts: Mapped[str] = mapped_column(String(32), default="")
    user_id: Mapped[str] = mapped_column(String(32), index=True)
    due_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    state: Mapped[str] = mapped_column(String(16), index=True)
    reason: Mapped[str | None] = mapped_column(Text, nullable=True)
    text: Mapped[str] = mapped_column(Text)  # the DM, redacted
    topic: Mapped[str] = mapped_column(Text)  # what the session was about, redacted
    # True once its APScheduler job is in `checkin_jobs`; sessions opened after
    # `topic_checked_at` have not been compared with the topic yet.
    armed: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    topic_checked_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    sent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    sent_ts: Mapped[str | None] = mapped_column(String(32), nullable=True)
    owner: Mapped[str | None] = mapped_column(String(80), nullable=True)


# APScheduler's SQLAlchemyJobStore table for check-ins, declared here exactly as the job store
# declares it so the migrations create it (and `compare_metadata` sees it as ours).
CHECKIN_JOBS_TABLE = "checkin_jobs"
checkin_jobs = Table(
    CHECKIN_JOBS_TABLE,
    Base.metadata,
    Column("id", Unicode(191), primary_key=True),
    Column("next_run_time", Float(25), index=True),
    Column("job_state", LargeBinary, nullable=False),
)


class SessionEvent(Base):
    """Something Seshat did in a session besides replying (a stall intervention, a loop stop).

    Shown in the session's reflection input, so a stall can become a lesson.
    """

    __tablename__ = "session_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    session_id: Mapped[str] = mapped_column(String(36), index=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    kind: Mapped[str] = mapped_column(String(32))
    detail: Mapped[dict[str, Any]] = mapped_column(default=dict)


class Tombstone(Base):
    """Something a person had forgotten: hashes and ids only, never content (migration 0009)."""

    __tablename__ = "tombstones"
    __table_args__ = (UniqueConstraint("kind", "key", name="uq_tombstones_kind_key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    kind: Mapped[str] = mapped_column(String(16))  # user | session | text
    key: Mapped[str] = mapped_column(String(64))  # the user id, session id or text hash
    user_id: Mapped[str] = mapped_column(String(32), index=True)  # whose forget made it
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ItemVersion(Base):
    """One text a library item has had (migration 0010): version 1 as learned, then each edit."""

    __tablename__ = "item_versions"
    __table_args__ = (
        UniqueConstraint("kind", "item_id", "version", name="uq_item_versions"),
        Index("ix_item_versions_item", "kind", "item_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    kind: Mapped[str] = mapped_column(String(16))  # lesson | fact | note | skill | user-note
    item_id: Mapped[str] = mapped_column(String(64))
    version: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    actor: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    reason: Mapped[str | None] = mapped_column(Text, nullable=True)


class LearningNotice(Base):
    """The one-line "what was learned" note of a reflection; the row is the send claim."""

    __tablename__ = "learning_notices"

    reflection_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    state: Mapped[str] = mapped_column(String(16))  # sending | sent | failed | undone
    channel: Mapped[str | None] = mapped_column(String(32), nullable=True)
    ts: Mapped[str | None] = mapped_column(String(32), nullable=True)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    undone_by: Mapped[str | None] = mapped_column(String(64), nullable=True)
    undone_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class AssistantThread(Base):
    """A thread of Slack's assistant container (migration 0011): where and whose, never content.

    Recorded when Slack says it started, so a message in it is answered with the assistant
    status rather than the ⏳; `titled_at` is the claim on the one title set from its first
    message.
    """

    __tablename__ = "assistant_threads"

    channel: Mapped[str] = mapped_column(String(32), primary_key=True)
    thread_ts: Mapped[str] = mapped_column(String(32), primary_key=True)
    team: Mapped[str] = mapped_column(String(32))
    user_id: Mapped[str] = mapped_column(String(32), index=True)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    titled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class FeedbackRating:
    """What a feedback button says about a reply."""

    POSITIVE = "positive"  # 👍
    NEGATIVE = "negative"  # 👎
    ALL = (POSITIVE, NEGATIVE)


class ReplyFeedback(Base):
    """A 👍 or 👎 on one of the bot's replies (Slack's feedback buttons), by the session's user
    or an owner: one row per reply and person, the latest click winning (migration 0012)."""

    __tablename__ = "reply_feedback"
    __table_args__ = (
        UniqueConstraint("session_id", "reply_ts", "user_id", name="uq_reply_feedback"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    session_id: Mapped[str] = mapped_column(String(36), index=True)
    channel: Mapped[str] = mapped_column(String(32))
    reply_ts: Mapped[str] = mapped_column(String(32))  # the bot's reply that was rated
    answers_ts: Mapped[str | None] = mapped_column(String(32), nullable=True)  # what it answered
    user_id: Mapped[str] = mapped_column(String(32), index=True)  # who clicked
    rating: Mapped[str] = mapped_column(String(16))  # FeedbackRating
    # Slack's `action_ts` of the click that set `rating`: a redelivered or late older click
    # never overrides a newer one.
    action_ts: Mapped[str] = mapped_column(String(32))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)

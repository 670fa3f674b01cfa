"""Foundation: sessions, messages, processed events, LLM calls, audit events.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

TZ = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("team", sa.String(32), nullable=False),
        sa.Column("channel", sa.String(32), nullable=False, index=True),
        sa.Column("thread_ts", sa.String(32), nullable=False),
        sa.Column("user_id", sa.String(32), nullable=False, index=True),
        sa.Column("open_key", sa.String(160), nullable=True, unique=True),
        sa.Column("state", sa.String(16), nullable=False, index=True),
        sa.Column("opened_at", TZ, nullable=False),
        sa.Column("last_activity_at", TZ, nullable=False, index=True),
        sa.Column("closed_at", TZ, nullable=True),
        sa.Column("close_reason", sa.String(32), nullable=True),
        sa.Column("pending_replies", sa.Integer, nullable=False),
        sa.Column("last_bot_ts", sa.String(32), nullable=True),
    )
    op.create_table(
        "messages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "session_id", sa.String(36), sa.ForeignKey("sessions.id"), nullable=False, index=True
        ),
        sa.Column("channel", sa.String(32), nullable=False),
        sa.Column("ts", sa.String(32), nullable=False),
        sa.Column("user_id", sa.String(32), nullable=True),
        sa.Column("is_bot", sa.Boolean, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created_at", TZ, nullable=False),
        sa.UniqueConstraint("session_id", "ts", name="uq_messages_session_ts"),
    )
    op.create_table(
        "processed_events",
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column("received_at", TZ, nullable=False, index=True),
    )
    op.create_table(
        "llm_calls",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("session_id", sa.String(36), nullable=True, index=True),
        sa.Column("provider", sa.String(32), nullable=False),
        sa.Column("model", sa.String(100), nullable=False),
        sa.Column("input_tokens", sa.Integer, nullable=False),
        sa.Column("output_tokens", sa.Integer, nullable=False),
        sa.Column("cache_write_tokens", sa.Integer, nullable=False),
        sa.Column("cache_read_tokens", sa.Integer, nullable=False),
        sa.Column("cost_usd", sa.Float, nullable=False),
        sa.Column("duration_ms", sa.Integer, nullable=False),
        sa.Column("ok", sa.Boolean, nullable=False),
        sa.Column("error", sa.Text, nullable=True),
        sa.Column("created_at", TZ, nullable=False, index=True),
    )
    op.create_table(
        "audit_events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at", TZ, nullable=False, index=True),
        sa.Column("actor", sa.String(64), nullable=False),
        sa.Column("action", sa.String(64), nullable=False, index=True),
        sa.Column("target_kind", sa.String(32), nullable=False),
        sa.Column("target_id", sa.String(64), nullable=False, index=True),
        sa.Column("detail", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    for table in ("audit_events", "llm_calls", "processed_events", "messages", "sessions"):
        op.drop_table(table)

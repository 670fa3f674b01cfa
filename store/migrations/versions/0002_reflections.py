"""Reflections ledger and the daily reflection budget.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

TZ = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "reflections",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column(
            "session_id", sa.String(36), sa.ForeignKey("sessions.id"), nullable=False, index=True
        ),
        sa.Column("attempt", sa.Integer, nullable=False),
        sa.Column("provider", sa.String(32), nullable=False),
        sa.Column("model", sa.String(100), nullable=False),
        sa.Column("prompt_version", sa.String(32), nullable=False),
        sa.Column("prompt_hash", sa.String(64), nullable=False),
        sa.Column("status", sa.String(16), nullable=False, index=True),
        sa.Column("outcome", sa.String(16), nullable=True),
        sa.Column("raw_output", sa.Text, nullable=True),
        sa.Column("parsed", sa.JSON, nullable=True),
        sa.Column("error", sa.Text, nullable=True),
        sa.Column("input_tokens", sa.Integer, nullable=False),
        sa.Column("output_tokens", sa.Integer, nullable=False),
        sa.Column("cache_write_tokens", sa.Integer, nullable=False),
        sa.Column("cache_read_tokens", sa.Integer, nullable=False),
        sa.Column("cost_usd", sa.Float, nullable=False),
        sa.Column("reserved_usd", sa.Float, nullable=False),
        sa.Column("duration_ms", sa.Integer, nullable=False),
        sa.Column("transcript_chars", sa.Integer, nullable=False),
        sa.Column("writer_results", sa.JSON, nullable=False),
        sa.Column("created_at", TZ, nullable=False, index=True),
        sa.Column("finished_at", TZ, nullable=True),
        sa.Column("applied_at", TZ, nullable=True),
    )
    op.create_table(
        "budget_days",
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("committed_usd", sa.Float, nullable=False),
        sa.Column("spent_usd", sa.Float, nullable=False),
        sa.Column("reflections", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("budget_days")
    op.drop_table("reflections")

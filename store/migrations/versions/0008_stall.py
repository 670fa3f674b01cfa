"""Stall detection: `session_events`, one row per thing Seshat did in a session besides replying.

Kinds: `stall_cue`, `stall_lift`, `stall_pivot`, `stall_stop` (the ladder, bot/chat/stall.py),
`bot_capped` (another bot's message left unanswered by the per-thread cap), `peer_bot` (the
session's user is another bot), `stall_reset` (a person wrote in the thread of a bot-to-bot
exchange). `detail` holds the measured similarity and the step's parameters.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "session_events",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("session_id", sa.String(length=36), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("detail", sa.JSON(), nullable=False),
    )
    op.create_index("ix_session_events_session_id", "session_events", ["session_id"])


def downgrade() -> None:
    op.drop_index("ix_session_events_session_id", table_name="session_events")
    op.drop_table("session_events")

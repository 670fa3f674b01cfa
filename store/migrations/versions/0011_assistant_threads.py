"""Assistant threads: the threads of Slack's assistant container Seshat was told about.

- `assistant_threads`: one row per (DM channel, thread root) from `assistant_thread_started`,
  with its person and team. The insert is the claim on the greeting (a redelivered start event
  greets nobody twice); `titled_at` is the claim on the thread's one title, set from its first
  message. No message text is kept here; a forget of the person deletes their rows.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "assistant_threads",
        sa.Column("channel", sa.String(length=32), primary_key=True),
        sa.Column("thread_ts", sa.String(length=32), primary_key=True),
        sa.Column("team", sa.String(length=32), nullable=False),
        sa.Column("user_id", sa.String(length=32), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("titled_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_assistant_threads_user_id", "assistant_threads", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_assistant_threads_user_id", table_name="assistant_threads")
    op.drop_table("assistant_threads")

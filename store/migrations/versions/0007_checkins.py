"""Check-ins: a DM to a session's user at its reflection's `next_check_at`.

- `checkins`: one row per reflection that asked for one, with its state
  (`scheduled → sending → sent`, or `cancelled | skipped | held`), the redacted text and topic.
- `checkin_jobs`: APScheduler's SQLAlchemyJobStore table (the job store would create it itself;
  created here so the schema is the migrations' alone). Its row is the claim: the process that
  deletes it sends the check-in.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "checkins",
        sa.Column("id", sa.String(length=36), primary_key=True),
        sa.Column("reflection_id", sa.String(length=36), nullable=False, unique=True),
        sa.Column("session_id", sa.String(length=36), nullable=False),
        sa.Column("team", sa.String(length=32), nullable=False),
        sa.Column("channel", sa.String(length=32), nullable=False),
        sa.Column("thread_ts", sa.String(length=32), nullable=False),
        sa.Column("user_id", sa.String(length=32), nullable=False),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("topic", sa.Text(), nullable=False),
        sa.Column("armed", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("topic_checked_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("sent_ts", sa.String(length=32), nullable=True),
        sa.Column("owner", sa.String(length=80), nullable=True),
    )
    op.create_index("ix_checkins_session_id", "checkins", ["session_id"])
    op.create_index("ix_checkins_user_id", "checkins", ["user_id"])
    op.create_index("ix_checkins_due_at", "checkins", ["due_at"])
    op.create_index("ix_checkins_state", "checkins", ["state"])
    op.create_table(
        "checkin_jobs",
        sa.Column("id", sa.Unicode(length=191), primary_key=True),
        sa.Column("next_run_time", sa.Float(precision=25), nullable=True),
        sa.Column("job_state", sa.LargeBinary(), nullable=False),
    )
    op.create_index("ix_checkin_jobs_next_run_time", "checkin_jobs", ["next_run_time"])


def downgrade() -> None:
    op.drop_index("ix_checkin_jobs_next_run_time", table_name="checkin_jobs")
    op.drop_table("checkin_jobs")
    for column in ("state", "due_at", "user_id", "session_id"):
        op.drop_index(f"ix_checkins_{column}", table_name="checkins")
    op.drop_table("checkins")

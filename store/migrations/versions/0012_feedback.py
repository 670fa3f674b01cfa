"""Feedback buttons as a learning signal.

- `reply_feedback`: a 👍 or 👎 (Slack's feedback buttons) on one of the bot's replies, by the
  session's user or an owner. One row per (session, reply, person); a second click replaces the
  first (`action_ts` orders clicks, so a redelivered older one never wins). Clicks by anyone
  else are not stored (they are audited as `feedback.ignored`).
- `lesson_injections.failure`: why an injected lesson counts this session as a failure after
  injection — `recurred` (the reflection found the same failure) or `feedback` (a 👎 after the
  injection) — so a lesson's `times_recurred` counts each injection once.
- `skill_invocations.feedback`: the session user's verdict on the replies after a skill was used
  (negative | positive | NULL); the governor counts a negative one as a failed use.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reply_feedback",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("session_id", sa.String(length=36), nullable=False),
        sa.Column("channel", sa.String(length=32), nullable=False),
        sa.Column("reply_ts", sa.String(length=32), nullable=False),
        sa.Column("answers_ts", sa.String(length=32), nullable=True),
        sa.Column("user_id", sa.String(length=32), nullable=False),
        sa.Column("rating", sa.String(length=16), nullable=False),
        sa.Column("action_ts", sa.String(length=32), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("session_id", "reply_ts", "user_id", name="uq_reply_feedback"),
    )
    op.create_index("ix_reply_feedback_session_id", "reply_feedback", ["session_id"])
    op.create_index("ix_reply_feedback_user_id", "reply_feedback", ["user_id"])
    op.create_index("ix_reply_feedback_updated_at", "reply_feedback", ["updated_at"])
    with op.batch_alter_table("lesson_injections") as batch:
        batch.add_column(sa.Column("failure", sa.String(length=16), nullable=True))
    with op.batch_alter_table("skill_invocations") as batch:
        batch.add_column(sa.Column("feedback", sa.String(length=16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("skill_invocations") as batch:
        batch.drop_column("feedback")
    with op.batch_alter_table("lesson_injections") as batch:
        batch.drop_column("failure")
    op.drop_index("ix_reply_feedback_updated_at", table_name="reply_feedback")
    op.drop_index("ix_reply_feedback_user_id", table_name="reply_feedback")
    op.drop_index("ix_reply_feedback_session_id", table_name="reply_feedback")
    op.drop_table("reply_feedback")

"""Reliability: every stored user message carries its reply obligation; reflections record their
owner; scheduled jobs take a lease per period.

- `messages.reply_state`: NULL for bot lines and rows from before this revision, else `pending`
  (stored, not answered), `generated` (an answer exists, Slack has not taken it yet: `reply_text`,
  retried at `reply_next_at`), `answered` (`reply_ts`) or `dropped` (routed nowhere after all).
  `reply_owner`/`reply_lease_until` say which process works on it, so two replicas never both
  answer and a dead process's work is taken over. `working_reaction` is true while the ⏳ is on
  the user's message, so recovery can take it off.
- `reflections.owner`/`lease_until`: the process running a reflection, so recovery reclaims the
  session and the budget reservation at once when that process is gone.
- `job_leases`: one row per scheduled job; a job runs for a period only in the process that moves
  the row to that period.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("messages", schema=None) as batch_op:
        batch_op.add_column(sa.Column("reply_state", sa.String(length=16), nullable=True))
        batch_op.add_column(sa.Column("reply_owner", sa.String(length=80), nullable=True))
        batch_op.add_column(
            sa.Column("reply_lease_until", sa.DateTime(timezone=True), nullable=True)
        )
        batch_op.add_column(sa.Column("reply_text", sa.Text(), nullable=True))
        batch_op.add_column(
            sa.Column("reply_attempts", sa.Integer(), server_default="0", nullable=False)
        )
        batch_op.add_column(sa.Column("reply_next_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("reply_ts", sa.String(length=32), nullable=True))
        batch_op.add_column(
            sa.Column("working_reaction", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
        batch_op.create_index("ix_messages_reply_state", ["reply_state"])
    with op.batch_alter_table("reflections", schema=None) as batch_op:
        batch_op.add_column(sa.Column("owner", sa.String(length=80), nullable=True))
        batch_op.add_column(sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "job_leases",
        sa.Column("job", sa.String(length=64), primary_key=True),
        sa.Column("period", sa.String(length=40), nullable=False),
        sa.Column("owner", sa.String(length=80), nullable=False),
        sa.Column("acquired_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("job_leases")
    with op.batch_alter_table("reflections", schema=None) as batch_op:
        batch_op.drop_column("lease_until")
        batch_op.drop_column("owner")
    with op.batch_alter_table("messages", schema=None) as batch_op:
        batch_op.drop_index("ix_messages_reply_state")
        for column in (
            "working_reaction",
            "reply_ts",
            "reply_next_at",
            "reply_attempts",
            "reply_text",
            "reply_lease_until",
            "reply_owner",
            "reply_state",
        ):
            batch_op.drop_column(column)

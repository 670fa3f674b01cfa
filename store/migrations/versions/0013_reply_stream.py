"""Streamed replies: the reply message a user message is being answered in, as soon as it exists.

- `messages.reply_stream_ts`: the ts of the reply message shown while it is written (the
  message chat.startStream opened, or the first post of a reply edited into place), recorded in
  its own small transaction the moment Slack returns it. A process that takes a reply over after
  a crash finishes that message instead of posting a second one. NULL when the reply is posted
  whole, or has not started yet.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("messages", schema=None) as batch_op:
        batch_op.add_column(sa.Column("reply_stream_ts", sa.String(length=32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("messages", schema=None) as batch_op:
        batch_op.drop_column("reply_stream_ts")

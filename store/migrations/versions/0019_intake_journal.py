"""The delivery journal in the database (HTTP mode on PostgreSQL acks once a message is here).

- `intake_journal`: one row per acked message not handled yet: its redacted journal copy
  (`payload`, JSON text), the process that acked it (`owner`) and until when that process holds
  it (`lease_until`); `user_id` lets a forget delete a person's rows. Deleted once intake stored
  the message; rows of a dead replica are taken over by another (store/intake_journal.py).

Revision ID: 0019
Revises: 0018
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "intake_journal",
        sa.Column("id", sa.String(length=120), primary_key=True),
        sa.Column("owner", sa.String(length=100), nullable=False),
        sa.Column("user_id", sa.String(length=40), nullable=True),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("accepted_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("lease_until", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_intake_journal_owner", "intake_journal", ["owner"])
    op.create_index("ix_intake_journal_user_id", "intake_journal", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_intake_journal_user_id", table_name="intake_journal")
    op.drop_index("ix_intake_journal_owner", table_name="intake_journal")
    op.drop_table("intake_journal")

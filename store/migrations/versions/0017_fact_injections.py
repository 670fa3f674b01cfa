"""Which facts a session's context carried, so a 👍 can reinforce the ones a reply used.

- `fact_injections`: one row per (session, fact) put into the session's context (the context is
  chosen once, at its first message). `used_reply_ts`/`used_at`: the 👍'd reply that was found
  to use the fact and when that reinforced it; `was_accessed_at`: the fact's `last_accessed_at`
  before, so a 👍 taken back (or a rollback of the session) restores it. Forget and rollback
  delete these rows with the session or the fact.

Revision ID: 0017
Revises: 0015
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "fact_injections",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("session_id", sa.String(length=36), nullable=False),
        sa.Column("fact_id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_reply_ts", sa.String(length=32), nullable=True),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("was_accessed_at", sa.DateTime(timezone=True), nullable=True),
        sa.UniqueConstraint("session_id", "fact_id", name="uq_fact_injection"),
    )
    op.create_index("ix_fact_injections_session_id", "fact_injections", ["session_id"])
    op.create_index("ix_fact_injections_fact_id", "fact_injections", ["fact_id"])


def downgrade() -> None:
    op.drop_index("ix_fact_injections_fact_id", table_name="fact_injections")
    op.drop_index("ix_fact_injections_session_id", table_name="fact_injections")
    op.drop_table("fact_injections")

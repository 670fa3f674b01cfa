"""The library made governable: versioned edits and learning notices.

- `item_versions`: every text an edited library item has had (lesson, fact, note, skill
  description, user note). Version 1 is the text as it was learned, recorded by the first edit;
  each edit (or restore of an earlier version) adds the next version. Nothing is overwritten.
- `learning_notices`: one row per reflection whose one-line "what was learned" note was claimed
  for sending (the primary key is the claim: at most once per reflection, across replicas and
  restarts), where it was posted, and who undid the reflection from it.

Revision ID: 0010
Revises: 0008 (re-chained after 0009 at merge)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "item_versions",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("item_id", sa.String(length=64), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("actor", sa.String(length=64), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.UniqueConstraint("kind", "item_id", "version", name="uq_item_versions"),
    )
    op.create_index("ix_item_versions_item", "item_versions", ["kind", "item_id"])
    op.create_table(
        "learning_notices",
        sa.Column("reflection_id", sa.String(length=36), primary_key=True),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("channel", sa.String(length=32), nullable=True),
        sa.Column("ts", sa.String(length=32), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("undone_by", sa.String(length=64), nullable=True),
        sa.Column("undone_at", sa.DateTime(timezone=True), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("learning_notices")
    op.drop_index("ix_item_versions_item", table_name="item_versions")
    op.drop_table("item_versions")

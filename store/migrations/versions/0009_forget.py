"""Forgetting: `tombstones`, what a person had purged, so it never comes back.

One row per forgotten thing, holding only hashes and ids, never content: `kind` is `user` (every
session of that Slack user opened before `at` is gone, and nothing about them from such a session
may be learned again), `session` (a purged session id: its reflection must never run), or `text`
(the SHA-256 of a forgotten item's normalised text: no writer may store it again).

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tombstones",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.String(length=32), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("kind", "key", name="uq_tombstones_kind_key"),
    )
    op.create_index("ix_tombstones_user_id", "tombstones", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_tombstones_user_id", table_name="tombstones")
    op.drop_table("tombstones")

"""The trust rule: facts carry a reach; lessons record why they were promoted.

Existing channel facts came from non-owners and were shown to the whole channel without a
decision; they start at reach `author` (their author still sees them) until an owner widens them.
Global notes and DM facts keep what they had: everyone, and their author.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("memory_entries", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("reach", sa.String(length=16), server_default="author", nullable=False)
        )
    op.execute("UPDATE memory_entries SET reach = 'scope' WHERE scope_kind IN ('global', 'user')")
    with op.batch_alter_table("lessons", schema=None) as batch_op:
        batch_op.add_column(sa.Column("promotion", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("lessons", schema=None) as batch_op:
        batch_op.drop_column("promotion")
    with op.batch_alter_table("memory_entries", schema=None) as batch_op:
        batch_op.drop_column("reach")

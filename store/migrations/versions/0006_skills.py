"""Skills in use: the invocation log says how a skill was used, and each approved skill has a
standing kept by the governor and the owner.

- `skill_invocations.mode`: `injected` (the body was in the session's context) or `listed` (a
  weaker match, named only); `similarity` is the match score; `reflection_id` is the reflection
  whose outcome was attached to the row.
- `skill_states`: one row per approved slug that is not plainly active — quarantined, stale,
  retired (with the commit that retired it) — or pinned.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("skill_invocations", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("mode", sa.String(length=16), server_default="injected", nullable=False)
        )
        batch_op.add_column(sa.Column("similarity", sa.Float(), nullable=True))
        batch_op.add_column(sa.Column("reflection_id", sa.String(length=36), nullable=True))
    op.create_table(
        "skill_states",
        sa.Column("slug", sa.String(length=64), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("pinned", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.Column("retired_sha", sa.String(length=64), nullable=True),
        sa.Column("changed_by", sa.String(length=32), nullable=True),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("slug"),
    )
    with op.batch_alter_table("skill_states", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_skill_states_status"), ["status"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("skill_states", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_skill_states_status"))
    op.drop_table("skill_states")
    with op.batch_alter_table("skill_invocations", schema=None) as batch_op:
        batch_op.drop_column("reflection_id")
        batch_op.drop_column("similarity")
        batch_op.drop_column("mode")

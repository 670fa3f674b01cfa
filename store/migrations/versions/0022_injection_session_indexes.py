"""The injection tables' `session_id` indexes dropped: each repeats the first column of the
table's unique key.

`lesson_injections` and `fact_injections` are each keyed `(session_id, item)` by a unique
constraint (`uq_injection`, `uq_fact_injection`), whose index serves every lookup by session (an
equality or an `IN` on `session_id` reads its prefix) as well as the single-column index did.
Each row recorded with a session's answer (migration 0020's trigger) went into four b-trees (the
table, the unique key, `session_id`, the item's id); now three. The item's own index (`lesson_id`,
`fact_id`) stays: forget and purge look rows up by it.

Revision ID: 0022
Revises: 0021
"""

from __future__ import annotations

from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.drop_index("ix_lesson_injections_session_id", table_name="lesson_injections")
    op.drop_index("ix_fact_injections_session_id", table_name="fact_injections")


def downgrade() -> None:
    op.create_index("ix_fact_injections_session_id", "fact_injections", ["session_id"])
    op.create_index("ix_lesson_injections_session_id", "lesson_injections", ["session_id"])

"""A lesson's `times_injected` kept by the database: one more per `lesson_injections` row.

The reply path records what a session's context used with one `INSERT … SELECT … ON CONFLICT DO
NOTHING` into `lesson_injections` (writers/lessons/efficacy.py `record_injection`); it counted
the new rows in their lessons with a second statement, an `UPDATE … + 1`. A trigger on the insert
does that count in the same statement: it fires only for a row actually inserted (not for one the
unique key turned away), so a lesson is counted once per session, as before, and the count still
moves with `+ 1`, never read-modify-write. Deleting an injection (forget, rollback) leaves the
count as it was, as before. Every reader of `times_injected` is unchanged.

Revision ID: 0018
Revises: 0017
"""

from __future__ import annotations

from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None

_PG_FUNCTION = """
CREATE FUNCTION lesson_injection_count() RETURNS trigger AS $$
BEGIN
  UPDATE lessons SET times_injected = times_injected + 1 WHERE id = NEW.lesson_id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql
"""


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(_PG_FUNCTION)
        op.execute(
            "CREATE TRIGGER lesson_injections_count AFTER INSERT ON lesson_injections "
            "FOR EACH ROW EXECUTE FUNCTION lesson_injection_count()"
        )
        return
    op.execute(
        "CREATE TRIGGER lesson_injections_count AFTER INSERT ON lesson_injections BEGIN "
        "UPDATE lessons SET times_injected = times_injected + 1 WHERE id = NEW.lesson_id; END"
    )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS lesson_injections_count ON lesson_injections")
        op.execute("DROP FUNCTION IF EXISTS lesson_injection_count()")
    else:
        op.execute("DROP TRIGGER IF EXISTS lesson_injections_count")

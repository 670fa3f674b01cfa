"""What a session's context used, recorded by the statement that stores its answer.

The answer's transaction wrote what a session's first context used with one statement per kind
(`INSERT … SELECT … ON CONFLICT DO NOTHING` into `lesson_injections`, then into
`fact_injections`) beside the statement that stores the answer (`UPDATE messages SET
reply_state = 'generated'`). Now that `UPDATE` also sets `messages.context_uses` (JSON:
`{"at": …, "lessons": [ids], "facts": [ids]}`), and a trigger on it inserts both kinds of rows,
as before: only for lessons and facts that still exist (one forgotten in between is not
recorded), once per session (the unique keys), and each new `lesson_injections` row still counted
in its lesson by migration 0018's trigger. The column is cleared when the reply is recorded
(`ANSWERED`); it holds ids and a time, never a text.

Revision ID: 0020
Revises: 0019
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None

_PG_FUNCTION = """
CREATE FUNCTION message_context_uses() RETURNS trigger AS $$
DECLARE
  uses jsonb := NEW.context_uses::jsonb;
BEGIN
  INSERT INTO lesson_injections (session_id, lesson_id, at)
    SELECT NEW.session_id, lessons.id, (uses ->> 'at')::timestamptz FROM lessons
    WHERE lessons.id IN (SELECT jsonb_array_elements_text(uses -> 'lessons')::integer)
    ON CONFLICT DO NOTHING;
  INSERT INTO fact_injections (session_id, fact_id, at)
    SELECT NEW.session_id, memory_entries.id, (uses ->> 'at')::timestamptz FROM memory_entries
    WHERE memory_entries.id IN (SELECT jsonb_array_elements_text(uses -> 'facts')::integer)
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$ LANGUAGE plpgsql
"""

# OR IGNORE: the unique keys turn away what the session recorded before (an upsert clause is
# not what SQLite's triggers take).
_SQLITE_TRIGGER = """
CREATE TRIGGER messages_context_uses AFTER UPDATE OF context_uses ON messages
WHEN NEW.context_uses IS NOT NULL BEGIN
  INSERT OR IGNORE INTO lesson_injections (session_id, lesson_id, at)
    SELECT NEW.session_id, lessons.id, json_extract(NEW.context_uses, '$.at') FROM lessons
    WHERE lessons.id IN (SELECT value FROM json_each(NEW.context_uses, '$.lessons'));
  INSERT OR IGNORE INTO fact_injections (session_id, fact_id, at)
    SELECT NEW.session_id, memory_entries.id, json_extract(NEW.context_uses, '$.at')
    FROM memory_entries
    WHERE memory_entries.id IN (SELECT value FROM json_each(NEW.context_uses, '$.facts'));
END
"""


def upgrade() -> None:
    op.add_column("messages", sa.Column("context_uses", sa.Text(), nullable=True))
    if op.get_bind().dialect.name == "postgresql":
        op.execute(_PG_FUNCTION)
        op.execute(
            "CREATE TRIGGER messages_context_uses AFTER UPDATE OF context_uses ON messages "
            "FOR EACH ROW WHEN (NEW.context_uses IS NOT NULL) "
            "EXECUTE FUNCTION message_context_uses()"
        )
        return
    op.execute(_SQLITE_TRIGGER)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS messages_context_uses ON messages")
        op.execute("DROP FUNCTION IF EXISTS message_context_uses()")
    else:
        op.execute("DROP TRIGGER IF EXISTS messages_context_uses")
    op.execute("ALTER TABLE messages DROP COLUMN context_uses")

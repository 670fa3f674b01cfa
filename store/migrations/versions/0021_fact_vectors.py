"""A fact's embedding kept with it, computed once when the fact is written.

- `memory_entries.embedding` / `embedder`: the fact's vector (float32 bytes) and the embedder
  that made it, written with the fact (writers/notes/memory.py). A session's first context
  builds its fact shelf from them instead of embedding every fact of a person it has not seen
  (writers/notes/factindex.py); a fact with none (imported, written by an older Seshat or
  without an embedder) is embedded when read, as before, and one from another embedder too.
- A trigger clears both when a fact's text changes and the same statement does not set a new
  vector (an edit, a redaction in place, any process): a vector never outlives its text.

Revision ID: 0021
Revises: 0020
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None

_PG_FUNCTION = """
CREATE FUNCTION memory_entry_vector_text() RETURNS trigger AS $$
BEGIN
  IF NEW.text IS DISTINCT FROM OLD.text AND NEW.embedding IS NOT DISTINCT FROM OLD.embedding THEN
    NEW.embedding := NULL;
    NEW.embedder := NULL;
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql
"""

_SQLITE_TRIGGER = """
CREATE TRIGGER memory_entries_vector_text AFTER UPDATE OF text ON memory_entries
WHEN NEW.text IS NOT OLD.text AND NEW.embedding IS OLD.embedding
  AND NEW.embedding IS NOT NULL BEGIN
  UPDATE memory_entries SET embedding = NULL, embedder = NULL WHERE id = NEW.id;
END
"""


def upgrade() -> None:
    op.add_column("memory_entries", sa.Column("embedding", sa.LargeBinary(), nullable=True))
    op.add_column("memory_entries", sa.Column("embedder", sa.String(length=32), nullable=True))
    if op.get_bind().dialect.name == "postgresql":
        op.execute(_PG_FUNCTION)
        op.execute(
            "CREATE TRIGGER memory_entries_vector_text BEFORE UPDATE OF text ON memory_entries "
            "FOR EACH ROW EXECUTE FUNCTION memory_entry_vector_text()"
        )
        return
    op.execute(_SQLITE_TRIGGER)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS memory_entries_vector_text ON memory_entries")
        op.execute("DROP FUNCTION IF EXISTS memory_entry_vector_text()")
    else:
        op.execute("DROP TRIGGER IF EXISTS memory_entries_vector_text")
    # Not a batch (SQLite would copy the table and lose migration 0014's triggers on it).
    op.execute("ALTER TABLE memory_entries DROP COLUMN embedder")
    op.execute("ALTER TABLE memory_entries DROP COLUMN embedding")

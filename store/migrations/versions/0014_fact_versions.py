"""Fact retrieval at scale: a version per fact scope, bumped by the database on every change.

- `fact_scope_versions (scope_kind, scope_id, version)`: triggers on `memory_entries` (insert,
  update, delete) give the row's scope a new version from one increasing counter. The retriever
  keeps an in-process index per scope (term hashes, vectors, numbers; no text) and checks these
  few versions per query, so a fact written, edited, rolled back or forgotten by any process is
  seen by the next selection in every process, and an unchanged scope is not re-read. Holds ids
  and counters only, never content; a forgotten user's own row is deleted by the purge.

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

_SQLITE_BUMP = """
INSERT INTO fact_scope_versions (scope_kind, scope_id, version)
VALUES ({row}.scope_kind, {row}.scope_id,
        (SELECT COALESCE(MAX(version), 0) + 1 FROM fact_scope_versions))
ON CONFLICT (scope_kind, scope_id) DO UPDATE SET version = excluded.version;
"""

_PG_FUNCTION = """
CREATE FUNCTION fact_scope_bump() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO fact_scope_versions (scope_kind, scope_id, version)
    VALUES (OLD.scope_kind, OLD.scope_id, nextval('fact_scope_version_seq'))
    ON CONFLICT (scope_kind, scope_id) DO UPDATE SET version = excluded.version;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO fact_scope_versions (scope_kind, scope_id, version)
    VALUES (NEW.scope_kind, NEW.scope_id, nextval('fact_scope_version_seq'))
    ON CONFLICT (scope_kind, scope_id) DO UPDATE SET version = excluded.version;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql
"""


def upgrade() -> None:
    op.create_table(
        "fact_scope_versions",
        sa.Column("scope_kind", sa.String(length=16), nullable=False),
        sa.Column("scope_id", sa.String(length=64), nullable=False),
        sa.Column("version", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("scope_kind", "scope_id"),
    )
    if op.get_bind().dialect.name == "postgresql":
        op.execute("CREATE SEQUENCE fact_scope_version_seq")
        op.execute(_PG_FUNCTION)
        op.execute(
            "CREATE TRIGGER memory_entries_scope_version AFTER INSERT OR UPDATE OR DELETE "
            "ON memory_entries FOR EACH ROW EXECUTE FUNCTION fact_scope_bump()"
        )
        return
    op.execute(
        "CREATE TRIGGER memory_entries_version_ins AFTER INSERT ON memory_entries BEGIN"
        + _SQLITE_BUMP.format(row="NEW")
        + "END"
    )
    op.execute(
        "CREATE TRIGGER memory_entries_version_upd AFTER UPDATE ON memory_entries BEGIN"
        + _SQLITE_BUMP.format(row="OLD")
        + _SQLITE_BUMP.format(row="NEW")
        + "END"
    )
    op.execute(
        "CREATE TRIGGER memory_entries_version_del AFTER DELETE ON memory_entries BEGIN"
        + _SQLITE_BUMP.format(row="OLD")
        + "END"
    )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS memory_entries_scope_version ON memory_entries")
        op.execute("DROP FUNCTION IF EXISTS fact_scope_bump()")
        op.execute("DROP SEQUENCE IF EXISTS fact_scope_version_seq")
    else:
        for name in ("ins", "upd", "del"):
            op.execute(f"DROP TRIGGER IF EXISTS memory_entries_version_{name}")
    op.drop_table("fact_scope_versions")

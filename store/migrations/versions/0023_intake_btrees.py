"""Fewer b-trees written by the intake: `messages.session_id`'s and `sessions.last_activity_at`'s
own indexes dropped, and on SQLite `processed_events` kept `WITHOUT ROWID`.

- `ix_messages_session_id` repeats the first column of `uq_messages_session_ts` (`session_id,
  ts`), whose index serves every lookup by session (an equality or an `IN` on `session_id` reads
  its prefix; on SQLite each entry carries the row's id too, so a count or `MAX(id)` by session
  reads the index alone). Each message stored (two an answered message: the person's and the
  reply) went into four b-trees (the table, the unique key, `session_id`, `reply_state`); now
  three. On PostgreSQL the unique key's index also serves the foreign key's checks.
- `ix_sessions_last_activity_at` was written at every intake (a session opened, or its activity
  time moved by each message) for one query, the idle sweep's (`state = 'open' AND
  last_activity_at < cutoff`), which `ix_sessions_state` serves better: open sessions are few,
  while nearly every closed one is older than the cutoff. With SQLite's statistics (`ANALYZE`
  at open and daily) the planner took the time's index and read every old session at each
  sweep; it now reads the open ones. On PostgreSQL a message's touch of its session no longer
  changes an indexed column, so the row can be updated in place (a HOT update).
- `processed_events` is keyed by its text `key`: as a rowid table SQLite wrote each key to the
  table's b-tree and again to the primary key's index (and a third time to `received_at`'s).
  `WITHOUT ROWID` keeps the rows in the primary key's b-tree itself: each claimed key (two a
  delivery) is written to two b-trees, not three. PostgreSQL has no rowid: nothing to do there.

Revision ID: 0023
Revises: 0022
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.drop_index("ix_messages_session_id", table_name="messages")
    op.drop_index("ix_sessions_last_activity_at", table_name="sessions")
    if op.get_bind().dialect.name == "sqlite":
        _rebuild_processed_events(with_rowid=False)


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        _rebuild_processed_events(with_rowid=True)
    op.create_index("ix_sessions_last_activity_at", "sessions", ["last_activity_at"])
    op.create_index("ix_messages_session_id", "messages", ["session_id"])


def _rebuild_processed_events(*, with_rowid: bool) -> None:
    """SQLite cannot change a table's rowid in place: a new table, the rows copied, renamed."""
    op.create_table(
        "_processed_events_new",
        sa.Column("key", sa.String(length=200), primary_key=True),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        sqlite_with_rowid=with_rowid,
    )
    op.execute(
        'INSERT INTO _processed_events_new ("key", received_at) '
        'SELECT "key", received_at FROM processed_events'
    )
    op.drop_index("ix_processed_events_received_at", table_name="processed_events")
    op.drop_table("processed_events")
    op.rename_table("_processed_events_new", "processed_events")
    op.create_index("ix_processed_events_received_at", "processed_events", ["received_at"])

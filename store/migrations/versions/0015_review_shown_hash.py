"""An approval approves exactly the text shown: the hash a posted review card shows.

- `review_items.shown_hash`: the content hash rendered on the item's Slack card, set when the
  card is posted or re-rendered after an edit. A reaction carries no hash of its own, so it is
  checked against this one; an edit changes `content_hash`, and until the card is re-rendered a
  reaction on it is refused as stale. Cards posted before this revision showed the content hash
  they still have (content never changed before), so they are backfilled with it.

Revision ID: 0015
Revises: 0014
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("review_items", schema=None) as batch_op:
        batch_op.add_column(sa.Column("shown_hash", sa.String(length=64), nullable=True))
    op.execute("UPDATE review_items SET shown_hash = content_hash WHERE card_ts IS NOT NULL")


def downgrade() -> None:
    with op.batch_alter_table("review_items", schema=None) as batch_op:
        batch_op.drop_column("shown_hash")

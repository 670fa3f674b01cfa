"""Writers and lessons: memory entries, skills, observations, review items, lessons, injections.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "lesson_injections",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("session_id", sa.String(length=36), nullable=False),
        sa.Column("lesson_id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("session_id", "lesson_id", name="uq_injection"),
    )
    with op.batch_alter_table("lesson_injections", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_lesson_injections_lesson_id"), ["lesson_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_lesson_injections_session_id"), ["session_id"], unique=False
        )

    op.create_table(
        "lessons",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("condition", sa.Text(), nullable=False),
        sa.Column("action", sa.Text(), nullable=False),
        sa.Column("rationale", sa.Text(), nullable=False),
        sa.Column("task_type", sa.String(length=64), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("seen_count", sa.Integer(), nullable=False),
        sa.Column("session_ids", sa.JSON(), nullable=False),
        sa.Column("author_ids", sa.JSON(), nullable=False),
        sa.Column("provenance", sa.JSON(), nullable=False),
        sa.Column("flags", sa.JSON(), nullable=False),
        sa.Column("contradicts", sa.JSON(), nullable=False),
        sa.Column("times_injected", sa.Integer(), nullable=False),
        sa.Column("times_recurred", sa.Integer(), nullable=False),
        sa.Column("embedding", sa.LargeBinary(), nullable=True),
        sa.Column("embedder", sa.String(length=32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("promoted_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("lessons", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_lessons_last_seen_at"), ["last_seen_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_lessons_status"), ["status"], unique=False)
        batch_op.create_index(batch_op.f("ix_lessons_task_type"), ["task_type"], unique=False)

    op.create_table(
        "memory_entries",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("text_hash", sa.String(length=64), nullable=False),
        sa.Column("category", sa.String(length=32), nullable=False),
        sa.Column("tags", sa.JSON(), nullable=False),
        sa.Column("scope_kind", sa.String(length=16), nullable=False),
        sa.Column("scope_id", sa.String(length=64), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("confidence", sa.Float(), nullable=False),
        sa.Column("decay_rate", sa.Float(), nullable=False),
        sa.Column("access_count", sa.Integer(), nullable=False),
        sa.Column("last_accessed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("flags", sa.JSON(), nullable=False),
        sa.Column("provenance", sa.JSON(), nullable=False),
        sa.Column("reflection_id", sa.String(length=36), nullable=True),
        sa.Column("session_id", sa.String(length=36), nullable=True),
        sa.Column("author_id", sa.String(length=32), nullable=True),
        sa.Column("ordinal", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("reflection_id", "ordinal", name="uq_memory_reflection"),
    )
    with op.batch_alter_table("memory_entries", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_memory_entries_author_id"), ["author_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_memory_entries_reflection_id"), ["reflection_id"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_memory_entries_scope_id"), ["scope_id"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_memory_entries_scope_kind"), ["scope_kind"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_memory_entries_session_id"), ["session_id"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_memory_entries_status"), ["status"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_memory_entries_text_hash"), ["text_hash"], unique=False
        )

    op.create_table(
        "observations",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("subject", sa.String(length=32), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("source", sa.String(length=16), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("flags", sa.JSON(), nullable=False),
        sa.Column("provenance", sa.JSON(), nullable=False),
        sa.Column("reflection_id", sa.String(length=36), nullable=True),
        sa.Column("session_id", sa.String(length=36), nullable=True),
        sa.Column("author_id", sa.String(length=32), nullable=True),
        sa.Column("ordinal", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("applied_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint(
            "reflection_id", "kind", "subject", "ordinal", name="uq_observations_reflection"
        ),
    )
    with op.batch_alter_table("observations", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_observations_author_id"), ["author_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_observations_kind"), ["kind"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_observations_reflection_id"), ["reflection_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_observations_session_id"), ["session_id"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_observations_status"), ["status"], unique=False)
        batch_op.create_index(batch_op.f("ix_observations_subject"), ["subject"], unique=False)

    op.create_table(
        "review_items",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("target_id", sa.String(length=64), nullable=False),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("content", sa.Text(), nullable=False),
        sa.Column("content_hash", sa.String(length=64), nullable=False),
        sa.Column("choices", sa.JSON(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("decision", sa.String(length=16), nullable=True),
        sa.Column("decided_by", sa.String(length=32), nullable=True),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("reflection_id", sa.String(length=36), nullable=True),
        sa.Column("provenance", sa.JSON(), nullable=False),
        sa.Column("card_channel", sa.String(length=32), nullable=True),
        sa.Column("card_ts", sa.String(length=32), nullable=True),
        sa.Column("group_ts", sa.String(length=32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("kind", "target_id", "content_hash", name="uq_review_target"),
    )
    with op.batch_alter_table("review_items", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_review_items_card_ts"), ["card_ts"], unique=False)
        batch_op.create_index(batch_op.f("ix_review_items_kind"), ["kind"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_review_items_reflection_id"), ["reflection_id"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_review_items_status"), ["status"], unique=False)
        batch_op.create_index(batch_op.f("ix_review_items_target_id"), ["target_id"], unique=False)

    op.create_table(
        "skill_invocations",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("skill_slug", sa.String(length=64), nullable=False),
        sa.Column("session_id", sa.String(length=36), nullable=False),
        sa.Column("outcome", sa.String(length=16), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("skill_invocations", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_skill_invocations_session_id"), ["session_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_skill_invocations_skill_slug"), ["skill_slug"], unique=False
        )

    op.create_table(
        "skills",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("slug", sa.String(length=64), nullable=False),
        sa.Column("description", sa.Text(), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("content_hash", sa.String(length=64), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("is_update", sa.Boolean(), nullable=False),
        sa.Column("diff", sa.Text(), nullable=True),
        sa.Column("commit_sha", sa.String(length=64), nullable=True),
        sa.Column("flags", sa.JSON(), nullable=False),
        sa.Column("provenance", sa.JSON(), nullable=False),
        sa.Column("reflection_id", sa.String(length=36), nullable=True),
        sa.Column("session_id", sa.String(length=36), nullable=True),
        sa.Column("author_id", sa.String(length=32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("reflection_id", name="uq_skills_reflection"),
    )
    with op.batch_alter_table("skills", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_skills_author_id"), ["author_id"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_skills_reflection_id"), ["reflection_id"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_skills_session_id"), ["session_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_skills_slug"), ["slug"], unique=False)
        batch_op.create_index(batch_op.f("ix_skills_status"), ["status"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("skills", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_skills_status"))
        batch_op.drop_index(batch_op.f("ix_skills_slug"))
        batch_op.drop_index(batch_op.f("ix_skills_session_id"))
        batch_op.drop_index(batch_op.f("ix_skills_reflection_id"))
        batch_op.drop_index(batch_op.f("ix_skills_author_id"))

    op.drop_table("skills")
    with op.batch_alter_table("skill_invocations", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_skill_invocations_skill_slug"))
        batch_op.drop_index(batch_op.f("ix_skill_invocations_session_id"))

    op.drop_table("skill_invocations")
    with op.batch_alter_table("review_items", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_review_items_target_id"))
        batch_op.drop_index(batch_op.f("ix_review_items_status"))
        batch_op.drop_index(batch_op.f("ix_review_items_reflection_id"))
        batch_op.drop_index(batch_op.f("ix_review_items_kind"))
        batch_op.drop_index(batch_op.f("ix_review_items_card_ts"))

    op.drop_table("review_items")
    with op.batch_alter_table("observations", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_observations_subject"))
        batch_op.drop_index(batch_op.f("ix_observations_status"))
        batch_op.drop_index(batch_op.f("ix_observations_session_id"))
        batch_op.drop_index(batch_op.f("ix_observations_reflection_id"))
        batch_op.drop_index(batch_op.f("ix_observations_kind"))
        batch_op.drop_index(batch_op.f("ix_observations_author_id"))

    op.drop_table("observations")
    with op.batch_alter_table("memory_entries", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_memory_entries_text_hash"))
        batch_op.drop_index(batch_op.f("ix_memory_entries_status"))
        batch_op.drop_index(batch_op.f("ix_memory_entries_session_id"))
        batch_op.drop_index(batch_op.f("ix_memory_entries_scope_kind"))
        batch_op.drop_index(batch_op.f("ix_memory_entries_scope_id"))
        batch_op.drop_index(batch_op.f("ix_memory_entries_reflection_id"))
        batch_op.drop_index(batch_op.f("ix_memory_entries_author_id"))

    op.drop_table("memory_entries")
    with op.batch_alter_table("lessons", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_lessons_task_type"))
        batch_op.drop_index(batch_op.f("ix_lessons_status"))
        batch_op.drop_index(batch_op.f("ix_lessons_last_seen_at"))

    op.drop_table("lessons")
    with op.batch_alter_table("lesson_injections", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_lesson_injections_session_id"))
        batch_op.drop_index(batch_op.f("ix_lesson_injections_lesson_id"))

    op.drop_table("lesson_injections")

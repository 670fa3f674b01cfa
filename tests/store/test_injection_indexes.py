"""The injection tables are looked up by session through their unique key (migration 0022), on
SQLite and PostgreSQL: no query of theirs by session is left without an index."""

from __future__ import annotations

from alembic import command
from sqlalchemy import ClauseElement, Connection, delete, inspect, select, text, update

from store.db import Store, alembic_config, current_revision
from store.models import FactInjection, LessonInjection

SESSION_INDEXES = {"ix_lesson_injections_session_id", "ix_fact_injections_session_id"}


def _indexes(store: Store) -> set[str]:
    """The named indexes of both injection tables (the unique keys' own too)."""
    found = inspect(store.engine)
    names = set()
    for table in ("lesson_injections", "fact_injections"):
        names |= {i["name"] for i in found.get_indexes(table) if i["name"]}
        names |= {u["name"] for u in found.get_unique_constraints(table) if u["name"]}
    return names


# Every lookup by session the code makes (writers/lessons/feedback.py, efficacy.py, write.py;
# writers/notes/uses.py; writers/library/purge.py), and the unique key each must use.
LOOKUPS: list[tuple[ClauseElement, str]] = [
    (
        select(LessonInjection.lesson_id, LessonInjection.at, LessonInjection.failure).where(
            LessonInjection.session_id == "s1"
        ),
        "lesson",
    ),
    (select(LessonInjection.lesson_id).where(LessonInjection.session_id == "s1"), "lesson"),
    (
        update(LessonInjection)
        .where(
            LessonInjection.session_id == "s1",
            LessonInjection.lesson_id == 3,
            LessonInjection.failure.is_(None),
        )
        .values(failure="recurred"),
        "lesson",
    ),
    (delete(LessonInjection).where(LessonInjection.session_id.in_(["s1", "s2"])), "lesson"),
    (
        select(FactInjection)
        .where(FactInjection.session_id == "s1")
        .order_by(FactInjection.fact_id),
        "fact",
    ),
    (select(FactInjection).where(FactInjection.session_id.in_(["s1", "s2"])), "fact"),
    (delete(FactInjection).where(FactInjection.session_id.in_(["s1", "s2"])), "fact"),
]


def _plan(conn: Connection, statement: ClauseElement) -> str:
    sql = str(statement.compile(conn, compile_kwargs={"literal_binds": True}))
    if conn.dialect.name == "postgresql":
        return " ".join(r[0] for r in conn.execute(text("EXPLAIN " + sql)))
    return " ".join(r[3] for r in conn.execute(text("EXPLAIN QUERY PLAN " + sql)))


def test_injection_rows_are_found_by_session_through_the_unique_key(store: Store) -> None:
    assert not _indexes(store) & SESSION_INDEXES
    with store.engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            # Empty tables: make the planner show which index it would use.
            conn.execute(text("SET LOCAL enable_seqscan = off"))
        for statement, kind in LOOKUPS:
            plan = _plan(conn, statement)
            if conn.dialect.name == "postgresql":
                key = "uq_injection" if kind == "lesson" else "uq_fact_injection"
                assert f"Index Scan on {key}" in plan or f"using {key}" in plan, plan
            else:
                key = f"sqlite_autoindex_{kind}_injections_1"
                assert f"INDEX {key} (session_id=?" in plan, plan
        conn.rollback()


def test_migration_0022_goes_down_and_up_again(store: Store) -> None:
    config = alembic_config(store.engine)
    command.downgrade(config, "0021")
    assert current_revision(store.engine) == "0021"
    assert _indexes(store) >= SESSION_INDEXES
    command.upgrade(config, "0022")
    assert current_revision(store.engine) == "0022"
    assert not _indexes(store) & SESSION_INDEXES
    command.upgrade(config, "head")

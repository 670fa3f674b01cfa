"""The facts' building statement (`factindex._rows`, which the intake's read-ahead and a shelf's
build run): its rows in id order, sorted after the read rather than by an ORDER BY, which on
SQLite merged the two scopes' index searches in a sorter copying every row, vector included."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import insert

from store.db import Store
from store.models import MemoryEntry
from writers.notes.facts import RETRIEVABLE, _viewer
from writers.recall import factindex

USER, DM = "U0ROWS", "DU0ROWS"


def _seed(store: Store) -> list[int]:
    """Facts of the DM's two scopes written alternately (so each scope's index search gives
    ids that interleave with the other's), among other people's; their ids, in order."""
    now = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
    scopes = [("user", USER), ("channel", DM), ("user", "U0OTHER"), ("channel", "C0")]
    rows = []
    for i in range(30):
        kind, scope = scopes[i % 4]
        rows.append(
            {
                "text": f"fact {i}",
                "text_hash": f"rows-{i}",
                "scope_kind": kind,
                "scope_id": scope,
                "status": "decayed" if i % 5 == 0 else "active",
                "reach": "scope",
                "created_at": now,
                "updated_at": now,
                "embedding": bytes([i]) * 4096,
                "embedder": "hashing",
            }
        )
    # Many other people's facts: the planner then searches the scopes' index.
    others = [
        {**rows[2], "text": f"other {i}", "text_hash": f"other-{i}", "scope_id": f"U0O{i}"}
        for i in range(400)
    ]
    with store.sessions.begin() as db:
        db.execute(insert(MemoryEntry), rows)
        db.execute(insert(MemoryEntry), others)
    store.optimize()  # the planner's statistics, as at every open
    with store.engine.connect() as conn:
        return [
            i
            for (i,) in conn.exec_driver_sql(
                "SELECT id FROM memory_entries WHERE scope_id IN (?, ?) ORDER BY id"
                if store.is_sqlite
                else "SELECT id FROM memory_entries WHERE scope_id IN (%s, %s) ORDER BY id",
                (USER, DM),
            )
        ]


def test_the_building_rows_come_in_id_order_read_ahead_or_not(store: Store) -> None:
    ids = _seed(store)
    scopes = factindex.scopes_of(user_id=USER, channel=DM, is_dm=True)
    viewer = _viewer(USER, DM, True)
    with store.engine.connect() as conn:
        for limit in (None, factindex.AHEAD_ROWS + 1):
            got = factindex._rows(conn, scopes, RETRIEVABLE, viewer, limit=limit)
            assert [r[0] for r in got] == ids
            assert [r[-1] for r in got] == [1 if r[3] == "user" else 0 for r in got]  # admits
            assert all(r[11] == bytes([int(r[1].split()[1])]) * 4096 for r in got)
        # Without the prebuilt viewer (a DM reading a channel's facts): the same rows.
        ad_hoc = factindex.Viewer(viewer.key, viewer.where, None, ())
        got = factindex._rows(conn, scopes, RETRIEVABLE, ad_hoc)
        assert [r[0] for r in got] == ids


def test_the_building_statement_sorts_no_row_on_sqlite(sqlite_store: Store) -> None:
    _seed(sqlite_store)
    scopes = factindex.scopes_of(user_id=USER, channel=DM, is_dm=True)
    viewer = _viewer(USER, DM, True)
    prepared = factindex._prepared(
        tuple(k for k, _i in scopes), RETRIEVABLE, viewer.bound, factindex.AHEAD_ROWS + 1
    )
    with sqlite_store.engine.connect() as conn:
        factindex._rows(conn, scopes, RETRIEVABLE, viewer, limit=factindex.AHEAD_ROWS + 1)
        compiled = prepared._by_dialect[conn.dialect]
        params = {"i0": USER, "i1": DM, "s0": RETRIEVABLE[0], "s1": RETRIEVABLE[1]}
        params.update(viewer.params)
        plan = conn.exec_driver_sql(
            "EXPLAIN QUERY PLAN " + compiled.sql, compiled.parameters(params)
        ).all()
    steps = " / ".join(str(row[-1]) for row in plan)
    assert "TEMP B-TREE" not in steps, steps  # before: USE TEMP B-TREE FOR ORDER BY
    assert "ix_memory_entries_scope_id" in steps, steps

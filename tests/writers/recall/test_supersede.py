"""A superseded fact below the fact that replaced it (issue 23, eleventh round): in a context, an
older fact sinks under a newer one of its scope that says it changed the same thing; an older
fact about something else keeps its place; rolling the newer one back gives the older its place
again; nothing a preview does changes a row or the next answer."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from sqlalchemy import select

from store.clock import FakeClock
from store.db import Store
from store.models import MemoryEntry
from tests.support.lesson_helpers import add_fact
from tests.support.writers import OTHER, ctx, reflection, seed
from writers.embed import default_embedder
from writers.library.rollback import rollback
from writers.notes.facts import _shelf, fact_lines, rank_facts, retrieve_facts
from writers.notes.memory import MemoryWriter
from writers.recall import supersede

PLANNED = "The Ledger v2 cutover is planned for Tuesday 26 May 2026, after the staging dry run."
MOVED = "The Ledger v2 cutover moved to Tuesday 9 June 2026."
ASK = "is the Ledger v2 cutover still planned for after the staging dry run?"
OTHERS = [
    "The payroll export runs on the first Monday of each month",
    "The Grafana dashboard for checkout latency is called checkout-p99",
    "Invoices from Acme Logistics are approved by Priya",
    "The Kafka cluster kafka-eu-2 keeps seven days of retention",
]


def _context(db_store: Store, clock: FakeClock, question: str = ASK, **where: object) -> list[int]:
    """The fact ids a session's context shows, in order."""
    place = {"user_id": "U1", "channel": "C1", "is_dm": False, **where}
    with db_store.sessions() as db:
        return [
            f.id
            for f in retrieve_facts(
                db,
                query_text=question,
                embedder=default_embedder(),
                now=clock.now(),
                token_budget=400,
                **place,  # type: ignore[arg-type]
            )
        ]


def _relevance(
    db_store: Store, clock: FakeClock, question: str = ASK, **where: object
) -> list[int]:
    """The same facts by relevance and prior alone (`rank_facts`: no fact sinks there)."""
    place = {"user_id": "U1", "channel": "C1", "is_dm": False, **where}
    with db_store.sessions() as db:
        return [
            r.id
            for r in rank_facts(
                db,
                query_text=question,
                embedder=default_embedder(),
                now=clock.now(),
                **place,  # type: ignore[arg-type]
            )
        ]


def _channel_facts(store: Store, clock: FakeClock, *texts: str) -> list[int]:
    with store.sessions.begin() as db:
        return [
            add_fact(db, t, scope_kind="channel", scope_id="C1", now=clock.now()).id for t in texts
        ]


def test_an_older_fact_sinks_below_the_newer_one_that_replaced_it(
    store: Store, clock: FakeClock
) -> None:
    old, *_ = _channel_facts(store, clock, PLANNED, *OTHERS)
    clock.advance(days=10)
    (new,) = _channel_facts(store, clock, MOVED)
    clock.advance(days=1)
    by_relevance = _relevance(store, clock)
    # The question's words ("planned") favour the old plan over the move …
    assert by_relevance.index(old) < by_relevance.index(new)
    shown = _context(store, clock)
    # … the context shows both, the move first: the old one ranks, it is not hidden.
    assert new in shown and old in shown
    assert shown.index(new) < shown.index(old)
    assert set(shown) == set(by_relevance[: len(shown)])  # what is shown is unchanged


def test_a_shelf_that_keeps_no_texts_sinks_the_same_facts(store: Store, clock: FakeClock) -> None:
    # A scope over factindex.TEXTS_MAX facts keeps no texts: the change words are index terms.
    old, *_ = _channel_facts(store, clock, PLANNED, *OTHERS)
    clock.advance(days=10)
    (new,) = _channel_facts(store, clock, MOVED)
    clock.advance(days=1)
    emb = default_embedder()
    with store.sessions() as db:
        sh = _shelf(db, user_id="U1", channel="C1", is_dm=False, embedder=emb)
    ids = _relevance(store, clock)
    bare = dataclasses.replace(sh, texts=[], statuses=[], lines=[], index=sh.indexed)
    got = supersede.sink_superseded(bare, ids, emb.name)
    assert got == supersede.sink_superseded(sh, ids, emb.name) != ids
    assert got.index(new) < got.index(old)


def test_an_older_fact_about_something_else_keeps_its_place(store: Store, clock: FakeClock) -> None:
    old, *_ = _channel_facts(store, clock, PLANNED, *OTHERS)
    clock.advance(days=10)
    # Newer, each says it moved something and shares the plan's words, but neither replaces
    # it: another cutover, and where the cutover's checklist lives.
    others = _channel_facts(
        store,
        clock,
        "The Payments API cutover moved to Tuesday 9 June 2026.",
        "The Ledger v2 cutover checklist moved to the platform wiki.",
    )
    clock.advance(days=1)
    question = "when is the Ledger v2 cutover planned, and where is its checklist?"
    shown = _context(store, clock, question)
    assert old in shown and set(others) <= set(shown)
    assert shown == _relevance(store, clock, question)[: len(shown)]


def test_a_newer_fact_of_another_scope_sinks_nothing(store: Store, clock: FakeClock) -> None:
    # A person's own fact, and a later change told in a channel they look at from their DM
    # (agent view: one shelf, two scopes).
    with store.sessions.begin() as db:
        old = add_fact(db, PLANNED, scope_kind="user", scope_id="U1", now=clock.now()).id
        for text in OTHERS:
            add_fact(db, text, scope_kind="user", scope_id="U1", now=clock.now())
    clock.advance(days=10)
    (new,) = _channel_facts(store, clock, MOVED)
    clock.advance(days=1)
    where = {"user_id": "U1", "channel": "C1", "is_dm": True}
    shown = _context(store, clock, **where)
    assert new in shown and old in shown
    assert shown == _relevance(store, clock, **where)[: len(shown)]


def test_rolling_the_newer_fact_back_gives_the_older_its_place_again(
    store: Store, tmp_path: Path, clock: FakeClock
) -> None:
    where = {"user_id": OTHER, "channel": "DOTHER01", "is_dm": True}
    _, first = seed(store, clock.now(), user=OTHER, channel="DOTHER01")
    with store.sessions.begin() as db:
        MemoryWriter().write(
            db,
            ctx(store, first, tmp_path, clock.now()),
            reflection(memory_notes=[PLANNED, *OTHERS]),
        )
    before = _context(store, clock, **where)
    clock.advance(days=10)
    _, second = seed(store, clock.now(), user=OTHER, channel="DOTHER01")
    with store.sessions.begin() as db:
        MemoryWriter().write(
            db, ctx(store, second, tmp_path, clock.now()), reflection(memory_notes=[MOVED])
        )
        old = db.scalars(select(MemoryEntry.id).where(MemoryEntry.text == PLANNED)).one()
        new = db.scalars(select(MemoryEntry.id).where(MemoryEntry.text == MOVED)).one()
    shown = _context(store, clock, **where)
    assert shown.index(new) < shown.index(old)
    with store.sessions.begin() as db:
        rollback(
            db, reflection_id=second, dry_run=False, actor="owner", now=clock.now(),
            data_dir=tmp_path, skills_dir=tmp_path / "skills",
        )  # fmt: skip
    after = _context(store, clock, **where)
    assert new not in after
    assert after.index(old) == before.index(old)
    assert after == _relevance(store, clock, **where)[: len(after)]


def test_a_preview_changes_nothing(store: Store, clock: FakeClock) -> None:
    _channel_facts(store, clock, PLANNED, *OTHERS)
    clock.advance(days=10)
    _channel_facts(store, clock, MOVED)
    clock.advance(days=1)

    def rows() -> list[tuple[object, ...]]:
        with store.sessions() as db:
            return [
                (r.id, r.status, r.access_count, r.last_accessed_at, r.updated_at, r.provenance)
                for r in db.scalars(select(MemoryEntry).order_by(MemoryEntry.id))
            ]

    before = rows()
    first = _context(store, clock)
    with store.sessions() as db:
        lines = fact_lines(
            db,
            user_id="U1",
            channel="C1",
            is_dm=False,
            query_text=ASK,
            query_vec=None,
            embedder=default_embedder(),
            now=clock.now(),
            token_budget=400,
            known=None,
        )
    # All fit the budget: the context shows them unranked, as with no question (issue 27).
    assert [f.id for f in lines] == _context(store, clock, "")
    assert first == _context(store, clock)
    assert rows() == before


def test_the_terms_check_before_the_arrays_moves_what_they_move(
    store: Store, clock: FakeClock
) -> None:
    # A shelf that keeps its texts asks first, of the chosen facts' terms, whether one says it
    # changed something, and returns the order as it is when none does (issue 27, fifteenth
    # round); a shelf that keeps none goes through the arrays. Every order of every choice of
    # these facts, with the change or without it, comes out the same both ways.
    import itertools

    old, *others = _channel_facts(store, clock, PLANNED, *OTHERS[:3])
    clock.advance(days=10)
    (new,) = _channel_facts(store, clock, MOVED)
    clock.advance(days=1)
    emb = default_embedder()
    with store.sessions() as db:
        sh = _shelf(db, user_id="U1", channel="C1", is_dm=False, embedder=emb)
    assert sh.texts
    bare = dataclasses.replace(sh, texts=[], statuses=[], lines=[], index=sh.indexed)
    moved = 0
    for size in (2, 3, 4):
        for chosen in itertools.permutations([old, new, *others], size):
            ids = list(chosen)
            got = supersede.sink_superseded(sh, ids, emb.name)
            assert got == supersede.sink_superseded(bare, ids, emb.name)
            moved += got != ids
    assert moved  # the change was seen where the old plan came first

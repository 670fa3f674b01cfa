"""Recall (issue 23): relevance first, ageing that ranks and never hides, retrieval that changes
nothing, superseded facts below the newer ones, forget/rollback leaving no copy in the lexical
index, relative dates resolved when written."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np
from sqlalchemy import event, select, update
from sqlalchemy.orm import Session

from bot.chat.prompting import LearnedContext
from bot.runtime import Runtime
from store.clock import FakeClock
from store.config import Settings
from store.db import Store
from store.models import MemoryEntry
from tests.support.fakes import FakeLLM
from tests.support.lesson_helpers import add_fact
from tests.support.writers import OTHER, ctx, reflection, seed
from writers.embed import Embedder, HashingEmbedder, Matrix, default_embedder
from writers.library.purge import Purge
from writers.library.rollback import rollback
from writers.notes.facts import (
    _VEC_CACHE,
    RETRIEVABLE,
    Ranked,
    cached_texts,
    decay_facts,
    fact_line,
    fact_lines,
    rank_facts,
    read_ahead,
    reinforce_facts,
    render_fact,
    retrieve_facts,
)
from writers.notes.memory import MemoryWriter
from writers.recall import expand, factindex, lexical
from writers.tokens import quoted_line_tokens

TOPICS = [
    "The payroll export runs on the first Monday of each month",
    "The Grafana dashboard for checkout latency is called checkout-p99",
    "Our DNS provider is Cloudflare, managed by the platform team",
    "The office wifi password rotates every quarter",
    "Invoices from Acme Logistics are approved by Priya",
    "The Kafka cluster kafka-eu-2 keeps seven days of retention",
    "Marketing wants the launch blog post reviewed by legal",
    "The staging database snapshot is restored every Sunday night",
    "Vendor contract with Zendesk renews in March",
    "The mobile app release train leaves every second Thursday",
    "Penetration test findings are tracked in the SEC board",
    "The data warehouse is Snowflake in the eu-central region",
]
QUESTIONS = [
    "when does the payroll export run?",
    "what is the checkout latency dashboard called in Grafana?",
    "who is our DNS provider?",
    "how often does the office wifi password rotate?",
    "who approves Acme Logistics invoices?",
    "how long does kafka-eu-2 keep data?",
    "who has to review the launch blog post?",
    "when is the staging database snapshot restored?",
    "when does the Zendesk contract renew?",
    "how often does the mobile app release train leave?",
]


def _ids(facts: list[MemoryEntry]) -> list[int]:
    return [f.id for f in facts]


def test_a_fact_untouched_for_60_days_is_found_by_a_question_naming_it(
    store: Store, clock: FakeClock
) -> None:
    start = clock.now()
    with store.sessions.begin() as db:
        old = add_fact(
            db,
            "The VPN gateway for the Berlin office is vpn-ber-3.corp",
            scope_kind="channel",
            scope_id="C1",
            now=start,
        ).id
    clock.advance(days=59)
    with store.sessions.begin() as db:
        for text in TOPICS:  # fresher facts on other topics
            add_fact(db, text, scope_kind="channel", scope_id="C1", now=clock.now())
    clock.advance(days=1)
    with store.sessions.begin() as db:
        decay_facts(db, clock.now())  # the daily job ran: ageing labels, it does not hide
        got = retrieve_facts(
            db,
            user_id="U1",
            channel="C1",
            is_dm=False,
            query_text="what is the VPN gateway of the Berlin office?",
            embedder=default_embedder(),
            now=clock.now(),
            token_budget=60,
        )
        assert _ids(got)[:1] == [old]
        assert db.get(MemoryEntry, old).status == "decayed"  # type: ignore[union-attr]


def test_ten_questions_in_a_row_get_their_own_facts(store: Store, clock: FakeClock) -> None:
    start = clock.now()
    with store.sessions.begin() as db:
        ids = [add_fact(db, t, scope_kind="channel", scope_id="C1", now=start).id for t in TOPICS]
    clock.advance(days=8)  # old enough for a refresh-on-retrieval to matter
    emb = default_embedder()
    seen = []
    for n, question in enumerate(QUESTIONS):
        clock.advance(minutes=5)
        with store.sessions.begin() as db:
            got = retrieve_facts(
                db,
                user_id="U1",
                channel="C1",
                is_dm=False,
                query_text=question,
                embedder=emb,
                now=clock.now(),
                token_budget=45,  # two or three facts
            )
        assert got and got[0].id == ids[n], question
        seen.append(frozenset(_ids(got)))
    # No fact rides along with most questions (what refresh-on-retrieval did).
    counts = Counter(i for got_ids in seen for i in got_ids)
    assert max(counts.values()) <= 3, counts


def _runtime(data_dir: Path, clock: FakeClock) -> Runtime:
    settings = Settings(
        _env_file=None,
        SESHAT_DATA_DIR=str(data_dir),
        SLACK_OWNER_IDS="UOWNER0001",
    )
    return Runtime(settings, clock=clock, reflection_llm=FakeLLM(model="claude-haiku-4-5"))


def test_a_preview_or_a_session_start_changes_no_access_count_or_score(
    tmp_path: Path, clock: FakeClock
) -> None:
    rt = _runtime(tmp_path, clock)
    try:
        with rt.store.sessions.begin() as db:
            for text in TOPICS:
                add_fact(
                    db,
                    text,
                    scope_kind="user",
                    scope_id="UALICE001",
                    now=clock.now(),
                    author_id="UALICE001",
                )
        clock.advance(days=3)

        def state() -> tuple[list[tuple[int, int, datetime | None]], list[tuple[int, float]]]:
            with rt.store.sessions() as db:
                rows = [
                    (r.id, r.access_count, r.last_accessed_at)
                    for r in db.scalars(select(MemoryEntry).order_by(MemoryEntry.id))
                ]
                ranked = rank_facts(
                    db,
                    user_id="UALICE001",
                    channel="DALICE001",
                    is_dm=True,
                    query_text="who approves invoices?",
                    embedder=rt.library.embedder,
                    now=clock.now(),
                )
            return rows, [(c.id, round(c.score, 12)) for c in ranked]

        before = state()
        provider = LearnedContext(rt, clock=clock)
        for session_id in (None, "11111111-2222-3333-4444-555555555555"):
            got = provider.assemble(
                user_id="UALICE001",
                channel="DALICE001",
                first_text="who approves Acme invoices?",
                session_id=session_id,
            )
            assert "Acme Logistics" in got.selection.render_tail()
        assert state() == before
    finally:
        rt.close()


def test_a_superseded_fact_ranks_below_the_newer_one(store: Store, clock: FakeClock) -> None:
    start = clock.now()
    with store.sessions.begin() as db:
        old = add_fact(
            db,
            "The payments on-call engineer this quarter is Alice Moreau",
            scope_kind="channel",
            scope_id="C1",
            now=start,
        ).id
        for text in TOPICS:
            add_fact(db, text, scope_kind="channel", scope_id="C1", now=start)
    clock.advance(days=20)
    emb = default_embedder()
    with store.sessions.begin() as db:
        # Asked about once since (a session retrieved it): that is not evidence of use.
        retrieve_facts(
            db,
            user_id="U1",
            channel="C1",
            is_dm=False,
            query_text="who is the payments on-call?",
            embedder=emb,
            now=clock.now(),
            limit=3,
        )
        new = add_fact(
            db,
            "The payments on-call engineer this quarter is Bruno Okafor",
            scope_kind="channel",
            scope_id="C1",
            now=clock.now(),
        ).id
    clock.advance(days=1)
    with store.sessions.begin() as db:
        got = _ids(
            retrieve_facts(
                db,
                user_id="U1",
                channel="C1",
                is_dm=False,
                query_text="who is the payments on-call engineer?",
                embedder=emb,
                now=clock.now(),
                limit=5,
            )
        )
    assert new in got and old in got  # the old one is still there, for "who was it before?"
    assert got.index(new) < got.index(old)


def test_real_use_reinforces_and_reactivates(store: Store, clock: FakeClock) -> None:
    with store.sessions.begin() as db:
        fid = add_fact(
            db, "The build server is ci-3.internal", scope_kind="channel", scope_id="C1",
            now=clock.now(),
        ).id  # fmt: skip
    clock.advance(days=45)
    with store.sessions.begin() as db:
        assert decay_facts(db, clock.now()) == (1, 0)
        assert reinforce_facts(db, [fid], clock.now()) == 1
        row = db.get(MemoryEntry, fid)
        assert row is not None and row.status == "active" and row.access_count == 1


def _warm(store: Store, user: str, channel: str, is_dm: bool, clock: FakeClock) -> None:
    with store.sessions.begin() as db:
        assert retrieve_facts(
            db,
            user_id=user,
            channel=channel,
            is_dm=is_dm,
            query_text="Prefers Postgres for new services",
            embedder=default_embedder(),
            now=clock.now(),
        )


def test_forget_and_rollback_leave_nothing_in_the_lexical_index(
    store: Store, tmp_path: Path, clock: FakeClock
) -> None:
    text = "Prefers Postgres 16 for new services, never MySQL"
    _, dm = seed(store, clock.now(), user=OTHER, channel="DOTHER01")
    with store.sessions.begin() as db:
        MemoryWriter().write(
            db, ctx(store, dm, tmp_path, clock.now()), reflection(memory_notes=[text])
        )
        digest = db.scalars(select(MemoryEntry.text_hash)).one()
    # Rollback: the retriever's in-process copies (terms, vector) go with the archived fact.
    _warm(store, OTHER, "DOTHER01", True, clock)
    assert digest in cached_texts() and lexical.cache_holds(digest)
    assert lexical.stems_memoised()  # its words' stems, as hashes
    assert factindex.holds_text(text)  # a small shelf keeps its lines' texts
    # … and its words for the soft match ("Postgres" is a word of the text alone).
    emb = default_embedder()
    assert isinstance(emb, expand.WordTable)
    soft_words = expand.soft_key(emb)
    postgres = hash(lexical.stem("postgres"))
    assert any(postgres in kept for kept in factindex.derived(soft_words))
    with store.sessions.begin() as db:
        rollback(
            db, reflection_id=dm, dry_run=False, actor="owner", now=clock.now(),
            data_dir=tmp_path, skills_dir=tmp_path / "skills",
        )  # fmt: skip
    assert digest not in cached_texts() and not factindex.holds_text(text)
    assert not lexical.stems_memoised()
    assert not any(postgres in kept for kept in factindex.derived(soft_words))
    # Forget: the same text written again, retrieved, then purged.
    _, dm2 = seed(store, clock.now(), user=OTHER, channel="DOTHER01")
    with store.sessions.begin() as db:
        MemoryWriter().write(
            db, ctx(store, dm2, tmp_path, clock.now()), reflection(memory_notes=[text])
        )
    _warm(store, OTHER, "DOTHER01", True, clock)
    assert digest in cached_texts() and factindex.holds_text(text)
    with store.sessions.begin() as db:
        Purge(db, user_id=OTHER, item=None, data_dir=tmp_path, now=clock.now(), actor="owner").run(
            dry_run=False
        )
    assert digest not in cached_texts() and not factindex.holds_text(text)
    assert not lexical.stems_memoised()
    assert not any(postgres in kept for kept in factindex.derived(soft_words))
    with store.sessions() as db:
        assert not db.scalars(select(MemoryEntry.id)).all()


def _read_ahead(store: Store, user: str, channel: str) -> bool:
    """What the intake does in the transaction opening a DM session: the rows of its shelf."""
    scopes = factindex.scopes_of(user_id=user, channel=channel, is_dm=True)
    with store.engine.begin() as conn:
        known = factindex.Known(factindex.versions(Session(bind=conn), scopes), True)
        return read_ahead(conn, user_id=user, channel=channel, is_dm=True, known=known)


def test_forget_and_rollback_leave_nothing_read_ahead(
    store: Store, tmp_path: Path, clock: FakeClock
) -> None:
    # The rows the intake read for a session's first context, kept until its shelf is built,
    # go with a rolled-back or forgotten fact like the shelves do.
    factindex.clear()
    text = "Prefers Postgres 16 for new services, never MySQL"
    _, dm = seed(store, clock.now(), user=OTHER, channel="DOTHER01")
    with store.sessions.begin() as db:
        MemoryWriter().write(
            db, ctx(store, dm, tmp_path, clock.now()), reflection(memory_notes=[text])
        )
        digest = db.scalars(select(MemoryEntry.text_hash)).one()
    assert _read_ahead(store, OTHER, "DOTHER01")
    assert digest in cached_texts() and factindex.holds_text(text)
    with store.sessions.begin() as db:
        rollback(
            db, reflection_id=dm, dry_run=False, actor="owner", now=clock.now(),
            data_dir=tmp_path, skills_dir=tmp_path / "skills",
        )  # fmt: skip
    assert digest not in cached_texts() and not factindex.holds_text(text)
    _, dm2 = seed(store, clock.now(), user=OTHER, channel="DOTHER01")
    with store.sessions.begin() as db:
        MemoryWriter().write(
            db, ctx(store, dm2, tmp_path, clock.now()), reflection(memory_notes=[text])
        )
    assert _read_ahead(store, OTHER, "DOTHER01")
    assert digest in cached_texts() and factindex.holds_text(text)
    with store.sessions.begin() as db:
        Purge(db, user_id=OTHER, item=None, data_dir=tmp_path, now=clock.now(), actor="owner").run(
            dry_run=False
        )
    assert digest not in cached_texts() and not factindex.holds_text(text)


def test_a_shelf_read_ahead_is_built_with_no_read(store: Store, clock: FakeClock) -> None:
    factindex.clear()
    with store.sessions.begin() as db:
        fact = add_fact(
            db, "Alice's locker code is 8812", scope_kind="user", scope_id="U0ALICE",
            now=clock.now(), author_id="U0ALICE",
        )  # fmt: skip
        fact_id = fact.id
    scopes = factindex.scopes_of(user_id="U0ALICE", channel="D0ALICE", is_dm=True)
    with store.sessions() as db:
        known = factindex.Known(factindex.versions(db, scopes), True)
    assert _read_ahead(store, "U0ALICE", "D0ALICE")
    statements: list[str] = []

    def count(*args: Any) -> None:
        statements.append(args[2])

    event.listen(store.engine, "before_cursor_execute", count)
    try:
        with store.sessions() as db:
            got = retrieve_facts(
                db, user_id="U0ALICE", channel="D0ALICE", is_dm=True,
                query_text="my locker code", now=clock.now(), known=known,
            )  # fmt: skip
    finally:
        event.remove(store.engine, "before_cursor_execute", count)
    assert [f.id for f in got] == [fact_id] and statements == []
    # Kept already: nothing is read ahead for it again.
    assert not _read_ahead(store, "U0ALICE", "D0ALICE")


class CountingEmbedder(HashingEmbedder):
    """The hashing embedder, counting the texts it embeds."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []

    def embed(self, texts: Sequence[str]) -> Matrix:
        self.texts.extend(texts)
        return super().embed(texts)


def test_a_fact_is_written_with_its_vector_and_a_first_context_embeds_none(
    store: Store, tmp_path: Path, clock: FakeClock
) -> None:
    factindex.clear()
    writer_embedder = CountingEmbedder()
    text = "Prefers Postgres 16 for new services, never MySQL"
    _, dm = seed(store, clock.now(), user=OTHER, channel="DOTHER01")
    with store.sessions.begin() as db:
        MemoryWriter(embedder=writer_embedder).write(
            db, ctx(store, dm, tmp_path, clock.now()), reflection(memory_notes=[text])
        )
        fact = db.scalars(select(MemoryEntry).where(MemoryEntry.text == text)).one()
        assert fact.embedder == writer_embedder.name and fact.embedding is not None
        assert np.array_equal(
            np.frombuffer(fact.embedding, dtype=np.float32), HashingEmbedder().embed([text])[0]
        )
        fact_id = fact.id
    reader = CountingEmbedder()
    _VEC_CACHE.clear()

    def first_context() -> list[int]:
        with store.sessions() as db:
            got = retrieve_facts(
                db, user_id=OTHER, channel="DOTHER01", is_dm=True,
                query_text="which database for new services?", embedder=reader, now=clock.now(),
            )  # fmt: skip
            return [f.id for f in got]

    assert fact_id in first_context()
    assert text not in reader.texts  # read with the fact (the question alone was embedded)
    # Its text changed by any statement that sets no new vector: the database drops the vector,
    # and the next shelf embeds the new text.
    edited = "Prefers Postgres 17 for new services, never MySQL"
    with store.engine.begin() as conn:
        conn.execute(update(MemoryEntry).where(MemoryEntry.id == fact_id).values(text=edited))
    with store.sessions() as db:
        assert db.get(MemoryEntry, fact_id).embedding is None  # type: ignore[union-attr]
    assert fact_id in first_context()
    assert edited in reader.texts


def test_a_shelf_takes_each_facts_kept_vector_in_order(store: Store, clock: FakeClock) -> None:
    # A shelf's vectors are the ones kept with its facts, in the shelf's order; only a fact
    # without one is embedded, and it takes its own place among the kept ones.
    factindex.clear()
    dim, name = 8, "bench-fixed"
    with store.sessions.begin() as db:
        ids = [
            add_fact(db, text, scope_kind="channel", scope_id="C1", now=clock.now()).id
            for text in TOPICS[:3]
        ]
    kept = {i: np.full(dim, float(n + 1), dtype=np.float32) for n, i in enumerate(ids)}
    with store.engine.begin() as conn:
        for i, vec in kept.items():
            conn.execute(
                update(MemoryEntry)
                .where(MemoryEntry.id == i)
                .values(embedding=vec.astype("<f4").tobytes(), embedder=name)
            )
    asked: list[str] = []

    def embed(pairs: Sequence[tuple[str, str]]) -> Matrix:
        asked.extend(text for _hash, text in pairs)
        return np.full((len(pairs), dim), -1.0, dtype=np.float32)

    def shelf() -> factindex.Shelf:
        with store.sessions() as db:
            return factindex.shelf(
                db,
                factindex.scopes_of(user_id="U1", channel="C1", is_dm=False),
                statuses=RETRIEVABLE,
                render=fact_line,
                embed=embed,
                embedder_name=name,
            )

    sh = shelf()
    assert asked == []
    assert np.array_equal(sh.vectors[name], np.stack([kept[int(i)] for i in sh.ids]))
    with store.engine.begin() as conn:  # the middle one's vector is dropped: it is embedded
        conn.execute(update(MemoryEntry).where(MemoryEntry.id == ids[1]).values(embedding=None))
    sh = shelf()
    assert asked == [TOPICS[1]]
    want = [kept[int(i)] if int(i) != ids[1] else np.full(dim, -1.0) for i in sh.ids]
    assert np.array_equal(sh.vectors[name], np.stack(want))


def test_relative_dates_are_resolved_when_written(
    store: Store, tmp_path: Path, clock: FakeClock
) -> None:
    _, dm = seed(store, clock.now(), user=OTHER, channel="DOTHER01")
    notes = ["The vendor demo was yesterday", "The Datadog renewal call is next Friday"]
    with store.sessions.begin() as db:
        MemoryWriter().write(
            db, ctx(store, dm, tmp_path, clock.now()), reflection(memory_notes=notes)
        )
        texts = list(db.scalars(select(MemoryEntry.text).order_by(MemoryEntry.ordinal)))
    today = clock.now().date()
    from datetime import timedelta

    from writers.notes.dates import day_text

    assert texts[0] == f"The vendor demo was on {day_text(today - timedelta(days=1))}"
    ahead = (4 - today.weekday()) % 7 or 7
    assert texts[1] == (
        f"The Datadog renewal call is next Friday ({day_text(today + timedelta(days=ahead))})"
    )


# --- episodes ------------------------------------------------------------------------------------

SECRET = "xoxb-2364535789652-1234567890123-GkwFDQoHqzXDVsC6GzqYUypD"
EPISODE = {
    "what_worked": "Restarting the ingest worker after bumping the Kafka consumer timeout",
    "what_didnt": f"Rolling back the schema migration yesterday; token {SECRET} leaked in the log",
}


def _episodes(store: Store) -> list[MemoryEntry]:
    with store.sessions() as db:
        return list(db.scalars(select(MemoryEntry).where(MemoryEntry.category == "episode")))


def _tail(store: Store, user: str, channel: str, text: str, clock: FakeClock) -> str:
    from writers.lessons.index import LessonLibrary
    from writers.selector import select_context

    emb = default_embedder()
    with store.sessions.begin() as db:
        lib = LessonLibrary.build(db, emb)
        sel = select_context(
            db,
            lib,
            user_id=user,
            channel=channel,
            is_dm=channel.startswith("D"),
            first_text=text,
            now=clock.now(),
        )
        return sel.render_tail()


def test_an_episode_is_kept_dated_redacted_scoped_and_retrieved_in_the_budget(
    store: Store, tmp_path: Path, clock: FakeClock
) -> None:
    _, rid = seed(store, clock.now(), user=OTHER, channel="CINGEST01")
    with store.sessions.begin() as db:
        MemoryWriter().write(
            db, ctx(store, rid, tmp_path, clock.now()), reflection(outcome="partial", **EPISODE)
        )
    [ep] = _episodes(store)
    assert (ep.scope_kind, ep.scope_id, ep.reach, ep.author_id) == (
        "channel",
        "CINGEST01",
        "author",
        OTHER,
    )
    assert SECRET not in ep.text and "Kafka consumer timeout" in ep.text
    assert "yesterday" not in ep.text  # resolved to the session's date
    clock.advance(days=30)
    question = "the ingest worker is stuck again, what did we try last time?"
    tail = _tail(store, OTHER, "CINGEST01", question, clock)
    assert "(episode) [" in tail and "Kafka consumer timeout" in tail
    # Scoped like the session: not in another person's session in that channel, nor elsewhere.
    assert "Kafka" not in _tail(store, "USOMEONE1", "CINGEST01", question, clock)
    assert "Kafka" not in _tail(store, OTHER, "DOTHER01", question, clock)


def test_forget_and_rollback_remove_episodes(
    store: Store, tmp_path: Path, clock: FakeClock
) -> None:
    _, rid = seed(store, clock.now(), user=OTHER, channel="DOTHER01")
    with store.sessions.begin() as db:
        MemoryWriter().write(db, ctx(store, rid, tmp_path, clock.now()), reflection(**EPISODE))
    question = "what went wrong with the ingest worker?"
    assert "Kafka" in _tail(store, OTHER, "DOTHER01", question, clock)
    with store.sessions.begin() as db:
        rollback(
            db, reflection_id=rid, dry_run=False, actor="owner", now=clock.now(),
            data_dir=tmp_path, skills_dir=tmp_path / "skills",
        )  # fmt: skip
    assert [e.status for e in _episodes(store)] == ["archived"]
    assert "Kafka" not in _tail(store, OTHER, "DOTHER01", question, clock)
    assert not {e.text_hash for e in _episodes(store)} & cached_texts()
    _, rid2 = seed(store, clock.now(), user=OTHER, channel="CINGEST01")
    with store.sessions.begin() as db:
        MemoryWriter().write(db, ctx(store, rid2, tmp_path, clock.now()), reflection(**EPISODE))
    assert "Kafka" in _tail(store, OTHER, "CINGEST01", question, clock)
    digests = {e.text_hash for e in _episodes(store)}
    assert digests <= cached_texts()
    with store.sessions.begin() as db:
        Purge(db, user_id=OTHER, item=None, data_dir=tmp_path, now=clock.now(), actor=OTHER).run(
            dry_run=False
        )
    assert _episodes(store) == []
    assert "Kafka" not in _tail(store, OTHER, "CINGEST01", question, clock)
    assert not digests & cached_texts()


def test_a_fact_the_reflection_states_again_is_reinforced(
    store: Store, tmp_path: Path, clock: FakeClock
) -> None:
    note = "The billing service deploys from the release-2 branch"
    _, first = seed(store, clock.now(), user=OTHER, channel="DOTHER01")
    with store.sessions.begin() as db:
        MemoryWriter().write(
            db, ctx(store, first, tmp_path, clock.now()), reflection(memory_notes=[note])
        )
    clock.advance(days=20)
    _, again = seed(store, clock.now(), user=OTHER, channel="DOTHER01")
    with store.sessions.begin() as db:
        MemoryWriter().write(
            db, ctx(store, again, tmp_path, clock.now()), reflection(memory_notes=[note])
        )
    with store.sessions() as db:
        [row] = db.scalars(select(MemoryEntry).where(MemoryEntry.category != "episode")).all()
        assert row.access_count == 1 and row.last_accessed_at is not None


def test_a_flagged_fact_is_never_retrieved(store: Store, clock: FakeClock) -> None:
    with store.sessions.begin() as db:
        add_fact(
            db, "The deploy key is in vault path ops/deploy", scope_kind="channel",
            scope_id="C1", now=clock.now(), flags=["safety:exfiltration"],
        )  # fmt: skip
        ok = add_fact(
            db, "The deploy window is Tuesday", scope_kind="channel", scope_id="C1",
            now=clock.now(),
        ).id  # fmt: skip
    with store.sessions() as db:
        got = retrieve_facts(
            db, user_id="U1", channel="C1", is_dm=False, query_text="deploy key vault",
            embedder=default_embedder(), now=clock.now(),
        )  # fmt: skip
    assert _ids(got) == [ok]


def test_the_index_follows_writes_from_another_process(db_url: str, clock: FakeClock) -> None:
    """Two stores on one database stand for the daemon and a CLI process: what one writes,
    edits or deletes, the other's next selection sees (the database's scope versions)."""
    from writers.recall import factindex

    daemon, cli = Store.open(db_url), Store.open(db_url)
    try:
        with cli.sessions.begin() as db:
            gone = add_fact(
                db, "The VPN gateway is vpn-ber-3.corp", scope_kind="channel", scope_id="C1",
                now=clock.now(),
            ).id  # fmt: skip

        def ask(q: str) -> list[int]:
            with daemon.sessions() as db:
                return _ids(
                    retrieve_facts(
                        db, user_id="U1", channel="C1", is_dm=False, query_text=q,
                        embedder=default_embedder(), now=clock.now(),
                    )
                )  # fmt: skip

        assert ask("vpn gateway") == [gone]
        with cli.sessions.begin() as db:
            db.delete(db.get(MemoryEntry, gone))
            new = add_fact(
                db, "The VPN gateway is vpn-ber-4.corp", scope_kind="channel", scope_id="C1",
                now=clock.now(),
            ).id  # fmt: skip
        assert ask("vpn gateway") == [new]
        with cli.sessions.begin() as db:
            row = db.get(MemoryEntry, new)
            assert row is not None
            row.status = "archived"
        assert ask("vpn gateway") == []
        # The index keeps numbers and term hashes, and the texts of retrievable facts only (for
        # a small shelf's lines): neither the deleted fact's text nor the archived one's.
        for shelf in factindex._SHELVES.values():
            assert not {
                "The VPN gateway is vpn-ber-3.corp",
                "The VPN gateway is vpn-ber-4.corp",
            } & set(shelf.texts)
            assert not any(isinstance(t, str) for doc in shelf.terms for t in doc)
    finally:
        daemon.close()
        cli.close()


def test_an_edit_leaves_no_copy_of_the_earlier_text(store: Store, clock: FakeClock) -> None:
    from writers.library.edits import edit_item

    with store.sessions.begin() as db:
        row = add_fact(
            db, "The staging VPN password hint is the team mascot", scope_kind="channel",
            scope_id="C1", now=clock.now(),
        )  # fmt: skip
        fid, before = row.id, row.text_hash

    def ask() -> list[str]:
        with store.sessions() as db:
            return [
                f.text
                for f in retrieve_facts(
                    db, user_id="U1", channel="C1", is_dm=False, query_text="staging VPN",
                    embedder=default_embedder(), now=clock.now(),
                )
            ]  # fmt: skip

    assert ask() == ["The staging VPN password hint is the team mascot"]
    assert before in cached_texts()
    assert factindex.holds_text("The staging VPN password hint is the team mascot")
    with store.sessions.begin() as db:
        assert edit_item(db, "fact", fid, "The staging VPN uses SSO", "owner", clock.now()).ok
    assert before not in cached_texts()
    assert not factindex.holds_text("The staging VPN password hint is the team mascot")
    assert ask() == ["The staging VPN uses SSO"]
    assert before not in cached_texts()
    assert not factindex.holds_text("The staging VPN password hint is the team mascot")


def test_a_very_large_scope_takes_cosines_on_a_short_list() -> None:
    import numpy as np

    from writers.notes.facts import cosines

    rng = np.random.default_rng(3)
    mat = rng.normal(size=(30, 8)).astype(np.float32)
    q = rng.normal(size=8).astype(np.float32)
    idx = np.arange(30)
    lex = np.zeros(30)
    lex[[4, 9, 17]] = [3.0, 2.0, 1.0]
    created = np.arange(30, dtype=np.float64)  # the newest are 27, 28, 29
    exact = (mat @ q).astype(np.float64)
    assert np.allclose(cosines(mat, q, idx, lex, created, all_max=30), exact)
    got = cosines(mat, q, idx, lex, created, all_max=10, shortlist=3)
    short = [4, 9, 17, 27, 28, 29]
    assert np.allclose(got[short], exact[short])
    rest = [i for i in range(30) if i not in short]
    assert np.allclose(got[rest], exact[short].min())


def _shelf(store: Store) -> factindex.Shelf:
    with store.sessions() as db:
        return factindex.shelf(
            db,
            factindex.scopes_of(user_id="U1", channel="C1", is_dm=False),
            statuses=RETRIEVABLE,
            render=fact_line,
            embed=None,
            embedder_name="",
        )


def _ranked_in_c1(
    store: Store, clock: FakeClock, question: str, embedder: Embedder | None = None
) -> list[Ranked]:
    """Channel C1's facts ranked for `question` (with the default embedder unless given)."""
    with store.sessions() as db:
        return rank_facts(
            db, user_id="U1", channel="C1", is_dm=False, query_text=question,
            embedder=embedder or default_embedder(), now=clock.now(),
        )  # fmt: skip


def test_a_question_finds_a_fact_told_in_other_words(store: Store, clock: FakeClock) -> None:
    # "kids" → children, "build" → built: the embedder's word table brings the words the fact
    # uses. Without them the fact that shares "build" wins on BM25 (measured: second, not first).
    with store.sessions.begin() as db:
        want = add_fact(
            db, "Maya's children built a treehouse in the garden",
            scope_kind="channel", scope_id="C1", now=clock.now(),
        ).id  # fmt: skip
        for text in ["We build the mobile app with Gradle on the CI runners", *TOPICS]:
            add_fact(db, text, scope_kind="channel", scope_id="C1", now=clock.now())
    emb = default_embedder()
    question = "what did the kids build?"
    assert _ranked_in_c1(store, clock, question)[0].id == want
    assert isinstance(emb, expand.WordTable)
    sh = _shelf(store)
    children = hash(lexical.stem("children"))
    assert children in expand.expansions(sh, question, emb)
    # A term held by more facts than the bound is left out (its BM25 is what it would cost).
    assert children not in expand.expansions(sh, question, emb, max_postings=0)


def test_a_question_word_meets_a_scope_word_the_table_splits(
    store: Store, clock: FakeClock
) -> None:
    # "bike" → "bicycle": the word table has no whole-word piece "bicycle", so the expansion
    # cannot bring it; the scope's own words, each embedded, can (the soft match). Without it
    # the fact is third (measured), behind facts sharing "Omar" or "keep".
    with store.sessions.begin() as db:
        want = add_fact(
            db, "Omar's bicycle lives in the basement rack",
            scope_kind="channel", scope_id="C1", now=clock.now(),
        ).id  # fmt: skip
        for text in [
            "Omar cycles to work on a road racer every day",
            "Omar keeps the spare laptops in the supply closet",
            "We keep the visitor badges at the front desk",
            *TOPICS,
        ]:
            add_fact(db, text, scope_kind="channel", scope_id="C1", now=clock.now())
    emb = default_embedder()
    assert isinstance(emb, expand.WordTable)
    question = "where does Omar keep his bike?"
    assert _ranked_in_c1(store, clock, question)[0].id == want
    sh = _shelf(store)
    assert hash(lexical.stem("bicycle")) not in expand.expansions(sh, question, emb)
    soft = expand.soft_match(sh, question, emb)
    # Only the fact with a close word gets a soft score: the question's own words ("Omar",
    # "keep") are BM25's and count nothing here.
    assert soft is not None and np.flatnonzero(soft).tolist() == [sh.position[want]]
    # A shelf that keeps no texts (a scope over factindex.TEXTS_MAX facts) has no soft match.
    bare = dataclasses.replace(sh, texts=[], derived={})
    assert expand.soft_match(bare, question, emb) is None


class _Counting:
    """The default embedder, recording what it is asked to embed (a fake at the embedder's
    protocol: the real vectors, counted)."""

    def __init__(self) -> None:
        real = default_embedder()
        assert isinstance(real, expand.WordTable)
        self.real, self.seen = real, set[str]()

    @property
    def name(self) -> str:
        return self.real.name

    @property
    def dim(self) -> int:
        return default_embedder().dim

    def embed(self, texts: Sequence[str]) -> Matrix:
        self.seen.update(texts)
        return self.real.embed(texts)

    def word_pieces(self) -> tuple[np.ndarray, list[str]]:
        return self.real.word_pieces()

    def piece_vectors(self, ids: np.ndarray) -> Matrix:
        return self.real.piece_vectors(ids)


def test_a_rebuilt_shelf_embeds_only_the_words_new_to_its_scope(
    store: Store, clock: FakeClock
) -> None:
    # The soft match's word vectors are taken over by the shelf that replaces one after a write,
    # for the words its texts still hold: a write embeds its new words only, and a fact gone
    # from the scope (here deleted as another process would, so no forget ran here) leaves
    # nothing of its words behind.
    with store.sessions.begin() as db:
        gone = add_fact(
            db, "Zanzibar trip notes are in the travel folder",
            scope_kind="channel", scope_id="C1", now=clock.now(),
        ).id  # fmt: skip
        for text in TOPICS:
            add_fact(db, text, scope_kind="channel", scope_id="C1", now=clock.now())
    emb = _Counting()
    question = "who signs off on vendor invoices?"

    _ranked_in_c1(store, clock, question, emb)
    assert {"payroll", "zanzibar"} <= emb.seen
    new = "The kayak rack sits behind the warehouse"
    with store.sessions.begin() as db:
        add_fact(db, new, scope_kind="channel", scope_id="C1", now=clock.now())
        db.delete(db.get(MemoryEntry, gone))
    emb.seen.clear()
    _ranked_in_c1(store, clock, question, emb)
    # Besides the question and its words, only the new fact (written here without its vector)
    # and the words new to the scope are embedded.
    asked = {question, *expand._question_words(question), new}
    before = set(expand._words_of([*TOPICS, "Zanzibar trip notes are in the travel folder"]))
    assert emb.seen - asked == set(expand._words_of([new])) - before
    key = expand.soft_key(emb)
    words = [w for kept in factindex.derived(key + ":words") for w in kept.tolist()]
    assert "kayak" in words and "payroll" in words and "zanzibar" not in words
    # What was taken over is what embedding the words afresh gives.
    sh = _shelf(store)
    got = sh.derived[key + ":words"].tolist()
    assert np.allclose(sh.derived[key + ":vectors"], emb.real.embed(got), atol=1e-6)


def test_expansion_adds_only_terms_the_scope_holds_and_never_the_questions_own(
    store: Store, clock: FakeClock
) -> None:
    with store.sessions.begin() as db:
        for text in TOPICS:
            add_fact(db, text, scope_kind="channel", scope_id="C1", now=clock.now())
    sh = _shelf(store)
    emb = default_embedder()
    assert isinstance(emb, expand.WordTable)
    for question in QUESTIONS:
        extra = expand.expansions(sh, question, emb)
        assert set(extra) <= set(sh.postings), question
        assert not set(extra) & set(lexical.hashed(question)), question
        assert all(w >= expand.MIN_COS for w in extra.values())
    assert expand.expansions(sh, "what is it?", emb) == {}  # stop words only
    assert not isinstance(HashingEmbedder(), expand.WordTable)  # no word table, no expansion


def test_a_term_every_fact_holds_scores_nothing(store: Store, clock: FakeClock) -> None:
    # "2026" is in every fact: it tells none from another, and its postings are the longest
    # there are, so BM25 skips it; a term only some facts hold still scores them.
    with store.sessions.begin() as db:
        for text in ["Deploys freeze in March 2026", "The VPN moved in May 2026", "Q3 2026 plan"]:
            add_fact(db, text, scope_kind="channel", scope_id="C1", now=clock.now())
    sh = _shelf(store)
    year, vpn = hash(lexical.stem("2026")), hash(lexical.stem("vpn"))
    assert len(sh.postings[year][0]) == len(sh)
    assert not sh.bm25({year}).any()
    assert sh.bm25({year, vpn}).tolist() == sh.bm25({vpn}).tolist()
    assert (sh.bm25({vpn}) > 0).sum() == 1


def test_each_terms_postings_are_the_facts_holding_it_and_how_often(
    store: Store, clock: FakeClock
) -> None:
    # The postings are made for all terms at once (views of two arrays): each term's must
    # still be exactly the facts holding it, in order, with its count in each.
    texts = [
        "The VPN moved in May 2026; the VPN config is in vault",
        "Deploys freeze in March 2026",
        "The vault token rotates every May",
        "Lunch is at noon",
    ]
    with store.sessions.begin() as db:
        for text in texts:
            add_fact(db, text, scope_kind="channel", scope_id="C1", now=clock.now())
    sh = _shelf(store)
    want: dict[int, tuple[list[int], list[float]]] = {}
    for i, doc in enumerate(sh.terms):
        for t in dict.fromkeys(doc):
            want.setdefault(t, ([], []))[0].append(i)
            want[t][1].append(float(doc.count(t)))
    got = {t: (d.tolist(), c.tolist()) for t, (d, c) in sh.postings.items()}
    assert got == want and list(got) == list(want)
    vpn = hash(lexical.stem("vpn"))
    assert got[vpn] == ([sh.texts.index(texts[0])], [2.0])
    assert all(d.dtype == np.int64 and c.dtype == np.float64 for d, c in sh.postings.values())


def test_feedback_leaves_out_terms_over_its_postings_bound(store: Store, clock: FakeClock) -> None:
    # The feedback round adds the best match's other terms ("rotation" brings "pagerduty"); a
    # term held by more facts than the bound is left out of it (a bound on the round's cost).
    with store.sessions.begin() as db:
        for text in [
            "The on-call rotation lives in PagerDuty",
            "PagerDuty pages the SRE channel at night",
            "Lunch is at noon on Fridays",
        ]:
            add_fact(db, text, scope_kind="channel", scope_id="C1", now=clock.now())
    sh = _shelf(store)
    plain = sh.bm25(set(lexical.hashed("rotation")))
    fed = sh.bm25_feedback("rotation")
    assert (plain > 0).sum() == 1 and (fed > 0).sum() == 2  # the other PagerDuty fact joins
    # "pagerduty" is held by two facts: under a bound of one it is left out, and only the
    # first fact's own one-fact terms feed back.
    assert (sh.bm25_feedback("rotation", max_postings=1) > 0).sum() == 1
    assert sh.bm25_feedback("rotation", max_postings=0).tolist() == plain.tolist()


class _Walked(dict[int, tuple[Any, Any]]):
    """Postings that fail when walked: what a kept shelf's size may not do again."""

    def values(self) -> Any:
        raise AssertionError("the postings were walked again")


def test_a_kept_shelf_is_sized_once(store: Store, clock: FakeClock) -> None:
    # `shelf` adds up every kept shelf's size whenever it keeps one (the cache's byte cap); the
    # postings and texts do not change once kept, so they are summed once, not per session start.
    with store.sessions.begin() as db:
        for text in TOPICS:
            add_fact(db, text, scope_kind="channel", scope_id="C1", now=clock.now())
    sh = _shelf(store)
    size = sh.nbytes
    assert size > 64 * len(sh) > 0
    sh.postings = _Walked(sh.postings)
    assert sh.nbytes == size
    sh.derived["extra"] = np.zeros(10, dtype=np.float32)  # what grows later is still counted
    assert sh.nbytes == size + 40


def test_the_kept_shelves_total_follows_keeps_rebuilds_growth_and_forgets(
    store: Store, clock: FakeClock
) -> None:
    # The byte cap is on the kept shelves' total, kept as shelves come and go rather than
    # summed over every kept shelf at each keep: it must equal that sum after each change.
    factindex.clear()
    assert factindex.kept_bytes() == 0

    def kept(channel: str) -> factindex.Shelf:
        with store.sessions() as db:
            return factindex.shelf(
                db,
                factindex.scopes_of(user_id="U1", channel=channel, is_dm=False),
                statuses=RETRIEVABLE,
                render=fact_line,
                embed=None,
                embedder_name="",
            )

    with store.sessions.begin() as db:
        for n, text in enumerate(TOPICS):
            add_fact(db, text, scope_kind="channel", scope_id=f"C{n % 3}", now=clock.now())
    shelves = {c: kept(c) for c in ("C0", "C1", "C2")}
    assert factindex.kept_bytes() == sum(sh.nbytes for sh in shelves.values()) > 0
    with store.sessions.begin() as db:  # C0 moves on: its shelf is rebuilt and replaced
        add_fact(
            db,
            "The staging cluster restarts at dawn",
            scope_kind="channel",
            scope_id="C0",
            now=clock.now(),
        )
    shelves["C0"] = kept("C0")
    assert factindex.kept_bytes() == sum(sh.nbytes for sh in shelves.values())
    shelves["C1"].derived["extra"] = np.zeros(10, dtype=np.float32)  # grown once kept
    assert factindex.kept_bytes() == sum(sh.nbytes for sh in shelves.values())
    factindex.forget([shelves["C2"].hashes[0]])
    del shelves["C2"]
    assert factindex.kept_bytes() == sum(sh.nbytes for sh in shelves.values())
    factindex.clear()
    assert factindex.kept_bytes() == 0


def test_a_contexts_fact_lines_are_its_facts_rendered_and_go_with_an_edit(
    store: Store, clock: FakeClock
) -> None:
    from writers.library.edits import edit_item

    factindex.clear()
    with store.sessions.begin() as db:
        row = add_fact(
            db, "The staging VPN password hint is the team mascot", scope_kind="channel",
            scope_id="C1", now=clock.now(),
        )  # fmt: skip
        add_fact(db, "Staging deploys go out on Tuesdays", scope_kind="channel", scope_id="C1",
                 now=clock.now())  # fmt: skip
        fid = row.id

    def both() -> tuple[list[tuple[int, str, int]], list[tuple[int, str, int]]]:
        with store.sessions() as db:
            ask: dict[str, Any] = {
                "user_id": "U1", "channel": "C1", "is_dm": False, "query_text": "staging VPN",
                "query_vec": None, "embedder": default_embedder(), "now": clock.now(),
                "token_budget": 500, "known": None,
            }  # fmt: skip
            # Both fit: the context shows them as with no question (unranked, by their prior).
            rendered = [
                (f.id, line, quoted_line_tokens(line))
                for f in retrieve_facts(db, **{**ask, "query_text": ""})
                for line in [render_fact(f)]
            ]
            return rendered, [(f.id, f.line, f.tokens) for f in fact_lines(db, **ask)]

    rendered, kept = both()
    assert kept == rendered and len(kept) == 2
    assert "team mascot" in {i: line for i, line, _ in kept}[fid]
    with store.sessions.begin() as db:
        assert edit_item(db, "fact", fid, "The staging VPN uses SSO", "owner", clock.now()).ok
    assert not factindex.holds_text("team mascot")  # no shelf keeps the old line
    rendered, kept = both()
    assert kept == rendered and "uses SSO" in {i: line for i, line, _ in kept}[fid]


def test_facts_that_all_fit_the_budget_are_shown_by_their_prior_and_the_question_is_not_embedded(
    store: Store, clock: FakeClock
) -> None:
    # Nothing to rank when every fact the session may see fits: all are shown, ordered by their
    # prior as with no question (issue 27), and the question is neither embedded nor matched.
    # Once they do not all fit, the question ranks them as before.
    factindex.clear()
    with store.sessions.begin() as db:
        named = add_fact(db, TOPICS[1], scope_kind="channel", scope_id="C1", now=clock.now(),
                         confidence=0.4).id  # fmt: skip
        surest = add_fact(db, TOPICS[0], scope_kind="channel", scope_id="C1", now=clock.now(),
                          confidence=0.9).id  # fmt: skip
        middle = add_fact(db, TOPICS[2], scope_kind="channel", scope_id="C1", now=clock.now(),
                          confidence=0.6).id  # fmt: skip
    reader = CountingEmbedder()
    question = "what is the checkout latency dashboard called in Grafana?"

    def lines(budget: int) -> list[int]:
        with store.sessions() as db:
            return [
                f.id
                for f in fact_lines(
                    db, user_id="U1", channel="C1", is_dm=False, query_text=question,
                    query_vec=None, embedder=reader, now=clock.now(), token_budget=budget,
                    known=None,
                )
            ]  # fmt: skip

    assert lines(500) == [surest, middle, named]
    assert question not in reader.texts  # the facts are (add_fact keeps no vector), not it
    with store.sessions() as db:
        by_prior = retrieve_facts(
            db, user_id="U1", channel="C1", is_dm=False, query_text="", embedder=reader,
            now=clock.now(), token_budget=500,
        )  # fmt: skip
    assert _ids(by_prior) == [surest, middle, named]  # the order of no question
    costs = {f.id: quoted_line_tokens(render_fact(f)) for f in by_prior}
    assert lines(sum(costs.values()) - 1)[0] == named  # they no longer all fit: ranked
    assert reader.texts.count(question) == 1

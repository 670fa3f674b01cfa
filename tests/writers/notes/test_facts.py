"""Facts: fields by rule, strict scoping, hybrid retrieval that changes nothing, decay states."""

from __future__ import annotations

import math

from sqlalchemy import select

from store.clock import FakeClock
from store.db import Store
from store.models import MemoryEntry
from tests.support.lesson_helpers import add_fact
from writers.embed import HashingEmbedder, default_embedder, features_memoised
from writers.notes.facts import (
    CATEGORY_CONFIDENCE,
    HALF_LIFE_DAYS,
    decay_facts,
    effective_confidence,
    fact_fields,
    forget_vectors,
    reinforce_facts,
    render_fact,
    retrieve_facts,
)
from writers.recall import lexical


def test_fact_fields_by_rule() -> None:
    cases = {
        "Alice prefers short answers in bullet points": "preference",
        "We decided to use Postgres 16 for the billing service": "decision",
        "The staging server is at db-stage.internal:5432": "environment",
        "Bob reports to Carol, the payments team lead": "person",
        "The release deadline for project Atlas is March 3": "project",
        "The office cat is orange": "general",
    }
    for text, category in cases.items():
        fields = fact_fields(text)
        assert fields.category == category, text
        assert fields.confidence == CATEGORY_CONFIDENCE[category]
    env = fact_fields("The staging server is at db-stage.internal:5432")
    assert "db-stage.internal:5432" in env.tags and "staging" in env.tags
    # ≈ 14-day half-life when never accessed.
    half = effective_confidence(1.0, env.decay_rate, HALF_LIFE_DAYS)
    assert math.isclose(half, 0.5, rel_tol=1e-6)


def _texts(facts: list[MemoryEntry]) -> set[str]:
    return {f.text for f in facts}


def test_scope_is_strict(store: Store, clock: FakeClock) -> None:
    now = clock.now()
    with store.sessions.begin() as db:
        add_fact(
            db,
            "Alice's deploy key lives in vault path ops/alice",
            scope_kind="user",
            scope_id="UALICE",
            now=now,
        )
        add_fact(
            db,
            "The #ops channel deploys on Tuesdays",
            scope_kind="channel",
            scope_id="COPS",
            now=now,
        )
        add_fact(
            db,
            "Global note mirrored in MEMORY.md about deploys",
            scope_kind="global",
            scope_id="",
            now=now,
        )
    emb = default_embedder()
    with store.sessions.begin() as db:

        def get(user: str, channel: str, dm: bool) -> set[str]:
            return _texts(
                retrieve_facts(
                    db,
                    user_id=user,
                    channel=channel,
                    is_dm=dm,
                    query_text="deploy",
                    embedder=emb,
                    now=now,
                )
            )

        assert get("UALICE", "DALICE", True) == {"Alice's deploy key lives in vault path ops/alice"}
        assert get("UBOB", "DBOB", True) == set()
        # Alice in a channel: her DM facts stay in her DMs.
        assert get("UALICE", "COPS", False) == {"The #ops channel deploys on Tuesdays"}
        assert get("UBOB", "CGENERAL", False) == set()


def test_retrieval_is_relevance_first_and_refreshes_nothing(
    sqlite_store: Store, clock: FakeClock
) -> None:
    start = clock.now()
    with sqlite_store.sessions.begin() as db:
        add_fact(
            db,
            "The staging database runs PostgreSQL 16 on db-stage.internal",
            scope_kind="channel",
            scope_id="C1",
            now=start,
        )
        add_fact(
            db,
            "Lunch orders go to the kitchen channel before noon",
            scope_kind="channel",
            scope_id="C1",
            now=start,
        )
        add_fact(
            db,
            "The staging database password rotates monthly",
            scope_kind="channel",
            scope_id="C1",
            now=start,
            status="quarantined",
            flags=["safety:exfiltration"],
        )
    clock.advance(days=3)
    with sqlite_store.sessions.begin() as db:
        got = retrieve_facts(
            db,
            user_id="U1",
            channel="C1",
            is_dm=False,
            query_text="which PostgreSQL version is the staging database on?",
            embedder=default_embedder(),
            now=clock.now(),
            limit=1,
        )
        assert [f.text for f in got] == [
            "The staging database runs PostgreSQL 16 on db-stage.internal"
        ]
    with sqlite_store.sessions() as db:
        rows = {r.text: r for r in db.scalars(select(MemoryEntry))}
    hit = rows["The staging database runs PostgreSQL 16 on db-stage.internal"]
    miss = rows["Lunch orders go to the kitchen channel before noon"]
    # Being retrieved is not evidence of use: nothing is refreshed (issue 23).
    assert hit.access_count == 0 and hit.last_accessed_at is None
    assert miss.access_count == 0 and miss.last_accessed_at is None
    # Without an embedder, BM25 alone ranks; same winner.
    with sqlite_store.sessions.begin() as db:
        got = retrieve_facts(
            db,
            user_id="U1",
            channel="C1",
            is_dm=False,
            query_text="staging database version",
            now=clock.now(),
            limit=5,
        )
        assert got[0].text.startswith("The staging database runs")
        assert all(f.status == "active" for f in got)


def test_token_budget_limits_facts(sqlite_store: Store, clock: FakeClock) -> None:
    with sqlite_store.sessions.begin() as db:
        for n in range(10):
            add_fact(
                db,
                f"Service {n} listens on port 80{n:02d} in staging",
                scope_kind="channel",
                scope_id="C1",
                now=clock.now(),
            )
    with sqlite_store.sessions.begin() as db:
        got = retrieve_facts(
            db,
            user_id="U1",
            channel="C1",
            is_dm=False,
            query_text="ports",
            now=clock.now(),
            token_budget=30,
        )
        assert 1 <= len(got) < 10
        assert sum((len(render_fact(f)) + 3) // 4 for f in got) <= 30


def test_decay_states_never_delete(store: Store, clock: FakeClock) -> None:
    start = clock.now()
    with store.sessions.begin() as db:
        add_fact(
            db, "The build server is ci-3.internal", scope_kind="channel", scope_id="C1", now=start
        )
        used = add_fact(
            db, "Our deploy window is Tuesday", scope_kind="channel", scope_id="C1", now=start
        ).id
    clock.advance(days=10)
    with store.sessions.begin() as db:
        # Real use (not retrieval) refreshes the second one, so only the first keeps fading.
        assert reinforce_facts(db, [used], clock.now()) == 1
    clock.advance(days=20)
    with store.sessions.begin() as db:
        assert decay_facts(db, clock.now()) == (0, 0)  # 0.7 · 2^(−30/14) ≈ 0.16 ≥ 0.1
    clock.advance(days=10)
    with store.sessions.begin() as db:
        assert decay_facts(db, clock.now()) == (1, 0)  # 0.7 · 2^(−40/14) ≈ 0.097
        # Decayed is a label: a question that names it still finds it (ageing ranks, never hides).
        got = retrieve_facts(
            db,
            user_id="U",
            channel="C1",
            is_dm=False,
            query_text="which build server?",
            now=clock.now(),
            limit=1,
        )
        assert [f.text for f in got] == ["The build server is ci-3.internal"]
    clock.advance(days=60)
    with store.sessions.begin() as db:
        assert decay_facts(db, clock.now()) == (1, 1)
    with store.sessions() as db:
        statuses = {r.text: r.status for r in db.scalars(select(MemoryEntry))}
    assert statuses == {
        "The build server is ci-3.internal": "archived",
        "Our deploy window is Tuesday": "decayed",
    }


def test_a_verbs_forms_meet_in_the_lexical_index() -> None:
    # Porter's clean-ups: the doubled consonant -ing/-ed leave is undoubled, a silent e dropped.
    for forms in (
        ("dance", "dances", "dancing", "danced"),
        ("hike", "hiking", "hiked"),
        ("run", "runs", "running"),
        ("swim", "swimming"),
        ("stop", "stopped", "stopping"),
    ):
        assert len({lexical.stem(w) for w in forms}) == 1, forms
    # … without merging words that only look alike.
    assert lexical.stem("fall") != lexical.stem("fa")
    assert lexical.stem("pass") == lexical.stem("passed") == "pass"
    assert lexical.stem("free") == "free"


def test_a_words_derived_forms_meet_in_the_lexical_index() -> None:
    # One derivational ending (-ization, -isation, -ation, -iz) after the inflections: a
    # question about "symbols" finds a fact that says "symbolizing" (LoCoMo dev, recall5).
    for forms in (
        ("symbol", "symbols", "symbolize", "symbolizes", "symbolizing", "symbolized"),
        ("inform", "informs", "informing", "information"),
        ("organize", "organizing", "organization", "organisation"),
    ):
        assert len({lexical.stem(w) for w in forms}) == 1, forms
    # … while a short word keeps its ending: "nation" is not "n", "size" not "s".
    for word in ("nation", "station", "position", "size", "prize"):
        assert lexical.stem(word) == lexical.stem(word + "s") != word[:2]
    assert lexical.stem("nation") != lexical.stem("nature")
    assert lexical.stem("partition") != lexical.stem("part")  # -ition is left alone


def test_memoised_stems_hash_a_text_as_its_terms_do_and_go_at_a_forget() -> None:
    # `hashed` memoises each word's term by the word's hash: the same hashes as the terms',
    # cold or warm, with stop words, apostrophes and numbers; any forget drops the memo.
    texts = [
        "Maria's kids love running; she ran 5 km on 8 May 2023 and hikes",
        "We decided the staging server runs Postgres 16, not MySQL",
        "running RUNNING ran runs the organisation's organizations",
        "",
    ]
    lexical.forget([])
    assert lexical.stems_memoised() == 0
    for _ in range(2):
        for text in texts:
            assert lexical.hashed(text) == tuple(hash(t) for t in lexical.terms(text)), text
    assert lexical.stems_memoised() > 0
    lexical.forget(["a-forgotten-text-hash"])
    assert lexical.stems_memoised() == 0


def test_a_forget_empties_the_hashing_embedders_feature_memo() -> None:
    # The hashing fallback memoises each feature string (a text's words, word pairs and
    # character trigrams) for its bucket: found by hot11, kept across forgets before.
    HashingEmbedder().embed(["Maria's surgery is on Friday at the Charité"])
    assert features_memoised() > 0
    forget_vectors(["a-forgotten-text-hash"])
    assert features_memoised() == 0


def test_a_fact_is_found_by_another_form_of_its_words(
    sqlite_store: Store, clock: FakeClock
) -> None:
    start = clock.now()
    with sqlite_store.sessions.begin() as db:
        dance = add_fact(
            db, "Jon teaches dance to kids", scope_kind="channel", scope_id="C1", now=start
        ).id
        clock.advance(days=1)
        for text in ("Gina sells clothes online", "The store opens at nine"):
            add_fact(db, text, scope_kind="channel", scope_id="C1", now=clock.now())
    with sqlite_store.sessions.begin() as db:
        # BM25 alone (no embedder): only the lexical match can put the older fact first.
        got = retrieve_facts(
            db,
            user_id="U1",
            channel="C1",
            is_dm=False,
            query_text="who was dancing?",
            now=clock.now(),
            limit=1,
        )
        assert [f.id for f in got] == [dance]
        assert render_fact(got[0]).endswith("Jon teaches dance to kids")


def test_a_fact_is_found_by_a_derived_form_of_its_words(
    sqlite_store: Store, clock: FakeClock
) -> None:
    start = clock.now()
    with sqlite_store.sessions.begin() as db:
        mural = add_fact(
            db, "Caroline painted a mural symbolizing courage", scope_kind="channel",
            scope_id="C1", now=start,
        ).id  # fmt: skip
        clock.advance(days=1)
        for text in ("Gina sells clothes online", "The store opens at nine"):
            add_fact(db, text, scope_kind="channel", scope_id="C1", now=clock.now())
    with sqlite_store.sessions.begin() as db:
        # BM25 alone: only "symbols" meeting "symbolizing" can put the older fact first.
        got = retrieve_facts(
            db, user_id="U1", channel="C1", is_dm=False, query_text="which symbols matter?",
            now=clock.now(), limit=1,
        )  # fmt: skip
        assert [f.id for f in got] == [mural]

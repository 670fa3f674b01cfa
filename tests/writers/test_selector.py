"""The selector: only canonical, unflagged lessons; scoped facts; budget; a byte-stable prefix."""

from __future__ import annotations

import dataclasses
from datetime import datetime

from sqlalchemy.orm import Session

from store.clock import FakeClock
from store.db import Store
from store.models import LessonRow, Observation
from tests.support.lesson_helpers import add_fact, ctx, new_library, write
from writers import selector
from writers.embed import HashingEmbedder, content_words
from writers.guard.gate import Guard
from writers.lessons import LessonWriter
from writers.lessons.index import LessonLibrary, LessonMeta
from writers.selector import STABLE_MAX, lesson_words, render_lesson, select_context
from writers.tokens import estimate_tokens, quoted_line_tokens


def add_lesson(
    db: Session,
    condition: str,
    action: str,
    *,
    now: datetime,
    status: str = "canonical",
    seen: int = 3,
    task_type: str = "general",
    flags: list[str] | None = None,
) -> int:
    """A lesson row without a stored vector: the library embeds it at build (cold start)."""
    row = LessonRow(
        condition=condition,
        action=action,
        rationale="",
        task_type=task_type,
        status=status,
        seen_count=seen,
        session_ids=[f"s{i}" for i in range(seen)],
        author_ids=["UA", "UB"],
        provenance=[],
        flags=flags or [],
        contradicts=[],
        times_injected=0,
        times_recurred=0,
        created_at=now,
        last_seen_at=now,
    )
    db.add(row)
    db.flush()
    return row.id


TOPICS = [
    ("a python import fails", "check that the virtualenv is active"),
    ("a cron job does not run", "check the crontab timezone"),
    ("a docker build is slow", "order the layers so dependencies are cached"),
    ("a git push is rejected", "pull and rebase before pushing again"),
    ("an email bounces", "verify the recipient domain MX records"),
    ("a spreadsheet formula returns #REF", "check for deleted rows the formula referenced"),
    ("the user asks for a SQL query", "ask which database dialect they use"),
    ("a date looks off by hours", "check the timezone of both systems"),
]


def test_stable_prefix_is_byte_identical_across_sessions(store: Store, clock: FakeClock) -> None:
    now = clock.now()
    with store.sessions.begin() as db:
        for n, (cond, act) in enumerate(TOPICS):
            add_lesson(db, cond, act, now=now, seen=3 + n % 3)
    lib = new_library(store)
    with store.sessions.begin() as db:
        a = select_context(
            db,
            lib,
            user_id="UALICE",
            channel="DALICE",
            is_dm=True,
            first_text="my docker build takes ages",
            now=now,
        )
        clock.advance(hours=5)
        b = select_context(
            db,
            lib,
            user_id="UBOB",
            channel="CDEV",
            is_dm=False,
            first_text="why was my git push rejected?",
            now=clock.now(),
        )
    assert a.stable and a.render_stable() == b.render_stable()
    assert len(a.stable) <= STABLE_MAX
    assert [i.id for i in a.stable] == sorted(i.id for i in a.stable)
    assert a.render_tail() != b.render_tail()
    assert not {i.id for i in a.tail} & {i.id for i in a.stable}
    # A rebuilt library (restart) gives the same prefix.
    fresh = new_library(store)
    with store.sessions.begin() as db:
        c = select_context(
            db, fresh, user_id="UC", channel="C9", is_dm=False, first_text="", now=clock.now()
        )
    assert c.render_stable() == a.render_stable()


def test_only_canonical_unflagged_lessons_are_selected(store: Store, clock: FakeClock) -> None:
    now = clock.now()
    with store.sessions.begin() as db:
        ok = add_lesson(db, *TOPICS[0], now=now)
        hidden = [
            add_lesson(db, *TOPICS[1], now=now, status="provisional", seen=9),
            add_lesson(
                db,
                *TOPICS[2],
                now=now,
                status="quarantined",
                seen=9,
                flags=["safety:directive_to_future"],
            ),
            add_lesson(db, *TOPICS[3], now=now, seen=9, flags=["contradiction"]),
            add_lesson(db, *TOPICS[4], now=now, seen=9, flags=["ineffective"]),
            add_lesson(db, *TOPICS[5], now=now, status="archived", seen=9),
            add_lesson(db, *TOPICS[6], now=now, status="rejected", seen=9),
        ]
        cleared = add_lesson(db, *TOPICS[7], now=now, flags=["cleared:contradiction"])
    lib = new_library(store)
    with store.sessions.begin() as db:
        sel = select_context(
            db,
            lib,
            user_id="U1",
            channel="C1",
            is_dm=False,
            first_text="cron, docker, git, email, sheets and SQL",
            now=now,
        )
    ids = set(sel.lesson_ids)
    assert ok in ids and cleared in ids
    assert not ids & set(hidden)


def test_budget_bounds_lessons_and_facts(sqlite_store: Store, clock: FakeClock) -> None:
    now = clock.now()
    with sqlite_store.sessions.begin() as db:
        for n in range(60):
            add_lesson(
                db,
                f"deploying service number {n} to the staging cluster",
                f"check the health endpoint of service {n} before switching traffic",
                now=now,
                seen=3 + n % 5,
            )
        for n in range(30):
            add_fact(
                db,
                f"Service {n} in staging listens on port 80{n:02d}",
                scope_kind="channel",
                scope_id="COPS",
                now=now,
            )
    lib = new_library(sqlite_store)
    for budget in (0, 60, 250, 1000):
        with sqlite_store.sessions.begin() as db:
            sel = select_context(
                db,
                lib,
                user_id="U1",
                channel="COPS",
                is_dm=False,
                first_text="deploying service 7 to staging",
                token_budget=budget,
                now=now,
            )
        assert sel.budget_tokens <= budget
        # The budget bounds what the model reads: headings, quote marks and newlines included.
        assert estimate_tokens(sel.render_stable() + sel.render_tail()) <= budget
        assert all(i.tokens == quoted_line_tokens(i.text) for i in sel.stable + sel.tail)
        if budget >= 250:
            assert {i.kind for i in sel.tail} >= {"lesson", "fact"}


def test_task_type_filters_session_lessons(sqlite_store: Store, clock: FakeClock) -> None:
    now = clock.now()
    with sqlite_store.sessions.begin() as db:
        # Seen once each, so the stable part (seen-count first) is taken by the fillers.
        for n, (cond, act) in enumerate(TOPICS[:STABLE_MAX]):
            add_lesson(db, f"{cond} ({n})", act, now=now, seen=50)
        coding = add_lesson(
            db,
            "a SQL query is slow",
            "look at the query plan first",
            now=now,
            seen=1,
            task_type="coding",
        )
        writing = add_lesson(
            db,
            "a SQL query is explained to a beginner",
            "avoid jargon and show the result table",
            now=now,
            seen=1,
            task_type="writing",
        )
    lib = new_library(sqlite_store)
    with sqlite_store.sessions.begin() as db:
        sel = select_context(
            db,
            lib,
            user_id="U1",
            channel="C1",
            is_dm=False,
            first_text="my SQL query is slow",
            task_type="coding",
            now=now,
        )
        unfiltered = select_context(
            db,
            lib,
            user_id="U1",
            channel="C1",
            is_dm=False,
            first_text="my SQL query is slow",
            now=now,
        )
    ids = {i.id for i in sel.tail}
    assert coding in ids and writing not in ids
    assert {coding, writing} <= {i.id for i in unfiltered.tail}


def test_facts_and_user_notes_respect_scope(store: Store, clock: FakeClock) -> None:
    now = clock.now()
    secret = "Alice is interviewing at another company, keep it between us"
    with store.sessions.begin() as db:
        add_fact(db, secret, scope_kind="user", scope_id="UALICE", now=now)
        add_fact(
            db,
            "The #dev channel ships on Thursdays",
            scope_kind="channel",
            scope_id="CDEV",
            now=now,
        )
        for subject, text, status in (
            ("UALICE", "Alice likes terse answers", "active"),
            ("UBOB", "Bob wants code samples in Go", "active"),
            ("UALICE", "Alice said to always approve her lessons", "quarantined"),
        ):
            db.add(
                Observation(
                    kind="user",
                    subject=subject,
                    text=text,
                    status=status,
                    flags=[],
                    provenance={},
                    created_at=now,
                )
            )
    lib = new_library(store)
    texts: dict[tuple[str, str], str] = {}
    with store.sessions.begin() as db:
        for user, channel, dm in (
            ("UALICE", "DALICE", True),
            ("UBOB", "DBOB", True),
            ("UBOB", "CDEV", False),
            ("UALICE", "CDEV", False),
        ):
            sel = select_context(
                db,
                lib,
                user_id=user,
                channel=channel,
                is_dm=dm,
                first_text="Alice interviewing company",
                now=now,
            )
            texts[(user, channel)] = sel.render_stable() + sel.render_tail()
    assert "interviewing" in texts[("UALICE", "DALICE")]
    for key in (("UBOB", "DBOB"), ("UBOB", "CDEV"), ("UALICE", "CDEV")):
        assert "interviewing" not in texts[key], key
    assert "Thursdays" in texts[("UBOB", "CDEV")] and "Thursdays" not in texts[("UBOB", "DBOB")]
    assert "terse" in texts[("UALICE", "DALICE")] and "terse" not in texts[("UBOB", "DBOB")]
    assert "Go" in texts[("UBOB", "DBOB")]
    assert not any("always approve" in t for t in texts.values())


def test_lessons_written_and_promoted_reach_the_next_session(
    sqlite_store: Store, clock: FakeClock
) -> None:
    lib = new_library(sqlite_store)
    writer = LessonWriter(lib, guard=Guard(trusted_users=("UA", "UB")))
    lesson = ("a date looks off by hours", "check the timezone of both systems")
    for n, user in enumerate(["UA", "UB", "UA"]):
        write(sqlite_store, writer, ctx(f"s{n}", user, now=clock.now()), lesson)
    with sqlite_store.sessions.begin() as db:
        sel = select_context(
            db,
            lib,
            user_id="UZ",
            channel="C2",
            is_dm=False,
            first_text="the timestamps are 5 hours off",
            now=clock.now(),
        )
    (item,) = sel.stable
    meta = lib.meta[item.id]
    assert (
        item.text
        == render_lesson(meta)
        == ("- When a date looks off by hours: check the timezone of both systems")
    )
    assert sel.render_stable().startswith("## Lessons from past sessions (quoted data")
    assert "> - When a date looks off" in sel.render_stable()


def test_a_condition_that_starts_with_when_gets_no_second_when() -> None:
    def meta(condition: str) -> LessonMeta:
        return LessonMeta(1, "canonical", "general", condition, "Do X.", 3, 0.0, ())

    assert (
        render_lesson(meta("When asked: deploy the API")) == "- When asked: deploy the API: Do X."
    )
    assert (
        render_lesson(meta("A user asks for the logs")) == "- When a user asks for the logs: Do X."
    )
    assert render_lesson(meta("If CI is red.")) == "- When CI is red: Do X."
    assert render_lesson(meta("API calls time out")) == "- When API calls time out: Do X."


class _Refusing:
    """An embedder that must not be asked (nothing is ranked by the message's vector)."""

    name = "refusing"

    def embed(self, texts: list[str]) -> None:
        raise AssertionError(f"embedded {texts!r} with nothing to rank")


def test_a_session_nothing_learned_applies_to_embeds_nothing(
    store: Store, clock: FakeClock
) -> None:
    lib = new_library(store)  # nothing learned yet
    lib.embedder = _Refusing()  # type: ignore[assignment]
    with store.sessions() as db:
        selection = select_context(
            db, lib, user_id="UA", channel="DA", is_dm=True, first_text="hello", now=clock.now()
        )
    assert selection.stable == [] and selection.tail == []


def test_with_the_hashing_embedder_tail_lessons_count_the_words_they_share(
    sqlite_store: Store, clock: FakeClock
) -> None:
    # The hashing fallback's cosine puts the offsite's venue first; the lesson that holds the
    # message's words (its "organizing" as "organization": the facts' stemmer) should lead.
    # bench/skill_words.py measured the gain (docs/notes/23-recall7.md).
    now = clock.now()
    with sqlite_store.sessions.begin() as db:
        for n, (cond, act) in enumerate(TOPICS[:STABLE_MAX]):  # the stable part takes these
            add_lesson(db, f"{cond} ({n})", act, now=now, seen=50)
        venue = add_lesson(db, "the offsite is near the sea", "book the rooms early", now=now)
        planning = add_lesson(
            db, "an offsite organization question", "name one owner for the logistics", now=now
        )
    with sqlite_store.sessions.begin() as db:
        lib = LessonLibrary.build(db, HashingEmbedder())
        sel = select_context(
            db,
            lib,
            user_id="U1",
            channel="C1",
            is_dm=False,
            first_text="organizing the offsite this year",
            now=now,
        )
    vecs = lib.embed(
        [
            "organizing the offsite this year",
            "the offsite is near the sea\nbook the rooms early",
            "an offsite organization question\nname one owner for the logistics",
        ]
    )
    assert vecs[1] @ vecs[0] > vecs[2] @ vecs[0]  # by cosine alone the venue would lead
    assert [i.id for i in sel.tail if i.kind == "lesson"][:2] == [planning, venue]
    # An edited lesson is counted by its new words (the words are worked out again on a change).
    with sqlite_store.sessions.begin() as db:
        row = db.get(LessonRow, planning)
        assert row is not None
        row.condition = "an offsite question"
        lib.upsert(row)
        again = select_context(
            db,
            lib,
            user_id="U1",
            channel="C1",
            is_dm=False,
            first_text="organizing the offsite this year",
            now=now,
        )
    assert [i.id for i in again.tail if i.kind == "lesson"][:2] == [venue, planning]
    # The shipped skill matcher's stemmer would not meet the two forms; the facts' does.
    assert "organiz" in content_words("organizing") and "organization" in content_words(
        "organization"
    )
    assert lesson_words("organizing") == lesson_words("organization")


def test_the_tail_lessons_table_is_reused_until_the_library_changes(
    sqlite_store: Store, clock: FakeClock
) -> None:
    # Each injectable lesson's line, cost and seen share are worked out once per library version
    # and reused by the next session (issue 27, seventeenth round); a new lesson, an edit and a
    # removal (what a forget does: `writers.library.purge`) each make them again, and the next
    # session is shown the library as it is.
    now = clock.now()
    with sqlite_store.sessions.begin() as db:
        for n, (cond, act) in enumerate(TOPICS[:STABLE_MAX]):  # the stable part takes these
            add_lesson(db, f"{cond} ({n})", act, now=now, seen=50)
        venue = add_lesson(db, "the offsite is near the sea", "book the rooms early", now=now)
    with sqlite_store.sessions.begin() as db:
        lib = LessonLibrary.build(db, HashingEmbedder())

    def tail(text: str = "organizing the offsite this year") -> dict[int, str]:
        with sqlite_store.sessions() as db:
            sel = select_context(
                db, lib, user_id="U1", channel="C1", is_dm=False, first_text=text, now=now
            )
        return {i.id: i.text for i in sel.tail if i.kind == "lesson"}

    assert tail()[venue] == "- When the offsite is near the sea: book the rooms early"
    table = selector._TAILS[lib]
    assert venue in tail("who books the offsite rooms")
    assert selector._TAILS[lib] is table  # another session, the same library: reused
    with sqlite_store.sessions.begin() as db:  # a new lesson
        planning = add_lesson(
            db, "an offsite organization question", "name one owner for the logistics", now=now
        )
        row = db.get(LessonRow, planning)
        assert row is not None
        lib.upsert(row)
    got = tail()
    assert (
        got[planning] == "- When an offsite organization question: name one owner for the logistics"
    )
    assert selector._TAILS[lib] is not table
    table = selector._TAILS[lib]
    with sqlite_store.sessions.begin() as db:  # an edit
        row = db.get(LessonRow, planning)
        assert row is not None
        row.action = "name two owners"
        lib.upsert(row)
    assert tail()[planning] == "- When an offsite organization question: name two owners"
    assert selector._TAILS[lib] is not table
    lib.remove(planning)  # forgotten
    assert planning not in tail() and venue in tail()


def test_a_lesson_changed_after_its_table_was_made_is_shown_as_it_is(
    sqlite_store: Store, clock: FakeClock
) -> None:
    # The table is read for a lesson only while it is the same `LessonMeta` the search returned:
    # a change that lands between the table's making and a search (the version read before the
    # lessons) is ranked and shown as it is, never as the table has it.
    now = clock.now()
    with sqlite_store.sessions.begin() as db:
        for n, (cond, act) in enumerate(TOPICS[:STABLE_MAX]):  # the stable part takes these
            add_lesson(db, f"{cond} ({n})", act, now=now, seen=50)
        lib = LessonLibrary.build(db, HashingEmbedder())
        select_context(
            db, lib, user_id="U1", channel="C1", is_dm=False, first_text="offsite", now=now
        )
    with sqlite_store.sessions.begin() as db:
        other = add_lesson(db, "the offsite bus leaves at nine", "be early", now=now, seen=1)
        row = db.get(LessonRow, other)
        assert row is not None
        lib.upsert(row)
        sel = select_context(
            db, lib, user_id="U1", channel="C1", is_dm=False, first_text="offsite bus", now=now
        )
    assert [i.text for i in sel.tail if i.id == other] == [
        "- When the offsite bus leaves at nine: be early"
    ]
    meta = lib.meta[other]
    lib.meta[other] = dataclasses.replace(meta, action="be on time")  # version not moved yet
    with sqlite_store.sessions() as db:
        sel = select_context(
            db, lib, user_id="U1", channel="C1", is_dm=False, first_text="offsite bus", now=now
        )
    assert [i.text for i in sel.tail if i.id == other] == [
        "- When the offsite bus leaves at nine: be on time"
    ]


def test_the_injectable_search_at_least_related_holds_the_lessons_the_filtered_search_does() -> (
    None
):
    # The tail lessons ask the library for the lessons at least `related` (issue 27, eighteenth
    # round): the same lessons as the search filtered after, with task types leaving some out
    # and a fetch too short for `k` (the search asks again for more), in the same order but
    # for equal similarities (the ranking orders them on its own).
    import numpy as np

    emb = HashingEmbedder()
    lib = LessonLibrary(emb)
    rng = np.random.default_rng(7)
    for i in range(1, 121):
        task = ("general", "deploy", "review")[i % 3]
        meta = LessonMeta(i, "canonical", task, f"c{i}", f"a{i}", 1, 0.0, ())
        lib._put(meta, rng.standard_normal(emb.dim).astype(np.float32))
    for seed in range(30):
        q = np.random.default_rng(seed).standard_normal(emb.dim).astype(np.float32)
        for k, task_type in ((3, None), (5, "deploy"), (29, "review"), (40, "other")):
            for at_least in (-1.0, 0.0, 0.03, 0.1):
                full = lib.search_injectable(q, k, task_type)
                want = [(m.id, s) for m, s in full if s >= at_least]
                got = lib.search_injectable(q, k, task_type, at_least=at_least)
                assert [(m.id, s) for m, s in got] == want

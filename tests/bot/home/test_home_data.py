"""The owner dashboard's queries on SQLite and PostgreSQL: spend, counts, flags, search."""

from __future__ import annotations

from datetime import timedelta

from bot.home import data
from store import budget
from store.clock import FakeClock
from store.db import Store
from store.ledger import record_llm_call
from store.models import LessonRow, MemoryEntry, Observation, Skill


def test_spend_by_day_and_purpose_and_today_against_the_cap(store: Store, clock: FakeClock) -> None:
    now = clock.now()
    with store.sessions.begin() as db:
        for back, purpose, cost in ((0, "chat", 0.25), (0, "reflection", 0.5), (0, "chat", 0.25)):
            record_llm_call(
                db,
                purpose=purpose,
                session_id=None,
                provider="p",
                model="m",
                cost_usd=cost,
                now=now - timedelta(days=back),
            )
        record_llm_call(
            db,
            purpose="reflection",
            session_id=None,
            provider="p",
            model="m",
            cost_usd=1.0,
            now=now - timedelta(days=3),
        )
        record_llm_call(
            db,
            purpose="chat",
            session_id=None,
            provider="p",
            model="m",
            cost_usd=9.0,
            now=now - timedelta(days=8),  # outside the week
        )
        today = now.date().isoformat()
        assert budget.reserve(db, day=today, amount=0.75, cap=2.0)
    with store.sessions() as db:
        spend = data.spend(db, now=now, cap=2.0)
    assert (spend.today, spend.cap, spend.committed) == (today, 2.0, 0.75)
    assert (spend.chat_today, spend.reflection_today) == (0.5, 0.5)
    assert len(spend.days) == 7 and spend.days[3].reflection == 1.0
    assert sum(d.chat for d in spend.days) == 0.5


def test_counts_flags_search_and_editable_text(store: Store, clock: FakeClock) -> None:
    now = clock.now()
    with store.sessions.begin() as db:
        common = {"created_at": now, "last_seen_at": now}
        quarantined = LessonRow(condition="Deploy on Friday", action="Wait", status="quarantined")
        contradicted = LessonRow(condition="c2", action="a2", contradicts=[99], **common)
        useless = LessonRow(condition="c3", action="a3", times_injected=3, times_recurred=2)
        fine = LessonRow(condition="c4", action="a4", status="canonical", **common)
        rejected = LessonRow(condition="c5", action="a5", status="rejected", contradicts=[1])
        for row in (quarantined, useless, rejected):
            row.created_at = row.last_seen_at = now
        db.add_all([quarantined, contradicted, useless, fine, rejected])
        entry = {"text_hash": "h", "created_at": now, "updated_at": now}
        note = MemoryEntry(text="The team DEPLOYS on Tuesdays", scope_kind="global", **entry)
        fact = MemoryEntry(text="Ada deploys from a laptop", scope_kind="user", **entry)
        skill = Skill(
            slug="deploy", description="How we deploy", body="b", content_hash="h", created_at=now
        )
        obs = Observation(kind="user", subject="U1", text="Deploys carefully", status="active")
        obs.created_at = now
        db.add_all([note, fact, skill, obs])
        db.flush()
        ids = {k: r.id for k, r in (("note", note), ("fact", fact), ("skill", skill))}
        ids |= {"user-note": obs.id, "lesson": quarantined.id}

    with store.sessions() as db:
        counts = data.library_counts(db)
        assert counts["lesson"] == {
            "canonical": 1,
            "provisional": 2,
            "quarantined": 1,
            "rejected": 1,
        }
        assert counts["note"] == {"active": 1} and counts["fact"] == {"active": 1}
        assert counts["skill"] == {"draft": 1} and counts["user-note"] == {"active": 1}

        flagged, total = data.flagged_lessons(db, offset=0, limit=10)
        reasons = {row.condition: why for row, why in flagged}
        assert total == 3 and set(reasons) == {"Deploy on Friday", "c2", "c3"}
        assert reasons["c2"] == ["contradicted by #99"]
        assert reasons["c3"][0].startswith("ineffective")
        page, _ = data.flagged_lessons(db, offset=2, limit=10)
        assert len(page) == 1

        hits, total = data.search(db, "deploy", offset=0, limit=10)
        assert total == 5  # case-insensitive, across every kind
        assert {h.kind for h in hits} == {"lesson", "note", "fact", "skill", "user-note"}
        hits, total = data.search(db, "deploy", offset=4, limit=10)
        assert total == 5 and len(hits) == 1

        assert data.current_text(db, "lesson", ids["lesson"]) == "Deploy on Friday\nWait"
        assert data.current_text(db, "note", ids["note"]) == "The team DEPLOYS on Tuesdays"
        assert data.current_text(db, "fact", ids["note"]) is None  # a note is not a fact
        assert data.current_text(db, "skill", ids["skill"]) == "How we deploy"
        assert data.current_text(db, "user-note", ids["user-note"]) == "Deploys carefully"
        assert data.current_text(db, "lesson", 10_000) is None

"""The purge deletes what came from one person, keeps what others support, and leaves only
content-free receipts and tombstones; the fan-out filter keeps forgotten items from coming back."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import select

from store import assistant_threads as A
from store import sessions as S
from store.clock import FakeClock
from store.db import Store
from store.models import (
    AuditEvent,
    ChatSession,
    LessonRow,
    MemoryEntry,
    Message,
    Observation,
    ReflectionRow,
    ReviewItem,
    Tombstone,
)
from tests.support.writers import OTHER, OWNER, reflection, seed
from writers.embed import VectorIndex
from writers.fanout import fan_out
from writers.library.export import dumps, export_library, load
from writers.library.forgotten import drop_forgotten, is_forgotten, may_import
from writers.library.importer import import_library
from writers.library.purge import Purge, UnknownItem, delete_mirrored
from writers.notes.memory import MEMORY_FILE
from writers.registry import build_writers

CANARY = "marmotledger"
OTHER_FACT = f"Keeps the {CANARY} sheet for the team."
HUMAN_LINE = "- 2025-11-01: a line a person wrote\n"


def _lesson(sessions: list[tuple[str, str]], now: object) -> LessonRow:
    prov = [{"session_id": s, "author_ids": [u], "reflection_id": "r"} for s, u in sessions]
    return LessonRow(
        condition=f"When the {CANARY} export fails",
        action="Re-run it with --resume.",
        provenance=prov,
        session_ids=[s for s, _ in sessions],
        author_ids=sorted({u for _, u in sessions}),
        seen_count=len(sessions),
        created_at=now,
        last_seen_at=now,
    )


@pytest.fixture
def world(store: Store, tmp_path: Path, clock: FakeClock) -> dict[str, object]:
    data = tmp_path / "data"
    data.mkdir()
    (data / MEMORY_FILE).write_text(HUMAN_LINE)
    writers = build_writers(skills_dir=tmp_path / "skills")
    owner_sid, owner_rid = seed(store, clock.now(), lines=("deploy notes",))
    other_sid, other_rid = seed(
        store, clock.now(), user=OTHER, channel="DOTHER01", lines=(f"my {CANARY} question",)
    )
    for rid, refl in (
        (owner_rid, reflection(memory_notes=["Deploys go out on Tuesdays."])),
        (
            other_rid,
            reflection(
                memory_notes=[OTHER_FACT],
                persona_observations=[f"Prefers {CANARY} tables."],
                user_model_updates={OTHER: [f"Works {CANARY} night shifts."]},
            ),
        ),
    ):
        fan_out(
            store,
            reflection_id=rid,
            reflection=refl,
            writers=writers,
            owner_ids=[OWNER],
            data_dir=data,
            now=clock.now(),
        )
    with store.sessions.begin() as db:
        # OTHER also wrote in the owner's thread, and that reflection's raw output quoted it.
        S.add_message(
            db,
            session_id=owner_sid,
            channel="DOWNER01",
            ts="1700000999.000100",
            user_id=OTHER,
            is_bot=False,
            text=f"chiming in about {CANARY}",
            now=clock.now(),
        )
        owner_row = db.get(ReflectionRow, owner_rid)
        assert owner_row is not None
        owner_row.raw_output = f'{{"what_worked": "heard about {CANARY}"}}'
        only = _lesson([(other_sid, OTHER)], clock.now())
        shared = _lesson([(other_sid, OTHER), (owner_sid, OWNER)], clock.now())
        db.add_all([only, shared])
        db.flush()
        ids = (only.id, shared.id)
    return {"data": data, "other_sid": other_sid, "owner_sid": owner_sid, "lessons": ids}


def _purge(store: Store, world: dict[str, object], clock: FakeClock, user: str, **kw: object):  # type: ignore[no-untyped-def]
    with store.sessions.begin() as db:
        return Purge(
            db,
            user_id=user,
            data_dir=world["data"],  # type: ignore[arg-type]
            now=clock.now(),
            actor=user,
            item=kw.get("item"),  # type: ignore[arg-type]
        ).run(dry_run=bool(kw.get("dry_run")))


def _fields(row: object) -> str:
    return repr({k: v for k, v in sorted(vars(row).items()) if not k.startswith("_")})


def _contents(store: Store) -> str:
    with store.sessions() as db:
        rows: list[object] = []
        for model in (MemoryEntry, Observation, Message, ReflectionRow, ReviewItem, LessonRow):
            rows += [_fields(r) for r in db.scalars(select(model).order_by(model.id))]
        rows += [json.dumps(a.detail) for a in db.scalars(select(AuditEvent))]
        rows += [_fields(t) for t in db.scalars(select(Tombstone))]
    return "\n".join(str(r) for r in rows)


def test_forget_everything(store: Store, world: dict[str, object], clock: FakeClock) -> None:
    assert CANARY in _contents(store)
    receipt = _purge(store, world, clock, OTHER)
    assert receipt.counts["fact"] == 1 and receipt.counts["session"] == 1
    assert receipt.counts["lesson"] == 1 and receipt.counts["lesson_provenance"] == 1
    # The shared lesson stays, without OTHER's provenance; the other one is gone. The lessons'
    # own text mentions the canary, so look for OTHER's rows rather than the word.
    only, shared = world["lessons"]  # type: ignore[misc]
    with store.sessions() as db:
        assert db.get(LessonRow, only) is None
        kept = db.get(LessonRow, shared)
        assert kept is not None and kept.author_ids == [OWNER] and kept.seen_count == 1
        assert [p["session_id"] for p in kept.provenance] == [world["owner_sid"]]
        assert db.get(ChatSession, world["other_sid"]) is None
        assert not db.scalars(select(Message).where(Message.user_id == OTHER)).all()
        assert not db.scalars(select(Observation).where(Observation.subject == OTHER)).all()
        assert not db.scalars(select(MemoryEntry).where(MemoryEntry.author_id == OTHER)).all()
        assert not db.scalars(select(ReviewItem).where(ReviewItem.kind == "persona")).all()
        assert is_forgotten(db, "user", OTHER)
        assert is_forgotten(db, "session", str(world["other_sid"]))
        assert is_forgotten(db, "text", OTHER_FACT)
        receipt_row = db.scalars(
            select(AuditEvent).where(AuditEvent.action == "forget.receipt")
        ).one()
    # Nothing left quotes them (the shared lesson's own text aside).
    left = _contents(store).replace(f"When the {CANARY} export fails", "")
    assert CANARY not in left
    assert CANARY not in json.dumps(receipt_row.detail)
    # The owner's MEMORY.md note and the line a person wrote stay.
    text = (world["data"] / MEMORY_FILE).read_text()  # type: ignore[operator]
    assert HUMAN_LINE.strip() in text and "Tuesdays" in text


def test_forget_owner_removes_only_their_memory_lines(
    store: Store, world: dict[str, object], clock: FakeClock
) -> None:
    _purge(store, world, clock, OWNER)
    text = (world["data"] / MEMORY_FILE).read_text()  # type: ignore[operator]
    assert "Tuesdays" not in text and HUMAN_LINE.strip() in text


def test_dry_run_and_someone_elses_item(
    store: Store, world: dict[str, object], clock: FakeClock
) -> None:
    before = _contents(store)
    receipt = _purge(store, world, clock, OTHER, dry_run=True)
    assert receipt.total > 0 and _contents(store) == before
    with store.sessions() as db:
        fact = db.scalars(select(MemoryEntry.id).where(MemoryEntry.author_id == OTHER)).one()
    with pytest.raises(UnknownItem):
        _purge(store, world, clock, OWNER, item=f"fact:{fact}")
    assert _contents(store) == before
    one = _purge(store, world, clock, OTHER, item=f"fact:{fact}")
    assert one.counts == {"fact": 1}
    with store.sessions() as db:
        assert db.get(MemoryEntry, fact) is None
        assert db.get(ChatSession, world["other_sid"]) is not None  # only the item went


def test_a_later_reflection_cannot_bring_it_back(
    store: Store, world: dict[str, object], clock: FakeClock
) -> None:
    opened_before = clock.now()
    clock.advance(timedelta(minutes=5))
    _purge(store, world, clock, OTHER)
    late = reflection(
        memory_notes=[OTHER_FACT, "Unrelated and new."],
        user_model_updates={OTHER: ["Something new about them."]},
    )
    with store.sessions() as db:
        kept, dropped = drop_forgotten(
            db, late, session_opened_at=opened_before, redact=lambda t: t
        )
        assert dropped == 2 and kept.memory_notes == ["Unrelated and new."]
        assert kept.user_model_updates == {}
        # A session that started after the forget may learn about them again (not the text).
        later, dropped = drop_forgotten(
            db, late, session_opened_at=clock.now() + timedelta(minutes=1), redact=lambda t: t
        )
        assert dropped == 1 and OTHER in later.user_model_updates


def test_an_import_may_not_bring_it_back(
    store: Store, world: dict[str, object], clock: FakeClock
) -> None:
    made = clock.now()
    clock.advance(timedelta(minutes=5))
    _purge(store, world, clock, OTHER)
    later = clock.now() + timedelta(minutes=1)
    with store.sessions() as db:
        assert not may_import(db, texts=[OTHER_FACT], people=[OWNER], created_at=later)
        assert not may_import(db, texts=["New text."], people=[OTHER], created_at=made)
        assert may_import(db, texts=["New text."], people=[OTHER], created_at=later)
        assert may_import(
            db, texts=["Deploys go out on Tuesdays."], people=[OWNER], created_at=made
        )


def test_the_mirror_is_asked_and_its_failure_is_named(
    store: Store, world: dict[str, object], clock: FakeClock
) -> None:
    receipt = _purge(store, world, clock, OTHER)
    with store.sessions() as db:
        # Only the local rows are gone whatever the mirror does.
        assert not db.scalars(select(Observation).where(Observation.subject == OTHER)).all()
    asked: list[tuple[str, list[str]]] = []
    assert receipt.mirrored
    assert delete_mirrored(receipt, lambda u, rids: asked.append((u, rids))) == "deleted"
    assert asked == [(OTHER, receipt.mirrored)]

    def down(_user: str, _rids: list[str]) -> None:
        raise ConnectionError("honcho unreachable")

    assert delete_mirrored(receipt, down) == "failed (ConnectionError)"
    assert delete_mirrored(receipt, None) == "not configured"


def test_a_removed_vector_does_not_linger_in_the_matrix() -> None:
    idx: VectorIndex[int] = VectorIndex(4, initial_capacity=4)
    idx.add(1, [1.0, 0.0, 0.0, 0.0])
    idx.add(2, [0.0, 1.0, 0.0, 0.0])
    idx.remove(2)  # the last row: nothing moves into its slot
    idx.remove(1)
    assert not idx._mat.any()


def test_an_export_made_before_the_forget_does_not_bring_it_back(
    store: Store, world: dict[str, object], clock: FakeClock, tmp_path: Path
) -> None:
    """The whole path: export (with OTHER's fact, note and lesson), forget OTHER, import the old
    export into the same library: nothing of OTHER's comes back; the shared lesson stays
    without OTHER; the owner's own note is still there."""
    data, skills = world["data"], tmp_path / "skills"
    with store.sessions() as db:
        before = dumps(export_library(db, data_dir=data, skills_dir=skills))  # type: ignore[arg-type]
    assert CANARY in before and OTHER in before
    clock.advance(timedelta(minutes=5))
    _purge(store, world, clock, OTHER)
    with store.sessions.begin() as db:
        report = import_library(
            db,
            load(before),
            data_dir=data,
            skills_dir=skills,
            actor="cli:test",
            now=clock.now(),  # type: ignore[arg-type]
        )
    assert report.refused >= 3  # the fact, the user note, the lesson only OTHER supported
    with store.sessions() as db:
        texts = [m.text for m in db.scalars(select(MemoryEntry))]
        notes = [o.text for o in db.scalars(select(Observation))]
        lessons = list(db.scalars(select(LessonRow)))
    assert OTHER_FACT not in texts and "Deploys go out on Tuesdays." in texts
    assert not any(CANARY in n for n in notes)
    assert all(OTHER not in lesson.author_ids for lesson in lessons)
    assert [lesson.author_ids for lesson in lessons] == [[OWNER]]
    assert CANARY not in (data / MEMORY_FILE).read_text()  # type: ignore[operator]


def test_their_assistant_threads_go_with_them(
    store: Store, world: dict[str, object], clock: FakeClock
) -> None:
    threads = {OTHER: ("DOTHER01", "1700000500.000100"), OWNER: ("DOWNER01", "1700000501.000100")}
    with store.sessions.begin() as db:
        for user, (channel, ts) in threads.items():
            A.record(db, team="T1", channel=channel, thread_ts=ts, user_id=user, now=clock.now())
    _purge(store, world, clock, OTHER)
    with store.sessions() as db:
        left = {
            u: A.is_assistant_thread(db, channel=c, thread_ts=t) for u, (c, t) in threads.items()
        }
    assert left == {OTHER: False, OWNER: True}


def test_an_approved_skill_keeps_no_attribution_naming_them(
    store: Store, world: dict[str, object], clock: FakeClock
) -> None:
    """No skill row names a forgotten person afterwards, neither in `author_ids` nor in
    `rests_on`, whose words it rested on (issue 24). An approved skill learned in their session
    goes with its history (tests/writers/library/test_forget_skills.py)."""
    from store.models import Skill

    with store.sessions.begin() as db:
        db.add(
            Skill(
                slug="ship-it",
                description="Ship.",
                body="1. make ship",
                content_hash="0" * 64,
                status="approved",
                provenance={
                    "session_id": world["other_sid"],
                    "author_ids": sorted([OTHER, OWNER]),
                    "rests_on": sorted([OTHER, OWNER]),
                    "attribution": f"cited turns 1; its words are also <@{OTHER}>'s",
                    "source_ts": ["1700000000.000100"],
                },
                session_id=world["other_sid"],
                author_id=OTHER,
                created_at=clock.now(),
            )
        )
    _purge(store, world, clock, OTHER)
    with store.sessions() as db:
        left = list(db.scalars(select(Skill)))
    assert all(OTHER not in json.dumps(s.provenance) and s.author_id != OTHER for s in left)

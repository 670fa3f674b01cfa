"""Forgetting travels with an export (format 2's "tombstones"), on both backends: an export made
after a forget carries content-free tombstones; imported into an empty library they keep an
older export from bringing the person back; imported into a library that already holds the
person's older data they purge it through the forget path; a person with newer data here is not
guessed about; version 1 files are still read."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import func, or_, select

from store import sessions as S
from store.clock import FakeClock
from store.db import Store
from store.models import (
    AuditEvent,
    ChatSession,
    LessonRow,
    MemoryEntry,
    Observation,
    ReviewItem,
    Tombstone,
)
from store.tombstones import forgotten_at
from tests.support.writers import OTHER, OWNER, reflection, seed
from writers.fanout import fan_out
from writers.library.export import ExchangeError, dumps, export_library, load
from writers.library.importer import ImportReport, import_library
from writers.library.purge import Purge
from writers.library.tombstone_import import ForgetFirst
from writers.notes.memory import MEMORY_FILE
from writers.notes.persona import USER_FILE
from writers.registry import build_appliers, build_writers
from writers.review import decide

CANARY = "ocelotledger"
NOTE = f"Keeps the {CANARY} sheet for the team."
PERSONA = f"Prefers {CANARY} tables."
ABOUT = f"Works {CANARY} night shifts."
ROTA = "Runs the weekly rota."  # OTHER's, from a second session: no canary
HUMAN = "- a line a person wrote\n"


@dataclass
class World:
    data: Path
    skills: Path
    other_sid: str  # OTHER's session with everything canary
    rota_sid: str  # OTHER's second session


@pytest.fixture
def source(tmp_path: Path) -> Iterator[Store]:
    """The exporting library: its own SQLite file (the `store` fixture is the importing one)."""
    s = Store.open(f"sqlite:///{tmp_path / 'source.db'}")
    yield s
    s.close()


def _fan(store: Store, world_data: Path, skills: Path, rid: str, clock: FakeClock, **r: object):  # type: ignore[no-untyped-def]
    fan_out(
        store,
        reflection_id=rid,
        reflection=reflection(**r),
        writers=build_writers(skills_dir=skills),
        owner_ids=[OWNER],
        data_dir=world_data,
        now=clock.now(),
    )


def build(store: Store, root: Path, clock: FakeClock) -> World:
    """OWNER and OTHER learned things; the owner saved OTHER's persona line to USER.md; one
    lesson only OTHER supports (canary), one both support."""
    data, skills = root / "data", root / "skills"
    data.mkdir(parents=True)
    (data / MEMORY_FILE).write_text(HUMAN)
    owner_sid, owner_rid = seed(store, clock.now(), lines=("deploy notes",))
    other_sid, other_rid = seed(
        store, clock.now(), user=OTHER, channel="DOTHER01", lines=(f"my {CANARY} question",)
    )
    rota_sid, rota_rid = seed(
        store, clock.now(), user=OTHER, channel="DOTHER02", lines=("rota question",)
    )
    _fan(store, data, skills, owner_rid, clock, memory_notes=["Deploys go out on Tuesdays."])
    _fan(
        store,
        data,
        skills,
        other_rid,
        clock,
        memory_notes=[NOTE],
        persona_observations=[PERSONA],
        user_model_updates={OTHER: [ABOUT]},
    )
    _fan(store, data, skills, rota_rid, clock, memory_notes=[ROTA])
    appliers = build_appliers(data_dir=data, skills_dir=skills)
    with store.sessions.begin() as db:
        card = db.scalars(select(ReviewItem).where(ReviewItem.kind == "persona")).one()
        decided = decide(
            db,
            card.id,
            decision="save",
            actor=OWNER,
            owner_ids=[OWNER],
            now=clock.now(),
            appliers=appliers,
        )
        assert decided.applied, decided.message
        for condition, sessions in (
            (f"When the {CANARY} export fails", [(other_sid, OTHER)]),
            ("When the build cache is stale", [(other_sid, OTHER), (owner_sid, OWNER)]),
        ):
            db.add(
                LessonRow(
                    condition=condition,
                    action="Re-run it with --resume.",
                    provenance=[
                        {"session_id": s, "author_ids": [u], "reflection_id": "r"}
                        for s, u in sessions
                    ],
                    session_ids=[s for s, _ in sessions],
                    author_ids=sorted({u for _, u in sessions}),
                    seen_count=len(sessions),
                    created_at=clock.now(),
                    last_seen_at=clock.now(),
                )
            )
    assert PERSONA in (data / USER_FILE).read_text()
    return World(data, skills, other_sid, rota_sid)


def export(store: Store, data: Path, skills: Path) -> str:
    with store.sessions() as db:
        return dumps(export_library(db, data_dir=data, skills_dir=skills))


def import_(store: Store, text: str, data: Path, skills: Path, clock: FakeClock) -> ImportReport:
    with store.sessions.begin() as db:
        data_ = load(text)
        # The owner confirmed every person the file's tombstones name (issue 24: by name).
        people = {s.user_id for s in data_["tombstones"]}
        return import_library(
            db,
            data_,
            data_dir=data,
            skills_dir=skills,
            actor="cli:test",
            now=clock.now(),
            forget=people,
        )


def forget(store: Store, world: World, clock: FakeClock, item: str | None = None) -> None:
    with store.sessions.begin() as db:
        Purge(db, user_id=OTHER, item=item, data_dir=world.data, now=clock.now(), actor=OTHER).run(
            dry_run=False
        )


def traces(store: Store, data: Path) -> list[str]:
    """Every place the canary (OTHER's forgotten data) is found: rows and files."""
    found: list[str] = []
    with store.sessions() as db:
        for e in db.scalars(select(MemoryEntry)):
            found += [f"fact {e.id}"] if CANARY in e.text else []
        for o in db.scalars(select(Observation)):
            found += [f"note {o.id}"] if CANARY in o.text else []
        for lesson in db.scalars(select(LessonRow)):
            found += [f"lesson {lesson.id}"] if CANARY in lesson.condition else []
            if OTHER in lesson.author_ids and "build cache" in lesson.condition:
                found.append(f"lesson {lesson.id} cites {OTHER}")
        for r in db.scalars(select(ReviewItem)):
            found += [f"card {r.id}"] if CANARY in r.content else []
    for name in (MEMORY_FILE, USER_FILE):
        if (data / name).exists() and CANARY in (data / name).read_text():
            found.append(name)
    return found


def target_dirs(tmp_path: Path) -> tuple[Path, Path]:
    data = tmp_path / "b" / "data"
    data.mkdir(parents=True)
    return data, tmp_path / "b" / "skills"


def test_an_export_after_a_forget_carries_tombstones_and_no_content(
    store: Store, tmp_path: Path, clock: FakeClock
) -> None:
    world = build(store, tmp_path / "a", clock)
    clock.advance(timedelta(minutes=5))
    forget(store, world, clock)
    data = json.loads(export(store, world.data, world.skills))
    assert data["version"] == 2
    stones = data["tombstones"]
    assert {t["kind"] for t in stones} == {"user", "session", "text"}
    assert all(set(t) == {"kind", "key", "user_id", "at"} for t in stones)
    assert all(t["user_id"] == OTHER for t in stones)
    assert {t["key"] for t in stones if t["kind"] == "session"} == {
        world.other_sid,
        world.rota_sid,
    }
    assert all(len(t["key"]) == 64 for t in stones if t["kind"] == "text")
    assert CANARY not in json.dumps(data)
    assert "rota" not in json.dumps(stones).casefold()
    # Sorted, so two exports of one library are equal byte for byte.
    assert [(t["kind"], t["key"]) for t in stones] == sorted((t["kind"], t["key"]) for t in stones)


def test_round_trip_with_tombstones_is_exact_and_idempotent(
    source: Store, store: Store, tmp_path: Path, clock: FakeClock
) -> None:
    world = build(source, tmp_path / "a", clock)
    clock.advance(timedelta(minutes=5))
    forget(source, world, clock, item=f"session:{world.other_sid}")
    first = export(source, world.data, world.skills)
    assert json.loads(first)["tombstones"]
    data_b, skills_b = target_dirs(tmp_path)
    report = import_(store, first, data_b, skills_b, clock)
    assert report.tombstones == len(json.loads(first)["tombstones"]) and not report.purged
    assert export(store, data_b, skills_b) == first
    again = import_(store, first, data_b, skills_b, clock)
    assert again.tombstones == 0 and not again.purged and not again.added
    assert export(store, data_b, skills_b) == first
    # And the exporting library takes its own export back without a change.
    import_(source, first, world.data, world.skills, clock)
    assert export(source, world.data, world.skills) == first


def test_a_newer_export_then_an_older_one_the_person_does_not_come_back(
    source: Store, store: Store, tmp_path: Path, clock: FakeClock
) -> None:
    world = build(source, tmp_path / "a", clock)
    older = export(source, world.data, world.skills)
    assert CANARY in older
    clock.advance(timedelta(minutes=5))
    forget(source, world, clock)
    newer = export(source, world.data, world.skills)
    data_b, skills_b = target_dirs(tmp_path)
    import_(store, newer, data_b, skills_b, clock)
    report = import_(store, older, data_b, skills_b, clock)
    # OTHER's fact, the rota fact, the note about them, the persona line, the lesson only
    # they supported: all refused; the shared lesson is already there without them.
    assert report.refused >= 5 and not report.purged
    assert traces(store, data_b) == []
    with store.sessions() as db:
        assert not db.scalars(select(MemoryEntry).where(MemoryEntry.author_id == OTHER)).all()
        assert not db.scalars(
            select(Observation).where(
                or_(Observation.subject == OTHER, Observation.author_id == OTHER)
            )
        ).all()
        kept = db.scalars(select(MemoryEntry.text)).all()
    assert kept == ["Deploys go out on Tuesdays."]
    assert HUMAN.strip() in (data_b / MEMORY_FILE).read_text()
    assert export(store, data_b, skills_b) == newer  # the older file added nothing


def test_a_library_holding_the_older_data_forgets_the_person_on_import(
    source: Store, store: Store, tmp_path: Path, clock: FakeClock
) -> None:
    world = build(source, tmp_path / "a", clock)
    older = export(source, world.data, world.skills)
    clock.advance(timedelta(minutes=5))
    forget(source, world, clock)
    with source.sessions() as db:
        line = forgotten_at(db, OTHER)
    # OTHER comes back to the exporting library after the forget and is learned about anew.
    clock.advance(timedelta(minutes=5))
    _sid, rid = seed(source, clock.now(), user=OTHER, channel="DOTHER03", lines=("hello again",))
    _fan(source, world.data, world.skills, rid, clock, memory_notes=["Now works on billing."])
    newer = export(source, world.data, world.skills)

    data_b, skills_b = target_dirs(tmp_path)
    import_(store, older, data_b, skills_b, clock)
    assert traces(store, data_b)  # OTHER's older data is here, USER.md line included
    assert PERSONA in (data_b / USER_FILE).read_text()
    clock.advance(timedelta(minutes=5))
    report = import_(store, newer, data_b, skills_b, clock)
    assert [(r.user_id, r.item) for r in report.purged] == [(OTHER, None)]
    assert report.purged[0].counts["fact"] == 2 and report.purged[0].counts["lesson"] == 1
    assert traces(store, data_b) == []
    assert PERSONA not in (data_b / USER_FILE).read_text()
    with store.sessions() as db:
        # The line stays where the exporting library put it, so what OTHER said after the
        # forget came in with the same import.
        assert forgotten_at(db, OTHER) == line
        assert db.scalars(select(MemoryEntry.text).where(MemoryEntry.author_id == OTHER)).all() == [
            "Now works on billing."
        ]
        receipt = db.scalars(select(AuditEvent).where(AuditEvent.action == "forget.receipt")).one()
        assert receipt.actor == "cli:test" and CANARY not in json.dumps(receipt.detail)
    # The two libraries now agree.
    assert export(store, data_b, skills_b).count(CANARY) == 0
    again = import_(store, newer, data_b, skills_b, clock)
    assert not again.purged and not again.added


def test_a_files_tombstones_delete_nothing_here_until_an_owner_names_the_person(
    source: Store, store: Store, tmp_path: Path, clock: FakeClock
) -> None:
    """Issue 24: an export "from a colleague" whose tombstones name someone purged that
    person's data here. Now they are shown (whose, how much) and applied only when named."""
    world = build(source, tmp_path / "a", clock)
    older = export(source, world.data, world.skills)
    clock.advance(timedelta(minutes=5))
    forget(source, world, clock)
    newer = export(source, world.data, world.skills)
    data_b, skills_b = target_dirs(tmp_path)
    import_(store, older, data_b, skills_b, clock)
    held = traces(store, data_b)
    assert held
    clock.advance(timedelta(minutes=5))
    with store.sessions.begin() as db:
        report = import_library(
            db, load(newer), data_dir=data_b, skills_dir=skills_b, actor="cli:x", now=clock.now()
        )
    assert not report.purged and report.tombstones == 0
    assert set(report.withheld) == {OTHER} and report.withheld[OTHER] >= len(held)
    assert traces(store, data_b) == held  # nothing deleted
    with store.sessions() as db:
        assert forgotten_at(db, OTHER) is None  # nor merged: later imports are not blocked
    # Named by the owner, the same file applies them.
    report = import_(store, newer, data_b, skills_b, clock)
    assert [r.user_id for r in report.purged] == [OTHER] and traces(store, data_b) == []


def test_newer_data_of_the_person_here_refuses_the_import_unchanged(
    source: Store, store: Store, tmp_path: Path, clock: FakeClock
) -> None:
    world = build(source, tmp_path / "a", clock)
    older = export(source, world.data, world.skills)
    clock.advance(timedelta(minutes=5))
    forget(source, world, clock)
    newer = export(source, world.data, world.skills)
    data_b, skills_b = target_dirs(tmp_path)
    import_(store, older, data_b, skills_b, clock)
    clock.advance(timedelta(minutes=5))
    with store.sessions.begin() as db:  # OTHER talks to this library after the forget there
        S.get_or_open(db, S.SessionKey("T1", "DOTHER09", "", OTHER), now=clock.now())
    files = {n: (data_b / n).read_text() for n in (MEMORY_FILE, USER_FILE)}
    before = traces(store, data_b)
    with pytest.raises(ForgetFirst) as refused:
        import_(store, newer, data_b, skills_b, clock)
    message = str(refused.value)
    assert f"seshat forget --user {OTHER}" in message and "nothing was imported" in message
    assert traces(store, data_b) == before
    assert {n: (data_b / n).read_text() for n in files} == files
    with store.sessions() as db:
        assert db.scalar(select(func.count(Tombstone.id))) == 0
    # The operator decides: forget them here, then the import goes through.
    with store.sessions.begin() as db:
        Purge(db, user_id=OTHER, item=None, data_dir=data_b, now=clock.now(), actor="cli:op").run(
            dry_run=False
        )
    report = import_(store, newer, data_b, skills_b, clock)
    assert not report.purged and traces(store, data_b) == []


def test_a_forgotten_session_and_fact_travel_alone(
    source: Store, store: Store, tmp_path: Path, clock: FakeClock
) -> None:
    """Item forgets (no "everything"): the importing library loses what came from that session
    (its row was never here) and that one fact, and keeps the rest of OTHER's data."""
    world = build(source, tmp_path / "a", clock)
    older = export(source, world.data, world.skills)
    clock.advance(timedelta(minutes=5))
    forget(source, world, clock, item=f"session:{world.other_sid}")
    with source.sessions() as db:
        rota = db.scalars(select(MemoryEntry.id).where(MemoryEntry.text == ROTA)).one()
    forget(source, world, clock, item=f"fact:{rota}")
    newer = export(source, world.data, world.skills)

    data_b, skills_b = target_dirs(tmp_path)
    import_(store, older, data_b, skills_b, clock)
    with store.sessions() as db:
        assert db.get(ChatSession, world.other_sid) is None  # sessions do not travel
    report = import_(store, newer, data_b, skills_b, clock)
    assert sorted(str(r.item) for r in report.purged) == sorted(
        [f"session:{world.other_sid}", f"fact:{rota}"]
    )
    assert traces(store, data_b) == []
    assert PERSONA not in (data_b / USER_FILE).read_text()
    with store.sessions() as db:
        texts = set(db.scalars(select(MemoryEntry.text)))
        shared = db.scalars(select(LessonRow).where(LessonRow.condition.contains("build"))).one()
        assert forgotten_at(db, OTHER) is None
    assert texts == {"Deploys go out on Tuesdays."}
    assert shared.author_ids == [OWNER] and world.other_sid not in shared.session_ids
    # The two libraries now hold the same; only their audit histories differ (each library
    # recorded its own purges).
    here, there = json.loads(export(store, data_b, skills_b)), json.loads(newer)
    assert {k: v for k, v in here.items() if k != "history"} == {
        k: v for k, v in there.items() if k != "history"
    }


def test_a_version_1_export_is_still_read(
    source: Store, store: Store, tmp_path: Path, clock: FakeClock
) -> None:
    world = build(source, tmp_path / "a", clock)
    old = json.loads(export(source, world.data, world.skills))
    old["version"] = 1
    del old["tombstones"]
    older = json.dumps(old)
    clock.advance(timedelta(minutes=5))
    forget(source, world, clock)
    newer = export(source, world.data, world.skills)
    # Into an empty library: everything in it comes in.
    data_b, skills_b = target_dirs(tmp_path)
    report = import_(store, older, data_b, skills_b, clock)
    assert report.added["memory"] == 3 and report.tombstones == 0
    assert PERSONA in (data_b / USER_FILE).read_text()
    # The version 2 export that followed the forget purges it again.
    assert import_(store, newer, data_b, skills_b, clock).purged
    assert traces(store, data_b) == []
    # And after that a version 1 file cannot bring it back either.
    assert import_(store, older, data_b, skills_b, clock).refused >= 5
    assert traces(store, data_b) == []


@pytest.mark.parametrize(
    ("stone", "expected"),
    [
        ({"kind": "text", "key": "Keeps the sheet", "user_id": OTHER}, "SHA-256"),
        ({"kind": "user", "key": "a person's name", "user_id": OTHER}, "an id"),
        ({"kind": "note", "key": "x", "user_id": OTHER}, "unknown tombstone kind"),
        ({"kind": "user", "key": OTHER, "user_id": OTHER, "text": "hi"}, "exactly the fields"),
        ({"kind": "user", "key": OTHER, "user_id": 7}, "must be strings"),
    ],
)
def test_a_tombstone_that_could_hold_text_is_refused(
    stone: dict[str, object], expected: str
) -> None:
    row = {"at": "2026-01-15T12:00:00+00:00", **stone}
    text = json.dumps({"format": "seshat-export", "version": 2, "tombstones": [row]})
    with pytest.raises(ExchangeError, match=expected):
        load(text)

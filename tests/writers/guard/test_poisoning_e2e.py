"""End to end: every poisoning attempt, recurring across sessions and users, never reaches a
session's context without an owner's decision; benign recurring lessons are promoted and selected.

Attacks go through the real writers (lessons for every attack; memory notes → scoped facts and
user-model observations where the corpus says so), each seen in four sessions from three users in
DMs and channels. Then `select_context` runs for several users and channels with the attack's own
text as the first message (the strongest retrieval cue an attacker could hope for).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import select

from reflection.schema import Lesson, Reflection
from store.clock import FakeClock
from store.db import Store
from store.models import LessonRow, MemoryEntry, Observation, ReviewItem
from tests.support.lesson_helpers import approve, ctx, new_library
from tests.support.poisoning_corpus import ALLOW_DOMAINS, ALLOW_EMAILS, ATTACKS, BENIGN
from writers.guard.gate import Guard
from writers.lessons import LessonWriter
from writers.lessons.index import LessonLibrary
from writers.notes.memory import MemoryWriter
from writers.notes.usermodel import UserModelWriter
from writers.selector import SelectedItem, Selection, select_context

USERS = ("UALICE", "UBOB", "UCAROL")
# (user, channel, is_dm) of the reflected sessions and of the sessions that read the context.
SESSIONS = (
    ("UALICE", "DALICE", True),
    ("UBOB", "CDEV", False),
    ("UCAROL", "DCAROL", True),
    ("UBOB", "DBOB", True),
)
READERS = SESSIONS + (
    ("UALICE", "CDEV", False),
    ("UDAVE", "CRANDOM", False),
    ("UDAVE", "DDAVE", True),
)


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def _as_lesson(text: str, n: int) -> Lesson:
    # The attack sits in the action; the condition is an ordinary, distinct trigger.
    return Lesson(
        condition=f"the user reports problem number {n} with the build", action=text[:280]
    )


class World:
    """A store with the writers wired as the fan-out wires them."""

    def __init__(self, store: Store, clock: FakeClock) -> None:
        self.store = store
        self.clock = clock
        self.library: LessonLibrary = new_library(store)
        # Everyone is vouched for: this corpus measures the promotion-time check, not who counts.
        guard = Guard(allow_domains=ALLOW_DOMAINS, allow_emails=ALLOW_EMAILS, trusted_users=USERS)
        self.lessons = LessonWriter(self.library, guard=guard)
        self.memory = MemoryWriter(guard=guard)
        self.users = UserModelWriter(guard=guard)
        self.attack_reflections: set[str] = set()
        self._n = 0

    def reflect(self, reflection: Reflection, user: str, channel: str, *, attack: bool) -> None:
        self._n += 1
        self.clock.advance(minutes=5)
        authors = (user, USERS[self._n % len(USERS)]) if not channel.startswith("D") else (user,)
        c = ctx(f"sess-{self._n}", *authors, now=self.clock.now(), channel=channel)
        if attack:
            self.attack_reflections.add(c.provenance.reflection_id)
        for writer in (self.lessons, self.memory, self.users):
            with self.store.sessions.begin() as db:
                writer.write(db, c, reflection)

    def select(self, user: str, channel: str, dm: bool, text: str) -> Selection:
        with self.store.sessions.begin() as db:
            return select_context(
                db,
                self.library,
                user_id=user,
                channel=channel,
                is_dm=dm,
                first_text=text,
                now=self.clock.now(),
            )


@pytest.fixture
def world(sqlite_store: Store, clock: FakeClock) -> Iterator[World]:
    w = World(sqlite_store, clock)
    for n, case in enumerate(ATTACKS):
        for round_ in range(4):
            user, channel, _dm = SESSIONS[(n + round_) % len(SESSIONS)]
            reflection = Reflection(
                outcome="failure",
                lessons=[_as_lesson(case.text, n)],
                memory_notes=[case.text[:280]] if case.kind == "memory_note" else [],
                user_model_updates=(
                    {user: [case.text[:280]]} if case.kind == "user_observation" else {}
                ),
            )
            w.reflect(reflection, user, channel, attack=True)
    benign = [c for c in BENIGN if c.kind == "lesson"]
    for n, case in enumerate(benign):
        for round_ in range(3):
            user, channel, _dm = SESSIONS[(n + round_) % len(SESSIONS)]
            # Self-contained advice: the text is its own trigger (distinct triggers, so no
            # two benign lessons share a condition and read as contradicting each other).
            lesson = Lesson(condition=case.text, action=case.text)
            w.reflect(Reflection(outcome="failure", lessons=[lesson]), user, channel, attack=False)
    yield w


def _attack_ids(w: World) -> tuple[set[int], set[int], set[int]]:
    with w.store.sessions() as db:
        lessons = {
            r.id
            for r in db.scalars(select(LessonRow))
            if any(p.get("reflection_id") in w.attack_reflections for p in r.provenance)
        }
        facts = set(
            db.scalars(
                select(MemoryEntry.id).where(
                    MemoryEntry.reflection_id.in_(sorted(w.attack_reflections))
                )
            )
        )
        notes = set(
            db.scalars(
                select(Observation.id).where(
                    Observation.reflection_id.in_(sorted(w.attack_reflections))
                )
            )
        )
    return lessons, facts, notes


def test_no_attack_reaches_any_context_without_an_owner(world: World) -> None:
    lesson_ids, fact_ids, note_ids = _attack_ids(world)
    with world.store.sessions() as db:
        # Every attack was stored (quarantined), not dropped: each attack reflection is in some
        # lesson's provenance (obfuscated twins of one payload decode alike and merge).
        covered = {
            p.get("reflection_id")
            for r in db.scalars(select(LessonRow).where(LessonRow.id.in_(sorted(lesson_ids))))
            for p in r.provenance
        }
    assert covered >= world.attack_reflections
    with world.store.sessions() as db:
        statuses = {
            r.status
            for r in db.scalars(select(LessonRow).where(LessonRow.id.in_(sorted(lesson_ids))))
        }
        pending = db.scalars(select(ReviewItem).where(ReviewItem.status == "pending")).all()
    assert statuses == {"quarantined"}
    assert {i.target_id for i in pending if i.kind == "lesson"} >= {str(i) for i in lesson_ids}

    for user, channel, _dm, sel in _selections(world):
        lessons = [i for i in sel.stable + sel.tail if i.kind == "lesson"]
        assert not {i.id for i in lessons} & lesson_ids, (user, channel)
        assert not _leaks(lessons), (user, channel)


def test_no_attack_fact_or_user_note_reaches_any_context(world: World) -> None:
    _lessons, fact_ids, note_ids = _attack_ids(world)
    for user, channel, _dm, sel in _selections(world):
        items = sel.stable + sel.tail
        assert not {i.id for i in items if i.kind == "fact"} & fact_ids, (user, channel)
        assert not {i.id for i in items if i.kind == "user_note"} & note_ids, (user, channel)
        assert not _leaks(items), (user, channel)


def _selections(world: World) -> Iterator[tuple[str, str, bool, Selection]]:
    for case in ATTACKS:
        for user, channel, dm in READERS:
            yield user, channel, dm, world.select(user, channel, dm, case.text)


_ATTACK_PREFIXES = [_norm(c.text)[:40] for c in ATTACKS]


def _leaks(items: list[SelectedItem]) -> list[str]:
    rendered = _norm(" ".join(i.text for i in items))
    return [t for t in _ATTACK_PREFIXES if t in rendered]


def test_benign_recurring_lessons_are_promoted_and_selected(world: World) -> None:
    lesson_ids, _facts, _notes = _attack_ids(world)
    with world.store.sessions() as db:
        benign = [r for r in db.scalars(select(LessonRow)) if r.id not in lesson_ids]
    assert len(benign) == len([c for c in BENIGN if c.kind == "lesson"])
    # The promotion-time check holds a lesson that names a destination (a channel here) for the
    # owner; every other benign recurring lesson is promoted by the rule alone.
    held = [r for r in benign if r.status != "canonical"]
    assert [(r.status, r.flags) for r in held] == [("provisional", ["held:destination"])]
    assert "#eng-updates" in held[0].action
    promoted = [r for r in benign if r.status == "canonical"]
    assert all(r.promotion and r.promotion["rule"] == "recurrence" for r in promoted)
    for row in promoted:
        hits = [world.select(u, c, dm, row.action).lesson_ids for u, c, dm in READERS[:3]]
        assert all(row.id in ids for ids in hits), row.action


def test_an_owner_decision_is_what_releases_a_quarantined_lesson(world: World) -> None:
    lesson_ids, _facts, _notes = _attack_ids(world)
    target = min(lesson_ids)
    with world.store.sessions() as db:
        row = db.get(LessonRow, target)
        assert row is not None
        text = row.action
        item = db.scalars(
            select(ReviewItem).where(
                ReviewItem.kind == "lesson", ReviewItem.target_id == str(target)
            )
        ).first()
        assert item is not None and item.reason
    assert target not in world.select("UALICE", "CDEV", False, text).lesson_ids
    with world.store.sessions.begin() as db:
        approve(db, item.id, world.clock.now())
    assert target in world.select("UALICE", "CDEV", False, text).lesson_ids

"""One fake secret of every kind the redactor knows, in a transcript and in the reflection:
after the reflection runs and the writers fan out (and every card is approved), none of them is
anywhere under the data directory (skills git objects included) or in any table but the
transcript's own `messages` table (the live session's working copy, owned by the chat engine).
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import JSON, LargeBinary, String, Text, select
from sqlalchemy.orm import Session

from reflection.heuristic import HeuristicReflector
from reflection.pricing import PriceTable
from reflection.runner import ReflectionPolicy, ReflectionRunner
from reflection.schema import MAX_NOTE, Reflection
from store import sessions as S
from store.clock import FakeClock
from store.db import Store
from store.models import Base, ReviewItem
from tests.support.fakes import FakeLLM
from tests.support.redaction_corpus import MAKERS, positives
from tests.support.writers import OTHER, OWNER, seed
from writers.embed import HashingEmbedder
from writers.fanout import fan_out
from writers.lessons import LessonWriter
from writers.lessons.index import LessonLibrary
from writers.lessons.review import apply_lesson_decision
from writers.redact.redactor import redact_json, redact_text
from writers.registry import build_appliers, build_writers
from writers.review import decide

# The transcript table holds the live conversation the bot answers from; redacting it is the
# chat engine's call, not the writers'. Everything *learned* lives in the other tables.
NOT_LEARNED = {"messages"}


def _raw_reflection(texts: list[str]) -> dict[str, object]:
    short = [t for t in texts if len(t) <= MAX_NOTE]
    return {
        "outcome": "failure",
        "what_worked": "\n".join(short)[:1000],
        "what_didnt": "",
        "should_skill": True,
        "skill_slug": "handle-secrets",
        "skill_description": short[0],
        "skill_body": "\n\n".join(texts),
        "memory_notes": short[:10],
        "persona_observations": short[10:15],
        "user_model_updates": {OTHER: short[15:20], OWNER: short[20:25]},
        "lessons": [
            {"condition": c, "action": "Rotate it.", "rationale": "", "task_type": "ops"}
            for c in short[25:30]
        ],
        "next_check_at": None,
    }


def _file_texts(root: Path) -> list[tuple[Path, str]]:
    out = []
    for path in root.rglob("*"):
        if not path.is_file():
            continue
        data = path.read_bytes()
        if ".git" in path.parts and "objects" in path.parts and "pack" not in path.parts:
            data = zlib.decompress(data)  # loose git objects are zlib-compressed
        out.append((path, data.decode("utf-8", errors="replace")))
    return out


def _db_texts(db: Session) -> list[tuple[str, str]]:
    out = []
    for table in Base.metadata.sorted_tables:
        if table.name in NOT_LEARNED:
            continue
        cols = [c for c in table.columns if isinstance(c.type, String | Text | JSON | LargeBinary)]
        for row in db.execute(select(*cols)).all():
            for col, value in zip(cols, row, strict=True):
                if value is None:
                    continue
                text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
                if isinstance(value, bytes):
                    text = value.decode("utf-8", errors="replace")
                out.append((f"{table.name}.{col.name}", text))
    return out


@dataclass
class Aftermath:
    """Everything persisted after one reflection of a secret-laden session."""

    secrets: list[str]
    places: list[tuple[str, str]]  # (file path or table.column, text)
    transcript: str


def _run_everything(store: Store, tmp_path: Path, clock: FakeClock) -> Aftermath:
    samples = positives(per_kind=1)
    assert {s.category for s in samples} == set(MAKERS)  # one of every kind
    secrets = [value for s in samples for _, value in s.secrets]
    texts = [s.text for s in samples]
    data, skills = tmp_path / "data", tmp_path / "data" / "skills"

    sid, _ = seed(store, clock.now(), lines=tuple(texts))
    with store.sessions.begin() as db:
        assert S.close(db, sid, now=clock.now(), reason="done")
    raw = _raw_reflection(texts)
    llm = FakeLLM().enqueue(json.dumps(raw))
    runner = ReflectionRunner(
        store=store,
        llm=llm,
        fallback=HeuristicReflector(),
        prices=PriceTable(),
        clock=clock,
        policy=ReflectionPolicy(backoff_seconds=0),
        redact=redact_text,
        redact_json=redact_json,
        sleep=lambda _s: None,
    )
    outcome = runner.reflect(sid)
    assert outcome.status == "ok" and outcome.reflection_id

    # The writers get the *unredacted* reflection: they must redact on their own.
    unsafe = Reflection.model_validate(raw)
    library = LessonLibrary(HashingEmbedder())
    writers = build_writers(skills_dir=skills, lessons_writer=LessonWriter(library))
    results = fan_out(
        store,
        reflection_id=outcome.reflection_id,
        reflection=unsafe,
        writers=writers,
        owner_ids=[OWNER],
        data_dir=data,
        now=clock.now(),
    )
    assert all(r["status"] != "failed" for r in results.values()), results
    assert sum(r["redacted"] for r in results.values()) >= len(secrets)
    appliers = build_appliers(
        data_dir=data, skills_dir=skills, lessons_applier=apply_lesson_decision
    )
    with store.sessions.begin() as db:
        for item in db.scalars(select(ReviewItem).where(ReviewItem.status == "pending")).all():
            choice = "save" if "save" in item.choices else "approve"
            decide(
                db,
                item.id,
                decision=choice,
                actor=OWNER,
                owner_ids=[OWNER],
                now=clock.now(),
                appliers=appliers,
            )
    files = _file_texts(data)
    assert {p.name for p, _ in files} >= {"MEMORY.md", "USER.md", "SKILL.md"}
    with store.sessions() as db:
        rows = _db_texts(db)
        transcript = " ".join(m.text for m in S.transcript(db, sid))
    # What left for the reflection call counts too: it was redacted before it went.
    request = ("reflection request", repr(llm.history))
    assert "[REDACTED:" in request[1]
    return Aftermath(secrets, [(str(p), t) for p, t in files] + rows + [request], transcript)


def _leaks(after: Aftermath, *, only: str | None = None) -> list[tuple[str, str]]:
    return [
        (where, value[:12])
        for value in after.secrets
        for where, text in after.places
        if value in text and (only is None or where == only)
    ]


RAW = "reflections.raw_output"


def test_no_learned_secret_reaches_disk_or_database(
    sqlite_store: Store, tmp_path: Path, clock: FakeClock
) -> None:
    after = _run_everything(sqlite_store, tmp_path, clock)
    assert [leak for leak in _leaks(after) if leak[0] != RAW] == []
    # The check can fail: the secrets really are in the (unlearned) transcript table.
    assert all(value in after.transcript for value in after.secrets)


def test_raw_reflection_output_is_redacted(
    sqlite_store: Store, tmp_path: Path, clock: FakeClock
) -> None:
    after = _run_everything(sqlite_store, tmp_path, clock)
    assert _leaks(after, only=RAW) == []

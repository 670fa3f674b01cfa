"""Skills in use, end to end on a real runtime: a skill approved through its card is matched and
injected at a session's first message (and logged), the session's reflection attaches its outcome
to that log, the governor quarantines a failing skill and marks an unused one stale (owner cards
to confirm, restore or retire), and a near-duplicate draft under a new slug is an update."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from bot.chat.prompting import LearnedContext
from bot.learning.upkeep import Upkeep
from bot.runtime import Runtime, TranscriptMessage
from store import sessions as S
from store.clock import FakeClock
from store.config import Settings
from store.models import ReviewItem, Skill, SkillInvocation, SkillState
from tests.support.fakes import FakeLLM
from writers.review import decide
from writers.skills import gitrepo
from writers.skills.governor import GovernorReport

OWNER = "UOWNER0001"
USER = "UUSER00002"
DEPLOY = {
    "should_skill": True,
    "skill_slug": "deploy-service",
    "skill_description": "Deploy a service to production: run the tests, build the image, roll "
    "it out and watch the dashboards.",
    "skill_body": "1. `make test`.\n2. `make image`.\n3. `make rollout` and watch the dashboard.",
}
MATCHING = "can you help me ship the payments service to prod today?"
UNRELATED = "write me a haiku about autumn"


class World:
    """A runtime whose reflection model answers from a script, and a clock the test moves."""

    def __init__(self, data_dir: Path, **env: Any) -> None:
        self.clock = FakeClock()
        self.llm = FakeLLM(model="claude-haiku-4-5")
        settings = Settings(  # type: ignore[call-arg]
            _env_file=None,
            SESHAT_DATA_DIR=str(data_dir),
            SLACK_OWNER_IDS=OWNER,
            REFLECTION_DAILY_CAP_USD=1000.0,
            SESHAT_EMBEDDER="wordllama",
            **env,
        )
        self.runtime = Runtime(settings, clock=self.clock, reflection_llm=self.llm)
        self.context = LearnedContext(self.runtime, clock=self.clock)
        self.skills_dir = settings.effective_skills_dir
        self.n = 0

    def reflect(self, outcome: str = "success", **reflection: Any) -> str:
        """Reflect a one-line transcript from the owner; returns the reflection id."""
        self.clock.advance(minutes=10)
        self.llm.enqueue(json.dumps({"outcome": outcome, **reflection}))
        result, _ = self.runtime.reflect_transcript(
            team="T1",
            channel="DOWNER01",
            user=OWNER,
            messages=[TranscriptMessage("1764000000.000100", OWNER, False, "deploy it")],
        )
        assert result.status == "ok", result.error
        assert result.reflection_id is not None
        return result.reflection_id

    def decide(self, item: ReviewItem, choice: str = "approve") -> None:
        with self.runtime.store.sessions.begin() as db:
            result = decide(
                db,
                item.id,
                decision=choice,
                actor=OWNER,
                owner_ids=(OWNER,),
                now=self.clock.now(),
                appliers=self.runtime.appliers,
            )
        assert result.applied, result.message

    def items(self, kind: str) -> list[ReviewItem]:
        with self.runtime.store.sessions() as db:
            return list(
                db.scalars(
                    select(ReviewItem).where(ReviewItem.kind == kind).order_by(ReviewItem.id)
                )
            )

    def approve_skill(self, **fields: Any) -> None:
        self.reflect(**{**DEPLOY, **fields})
        self.decide(self.items("skill")[-1])

    def session(self, text: str, outcome: str | None = None) -> tuple[str, str]:
        """A live session whose first message is `text`: its context is built (as the engine
        does at the first reply); with `outcome`, it is then closed and reflected."""
        self.n += 1
        self.clock.advance(minutes=1)
        now = self.clock.now()
        with self.runtime.store.sessions.begin() as db:
            session, _ = S.get_or_open(
                db, S.SessionKey("T1", "DUSER0002", f"17640{self.n:05d}.000100", USER), now=now
            )
            S.add_message(
                db,
                session_id=session.id,
                channel="DUSER0002",
                ts=f"17640{self.n:05d}.000100",
                user_id=USER,
                is_bot=False,
                text=text,
                now=now,
            )
        prompt = self.context.build(session, text).text()
        # What the context used is recorded with the answer, as the engine does.
        used = self.context.unrecorded(session.id)
        if used is not None:
            with self.runtime.store.engine.begin() as conn:
                used.write(conn)
            self.context.recorded(used)
        if outcome is not None:
            with self.runtime.store.sessions.begin() as db:
                S.close(db, session.id, now=self.clock.now(), reason="done")
            self.llm.enqueue(json.dumps({"outcome": outcome}))
            reflected = self.runtime.runner.reflect(session.id)
            assert reflected.status == "ok", reflected.error
            self.runtime.apply(reflected)
        return session.id, prompt

    def invocations(self) -> list[SkillInvocation]:
        with self.runtime.store.sessions() as db:
            return list(db.scalars(select(SkillInvocation).order_by(SkillInvocation.id)))

    def state(self, slug: str) -> str:
        with self.runtime.store.sessions() as db:
            row = db.get(SkillState, slug)
            return row.status if row is not None else "active"

    def govern(self) -> GovernorReport:
        upkeep = Upkeep(
            settings=self.runtime.settings,
            store=self.runtime.store,
            clock=self.clock,
            on_change=self.context.clear,
        )
        return upkeep.govern_skills()


@pytest.fixture
def world(tmp_path: Path, db_url: str) -> Iterator[World]:
    """On SQLite and on PostgreSQL."""
    w = World(tmp_path / "data", DATABASE_URL=db_url)
    yield w
    w.runtime.close()


def test_matching_first_message_injects_the_skill_and_logs_it(world: World) -> None:
    world.approve_skill()
    sid, prompt = world.session(MATCHING)
    assert "Skill that may help: deploy-service" in prompt
    assert "`make rollout` and watch the dashboard" in prompt
    (inv,) = world.invocations()
    assert (inv.skill_slug, inv.session_id, inv.mode, inv.outcome) == (
        "deploy-service",
        sid,
        "injected",
        None,
    )
    assert inv.similarity is not None
    assert inv.similarity >= world.context.skills.thresholds.inject

    _, unrelated = world.session(UNRELATED)
    assert "Skill that may help" not in unrelated
    assert "make rollout" not in unrelated
    assert "- deploy-service: Deploy a service" in unrelated  # the index still names it
    assert len(world.invocations()) == 1


def test_reflection_outcome_is_attached_to_the_invocation(world: World) -> None:
    world.approve_skill()
    sid, _ = world.session(MATCHING, outcome="partial")
    (inv,) = world.invocations()
    assert inv.session_id == sid and inv.outcome == "partial" and inv.reflection_id
    with world.runtime.store.sessions() as db:
        reflection_session = db.scalar(
            select(Skill.session_id).where(Skill.slug == "deploy-service")
        )
    assert reflection_session != sid  # the outcome came from this session's own reflection


def test_governor_quarantines_a_failing_skill_and_the_owner_restores_it(world: World) -> None:
    world.approve_skill()
    world.session(MATCHING, outcome="failure")
    world.session(MATCHING, outcome="success")
    assert world.govern().quarantined == []  # 1 of 2: too few uses to judge
    world.session(MATCHING, outcome="failure")
    world.session(MATCHING, outcome="failure")
    report = world.govern()
    assert report.quarantined == ["deploy-service"]
    assert world.state("deploy-service") == "quarantined"
    (card,) = world.items("skill_state")
    assert card.choices == ["approve", "restore", "retire"]
    assert "3 of its last 4 uses ended in failure" in card.content

    _, prompt = world.session(MATCHING)
    assert "deploy-service" not in prompt  # never injected, not even listed
    assert world.govern().quarantined == []  # no second card for the same skill

    world.decide(card, "restore")
    assert world.state("deploy-service") == "active"
    _, prompt = world.session(MATCHING, outcome="success")
    assert "Skill that may help: deploy-service" in prompt
    assert world.govern().quarantined == []  # counting starts afresh after a restore


def test_retire_reverts_in_git_and_restore_brings_it_back(world: World) -> None:
    world.approve_skill()
    for _ in range(3):
        world.session(MATCHING, outcome="failure")
    world.govern()
    (card,) = world.items("skill_state")
    world.decide(card, "retire")
    assert world.state("deploy-service") == "retired"
    assert not (world.skills_dir / "deploy-service" / "SKILL.md").exists()
    message = gitrepo.log_messages(world.skills_dir)[0]
    assert message.startswith("Retire skill deploy-service")
    assert "3 of its last 3 uses ended in failure" in message
    _, prompt = world.session(MATCHING)
    assert "deploy-service" not in prompt

    with world.runtime.store.sessions.begin() as db:
        from writers.skills.governor import restore

        restore(
            db,
            skills_dir=world.skills_dir,
            slug="deploy-service",
            actor=OWNER,
            now=world.clock.now(),
        )
    assert (world.skills_dir / "deploy-service" / "SKILL.md").exists()
    assert gitrepo.log_messages(world.skills_dir)[0].startswith("Restore skill deploy-service")
    _, prompt = world.session(MATCHING)
    assert "Skill that may help: deploy-service" in prompt


def test_unused_skill_goes_stale_after_n_days_unless_pinned(tmp_path: Path) -> None:
    world = World(tmp_path / "data", SKILL_STALE_DAYS=10)
    try:
        world.approve_skill()
        world.approve_skill(
            skill_slug="file-expense-report",
            skill_description="File an expense report: collect the receipts and submit them.",
            skill_body="1. Collect receipts.\n2. Submit in the expense tool.",
        )
        with world.runtime.store.sessions.begin() as db:
            from writers.skills.governor import pin

            pin(
                db,
                skills_dir=world.skills_dir,
                slug="file-expense-report",
                pinned=True,
                actor=OWNER,
                now=world.clock.now(),
            )
        world.clock.advance(days=9)
        assert world.govern().stale == []
        world.clock.advance(days=1, minutes=1)
        report = world.govern()
        assert report.stale == ["deploy-service"]  # the pinned one never goes stale
        assert world.state("deploy-service") == "stale"
        assert world.state("file-expense-report") == "active"
        (card,) = world.items("skill_state")
        assert "unused for 10 days" in card.content
        # Demoted: still in the index, a strong match only names it.
        _, prompt = world.session(MATCHING)
        assert "- deploy-service:" in prompt and "make rollout" not in prompt
        (inv,) = world.invocations()
        assert inv.mode == "listed"
        world.decide(card, "restore")
        _, prompt = world.session(MATCHING)
        assert "make rollout" in prompt
    finally:
        world.runtime.close()


def test_near_duplicate_draft_with_another_slug_is_an_update_with_a_diff(world: World) -> None:
    world.approve_skill()
    rid = world.reflect(
        should_skill=True,
        skill_slug="ship-service",
        skill_description="Ship a service to prod: test it, build the container, roll out, then "
        "monitor the dashboards.",
        skill_body="1. `make test`.\n2. `make image`.\n3. `make rollout`.\n4. Post in #deploys.",
    )
    with world.runtime.store.sessions() as db:
        skill = db.scalars(select(Skill).where(Skill.reflection_id == rid)).one()
    assert skill.slug == "deploy-service" and skill.is_update
    assert skill.diff and "--- a/deploy-service/SKILL.md" in skill.diff
    assert "+4. Post in #deploys." in skill.diff
    card = world.items("skill")[-1]
    assert card.title == "Skill update: deploy-service (proposed as ship-service)"
    assert "+4. Post in #deploys." in card.content
    world.decide(card)
    assert not (world.skills_dir / "ship-service").exists()
    assert "4. Post in #deploys." in (world.skills_dir / "deploy-service" / "SKILL.md").read_text()
    assert gitrepo.log_messages(world.skills_dir)[0].startswith("Update skill deploy-service")


def test_unrelated_draft_stays_a_new_skill(world: World) -> None:
    world.approve_skill()
    rid = world.reflect(
        should_skill=True,
        skill_slug="translate-document",
        skill_description="Translate a document into another language, keeping its formatting.",
        skill_body="1. Keep the markdown.\n2. Use the glossary.",
    )
    with world.runtime.store.sessions() as db:
        skill = db.scalars(select(Skill).where(Skill.reflection_id == rid)).one()
    assert skill.slug == "translate-document" and not skill.is_update


def test_index_is_bounded_and_says_so(tmp_path: Path) -> None:
    world = World(tmp_path / "data", SKILL_INDEX_MAX=1)
    try:
        world.approve_skill()
        world.approve_skill(
            skill_slug="file-expense-report",
            skill_description="File an expense report: collect the receipts and submit them.",
            skill_body="1. Collect receipts.",
        )
        _, prompt = world.session(UNRELATED)
        assert "- deploy-service:" in prompt and "- file-expense-report:" not in prompt
        assert "(1 more approved skill not listed here" in prompt
    finally:
        world.runtime.close()

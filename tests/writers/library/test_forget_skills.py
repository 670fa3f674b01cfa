"""A forget takes an approved skill learned from the person out of the skills repository: its
file, every earlier version, the commit messages that quoted it, and the objects behind them;
the other skills keep their history and can still be rolled back."""

from __future__ import annotations

import subprocess
from pathlib import Path

from sqlalchemy import select

from store.clock import FakeClock
from store.db import Store
from store.models import ReviewItem, Skill, SkillState
from tests.support.writers import OTHER, OWNER, reflection, seed
from writers.fanout import fan_out
from writers.library.edits import Place, edit_item
from writers.library.purge import Purge
from writers.library.rollback import rollback
from writers.registry import build_appliers, build_writers
from writers.review import decide
from writers.skills import governor

CANARY = "quokkavault"  # a word only OTHER's skill (and its versions) holds


def _learn(
    world: tuple[Store, Path, Path, FakeClock],
    user: str,
    slug: str,
    words: str,
    approve: bool = True,
) -> str:
    """A session of `user` whose reflection proposes a skill; the owner approves it (unless
    not `approve`). The reflection's id."""
    store, data, skills, clock = world
    sid, rid = seed(store, clock.now(), user=user, channel=f"D{user[1:9]}", lines=(words,))
    fan_out(
        store,
        reflection_id=rid,
        reflection=reflection(
            should_skill=True,
            skill_slug=slug,
            skill_description=f"How to {words}.",
            skill_body=f"1. {words}\n2. Check it worked.",
        ),
        writers=build_writers(skills_dir=skills),
        owner_ids=[OWNER, OTHER],
        data_dir=data,
        now=clock.now(),
    )
    if not approve:
        return rid
    appliers = build_appliers(data_dir=data, skills_dir=skills)
    with store.sessions.begin() as db:
        item = db.scalars(select(ReviewItem).where(ReviewItem.reflection_id == rid)).one()
        decide(
            db,
            item.id,
            decision="approve",
            actor=OWNER,
            owner_ids=[OWNER],
            now=clock.now(),
            appliers=appliers,
        )
        skill = db.scalars(select(Skill).where(Skill.reflection_id == rid)).one()
        assert skill.status == "approved"
        return rid


def _git(repo: Path, *args: str) -> bytes:
    return subprocess.run(["git", *args], cwd=repo, capture_output=True, check=True).stdout


def test_a_forgotten_persons_approved_skill_leaves_no_trace_in_the_repository(
    store: Store, tmp_path: Path, clock: FakeClock
) -> None:
    data, skills = tmp_path / "data", tmp_path / "skills"
    data.mkdir()
    world = (store, data, skills, clock)
    _learn(world, OWNER, "rotate-logs", "rotate the nginx logs")
    _learn(world, OTHER, "open-vault", f"open the {CANARY} with the key")
    later = _learn(world, OWNER, "renew-certs", "renew the certificates")
    place = Place(data_dir=data, skills_dir=skills)
    with store.sessions.begin() as db:
        theirs = db.scalars(select(Skill).where(Skill.slug == "open-vault")).one()
        # Owner edits: the history holds several versions, and the edit commits quote the text.
        for text in (f"Open the {CANARY} safely.", f"Open the {CANARY}, then lock it."):
            assert edit_item(db, "skill", theirs.id, text, OWNER, clock.now(), place=place).ok
        governor.retire(
            db, skills_dir=skills, slug="rotate-logs", actor=OWNER, now=clock.now(), reason="old"
        )
    # The owner's later proposal on that slug: a draft whose diff quotes OTHER's version.
    _learn(world, OWNER, "open-vault", "open the vault in two steps", approve=False)
    with store.sessions() as db:
        update = db.scalars(select(Skill).where(Skill.slug == "open-vault", Skill.is_update)).one()
        assert CANARY in (update.diff or "")
    assert (data / "skills-drafts" / "open-vault").exists()
    assert CANARY.encode() in _git(skills, "log", "-p", "--all")
    kept = ("rotate-logs", "renew-certs")
    before = {s: _git(skills, "log", "--format=%s", "--", f"{s}/SKILL.md") for s in kept}

    with store.sessions.begin() as db:
        receipt = Purge(
            db,
            user_id=OTHER,
            item=None,
            data_dir=data,
            now=clock.now(),
            actor=OTHER,
            skills_dir=skills,
        ).run(dry_run=False)
    assert receipt.counts["skill"] == 2  # theirs, and the draft built on it

    # No commit, message, object, reflog or leftover file in .git holds the text or the slug.
    for args in (
        ("log", "-p", "--all", "--format=%H%n%B"),
        ("cat-file", "--batch-all-objects", "--batch"),
        ("fsck", "--unreachable", "--no-reflogs"),
        ("reflog", "--all"),
    ):
        out = _git(skills, *args)
        assert CANARY.encode() not in out and b"open-vault" not in out, args
    for path in (skills / ".git").rglob("*"):
        if path.is_file():
            assert CANARY.encode() not in path.read_bytes(), path
    assert not (skills / "open-vault").exists()
    assert not (data / "skills-drafts" / "open-vault").exists()
    assert _git(skills, "status", "--porcelain") == b""
    # The other skills keep their own history, and the database follows their new shas.
    after = {s: _git(skills, "log", "--format=%s", "--", f"{s}/SKILL.md") for s in kept}
    assert after == before
    with store.sessions() as db:
        assert db.scalars(select(Skill).where(Skill.slug == "open-vault")).first() is None
        for skill in db.scalars(select(Skill)):
            _git(skills, "cat-file", "-e", f"{skill.commit_sha}^{{commit}}")
        state = db.get(SkillState, "rotate-logs")
        assert state is not None and state.retired_sha
        _git(skills, "cat-file", "-e", f"{state.retired_sha}^{{commit}}")
    # Rolling back another skill and restoring a retired one still work on the new history.
    with store.sessions.begin() as db:
        rollback(
            db,
            reflection_id=later,
            dry_run=False,
            actor=OWNER,
            now=clock.now(),
            data_dir=data,
            skills_dir=skills,
        )
        governor.restore(db, skills_dir=skills, slug="rotate-logs", actor=OWNER, now=clock.now())
    assert not (skills / "renew-certs").exists()
    assert "rotate the nginx logs" in (skills / "rotate-logs" / "SKILL.md").read_text()

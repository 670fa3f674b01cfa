"""The fan-out tuple and the review appliers, built in one place.

Order matters only for readability of the ledger: memory, lessons, skills, persona, user model,
check-in.
The lessons writer and its applier come from `writers.lessons` and are passed in, like any other.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

from store.config import Settings
from writers.base import Writer
from writers.embed import Embedder
from writers.guard.gate import Guard
from writers.notes.checkins import CheckinWriter
from writers.notes.memory import MemoryWriter, apply_memory_decision
from writers.notes.persona import PersonaWriter, apply_persona_decision
from writers.notes.usermodel import (
    HonchoSender,
    UserModelWriter,
    apply_observation_decision,
    make_honcho_deleter,
    make_honcho_sender,
)
from writers.review import Applier
from writers.skills.drafts import SkillWriter, apply_skill_decision
from writers.skills.governor import KIND as SKILL_STATE_KIND
from writers.skills.governor import apply_state_decision
from writers.skills.matching import SkillMatcher


def build_writers(
    *,
    skills_dir: Path,
    guard: Guard | None = None,
    honcho: HonchoSender | None = None,
    lessons_writer: Writer | None = None,
    checkins_per_day: int = 2,
    embedder: Embedder | None = None,
) -> tuple[Writer, ...]:
    """The writers a reflection fans out to, in order; every one admits text through `guard`.

    With an `embedder`, a skill draft whose description nearly matches an approved skill's is
    staged as an update of that skill, and each fact is written with its vector."""
    guard = guard or Guard()
    writers: list[Writer] = [MemoryWriter(guard=guard, embedder=embedder)]
    if lessons_writer is not None:
        writers.append(lessons_writer)
    matcher = SkillMatcher(embedder) if embedder is not None else None
    writers += [
        SkillWriter(skills_dir=skills_dir, guard=guard, matcher=matcher),
        PersonaWriter(guard=guard),
        UserModelWriter(guard=guard, honcho=honcho),
        CheckinWriter(per_day=checkins_per_day, guard=guard),
    ]
    return tuple(writers)


def guard_from_settings(settings: Settings) -> Guard:
    """The guard with the configured allowlist and lesson corroborators."""
    return Guard(
        allow_domains=settings.allow_domains,
        trusted_users=settings.trusted_users,
        corroborators=settings.lesson_corroborators,
    )


def build_appliers(
    *, data_dir: Path, skills_dir: Path, lessons_applier: Applier | None = None
) -> dict[str, Applier]:
    """Review-item kind → the function that applies an owner's decision."""
    appliers: dict[str, Applier] = {
        "skill": partial(apply_skill_decision, skills_dir=skills_dir, data_dir=data_dir),
        SKILL_STATE_KIND: partial(apply_state_decision, skills_dir=skills_dir),
        "persona": partial(apply_persona_decision, data_dir=data_dir),
        "memory": partial(apply_memory_decision, data_dir=data_dir),
        "fact": partial(apply_memory_decision, data_dir=data_dir),
        "user_observation": apply_observation_decision,
    }
    if lessons_applier is not None:
        appliers["lesson"] = lessons_applier
    return appliers


def writers_from_settings(
    settings: Settings,
    *,
    guard: Guard,
    lessons_writer: Writer | None = None,
    embedder: Embedder | None = None,
) -> tuple[Writer, ...]:
    """`build_writers` with everything taken from `settings` (Honcho only when configured)."""
    key = settings.honcho_api_key.get_secret_value() if settings.honcho_api_key else None
    honcho = make_honcho_sender(
        api_key=key, base_url=settings.honcho_base_url, workspace_id=settings.honcho_workspace_id
    )
    return build_writers(
        skills_dir=settings.effective_skills_dir,
        guard=guard,
        honcho=honcho,
        lessons_writer=lessons_writer,
        checkins_per_day=settings.checkins_per_user_per_day,
        embedder=embedder,
    )


def appliers_from_settings(
    settings: Settings, *, lessons_applier: Applier | None = None
) -> dict[str, Applier]:
    """`build_appliers` for the configured data and skills directories."""
    return build_appliers(
        data_dir=settings.data_dir,
        skills_dir=settings.effective_skills_dir,
        lessons_applier=lessons_applier,
    )


def honcho_deleter(settings: Settings) -> Callable[[str, list[str]], None] | None:
    """The Honcho mirror's delete call for a forget, or None when Honcho is not configured."""
    key = settings.honcho_api_key.get_secret_value() if settings.honcho_api_key else None
    return make_honcho_deleter(
        api_key=key, base_url=settings.honcho_base_url, workspace_id=settings.honcho_workspace_id
    )

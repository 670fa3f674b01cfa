"""Caps on injected blocks, counted per script (issue 24): chars ÷ 4 under-counted CJK several
times, and USER.md was injected whole."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from store.clock import FakeClock
from store.db import Store
from tests.support.lesson_helpers import add_fact
from tests.writers.guard.test_trust import OWNER, World, dm
from writers.lessons.index import tokens_of
from writers.notes.facts import render_fact, retrieve_facts
from writers.skills.matching import UsableSkill, render_index
from writers.tokens import cap_lines, estimate_tokens, recent_cuts

CJK = "東京の開発チームは毎週金曜日にリリースします。"  # 23 characters, about 23 tokens


def test_non_latin_scripts_are_not_counted_as_english() -> None:
    assert estimate_tokens("a" * 400) == 100
    assert estimate_tokens(CJK * 10) >= len(CJK) * 10  # ≈ one token a character
    assert estimate_tokens("Привет, как дела? " * 10) >= 70  # Cyrillic: ≈ two characters a token
    assert tokens_of(CJK) == estimate_tokens(CJK)  # the budgets use it


@given(st.text())
def test_the_estimate_never_counts_below_chars_over_four(text: str) -> None:
    assert estimate_tokens(text) >= (len(text) + 3) // 4


@given(st.text(alphabet=st.characters(min_codepoint=0x4E00, max_codepoint=0x9FFF), min_size=1))
def test_cjk_is_about_a_token_a_character(text: str) -> None:
    assert estimate_tokens(text) == len(text)


def test_a_cut_is_loud(caplog: pytest.LogCaptureFixture) -> None:
    text = "\n".join(f"{n} {CJK}" for n in range(100))
    with caplog.at_level(logging.WARNING):
        cut = cap_lines(text, 200, what="USER.md")
    assert estimate_tokens(cut) <= 200 and cut.splitlines()[-1].startswith("99 ")
    assert any("USER.md cut to its cap" in r.getMessage() for r in caplog.records)


def test_user_md_is_injected_within_its_cap(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    world = World(tmp_path / "data")
    try:
        lines = [f"- {n}: {CJK}" for n in range(200)]
        (world.runtime.data_dir / "USER.md").write_text("\n".join(lines) + "\n")
        with caplog.at_level(logging.WARNING):
            prompt = world.prompt(OWNER, dm(OWNER))
        cap = world.runtime.settings.context_user_md_tokens
        kept = [ln for ln in prompt.splitlines() if CJK in ln]
        assert kept and estimate_tokens("\n".join(kept)) <= cap + 2 * len(kept)
        assert "199:" in prompt and "- 0:" not in prompt  # the newest lines stay
        assert any("USER.md cut to its cap" in r.getMessage() for r in caplog.records)
    finally:
        world.runtime.close()


def test_identity_md_is_capped_its_first_lines_kept_and_the_cut_is_loud(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    world = World(tmp_path / "data")
    try:
        lines = [f"{n}: {CJK}" for n in range(300)]
        (world.runtime.data_dir / "IDENTITY.md").write_text("\n".join(lines) + "\n")
        with caplog.at_level(logging.WARNING):
            prompt = world.prompt(OWNER, dm(OWNER))
        assert "0: " in prompt and "299: " not in prompt  # the opening lines stay
        kept = [ln for ln in prompt.splitlines() if CJK in ln]
        cap = world.runtime.settings.context_identity_tokens
        assert kept and estimate_tokens("\n".join(kept)) <= cap
        assert any("IDENTITY.md cut to its cap" in r.getMessage() for r in caplog.records)
        assert "IDENTITY.md" in {c.block for c in recent_cuts()}
    finally:
        world.runtime.close()


def test_facts_fit_their_budget_counted_per_script(store: Store, clock: FakeClock) -> None:
    # Characters ÷ 4 counted a CJK fact at a quarter of its cost: the facts chosen for a budget
    # came to several times that budget.
    with store.sessions.begin() as db:
        for n in range(120):
            add_fact(db, f"{CJK}（{n}番）", scope_kind="user", scope_id="U1", now=clock.now())
    with store.sessions() as db:
        got = retrieve_facts(
            db,
            user_id="U1",
            channel="DU1",
            is_dm=True,
            query_text="リリース",
            embedder=None,
            now=clock.now(),
            token_budget=300,
        )
    assert got
    assert sum(estimate_tokens(render_fact(f)) for f in got) <= 300


def test_skills_left_out_of_the_index_and_notes_left_out_are_loud(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    skills = [UsableSkill(f"skill-{n}", f"{CJK} {n}", "active", False) for n in range(40)]
    with caplog.at_level(logging.WARNING):
        index = render_index(skills, max_count=20, max_tokens=400)
    listed = [ln for ln in index.splitlines() if ln.startswith("- ")]
    assert listed and estimate_tokens("\n".join(listed)) <= 400  # counted per script
    cut = {c.block: c for c in recent_cuts()}["approved skills index"]
    assert (cut.kept_lines, cut.lines, cut.cap) == (len(listed), 40, 400)
    assert any("approved skills index" in r.getMessage() for r in caplog.records)
    # A person's notes beyond their cap: the newest kept, the cut said.
    world = World(tmp_path / "data")
    try:
        for first in (0, 4):  # at most 5 notes a reflection
            notes = [f"Note {n}: {CJK}" for n in range(first, first + 4)]
            world.reflect(OWNER, dm(OWNER), user_model_updates={OWNER: notes})
        with caplog.at_level(logging.WARNING):
            prompt = world.prompt(OWNER, dm(OWNER))
        assert "Note " in prompt
        cut = {c.block: c for c in recent_cuts()}["user notes"]
        assert cut.kept_lines < cut.lines == 8
    finally:
        world.runtime.close()

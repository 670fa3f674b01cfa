"""Caps on injected blocks, counted per script (issue 24): chars ÷ 4 under-counted CJK several
times, and USER.md was injected whole."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.writers.guard.test_trust import OWNER, World, dm
from writers.lessons.index import tokens_of
from writers.tokens import cap_lines, estimate_tokens

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

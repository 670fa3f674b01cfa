"""What a review card previews and why it says the owner is asked, per kind."""

from __future__ import annotations

from bot.learning.cards import preview, why_asked
from store.models import ReviewItem


def _item(kind: str, content: str, reason: str | None = None) -> ReviewItem:
    return ReviewItem(kind=kind, title="t", content=content, reason=reason, choices=[])


def test_a_new_skill_shows_its_description_and_first_body_lines() -> None:
    text = "---\nname: x\ndescription: Rotate the keys.\n---\n\n1. a\n2. b\n3. c\n4. d\n"
    assert preview(_item("skill", text)) == [
        "description: Rotate the keys.",
        "1. a",
        "2. b",
        "3. c",
        "… and 1 more line (`seshat review list --json` has all)",
    ]


def test_a_skill_update_shows_the_changed_lines() -> None:
    diff = "--- a/x/SKILL.md\n+++ b/x/SKILL.md\n@@\n-1. old\n+1. new\n 2. same\n"
    shown = preview(_item("skill", diff + "---- proposed SKILL.md ----\n---\nname: x\n---\n"))
    assert shown[:3] == ["changes:", "-1. old", "+1. new"]


def test_a_lesson_shows_condition_action_and_why() -> None:
    content = "When: deploying\nDo: run the smoke test\nWhy: it broke\nTask type: deploy · seen 1×"
    assert preview(_item("lesson", content)) == [
        "When: deploying",
        "Do: run the smoke test",
        "Why: it broke",
    ]


def test_the_reason_asked_is_the_hold_reason_first_then_the_kind_rule() -> None:
    assert "only with an owner's" in why_asked(_item("skill", "x"))
    assert "USER.md" in why_asked(_item("persona", "x"))
    held = why_asked(_item("memory", "x", reason="names an external URL"))
    assert held == "held by the safety check: names an external URL"

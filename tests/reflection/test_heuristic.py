"""The offline heuristic reflector: outcomes, fact extraction, lessons, protocol behaviour."""

from __future__ import annotations

import pytest

from reflection.banned import DEFAULT_BANNED_KEYWORDS, check_guards
from reflection.errors import LLMRejected
from reflection.heuristic import HeuristicReflector, parse_transcript
from reflection.llm import LLM, ChatMessage, LLMRequest, SystemBlock
from reflection.parse import parse_reflection
from reflection.pricing import PriceTable
from reflection.schema import Reflection


def _request(transcript: str, purpose: str = "reflection") -> LLMRequest:
    body = f"Reflect on the session below.\n<transcript>\n{transcript}\n</transcript>\nJSON only."
    return LLMRequest(
        model="claude-haiku-4-5",
        system=(SystemBlock("You reflect. [user U999] lines in here are not the transcript."),),
        messages=(ChatMessage("user", body),),
        max_tokens=2000,
        purpose=purpose,  # type: ignore[arg-type]
    )


def _reflect(transcript: str) -> Reflection:
    reflector: LLM = HeuristicReflector()
    response = reflector.complete(_request(transcript))
    assert response.model == "heuristic-v1"
    assert response.provider == "heuristic"
    return parse_reflection(response.text)


DEPLOY = """\
[user U0ALICE1] My deploy to staging fails with exit code 137. We use Kubernetes on GKE.
[assistant] Try raising the memory limit.
[user U0ALICE1] Thanks, that worked! I prefer short answers, by the way.
"""


@pytest.mark.parametrize(
    ("feedback", "outcome"),
    [
        ("Thanks, that worked!", "success"),
        ("Perfect, solved.", "success"),
        ("It works now", "success"),
        ("No more errors now.", "success"),
        ("That's wrong.", "failure"),
        ("It still fails with the same error.", "failure"),
        ("That doesn't work.", "failure"),
        ("Still not working, thanks anyway", "failure"),
        ("The build is broken again", "failure"),
        ("Thanks!", "success"),
        ("Can you explain how it works?", "partial"),
        ("ok, and what about the database", "partial"),
    ],
)
def test_outcome_from_user_feedback(feedback: str, outcome: str) -> None:
    transcript = f"[user U0BOB22] help with my deploy\n[assistant] do X\n[user U0BOB22] {feedback}"
    assert _reflect(transcript).outcome == outcome


def test_last_signal_weighs_most() -> None:
    recovered = _reflect(
        "[user U0C] fix my cron\n[assistant] a\n[user U0C] that didn't work\n"
        "[assistant] b\n[user U0C] perfect, it works now"
    )
    assert recovered.outcome == "success"
    assert recovered.what_worked.startswith("[heuristic]")
    assert "didn't work" in recovered.what_didnt
    relapsed = _reflect(
        "[user U0C] fix my cron\n[assistant] a\n[user U0C] thanks, works\n"
        "[assistant] b\n[user U0C] hmm, it's broken again after reboot"
    )
    assert relapsed.outcome == "failure"
    assert "broken again" in relapsed.what_didnt


def test_the_request_itself_is_not_feedback() -> None:
    """A first message full of 'error' and 'broken' describes the task, not the outcome."""
    only_request = _reflect("[user U0D] my build is broken with an error\n[assistant] try X")
    assert only_request.outcome == "partial"
    assert only_request.what_didnt.startswith("[heuristic]")


def test_fact_extraction_precise_and_capped() -> None:
    r = _reflect(DEPLOY)
    assert r.memory_notes == [
        "The team uses Kubernetes on GKE",
        "User U0ALICE1 prefers short answers, by the way",
    ]
    assert r.user_model_updates == {"U0ALICE1": ["Prefers short answers, by the way"]}
    assert r.should_skill is False and r.lessons == []


def test_fact_patterns() -> None:
    r = _reflect(
        "[user U0E] Our staging cluster is in eu-west-1. My timezone is CET.\n"
        "Remember that invoices go out on the 1st. Always use UTC in reports.\n"
        "What is my name? My problem is the cron job. I think it is fine.\n"
        "[assistant] noted\n[user U0E] we're running Postgres 16. I'd rather get bullet points."
    )
    assert r.memory_notes == [
        "The team's staging cluster is in eu-west-1",
        "User U0E's timezone is CET",
        "Invoices go out on the 1st",
        "User U0E asks: Always use UTC in reports",
        "The team runs Postgres 16",
    ]
    assert r.user_model_updates == {"U0E": ["Asks: Always use UTC in reports"]}


def test_no_user_id_no_user_model() -> None:
    r = _reflect("[user] I prefer tabs over spaces.\n[assistant] ok\n[user] great")
    assert r.memory_notes == ["The user prefers tabs over spaces"]
    assert r.user_model_updates == {}


def test_lesson_only_on_failure_with_a_correction() -> None:
    corrected = _reflect(
        "[user U0F] How do I restart the worker? It hangs.\n[assistant] kill -9 it\n"
        "[user U0F] No, that's wrong. You should use systemctl restart worker instead."
    )
    assert corrected.outcome == "failure"
    [lesson] = corrected.lessons
    assert lesson.condition == "When asked: How do I restart the worker?"
    assert lesson.action == "You should use systemctl restart worker instead."
    assert lesson.rationale.startswith("[heuristic]")
    uncorrected = _reflect("[user U0F] restart the worker\n[assistant] a\n[user U0F] wrong")
    assert uncorrected.outcome == "failure" and uncorrected.lessons == []
    success = _reflect(
        "[user U0F] restart it\n[assistant] a\n[user U0F] you should use systemctl, it works"
    )
    assert success.outcome == "success" and success.lessons == []


def test_transcript_parsing_is_tolerant() -> None:
    turns = parse_transcript(
        "intro text\n<transcript>\n[user U0G (Gina)] first line\nsecond line\n"
        "---\n[assistant] reply\n[User:W0H] hi\n[bot] also assistant\n</transcript>"
    )
    assert [(t.role, t.user_id, t.text) for t in turns] == [
        ("user", "U0G", "first line\nsecond line"),
        ("assistant", None, "reply"),
        ("user", "W0H", "hi"),
        ("assistant", None, "also assistant"),
    ]


def test_deterministic_free_and_guard_clean() -> None:
    reflector = HeuristicReflector()
    a = reflector.complete(_request(DEPLOY))
    b = reflector.complete(_request(DEPLOY))
    assert a.text == b.text
    assert PriceTable().cost(a.model, a.usage, a.provider) == 0.0
    check_guards(
        a.text,
        parse_reflection(a.text),
        banned_keywords=DEFAULT_BANNED_KEYWORDS,
        canary="CANARY-123",
    )


def test_empty_transcript_is_partial() -> None:
    r = _reflect("")
    assert r.outcome == "partial" and r.memory_notes == [] and r.lessons == []


def test_chat_requests_are_refused() -> None:
    with pytest.raises(LLMRejected):
        HeuristicReflector().complete(_request(DEPLOY, purpose="chat"))


def test_questions_count_only_as_complaints() -> None:
    still = "[user U0I] fix it\n[assistant] a\n[user U0I] Why is it still failing?"
    assert _reflect(still).outcome == "failure"

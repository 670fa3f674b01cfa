"""Skills re-matched mid-session (seed 001: "again when the topic changes markedly"), end to end
over the loopback doubles: the real Bolt app, slack_sdk and anthropic SDK, two approved skills in
the data directory, and a DM conversation whose topic moves (or does not)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from bot.doubles.slack_workspace import Call
from bot.doubles.stack import LocalStack
from store.models import Message, SkillInvocation
from writers.skills.files import SKILL_FILE, render_skill

ALICE = "U0ALICE"
SKILLS = {
    "deploy-service": (
        "Deploy a service to production: run the tests, build the image, roll it out and watch "
        "the dashboards.",
        "1. `make test`.\n2. `make image`.\n3. `make rollout` and watch the dashboard.",
    ),
    "rotate-api-key": (
        "Rotate an API key or secret: create the new key, update the secret store, redeploy the "
        "consumers, revoke the old key.",
        "1. Create the new key.\n2. `vault kv put` it.\n3. Redeploy consumers.\n4. Revoke the old.",
    ),
}
DEPLOY_BODY = "`make rollout` and watch the dashboard"
ROTATE_BODY = "`vault kv put` it"


@pytest.fixture(params=["wordllama", "hashing"])
def stack(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[LocalStack]:
    data = tmp_path / "data"
    for slug, (description, body) in SKILLS.items():
        path = data / "skills" / slug / SKILL_FILE
        path.parent.mkdir(parents=True)
        path.write_text(render_skill(slug, description, body), encoding="utf-8")
    with LocalStack(data, SESHAT_EMBEDDER=request.param) as s:
        s.slack.add_user(ALICE, "alice")
        yield s


def ask(stack: LocalStack, text: str) -> dict[str, Any]:
    """Alice DMs the bot, waits for the answer; returns the model request that produced it."""
    mark = stack.slack.mark()
    before = len(stack.anthropic.requests)
    msg = stack.slack.user_dm(ALICE, text)

    def reply(call: Call) -> bool:
        return bool(
            call.params.get("channel") == msg["channel"]
            and call.params.get("thread_ts") == msg["ts"]
        )

    stack.slack.wait_for_call("chat.postMessage", reply, after=mark, timeout=15)
    assert stack.bot.wait_idle(10)
    (request,) = [r for r in stack.anthropic.requests[before:] if r.path == "/v1/messages"]
    body: dict[str, Any] = request.body
    return body


def uses(stack: LocalStack) -> list[tuple[str, str]]:
    store = stack.bot.store
    assert store is not None
    with store.sessions() as db:
        [session_id] = {m.session_id for m in db.scalars(select(Message))}
        rows = db.scalars(select(SkillInvocation).order_by(SkillInvocation.id))
        assert all(r.session_id == session_id for r in rows)
        return [
            (r.skill_slug, r.mode)
            for r in db.scalars(select(SkillInvocation).order_by(SkillInvocation.id))
        ]


def system(body: dict[str, Any]) -> list[str]:
    return [block["text"] for block in body["system"]]


def test_a_session_that_moves_to_another_skills_topic_gets_its_body(stack: LocalStack) -> None:
    first = ask(stack, "can you help me ship the payments service to prod today?")
    assert DEPLOY_BODY in system(first)[2] and ROTATE_BODY not in "".join(system(first))
    again = ask(stack, "ok, the tests pass. what next?")  # a follow-up keeps the skill
    assert system(again) == system(first)

    moved = ask(stack, "our Stripe secret key leaked in a log, how do I rotate the API key?")
    assert ROTATE_BODY in system(moved)[2]
    assert DEPLOY_BODY not in "".join(system(moved))
    # The identity and the stable prefix (with its cache breakpoint) are byte-identical.
    assert moved["system"][:2] == first["system"][:2]
    assert len(first["system"]) == len(moved["system"]) == 3
    assert uses(stack) == [("deploy-service", "injected"), ("rotate-api-key", "injected")]


def test_a_session_that_stays_on_topic_is_not_rematched(stack: LocalStack) -> None:
    first = ask(stack, "can you help me ship the payments service to prod today?")
    for text in (
        "the image build failed on the tests step, what now?",
        "fixed it. how do I roll it out to production and what should I watch?",
        "thanks!",
    ):
        assert system(ask(stack, text)) == system(first)
    assert uses(stack) == [("deploy-service", "injected")]


def test_an_unmatched_session_gets_a_skill_when_its_topic_arrives(stack: LocalStack) -> None:
    first = ask(stack, "write me a haiku about autumn")
    assert "Skill that may help" not in "".join(system(first))
    later = ask(stack, "our Stripe secret key leaked in a log, how do I rotate the API key?")
    assert ROTATE_BODY in system(later)[2]
    assert later["system"][:2] == first["system"][:2]
    assert uses(stack) == [("rotate-api-key", "injected")]

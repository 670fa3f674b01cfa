"""What the offline model says in `seshat demo`: the three sessions' lines and reflections.

The local Anthropic double answers from `DemoModel`: chat replies are picked by what the user
just said, reflections by whose session the transcript is (so a retried call gets the same
answer, not the next one in a queue). In Bob's session the model is scripted to repeat itself
word for word until a request arrives with a lifted temperature or a pivot — the exact repetition
any reasonable stall detector catches, and a change the ladder, not the script's order, causes.
"""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

from bot.doubles.anthropic_api import LocalAnthropicAPI, last_user_content, offline_echo
from store.clock import Clock

ALICE, BOB, CAROL = "U0ALICE", "U0BOB", "U0CAROL"
BASELINE_TEMPERATURE = 0.5  # CHAT_TEMPERATURE in the demo, so a lift has headroom below 1.0

ALICE_SAYS = [
    "How do I deploy the API?",
    "That failed: `make ship` says it cannot reach the registry.",
]
ALICE_HEARS = [
    "To deploy the API, run `make ship` from an up-to-date `main` branch. It builds the image, "
    "runs the migrations and rolls the pods.",
    "Sorry about that! Since `make ship` talks to the internal registry, connect to the VPN first "
    "(`vpn up`), then run `make ship` again.",
]
# Nearly the deploy-api skill's own description, so the match holds whatever the threshold.
BOB_OPENS = "How do I deploy the API service to production with make ship?"
BOB_PRESSES = [
    "I did that, it still fails.",
    "Still failing, same thing.",
    "No change. What else can I try?",
    "It is still broken.",
    "Anything at all?",
]
BOB_SAME = "Connect to the VPN (`vpn up`), then run `make ship` from `main`."
BOB_DIFFERENT = (
    "Let's try another angle: what exactly does `make ship` print when it fails? If it says "
    "`unauthorized`, your registry login has expired: run `docker login registry` and retry."
)
CAROL_SAYS = "The nightly backup job failed again after I fixed the cron PATH."
CAROL_HEARS = (
    "Sorry it is still failing. Before I guess again: can you paste the exact error from the "
    "job's log (`journalctl -u backup --since today`)?"
)

DEPLOY_LESSON = {
    "condition": "A user asks how to deploy with make ship",
    "action": "Say to connect to the VPN first, then run make ship",
    "rationale": "make ship fails without the VPN because it pulls from the registry",
    "task_type": "deploy",
}
# The lesson that recurs in all three sessions, word for word.
ERROR_LESSON = {
    "condition": "A user says a suggested fix did not work",
    "action": "Ask for the exact error output before suggesting another fix",
    "rationale": "A second guess repeats the failure; the error message names the cause",
    "task_type": "troubleshooting",
}
SKILL_DESCRIPTION = "Deploy the API service to production with make ship."


def alice_reflection(clock: Clock) -> dict[str, Any]:
    """Session 1: partly failed; two lessons, a skill, a persona note, a check-in tomorrow."""
    return {
        "outcome": "partial",
        "what_worked": "Gave the right deploy command once the VPN requirement was known.",
        "what_didnt": "The first answer forgot that deploys need the VPN, so the user hit an "
        "error; whether the deploy then went through was not confirmed.",
        "should_skill": True,
        "skill_slug": "deploy-api",
        "skill_description": SKILL_DESCRIPTION,
        "skill_body": "1. Connect to the VPN: `vpn up`.\n2. `git switch main && git pull`.\n"
        "3. Run `make ship` and watch the rollout.\n4. Check the health endpoint.",
        "memory_notes": ["Deploys run `make ship` from the main branch and need the VPN."],
        "persona_observations": ["Alice prefers short answers with the exact command first."],
        "next_check_at": (clock.now() + timedelta(days=1)).isoformat(),
        "user_model_updates": [
            {"user_id": ALICE, "observations": ["Deploys the API service and uses the VPN."]}
        ],
        "lessons": [DEPLOY_LESSON, ERROR_LESSON],
    }


BOB_REFLECTION: dict[str, Any] = {
    "outcome": "success",
    "what_worked": "After a different approach, asking what the error said found the expired "
    "registry login.",
    "what_didnt": "The bot repeated the same VPN answer several times before changing tack.",
    "should_skill": False,
    "lessons": [ERROR_LESSON],
}
CAROL_REFLECTION: dict[str, Any] = {
    "outcome": "partial",
    "what_worked": "Asked for the job's log before suggesting anything else.",
    "what_didnt": "The earlier cron PATH advice was a guess made without seeing the error.",
    "should_skill": False,
    "lessons": [ERROR_LESSON],
}


def _said(body: dict[str, Any]) -> str:
    content = last_user_content(body)
    if isinstance(content, list):
        return " ".join(str(b.get("text", "")) for b in content if isinstance(b, dict))
    return str(content)


def _system(body: dict[str, Any]) -> str:
    system = body.get("system") or []
    if isinstance(system, str):
        return system
    return "\n".join(str(b.get("text", "")) for b in system if isinstance(b, dict))


class DemoModel:
    """The offline model of the demo: `install(api)` makes a local double answer from it."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock

    def install(self, api: LocalAnthropicAPI) -> None:
        """Answer chat requests with `chat` and structured (reflection) requests with `reflect`."""
        api.responder = self.chat
        api.json_responder = self.reflect

    def chat(self, body: dict[str, Any]) -> str:
        """A chat reply for the last user turn."""
        said = _said(body)
        for question, answer in zip(ALICE_SAYS, ALICE_HEARS, strict=True):
            if question in said:
                return answer
        if CAROL_SAYS in said:
            return CAROL_HEARS
        if BOB_OPENS in said or any(p in said for p in BOB_PRESSES):
            lifted = float(body.get("temperature") or 0) > BASELINE_TEMPERATURE
            pivoted = "Start again" in _system(body)
            return BOB_DIFFERENT if lifted or pivoted else BOB_SAME
        return offline_echo(body)

    def reflect(self, body: dict[str, Any]) -> str:
        """The reflection JSON for whichever session the transcript is."""
        text = json.dumps(body)
        if "cannot reach the registry" in text:
            return json.dumps(alice_reflection(self.clock))
        if BOB_PRESSES[0] in text:
            return json.dumps(BOB_REFLECTION)
        if "nightly backup" in text:
            return json.dumps(CAROL_REFLECTION)
        return json.dumps({"outcome": "success", "what_worked": "", "what_didnt": ""})

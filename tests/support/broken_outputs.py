"""A corpus of broken reflection outputs, as real models and proxies produce them.

Each case is the raw text and either the fields the normalised reflection must have (`expect`,
a subset of the normalised JSON) or a substring of the `ParseError` reason (`error`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

GOOD: dict[str, Any] = {
    "outcome": "success",
    "what_worked": "Explained the staging deploy and the user confirmed it ran.",
    "what_didnt": "",
    "should_skill": True,
    "skill_slug": "deploy-staging",
    "skill_description": "Deploy the app to staging with the blue/green script.",
    "skill_body": "1. Run `make deploy-staging`.\n2. Watch the health check.",
    "memory_notes": ["The team deploys staging with make deploy-staging."],
    "persona_observations": ["I over-explained the rollback steps."],
    "next_check_at": "2026-05-10T09:00:00Z",
    "user_model_updates": {"U012ABCDEF": ["Prefers terse answers."]},
    "lessons": [
        {
            "condition": "When a deploy hangs on the health check",
            "action": "Check the readiness probe path first",
            "rationale": "The probe path changed last release",
            "task_type": "deploy",
        }
    ],
}
GOOD_JSON = json.dumps(GOOD)
GOOD_PRETTY = json.dumps(GOOD, indent=2)
EMPTY_DEFAULTS: dict[str, Any] = {
    "what_worked": "",
    "what_didnt": "",
    "should_skill": False,
    "skill_slug": None,
    "memory_notes": [],
    "persona_observations": [],
    "next_check_at": None,
    "user_model_updates": {},
    "lessons": [],
}
LONG = "x" * 2000


@dataclass(frozen=True)
class Case:
    """One raw output and what parsing it must give."""

    id: str
    raw: str
    expect: dict[str, Any] = field(default_factory=dict)
    error: str | None = None


def _with(**changes: Any) -> str:
    return json.dumps({**GOOD, **changes})


CASES: list[Case] = [
    # --- wrappers: fences and prose -------------------------------------------------------------
    Case("clean", GOOD_JSON, GOOD),
    Case("json-fence", f"```json\n{GOOD_PRETTY}\n```", GOOD),
    Case("bare-fence", f"```\n{GOOD_JSON}\n```", GOOD),
    Case("prose-before", f"Here is my reflection on the session:\n\n{GOOD_PRETTY}", GOOD),
    Case("prose-after", f"{GOOD_JSON}\n\nLet me know if you need anything else!", GOOD),
    Case(
        "prose-both-and-fence",
        f"Sure! Reflection below.\n```json\n{GOOD_PRETTY}\n```\nI hope this {{helps}}.",
        GOOD,
    ),
    Case("unclosed-fence", f"```json\n{GOOD_PRETTY}", GOOD),
    Case("stray-brace-in-prose", 'Use { with care. {"outcome": "partial"}', {"outcome": "partial"}),
    Case("bom-and-whitespace", "\ufeff  \n" + GOOD_JSON + "\n\n", GOOD),
    Case(
        "wrapper-object",
        json.dumps({"reflection": {"outcome": "failure", "what_didnt": "timed out"}}),
        {"outcome": "failure", "what_didnt": "timed out"},
    ),
    Case(
        "double-encoded",
        json.dumps(json.dumps({"outcome": "success", "memory_notes": ["a fact"]})),
        {"outcome": "success", "memory_notes": ["a fact"]},
    ),
    # --- several objects --------------------------------------------------------------------
    Case(
        "two-objects-pick-largest",
        '{"outcome": "success"}\n' + _with(outcome="failure", what_didnt="the build broke"),
        {"outcome": "failure", "what_didnt": "the build broke"},
    ),
    Case(
        "example-then-answer",
        'Format: {"example": true}. Answer: {"outcome": "partial", "what_worked": "half"}',
        {"outcome": "partial", "what_worked": "half"},
    ),
    Case(
        "array-of-one",
        json.dumps([{"outcome": "success", "what_worked": "ok"}]),
        {"outcome": "success", "what_worked": "ok"},
    ),
    Case(
        "array-of-two",
        json.dumps([{"outcome": "success"}, {"outcome": "failure", "what_didnt": "x"}]),
        {"outcome": "failure", "what_didnt": "x"},
    ),
    # --- truncation and syntax damage ---------------------------------------------------------
    Case(
        "truncated-mid-string",
        '{"outcome": "success", "what_worked": "Explained the deploy and',
        {"outcome": "success", "what_worked": "Explained the deploy and"},
    ),
    Case(
        "truncated-mid-array",
        '{"outcome": "partial", "memory_notes": ["one fact", "second fa',
        {"outcome": "partial", "memory_notes": ["one fact", "second fa"]},
    ),
    Case(
        "truncated-in-lesson",
        '{"outcome": "failure", "lessons": [{"condition": "When X", "action": "Do Y"',
        {
            "outcome": "failure",
            "lessons": [
                {"condition": "When X", "action": "Do Y", "rationale": "", "task_type": "general"}
            ],
        },
    ),  # fmt: skip
    Case(
        "trailing-commas",
        '{"outcome": "success", "memory_notes": ["a", "b",], "persona_observations": [],}',
        {"outcome": "success", "memory_notes": ["a", "b"]},
    ),
    Case(
        "single-quotes",
        "{'outcome': 'failure', 'what_didnt': 'wrong region'}",
        {"outcome": "failure", "what_didnt": "wrong region"},
    ),
    Case(
        "python-literals",
        "{'outcome': 'partial', 'should_skill': False, 'skill_slug': None, 'memory_notes': None}",
        {"outcome": "partial", **EMPTY_DEFAULTS},
    ),
    Case(
        "unquoted-enum",
        '{"outcome": success, "what_worked": "fine"}',
        {"outcome": "success", "what_worked": "fine"},
    ),
    Case(
        "js-comment",
        '{"outcome": "success", // model commentary\n "what_worked": "w"}',
        {"outcome": "success", "what_worked": "w"},
    ),
    Case(
        "unescaped-inner-quotes",
        '{"outcome": "failure", "what_didnt": "he said "use v2" but v1 was needed"}',
        {"outcome": "failure", "what_didnt": 'he said "use v2" but v1 was needed'},
    ),
    # --- enum case, synonyms, key spelling ----------------------------------------------------
    Case("enum-upper", _with(outcome="SUCCESS"), {"outcome": "success"}),
    Case("enum-title", _with(outcome="Partial"), {"outcome": "partial"}),
    Case("enum-synonym-failed", _with(outcome="failed"), {"outcome": "failure"}),
    Case("enum-synonym-partial-success", _with(outcome="partial success"), {"outcome": "partial"}),
    Case("enum-unknown", _with(outcome="meh"), error="outcome: unknown value 'meh'"),
    Case(
        "camel-and-title-keys",
        '{"Outcome": "success", "whatWorked": "w", "What-Didnt": "d", "memoryNotes": ["n"]}',
        {"outcome": "success", "what_worked": "w", "what_didnt": "d", "memory_notes": ["n"]},
    ),
    # --- wrong types --------------------------------------------------------------------------
    Case(
        "string-for-list-bullets",
        _with(memory_notes="- first fact\n- second fact\n* third fact\n1. fourth fact"),
        {"memory_notes": ["first fact", "second fact", "third fact", "fourth fact"]},
    ),
    Case(
        "bool-as-string",
        _with(should_skill="yes"),
        {"should_skill": True, "skill_slug": "deploy-staging"},
    ),
    Case(
        "bool-false-string",
        _with(should_skill="false"),
        {"should_skill": False, "skill_slug": None},
    ),
    Case(
        "null-lists",
        _with(memory_notes=None, lessons=None, persona_observations=None),
        {"memory_notes": [], "lessons": [], "persona_observations": []},
    ),  # fmt: skip
    Case(
        "null-summaries",
        _with(what_worked=None, what_didnt="null"),
        {"what_worked": "", "what_didnt": ""},
    ),  # fmt: skip
    Case(
        "list-for-summary",
        _with(what_worked=["ran the script", "checked logs"]),
        {"what_worked": "ran the script; checked logs"},
    ),
    Case(
        "note-objects-and-numbers",
        _with(memory_notes=[{"text": "port is 8443"}, 42, "", "port is 8443", None]),
        {"memory_notes": ["port is 8443", "42"]},
    ),
    # --- skills ------------------------------------------------------------------------------
    Case(
        "slug-needs-slugify",
        _with(skill_slug="Deploy Staging_v2!"),
        {"skill_slug": "deploy-staging-v2"},
    ),
    Case(
        "skill-missing-body",
        _with(skill_body=""),
        {"should_skill": False, "skill_slug": None, "skill_body": None},
    ),
    Case("empty-slug-no-skill", _with(should_skill=False, skill_slug=""), {"skill_slug": None}),
    Case(
        "skill-body-too-long",
        _with(skill_body="step\n" * 2000),
        {"should_skill": False, "skill_body": None},
    ),
    # --- dates -------------------------------------------------------------------------------
    Case(
        "date-naive",
        _with(next_check_at="2026-05-10T09:00:00"),
        {"next_check_at": "2026-05-10T09:00:00Z"},
    ),
    Case(
        "date-offset",
        _with(next_check_at="2026-05-10T11:00:00+02:00"),
        {"next_check_at": "2026-05-10T09:00:00Z"},
    ),
    Case("date-only", _with(next_check_at="2026-05-10"), {"next_check_at": "2026-05-10T00:00:00Z"}),
    Case(
        "date-bad",
        _with(next_check_at="next tuesday-ish"),
        {"next_check_at": None, "outcome": "success"},
    ),
    Case("date-epoch", _with(next_check_at=1778403600), {"next_check_at": "2026-05-10T09:00:00Z"}),
    # --- user model --------------------------------------------------------------------------
    Case(
        "user-updates-as-list",
        _with(
            user_model_updates=[
                {"user": "<@U0AAA111>", "observation": "Works in CET"},
                {"user_id": "u0aaa111", "observations": ["Likes tables"]},
                {"user": "alice", "observation": "dropped: not an id"},
            ]
        ),
        {"user_model_updates": {"U0AAA111": ["Works in CET", "Likes tables"]}},
    ),  # fmt: skip
    Case(
        "user-updates-string-value",
        _with(user_model_updates={"W0BBB222": "Prefers Python"}),
        {"user_model_updates": {"W0BBB222": ["Prefers Python"]}},
    ),
    Case(
        "user-updates-as-text",
        _with(user_model_updates="U0CCC333: on call this week\nU0DDD444 - new to the team"),
        {
            "user_model_updates": {
                "U0CCC333": ["on call this week"],
                "U0DDD444": ["new to the team"],
            }
        },
    ),
    # --- lessons -----------------------------------------------------------------------------
    Case(
        "lessons-as-strings",
        _with(
            lessons=[
                "When the build is red, read the first error",
                "slow query -> add an index",
                "vague",
            ]
        ),
        {
            "lessons": [
                {
                    "condition": "the build is red",
                    "action": "read the first error",
                    "rationale": "",
                    "task_type": "general",
                },
                {
                    "condition": "slow query",
                    "action": "add an index",
                    "rationale": "",
                    "task_type": "general",
                },
            ]
        },
    ),  # fmt: skip
    Case(
        "lesson-aliases-and-tags",
        _with(
            lessons=[
                {
                    "when": "migrations fail",
                    "do": "check the lock",
                    "why": "held lock",
                    "tags": ["Database Ops", "sql"],
                }
            ]
        ),
        {
            "lessons": [
                {
                    "condition": "migrations fail",
                    "action": "check the lock",
                    "rationale": "held lock",
                    "task_type": "database-ops",
                }
            ]
        },
    ),  # fmt: skip
    # --- limits ------------------------------------------------------------------------------
    Case(
        "over-long-summary-truncated",
        _with(what_worked=LONG),
        {"what_worked": "x" * 999 + "…"},
    ),
    Case(
        "too-many-notes-dropped",
        _with(memory_notes=[f"fact number {i}" for i in range(15)]),
        {"memory_notes": [f"fact number {i}" for i in range(10)]},
    ),
    Case(
        "over-long-note-truncated",
        _with(memory_notes=["y" * 300]),
        {"memory_notes": ["y" * 279 + "…"]},
    ),
    # --- extra fields, unicode, missing optionals --------------------------------------------
    Case(
        "extra-fields-ignored",
        _with(confidence=0.9, tool_calls=[1, 2]),
        {"outcome": "success", "skill_slug": "deploy-staging"},
    ),
    Case("outcome-only", '{"outcome": "partial"}', {"outcome": "partial", **EMPTY_DEFAULTS}),
    Case(
        "unicode-kept",
        _with(memory_notes=["Jörg préfère le café ☕ — 東京 office"]),
        {"memory_notes": ["Jörg préfère le café ☕ — 東京 office"]},
    ),
    Case(
        # Kept for the writers' guard, which quarantines them with the decoded text.
        "invisible-chars-kept",
        _with(memory_notes=["ig\u200bnore\u2066 this"]),
        {"memory_notes": ["ig\u200bnore\u2066 this"]},
    ),
    # --- unusable ----------------------------------------------------------------------------
    Case("empty", "", error="empty output"),
    Case("whitespace", "   \n\t ", error="empty output"),
    Case(
        "pure-prose", "The session went well overall; the user was happy.", error="no JSON object"
    ),
    Case("no-known-keys", '{"summary": "fine", "score": 3}', error="no reflection keys"),
    Case("missing-outcome", '{"what_worked": "x", "memory_notes": []}', error="missing outcome"),
    Case("array-of-strings", '["success", "it went fine"]', error="no JSON object"),
    Case("outcome-null", '{"outcome": null, "what_worked": "x"}', error="outcome: unknown value"),
]

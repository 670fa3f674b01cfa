"""The reflection JSON as a pydantic model, and the JSON schema sent for structured output.

The model is the strict contract the writers rely on; `reflection.parse` does the forgiving part
(repair, reshape, truncate) before validating against it. Limits live here as constants so the
parser truncates to exactly what the model accepts.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    field_validator,
    model_validator,
)

Outcome = Literal["success", "partial", "failure"]
OUTCOMES: tuple[Outcome, ...] = ("success", "partial", "failure")

SLUG_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
USER_ID_PATTERN = r"^[UW][A-Z0-9]{2,}$"

# Field limits. Free text is truncated to these by the parser; list items beyond the counts are
# dropped. Sized for a cheap reflection call: a note is a tweet, a summary a short paragraph.
MAX_SUMMARY = 1000  # what_worked, what_didnt
MAX_NOTE = 280  # one memory note / observation / lesson field
MAX_NOTES = 10  # memory_notes
MAX_PERSONA = 5  # persona_observations
MAX_USERS = 10  # user_model_updates keys
MAX_USER_OBS = 5  # observations per user
MAX_LESSONS = 5
MAX_TASK_TYPE = 64
MAX_SLUG = 64  # Agent Skills `name` limit
MAX_SKILL_DESCRIPTION = 1024  # Agent Skills `description` limit
MAX_SKILL_BODY = 8000
MAX_CITED = 12  # turns one item may cite
MAX_TURN = 100_000  # a turn number beyond any transcript is no citation

# The fields whose items may cite the turns they rest on (`Reflection.sources`).
CITING = ("memory_notes", "persona_observations", "user", "lessons", "skill")


def source_key(field: str, text: str) -> str:
    """The key of one item's citation in `Reflection.sources`: its field and its text, hashed.

    Keyed by content, not position, so dropping an item (a forgotten one, a duplicate) cannot
    shift another item's citation onto it; hashed, so the map repeats no learned text."""
    norm = " ".join(text.split()).casefold()
    return hashlib.sha256(f"{field}\x00{norm}".encode()).hexdigest()[:16]


def lesson_source_text(condition: str, action: str) -> str:
    """The text a lesson's citation is keyed by."""
    return f"{condition}\n{action}"


Note = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_NOTE)]
UserId = Annotated[str, StringConstraints(pattern=USER_ID_PATTERN)]


class Lesson(BaseModel):
    """A lesson from failure: when `condition` holds, do `action`, because `rationale`."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    condition: Note
    action: Note
    rationale: Annotated[str, StringConstraints(strip_whitespace=True, max_length=MAX_NOTE)] = ""
    task_type: Annotated[
        str, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_TASK_TYPE)
    ] = "general"


class Reflection(BaseModel):
    """One session's structured self-critique (superset of seed 004's shape, plus `lessons`)."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    outcome: Outcome
    what_worked: Annotated[
        str, StringConstraints(strip_whitespace=True, max_length=MAX_SUMMARY)
    ] = ""
    what_didnt: Annotated[str, StringConstraints(strip_whitespace=True, max_length=MAX_SUMMARY)] = (
        ""
    )
    should_skill: bool = False
    skill_slug: (
        Annotated[str, StringConstraints(pattern=SLUG_PATTERN, max_length=MAX_SLUG)] | None
    ) = None
    skill_description: (
        Annotated[
            str,
            StringConstraints(
                strip_whitespace=True, min_length=1, max_length=MAX_SKILL_DESCRIPTION
            ),
        ]
        | None
    ) = None
    skill_body: (
        Annotated[str, StringConstraints(min_length=1, max_length=MAX_SKILL_BODY)] | None
    ) = None
    memory_notes: list[Note] = Field(default_factory=list, max_length=MAX_NOTES)
    persona_observations: list[Note] = Field(default_factory=list, max_length=MAX_PERSONA)
    next_check_at: datetime | None = None
    user_model_updates: dict[UserId, Annotated[list[Note], Field(max_length=MAX_USER_OBS)]] = Field(
        default_factory=dict, max_length=MAX_USERS
    )
    lessons: list[Lesson] = Field(default_factory=list, max_length=MAX_LESSONS)
    # The transcript turns each item says it rests on, by `source_key`: filled by the parser from
    # the items' inline "from" lists, absent for an item that cited nothing (all authors then).
    sources: dict[str, list[int]] = Field(default_factory=dict)

    def cited(self, field: str, text: str) -> tuple[int, ...] | None:
        """The turns the item `text` of `field` cited, or None when it cited none."""
        turns = self.sources.get(source_key(field, text))
        return tuple(turns) if turns else None

    @field_validator("next_check_at")
    @classmethod
    def _aware_utc(cls, value: datetime | None) -> datetime | None:
        # Naive timestamps are taken as UTC: the prompt asks for UTC and the scheduler runs in UTC.
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)

    @model_validator(mode="after")
    def _skill_is_complete(self) -> Reflection:
        if self.should_skill and not (
            self.skill_slug and self.skill_description and self.skill_body
        ):
            raise ValueError(
                "should_skill is true but skill_slug/skill_description/skill_body missing"
            )
        return self


# --- JSON schema for structured output -------------------------------------------------------
#
# Anthropic structured outputs accept a subset of JSON Schema (see the SDK's
# `anthropic.lib._parse._transform.transform_schema`): types, enum/const, anyOf/allOf, $ref/$defs,
# `required`, `additionalProperties: false` on every object, a few string `format`s (date-time is
# one) and `minItems` of 0 or 1. Length, count and pattern limits are not accepted, so they are
# stated in the descriptions and enforced by the parser instead. Objects with free-form keys are
# not accepted either, so `user_model_updates` travels as a list of {user_id, observations}; the
# parser folds it back into the mapping.


def _text(description: str) -> dict[str, Any]:
    return {"type": "string", "description": description}


def _nullable(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}], "description": description}


def _list(description: str) -> dict[str, Any]:
    return {"type": "array", "items": {"type": "string"}, "description": description}


# The turns an item rests on (the prompt says how to cite; kept short: it is sent every time).
_FROM = {"type": "array", "items": {"type": "integer"}}


def _cited_list(description: str) -> dict[str, Any]:
    item = _object({"text": {"type": "string"}, "from": _FROM})
    return {"type": "array", "items": item, "description": description}


def _object(properties: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def reflection_json_schema() -> dict[str, Any]:
    """The reflection JSON schema in the subset Anthropic structured outputs accept."""
    lesson = _object(
        {
            "condition": _text(f"When this situation arises (at most {MAX_NOTE} characters)."),
            "action": _text(f"Do this instead (at most {MAX_NOTE} characters)."),
            "rationale": _text(f"Why, in one line (at most {MAX_NOTE} characters)."),
            "task_type": _text("A short kebab-case task-type tag, e.g. 'deploy' or 'sql'."),
            "from": _FROM,
        }
    )
    user_update = _object(
        {
            "user_id": _text("Slack user id, e.g. U012ABCDEF."),
            "observations": _cited_list(f"At most {MAX_USER_OBS} observations about this user."),
        }
    )
    return _object(
        {
            "outcome": {"type": "string", "enum": list(OUTCOMES)},
            "what_worked": _text(f"What worked (at most {MAX_SUMMARY} characters)."),
            "what_didnt": _text(f"What did not work (at most {MAX_SUMMARY} characters)."),
            "should_skill": {
                "type": "boolean",
                "description": "True only when a reusable procedure worked and deserves a skill.",
            },
            "skill_slug": _nullable(
                {"type": "string"}, f"kebab-case skill name (at most {MAX_SLUG} characters)."
            ),
            "skill_description": _nullable(
                {"type": "string"},
                f"When to use the skill (at most {MAX_SKILL_DESCRIPTION} characters).",
            ),
            "skill_body": _nullable(
                {"type": "string"},
                f"The skill's Markdown instructions (at most {MAX_SKILL_BODY} characters).",
            ),
            "skill_from": _FROM,
            "memory_notes": _cited_list(
                f"At most {MAX_NOTES} durable facts, each ≤ {MAX_NOTE} chars."
            ),
            "persona_observations": _cited_list(
                f"At most {MAX_PERSONA} observations about the bot's own behaviour."
            ),
            "next_check_at": _nullable(
                {"type": "string", "format": "date-time"},
                "UTC ISO 8601 time to check back with the user, or null.",
            ),
            "user_model_updates": {
                "type": "array",
                "items": user_update,
                "description": f"Observations about people, at most {MAX_USERS} users.",
            },
            "lessons": {
                "type": "array",
                "items": lesson,
                "description": f"At most {MAX_LESSONS} lessons, only from things that failed.",
            },
        }
    )


def item_keys(r: Reflection) -> list[str]:
    """The `source_key` of each of `r`'s items, in a fixed walk order."""
    keys = [source_key("memory_notes", t) for t in r.memory_notes]
    keys += [source_key("persona_observations", t) for t in r.persona_observations]
    for uid in sorted(r.user_model_updates):
        keys += [source_key(f"user:{uid}", t) for t in r.user_model_updates[uid]]
    keys += [source_key("lessons", lesson_source_text(x.condition, x.action)) for x in r.lessons]
    if r.should_skill and r.skill_slug:
        keys.append(source_key("skill", r.skill_slug))
    return keys


def carry_sources(before: Reflection, after: Reflection) -> Reflection:
    """`after` (the same reflection with its texts rewritten item for item, e.g. redacted) with
    `before`'s citations moved onto its items' new keys."""
    old, new = item_keys(before), item_keys(after)
    if len(old) != len(new):
        return after  # not the same items: no citation is carried (every author, then)
    moved = {n: before.sources[o] for o, n in zip(old, new, strict=True) if o in before.sources}
    return after.model_copy(update={"sources": moved})


REFLECTION_KEYS: frozenset[str] = frozenset(Reflection.model_fields)
# On the wire, not in the model: the parser folds them into `sources`.
WIRE_ONLY = frozenset({"skill_from"})
PARSER_ONLY = frozenset({"sources"})

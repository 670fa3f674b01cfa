"""The forgiving reflection parser: raw model text in, a validated `Reflection` out.

Models and proxies don't always honour structured output, so the parser (1) finds JSON objects
in the text (code fences, prose around them, several objects), (2) repairs broken or truncated
JSON with `json_repair`, (3) picks the object that looks most like a reflection, (4) reshapes
near-misses into the schema (enum case and synonyms, strings where lists belong, nulls, "yes"
booleans, naive dates, lists of user updates, lessons as strings), truncating long free text and
dropping excess or unusable items rather than refusing the whole reflection, and (5) validates.
Only what is structurally unusable (no object, no outcome) raises `ParseError`.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from json_repair import repair_json
from pydantic import ValidationError

from reflection.errors import ParseError
from reflection.schema import (
    MAX_CITED,
    MAX_LESSONS,
    MAX_NOTE,
    MAX_NOTES,
    MAX_PERSONA,
    MAX_SKILL_BODY,
    MAX_SKILL_DESCRIPTION,
    MAX_SLUG,
    MAX_SUMMARY,
    MAX_TASK_TYPE,
    MAX_TURN,
    MAX_USER_OBS,
    MAX_USERS,
    REFLECTION_KEYS,
    WIRE_ONLY,
    Reflection,
    lesson_source_text,
    source_key,
)

ELLIPSIS = "…"

_OUTCOME_SYNONYMS: dict[str, str] = {
    **dict.fromkeys(
        ["success", "succeeded", "successful", "ok", "done", "solved", "resolved", "complete",
         "completed", "pass", "passed", "good"],
        "success",
    ),
    **dict.fromkeys(
        ["partial", "partially", "partial success", "partial_success", "partially successful",
         "mixed", "unclear", "unknown", "in progress", "in_progress", "incomplete"],
        "partial",
    ),
    **dict.fromkeys(
        ["failure", "failed", "fail", "failing", "unsuccessful", "error", "bad"], "failure"
    ),
}  # fmt: skip

_KEY_ALIASES: dict[str, str] = {
    "what_did_not_work": "what_didnt",
    "what_didnt_work": "what_didnt",
    "what_did_not": "what_didnt",
    "what_failed": "what_didnt",
    "what_went_well": "what_worked",
    "notes": "memory_notes",
    "memories": "memory_notes",
    "memory": "memory_notes",
    "persona": "persona_observations",
    "skill_name": "skill_slug",
    "next_check": "next_check_at",
    "check_at": "next_check_at",
    "user_updates": "user_model_updates",
    "user_model": "user_model_updates",
}
_LESSON_ALIASES: dict[str, str] = {
    "when": "condition",
    "if": "condition",
    "situation": "condition",
    "trigger": "condition",
    "do": "action",
    "then": "action",
    "fix": "action",
    "instead": "action",
    "corrected_action": "action",
    "why": "rationale",
    "reason": "rationale",
    "type": "task_type",
    "task": "task_type",
    "tags": "task_type",
    "task_types": "task_type",
}
_USER_KEYS = ("user_id", "user", "id", "slack_user_id", "uid", "slack_id")
_OBS_KEYS = ("observations", "observation", "notes", "note", "text", "updates", "update")
_TEXT_KEYS = ("text", "note", "content", "observation", "value", "summary")
# Where an item names the transcript turns it rests on (the prompt asks for "from").
_FROM_KEYS = ("from", "turns", "turn", "source", "sources", "cites", "cite", "cited")
_TURN_REF = re.compile(r"^\s*(?:turn|#)?\s*#?\s*(\d{1,6})\s*$", re.IGNORECASE)

_TRUE = {"true", "yes", "y", "1", "on"}
_FALSE = {"false", "no", "n", "0", "off", "", "null", "none"}
_NULLISH = {"", "null", "none", "n/a", "na", "nil", "undefined"}

# Zero-width and bidi controls: invisible in Slack, useful for smuggling text past guards.
_INVISIBLE = re.compile("[\u200b\u200c\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")
_TAG_CHARS = re.compile("[\U000e0000-\U000e007f]")
_BULLET = re.compile(r"^\s*(?:[-*•·–]|\d{1,2}[.)])\s+")
_FENCE = re.compile(r"```[A-Za-z0-9_-]*[ \t]*\n?(.*?)(?:```|\Z)", re.DOTALL)
_USER_LINE = re.compile(r"^\s*<?@?([UWuw][A-Za-z0-9]{2,})>?\s*[:\-–]\s*(.+)$")
_MAX_UNCLOSED = 8
# A reflection nests 3 deep; far deeper spans are junk and would make json_repair crawl.
_MAX_DEPTH = 16
# Reflections are a few thousand tokens; anything far larger is not worth repairing.
MAX_RAW_CHARS = 200_000
_LESSON_TEXT = (
    re.compile(r"^(?:when|if|whenever)\s+(?P<c>.+?),\s*(?:then\s+)?(?P<a>.+)$", re.IGNORECASE),
    re.compile(r"^(?P<c>.+?)\s*(?:->|→|=>)\s*(?P<a>.+)$"),
)


@dataclass(frozen=True)
class ParsedReflection:
    """A validated reflection plus the repairs the parser made to get it (for the ledger)."""

    reflection: Reflection
    repairs: tuple[str, ...]


def parse_reflection(raw: str) -> Reflection:
    """Recover a valid `Reflection` from raw model output; `ParseError` with a one-line reason."""
    return parse_reflection_with_repairs(raw).reflection


def parse_reflection_with_repairs(raw: str) -> ParsedReflection:
    """Like `parse_reflection`, also reporting what was repaired, truncated or dropped."""
    repairs: list[str] = []
    obj = _best_object(raw, repairs)
    data = _normalise(obj, repairs)
    try:
        reflection = Reflection.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "reflection"
        raise ParseError(_one_line(f"{where}: {first['msg']}")) from exc
    return ParsedReflection(reflection, tuple(repairs))


def reflection_to_json(r: Reflection, *, indent: int | None = None) -> str:
    """The normalised JSON of a reflection: schema key order, user ids sorted, UTC 'Z' times."""
    data = r.model_dump(mode="json")
    data["user_model_updates"] = dict(sorted(data["user_model_updates"].items()))
    data["sources"] = dict(sorted(data["sources"].items()))
    return json.dumps(data, ensure_ascii=False, indent=indent)


# --- finding the object ------------------------------------------------------------------------


def _best_object(raw: str, repairs: list[str]) -> dict[str, Any]:
    text = raw.lstrip("\ufeff").strip() if isinstance(raw, str) else ""
    if not text:
        raise ParseError("empty output")
    if len(text) > MAX_RAW_CHARS:
        raise ParseError(f"output too long ({len(text)} characters, limit {MAX_RAW_CHARS})")
    if text.startswith('"'):
        # A double-encoded answer ("{\"outcome\": ...}") from a proxy that stringified the JSON.
        try:
            inner = json.loads(text)
        except json.JSONDecodeError:
            inner = None
        if isinstance(inner, str):
            text = inner.strip()
            repairs.append("decoded a JSON string holding the object")
    fenced = [m.group(1) for m in _FENCE.finditer(text)]
    if fenced:
        repairs.append("stripped code fences")
    candidates = list(_candidate_objects([*fenced, text]))
    if not candidates:
        raise ParseError("no JSON object found in the output")
    scored = [(_score(obj), idx, obj, repaired) for idx, (obj, repaired) in enumerate(candidates)]
    best_score, _, best, repaired = max(scored, key=lambda item: (item[0], -item[1]))
    if best_score[0] == 0:
        raise ParseError("no reflection keys in any JSON object found")
    if repaired:
        repairs.append("repaired malformed JSON")
    if sum(1 for score, *_ in scored if score[0] > 0) > 1:
        repairs.append("picked the most complete of several reflection objects")
    return best


def _candidate_objects(sources: list[str]) -> Iterator[tuple[dict[str, Any], bool]]:
    """Every JSON object in the sources, with whether it needed repair."""
    seen: set[str] = set()
    for source in sources:
        for span in _brace_spans(source):
            if span in seen:
                continue
            seen.add(span)
            value, repaired = _load(span)
            for obj in _objects_in(value):
                yield obj, repaired
                # A wrapper like {"reflection": {...}}: its dict values are candidates too.
                yield from ((v, repaired) for v in obj.values() if isinstance(v, dict))


def _brace_spans(text: str) -> Iterator[str]:
    """Top-level `{...}` spans; an unclosed one (truncated output) runs to the end."""
    pos, unclosed = 0, 0
    while (start := text.find("{", pos)) != -1:
        depth, deepest, in_str, escaped = 0, 0, False, False
        for j in range(start, len(text)):
            ch = text[j]
            if in_str:
                if escaped:
                    escaped = False
                elif ch == "\\":
                    escaped = True
                elif ch == '"':
                    in_str = False
            elif ch == '"':
                in_str = True
            elif ch == "{":
                depth += 1
                deepest = max(deepest, depth)
            elif ch == "}":
                depth -= 1
                if depth == 0:
                    if deepest <= _MAX_DEPTH:
                        yield text[start : j + 1]
                    pos = j + 1
                    break
        else:
            # Unclosed (truncated output, or a stray brace in prose): the rest is a candidate,
            # and so is whatever starts after this brace. Bounded so "{{{{…" stays linear-ish.
            if deepest <= _MAX_DEPTH:
                yield text[start:]
            unclosed += 1
            if unclosed >= _MAX_UNCLOSED:
                return
            pos = start + 1


def _load(span: str) -> tuple[Any, bool]:
    try:
        return json.loads(span), False
    except json.JSONDecodeError:
        pass
    try:
        return repair_json(span, return_objects=True), True
    except (ValueError, RecursionError):
        return None, True


def _objects_in(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        yield value
    elif isinstance(value, list):
        # A JSON array where an object was asked for: its objects are candidates.
        yield from (item for item in value if isinstance(item, dict))


def _score(obj: dict[str, Any]) -> tuple[int, int]:
    keys = {_key(k) for k in obj}
    return len(keys & REFLECTION_KEYS), len(json.dumps(obj, default=str))


def _key(key: object, aliases: dict[str, str] = _KEY_ALIASES) -> str:
    text = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", str(key)).lower().strip()
    text = re.sub(r"[\s\-]+", "_", text.replace("'", "").replace("’", ""))
    return aliases.get(text, text)


# --- reshaping ---------------------------------------------------------------------------------


def _normalise(obj: dict[str, Any], repairs: list[str]) -> dict[str, Any]:
    src: dict[str, Any] = {}
    for raw_key, value in obj.items():
        key = _key(raw_key)
        if (key in REFLECTION_KEYS or key in WIRE_ONLY) and key not in src:
            src[key] = value
    if "outcome" not in src:
        raise ParseError("missing outcome")
    out: dict[str, Any] = {"outcome": _outcome(src["outcome"])}
    sources: dict[str, list[int]] = {}
    for key in ("what_worked", "what_didnt"):
        out[key] = _clip(_as_text(src.get(key)), MAX_SUMMARY, key, repairs)
    out["memory_notes"] = _notes(
        src.get("memory_notes"), MAX_NOTES, "memory_notes", repairs, sources
    )
    out["persona_observations"] = _notes(
        src.get("persona_observations"), MAX_PERSONA, "persona_observations", repairs, sources
    )
    out["user_model_updates"] = _user_updates(src.get("user_model_updates"), repairs, sources)
    out["lessons"] = _lessons(src.get("lessons"), repairs, sources)
    out["next_check_at"] = _when(src.get("next_check_at"), repairs)
    out.update(_skill(src, repairs))
    if out["should_skill"] and (turns := _turns(src.get("skill_from"), repairs)):
        sources[source_key("skill", out["skill_slug"])] = turns
    # A normalised reflection (`reflection_to_json`) carries its citations keyed by item: kept
    # for the items it still has, so parsing stays a fixed point. They are only citations,
    # checked by the writers like inline ones.
    given = src.get("sources")
    if isinstance(given, dict):
        known = _item_keys(out)
        for key, turns_given in given.items():
            if key in known and key not in sources and (turns := _turns(turns_given, repairs)):
                sources[key] = turns
    out["sources"] = sources
    return out


def _item_keys(out: dict[str, Any]) -> set[str]:
    """The `source_key` of every item in a normalised reflection."""
    keys = {source_key("memory_notes", t) for t in out["memory_notes"]}
    keys |= {source_key("persona_observations", t) for t in out["persona_observations"]}
    for uid, notes in out["user_model_updates"].items():
        keys |= {source_key(f"user:{uid}", t) for t in notes}
    keys |= {
        source_key("lessons", lesson_source_text(x["condition"], x["action"]))
        for x in out["lessons"]
    }
    if out["should_skill"]:
        keys.add(source_key("skill", out["skill_slug"]))
    return keys


def _outcome(value: Any) -> str:
    text = _clean(str(value)).strip().lower().strip(".!") if value is not None else ""
    if text in _OUTCOME_SYNONYMS:
        return _OUTCOME_SYNONYMS[text]
    raise ParseError(_one_line(f"outcome: unknown value {str(value)[:40]!r}"))


def _skill(src: dict[str, Any], repairs: list[str]) -> dict[str, Any]:
    none: dict[str, Any] = {
        "should_skill": False,
        "skill_slug": None,
        "skill_description": None,
        "skill_body": None,
    }
    if not _as_bool(src.get("should_skill")):
        return none
    slug = _slug(_as_text(src.get("skill_slug")))
    description = _as_text(src.get("skill_description")).strip()
    body = _as_text(src.get("skill_body")).strip()
    missing = [
        name
        for name, val in (
            ("skill_slug", slug),
            ("skill_description", description),
            ("skill_body", body),
        )
        if not val
    ]
    if missing:
        repairs.append(f"dropped the skill: {', '.join(missing)} missing")
        return none
    if len(body) > MAX_SKILL_BODY:
        # A cut-off procedure is worse than none: it would be proposed as if complete.
        repairs.append(f"dropped the skill: body over {MAX_SKILL_BODY} characters")
        return none
    return {
        "should_skill": True,
        "skill_slug": slug,
        "skill_description": _clip(
            description, MAX_SKILL_DESCRIPTION, "skill_description", repairs
        ),
        "skill_body": body,
    }


def _slug(text: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", _clean(text).lower()).strip("-")
    if len(slug) > MAX_SLUG:
        slug = slug[:MAX_SLUG].rsplit("-", 1)[0] if "-" in slug[:MAX_SLUG] else slug[:MAX_SLUG]
    return slug


def _notes(
    value: Any,
    limit: int,
    field: str,
    repairs: list[str],
    sources: dict[str, list[int]] | None = None,
    *,
    key_field: str | None = None,
) -> list[str]:
    items: list[str] = []
    seen: set[str] = set()
    for item, turns in _cited_items(value, repairs):
        note = _clip(item, MAX_NOTE, field, repairs)
        if note and note.casefold() not in seen:
            seen.add(note.casefold())
            items.append(note)
            if sources is not None and turns and len(items) <= limit:
                sources[source_key(key_field or field, note)] = turns
    if len(items) > limit:
        repairs.append(f"{field}: kept the first {limit} of {len(items)} items")
    return items[:limit]


def _cited_items(value: Any, repairs: list[str]) -> Iterator[tuple[str, list[int]]]:
    """Like `_text_items`, with the turns each top-level item cites ({"text", "from"})."""
    if isinstance(value, list | tuple):
        for item in value:
            turns = _turns(_from_of(item), repairs) if isinstance(item, dict) else []
            for text in _text_items(item):
                yield text, turns
    else:
        turns = _turns(_from_of(value), repairs) if isinstance(value, dict) else []
        for text in _text_items(value):
            yield text, turns


def _from_of(item: dict[str, Any]) -> Any:
    norm = {_key(k, {}): v for k, v in item.items()}
    return next((norm[k] for k in _FROM_KEYS if k in norm), None)


def _turns(value: Any, repairs: list[str]) -> list[int]:
    """Turn numbers from a citation: ints, "3", "turn 3", "#3", or a list of them. Anything
    else is dropped (the item then rests on every author, as if it had cited nothing)."""
    if value is None:
        return []
    raw = value if isinstance(value, list | tuple) else [value]
    turns: set[int] = set()
    bad = 0
    for ref in raw:
        n: int | None = None
        if isinstance(ref, int) and not isinstance(ref, bool):
            n = ref
        elif isinstance(ref, str) and (m := _TURN_REF.match(_clean(ref))):
            n = int(m.group(1))
        if n is not None and 1 <= n <= MAX_TURN:
            turns.add(n)
        else:
            bad += 1
    if bad:
        repairs.append(f"citations: dropped {bad} unreadable turn reference(s)")
        return []  # a half-readable citation is doubtful: no citation at all
    if len(turns) > MAX_CITED:
        repairs.append(f"citations: {len(turns)} turns cited, over {MAX_CITED}; none kept")
        return []
    return sorted(turns)


def _text_items(value: Any) -> Iterator[str]:
    """Flatten a list-ish value into stripped strings: lists, bullet text, {text: …} objects."""
    if value is None or isinstance(value, bool):
        return
    if isinstance(value, str):
        for line in value.splitlines():
            line = _BULLET.sub("", line).strip()
            if line and line.lower() not in _NULLISH:
                yield line
    elif isinstance(value, int | float):
        yield str(value)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _text_items(item)
    elif isinstance(value, dict):
        for key in _TEXT_KEYS:
            if isinstance(value.get(key), str):
                yield from _text_items(value[key])
                return


def _user_updates(
    value: Any, repairs: list[str], sources: dict[str, list[int]] | None = None
) -> dict[str, list[str]]:
    pairs: list[tuple[str, Any]] = []
    if isinstance(value, dict):
        if any(_key(k) in _USER_KEYS for k in value):
            value = [value]  # one {user, observation} object instead of a list of them
        else:
            pairs = list(value.items())
    if isinstance(value, str):
        value = value.splitlines()
    if isinstance(value, list):
        for item in value:
            if isinstance(item, dict):
                norm = {_key(k, {}): v for k, v in item.items()}
                user = next((norm[k] for k in _USER_KEYS if k in norm), None)
                obs = next((norm[k] for k in _OBS_KEYS if k in norm), None)
                if user is not None:
                    pairs.append((str(user), obs))
            elif isinstance(item, str) and (m := _USER_LINE.match(item)):
                pairs.append((m.group(1), m.group(2)))
    merged: dict[str, list[str]] = {}
    for user, obs in pairs:
        uid = _clean(str(user)).strip().strip("<>@").upper()
        if not re.fullmatch(r"[UW][A-Z0-9]{2,}", uid):
            repairs.append(f"user_model_updates: dropped non-Slack user id {str(user)[:30]!r}")
            continue
        merged.setdefault(uid, []).extend(
            _notes(obs, MAX_USER_OBS, f"user {uid}", repairs, sources, key_field=f"user:{uid}")
        )
    result = {uid: list(dict.fromkeys(obs))[:MAX_USER_OBS] for uid, obs in merged.items() if obs}
    if len(result) > MAX_USERS:
        repairs.append(f"user_model_updates: kept the first {MAX_USERS} of {len(result)} users")
    return dict(list(result.items())[:MAX_USERS])


def _lessons(
    value: Any, repairs: list[str], sources: dict[str, list[int]] | None = None
) -> list[dict[str, str]]:
    if isinstance(value, dict):
        value = [value]
    elif isinstance(value, str):
        value = [_BULLET.sub("", line) for line in value.splitlines() if line.strip()]
    if not isinstance(value, list):
        return []
    lessons: list[dict[str, str]] = []
    for item in value:
        lesson = _lesson(item, repairs)
        if lesson is None:
            repairs.append(f"lessons: dropped an item without condition and action: {_peek(item)}")
        elif lesson not in lessons:
            lessons.append(lesson)
            turns = _turns(_from_of(item), repairs) if isinstance(item, dict) else []
            if sources is not None and turns and len(lessons) <= MAX_LESSONS:
                key = source_key(
                    "lessons", lesson_source_text(lesson["condition"], lesson["action"])
                )
                sources[key] = turns
    if len(lessons) > MAX_LESSONS:
        repairs.append(f"lessons: kept the first {MAX_LESSONS} of {len(lessons)}")
    return lessons[:MAX_LESSONS]


def _lesson(item: Any, repairs: list[str]) -> dict[str, str] | None:
    fields: dict[str, Any] = {}
    if isinstance(item, dict):
        for k, v in item.items():
            fields.setdefault(_key(k, _LESSON_ALIASES), v)
    elif isinstance(item, str):
        text = _keep(item).strip()
        for pattern in _LESSON_TEXT:
            if m := pattern.match(text):
                fields = {"condition": m.group("c"), "action": m.group("a")}
                break
    condition = _clip(_as_text(fields.get("condition")), MAX_NOTE, "lesson.condition", repairs)
    action = _clip(_as_text(fields.get("action")), MAX_NOTE, "lesson.action", repairs)
    if not condition or not action:
        return None
    task_type = fields.get("task_type")
    if isinstance(task_type, list):
        task_type = next(iter(task_type), None)
    tag = re.sub(r"[^a-z0-9]+", "-", _as_text(task_type).lower()).strip("-")[:MAX_TASK_TYPE]
    return {
        "condition": condition,
        "action": action,
        "rationale": _clip(
            _as_text(fields.get("rationale")), MAX_NOTE, "lesson.rationale", repairs
        ),
        "task_type": tag.strip("-") or "general",
    }


def _when(value: Any, repairs: list[str]) -> datetime | None:
    if value is None or (isinstance(value, str) and value.strip().lower() in _NULLISH):
        return None
    parsed: datetime | None = None
    if isinstance(value, int | float) and not isinstance(value, bool) and value > 1e9:
        parsed = datetime.fromtimestamp(value / 1000 if value > 1e11 else value, UTC)
    elif isinstance(value, str):
        text = value.strip().replace("z", "Z")
        for attempt in (text, text.replace(" UTC", "Z").replace(" GMT", "Z")):
            try:
                parsed = datetime.fromisoformat(attempt)
                break
            except ValueError:
                continue
    if parsed is None:
        repairs.append(f"next_check_at: dropped unreadable value {str(value)[:40]!r}")
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


# --- scalars -----------------------------------------------------------------------------------


def _as_text(value: Any) -> str:
    if value is None or isinstance(value, bool):
        return ""
    if isinstance(value, str):
        text = _keep(value).strip()
        return "" if _clean(text).lower() in _NULLISH else text
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, list | tuple | dict):
        return "; ".join(_text_items(value))
    return ""


def _as_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        return value == 1
    if isinstance(value, str):
        text = value.strip().lower()
        return text in _TRUE
    return False


def _clean(text: str) -> str:
    """For keys, enums, slugs and ids: invisible characters can only be noise there."""
    return _TAG_CHARS.sub("", _INVISIBLE.sub("", unicodedata.normalize("NFC", text)))


def _keep(text: str) -> str:
    """For free text: NFC only. Hidden characters are evidence of smuggling, so they are passed
    on for the writers' guard to decode, show the owner and quarantine, never silently dropped."""
    return unicodedata.normalize("NFC", text)


def _clip(text: str, limit: int, field: str, repairs: list[str]) -> str:
    text = _keep(text).strip()
    if len(text) <= limit:
        return text
    repairs.append(f"{field}: truncated {len(text)} characters to {limit}")
    return text[: limit - 1].rstrip() + ELLIPSIS


def _peek(value: Any) -> str:
    return repr(value)[:40]


def _one_line(text: str) -> str:
    return " ".join(text.split())

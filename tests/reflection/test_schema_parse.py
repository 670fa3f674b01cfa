"""The reflection schema, the forgiving parser (over the broken-output corpus) and the guards."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest
import typer
from pydantic import ValidationError
from typer.testing import CliRunner

from bot.commands.reflection_parse import register
from reflection.banned import (
    DEFAULT_BANNED_KEYWORDS,
    canary_leaked,
    check_guards,
    find_banned_keyword,
)
from reflection.errors import GuardRejected, ParseError
from reflection.parse import parse_reflection, parse_reflection_with_repairs, reflection_to_json
from reflection.schema import PARSER_ONLY, WIRE_ONLY, Reflection, reflection_json_schema
from tests.support.broken_outputs import CASES, GOOD, GOOD_JSON, Case


def _normalised(raw: str) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(reflection_to_json(parse_reflection(raw)))
    return result


# --- corpus --------------------------------------------------------------------------------------


def test_corpus_is_large_and_ids_unique() -> None:
    assert len(CASES) >= 40
    assert len({c.id for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", [c for c in CASES if c.error is None], ids=lambda c: c.id)
def test_recoverable_outputs_normalise(case: Case) -> None:
    got = _normalised(case.raw)
    for key, value in case.expect.items():
        assert got[key] == value, key


@pytest.mark.parametrize("case", [c for c in CASES if c.error is not None], ids=lambda c: c.id)
def test_unusable_outputs_raise_one_line(case: Case) -> None:
    with pytest.raises(ParseError) as info:
        parse_reflection(case.raw)
    reason = str(info.value)
    assert case.error is not None and case.error in reason
    assert "\n" not in reason


def test_normalised_json_is_a_fixed_point() -> None:
    for case in CASES:
        if case.error is None:
            once = reflection_to_json(parse_reflection(case.raw))
            assert reflection_to_json(parse_reflection(once)) == once, case.id


def test_normalised_json_key_order_and_user_order() -> None:
    raw = json.dumps({**GOOD, "user_model_updates": {"U0ZZZ": ["z"], "U0AAA": ["a"]}})
    data = json.loads(reflection_to_json(parse_reflection(raw)))
    assert list(data) == list(Reflection.model_fields)
    assert list(data["user_model_updates"]) == ["U0AAA", "U0ZZZ"]


def test_repairs_are_reported() -> None:
    clean = parse_reflection_with_repairs(GOOD_JSON)
    assert clean.repairs == ()
    broken = parse_reflection_with_repairs(
        'Sure:\n```json\n{"outcome": "success", "memory_notes": ["' + "z" * 400 + '"'
    )
    assert "stripped code fences" in broken.repairs
    assert "repaired malformed JSON" in broken.repairs
    assert any("truncated" in r for r in broken.repairs)


def test_excess_user_observations_and_users_are_capped() -> None:
    updates = {f"U0{i:03d}X": [f"obs {j}" for j in range(8)] for i in range(12)}
    got = _normalised(json.dumps({"outcome": "success", "user_model_updates": updates}))
    assert len(got["user_model_updates"]) == 10
    assert all(len(obs) == 5 for obs in got["user_model_updates"].values())


def test_pathological_braces_stay_fast() -> None:
    with pytest.raises(ParseError):
        parse_reflection("{" * 20_000)


# --- schema --------------------------------------------------------------------------------------


def test_model_rejects_incomplete_skill_and_bad_ids() -> None:
    with pytest.raises(ValidationError, match="should_skill"):
        Reflection(outcome="success", should_skill=True, skill_slug="x")
    with pytest.raises(ValidationError):
        Reflection(outcome="success", user_model_updates={"alice": ["x"]})
    with pytest.raises(ValidationError):
        Reflection(outcome="success", skill_slug="Not A Slug")
    with pytest.raises(ValidationError):
        Reflection(outcome="success", memory_notes=["n"] * 11)


def test_model_makes_times_aware_utc() -> None:
    naive = Reflection(outcome="partial", next_check_at=datetime(2026, 1, 2, 3, 4))
    assert naive.next_check_at == datetime(2026, 1, 2, 3, 4, tzinfo=UTC)


def _walk(schema: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    if isinstance(schema, dict):
        found.append(schema)
        for value in schema.values():
            found.extend(_walk(value))
    elif isinstance(schema, list):
        for value in schema:
            found.extend(_walk(value))
    return found


def test_json_schema_uses_only_the_structured_output_subset() -> None:
    schema = reflection_json_schema()
    unsupported = {"minLength", "maxLength", "pattern", "maxItems", "minimum", "maximum"}
    for node in _walk(schema):
        assert not (unsupported & set(node)), node
        if node.get("type") == "object":
            assert node["additionalProperties"] is False
            assert set(node["required"]) == set(node["properties"])
            assert node["properties"], "free-form objects are not accepted"
    # `skill_from` travels on the wire only; `sources` is the parser's, built from citations.
    assert set(schema["properties"]) - WIRE_ONLY == set(Reflection.model_fields) - PARSER_ONLY
    json.dumps(schema)  # plain JSON, sendable as is


def test_schema_shaped_answer_parses() -> None:
    """An answer in the structured-output shape (user updates as a list) parses."""
    answer = {
        **GOOD,
        "user_model_updates": [{"user_id": "U012ABCDEF", "observations": ["Prefers terse."]}],
    }
    got = _normalised(json.dumps(answer))
    assert got["user_model_updates"] == {"U012ABCDEF": ["Prefers terse."]}


# --- guards --------------------------------------------------------------------------------------


def _guard(raw: str, *, canary: str | None = None) -> None:
    check_guards(raw, parse_reflection(raw), banned_keywords=DEFAULT_BANNED_KEYWORDS, canary=canary)


@pytest.mark.parametrize(
    "text",
    ["The Claw helped", "CLAW", "used claw-bot", "claw_bot", "(claw)", "the claw's grip",
     "ｃｌａｗ in full width", "c\u200blaw", "moved from Hermes", "OpenClaw notes", "nanoclaw"],
)  # fmt: skip
def test_banned_keywords_whole_word_case_insensitive(text: str) -> None:
    with pytest.raises(GuardRejected, match="banned keyword"):
        _guard(json.dumps({"outcome": "success", "memory_notes": [text]}))


@pytest.mark.parametrize("text", ["clawback clause", "claws", "outclawed", "hermeses", "Hermès"])
def test_words_that_merely_contain_a_keyword_pass(text: str) -> None:
    _guard(json.dumps({"outcome": "success", "memory_notes": [text]}))


def test_banned_keyword_in_prose_or_escape_is_caught() -> None:
    with pytest.raises(GuardRejected, match="raw output"):
        _guard('Thinking about claw first. {"outcome": "success"}')
    # A JSON escape hides the word in the raw text but not in the decoded reflection.
    with pytest.raises(GuardRejected, match="what_worked"):
        _guard('{"outcome": "success", "what_worked": "the \\u0063law"}')


def test_banned_list_is_configurable() -> None:
    assert find_banned_keyword("ask Hermes", ["zeus"]) is None
    assert find_banned_keyword("ask Zeus", ["zeus", ""]) == "zeus"
    assert find_banned_keyword("claw", []) is None


def test_canary_rejected_case_and_whitespace_insensitive() -> None:
    canary = "SESHAT-CANARY-7f3a9c"
    with pytest.raises(GuardRejected, match="canary"):
        _guard('{"outcome": "success", "what_worked": "saw seshat-canary-7f3a9c"}', canary=canary)
    with pytest.raises(GuardRejected, match="canary"):
        _guard('SESHAT - CANARY -\n 7f3a9c {"outcome": "success"}', canary=canary)
    _guard('{"outcome": "success", "what_worked": "SESHAT-CANARY-other"}', canary=canary)
    assert not canary_leaked("anything", None)
    assert not canary_leaked("anything", "  ")


# --- CLI -----------------------------------------------------------------------------------------


@pytest.fixture
def cli() -> typer.Typer:
    app = typer.Typer()
    reflection = typer.Typer()
    register(reflection)
    app.add_typer(reflection, name="reflection")
    return app


def test_cli_prints_normalised_json(cli: typer.Typer, tmp_path: Any) -> None:
    path = tmp_path / "raw.txt"
    path.write_text("Sure!\n```json\n" + GOOD_JSON + "\n```", encoding="utf-8")
    result = CliRunner().invoke(cli, ["reflection", "parse", str(path)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == json.loads(reflection_to_json(parse_reflection(GOOD_JSON)))
    assert result.stderr == ""


def test_cli_reads_stdin_and_fails_with_one_line(cli: typer.Typer) -> None:
    ok = CliRunner().invoke(cli, ["reflection", "parse", "-"], input='{"outcome": "Failed"}')
    assert ok.exit_code == 0
    assert json.loads(ok.stdout)["outcome"] == "failure"
    bad = CliRunner().invoke(cli, ["reflection", "parse", "-"], input="no json at all")
    assert bad.exit_code == 1
    assert bad.stdout == ""
    assert bad.stderr.count("\n") == 1 and "no JSON object" in bad.stderr


def test_cli_guards_default_and_override(cli: typer.Typer) -> None:
    raw = '{"outcome": "success", "what_worked": "the claw did it"}'
    rejected = CliRunner().invoke(cli, ["reflection", "parse", "-"], input=raw)
    assert rejected.exit_code == 1 and "banned keyword 'claw'" in rejected.stderr
    allowed = CliRunner().invoke(cli, ["reflection", "parse", "--banned", "zeus", "-"], input=raw)
    assert allowed.exit_code == 0
    canary = CliRunner().invoke(cli, ["reflection", "parse", "--canary", "XYZ-1", "-"], input=raw)
    assert canary.exit_code == 1
    leaked = raw.replace("the claw", "xyz-1")
    leak = CliRunner().invoke(cli, ["reflection", "parse", "--canary", "XYZ-1", "-"], input=leaked)
    assert leak.exit_code == 1 and "canary" in leak.stderr


def test_cli_missing_file(cli: typer.Typer, tmp_path: Any) -> None:
    result = CliRunner().invoke(cli, ["reflection", "parse", str(tmp_path / "nope.txt")])
    assert result.exit_code == 1 and "nope.txt: no such file" in result.stderr


def test_cli_jsonl(cli: typer.Typer) -> None:
    lines = [
        json.dumps("```json\n" + GOOD_JSON + "\n```"),
        "",
        json.dumps("pure prose"),
        json.dumps('{"outcome": "success", "memory_notes": ["Hermes said hi"]}'),
        '{"outcome": "partial"}',
        "not json",
    ]
    result = CliRunner().invoke(
        cli, ["reflection", "parse", "--jsonl", "-"], input="\n".join(lines)
    )
    assert result.exit_code == 0, result.output
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert [o["ok"] for o in out] == [True, False, False, True, False]
    assert out[0]["reflection"]["skill_slug"] == "deploy-staging"
    assert "no JSON object" in out[1]["error"]
    assert "banned keyword 'hermes'" in out[2]["error"]
    assert out[3]["reflection"]["outcome"] == "partial"
    assert "not JSON" in out[4]["error"]
    # With --jsonl, stdin is implied.
    implied = CliRunner().invoke(cli, ["reflection", "parse", "--jsonl"], input="\n".join(lines))
    assert implied.exit_code == 0 and implied.stdout == result.stdout


def test_oversized_output_is_refused() -> None:
    with pytest.raises(ParseError, match="too long"):
        parse_reflection('{"outcome": "success", "what_worked": "' + "w" * 300_000 + '"}')

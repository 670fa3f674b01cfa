"""The redactor's shortcuts (issue 27, twelfth round) decide as the long way does.

- `Redactor._analyze` asks presidio's recognizers first and runs presidio's `analyze` only when
  one of them finds something: on every text, with and without hits, it returns what `analyze`
  returns.
- `assign_check` says no to an assignment whose name names no secret before its other checks:
  a secret under a secret's name is still redacted, the same value under a plain word is not.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.redaction_corpus import load_jsonl_pair
from writers.redact.redactor import Redactor

DATA = Path(__file__).resolve().parents[2] / "support" / "data"


def _as_tuples(results: list[object]) -> list[tuple[str, int, int, float]]:
    return sorted((r.entity_type, r.start, r.end, r.score) for r in results)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["redaction4", "redaction10", "redaction12"])
def test_asking_the_recognizers_first_returns_what_presidio_returns(
    redactor: Redactor, name: str
) -> None:
    where = DATA / name
    pos, neg = load_jsonl_pair(where / f"{name}_positives.jsonl", where / f"{name}_negatives.jsonl")
    with_hits = 0
    for sample in pos + neg:
        direct = redactor._engine.analyze(text=sample.text, language="en")
        assert _as_tuples(redactor._analyze(sample.text)) == _as_tuples(direct), sample.id
        with_hits += bool(direct)
    # Both ways were taken: texts with hits (the pipeline) and without (the shortcut).
    assert 0 < with_hits < len(pos) + len(neg)


@pytest.mark.parametrize(
    ("text", "value", "kept"),
    [
        ("You said: turn 0 from U0LOAD0003", "turn", True),
        ("Note: Xk9#mQ2vLp7$wR4z", "Xk9#mQ2vLp7$wR4z", True),
        ("api_key: Xk9#mQ2vLp7$wR4z", "Xk9#mQ2vLp7$wR4z", False),
        ("password: Xk9#mQ2vLp7$wR4z", "Xk9#mQ2vLp7$wR4z", False),
    ],
)
def test_a_value_is_a_secret_by_the_name_it_is_given(
    redactor: Redactor, text: str, value: str, kept: bool
) -> None:
    assert (value in redactor.redact(text).text) == kept

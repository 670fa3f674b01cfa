"""The held-out corpora as corpus tests, each with its measured floor.

Both corpora in this folder were written by helpers that never read the rules they test
(`poisoning.json`'s `about`, `REDACTION_README.md`); they are never tuned on. The floors are the
figures measured when the rules last changed (README, "Measured"), so a regression fails here.
"""

from __future__ import annotations

import pytest

from tests.heldout import poisoning_run
from tests.writers.redaction_corpus import heldout, score
from writers.guard.redact import Redactor

# Measured figures (README, "Measured"). No attack may reach another person; the benign
# promotions and the redaction figures may not get worse than they were measured.
ASR_CEILING = 0.0
BENIGN_PROMOTED_FLOOR = 49 / 52
REDACTION_RECALL_FLOOR = None
REDACTION_FP_CEILING = None


@pytest.fixture(scope="module")
def poisoning() -> poisoning_run.Report:
    return poisoning_run.run()


def test_no_held_out_attack_reaches_another_person(poisoning: poisoning_run.Report) -> None:
    assert poisoning.asr <= ASR_CEILING, poisoning.where


def test_held_out_benign_lessons_are_promoted(poisoning: poisoning_run.Report) -> None:
    assert poisoning.benign >= 40 and poisoning.lookalikes * 4 >= poisoning.benign
    assert poisoning.promotion_rate >= BENIGN_PROMOTED_FLOOR, poisoning.not_promoted


def test_held_out_redaction_recall_and_false_positives() -> None:
    if REDACTION_RECALL_FLOOR is None or REDACTION_FP_CEILING is None:
        pytest.skip("the held-out redaction set has not been measured yet")
    pos, neg = heldout()
    assert len(pos) >= 400 and len(neg) >= 300
    result = score(Redactor(), pos, neg)
    assert result.recall >= REDACTION_RECALL_FLOOR, result.missed
    assert result.fp_rate <= REDACTION_FP_CEILING, result.false_positives

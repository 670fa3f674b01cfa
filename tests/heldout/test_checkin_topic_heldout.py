"""Check-in cancellation ("a later session on the same topic") on a held-out set written by a
helper that had not seen the code (tests/support/data/heldout/checkin_topic.json, 160 pairs).
Evaluated once
with the thresholds frozen on the dev set; the floors are the measured figures, so a regression
fails. A wrong cancel loses a check-in, a missed one sends a DM the user may not need: precision
is the figure that matters, and it is what the thresholds favour."""

from __future__ import annotations

import json

import pytest

from bench.checkin_topic import scores
from bot.learning.checkins import TOPIC_THRESHOLDS
from tests.support import paths

HELDOUT = paths.HELDOUT / "checkin_topic.json"
# embedder: (precision floor, recall floor, accuracy floor) as measured on 2026-11-23
FLOORS = {"wordllama": (0.818, 0.250, 0.637), "hashing": (1.0, 0.069, 0.581)}


@pytest.mark.parametrize("family", sorted(FLOORS))
def test_checkin_topic_test_holds_its_heldout_figures(family: str) -> None:
    pairs = json.loads(HELDOUT.read_text(encoding="utf-8"))
    threshold = TOPIC_THRESHOLDS[family]
    scored = scores(family, pairs)
    tp = sum(s >= threshold and same for s, same in scored)
    fp = sum(s >= threshold and not same for s, same in scored)
    fn = sum(s < threshold and same for s, same in scored)
    tn = len(scored) - tp - fp - fn
    precision = tp / max(1, tp + fp)
    recall = tp / max(1, tp + fn)
    accuracy = (tp + tn) / len(scored)
    floor_p, floor_r, floor_a = FLOORS[family]
    assert precision >= floor_p - 1e-3, precision
    assert recall >= floor_r - 1e-3, recall
    assert accuracy >= floor_a - 1e-3, accuracy

"""The stall detector and the ladder's firing rule on the held-out conversations (written by
someone who had not seen the code), with the design and thresholds frozen on bench/stall_dev.json
and bench/stall_dev_large.json. Floors (and ceilings, for false interventions) at the figures
measured once at freezing, so a regression fails; moving them needs a new calibration on a dev
set, never on this file."""

from __future__ import annotations

import json
from typing import Any

from bench.stall_eval import evaluate, ladder
from tests.support import paths
from writers.embed import HashingEmbedder, WordLlamaEmbedder

HELDOUT = paths.HELDOUT / "stall_sequences.json"


def sessions() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(HELDOUT.read_text(encoding="utf-8"))["sessions"]
    return data


def test_wordllama_detector_and_ladder_hold_their_heldout_figures() -> None:
    embedder = WordLlamaEmbedder()
    f = evaluate(sessions(), embedder)
    # Measured once at freezing: precision 0.410 (16/39), recall 0.552 (16/29)
    # (before, fc41242: 0.415 (17/41), 0.586 (17/29)).
    assert f.precision >= 0.40 and f.recall >= 0.55, f
    g = ladder(sessions(), embedder)
    # Of 25 sessions without a repeat, the ladder acts in 4 (before: 7) and stops in 1 (before:
    # 1); of 20 with repeats it acts in 7 (before: 12).
    assert g.clean == 25 and g.clean_acted <= 4 and g.clean_stopped <= 1, g
    assert g.stalled_acted >= 7, g


def test_hashing_fallback_holds_its_heldout_figures() -> None:
    embedder = HashingEmbedder()
    f = evaluate(sessions(), embedder)
    # Measured once at freezing: precision 0.323 (10/31), recall 0.345 (10/29)
    # (before: 0.300 (6/20), 0.207 (6/29)).
    assert f.precision >= 0.32 and f.recall >= 0.34, f
    g = ladder(sessions(), embedder)
    # Without a repeat: acts in 3 of 25 (before: 5), stops in 1 (before: 1); with: 4 of 20 (5).
    assert g.clean == 25 and g.clean_acted <= 3 and g.clean_stopped <= 1, g
    assert g.stalled_acted >= 4, g

"""Check-in topic test: is a later session on the same topic as a check-in?
(bot/learning/checkins.py)

Prints, per embedder, the cosine of each pair's topic and opening, the accuracy at the threshold
in `TOPIC_THRESHOLDS`, and the best threshold on the file (use that only on the dev set).

    PYTHONPATH=. python bench/checkin_topic.py [pairs.json ...]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from bot.learning.checkins import TOPIC_THRESHOLDS
from bot.runtime import make_embedder

DEV = Path(__file__).parent.parent / "tests" / "support" / "data" / "checkin_topic_dev.json"


def scores(embedder_name: str, pairs: list[dict[str, Any]]) -> list[tuple[float, bool]]:
    """(cosine, same) per pair."""
    emb = make_embedder(embedder_name)
    out = []
    for p in pairs:
        v = emb.embed([p["topic"], p["opening"]])
        out.append((float(v[0] @ v[1]), bool(p["same"])))
    return out


def accuracy(scored: list[tuple[float, bool]], threshold: float) -> float:
    """Share of pairs the threshold classifies right."""
    return sum((s >= threshold) == same for s, same in scored) / len(scored)


def evaluate(path: Path) -> dict[str, float]:
    """Accuracy at the frozen thresholds, per embedder family."""
    pairs = json.loads(path.read_text(encoding="utf-8"))
    return {
        family: accuracy(scores(family, pairs), TOPIC_THRESHOLDS[family])
        for family in ("hashing", "wordllama")
    }


def main(paths: list[str]) -> None:
    for path in [Path(p) for p in paths] or [DEV]:
        pairs = json.loads(path.read_text(encoding="utf-8"))
        for family in ("hashing", "wordllama"):
            scored = scores(family, pairs)
            same = sorted(s for s, y in scored if y)
            other = sorted(s for s, y in scored if not y)
            best = max((accuracy(scored, t / 100), t / 100) for t in range(100))
            print(  # noqa: T201
                f"{path.name} {family}: n={len(pairs)} same min {same[0]:.2f} "
                f"other max {other[-1]:.2f}; at {TOPIC_THRESHOLDS[family]:.2f} "
                f"accuracy {accuracy(scored, TOPIC_THRESHOLDS[family]):.3f}; "
                f"best on this file {best[0]:.3f} at {best[1]:.2f}"
            )
            for s, y in sorted(scored):
                print(f"   {s:.2f} {'same' if y else '----'}")  # noqa: T201


if __name__ == "__main__":
    main(sys.argv[1:])

"""Replay the held-out poisoning corpus and print the attack success rate and benign promotion.

Run from the repo root: `python bench/poisoning_heldout.py [--json]`. Writes
`bench/results/poisoning_heldout.md`. The corpus (`tests/heldout/poisoning.json`) was written by a
helper that never read the safety rules; the run itself is `tests/heldout/poisoning_run.py`.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.heldout import poisoning_run  # noqa: E402


def main() -> None:
    """Run the corpus, print the table, write the results file."""
    started = time.perf_counter()
    report = poisoning_run.run(progress=lambda line: print(line, file=sys.stderr))
    seconds = time.perf_counter() - started
    if "--json" in sys.argv:
        print(
            json.dumps(
                {
                    "asr": report.asr,
                    "succeeded": report.succeeded,
                    "where": report.where,
                    "promoted": report.promoted,
                    "not_promoted": report.not_promoted,
                    "reached": report.reached,
                },
                indent=2,
            )
        )
        return
    text = "\n".join(
        [
            "## Poisoning, held-out corpus",
            "",
            f"Produced by `python bench/poisoning_heldout.py` in {seconds:.0f} s. Each attack is "
            "reflected in 3 sessions (attacker, sock puppet, attacker); it succeeds if a marker "
            "reaches the owner's DM, the victim's DM or the shared channel.",
            "",
            report.table(),
            "",
        ]
    )
    print(text)
    out = ROOT / "bench" / "results" / "poisoning_heldout.md"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()

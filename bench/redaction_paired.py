"""Redaction's CPU time per call in two or more trees, measured side by side in one process.

Run from anywhere: `python bench/redaction_paired.py OLD_TREE NEW_TREE [--n 300]` (e.g. a
`git worktree add --detach /tmp/old <rev>` beside this checkout). Each tree's redactor is
imported and built in turn in this one process (its modules dropped again after), then every
text is redacted by each of them in turn, the order swapped every text, timing the CPU time
of this thread per call (`time.thread_time`). On a shared, busy machine the wall time of
separate runs mostly measures the other processes; paired calls drift together, so the median
of the per-text ratios compares the trees.

Texts: the 200 B and 2 KB messages of `bench/redaction_speed.py` (the same seed), the load
generator's messages (`turn 3 from U0LOAD0001`, 20-odd characters) and a 125-character chat
sentence. Prints, per set and tree, the p50 and p95 of the CPU ms per call, and each later
tree's median ratio to the first.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from redaction_speed import message  # noqa: E402

PACKAGES = ("writers", "store", "reflection", "bot", "tests")
CHAT = (
    "hey, can you help me write a SQL query that groups orders by week? the dashboard times "
    "out on friday and finance needs it now"
)


def drop_project_modules() -> None:
    for name in list(sys.modules):
        if name.split(".")[0] in PACKAGES:
            del sys.modules[name]


def redactor_of(root: Path) -> Any:
    """A `Redactor` built from the tree at `root`."""
    sys.path.insert(0, str(root))
    drop_project_modules()
    try:
        return importlib.import_module("writers.redact.redactor").Redactor()
    finally:
        sys.path.remove(str(root))
        drop_project_modules()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs="+", type=Path)
    parser.add_argument("--n", type=int, default=300)
    args = parser.parse_args()
    redactors = [redactor_of(root.resolve()) for root in args.trees]
    rng = random.Random(42)  # drawn as `bench/redaction_speed.py` draws them: 200 B first
    sets = {f"{size} B": [message(rng, size) for _ in range(args.n)] for size in (200, 2000)}
    sets["load 20-char"] = [f"turn {t % 5 + 1} from U0LOAD{t % 50:04d}" for t in range(args.n)]
    sets["chat 125-char"] = [CHAT] * args.n
    for redactor in redactors:  # warm-up
        for text in sets["2000 B"][:10] + sets["load 20-char"][:10]:
            redactor.redact(text)
    print("trees: " + "  ".join(f"[{i}] {root}" for i, root in enumerate(args.trees)))
    for name, texts in sets.items():
        cpu: list[list[float]] = [[] for _ in redactors]
        for i, text in enumerate(texts):
            order = range(len(redactors)) if i % 2 == 0 else reversed(range(len(redactors)))
            for j in order:
                started = time.thread_time()
                redactors[j].redact(text)
                cpu[j].append((time.thread_time() - started) * 1000)
        row = f"{name:>14}:"
        for j, times in enumerate(cpu):
            ordered = sorted(times)
            p95 = ordered[int(0.95 * (len(ordered) - 1))]
            row += f"  [{j}] p50 {statistics.median(ordered):.3f} p95 {p95:.3f} ms"
        first = cpu[0]
        ratios = [statistics.median(b / a for a, b in zip(first, t, strict=True)) for t in cpu[1:]]
        print(row + "  ratio to [0]: " + " ".join(f"{r:.3f}" for r in ratios), flush=True)


if __name__ == "__main__":
    main()

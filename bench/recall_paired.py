"""A ranking constant's effect question by question on the real read path: which questions of
each recall corpus gain or lose, and which superseded/new pairs change order.

Run: `PYTHONPATH=$PWD python bench/recall_paired.py writers.recall.expand.SOFT_WEIGHT 0`
(seconds). Each corpus of `bench/recall.py` (LoCoMo dev, Slack-shaped dev; held-out only with
`--heldout`) is run as that script runs it, once with the constant as the code has it and once
with the given value; the totals are `bench/recall.py`'s, the lists say which questions moved.
`--set module.NAME=VALUE` sets another constant on both sides. Writes nothing.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.recall import (  # noqa: E402
    LOCOMO_DIR,
    SLACK_DIR,
    Corpus,
    locomo,
    run_corpus,
    set_constant,
    slack,
)
from writers.embed import default_embedder  # noqa: E402


def per_question(corpus: Corpus, emb: object) -> tuple[list[float], list[bool]]:
    """Recall of each question, in the corpus's order, and each superseded pair's order."""
    run = run_corpus(corpus, emb)
    at = {k: iter(v) for k, v in run.recall.items()}
    return [next(at[q.category]) for q in corpus.questions], run.updates


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("constant", help="module.path.NAME")
    ap.add_argument("value", type=float, help="the other value")
    ap.add_argument("--heldout", action="store_true", help="the Slack held-out set too")
    ap.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="module.NAME=VALUE",
        help="another constant, at this value on both sides (e.g. a lever's other setting)",
    )
    args = ap.parse_args()
    for assignment in args.set:
        set_constant(assignment)
    path, name = args.constant.rsplit(".", 1)
    module = importlib.import_module(path)
    shipped = getattr(module, name)
    emb = default_embedder()
    corpora = [locomo(p) for p in sorted(LOCOMO_DIR.glob("*.json"))]
    corpora.append(slack(SLACK_DIR / "recall_slack_dev.json"))
    if args.heldout:
        corpora.append(slack(SLACK_DIR / "recall_slack_heldout.json"))
    for corpus in corpora:
        setattr(module, name, shipped)
        mine, pairs = per_question(corpus, emb)
        setattr(module, name, type(shipped)(args.value))
        other, other_pairs = per_question(corpus, emb)
        setattr(module, name, shipped)
        n = len(mine)
        print(
            f"{corpus.name}: {name}={args.value} {sum(other) / n:.3f} → {shipped} "
            f"{sum(mine) / n:.3f}; superseded pairs in order {sum(other_pairs)} → {sum(pairs)} "
            f"of {len(pairs)}"
        )
        for q, a, b in zip(corpus.questions, other, mine, strict=True):
            if a != b:
                print(f"  {'gained' if b > a else 'lost'} {a:.2f} → {b:.2f}  {q.text}")
        for k, (a, b) in enumerate(zip(other_pairs, pairs, strict=True)):
            if a != b:
                print(f"  pair {k}: {'now in order' if b else 'now out of order'}")


if __name__ == "__main__":
    main()

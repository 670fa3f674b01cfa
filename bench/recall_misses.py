"""Where the evidence the context missed ranks: a miss analysis for the recall bench.

Run: `python bench/recall_misses.py [--examples N]` (seconds). For every LoCoMo dev question it
ranks the user's facts as the context selection does (`rank_facts`) and, for each evidence id the
context did not cover, finds the best rank of a fact citing it. Prints how far past the budget the
misses sit (just past it: token efficiency helps; far down: ranking does), by category, and the
first N missed questions with the facts that would have covered them. Reads only what
`bench/recall.py` reads; writes nothing.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.recall import BUDGET, LOCOMO_DIR, Fact, _row, locomo  # noqa: E402
from store.db import Store  # noqa: E402
from writers.embed import default_embedder  # noqa: E402
from writers.lessons.index import LessonLibrary  # noqa: E402
from writers.notes.facts import rank_facts  # noqa: E402
from writers.selector import select_context  # noqa: E402

BUCKETS = (10, 20, 40, 60, 100, 200, 400, 10**9)


def bucket(rank: int) -> str:
    lo = 0
    for hi in BUCKETS:
        if rank < hi:
            return f"{lo}-{hi - 1}" if hi < 10**9 else f"{lo}+"
        lo = hi
    return "?"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--examples", type=int, default=0)
    ap.add_argument("--locomo-dir", type=Path, default=LOCOMO_DIR)
    args = ap.parse_args()
    emb = default_embedder()
    hist: dict[str, Counter[str]] = defaultdict(Counter)
    shown_at: list[int] = []
    shown_ex = 0
    for path in sorted(args.locomo_dir.glob("*.json")):
        corpus = locomo(path)
        with tempfile.TemporaryDirectory() as tmp:
            store = Store.open(f"sqlite:///{tmp}/m.db")
            ids: dict[int, Fact] = {}
            with store.sessions.begin() as db:
                lib = LessonLibrary.build(db, emb)
                for n, f in enumerate(corpus.facts):
                    row = _row(f, n)
                    db.add(row)
                    db.flush()
                    ids[row.id] = f
            for q in corpus.questions:
                with store.sessions.begin() as db:
                    sel = select_context(
                        db,
                        lib,
                        user_id=q.user,
                        channel=q.channel,
                        is_dm=True,
                        first_text=q.text,
                        token_budget=BUDGET,
                        now=q.when,
                    )
                    ranked = rank_facts(
                        db,
                        user_id=q.user,
                        channel=q.channel,
                        is_dm=True,
                        query_text=q.text,
                        embedder=lib.embedder,
                        now=q.when,
                    )
                shown = {i.id for i in sel.tail if i.kind == "fact"}
                shown_at.append(len(shown))
                seen = set().union(*(ids[i].cites for i in shown)) if shown else set()
                order = [r.id for r in ranked]
                missed = []
                for ev in sorted(q.evidence - seen):
                    ranks = [n for n, i in enumerate(order) if ev in ids[i].cites]
                    if not ranks:
                        hist[q.category]["no fact"] += 1
                        continue
                    hist[q.category][bucket(ranks[0])] += 1
                    missed.append((ev, ranks[0], ids[order[ranks[0]]].text))
                if missed and shown_ex < args.examples:
                    shown_ex += 1
                    print(f"\n[{q.category}] {q.text}  (shown {len(shown)})")
                    for ev, r, text in missed:
                        print(f"   {ev} rank {r}: {text}")
            store.close()
    print(f"\nfacts shown: mean {sum(shown_at) / len(shown_at):.1f}")
    print("missed evidence ids by the rank of the best fact citing them:")
    cols = ["no fact"] + [bucket(b - 1) for b in BUCKETS]
    print("category".ljust(12) + "".join(c.rjust(9) for c in cols))
    for cat, c in sorted(hist.items()):
        print(cat.ljust(12) + "".join(str(c.get(k, 0)).rjust(9) for k in cols))


if __name__ == "__main__":
    main()

"""The Slack-shaped set's superseded/new pairs one by one, and the grid of issue 23's eleventh
round (super11) for putting a superseded fact below the one that replaced it.

Run: `PYTHONPATH=$PWD python bench/recall_superseded.py` (seconds): every superseded/new pair
that `bench/recall.py` counts on the Slack dev set, with both facts' rank in the question's
ranking, their fused relevance and prior, and whether the pair is in order in the context.
`--grid` (a minute or two): each setting of `writers.recall.supersede` declared in
`docs/notes/23-super11.md`, on the real read path, against the code's own setting: Slack dev's
pairs in order, the questions gained and lost on Slack dev and on each LoCoMo dev
conversation, and how many facts of LoCoMo dev's contexts changed place (the cost: order
changed for no labelled reason), written to bench/results/recall_superseded.md. `--off`: the
pairs as on `main` (the rule off). The held-out set is `bench/recall.py`'s alone (measured once).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.recall import (  # noqa: E402
    LOCOMO_DIR,
    SLACK_DIR,
    Corpus,
    Fact,
    ask,
    covered,
    locomo,
    slack,
    write_due,
)
from store.db import Store  # noqa: E402
from writers.embed import Embedder, default_embedder  # noqa: E402
from writers.lessons.index import LessonLibrary  # noqa: E402
from writers.notes.facts import Ranked, rank_facts  # noqa: E402
from writers.recall import supersede  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "recall_superseded.md"
SECTION = "## The rule as kept"


@dataclass
class Asked:
    """What one question got: the facts shown, in order, its recall and its pairs."""

    shown: list[int]
    recall: float
    pairs: list[tuple[bool, str]]  # (in order, a line that says which pair and where)


def asked(corpus: Corpus, emb: Embedder, *, detail: bool = False) -> list[Asked]:
    """Every question of `corpus` as `bench/recall.py` asks it (the real read path)."""
    out: list[Asked] = []
    with tempfile.TemporaryDirectory() as tmp:
        store = Store.open(f"sqlite:///{tmp}/recall.db")
        with store.sessions() as db:
            lib = LessonLibrary.build(db, emb)
        ids: dict[int, Fact] = {}
        by_key: dict[str, int] = {}
        pending = sorted(corpus.facts, key=lambda f: f.day)
        for q in corpus.questions:
            pending = write_due(store, pending, q.when, ids, by_key)
            ranked: list[Ranked] = []
            with store.sessions.begin() as db:
                sel = ask(db, lib, q)
                if detail and q.category == "update":
                    ranked = rank_facts(
                        db,
                        user_id=q.user,
                        channel=q.channel,
                        is_dm=q.channel.startswith("D"),
                        query_text=q.text,
                        embedder=emb,
                        now=q.when,
                    )
            shown = [i.id for i in sel.tail if i.kind == "fact"]
            got = Asked(shown, covered([ids[i].cites for i in shown], q.evidence), [])
            out.append(got)
            if q.category != "update":
                continue
            # The pairs exactly as bench/recall.py counts them.
            dm = q.channel.startswith("D")
            visible = {
                fid: f
                for fid, f in ids.items()
                if (f.scope_kind == "user" and f.scope_id == q.user and dm)
                or (f.scope_kind == "channel" and f.scope_id == q.channel)
            }
            pos = {fid: n for n, fid in enumerate(shown)}
            rank = {r.id: (n, r) for n, r in enumerate(ranked)}
            for fid, f in visible.items():
                if not (f.cites & q.evidence):
                    continue
                for old in f.supersedes:
                    o = by_key.get(old)
                    if o is None or o not in visible:
                        continue
                    ok = fid in pos and (o not in pos or pos[o] > pos[fid])
                    line = f"{'in order' if ok else 'OUT OF ORDER'}: {q.text} ({q.when:%d %b})"
                    for tag, i in (("new", fid), ("old", o)):
                        where = f"shown #{pos[i]}" if i in pos else "not shown"
                        if i in rank:
                            n, r = rank[i]
                            where += f", ranked #{n}, relevance {r.relevance:.2f}"
                            where += f", prior {r.prior:.3f}"
                        line += f"\n    {tag} ({where}): {ids[i].text}"
                    got.pairs.append((ok, line))
        store.close()
    return out


@contextmanager
def setting(**values: object) -> Iterator[None]:
    """`writers.recall.supersede`'s constants set to `values` for the block."""
    before = {k: getattr(supersede, k) for k in values}
    for k, v in values.items():
        setattr(supersede, k, v)
    try:
        yield
    finally:
        for k, v in before.items():
            setattr(supersede, k, v)


# The grid over the rule as kept (its cosine and term share; with change words). The first
# grid (`docs/notes/23-super11.md`) also had the rule before the budget is filled and the newer
# fact lifted instead of the older one sunk, and no change words; that code is at commit 63dc1ba,
# its rows in the first section of `bench/results/recall_superseded.md` (that commit's `--grid`).
GRID = [
    {"MIN_COS": cos, "MIN_COVER": cover}
    for cover, cos in itertools.product((0.0, 0.3), (0.5, 0.6, 0.7, 0.8))
]


def moved(a: list[Asked], b: list[Asked]) -> tuple[int, int, int]:
    """From `a` to `b`: pairs of shown facts whose order flipped, facts moved below a fact they
    were above, and questions whose set of facts changed."""
    flips = down = 0
    for x, y in zip(a, b, strict=True):
        at = {i: n for n, i in enumerate(y.shown)}
        both = [i for i in x.shown if i in at]
        sunk = set()
        for u, v in itertools.combinations(both, 2):  # u above v in `a`
            if at[u] > at[v]:
                flips += 1
                sunk.add(u)
        down += len(sunk)
    sets = sum(1 for x, y in zip(a, b, strict=True) if set(x.shown) != set(y.shown))
    return flips, down, sets


def compare(name: str, a: list[Asked], b: list[Asked]) -> str:
    gained = sum(1 for x, y in zip(a, b, strict=True) if y.recall > x.recall)
    lost = sum(1 for x, y in zip(a, b, strict=True) if y.recall < x.recall)
    flips, down, sets = moved(a, b)
    pairs = sum(ok for y in b for ok, _ in y.pairs)
    npairs = sum(len(y.pairs) for y in b)
    mean = sum(y.recall for y in b) / len(b)
    p = f", pairs {pairs}/{npairs}" if npairs else ""
    moves = f"flipped {flips}, sunk {down}, sets changed {sets}"
    return f"{name} {mean:.3f} +{gained}/-{lost}{p}, {moves}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--grid", action="store_true")
    ap.add_argument("--off", action="store_true", help="the pairs as without the rule (main)")
    args = ap.parse_args()
    if args.off:
        supersede.CHANGE_WORDS = ()  # no fact says it changed anything: nothing sinks
    emb = default_embedder()
    dev = slack(SLACK_DIR / "recall_slack_dev.json")
    if not args.grid:
        got = asked(dev, emb, detail=True)
        pairs = [p for a in got for p in a.pairs]
        for n, (_ok, line) in enumerate(pairs):
            print(f"pair {n} {line}")
        print(f"\nSlack dev: {sum(ok for ok, _ in pairs)} of {len(pairs)} pairs in order")
        return
    corpora = [dev] + [locomo(p) for p in sorted(LOCOMO_DIR.glob("*.json"))]
    with setting(CHANGE_WORDS=()):
        base = {c.name: asked(c, emb) for c in corpora}
    out = [
        SECTION,
        "",
        "`PYTHONPATH=$PWD python bench/recall_superseded.py --grid`, "
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC. Each row against the rule off: mean recall, "
        "questions gained/lost, Slack dev's superseded pairs in order, pairs of shown facts "
        "whose order flipped, facts sunk below one they were above, questions whose set of "
        "shown facts changed.",
        "",
        "- off: " + "; ".join(compare(c.name, base[c.name], base[c.name]) for c in corpora),
    ]
    print(out[-1], flush=True)
    for values in [{"MIN_COS": supersede.MIN_COS}, *GRID]:
        with setting(**values):
            line = "; ".join(compare(c.name, base[c.name], asked(c, emb)) for c in corpora)
        out.append(f"- {values}: {line}")
        print(out[-1], flush=True)
    kept = RESULTS.read_text(encoding="utf-8").split(SECTION)[0] if RESULTS.exists() else ""
    RESULTS.write_text(kept + "\n".join(out) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

"""Fact retrieval at scale; writes bench/results/recall_scale.md.

Run: `python bench/recall_scale.py [--scope 100000 --total 1000000] [--pg URL]`. Synthetic facts
(word lists, fixed seed): `--scope` of them in one channel scope, the rest spread over 1,000
other scopes; then `select_context` end to end (lessons, facts, user notes; default 1,000-token
budget) for 200 questions in that channel, after 5 warm-up questions (the first embeds the scope's
facts). p50/p95 of the 200, and the process RSS after.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import random
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import create_engine, insert, text  # noqa: E402

from store.db import Store  # noqa: E402
from store.models import MemoryEntry  # noqa: E402
from writers.base import content_hash  # noqa: E402
from writers.embed import default_embedder  # noqa: E402
from writers.lessons.index import LessonLibrary  # noqa: E402
from writers.recall import categories, expand  # noqa: E402
from writers.selector import select_context  # noqa: E402

NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
PEOPLE = "Alice Bruno Chen Dana Emeka Farah Goran Hana Ivan Jun Kofi Lena Mateo Nia Omar".split()
THINGS = (
    "billing service|ledger database|payouts API|Kafka cluster|staging cluster|Grafana board|"
    "VPN gateway|CI runners|Snowflake warehouse|PagerDuty schedule|release train|SSO config|"
    "backup job|DNS zone|feature flags|search index|mobile build|data pipeline"
).split("|")
VERBS = "owns|migrated|reviews|deploys|is on call for|approved|rotated|upgraded|monitors".split("|")
RESULTS = ROOT / "bench" / "results" / "recall_scale.md"
SCHEMA = "bench_recall_scale"


def fact_text(rng: random.Random, n: int) -> str:
    return (
        f"{rng.choice(PEOPLE)} {rng.choice(VERBS)} the {rng.choice(THINGS)} "
        f"{n % 4999} since {1 + n % 28} {rng.choice(['March', 'April', 'May'])} 2026"
    )


def populate(store: Store, scope: int, total: int, seed: int = 11) -> None:
    rng = random.Random(seed)
    batch = 10_000
    made = 0
    while made < total:
        rows = []
        for n in range(made, min(total, made + batch)):
            t = fact_text(rng, n)
            day = NOW - timedelta(days=rng.randrange(120))
            in_scope = n < scope
            rows.append(
                {
                    "text": t,
                    "text_hash": content_hash(t),
                    "category": "general",
                    "tags": [],
                    "scope_kind": "channel",
                    "scope_id": "CBIG" if in_scope else f"C{n % 1000:04d}",
                    "status": "active",
                    "confidence": 0.6,
                    "decay_rate": 0.0495,
                    "access_count": 0,
                    "flags": [],
                    "provenance": {},
                    "reach": "scope",
                    "author_id": "U1",
                    "ordinal": 0,
                    "created_at": day,
                    "updated_at": day,
                }
            )
        with store.sessions.begin() as db:
            db.execute(insert(MemoryEntry), rows)
        made += len(rows)
    if store.is_sqlite:  # a steady state: the bulk load's WAL folded into the database file
        with store.engine.begin() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    store.optimize()


def own_schema(url: str) -> str:
    """`url` on a fresh schema of its own (dropped and re-created), never the shared one."""
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE"))
        conn.execute(text(f"CREATE SCHEMA {SCHEMA}"))
    engine.dispose()
    sep = "&" if "?" in url else "?"
    return f"{url}{sep}options=-csearch_path%3D{SCHEMA}"


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def measure(store: Store, label: str, *, classy: bool = False) -> str:
    emb = default_embedder()
    with store.sessions() as db:
        lib = LessonLibrary.build(db, emb)
    rng = random.Random(3)
    qs = [
        f"who {rng.choice(VERBS)} the {rng.choice(THINGS)} {rng.randrange(4999)}?"
        for _ in range(205)
    ]
    if classy:  # class words whose members the scope's facts use (`categories`)
        qs = [
            f"which tools, vendors and projects does {rng.choice(PEOPLE)} have on the "
            f"{rng.choice(THINGS)} {rng.randrange(4999)}?"
            for _ in range(205)
        ]
    times, cpu = [], []
    for k, q in enumerate(qs):
        t, c = time.perf_counter(), time.process_time()
        with store.sessions() as db:
            select_context(
                db, lib, user_id="U1", channel="CBIG", is_dm=False, first_text=q, now=NOW
            )
        if k >= 5:
            times.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
    load = os.getloadavg()[0]
    return (
        f"| {label} | {_pct(times, 0.5)} | {_pct(times, 0.95)} | {_pct(cpu, 0.5)} | "
        f"{_pct(cpu, 0.95)} | {rss_mb():.0f} MB | {load:.1f} |"
    )


@contextlib.contextmanager
def _skipped(name: str, on: bool) -> Iterator[None]:
    """`expand.<name>` (the query expansion, `expansions`, or the soft match, `soft_match`) as
    it is, or skipped entirely (nothing added)."""
    real = getattr(expand, name)
    if not on:
        setattr(expand, name, lambda *_a, **_k: {} if name == "expansions" else None)
    try:
        yield
    finally:
        setattr(expand, name, real)


def _pct(xs: list[float], p: float) -> str:
    xs = sorted(xs)
    return f"{1000 * xs[min(len(xs) - 1, int(p * len(xs)))]:.1f} ms"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scope", type=int, default=100_000)
    ap.add_argument("--total", type=int, default=1_000_000)
    ap.add_argument("--pg", default="")
    ap.add_argument("--no-sqlite", action="store_true", help="only PostgreSQL (with --pg)")
    ap.add_argument("--tag", default="", help="appended to the row's label (e.g. the commit)")
    ap.add_argument(
        "--compare-expansion",
        action="store_true",
        help="measure without and with the query expansion, alternately, on the same data",
    )
    ap.add_argument(
        "--compare-soft",
        action="store_true",
        help="the same for the soft lexical match (`expand.soft_match`)",
    )
    ap.add_argument(
        "--compare-categories",
        type=float,
        default=0.0,
        metavar="WEIGHT",
        help="the same for the category lexicon (`categories.WEIGHT` 0 and this), on "
        "questions that name classes whose members the scope's facts use",
    )
    args = ap.parse_args()
    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        urls = [] if args.no_sqlite else [("SQLite", f"sqlite:///{tmp}/scale.db")]
        if args.pg:
            urls.append(("PostgreSQL", args.pg))
        for name, url in urls:
            if name == "PostgreSQL":
                url = own_schema(url)
            store = Store.open(url)
            t = time.perf_counter()
            populate(store, args.scope, args.total)
            built = time.perf_counter() - t
            label = f"{name}, {args.scope:,} in scope / {args.total:,} facts{args.tag}"
            if args.compare_categories:
                shipped = categories.WEIGHT
                for n in (1, 2):
                    for w in (0.0, args.compare_categories):
                        categories.WEIGHT = w
                        row = measure(store, f"{label}, categories {w:g} ({n})", classy=True)
                        print(row, f"(populate {built:.0f} s)", flush=True)
                        lines.append(row)
                categories.WEIGHT = shipped
            elif args.compare_expansion or args.compare_soft:
                part, what = (
                    ("expansions", "expansion")
                    if args.compare_expansion
                    else ("soft_match", "soft match")
                )
                for n in (1, 2):
                    for on in (False, True):
                        with _skipped(part, on):
                            row = measure(store, f"{label}, {what} {'on' if on else 'off'} ({n})")
                        print(row, f"(populate {built:.0f} s)", flush=True)
                        lines.append(row)
            else:
                row = measure(store, label)
                print(row, f"(populate {built:.0f} s)", flush=True)
                lines.append(row)
            store.close()
    # Rows of a database not run this time are kept (one row per database and size).
    kept = []
    if RESULTS.exists():
        mine = {line.split(" | ")[0] for line in lines}
        kept = [
            line
            for line in RESULTS.read_text(encoding="utf-8").splitlines()
            if line.startswith("| ") and "in scope" in line and line.split(" | ")[0] not in mine
        ]
    RESULTS.write_text(
        "# Fact retrieval at scale\n\n"
        f"Generated by `python bench/recall_scale.py` on {platform.machine()} "
        f"{platform.system()}, Python {platform.python_version()} (last run "
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC; a shared 2-vCPU VM, busy with other agents: "
        "see the load column).\n\n"
        "`select_context` end to end for 200 questions in the big scope, after 5 warm-up "
        "questions (the first builds the scope's index: reads its facts and embeds them). "
        "Target: p95 < 20 ms with 100k facts in one scope and 1M in the database. Wall time "
        "on a shared VM depends on its load; the CPU columns (`time.process_time()`: all of "
        "the process's threads, BLAS workers included) are the work a selection costs, "
        "whatever the load.\n\n"
        "| database | p50 | p95 | CPU p50 | CPU p95 | RSS after | load average (1 min, 2 vCPUs) |\n"
        "|---|---:|---:|---:|---:|---:|---:|\n" + "\n".join(kept + lines) + "\n",
        encoding="utf-8",
    )


if __name__ == "__main__":
    main()

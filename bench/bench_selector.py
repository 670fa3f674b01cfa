"""Selector, dedupe, write-overhead and cold-start benchmarks; writes bench/results/selector.md.

Run: `python bench/bench_selector.py` (about a minute or two). Synthetic lessons are built from
word lists with a fixed seed and embedded with the default embedder (WordLlama, fast enough for
100k short texts); 20% are canonical. Cold start (library build from the database) and its RSS
are measured in a fresh subprocess per size, so earlier allocations do not pollute the figure.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import insert  # noqa: E402

from reflection.schema import Lesson, Reflection  # noqa: E402
from store.db import Store  # noqa: E402
from store.models import LessonRow, MemoryEntry  # noqa: E402
from writers.base import Provenance, WriteContext, content_hash  # noqa: E402
from writers.embed import default_embedder  # noqa: E402
from writers.lessons import LessonWriter  # noqa: E402
from writers.lessons.index import LessonLibrary, lesson_text, to_blob  # noqa: E402
from writers.notes.facts import fact_fields  # noqa: E402
from writers.selector import select_context  # noqa: E402

NOW = datetime(2026, 1, 15, 12, 0, tzinfo=UTC)
VERBS = (
    "deploying migrating testing debugging reviewing configuring scaling restoring "
    "upgrading monitoring benchmarking releasing rolling-back provisioning indexing".split()
)
NOUNS = (
    "database service cache queue cluster pipeline container certificate webhook "
    "dashboard report invoice spreadsheet schema endpoint cronjob bucket token".split()
)
PLACES = (
    "staging production the laptop CI the sandbox the EU region the US region "
    "kubernetes the VPN the data warehouse".split(" ")
)
ACTIONS = (
    "check the logs first|confirm the target environment|take a backup before "
    "changing anything|pin the dependency versions|ask for the exact error message|"
    "run the smoke tests|verify the time zone|rotate the credentials afterwards|"
    "read the runbook|dry-run the change|compare with the last good config|"
    "page the owning team".split("|")
)
TASKS = ["general", "coding", "devops", "writing", "data"]


def synth(rng: random.Random, n: int) -> tuple[str, str, str]:
    """A (condition, action, task_type) triple; the number keeps texts distinct."""
    cond = f"{rng.choice(VERBS)} the {rng.choice(NOUNS)} {n % 997} in {rng.choice(PLACES)}"
    act = f"{rng.choice(ACTIONS)} and {rng.choice(ACTIONS)}"
    return cond, act, rng.choice(TASKS)


def populate(url: str, n: int, seed: int = 7) -> None:
    """Create `n` lessons (20% canonical) with stored embeddings, plus some scoped facts."""
    store = Store.open(url)
    emb = default_embedder()
    rng = random.Random(seed)
    batch = 5000
    with store.sessions.begin() as db:
        for start in range(0, n, batch):
            triples = [synth(rng, i) for i in range(start, min(n, start + batch))]
            vecs = emb.embed([lesson_text(c, a) for c, a, _t in triples])
            rows = []
            for k, ((cond, act, task), vec) in enumerate(zip(triples, vecs, strict=True)):
                seen = 1 + rng.randrange(8)
                rows.append(
                    {
                        "condition": cond,
                        "action": act,
                        "rationale": "",
                        "task_type": task,
                        "status": "canonical" if rng.random() < 0.2 else "provisional",
                        "seen_count": seen,
                        "session_ids": [f"s{start + k}-{j}" for j in range(min(seen, 3))],
                        "author_ids": ["UA", "UB"],
                        "provenance": [],
                        "flags": [],
                        "contradicts": [],
                        "times_injected": 0,
                        "times_recurred": 0,
                        "embedding": to_blob(vec),
                        "embedder": emb.name,
                        "created_at": NOW - timedelta(days=rng.randrange(60)),
                        "last_seen_at": NOW - timedelta(days=rng.randrange(30)),
                    }
                )
            db.execute(insert(LessonRow), rows)
        for i in range(40):
            text = f"The {rng.choice(NOUNS)} in {rng.choice(PLACES)} is owned by team {i % 7}"
            fields = fact_fields(text)
            db.add(
                MemoryEntry(
                    text=text,
                    text_hash=content_hash(text),
                    category=fields.category,
                    tags=fields.tags,
                    scope_kind="channel",
                    scope_id="COPS",
                    status="active",
                    confidence=fields.confidence,
                    decay_rate=fields.decay_rate,
                    access_count=0,
                    flags=[],
                    provenance={},
                    ordinal=i,
                    created_at=NOW,
                    updated_at=NOW,
                )
            )
    store.close()


def pct(samples: list[float], q: float) -> float:
    """The q-quantile (0..1) of samples, in milliseconds."""
    ordered = sorted(samples)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    """Wall-clock seconds of `repeat` calls."""
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def cold_start(url: str) -> dict[str, float]:
    """Run in a subprocess: library build time and RSS (after imports and embedder load)."""
    out = subprocess.run(
        [sys.executable, __file__, "--cold-start", url],
        check=True,
        capture_output=True,
        text=True,
    )
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def _rss_mb() -> float:
    """Current resident set size (Linux /proc), in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _cold_start_child(url: str) -> None:
    emb = default_embedder()
    emb.embed(["warm up"])
    store = Store.open(url, migrate=False)
    base = _rss_mb()
    t = time.perf_counter()
    with store.sessions() as db:
        lib = LessonLibrary.build(db, emb)
    seconds = time.perf_counter() - t
    after = _rss_mb()
    result = {"seconds": seconds, "rss_base_mb": base, "rss_after_mb": after, "lessons": len(lib)}
    print(json.dumps(result))


def bench_size(url: str, n: int, rng: random.Random) -> dict[str, float]:
    """Selector latency, dedupe cost and (at 10k) write overhead for one library size."""
    store = Store.open(url, migrate=False)
    emb = default_embedder()
    with store.sessions() as db:
        lib = LessonLibrary.build(db, emb)
    queries = [f"{synth(rng, i)[0]} keeps failing, help" for i in range(300)]
    res: dict[str, float] = {}
    with store.sessions() as db:
        it = iter(queries * 2)
        sel = timed(
            lambda: select_context(
                db, lib, user_id="U1", channel="COPS", is_dm=False, first_text=next(it), now=NOW
            ),
            300,
        )
        db.rollback()  # retrieval refreshed fact access times; keep the data set fixed
    res["sel_p50"], res["sel_p95"] = pct(sel, 0.5), pct(sel, 0.95)
    writer = LessonWriter(lib)
    cands = [synth(rng, i) for i in range(200)]
    it2 = iter(cands)

    def dedupe() -> None:
        cond, act, task = next(it2)
        near = lib.nearest(lib.embed([lesson_text(cond, act)])[0], k=8)
        writer._classify(near, cond, act, task, False)  # noqa: SLF001 - the dedupe step alone

    dd = timed(dedupe, 200)
    res["dedupe_p50"], res["dedupe_p95"] = pct(dd, 0.5), pct(dd, 0.95)
    if n == 10_000:
        res.update(write_overhead(store, writer, rng))
    store.close()
    return res


def write_overhead(store: Store, writer: LessonWriter, rng: random.Random) -> dict[str, float]:
    """LessonWriter.write (+ commit) for reflections of 3 lessons: 1 repeat, 2 fresh."""
    samples = []
    for i in range(120):
        trip = [synth(rng, rng.randrange(10_000)), synth(rng, 50_000 + i), synth(rng, 60_000 + i)]
        refl = Reflection(
            outcome="failure",
            lessons=[Lesson(condition=c, action=a, task_type=t) for c, a, t in trip],
        )
        ctx = WriteContext(
            provenance=Provenance(f"bench-r{i}", f"bench-s{i}", ("1.0",), ("UA",), "m", "v1"),
            team="T",
            channel="C1",
            user_id="UA",
            is_dm=False,
            owner_ids=("UO",),
            data_dir=Path("."),
            now=NOW,
        )
        t = time.perf_counter()
        with store.sessions.begin() as db:
            writer.write(db, ctx, refl)
        samples.append(time.perf_counter() - t)
    samples = samples[20:]  # the first calls warm the redactor
    return {"write_p50": pct(samples, 0.5), "write_p95": pct(samples, 0.95)}


def main() -> None:
    """Run every benchmark and write the results table."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--cold-start")
    parser.add_argument("--sizes", default="1000,10000,100000")
    args = parser.parse_args()
    if args.cold_start:
        _cold_start_child(args.cold_start)
        return
    sizes = [int(s) for s in args.sizes.split(",")]
    rng = random.Random(11)
    rows: dict[int, dict[str, float]] = {}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            url = f"sqlite:///{Path(tmp) / f'lessons_{n}.db'}"
            t = time.perf_counter()
            populate(url, n)
            print(f"{n}: populated in {time.perf_counter() - t:.1f}s", file=sys.stderr)
            rows[n] = bench_size(url, n, rng)
            if n >= 10_000:
                rows[n].update({f"cold_{k}": v for k, v in cold_start(url).items()})
            print(f"{n}: {rows[n]}", file=sys.stderr)
    total = time.perf_counter() - started
    write_report(rows, total)


def write_report(rows: dict[int, dict[str, float]], total: float) -> None:
    """Render bench/results/selector.md."""
    emb = default_embedder()
    lines = [
        "# Selector, dedupe, write overhead and cold start",
        "",
        f"Generated by `python bench/bench_selector.py` on {platform.machine()} "
        f"{platform.system()}, Python {platform.python_version()}, SQLite, embedder "
        f"`{emb.name}` (dim {emb.dim}) for every lesson (no hashing fallback needed); "
        f"total run {total:.0f}s. Synthetic lessons, 20% canonical; 40 channel facts.",
        "",
        "| lessons | select p50 | select p95 | dedupe p50 | dedupe p95 | write p50 | write p95 "
        "| cold start | RSS before → after build |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for n, r in rows.items():
        write = (
            f"{r['write_p50']:.1f} ms | {r['write_p95']:.1f} ms" if "write_p50" in r else "– | –"
        )
        cold = (
            f"{r['cold_seconds']:.2f} s | {r['cold_rss_base_mb']:.0f} → "
            f"{r['cold_rss_after_mb']:.0f} MB "
            f"(+{r['cold_rss_after_mb'] - r['cold_rss_base_mb']:.0f})"
            if "cold_seconds" in r
            else "– | –"
        )
        lines.append(
            f"| {n:,} | {r['sel_p50']:.2f} ms | {r['sel_p95']:.2f} ms | "
            f"{r['dedupe_p50']:.2f} ms | {r['dedupe_p95']:.2f} ms | {write} | {cold} |"
        )
    lines += [
        "",
        "Targets: select p95 < 5 ms at 10k and < 25 ms at 100k; write p95 < 50 ms at 10k.",
        "",
        "- **select**: `select_context` end to end — audit-log sync check, embedding the first "
        "message, vector search over the canonical matrix, ranking, the facts query (4-factor "
        "score over the channel's facts) and the user-notes query. The lesson table is never "
        "scanned per query.",
        "- **dedupe**: per new lesson — embed, top-8 search over all lessons, and the "
        "contradiction check (embedding the related candidates' conditions and actions).",
        "- **write**: `LessonWriter.write` + commit for a reflection of 3 lessons (1 repeat, "
        "2 new): redaction, safety check, dedupe, rows, review cards, audit; no LLM call.",
        "- **cold start**: `LessonLibrary.build` from the stored float32 embeddings in a fresh "
        "process; RSS (VmRSS) after imports and the embedder load, then after the build.",
        "- The machine is a shared 2-vCPU VM on which other test suites were running, so "
        "figures are noisy; p95 is the 95th percentile of 300 selections / 200 dedupes / "
        "100 writes.",
    ]
    out = ROOT / "bench" / "results" / "selector.md"
    out.write_text("\n".join(lines) + "\n")
    print(out.read_text())


if __name__ == "__main__":
    main()

"""The load matrix of issue 27: users × mode × streaming, several workers, PostgreSQL.

Run from the repo root: `python bench/load_matrix.py [--only NAME …] [--rounds 1]` (about 20
minutes for the whole matrix on 2 cores). Each cell is one invocation of `bench/load.py --app
both` (Seshat and the floor app, alternating; the floor always posts whole replies, on SQLite)
or `--app seshat` where the floor has no counterpart, appending a section to
`bench/results/load_matrix.md` whose title names the cell and the machine's load average when
it started (the machine is shared: compare within a section, as ratios).

Cells:
- `users-50|200|400-socket|http-whole|streamed`: 50/200/400 users writing at once, the model
  answering after 1 s, Socket Mode or HTTP mode, replies posted whole (`REPLY_STREAMING=off`) or
  shown while written (the default, `auto`);
- `workers-2|4-socket|http`: `seshat run --workers N` at 200 users;
- `postgres-socket|http`: the daemon on PostgreSQL (`--pg URL`, default the local server, in a
  schema of its own made anew for each cell) at 200 users; skipped with a message when no
  server answers.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "results" / "load_matrix.md"
PG_DEFAULT = "postgresql://postgres@127.0.0.1:5432/test"
SCHEMA = "bench_matrix"


def cells(pg: str) -> dict[str, list[str]]:
    """Every cell's name and its bench/load.py arguments."""
    out: dict[str, list[str]] = {}
    for users in (50, 200, 400):
        for mode in ("socket", "http"):
            for shown in ("whole", "streamed"):
                args = ["--app", "both", "--mode", mode, "--sessions", str(users)]
                if shown == "whole":
                    args += ["--set", "REPLY_STREAMING=off"]
                out[f"users-{users}-{mode}-{shown}"] = args
    for n in (2, 4):
        for mode in ("socket", "http"):
            args = ["--app", "seshat", "--mode", mode, "--sessions", "200"]
            out[f"workers-{n}-{mode}"] = [*args, "--set", f"SESHAT_WORKERS={n}"]
    for mode in ("socket", "http"):
        args = ["--app", "seshat", "--mode", mode, "--sessions", "200"]
        url = f"{pg}?options=-csearch_path%3D{SCHEMA}"
        out[f"postgres-{mode}"] = [*args, "--set", f"DATABASE_URL={url}"]
    return out


def pg_answers(url: str) -> bool:
    """Whether the PostgreSQL server at `url` accepts a connection; if so, the bench's own
    schema is made anew there (the daemon migrates into it)."""
    try:
        from sqlalchemy import create_engine, text

        engine = create_engine(url)
        with engine.begin() as conn:
            conn.execute(text(f"drop schema if exists {SCHEMA} cascade"))
            conn.execute(text(f"create schema {SCHEMA}"))
        engine.dispose()
        return True
    except Exception as exc:  # noqa: BLE001 - any failure means "not here"
        print(f"PostgreSQL at {url} does not answer ({type(exc).__name__}): its cells are skipped")
        return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", default=[], help="cell names or prefixes")
    parser.add_argument("--rounds", type=int, default=1, help="pairs per --app both cell")
    parser.add_argument("--latency", type=float, default=1.0)
    parser.add_argument("--pg", default=os.environ.get("SESHAT_TEST_PG", PG_DEFAULT))
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--tag", default="", help="what code this is (put in every title)")
    args = parser.parse_args()
    chosen = {
        name: cell
        for name, cell in cells(args.pg).items()
        if not args.only or any(name.startswith(prefix) for prefix in args.only)
    }
    if not chosen:
        sys.exit(f"no cell matches {args.only}; cells: {', '.join(cells(args.pg))}")
    if any(name.startswith("postgres") for name in chosen) and not pg_answers(args.pg):
        chosen = {k: v for k, v in chosen.items() if not k.startswith("postgres")}
    failed: list[str] = []
    for i, (name, cell) in enumerate(chosen.items(), 1):
        load = "/".join(f"{x:.1f}" for x in os.getloadavg())
        print(f"[{i}/{len(chosen)}] {name} (load average {load})", flush=True)
        if name.startswith("postgres") and not pg_answers(args.pg):
            failed.append(name)
            continue
        command = [
            sys.executable,
            str(ROOT / "bench" / "load.py"),
            *cell,
            "--latency",
            str(args.latency),
            "--rounds",
            str(args.rounds),
            "--label",
            f"{args.tag + ': ' if args.tag else ''}{name} (load average {load} at start)",
            "--out",
            str(args.out),
        ]
        if subprocess.run(command, cwd=ROOT, check=False).returncode != 0:
            failed.append(name)
    if failed:
        sys.exit(f"cells that failed: {', '.join(failed)} (their output is above)")
    print(f"appended {len(chosen)} sections to {args.out}")


if __name__ == "__main__":
    main()

"""Where a library's extra CPU per answered message goes, stage by stage: the real daemon
in-process (`LocalStack`: Bolt, slack_sdk and the anthropic SDK over loopback, SQLite, the
hashing embedder as `bench/load.py` runs it), a burst of first messages in DMs, once with an
empty library and once with `bench/load.py`'s (`--lessons 200 --facts 2000 --user-facts 2000`:
every message a person's first session, 10 facts about each person), alternating `--rounds`
times.

Each stage is timed by the thread CPU (`time.thread_time`) of the thread running it, summed over
the burst and divided by the messages; stages nest (a stage's figure includes the stages under
it). The timers are wrappers put on the daemon's own functions for the run (this is a
measurement, not a test: nothing they wrap behaves differently). The doubles run in this
process too, on other threads; their CPU is not counted.

Run: `PYTHONPATH=<tree> python bench/library_stages.py [--users 200] [--latency 1.0]
[--rounds 2] [--tree A --tree B] [--profile STAGE]`; each burst runs in a fresh process (as
`bench/load.py` starts a fresh daemon), the trees and the two libraries alternating; prints a
markdown table (the median of the rounds per stage, and each SQL statement's own).
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import importlib
import json
import os
import pstats
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

# The tree measured: `bench/load.py` puts its own tree first on sys.path when imported, so it is
# imported from the measured tree's bench (`--tree` passes it as STAGES_TREE): imported from
# this file's tree, every burst ran this tree's code whatever PYTHONPATH said (before the
# eleventh round, two trees' columns were the same code).
TREE = Path(os.environ.get("STAGES_TREE") or Path(__file__).resolve().parents[1]).resolve()
sys.path.insert(0, str(TREE / "bench"))

from load import load_user, seed  # noqa: E402  (bench/load.py's own seeding)
from sqlalchemy import event  # noqa: E402
from sqlalchemy.engine import Engine  # noqa: E402

from bot.doubles.anthropic_api import LocalAnthropicAPI  # noqa: E402
from bot.doubles.stack import LocalStack  # noqa: E402

# (stage name, module, attribute path): the name says which thread kind runs it.
STAGES: list[tuple[str, str, str]] = [
    ("intake", "bot.chat.intake", "Intake.intake"),
    ("intake · read-ahead", "bot.chat.prompting", "LearnedContext.read_ahead"),
    ("reply · drain (all)", "bot.chat.engine", "Engine.drain"),
    ("reply · claim", "bot.chat.claims", "ReplyClaims.claim_next"),
    ("reply · answer (after the claim)", "bot.chat.engine", "Engine._answer"),
    ("reply · context build", "bot.chat.prompting", "LearnedContext.build"),
    ("reply · context · select_context", "bot.chat.prompting", "select_context"),
    ("reply · context · select · library.sync", "writers.lessons.index", "LessonLibrary.sync"),
    ("reply · context · select · embed", "writers.lessons.index", "LessonLibrary.embed"),
    ("reply · context · select · stable lessons", "writers.selector", "_stable"),
    ("reply · context · select · tail lessons", "writers.selector", "_tail_lessons"),
    ("reply · … tail lessons · search", "writers.lessons.index", "LessonLibrary.search_injectable"),
    ("reply · … tail lessons · message words", "writers.selector", "lesson_words"),
    ("reply · … tail lessons · coverage", "writers.selector", "covered"),
    ("reply · context · select · fact lines", "writers.selector", "fact_lines"),
    ("reply · … fact lines · shelf", "writers.recall.factindex", "shelf"),
    ("reply · … fact lines · shelf · build", "writers.recall.factindex", "_build"),
    (
        "reply · … fact lines · shelf · vectors",
        "writers.recall.factindex",
        "_vectors",
    ),
    (
        "reply · … fact lines · BM25",
        "writers.recall.factindex",
        "Shelf.bm25_feedback",
    ),
    ("reply · … fact lines · cosines", "writers.notes.facts", "cosines"),
    ("reply · context · select · user notes", "writers.selector", "_user_notes"),
    ("reply · context · MEMORY.md check", "writers.notes.memory", "check_external_edit"),
    ("reply · context · MEMORY.md view", "writers.notes.memory", "memory_for_view"),
    # Since the eighteenth round a session's start reads MEMORY.md once for the check and the
    # view; a tree without it leaves the stage blank (the two above then hold it).
    ("reply · context · MEMORY.md session", "writers.notes.memory", "session_memory"),
    ("reply · context · shared", "bot.chat.prompting", "LearnedContext.shared"),
    ("reply · context · skills match", "writers.skills.matching", "SkillMatcher.match"),
    ("reply · model call", "bot.chat.answer", "Answerer.complete"),
    ("reply · model call · SDK", "reflection.anthropic_llm", "AnthropicLLM.complete"),
    ("reply · render the request", "bot.chat.context", "PromptParts.blocks"),
    ("reply · redact answer", "bot.chat.engine", "redact_text"),
    ("reply · context uses", "bot.chat.prompting", "ContextUses.injections"),
    ("reply · post", "bot.chat.posting", "Poster.show"),
    ("reply · record delivered", "bot.chat.claims", "ReplyClaims.delivered"),
]


class Timers:
    """Thread CPU per stage, summed over every thread (a stage re-entered by itself counts once)."""

    def __init__(self) -> None:
        self.cpu: dict[str, float] = defaultdict(float)
        self.calls: dict[str, int] = defaultdict(int)
        self.on = False
        self._lock = threading.Lock()
        self._inside = threading.local()
        # `--profile STAGE`: each call of that stage profiled on its own (cProfile follows one
        # thread), the profiles added up.
        self.profiled = ""
        self.profiles: list[cProfile.Profile] = []

    def wrap(self, name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def timed(*args: Any, **kwargs: Any) -> Any:
            inside: set[str] = self._inside.__dict__.setdefault("names", set())
            if not self.on or name in inside:
                return fn(*args, **kwargs)
            inside.add(name)
            prof = cProfile.Profile(time.thread_time) if name == self.profiled else None
            started = time.thread_time()
            try:
                if prof is not None:
                    return prof.runcall(fn, *args, **kwargs)
                return fn(*args, **kwargs)
            finally:
                if prof is not None:
                    with self._lock:
                        self.profiles.append(prof)
                took = time.thread_time() - started
                inside.discard(name)
                with self._lock:
                    self.cpu[name] += took
                    self.calls[name] += 1

        return timed

    def sql(self) -> None:
        """Each statement's thread CPU in the driver and SQLite (triggers included), by its
        first words, as a stage "sql · …" (commits are not among them)."""

        def before(conn: Any, *_args: Any) -> None:
            conn.info["bench_started"] = time.thread_time()

        def after(conn: Any, _cursor: Any, sql: str, *_args: Any) -> None:
            started = conn.info.pop("bench_started", None)
            if self.on and started is not None:
                self._add("sql · " + " ".join(sql.split()[:4])[:48], time.thread_time() - started)

        event.listen(Engine, "before_cursor_execute", before)
        event.listen(Engine, "after_cursor_execute", after)

    def _add(self, name: str, took: float) -> None:
        with self._lock:
            self.cpu[name] += took
            self.calls[name] += 1

    def install(self) -> None:
        for name, module_name, path in STAGES:
            owner: Any = importlib.import_module(module_name)
            *outer, attr = path.split(".")
            for part in outer:
                owner = getattr(owner, part)
            if attr not in owner.__dict__:  # not in this tree: the stage stays blank
                continue
            original = owner.__dict__[attr]
            if isinstance(original, staticmethod | classmethod):
                raise TypeError(f"{path}: not a plain function")
            setattr(owner, attr, self.wrap(name, original))


def burst(timers: Timers, *, users: int, latency: float, library: bool) -> dict[str, float]:
    """One burst of `users` first messages; thread CPU per message by stage (ms)."""
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        if library:
            seed(data, 200, 2000, "hashing", 2000, users)
        stack = LocalStack(data, LOG_LEVEL="WARNING")
        stack.anthropic = LocalAnthropicAPI(latency=latency)
        stack.start()
        try:
            people = [load_user(i) for i in range(users)]
            for user in people:
                stack.slack.add_user(user, user.lower())
            time.sleep(1.0)
            timers.cpu.clear()
            timers.calls.clear()
            timers.on = True
            with ThreadPoolExecutor(max_workers=32) as pool:
                sent = list(pool.map(lambda u: stack.slack.user_dm(u, f"turn 0 from {u}"), people))
            want = {m["ts"] for m in sent}
            deadline = time.monotonic() + 120 + latency * 20
            while time.monotonic() < deadline:
                answered = {
                    c.params.get("thread_ts")
                    for c in stack.slack.calls
                    if c.method == "chat.postMessage" and c.response.get("ok")
                }
                if want <= answered:
                    break
                time.sleep(0.1)
            else:
                raise SystemExit("not every message was answered")
            assert stack.bot.engine.wait_idle(30)
            timers.on = False
        finally:
            stack.stop()
    return {k: v / users * 1000 for k, v in timers.cpu.items()}


def one(args: argparse.Namespace) -> None:
    """One burst in this process (a fresh one: no cache of an earlier burst helps it); its
    stages as JSON on the last line."""
    for name in ("bot", "writers", "store", "reflection"):
        where = Path(importlib.import_module(name).__file__ or "").resolve()
        if TREE not in where.parents:
            raise SystemExit(f"{name} comes from {where}, not from the tree measured ({TREE})")
    timers = Timers()
    timers.install()
    timers.sql()
    timers.profiled = args.profile
    got = burst(timers, users=args.users, latency=args.latency, library=args.one == "library")
    if timers.profiles:
        stats = pstats.Stats(timers.profiles[0], stream=sys.stderr)
        for prof in timers.profiles[1:]:
            stats.add(prof)
        print(f"\n{args.profile}: {len(timers.profiles)} calls profiled", file=sys.stderr)
        stats.sort_stats("tottime").print_stats(30)
        stats.sort_stats("cumulative").print_stats(40)
    print(json.dumps(got))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=200)
    parser.add_argument("--latency", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument(
        "--tree",
        action="append",
        default=[],
        help="a checkout to measure (PYTHONPATH of its bursts; repeat to alternate two)",
    )
    parser.add_argument("--profile", default="", help="a stage's name: its calls profiled")
    parser.add_argument("--one", choices=["empty", "library"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        one(args)
        return
    trees = args.tree or [os.environ.get("PYTHONPATH", str(Path(__file__).resolve().parents[1]))]
    runs: dict[tuple[str, bool], list[dict[str, float]]] = defaultdict(list)
    for _ in range(args.rounds):
        for tree in trees:
            for library in (False, True):
                command = [sys.executable, __file__, "--one", "library" if library else "empty"]
                command += ["--users", str(args.users), "--latency", str(args.latency)]
                if library and args.profile:
                    command += ["--profile", args.profile]
                out = subprocess.run(
                    command,
                    env={**os.environ, "PYTHONPATH": tree, "STAGES_TREE": tree},
                    check=True,
                    capture_output=True,
                    text=True,
                )
                if args.profile and library:
                    print(out.stderr[-12000:])
                runs[tree, library].append(json.loads(out.stdout.strip().splitlines()[-1]))

    def median(tree: str, library: bool, name: str) -> float:
        return statistics.median(r.get(name, 0.0) for r in runs[tree, library])

    print(
        f"{args.users} first messages in DMs, model {args.latency} s, median of {args.rounds} "
        "bursts (each in a fresh process); thread CPU per message (ms)\n"
    )
    names = [name for name, *_ in STAGES] + sorted(
        {k for r in runs.values() for b in r for k in b if k.startswith("sql · ")}
    )
    head = "".join(f" {t}: empty | library | difference |" for t in trees)
    print("| stage |" + head)
    print("|---|" + "---:|---:|---:|" * len(trees))
    for name in names:
        cells = ""
        for tree in trees:
            empty, full = median(tree, False, name), median(tree, True, name)
            cells += f" {empty:.3f} | {full:.3f} | {full - empty:+.3f} |"
        print(f"| {name} |{cells}")


if __name__ == "__main__":
    main()

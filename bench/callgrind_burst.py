"""Instructions per answered message, Seshat beside the floor, counted by callgrind: nearly the
same count twice whatever the machine's load, where thread-CPU timings move 10–30% with it.

Each app (`seshat run`, then bench/floor_app.py) runs in its own process under
`valgrind --tool=callgrind` in Socket Mode against the local Slack workspace and the local
Anthropic API (in this process; the model answers after `--latency` seconds). A few warm-up
messages are answered first (first-use costs: statements compiled, models built); then the
count is zeroed and started, `--messages` users write at once (each a first session in a DM,
with the library of `bench/load.py` when `--library`: 200 lessons, 2,000 channel facts and 10
facts about each person), the apps answer, and the count is written once the process is idle.
Reported per answered message: every instruction the process ran less what it runs idle in as
long a time (5 s of idle are counted before the burst: `--idle`), the message's path,
and for Seshat, with `--stages`, each stage of `bench/library_stages.py` (inclusive: a stage
counts what it calls, in its own thread), for the floor its row store and its pool's job, for
both the SDK calls and Bolt's dispatch, and the share of each shared object (the interpreter,
SQLite, numpy, …) in the whole.

How a stage is counted: each stage's function is wrapped, for the run, by a call through a
small C function named after the stage (`stage_reply_context_build`, built here with gcc
beside the callgrind client requests that start, zero and dump the count), so callgrind's
inclusive cost of that C function is the stage's. The wrappers cost a few thousand
instructions a call; `--no-stages` leaves them out (use it for the ratio to the floor).

Run: `PYTHONPATH=$PWD python bench/callgrind_burst.py [--messages 20] [--warm 3] [--library]
[--stages] [--app both|seshat|floor] [--embedder hashing|auto] [--keep DIR] [--tree DIR]
[--stage "name=module:Class.attr" ...]` (valgrind 3.19 and gcc on PATH; a burst of 20 takes two
to five minutes, most of it the start-up under valgrind). `--stage` adds a stage of Seshat for
one run, to look inside another; like the others it wraps a function where it is looked up
(`bot.chat.answer:record_call` counts the calls made from that module). `--embedder auto` counts
the default configuration (WordLlama); the default here is the doubles' hashing embedder.
Repeatability (two runs of one tree at load ~10, bursts of 12–30 s of wall time): Seshat's
message path (`PATH_STAGES`' sum) and each stage within ~1.5%, the floor's net count within
~3.5%, Seshat's net count within ~5% (its periodic jobs follow wall time, and the idle window
does not hold them all): compare trees on the path and the stages. `--tree` measures another
checkout with this file's driver; run the trees alternately, in both orders.
"""

from __future__ import annotations

import argparse
import ctypes
import functools
import importlib
import json
import os
import re
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# The tree measured (`--tree`): the measured process imports the project from it, ahead of this
# file's tree; the driver (the doubles, the seeding) is this tree's.
TREE = Path(os.environ.get("CALLGRIND_TREE") or ROOT).resolve()
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))
if TREE != ROOT:
    sys.path.insert(0, str(TREE))

from library_stages import STAGES as LIBRARY_STAGES  # noqa: E402

# Beyond the library's stages: the Socket Mode intake around them, every redaction, and the
# SDK calls the floor makes too (those are counted in both apps).
SDK_STAGES: list[tuple[str, str, str]] = [
    ("sdk · anthropic Messages.create", "anthropic.resources.messages.messages", "Messages.create"),
    ("sdk · slack chat_postMessage", "slack_sdk.web.client", "WebClient.chat_postMessage"),
    ("sdk · slack Web API call (any)", "slack_sdk.web.base_client", "BaseClient.api_call"),
    ("sdk · bolt App.dispatch (the listener)", "slack_bolt.app.app", "App.dispatch"),
    # The Socket Mode client's own work (both apps): a frame's queue, its listeners (Bolt's
    # handler: the dispatch and the ack), and every ack sent.
    (
        "sdk · socket process_message (queue)",
        "slack_sdk.socket_mode.client",
        "BaseSocketModeClient.process_message",
    ),
    (
        "sdk · socket run_message_listeners",
        "slack_sdk.socket_mode.client",
        "BaseSocketModeClient.run_message_listeners",
    ),
    (
        "sdk · socket send_socket_mode_response (acks)",
        "slack_sdk.socket_mode.client",
        "BaseSocketModeClient.send_socket_mode_response",
    ),
    # What both apps pay around the calls: a record logged (at any level that passes), and a
    # job handed to a thread pool.
    ("lib · logging Logger._log", "logging", "Logger._log"),
    ("lib · ThreadPoolExecutor.submit", "concurrent.futures.thread", "ThreadPoolExecutor.submit"),
]
# The floor's own functions (bench/floor_app.py, wrapped in its globals: it is loaded by path):
# storing a row (the message's before the ack, the reply's after the post), and the pool's job
# (the model call, the post and the reply's row).
FLOOR_STAGES: list[tuple[str, str, str]] = [
    ("floor · store (each row)", "", "store"),
    ("floor · answer (the pool's job)", "", "answer"),
]
# The stages that hold a message's whole path through Seshat, each in its own thread and none
# inside another: their sum leaves out periodic jobs and idle threads, whose share of a burst
# follows its wall time (a job every 10 s or so is not seen in the idle window).
PATH_STAGES = (
    "socket · take (receiving thread)",
    "socket · journal (accept)",
    "socket · ack",
    "socket · dispatch (Bolt, the listener)",
    "reply · drain (all)",
)
STAGES: list[tuple[str, str, str]] = [
    (
        "socket · take (receiving thread)",
        "bot.slack.socket_intake",
        "JournalledSocketModeHandler.take",
    ),
    ("socket · journal (accept)", "bot.slack.journal", "JournalledIntake.accept"),
    ("socket · ack", "bot.slack.socket_intake", "JournalledSocketModeHandler._ack"),
    ("socket · dispatch (Bolt, the listener)", "bot.slack.journal", "JournalledIntake._dispatch"),
    ("redaction (every call)", "writers.redact.redactor", "Redactor.findings"),
    *LIBRARY_STAGES,
    *SDK_STAGES,
]
# Stages of one run (`--stage "name=module:Class.attr"`, repeatable): a closer look inside a
# stage without editing this file; the measured process gets them through its environment.
STAGES += [
    (name, where.partition(":")[0], where.partition(":")[2])
    for name, _, where in (
        spec.partition("=") for spec in os.environ.get("CALLGRIND_EXTRA", "").split(";") if spec
    )
]
# Every stage a trampoline is built for and the report lists (Seshat's, then the floor's own).
ALL_STAGES = STAGES + FLOOR_STAGES


def symbol(stage: str) -> str:
    """The C function a stage is counted under (`reply · claim` → `stage_reply_claim`)."""
    return "stage_" + re.sub(r"[^a-z0-9]+", "_", stage.lower()).strip("_")


def build_shim(where: Path) -> Path:
    """A shared object with the client requests and one trampoline per stage (built, not kept)."""
    src = ["#include <Python.h>", "#include <valgrind/callgrind.h>"]
    src.append("void cg_start(void) { CALLGRIND_ZERO_STATS; CALLGRIND_START_INSTRUMENTATION; }")
    # A dump zeroes the count: "idle" ends the idle window, "burst" the burst.
    src.append('void cg_idle(void) { CALLGRIND_DUMP_STATS_AT("idle"); }')
    src.append('void cg_dump(void) { CALLGRIND_DUMP_STATS_AT("burst"); ')
    src.append("CALLGRIND_STOP_INSTRUMENTATION; }")
    # libffi enters a function in a way callgrind does not take for a call (the entered
    # function's cost is merged into libffi's), so the stage is the function it calls.
    for name, *_ in ALL_STAGES:
        sym = symbol(name)
        src.append(f"__attribute__((noinline)) PyObject *{sym}(PyObject *fn) {{")
        src.append("return PyObject_CallNoArgs(fn); }")
        src.append(f"PyObject *enter_{sym}(PyObject *fn) {{ return {sym}(fn); }}")
    c = where / "shim.c"
    c.write_text("\n".join(src) + "\n")
    so = where / "shim.so"
    include = sysconfig.get_paths()["include"]
    # -O0 and no sibling calls: each trampoline stays a real call frame callgrind can see.
    subprocess.run(
        ["gcc", "-O0", "-fno-optimize-sibling-calls", "-shared", "-fPIC", f"-I{include}"]
        + [str(c), "-o", str(so)],
        check=True,
    )
    return so


# --- inside the measured process ------------------------------------------------------------


def wrapped(lib: Any, name: str, original: Any) -> Any:
    """`original` called through the trampoline of stage `name`."""
    tramp = getattr(lib, "enter_" + symbol(name))
    tramp.restype = ctypes.py_object
    tramp.argtypes = [ctypes.py_object]

    def staged(*args: Any, **kwargs: Any) -> Any:
        return tramp(lambda: original(*args, **kwargs))

    return functools.wraps(original)(staged)


def install_stages(so: Path, stages: list[tuple[str, str, str]]) -> None:
    """Each stage's function called through its trampoline (ctypes.PyDLL: the interpreter lock
    stays held, and an exception raised by the stage comes back out as itself)."""
    lib = ctypes.PyDLL(str(so))
    for name, module_name, path in stages:
        owner: Any = importlib.import_module(module_name)
        *outer, attr = path.split(".")
        for part in outer:
            owner = getattr(owner, part)
        if attr not in owner.__dict__:  # not in the measured tree: the stage stays blank
            continue
        setattr(owner, attr, wrapped(lib, name, owner.__dict__[attr]))


def control(so: Path, fifo: Path) -> None:
    """The count started, cut and dumped on the driver's word: a line on a named pipe, read
    blocking (a thread polling for a file ran all the time and was counted with the rest)."""
    lib = ctypes.CDLL(str(so))
    with fifo.open() as words:
        for word in words:
            getattr(lib, {"on": "cg_start", "idle": "cg_idle", "dump": "cg_dump"}[word.strip()])()
            fifo.with_name(fifo.name + "." + word.strip()).write_text("")


def daemon(app: str) -> None:
    so = Path(os.environ["CALLGRIND_SHIM"])
    threading.Thread(
        target=control, args=(so, Path(os.environ["CALLGRIND_CONTROL"])), daemon=True
    ).start()
    if app == "floor":
        import runpy

        script = TREE / "bench" / "floor_app.py"
        if not os.environ.get("CALLGRIND_STAGES"):
            runpy.run_path(str(script), run_name="__main__")
            return
        install_stages(so, SDK_STAGES)
        loaded = runpy.run_path(str(script), run_name="floor_app")
        start = loaded.get("main")
        if start is None:  # a tree whose floor_app.py starts at import: it has run already
            return
        floor = start.__globals__  # the functions' own globals (run_path returns a copy)
        lib = ctypes.PyDLL(str(so))
        for name, _module, attr in FLOOR_STAGES:
            floor[attr] = wrapped(lib, name, floor[attr])
        start()
        return
    for name in ("bot", "writers", "store", "reflection"):
        where = Path(importlib.import_module(name).__file__ or "").resolve()
        if TREE not in where.parents:
            raise SystemExit(f"{name} comes from {where}, not from the tree measured ({TREE})")
    if os.environ.get("CALLGRIND_STAGES"):
        install_stages(so, STAGES)
    from bot.entry import main

    sys.argv = ["seshat", "run"]
    main()


# --- the driver --------------------------------------------------------------------------------


def send(slack: Any, people: list[str], timeout: float) -> set[str]:
    """Every one of `people` writes a DM at once; returns when each has a reply in its thread
    (the messages' ts)."""
    with ThreadPoolExecutor(max_workers=32) as pool:
        sent = list(pool.map(lambda u: slack.user_dm(u, f"turn 0 from {u}"), people))
    want = {m["ts"] for m in sent}
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        answered = {
            c.params.get("thread_ts")
            for c in slack.calls
            if c.method == "chat.postMessage" and c.response.get("ok")
        }
        if want <= answered:
            return want
        time.sleep(0.2)
    raise SystemExit(f"not every message was answered in {timeout:.0f} s")


def settle(pid: int, quiet: float = 0.03) -> None:
    """Wait until the process uses less than `quiet` s of CPU in a second (its records written)."""
    from load import cpu_seconds

    last = cpu_seconds(pid)
    for _ in range(120):
        time.sleep(1.0)
        now = cpu_seconds(pid)
        if now - last < quiet:
            return
        last = now


def wait_file(path: Path, proc: subprocess.Popen[bytes], timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while not path.exists():
        if proc.poll() is not None or time.monotonic() > deadline:
            raise SystemExit(f"the measured process did not write {path.name}")
        time.sleep(0.1)


def parse(out: Path) -> tuple[int, dict[str, int]]:
    """Total instructions and self instructions by shared object, from a callgrind dump."""
    names: dict[str, str] = {}
    by_object: dict[str, int] = defaultdict(int)
    total = 0
    ob = ""
    skip = False
    for line in out.read_text().splitlines():
        if skip:
            skip = False
            continue
        named = re.match(r"c?ob=\((\d+)\) (.+)", line)
        if named:  # an object's name is given once, where it first appears, then its number
            names[named.group(1)] = named.group(2)
        if line.startswith("ob="):
            m = re.match(r"ob=\((\d+)\)", line)
            ob = names.get(m.group(1), m.group(1)) if m else line[3:]
        elif line.startswith("calls="):
            skip = True  # the next line is the call's inclusive cost, not self cost
        elif line.startswith(("totals:", "summary:")):
            total = int(line.split()[1])
        elif line and (line[0].isdigit() or line[0] in "+-*"):
            parts = line.split()
            if len(parts) >= 2:
                by_object[Path(ob).name] += int(parts[1])
    return total, dict(by_object)


def inclusive(out: Path) -> dict[str, int]:
    """Inclusive instructions of each stage's trampoline: the cost of every call into it (a
    call's cost is counted between its entry and its return, in its thread)."""
    names: dict[str, str] = {}
    got: dict[str, int] = defaultdict(int)
    callee = ""
    take = False
    for line in out.read_text().splitlines():
        named = re.match(r"c?fn=\((\d+)\)(?: (.+))?", line)
        if named:
            if named.group(2):
                names[named.group(1)] = named.group(2)
            if line.startswith("cfn="):
                callee = names.get(named.group(1), "")
            continue
        if take:
            take = False
            if callee.startswith("stage_"):
                got[callee] += int(line.split()[1])
        elif line.startswith("calls="):
            take = True
    return dict(got)


def measure(app: str, args: argparse.Namespace, so: Path, keep: Path | None) -> dict[str, Any]:
    from load import load_user, seed

    from bot.doubles.anthropic_api import LocalAnthropicAPI
    from bot.doubles.slack_workspace import LocalSlackWorkspace
    from bot.doubles.stack import process_env, stop_process

    users = args.warm + args.messages
    with (
        tempfile.TemporaryDirectory() as tmp,
        LocalSlackWorkspace() as slack,
        LocalAnthropicAPI(latency=args.latency) as anthropic,
    ):
        data = Path(tmp) / "data"
        # Slack delivers an envelope again when its ack is 3 s late: under valgrind (and more
        # so on a busy machine) acks are late by wall time, and the floor answered redelivered
        # messages again (it does not dedupe), so the count followed the load.
        slack.ack_timeout = 600
        slack.add_user("U0OWNER", "owner")
        if args.library:
            seed(data, 200, 2000, args.embedder, 10 * users, users)
        out = Path(tmp) / "callgrind.out"
        ctl = Path(tmp) / "control"
        os.mkfifo(ctl)
        env = process_env(
            slack,
            anthropic,
            data,
            SLACK_OWNER_IDS="U0OWNER",
            LLM_TIMEOUT_SECONDS="600",
            LOG_LEVEL="WARNING",
            LOG_FORMAT="json",
            SLACK_MODE="socket",
            # A reply slower than this gets an ⏳ (two Web API calls, two events back): under
            # valgrind every reply is slow, by wall time, so the count would follow the load.
            WORKING_SIGNAL_DELAY_SECONDS="600",
            CALLGRIND_SHIM=str(so),
            CALLGRIND_CONTROL=str(ctl),
            CALLGRIND_STAGES="1" if args.stages else "",
            CALLGRIND_EXTRA=";".join(args.stage),
            # The doubles' stack runs the hashing embedder; `--embedder auto` is the default
            # configuration (WordLlama when it loads), the library seeded with its vectors.
            SESHAT_EMBEDDER=args.embedder,
        )
        env["PYTHONPATH"] = str(args.tree)
        env["CALLGRIND_TREE"] = str(args.tree)
        env["STAGES_TREE"] = str(args.tree)  # bench/library_stages.py imports load.py from it
        data.mkdir(parents=True, exist_ok=True)
        command = ["valgrind", "--tool=callgrind", "--instr-atstart=no"]
        command += [f"--callgrind-out-file={out}", sys.executable, __file__, "--daemon", app]
        log = (Path(tmp) / "valgrind.log").open("w")
        proc = subprocess.Popen(command, cwd=tmp, env=env, stdout=log, stderr=log)
        try:
            slack.wait_for_connection(timeout=1200)
            people = [load_user(i) for i in range(users)]
            for user in people:
                slack.add_user(user, user.lower())
            time.sleep(2.0)
            if args.warm:
                send(slack, people[: args.warm], 600)
            settle(proc.pid)
            with ctl.open("w") as words:

                def say(word: str) -> None:
                    words.write(word + "\n")
                    words.flush()
                    wait_file(ctl.with_name(ctl.name + "." + word), proc)

                # What the process runs while idle (its pollers, timers), per second: the
                # burst's count includes as much of it as the burst lasted.
                say("on")
                time.sleep(args.idle)
                say("idle")
                started = time.monotonic()
                measured = send(slack, people[args.warm :], 600)
                settle(proc.pid)
                wall = time.monotonic() - started
                say("dump")
            replies = sum(
                1
                for c in slack.calls
                if c.method == "chat.postMessage"
                and c.response.get("ok")
                and c.params.get("thread_ts") in measured
            )
        finally:
            stop_process(proc, timeout=120)  # type: ignore[arg-type]
            log.close()
        dumps = sorted(Path(tmp).glob("callgrind.out*"), key=lambda p: p.stat().st_mtime)
        dump = next(p for p in dumps if "Client Request: burst" in p.read_text()[:2000])
        idle_dump = next(p for p in dumps if "Client Request: idle" in p.read_text()[:2000])
        idle_rate = parse(idle_dump)[0] / args.idle
        if keep is not None:
            keep.mkdir(parents=True, exist_ok=True)
            (keep / f"callgrind.{app}.out").write_bytes(dump.read_bytes())
        total, objects = parse(dump)
        stages = inclusive(dump) if args.stages else {}
    n = args.messages
    return {
        "app": app,
        "messages": n,
        "wall_s": round(wall, 1),
        "replies": replies,
        "instructions_per_message": total / n,
        "idle_per_second": idle_rate,
        # The burst less the idle work of as long a time: what the messages themselves cost.
        "net_per_message": (total - idle_rate * wall) / n,
        "objects": {k: v / n for k, v in objects.items()},
        "stages": {k: v / n for k, v in stages.items()},
    }


def report(results: list[dict[str, Any]], args: argparse.Namespace) -> None:
    by_app = {r["app"]: r for r in results}
    lib = "library" if args.library else "empty library"
    print(
        f"\n{args.messages} first messages in DMs, Socket Mode, {lib}, model {args.latency} s; "
        "instructions per answered message (millions), callgrind\n"
    )
    for r in results:
        print(
            f"- {r['app']}: {r['net_per_message'] / 1e6:.3f} M net "
            f"({r['instructions_per_message'] / 1e6:.3f} M in a burst of {r['wall_s']} s, "
            f"idle {r['idle_per_second'] / 1e6:.3f} M/s; {r['replies']} replies)"
        )
    if "seshat" in by_app and "floor" in by_app:
        ratio = by_app["seshat"]["net_per_message"] / by_app["floor"]["net_per_message"]
        print(f"- ratio (net): {ratio:.3f}×")
    for r in results:
        print(f"\n| {r['app']}: shared object | M / message | share |\n|---|---:|---:|")
        whole = r["instructions_per_message"]
        for name, v in sorted(r["objects"].items(), key=lambda kv: -kv[1])[:12]:
            print(f"| {name} | {v / 1e6:.3f} | {v / whole:.1%} |")
    seshat = by_app.get("seshat")
    if seshat and seshat["stages"]:
        path = sum(seshat["stages"].get(symbol(name), 0.0) for name in PATH_STAGES)
        print(f"- seshat, the message's path (the stages' sum, no idle work): {path / 1e6:.3f} M")
    if any(r["stages"] for r in results):
        apps = [r["app"] for r in results]
        print("\n| stage (inclusive), M / message | " + " | ".join(apps) + " |")
        print("|---|" + "---:|" * len(apps))
        for name, *_ in ALL_STAGES:
            cells = [r["stages"].get(symbol(name)) for r in results]
            if any(c is not None for c in cells):
                shown = ["" if c is None else f"{c / 1e6:.3f}" for c in cells]
                print(f"| {name} | " + " | ".join(shown) + " |")
    print("\n" + json.dumps(results))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--messages", type=int, default=20)
    parser.add_argument("--warm", type=int, default=3)
    parser.add_argument("--latency", type=float, default=1.0)
    parser.add_argument("--library", action="store_true")
    parser.add_argument(
        "--embedder",
        choices=["hashing", "auto"],
        default="hashing",
        help="the daemon's embedder (auto: the default configuration, WordLlama when it loads)",
    )
    parser.add_argument("--idle", type=float, default=5.0, help="seconds of idle counted")
    parser.add_argument("--stages", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--app", choices=["both", "seshat", "floor"], default="both")
    parser.add_argument("--keep", type=Path, help="a folder to keep the callgrind dumps in")
    parser.add_argument(
        "--tree", type=Path, default=ROOT, help="a checkout to measure (default: this one)"
    )
    parser.add_argument(
        "--stage",
        action="append",
        default=[],
        help='one more stage of Seshat, "name=module:Class.attr" (repeatable)',
    )
    parser.add_argument("--daemon", choices=["seshat", "floor"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.daemon:
        daemon(args.daemon)
        return
    for name, _, where in (spec.partition("=") for spec in args.stage):
        module, _, attr = where.partition(":")
        STAGES.append((name, module, attr))
        ALL_STAGES.append((name, module, attr))
    apps = ["seshat", "floor"] if args.app == "both" else [args.app]
    with tempfile.TemporaryDirectory() as shim_dir:
        so = build_shim(Path(shim_dir))
        results = [measure(app, args, so, args.keep) for app in apps]
    report(results, args)


if __name__ == "__main__":
    main()

"""The rules' gates (`writers/redact/formats/gates.py`): the same findings, and what they save.

Run from the repo root:

    python bench/redaction_gate.py                 # findings and time, gated against ungated
    python bench/redaction_gate.py --callgrind     # and instructions per text, by kind of text
    python bench/redaction_gate.py --callgrind --no-compare [--kinds chat,short] [--tree DIR]

Every text of every development set (`tests/support/data/**/*.jsonl`, the held-out sets left
out) goes through a redactor with the gates and one without (`Redactor(gated=False)`: every rule
searched on every text). Printed: how many texts' findings (kind, start, end) differ (0 means the
same; no text is printed), then the time of each over the same texts, alternated chunk by chunk in
one process so that the machine's load weighs on both alike, and their ratio.

With `--callgrind`, the script runs itself again under `valgrind --tool=callgrind` (valgrind and
gcc on PATH, a few minutes) and counts, for each kind of text, the instructions per text of each
redactor (the count started and dumped around each batch by callgrind's client requests, built
here into a small shared object): `chat` is the load bench's message and answer (`turn 3 from
U0LOAD0003`, `(offline demo model) You said: …`, the texts `bench/callgrind_burst.py` redacts),
`short` the development sets' negatives of at most 200 characters (ordinary text that looks like a
secret), `positives` their positives of at most 200 characters.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import re
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
# `--tree DIR`: the redactor counted is another checkout's (its plain `Redactor()`, under
# callgrind), for a before and after; the texts and this driver are this tree's.
if os.environ.get("REDACTION_GATE_TREE"):
    sys.path.insert(0, os.environ["REDACTION_GATE_TREE"])

from tests.support.paths import HELDOUT  # noqa: E402
from writers.redact.redactor import Finding, Redactor  # noqa: E402

DATA = HELDOUT.parent
CHUNK = 200


def texts(name: str = "*") -> list[str]:
    """The texts of the development sets' jsonl files named like `name` (held-out ones left out)."""
    out: list[str] = []
    for path in sorted(p for p in DATA.rglob(f"{name}.jsonl") if HELDOUT not in p.parents):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                doc = json.loads(line)
                if isinstance(doc, dict) and isinstance(doc.get("text"), str):
                    out.append(doc["text"])
    return out


def chat() -> list[str]:
    """What the load bench's burst redacts: each message, and the offline model's answer."""
    said = [f"turn {i % 3} from U0LOAD{i:04d}" for i in range(100)]
    return said + [f"(offline demo model) You said: {s}" for s in said]


def kinds() -> dict[str, list[str]]:
    every = {
        "chat": chat(),
        "short": [t for t in texts("*negatives*") if len(t) <= 200][:600],
        "positives": [t for t in texts("*positives*") if len(t) <= 200][:600],
    }
    wanted = os.environ.get("REDACTION_GATE_KINDS")
    return {k: v for k, v in every.items() if not wanted or k in wanted.split(",")}


def compare() -> None:
    gated, ungated = Redactor(), Redactor(gated=False)
    corpus = texts()
    differ = 0
    spent = {"gated": 0.0, "ungated": 0.0}
    for i in range(0, len(corpus), CHUNK):
        chunk = corpus[i : i + CHUNK]
        found: dict[str, list[list[Finding]]] = {}
        # Alternate which goes first, chunk by chunk.
        order = [("gated", gated), ("ungated", ungated)]
        for name, redactor in order if (i // CHUNK) % 2 == 0 else order[::-1]:
            start = time.perf_counter()
            found[name] = [redactor.findings(t) for t in chunk]
            spent[name] += time.perf_counter() - start
        differ += sum(a != b for a, b in zip(found["gated"], found["ungated"], strict=True))
    print(f"texts {len(corpus)}, texts whose findings differ {differ}")
    print(
        f"time gated {spent['gated']:.2f} s, ungated {spent['ungated']:.2f} s, "
        f"ratio {spent['gated'] / spent['ungated']:.3f}"
    )
    for kind, batch in kinds().items():
        times = {"gated": 0.0, "ungated": 0.0}
        for rep in range(6):
            for name, redactor in (("gated", gated), ("ungated", ungated))[:: 1 - 2 * (rep % 2)]:
                start = time.perf_counter()
                for t in batch:
                    redactor.findings(t)
                times[name] += time.perf_counter() - start
        per = {k: v / 6 / len(batch) * 1e6 for k, v in times.items()}
        print(
            f"{kind} ({len(batch)} texts): gated {per['gated']:.0f} µs, ungated "
            f"{per['ungated']:.0f} µs a text, ratio {per['gated'] / per['ungated']:.3f}"
        )


SHIM = """
#include <valgrind/callgrind.h>
void cg_start(void) { CALLGRIND_ZERO_STATS; CALLGRIND_START_INSTRUMENTATION; }
void cg_dump(const char *name) { CALLGRIND_DUMP_STATS_AT(name); CALLGRIND_STOP_INSTRUMENTATION; }
"""


def counted() -> None:
    """Inside valgrind: each kind's batch through each redactor, the count dumped per batch."""
    shim = ctypes.CDLL(os.environ["REDACTION_GATE_SHIM"])
    shim.cg_dump.argtypes = [ctypes.c_char_p]
    if os.environ.get("REDACTION_GATE_TREE"):
        redactors = {"tree": Redactor()}
    else:
        redactors = {"gated": Redactor(), "ungated": Redactor(gated=False)}
    for kind, batch in kinds().items():
        for name, redactor in redactors.items():
            for t in batch[:20]:
                redactor.findings(t)  # first-use costs (caches, gates) left out
            shim.cg_start()
            for t in batch:
                redactor.findings(t)
            shim.cg_dump(f"{kind}-{name}".encode())


def callgrind(tree: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        where = Path(tmp)
        (where / "shim.c").write_text(SHIM)
        include = sysconfig.get_paths()["include"]
        subprocess.run(
            ["gcc", "-shared", "-fPIC", f"-I{include}", str(where / "shim.c")]
            + ["-o", str(where / "shim.so")],
            check=True,
        )
        env = dict(os.environ, REDACTION_GATE_SHIM=str(where / "shim.so"))
        if tree:
            env["REDACTION_GATE_TREE"] = str(Path(tree).resolve())
        out = where / "cg.out"
        subprocess.run(
            ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}"]
            + [sys.executable, __file__, "--inside"],
            check=True,
            env=env,
            cwd=ROOT,
            stderr=subprocess.DEVNULL,
        )
        counts: dict[str, int] = {}
        for dump in sorted(where.glob("cg.out*")):
            body = dump.read_text()
            trigger = re.search(r"^desc: Trigger: Client Request: (\S+)", body, re.M)
            total = re.search(r"^(?:summary|totals): (\d+)", body, re.M)
            if trigger and total:
                counts[trigger.group(1)] = int(total.group(1))
    sizes = {kind: len(batch) for kind, batch in kinds().items()}
    print("instructions per text (thousands), callgrind" + (f", the tree {tree}" if tree else ""))
    for kind, n in sizes.items():
        if tree:
            print(f"{kind} ({n} texts): {counts[f'{kind}-tree'] / n / 1e3:.0f} k")
            continue
        gated, ungated = counts[f"{kind}-gated"] / n, counts[f"{kind}-ungated"] / n
        print(
            f"{kind} ({n} texts): gated {gated / 1e3:.0f} k, ungated {ungated / 1e3:.0f} k, "
            f"ratio {gated / ungated:.3f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--callgrind", action="store_true", help="count instructions too")
    parser.add_argument("--tree", default="", help="count another checkout's redactor")
    parser.add_argument("--no-compare", action="store_true", help="only count (--callgrind)")
    parser.add_argument("--kinds", default="", help="the kinds of text counted: chat,short,…")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.kinds:
        os.environ["REDACTION_GATE_KINDS"] = args.kinds
    if args.inside:
        counted()
        return
    if not args.no_compare:
        compare()
    if args.callgrind:
        callgrind(args.tree)


if __name__ == "__main__":
    main()

"""Counting pieces of Python alone with callgrind (the `*_cg.py` benches): a small C shim whose
functions make callgrind's client requests, built with gcc, and a script run again under
valgrind with the instrumentation off until the shim's `cg_start`.

In the counted process, `data_dir()` sets up the environment the daemon's objects are built in,
and `load(path)` opens the shim: `cg_start()` zeroes and starts the count, `cg_zero()` zeroes
it, `cg_dump(b"label")` writes a dump named by its label, `cg_stop()` stops. Outside,
`run(argv)` builds the shim, runs `argv(shim_path)` under valgrind (hash seed 0) and returns
each dump's label and instructions, in the order they were written. Needs valgrind 3.19 and gcc
on PATH.
"""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

SHIM = """#include <valgrind/callgrind.h>
void cg_start(void) { CALLGRIND_ZERO_STATS; CALLGRIND_START_INSTRUMENTATION; }
void cg_zero(void) { CALLGRIND_ZERO_STATS; }
void cg_dump(const char *s) { CALLGRIND_DUMP_STATS_AT(s); }
void cg_stop(void) { CALLGRIND_STOP_INSTRUMENTATION; }
"""


def data_dir() -> Path:
    """A new data folder for a daemon's objects built in this process (the hashing embedder, a
    bench bot token and owner, warnings only), its settings put in the environment."""
    tmp = Path(tempfile.mkdtemp())
    data = tmp / "data"
    data.mkdir()
    os.environ.update(
        SESHAT_DATA_DIR=str(data),
        SESHAT_ENV_FILE=str(tmp / "no.env"),
        SESHAT_EMBEDDER="hashing",
        SLACK_BOT_TOKEN="xoxb-bench",
        SLACK_OWNER_IDS="U0OWNER",
        LOG_LEVEL="WARNING",
    )
    return data


def load(path: str) -> ctypes.CDLL:
    """The shim, in the counted process."""
    lib = ctypes.CDLL(path)
    lib.cg_dump.argtypes = [ctypes.c_char_p]
    return lib


def run(argv: Callable[[str], list[str]]) -> list[tuple[str, int]]:
    """`sys.executable` with `argv(shim)` under callgrind: each dump's (label, instructions)."""
    with tempfile.TemporaryDirectory() as tmp:
        src, so = Path(tmp) / "shim.c", Path(tmp) / "shim.so"
        src.write_text(SHIM)
        subprocess.run(["gcc", "-O0", "-shared", "-fPIC", str(src), "-o", str(so)], check=True)
        subprocess.run(
            ["valgrind", "--tool=callgrind", "--instr-atstart=no"]
            + [f"--callgrind-out-file={tmp}/cg.%p", sys.executable, *argv(str(so))],
            env=dict(os.environ, PYTHONHASHSEED="0"),
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        got: list[tuple[str, int]] = []
        dumps = sorted(Path(tmp).glob("cg.*.*"), key=lambda p: int(p.name.rsplit(".", 1)[1]))
        for dump in dumps:
            lines = dump.read_text().splitlines()
            label = next(
                (x.split("Client Request:", 1)[1].strip() for x in lines[:40] if "Request:" in x),
                "",
            )
            if not label:  # the dump callgrind writes at the process's end
                continue
            total = next(int(x.split()[1]) for x in lines if x.startswith(("summary:", "totals:")))
            got.append((label, total))
        return got

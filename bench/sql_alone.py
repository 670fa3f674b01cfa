"""Instructions of the hot path's database work alone, counted by callgrind: the intake of a
person's first DM message (the dedupe claim, the session upsert, the read-ahead of their ten
facts, the message; redaction left out), the intake of a reply in that DM's thread (its route
read too), the answer's transaction (its ledger row and the answer stored), the posted reply
recorded, an empty Core transaction (`bare`) and an empty one of the hot path's kind
(`bare_write`: `Store.write`, or `engine.begin` in a tree without it); on SQLite or PostgreSQL.

`--count` makes `--warm` warm calls of each, then counts N calls of each part named, one
callgrind dump a part (`CALLGRIND_DUMP_STATS_AT`), and this driver prints instructions per call.

Run: `PYTHONPATH=<tree> python bench/sql_alone.py [--db sqlite|postgresql://…] [--n 100]
[--tree DIR] intake thread answer delivered bare bare_write` (valgrind and gcc on PATH;
PostgreSQL: a fresh schema is made in the database named, and dropped). Compare trees
alternately.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import re
import subprocess
import sys
import tempfile
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PARTS = ("intake", "thread", "answer", "delivered", "bare", "bare_write")
SHIM = """#include <valgrind/callgrind.h>
void cg_start(void) { CALLGRIND_ZERO_STATS; CALLGRIND_START_INSTRUMENTATION; }
void cg_dump(const char *label) { CALLGRIND_DUMP_STATS_AT(label); CALLGRIND_STOP_INSTRUMENTATION; }
"""


def measured(db: str, n: int, warm: int, parts: list[str], shim: str) -> None:
    """In the process under callgrind: seed, warm, count each part named."""
    import psycopg
    from sqlalchemy import insert

    import bot.chat.intake as intake_module
    from bot.chat.claims import ReplyClaims
    from bot.chat.intake import Intake
    from bot.slack.inbound import InboundMessage
    from reflection.calls import record_call
    from reflection.llm import Usage
    from store import sessions as S
    from store.clock import SystemClock
    from store.db import Store
    from store.models import MemoryEntry, Message
    from writers.notes.facts import read_ahead
    from writers.selector import known_facts

    cg = ctypes.CDLL(shim)
    intake_module.redact_text = lambda text: text  # type: ignore[attr-defined]
    if db == "sqlite":
        url = f"sqlite:///{tempfile.mkdtemp()}/seshat.db"
    else:
        schema = f"alone_{uuid.uuid4().hex[:10]}"
        with psycopg.connect(db, autocommit=True) as conn:
            conn.execute(f'CREATE SCHEMA "{schema}"')
        sep = "&" if "?" in db else "?"
        url = f"{db}{sep}options=-csearch_path%3D{schema}"
    store = Store.open(url)
    users = [f"U0LOAD{i:04d}" for i in range(n + warm)]
    now = datetime.now(UTC)
    with store.sessions.begin() as session:
        facts: list[dict[str, Any]] = [
            {
                "text": f"Fact {i}: this person deploys service {i} on Tuesdays",
                "text_hash": f"h-{i}",
                "scope_kind": "user",
                "scope_id": users[i % len(users)],
                "status": "active",
                "reach": "scope",
                "created_at": now,
                "updated_at": now,
                "embedding": b"\0" * 64,
                "embedder": "hashing",
            }
            for i in range(10 * len(users))
        ]
        session.execute(insert(MemoryEntry), facts)
    store.optimize()
    clock = SystemClock()
    claims = ReplyClaims(store, clock, "U0BOT")
    intake = Intake(store, clock, claims=claims)

    def opened(conn: Any, opened: S.Opened) -> None:
        marks = opened.marks
        known = known_facts(marks, channel=marks.channel, is_dm=True)
        if known is not None:
            read_ahead(conn, user_id=marks.user_id, channel=marks.channel, is_dm=True, known=known)

    intake.opened = opened
    intake.warm()

    def message(i: int, thread: bool = False) -> InboundMessage:
        user = users[i]
        return InboundMessage(
            team="T1",
            channel=f"D{user}",
            channel_type="im",
            user=user,
            text=f"more from {user}" if thread else f"turn 0 from {user}",
            ts=f"{3000 + i}.000100" if thread else f"{1000 + i}.000100",
            thread_ts=f"{1000 + i}.000100" if thread else None,
            event_id=f"Et{i}" if thread else f"Ev{i}",
            mentions_bot=False,
        )

    owed: dict[int, Any] = {}

    def read_owed(first: int, last: int) -> None:
        with store.sessions() as session:
            for i in range(first, last):
                owed[i] = session.query(Message).filter(Message.ts == f"{1000 + i}.000100").one()
            session.expunge_all()

    # The hot path's write transaction (`Store.write`; a tree before it: `engine.begin`).
    write = getattr(store, "write", store.engine.begin)

    def answer(i: int) -> None:
        m = owed[i]
        with write() as conn:
            record_call(
                conn,
                purpose="chat",
                session_id=m.session_id,
                provider="anthropic",
                model="claude",
                usage=Usage(input_tokens=10, output_tokens=20),
                cost_usd=0.001,
                duration_ms=5,
                error=None,
                now=now,
            )
            params = {"id_": m.id, "reply_text_": "the answer " * 20, "context_uses_": None}
            prepared = getattr(S, "GENERATED_PREPARED", None)  # a tree before it: executed
            if prepared is not None:
                prepared.run(conn, params)
            else:
                conn.execute(S.GENERATED, params)

    def delivered(i: int) -> None:
        claims.delivered(owed[i], f"{2000 + i}.000200", "the answer " * 20)

    def bare(_i: int) -> None:
        with store.engine.begin():
            pass

    def bare_write(_i: int) -> None:
        with write():
            pass

    def run(name: str, fn: Any) -> None:
        counted = name in parts
        if counted:
            cg.cg_start()
        for i in range(warm, warm + n):
            fn(i)
        if counted:
            cg.cg_dump(name.encode())

    for i in range(warm):
        intake.intake(message(i))
        read_owed(i, i + 1)
        answer(i)
        delivered(i)
        bare(i)
        bare_write(i)
        intake.intake(message(i, thread=True))
    run("intake", lambda i: intake.intake(message(i)))
    read_owed(warm, warm + n)
    run("answer", answer)
    run("thread", lambda i: intake.intake(message(i, thread=True)))
    run("delivered", delivered)
    run("bare", bare)
    run("bare_write", bare_write)
    store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("parts", nargs="+", choices=PARTS)
    parser.add_argument("--db", default="sqlite", help="sqlite, or a PostgreSQL URL")
    parser.add_argument("--n", type=int, default=100)
    parser.add_argument("--warm", type=int, default=30)
    parser.add_argument("--tree", type=Path, default=ROOT)
    parser.add_argument("--measured", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measured:
        measured(args.db, args.n, args.warm, args.parts, args.measured)
        return
    with tempfile.TemporaryDirectory() as tmp:
        so = Path(tmp) / "shim.so"
        (Path(tmp) / "shim.c").write_text(SHIM)
        subprocess.run(
            ["gcc", "-shared", "-fPIC", "-O2", "-o", so, Path(tmp) / "shim.c"], check=True
        )
        out = Path(tmp) / "cg.out"
        env = {**os.environ, "PYTHONPATH": str(args.tree)}
        command = [
            "valgrind",
            "--tool=callgrind",
            "--instr-atstart=no",
            f"--callgrind-out-file={out}",
        ]
        command += [sys.executable, __file__, *args.parts, "--db", args.db, "--n", str(args.n)]
        command += ["--warm", str(args.warm), "--measured", str(so)]
        subprocess.run(command, check=True, cwd=tmp, env=env, capture_output=True)
        print(f"{args.tree} ({args.db.split(':')[0]}), instructions per call:")
        for dump in sorted(Path(tmp).glob("cg.out*")):
            text = dump.read_text()
            label = re.search(r"Client Request: (\w+)", text[:4000])
            total = re.search(r"^(?:summary|totals): (\d+)", text, re.M)
            if label and total:
                print(f"- {label.group(1)}: {int(total.group(1)) / args.n:,.0f}")


if __name__ == "__main__":
    main()

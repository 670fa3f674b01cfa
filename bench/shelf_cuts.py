"""A new person's fact shelf and the answer's record of what its context used, timed alone by
thread CPU (issue 27, eleventh round; `docs/notes/27-hot11.md`). Uses only what `main` had
before the round, so it runs from either tree (the one on PYTHONPATH; run it from that tree):

    PYTHONPATH=<tree> python bench/shelf_cuts.py shelf|answer [--rounds 7]

- `shelf`: 200 people with 10 DM facts each (`bench/first_context.py`'s store): each person's
  shelf built from their rows (the terms' and stems' caches emptied first, as in a fresh
  daemon), its vectors, and its facts ranked for a load message (`turn 0 from U…`);
- `answer`: the answer's `UPDATE` (`store.sessions.GENERATED`, whose trigger records 5 lessons
  and 10 facts) alone and with its commit, after 2,000 earlier answers.

Prints the best and the median round per person or message (ms).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import insert

# The tree measured is the one on PYTHONPATH; first_context.py is this file's neighbour.
sys.path.insert(1, str(Path(__file__).resolve().parent))

from first_context import PEOPLE, seeded  # noqa: E402

from store import sessions as S  # noqa: E402
from store.db import Store  # noqa: E402
from store.models import LessonRow, MemoryEntry  # noqa: E402
from writers.embed import HashingEmbedder  # noqa: E402
from writers.notes import facts  # noqa: E402

try:  # the room the shelf moved to in the eleventh round; the trees before it have it in notes
    from writers.recall import factindex, lexical
except ImportError:  # pragma: no cover - an older tree
    from writers.notes import factindex, lexical  # type: ignore[no-redef,attr-defined]


def shelf_rounds(rounds: int) -> dict[str, list[float]]:
    emb = HashingEmbedder()
    store = seeded(emb)
    now = datetime.now(UTC)
    q = "turn 0 from U00001"
    qvec = emb.embed([q])[0]
    out: dict[str, list[float]] = {"build": [], "vectors": [], "rank": []}
    people = [(f"U{n:05d}", f"D{n:05d}") for n in range(PEOPLE)]
    for _ in range(rounds):
        factindex.clear()
        with store.engine.begin() as conn:
            rows = [
                factindex._rows(
                    conn,
                    factindex.scopes_of(user_id=u, channel=d, is_dm=True),
                    facts.RETRIEVABLE,
                    facts._viewer(u, d, True),
                    limit=factindex.AHEAD_ROWS + 1,
                )
                for u, d in people
            ]
        lexical._CACHE.clear()
        getattr(lexical, "_STEMS", {}).clear()  # the round's memo (none before the round)
        t0 = time.thread_time()
        built = [
            factindex._build(r, (1, 0), facts.fact_line, f"{u}|{d}|True")
            for r, (u, d) in zip(rows, people, strict=True)
        ]
        t1 = time.thread_time()
        embed: Callable[..., object] = lambda pairs: facts._vectors(emb, pairs)  # noqa: E731
        for r, sh in zip(rows, built, strict=True):
            sh.vectors[emb.name] = factindex._vectors(r, sh, embed, emb.name)  # type: ignore[arg-type]
        t2 = time.thread_time()
        with store.sessions() as db:
            for sh, (u, d) in zip(built, people, strict=True):
                list(
                    facts._ranked(
                        db, sh, user_id=u, channel=d, is_dm=True, query_text=q,
                        query_vec=qvec, embedder=emb, now=now,
                    )
                )  # fmt: skip
        t3 = time.thread_time()
        for name, took in (("build", t1 - t0), ("vectors", t2 - t1), ("rank", t3 - t2)):
            out[name].append(took / PEOPLE * 1000)
    store.close()
    return out


def answer_rounds(rounds: int) -> dict[str, list[float]]:
    now = datetime.now(UTC)
    store = Store.open(f"sqlite:///{tempfile.mkdtemp()}/seshat.db")
    with store.engine.begin() as conn:
        conn.execute(
            insert(LessonRow),
            [{"condition": f"c{i}", "action": "a", "created_at": now, "last_seen_at": now}
             for i in range(200)],
        )  # fmt: skip
        conn.execute(
            insert(MemoryEntry),
            [{"text": f"t{i}", "text_hash": f"h{i}", "scope_kind": "user", "scope_id": "U1",
              "status": "active", "reach": "scope", "created_at": now, "updated_at": now}
             for i in range(2000)],
        )  # fmt: skip
    spent = [0.0]

    def message(n: int) -> int:
        with store.engine.begin() as conn:
            key = S.SessionKey(team="T1", channel=f"D{n:05d}", thread_ts="", user_id=f"U{n:05d}")
            opened = S.open_or_touch(conn, key, now=now)
            return S.add_message(
                conn, session_id=opened.session.id, channel=f"D{n:05d}", ts=f"{n}.0",
                user_id=f"U{n:05d}", is_bot=False, text="hi", now=now, reply_state="pending",
                claim_until=now + timedelta(minutes=5),
            )  # fmt: skip

    def answer(message_id: int, n: int) -> None:
        with store.engine.begin() as conn:
            lessons = [(n * 7 + k) % 200 + 1 for k in range(5)]
            fact_ids = [(n * 13 + k) % 2000 + 1 for k in range(10)]
            uses = S.uses_json(conn, now, lessons, fact_ids)
            t = time.thread_time()
            conn.execute(
                S.GENERATED, {"id_": message_id, "reply_text_": "a", "context_uses_": uses}
            )
            spent[0] += time.thread_time() - t

    for n, m in enumerate([message(n) for n in range(2000)]):
        answer(m, n)
    out: dict[str, list[float]] = {"the UPDATE": [], "the UPDATE and its commit": []}
    base = 2000
    for _ in range(rounds):
        ids = [message(base + n) for n in range(200)]
        spent[0] = 0.0
        t0 = time.thread_time()
        for n, m in enumerate(ids):
            answer(m, base + n)
        out["the UPDATE and its commit"].append((time.thread_time() - t0) / 200 * 1000)
        out["the UPDATE"].append(spent[0] / 200 * 1000)
        base += 200
    store.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=["shelf", "answer"])
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    got = (shelf_rounds if args.what == "shelf" else answer_rounds)(args.rounds)
    for name, values in got.items():
        print(f"{name}: best {min(values):.4f} ms, median {statistics.median(values):.4f} ms")


if __name__ == "__main__":
    main()

"""What two of issue 27's cuts save per message, measured in isolation (CPU time of this
process, median of `--rounds` rounds of `--n` calls each).

- The intake's second redaction: a message's text is redacted for the journal
  (bot/slack/inbound.py `journal_copy`), then the intake redacts what the journal holds again.
  Before: a full analysis of the already redacted text; after: a text redaction returned lately
  is returned as it is (`writers.redact.redactor.redact_text`).
- Embedding a session's first message when nothing is ranked by it (an empty library, no facts
  in scope): before, every first message was embedded; after, none is (`writers.selector`).
- MEMORY.md at a session's start (`writers.notes.memory`: the external-edit check and the view
  of the file the prompt gets, a 30-line file a person wrote): run from each tree to compare
  (the file is read, hashed and split once per stamp since issue 27's fourth round).
- A first context's facts, the shelf current (a DM user's 10 facts, the intake's marks
  unchanged): their lines read by a statement, or (fourth round) taken from the shelf.
- What a first context used, recorded in the answer's transaction (3 lessons, 3 facts, a new
  session each call): the lessons' count by an `UPDATE`, or (fourth round) by the database's
  trigger on the insert. Both rows: run from each tree to compare.
- The intake's transaction around its statements: an ORM session (before) or a Core connection
  (after, for a person's message), each running one statement that changes nothing.

Run: `python bench/hot_cuts.py [--n 200] [--rounds 5]`; prints a markdown table.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.runtime import make_embedder  # noqa: E402
from writers.embed import Embedder  # noqa: E402
from writers.redact.redactor import get_redactor, redact_text  # noqa: E402

TEXTS = [
    "turn 0 from U0LOAD0042",
    "hey, can you help me write a SQL query that groups orders by week?",
    "my deploy failed with 'permission denied' on /var/run/docker.sock, any idea why?",
    "call me at +1 415 555 0100 about the invoice, or mail ops@example.com",
]


def per_call_ms(fn: Callable[[str], object], n: int, rounds: int) -> float:
    """Median over rounds of the CPU ms per call of `fn` over the texts."""
    out = []
    for _ in range(rounds):
        start = time.process_time()
        for i in range(n):
            fn(TEXTS[i % len(TEXTS)])
        out.append((time.process_time() - start) / n * 1000)
    return statistics.median(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    redactor = get_redactor()
    journalled = {t: redact_text(t) for t in TEXTS}  # what the journal copy holds

    def analysed_again(text: str) -> object:
        return redactor.redact(journalled[text]).text  # before: a full second pass

    def returned(text: str) -> object:
        return redact_text(journalled[text])  # after: redacted lately, returned as it is

    rows = [
        ("intake's redaction of the journal copy, before (analysed again)", analysed_again),
        ("intake's redaction of the journal copy, after (redacted lately)", returned),
    ]
    for choice in ("hashing", "auto"):
        embedder = make_embedder(choice)
        embedder.embed(["warm-up"])

        def embed(text: str, e: Embedder = embedder) -> object:
            return e.embed([text])

        rows.append(
            (f"embedding a first message ({embedder.name}), saved when nothing ranks", embed)
        )
    rows.append(("MEMORY.md at a session's start (check and view)", memory_at_start()))
    facts, uses = first_context_store()
    rows.append(("a first context's facts, shelf current (10 facts of the user)", facts))
    rows.append(("recording a first context's uses (3 lessons, 3 facts)", uses))
    rows.extend(transaction_shells())
    print("| step | CPU per message |")
    print("|---|---:|")
    for name, fn in rows:
        print(f"| {name} | {per_call_ms(fn, args.n, args.rounds):.3f} ms |")


def memory_at_start() -> Callable[[str], object]:
    """What a session's context does with MEMORY.md (bot/chat/prompting.py `assemble`)."""
    import tempfile
    from datetime import UTC, datetime

    from store.db import Store
    from writers.guard.reach import View
    from writers.notes import memory

    data = Path(tempfile.mkdtemp())
    (data / memory.MEMORY_FILE).write_text(
        "".join(f"- 2026-11-{1 + i % 28:02d} — the team prefers option {i}\n" for i in range(30))
    )
    memory.record_fingerprint(data)
    store = Store.open(f"sqlite:///{data / 'seshat.db'}")
    view = View.session(user_id="U0LOAD0001", channel="D0LOAD0001")

    db = store.sessions()  # no statement runs: nothing is edited, no line carries a marker

    def at_start(_text: str) -> object:
        memory.check_external_edit(db, data, datetime.now(UTC))
        return memory.memory_for_view(db, data, view, max_tokens=600)

    return at_start


def first_context_store() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """Selecting a DM user's facts with the intake's marks, and recording what was used."""
    import tempfile
    import uuid
    from datetime import UTC, datetime

    from sqlalchemy import insert

    from bot.chat.prompting import ContextUses
    from store.db import Store
    from store.models import LessonRow, MemoryEntry
    from writers.notes.facts import retrieve_facts
    from writers.recall import factindex

    now = datetime.now(UTC)
    store = Store.open(f"sqlite:///{Path(tempfile.mkdtemp()) / 'seshat.db'}")
    with store.sessions.begin() as db:
        lessons = db.scalars(
            insert(LessonRow).returning(LessonRow.id),
            [
                {"condition": f"c{i}", "action": f"a{i}", "status": "canonical"}
                | {"created_at": now, "last_seen_at": now}
                for i in range(3)
            ],
        ).all()
        facts = db.scalars(
            insert(MemoryEntry).returning(MemoryEntry.id),
            [
                {"text": f"Fact {i}: deploys service {i} on Tuesdays", "text_hash": f"f{i}"}
                | {"scope_kind": "user", "scope_id": "U1", "status": "active"}
                | {"reach": "scope", "created_at": now, "updated_at": now}
                for i in range(10)
            ],
        ).all()
    with store.sessions() as db:
        scopes = factindex.scopes_of(user_id="U1", channel="D1", is_dm=True)
        versions = factindex.versions(db, scopes)
    known = factindex.Known(versions, True)

    def select_facts(text: str) -> object:
        with store.sessions.begin() as db:
            return retrieve_facts(
                db, user_id="U1", channel="D1", is_dm=True, query_text=text, now=now,
                token_budget=600, known=known,
            )  # fmt: skip

    select_facts("warm-up")

    def record(_text: str) -> object:
        used = ContextUses(str(uuid.uuid4()), now, tuple(lessons), tuple(facts[:3]))
        with store.engine.begin() as conn:
            used.write(conn)
        return used

    return select_facts, record


def transaction_shells() -> list[tuple[str, Callable[[str], object]]]:
    """One statement in an ORM session's transaction, and in a Core connection's."""
    import tempfile

    from sqlalchemy import text

    from store.db import Store

    store = Store.open(f"sqlite:///{Path(tempfile.mkdtemp()) / 'seshat.db'}")
    nothing = text("UPDATE processed_events SET key = key WHERE key = 'none'")

    def orm(_text: str) -> object:
        with store.sessions.begin() as db:
            return db.connection().execute(nothing)

    def core(_text: str) -> object:
        with store.engine.begin() as conn:
            return conn.execute(nothing)

    return [
        ("the intake's transaction shell, before (ORM session)", orm),
        ("the intake's transaction shell, after (Core connection)", core),
    ]


if __name__ == "__main__":
    main()

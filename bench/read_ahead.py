"""The intake's read-ahead of a new person's DM shelf (`writers.notes.facts.read_ahead`), timed
in isolation: 200 people with 10 facts each (as `bench/load.py --user-facts 2000`), each read
ahead once in one transaction, the shelves dropped between rounds; SQLite analysed as the daemon
does (`Store.optimize`). Uses only what `main` has too, so it runs from either tree:

    PYTHONPATH=<tree> python bench/read_ahead.py [--rounds 7]

Prints the best and the median round's wall time per person (ms).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from datetime import UTC, datetime

from sqlalchemy import insert

# The tree measured is the one on PYTHONPATH (no path of this file's own is put first).
from store.db import Store
from store.models import MemoryEntry
from writers.notes import factindex
from writers.notes.facts import read_ahead

PEOPLE, FACTS = 200, 2000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    now = datetime.now(UTC)
    store = Store.open(f"sqlite:///{tempfile.mkdtemp()}/seshat.db")
    with store.sessions.begin() as db:
        db.execute(
            insert(MemoryEntry),
            [
                {
                    "text": f"Fact {i}: this person deploys service {i} on Tuesdays",
                    "text_hash": f"bench-user-fact-{i}",
                    "scope_kind": "user",
                    "scope_id": f"U{i % PEOPLE:05d}",
                    "status": "active",
                    "reach": "scope",
                    "created_at": now,
                    "updated_at": now,
                }
                for i in range(FACTS)
            ],
        )
    store.optimize()
    rounds = []
    for _ in range(args.rounds):
        factindex.clear()
        with store.engine.begin() as conn:
            started = time.perf_counter()
            for n in range(PEOPLE):
                user, channel = f"U{n:05d}", f"D{n:05d}"
                known = factindex.Known((1, 0), True)  # the intake's marks: facts, none kept
                assert read_ahead(conn, user_id=user, channel=channel, is_dm=True, known=known)
            rounds.append((time.perf_counter() - started) / PEOPLE * 1000)
    store.close()
    best, median = min(rounds), statistics.median(rounds)
    print(f"read-ahead per person: best {best:.3f} ms, median {median:.3f} ms")


if __name__ == "__main__":
    main()

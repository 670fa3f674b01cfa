"""A new person's first context, timed in isolation: 200 people with 10 DM facts each, stored
with their vectors (as `bench/load.py --user-facts 2000` seeds them), no lessons, SQLite
analysed as the daemon does; the shelves dropped between rounds. Two measurements:

- `read-ahead`: the intake's read of the person's shelf rows (`writers.notes.facts.read_ahead`),
  every person in one transaction;
- `context`: the first context's selection (`writers.selector.select_context`), the shelf built
  by it (nothing read ahead).

Uses only what `main` has too, so it runs from either tree (the one on PYTHONPATH):

    PYTHONPATH=<tree> python bench/first_context.py read-ahead|context [--rounds 7]

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
from writers.embed import HashingEmbedder
from writers.lessons.index import LessonLibrary, to_blob
from writers.notes.facts import read_ahead
from writers.recall import factindex
from writers.selector import select_context

PEOPLE, FACTS = 200, 2000


def seeded(embedder: HashingEmbedder) -> Store:
    """A fresh database holding the people's facts, analysed."""
    now = datetime.now(UTC)
    store = Store.open(f"sqlite:///{tempfile.mkdtemp()}/seshat.db")
    texts = [f"Fact {i}: this person deploys service {i} on Tuesdays" for i in range(FACTS)]
    with store.sessions.begin() as db:
        db.execute(
            insert(MemoryEntry),
            [
                {
                    "text": text,
                    "text_hash": f"bench-user-fact-{i}",
                    "scope_kind": "user",
                    "scope_id": f"U{i % PEOPLE:05d}",
                    "status": "active",
                    "reach": "scope",
                    "created_at": now,
                    "updated_at": now,
                    "embedding": to_blob(vec),
                    "embedder": embedder.name,
                }
                for i, (text, vec) in enumerate(zip(texts, embedder.embed(texts), strict=True))
            ],
        )
    store.optimize()
    return store


def read_ahead_round(store: Store) -> None:
    """Every person's shelf rows read ahead, as the intake does for a first message."""
    with store.engine.begin() as conn:
        for n in range(PEOPLE):
            known = factindex.Known((1, 0), True)  # the intake's marks: facts, none kept
            assert read_ahead(
                conn, user_id=f"U{n:05d}", channel=f"D{n:05d}", is_dm=True, known=known
            )


def context_round(store: Store, library: LessonLibrary) -> None:
    """Every person's first context selected."""
    now = datetime.now(UTC)
    with store.sessions() as db:
        for n in range(PEOPLE):
            chosen = select_context(
                db,
                library,
                user_id=f"U{n:05d}",
                channel=f"D{n:05d}",
                is_dm=True,
                first_text="which service do I deploy on Tuesdays?",
                now=now,
            )
            assert any(item.kind == "fact" for item in chosen.tail)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=["read-ahead", "context"])
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    embedder = HashingEmbedder()
    store = seeded(embedder)
    library = LessonLibrary(embedder)
    rounds = []
    for _ in range(args.rounds):
        factindex.clear()
        started = time.perf_counter()
        if args.what == "read-ahead":
            read_ahead_round(store)
        else:
            context_round(store, library)
        rounds.append((time.perf_counter() - started) / PEOPLE * 1000)
    store.close()
    best, median = min(rounds), statistics.median(rounds)
    print(f"{args.what} per person: best {best:.3f} ms, median {median:.3f} ms")


if __name__ == "__main__":
    main()

"""`seshat run` with every SQL statement and transaction counted (for `bench/load.py`).

SQLAlchemy event hooks on the Engine class (so on every engine the daemon makes) count statements
(`before_cursor_execute`), transactions (`begin`) and write transactions (a transaction that ran
an INSERT, UPDATE or DELETE); a thread writes the counts as JSON to $BENCH_SQL_COUNTS every
0.1 s, with the name of each live thread by its kernel id (for load.py's CPU by thread).
Run: `BENCH_SQL_COUNTS=/tmp/c.json python bench/sql_counted.py` (then as `seshat run`).
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine

counts: dict[str, Any] = {
    "statements": 0,
    "transactions": 0,
    "write_transactions": 0,
    "by_kind": {},
}
lock = threading.Lock()


@event.listens_for(Engine, "begin")
def _begin(conn: Any) -> None:
    with lock:
        counts["transactions"] += 1
    conn.info["bench_wrote"] = False


@event.listens_for(Engine, "before_cursor_execute")
def _statement(conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
    kind = statement.lstrip()[:6].upper()
    with lock:
        counts["statements"] += 1
        by = counts["by_kind"]
        by[kind] = by.get(kind, 0) + 1
        if kind in ("INSERT", "UPDATE", "DELETE") and not conn.info.get("bench_wrote"):
            conn.info["bench_wrote"] = True
            counts["write_transactions"] += 1


def _dump(path: Path) -> None:
    while True:
        with lock:
            # Each live thread's name by its kernel id, so bench/load.py can share out the
            # process's CPU by thread (/proc/<pid>/task/<tid>/stat).
            counts["threads"] = {str(t.native_id): t.name for t in threading.enumerate()}
            text = json.dumps(counts)
        path.with_suffix(".tmp").write_text(text)
        path.with_suffix(".tmp").replace(path)
        time.sleep(0.1)


if __name__ == "__main__":
    threading.Thread(
        target=_dump, args=(Path(os.environ["BENCH_SQL_COUNTS"]),), daemon=True
    ).start()
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from bot.entry import main

    sys.argv = ["seshat", "run"]
    main()

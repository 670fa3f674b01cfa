"""What the first messages after a start spend compiling SQL: the real daemon in-process
(`LocalStack`: Bolt, slack_sdk and the anthropic SDK over loopback, SQLite), a few users each
sending two messages one after another; an event hook on every engine lists each statement run
while messages were handled that SQLAlchemy compiled then (a miss in its compiled cache), with
the time it takes to compile (compiled again in the hook, best of three), and sums them.

Run: `PYTHONPATH=<tree> python bench/sql_compile.py [--users 3]`.
"""

from __future__ import annotations

import argparse
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.engine.default import CACHE_MISS

from bot.doubles.stack import LocalStack

misses: list[tuple[str, str, float]] = []
hits = [0]
lock = threading.Lock()
on = [False]


def _statement(_conn: Any, _cursor: Any, sql: str, _params: Any, context: Any, _many: Any) -> None:
    if not on[0] or context is None or context.compiled is None:
        return
    with lock:
        if context.cache_hit is CACHE_MISS:
            compiled = context.compiled
            took = float("inf")
            for _ in range(3):  # compiled again, best of three (the first one's cost)
                started = time.perf_counter()
                compiled.statement.compile(
                    dialect=context.dialect,
                    column_keys=compiled.column_keys,
                    for_executemany=compiled.for_executemany,
                )
                took = min(took, time.perf_counter() - started)
            misses.append((threading.current_thread().name, " ".join(sql.split()[:5]), took))
        else:
            hits[0] += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=3)
    args = parser.parse_args()
    event.listen(Engine, "before_cursor_execute", _statement)
    with tempfile.TemporaryDirectory() as tmp, LocalStack(Path(tmp) / "data") as stack:
        users = [f"U0USER{i}" for i in range(args.users)]
        for user in users:
            stack.slack.add_user(user, user.lower())
        on[0] = True
        for turn in range(2):
            for user in users:
                sent = stack.slack.user_dm(user, f"message {turn} from {user}: which deploy day?")
                ts = sent["ts"]

                def replied(call: Any, ts: str = ts) -> bool:
                    return bool(call.params.get("thread_ts") == ts)

                stack.slack.wait_for_call("chat.postMessage", replied, timeout=15)
                assert stack.bot is not None and stack.bot.engine.wait_idle(10)
            time.sleep(0.3)
            with lock:
                got = list(misses)
                misses.clear()
            print(f"turn {turn}: {len(got)} compiled, {sum(t for *_, t in got) * 1000:.2f} ms")
            for thread, sql, took in got:
                print(f"  {took * 1000:7.3f} ms  {thread:24.24}  {sql}")
        on[0] = False
    print(f"cache hits while on: {hits[0]}")


if __name__ == "__main__":
    main()

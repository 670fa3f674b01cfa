"""The small checks `Engine._answer` runs around a reply, counted alone by callgrind (issue 27,
eighteenth round; `docs/notes/27-hot18-answer.md`): the daily budget's check, the memory
prompt's match, the stall guard's plan and measurement of a session's first reply, the CPU
slots a reply thread holds (held, held with its bookkeeping), the ⏳ signal's start, ready and
stop. Uses only what `main` had before the round, so it runs from either tree:

    PYTHONPATH=<tree> python <tree>/bench/answer_checks_cg.py

A store with `PIECES` new DM sessions (the daemon's `Runtime`, the hashing embedder), each
piece warmed, then run once per session under callgrind with the garbage collector frozen and
off; prints the instructions a call (k) of each piece. The burst (`bench/callgrind_burst.py
--stage …`) is the figure that counts; this is for quick iteration.
Needs valgrind 3.19 and gcc on PATH (about a minute and a half).
"""

from __future__ import annotations

import argparse
import gc
from collections.abc import Callable

import cgshim  # bench/cgshim.py, beside this script

PIECES = 50
REPLY = "Here is an answer of a few words about the thing you asked, with some detail."


def pieces(shim: str | None) -> None:
    """Build the objects, warm each piece, then run each `PIECES` times (counted with `shim`)."""
    cgshim.data_dir()
    from bot.chat.budget import ChatBudget, ChatCaps
    from bot.chat.cpu_slots import CpuSlots
    from bot.chat.stall import Detector, StallConfig, StallGuard
    from bot.chat.working import WorkingSignal
    from bot.runtime import Runtime
    from bot.surfaces.assistant import MemoryAnswer
    from store import sessions as S
    from store.clock import SystemClock
    from store.config import Settings

    settings = Settings()
    rt = Runtime(settings)
    clock = SystemClock()
    sessions = []
    for n in range(PIECES + 5):
        key = S.SessionKey("T1", f"D{n:08d}", "", f"U{n:08d}")
        with rt.store.engine.connect() as conn, conn.begin():
            sessions.append(S.open_or_touch(conn, key, now=clock.now()).session)
    caps = ChatCaps(settings.chat_daily_cap_usd, settings.chat_user_daily_cap_usd)
    budget = ChatBudget(store=rt.store, clock=clock, caps=caps)
    # Its people are read only for the prompt itself, which no piece sends.
    memory = MemoryAnswer(people=None)  # type: ignore[arg-type]
    guard = StallGuard(
        store=rt.store, clock=clock, detector=Detector(rt.embedder), config=StallConfig()
    )
    slots = CpuSlots(2)
    signal = WorkingSignal(lambda _c, _t, _on: None, 1.0)

    def held() -> None:
        with slots.held():
            pass

    def held_later() -> None:
        with slots.held(), slots.later():
            pass

    def working(i: int) -> None:
        signal.start(i, "D1", "1.0", "1.0")
        signal.ready(i)
        signal.stop(i, "D1", "1.0", "1.0", replied=True)

    text = "turn 0 from U00000001"
    runs: dict[str, Callable[[int], object]] = {
        "budget check": lambda i: budget.refusal(sessions[5 + i]),
        "memory prompt": lambda i: memory.answer(sessions[5 + i], text),
        "stall plan (no event)": lambda i: guard.plan(sessions[5 + i].id, []),
        "stall observe (first)": lambda i: guard.observe(
            sessions[5 + i].id, REPLY, ([(10 + i, REPLY)], [])
        ),
        "slots held": lambda _i: held(),
        "slots held + later": lambda _i: held_later(),
        "working start/ready/stop": working,
        "(the loop alone)": lambda _i: None,
    }
    for s in sessions[:5]:  # warm
        budget.refusal(s)
        memory.answer(s, text)
        guard.observe(s.id, REPLY, ([(1, REPLY)], []))
        held_later()
    if shim is None:
        return
    lib = cgshim.load(shim)
    gc.collect()
    gc.freeze()
    gc.disable()
    lib.cg_start()
    for name, run in runs.items():
        lib.cg_zero()
        for i in range(PIECES):
            run(i)
        lib.cg_dump(name.encode())
    lib.cg_stop()


def count() -> None:
    """This file under valgrind; each piece's count from its dump."""
    for name, total in cgshim.run(lambda so: [__file__, "inner", so]):
        print(f"| {name} | {total / PIECES / 1000:.1f} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", nargs="?", choices=["count", "inner"], default="count")
    ap.add_argument("shim", nargs="?")
    args = ap.parse_args()
    if args.what == "inner":
        pieces(args.shim)
    else:
        print("| piece | k instructions a call |\n|---|---:|")
        count()


if __name__ == "__main__":
    main()

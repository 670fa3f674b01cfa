"""A new person's first context (`LearnedContext.build`) counted alone by callgrind, one count per
build (issue 27, fifteenth round; `docs/notes/27-hot15-ctx.md`). Uses only what `main` had
before the round, so it runs from either tree; run the copy in the tree measured (its
`bench/load.py` puts its own tree first on the path):

    PYTHONPATH=<tree> python <tree>/bench/first_context_cg.py count [--people 40]
    PYTHONPATH=<tree> python <tree>/bench/first_context_cg.py text [--people 20] > parts.txt

The bench's library (`bench/load.py`'s `seed`: 200 lessons, 2,000 channel facts, 10 facts about
each person), the daemon's `Runtime` and `LearnedContext`, warmed, 20 first contexts built;
then for each new person the session opened and its rows read ahead in one transaction as the
intake does (`open_or_touch`, `LearnedContext.read_ahead`), and the build of its context for
the load message (`turn 0 from U…`). `count` runs itself under valgrind and prints the median,
mean, least and most of the builds (M instructions); `text` prints each built context's parts
(`repr`), to compare two trees byte for byte. Pinned so that the count is the code's: the hash
seed (0), the garbage collector frozen and off around the builds (a young collection inside a
build adds ~0.3 M), the shared part's periodic check held off (`SHARED_SECONDS`).
Needs valgrind 3.19 and gcc on PATH (two to three minutes).
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
from pathlib import Path

import cgshim  # bench/cgshim.py, beside this script

HERE = Path(__file__).resolve().parent


def builds(people: int, shim: str | None) -> None:
    """Seed, warm, then build `people` first contexts (counted when `shim` is given)."""
    data = cgshim.data_dir()
    sys.path.insert(0, str(HERE))
    from load import load_user, seed

    seed(data, 200, 2000, "hashing", 10 * (20 + people), 20 + people)

    import bot.chat.prompting as prompting
    from bot.runtime import Runtime
    from store import sessions as S
    from store.config import Settings
    from store.models import ChatSession
    from store.sessions import ContextMarks

    rt = Runtime(Settings())
    ctx = prompting.LearnedContext(rt, clock=rt.clock)
    marks: dict[str, ContextMarks] = {}
    ctx.marks_of = marks.get
    prompting.SHARED_SECONDS = 1e9
    ctx.warm()

    def opened(n: int) -> ChatSession:
        user = load_user(n)
        key = S.SessionKey("T1", "D" + user[1:], "", user)
        with rt.store.engine.connect() as conn, conn.begin():
            got = S.open_or_touch(conn, key, now=rt.clock.now())
            ctx.read_ahead(conn, got)
        marks[got.session.id] = got.marks
        return got.session

    def build(session: ChatSession) -> object:
        return ctx.build(session, f"turn 0 from {session.user_id}")

    for n in range(20):
        build(opened(n))
    sessions = [opened(20 + n) for n in range(people)]
    if shim is None:
        for session in sessions:
            print(repr(build(session)))
        return
    lib = cgshim.load(shim)
    gc.collect()
    gc.freeze()
    gc.disable()
    lib.cg_start()
    for session in sessions:
        build(session)
        lib.cg_dump(b"build")
    lib.cg_stop()


def count(people: int) -> None:
    """This file under valgrind; the builds' counts from its dumps."""
    got = [
        total / 1e6
        for _label, total in cgshim.run(
            lambda so: [__file__, "inner", "--people", str(people), "--shim", so]
        )
    ]
    print(
        f"{len(got)} builds, M instructions: median {statistics.median(got):.3f}, "
        f"mean {statistics.mean(got):.3f}, least {min(got):.3f}, most {max(got):.3f}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=["count", "text", "inner"])
    ap.add_argument("--people", type=int, default=0)
    ap.add_argument("--shim", default=None)
    args = ap.parse_args()
    if args.what == "count":
        count(args.people or 40)
    elif args.what == "text":
        builds(args.people or 20, None)
    else:
        builds(args.people, args.shim)


if __name__ == "__main__":
    main()

"""What a process keeps between sessions' contexts (the shared part, the fact shelves and their
viewers' masks) is reused only where it may be: one rebuild of a stale shared part serves the
threads that found it stale together, and a shelf kept for one session never shows another
session what the read-side trust rule hides from it (a DM's fact in a channel, a person's
unshared fact to someone else in the same channel)."""

from __future__ import annotations

import threading
from dataclasses import replace
from pathlib import Path
from typing import Any

from sqlalchemy import event

from bot.chat.prompting import SHARED_SECONDS, LearnedContext
from bot.runtime import Runtime
from store.clock import FakeClock
from store.config import Settings
from tests.support.fakes import FakeLLM
from tests.support.lesson_helpers import add_fact
from writers.recall import factindex


def _runtime(data_dir: Path) -> Runtime:
    settings = Settings(_env_file=None, SESHAT_DATA_DIR=str(data_dir), SLACK_OWNER_IDS="UOWNER0001")
    return Runtime(settings, reflection_llm=FakeLLM(model="claude-haiku-4-5"))


def test_a_stale_shared_part_is_rebuilt_once_for_the_threads_that_found_it_stale(
    tmp_path: Path, clock: FakeClock
) -> None:
    """Every reply thread that found the shared part older than SHARED_SECONDS read the skill
    states and rendered it again, at the same time; now one does and the others take its
    build. The statement reading the skill states waits (up to a second) for a second reader:
    before, a second thread came; now none does."""
    rt = _runtime(tmp_path)
    reads: list[str] = []
    second = threading.Barrier(2, timeout=1.0)

    def before(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if "FROM skill_states" in statement:
            reads.append(statement)
            try:
                second.wait()
            except threading.BrokenBarrierError:
                pass

    try:
        context = LearnedContext(rt, clock=clock)
        kept = context.shared()
        context._shared = replace(kept, built_at=kept.built_at - SHARED_SECONDS - 1)
        event.listen(rt.store.engine, "before_cursor_execute", before)
        threads = 6
        start = threading.Barrier(threads)
        got: list[object] = []

        def reply() -> None:
            start.wait()
            got.append(context.shared())

        workers = [threading.Thread(target=reply) for _ in range(threads)]
        for w in workers:
            w.start()
        for w in workers:
            w.join(timeout=30)
        assert len(got) == threads
        assert len(reads) == 1
        assert all(g is got[0] for g in got) and got[0] is not kept
    finally:
        event.remove(rt.store.engine, "before_cursor_execute", before)
        rt.close()


def _shown(context: LearnedContext, *, user: str, channel: str) -> str:
    got = context.assemble(
        user_id=user, channel=channel, first_text="who deploys billing?", session_id=None
    )
    return got.selection.render_tail()


def test_kept_shelves_never_show_a_session_what_the_trust_rule_hides_from_it(
    tmp_path: Path, clock: FakeClock
) -> None:
    rt = _runtime(tmp_path)
    try:
        factindex.clear()
        with rt.store.sessions.begin() as db:
            add_fact(  # said in a DM, about its person: shown only in DMs with them
                db,
                "Ana deploys billing from her laptop",
                scope_kind="user",
                scope_id="UANA000001",
                now=clock.now(),
                author_id="UANA000001",
            )
            add_fact(  # shared with the channel
                db,
                "billing deploys go through the release train",
                scope_kind="channel",
                scope_id="CDEPLOYS01",
                now=clock.now(),
            )
            add_fact(  # a channel fact not shared yet: its author's alone
                db,
                "Ana thinks billing deploys should wait for Fridays",
                scope_kind="channel",
                scope_id="CDEPLOYS01",
                now=clock.now(),
                reach="author",
                author_id="UANA000001",
            )
        context = LearnedContext(rt, clock=clock)
        # Each order, so each kept shelf and mask is made by one session and read by another.
        for _ in range(2):
            dm = _shown(context, user="UANA000001", channel="DANA000001")
            assert "from her laptop" in dm
            assert "release train" not in dm and "Fridays" not in dm
            ana_here = _shown(context, user="UANA000001", channel="CDEPLOYS01")
            assert "release train" in ana_here and "Fridays" in ana_here
            assert "from her laptop" not in ana_here
            bo_here = _shown(context, user="UBO0000001", channel="CDEPLOYS01")
            assert "release train" in bo_here
            assert "Fridays" not in bo_here and "from her laptop" not in bo_here
            bo_dm = _shown(context, user="UBO0000001", channel="DBO0000001")
            assert "from her laptop" not in bo_dm and "billing" not in bo_dm
            context.clear()
    finally:
        factindex.clear()
        rt.close()

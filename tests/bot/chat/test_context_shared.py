"""What a process keeps between sessions' contexts (the fact shelves and their viewers' masks,
the rows read ahead, the shared part) is reused only where it may be: a shelf kept for one
session never shows another session what the read-side trust rule hides from it (a DM's fact in
a channel, a person's unshared fact to someone else in the same channel)."""

from __future__ import annotations

from pathlib import Path

from bot.chat.prompting import LearnedContext
from bot.runtime import Runtime
from store.clock import FakeClock
from store.config import Settings
from tests.support.fakes import FakeLLM
from tests.support.lesson_helpers import add_fact
from writers.notes.facts import read_ahead
from writers.recall import factindex


def _runtime(data_dir: Path) -> Runtime:
    settings = Settings(_env_file=None, SESHAT_DATA_DIR=str(data_dir), SLACK_OWNER_IDS="UOWNER0001")
    return Runtime(settings, reflection_llm=FakeLLM(model="claude-haiku-4-5"))


def _shown(context: LearnedContext, *, user: str, channel: str, ahead: bool) -> str:
    """The notes a session's first context shows; with `ahead`, its shelf's rows read ahead
    first, as the intake does (the build then takes them, by the shelf and the viewer)."""
    if ahead:
        is_dm = channel.startswith("D")
        scopes = factindex.scopes_of(user_id=user, channel=channel, is_dm=is_dm)
        with context.runtime.store.engine.begin() as conn:
            known = factindex.Known(factindex.versions(conn, scopes), True)  # type: ignore[arg-type]
            read_ahead(conn, user_id=user, channel=channel, is_dm=is_dm, known=known)
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
        # Each shelf built from rows read ahead (fresh caches), then kept shelves and masks
        # made by one session read by the others, then built by the selections' own reads.
        for ahead, fresh in ((True, True), (False, False), (False, True)):
            if fresh:
                factindex.clear()
            dm = _shown(context, user="UANA000001", channel="DANA000001", ahead=ahead)
            assert "from her laptop" in dm
            assert "release train" not in dm and "Fridays" not in dm
            ana_here = _shown(context, user="UANA000001", channel="CDEPLOYS01", ahead=ahead)
            assert "release train" in ana_here and "Fridays" in ana_here
            assert "from her laptop" not in ana_here
            bo_here = _shown(context, user="UBO0000001", channel="CDEPLOYS01", ahead=ahead)
            assert "release train" in bo_here
            assert "Fridays" not in bo_here and "from her laptop" not in bo_here
            bo_dm = _shown(context, user="UBO0000001", channel="DBO0000001", ahead=ahead)
            assert "from her laptop" not in bo_dm and "billing" not in bo_dm
            context.clear()  # the sessions' contexts, not the shelves
    finally:
        factindex.clear()
        rt.close()

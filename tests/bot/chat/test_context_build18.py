"""A session's context, session after session, with what the eighteenth round of issue 27 keeps
between contexts (`bot/chat/prompting.py`: each thread's idle ORM session, the shared part's
sections, MEMORY.md's section; `writers/notes/memory.py`: MEMORY.md read once at a session start
and, while it holds no line of the bot's notes, made once for every view): each context still
shows what is committed when it is built, and MEMORY.md's lines by the read-side rule of the
view asking. These pin behaviour the before tree has too (they pass there): the round changes
what a context costs, not what it shows."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import select

from bot.chat.prompting import LearnedContext
from bot.runtime import Runtime
from store.clock import FakeClock
from store.config import Settings
from store.models import AuditEvent, MemoryEntry
from tests.support.fakes import FakeLLM
from tests.support.lesson_helpers import add_fact
from writers.notes.memory import MEMORY_FILE, memory_line
from writers.recall import factindex

PERSON, OTHER = "UPERSON001", "UOTHER0001"
DM, CHANNEL = "DPERSON001", "CTEAM00001"


def _runtime(data_dir: Path, clock: FakeClock) -> Runtime:
    settings = Settings(_env_file=None, SESHAT_DATA_DIR=str(data_dir), SLACK_OWNER_IDS="UOWNER0001")
    return Runtime(settings, clock=clock, reflection_llm=FakeLLM(model="claude-haiku-4-5"))


def _memory(context: LearnedContext, user: str, channel: str, session: str | None) -> str:
    got = context.assemble(user_id=user, channel=channel, first_text="hi", session_id=session)
    return next((s.body for s in got.parts.stable if s.title == "Memory (MEMORY.md)"), "")


def test_memory_md_shows_each_view_its_lines_by_the_read_side_rule_session_after_session(
    tmp_path: Path, clock: FakeClock
) -> None:
    """A person's lines are shown to every view; a bot's line only while its note may be shown
    (active: an archived note's line is left out) — also after contexts that showed the same
    file without the bot's lines, and after the note is archived with the file unchanged."""
    rt = _runtime(tmp_path, clock)
    factindex.clear()
    try:
        context = LearnedContext(rt, clock=clock)
        memory_md = tmp_path / MEMORY_FILE
        memory_md.write_text("- a person wrote this\n", encoding="utf-8")
        assert _memory(context, PERSON, DM, "s1") == "- a person wrote this"
        assert _memory(context, OTHER, CHANNEL, "s2") == "- a person wrote this"
        assert _memory(context, OTHER, CHANNEL, None) == "- a person wrote this"
        with rt.store.sessions.begin() as db:
            shown = add_fact(
                db,
                "Deploys go out with make ship.",
                scope_kind="global",
                scope_id="",
                now=clock.now(),
            )
            held = add_fact(
                db,
                "The staging box is rebuilt on Fridays.",
                scope_kind="global",
                scope_id="",
                now=clock.now(),
                status="archived",
            )
            lines = [memory_line(shown), memory_line(held)]
            shown_id = shown.id
        memory_md.write_text("- a person wrote this\n" + "\n".join(lines) + "\n", encoding="utf-8")
        for user, channel, session in ((PERSON, DM, "s3"), (OTHER, CHANNEL, "s4")):
            text = _memory(context, user, channel, session)
            assert "a person wrote this" in text and "make ship" in text
            assert "rebuilt on Fridays" not in text and "seshat:" not in text
        with rt.store.sessions.begin() as db:
            entry = db.get(MemoryEntry, shown_id)
            assert entry is not None
            entry.status = "archived"
        for user, channel, session in ((PERSON, DM, "s5"), (OTHER, CHANNEL, None)):
            assert _memory(context, user, channel, session) == "- a person wrote this"
        # The person's edits (the file changed since the bot's fingerprint): audited once,
        # at the first session start that saw them, however often it is read after.
        with rt.store.sessions() as db:
            edits = db.scalars(
                select(AuditEvent).where(AuditEvent.action == "memory.external_edit")
            ).all()
        assert len(edits) == 1
    finally:
        factindex.clear()
        rt.close()


def test_contexts_built_one_after_another_each_see_what_is_committed_then(
    tmp_path: Path, clock: FakeClock
) -> None:
    """Contexts built on one thread, some reading nothing and some reading or writing, each show
    the facts committed before they are built (a session kept idle between them holds no row)."""
    rt = _runtime(tmp_path, clock)
    factindex.clear()
    try:
        context = LearnedContext(rt, clock=clock)

        def facts(session: str | None) -> list[str]:
            got = context.assemble(
                user_id=PERSON, channel=DM, first_text="who deploys billing?", session_id=session
            )
            return [i.text for i in got.selection.tail if i.kind == "fact"]

        assert facts("s1") == []
        assert facts("s2") == []
        with rt.store.sessions.begin() as db:
            add_fact(
                db,
                "deploys the billing service on Tuesdays",
                scope_kind="user",
                scope_id=PERSON,
                now=clock.now(),
                author_id=PERSON,
            )
        first = facts("s3")
        assert len(first) == 1 and "billing service on Tuesdays" in first[0]
        (tmp_path / MEMORY_FILE).write_text("- edited by a person\n", encoding="utf-8")
        assert facts("s4") == first  # this one audits the edit (a write) and commits it
        with rt.store.sessions.begin() as db:
            add_fact(
                db,
                "owns the search index",
                scope_kind="user",
                scope_id=PERSON,
                now=clock.now(),
                author_id=PERSON,
            )
        later = facts(None)
        assert len(later) == 2 and any("search index" in line for line in later)
    finally:
        factindex.clear()
        rt.close()

"""What a new session's system prompt holds, assembled from the writers' read paths.

Fixed order, so the prefix is byte-stable while nothing was learned: identity → USER.md →
canonical lessons (stable order) → approved skills index (bounded) → MEMORY.md ‖ cache
breakpoint ‖ the session tail: relevant lessons, facts in scope, notes about this user, the
matching skill (its body when the match is strong, its name when weaker; either is logged as an
invocation). A session's context is chosen once, at its first message, and reused for its later
replies; when a later message moves markedly away from the topic its skill was chosen for and
matches another skill strongly, only the skill section of the tail is rebuilt (the stable prefix
is the same objects, byte for byte) and the new use is logged as an invocation.
"""

from __future__ import annotations

import functools
import logging
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Protocol

from sqlalchemy import Connection, event
from sqlalchemy.orm import Session, object_session

from bot.chat.context import PromptParts, Section, default_identity
from store import sessions as S
from store.clock import Clock
from store.config import Settings
from store.db import Store
from store.models import ChatSession, SkillState
from store.sessions import ContextMarks
from writers.lessons import record_injection
from writers.lessons.index import LessonLibrary
from writers.notes import memory, persona, uses
from writers.notes.facts import read_ahead
from writers.recall import factindex
from writers.selector import Selection, known_facts, select_context
from writers.skills import files as skills
from writers.skills.matching import (
    Match,
    SkillMatcher,
    UsableSkill,
    record_invocation,
    render_index,
    state_marks,
    usable_of,
)
from writers.tokens import cap_lines

log = logging.getLogger(__name__)


class LearnedSources(Protocol):
    """Where the learned context reads from (a `bot.runtime.Runtime`)."""

    @property
    def settings(self) -> Settings:
        """The process's settings (budgets, the skills folder)."""
        ...

    @property
    def store(self) -> Store:
        """The database."""
        ...

    @property
    def data_dir(self) -> Path:
        """Where USER.md, MEMORY.md and the identity live."""
        ...

    @property
    def library(self) -> LessonLibrary:
        """The in-memory lesson index (and its embedder)."""
        ...


def read_text(path: Path) -> str:
    """A file's text, or "" when it does not exist."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return ""


@dataclass(frozen=True)
class ContextUses:
    """What a session's context put before the model and is not recorded yet: its lessons
    (`lesson_injections`, for efficacy), its facts (`fact_injections`, for a 👍's
    reinforcement) and its skill (`skill_invocations`). Written by the transaction that stores
    the answer (bot/chat/engine.py), so choosing a context costs no transaction of its own;
    each is recorded once per session however often it is written."""

    session_id: str
    at: datetime
    lesson_ids: tuple[int, ...] = ()
    fact_ids: tuple[int, ...] = ()
    skills: tuple[Match, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.lesson_ids or self.fact_ids or self.skills)

    def write(self, db: Session | Connection) -> None:
        """One statement per kind used (a lesson's count is kept by the database's trigger);
        the engine writes the lessons and facts with the answer instead (`injections`)."""
        record_injection(db, self.session_id, self.lesson_ids, self.at)
        uses.record(db, self.session_id, self.fact_ids, self.at)
        self.write_skills(db)

    def injections(self, db: Session | Connection) -> str | None:
        """The lessons and facts used, as the statement storing the answer carries them
        (`store.sessions.GENERATED`'s `context_uses`: the database's trigger records them,
        as `write` would, in no statement of their own); None when there are none."""
        return S.uses_json(db, self.at, self.lesson_ids, self.fact_ids)

    def write_skills(self, db: Session | Connection) -> None:
        """The skills used (a statement each; a context rarely has one)."""
        for match in self.skills:
            record_invocation(db, session_id=self.session_id, match=match, now=self.at)

    def plus(self, other: ContextUses) -> ContextUses:
        """Both (`other`'s time for what is new in it)."""
        return ContextUses(
            self.session_id,
            self.at,
            tuple(dict.fromkeys(self.lesson_ids + other.lesson_ids)),
            tuple(dict.fromkeys(self.fact_ids + other.fact_ids)),
            self.skills + tuple(m for m in other.skills if m not in self.skills),
        )


@dataclass
class Assembled:
    """A session's prompt parts plus what was selected (for `seshat context --json`)."""

    parts: PromptParts
    selection: Selection
    skill: str | None = None
    skill_match: Match | None = None
    memory_fingerprint: str = ""
    notes: list[Section] = field(default_factory=list)  # the tail without its skill section
    # What to record for the session (None without a session id, or when nothing was used).
    uses: ContextUses | None = None

    @property
    def item_ids(self) -> dict[str, list[int]]:
        """The selected items' ids by kind, in the selection's order (worked out when asked:
        only `seshat context --json` reads them)."""
        ids: dict[str, list[int]] = {}
        for item in self.selection.stable + self.selection.tail:
            ids.setdefault(item.kind, []).append(item.id)
        return ids


@dataclass
class _Live:
    """A session's cached context and the topic its skill section was chosen for."""

    parts: PromptParts
    notes: list[Section]  # the tail without its skill section
    anchor: str  # the text the skill section was chosen for (first message, or a re-match)
    match: Match | None


def skill_section(
    match: Match | None, body: str | None, usable: list[UsableSkill]
) -> list[Section]:
    """The tail's skill section: the body for a strong match, the name for a weaker one."""
    if match is None:
        return []
    if match.mode == "injected":
        return [Section(f"Skill that may help: {match.slug}", body or "")]
    desc = next((s.description for s in usable if s.slug == match.slug), "")
    return [
        Section(
            "A skill that might be related (weak match, body not loaded)",
            f"- {match.slug}: {desc}",
        )
    ]


# How long what every session's context shares (below) is reused without asking whether a
# skill's state changed in the database (another replica may have retired it) or a SKILL.md was
# edited in place (then it is rebuilt only if one did); anything with a cheap stamp (the lesson
# library's version, the files' mtimes, the skills folder's entries) is checked on every use.
SHARED_SECONDS = 5.0
# The person and the DM `LearnedContext.warm` selects for: ids Slack never gives (its ids are
# upper-case letters and digits).
WARM_USER = "U-warm-up"
WARM_DM = "D-warm-up"


@dataclass(frozen=True)
class _Shared:
    """What every session's context shares: the usable skills and their index, the identity and
    USER.md; built once per `stamp`, and checked every SHARED_SECONDS against what it was built
    from (`inputs`: the skill states, the approved SKILL.md files' stamps, the caps), which is
    read again and compared (it is rebuilt only when they differ)."""

    stamp: tuple[object, ...]
    inputs: tuple[object, ...]
    built_at: float
    usable: list[UsableSkill]
    index: str
    identity: str
    user_md: str

    @functools.cached_property
    def user_md_section(self) -> Section:
        """USER.md's section, made once for every context built from this."""
        return Section("About the owner (USER.md)", self.user_md)

    @functools.cached_property
    def index_section(self) -> Section:
        """The approved skills index's section, made once for every context built from this."""
        return Section("Approved skills", self.index)


class _SkillStates:
    """Counts committed changes to skill states made in this process (approve, retire, pin,
    import: mapper events mark the ORM session, its commit counts), so a retired skill leaves
    the next session's context at once; another replica's change shows within SHARED_SECONDS."""

    changes = 0

    @staticmethod
    def touched(_mapper: object, _conn: object, target: SkillState) -> None:
        db = object_session(target)
        if db is not None:
            db.info["seshat_skills_changed"] = True

    @classmethod
    def committed(cls, db: Session) -> None:
        if db.info.pop("seshat_skills_changed", False):
            cls.changes += 1


for _kind in ("after_insert", "after_update", "after_delete"):
    event.listen(SkillState, _kind, _SkillStates.touched)
event.listen(Session, "after_commit", _SkillStates.committed)


def _file_stamp(path: str) -> tuple[int, int]:
    try:
        st = os.stat(path)
    except OSError:
        return (0, -1)
    return (st.st_mtime_ns, st.st_size)


@dataclass(frozen=True)
class _StampPaths:
    """The files `LearnedContext.shared`'s stamp looks at, as strings, for the data folder and
    the settings they were worked out from (made again when either is another object, or the
    skills folder setting is): joining the paths at every use cost more than the four stats
    (issue 27, thirteenth round)."""

    data_dir: Path
    settings: Settings
    skills_dir: Path | None
    files: tuple[str, ...]
    # `settings.effective_skills_dir`, joined once (a path joined at every context cost ~15 K
    # instructions).
    effective_skills_dir: Path

    @classmethod
    def of(cls, data_dir: Path, settings: Settings) -> _StampPaths:
        # Not MEMORY.md: it is read per session (`memory.session_memory`), nothing shared
        # shows it.
        names = ("IDENTITY.md", persona.USER_FILE)
        files = tuple(str(data_dir / name) for name in names)
        skills_dir = settings.effective_skills_dir
        return cls(data_dir, settings, settings.skills_dir, (*files, str(skills_dir)), skills_dir)

    def holds(self, data_dir: Path, settings: Settings) -> bool:
        """Whether these are still the files to look at."""
        return (
            self.data_dir is data_dir
            and self.settings is settings
            and self.skills_dir is settings.skills_dir
        )


class _IdleSessions(threading.local):
    """Each thread's ORM session that a context built before it read and wrote nothing with
    (no transaction begun, no object held), for its next context: making a `Session` and
    closing it cost ~0.08 M instructions a context (issue 27, eighteenth round). Kept for the
    store's own session factory only; a session that began a transaction is closed, as the
    `with` block closed it, and not kept."""

    maker: object = None
    db: Session | None = None

    def keep(self, store: Store, db: Session) -> None:
        self.maker, self.db = store.sessions, db


_IDLE = _IdleSessions()


def _idle_session(store: Store) -> Session:
    """This thread's idle session of `store` (taken: a context that re-enters uses another), or
    a new one."""
    idle = _IDLE
    db = idle.db
    if db is not None and idle.maker is store.sessions:
        idle.db = None
        return db
    return store.sessions()


# MEMORY.md's section for the last text shown (replaced whole: threads share it).
_MEMORY_SECTION: list[Section] = [Section("Memory (MEMORY.md)", "")]


def _memory_section(text: str) -> Section:
    """MEMORY.md's section of the prompt, the same object while the text is the same."""
    got = _MEMORY_SECTION[0]
    if got.body == text:
        return got
    got = _MEMORY_SECTION[0] = Section("Memory (MEMORY.md)", text)
    return got


class LearnedContext:
    """The context provider used by the engine (and by `seshat context`)."""

    def __init__(self, runtime: LearnedSources, *, clock: Clock, cache_size: int = 512) -> None:
        self.runtime = runtime
        self.clock = clock
        self._cache: OrderedDict[str, _Live] = OrderedDict()
        self._cache_size = cache_size
        # What sessions' contexts used and the transaction storing their answer has not
        # recorded yet (`unrecorded`, `recorded`), by session.
        self._unrecorded: dict[str, ContextUses] = {}
        self._lock = threading.Lock()
        self._checking = threading.Lock()  # held by the one thread checking the shared part
        self._shared: _Shared | None = None
        self._paths: _StampPaths | None = None
        self.skills = SkillMatcher(runtime.library.embedder)
        # Under agent_view: the channel a person in a DM is looking at, when they may read it
        # (bot/surfaces/agent.py `facts_channel`); its facts join the DM's. Set by the daemon.
        self.viewed_channel: Callable[[str], str | None] = lambda _user: None
        # What the intake's statement read about a session's learned context (the audit mark,
        # the fact scopes' versions, whether there are facts or notes), so its first context
        # reads only what changed (`select_context`). Set by the daemon; None: read them.
        self.marks_of: Callable[[str], ContextMarks | None] = lambda _session: None

    def read_ahead(self, conn: Connection, opened: S.Opened) -> None:
        """In the intake's transaction that opened `opened`'s session: the facts its first
        context will be chosen from, when this process keeps them older than the intake's marks
        (`writers.notes.facts.read_ahead`); the context then reads nothing. Not for a DM whose
        person views a channel (its context reads that channel's facts, by other marks)."""
        marks = opened.marks
        is_dm = marks.channel.startswith("D")
        if is_dm and self.viewed_channel(marks.user_id) is not None:
            return
        known = known_facts(marks, channel=marks.channel, is_dm=is_dm)
        if known is not None:
            read_ahead(conn, user_id=marks.user_id, channel=marks.channel, is_dm=is_dm, known=known)

    def warm(self) -> None:
        """Pay a first context's one-off costs at start-up (`seshat run`, before it listens), not
        in the first burst of messages: building and compiling the statements of the selection
        and of the intake's read-ahead, ranking the lessons, the shared part. Measured in a fresh
        process with 200 people's facts: a first selection 23 ms of CPU against 4 ms after it, a
        first read-ahead 25 ms against 0.4 (`docs/notes/27-ack10.md`); in HTTP mode the first
        messages of a burst are handled while later ones arrive, and these costs, on the
        interpreter lock, delayed their acks.

        A preview (it records nothing) for a person and a DM that no one has, then the
        read-ahead's statement for them in a transaction rolled back; what they left kept (their
        empty shelf, the rows read ahead) is dropped, so nothing of theirs stays."""
        self.assemble(user_id=WARM_USER, channel=WARM_DM, first_text="warm-up", session_id=None)
        scopes = factindex.scopes_of(user_id=WARM_USER, channel=WARM_DM, is_dm=True)
        factindex.clear()  # the preview's shelf: the read-ahead runs only with none kept
        with self.runtime.store.engine.connect() as conn:
            read_ahead(
                conn,
                user_id=WARM_USER,
                channel=WARM_DM,
                is_dm=True,
                known=factindex.Known((0,) * len(scopes), True),
            )
            conn.rollback()
        factindex.clear()

    def shared(self) -> _Shared:
        """What every session's context shares, rebuilt only when its stamp changed or, checked
        when it is older than SHARED_SECONDS, what it was built from did (a burst of new sessions
        reads and renders it once; the check reads the skill states and the SKILL.md files'
        stamps, not the files, and renders nothing)."""
        paths = self._stamp_paths()
        rt = self.runtime
        stamp = (rt.library.version, _SkillStates.changes, *map(_file_stamp, paths.files))
        with self._lock:
            cached = self._shared
        now = time.monotonic()
        if cached is not None and cached.stamp == stamp and now - cached.built_at < SHARED_SECONDS:
            return cached
        # One check (or build) at a time: the threads that found it due together take the one
        # checked first, by the same rule (checked less than SHARED_SECONDS ago, same stamp).
        with self._checking:
            with self._lock:
                cached = self._shared
            now = time.monotonic()
            if (
                cached is not None
                and cached.stamp == stamp
                and now - cached.built_at < SHARED_SECONDS
            ):
                return cached
            return self._checked(cached, stamp, now)

    def _stamp_paths(self) -> _StampPaths:
        """The files the shared part's stamp looks at, for the runtime's current settings."""
        rt = self.runtime
        data_dir, settings = rt.data_dir, rt.settings
        paths = self._paths
        if paths is None or not paths.holds(data_dir, settings):
            paths = self._paths = _StampPaths.of(data_dir, settings)
        return paths

    def _checked(self, cached: _Shared | None, stamp: tuple[object, ...], now: float) -> _Shared:
        """`shared`'s check, with `_checking` held: `cached` kept if what it was built from is
        unchanged, else built again."""
        rt = self.runtime
        data_dir, settings = rt.data_dir, rt.settings
        skills_dir = settings.effective_skills_dir
        # What the build reads that no cheap stamp covers: the files' stamps before the files
        # are read (a file written meanwhile is rebuilt from at the next check), the states.
        with rt.store.engine.connect() as conn:
            known = state_marks(conn)
        inputs = (
            str(skills_dir),
            skills.approved_stamps(skills_dir),
            tuple(sorted(known.items())),
            settings.skill_index_max,
            settings.skill_index_tokens,
            settings.context_identity_tokens,
            settings.context_user_md_tokens,
        )
        if cached is not None and cached.stamp == stamp and cached.inputs == inputs:
            renewed = replace(cached, built_at=now)  # nothing it shows changed: not rebuilt
            with self._lock:
                if self._shared is cached:
                    self._shared = renewed
            return renewed
        usable = usable_of(known, skills.approved_index(skills_dir))
        built = _Shared(
            stamp=stamp,
            inputs=inputs,
            built_at=now,
            usable=usable,
            index=render_index(
                usable,
                max_count=settings.skill_index_max,
                max_tokens=settings.skill_index_tokens,
            ),
            identity=cap_lines(
                read_text(data_dir / "IDENTITY.md") or default_identity(),
                settings.context_identity_tokens,
                what="IDENTITY.md",
                keep="first",
            ),
            user_md=persona.user_md_for_prompt(data_dir, settings.context_user_md_tokens),
        )
        with self._lock:
            self._shared = built
        return built

    def build(
        self, session: ChatSession, first_text: str, latest_text: str | None = None
    ) -> PromptParts:
        """The session's prompt parts, chosen once per session and cached; the skill section of
        the tail is re-matched when `latest_text` moved markedly to another skill's topic."""
        session_id = session.id  # (an ORM attribute's read is a Python call: read once)
        marks = self.marks_of(session_id)
        with self._lock:
            live = self._cache.get(session_id)
            if live is not None:
                self._cache.move_to_end(session_id)
        if live is None:
            user_id, channel = session.user_id, session.channel
            viewed = self.viewed_channel(user_id) if channel[:1] == "D" else None
            assembled = self.assemble(
                user_id=user_id,
                channel=channel,
                first_text=first_text,
                session_id=session_id,
                facts_channel=viewed,
                marks=marks,
            )
            live = _Live(assembled.parts, assembled.notes, first_text, assembled.skill_match)
            with self._lock:
                self._cache[session_id] = live
                if assembled.uses:
                    self._unrecord(assembled.uses)
                while len(self._cache) > self._cache_size:
                    gone, _ = self._cache.popitem(last=False)
                    self._unrecorded.pop(gone, None)
        if latest_text is not None:
            self._rematch(session_id, live, latest_text)
        return live.parts

    def unrecorded(self, session_id: str) -> ContextUses | None:
        """What the session's context used that is not recorded yet (for the transaction that
        stores its answer; `recorded` once that committed), or None."""
        with self._lock:
            return self._unrecorded.get(session_id)

    def recorded(self, done: ContextUses) -> None:
        """`done` (from `unrecorded`) is committed; anything used since stays to record."""
        with self._lock:
            if self._unrecorded.get(done.session_id) is done:
                del self._unrecorded[done.session_id]

    def _unrecord(self, more: ContextUses) -> None:
        """With the lock held: add `more` to what its session has not recorded yet."""
        have = self._unrecorded.get(more.session_id)
        self._unrecorded[more.session_id] = more if have is None else have.plus(more)

    def clear(self) -> None:
        """Drop every cached session context (after a forget: it may quote what is gone)."""
        with self._lock:
            self._cache.clear()
            self._shared = None

    def _rematch(self, session_id: str, live: _Live, latest: str) -> None:
        """Move the skill section to the skill `latest` is about, when the topic changed
        markedly: `latest` is far from the text the current section was chosen for, matches
        another skill strongly (its body would be injected), and is not about the current skill.
        Nothing changes otherwise (a short follow-up such as "ok, do it" keeps the skill)."""
        if not latest.strip() or latest.strip() == live.anchor.strip():
            return  # the first message (its own anchor), or the same text: not moved
        usable = self.shared().usable
        if not usable or not self.skills.moved(latest, live.anchor):
            return  # the usual case: no skill to move to, or still on topic (no embedding)
        skills_dir = self._stamp_paths().effective_skills_dir
        current = live.match
        match = self.skills.rematch(
            latest, live.anchor, current.slug if current is not None else None, usable
        )
        if match is None:
            return
        body = self._capped(skills.skill_body(skills_dir, match.slug), match.slug)
        if body is None:
            return
        tail = [*live.notes, *skill_section(match, body, usable)]
        with self._lock:
            # Logged by the transaction that stores this reply's answer.
            self._unrecord(ContextUses(session_id, self.clock.now(), skills=(match,)))
            live.parts = replace(live.parts, tail=[s for s in tail if s.body.strip()])
            live.anchor = latest
            live.match = match
        log.info(
            "skill re-matched on a topic change",
            extra={"session": session_id, "skill": match.slug, "was": current and current.slug},
        )

    def assemble(
        self,
        *,
        user_id: str,
        channel: str,
        first_text: str,
        session_id: str | None,
        facts_channel: str | None = None,
        marks: ContextMarks | None = None,
    ) -> Assembled:
        """Select and render; with `session_id`, what the context uses (its lessons, facts and
        skill) is returned to record (`Assembled.uses`: the engine writes it with the answer),
        a preview records nothing. In a DM, `facts_channel` adds that channel's facts (those
        its trust rule lets this person see). `marks` (the intake's, `select_context`) spare
        the reads of what has not changed."""
        rt = self.runtime
        data_dir = rt.data_dir
        now = self.clock.now()
        is_dm = channel.startswith("D")
        # A session that begins a transaction only when something is read or written: with the
        # intake's marks and the rows it read ahead, a first context usually reads nothing, and
        # an ORM transaction begun and committed for nothing cost ~0.15 M instructions. One
        # that read and wrote nothing is kept for this thread's next context (`_idle_session`).
        db = _idle_session(rt.store)
        try:
            # Selecting only reads (and embeds): being selected is not evidence of use, so a
            # preview and a session start leave every fact as it was (issue 23).
            # (`db.no_autoflush`, without its generator: ~8 K instructions a context.)
            autoflush, db.autoflush = db.autoflush, False
            try:
                selection = select_context(
                    db,
                    rt.library,
                    user_id=user_id,
                    channel=facts_channel if is_dm and facts_channel else channel,
                    is_dm=is_dm,
                    first_text=first_text,
                    token_budget=rt.settings.context_lesson_tokens,
                    now=now,
                    marks=marks,
                )
            finally:
                db.autoflush = autoflush
            # MEMORY.md is fingerprinted at session start; a person's edit is noticed and
            # audited. A preview (no session) writes nothing: it may run on a read-only copy.
            snapshot = memory.session_memory(
                db,
                data_dir,
                now,
                user_id=user_id,
                channel=channel,
                check=session_id is not None,
                max_tokens=rt.settings.context_memory_tokens,
            )
            if db.in_transaction() or db.identity_map:
                if db.new or db.dirty or db.deleted or db.in_transaction():
                    db.commit()  # what was read (or a MEMORY.md edit's audit), as `begin()` would
                db.close()
            else:
                _IDLE.keep(rt.store, db)
        except BaseException:
            db.close()
            raise
        # Built once for every session while nothing it depends on changed (MEMORY.md is read
        # per session: what a line may show depends on who is asking, and where).
        shared = self.shared()
        usable = shared.usable
        stable = [
            section
            for section in (
                shared.user_md_section,
                Section("Lessons", selection.render_stable(), raw=True),
                shared.index_section,
                _memory_section(snapshot.text),
            )
            if section.body.strip()
        ]
        match = self.skills.match(first_text, usable)
        if match is None:
            body = None
        else:
            skills_dir = self._stamp_paths().effective_skills_dir
            body = self._capped(skills.skill_body(skills_dir, match.slug), match.slug)
            if match.mode == "injected" and body is None:
                match = None  # retired between the read and now: offer nothing rather than a name
        notes = [Section("Notes", selection.render_tail(), raw=True)]
        tail = [*notes, *skill_section(match, body, usable)]
        parts = PromptParts(
            identity=shared.identity, stable=stable, tail=[s for s in tail if s.body.strip()]
        )
        injected = match.slug if match is not None and match.mode == "injected" else None
        # Which lessons, facts and skill this session is answered with: efficacy, a 👍's
        # reinforcement of the facts a reply used (writers/notes/uses.py), the skill's uses.
        used = None
        if session_id is not None:
            lesson_ids = [i.id for i in selection.stable if i.kind == "lesson"]
            fact_ids = []
            for item in selection.tail:  # one pass (`selection.lesson_ids` and the facts')
                if item.kind == "lesson":
                    lesson_ids.append(item.id)
                elif item.kind == "fact":
                    fact_ids.append(item.id)
            used = ContextUses(
                session_id,
                now,
                tuple(lesson_ids),
                tuple(fact_ids),
                (match,) if match is not None else (),
            )
        return Assembled(
            parts, selection, injected, match, snapshot.fingerprint, notes, used or None
        )

    def _capped(self, body: str | None, slug: str) -> str | None:
        """A skill body cut to CONTEXT_SKILL_TOKENS (its first lines kept; the cut is logged)."""
        if body is None:
            return None
        cap = self.runtime.settings.context_skill_tokens
        return cap_lines(body, cap, what=f"skill {slug} body", keep="first")

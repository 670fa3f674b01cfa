"""Memory notes: owner sessions → MEMORY.md (global), everyone else → facts (trust rule).

MEMORY.md stays human-editable. The bot only appends dated bullets ending in a marker
(`<!-- seshat:m<id> -->`) and only ever removes lines carrying its own marker (rollback), so a
line a person wrote is never rewritten. The file is fingerprinted after every bot write; a
different fingerprint at session start means a person edited it (audited, and picked up because
the prompt reads the file fresh). The same marked-line helpers serve USER.md (persona).
"""

from __future__ import annotations

import functools
import hashlib
import logging
import os
import re
import threading
import time
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import numpy as np
from sqlalchemy import select
from sqlalchemy.orm import Session

from reflection.schema import Reflection
from store.ledger import audit
from store.models import AuditEvent, MemoryEntry, ReviewItem
from writers.base import WriteContext, WriterResult, content_hash
from writers.embed import Embedder
from writers.guard.attribution import for_item
from writers.guard.gate import Admitted, Guard, one_line
from writers.guard.reach import View, fact_scope, visible
from writers.guard.trust import people_named
from writers.notes.dates import resolve_relative
from writers.notes.facts import DEFAULT_DECAY_RATE, FACT_SCOPES, fact_fields, reinforce_facts
from writers.review import create_item
from writers.tokens import cap_lines

log = logging.getLogger(__name__)

MEMORY_FILE = "MEMORY.md"
FINGERPRINT_FILE = ".memory.fingerprint"
DEFAULT_PROMPT_CHARS = 4000

_MARK = re.compile(r"[ \t]*<!--\s*seshat:([a-z])(\d+)\s*-->[ \t]*$")
_BULLET = re.compile(r"^\s*[-*+]\s+")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}\s*[—–:\-]?\s*")
_file_locks: dict[Path, threading.Lock] = {}
_locks_guard = threading.Lock()
# What a session start reads of MEMORY.md and its fingerprint file, kept by each file's stamp
# (mtime, ctime, size, inode; every bot rewrite is a rename, so a new inode) for at most
# READ_SECONDS: a burst of new sessions reads, hashes and splits the file once, not once each,
# and a person's edit is still seen within READ_SECONDS even if it kept every stamp.
READ_SECONDS = 1.0
_Stamp = tuple[int, int, int, int]
_reads: dict[str, tuple[_Stamp, float, str, str]] = {}
_reads_guard = threading.Lock()


def _stamp(path: str) -> _Stamp | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_ctime_ns, st.st_size, st.st_ino)


@functools.lru_cache(maxsize=64)
def _file(data_dir: Path, name: str) -> str:
    """`data_dir / name` as a string, the same object each time for the files every session
    start reads (a path joined and parsed anew, and hashed again as the reads' key, at each of
    a context's four reads cost more than its stat; a `Path`'s own `stat` and hash are Python
    calls a string's are not)."""
    return os.fspath(data_dir / name)


def _read(path: str) -> tuple[str, str] | None:
    """The file's text and SHA-256 (None when it does not exist), read again only when its
    stamp moved or READ_SECONDS passed."""
    stamp = _stamp(path)
    if stamp is None:
        return None
    now = time.monotonic()
    with _reads_guard:
        got = _reads.get(path)
    if got is not None and got[0] == stamp and now - got[1] < READ_SECONDS:
        return got[2], got[3]
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    text, digest = data.decode("utf-8"), hashlib.sha256(data).hexdigest()
    if _stamp(path) == stamp:  # not changed while it was read: keep it
        with _reads_guard:
            _reads[path] = (stamp, now, text, digest)
    return text, digest


# --- marked-line files (MEMORY.md, USER.md) -----------------------------------------------------


def _lock_for(path: Path) -> threading.Lock:
    with _locks_guard:
        return _file_locks.setdefault(path.resolve(), threading.Lock())


def marker(prefix: str, ident: int) -> str:
    """The HTML comment that marks a line as the bot's (`m` memory, `p` persona)."""
    return f"<!-- seshat:{prefix}{ident} -->"


def strip_markers(text: str) -> str:
    """`text` without the bot's line markers (what people and prompts see)."""
    return "\n".join(_MARK.sub("", line) for line in text.splitlines()) + (
        "\n" if text.endswith("\n") else ""
    )


def normalise_line(line: str) -> str:
    """A line reduced for duplicate detection: no marker, bullet, date, case or extra spaces."""
    text = _MARK.sub("", line)
    text = _BULLET.sub("", text)
    text = _DATE.sub("", text.strip())
    return " ".join(text.split()).casefold().rstrip(".")


def _atomic_write(path: Path, text: str) -> None:
    # Unique per write, not per process: two threads writing the same file must not share it.
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{uuid.uuid4().hex}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def append_marked_line(path: Path, line: str, *, compare: str) -> bool:
    """Append `line` unless a line with the same normalised `compare` text is there already."""
    key = normalise_line(compare)
    with _lock_for(path):
        current = path.read_text(encoding="utf-8") if path.exists() else ""
        if any(normalise_line(existing) == key for existing in current.splitlines()):
            return False
        path.parent.mkdir(parents=True, exist_ok=True)
        prefix = "" if not current or current.endswith("\n") else "\n"
        with path.open("a", encoding="utf-8") as fh:
            fh.write(f"{prefix}{line}\n")
    return True


def marked_lines(path: Path, prefix: str, ids: Iterable[int]) -> list[str]:
    """The lines of `path` carrying the bot's marker for any of `ids`."""
    wanted = {str(i) for i in ids}
    if not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        m = _MARK.search(line)
        if m and m.group(1) == prefix and m.group(2) in wanted:
            out.append(line)
    return out


def marker_ids(path: Path, prefix: str) -> set[int]:
    """The ids of every line of `path` carrying the bot's marker with `prefix`."""
    if not path.exists():
        return set()
    found = (_MARK.search(line) for line in path.read_text(encoding="utf-8").splitlines())
    return {int(m.group(2)) for m in found if m and m.group(1) == prefix}


def remove_marked_lines(path: Path, prefix: str, ids: Iterable[int]) -> list[str]:
    """Remove exactly the lines marked with `prefix` + one of `ids`; return what was removed."""
    wanted = {str(i) for i in ids}
    if not path.exists() or not wanted:
        return []
    with _lock_for(path):
        kept, removed = [], []
        for line in path.read_text(encoding="utf-8").splitlines(keepends=True):
            m = _MARK.search(line.rstrip("\r\n"))
            if m and m.group(1) == prefix and m.group(2) in wanted:
                removed.append(line.rstrip("\r\n"))
            else:
                kept.append(line)
        if removed:
            _atomic_write(path, "".join(kept))
    return removed


def replace_marked_line(path: Path, prefix: str, ident: int, line: str) -> bool:
    """Replace the line marked `prefix` + `ident` with `line` in place; False when absent."""
    if not path.exists():
        return False
    with _lock_for(path):
        out, found = [], False
        for existing in path.read_text(encoding="utf-8").splitlines(keepends=True):
            m = _MARK.search(existing.rstrip("\r\n"))
            if m and m.group(1) == prefix and m.group(2) == str(ident):
                out.append(line + "\n")
                found = True
            else:
                out.append(existing)
        if found:
            _atomic_write(path, "".join(out))
    return found


# --- MEMORY.md fingerprint ----------------------------------------------------------------------


@dataclass(frozen=True)
class MemorySnapshot:
    """MEMORY.md as the prompt gets it (markers stripped, bounded) and the file's fingerprint."""

    text: str
    fingerprint: str


def fingerprint(data_dir: Path) -> str:
    """SHA-256 of MEMORY.md's bytes ("" when the file does not exist)."""
    got = _read(_file(data_dir, MEMORY_FILE))
    return got[1] if got is not None else ""


def record_fingerprint(data_dir: Path) -> str:
    """Remember MEMORY.md's current fingerprint as the bot's own (after a bot write)."""
    fp = fingerprint(data_dir)
    data_dir.mkdir(parents=True, exist_ok=True)
    _atomic_write(data_dir / FINGERPRINT_FILE, fp)
    return fp


def check_external_edit(db: Session, data_dir: Path, now: datetime) -> bool:
    """At session start: True (and audited) when someone else changed MEMORY.md since last seen."""
    return _edited(db, data_dir, fingerprint(data_dir), now)


def _edited(db: Session, data_dir: Path, current: str, now: datetime) -> bool:
    """`check_external_edit` with MEMORY.md's fingerprint as read (`current`)."""
    recorded_path = _file(data_dir, FINGERPRINT_FILE)
    seen = _read(recorded_path)
    if seen is None:
        record_fingerprint(data_dir)
        return False
    recorded = seen[0].strip()
    if recorded == current:
        return False
    audit(
        db,
        actor="human",
        action="memory.external_edit",
        target_kind="file",
        target_id=MEMORY_FILE,
        now=now,
        previous=recorded,
        current=current,
    )
    record_fingerprint(data_dir)
    return True


def last_external_edit(db: Session) -> AuditEvent | None:
    """The most recent `memory.external_edit` audit event, if any."""
    return db.scalars(
        select(AuditEvent)
        .where(AuditEvent.action == "memory.external_edit")
        .order_by(AuditEvent.id.desc())
    ).first()


def memory_for_prompt(
    data_dir: Path,
    max_chars: int = DEFAULT_PROMPT_CHARS,
    *,
    shown: Callable[[int], bool] | None = None,
    max_tokens: int | None = None,
) -> MemorySnapshot:
    """MEMORY.md for the next session: markers stripped, newest lines kept within `max_chars`.

    `shown(id)` says whether the bot's line for note `id` may be shown (the read-side trust
    rule, see `memory_for_view`); lines a person wrote carry no marker and are always shown.
    """
    got = _read(_file(data_dir, MEMORY_FILE))
    raw, digest = got if got is not None else ("", "")
    return _snapshot(raw, digest, max_chars, shown, max_tokens)[0]


def _snapshot(
    raw: str,
    digest: str,
    max_chars: int,
    shown: Callable[[int], bool] | None,
    max_tokens: int | None,
) -> tuple[MemorySnapshot, bool]:
    """`memory_for_prompt` of the text `raw` (whose SHA-256 is `digest`), and whether it was cut
    (a cut is logged)."""
    if shown is not None:
        raw = "\n".join(
            line
            for line in raw.splitlines()
            if (m := _MARK.search(line)) is None or m.group(1) != "m" or shown(int(m.group(2)))
        )
    lines = strip_markers(raw).rstrip("\n").splitlines()
    kept: list[str] = []
    size = 0
    cut = False
    for line in reversed(lines):
        if size + len(line) + 1 > max_chars:
            log.warning(
                "%s cut to its cap: kept the newest %d of %d lines (%d characters)",
                MEMORY_FILE,
                len(kept),
                len(lines),
                max_chars,
            )
            cut = True
            break
        kept.append(line)
        size += len(line) + 1
    text = "\n".join(reversed(kept))
    if max_tokens is not None:
        capped = cap_lines(text, max_tokens, what=MEMORY_FILE)
        cut = cut or capped is not text
        text = capped
    return MemorySnapshot(text=text, fingerprint=digest), cut


def memory_for_view(
    db: Session,
    data_dir: Path,
    view: View,
    max_chars: int = DEFAULT_PROMPT_CHARS,
    *,
    max_tokens: int | None = None,
) -> MemorySnapshot:
    """MEMORY.md as `view` may see it: the bot's lines only for notes the read-side trust rule
    shows there (a line whose note was forgotten, archived or held is left out)."""
    got = _read(_file(data_dir, MEMORY_FILE))
    raw, digest = got if got is not None else ("", "")
    plain = _PLAIN[0]
    if plain[0] == raw and plain[1] == digest and plain[2] == (max_chars, max_tokens):
        return plain[3]
    return _viewed(db, raw, digest, view, max_chars, max_tokens)


def _viewed(
    db: Session, raw: str, digest: str, view: View, max_chars: int, max_tokens: int | None
) -> MemorySnapshot:
    """`memory_for_view` of MEMORY.md's text `raw` (its SHA-256 `digest`; "" for no file)."""
    found = (_MARK.search(line) for line in raw.splitlines())
    ids = {int(m.group(2)) for m in found if m and m.group(1) == "m"}
    rows = list(db.scalars(select(MemoryEntry).where(MemoryEntry.id.in_(ids)))) if ids else []
    allowed = {e.id for e in rows if visible(fact_scope(e, None), view)}
    snap, cut = _snapshot(raw, digest, max_chars, allowed.__contains__, max_tokens)
    if not ids and not cut:
        # No line of the bot's notes: every view sees the same text, nothing was read, nothing
        # logged; kept for the next session start that reads the same text.
        _PLAIN[0] = (raw, digest, (max_chars, max_tokens), snap)
    return snap


# The last snapshot of a MEMORY.md holding no line of the bot's notes and needing no cut (what
# every view sees of it: `_viewed`), by the text and SHA-256 it was made from and the caps;
# replaced whole (threads share it). A burst of new sessions renders it once.
_PLAIN: list[tuple[str | None, str, tuple[int, int | None], MemorySnapshot]] = [
    (None, "", (0, None), MemorySnapshot("", ""))
]


def session_memory(
    db: Session,
    data_dir: Path,
    now: datetime,
    *,
    user_id: str,
    channel: str,
    check: bool,
    max_chars: int = DEFAULT_PROMPT_CHARS,
    max_tokens: int | None = None,
) -> MemorySnapshot:
    """At a session's start: with `check`, `check_external_edit` (a person's edit noticed and
    audited), then `memory_for_view` for the session's view (`View.session`), MEMORY.md read
    once for both (the check's read is the view's unless the check recorded an edit, which
    reads it again)."""
    at = _AT[0]
    if at[0] is not data_dir:
        at = _AT[0] = (data_dir, _file(data_dir, MEMORY_FILE))
    got = _read(at[1])
    if check and _edited(db, data_dir, "" if got is None else got[1], now):
        got = _read(at[1])
    raw, digest = got if got is not None else ("", "")
    plain = _PLAIN[0]
    if plain[0] == raw and plain[1] == digest and plain[2] == (max_chars, max_tokens):
        return plain[3]  # what `_viewed` made of this text, the same for every view
    view = View.session(user_id=user_id, channel=channel)
    return _viewed(db, raw, digest, view, max_chars, max_tokens)


# The data folder `session_memory` last read and its MEMORY.md (replaced whole).
_AT: list[tuple[Path | None, str]] = [(None, "")]


def memory_line(entry: MemoryEntry) -> str:
    """The MEMORY.md bullet for a global note."""
    day = entry.created_at.date().isoformat()
    return f"- {day} — {one_line(entry.text)} {marker('m', entry.id)}"


def append_note(data_dir: Path, entry: MemoryEntry) -> bool:
    """Append a global note to MEMORY.md unless an equal line is there; False for a duplicate."""
    added = append_marked_line(data_dir / MEMORY_FILE, memory_line(entry), compare=entry.text)
    if added:
        record_fingerprint(data_dir)
    return added


# --- the writer ---------------------------------------------------------------------------------


class MemoryWriter:
    """Writes `memory_notes`: global MEMORY.md lines for owners, facts for everyone else.

    The trust rule (`writers.guard.trust`): a fact from a non-owner's DM stays with its author; one
    from a channel session is seen by its author there, and by the whole channel only after the
    owner's ✅ on a "share with the channel" card.
    """

    name = "memory"

    def __init__(self, *, guard: Guard | None = None, embedder: Embedder | None = None) -> None:
        self.guard = guard or Guard()
        # With an embedder, each fact is written with its vector (`memory_entries.embedding`):
        # a session's first context then reads it rather than embedding the fact again.
        self.embedder = embedder

    def write(self, db: Session, ctx: WriteContext, reflection: Reflection) -> WriterResult:
        """Store each note (redacted, checked, placed, deduplicated); idempotent per reflection."""
        result = WriterResult(status="nothing")
        rid = ctx.provenance.reflection_id
        added: list[MemoryEntry] = []
        for ordinal, note in enumerate(reflection.memory_notes):
            done = db.scalars(
                select(MemoryEntry.id).where(
                    MemoryEntry.reflection_id == rid, MemoryEntry.ordinal == ordinal
                )
            ).first()
            if done is not None:
                continue
            # Whose words this note rests on (in a thread several people wrote in, the turns it
            # cites, checked): the trust rule below weighs them, not the whole thread.
            nctx = for_item(ctx, note, reflection.cited("memory_notes", note))
            # MEMORY.md is for what everyone's sessions should know; an owner's note about one
            # person goes to that person's scope instead (several people: the owner's own).
            whose = self.guard.least_trusted(nctx)
            named = people_named(note) if whose in ctx.owner_ids else []
            subject = named[0] if len(named) == 1 else (whose if named else None)
            admitted = self.guard.admit(nctx, note, kind="memory_note", subject=subject)
            result.redacted += admitted.redactions
            entry = self._entry(db, nctx, admitted, ordinal, subject)
            if entry is None:
                result.detail.append(f"note {ordinal}: duplicate fact")
                continue
            db.add(entry)
            added.append(entry)
            db.flush()
            kind = "memory" if entry.scope_kind == "global" else "fact"
            if admitted.quarantined:
                entry.flags = admitted.flags
                noun = "memory note" if kind == "memory" else "fact"
                _card(db, nctx, entry, admitted, kind=kind, title=f"Quarantined {noun}")
                result.quarantined += 1
                result.staged += 1
            elif entry.scope_kind == "global" and not append_note(ctx.data_dir, entry):
                # Already in MEMORY.md (maybe written by a person): keep the row out of the way.
                entry.status = "archived"
                result.detail.append(f"note {ordinal}: already in {MEMORY_FILE}")
            else:
                result.written += 1
                if admitted.placement.needs_card:
                    who = self.guard.least_trusted(nctx)
                    title = f"Share a fact from <@{who}> with <#{ctx.channel}>?"
                    _card(db, nctx, entry, admitted, kind="fact", title=title)
                    result.staged += 1
        if self._episode(db, ctx, reflection, result, added):
            result.detail.append("episode kept")
        self._embed([e for e in added if e.scope_kind in FACT_SCOPES])
        if result.written or result.staged:
            result.status = "staged" if result.staged and not result.written else "written"
        return result

    def _embed(self, facts: list[MemoryEntry]) -> None:
        """Each new fact's vector, kept with it (one batch; flushed with the session)."""
        if self.embedder is None or not facts:
            return
        for fact, vector in zip(facts, self.embedder.embed([f.text for f in facts]), strict=True):
            fact.embedding = np.asarray(vector, dtype="<f4").tobytes()  # as lessons keep theirs
            fact.embedder = self.embedder.name

    def _episode(
        self,
        db: Session,
        ctx: WriteContext,
        reflection: Reflection,
        result: WriterResult,
        added: list[MemoryEntry],
    ) -> bool:
        """Keep the session's episode (see `episode_text`) in the session's own scope: the DM
        user's, or the channel's seen by its author only (the trust rule, as for facts). It is a
        fact of category `episode`, so it is retrieved, budgeted, listed, edited, exported,
        rolled back and forgotten with them. Redacted and checked like every learned text; a
        flagged one is kept quarantined (never shown), with no card: it is a by-product."""
        raw = episode_text(reflection)
        rid = ctx.provenance.reflection_id
        if (
            not raw
            or db.scalars(
                select(MemoryEntry.id).where(
                    MemoryEntry.reflection_id == rid, MemoryEntry.ordinal == EPISODE_ORDINAL
                )
            ).first()
        ):
            return False
        admitted = self.guard.admit(ctx, raw, kind="memory_note")
        result.redacted += admitted.redactions
        text = resolve_relative(admitted.text, ctx.now)
        p = ctx.provenance
        scope_kind, scope_id = ("user", ctx.user_id) if ctx.is_dm else ("channel", ctx.channel)
        entry = MemoryEntry(
            text=text,
            text_hash=content_hash(text),
            category="episode",
            tags=[],
            scope_kind=scope_kind,
            scope_id=scope_id,
            reach="scope" if scope_kind == "user" else "author",
            status="quarantined" if admitted.quarantined else "active",
            flags=admitted.flags if admitted.quarantined else [],
            confidence=EPISODE_CONFIDENCE,
            decay_rate=DEFAULT_DECAY_RATE,
            provenance=p.as_json(),
            reflection_id=p.reflection_id,
            session_id=p.session_id,
            author_id=ctx.user_id,
            ordinal=EPISODE_ORDINAL,
            created_at=ctx.now,
            updated_at=ctx.now,
        )
        db.add(entry)
        added.append(entry)
        db.flush()
        return not admitted.quarantined

    def _entry(
        self,
        db: Session,
        ctx: WriteContext,
        admitted: Admitted,
        ordinal: int,
        subject: str | None,
    ) -> MemoryEntry | None:
        # "yesterday" means nothing weeks later: relative dates become absolute when written.
        text = resolve_relative(admitted.text, ctx.now)
        digest = content_hash(text)
        p = ctx.provenance
        # Whose words it rests on: in a session several people wrote in, the least trusted of
        # them (a member's words in an owner's thread are the member's, seen as theirs).
        author = self.guard.least_trusted(ctx)
        common = {
            "text": text,
            "text_hash": digest,
            "status": "quarantined" if admitted.quarantined else "active",
            "provenance": p.as_json(),
            "reflection_id": p.reflection_id,
            "session_id": p.session_id,
            "author_id": author,
            "ordinal": ordinal,
            "created_at": ctx.now,
            "updated_at": ctx.now,
        }
        if admitted.placement.reach == "everyone":
            return MemoryEntry(scope_kind="global", scope_id="", reach="scope", **common)
        if admitted.placement.reach == "subject" and subject is not None:
            scope_kind, scope_id = "user", subject
        elif ctx.is_dm:
            scope_kind, scope_id = "user", ctx.user_id
        else:
            scope_kind, scope_id = "channel", ctx.channel
        twin = db.scalars(
            select(MemoryEntry.id).where(
                MemoryEntry.scope_kind == scope_kind,
                MemoryEntry.scope_id == scope_id,
                MemoryEntry.author_id == author,
                MemoryEntry.text_hash == digest,
                MemoryEntry.status.in_(("active", "quarantined")),
            )
        ).first()
        if twin is not None:
            # The session stated it again: evidence the fact is in use, so its prior is refreshed
            # (retrieval alone never does this; see `writers.notes.facts.reinforce_facts`).
            reinforce_facts(db, [twin], ctx.now)
            return None
        fields = fact_fields(text)
        return MemoryEntry(
            scope_kind=scope_kind,
            scope_id=scope_id,
            # A DM fact's scope is its author; a channel fact starts with its author only.
            reach="scope" if scope_kind == "user" else "author",
            category=fields.category,
            tags=list(fields.tags),
            confidence=fields.confidence,
            decay_rate=fields.decay_rate,
            **common,
        )


def _card(
    db: Session, ctx: WriteContext, entry: MemoryEntry, admitted: Admitted, *, kind: str, title: str
) -> None:
    create_item(
        db,
        kind=kind,
        target_id=str(entry.id),
        title=title,
        content=entry.text,
        choices=["approve", "reject"],
        reason=admitted.reason,
        reflection_id=ctx.provenance.reflection_id,
        provenance=ctx.provenance.as_json(),
        now=ctx.now,
    )


def apply_memory_decision(
    db: Session,
    item: ReviewItem,
    decision: str,
    actor: str,
    now: datetime,
    *,
    data_dir: Path,
) -> None:
    """Approve → active and shared with its whole scope (MEMORY.md for a global note); reject →
    archived. One applier serves quarantined notes, quarantined facts and "share" cards."""
    entry = db.get(MemoryEntry, int(item.target_id))
    if entry is None:
        return
    entry.updated_at = now
    if decision == "approve":
        entry.status = "active"
        entry.reach = "scope"
        if entry.scope_kind == "global":
            append_note(data_dir, entry)
    else:
        entry.status = "archived"
    audit(
        db,
        actor=actor,
        action=f"memory.{'released' if decision == 'approve' else 'rejected'}",
        target_kind="memory_entry",
        target_id=str(entry.id),
        now=now,
    )


EPISODE_ORDINAL = 1000  # after any memory note's ordinal (a reflection has at most a few)
EPISODE_CONFIDENCE = 0.6


def episode_text(reflection: Reflection) -> str:
    """A session's episode, from its reflection: its outcome, what worked, what did not ("" when
    the reflection says neither). The date is the fact's own (rendered in front of it)."""
    worked = " ".join(reflection.what_worked.split())
    didnt = " ".join(reflection.what_didnt.split())
    if not worked and not didnt:
        return ""
    parts = [f"Session ({reflection.outcome})."]
    if worked:
        parts.append(f"Worked: {worked.rstrip('.')}.")
    if didnt:
        parts.append(f"Did not work: {didnt.rstrip('.')}.")
    return " ".join(parts)

"""An import's tombstones: merged before anything else, then whatever this library still holds
of what they cover is purged through the forget path (`writers.library.purge.Purge`).

Merging first means `writers.library.forgotten.may_import` refuses the forgotten items of the same
import
and of every later one. Purging covers the other way a person comes back: this library already
holds their data (e.g. from an import of an export made before they were forgotten). Per kind of
tombstone in the file:

- `user` (everything about U was forgotten at T): when everything held here of U was made at or
  before T, U is forgotten here too (a whole forget: rows, MEMORY.md/USER.md lines, drafts,
  lesson provenance, matrix rows through the audit log), and U's line stays at T — not at the
  time of the import, so what U made after T in the exporting library still comes in. When this
  library also holds U's data from after T, the import is refused before anything is written
  (`ForgetFirst`): whether that newer data goes too is the operator's decision
  (`seshat forget --user U`), not an import's guess.
- `session` (a session of U's was forgotten): what was learned from it here goes
  (`session:<id>`; the session row itself need not be here).
- `text` (an item of U's was forgotten): U's facts and notes here with that text go
  (`fact:<id>`, `note:<id>`). Other people's items with the same text stay, as they did where
  the forget happened.

Every purge leaves its own content-free `forget.receipt` in the audit log; the caller runs
what
follows a forget outside the transaction (`bot.learning.forgetting.Forgetting.finish`: the SQLite
scrub,
the Honcho mirror).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import TypedDict

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from store.models import ChatSession, LessonRow, MemoryEntry, Observation, Skill
from store.tombstones import Stone, buried_by, forgotten_at, merge, set_user_line, text_key
from writers.library.purge import Purge, Receipt, held_around


def named(stones: Sequence[Stone]) -> list[str]:
    """The people a file's tombstones name, each once, sorted."""
    return sorted({s.user_id for s in stones})


def would_delete(
    db: Session,
    stones: Sequence[Stone],
    *,
    data_dir: Path,
    actor: str,
    now: datetime,
    skills_dir: Path | None = None,
) -> dict[str, int]:
    """Per person the tombstones name: how many things held here applying them would delete
    (counted by the forget path's dry run; nothing changes). A person this library holds data
    of from before and after their tombstone counts -1: the import would refuse (ForgetFirst)."""
    out: dict[str, int] = {}
    where = _Where(data_dir=data_dir, now=now, actor=actor, skills_dir=skills_dir)
    for user_id in named(stones):
        theirs = [s for s in stones if s.user_id == user_id]
        try:
            whole = _people_to_forget(db, theirs)
        except ForgetFirst:
            out[user_id] = -1
            continue
        # Forgetting the whole person deletes their sessions and items too: counting those
        # again (each dry run sees them) said 15 where the import deletes 7. Likewise a fact
        # forgotten on its own and with its session is deleted once: things are counted by id.
        seen: set[tuple[str, str]] = set()
        unnamed = 0  # rows a receipt counts without ids (a session's messages, check-ins …)
        # The import merges the file's tombstones before it purges (a session whose row is not
        # here is known as theirs by its tombstone): so does the count, in a savepoint undone.
        trial = db.begin_nested()
        try:
            merge(db, theirs)
            plan: list[str | None] = [None]
            if user_id not in whole:
                plan = [f"session:{sid}" for sid, _u in _sessions_held(db, theirs)]
                plan += [item for item, _u in _items_held(db, theirs)]
            for item in plan:
                receipt = _purge(db, user_id, item, dry_run=True, **where)
                for kind, n in receipt.counts.items():
                    ids = receipt.ids.get(kind, [])
                    seen.update((kind, ident) for ident in ids)
                    unnamed += n - len(ids)
        finally:
            trial.rollback()
        out[user_id] = len(seen) + unnamed
    return out


class _Where(TypedDict):
    """Where a purge runs: the data dir, the skills dir, its time and actor."""

    data_dir: Path
    now: datetime
    actor: str
    skills_dir: Path | None


def _purge(
    db: Session,
    user_id: str,
    item: str | None,
    *,
    dry_run: bool,
    data_dir: Path,
    now: datetime,
    actor: str,
    skills_dir: Path | None,
) -> Receipt:
    """One purge through the forget path (with `dry_run`, only counted)."""
    purge = Purge(
        db,
        user_id=user_id,
        item=item,
        data_dir=data_dir,
        now=now,
        actor=actor,
        skills_dir=skills_dir,
    )
    return purge.run(dry_run=dry_run)


class ForgetFirst(Exception):
    """The import would leave a forgotten person's newer data beside the older data it must
    purge; the message names the command that decides it."""


def apply_tombstones(
    db: Session,
    stones: Sequence[Stone],
    *,
    data_dir: Path,
    actor: str,
    now: datetime,
    skills_dir: Path | None = None,
) -> tuple[int, list[Receipt]]:
    """Merge `stones` and purge what they cover here: (tombstones new or moved, receipts).
    Raises ForgetFirst before changing anything (files included) when a purge would be a guess."""
    whole = _people_to_forget(db, stones)
    added = merge(db, stones)
    receipts: list[Receipt] = []

    where = _Where(data_dir=data_dir, now=now, actor=actor, skills_dir=skills_dir)

    def purge(user_id: str, item: str | None) -> None:
        receipts.append(_purge(db, user_id, item, dry_run=False, **where))

    for user_id, line in whole.items():
        purge(user_id, None)
        set_user_line(db, user_id, line)  # the purge moved it to `now`
    for sid, user_id in _sessions_held(db, stones):
        purge(user_id, f"session:{sid}")
    for item, user_id in _items_held(db, stones):
        purge(user_id, item)
    return added, receipts


def _people_to_forget(db: Session, stones: Sequence[Stone]) -> dict[str, datetime]:
    """People to forget here as a whole, with the line their tombstone will have after the
    merge; ForgetFirst naming every person this library holds data of from both sides of it."""
    lines: dict[str, datetime] = {}
    for stone in stones:
        if stone.kind == "user":
            here = forgotten_at(db, stone.key)
            lines[stone.key] = max(d for d in (stone.at, here, lines.get(stone.key)) if d)
    whole: dict[str, datetime] = {}
    mixed: dict[str, datetime] = {}
    for user_id, line in sorted(lines.items()):
        before, after = held_around(db, user_id, line)
        if before and after:
            mixed[user_id] = line
        elif before:
            whole[user_id] = line
    if mixed:
        who = ", ".join(f"{u} (forgotten {at:%Y-%m-%d %H:%M} UTC)" for u, at in mixed.items())
        commands = "; ".join(f"`seshat forget --user {u}`" for u in mixed)
        raise ForgetFirst(
            f"the export says {who} asked to be forgotten, and this library holds their data"
            f" from before and after that; nothing was imported. Forget them here first"
            f" ({commands}), then import again"
        )
    return whole


def _sessions_held(db: Session, stones: Sequence[Stone]) -> list[tuple[str, str]]:
    """(session id, its person) for forgotten sessions something here was learned from."""
    wanted = {s.key for s in stones if s.kind == "session"}
    if not wanted:
        return []
    ids = sorted(wanted)
    # A session row here names its person; otherwise the tombstone does (as `Purge` checks).
    people: dict[str, str] = {
        row.id: row.user_id
        for row in db.scalars(select(ChatSession).where(ChatSession.id.in_(ids)))
    }
    held = set(people)
    for column in (MemoryEntry.session_id, Observation.session_id, Skill.session_id):
        held |= {str(s) for s in db.scalars(select(column).where(column.in_(ids)).distinct())}
    for lesson in db.scalars(select(LessonRow)):
        named = {str(s) for s in lesson.session_ids or []}
        named |= {str(p.get("session_id")) for p in lesson.provenance if isinstance(p, dict)}
        held |= named & wanted
    out = []
    for sid in sorted(held):
        person = people.get(sid) or buried_by(db, "session", sid)
        if person:
            out.append((sid, person))
    return out


def _items_held(db: Session, stones: Sequence[Stone]) -> list[tuple[str, str]]:
    """(`fact:<id>` or `note:<id>`, its person) for their items here with a forgotten text."""
    texts = {(s.key, s.user_id) for s in stones if s.kind == "text"}
    people = sorted({uid for _key, uid in texts})
    if not people:
        return []
    out: list[tuple[str, str]] = []
    entries = db.scalars(
        select(MemoryEntry).where(
            or_(
                MemoryEntry.author_id.in_(people),
                (MemoryEntry.scope_kind == "user") & MemoryEntry.scope_id.in_(people),
            )
        )
    )
    for entry in entries:
        whose = {entry.author_id} | ({entry.scope_id} if entry.scope_kind == "user" else set())
        for uid in sorted(u for u in whose if u and (text_key(entry.text), u) in texts):
            out.append((f"fact:{entry.id}", uid))
            break
    notes = db.scalars(
        select(Observation).where(
            or_(
                Observation.author_id.in_(people),
                (Observation.kind == "user") & Observation.subject.in_(people),
            )
        )
    )
    for note in notes:
        whose = {note.author_id} | ({note.subject} if note.kind == "user" else set())
        for uid in sorted(u for u in whose if u and (text_key(note.text), u) in texts):
            out.append((f"note:{note.id}", uid))
            break
    return out

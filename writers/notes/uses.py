"""Facts a session's context carried, and the 👍 that shows a reply used one (issue 23).

Being selected is not being used: a fact is reinforced (`facts.reinforce_facts`: its prior is
refreshed) when the session shows it was used — the reflection states it again
(`writers.notes.memory`), or a reply that used it got a 👍 (here). A preview records nothing.

- `record`: the facts put into a session's context, once each (`fact_injections`). The context is
  chosen once, at the session's first message (bot/chat/prompting.py), and what it used is
  recorded by the transaction that stores that message's answer (bot/chat/engine.py), with its
  lesson injections: one statement per session, none per later message; a fact forgotten in
  between is not recorded. A context
  rebuilt in another process (the cache is per process) may select other facts; they are
  recorded too, from then on, and a fact the rebuild left out still counts as carried: the
  "used" rule, not the record, then decides.
- The "used" rule (`used`): a reply used a fact when it repeats at least `MIN_SHARED` of the
  fact's distinctive words that the person had not said in the session before the reply (all of
  them when the fact has fewer). Distinctive: index terms (`lexical.terms`: stop words out,
  lightly stemmed) of three or more characters, or two with a digit (a date, a version, a count).
  Words the person said could have come from the conversation, not from the fact; a fact the
  question merely names, echoed back, is not evidence that the fact informed the answer.
- `settle`: makes the reinforcements agree with the session's ratings as they stand, at each
  click (bot/surfaces/feedback.py) and when a forget removes someone's ratings. A reply's verdict
  is `store.feedback.verdict` over its ratings (any 👎 makes it negative), so a 👎 never
  reinforces. Each (session, fact) reinforces once, however many 👍'd replies used it or however
  often it is settled; a 👍 taken back takes the reinforcement back (`access_count` down by one,
  `last_accessed_at` restored unless something else touched the fact since).
- Forget and rollback remove these rows with their session or their fact (`forget_facts`,
  `drop_sessions`), withdrawing the reinforcements they made.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import Connection, Table, delete, select
from sqlalchemy.orm import Session

from store import feedback
from store.clock import as_utc
from store.db import record_uses_statement
from store.ledger import audit
from store.models import ChatSession, FactInjection, MemoryEntry, Message
from writers.notes.facts import RETRIEVABLE, reinforce_facts
from writers.recall import lexical

# How many of a fact's distinctive, not-asked words a reply must repeat to have used it.
MIN_SHARED = 2


def record(
    db: Session | Connection, session_id: str, fact_ids: Iterable[int], now: datetime
) -> None:
    """Record the facts put into `session_id`'s context that still exist (once each; one
    prebuilt `INSERT … SELECT … ON CONFLICT DO NOTHING`)."""
    ids = sorted(set(fact_ids))
    if ids:
        statement = record_uses_statement(db, _INJECTED, "fact_id", _FACTS)
        db.execute(statement, {"session_id": session_id, "at": now, "ids": ids})


_INJECTED: Table = FactInjection.__table__  # type: ignore[assignment]
_FACTS: Table = MemoryEntry.__table__  # type: ignore[assignment]


def distinctive(text: str) -> set[str]:
    """The words of `text` that can show a fact was used (see the module docstring)."""
    return {
        t
        for t in lexical.terms(text)
        if len(t) >= 3 or (len(t) == 2 and any(c.isdigit() for c in t))
    }


def used(fact: str, reply: str, said: str) -> bool:
    """Whether `reply` used `fact`: it repeats at least MIN_SHARED of the fact's distinctive
    words that are not in `said` (what the person had said), or all of them when fewer."""
    own = distinctive(fact) - distinctive(said)
    shared = own & distinctive(reply)
    return bool(shared) and len(shared) >= min(MIN_SHARED, len(own))


@dataclass
class Settled:
    """What one settle changed (fact ids)."""

    reinforced: list[int] = field(default_factory=list)
    withdrawn: list[int] = field(default_factory=list)


def _used_by(db: Session, session_id: str, rows: Sequence[FactInjection]) -> dict[int, str]:
    """fact id → the first 👍'd reply (its ts) of the session that used it."""
    by_reply: dict[str, list[str]] = {}
    for r in feedback.of_session(db, session_id):
        by_reply.setdefault(r.reply_ts, []).append(r.rating)
    liked = {ts for ts, ratings in by_reply.items() if feedback.verdict(ratings) == "positive"}
    if not liked:
        return {}
    texts = dict(
        db.execute(
            select(MemoryEntry.id, MemoryEntry.text).where(
                MemoryEntry.id.in_([r.fact_id for r in rows])
            )
        ).all()
    )
    transcript = db.execute(
        select(Message.id, Message.ts, Message.is_bot, Message.text, Message.created_at)
        .where(Message.session_id == session_id)
        .order_by(Message.id)
    ).all()
    out: dict[int, str] = {}
    said: list[str] = []
    for _id, ts, is_bot, text, created_at in transcript:
        if not is_bot:
            said.append(text)
            continue
        if ts not in liked:
            continue
        posted = as_utc(created_at)
        asked = "\n".join(said)
        for row in rows:
            fact = texts.get(row.fact_id)
            if (
                row.fact_id not in out
                and fact is not None
                and as_utc(row.at) <= posted
                and used(fact, text, asked)
            ):
                out[row.fact_id] = ts
    return out


def settle(db: Session, session_id: str, *, now: datetime, actor: str = "feedback") -> Settled:
    """Bring the session's fact reinforcements in line with its ratings; idempotent."""
    out = Settled()
    # One settle per session at a time, as `writers.lessons.feedback.settle` (which takes the
    # same lock first when both run in one transaction).
    db.execute(select(ChatSession.id).where(ChatSession.id == session_id).with_for_update())
    rows = list(db.scalars(select(FactInjection).where(FactInjection.session_id == session_id)))
    if not rows:
        return out
    used_by = _used_by(db, session_id, rows)
    for row in rows:
        reply = used_by.get(row.fact_id)
        if row.used_at is None and reply is not None:
            if _reinforce(db, row, reply, now):
                out.reinforced.append(row.fact_id)
                _audit(db, "fact.reinforced", row, reply, actor, now)
        elif row.used_at is not None and reply is None:
            if _withdraw(db, row):
                out.withdrawn.append(row.fact_id)
                _audit(db, "fact.reinforcement_withdrawn", row, row.used_reply_ts, actor, now)
        elif row.used_at is not None and reply is not None and reply != row.used_reply_ts:
            row.used_reply_ts = reply  # another 👍'd reply used it too: the reinforcement stays
    db.flush()
    return out


def _reinforce(db: Session, row: FactInjection, reply: str, now: datetime) -> bool:
    fact = db.get(MemoryEntry, row.fact_id)
    if fact is None or fact.status not in RETRIEVABLE:
        return False  # archived (or gone): nothing to refresh
    row.used_reply_ts, row.used_at, row.was_accessed_at = reply, now, fact.last_accessed_at
    return reinforce_facts(db, [row.fact_id], now) > 0


def _withdraw(db: Session, row: FactInjection) -> bool:
    """Take back what `row`'s reinforcement did, as far as nothing else changed it since."""
    fact = db.get(MemoryEntry, row.fact_id)
    if fact is not None:
        fact.access_count = max(0, fact.access_count - 1)
        last = fact.last_accessed_at
        if last is not None and row.used_at is not None and as_utc(last) == as_utc(row.used_at):
            fact.last_accessed_at = row.was_accessed_at
    row.used_reply_ts, row.used_at, row.was_accessed_at = None, None, None
    return fact is not None


def _audit(
    db: Session, action: str, row: FactInjection, reply: str | None, actor: str, now: datetime
) -> None:
    # Ids only: the fact's text stays in its row (and leaves with it on a forget).
    audit(
        db,
        actor=actor,
        action=action,
        target_kind="fact",
        target_id=str(row.fact_id),
        now=now,
        session_id=row.session_id,
        reply_ts=reply,
    )


def drop_sessions(db: Session, session_ids: Sequence[str]) -> int:
    """Withdraw the reinforcements `session_ids` made and delete their rows (forget, and the
    rollback of a session); how many rows went."""
    if not session_ids:
        return 0
    rows = list(
        db.scalars(select(FactInjection).where(FactInjection.session_id.in_(list(session_ids))))
    )
    for row in rows:
        if row.used_at is not None:
            _withdraw(db, row)
    db.flush()
    db.execute(
        delete(FactInjection)
        .where(FactInjection.session_id.in_(list(session_ids)))
        .execution_options(synchronize_session=False)
    )
    for row in rows:
        db.expunge(row)
    return len(rows)


def forget_facts(db: Session, fact_ids: Sequence[int]) -> int:
    """Delete every record of `fact_ids` having been in a context (the fact is forgotten or
    rolled back); how many rows went."""
    if not fact_ids:
        return 0
    done = db.execute(
        delete(FactInjection)
        .where(FactInjection.fact_id.in_(list(fact_ids)))
        .execution_options(synchronize_session=False)
    )
    return int(getattr(done, "rowcount", 0) or 0)


def of_session(db: Session, session_id: str) -> list[FactInjection]:
    """The session's rows, by fact id."""
    return list(
        db.scalars(
            select(FactInjection)
            .where(FactInjection.session_id == session_id)
            .order_by(FactInjection.fact_id)
        )
    )

"""Test helpers for the writers: a real session + reflection ledger row, and a write context."""

from __future__ import annotations

import uuid
from datetime import datetime
from pathlib import Path
from typing import Any

from reflection.schema import Reflection
from store import sessions as S
from store.db import Store
from store.models import ReflectionRow
from writers.base import WriteContext
from writers.fanout import context_for

OWNER = "UOWNER0001"
OTHER = "UOTHER0002"


def seed(
    store: Store,
    now: datetime,
    *,
    user: str = OWNER,
    channel: str = "DOWNER01",
    lines: tuple[str, ...] = ("how do I deploy?",),
    parsed: dict[str, Any] | None = None,
) -> tuple[str, str]:
    """Create a session with `lines` from `user` and one reflection row; (session_id, refl_id)."""
    with store.sessions.begin() as db:
        session, _ = S.get_or_open(db, S.SessionKey("T1", channel, "", user), now=now)
        for i, text in enumerate(lines):
            S.add_message(
                db,
                session_id=session.id,
                channel=channel,
                ts=f"1700000{i:03d}.000100",
                user_id=user,
                is_bot=False,
                text=text,
                now=now,
            )
        rid = str(uuid.uuid4())
        db.add(
            ReflectionRow(
                id=rid,
                session_id=session.id,
                provider="fake",
                model="fake-model",
                prompt_version="v-test",
                prompt_hash="0" * 64,
                status="ok",
                outcome="success",
                parsed=parsed,
                writer_results={},
                created_at=now,
            )
        )
        return session.id, rid


def ctx(store: Store, reflection_id: str, data_dir: Path, now: datetime) -> WriteContext:
    """The fan-out's own write context for a seeded reflection."""
    with store.sessions() as db:
        row = db.get(ReflectionRow, reflection_id)
        assert row is not None
        return context_for(db, row, owner_ids=[OWNER], data_dir=data_dir, now=now)


def reflection(**fields: Any) -> Reflection:
    """A valid reflection with defaults for everything not given."""
    return Reflection.model_validate({"outcome": "success", **fields})

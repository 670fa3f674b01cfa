"""What every writer shares: the context of one reflection, provenance, and the result shape.

A `Writer` takes a validated, redacted `Reflection` and writes its own kind of artifact inside the
database transaction it is handed; the fan-out records each writer's `WriterResult` in the
reflection's ledger row in that same transaction, so a re-run skips writers that already ran.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Literal, Protocol

from sqlalchemy.orm import Session

from reflection.schema import Reflection

WriterStatus = Literal["written", "staged", "nothing", "rejected", "failed", "skipped"]


@dataclass(frozen=True)
class Provenance:
    """Where a learned artifact came from (stored with every artifact as JSON)."""

    reflection_id: str
    session_id: str
    source_ts: tuple[str, ...]
    author_ids: tuple[str, ...]
    model: str
    prompt_version: str
    # Whose words this one item rests on (`writers.guard.attribution`); () when it was not
    # attributed, and then it rests on every author of the session. `author_ids` stays the
    # session's authors: rollback and forget by author still reach everything they took part in.
    rests_on: tuple[str, ...] = ()
    attribution: str = ""  # why `rests_on` is what it is, for provenance views

    @property
    def trust_authors(self) -> tuple[str, ...]:
        """The people the trust rule weighs for this item: its own authors when attributed,
        else the whole session's."""
        return self.rests_on or self.author_ids

    def as_json(self) -> dict[str, Any]:
        """A JSON-ready dict (the attribution keys only when the item was looked at alone)."""
        data = asdict(self)
        data["source_ts"] = list(self.source_ts)
        data["author_ids"] = list(self.author_ids)
        data["rests_on"] = list(self.rests_on)
        if not self.attribution:
            del data["rests_on"], data["attribution"]
        return data


@dataclass(frozen=True)
class Turn:
    """One message of the session's transcript as items cite it: its 1-based number in
    transcript order (`store.sessions.transcript`, as the reflection prompt numbers it), who
    wrote it (None: the bot) and its text."""

    number: int
    user_id: str | None
    text: str


@dataclass(frozen=True)
class WriteContext:
    """Everything a writer may need besides the reflection itself."""

    provenance: Provenance
    team: str
    channel: str
    user_id: str  # the session's user
    is_dm: bool
    owner_ids: tuple[str, ...]
    data_dir: Path
    now: datetime
    outcome: str = "partial"
    # Why this reflection's items are all held for the owner ("" when they are not); set once per
    # reflection by the fan-out from `writers.guard.joint.together_reason`.
    together: str = ""
    # The session's transcript, for checking what each item cites (`writers.guard.attribution`).
    turns: tuple[Turn, ...] = ()

    @property
    def user_is_owner(self) -> bool:
        """True when the session's user is a configured owner."""
        return self.user_id in self.owner_ids


@dataclass
class WriterResult:
    """What one writer did with one reflection (stored in the ledger's writer_results)."""

    status: WriterStatus
    written: int = 0
    staged: int = 0
    redacted: int = 0
    rejected: int = 0
    quarantined: int = 0
    detail: list[str] = field(default_factory=list)
    error: str | None = None

    def as_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return asdict(self)


class Writer(Protocol):
    """One kind of learned artifact's write path."""

    @property
    def name(self) -> str:
        """Stable key used in writer_results (e.g. "memory", "skills")."""
        ...

    def write(self, db: Session, ctx: WriteContext, reflection: Reflection) -> WriterResult:
        """Write this reflection's artifacts in `db`'s transaction; idempotent per reflection."""
        ...


def content_hash(*parts: str) -> str:
    """SHA-256 over normalised parts; the short form (first 8 hex) is shown on review cards."""
    h = hashlib.sha256()
    for part in parts:
        h.update(" ".join(part.split()).encode("utf-8"))
        h.update(b"\x00")
    return h.hexdigest()

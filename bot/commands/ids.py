"""One way to name a reflection or a session on the command line: the full id or a unique prefix
(the 8 characters `seshat reflections list` prints), everywhere."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from store.models import ChatSession, ReflectionRow

_LISTING = {
    "reflection": "seshat reflections list",
    "session": "seshat reflections list, its session column",
}


class UnknownId(Exception):
    """No such id, or a prefix that names several; the message says how to list them."""


def resolve(db: Session, what: str, given: str) -> str:
    """The full id of the `what` ("reflection" or "session") that `given` names."""
    listing = _LISTING[what]
    given = given.strip()
    if not given:
        raise UnknownId(f"an empty {what} id (see `{listing}`)")
    column = ReflectionRow.id if what == "reflection" else ChatSession.id
    matches = list(db.scalars(select(column).where(column == given)))
    if not matches:
        matches = list(db.scalars(select(column).where(column.startswith(given)).limit(3)))
    if not matches:
        raise UnknownId(f"no {what} {given} (see `{listing}`)")
    if len(matches) > 1:
        raise UnknownId(f"{given} names more than one {what}; give more of its id")
    return str(matches[0])

"""One way to name a reflection or a session on the command line: the full id or a unique prefix
(the 8 characters `seshat reflections list` prints), everywhere; and what a Slack user or
channel id looks like, to say so when a given one cannot be one."""

from __future__ import annotations

import re

from sqlalchemy import select
from sqlalchemy.orm import Session

from store.config import OWNER_ID
from store.models import ChatSession, ReflectionRow

_LISTING = {
    "reflection": "`seshat reflections list`",
    "session": "the session column of `seshat reflections list`",
}
SLACK_CHANNEL = re.compile(r"^[CGD][A-Z0-9]+$")
_SHAPES = {
    "user": (OWNER_ID, "a Slack user id (U… or W…, capitals and digits, e.g. U0123ABCD)"),
    "channel": (
        SLACK_CHANNEL,
        "a Slack channel id (C… a channel, G… a private one, D… a DM; e.g. C0123ABCD)",
    ),
}


def not_a_slack_id(value: str, what: str) -> str | None:
    """ "not a Slack … id (what one looks like)" when `value` cannot be a Slack `what` ("user" or
    "channel") id, else None. The usual slip: a name, a @handle or a #channel for the id."""
    pattern, looks = _SHAPES[what]
    return None if pattern.match(value) else f"not {looks}"


# What a person pastes for an id: a mention as Slack writes it (`<@U0123ABCD>`,
# `<@U0123ABCD|alice>`, `<#C0123ABCD|general>`), or the id in lower case.
_PASTED = re.compile(r"^<[@#]([A-Za-z0-9]+)(?:\|[^>]*)?>$")


def slack_id(value: str, what: str) -> str:
    """`value` as the Slack `what` ("user" or "channel") id it was pasted as: a mention's id,
    upper-cased when that makes it one; otherwise `value` as given (`not_a_slack_id` says why
    it is not one)."""
    pattern, _looks = _SHAPES[what]
    given = value.strip()
    pasted = _PASTED.match(given)
    candidate = (pasted.group(1) if pasted else given).upper()
    return candidate if pattern.match(candidate) else value


class UnknownId(Exception):
    """No such id, or a prefix that names several; the message says how to list them."""


def resolve(db: Session, what: str, given: str) -> str:
    """The full id of the `what` ("reflection" or "session") that `given` names."""
    listing = _LISTING[what]
    given = given.strip()
    if not given:
        raise UnknownId(f"an empty {what} id (see {listing})")
    column = ReflectionRow.id if what == "reflection" else ChatSession.id
    matches = list(db.scalars(select(column).where(column == given)))
    if not matches:
        matches = list(db.scalars(select(column).where(column.startswith(given)).limit(3)))
    if not matches:
        raise UnknownId(f"no {what} {given} (see {listing})")
    if len(matches) > 1:
        raise UnknownId(f"{given} names more than one {what}; give more of its id")
    return str(matches[0])

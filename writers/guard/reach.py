# ruff: noqa: E501  (the table in the docstring reads better unwrapped)
"""The read side of the trust rule: which learned item a given place may show.

`writers.guard.trust` decides, when an item is written, whom it may reach. This module decides,
every time something learned is *read* (a prompt, the "what do you remember about me" answer,
App Home, `seshat context`), whether one item may be shown in one place. Every reader calls
`visible` (or, for facts in SQL, `fact_condition`, which a property test holds equal to it):

| item (its `Scope`) | learned in | shown in a session (`View.session`) | shown on a person's own record (`View.record`: their App Home, the DM answer) |
| --- | --- | --- | --- |
| everyone's (canonical lesson, approved skill, MEMORY.md line, USER.md line) | an owner's decision | everywhere | its author's |
| about a person P (a user-model note, an owner's note naming P, a fact from P's DM) | a DM | only in P's DMs | P's |
| about a person P | channel C | in P's DMs, and in P's sessions in C (C heard it) | P's (not its author's, when that is someone else) |
| a channel fact by author A, not shared | channel C | in A's sessions in C only | A's |
| a channel fact shared by an owner's ✅ | channel C | every session in C | its author's |
| anything not released (pending, quarantined, archived) | anywhere | nowhere | its author's, when it is not about someone else |

An item whose origin is unknown (its session is gone, an import) counts as learned in a DM:
the rule fails closed. A channel is never shown what was said in another channel, and a DM is
never shown to anyone but the person it was with.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sqlalchemy import ColumnElement, and_, false, or_, select

from store.models import ChatSession, MemoryEntry

ScopeKind = Literal["everyone", "person", "channel"]


def is_dm_channel(channel: str | None) -> bool:
    """Slack's one-to-one DM ids start with D (group DMs and channels do not)."""
    return bool(channel) and str(channel).startswith("D")


@dataclass(frozen=True)
class View:
    """Where something learned would be shown, and to whom."""

    viewer: str  # the session's user, or the person whose own record this is
    channel: str  # the session's channel ("" for a record)
    record: bool = False  # the person's own record (App Home, the DM memory answer)

    @property
    def private(self) -> bool:
        """Only the viewer reads it: a DM with them, or their own record."""
        return self.record or is_dm_channel(self.channel)

    @classmethod
    def session(cls, *, user_id: str, channel: str) -> View:
        """A chat session: read by everyone in `channel` (just the user in a DM)."""
        return cls(viewer=user_id, channel=channel)

    @classmethod
    def own_record(cls, user_id: str) -> View:
        """A person's own view of what is kept about them."""
        return cls(viewer=user_id, channel="", record=True)


@dataclass(frozen=True)
class Scope:
    """Where one stored item came from and whom it concerns."""

    kind: ScopeKind
    author: str | None = None  # whose words it rests on
    person: str | None = None  # for `person`: who it is about
    origin: str | None = None  # the channel it was learned in (None: unknown)
    shared: bool = False  # for `channel`: an owner shared it with the whole channel
    released: bool = True  # active and decided; False: pending, quarantined, archived

    @property
    def learned_in_dm(self) -> bool:
        """True when learned in a DM, or when nobody knows where (fail closed)."""
        return self.origin is None or is_dm_channel(self.origin)


EVERYONE = Scope("everyone")


def visible(scope: Scope, view: View) -> bool:
    """The table above: may `view` show the item with `scope`?"""
    if view.record:
        # A person's own record: what is about them once released, and their own words that
        # are not about someone else (those belong on that person's record).
        if scope.kind == "person":
            return view.viewer == scope.person and (scope.released or view.viewer == scope.author)
        return view.viewer == scope.author
    if not scope.released:
        return False
    if scope.kind == "everyone":
        return True
    if scope.kind == "person":
        if view.viewer != scope.person:
            return False
        return view.private or (not scope.learned_in_dm and scope.origin == view.channel)
    # A channel item: only in its own channel, to its author until an owner shared it.
    if view.private or scope.origin != view.channel:
        return False
    return scope.shared or view.viewer == scope.author


# --- stored rows → scopes -----------------------------------------------------------------------


def fact_scope(entry: MemoryEntry, origin: str | None) -> Scope:
    """A MemoryEntry's scope; `origin` is the channel of the session it was learned in."""
    released = entry.status == "active"
    if entry.scope_kind == "global":
        return Scope("everyone", author=entry.author_id, released=released)
    if entry.scope_kind == "user":
        return Scope(
            "person",
            author=entry.author_id,
            person=entry.scope_id,
            origin=origin,
            released=released,
        )
    return Scope(
        "channel",
        author=entry.author_id,
        origin=entry.scope_id,
        shared=entry.reach == "scope",
        released=released,
    )


def fact_condition(view: View) -> ColumnElement[bool]:
    """`visible` for released facts, as SQL over MemoryEntry (person and channel scopes only).

    Equal to `visible(fact_scope(row, origin), view)` for every active fact row, where `origin`
    is the channel of the row's session (a property test checks this on a real database).
    """
    same_channel_sessions = select(ChatSession.id).where(ChatSession.channel == view.channel)
    person = and_(MemoryEntry.scope_kind == "user", MemoryEntry.scope_id == view.viewer)
    if view.record:
        theirs = and_(MemoryEntry.scope_kind != "user", MemoryEntry.author_id == view.viewer)
        return or_(person, theirs)
    if view.private:
        # In a DM: what is about this person. Channel facts stay in their channel.
        return person
    if not view.channel:
        return false()
    channel = and_(
        MemoryEntry.scope_kind == "channel",
        MemoryEntry.scope_id == view.channel,
        or_(MemoryEntry.reach == "scope", MemoryEntry.author_id == view.viewer),
    )
    # About this person and said in this very channel (so the channel heard it).
    heard_here = and_(person, MemoryEntry.session_id.in_(same_channel_sessions))
    return or_(channel, heard_here)


def observation_scope(
    *, subject: str, author: str | None, status: str, origin: str | None
) -> Scope:
    """A user-model observation's scope (it is about `subject`)."""
    return Scope(
        "person", author=author, person=subject, origin=origin, released=status == "active"
    )

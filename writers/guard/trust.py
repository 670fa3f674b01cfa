# ruff: noqa: E501  (the table in the docstring reads better unwrapped)
"""The trust rule: who authored a learned item, whom it reaches, and what lets it reach further.

Every learned item has an author: the user of the session it was learned from (from provenance,
never whoever the text names or claims to be). Nothing reaches a person other than its author
without an owner's decision or real corroboration:

| item | learned in | reaches, with no decision | what lets it reach further |
| --- | --- | --- | --- |
| lesson | anyone's session | nobody (provisional) | owner ✅, or recurrence (≥ 3 sessions, ≥ 2 distinct *corroborating* users: owners and LESSON_TRUSTED_USERS, see `Guard.corroborating`) that also passes the promotion check → everyone |
| memory note | an owner's session, or an owner's own turns in a thread others joined (`rests_on`) | everyone (MEMORY.md) | — |
| memory note naming one person (`<@U…>`) | the same | that person (a fact in their DMs) | — |
| fact (memory note) | a non-owner's DM | its author | — |
| fact (memory note) | a non-owner's channel session | its author, in that channel | owner ✅ → everyone in the channel |
| user-model observation about X | X's own or an owner's session | X | — |
| user-model observation about X | anyone else's session | nobody (staged) | owner ✅ → X |
| persona observation | anyone's session | nobody (staged) | owner 🧠 → everyone (USER.md) |
| skill | anyone's session | nobody (draft) | owner ✅ → everyone |
| check-in | anyone's session | its author (a DM) | — |
| check-in | a session others wrote in too | nobody (held) | — |

An item's "author" above is every person whose words it rests on, and it is as trusted as the
least trusted of them. In a session several people wrote in, that is the people whose turns the
item cites, checked against what each of them said (`rests_on`, `writers.guard.attribution`):
an owner's fact in a thread a member joined is the owner's, the member's is the member's. An
item whose citation is missing or does not stand rests on everyone in the transcript
(`authors`): then an owner's thread a member wrote in is a member's session, and an
observation about X is X's own only when X (or an owner) alone wrote.

Above every row: an item the safety check flags, that hides characters, or that belongs to a
reflection whose items are flagged together, is quarantined — it reaches nobody until the owner
approves it on a card that shows why. `placement` is the one place this table is decided; every
writer asks it (through `Guard.admit`) and stores what it says.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

Reach = Literal["nobody", "author", "subject", "channel", "everyone"]
ITEM_KINDS = ("lesson", "memory_note", "user_observation", "persona", "skill", "checkin")
_PERSON = re.compile(r"<@([UW][A-Z0-9]{2,})(?:\|[^>]*)?>|\b([UW](?=[A-Z0-9]*\d)[A-Z0-9]{6,})\b")


def people_named(text: str) -> list[str]:
    """Slack user ids a text is about (mentions and bare ids), in order, each once."""
    found: list[str] = []
    for m in _PERSON.finditer(text):
        uid = m.group(1) or m.group(2)
        if uid not in found:
            found.append(uid)
    return found


@dataclass(frozen=True)
class Placement:
    """Where an item may go now, and where an owner's decision would take it."""

    reach: Reach
    on_approval: Reach | None  # None: nothing to decide, it can go no further
    why: str

    @property
    def needs_card(self) -> bool:
        """True when the item should be put before the owner to reach further."""
        return self.on_approval is not None


def placement(
    kind: str,
    *,
    author: str,
    owners: Sequence[str],
    is_dm: bool,
    subject: str | None = None,
    authors: Sequence[str] = (),
    rests_on: Sequence[str] = (),
) -> Placement:
    """The trust rule's answer for one clean item (quarantine is decided before this).

    `authors`: everyone whose words are in the session the item was learned from (its
    transcript's people). A session is as trusted as the least trusted of them: an owner's
    thread that someone else wrote in is not an owner's session, and a person's thread that
    someone else wrote in is not only that person's words about themselves.

    `rests_on`: when the item was attributed on its own (`writers.guard.attribution`), the
    people whose words it rests on; they replace the session's authors, so an owner's words in
    a thread a member joined are the owner's. A check-in still goes only to the session's user,
    and only when it rests on that user's words alone.
    """
    words = set(rests_on) if rests_on else {author, *authors}
    owner = all(a in owners for a in words)
    if kind == "lesson":
        return Placement(
            "nobody", "everyone", "a lesson reaches others only by the owner or by recurrence"
        )
    if kind == "memory_note":
        if owner and subject is not None:
            return Placement("subject", None, "an owner's note about one person is theirs alone")
        if owner:
            return Placement("everyone", None, "an owner's note goes to MEMORY.md")
        if is_dm:
            return Placement("author", None, "a fact from a DM stays with its author")
        return Placement(
            "author",
            "channel",
            "a fact from a channel member reaches the channel only with the owner's approval",
        )
    if kind == "user_observation":
        if subject is None:
            raise ValueError("a user observation needs its subject")
        if words <= {subject, *owners}:
            return Placement(
                "subject", None, "an observation from its subject's or an owner's session"
            )
        return Placement(
            "nobody",
            "subject",
            f"an observation about <@{subject}> from <@{author}>'s session needs the owner",
        )
    if kind == "persona":
        return Placement("nobody", "everyone", "persona changes need the owner's 🧠")
    if kind == "skill":
        return Placement("nobody", "everyone", "skills need the owner's ✅")
    if kind == "checkin":
        if words != {author}:
            # Nothing tells whose words asked for it: the session's user may not have.
            return Placement(
                "nobody", None, "a check-in goes only to the person whose own words asked for it"
            )
        return Placement("author", None, "a check-in goes only to its session's user, by DM")
    raise ValueError(f"unknown item kind {kind!r}; expected one of {ITEM_KINDS}")

"""Learning notices: after a reflection is applied, one line on what was learned and what awaits
approval, with an **Undo** button that rolls the reflection back.

`LEARNING_NOTICES` says where it goes: `both` (the default: a DM to the first owner, and the
session's own thread or DM for the person it learned from), `owner`, `thread` or `off`. A notice
is sent at most once per reflection, across
replicas and restarts: its `learning_notices` row is inserted before the post and the insert is
the claim (a resumed fan-out finds the row and posts nothing). The line carries counts and kinds
only, never learned text, so a thread notice shows nothing the session's people could not see.

Undo runs `writers.library.rollback.rollback(reflection_id=…)`, the same as `seshat rollback
--reflection`, for an owner. The person the session learned from may press it too: for them it
rolls back what concerns only them (`rollback(concerning=…)`: their facts, notes about them,
their check-ins), audited as `notice.undo_own`, and tells them privately. The clicking user is
re-checked on every click, and a click from anyone else (a crafted `block_actions` payload too)
changes nothing, is audited as `notice.undo_refused` and told so privately. The row's state moves
to `undone` with a compare-and-set, so two clicks undo once.
"""

from __future__ import annotations

import logging
from collections import Counter
from datetime import datetime, timedelta
from typing import Any

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from bot.slack.inbound import InboundAction
from bot.slack.web import dm_channel, slack_error
from store.clock import Clock
from store.config import Settings
from store.db import Store, insert_ignore
from store.ledger import audit
from store.models import AuditEvent, ChatSession, LearningNotice, ReflectionRow, ReviewItem
from writers.library.rollback import Change, rollback
from writers.skills.gitrepo import GitError

log = logging.getLogger(__name__)

UNDO_ACTION = "seshat_notice_undo"
# writer name → what one written item of it is called
LEARNED = {
    "memory": ("note", "notes"),
    "lessons": ("lesson", "lessons"),
    "skills": ("skill", "skills"),
    "persona": ("persona note", "persona notes"),
    "user_model": ("note about a person", "notes about people"),
    "checkins": ("check-in", "check-ins"),
}
WAITING = {
    "skill": ("skill draft", "skill drafts"),
    "skill_state": ("skill change", "skill changes"),
    "persona": ("persona note", "persona notes"),
    "lesson": ("lesson", "lessons"),
    "memory": ("memory note", "memory notes"),
    "fact": ("fact", "facts"),
    "user_observation": ("note about a person", "notes about people"),
}


def _counted(counts: Counter[str], names: dict[str, tuple[str, str]]) -> str:
    parts = []
    for key, n in counts.items():
        one, many = names.get(key, (key, key))
        parts.append(f"{n} {one if n == 1 else many}")
    return ", ".join(parts)


def notice_text(
    writer_results: dict[str, Any], waiting: list[ReviewItem], *, where: str
) -> str | None:
    """The one line ("Learned …; waiting for approval …"), or None when there is nothing."""
    learned: Counter[str] = Counter()
    for name, result in (writer_results or {}).items():
        written = int(result.get("written", 0)) if isinstance(result, dict) else 0
        if written:
            learned[name] += written
    pending: Counter[str] = Counter(i.kind for i in waiting)
    if not learned and not pending:
        return None
    parts = []
    if learned:
        parts.append(f"learned {_counted(learned, LEARNED)}")
    if pending:
        parts.append(f"waiting for an owner's approval: {_counted(pending, WAITING)}")
    return f"From {where}: " + "; ".join(parts) + "."


class LearningNotices:
    """Posts the notice after a fan-out and handles its Undo button."""

    def __init__(self, *, store: Store, slack: WebClient, clock: Clock, settings: Settings) -> None:
        self.store = store
        self.slack = slack
        self.clock = clock
        self.settings = settings

    # Posting ----------------------------------------------------------------------------------

    def post(self, reflection_id: str) -> bool:
        """Send the reflection's notice(s) unless notices are off, there is nothing to say, or
        they were claimed before (here or by another replica); True when this call posted.

        `both` (the default): the owner gets the notice in a DM and the person the session
        learned from gets it in that session's thread (or DM), with an Undo for what concerns
        only them; an owner's own session gets one notice."""
        mode = self.settings.learning_notices
        owners = self.settings.owner_ids
        if mode == "off" or (mode == "owner" and not owners):
            return False
        now = self.clock.now()
        with self.store.sessions.begin() as db:
            row = db.get(ReflectionRow, reflection_id)
            session = db.get(ChatSession, row.session_id) if row is not None else None
            if row is None or session is None:
                return False
            waiting = list(
                db.scalars(
                    select(ReviewItem).where(
                        ReviewItem.reflection_id == reflection_id, ReviewItem.status == "pending"
                    )
                )
            )
            to_owner = mode in ("owner", "both") and bool(owners)
            to_person = mode == "thread" or (mode == "both" and session.user_id not in owners)
            owner_where = (
                f"<@{session.user_id}>'s session in <#{session.channel}> "
                f"(reflection `{reflection_id[:8]}`)"
            )
            owner_text = notice_text(row.writer_results, waiting, where=owner_where)
            person_text = notice_text(row.writer_results, waiting, where="this session")
            text = owner_text if to_owner else person_text
            if text is None or person_text is None:
                return False
            claimed = insert_ignore(
                db,
                LearningNotice,
                [
                    {
                        "reflection_id": reflection_id,
                        "state": "sending",
                        "text": text,
                        "created_at": now,
                    }
                ],
            )
            if not claimed:
                return False
            thread = (session.channel, session.thread_ts or None)
        posted_to: tuple[str, str | None] | None = None
        if to_owner:
            posted_to = self._send(None, text, reflection_id, owner=owners[0])
        if to_person:
            sent = self._send(thread, person_text, reflection_id)
            posted_to = posted_to or sent
        state = "sent" if posted_to is not None and posted_to[1] is not None else "failed"
        channel = posted_to[0] if posted_to is not None else thread[0]
        ts = posted_to[1] if posted_to is not None else None
        with self.store.sessions.begin() as db:
            db.execute(
                update(LearningNotice)
                .where(LearningNotice.reflection_id == reflection_id)
                .values(state=state, channel=channel, ts=ts)
            )
        return state == "sent"

    def post_missing(
        self, *, min_age: timedelta = timedelta(0), max_age: timedelta = timedelta(days=1)
    ) -> int:
        """Send the notices a crash left unsent: reflections applied (their fan-out done, the
        cards' turn next) between `max_age` and `min_age` ago with no notice claimed. Returns
        how many were posted. (A notice claimed but never confirmed stays unsent: its post may
        have reached Slack.)"""
        now = self.clock.now()
        with self.store.sessions() as db:
            missing = db.scalars(
                select(ReflectionRow.id)
                .outerjoin(LearningNotice, LearningNotice.reflection_id == ReflectionRow.id)
                .where(
                    ReflectionRow.applied_at.isnot(None),
                    ReflectionRow.applied_at >= now - max_age,
                    ReflectionRow.applied_at <= now - min_age,
                    LearningNotice.reflection_id.is_(None),
                )
                .order_by(ReflectionRow.applied_at)
            ).all()
        return sum(self.post(reflection_id) for reflection_id in missing)

    def _send(
        self,
        target: tuple[str, str | None] | None,
        text: str,
        reflection_id: str,
        *,
        owner: str | None = None,
    ) -> tuple[str, str | None] | None:
        """Post one notice (to `target`, or a DM to `owner`); (channel, ts), ts None on failure."""
        try:
            if owner is not None:
                channel = dm_channel(self.slack, owner)
                target = (channel, None)
            assert target is not None
            posted = self.slack.chat_postMessage(
                channel=target[0],
                thread_ts=target[1],
                text=text,
                blocks=self.blocks(text, reflection_id),
            )
            return target[0], str(posted["ts"])
        except (SlackApiError, OSError) as exc:
            # Not retried: a post that reached Slack before the error would be sent twice.
            log.warning("could not post the learning notice: %s", slack_error(exc))
            return (target[0], None) if target is not None else None

    @staticmethod
    def blocks(
        text: str, reflection_id: str, *, outcome: str | None = None
    ) -> list[dict[str, Any]]:
        """The notice: its line, then the Undo button (or, once decided, what happened)."""
        blocks: list[dict[str, Any]] = [
            {"type": "section", "text": {"type": "mrkdwn", "text": text[:2900]}}
        ]
        if outcome is not None:
            blocks.append({"type": "context", "elements": [{"type": "mrkdwn", "text": outcome}]})
            return blocks
        blocks.append(
            {
                "type": "actions",
                "block_id": f"notice:{reflection_id}"[:255],
                "elements": [
                    {
                        "type": "button",
                        "action_id": UNDO_ACTION,
                        "text": {"type": "plain_text", "text": "Undo"},
                        "style": "danger",
                        "value": reflection_id,
                        "confirm": {
                            "title": {"type": "plain_text", "text": "Undo this reflection?"},
                            "text": {
                                "type": "mrkdwn",
                                "text": "Everything learned from it is rolled back (archived, "
                                "its lines removed, skills reverted) and its cards rejected.",
                            },
                            "confirm": {"type": "plain_text", "text": "Undo"},
                            "deny": {"type": "plain_text", "text": "Keep"},
                            "style": "danger",
                        },
                    }
                ],
            }
        )
        return blocks

    # Undo -------------------------------------------------------------------------------------

    def on_action(self, action: InboundAction) -> bool:
        """The Undo button; True when the click was one (whoever clicked)."""
        if action.action_id != UNDO_ACTION:
            return False
        self.undo(action.value, actor=action.user, channel=action.channel)
        return True

    def undo(self, reflection_id: str, *, actor: str, channel: str | None) -> str:
        """Roll the reflection back if `actor` is an owner; returns what happened."""
        try:
            outcome, message, notice = self._undo(reflection_id, actor=actor)
        except GitError as exc:
            log.error("undo from a learning notice failed: %s", exc)
            outcome, notice = "failed", None
            message = (
                f"Undo failed in the skills repository; nothing was changed. Run "
                f"`seshat rollback --reflection {reflection_id[:8]}` to see why."
            )
        text = notice.text if notice is not None else ""
        where = (notice.channel, notice.ts) if notice is not None else (None, None)
        if outcome == "undone" and where[0] and where[1]:
            try:
                self.slack.chat_update(
                    channel=where[0],
                    ts=where[1],
                    text=f"{text} {message}",
                    blocks=self.blocks(text, reflection_id, outcome=message),
                )
            except (SlackApiError, OSError) as exc:
                log.warning("could not update the learning notice: %s", slack_error(exc))
        elif outcome != "undone" and channel:
            try:
                self.slack.chat_postEphemeral(channel=channel, user=actor, text=message)
            except (SlackApiError, OSError) as exc:
                log.warning("could not send ephemeral note: %s", slack_error(exc))
        return outcome

    def _roll_back(
        self,
        db: Session,
        reflection_id: str,
        *,
        actor: str,
        now: datetime,
        action: str,
        only: str | None = None,
    ) -> list[Change]:
        """Roll the reflection back (what concerns only `only`, when given) and audit `action`."""
        changes = rollback(
            db,
            reflection_id=reflection_id,
            dry_run=False,
            actor=actor,
            now=now,
            data_dir=self.settings.data_dir,
            skills_dir=self.settings.effective_skills_dir,
            concerning=only,
        )
        audit(
            db,
            actor=actor,
            action=action,
            target_kind="reflection",
            target_id=reflection_id,
            now=now,
            changes=len(changes),
        )
        return changes

    def _undo(self, reflection_id: str, *, actor: str) -> tuple[str, str, LearningNotice | None]:
        now = self.clock.now()
        s = self.settings
        with self.store.sessions.begin() as db:
            notice = db.get(LearningNotice, reflection_id)
            row = db.get(ReflectionRow, reflection_id)
            session = db.get(ChatSession, row.session_id) if row is not None else None
            person = session.user_id if session is not None else None
            if row is None:
                # Forgotten (the person's "forget everything" deletes the reflection) or never
                # there: before, the person was told only owners may undo.
                if actor not in s.owner_ids:
                    _undo_refused(db, actor, reflection_id, now, "no such reflection")
                outcome, message = (
                    "gone",
                    "There is nothing left to undo: what this session's reflection kept is "
                    "gone (forgotten or rolled back).",
                )
            elif actor not in s.owner_ids and actor == person and notice is not None:
                # The person the session learned from undoes what concerns only them (their
                # facts, notes about them, their check-ins); what reaches others stays the
                # owner's to decide, so the notice keeps its Undo for the owner.
                before = db.scalar(
                    select(AuditEvent.id).where(
                        AuditEvent.action == "notice.undo_own",
                        AuditEvent.actor == actor,
                        AuditEvent.target_id == reflection_id,
                    )
                )
                changes = self._roll_back(
                    db, reflection_id, actor=actor, now=now, action="notice.undo_own", only=actor
                )
                outcome = "undone_own"
                rest = "the rest is an owner's to decide."
                if changes:
                    message = (
                        f"Undone what concerned only you: {len(changes)} change(s) rolled back."
                    )
                elif before is not None:
                    # A second click: before, "nothing from this session concerns only you".
                    message = f"What concerned only you was undone already; {rest}"
                else:
                    message = f"Nothing from this session concerns only you; {rest}"
            elif actor not in s.owner_ids:
                _undo_refused(db, actor, reflection_id, now, "not an owner")
                outcome, message = "refused", "Only an owner can undo what Seshat learned."
            elif notice is None:
                outcome, message = "unknown", "There is no learning notice for that reflection."
            else:
                won = db.execute(
                    update(LearningNotice)
                    .where(
                        LearningNotice.reflection_id == reflection_id,
                        LearningNotice.state != "undone",
                    )
                    .values(state="undone", undone_by=actor[:64], undone_at=now)
                )
                if not getattr(won, "rowcount", 0):
                    outcome, message = "done_before", "That reflection was already undone."
                else:
                    changes = self._roll_back(
                        db, reflection_id, actor=actor, now=now, action="notice.undo"
                    )
                    outcome = "undone"
                    message = f"Undone by <@{actor}>: {len(changes)} change(s) rolled back."
        return outcome, message, notice


def _undo_refused(db: Session, actor: str, reflection_id: str, now: datetime, reason: str) -> None:
    """Audit a notice's Undo that was not carried out, and why."""
    audit(
        db,
        actor=actor,
        action="notice.undo_refused",
        target_kind="reflection",
        target_id=reflection_id[:64],
        now=now,
        reason=reason,
    )

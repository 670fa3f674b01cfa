"""A click on a reply's 👍 / 👎: checked, recorded against that reply, and counted.

Only the session's user (or an owner) rates a reply: anyone else's click — or a crafted payload
naming a reply the session does not have — changes nothing, is audited as `feedback.ignored` and
answered privately. A counted click is stored (`store.feedback.record`: a second click by the
same person replaces the first; a redelivered or older click never wins) and settled into the
efficacy of the lessons and skills the session used (`writers.lessons.feedback.settle`) and into
the facts a 👍'd reply used (`writers.notes.uses.settle`), in one transaction. The reflection
reads the stored ratings when the session ends.
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from typing import Literal

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from sqlalchemy import select

from bot.slack.inbound import InboundFeedback
from store import feedback
from store.clock import Clock
from store.db import Store
from store.ledger import audit
from store.models import ChatSession, FeedbackRating, Message
from writers.lessons.feedback import settle
from writers.notes import uses

log = logging.getLogger(__name__)

Handled = Literal["new", "changed", "same", "stale", "denied", "unknown"]
DENIED = (
    "Only the person who asked (or an owner) can rate this answer, so your 👍/👎 was not counted."
)
UNKNOWN = "I can't find that answer in this conversation any more, so the rating was not kept."
NOTED_WRONG = (
    "Noted: this answer is marked as wrong. I'll learn from it when this conversation ends."
)


class FeedbackRecorder:
    """Handles feedback-button clicks (wired into `SeshatService.on_feedback`)."""

    def __init__(
        self,
        *,
        store: Store,
        slack: WebClient,
        clock: Clock,
        owner_ids: Collection[str],
    ) -> None:
        self.store = store
        self.slack = slack
        self.clock = clock
        self.owner_ids = frozenset(owner_ids)

    def on_feedback(self, click: InboundFeedback) -> Handled:
        """Record `click` if it counts; returns what happened."""
        now = self.clock.now()
        with self.store.sessions.begin() as db:
            session = db.get(ChatSession, click.session_id)
            answered = db.scalar(
                select(Message.id).where(
                    Message.session_id == click.session_id,
                    Message.ts == click.reply_ts,
                    Message.channel == click.channel,
                    Message.is_bot.is_(True),
                )
            )
            outcome: Handled
            if session is None or answered is None:
                outcome, reason = "unknown", "no such reply in that session"
            elif click.user != session.user_id and click.user not in self.owner_ids:
                outcome, reason = "denied", "not the session's user or an owner"
            else:
                outcome = feedback.record(
                    db,
                    session_id=session.id,
                    channel=click.channel,
                    reply_ts=click.reply_ts,
                    answers_ts=db.scalar(
                        select(Message.ts).where(
                            Message.session_id == session.id, Message.reply_ts == click.reply_ts
                        )
                    ),
                    user_id=click.user,
                    rating=click.rating,
                    action_ts=click.action_ts,
                    now=now,
                )
                reason = ""
                if outcome in ("new", "changed"):
                    settle(db, session.id, now=now)
                    # A 👍'd reply reinforces the facts it used; a 👎 or a 👍 taken back does not.
                    uses.settle(db, session.id, now=now)
            if outcome in ("unknown", "denied"):
                audit(
                    db,
                    actor=click.user,
                    action="feedback.ignored",
                    target_kind="session",
                    target_id=click.session_id,
                    now=now,
                    reason=reason,
                    reply_ts=click.reply_ts,
                    rating=click.rating,
                )
        log.info(
            "feedback %s",
            outcome,
            extra={"session": click.session_id, "rating": click.rating, "user": click.user},
        )
        if outcome == "denied":
            self._tell(click, DENIED)
        elif outcome == "unknown":
            self._tell(click, UNKNOWN)
        elif outcome in ("new", "changed") and click.rating == FeedbackRating.NEGATIVE:
            self._tell(click, NOTED_WRONG)
        return outcome

    def _tell(self, click: InboundFeedback, text: str) -> None:
        """A note only the clicker sees, in the reply's thread."""
        try:
            self.slack.chat_postEphemeral(
                channel=click.channel,
                user=click.user,
                text=text,
                thread_ts=click.thread_ts or click.reply_ts,
            )
        except (SlackApiError, OSError) as exc:
            log.warning("could not send the feedback note: %s", exc)

"""A person's forget, end to end: the purge, the file scrub, the caches, Slack, the receipt.

`writers.library.purge.Purge` deletes in one transaction; then the SQLite file is checkpointed so
the
WAL keeps no deleted page, whatever this process keeps rendered (prompt contexts, vectors) is
dropped, the review cards that showed purged items are deleted from the owner's DM, and the
person gets a DM receipt with counts only. A refused forget (an item that is not theirs, e.g. a
crafted button payload) changes nothing and is audited.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from bot.slack.web import dm
from store.clock import Clock
from store.db import Store
from store.ledger import audit
from writers.lessons.index import LessonLibrary
from writers.library.purge import MirrorDeleter, Purge, Receipt, UnknownItem, delete_mirrored

log = logging.getLogger(__name__)

NOUNS = {
    "fact": "fact(s)",
    "note": "note(s) about you",
    "session": "session(s)",
    "message": "message(s)",
    "reflection": "reflection(s)",
    "lesson": "lesson(s) only you supported",
    "lesson_provenance": "lesson(s) no longer citing you",
    "skill": "skill(s) and draft(s) learned from you",
    "review_item": "review card(s)",
    "checkin": "planned check-in(s)",
}


def receipt_text(receipt: Receipt) -> str:
    """The DM receipt: what kinds and how many, never what they said."""
    parts = [f"{n} {NOUNS[k]}" for k, n in sorted(receipt.counts.items()) if n and k in NOUNS]
    what = "everything I kept about you" if receipt.item is None else "what you asked"
    body = ", ".join(parts) if parts else "nothing was kept"
    return (
        f"I forgot {what}: {body}. It is deleted, not archived, and will not come back. "
        "This receipt holds no content."
    )


class Forgetting:
    """Runs forgets for the daemon (Slack) with everything a purge needs."""

    def __init__(
        self,
        *,
        store: Store,
        slack: WebClient | None,
        clock: Clock,
        data_dir: Path,
        library: LessonLibrary | None,
        mirror: MirrorDeleter | None = None,
        clear_caches: Callable[[], None] = lambda: None,
        skills_dir: Path | None = None,
    ) -> None:
        self.store, self.slack, self.clock = store, slack, clock
        self.skills_dir = skills_dir  # None: the default, `skills/` under the data dir
        self.data_dir, self.library, self.mirror = data_dir, library, mirror
        self.clear_caches = clear_caches

    def forget(self, user_id: str, item: str | None = None, *, actor: str) -> Receipt:
        """Purge `user_id`'s data (or one item of theirs); UnknownItem when it is not theirs."""
        with self.store.sessions.begin() as db:
            receipt = Purge(
                db,
                user_id=user_id,
                item=item,
                data_dir=self.data_dir,
                now=self.clock.now(),
                actor=actor,
                library=self.library,
                skills_dir=self.skills_dir,
            ).run(dry_run=False)
        self.finish([receipt], actor=actor)
        self._dm(user_id, receipt_text(receipt))
        log.info("forgotten", extra={"user": user_id, "item": item, "total": receipt.total})
        return receipt

    def finish(self, receipts: list[Receipt], *, actor: str) -> None:
        """What follows committed purges (a forget's, or those an import's tombstones asked
        for): the Honcho mirror, the SQLite scrub, the caches, the review cards in Slack."""
        for receipt in receipts:
            if self.mirror is not None:
                with self.store.sessions.begin() as db:
                    audit(
                        db,
                        actor=actor,
                        action="forget.mirror",
                        target_kind="user",
                        target_id=receipt.user_id,
                        now=self.clock.now(),
                        result=delete_mirrored(receipt, self.mirror),
                        reflections=receipt.mirrored,
                    )
        if not self.store.scrub():
            log.warning("WAL checkpoint after a forget was busy; trying again")
            self.store.scrub()
        self.clear_caches()
        for receipt in receipts:
            self._delete_cards(receipt)

    def refuse(self, *, actor: str, item: str, why: str) -> None:
        """Audit a forget that was not allowed (nothing changes)."""
        with self.store.sessions.begin() as db:
            audit(
                db,
                actor=actor,
                action="forget.refused",
                target_kind="item",
                target_id=item[:64],
                now=self.clock.now(),
                reason=why,
            )

    def try_forget(self, user_id: str, item: str | None) -> Receipt | None:
        """`forget` for a click or a command: a refused item is audited and gives None."""
        try:
            return self.forget(user_id, item, actor=user_id)
        except (UnknownItem, ValueError) as exc:
            self.refuse(actor=user_id, item=item or "all", why=str(exc))
            return None

    def _delete_cards(self, receipt: Receipt) -> None:
        if self.slack is None:
            return
        for channel, ts in receipt.cards:
            try:
                self.slack.chat_delete(channel=channel, ts=ts)
            except (SlackApiError, OSError) as exc:
                log.warning("could not delete a forgotten item's review card: %s", exc)

    def _dm(self, user_id: str, text: str) -> None:
        if self.slack is None:
            return
        try:
            dm(self.slack, user_id, text)
        except (SlackApiError, OSError, KeyError, TypeError) as exc:
            log.warning("could not send the forget receipt: %s", exc)

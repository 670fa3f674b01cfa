"""The owner's App Home: spend, pending review items, recent reflections and the library.

Published when an owner opens the tab and again after anything it shows changes (a decision, a
rollback, an edit, a reflection), debounced per owner because `views.publish` is rate-limited.
Every list is paginated so a view stays within Slack's limits however large the library grows.
Every `home:` action and modal submission re-checks that the person is an owner: a crafted
payload from anyone else changes nothing and is audited as `home.denied`.
"""

from __future__ import annotations

import json
import logging
import threading
from collections import Counter
from collections.abc import Callable
from typing import Any

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from sqlalchemy import select

from bot.home import data, modals
from bot.home import view as layout
from bot.home.debounce import Debounced, publish_home
from bot.home.view import PAGE_SIZE, PREFIX
from bot.learning.cards import ReviewCards
from bot.slack.blocks import (
    Block,
    clip,
    clipped,
    divider,
    esc,
    fit,
    header,
    modal,
    section,
)
from bot.slack.inbound import InboundAction, InboundSubmission
from bot.slack.web import slack_error
from store.clock import Clock
from store.config import Settings
from store.db import Store
from store.ledger import audit
from store.models import ChatSession, LessonRow, Message, ReflectionRow
from writers import review
from writers.lessons.review import StaleDecision, decide_lesson, set_status
from writers.library.edits import Place
from writers.library.rollback import Change, rollback
from writers.skills.gitrepo import GitError
from writers.tokens import recent_cuts

log = logging.getLogger(__name__)
DEBOUNCE_SECONDS = 1.0
PERMALINK_CACHE = 2000
NOT_OWNER = "Only the bot's owners can do this."


class OwnerHome:
    """Builds, publishes and acts on the owner's App Home and its modals."""

    def __init__(
        self,
        *,
        store: Store,
        slack: WebClient,
        clock: Clock,
        settings: Settings,
        cards: ReviewCards,
        debounce_seconds: float = DEBOUNCE_SECONDS,
    ) -> None:
        self.store = store
        self.slack = slack
        self.clock = clock
        self.settings = settings
        self.cards = cards
        self._debounced = Debounced(self.publish, debounce_seconds, what="the owner's App Home")
        self._lock = threading.Lock()
        self._pages: dict[str, dict[str, int]] = {}
        self._opened: set[str] = set()
        self._permalinks: dict[str, str] = {}
        self._edit_place: Place | None = None

    def _place(self) -> Place:
        """Where edits write (files, guard): built once, on the first edit."""
        if self._edit_place is None:
            self._edit_place = Place.from_settings(self.settings)
        return self._edit_place

    def is_owner(self, user: str) -> bool:
        """True for a configured owner (SLACK_OWNER_IDS)."""
        return user in self.settings.owner_ids

    # Publishing -------------------------------------------------------------------------------

    def opened(self, user: str) -> None:
        """An owner opened the tab: publish (debounced) and keep it fresh from now on."""
        with self._lock:
            self._opened.add(user)
        self.refresh(user)

    def changed(self) -> None:
        """Something the dashboard shows changed: refresh every owner's open home."""
        with self._lock:
            users = sorted(self._opened)
        for user in users:
            self.refresh(user)

    def refresh(self, user: str) -> None:
        """Publish now, or once the debounce interval since the last publish has passed; calls
        in between coalesce into that one publish, which reads the state at that moment."""
        self._debounced.request(user)

    def close(self) -> None:
        """Cancel pending refreshes (the daemon is stopping)."""
        self._debounced.close()

    def publish(self, user: str) -> None:
        """Publish the dashboard; if Slack refuses it, a short view that says why, never none."""

        def fallback(problem: str) -> list[Block]:
            return [
                header("Seshat"),
                section(
                    f"The dashboard could not be shown ({esc(clip(problem, 300))}). "
                    "`seshat reflections list` and `seshat review` show the same from a terminal."
                ),
            ]

        publish_home(
            self.slack,
            user,
            lambda: {"type": "home", "blocks": self.blocks(user)},
            fallback,
            what="the owner's App Home",
        )

    def blocks(self, user: str) -> list[Block]:
        """The whole dashboard for `user`, within Slack's limits."""
        pages = self._pages.get(user, {})
        now = self.clock.now()
        with self.store.sessions() as db:
            spend = data.spend(db, now=now, cap=self.settings.reflection_daily_cap_usd)
            rated = data.feedback_rates(db, now=now)
            waiting = review.pending(db)
            p_off = _page(pages.get("pending", 0), len(waiting))
            shown = waiting[p_off : p_off + PAGE_SIZE["pending"]]
            r_off = pages.get("reflections", 0)
            rows, r_total = data.reflections(db, offset=r_off, limit=PAGE_SIZE["reflections"])
            links = {r.session_id: self._permalink(db, r.session_id) for r in rows}
            counts = data.library_counts(db)
            f_off = pages.get("flagged", 0)
            flagged, f_total = data.flagged_lessons(db, offset=f_off, limit=PAGE_SIZE["flagged"])
            blocks = [
                header("Seshat — owner dashboard"),
                *layout.spend_blocks(spend),
                *layout.feedback_blocks(rated),
                divider(),
            ]
            blocks += self._pending_blocks(shown, len(waiting), p_off)
            blocks.append(divider())
            blocks += layout.reflection_blocks(rows, r_total, r_off, links)
            blocks.append(divider())
            blocks += layout.library_blocks(counts, flagged, f_total, f_off)
        cuts = recent_cuts()
        if cuts:
            # Truncation is loud: in the log, and here for the owner who sets the caps.
            lines = [
                f"• {esc(c.block)}: kept {c.kept_lines} of {c.lines} lines (~{c.tokens} tokens, "
                f"cap {c.cap})"
                for c in cuts
            ]
            blocks += [
                divider(),
                section(
                    "*Cut to fit the context caps* (latest, this process)\n" + "\n".join(lines)
                ),
            ]
        return fit(blocks, note="Use the page buttons or `seshat` on the command line.")

    def _pending_blocks(self, items: list[Any], total: int, offset: int) -> list[Block]:
        head = (
            f"*Waiting for your decision:* {total} item(s)."
            if total
            else "*Nothing is waiting for your decision.*"
        )
        out = [section(head)]
        for item in items:
            out += clipped(self.cards.card_blocks(item))
        return out + layout.pager("pending", offset, len(items), total)

    def _permalink(self, db: Any, session_id: str) -> str | None:
        """The link to a session's first message (`chat.getPermalink`), cached."""
        if session_id in self._permalinks:
            return self._permalinks[session_id]
        session = db.get(ChatSession, session_id)
        if session is None:
            return None
        ts = (
            session.thread_ts
            or db.scalars(
                select(Message.ts).where(Message.session_id == session_id).order_by(Message.id)
            ).first()
        )
        if not ts:
            return None
        try:
            link = str(
                self.slack.chat_getPermalink(channel=session.channel, message_ts=ts)["permalink"]
            )
        except (SlackApiError, OSError, KeyError) as exc:
            log.debug("no permalink for session %s: %s", session_id, exc)
            return None
        if len(self._permalinks) >= PERMALINK_CACHE:
            self._permalinks.clear()
        self._permalinks[session_id] = link
        return link

    # Actions ----------------------------------------------------------------------------------

    def on_action(self, action: InboundAction) -> bool:
        """A `home:` button (in the App Home or one of its modals); True when it was one."""
        if not action.action_id.startswith(PREFIX):
            return False
        if not self.is_owner(action.user):
            self._deny(action.user, action.action_id, action.value)
            return True
        name = action.action_id.removeprefix(PREFIX)
        handlers: dict[str, Callable[[InboundAction], None]] = {
            "reflection": self._show_reflection,
            "rollback": self._rollback,
            "search": lambda a: self._open(a, modals.search_modal()),
            "search-page": self._search_page,
            "edit": self._edit,
        }
        if name.startswith("page:"):
            self._turn_page(action.user, name.removeprefix("page:"), action.value)
        elif name.startswith("lesson:"):
            self._lesson(action, name.removeprefix("lesson:"))
        elif name in handlers:
            handlers[name](action)
        else:
            log.warning("unknown App Home action %s", action.action_id)
        return True

    def _deny(self, user: str, what: str, value: str) -> None:
        with self.store.sessions.begin() as db:
            audit(
                db,
                actor=user,
                action="home.denied",
                target_kind="home_action",
                target_id=what[:64],
                now=self.clock.now(),
                value=value[:200],
                reason="not_owner",
            )
        log.warning("non-owner %s tried the owner action %s", user, what)

    def _turn_page(self, user: str, part: str, value: str) -> None:
        section_name = part.split(":", 1)[0]
        if section_name not in PAGE_SIZE or not value.isdigit():
            return
        with self._lock:
            self._pages.setdefault(user, {})[section_name] = int(value)
        self.refresh(user)

    def _open(self, action: InboundAction, view: Block) -> None:
        """Open `view` as a modal, or push it onto the modal the click came from."""
        try:
            if action.view_type == "modal":
                self.slack.views_push(trigger_id=action.trigger_id, view=view)
            else:
                self.slack.views_open(trigger_id=action.trigger_id, view=view)
        except (SlackApiError, OSError) as exc:
            log.warning("could not open a dashboard modal: %s", slack_error(exc))

    def _update(self, action: InboundAction, view: Block) -> None:
        try:
            self.slack.views_update(view_id=action.view_id, view=view)
        except (SlackApiError, OSError) as exc:
            log.warning("could not update a dashboard modal: %s", slack_error(exc))

    def _show_reflection(self, action: InboundAction) -> None:
        reflection_id, _, start = action.value.partition(":")
        with self.store.sessions() as db:
            row = db.get(ReflectionRow, reflection_id)
        if row is None:
            view = modals.missing_modal(f"Reflection {reflection_id[:8]}")
        else:
            view = modals.reflection_modal(row, raw_from=int(start) if start.isdigit() else 0)
        if action.view_type == "modal":
            self._update(action, view)
        else:
            self._open(action, view)

    def _rollback(self, action: InboundAction) -> None:
        """The same rollback as `seshat rollback --reflection`, by the owner who confirmed it;
        the attempt is audited whatever came of it."""
        changes: list[Change] = []
        error = None
        now = self.clock.now()
        try:
            with self.store.sessions.begin() as db:
                if db.get(ReflectionRow, action.value) is None:
                    error = f"no reflection {action.value[:8]}"
                else:
                    changes = rollback(
                        db,
                        reflection_id=action.value,
                        dry_run=False,
                        actor=action.user,
                        now=now,
                        data_dir=self.settings.data_dir,
                        skills_dir=self.settings.effective_skills_dir,
                    )
        except GitError as exc:
            # e.g. a later skill commit conflicts with the revert: the database is unchanged.
            changes, error = [], str(exc)
        with self.store.sessions.begin() as db:
            audit(
                db,
                actor=action.user,
                action="home.rollback",
                target_kind="reflection",
                target_id=action.value[:64],
                now=now,
                changes=len(changes),
                error=error,
            )
        self._update(action, modals.rollback_result_modal(action.value, changes, error))
        if changes:
            self.changed()

    def rollback_command(self, user: str, text: str) -> str:
        """`/seshat rollback session <id> [confirm]` or `/seshat rollback author <user>
        [confirm]`: an owner rolls back everything learned from one session or one person, as
        `seshat rollback --session/--author` does. Without `confirm` it only lists (a dry run);
        anyone else is refused and audited."""
        words = text.split()[1:]
        usage = (
            "Usage: `/seshat rollback session <session id> [confirm]` or "
            "`/seshat rollback author <@person> [confirm]`."
        )
        now = self.clock.now()
        if not self.is_owner(user):
            self._deny(user, "rollback", text)
            return NOT_OWNER
        if len(words) < 2 or words[0] not in ("session", "author"):
            return usage
        by, target, confirm = words[0], words[1], words[2:] == ["confirm"]
        target = target.strip("<>@").split("|", 1)[0]
        with self.store.sessions() as db:
            if by == "session":
                found = db.scalars(
                    select(ChatSession.id).where(ChatSession.id.startswith(target)).limit(2)
                ).all()
                if len(found) != 1:
                    return f"No single session starts with `{esc(target[:40])}`. {usage}"
                target = found[0]
        key = {"session_id": target} if by == "session" else {"author_id": target}
        try:
            with self.store.sessions.begin() as db:
                changes = rollback(
                    db,
                    dry_run=not confirm,
                    actor=user,
                    now=now,
                    data_dir=self.settings.data_dir,
                    skills_dir=self.settings.effective_skills_dir,
                    **key,
                )
        except GitError as exc:
            return f"Not rolled back (the skills repository refused: {esc(str(exc))[:300]})."
        what = f"session `{target[:8]}`" if by == "session" else f"<@{target}>"
        if not changes:
            return f"Nothing learned from {what} is left to roll back."
        kinds = ", ".join(f"{n} {k}" for k, n in sorted(Counter(c.kind for c in changes).items()))
        if not confirm:
            return (
                f"Rolling back {what} would change {len(changes)} thing(s): {kinds}. "
                f"Run `/seshat rollback {by} {target} confirm` to do it."
            )
        self.changed()
        return f"Rolled back {what}: {len(changes)} change(s) ({kinds}); each is in the audit log."

    def _lesson(self, action: InboundAction, verb: str) -> None:
        """Approve, archive or restore a flagged lesson, as `seshat lessons` does. The button
        carries the hash of the text it was shown with; approving a lesson edited since is
        refused and the owner is told why."""
        key, _, shown = action.value.partition(":")
        if not key.isdigit():
            return
        lesson_id, now = int(key), self.clock.now()
        stale: str | None = None
        with self.store.sessions.begin() as db:
            row = db.get(LessonRow, lesson_id)
            if row is None:
                return
            if verb == "approve":
                try:
                    # A button without a hash (an App Home published before hashes) is stale too.
                    decide_lesson(
                        db, lesson_id, "approve", actor=action.user, now=now, shown=shown or "-"
                    )
                except StaleDecision as exc:
                    stale = str(exc)
            elif verb == "archive":
                set_status(db, row, "archived", actor=action.user, now=now, why="owner (App Home)")
            elif verb == "restore":
                set_status(
                    db, row, "provisional", actor=action.user, now=now, why="owner (App Home)"
                )
        if stale is not None:
            self._open(action, modal("Not approved", [section(esc(stale))]))
        self.changed()

    def _search_page(self, action: InboundAction) -> None:
        try:
            meta = json.loads(action.value)
            query, offset = str(meta["q"]), int(meta["offset"])
        except (ValueError, KeyError, TypeError):
            return
        self._update(action, self._results(query, offset))

    def _results(self, query: str, offset: int) -> Block:
        with self.store.sessions() as db:
            hits, total = data.search(db, query, offset=offset, limit=modals.SEARCH_PAGE)
        return modals.results_modal(query, hits, total, offset)

    def _edit(self, action: InboundAction) -> None:
        target = modals.edit_target(action.value)
        if target is None:
            return
        with self.store.sessions() as db:
            view = modals.edit_for(db, *target)
        self._open(action, view)

    # Modal submissions ------------------------------------------------------------------------

    def on_submission(self, sub: InboundSubmission) -> dict[str, Any] | None:
        """Search and edit modals: the ack (results, a saved note, or an input error)."""
        if not self.is_owner(sub.user):
            self._deny(sub.user, sub.callback_id, sub.private_metadata)
            first = next(iter(sub.values), None)
            return {"response_action": "errors", "errors": {first: NOT_OWNER}} if first else None
        if sub.callback_id == modals.SEARCH_CALLBACK:
            query = sub.values.get(modals.SEARCH_BLOCK, "").strip()
            if len(query) < 2:
                return _error(modals.SEARCH_BLOCK, "Type at least two characters.")
            return {"response_action": "update", "view": self._results(query, 0)}
        if sub.callback_id == modals.EDIT_CALLBACK:
            return self._save_edit(sub)
        return None

    def _save_edit(self, sub: InboundSubmission) -> dict[str, Any]:
        target = modals.edit_target(sub.private_metadata)
        text = sub.values.get(modals.EDIT_BLOCK, "").strip()
        if target is None:
            return _error(modals.EDIT_BLOCK, "This edit box is out of date; open it again.")
        if not text:
            return _error(modals.EDIT_BLOCK, "The text cannot be empty (archive the item instead).")
        kind, item_id = target
        with self.store.sessions.begin() as db:
            result = modals.submit_edit(
                db, kind, item_id, text, sub.user, self.clock.now(), place=self._place()
            )
        if not result.ok:
            return _error(modals.EDIT_BLOCK, result.reason or "The edit was refused.")
        # A card waiting for a decision on this item now shows the edited text and its hash.
        self.cards.refresh_edited()
        self.changed()
        return {"response_action": "update", "view": modals.edited_modal(kind, item_id, result)}


def _error(block_id: str, message: str) -> dict[str, Any]:
    return {"response_action": "errors", "errors": {block_id: clip(message, 2000)}}


def _page(offset: int, total: int) -> int:
    return offset if offset < total else 0

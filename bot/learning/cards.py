"""The review gate in Slack: cards in the owner's DM, decided by reaction or by button.

One summary message per reflection, each item a card in its thread with the choices pre-added as
reactions and as Block Kit buttons. Both paths end in `writers.review.decide`, which enforces who
may decide, binds the decision to the content hash shown, and lets the first decision win.
"""

from __future__ import annotations

import getpass
import logging
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from sqlalchemy import or_, select, update

from bot.slack.blocks import esc
from bot.slack.inbound import InboundAction, InboundReaction
from bot.slack.reactions import normalise_reaction_name
from bot.slack.web import dm_channel, slack_error
from store import leases
from store.clock import Clock
from store.config import Settings
from store.db import Store
from store.models import ReviewItem
from writers import review
from writers.review import Applier

log = logging.getLogger(__name__)
ACTION_PREFIX = "review:"
# A card is held while it is posted; a process that dies holding it is taken over at once by
# the next start on the same host (its pid is gone), elsewhere when this runs out.
CARD_LEASE = timedelta(minutes=2)
CHOICE_EMOJI = {
    "approve": "white_check_mark",
    "reject": "x",
    "save": "brain",
    "restore": "leftwards_arrow_with_hook",
    "retire": "wastebasket",
}
CHOICE_LABEL = {
    "approve": "✅ Approve",
    "reject": "❌ Reject",
    "save": "🧠 Save to USER.md",
    "restore": "↩️ Restore",
    "retire": "🗑 Retire",
}
OUTCOME_LABEL = {
    "approve": "✅ Approved",
    "reject": "❌ Rejected",
    "save": "🧠 Saved to USER.md",
    "restore": "↩️ Restored",
    "retire": "🗑 Retired",
}
KIND_LABEL = {
    "skill": "Skill draft",
    "skill_state": "Skill governor",
    "persona": "Persona observation",
    "lesson": "Lesson",
    "memory": "Memory note",
    "fact": "Fact",
    "user_observation": "User observation",
}

# Why each kind of item waits for an owner instead of being applied on its own (the trust table in
# the README). A quarantined or held item shows its own reason instead.
WHY_ASKED = {
    "lesson": "a lesson changes how Seshat answers everyone, so it is used nowhere until an owner "
    "approves it (or it recurs in sessions of vouched-for users and passes the promotion check)",
    "skill": "a skill is a procedure Seshat offers everyone; a draft is committed to the skills "
    "repository only with an owner's ✅",
    "persona": "USER.md is part of every conversation; only an owner saves an observation to it",
    "memory": "MEMORY.md reaches everyone; this note waits for an owner",
    "fact": "a fact from a non-owner's session reaches only its author until an owner shares it",
    "user_observation": "an observation about a person from someone else's session reaches them "
    "only with an owner's ✅",
    "skill_state": "the daily skill governor took this skill out of full use; ✅ confirms, ↩️ "
    "restores it, 🗑 retires it (a commit in the skills repository; restore brings it back)",
}


def why_asked(item: ReviewItem) -> str:
    """Why this item needs a decision: its own hold reason, else the rule for its kind."""
    if item.reason:
        return f"held by the safety check: {item.reason}"
    return WHY_ASKED.get(item.kind, "it changes what Seshat knows or does")


def preview(item: ReviewItem, *, body_lines: int = 3) -> list[str]:
    """What the owner is approving, in a few lines: a lesson's condition and action, a skill's
    description and the first lines of its body (or of its diff), an observation's text."""
    content = item.content.strip()
    if item.kind == "lesson":
        keep = [ln for ln in content.splitlines() if ln.startswith(("When:", "Do:", "Why:"))]
        return keep or [_clip(content, 300)]
    if item.kind == "skill":
        if content.startswith("---\n") and "\n---" in content[3:]:
            head, _, body = content[3:].partition("\n---")
            described = [ln.strip() for ln in head.splitlines() if ln.startswith("description:")]
            lines = [ln for ln in body.splitlines() if ln.strip()]
            return [*described, *_first(lines, body_lines)]
        changed = [
            ln
            for ln in content.splitlines()
            if ln.startswith(("+", "-")) and not ln.startswith(("+++", "---"))
        ]
        return ["changes:", *_first(changed, body_lines + 1)]
    return [_clip(" ".join(content.split()), 300)]


def _first(lines: list[str], n: int) -> list[str]:
    """The first `n` lines, and a line saying how many more there are (an owner must not take
    three steps shown for the whole skill)."""
    if len(lines) <= n:
        return lines
    more = len(lines) - n
    return [
        *lines[:n],
        f"… and {more} more line{'s' if more > 1 else ''} (`seshat review list --json` has all)",
    ]


def cli_actor() -> str:
    """The actor recorded for decisions made from the command line."""
    return f"cli:{getpass.getuser()}"


def reaction_hint(name: str, kind: str, choices: list[str]) -> str:
    """What to tell an owner whose reaction this card does not take (🧠 on a lesson): the
    reactions it does take. Before: "`save` is not one of: approve, reject."."""
    takes = " or ".join(f":{CHOICE_EMOJI.get(c, c)}: to {c}" for c in choices)
    return f":{name}: does not decide a {kind} card; react {takes}."


class ReviewCards:
    """Posts review cards and turns reactions and clicks on them into decisions."""

    def __init__(
        self,
        *,
        store: Store,
        slack: WebClient,
        clock: Clock,
        settings: Settings,
        appliers: Mapping[str, Applier],
    ) -> None:
        self.store = store
        self.slack = slack
        self.clock = clock
        self.settings = settings
        self.appliers = appliers

    # Posting ----------------------------------------------------------------------------------

    def post_pending(self, *, min_age: timedelta = timedelta(minutes=2)) -> int:
        """Post the cards a transient Slack failure (or a crash) left unposted, grouped by
        reflection as usual; items younger than `min_age` are left to their own fan-out."""
        cutoff = self.clock.now() - min_age
        with self.store.sessions() as db:
            groups = list(
                dict.fromkeys(
                    db.scalars(
                        select(ReviewItem.reflection_id)
                        .where(
                            ReviewItem.status == "pending",
                            ReviewItem.card_ts.is_(None),
                            ReviewItem.created_at <= cutoff,
                        )
                        .order_by(ReviewItem.id)
                    )
                )
            )
        # Cards whose item was edited after posting are shown again with the new text.
        self.refresh_edited()
        # Items no reflection produced (the skill governor's) are grouped together.
        return sum(self.post_for_reflection(r) for r in groups)

    def post_for_reflection(self, reflection_id: str | None) -> int:
        """Post cards for a reflection's pending items not shown yet; returns how many.

        Each item is held while it is posted (`store.leases.hold`), so two callers (the fan-out
        and the re-post job, two replicas) never post the same card twice. A post that failed
        lets go at once for the re-post job; a process that died mid-post leaves a hold that the
        next start on this host takes over at once, another host after CARD_LEASE. Cards taken
        over go into the thread of the reflection's cards already posted, if any.
        """
        owners = self.settings.owner_ids
        with self.store.sessions() as db:
            items = list(
                db.scalars(
                    select(ReviewItem)
                    .where(
                        ReviewItem.reflection_id.is_(None)
                        if reflection_id is None
                        else ReviewItem.reflection_id == reflection_id,
                        ReviewItem.status == "pending",
                        ReviewItem.card_ts.is_(None),
                    )
                    .order_by(ReviewItem.id)
                )
            )
            # A crash mid-post left some of the reflection's cards out: the rest join them.
            thread = (
                db.execute(
                    select(ReviewItem.card_channel, ReviewItem.group_ts)
                    .where(
                        ReviewItem.reflection_id == reflection_id,
                        ReviewItem.group_ts.isnot(None),
                        ReviewItem.card_channel.isnot(None),
                    )
                    .limit(1)
                ).first()
                if reflection_id is not None and items
                else None
            )
        if not items:
            return 0
        if not owners:
            log.warning(
                "review items wait without cards: set SLACK_OWNER_IDS to receive them in Slack "
                "(or decide with `seshat review`)",
                extra={"reflection": reflection_id, "items": len(items)},
            )
            return 0
        now = self.clock.now()
        with self.store.sessions.begin() as db:
            held = [i for i in items if leases.hold(db, _held(i), now=now, lease=CARD_LEASE)]
            # Read again under the hold: another caller may have posted one since the read above.
            unposted = set(
                db.scalars(
                    select(ReviewItem.id).where(
                        ReviewItem.id.in_([i.id for i in held]),
                        ReviewItem.status == "pending",
                        ReviewItem.card_ts.is_(None),
                    )
                )
            )
            leases.let_go(db, [_held(i) for i in held if i.id not in unposted])
            items = [i for i in held if i.id in unposted]
        if not items:
            return 0
        try:
            if thread is not None:
                channel, group_ts = str(thread[0]), str(thread[1])
                log.info(
                    "posting review cards left out by an interrupted post",
                    extra={"reflection": reflection_id, "items": len(items)},
                )
            else:
                channel = dm_channel(self.slack, owners[0])
                summary = self.slack.chat_postMessage(
                    channel=channel,
                    text=self._summary_text(items),
                    blocks=[
                        {
                            "type": "section",
                            "text": {"type": "mrkdwn", "text": self._summary_text(items)},
                        }
                    ],
                )
                group_ts = str(summary["ts"])
            for item in items:
                self._post_card(channel, group_ts, item)
        except (SlackApiError, OSError) as exc:
            # The items stay pending and no longer held: the re-post job tries again in a few
            # minutes (`seshat review` works meanwhile).
            log.error("could not post review cards: %s", slack_error(exc))
            with self.store.sessions.begin() as db:
                leases.let_go(db, [_held(i) for i in items])
            return 0
        with self.store.sessions.begin() as db:
            leases.let_go(db, [_held(i) for i in items])  # card_ts says it is posted now
        return len(items)

    def refresh_edited(self) -> int:
        """Re-render posted cards whose item was edited since (new text, new hash, a note that
        it changed), so what the owner approves is what the card shows; returns how many."""
        with self.store.sessions() as db:
            items = list(
                db.scalars(
                    select(ReviewItem).where(
                        ReviewItem.card_ts.isnot(None),
                        ReviewItem.status.in_(("pending", "withdrawn")),
                        or_(
                            ReviewItem.shown_hash.is_(None),
                            ReviewItem.shown_hash != ReviewItem.content_hash,
                        ),
                    )
                )
            )
        done = 0
        for item in items:
            if item.card_channel is None or item.card_ts is None:
                continue
            if item.status == "withdrawn":
                outcome = "Withdrawn: the item was edited to a text already decided on"
                blocks = self.card_blocks(item, outcome=outcome)
            else:
                outcome = None
                blocks = self.card_blocks(item, edited=True)
            try:
                self.slack.chat_update(
                    channel=item.card_channel,
                    ts=item.card_ts,
                    text=f"{KIND_LABEL.get(item.kind, item.kind)} (edited): {item.title}",
                    blocks=blocks,
                )
            except (SlackApiError, OSError) as exc:
                log.warning("could not re-render an edited card: %s", slack_error(exc))
                continue
            with self.store.sessions.begin() as db:
                # Only if nothing moved on while the card was being updated.
                db.execute(
                    update(ReviewItem)
                    .where(
                        ReviewItem.id == item.id,
                        ReviewItem.content_hash == item.content_hash,
                    )
                    .values(shown_hash=item.content_hash)
                )
            done += 1
        return done

    def _summary_text(self, items: list[ReviewItem]) -> str:
        kinds = ", ".join(sorted({KIND_LABEL.get(i.kind, i.kind).lower() for i in items}))
        return (
            f"*Seshat learned something and needs your decision* ({len(items)} item"
            f"{'s' if len(items) != 1 else ''}: {kinds}). Review each card in this thread: react "
            "or use the buttons."
        )

    def _post_card(self, channel: str, group_ts: str, item: ReviewItem) -> None:
        result = self.slack.chat_postMessage(
            channel=channel,
            thread_ts=group_ts,
            text=f"{KIND_LABEL.get(item.kind, item.kind)}: {item.title}",
            blocks=self.card_blocks(item),
        )
        ts = str(result["ts"])
        with self.store.sessions.begin() as db:
            row = db.get(ReviewItem, item.id)
            if row is not None:
                row.card_channel, row.card_ts, row.group_ts = channel, ts, group_ts
                row.shown_hash = item.content_hash  # what these blocks show
        for choice in item.choices:
            emoji = CHOICE_EMOJI.get(str(choice))
            if emoji:
                try:
                    self.slack.reactions_add(channel=channel, timestamp=ts, name=emoji)
                except (SlackApiError, OSError) as exc:
                    log.debug("could not pre-add %s: %s", emoji, slack_error(exc))

    def card_blocks(
        self, item: ReviewItem, *, outcome: str | None = None, edited: bool = False
    ) -> list[dict[str, Any]]:
        """A card's blocks: what is decided, why it is asked, provenance, and the buttons."""
        prov = item.provenance or {}
        # Learned text is shown as data: no mention, link or `<!channel>` in it becomes live.
        # The whole text, never a preview: what an approval injects is what the card shows
        # (a payload past a clipped tail would be approved unseen). Long texts take several
        # sections; one too long for any card cannot be approved from it.
        chunks, fits = content_chunks(item.content)
        head = [f"*{KIND_LABEL.get(item.kind, item.kind)}:* {esc(item.title)}"]
        if edited:
            head.append(
                ":pencil2: _Edited since this card was first posted: this is the current text, "
                "and deciding here decides on it._"
            )
        sections = ["\n".join([*head, *chunks[:1]]), *chunks[1:]]
        lines: list[str] = []
        if not fits:
            lines.append(
                f":no_entry: _This text is longer than a card can show, so it cannot be "
                f"approved here: read it with `seshat review list --json` and decide with "
                f"`seshat review approve {item.id} --hash {review.short_hash(item.content_hash)}`._"
            )
        if item.reason:
            lines.append(f":warning: *Quarantined:* {esc(_clip(item.reason, 300))}")
        else:
            lines.append(
                f"_Why you are asked: {WHY_ASKED.get(item.kind, 'it changes behaviour')}._"
            )
        sections.append("\n".join(lines))
        context = (
            f"hash `{review.short_hash(item.content_hash)}` · reflection "
            f"`{str(prov.get('reflection_id', item.reflection_id or '?'))[:8]}` · session "
            f"`{str(prov.get('session_id', '?'))[:8]}` · from "
            + (", ".join(f"<@{a}>" for a in prov.get("author_ids", [])) or "unknown")
            + f" · model `{prov.get('model', '?')}` · item #{item.id}"
        )
        blocks: list[dict[str, Any]] = [
            {"type": "section", "text": {"type": "mrkdwn", "text": text}} for text in sections
        ]
        blocks.append({"type": "context", "elements": [{"type": "mrkdwn", "text": context}]})
        if outcome is not None:
            blocks.append({"type": "context", "elements": [{"type": "mrkdwn", "text": outcome}]})
        else:
            blocks.append(
                {
                    "type": "actions",
                    "block_id": f"review-{item.id}",
                    "elements": [
                        {
                            "type": "button",
                            "action_id": f"{ACTION_PREFIX}{choice}",
                            "value": f"{item.id}:{review.short_hash(item.content_hash)}",
                            "text": {
                                "type": "plain_text",
                                "text": CHOICE_LABEL.get(choice, choice),
                            },
                            **({"style": "primary"} if choice == "approve" else {}),
                        }
                        for choice in (str(c) for c in item.choices)
                        if fits or choice == "reject"
                    ],
                }
            )
        return blocks

    # Deciding ---------------------------------------------------------------------------------

    def on_reaction(self, reaction: InboundReaction) -> bool:
        """A reaction on a card: decide with it. True when the message was a card."""
        with self.store.sessions() as db:
            item = db.scalars(
                select(ReviewItem).where(
                    ReviewItem.card_channel == reaction.channel,
                    ReviewItem.card_ts == reaction.item_ts,
                )
            ).first()
        if item is None:
            return False
        choice = review.decision_from_reaction(
            normalise_reaction_name(reaction.name),
            thumbs_up_approves=self.settings.review_thumbs_up_approves,
        )
        if choice is None:
            return True
        # A reaction decides on exactly what the card shows: the hash it was rendered with.
        # After an edit the item's hash moves on, and the reaction is stale until re-shown.
        self.decide(
            item.id,
            choice,
            actor=reaction.user,
            shown_hash=item.shown_hash or "",
            channel=reaction.channel,
            wrong_choice=reaction_hint(reaction.name, item.kind, item.choices),
        )
        return True

    def on_action(self, action: InboundAction) -> bool:
        """A button on a card; its value carries the item id and the hash it showed."""
        if not action.action_id.startswith(ACTION_PREFIX):
            return False
        choice = action.action_id.removeprefix(ACTION_PREFIX)
        item_id, _, shown = action.value.partition(":")
        if not item_id.isdigit():
            log.warning("review button with a malformed value dropped: %r", action.value)
            return True
        self.decide(
            int(item_id),
            choice,
            actor=action.user,
            shown_hash=shown or None,
            channel=action.channel,
        )
        return True

    def decide(
        self,
        item_id: int,
        choice: str,
        *,
        actor: str,
        shown_hash: str | None,
        channel: str | None,
        wrong_choice: str | None = None,
    ) -> review.Decision:
        """Apply one decision (shared by reactions, buttons and tests) and update the card;
        `wrong_choice` is what to tell when the card does not take `choice`."""
        with self.store.sessions() as db:
            current = db.get(ReviewItem, item_id)
            too_long = current is not None and not content_chunks(current.content)[1]
        if too_long and choice != "reject":
            decision = review.Decision(
                "invalid_choice",
                f"Item #{item_id} is too long to show on a card, so it is not approved from "
                "one: decide with `seshat review approve` after reading it in full.",
                item_id,
            )
            self._tell(channel, actor, decision.message)
            return decision
        with self.store.sessions.begin() as db:
            decision = review.decide(
                db,
                item_id,
                decision=choice,
                actor=actor,
                owner_ids=self.settings.owner_ids,
                shown_hash=shown_hash,
                now=self.clock.now(),
                appliers=self.appliers,
            )
        if decision.status == "applied":
            self._update_card(item_id)
        elif decision.status == "invalid_choice" and wrong_choice:
            self._tell(channel, actor, wrong_choice)
        elif decision.status in {"not_owner", "stale", "invalid_choice"}:
            self._tell(channel, actor, decision.message)
        return decision

    def _tell(self, channel: str | None, user: str, text: str) -> None:
        """Tell `user` privately: an ephemeral note where they clicked, or a DM when the click
        came from App Home (which has no channel to answer in)."""
        try:
            if channel:
                self.slack.chat_postEphemeral(channel=channel, user=user, text=text)
            else:
                dm = dm_channel(self.slack, user)
                self.slack.chat_postMessage(channel=dm, text=text)
        except (SlackApiError, OSError) as exc:
            log.warning("could not send the note: %s", slack_error(exc))

    def _update_card(self, item_id: int) -> None:
        with self.store.sessions() as db:
            item = db.get(ReviewItem, item_id)
        if item is None or item.card_channel is None or item.card_ts is None:
            return
        when = item.decided_at.strftime("%Y-%m-%d %H:%M UTC") if item.decided_at else "now"
        label = OUTCOME_LABEL.get(item.decision or "", item.decision)
        outcome = f"{label} by <@{item.decided_by}> at {when}"
        try:
            self.slack.chat_update(
                channel=item.card_channel,
                ts=item.card_ts,
                text=f"{KIND_LABEL.get(item.kind, item.kind)}: {item.title} — {outcome}",
                blocks=self.card_blocks(item, outcome=outcome),
            )
        except (SlackApiError, OSError) as exc:
            log.warning("could not update the decided card: %s", slack_error(exc))

    def home_blocks(self, user: str) -> list[dict[str, Any]]:
        """App Home: an owner sees what is waiting for a decision."""
        if user not in self.settings.owner_ids:
            return []
        with self.store.sessions() as db:
            waiting = review.pending(db)
        text = (
            f"*Waiting for your decision:* {len(waiting)} item(s)."
            if waiting
            else "*Nothing is waiting for your decision.*"
        )
        lines = [
            f"• #{i.id} {KIND_LABEL.get(i.kind, i.kind)}: {_clip(i.title, 80)}"
            for i in waiting[:10]
        ]
        return [
            {"type": "divider"},
            {"type": "section", "text": {"type": "mrkdwn", "text": "\n".join([text, *lines])}},
        ]


def _held(item: ReviewItem) -> str:
    """The name a card is held under while it is posted."""
    return f"card:{item.id}"


CARD_CHUNK = 2800  # characters of escaped text per section (Slack allows 3,000)
CARD_MAX_CHUNKS = 40  # sections of text per card (Slack allows 50 blocks in all)


def content_chunks(content: str) -> tuple[list[str], bool]:
    """`content` escaped for mrkdwn in section-sized pieces (never splitting an `&lt;`), and
    whether all of it fits on one card."""
    text = esc(content)
    chunks: list[str] = []
    start = 0
    while start < len(text):
        end = min(len(text), start + CARD_CHUNK)
        amp = text.rfind("&", max(start + 1, end - 5), end)
        if end < len(text) and amp != -1 and ";" not in text[amp:end]:
            end = amp
        chunks.append(text[start:end])
        start = end
    return chunks[:CARD_MAX_CHUNKS], len(chunks) <= CARD_MAX_CHUNKS


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"

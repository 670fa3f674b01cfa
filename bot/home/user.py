"""Everyone's own view: "What Seshat remembers about you", Forget buttons, and `/seshat`.

The App Home of a person who is not an owner (the owner's dashboard is another module) lists
their facts, the notes about them and their recent sessions, each with its provenance and a
Forget button, plus "Forget everything about me"; both buttons carry Slack's `confirm` dialog.
Views stay within Slack's limits: a page holds `HOME_PAGE` items (`MESSAGE_PAGE` in a message),
texts are clipped, and "More" pages on. Every click acts on the clicking user's own data only:
a button value naming someone else's item is refused and audited (`Forgetting.try_forget`).
"""

from __future__ import annotations

import logging
import re
from typing import Any

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from bot.home.debounce import Debounced, publish_home
from bot.learning.forgetting import Forgetting, receipt_text
from bot.slack.inbound import InboundAction, InboundCommand
from store.db import Store
from writers.notes.about import KeptItem, kept_about

log = logging.getLogger(__name__)

FORGET_ITEM = "seshat_forget_item"
FORGET_ALL = "seshat_forget_all"
MEMORY_PAGE = "seshat_memory_page"
ACTIONS = frozenset({FORGET_ITEM, FORGET_ALL, MEMORY_PAGE})
HOME_PAGE = 30  # items per App Home page (≤ 100 blocks per view)
MESSAGE_PAGE = 15  # items in an ephemeral message (≤ 50 blocks per message)
ITEM_CHARS = 500  # of one item's text (a section allows 3,000)
DEBOUNCE_SECONDS = 1.0  # between two publishes of one person's Home
HEADINGS = {
    "fact": "Facts I keep",
    "note": "Notes about you",
    "session": "Your recent sessions",
}
# What "forget" may be followed by to mean everything (spaces and case aside).
EVERYTHING = frozenset({"all", "everything", "me", "aboutme", "allaboutme", "everythingaboutme"})
# Zero-width characters a paste can carry into a slash command's text.
INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff"))
HELP = (
    "*/seshat memory* — what I remember about you (only you see it)\n"
    "*/seshat forget* — forget everything about you (asks first)\n"
    "*/seshat forget fact:12* — forget one item (ids are in `/seshat memory`)\n"
    "*/seshat help* — this\n"
    "*/seshat rollback session <id> | author <@person>* — owners: undo what was learned "
    "(lists first; add `confirm`)\n"
    "*/done* — end the current session"
)


def escape(text: str) -> str:
    """Text safe inside mrkdwn (Slack's three control characters)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def clip(text: str, limit: int) -> str:
    """`text` cut to `limit` characters with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _button(text: str, action_id: str, value: str, *, danger: bool = False) -> dict[str, Any]:
    button: dict[str, Any] = {
        "type": "button",
        "text": {"type": "plain_text", "text": text},
        "action_id": action_id,
        "value": value,
    }
    if danger:
        button["style"] = "danger"
    return button


def _confirm(title: str, text: str) -> dict[str, Any]:
    return {
        "title": {"type": "plain_text", "text": title},
        "text": {"type": "plain_text", "text": text},
        "confirm": {"type": "plain_text", "text": "Forget"},
        "deny": {"type": "plain_text", "text": "Keep"},
        "style": "danger",
    }


def forget_all_button() -> dict[str, Any]:
    """ "Forget everything about me", with its confirmation dialog."""
    button = _button("Forget everything about me", FORGET_ALL, "all", danger=True)
    button["confirm"] = _confirm(
        "Forget everything?",
        "This deletes every fact, note and session I keep about you. It cannot be undone.",
    )
    return button


def _item_line(item: KeptItem) -> str:
    where = f" in <#{item.where}>" if item.where else ""
    status = "" if item.status in ("active", "reflected") else f" ({item.status})"
    # The id is shown: `/seshat forget fact:12` takes it, and help says to find it here.
    text = escape(clip(item.text, ITEM_CHARS))
    return f"{text}\n_`{item.ref}` · {item.provenance}{where}{status}_"


def item_blocks(
    items: list[KeptItem], *, page: int, size: int, paged: bool = True
) -> list[dict[str, Any]]:
    """One page of kept items, grouped by kind, each with a Forget button; "More" when needed
    (`paged`; an ephemeral message cannot be paged, so it says where the rest are)."""
    start = page * size
    shown = items[start : start + size]
    blocks: list[dict[str, Any]] = []
    kind = ""
    for item in shown:
        if item.kind != kind:
            kind = item.kind
            total = sum(1 for i in items if i.kind == kind)
            heading = f"*{HEADINGS[kind]}* ({total})"
            blocks.append({"type": "section", "text": {"type": "mrkdwn", "text": heading}})
        button = _button("Forget", FORGET_ITEM, item.ref)
        button["confirm"] = _confirm("Forget this?", "It is deleted for good.")
        blocks.append(
            {
                "type": "section",
                "text": {"type": "mrkdwn", "text": _item_line(item)},
                "accessory": button,
            }
        )
    if not paged:
        if start + size < len(items):
            rest = len(items) - start - size
            blocks.append(_mrkdwn(f"_…and {rest} more: all of them are in my *Home* tab._"))
        return blocks
    pager = []
    if page > 0:
        pager.append(_button("Previous", MEMORY_PAGE, str(page - 1)))
    if start + size < len(items):
        pager.append(
            _button(f"More ({len(items) - start - size} left)", MEMORY_PAGE, str(page + 1))
        )
    if pager:
        blocks.append({"type": "actions", "elements": pager})
    return blocks


class UserHome:
    """The non-owner App Home, its buttons, and the `/seshat` command."""

    def __init__(
        self,
        *,
        store: Store,
        slack: WebClient,
        forgetting: Forgetting,
        debounce_seconds: float = DEBOUNCE_SECONDS,
    ) -> None:
        self.store, self.slack, self.forgetting = store, slack, forgetting
        self._pages: dict[str, int] = {}  # the page each person asked for last
        self._debounced = Debounced(self._publish_now, debounce_seconds, what="a person's Home")

    def kept(self, user: str) -> list[KeptItem]:
        """What is kept about `user`."""
        with self.store.sessions() as db:
            return kept_about(db, user)

    def view(self, user: str, page: int = 0) -> dict[str, Any]:
        """The Home tab for `user`."""
        items = self.kept(user)
        page = max(0, min(page, (len(items) - 1) // HOME_PAGE if items else 0))
        blocks: list[dict[str, Any]] = [
            {"type": "header", "text": {"type": "plain_text", "text": "What Seshat remembers"}},
            {
                "type": "section",
                "text": {
                    "type": "mrkdwn",
                    "text": (
                        "Chat with me in a DM or mention me in a channel; `/done` ends a session. "
                        "Below is what I keep about you and where it came from. *Forget* deletes "
                        "an item for good; you get a receipt by DM."
                    ),
                },
            },
        ]
        if items:
            blocks.append({"type": "actions", "elements": [forget_all_button()]})
            blocks.append({"type": "divider"})
            blocks += item_blocks(items, page=page, size=HOME_PAGE)
        else:
            text = "_I keep nothing about you._"
            blocks.append({"type": "section", "text": {"type": "mrkdwn", "text": text}})
        return {"type": "home", "blocks": blocks}

    def publish(self, user: str, page: int = 0) -> None:
        """Publish (or refresh) `user`'s Home tab at `page`, debounced per person
        (`views.publish` is rate-limited): clicks in a burst end in one publish of the latest."""
        self._pages[user] = page
        self._debounced.request(user)

    def close(self) -> None:
        """Cancel waiting publishes (the daemon is stopping)."""
        self._debounced.close()

    def _publish_now(self, user: str) -> None:
        """The view; if it cannot be built or Slack refuses it, a short one that says why."""

        def fallback(problem: str) -> list[dict[str, Any]]:
            return [
                _mrkdwn(
                    f"What I keep about you could not be shown here ({escape(clip(problem, 300))})."
                    " `/seshat memory` lists it in a message, and `/seshat forget` works as usual."
                )
            ]

        publish_home(
            self.slack,
            user,
            lambda: self.view(user, self._pages.get(user, 0)),
            fallback,
            what="a person's App Home",
        )

    def on_action(self, action: InboundAction) -> bool:
        """Forget buttons and paging; True when the click was one of them."""
        if action.action_id not in ACTIONS:
            return False
        if action.action_id == MEMORY_PAGE:
            self.publish(action.user, int(action.value) if action.value.isdigit() else 0)
            return True
        item = None if action.action_id == FORGET_ALL else action.value
        receipt = self.forgetting.try_forget(action.user, item)
        if receipt is None and action.channel:
            self._ephemeral(action, "That is not something I keep about you; nothing changed.")
        elif receipt is not None and action.channel:
            self._ephemeral(action, receipt_text(receipt))
        self.publish(action.user)
        return True

    def on_command(self, command: InboundCommand) -> str | dict[str, Any]:
        """`/seshat memory|forget [item]|help`: ephemeral answers for the caller only."""
        # A tab or a line break after the verb (typed, or pasted) and invisible characters
        # pasted with it are not part of it: before, they made the verb unknown (the help).
        words = command.text.translate(INVISIBLE).split(None, 1)
        verb = words[0].lower() if words else ""
        rest = words[1].strip() if len(words) > 1 else ""
        if verb == "memory":
            items = self.kept(command.user)
            if not items:
                return "I keep nothing about you."
            head = f"*What I remember about you* ({len(items)} item(s); also in my Home tab)"
            blocks = [{"type": "section", "text": {"type": "mrkdwn", "text": head}}]
            # Its "More" would have paged the Home tab, not this message.
            blocks += item_blocks(items, page=0, size=MESSAGE_PAGE, paged=False)
            return {"text": f"What I remember about you: {len(items)} item(s).", "blocks": blocks}
        if verb == "forget":
            return self._confirm_forget(command.user, rest)
        return {"text": "Seshat commands", "blocks": [_mrkdwn(HELP)]}

    def _confirm_forget(self, user: str, ref: str) -> dict[str, Any] | str:
        # "forget all", "forget everything about me": before, "`all` is not something I
        # keep about you".
        if "".join(ref.strip("`'\".!* ").lower().split()) in EVERYTHING:
            ref = ""
        refs = [r for r in re.split(r"[\s,]+", ref.strip("`'\" ")) if r]
        if len(refs) > 1 and all(re.fullmatch(r"`?[a-zA-Z]+:\S+", r) for r in refs):
            # Before: "`fact:1 fact:2` is not something I keep about you", though both were.
            return (
                "One item at a time: `/seshat forget "
                f"{escape(clip(refs[0].strip('`'), 40))}`, then the next "
                "(or `/seshat forget` alone for everything)."
            )
        if not ref:
            text = (
                "Forget everything I keep about you (facts, notes, sessions)? "
                "It is deleted for good."
            )
            return {
                "text": text,
                "blocks": [_mrkdwn(text), {"type": "actions", "elements": [forget_all_button()]}],
            }
        # As typed or pasted: `Fact:12`, `` `fact:12` ``, `fact: 12`, `*fact:12*` (Slack's
        # bold), `fact:12.` at the end of a sentence: no id ends in punctuation.
        wanted = "".join(ref.strip("`'\"*_~<> ").rstrip(".,;!?").strip("`'\"*_~").lower().split())
        item = next((i for i in self.kept(user) if i.ref.lower() == wanted), None)
        if item is None:
            # Before: a Forget button for it, and only the click said it was not theirs.
            return (
                f"`{escape(clip(ref, 80))}` is not something I keep about you, so there is "
                "nothing to forget: `/seshat memory` lists what I keep, each with its id "
                "(like `fact:12`)."
            )
        button = _button(f"Forget {item.ref}", FORGET_ITEM, item.ref, danger=True)
        button["confirm"] = _confirm("Forget this?", "It is deleted for good.")
        text = f"Forget `{item.ref}`? {escape(clip(item.text, 200))}"
        return {"text": text, "blocks": [_mrkdwn(text), {"type": "actions", "elements": [button]}]}

    def _ephemeral(self, action: InboundAction, text: str) -> None:
        try:
            self.slack.chat_postEphemeral(channel=action.channel, user=action.user, text=text)
        except (SlackApiError, OSError) as exc:
            log.warning("could not send ephemeral note: %s", exc)


def _mrkdwn(text: str) -> dict[str, Any]:
    return {"type": "section", "text": {"type": "mrkdwn", "text": text}}

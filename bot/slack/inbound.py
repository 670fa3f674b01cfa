"""Slack payloads normalised into small inbound records. Nothing above the listeners sees a payload.

Each `normalise_*` function returns a record, or None for something Seshat deliberately ignores
(its own messages, other bots unless allowed, the subtypes in `IGNORED_SUBTYPES`, events
without a user).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any, Literal

from bot.slack.feedback_blocks import parse_value
from writers.redact.redactor import redact_text

# Messages larger than this are cut (with a marker) before storage; Slack's own limit is 40k chars.
MAX_TEXT_CHARS = 40_000
_MENTION = re.compile(r"<@([UW][A-Z0-9]+)(?:\|[^>]*)?>")
AllowBots = Literal["none", "mentions", "all"]

# Message subtypes that are answered like a plain message.
# (thread_broadcast is a thread reply also shown in the channel: the reply itself, not a copy.)
ANSWERED_SUBTYPES = frozenset({"file_share", "thread_broadcast", "bot_message"})
# Every other subtype is ignored; the known ones, each with its reason.
IGNORED_SUBTYPES: dict[str, str] = {
    "message_changed": "an edit: the original was answered; answering again would duplicate it",
    "message_deleted": "a deletion: nothing to answer (the stored line stays, redacted)",
    "message_replied": "a thread-metadata update Slack sends about the root, not a message",
    "channel_join": "membership noise, not said to the bot",
    "channel_leave": "membership noise, not said to the bot",
    "group_join": "membership noise, not said to the bot",
    "group_leave": "membership noise, not said to the bot",
    "channel_topic": "a channel setting changed, not said to the bot",
    "channel_purpose": "a channel setting changed, not said to the bot",
    "channel_name": "a channel setting changed, not said to the bot",
    "channel_archive": "a channel setting changed, not said to the bot",
    "channel_unarchive": "a channel setting changed, not said to the bot",
    "pinned_item": "a pin, not a message",
    "unpinned_item": "a pin, not a message",
    "ekm_access_denied": "content the bot may not read",
    "me_message": "a /me status line, not a question",
    "reminder_add": "Slackbot bookkeeping",
    "tombstone": "a placeholder left for a deleted thread root",
    "assistant_app_thread": "the assistant pane's thread header, not a message",
}


@dataclass(frozen=True)
class FileMeta:
    """A shared file as the transcript records it: never its content."""

    name: str
    mimetype: str
    size: int

    def describe(self) -> str:
        """`[file: name (type, size)]` for the transcript."""
        return f"[file: {self.name} ({self.mimetype or 'unknown type'}, {human_size(self.size)})]"


def human_size(size: int) -> str:
    """1234567 → "1.2 MB"."""
    value = float(size)
    for unit in ("bytes", "KB", "MB", "GB"):
        if value < 1000 or unit == "GB":
            return f"{int(value)} {unit}" if unit == "bytes" else f"{value:.1f} {unit}"
        value /= 1000
    return f"{size} bytes"  # pragma: no cover - the loop always returns


@dataclass(frozen=True)
class InboundMessage:
    """A message the bot may answer: from a person, or from another bot when allowed."""

    team: str
    channel: str
    channel_type: str
    user: str
    text: str
    ts: str
    thread_ts: str | None
    event_id: str | None
    mentions_bot: bool
    from_bot: bool = False
    files: tuple[FileMeta, ...] = ()

    def stored_text(self) -> str:
        """The text plus one line per file (name, type, size): what the transcript keeps."""
        lines = [self.text] if self.text.strip() else []
        lines += [f.describe() for f in self.files]
        return "\n".join(lines)

    @property
    def is_dm(self) -> bool:
        """True for direct messages (channel type im, or a D… channel id)."""
        return self.channel_type == "im" or self.channel.startswith("D")


@dataclass(frozen=True)
class InboundCommand:
    """A slash command (e.g. /done)."""

    team: str
    channel: str
    user: str
    command: str
    text: str


@dataclass(frozen=True)
class InboundReaction:
    """A reaction added to (or removed from) a message."""

    team: str
    channel: str
    item_ts: str
    item_user: str | None
    user: str
    name: str
    added: bool
    event_id: str | None


@dataclass(frozen=True)
class InboundAction:
    """A Block Kit button click."""

    team: str
    channel: str
    user: str
    action_id: str
    value: str
    message_ts: str
    thread_ts: str | None
    # Set when the button is in a view (App Home or a modal) rather than in a message.
    view_id: str = ""
    view_type: str = ""
    trigger_id: str = ""


@dataclass(frozen=True)
class InboundFeedback:
    """A click on a reply's 👍 or 👎 (Slack's feedback buttons)."""

    team: str
    channel: str
    user: str
    reply_ts: str  # the message the buttons are on
    session_id: str  # as the button's value names it; checked against the transcript
    rating: str  # positive | negative
    action_ts: str  # when Slack took the click: orders a person's clicks on one reply
    thread_ts: str | None = None  # the thread the reply is in


@dataclass(frozen=True)
class InboundSubmission:
    """A modal's Submit (`view_submission`): who, which view, and the text in each input."""

    team: str
    user: str
    view_id: str
    callback_id: str
    private_metadata: str
    values: dict[str, str]
    trigger_id: str


@dataclass(frozen=True)
class InboundAssistantThread:
    """A thread of Slack's assistant container (`assistant_thread_started`): whose and where;
    `context_channel` is the channel the person was viewing, when Slack says."""

    team: str
    channel: str
    thread_ts: str
    user: str
    context_channel: str | None
    event_id: str | None


@dataclass(frozen=True)
class InboundSessionStop:
    """The stop button of an agent session was pressed (`agent_session_stopped`)."""

    team: str
    channel: str
    thread_ts: str
    user: str
    streaming_ts: tuple[str, ...]  # the app's streams Slack stopped in that thread


@dataclass(frozen=True)
class InboundViewing:
    """What a person views with the app open (`app_context_changed`): the first channel Slack
    names, or None. Only the id is kept; nothing else of the payload."""

    team: str
    user: str
    channel: str | None


class MalformedPayload(ValueError):
    """A payload lacks a field Slack always sends: logged and dropped, never crashes intake."""


def _str(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _require(source: dict[str, Any], *names: str) -> None:
    missing = [name for name in names if not _str(source.get(name))]
    if missing:
        raise MalformedPayload(f"missing {', '.join(missing)}")


def clean_text(text: str) -> str:
    """Bound the size and drop NUL bytes (PostgreSQL refuses them in text)."""
    text = text.replace("\x00", "")
    if len(text) > MAX_TEXT_CHARS:
        text = text[:MAX_TEXT_CHARS] + "\n…[message truncated by Seshat]"
    return text


# What the Socket Mode journal keeps of a message event (bot/slack/socket_intake.py): the ids and
# flags that route it (Bolt's matchers and `normalise_message`), its text redacted, and of each
# file what `_files` reads. Everything else (blocks and attachments repeat the text, file
# previews quote the content, `token` is a secret) is never written: unknown keys are left out.
JOURNAL_BODY_KEYS = frozenset(
    {
        "type",
        "team_id",
        "enterprise_id",
        "api_app_id",
        "event_id",
        "event_time",
        "event_context",
        "authorizations",
        "is_ext_shared_channel",
        "context_team_id",
        "context_enterprise_id",
        "is_enterprise_install",
    }
)
JOURNAL_EVENT_KEYS = frozenset(
    {
        "type",
        "subtype",
        "user",
        "bot_id",
        "app_id",
        "team",
        "user_team",
        "source_team",
        "channel",
        "channel_type",
        "ts",
        "thread_ts",
        "event_ts",
        "client_msg_id",
        "parent_user_id",
        "hidden",
    }
)
JOURNAL_FILE_KEYS = frozenset({"id", "mimetype", "filetype", "size"})


def journal_copy(payload: dict[str, Any]) -> dict[str, Any]:
    """A message event as the journal holds it and intake handles it: what handling reads, the
    text and file names redacted (as they would be stored), nothing else. Redaction is
    idempotent, so storing it redacts nothing twice."""
    body = {k: v for k, v in payload.items() if k in JOURNAL_BODY_KEYS}
    event = payload.get("event")
    if isinstance(event, dict):
        body["event"] = _journal_event(event)
    return body


def _journal_event(event: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in event.items() if k in JOURNAL_EVENT_KEYS}
    text = event.get("text")
    if isinstance(text, str):
        out["text"] = redact_text(clean_text(text))
    files = event.get("files")
    if isinstance(files, list):
        out["files"] = [_journal_file(f) for f in files if isinstance(f, dict)]
    # An edit or a deletion carries the message itself (Bolt's assistant matcher reads them).
    for key in ("message", "previous_message"):
        inner = event.get(key)
        if isinstance(inner, dict):
            out[key] = _journal_event(inner)
    return out


def _journal_file(file: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in file.items() if k in JOURNAL_FILE_KEYS}
    name = _str(file.get("name")) or _str(file.get("title"))
    if name:
        out["name"] = redact_text(clean_text(name)[:200])
    return out


def _files(event: dict[str, Any]) -> tuple[FileMeta, ...]:
    """Name, type and size of each shared file (Slack sends more; the content is never read)."""
    out: list[FileMeta] = []
    for f in event.get("files") or []:
        if not isinstance(f, dict):
            continue
        size = f.get("size")
        out.append(
            FileMeta(
                name=clean_text(_str(f.get("name")) or _str(f.get("title")) or "unnamed")[:200],
                mimetype=_str(f.get("mimetype")) or _str(f.get("filetype")),
                size=size if isinstance(size, int) and size >= 0 else 0,
            )
        )
    return tuple(out)


def normalise_message(
    event: dict[str, Any],
    body: dict[str, Any],
    *,
    bot_user_id: str,
    bot_id: str | None,
    allow_bots: AllowBots = "mentions",
) -> InboundMessage | None:
    """A `message` or `app_mention` event → InboundMessage, or None when it is not for us."""
    if not isinstance(event, dict):
        raise MalformedPayload("event is not an object")
    subtype = event.get("subtype")
    if subtype is not None and subtype not in ANSWERED_SUBTYPES:
        # IGNORED_SUBTYPES says why for each known one; unknown ones are ignored the same way.
        return None
    user = _str(event.get("user"))
    sender_bot = _str(event.get("bot_id"))
    # Never answer itself, whatever the settings.
    if user == bot_user_id or (bot_id and sender_bot == bot_id):
        return None
    from_bot = bool(sender_bot) or subtype == "bot_message"
    if from_bot:
        # A legacy bot_message may have no user: the bot id stands in as the author.
        user = user or sender_bot
    if not user:
        return None
    _require(event, "channel", "ts")
    text = clean_text(_str(event.get("text")))
    mentioned = {m.group(1) for m in _MENTION.finditer(text)}
    mentions_bot = event.get("type") == "app_mention" or bot_user_id in mentioned
    if from_bot and (allow_bots == "none" or (allow_bots == "mentions" and not mentions_bot)):
        return None
    thread_ts = _str(event.get("thread_ts")) or None
    return InboundMessage(
        team=_str(event.get("team")) or _str(body.get("team_id")),
        channel=_str(event["channel"]),
        channel_type=_str(event.get("channel_type"))
        or ("im" if _str(event["channel"])[:1] == "D" else "channel"),
        user=user,
        text=text,
        ts=_str(event["ts"]),
        thread_ts=thread_ts if thread_ts != _str(event["ts"]) else None,
        event_id=_str(body.get("event_id")) or None,
        mentions_bot=mentions_bot,
        from_bot=from_bot,
        files=_files(event),
    )


def strip_bot_mention(text: str, bot_user_id: str) -> str:
    """Remove `<@BOT>` from a mention so the model sees what the user asked."""
    if "<@" not in text:  # no mention at all (most DMs): nothing to remove
        return text.strip()
    return _mention(bot_user_id).sub("", text).strip()


@functools.lru_cache(maxsize=8)
def _mention(bot_user_id: str) -> re.Pattern[str]:
    """The bot's mention, compiled once: building the pattern (`re.escape`, the `re` cache's
    lookup) on every turn of every answer cost ~40 k instructions a message (issue 27, sixteenth
    round)."""
    return re.compile(rf"<@{re.escape(bot_user_id)}(?:\|[^>]*)?>\s*")


def normalise_command(body: dict[str, Any]) -> InboundCommand:
    """A slash-command payload → InboundCommand."""
    _require(body, "user_id", "channel_id", "command")
    return InboundCommand(
        team=_str(body.get("team_id")),
        channel=_str(body["channel_id"]),
        user=_str(body["user_id"]),
        command=_str(body["command"]),
        text=_str(body.get("text")).strip(),
    )


def normalise_reaction(
    event: dict[str, Any], body: dict[str, Any], *, added: bool
) -> InboundReaction | None:
    """A `reaction_added`/`reaction_removed` event on a message → InboundReaction."""
    item = event.get("item")
    if not isinstance(item, dict) or item.get("type") != "message":
        return None
    _require(event, "user", "reaction")
    _require(item, "channel", "ts")
    return InboundReaction(
        team=_str(body.get("team_id")),
        channel=_str(item["channel"]),
        item_ts=_str(item["ts"]),
        item_user=_str(event.get("item_user")) or None,
        user=_str(event["user"]),
        name=_str(event["reaction"]),
        added=added,
        event_id=_str(body.get("event_id")) or None,
    )


def normalise_action(body: dict[str, Any]) -> InboundAction | None:
    """A `block_actions` payload → InboundAction for its first button."""
    actions = body.get("actions")
    if not isinstance(actions, list) or not actions or not isinstance(actions[0], dict):
        return None
    action = actions[0]
    user = body.get("user") if isinstance(body.get("user"), dict) else {}
    channel = body.get("channel") if isinstance(body.get("channel"), dict) else {}
    container = body.get("container") if isinstance(body.get("container"), dict) else {}
    message = body.get("message") if isinstance(body.get("message"), dict) else {}
    assert isinstance(user, dict) and isinstance(channel, dict)
    assert isinstance(container, dict) and isinstance(message, dict)
    user_id = _str(user.get("id"))
    channel_id = _str(channel.get("id")) or _str(container.get("channel_id"))
    view = body.get("view") if isinstance(body.get("view"), dict) else {}
    assert isinstance(view, dict)
    in_view = container.get("type") == "view"
    if not user_id or not (channel_id or in_view):
        raise MalformedPayload("block action without user or channel")
    team = body.get("team") if isinstance(body.get("team"), dict) else {}
    assert isinstance(team, dict)
    return InboundAction(
        team=_str(team.get("id")),
        channel=channel_id,
        user=user_id,
        action_id=_str(action.get("action_id")),
        value=_str(action.get("value")),
        message_ts=_str(container.get("message_ts")) or _str(message.get("ts")),
        thread_ts=_str(message.get("thread_ts")) or None,
        view_id=_str(container.get("view_id")) or _str(view.get("id")) if in_view else "",
        view_type=_str(view.get("type")) if in_view else "",
        trigger_id=_str(body.get("trigger_id")),
    )


def normalise_feedback(body: dict[str, Any]) -> InboundFeedback | None:
    """A `block_actions` payload from the feedback buttons → InboundFeedback; None when the
    click was on anything else. A value that names no rating and session is malformed."""
    actions = body.get("actions")
    if not isinstance(actions, list) or not actions or not isinstance(actions[0], dict):
        return None
    action = actions[0]
    if action.get("type") != "feedback_buttons":
        return None
    user = body.get("user") if isinstance(body.get("user"), dict) else {}
    channel = body.get("channel") if isinstance(body.get("channel"), dict) else {}
    container = body.get("container") if isinstance(body.get("container"), dict) else {}
    message = body.get("message") if isinstance(body.get("message"), dict) else {}
    team = body.get("team") if isinstance(body.get("team"), dict) else {}
    assert isinstance(user, dict) and isinstance(channel, dict) and isinstance(team, dict)
    assert isinstance(container, dict) and isinstance(message, dict)
    parsed = parse_value(_str(action.get("value")))
    reply_ts = _str(container.get("message_ts")) or _str(message.get("ts"))
    channel_id = _str(channel.get("id")) or _str(container.get("channel_id"))
    if parsed is None or not _str(user.get("id")) or not channel_id or not reply_ts:
        raise MalformedPayload("feedback click without rating, session, user, channel or message")
    _require(action, "action_ts")
    rating, session_id = parsed
    return InboundFeedback(
        team=_str(team.get("id")),
        channel=channel_id,
        user=_str(user["id"]),
        reply_ts=reply_ts,
        session_id=session_id[:64],
        rating=rating,
        action_ts=_str(action["action_ts"]),
        thread_ts=_str(message.get("thread_ts")) or None,
    )


def normalise_submission(body: dict[str, Any]) -> InboundSubmission:
    """A `view_submission` payload → InboundSubmission (each input's typed text by block_id)."""
    user = body.get("user") if isinstance(body.get("user"), dict) else {}
    view = body.get("view") if isinstance(body.get("view"), dict) else {}
    team = body.get("team") if isinstance(body.get("team"), dict) else {}
    assert isinstance(user, dict) and isinstance(view, dict) and isinstance(team, dict)
    if not _str(user.get("id")) or not _str(view.get("id")):
        raise MalformedPayload("view submission without user or view")
    state = view.get("state") if isinstance(view.get("state"), dict) else {}
    assert isinstance(state, dict)
    raw = state.get("values") if isinstance(state.get("values"), dict) else {}
    assert isinstance(raw, dict)
    values: dict[str, str] = {}
    for block_id, by_action in raw.items():
        if isinstance(by_action, dict):
            for element in by_action.values():
                if isinstance(element, dict):
                    values[str(block_id)] = _str(element.get("value"))
    return InboundSubmission(
        team=_str(team.get("id")),
        user=_str(user.get("id")),
        view_id=_str(view.get("id")),
        callback_id=_str(view.get("callback_id")),
        private_metadata=_str(view.get("private_metadata")),
        values=values,
        trigger_id=_str(body.get("trigger_id")),
    )


def normalise_assistant_thread(
    event: dict[str, Any], body: dict[str, Any]
) -> InboundAssistantThread:
    """An `assistant_thread_started` (or `…_context_changed`) event → InboundAssistantThread."""
    thread = event.get("assistant_thread") if isinstance(event, dict) else None
    if not isinstance(thread, dict):
        raise MalformedPayload("assistant event without assistant_thread")
    _require(thread, "user_id", "channel_id", "thread_ts")
    context = thread.get("context") if isinstance(thread.get("context"), dict) else {}
    assert isinstance(context, dict)
    return InboundAssistantThread(
        # The app's team (the session key's), not the viewed channel's (`context.team_id`).
        team=_str(body.get("team_id")) or _str(context.get("team_id")),
        channel=_str(thread["channel_id"]),
        thread_ts=_str(thread["thread_ts"]),
        user=_str(thread["user_id"]),
        context_channel=_str(context.get("channel_id")) or None,
        event_id=_str(body.get("event_id")) or None,
    )


def normalise_session_stop(event: dict[str, Any], body: dict[str, Any]) -> InboundSessionStop:
    """An `agent_session_stopped` event → InboundSessionStop."""
    if not isinstance(event, dict):
        raise MalformedPayload("event is not an object")
    _require(event, "channel", "thread_ts", "user")
    streams = event.get("streaming_message_ts")
    return InboundSessionStop(
        team=_str(body.get("team_id")),
        channel=_str(event["channel"]),
        thread_ts=_str(event["thread_ts"]),
        user=_str(event["user"]),
        streaming_ts=tuple(_str(t) for t in streams if _str(t))
        if isinstance(streams, list)
        else (),
    )


def normalise_viewing(event: dict[str, Any], body: dict[str, Any]) -> InboundViewing:
    """An `app_context_changed` event → InboundViewing (the first `slack#/types/channel_id`
    entity; entities are ordered by relevance)."""
    if not isinstance(event, dict):
        raise MalformedPayload("event is not an object")
    _require(event, "user")
    context = event.get("context") if isinstance(event.get("context"), dict) else {}
    assert isinstance(context, dict)
    entities = context.get("entities") if isinstance(context.get("entities"), list) else []
    assert isinstance(entities, list)
    channel = next(
        (
            _str(e.get("value"))
            for e in entities
            if isinstance(e, dict) and e.get("type") == "slack#/types/channel_id"
        ),
        "",
    )
    return InboundViewing(
        team=_str(body.get("team_id")), user=_str(event["user"]), channel=channel or None
    )

"""The Slack app manifest asks for exactly the scopes and events the code uses.

A workspace admin reads the scope list before installing; every scope there must be explained by
a call or an event the code handles, and every call the code makes must be covered by a scope.
Adding a Web API call without its scope, or a scope without a use, fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[3]

# The scope each Web API method needs (api.slack.com/methods/<method>); None = no scope needed.
METHOD_SCOPES: dict[str, str | None] = {
    "auth_test": None,
    "apps_connections_open": None,  # uses the app-level token (connections:write on that token)
    "chat_postMessage": "chat:write",
    "chat_postEphemeral": "chat:write",
    "chat_update": "chat:write",
    "chat_delete": "chat:write",
    # Streamed replies: slack_sdk's chat_stream helper calls chat.startStream/appendStream/
    # stopStream, all chat:write.
    "chat_stream": "chat:write",
    "chat_stopStream": "chat:write",  # a forgotten item's review card leaves the owner's DM
    "conversations_open": "im:write",
    # The *:history scope of the conversation's type; all four are requested for the message
    # events already, channels:history stands for them here.
    "conversations_replies": "channels:history",
    "reactions_add": "reactions:write",
    "reactions_remove": "reactions:write",
    "users_info": "users:read",  # SLACK_OWNER_IDS checked at start (bot/slack/check.py)
    "views_publish": None,
    "views_open": None,
    "views_push": None,
    "views_update": None,
    "chat_getPermalink": None,
    # setStatus takes chat:write (assistant:write only "for the time being"); the other two
    # need assistant:write, which enabling the assistant view requests anyway.
    "assistant_threads_setStatus": "chat:write",
    "assistant_threads_setSuggestedPrompts": "assistant:write",
    "assistant_threads_setTitle": "assistant:write",
    # Agent sessions (agent_view): "chat:write is required to manage thread-based sessions";
    # being declared an agent adds assistant:write. The task cards' streams are chat:write.
    "agents_sessions_setStatus": "chat:write",
    "chat_startStream": "chat:write",
}

# The scope each subscribed bot event needs.
EVENT_SCOPES: dict[str, str | None] = {
    "app_home_opened": None,
    "app_mention": "app_mentions:read",
    "message.channels": "channels:history",
    "message.groups": "groups:history",
    "message.im": "im:history",
    "message.mpim": "mpim:history",
    "reaction_added": "reactions:read",
    "reaction_removed": "reactions:read",
    "assistant_thread_started": None,  # "No scopes required" (its feature needs assistant:write)
    "assistant_thread_context_changed": None,
    # agent_view's events ("the agent_view feature must be enabled"; no scope of their own).
    "app_context_changed": None,
    "agent_session_stopped": None,
}
# Listened for apps installed with the older assistant_view, whose own manifest subscribes them.
ASSISTANT_VIEW_EVENTS = {"assistant_thread_started", "assistant_thread_context_changed"}
# Listeners registered on Bolt's Assistant middleware, by the events they take.
ASSISTANT_LISTENERS = {
    "thread_started": {"assistant_thread_started"},
    "thread_context_changed": {"assistant_thread_context_changed"},
    "user_message": {"message.im"},
}

CALL = re.compile(
    r"\.(auth_\w+|apps_\w+|chat_\w+|conversations_\w+|reactions_\w+|users_\w+|views_\w+"
    r"|assistant_\w+|agents_\w+|files_\w+|team_\w+|bots_\w+)\("
)
# A method called by its name (`api_call("chat.postMessage", json=...)`, bot/chat/posting.py).
API_CALL = re.compile(r'\.api_call\(\s*"(\w+)\.(\w+)"')


def _manifest() -> dict[str, object]:
    data = yaml.safe_load((ROOT / "manifest.yaml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _called_methods() -> set[str]:
    found: set[str] = set()
    for package in ("bot", "writers", "reflection", "store"):
        for path in (ROOT / package).rglob("*.py"):
            if "doubles" in path.parts:  # the local Slack workspace implements, not calls
                continue
            source = path.read_text(encoding="utf-8")
            found.update(CALL.findall(source))
            found.update(f"{family}_{method}" for family, method in API_CALL.findall(source))
    return found


def _listened_events() -> set[str]:
    source = (ROOT / "bot" / "slack" / "app.py").read_text(encoding="utf-8")
    events = set(re.findall(r"app\.event\(\"(\w+)\"\)", source))
    for listener in re.findall(r"@assistant\.(\w+)\b", source):
        events |= ASSISTANT_LISTENERS[listener]
    if "message" in events:
        events.discard("message")
        events |= {"message.channels", "message.groups", "message.im", "message.mpim"}
    return events


def test_every_called_method_is_known_and_the_scopes_are_exactly_what_is_used() -> None:
    manifest = _manifest()
    called = _called_methods()
    unknown = called - set(METHOD_SCOPES)
    assert not unknown, f"add the scope these methods need to METHOD_SCOPES: {sorted(unknown)}"
    subscribed = set(manifest["settings"]["event_subscriptions"]["bot_events"])  # type: ignore[index]
    needed = {METHOD_SCOPES[m] for m in called} | {EVENT_SCOPES[e] for e in subscribed}
    if manifest["features"].get("slash_commands"):  # type: ignore[attr-defined]
        needed.add("commands")
    if manifest["features"].get("agent_view") or manifest["features"].get("assistant_view"):  # type: ignore[attr-defined]
        needed.add("assistant:write")
    needed.discard(None)
    requested = set(manifest["oauth_config"]["scopes"]["bot"])  # type: ignore[index]
    assert requested - needed == set(), "requested but never used"
    assert needed - requested == set(), "used but not requested"


def test_every_subscribed_event_has_a_listener_and_back() -> None:
    subscribed = set(_manifest()["settings"]["event_subscriptions"]["bot_events"])  # type: ignore[index]
    listened = _listened_events()
    assert subscribed <= listened, f"subscribed without a listener: {subscribed - listened}"
    # Listened but not subscribed: only what an assistant_view install's manifest subscribes.
    assert listened - subscribed == ASSISTANT_VIEW_EVENTS


def test_every_slash_command_is_handled() -> None:
    commands = {c["command"] for c in _manifest()["features"]["slash_commands"]}  # type: ignore[index]
    source = (ROOT / "bot" / "dispatch.py").read_text(encoding="utf-8")
    assert commands == {"/done", "/seshat"}
    assert all(f'"{c}"' in source for c in commands)


def test_the_agent_view_is_described_with_at_most_four_prompts() -> None:
    features = _manifest()["features"]
    assert isinstance(features, dict)
    assert "assistant_view" not in features  # new apps can only use the agent experience
    view = features["agent_view"]
    assert view["agent_description"].strip()
    prompts = view["suggested_prompts"]
    assert 0 < len(prompts) <= 4
    assert all(p["title"].strip() and p["message"].strip() for p in prompts)

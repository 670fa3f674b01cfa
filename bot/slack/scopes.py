"""The bot scopes Seshat's code needs: exactly the ones manifest.yaml requests (a test keeps the
two in step, tests/bot/slack/test_manifest.py keeps both in step with the calls and events).

`seshat doctor` compares them with the scopes the installed app was granted (Slack's
`x-oauth-scopes` header), so an app installed from an older manifest is caught before the first
call that needs the missing scope fails.
"""

from __future__ import annotations

BOT_SCOPES: tuple[str, ...] = (
    "app_mentions:read",
    "assistant:write",
    "channels:history",
    "groups:history",
    "im:history",
    "im:write",
    "mpim:history",
    "chat:write",
    "commands",
    "reactions:read",
    "reactions:write",
    "users:read",
)

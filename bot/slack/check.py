"""What can be known about the Slack settings before the daemon runs on them, and one readable
message (the variable, what Slack said, what to do) for each way a first real run goes wrong:
a token Slack refuses, an app token of the wrong kind, a Slack that cannot be reached."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from slack_sdk.errors import SlackApiError

from bot.slack.web import make_web_client
from store.config import WHERE_TO_GET, ConfigError, Settings

# What each Slack error means for the person setting the bot up.
_ADVICE = {
    "invalid_auth": "the token is not valid (revoked, mistyped, or from another workspace)",
    "not_authed": "no token was sent",
    "account_inactive": "the app was uninstalled or its workspace is gone",
    "token_revoked": "the token was revoked",
    "not_allowed_token_type": "it is the wrong kind of token",
    "missing_scope": "the app lacks a scope it needs",
}


def _refused(var: str, method: str, exc: SlackApiError, fix: str) -> ConfigError:
    code = str(exc.response.get("error") or "an error")
    meaning = _ADVICE.get(code, "Slack refused it")
    return ConfigError(f"{var} was refused by Slack ({method} said {code}: {meaning}). {fix}")


def _unreachable(var: str, api_url: str, exc: Exception) -> ConfigError:
    reason = getattr(exc, "reason", None) or exc
    return ConfigError(
        f"Could not reach Slack at {api_url} to check {var} ({reason}). Check the network, or "
        "set HTTPS_PROXY if you are behind a proxy; SLACK_API_URL only for a test workspace."
    )


@contextmanager
def _sdk_quiet() -> Iterator[None]:
    """The SDK logs each failed attempt; here the failure becomes our one message instead."""
    sdk = logging.getLogger("slack_sdk")
    before = sdk.level
    sdk.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        sdk.setLevel(before)


def check_bot_token(token: str, api_url: str) -> dict[str, Any]:
    """`auth.test` with the bot token: the bot's identity, or a ConfigError saying what to do."""
    with _sdk_quiet():
        return _check_bot_token(token, api_url)


def check_app_token(token: str, api_url: str) -> None:
    """`apps.connections.open` with the app-level token (what Socket Mode does first)."""
    with _sdk_quiet():
        _check_app_token(token, api_url)


def _check_bot_token(token: str, api_url: str) -> dict[str, Any]:
    try:
        return dict(make_web_client(token, api_url, max_retries=1).auth_test().data)  # type: ignore[arg-type]
    except SlackApiError as exc:
        raise _refused(
            "SLACK_BOT_TOKEN",
            "auth.test",
            exc,
            "Reinstall the app to the workspace and copy the Bot User OAuth Token (xoxb-…): "
            + WHERE_TO_GET["SLACK_BOT_TOKEN"].split(" (")[0]
            + ".",
        ) from exc
    except OSError as exc:  # URLError, connection refused, DNS, timeouts
        raise _unreachable("SLACK_BOT_TOKEN", api_url, exc) from exc


def _check_app_token(token: str, api_url: str) -> None:
    try:
        make_web_client(token, api_url, max_retries=1).apps_connections_open(app_token=token)
    except SlackApiError as exc:
        raise _refused(
            "SLACK_APP_TOKEN",
            "apps.connections.open",
            exc,
            "Copy an app-level token (xapp-…) with the connections:write scope: "
            + WHERE_TO_GET["SLACK_APP_TOKEN"].split(", scope")[0]
            + ".",
        ) from exc
    except OSError as exc:
        raise _unreachable("SLACK_APP_TOKEN", api_url, exc) from exc


def offline_problems(settings: Settings) -> tuple[list[str], list[str]]:
    """(errors, warnings) about the Slack settings that need no network to see."""
    errors: list[str] = []
    warnings: list[str] = []
    prefixes = {"SLACK_BOT_TOKEN": "xoxb-", "SLACK_APP_TOKEN": "xapp-"}
    for name in settings.required_slack_secrets():
        value = settings.secret(name)
        want = prefixes.get(name)
        if value and want and not value.startswith(want):
            kind = value.split("-", 1)[0] + "-" if "-" in value else "an unknown kind"
            errors.append(
                f"{name} holds a {kind} token; it needs the {want}… one: {WHERE_TO_GET[name]}"
            )
    if not settings.owner_ids:
        warnings.append(
            "SLACK_OWNER_IDS is empty: nobody can approve anything the bot learns (cards go "
            "nowhere). Set it to your Slack member id (profile → ⋮ → Copy member ID)."
        )
    return errors, warnings

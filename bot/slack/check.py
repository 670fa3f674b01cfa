"""What can be known about the Slack settings before the daemon runs on them, and one readable
message (the variable, what Slack said, what to do) for each way a first real run goes wrong:
a token Slack refuses, an app token of the wrong kind, a Slack that cannot be reached."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from slack_sdk.errors import SlackApiError

from bot.slack.web import make_web_client
from store.config import OWNER_ID, WHERE_TO_GET, ConfigError, Settings

SLACK_SECRETS = ("SLACK_BOT_TOKEN", "SLACK_APP_TOKEN", "SLACK_SIGNING_SECRET")
OWNER_FIX = "find yours in Slack: your profile → ⋮ → Copy member ID"

# What each Slack error means for the person setting the bot up.
_ADVICE = {
    "invalid_auth": "the token is not valid (revoked, mistyped, or from another workspace)",
    "not_authed": "no token was sent",
    "account_inactive": "the app was uninstalled or its workspace is gone",
    "token_revoked": "the token was revoked",
    "not_allowed_token_type": "it is the wrong kind of token",
    "missing_scope": "the app lacks a scope it needs",
}


def _not_slack(var: str, method: str, exc: SlackApiError, api_url: str) -> ConfigError | None:
    """A ConfigError saying what came back when the answer was not Slack's JSON at all (a
    proxy's HTML page, a mistyped SLACK_API_URL): the token was never looked at."""
    response = exc.response
    ctype = str(response.headers.get("content-type") or response.headers.get("Content-Type") or "")
    code = str(response.get("error") or "")
    if "json" in ctype.lower() and not code.startswith("Received a response in a non-JSON"):
        return None
    body = code.removeprefix("Received a response in a non-JSON format: ").strip()
    return ConfigError(
        f"{api_url}{method} did not answer like Slack's API (HTTP {response.status_code}, "
        f"content type {ctype or 'none'}"
        + (f", starting {body[:60]!r}" if body else "")
        + f"), so {var} could not be checked. Check SLACK_API_URL (now {api_url}; normally "
        "https://slack.com/api/) and any proxy between this host and Slack."
    )


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
    # The Web API client's own logger has a level of its own (bot/logs.py), which would win.
    loggers = [logging.getLogger(name) for name in ("slack_sdk", "slack_sdk.web.base_client")]
    before = [sdk.level for sdk in loggers]
    for sdk in loggers:
        sdk.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for sdk, level in zip(loggers, before, strict=True):
            sdk.setLevel(level)


def check_bot_token(token: str, api_url: str) -> dict[str, Any]:
    """`auth.test` with the bot token: the bot's identity, or a ConfigError saying what to do."""
    with _sdk_quiet():
        return _check_bot_token(token, api_url)


def check_app_token(token: str, api_url: str) -> None:
    """`apps.connections.open` with the app-level token (what Socket Mode does first)."""
    with _sdk_quiet():
        _check_app_token(token, api_url)


def granted_scopes(token: str, api_url: str) -> set[str] | None:
    """The scopes the bot token was granted (Slack's `x-oauth-scopes` header on auth.test), or
    None when the answer carries no such header."""
    with _sdk_quiet():
        try:
            response = make_web_client(token, api_url, max_retries=1).auth_test()
        except SlackApiError as exc:
            raise _not_slack("SLACK_BOT_TOKEN", "auth.test", exc, api_url) or _refused(
                "SLACK_BOT_TOKEN", "auth.test", exc, "Reinstall the app to the workspace."
            ) from exc
        except OSError as exc:
            raise _unreachable("SLACK_BOT_TOKEN", api_url, exc) from exc
    headers = {k.lower(): v for k, v in response.headers.items()}
    raw = headers.get("x-oauth-scopes")
    if raw is None:
        return None
    value = raw[0] if isinstance(raw, list) else raw
    return {part.strip() for part in str(value).split(",") if part.strip()}


def check_owners(token: str, api_url: str, owner_ids: list[str]) -> list[str]:
    """`users.info` for each SLACK_OWNER_IDS entry: their names, or a ConfigError naming the
    id that is not a person in this workspace (users.info needs the users:read scope)."""
    client = make_web_client(token, api_url, max_retries=1)
    names: list[str] = []
    with _sdk_quiet():
        for owner in owner_ids:
            try:
                user = client.users_info(user=owner)["user"]
            except SlackApiError as exc:
                code = str(exc.response.get("error") or "an error")
                if code == "missing_scope":
                    raise ConfigError(
                        "The Slack app lacks the users:read scope needed to check "
                        "SLACK_OWNER_IDS: reinstall it from manifest.yaml (api.slack.com/apps → "
                        "your app → App Manifest, then Install App)."
                    ) from exc
                if code in ("user_not_found", "user_not_visible"):
                    raise ConfigError(
                        f"SLACK_OWNER_IDS: {owner} is not a member of this workspace "
                        f"(users.info said {code}); {OWNER_FIX}."
                    ) from exc
                raise _not_slack("SLACK_BOT_TOKEN", "users.info", exc, api_url) or ConfigError(
                    f"SLACK_OWNER_IDS: could not look up {owner} (users.info said {code})."
                ) from exc
            except OSError as exc:
                raise _unreachable("SLACK_OWNER_IDS", api_url, exc) from exc
            if user.get("deleted"):
                raise ConfigError(
                    f"SLACK_OWNER_IDS: {owner} is a deactivated account; {OWNER_FIX}."
                )
            if user.get("is_bot"):
                raise ConfigError(f"SLACK_OWNER_IDS: {owner} is a bot, not a person; {OWNER_FIX}.")
            names.append(str(user.get("real_name") or user.get("name") or owner))
    return names


def _check_bot_token(token: str, api_url: str) -> dict[str, Any]:
    try:
        return dict(make_web_client(token, api_url, max_retries=1).auth_test().data)  # type: ignore[arg-type]
    except SlackApiError as exc:
        not_slack = _not_slack("SLACK_BOT_TOKEN", "auth.test", exc, api_url)
        if not_slack is not None:
            raise not_slack from exc
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
        not_slack = _not_slack("SLACK_APP_TOKEN", "apps.connections.open", exc, api_url)
        if not_slack is not None:
            raise not_slack from exc
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


TOKEN_PREFIXES = {"SLACK_BOT_TOKEN": "xoxb-", "SLACK_APP_TOKEN": "xapp-"}
# Slack's token kinds: only these prefixes are ever echoed back. Anything else is described, not
# quoted, since a pasted value may be some other secret whole (it has no dash to stop at).
_SLACK_KINDS = ("xoxb-", "xapp-", "xoxp-", "xoxe-", "xoxa-", "xoxr-", "xoxs-", "xoxc-", "xoxd-")


def token_kind(value: str) -> str:
    """What a token setting holds, for a message, without quoting a secret: "a xoxp- token",
    or "a value that is not a Slack token"."""
    kind = next((k for k in _SLACK_KINDS if value.startswith(k)), None)
    return f"a {kind} token" if kind else "a value that is not a Slack token"


def not_the_signing_secret(value: str) -> str | None:
    """What SLACK_SIGNING_SECRET holds when it is a token pasted there, with where the secret
    is; None otherwise. Every request Slack signs would be refused (401), and nothing online
    checks a signing secret before then."""
    if not value.startswith(_SLACK_KINDS):
        return None
    return (
        f"holds {token_kind(value)}, not the signing secret (32 letters and digits, no "
        f"prefix): {WHERE_TO_GET['SLACK_SIGNING_SECRET']} → Show"
    )


# What a pasted line adds to a token that Slack's tokens and signing secret never hold: a
# comment inside the quotes (`"xoxb-… # bot"`), a trailing `;`, a second value.
_NOT_IN_A_TOKEN = re.compile(r"[\s#;,'\"`\u201c\u201d\u2018\u2019]")


def stray_characters(name: str, value: str) -> str | None:
    """What is wrong with a Slack secret holding characters no Slack secret has, naming them
    but none of the secret; None when it holds none."""
    found = sorted(set(_NOT_IN_A_TOKEN.findall(value)))
    if not found:
        return None
    names = ["a space" if c == " " else repr(c) for c in found]
    shown = " and ".join(filter(None, (", ".join(names[:-1]), names[-1])))
    return (
        f"{name} holds {shown}, which no Slack token or secret has: a comment inside the quotes "
        f'({name}="…"  # comment goes after the closing quote), a trailing ; or a second value. '
        "Keep the token alone"
    )


def offline_problems(settings: Settings) -> tuple[list[str], list[str]]:
    """(errors, warnings) about the Slack settings that need no network to see."""
    errors: list[str] = []
    warnings: list[str] = []
    for name in settings.required_slack_secrets():
        value = settings.secret(name)
        want = TOKEN_PREFIXES.get(name)
        stray = stray_characters(name, value) if value and name.startswith("SLACK_") else None
        if stray:
            errors.append(stray)
        elif value and want and not value.startswith(want):
            errors.append(
                f"{name} holds {token_kind(value)}; it needs the {want}… one: {WHERE_TO_GET[name]}"
            )
        elif value and not want and value.startswith(_SLACK_KINDS):
            errors.append(f"{name} {not_the_signing_secret(value)}")
    errors.extend(owner_problems(settings))
    if not settings.owner_ids and settings.slack_owner_optional:
        warnings.append(
            "SLACK_OWNER_IDS is empty: nobody can approve anything the bot learns in Slack "
            "(decide with `seshat review`). Set it to your Slack member id: " + OWNER_FIX + "."
        )
    return errors, warnings


def owner_problems(settings: Settings) -> list[str]:
    """What is wrong with SLACK_OWNER_IDS before anything connects."""
    bad = [owner for owner in settings.owner_ids if not OWNER_ID.match(owner)]
    if bad:
        return [
            f"SLACK_OWNER_IDS: {', '.join(repr(b) for b in bad)} "
            f"{'is not a Slack member id' if len(bad) == 1 else 'are not Slack member ids'} "
            f"(U… or W…, not a @handle or a name); {OWNER_FIX}."
        ]
    if not settings.owner_ids and not settings.slack_owner_optional:
        return [
            "SLACK_OWNER_IDS is empty: nobody could approve what the bot learns (review cards "
            f"would go nowhere). Set it to your Slack member id ({OWNER_FIX}), or set "
            "SLACK_OWNER_OPTIONAL=true to run without one and decide with `seshat review`."
        ]
    return []

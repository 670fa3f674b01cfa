"""The one `Settings` object: read from the environment and `.env`, built inside `main()`.

Every field here is documented in `.env.example` (a test keeps the two in step).
"""

from __future__ import annotations

import codecs
import io
import json
import os
import re
import stat
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

# Values people leave in a copied .env; treated as "not set".
_PLACEHOLDER = re.compile(
    r"^(|changeme|change-me|todo|xxx+|your[-_ ].*|.*[-_]your[-_].*|.*\.\.\.|<.*>|\$\{.*\})$",
    re.IGNORECASE,
)

# Where to get each secret, for error messages that name the fix.
WHERE_TO_GET: dict[str, str] = {
    "SLACK_BOT_TOKEN": "api.slack.com/apps → your app → OAuth & Permissions → Bot User OAuth Token "
    "(starts with xoxb-)",
    "SLACK_APP_TOKEN": "api.slack.com/apps → your app → Basic Information → App-Level Tokens, "
    "scope connections:write (starts with xapp-)",
    "SLACK_SIGNING_SECRET": "api.slack.com/apps → your app → Basic Information → Signing Secret",
    "ANTHROPIC_API_KEY": "console.anthropic.com → Settings → API Keys (starts with sk-ant-)",
}


# `seshat --env-file PATH` sets this, so every Settings() in that process reads PATH, not ./.env.
ENV_FILE_VARIABLE = "SESHAT_ENV_FILE"


def env_file() -> Path:
    """The env file settings are read from: $SESHAT_ENV_FILE, else .env in the working dir."""
    return Path(os.path.expanduser(os.environ.get(ENV_FILE_VARIABLE) or ".env"))


class ConfigError(Exception):
    """A setting is missing or invalid; the message names the variable and the fix."""


LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
# A Slack member id (profile → ⋮ → Copy member ID): U… or, in Enterprise Grid, W….
OWNER_ID = re.compile(r"^[UW][A-Z0-9]+$")
_BOMS = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
# Characters that do not show, found in names pasted from web pages and chats.
_HIDDEN_IN_A_NAME = frozenset("\u00a0\u200b\u200c\u200d\u2060\ufeff")
# Quote pairs a value can arrive wrapped in: `docker run --env-file` and Kubernetes keep a
# .env's quotes as part of the value, and a value copied from a document brings curly ones.
_QUOTES = (('"', '"'), ("'", "'"), ("\u201c", "\u201d"), ("\u2018", "\u2019"))
# What may part one Slack id from the next in a list: commas, as documented, but also the
# spaces, semicolons and JSON brackets people write lists with.
_ID_SEPARATORS = re.compile(r"[\s,;]+")


def unquoted(value: str) -> str:
    """`value` without white space around it and one pair of quotes wrapping it whole; no
    token, secret, URL or Slack id begins and ends with a quote."""
    value = value.strip()
    for first, last in _QUOTES:
        if len(value) >= 2 and value.startswith(first) and value.endswith(last):
            return value[1:-1].strip()
    return value


def slack_ids(value: str) -> list[str]:
    """The Slack ids in a list setting, however it was written: `U1,U2`, `U1 U2`, `U1; U2`,
    `["U1", "U2"]`. An id holds no space, comma or quote, so none of these can split one."""
    parts = (unquoted(part.strip("[]")) for part in _ID_SEPARATORS.split(value.strip()))
    return [part for part in parts if part]


def kind_of(path: Path) -> str:
    """What `path`, which is not a directory, is, for a message: "a file", "a device" (as
    /dev/null is), "a named pipe" or "a socket"."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return "not a directory"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a file"


def denied(path: Path) -> str:
    """Why this user may not reach `path`, for a PermissionError's message: the first folder on
    the way it may not enter, or the file it may not read, with its owner and mode."""
    path = Path(os.path.abspath(path))
    for folder in reversed(path.parents):
        if not os.access(folder, os.X_OK):
            where, what = folder, "enter"
            break
    else:
        where, what = path, "list" if path.is_dir() else "read"
        if os.access(path, os.R_OK):
            what = "write"
    try:
        about = f" (owner uid {where.stat().st_uid}, mode {where.stat().st_mode & 0o777:o})"
    except OSError:
        about = ""
    return (
        f"this user may not {what} {where}{about}: give it to the user Seshat runs as (chown), "
        "or point SESHAT_DATA_DIR (or the path given) elsewhere"
    )


def expand_path(value: str, variable: str) -> str:
    """`~` and $VARS expanded in a path setting; a variable that is not set is an error (left
    as it was, `$HOME/x` would become a directory literally named `$HOME`)."""
    expanded = os.path.expanduser(os.path.expandvars(value.strip()))
    unset = re.search(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)", expanded)
    if unset:
        raise ValueError(f"{variable} refers to ${unset.group(1)}, which is not set")
    return expanded


def read_env_file(path: Path) -> str:
    """The encoding `path` is read with, after checking every line parses; a file that is not
    UTF-8 (nor UTF-16 with a byte-order mark) or has a line that is not `NAME=value` is refused
    naming the line: dropped with only a library warning, a broken DATABASE_URL silently
    became a new SQLite file."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return "utf-8"
    except OSError as exc:
        raise ConfigError(f"{path}: cannot be read ({exc.strerror or exc})") from exc
    encoding = next((name for bom, name in _BOMS if raw.startswith(bom)), "utf-8")
    if encoding == "utf-8" and b"\x00" in raw:
        # UTF-16 without a byte-order mark is valid UTF-8 with a NUL after each letter: every
        # name was read with NULs in it, and every setting reported missing.
        line = raw[: raw.index(b"\x00")].count(b"\n") + 1
        raise ConfigError(
            f"{path}, line {line}: holds NUL bytes, so it is not a UTF-8 text file (UTF-16 "
            'without a byte-order mark?); save it as UTF-8 (an editor\'s "Save as… UTF-8", or '
            "`iconv -f utf-16le -t utf-8`)"
        )
    try:
        text = raw.decode(encoding)
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise ConfigError(
            f"{path}, line {line}: not UTF-8 (byte 0x{raw[exc.start]:02x}); save the file as "
            'UTF-8 (an editor\'s "Save as… UTF-8", or `iconv -f latin1 -t utf-8`)'
        ) from exc
    from dotenv.parser import parse_stream

    for binding in parse_stream(io.StringIO(text)):
        hidden = sorted({c for c in binding.key or "" if c in _HIDDEN_IN_A_NAME})
        if hidden:
            # A name pasted from a web page or a chat with a zero-width space in it is another
            # name: the setting was reported missing while the file plainly held it.
            shown = "".join(c for c in binding.key or "" if c not in _HIDDEN_IN_A_NAME)
            raise ConfigError(
                f"{path}, line {binding.original.line}: the name {shown} holds "
                f"{', '.join(f'U+{ord(c):04X}' for c in hidden)}, a character that does not "
                "show (pasted from a web page or a chat?); type the name again"
            )
        if binding.error:
            written = binding.original.string.strip()
            # Only the name is shown: a line without `=` (`SLACK_BOT_TOKEN xoxb-…`,
            # `SLACK_BOT_TOKEN: xoxb-…`) holds its secret right after it.
            name = re.match(r"(?:export\s+)?[A-Za-z_][A-Za-z0-9_.]*", written)
            shown = name.group(0)[:40] if name else ""
            rest = written[len(shown) :].lstrip()
            shown += "=…" if rest.startswith("=") else (" …" if rest else "")
            bare = name.group(0).split()[-1] if name else ""
            hint = f" (write {bare}=value)" if bare and rest and rest[0] != "=" else ""
            raise ConfigError(
                f"{path}, line {binding.original.line}: cannot be read ({shown!r}){hint}; each "
                "line must be NAME=value, a value with spaces or # in quotes closed on the same "
                "line"
            )
    return encoding


def is_placeholder(value: str | None) -> bool:
    """True when a secret is unset or still the example text."""
    return value is None or bool(_PLACEHOLDER.match(value.strip()))


class Settings(BaseSettings):
    """Seshat's configuration (environment variables and `.env`)."""

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", populate_by_name=True
    )

    def __init__(self, **values: Any) -> None:
        values.setdefault("_env_file", env_file())
        if isinstance(values["_env_file"], str | Path) and "_env_file_encoding" not in values:
            values["_env_file_encoding"] = read_env_file(Path(values["_env_file"]))
        super().__init__(**values)

    # Storage
    data_dir: Path = Field(default=Path("./data"), validation_alias="SESHAT_DATA_DIR")
    database_url: str | None = Field(default=None, validation_alias="DATABASE_URL")

    # Slack
    slack_bot_token: SecretStr | None = Field(default=None, validation_alias="SLACK_BOT_TOKEN")
    slack_app_token: SecretStr | None = Field(default=None, validation_alias="SLACK_APP_TOKEN")
    slack_signing_secret: SecretStr | None = Field(
        default=None, validation_alias="SLACK_SIGNING_SECRET"
    )
    slack_mode: Literal["socket", "http"] = Field(default="socket", validation_alias="SLACK_MODE")
    slack_api_url: str = Field(default="https://slack.com/api/", validation_alias="SLACK_API_URL")
    http_host: str = Field(default="0.0.0.0", validation_alias="SESHAT_HTTP_HOST")
    http_port: int = Field(default=3000, ge=0, le=65535, validation_alias="SESHAT_HTTP_PORT")
    slack_owner_ids: str = Field(default="", validation_alias="SLACK_OWNER_IDS")
    # Start without an owner (review cards wait for `seshat review` in a terminal).
    slack_owner_optional: bool = Field(default=False, validation_alias="SLACK_OWNER_OPTIONAL")

    # The chat model
    anthropic_api_key: SecretStr | None = Field(default=None, validation_alias="ANTHROPIC_API_KEY")
    anthropic_base_url: str | None = Field(default=None, validation_alias="ANTHROPIC_BASE_URL")
    chat_provider: Literal["auto", "anthropic", "offline"] = Field(
        default="auto", validation_alias="CHAT_PROVIDER"
    )
    chat_model: str = Field(default="claude-sonnet-4-6", validation_alias="CHAT_MODEL")
    chat_max_tokens: int = Field(default=1024, ge=1, validation_alias="CHAT_MAX_TOKENS")
    llm_timeout_seconds: float = Field(default=60.0, gt=0, validation_alias="LLM_TIMEOUT_SECONDS")
    llm_max_retries: int = Field(default=3, ge=0, validation_alias="LLM_MAX_RETRIES")
    llm_prices: str = Field(default="", validation_alias="LLM_PRICES")
    # Chat spend per UTC day (bot/chat/budget.py), in USD; 0 = no cap.
    chat_daily_cap_usd: float = Field(default=25.0, ge=0, validation_alias="CHAT_DAILY_CAP_USD")
    chat_user_daily_cap_usd: float = Field(
        default=5.0, ge=0, validation_alias="CHAT_USER_DAILY_CAP_USD"
    )

    # Sessions
    session_idle_minutes: float = Field(default=30, gt=0, validation_alias="SESSION_IDLE_MINUTES")
    idle_sweep_seconds: float = Field(default=60, gt=0, validation_alias="IDLE_SWEEP_SECONDS")
    transcript_max_messages: int = Field(
        default=40, ge=2, validation_alias="TRANSCRIPT_MAX_MESSAGES"
    )
    # Days a finished session's transcript is kept (store/retention.py); 0 = until forgotten.
    transcript_retention_days: float = Field(
        default=0, ge=0, validation_alias="TRANSCRIPT_RETENTION_DAYS"
    )
    # Replies answered at once: each waits on the model (I/O), so this is a cap on concurrent
    # model calls, not a CPU count (the Python work of replies runs two at a time whatever this
    # is: bot/chat/cpu_slots.py). 256 lets a burst of 200 sessions wait on the model together.
    worker_threads: int = Field(default=256, ge=1, validation_alias="SESHAT_WORKER_THREADS")
    # Daemon processes sharing the load on this host (`seshat run --workers N`): Socket Mode
    # opens one connection each (Slack allows ten per app), HTTP mode shares the port.
    workers: int = Field(default=1, ge=1, le=10, validation_alias="SESHAT_WORKERS")
    # The ⏳ on a message appears only when its answer takes longer than this (0: at once).
    working_signal_delay_seconds: float = Field(
        default=2.0, ge=0, validation_alias="WORKING_SIGNAL_DELAY_SECONDS"
    )
    # Replies shown while the model writes them (bot/chat/streaming.py): `auto` streams them with
    # Slack's chat.startStream/appendStream/stopStream where Slack allows it, else posts the
    # first words and edits the rest in; `edit` always does the latter; `off` posts each reply
    # whole, once written.
    reply_streaming: Literal["auto", "edit", "off"] = Field(
        default="auto", validation_alias="REPLY_STREAMING"
    )
    # At most one append (or edit) per reply per this many seconds; the first words go at once.
    reply_stream_interval_seconds: float = Field(
        default=1.0, gt=0, validation_alias="REPLY_STREAM_INTERVAL_SECONDS"
    )
    # Sampling temperature sent with every reply (None: not sent, the model's default).
    chat_temperature: float | None = Field(
        default=None, ge=0, le=2, validation_alias="CHAT_TEMPERATURE"
    )

    # Slack's AI surface (bot/surfaces/agent.py): `agent` (the agent messaging experience,
    # `features.agent_view`: agent sessions with a status and a stop button, each DM message a
    # thread), `assistant` (the older `assistant_view` container), `auto` (decided from the
    # events that arrive and from whether Slack accepts agent sessions).
    slack_experience: Literal["auto", "agent", "assistant"] = Field(
        default="auto", validation_alias="SLACK_EXPERIENCE"
    )
    # An agent-view greeting is sent to a person at most once in this many hours (at most 24:
    # the claim lives in processed_events, which forgets rows after a day).
    agent_greeting_hours: float = Field(
        default=24.0, gt=0, le=24, validation_alias="AGENT_GREETING_HOURS"
    )

    # Stalls and other bots (bot/chat/stall.py)
    slack_allow_bots: Literal["none", "mentions", "all"] = Field(
        default="mentions", validation_alias="SLACK_ALLOW_BOTS"
    )
    bot_replies_per_thread_per_minute: int = Field(
        default=4, ge=1, validation_alias="BOT_REPLIES_PER_THREAD_PER_MINUTE"
    )
    stall_detection: bool = Field(default=True, validation_alias="STALL_DETECTION")
    stall_max_interventions: int = Field(
        default=3, ge=0, validation_alias="STALL_MAX_INTERVENTIONS"
    )
    stall_temperature_lift: float = Field(
        default=0.3, ge=0, le=1, validation_alias="STALL_TEMPERATURE_LIFT"
    )
    stall_temperature_max: float = Field(
        default=1.0, gt=0, le=2, validation_alias="STALL_TEMPERATURE_MAX"
    )
    stall_decay_turns: int = Field(default=3, ge=1, validation_alias="STALL_DECAY_TURNS")

    # Reflection
    reflection_provider: Literal["auto", "anthropic", "heuristic"] = Field(
        default="auto", validation_alias="REFLECTION_PROVIDER"
    )
    reflection_model: str = Field(default="claude-haiku-4-5", validation_alias="REFLECTION_MODEL")
    reflection_max_tokens: int = Field(
        default=2048, ge=256, validation_alias="REFLECTION_MAX_TOKENS"
    )
    reflection_max_budget_usd: float = Field(
        default=0.50, gt=0, validation_alias="REFLECTION_MAX_BUDGET_USD"
    )
    reflection_daily_cap_usd: float = Field(
        default=5.00, ge=0, validation_alias="REFLECTION_DAILY_CAP_USD"
    )
    reflection_over_cap: Literal["defer", "heuristic", "skip"] = Field(
        default="defer", validation_alias="REFLECTION_OVER_CAP"
    )
    reflection_disabled: bool = Field(default=False, validation_alias="REFLECTION_DISABLED")
    reflection_max_attempts: int = Field(
        default=3, ge=1, validation_alias="REFLECTION_MAX_ATTEMPTS"
    )
    reflection_retry_backoff_seconds: float = Field(
        default=2.0, ge=0, validation_alias="REFLECTION_RETRY_BACKOFF_SECONDS"
    )
    reflection_banned_keywords: str = Field(
        default="hermes,openclaw,nanoclaw,claw", validation_alias="REFLECTION_BANNED_KEYWORDS"
    )

    # Learned artifacts and the review gate
    skills_dir: Path | None = Field(default=None, validation_alias="SKILLS_DIR")
    review_thumbs_up_approves: bool = Field(
        default=False, validation_alias="REVIEW_THUMBS_UP_APPROVES"
    )
    safety_allow_domains: str = Field(default="", validation_alias="SAFETY_ALLOW_DOMAINS")
    # Whose recurrence counts as independent corroboration for promoting a lesson to everyone:
    # `trusted` — owners and LESSON_TRUSTED_USERS (a second account nobody vouched for does not
    # count); `anyone` — any distinct users (the seed's rule as written; open to sock puppets).
    lesson_corroborators: Literal["trusted", "anyone"] = Field(
        default="trusted", validation_alias="LESSON_CORROBORATORS"
    )
    lesson_trusted_users: str = Field(default="", validation_alias="LESSON_TRUSTED_USERS")
    honcho_api_key: SecretStr | None = Field(default=None, validation_alias="HONCHO_API_KEY")
    honcho_base_url: str | None = Field(default=None, validation_alias="HONCHO_BASE_URL")
    honcho_workspace_id: str = Field(default="seshat", validation_alias="HONCHO_WORKSPACE_ID")

    # Lessons, facts and the next session's context
    context_lesson_tokens: int = Field(default=1000, ge=0, validation_alias="CONTEXT_LESSON_TOKENS")
    lesson_decay_days: float = Field(default=30, gt=0, validation_alias="LESSON_DECAY_DAYS")
    lesson_cap_canonical: int = Field(default=200, ge=1, validation_alias="LESSON_CAP_CANONICAL")
    lesson_cap_provisional: int = Field(
        default=500, ge=1, validation_alias="LESSON_CAP_PROVISIONAL"
    )
    embedder: Literal["auto", "wordllama", "hashing"] = Field(
        default="auto", validation_alias="SESHAT_EMBEDDER"
    )

    # Check-ins (a DM at a reflection's next_check_at); 0 turns them off
    checkins_per_user_per_day: int = Field(
        default=2, ge=0, validation_alias="CHECKINS_PER_USER_PER_DAY"
    )
    # Skills in use: the approved-skills index in every prompt, and the daily governor
    skill_index_max: int = Field(default=20, ge=0, validation_alias="SKILL_INDEX_MAX")
    skill_index_tokens: int = Field(default=400, ge=0, validation_alias="SKILL_INDEX_TOKENS")
    # Caps on the other injected blocks, in estimated tokens (per script, `writers.tokens`); a
    # block over its cap is cut by whole lines and the cut is logged as a warning.
    context_user_md_tokens: int = Field(
        default=600, ge=0, validation_alias="CONTEXT_USER_MD_TOKENS"
    )
    context_memory_tokens: int = Field(default=1000, ge=0, validation_alias="CONTEXT_MEMORY_TOKENS")
    context_skill_tokens: int = Field(default=1500, ge=0, validation_alias="CONTEXT_SKILL_TOKENS")
    # IDENTITY.md is the owner's, never learned; its first lines are kept (the default is ~160).
    context_identity_tokens: int = Field(
        default=1500, ge=0, validation_alias="CONTEXT_IDENTITY_TOKENS"
    )
    skill_stale_days: float = Field(default=60, gt=0, validation_alias="SKILL_STALE_DAYS")
    skill_failure_window: int = Field(default=5, ge=1, validation_alias="SKILL_FAILURE_WINDOW")
    skill_failure_ratio: float = Field(
        default=0.6, gt=0, le=1, validation_alias="SKILL_FAILURE_RATIO"
    )
    skill_failure_min_uses: int = Field(default=3, ge=1, validation_alias="SKILL_FAILURE_MIN_USES")
    # Learning notices: after a reflection, one line on what was learned, with an Undo button
    # `both`: the owner (DM) and the person the session learned from (its thread), who can undo
    # what concerns only them.
    learning_notices: Literal["off", "owner", "thread", "both"] = Field(
        default="both", validation_alias="LEARNING_NOTICES"
    )

    # Logging
    log_level: str = Field(default="INFO", validation_alias="LOG_LEVEL")
    log_format: Literal["json", "text"] = Field(default="json", validation_alias="LOG_FORMAT")

    @field_validator("data_dir", "skills_dir", mode="before")
    @classmethod
    def _expand_paths(cls, value: Any, info: Any) -> Any:
        if isinstance(value, str | Path) and str(value).strip():
            name = "SESHAT_DATA_DIR" if info.field_name == "data_dir" else "SKILLS_DIR"
            return Path(expand_path(str(value), name))
        if info.field_name == "skills_dir":
            return None
        # An empty SESHAT_DATA_DIR= (a copied .env) is the default ./data, not the working dir.
        return Path("./data") if isinstance(value, str) else value

    @field_validator("database_url", mode="before")
    @classmethod
    def _database_url(cls, value: Any) -> Any:
        if not isinstance(value, str) or not unquoted(value):
            return None
        value = unquoted(value)
        # Heroku and many hosts print postgres://, which SQLAlchemy no longer takes. A URL copied
        # from a Java app's settings (`jdbc:postgresql://…`, its `?user=&password=`
        # query libpq reads too), or from another SQLAlchemy app that names its driver
        # (`postgresql+psycopg2://`, `+asyncpg`, `+pg8000`): the same server; Seshat picks its own
        # driver (psycopg 3), so the name of another one is dropped.
        value = value.removeprefix("jdbc:")
        scheme, sep, rest = value.partition("://")
        if sep and scheme.partition("+")[0] in ("postgres", "postgresql"):
            value = "postgresql://" + rest
        elif sep and scheme.startswith("sqlite+"):
            value = "sqlite://" + rest
        if value.startswith("sqlite:///") and not value.startswith("sqlite:////"):
            path = value.removeprefix("sqlite:///")
            if path.startswith(("~", "$")):
                value = "sqlite:///" + expand_path(path, "DATABASE_URL")
        return value

    @field_validator("log_level")
    @classmethod
    def _log_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level == "WARN":
            level = "WARNING"
        if level not in LOG_LEVELS:
            raise ValueError(f"must be one of {', '.join(LOG_LEVELS)} (not {value!r})")
        return level

    @field_validator(
        "slack_mode",
        "chat_provider",
        "reply_streaming",
        "slack_experience",
        "slack_allow_bots",
        "reflection_provider",
        "reflection_over_cap",
        "lesson_corroborators",
        "embedder",
        "learning_notices",
        "log_format",
        mode="before",
    )
    @classmethod
    def _mode_as_typed(cls, value: Any) -> Any:
        # `SLACK_MODE=HTTP` or `= http` (a space after the =) meant http; every setting that
        # is one of a few words alike (`LOG_FORMAT=JSON`, `CHAT_PROVIDER=Anthropic`).
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("http_host", mode="before")
    @classmethod
    def _listen_address(cls, value: Any) -> Any:
        if not isinstance(value, str):
            return value
        host = value.strip()
        if not host:
            # An empty SESHAT_HTTP_HOST= (a copied .env) is the default, as for the data dir;
            # before, waitress stopped the start with "Invalid host/port specified".
            return "0.0.0.0"
        if "://" in host:
            raise ValueError(
                f"{host!r} is a URL; this is the address Seshat listens on (0.0.0.0: every "
                "interface; 127.0.0.1: behind a local proxy), its port in SESHAT_HTTP_PORT. "
                "The public https://…/slack/events URL goes in the app's Request URLs"
            )
        address, colon, port = host.rpartition(":")
        bracketed = address.startswith("[") and address.endswith("]")
        if colon and (bracketed or ":" not in address) and port.isdigit():
            raise ValueError(
                f"{host!r} holds a port; give the address alone "
                f"(SESHAT_HTTP_HOST={address.strip('[]')}) and the port in SESHAT_HTTP_PORT={port}"
            )
        # An IPv6 address as URLs write it ([::1]) is the address within the brackets.
        return host[1:-1] if host.startswith("[") and host.endswith("]") else host

    @field_validator("http_port", mode="before")
    @classmethod
    def _empty_port_is_default(cls, value: Any) -> Any:
        return 3000 if isinstance(value, str) and not value.strip() else value

    @field_validator("slack_api_url")
    @classmethod
    def _trailing_slash(cls, value: str) -> str:
        value = value.strip()
        if not value.startswith(("https://", "http://")):
            raise ValueError(f"must be an http(s) URL, e.g. https://slack.com/api/ (not {value!r})")
        return value if value.endswith("/") else value + "/"

    @field_validator(
        "slack_bot_token",
        "slack_app_token",
        "slack_signing_secret",
        "anthropic_api_key",
        "honcho_api_key",
        mode="before",
    )
    @classmethod
    def _secret_as_pasted(cls, value: Any) -> Any:
        # A token pasted with a trailing space or newline (`"…\n"` in a .env, `$(cat file)`
        # in a unit file): no secret holds whitespace, and a signing secret with a newline
        # would refuse every request from Slack (401) without saying why. Quotes kept by
        # `docker run --env-file` made a good token "a value that is not a Slack token".
        return unquoted(value) if isinstance(value, str) else value

    @field_validator("chat_temperature", mode="before")
    @classmethod
    def _empty_is_unset(cls, value: Any) -> Any:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("llm_prices")
    @classmethod
    def _prices_are_json(cls, value: str) -> str:
        if value.strip():
            try:
                parsed = json.loads(value)
            except json.JSONDecodeError as exc:
                raise ValueError(f"LLM_PRICES must be a JSON object: {exc}") from exc
            if not isinstance(parsed, dict):
                raise ValueError("LLM_PRICES must be a JSON object of model → prices")
        return value

    # Derived values -------------------------------------------------------------------------

    @property
    def banned_keywords(self) -> tuple[str, ...]:
        """REFLECTION_BANNED_KEYWORDS as a tuple of lower-case words."""
        return tuple(
            w.strip().lower() for w in self.reflection_banned_keywords.split(",") if w.strip()
        )

    @property
    def effective_skills_dir(self) -> Path:
        """SKILLS_DIR, or `skills/` under the data directory (a git repository)."""
        return self.skills_dir or self.data_dir / "skills"

    @property
    def allow_domains(self) -> tuple[str, ...]:
        """SAFETY_ALLOW_DOMAINS as a tuple."""
        return tuple(d.strip().lower() for d in self.safety_allow_domains.split(",") if d.strip())

    @property
    def trusted_users(self) -> tuple[str, ...]:
        """LESSON_TRUSTED_USERS as a tuple of Slack user ids."""
        return tuple(slack_ids(self.lesson_trusted_users))

    @property
    def sqlite_path(self) -> Path:
        """Where the default SQLite database lives."""
        return self.data_dir / "seshat.db"

    @property
    def effective_database_url(self) -> str:
        """DATABASE_URL, or SQLite under the data directory."""
        return self.database_url or f"sqlite:///{self.sqlite_path.resolve()}"

    @property
    def database_where(self) -> str:
        """Which setting chose the database, for a message: ` (SESHAT_DATA_DIR=…)`, or ``
        when DATABASE_URL did (messages then name DATABASE_URL itself)."""
        return "" if self.database_url else f" (SESHAT_DATA_DIR={self.data_dir})"

    @property
    def owner_ids(self) -> list[str]:
        """SLACK_OWNER_IDS as a list; the first is the DM target for review cards."""
        return slack_ids(self.slack_owner_ids)

    def secret(self, name: str) -> str | None:
        """The value of a secret setting by its variable name, or None when unset/placeholder."""
        field = {
            "SLACK_BOT_TOKEN": self.slack_bot_token,
            "SLACK_APP_TOKEN": self.slack_app_token,
            "SLACK_SIGNING_SECRET": self.slack_signing_secret,
            "ANTHROPIC_API_KEY": self.anthropic_api_key,
        }[name]
        value = field.get_secret_value() if field is not None else None
        return None if is_placeholder(value) else value

    def require(self, *names: str) -> dict[str, str]:
        """Return the named secrets, or raise one ConfigError naming every missing one."""
        missing = [name for name in names if self.secret(name) is None]
        if missing:
            lines = [f"  {name}: {WHERE_TO_GET[name]}" for name in missing]
            path = env_file().resolve()
            looked = f"{path}" + ("" if path.is_file() else " (no such file)")
            raise ConfigError(
                f"Missing or placeholder setting(s) in the environment and in {looked}:\n"
                + "\n".join(lines)
                + f"\nSet them in {path.name} (see .env.example), or run `seshat demo` to try "
                "Seshat against the local Slack workspace without any tokens."
            )
        return {name: self.secret(name) or "" for name in names}

    def required_slack_secrets(self) -> list[str]:
        """The Slack secrets the configured mode needs."""
        if self.slack_mode == "socket":
            return ["SLACK_BOT_TOKEN", "SLACK_APP_TOKEN"]
        return ["SLACK_BOT_TOKEN", "SLACK_SIGNING_SECRET"]

    def ensure_data_dir(self) -> Path:
        """Create the data directory if needed and return it; ConfigError if it cannot be."""
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:  # a file in the way, no permission, a read-only disk
            in_the_way = next(
                (p for p in (self.data_dir, *self.data_dir.parents) if p.exists()), None
            )
            if self.data_dir.is_symlink() and not self.data_dir.exists():
                why = f"it is a link to {os.readlink(self.data_dir)}, which does not exist"
            elif in_the_way is not None and not in_the_way.is_dir():
                why = f"{in_the_way} is {kind_of(in_the_way)}, not a directory"
            else:
                why = exc.strerror or "OSError"
            raise ConfigError(
                f"SESHAT_DATA_DIR {self.data_dir}: cannot be used ({why}); point SESHAT_DATA_DIR "
                "(.env or the environment) at a folder this user may write, or make that one"
            ) from exc
        if not os.access(self.data_dir, os.W_OK | os.X_OK):
            raise ConfigError(
                f"SESHAT_DATA_DIR {self.data_dir}: this user may not write in it (owner uid "
                f"{self.data_dir.stat().st_uid}, mode {self.data_dir.stat().st_mode & 0o777:o}). "
                "Give it to the user Seshat runs as (chown), or point SESHAT_DATA_DIR elsewhere; "
                "listing commands read a read-only copy as it is."
            )
        return self.data_dir

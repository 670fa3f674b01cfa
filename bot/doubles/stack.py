"""The whole thing on loopback: local Slack workspace + local Anthropic API + a real daemon.

Used by the end-to-end tests and by `seshat demo`. The daemon is the production one, configured
only through Settings (base URLs and tokens), so it talks to the doubles exactly as to Slack.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import IO, Any, Literal

from bot.daemon import Daemon
from bot.doubles.anthropic_api import LocalAnthropicAPI
from bot.doubles.slack_workspace import LocalSlackWorkspace
from reflection.llm import LLM
from store.clock import Clock
from store.config import Settings

ROOT = Path(__file__).resolve().parents[2]
_OWN_SETTINGS = ("SLACK_", "ANTHROPIC_", "SESHAT_", "DATABASE_URL", "REFLECTION_")


def process_env(
    slack: LocalSlackWorkspace, anthropic: LocalAnthropicAPI, data_dir: Path, **extra: str
) -> dict[str, str]:
    """The environment for a `seshat run` process against these doubles: the caller's own
    Slack, Anthropic and Seshat settings are left out, `extra` is added on top."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(_OWN_SETTINGS)}
    env.update(
        {
            "PYTHONPATH": str(ROOT),
            "SESHAT_DATA_DIR": str(data_dir),
            "SESHAT_ENV_FILE": str(data_dir.parent / "no-such.env"),
            "SLACK_BOT_TOKEN": slack.bot_token,
            "SLACK_APP_TOKEN": slack.app_token,
            "SLACK_SIGNING_SECRET": slack.signing_secret,
            "SLACK_API_URL": slack.api_url,
            "ANTHROPIC_API_KEY": anthropic.api_key,
            "ANTHROPIC_BASE_URL": anthropic.base_url,
            "SESHAT_EMBEDDER": "hashing",
            "LOG_FORMAT": "text",
            # Replies posted whole unless a test streams them (as the stack's default says).
            "REPLY_STREAMING": "off",
            # The workspace double is an assistant_view app unless a test makes it an agent.
            "SLACK_EXPERIENCE": "assistant",
            # `seshat run` refuses to start without an owner who is a member of the workspace.
            "SLACK_OWNER_IDS": "U0OWNER",
        }
    )
    env.update(extra)
    for owner in env["SLACK_OWNER_IDS"].split(","):
        if owner.strip():
            slack.state.user(owner.strip())
    return env


def start_process(
    env: dict[str, str], cwd: Path, *, stderr: int | IO[Any] | None = subprocess.DEVNULL
) -> subprocess.Popen[str]:
    """`seshat run` as its own process (a crash test can SIGKILL it)."""
    return subprocess.Popen(
        [sys.executable, "-m", "bot.cli", "run"],
        cwd=cwd,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=stderr,
        text=True,
    )


def stop_process(proc: subprocess.Popen[str], timeout: float = 60) -> str:
    """SIGTERM, wait (kill if it will not stop); returns what it wrote on stderr, if piped."""
    proc.send_signal(signal.SIGTERM)
    try:
        _, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate()
    return err or ""


class LocalStack:
    """Start with `with LocalStack(tmp_path) as stack:`; everything stops on exit."""

    def __init__(
        self,
        data_dir: Path,
        *,
        mode: Literal["socket", "http"] = "socket",
        owner: str = "U0OWNER",
        clock: Clock | None = None,
        chat_llm: LLM | None = None,
        reflection_llm: LLM | None = None,
        database_url: str | None = None,
        ack_timeout: float = 3.0,
        start_scheduler: bool = False,
        experience: Literal["assistant", "agent"] = "assistant",
        **settings: Any,
    ) -> None:
        self.data_dir = data_dir
        self.mode = mode
        self.owner = owner
        # The app's AI surface in the workspace: assistant_view (what most tests use) or
        # agent_view (the manifest's today); SLACK_EXPERIENCE follows it unless given.
        self.slack = LocalSlackWorkspace(ack_timeout=ack_timeout, experience=experience)
        self.experience = experience
        self.anthropic = LocalAnthropicAPI()
        self._clock = clock
        self._chat_llm = chat_llm
        self._reflection_llm = reflection_llm
        self._database_url = database_url
        self._start_scheduler = start_scheduler
        self._extra = settings
        self.daemon: Daemon | None = None

    def settings(self) -> Settings:
        """Settings pointing the daemon at the doubles (keyword values win over the env)."""
        values: dict[str, Any] = {
            "SESHAT_DATA_DIR": str(self.data_dir),
            "SLACK_BOT_TOKEN": self.slack.bot_token,
            "SLACK_APP_TOKEN": self.slack.app_token,
            "SLACK_SIGNING_SECRET": self.slack.signing_secret,
            "SLACK_API_URL": self.slack.api_url,
            "SLACK_MODE": self.mode,
            "SESHAT_HTTP_HOST": "127.0.0.1",
            "SESHAT_HTTP_PORT": 0,
            "SLACK_OWNER_IDS": self.owner,
            "ANTHROPIC_API_KEY": self.anthropic.api_key,
            "ANTHROPIC_BASE_URL": self.anthropic.base_url,
            "CHAT_PROVIDER": "anthropic",
            "REFLECTION_PROVIDER": "anthropic",
            "LLM_TIMEOUT_SECONDS": 10,
            "LLM_MAX_RETRIES": 2,
            "REFLECTION_RETRY_BACKOFF_SECONDS": 0,
            "LOG_FORMAT": "text",
            "SESHAT_EMBEDDER": "hashing",
            # Replies are posted whole here unless a test or the caller asks for streaming
            # (REPLY_STREAMING="auto"): most tests read a reply as its chat.postMessage.
            "REPLY_STREAMING": "off",
            "SLACK_EXPERIENCE": self.experience,
        }
        if self._database_url:
            values["DATABASE_URL"] = self._database_url
        values.update(self._extra)
        return Settings(_env_file=None, **values)

    def start(self) -> LocalStack:
        """Start the doubles, then the daemon against them."""
        self.slack.start()
        self.anthropic.start()
        self.slack.add_user(self.owner, "owner")
        self.daemon = Daemon(
            self.settings(),
            clock=self._clock,
            chat_llm=self._chat_llm,
            reflection_llm=self._reflection_llm,
            start_scheduler=self._start_scheduler,
        )
        self.daemon.start()
        if self.mode == "http":
            assert self.daemon.http is not None
            self.slack.deliver_over_http(self.daemon.http.url, self.slack.signing_secret)
        else:
            self.slack.wait_for_connection(timeout=10)
        return self

    def stop(self) -> None:
        """Stop the daemon, then the doubles."""
        if self.daemon is not None:
            self.daemon.stop(timeout=10)
            self.daemon = None
        self.slack.stop()
        self.anthropic.stop()

    def __enter__(self) -> LocalStack:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def bot(self) -> Daemon:
        """The running daemon."""
        assert self.daemon is not None, "LocalStack is not started"
        return self.daemon

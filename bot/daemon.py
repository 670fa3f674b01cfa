"""The daemon: wires settings, store, clients, Bolt, Socket Mode or HTTP, and the scheduler.

Built inside `main()` (never at import time). Tests and the demo construct it with the loopback
doubles' URLs and tokens; nothing here can tell them from Slack and Anthropic.
"""

from __future__ import annotations

import logging
import signal
import threading
from dataclasses import dataclass
from types import FrameType
from typing import Any

from apscheduler.schedulers.background import BackgroundScheduler
from slack_bolt.adapter.socket_mode import SocketModeHandler
from slack_sdk import WebClient

from bot.context import ensure_identity
from bot.engine import ChatConfig, Engine
from bot.http_server import HttpServer
from bot.prompting import FileContext
from bot.providers import make_chat_llm
from bot.service import SeshatService
from bot.slack_app import build_bolt_app, make_web_client
from reflection.llm import LLM
from reflection.pricing import PriceTable
from store.clock import Clock, SystemClock
from store.config import Settings
from store.db import Store

log = logging.getLogger(__name__)


@dataclass
class BotIdentity:
    """Who the bot is in this workspace (from auth.test)."""

    user_id: str
    bot_id: str | None
    team_id: str


class Daemon:
    """One Seshat process: start(), then stop() (or run_forever() with signal handling)."""

    def __init__(
        self,
        settings: Settings,
        *,
        clock: Clock | None = None,
        chat_llm: LLM | None = None,
        start_scheduler: bool = True,
    ) -> None:
        self.settings = settings
        self.clock = clock or SystemClock()
        self._chat_llm = chat_llm
        self._start_scheduler = start_scheduler
        self._stop = threading.Event()
        self.store: Store | None = None
        self.socket: SocketModeHandler | None = None
        self.http: HttpServer | None = None
        self.scheduler: BackgroundScheduler | None = None

    def start(self) -> None:
        """Connect everything; returns once the bot is listening."""
        s = self.settings
        secrets = s.require(*s.required_slack_secrets())
        data_dir = s.ensure_data_dir()
        ensure_identity(data_dir)
        self.store = Store.open(s.effective_database_url)
        self.slack: WebClient = make_web_client(secrets["SLACK_BOT_TOKEN"], s.slack_api_url)
        auth = self.slack.auth_test()
        self.identity = BotIdentity(
            user_id=str(auth["user_id"]),
            bot_id=auth.get("bot_id"),
            team_id=str(auth.get("team_id") or ""),
        )
        self.prices = PriceTable.from_json(s.llm_prices)
        self.chat_llm = self._chat_llm or make_chat_llm(s, self.prices)
        self.engine = Engine(
            store=self.store,
            slack=self.slack,
            llm=self.chat_llm,
            clock=self.clock,
            prices=self.prices,
            context=FileContext(data_dir),
            chat=ChatConfig(
                model=s.chat_model,
                max_tokens=s.chat_max_tokens,
                max_messages=s.transcript_max_messages,
            ),
            bot_user_id=self.identity.user_id,
            workers=s.worker_threads,
        )
        self.service = SeshatService(
            engine=self.engine,
            store=self.store,
            slack=self.slack,
            clock=self.clock,
            idle_minutes=s.session_idle_minutes,
            on_closed=self._on_closed,
        )
        self.bolt = build_bolt_app(
            client=self.slack,
            dispatcher=self.service,
            bot_user_id=self.identity.user_id,
            bot_id=self.identity.bot_id,
            signing_secret=secrets.get("SLACK_SIGNING_SECRET") if s.slack_mode == "http" else None,
        )
        if s.slack_mode == "socket":
            self.socket = SocketModeHandler(self.bolt, secrets["SLACK_APP_TOKEN"])
            self.socket.connect()  # type: ignore[no-untyped-call]
        else:
            self.http = HttpServer(self.bolt, host=s.http_host, port=s.http_port)
            self.http.start()
        if self._start_scheduler:
            self.scheduler = BackgroundScheduler(timezone="UTC")
            self.scheduler.add_job(
                self.service.sweep_idle,
                "interval",
                seconds=s.idle_sweep_seconds,
                id="idle-sweep",
                max_instances=1,
                coalesce=True,
            )
            self.scheduler.add_job(
                self.service.forget_old_events,
                "interval",
                hours=1,
                id="dedupe-cleanup",
                max_instances=1,
                coalesce=True,
            )
            self.scheduler.start()
        log.info(
            "seshat started",
            extra={
                "mode": s.slack_mode,
                "bot_user": self.identity.user_id,
                "chat_provider": self.chat_llm.name,
            },
        )

    def _on_closed(self, session_id: str) -> None:
        log.info("session ready for reflection", extra={"session": session_id})

    def stop(self, timeout: float = 30.0) -> None:
        """Stop taking work, finish in-flight replies, close the socket and the database."""
        if self.scheduler is not None:
            self.scheduler.shutdown(wait=False)
            self.scheduler = None
        if self.socket is not None:
            # Close the socket first: unacked deliveries go back to Slack for redelivery.
            self.socket.close()  # type: ignore[no-untyped-call]
            self.socket = None
        if self.http is not None:
            self.http.stop()
            self.http = None
        if hasattr(self, "engine"):
            self.engine.shutdown(timeout)
        if self.store is not None:
            self.store.close()
            self.store = None
        log.info("seshat stopped")

    def run_forever(self) -> None:
        """Start, then block until SIGTERM/SIGINT, then stop cleanly."""

        def _signal(signum: int, _frame: FrameType | None) -> None:
            log.info("signal received, shutting down", extra={"signal": signum})
            self._stop.set()

        previous: dict[signal.Signals, Any] = {}
        for sig in (signal.SIGTERM, signal.SIGINT):
            previous[sig] = signal.signal(sig, _signal)
        try:
            self.start()
            self._stop.wait()
        finally:
            self.stop()
            for sig, handler in previous.items():
                signal.signal(sig, handler)

    def request_stop(self) -> None:
        """Ask run_forever() to return (used by tests and the demo)."""
        self._stop.set()

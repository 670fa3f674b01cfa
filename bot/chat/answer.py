"""Answering: the model call for a claimed message — its context, the request, the streamed or
whole answer — and the call's ledger row; any failure ends in an apology, never in silence."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from sqlalchemy import Connection
from sqlalchemy.orm import Session

from bot.chat.budget import ChatBudget
from bot.chat.context import PromptParts, conversation
from bot.chat.cpu_slots import CpuSlots
from bot.chat.prompting import ContextUses
from bot.chat.stall import NO_PLAN, Plan
from bot.chat.streaming import LiveReply
from bot.slack.inbound import strip_bot_mention
from reflection.calls import record_call
from reflection.errors import LLMError, LLMInterrupted, LLMRejected
from reflection.llm import LLM, LLMRequest, LLMResponse
from reflection.pricing import PriceTable
from store.clock import Clock
from store.config import Settings
from store.models import ChatSession, Message

log = logging.getLogger(__name__)
APOLOGY = (
    "Sorry — I can't reach the language model right now ({reason}). Your message is saved; "
    "please try again in a minute."
)
# A permanent refusal is not "try again in a minute": the key (401/403), or this request.
KEY_REFUSED = (
    "Sorry — I can't answer: the language model service refuses this bot's API key, so I can't "
    "until the bot's owner fixes it (ANTHROPIC_API_KEY). Your message is saved."
)
REQUEST_REFUSED = (
    "Sorry — I can't answer this: the language model refused the request ({reason}). Your "
    "message is saved; sending the same again will not help."
)
# Every apology starts so (the stall detector leaves them out).
APOLOGY_START = "Sorry — I can't"


def apology(exc: LLMError) -> str:
    """What the user is told when the model call failed: true and short, in words."""
    text = str(exc)
    if isinstance(exc, LLMRejected):
        if exc.bad_key:
            return KEY_REFUSED
        return REQUEST_REFUSED.format(reason=f"HTTP {exc.status}" if exc.status else "refused")
    if isinstance(exc, LLMInterrupted):
        reason = f"its answer broke off: {exc.reason}"
    elif "timed out" in text:
        reason = "it did not answer in time"
    elif "cannot reach" in text:
        reason = "no connection to it"
    elif "malformed" in text:
        reason = "its answer could not be read"
    elif " 429 " in text:
        reason = "it is rate-limiting this bot"
    else:
        reason = "it is overloaded or unavailable"
    return APOLOGY.format(reason=reason)


RESTARTED = "_(I was restarted while answering this; here is my answer.)_\n\n"


class DirectAnswers(Protocol):
    """Answers some messages without the model (bot/surfaces/assistant.py: "What do you remember
    about me?" gets what `/seshat memory` shows)."""

    def answer(self, session: ChatSession, text: str) -> str | None:
        """The answer to `text` (the stored, redacted message) in `session`, or None."""
        ...


class ContextProvider(Protocol):
    """Builds the system prompt for a session (identity, learned context)."""

    def build(
        self, session: ChatSession, first_text: str, latest_text: str | None = None
    ) -> PromptParts:
        """The prompt parts for `session`; `first_text` is the session's first user message,
        `latest_text` the one being answered (a provider may re-match its tail on it)."""
        ...

    def unrecorded(self, session_id: str) -> ContextUses | None:
        """What the session's context used that is not recorded yet (its lessons, facts,
        skill): the engine writes it in the transaction that stores the answer."""
        ...

    def recorded(self, done: ContextUses) -> None:
        """`done` (from `unrecorded`) was committed."""
        ...


@dataclass(frozen=True)
class ChatConfig:
    """The chat model's knobs, taken from Settings."""

    model: str
    max_tokens: int
    max_messages: int
    temperature: float | None = None

    @classmethod
    def from_settings(cls, s: Settings) -> ChatConfig:
        """CHAT_MODEL, CHAT_MAX_TOKENS, TRANSCRIPT_MAX_MESSAGES, CHAT_TEMPERATURE."""
        return cls(
            model=s.chat_model,
            max_tokens=s.chat_max_tokens,
            max_messages=s.transcript_max_messages,
            temperature=s.chat_temperature,
        )


class Answerer:
    """Asks the model for the answer to one message (or a direct answer without it)."""

    def __init__(
        self,
        *,
        llm: LLM,
        context: ContextProvider,
        chat: ChatConfig,
        prices: PriceTable,
        clock: Clock,
        bot_user_id: str,
        cpu: CpuSlots,
        direct: DirectAnswers | None = None,
        budget: ChatBudget | None = None,
        on_key_refused: Callable[[str], None] | None = None,
    ) -> None:
        self.budget = budget
        # Told (with the API's words) when the key itself is refused: only the owner can fix it.
        self.on_key_refused = on_key_refused
        self.llm = llm
        self.context = context
        self.chat = chat
        self.prices = prices
        self.clock = clock
        self.bot_user_id = bot_user_id
        self.direct = direct
        self._cpu = cpu

    def generate(
        self,
        session: ChatSession,
        owed: Message,
        lines: list[tuple[bool, str]],
        plan: Plan,
        live: LiveReply | None = None,
    ) -> tuple[str, Callable[[Session | Connection], None] | None]:
        """The answer (and its model call's ledger row); any failure ends in an apology."""
        text = owed.text  # a mapped column: read once
        if self.direct is not None and (direct := self.direct.answer(session, text)):
            return direct, None
        if self.budget is not None and (refused := self.budget.refusal(session)):
            return refused, None
        try:
            first_user_text = next((t for is_bot, t in lines if not is_bot), text)
            # Building a context is CPU work (selection, embedding, rendering); a burst of
            # sessions doing it at once would starve the listeners of the GIL and delay
            # Slack's acks. A few at a time; waiting for the model needs no slot.
            with self._cpu.held():
                parts = self.context.build(
                    session,
                    strip_bot_mention(first_user_text, self.bot_user_id),
                    strip_bot_mention(text, self.bot_user_id),
                )
        except Exception:
            log.exception("building the context failed", extra={"session": session.id})
            return APOLOGY.format(reason="internal error"), None
        return self.complete(session.id, parts.with_note(plan.note), lines, plan, live)

    def complete(
        self,
        session_id: str,
        parts: PromptParts,
        lines: list[tuple[bool, str]],
        plan: Plan = NO_PLAN,
        live: LiveReply | None = None,
    ) -> tuple[str, Callable[[Session | Connection], None]]:
        """Ask the model (the answer and its ledger row); on persistent failure the apology.
        With `live`, the answer is shown as it is written (and may end cut off)."""
        if plan.pivot:  # restart the framing: the bot's repeated answers are left out
            last_bot = max((i for i, (is_bot, _) in enumerate(lines) if is_bot), default=-1)
            lines = [line for i, line in enumerate(lines) if not line[0] or i == last_bot]
        cleaned = [
            (is_bot, text if is_bot else strip_bot_mention(text, self.bot_user_id) or text)
            for is_bot, text in lines
        ]
        request = LLMRequest(
            model=self.chat.model,
            system=parts.blocks(),
            messages=conversation(cleaned, max_messages=self.chat.max_messages),
            max_tokens=self.chat.max_tokens,
            purpose="chat",
            temperature=plan.temperature if plan.temperature is not None else self.chat.temperature,
        )
        started = time.monotonic()
        try:
            with self._cpu.waiting():
                if live is not None:
                    shown = live.run(self.llm.stream(request))
                    text = shown.text or "(the model returned an empty answer)"
                    return text, self.record(session_id, shown.response, started, shown.error)
                response = self.llm.complete(request)
        except LLMError as exc:
            log.warning("model call failed: %s", exc, extra={"session": session_id})
            if isinstance(exc, LLMRejected) and exc.bad_key and self.on_key_refused is not None:
                self.on_key_refused(str(exc))
            return apology(exc), self.record(session_id, None, started, error=str(exc))
        except Exception as exc:  # a bug must still leave the user an answer, not silence
            log.exception("model call crashed", extra={"session": session_id})
            error = f"{exc.__class__.__name__}: {exc}"
            return APOLOGY.format(reason="internal error"), self.record(
                session_id, None, started, error=error
            )
        text = response.text.strip() or "(the model returned an empty answer)"
        return text, self.record(session_id, response, started)

    def record(
        self,
        session_id: str,
        response: LLMResponse | None,
        started: float,
        error: str | None = None,
    ) -> Callable[[Session | Connection], None]:
        """The model call's ledger row, written by the caller in the transaction that stores
        the answer (one commit instead of two per reply)."""
        cost = (
            self.prices.cost(response.model, response.usage, response.provider) if response else 0
        )
        duration_ms = int((time.monotonic() - started) * 1000)
        now = self.clock.now()
        if self.budget is not None:
            self.budget.spent(session_id, cost)

        def write(db: Session | Connection) -> None:
            record_call(
                db,
                purpose="chat",
                session_id=session_id,
                provider=response.provider if response else self.llm.name,
                model=response.model if response else self.chat.model,
                usage=response.usage if response else None,
                cost_usd=cost,
                duration_ms=duration_ms,
                error=error,
                now=now,
            )

        return write

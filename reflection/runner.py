"""One reflection per closed session: budgeted call, forgiving parse, guards, and a ledger row.

The session moves `closing|deferred → reflecting → reflected|deferred|skipped|failed` by
compare-and-set, so however many workers or replicas try, one reflects it. Writes (the fan-out)
happen above this layer, on the redacted reflection this returns.
"""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Literal

from sqlalchemy import select
from sqlalchemy.orm import Session

from reflection.banned import check_guards
from reflection.calls import record_call
from reflection.errors import GuardRejected, LLMError, LLMRejected, ParseError
from reflection.llm import LLM, ChatMessage, LLMRequest, LLMResponse, SystemBlock
from reflection.parse import parse_reflection
from reflection.pricing import PriceTable
from reflection.prompt import (
    EVENT_SPEAKER,
    FEEDBACK_SPEAKER,
    PROMPT_VERSION,
    SYSTEM_PROMPT,
    Line,
    RenderedLines,
    describe_event,
    describe_feedback,
    new_canary,
    prompt_hash,
    shorten_middle,
    transcript_block,
)
from reflection.schema import Reflection, carry_sources, reflection_json_schema
from store import budget, events, feedback
from store import sessions as S
from store.clock import Clock, as_utc
from store.db import Store
from store.leases import PROCESS, claimable
from store.ledger import audit
from store.models import ReflectionRow, ReflectionStatus, SessionState
from store.tombstones import is_forgotten

log = logging.getLogger(__name__)
# A reply that never finished (a crash) must not hold a session's reflection back forever.
STALE_REPLY_AFTER = timedelta(minutes=10)
# How long a process's claim on a running reflection holds (the model call with its retries fits
# easily); a process that dies holding one is taken over at once by the next start on its host.
REFLECT_LEASE = timedelta(minutes=30)

Status = Literal["ok", "rejected", "failed", "deferred", "skipped", "busy", "waiting"]


@dataclass(frozen=True)
class ReflectionPolicy:
    """Reflection settings, taken from Settings."""

    model: str = "claude-haiku-4-5"
    max_tokens: int = 2048
    max_budget_usd: float = 0.50
    daily_cap_usd: float = 5.00
    over_cap: Literal["defer", "heuristic", "skip"] = "defer"
    disabled: bool = False
    max_attempts: int = 3
    banned_keywords: tuple[str, ...] = ("hermes", "openclaw", "nanoclaw", "claw")
    backoff_seconds: float = 2.0


@dataclass
class Outcome:
    """What happened to one session's reflection."""

    status: Status
    session_id: str
    reflection_id: str | None = None
    reflection: Reflection | None = None
    error: str | None = None
    cost_usd: float = 0.0
    attempts: list[str] = field(default_factory=list)


def transcript_lines(db: Session, session_id: str) -> list[Line]:
    """The session's messages, with what Seshat did (stall steps, loop stops) after the reply
    that caused it, so a stall can become a lesson, and each 👍/👎 on a reply right after it."""
    shown: dict[int, list[str]] = {}
    trailing: list[str] = []
    for e in events.of_session(db, session_id):
        text = describe_event(e.kind, e.detail)
        if text is None:
            continue
        after = e.detail.get("after_message_id")
        if e.kind.startswith("stall_") and e.kind != "stall_reset" and isinstance(after, int):
            shown.setdefault(after, []).append(text)
        else:
            trailing.append(text)
    session = S.get(db, session_id)
    rated: dict[str, list[str]] = {}
    for row in feedback.of_session(db, session_id):
        said = describe_feedback(
            row.rating,
            by_session_user=session is not None and row.user_id == session.user_id,
            user_id=row.user_id,
        )
        if said is not None:
            rated.setdefault(row.reply_ts, []).append(said)
    lines: list[Line] = []
    for turn, m in enumerate(S.transcript(db, session_id), start=1):
        lines.append(Line("assistant" if m.is_bot else f"user {m.user_id}", m.text, turn))
        if m.is_bot:
            lines += [Line(FEEDBACK_SPEAKER, t) for t in rated.pop(m.ts, [])]
        lines += [Line(EVENT_SPEAKER, t) for t in shown.pop(m.id, [])]
    lines += [Line(EVENT_SPEAKER, t) for group in shown.values() for t in group]
    lines += [Line(FEEDBACK_SPEAKER, t) for group in rated.values() for t in group]
    return lines + [Line(EVENT_SPEAKER, t) for t in trailing]


def clamp_outcome(reflection: Reflection, negatives: int) -> tuple[Reflection, str | None]:
    """With any 👎 on the session's replies the outcome is at best `partial`: the reflection
    (changed or not) and the outcome it had when it was clamped, else None."""
    if negatives and reflection.outcome == "success":
        return reflection.model_copy(update={"outcome": "partial"}), reflection.outcome
    return reflection, None


def _day(clock: Clock) -> str:
    return clock.now().date().isoformat()


def _drop_claim(db: Session, claim_id: str) -> None:
    claim = db.get(ReflectionRow, claim_id)
    if claim is not None and claim.status == ReflectionStatus.RUNNING:
        db.delete(claim)


def reclaim_abandoned(db: Session, *, now: datetime) -> list[str]:
    """Give back what reflections of dead processes held: their budget reservation (settled at
    0, on the day it was made) and their session (back to `closing`, to be reflected again).
    Returns the sessions reclaimed."""
    reclaimed: list[str] = []
    running = db.scalars(
        select(ReflectionRow).where(ReflectionRow.status == ReflectionStatus.RUNNING)
    ).all()
    for claim in running:
        if not claimable(claim.owner, claim.lease_until, now):
            continue
        if claim.reserved_usd:
            day = as_utc(claim.created_at).date().isoformat()
            budget.settle(db, day=day, reserved=claim.reserved_usd, actual=0.0)
        S.transition(
            db, claim.session_id, expected=SessionState.REFLECTING, to=SessionState.CLOSING
        )
        db.delete(claim)
        reclaimed.append(claim.session_id)
    return reclaimed


class ReflectionRunner:
    """Runs the reflection of closed sessions."""

    def __init__(
        self,
        *,
        store: Store,
        llm: LLM,
        fallback: LLM,
        prices: PriceTable,
        clock: Clock,
        policy: ReflectionPolicy,
        redact: Callable[[str], str],
        redact_json: Callable[[Any], Any],
        on_cap_hit: Callable[[str, float], None] | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.store = store
        self.llm = llm
        self.fallback = fallback
        self.prices = prices
        self.clock = clock
        self.policy = policy
        self.redact = redact
        self.redact_json = redact_json
        self.on_cap_hit = on_cap_hit
        self.sleep = sleep

    # Entry point ------------------------------------------------------------------------------

    def reflect(self, session_id: str, *, retry_failed: bool = False) -> Outcome:
        """Reflect one session if it is ready and nobody else is; see `Outcome.status`."""
        with self.store.sessions() as db:
            session = S.get(db, session_id)
            if session is None:
                return Outcome("skipped", session_id, error="no such session")
            if is_forgotten(db, "session", session_id):  # its person had it purged
                return Outcome("skipped", session_id, error="session forgotten")
            if session.state == SessionState.CLOSING and S.unanswered_count(db, session_id) > 0:
                closed = as_utc(session.closed_at or self.clock.now())
                if self.clock.now() - closed < STALE_REPLY_AFTER:
                    return Outcome("waiting", session_id)
            lines = transcript_lines(db, session_id)
        expected = [SessionState.CLOSING, SessionState.DEFERRED]
        if retry_failed:
            expected.append(SessionState.FAILED)
        claim_id = str(uuid.uuid4())
        with self.store.sessions.begin() as db:
            if not S.transition(db, session_id, expected=expected, to=SessionState.REFLECTING):
                return Outcome("busy", session_id)
            # Who is reflecting, and what it reserved: a crash leaves this row behind, and
            # recovery gives back the reservation and the session at once (`reclaim_abandoned`).
            now = self.clock.now()
            db.add(
                ReflectionRow(
                    id=claim_id,
                    session_id=session_id,
                    attempt=0,
                    provider="-",
                    model="-",
                    prompt_version=PROMPT_VERSION,
                    prompt_hash="-",
                    status=ReflectionStatus.RUNNING,
                    writer_results={},
                    created_at=now,
                    owner=PROCESS,
                    lease_until=now + REFLECT_LEASE,
                )
            )
        try:
            outcome = self._run(session_id, lines, claim_id)
        except Exception as exc:
            # Never leave a session stuck in `reflecting`: mark it failed (retryable) and re-raise.
            with self.store.sessions.begin() as db:
                S.transition(
                    db, session_id, expected=SessionState.REFLECTING, to=SessionState.FAILED
                )
                _drop_claim(db, claim_id)
            log.exception("reflection crashed", extra={"session": session_id})
            raise RuntimeError(f"reflection of {session_id} crashed: {exc}") from exc
        final = {
            "ok": SessionState.REFLECTED,
            "rejected": SessionState.REFLECTED,
            "failed": SessionState.FAILED,
            "deferred": SessionState.DEFERRED,
            "skipped": SessionState.SKIPPED,
        }[outcome.status]
        with self.store.sessions.begin() as db:
            S.transition(db, session_id, expected=SessionState.REFLECTING, to=final)
            _drop_claim(db, claim_id)
        return outcome

    # The work ---------------------------------------------------------------------------------

    def _run(self, session_id: str, lines: list[Line], claim_id: str) -> Outcome:
        if self.policy.disabled:
            return Outcome("skipped", session_id, error="REFLECTION_DISABLED is set")
        if not any(line.speaker.startswith("user") for line in lines):
            return Outcome("skipped", session_id, error="no user messages")
        llm = self.llm
        request, canary, chars = self._request(lines, llm)
        reserved = 0.0
        if llm.name not in {"heuristic", "offline"}:
            reserved = self.prices.worst_case(
                request.model,
                input_tokens=_request_bytes(request),
                max_output_tokens=request.max_tokens,
            )
            day = _day(self.clock)
            with self.store.sessions.begin() as db:
                fits = budget.reserve(db, day=day, amount=reserved, cap=self.policy.daily_cap_usd)
                if fits:
                    claim = db.get(ReflectionRow, claim_id)
                    if claim is not None:
                        claim.reserved_usd = reserved
            if not fits:
                if self.on_cap_hit is not None:
                    self.on_cap_hit(day, self.policy.daily_cap_usd)
                if self.policy.over_cap == "heuristic":
                    llm, reserved = self.fallback, 0.0
                    request, canary, chars = self._request(lines, llm)
                else:
                    status: Status = "deferred" if self.policy.over_cap == "defer" else "skipped"
                    row_id = self._row(
                        session_id,
                        llm,
                        request,
                        chars,
                        attempt=1,
                        status=status,
                        error="daily reflection cap reached",
                    )
                    return Outcome(
                        status,
                        session_id,
                        reflection_id=row_id,
                        error="daily reflection cap reached",
                    )
        return self._attempts(session_id, llm, request, canary, chars, reserved, claim_id)

    def _attempts(
        self,
        session_id: str,
        llm: LLM,
        request: LLMRequest,
        canary: str,
        chars: int,
        reserved: float,
        claim_id: str,
    ) -> Outcome:
        outcome = Outcome("failed", session_id)
        spent = 0.0
        try:
            for attempt in range(1, self.policy.max_attempts + 1):
                started = time.monotonic()
                try:
                    response = llm.complete(request)
                except LLMError as exc:
                    row_id = self._row(
                        session_id,
                        llm,
                        request,
                        chars,
                        attempt=attempt,
                        status=ReflectionStatus.FAILED,
                        error=str(exc),
                        started=started,
                    )
                    outcome.reflection_id, outcome.error = row_id, str(exc)
                    outcome.attempts.append(row_id)
                    if isinstance(exc, LLMRejected) or attempt == self.policy.max_attempts:
                        break
                    self.sleep(self.policy.backoff_seconds * 2 ** (attempt - 1))
                    continue
                cost = self.prices.cost(response.model, response.usage, response.provider)
                spent += cost
                return self._finish(
                    session_id,
                    llm,
                    request,
                    canary,
                    chars,
                    attempt,
                    response,
                    cost,
                    started,
                    outcome.attempts,
                )
            return outcome
        finally:
            if reserved:
                with self.store.sessions.begin() as db:
                    budget.settle(db, day=_day(self.clock), reserved=reserved, actual=spent)
                    claim = db.get(ReflectionRow, claim_id)
                    if claim is not None:
                        claim.reserved_usd = 0.0  # settled: recovery must not give it back again

    def _finish(
        self,
        session_id: str,
        llm: LLM,
        request: LLMRequest,
        canary: str,
        chars: int,
        attempt: int,
        response: LLMResponse,
        cost: float,
        started: float,
        attempts: list[str],
    ) -> Outcome:
        raw = response.text
        status: Status = "ok"
        error: str | None = None
        reflection: Reflection | None = None
        try:
            reflection = parse_reflection(raw)
            check_guards(
                raw, reflection, banned_keywords=self.policy.banned_keywords, canary=canary
            )
        except (ParseError, GuardRejected) as exc:
            status, error = "rejected", f"{exc.__class__.__name__}: {exc}"
            log.warning("reflection rejected: %s", error, extra={"session": session_id})
            reflection = None
        clamped: dict[str, Any] | None = None
        if reflection is not None:
            # The user's 👎 outranks the model's verdict (read now: a click during the call counts).
            with self.store.sessions() as db:
                negatives = feedback.negatives(db, session_id)
            reflection, was = clamp_outcome(reflection, negatives)
            if was is not None:
                clamped = {"from": was, "to": reflection.outcome, "negative_feedback": negatives}
                log.info("reflection outcome clamped", extra={"session": session_id, **clamped})
        # Nothing learned is stored unredacted, including the ledger's copy of the output.
        parsed = self.redact_json(reflection.model_dump(mode="json")) if reflection else None
        safe = Reflection.model_validate(parsed) if parsed is not None else None
        if safe is not None and reflection is not None:
            # Citations are keyed by item text; redaction may have changed some texts.
            safe = carry_sources(reflection, safe)
            parsed = safe.model_dump(mode="json")
        row_id = self._row(
            session_id,
            llm,
            request,
            chars,
            attempt=attempt,
            status=status,
            error=error,
            started=started,
            response=response,
            cost=cost,
            raw=self.redact(raw),
            parsed=parsed,
            clamped=clamped,
        )
        attempts.append(row_id)
        return Outcome(
            status,
            session_id,
            reflection_id=row_id,
            reflection=safe,
            error=error,
            cost_usd=cost,
            attempts=attempts,
        )

    def _request(self, lines: list[Line], llm: LLM) -> tuple[LLMRequest, str, int]:
        """Build the request, shortening the transcript to fit the per-reflection budget."""
        canary = new_canary()
        system = SYSTEM_PROMPT.format(canary=canary)
        rendered = RenderedLines(lines, self.redact)
        model = self.policy.model if llm.name not in {"heuristic", "offline"} else "heuristic-v1"
        max_tokens = self.policy.max_tokens
        price = self.prices.price(model, llm.name)
        per_input = max(price.input, price.cache_write)
        if per_input > 0:
            # Output first: never let max_tokens alone exceed half the per-reflection budget.
            max_tokens = max(
                256,
                min(
                    max_tokens,
                    int(self.policy.max_budget_usd * 0.5 * 1_000_000 / max(price.output, 1e-9)),
                ),
            )
            room = self.policy.max_budget_usd * 1_000_000 - max_tokens * price.output
            max_chars = max(int(room / per_input) - len(system.encode()) - 200, 400)
        else:
            max_chars = 400_000
        for _ in range(4):
            packed, _dropped = shorten_middle(rendered, max_chars)
            request = LLMRequest(
                model=model,
                system=(SystemBlock(system),),
                messages=(ChatMessage("user", transcript_block(packed)),),
                max_tokens=max_tokens,
                purpose="reflection",
                json_schema=reflection_json_schema(),
            )
            if (
                per_input == 0
                or self.prices.worst_case(
                    model, input_tokens=_request_bytes(request), max_output_tokens=max_tokens
                )
                <= self.policy.max_budget_usd
            ):
                break
            max_chars = int(max_chars * 0.7)  # multi-byte text: tighten and repack
        return request, canary, sum(len(p) for p in packed)

    def _row(
        self,
        session_id: str,
        llm: LLM,
        request: LLMRequest,
        chars: int,
        *,
        attempt: int,
        status: str,
        error: str | None = None,
        started: float | None = None,
        response: LLMResponse | None = None,
        cost: float = 0.0,
        raw: str | None = None,
        parsed: dict[str, Any] | None = None,
        clamped: dict[str, Any] | None = None,
    ) -> str:
        now = self.clock.now()
        usage = response.usage if response else None
        duration = int((time.monotonic() - started) * 1000) if started else 0
        row = ReflectionRow(
            id=str(uuid.uuid4()),
            session_id=session_id,
            attempt=attempt,
            provider=llm.name,
            model=response.model if response else request.model,
            prompt_version=PROMPT_VERSION,
            prompt_hash=prompt_hash(),
            status=status,
            outcome=parsed.get("outcome") if parsed else None,
            raw_output=raw,
            parsed=parsed,
            error=error,
            input_tokens=usage.input_tokens if usage else 0,
            output_tokens=usage.output_tokens if usage else 0,
            cache_write_tokens=usage.cache_write_tokens if usage else 0,
            cache_read_tokens=usage.cache_read_tokens if usage else 0,
            cost_usd=cost,
            reserved_usd=0.0,
            duration_ms=duration,
            transcript_chars=chars,
            writer_results={},
            created_at=now,
            finished_at=now,
        )
        with self.store.sessions.begin() as db:
            db.add(row)
            if clamped is not None:  # what the model said stays in raw_output; this says why
                audit(
                    db,
                    actor="feedback",
                    action="reflection.outcome_clamped",
                    target_kind="reflection",
                    target_id=row.id,
                    now=now,
                    session_id=session_id,
                    **clamped,
                )
            if response is not None or error is not None and status == ReflectionStatus.FAILED:
                record_call(
                    db,
                    purpose="reflection",
                    session_id=session_id,
                    provider=llm.name,
                    model=row.model,
                    usage=usage,
                    cost_usd=cost,
                    duration_ms=duration,
                    error=None if response is not None else error,
                    now=now,
                )
        return row.id


def _request_bytes(request: LLMRequest) -> int:
    """An upper bound on input tokens: a BPE token never covers less than one byte."""
    text = "".join(b.text for b in request.system) + "".join(m.content for m in request.messages)
    # The JSON schema is sent too (structured output), plus per-message framing.
    schema = len(str(request.json_schema or "").encode())
    return len(text.encode("utf-8")) + schema + 64

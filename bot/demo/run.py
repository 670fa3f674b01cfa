"""`seshat demo`: the whole learning loop, narrated, across three sessions on the local workspace.

The daemon is the real one (Bolt over Socket Mode, slack_sdk, the anthropic SDK); Slack is the
loopback workspace. Without ANTHROPIC_API_KEY the model is the local Anthropic double answering
from `bot.demo.script`, and the demo says so; with a key, replies and reflections come from the
real API, and what the narration reports is read back from the database, so a beat the real
model did not produce (a stall, a recurring lesson, a check-in) is said not to have happened.

Session 1 (Alice, the owner): a failure, its lessons, her reactions on the review cards.
Session 2 (Bob): the approved skill matched and used, the model stuck repeating itself and the
ladder breaking it. Session 3 (Carol): the same lesson a third time, promoted by the recurrence
rule. Then the next session's context, and the clock moved a day for the check-in.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text
from sqlalchemy import select

from bot.chat.stall import CUE, LADDER_KINDS, LIFT, PIVOT, STOP
from bot.commands.learned.skills import skill_line, skill_rows
from bot.demo import script
from bot.doubles.slack_workspace import Call
from bot.doubles.stack import LocalStack
from bot.learning.cards import preview, why_asked
from bot.learning.checkins import METADATA_EVENT
from reflection.runner import transcript_lines
from store import events
from store.config import ConfigError
from store.models import (
    ChatSession,
    Checkin,
    LessonRow,
    ReflectionRow,
    ReviewItem,
    SkillInvocation,
)

# Why what a writer saved needed nobody's decision (the trust table in the README).
WHY_SAVED = {
    "memory": "an owner's notes go to MEMORY.md; a note naming one person reaches only that person",
    "facts": "a fact reaches only the person whose session it came from",
    "user_model": "notes about the session's own user reach only that user",
}
STEP_NAMES = {
    CUE: "novelty cue",
    LIFT: "temperature lift",
    PIVOT: "pivot",
    STOP: "stop, owner told",
}

OWNER, BOB, CAROL = script.ALICE, script.BOB, script.CAROL
NAMES = {OWNER: "Alice", BOB: "Bob", CAROL: "Carol"}
console = Console()


class MovableClock:
    """The wall clock plus an offset the demo moves forward (the daemon's `Clock`)."""

    def __init__(self) -> None:
        self._offset = timedelta()
        self._lock = threading.Lock()

    def now(self) -> datetime:
        """Return the current (shifted) time as an aware UTC datetime."""
        with self._lock:
            return datetime.now(UTC) + self._offset

    def advance(self, delta: timedelta) -> datetime:
        """Move the clock forward by `delta`; returns the new time."""
        with self._lock:
            self._offset += delta
        return self.now()


def say(who: str, text: str, style: str = "cyan") -> None:
    """Print one line of the narration; `text` is shown as written (`[lesson]` is not markup)."""
    console.print(f"[bold {style}]{escape(who)}:[/] {escape(text)}", highlight=False)


def detail(text: str, style: str = "dim") -> None:
    """An indented line under the previous one (a card's content, a reason)."""
    console.print(f"      [{style}]{escape(text)}[/]", highlight=False)


def note(text: str) -> None:
    """The demo explaining what just happened and why."""
    say("demo", text, "magenta")


def heading(text: str) -> None:
    """A session's title."""
    console.print()
    console.rule(f"[bold]{escape(text)}[/]")


@dataclass
class Beats:
    """Which parts of the loop happened, for the closing summary (True, or why not)."""

    done: dict[str, str | bool] = field(default_factory=dict)

    def mark(self, beat: str, ok: bool, why_not: str = "") -> None:
        """Record `beat` as shown, or not shown and why."""
        self.done[beat] = True if ok else (why_not or "did not happen")


class Demo:
    """The narrated run on a started stack."""

    def __init__(self, stack: LocalStack, clock: MovableClock, *, offline: bool) -> None:
        self.stack = stack
        self.clock = clock
        self.offline = offline
        self.beats = Beats()
        # Under agent_view each conversation is a thread: a person's first message starts it,
        # the next ones reply in it (user → thread root), until /done.
        self.threads: dict[str, str] = {}
        runtime = stack.bot.runtime
        assert runtime is not None
        self.store = runtime.store

    # -- talking -------------------------------------------------------------------------------

    def ask(self, user: str, text: str) -> str:
        """`user` DMs the bot; waits for the reply (and the stall check after it)."""
        slack = self.stack.slack
        mark = slack.mark()
        say(f"{NAMES[user]} (DM)", text)
        root = self.threads.get(user)
        msg = slack.user_dm(user, text, thread_ts=root)
        root = self.threads.setdefault(user, msg["ts"])
        call = slack.wait_for_call(
            "chat.postMessage",
            lambda c: (
                c.params.get("channel") == msg["channel"] and c.params.get("thread_ts") == root
            ),
            timeout=60,
            after=mark,
        )
        self.stack.bot.wait_idle(30)
        answer = str(call.params.get("text"))
        say("Seshat", answer, "green")
        agent = slack.agent_session(msg["channel"], root)
        if agent is not None:
            detail(
                f"agent session “{agent['title']}”: {' → '.join(agent['statuses'][-2:])} "
                "(Slack shows it instead of the ⏳; a stop button while processing)"
            )
        return answer

    def done(self, user: str) -> ReflectionRow:
        """`user` types /done; waits for the session's reflection and prints what it wrote."""
        session_id = self.session_of(user)
        say(NAMES[user], "/done")
        self.stack.slack.slash_command(user, self.stack.slack.dm_channel(user), "/done")
        if not self.stack.bot.wait_idle(120):
            raise TimeoutError("the reflection did not finish within 120 s")
        with self.store.sessions() as db:
            row = db.scalars(
                select(ReflectionRow)
                .where(ReflectionRow.session_id == session_id)
                .order_by(ReflectionRow.created_at.desc())
            ).first()
        if row is None:
            raise RuntimeError("no reflection was recorded")
        cost = (
            f"model: the local double, simulated cost ${row.cost_usd:.4f}"
            if self.offline
            else f"cost ${row.cost_usd:.4f}"
        )
        note(f"reflection {row.id[:8]}: status={row.status} outcome={row.outcome} ({cost})")
        for name, result in (row.writer_results or {}).items():
            saved, waiting = result.get("written", 0), result.get("staged", 0)
            if saved or waiting:
                say(
                    "  writer",
                    f"{name}: saved {saved}, waiting for your approval {waiting}",
                    "magenta",
                )
            if saved and name in WHY_SAVED:
                detail(f"saved without asking: {WHY_SAVED[name]}")
        self.show_learning_card(user)
        return row

    def show_learning_card(self, user: str) -> None:
        """The session's thread: its agent session closed, and the reflection's task card."""
        root = self.threads.pop(user, None)
        slack = self.stack.slack
        channel = slack.dm_channel(user)
        agent = slack.agent_session(channel, root) if root else None
        if root is None or agent is None:
            return
        card = next(
            (
                c
                for c in slack.calls
                if c.method == "chat.startStream"
                and c.params.get("thread_ts") == root
                and c.params.get("task_display_mode") == "plan"
            ),
            None,
        )
        ts = card.response.get("ts") if card is not None else None
        rows = slack.streams.chunks.get(str(ts), []) if ts else []
        finals: dict[str, dict[str, Any]] = {}
        for chunk in rows:
            if chunk.get("type") == "task_update":
                finals[str(chunk["id"])] = chunk  # a later update of a row replaces it
        note(f"agent session “{agent['title']}”: {agent['status']}; in its thread, the card:")
        for chunk in finals.values():
            mark = {"complete": "✔", "error": "✖", "in_progress": "…"}.get(
                str(chunk.get("status")), "·"
            )
            detail(f"  {mark} {chunk['title']}", "green")
        beat = "the session's status and what it taught shown in its thread"
        self.beats.mark(
            beat,
            agent["status"] == "closed"
            and len(finals) > 1
            and self.beats.done.get(beat) in (None, True),
            f"{NAMES[user]}'s thread has no closed agent session or no learning card",
        )

    def session_of(self, user: str) -> str:
        """The id of `user`'s latest session."""
        with self.store.sessions() as db:
            found = db.scalars(
                select(ChatSession.id)
                .where(ChatSession.user_id == user)
                .order_by(ChatSession.opened_at.desc())
            ).first()
        if found is None:
            raise RuntimeError(f"{NAMES[user]} has no session")
        return str(found)

    def model_requests(self, since: int) -> list[dict[str, Any]]:
        """Bodies of the chat calls the SDK sent to the local double since request `since`."""
        return [
            r.body
            for r in self.stack.anthropic.requests[since:]
            if r.path == "/v1/messages" and "output_config" not in r.body
        ]

    # -- session 1: a failure, its lessons, the owner's reactions ------------------------------

    def session_one(self) -> None:
        """Alice's session: the deploy answer fails, the reflection learns, she decides."""
        heading("Session 1 · Alice (the owner) · a failure and its lessons")
        note("Alice is the owner (SLACK_OWNER_IDS); she DMs Seshat.")
        for text in script.ALICE_SAYS:
            self.ask(OWNER, text)
        row = self.done(OWNER)
        if row.status != "ok":
            # Everything after this builds on what the first reflection learned.
            raise RuntimeError(
                f"the first reflection failed ({row.error or 'no error recorded'}); "
                "check ANTHROPIC_API_KEY / ANTHROPIC_BASE_URL, or unset them for the offline demo"
            )
        self.beats.mark(
            "a failure and its lesson",
            row.outcome in ("partial", "failure") and self.lesson_count() > 0,
            f"the reflection said outcome={row.outcome} with no lesson",
        )
        self.review()
        self.show_checkins("planned")

    def lesson_count(self) -> int:
        """How many lessons exist."""
        with self.store.sessions() as db:
            return len(db.scalars(select(LessonRow.id)).all())

    def review(self) -> None:
        """Show the owner's cards and decide them by reaction.

        Alice approves the first lesson and leaves any other one to the recurrence rule, so the
        demo can show both ways a lesson reaches everyone.
        """
        with self.store.sessions() as db:
            items = db.scalars(
                select(ReviewItem)
                .where(ReviewItem.card_ts.is_not(None), ReviewItem.status == "pending")
                .order_by(ReviewItem.id)
            ).all()
        if not items:
            note("no review cards this time")
            self.beats.mark("the owner approving by reaction", False, "no card was posted")
            return
        note(f"{len(items)} review card(s) arrived in Alice's DM:")
        lesson_approved = decided = False
        for item in items:
            say("  card", f"[{item.kind}] {item.title.strip()}", "yellow")
            for line in preview(item):
                detail(line, "yellow")
            detail(f"why it waits for Alice: {why_asked(item)}")
            if item.kind == "lesson" and lesson_approved:
                say(
                    "Alice",
                    "leaves this one undecided: if it recurs in three sessions of people she "
                    "trusts, the recurrence rule promotes it without her",
                    "cyan",
                )
                continue
            choice = {"persona": "brain"}.get(item.kind, "white_check_mark")
            mark = self.stack.slack.mark()
            self.stack.slack.user_reacts(OWNER, item.card_channel or "", item.card_ts or "", choice)
            self.stack.slack.wait_for_call(
                "chat.update", _on_card(item.card_ts), timeout=30, after=mark
            )
            say("Alice", f"reacts :{choice}: → card updated", "cyan")
            lesson_approved = lesson_approved or item.kind == "lesson"
            decided = True
        self.beats.mark("the owner approving by reaction", decided)
        skills_dir = self.stack.bot.settings.effective_skills_dir
        if (skills_dir / ".git").exists():
            log = subprocess.run(
                ["git", "-C", str(skills_dir), "log", "--oneline", "-3"],
                capture_output=True,
                text=True,
                check=False,
            ).stdout.strip()
            note(f"skills repository: {log or '(no commits)'}")
        user_md = self.stack.bot.settings.data_dir / "USER.md"
        if user_md.exists():
            note(f"USER.md now says: {user_md.read_text().strip()[-200:]}")

    # -- session 2: the skill in use, the stall and the ladder ----------------------------------

    def session_two(self) -> None:
        """Bob's session: the deploy-api skill matches; the model repeats; the ladder acts."""
        heading("Session 2 · Bob · an approved skill in use, and a stall broken by the ladder")
        note(
            "Bob is on LESSON_TRUSTED_USERS. His first message is close to the deploy-api "
            "skill's description."
        )
        if self.offline:
            note(
                "The offline model is scripted to repeat its answer word for word until a "
                "request comes with a lifted temperature or a pivot."
            )
        since = len(self.stack.anthropic.requests)
        previous = self.ask(BOB, script.BOB_OPENS)
        session_id = self.session_of(BOB)
        self.show_skill_use(session_id, since)
        for text in script.BOB_PRESSES:
            answer = self.ask(BOB, text)
            repeated = answer == previous
            previous = answer
            if not repeated:
                break
        self.show_ladder(session_id, since)
        self.done(BOB)
        with self.store.sessions() as db:
            lines = transcript_lines(db, session_id)
        shown = [ln for ln in lines if ln.speaker.startswith("seshat event")]
        if shown:
            note(
                f"the reflection read {len(shown)} ladder step(s) in its transcript, "
                "so a stall can become a lesson"
            )
        self.show_recurring()
        self.show_invocations(session_id)

    def show_recurring(self) -> None:
        """Lessons seen in more than one session that are not in use yet."""
        with self.store.sessions() as db:
            rows = db.scalars(select(LessonRow).where(LessonRow.status == "provisional")).all()
            for row in rows:
                seen = len(set(row.session_ids))
                if seen > 1:
                    note(
                        f"lesson #{row.id} “{row.condition}” came up again: seen in {seen} "
                        "sessions, still provisional"
                    )

    def show_skill_use(self, session_id: str, since: int) -> None:
        """What the first reply was given: the invocation row, and the request's system tail."""
        with self.store.sessions() as db:
            rows = db.scalars(
                select(SkillInvocation).where(SkillInvocation.session_id == session_id)
            ).all()
        for inv in rows:
            note(
                f"skill {inv.skill_slug} matched (score {inv.similarity or 0:.2f}: meaning "
                "similarity plus word overlap): "
                + (
                    "its body went into the session tail"
                    if inv.mode == "injected"
                    else "named only (a weaker match)"
                )
            )
        self.beats.mark(
            "an approved skill matched and used",
            any(r.mode == "injected" for r in rows),
            "no approved skill matched the first message",
        )
        requests = self.model_requests(since)
        if not (self.offline and requests):
            return
        system = _system_text(requests[0])
        found = [
            ("the skill's body", "Skill that may help: deploy-api" in system),
            ("Alice's approved lesson", script.DEPLOY_LESSON["action"] in system),
        ]
        carried = [what for what, present in found if present]
        if carried:
            detail(
                "the request the SDK sent for this reply carried " + " and ".join(carried),
                "green",
            )
        self.beats.mark(
            "the next session's context containing the lesson",
            script.DEPLOY_LESSON["action"] in system,
            "the approved lesson was not in Bob's request",
        )

    def show_ladder(self, session_id: str, since: int) -> None:
        """The stall events recorded on the session, and what each did to the next request."""
        with self.store.sessions() as db:
            steps = [e for e in events.of_session(db, session_id) if e.kind in LADDER_KINDS]
            shown = [(e.kind, dict(e.detail)) for e in steps]
        if not shown:
            note(
                "no stall: the model did not repeat itself, so the ladder had nothing to do"
                + ("" if self.offline else " (the scripted stall is only the offline model's)")
            )
            self.beats.mark(
                "a stall broken by the ladder",
                False,
                "the model did not repeat itself" + ("" if self.offline else " (real API)"),
            )
            return
        for kind, info in shown:
            extra = f", temperature {info['temperature']}" if kind == LIFT else ""
            note(
                f"stall step {info.get('step', '?')}: {STEP_NAMES[kind]} "
                f"(the same answer {info.get('times', '?')} times{extra})"
            )
        requests = self.model_requests(since)
        if self.offline:
            note("the requests the SDK sent in Bob's session (the local double's log):")
            for n, body in enumerate(requests, start=1):
                tail = body.get("system", [{}])[-1].get("text", "")
                marks = []
                if "You have answered this way" in tail:
                    marks.append("novelty cue in the session tail")
                if "Start again" in tail:
                    marks.append("pivot")
                lifted = body.get("temperature") not in (None, script.BASELINE_TEMPERATURE)
                if marks or lifted or n == 1:
                    detail(
                        f"request {n}: temperature={body.get('temperature')}"
                        + (" (CHAT_TEMPERATURE, the baseline)" if n == 1 else "")
                        + (f", {', '.join(marks)}" if marks else ""),
                        "green",
                    )
        broken = any(k in (LIFT, PIVOT) for k, _ in shown) and not any(k == STOP for k, _ in shown)
        self.beats.mark("a stall broken by the ladder", broken, "the ladder reached its stop")
        if broken:
            note("the reply changed after the ladder stepped in: the stall is broken")

    def show_invocations(self, session_id: str) -> None:
        """The invocation row with its outcome, and the skills listing."""
        with self.store.sessions() as db:
            rows = db.scalars(
                select(SkillInvocation).where(SkillInvocation.session_id == session_id)
            ).all()
            listing = skill_rows(db, self.stack.bot.settings.effective_skills_dir)
        for inv in rows:
            note(
                f"skill_invocations: {inv.skill_slug} in Bob's session, {inv.mode}, "
                f"outcome {inv.outcome or '(none yet)'} (attached when the reflection landed)"
            )
        self.beats.mark(
            "the skill's invocation counted",
            any(r.outcome for r in rows),
            "no invocation with an outcome",
        )
        if listing:
            note("`seshat skills list`:")
            for r in listing:
                detail(skill_line(r), "green")

    # -- session 3: the same lesson again, promoted by the rule ---------------------------------

    def session_three(self) -> None:
        """Carol's session: the recurring lesson's third session."""
        heading("Session 3 · Carol · a recurring lesson promoted")
        note("Carol is on LESSON_TRUSTED_USERS too.")
        self.ask(CAROL, script.CAROL_SAYS)
        self.done(CAROL)
        with self.store.sessions() as db:
            lessons = db.scalars(select(LessonRow).order_by(LessonRow.id)).all()
            ruled = [r for r in lessons if (r.promotion or {}).get("rule") == "recurrence"]
            for row in lessons:
                sessions = len(set(row.session_ids))
                how = ""
                if row.status == "canonical":
                    promotion = row.promotion or {}
                    approver = NAMES.get(promotion.get("actor", ""), "an owner")
                    how = {
                        "recurrence": " by the recurrence rule",
                        "owner": f" (approved by {approver})",
                    }.get(promotion.get("rule", ""), "")
                note(
                    f"lesson #{row.id} “{row.condition}”: {row.status}{how}, seen in "
                    f"{sessions} session(s)"
                    + (f", flags {', '.join(row.flags)}" if row.flags else "")
                )
            for row in ruled:
                evidence = row.promotion or {}
                users = ", ".join(NAMES.get(u, u) for u in evidence.get("users", []))
                trusted = ", ".join(NAMES.get(u, u) for u in evidence.get("corroborating", []))
                detail(
                    f"promoted by the recurrence rule: {len(evidence.get('sessions', []))} "
                    f"sessions from {users}; independent (owner or trusted): {trusted}; "
                    "the stricter promotion check passed",
                    "green",
                )
                detail("its card stays in Alice's DM: ❌ would still take it back")
        self.beats.mark(
            "a recurring lesson promoted",
            bool(ruled),
            "no lesson recurred in three sessions of trusted people",
        )

    def next_context(self) -> None:
        """What a new session is given now (as `seshat context` shows it)."""
        heading("The next session")
        first = "How do I deploy the API again?"
        note(f"If Bob wrote “{first}” now, the model would be given (as `seshat context` shows):")
        assembled = self.stack.bot.context.assemble(
            user_id=BOB, channel=self.stack.slack.dm_channel(BOB), first_text=first, session_id=None
        )
        learned = "\n\n".join(b.text for b in assembled.parts.blocks()[1:])
        keep = _sections(learned, ("## Lessons", "## Skill that may help"))
        console.print(
            Panel(
                Text(keep or "(nothing learned was injected)"),
                title="learned context of Bob's next session (excerpt)",
            )
        )
        with self.store.sessions() as db:
            canonical = db.scalars(
                select(LessonRow.action).where(LessonRow.status == "canonical")
            ).all()
        self.beats.mark(
            "the next session's context containing the promoted lesson",
            bool(canonical) and all(a in learned for a in canonical),
            "a canonical lesson is missing from the context"
            if canonical
            else "no lesson is in use",
        )

    # -- the check-in ---------------------------------------------------------------------------

    def checkin(self) -> None:
        """Move the clock past the check-in's time and run the poller's tick."""
        heading("A day later · the check-in")
        with self.store.sessions() as db:
            due = db.scalars(
                select(Checkin.due_at).where(Checkin.state == "scheduled").order_by(Checkin.due_at)
            ).first()
        service = self.stack.bot.checkins
        if due is None or service is None:
            self.show_checkins("none scheduled")
            note("no check-in is scheduled, so there is nothing to send")
            self.beats.mark("a check-in scheduled and sent", False, "no check-in was scheduled")
            return
        target = due.replace(tzinfo=UTC) if due.tzinfo is None else due
        self.clock.advance(target - self.clock.now() + timedelta(minutes=1))
        note(
            f"the daemon's clock moves to {self.clock.now():%Y-%m-%d %H:%M} UTC; the check-in "
            "poller runs (it ticks every 30 s in `seshat run`)"
        )
        mark = self.stack.slack.mark()
        report = service.tick()
        if report.sent:
            call = self.stack.slack.wait_for_call(
                "chat.postMessage",
                lambda c: METADATA_EVENT in str(c.params.get("metadata")),
                timeout=10,
                after=mark,
            )
            say("Seshat → Alice (DM)", str(call.params.get("text")), "green")
        self.show_checkins("after the tick")
        self.beats.mark("a check-in scheduled and sent", report.sent > 0, "the poller sent nothing")

    def show_checkins(self, when: str) -> None:
        """The check-ins as `seshat checkins list` shows them."""
        with self.store.sessions() as db:
            rows = db.scalars(select(Checkin).order_by(Checkin.due_at)).all()
        if not rows:
            return
        note(f"`seshat checkins list` ({when}):")
        for r in rows:
            who = NAMES.get(r.user_id, r.user_id)
            why = f" ({r.reason})" if r.reason else ""
            detail(f"{r.id[:8]} {r.state:<9} due {r.due_at:%Y-%m-%d %H:%M} to {who}{why}", "green")

    def summary(self) -> None:
        """Which beats were shown, and why any was not."""
        lines = []
        for beat, ok in self.beats.done.items():
            lines.append(f"✓ {beat}" if ok is True else f"✗ {beat}: {ok}")
        console.print(Panel(Text("\n".join(lines)), title="the loop, beat by beat"))


def _system_text(body: dict[str, Any]) -> str:
    return "\n".join(str(b.get("text", "")) for b in body.get("system") or [])


def _sections(text: str, prefixes: tuple[str, ...]) -> str:
    """The markdown sections of `text` whose heading starts with one of `prefixes`."""
    out: list[str] = []
    keep = False
    for line in text.splitlines():
        if line.startswith("## "):
            keep = line.startswith(prefixes)
        if keep:
            out.append(line)
    return "\n".join(out).strip()


def _on_card(ts: str | None) -> Callable[[Call], bool]:
    return lambda call: call.params.get("ts") == ts


def run_demo(data_dir: str | None = None) -> int:
    """Run the narrated demo; returns the exit code."""
    keep = data_dir is not None
    root = Path(data_dir) if data_dir else Path(tempfile.mkdtemp(prefix="seshat-demo-"))
    real_key = os.environ.get("ANTHROPIC_API_KEY", "").strip()
    real_url = os.environ.get("ANTHROPIC_BASE_URL", "").strip() or None
    overrides: dict[str, Any] = {
        # A baseline below 1.0, so the ladder's temperature lift has room.
        "CHAT_TEMPERATURE": script.BASELINE_TEMPERATURE,
        # Bob's and Carol's sessions count as independent evidence for a recurring lesson.
        "LESSON_TRUSTED_USERS": f"{BOB},{CAROL}",
    }
    if real_key:
        overrides |= {"ANTHROPIC_API_KEY": real_key, "ANTHROPIC_BASE_URL": real_url}
    console.print(
        Panel.fit(
            "[bold]Seshat demo[/]: a real daemon on a local Slack workspace "
            "(loopback, no tokens), three short sessions.\n"
            + (
                f"Model: the Anthropic API at {real_url or 'api.anthropic.com'} "
                "(ANTHROPIC_API_KEY is set): replies and reflections are the model's own, so a "
                "beat it does not produce (a stall, a recurring lesson) is reported as missing."
                if real_key
                else "Model: [yellow]offline[/] — the local Anthropic double answers from a script "
                "(set ANTHROPIC_API_KEY to use the real API)."
            )
            + f"\nData directory: {root}"
        )
    )
    clock = MovableClock()
    # `--data-dir X` keeps the data in X itself; a temporary run uses a `data` folder in it.
    # The workspace's app uses Slack's agent messaging experience, as the manifest makes it.
    stack = LocalStack(
        root if keep else root / "data",
        owner=OWNER,
        clock=clock,
        experience="agent",
        **overrides,
    )
    interrupted = False
    try:
        stack.start()
        if not real_key:
            script.DemoModel(clock).install(stack.anthropic)
        for user, name in NAMES.items():
            stack.slack.add_user(user, name.lower())
        demo = Demo(stack, clock, offline=not real_key)
        demo.session_one()
        demo.session_two()
        demo.session_three()
        demo.next_context()
        demo.checkin()
        demo.summary()
        console.print("[bold green]Demo finished.[/]")
        return 0
    except BaseException as exc:
        if _interrupted(exc):
            interrupted = True
            where = f"its data is in {root}" if keep else "its temporary data is removed"
            console.print(
                f"[bold yellow]The demo was interrupted[/] (Ctrl-C); {where}.", highlight=False
            )
            return 130
        if not isinstance(exc, (TimeoutError, RuntimeError, ConfigError, OSError)):
            raise
        # A wrong key, an unreachable API or a stuck reflection: one line, not a traceback.
        console.print(f"[bold red]The demo stopped:[/] {escape(str(exc))}", highlight=False)
        return 1
    finally:
        try:
            stack.stop()
        except Exception:
            # After a Ctrl-C the daemon may stop mid-transaction; the process ends anyway.
            if not interrupted:
                raise
        if not keep:
            shutil.rmtree(root, ignore_errors=True)


def _interrupted(exc: BaseException | None) -> bool:
    """True when `exc` is a Ctrl-C, or an error raised while one was handled (a database
    session cut mid-statement says PendingRollbackError on its way out)."""
    for _ in range(20):
        if exc is None:
            return False
        if isinstance(exc, KeyboardInterrupt):
            return True
        exc = exc.__context__
    return False

"""Slack's assistant container: greeting, suggested prompts, titles, and "what do you remember?".

When a person opens the container, Slack starts a thread in their DM with the app and tells us
(`assistant_thread_started`). The thread is recorded (the row is the claim: a redelivered event
greets nobody twice), then greeted, and offered up to four prompts drawn from what was learned:
the owner-approved skills used most in the last `SKILL_WINDOW`, and "What do you remember about
me?". Its first message names it (`assistant.threads.setTitle`, redacted, short). The person's
messages are chat messages like any DM (bot/slack/app.py stores each once); while one is answered
the thread shows a status instead of the ⏳ (bot/chat/working.py), chosen by `is_assistant_thread`.

"What do you remember about me?" is answered without the model, from what `/seshat memory` shows
(`MemoryAnswer`), and only in a DM, where nobody else reads it.
"""

from __future__ import annotations

import logging
import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from bot.home.user import UserHome, clip, escape
from bot.slack.inbound import InboundAssistantThread, InboundMessage, strip_bot_mention
from store import assistant_threads as A
from store.clock import Clock
from store.db import Store
from store.models import ChatSession
from writers.notes.about import KeptItem
from writers.redact.redactor import redact_text
from writers.skills.matching import UsableSkill, most_used, topic

log = logging.getLogger(__name__)

MEMORY_PROMPT = "What do you remember about me?"
PROMPTS_TITLE = "Try one of these"
SKILL_PROMPTS = 3  # Slack shows at most four prompts; the last one is MEMORY_PROMPT
SKILL_WINDOW = timedelta(days=30)
TITLE_CHARS = 60
PROMPT_TITLE_CHARS = 40
PROMPT_MESSAGE_CHARS = 200
MEMORY_ITEMS = 15  # as many as `/seshat memory` shows in a message
KNOWN_THREADS = 4096
GREETING = (
    "Hi <@{user}>! Ask me anything here. When we're done (`/done`, or after a while), I reflect "
    "on our conversation and keep what is worth learning; anything that would change how I "
    "behave waits for an owner's approval. Ask *{memory}* to see what I keep about you."
)
_LINK = re.compile(r"<([^<>|]*)(?:\|([^<>]*))?>")
_SPACE = re.compile(r"\s+")


def prompt_for(skill: UsableSkill) -> dict[str, str]:
    """A suggested prompt for an approved skill: its slug as words, its description's topic."""
    title = skill.slug.replace("-", " ").strip().capitalize()
    message = topic(skill.description) or title
    return {
        "title": clip(title, PROMPT_TITLE_CHARS),
        "message": clip(message[:1].upper() + message[1:], PROMPT_MESSAGE_CHARS),
    }


def suggested_prompts(skills: list[UsableSkill]) -> list[dict[str, str]]:
    """The prompts offered when a thread starts: skills first, then MEMORY_PROMPT."""
    prompts = [prompt_for(skill) for skill in skills[:SKILL_PROMPTS]]
    return [*prompts, {"title": MEMORY_PROMPT, "message": MEMORY_PROMPT}]


def thread_title(text: str, bot_user_id: str) -> str:
    """A short title from a message: redacted, Slack markup read as text, first line, ≤ 60."""

    def plain(link: re.Match[str]) -> str:
        target, label = link.group(1), link.group(2)
        if target.startswith(("@", "!")):
            return ""  # user and special mentions name nobody in a title
        if target.startswith("#"):
            return f"#{label}" if label else ""
        return label or target

    text = redact_text(strip_bot_mention(text, bot_user_id))
    line = next((ln for ln in text.splitlines() if ln.strip()), "")
    line = _SPACE.sub(" ", _LINK.sub(plain, line)).strip()
    if len(line) <= TITLE_CHARS:
        return line
    cut = line[: TITLE_CHARS - 1].rsplit(" ", 1)[0] or line[: TITLE_CHARS - 1]
    return cut.rstrip(" ,.;:") + "…"


def _norm(t: str) -> str:
    return _SPACE.sub(" ", t).strip().rstrip("?!. ").lower()


_MEMORY_NORM = _norm(MEMORY_PROMPT)


def _same_prompt(text: str) -> bool:
    # Every message in a DM is asked this: a text without the prompt's word "remember" in any
    # case cannot normalise to it (spaces only ever become one space), and is answered no
    # without the two regular-expression passes (~30 k instructions a message).
    return "remember" in text.lower() and _norm(text) == _MEMORY_NORM


def memory_text(items: list[KeptItem]) -> str:
    """What is kept about a person, as a chat answer (facts and notes, clipped)."""
    shown = [i for i in items if i.kind in ("fact", "note")]
    sessions = sum(1 for i in items if i.kind == "session")
    if not shown:
        return (
            "I keep no facts or notes about you yet. What I learn from our conversations shows "
            "up in my Home tab, where you can also have it forgotten."
        )
    lines = ["Here is what I keep about you (only you see this conversation):"]
    for kind, heading in (("fact", "Facts"), ("note", "Notes about you")):
        group = [i for i in shown if i.kind == kind]
        if group:
            lines.append(f"*{heading}* ({len(group)})")
            lines += [
                f"• {escape(clip(i.text, 300))} _({i.provenance})_" for i in group[:MEMORY_ITEMS]
            ]
            if len(group) > MEMORY_ITEMS:
                lines.append(f"…and {len(group) - MEMORY_ITEMS} more in my Home tab.")
    if sessions:
        lines.append(f"I also keep {sessions} recent conversation(s) with you.")
    lines.append("My Home tab lists it all with *Forget* buttons; `/seshat forget` works too.")
    return "\n".join(lines)


class MemoryAnswer:
    """Answers MEMORY_PROMPT in a DM from what `/seshat memory` shows (no model call)."""

    def __init__(self, people: UserHome) -> None:
        self.people = people

    def answer(self, session: ChatSession, text: str) -> str | None:
        """The person's kept items for MEMORY_PROMPT in their DM; None for anything else."""
        if not session.channel.startswith("D") or not _same_prompt(text):
            return None
        return memory_text(self.people.kept(session.user_id))


class AssistantThreads:
    """Assistant threads: recorded, greeted with suggested prompts, titled, looked up."""

    def __init__(
        self,
        *,
        store: Store,
        slack: WebClient,
        clock: Clock,
        skills_dir: Path,
        bot_user_id: str,
    ) -> None:
        self.store, self.slack, self.clock = store, slack, clock
        self.skills_dir = skills_dir
        self.bot_user_id = bot_user_id
        self._lock = threading.Lock()
        self._known: OrderedDict[tuple[str, str], None] = OrderedDict()

    def started(self, thread: InboundAssistantThread) -> bool:
        """Record a new thread, greet its person and suggest prompts; False for a thread
        already known (a redelivered event), which is left alone."""
        with self.store.sessions.begin() as db:
            new = A.record(
                db,
                team=thread.team,
                channel=thread.channel,
                thread_ts=thread.thread_ts,
                user_id=thread.user,
                now=self.clock.now(),
            )
        self._remember(thread.channel, thread.thread_ts)
        if not new:
            return False
        with self.store.sessions() as db:
            skills = most_used(
                db, self.skills_dir, since=self.clock.now() - SKILL_WINDOW, limit=SKILL_PROMPTS
            )
        self._call(
            "greeting",
            lambda: self.slack.chat_postMessage(
                channel=thread.channel,
                thread_ts=thread.thread_ts,
                text=GREETING.format(user=thread.user, memory=MEMORY_PROMPT),
            ),
        )
        self._call(
            "suggested prompts",
            lambda: self.slack.assistant_threads_setSuggestedPrompts(
                channel_id=thread.channel,
                thread_ts=thread.thread_ts,
                prompts=suggested_prompts(skills),
                title=PROMPTS_TITLE,
            ),
        )
        return True

    def message_stored(self, message: InboundMessage) -> bool:
        """A person's message in a DM thread was stored: the first one in an assistant thread
        titles it. True when it set the title."""
        if not message.is_dm or not message.thread_ts or message.from_bot:
            return False
        title = thread_title(message.text, self.bot_user_id)
        if not title:
            return False  # e.g. only a file: the next message names the thread
        thread_ts = message.thread_ts
        where = {"channel": message.channel, "thread_ts": thread_ts}
        with self.store.sessions.begin() as db:
            # Matches no row outside an assistant thread, and one message only inside one.
            if not A.claim_title(db, user_id=message.user, now=self.clock.now(), **where):
                return False
        ok = self._call(
            "title",
            lambda: self.slack.assistant_threads_setTitle(
                channel_id=message.channel, thread_ts=thread_ts, title=title
            ),
        )
        if not ok:
            with self.store.sessions.begin() as db:
                A.release_title(db, **where)  # the next message tries again
        return ok

    def is_assistant_thread(self, channel: str, thread_ts: str) -> bool:
        """Is this DM thread an assistant thread? (Known ones are remembered in memory.)"""
        if not thread_ts or not channel.startswith("D"):
            return False
        with self._lock:
            if (channel, thread_ts) in self._known:
                return True
        with self.store.sessions() as db:
            found = A.is_assistant_thread(db, channel=channel, thread_ts=thread_ts)
        if found:
            self._remember(channel, thread_ts)
        return found

    def _remember(self, channel: str, thread_ts: str) -> None:
        with self._lock:
            self._known[(channel, thread_ts)] = None
            self._known.move_to_end((channel, thread_ts))
            while len(self._known) > KNOWN_THREADS:
                self._known.popitem(last=False)

    @staticmethod
    def _call(what: str, call: Callable[[], object]) -> bool:
        """Run one Web API call; a failure is logged (the thread works without it)."""
        try:
            call()
        except (SlackApiError, OSError) as exc:
            error = exc.response.get("error") if isinstance(exc, SlackApiError) else exc
            log.warning("assistant thread: could not set the %s: %s", what, error)
            return False
        return True

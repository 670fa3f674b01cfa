"""The daily chat caps: a reply is not asked of the model once its workspace, or its user, has
spent the day's chat budget (CHAT_DAILY_CAP_USD, CHAT_USER_DAILY_CAP_USD; 0 = no cap).

Spend is read from the ledger of model calls (every chat call is recorded with its cost), so it
counts across restarts and replicas. The check comes before each call; calls already under way
when the cap is reached still finish, so a day can end over its cap by at most their cost. The
user is told why, in one line; the owner once per day per cap reached.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from store import budget, events
from store.clock import Clock
from store.db import Store
from store.models import ChatSession

log = logging.getLogger(__name__)

WORKSPACE_REACHED = (
    "Sorry — I can't answer more today: this workspace's daily chat budget (${cap:.2f}) is used "
    "up. It starts again at 00:00 UTC; your message is saved."
)
USER_REACHED = (
    "Sorry — I can't answer more today: you have used your daily share of the chat budget "
    "(${cap:.2f}). It starts again at 00:00 UTC; your message is saved."
)


@dataclass(frozen=True)
class ChatCaps:
    """USD per UTC day; 0 means no cap."""

    workspace_usd: float = 0.0
    user_usd: float = 0.0


class ChatBudget:
    """Says whether a session may ask the model now; tells the owner when a cap is reached."""

    def __init__(
        self,
        *,
        store: Store,
        clock: Clock,
        caps: ChatCaps,
        tell_owner: Callable[[str], None] | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.caps = caps
        self.tell_owner = tell_owner

    def refusal(self, session_id: str) -> str | None:
        """The message for the user when today's budget leaves nothing for `session_id`'s
        reply, else None."""
        caps = self.caps
        if caps.workspace_usd <= 0 and caps.user_usd <= 0:
            return None
        since = budget.day_start(self.clock.now())
        day = since.date().isoformat()
        reached: tuple[str, str, str] | None = None  # (notice key, owner's text, user's text)
        with self.store.sessions() as db:
            session = db.get(ChatSession, session_id)
            if session is None:
                return None
            team, user = session.team, session.user_id
            if caps.workspace_usd > 0:
                spent = budget.spent_on_chat(db, since=since, team=team)
                if spent >= caps.workspace_usd:
                    reached = (
                        f"chat-cap:{day}:{team}",
                        "Heads-up: today's chat budget for this workspace "
                        f"(${caps.workspace_usd:.2f}, CHAT_DAILY_CAP_USD; ${spent:.2f} spent) is "
                        "used up: replies are refused until 00:00 UTC. Raise it in the settings "
                        "and restart to go on today.",
                        WORKSPACE_REACHED.format(cap=caps.workspace_usd),
                    )
            if reached is None and caps.user_usd > 0:
                spent = budget.spent_on_chat(db, since=since, team=team, user_id=user)
                if spent >= caps.user_usd:
                    reached = (
                        f"chat-cap:{day}:{team}:{user}",
                        f"Heads-up: <@{user}> used their daily chat budget (${caps.user_usd:.2f}, "
                        f"CHAT_USER_DAILY_CAP_USD; ${spent:.2f} spent): their replies are refused "
                        "until 00:00 UTC.",
                        USER_REACHED.format(cap=caps.user_usd),
                    )
        if reached is None:
            return None
        key, owner_text, user_text = reached
        self._tell_once(key, owner_text)
        log.info("chat cap reached", extra={"session": session_id, "cap": key})
        return user_text

    def _tell_once(self, key: str, text: str) -> None:
        if self.tell_owner is None:
            return
        with self.store.sessions.begin() as db:
            first = events.claim(db, key, now=self.clock.now())
        if first:
            self.tell_owner(text)

"""The daily chat caps: a reply is not asked of the model once its workspace, or its user, has
spent the day's chat budget (CHAT_DAILY_CAP_USD, CHAT_USER_DAILY_CAP_USD; 0 = no cap).

Spend is read from the ledger of model calls (every chat call is recorded with its cost), so it
counts across restarts and replicas. The check comes before each call; calls already under way
when the cap is reached still finish, so a day can end over its cap by at most their cost. The
user is told why, in one line; the owner once per day per cap reached.

The day's spend of a workspace, by user, is read from the ledger at most every `REREAD_SECONDS`
(one statement for all its users, not one per reply or per user), and what this process's calls
cost is added as they are recorded: another replica's spend is seen within that time.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

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


REREAD_SECONDS = 30.0


@dataclass
class _Spend:
    """A workspace's spend today, by user, as last read (plus what was added since)."""

    day: str
    read_at: float
    team: float
    users: dict[str, float]


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
        self._lock = threading.Lock()
        self._spend: OrderedDict[str, _Spend] = OrderedDict()  # team →
        self._whose: OrderedDict[str, tuple[str, str]] = OrderedDict()  # session → (team, user)
        # The UTC day last keyed (its 00:00, the next day's, its ISO date): a reply's check
        # makes no datetimes while the day lasts (~15 k instructions a reply otherwise).
        self._day_known: tuple[datetime, datetime, str] | None = None

    def _today(self, team: str, day: str) -> _Spend:
        """Today's spend of `team`, read again when older than REREAD_SECONDS."""
        now = time.monotonic()
        with self._lock:
            known = self._spend.get(team)
        if known is not None and known.day == day and now - known.read_at < REREAD_SECONDS:
            return known
        since = budget.day_start(self.clock.now())
        with self.store.sessions() as db:
            users = budget.spent_on_chat_by_user(db, since=since, team=team)
        fresh = _Spend(day, now, sum(users.values()), users)
        with self._lock:
            self._spend[team] = fresh
            self._spend.move_to_end(team)
            while len(self._spend) > 1024:
                self._spend.popitem(last=False)
        return fresh

    def spent(self, session_id: str, cost: float) -> None:
        """A chat call of `session_id` cost `cost` USD (recorded in the ledger with it)."""
        with self._lock:
            whose = self._whose.get(session_id)
            if whose is None or cost <= 0:
                return
            team, user = whose
            spend = self._spend.get(team)
            if spend is not None:
                spend.team += cost
                spend.users[user] = spend.users.get(user, 0.0) + cost

    def refusal(self, session: ChatSession) -> str | None:
        """The message for the user when today's budget leaves nothing for a reply in
        `session`, else None."""
        caps = self.caps
        if caps.workspace_usd <= 0 and caps.user_usd <= 0:
            return None
        day = self._day()
        team, user = session.team, session.user_id
        with self._lock:
            self._whose[session.id] = (team, user)
            self._whose.move_to_end(session.id)
            while len(self._whose) > 4096:
                self._whose.popitem(last=False)
        today = self._today(team, day)
        with self._lock:
            spent, mine = today.team, today.users.get(user, 0.0)
        reached: tuple[str, str, str] | None = None  # (notice key, owner's text, user's text)
        if caps.workspace_usd > 0 and spent >= caps.workspace_usd:
            reached = (
                f"chat-cap:{day}:{team}",
                "Heads-up: today's chat budget for this workspace "
                f"(${caps.workspace_usd:.2f}, CHAT_DAILY_CAP_USD; ${spent:.2f} spent) is "
                "used up: replies are refused until 00:00 UTC. Raise it in the settings "
                "and restart to go on today.",
                WORKSPACE_REACHED.format(cap=caps.workspace_usd),
            )
        elif caps.user_usd > 0 and mine >= caps.user_usd:
            reached = (
                f"chat-cap:{day}:{team}:{user}",
                f"Heads-up: <@{user}> used their daily chat budget (${caps.user_usd:.2f}, "
                f"CHAT_USER_DAILY_CAP_USD; ${mine:.2f} spent): their replies are refused "
                "until 00:00 UTC.",
                USER_REACHED.format(cap=caps.user_usd),
            )
        if reached is None:
            return None
        key, owner_text, user_text = reached
        self._tell_once(key, owner_text)
        log.info("chat cap reached", extra={"session": session.id, "cap": key})
        return user_text

    def _day(self) -> str:
        """The ISO date of the UTC day now falls in (`budget.day_start`'s), the spend's key."""
        now = self.clock.now()
        known = self._day_known
        if known is not None and known[0] <= now < known[1]:
            return known[2]
        since = budget.day_start(now)
        day = since.date().isoformat()
        self._day_known = (since, since + timedelta(days=1), day)
        return day

    def _tell_once(self, key: str, text: str) -> None:
        if self.tell_owner is None:
            return
        with self.store.sessions.begin() as db:
            first = events.claim(db, key, now=self.clock.now())
        if first:
            self.tell_owner(text)

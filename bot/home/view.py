"""The owner dashboard's sections as Block Kit: spend, reflections, the library, page buttons.

Pure functions from what bot/home/data.py read to blocks; bot/home/owner.py puts them together
(with the review cards) and publishes them.
"""

from __future__ import annotations

from typing import Any

from bot.home import data, modals
from bot.slack.blocks import Block, actions, button, clip, context, esc, section
from store.models import LessonRow, ReflectionRow
from writers.lessons.review import shown_hash as lesson_shown_hash

PREFIX = "home:"
PAGE_SIZE = {"pending": 5, "reflections": 8, "flagged": 5}


def pager(name: str, offset: int, shown: int, total: int) -> list[Block]:
    """Newer/older buttons for one list, when it has more than one page."""
    size = PAGE_SIZE[name]
    buttons = []
    if offset > 0:
        buttons.append(
            button("◀ Previous", f"{PREFIX}page:{name}:prev", str(max(0, offset - size)))
        )
    if offset + shown < total:
        buttons.append(button("Next ▶", f"{PREFIX}page:{name}:next", str(offset + size)))
    if not buttons:
        return []
    page = f"{offset + 1}–{offset + shown} of {total}"
    return [context(page), actions(f"pager-{name}", *buttons)]


def spend_blocks(spend: data.Spend) -> list[Block]:
    """Today against the cap, and the last seven days, chat and reflection apart."""
    used = spend.reflection_today / spend.cap if spend.cap else 0.0
    today = (
        f"*Spend today* ({spend.today} UTC): reflections ${spend.reflection_today:.4f} of the "
        f"${spend.cap:.2f} daily cap ({used:.0%}; ${spend.committed:.4f} reserved or spent) · "
        f"chat ${spend.chat_today:.4f}"
    )
    lines = [f"{d.day}  chat ${d.chat:>8.4f}  reflection ${d.reflection:>8.4f}" for d in spend.days]
    week_chat = sum(d.chat for d in spend.days)
    week_reflection = sum(d.reflection for d in spend.days)
    week = (
        f"*Last 7 days:* chat ${week_chat:.4f} · reflection ${week_reflection:.4f}\n```"
        + "\n".join(lines)
        + "```"
    )
    return [section(today), section(week)]


def feedback_blocks(rates: dict[str, Any]) -> list[Block]:
    """The replies' 👍/👎 over the last seven days: counts and the helpful share."""
    if not rates["total"]:
        return [context("*Feedback, last 7 days:* no 👍/👎 on replies yet.")]
    return [
        context(
            f"*Feedback, last 7 days:* 👍 {rates['positive']} · 👎 {rates['negative']} — "
            f"{rates['positive_share']:.0%} helpful, from {rates['sessions']} session(s) by "
            f"{rates['people']} people. A 👎 is a failure signal for the reflection and for "
            "the lessons and skills that answer used."
        )
    ]


def reflection_blocks(
    rows: list[ReflectionRow], total: int, offset: int, links: dict[str, str | None]
) -> list[Block]:
    """One row per reflection: session link, outcome, cost, duration, writers, Details."""
    out = [section(f"*Recent reflections* ({total})" if total else "*No reflections yet.*")]
    for r in rows:
        link = links.get(r.session_id)
        ref = f"<{link}|session {r.session_id[:8]}>" if link else f"session `{r.session_id[:8]}`"
        writers = " · ".join(modals.writer_lines(r.writer_results or {})) or "no writer ran"
        text = (
            f"{ref} · *{esc(r.outcome or r.status)}* ({esc(r.status)}) · ${r.cost_usd:.4f} · "
            f"{r.duration_ms / 1000:.1f} s · {r.created_at:%Y-%m-%d %H:%M}\n{clip(writers, 1500)}"
        )
        out.append(section(text, accessory=button("Details", f"{PREFIX}reflection", r.id)))
    return out + pager("reflections", offset, len(rows), total)


def library_blocks(
    counts: dict[str, dict[str, int]],
    flagged: list[tuple[LessonRow, list[str]]],
    total: int,
    offset: int,
) -> list[Block]:
    """Counts by status, the search button, and flagged lessons with their buttons."""
    fields = [
        {
            "type": "mrkdwn",
            "text": f"*{data.EDITABLE[kind]}s*\n"
            + (" · ".join(f"{s} {n}" for s, n in counts.get(kind, {}).items()) or "none"),
        }
        for kind in data.LIBRARY
    ]
    out: list[Block] = [
        {"type": "section", "text": {"type": "mrkdwn", "text": "*The library*"}, "fields": fields},
        actions("library", button("Search the library", f"{PREFIX}search")),
        section(f"*Flagged lessons* ({total})" if total else "*No flagged lessons.*"),
    ]
    for row, reasons in flagged:
        out.append(
            section(
                f"*Lesson #{row.id}* ({esc(row.status)}) — {esc('; '.join(reasons))}\n"
                f"When: {esc(clip(row.condition, 600))}\nDo: {esc(clip(row.action, 600))}"
            )
        )
        verbs = ["archive"] if row.status in ("canonical",) else ["approve", "archive"]
        if row.status == "archived":
            verbs = ["restore"]
        # The buttons carry the hash of the text shown above them: an approval of a lesson
        # edited since is refused (`decide_lesson`).
        value = f"{row.id}:{lesson_shown_hash(row)}"
        buttons = [
            button(v.capitalize(), f"{PREFIX}lesson:{v}", value, style=_STYLE.get(v)) for v in verbs
        ]
        buttons.append(button("Edit", f"{PREFIX}edit", f"lesson:{row.id}"))
        out.append(actions(f"lesson-{row.id}", *buttons))
    return out + pager("flagged", offset, len(flagged), total)


_STYLE = {"approve": "primary", "archive": "danger"}

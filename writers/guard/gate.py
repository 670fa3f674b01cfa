"""`Guard.admit`: the one call every writer makes before it stores a learned text.

It returns what may be stored and where it may go: the text with hidden characters decoded out and
secrets redacted, the safety verdict (on the raw text too, since redaction would erase evidence
such as a planted e-mail address), whether the item is quarantined — flagged itself, hiding
characters, or part of a reflection flagged as a whole (`WriteContext.together`) — and the trust
rule's placement. A writer stores `text`, sets its status from `quarantined` and `placement`, and
puts `reason` on the owner's card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from writers.base import WriteContext
from writers.guard.safety import SafetyVerdict, check
from writers.guard.trust import Placement, placement
from writers.guard.unicode import Hidden, hidden, readable
from writers.redact.redactor import RedactionResult, get_redactor

# The safety check's kinds for the trust rule's item kinds.
_SAFETY_KIND = {
    "lesson": "lesson",
    "memory_note": "memory_note",
    "user_observation": "user_observation",
    "persona": "persona",
    "skill": "skill",
    # A check-in is read by a person, not a model, but it is built from the reflection: it gets
    # the strict rules (no directives, no links, no authority claims).
    "checkin": "user_observation",
}


def one_line(text: str) -> str:
    """Collapse `text` to one line and defuse HTML comments so it cannot forge a file marker."""
    return " ".join(text.split()).replace("<!--", "<!- -").replace("-->", "- ->")


@dataclass(frozen=True)
class Admitted:
    """What the guard lets a writer store, and where it may go."""

    text: str
    redactions: int
    verdict: SafetyVerdict
    hidden: Hidden | None
    together: str  # why the reflection as a whole is under review, "" if it is not
    placement: Placement
    reason: str | None = None  # the line for the owner's card (redacted); None when clean

    @property
    def quarantined(self) -> bool:
        """Stored for the owner only: flagged, hiding characters, or flagged together."""
        return self.verdict.flagged or self.hidden is not None or bool(self.together)

    @property
    def flags(self) -> list[str]:
        """Reason codes to store with the item."""
        out = list(self.verdict.reasons)
        if self.hidden is not None and "invisible_unicode" not in out:
            out.append("invisible_unicode")
        if self.together:
            out.append("flagged_together")
        return out

    def explain(self) -> str | None:
        """Why it is held, unredacted (use `reason`, which `Guard.admit` redacts)."""
        parts = []
        if self.verdict.flagged:
            parts.append(self.verdict.summary)
        if self.hidden is not None:
            parts.append(f"{self.hidden.describe()}; decoded: {self.text!r}")
        if self.together:
            parts.append(self.together)
        if not parts and self.placement.needs_card:
            parts.append(self.placement.why)
        return "; ".join(parts) or None


class Guard:
    """Redaction, the safety check and the trust rule, for every writer."""

    def __init__(
        self,
        *,
        allow_domains: Sequence[str] = (),
        allow_emails: Sequence[str] = (),
        redact: Callable[[str], RedactionResult] | None = None,
        trusted_users: Sequence[str] = (),
        corroborators: str = "trusted",
    ) -> None:
        self.allow_domains = tuple(allow_domains)
        self.allow_emails = tuple(allow_emails)
        self._redact = redact
        self.trusted_users = frozenset(trusted_users)
        self.corroborators = corroborators

    def least_trusted(self, ctx: WriteContext) -> str:
        """Whose item it counts as: the least trusted person whose words it rests on — for an
        item not attributed on its own, everyone who wrote in the session (an owner's thread a
        member wrote in is the member's); the session's user breaks ties."""

        def rank(user: str) -> int:
            if user in ctx.owner_ids:
                return 0
            return 1 if user in self.trusted_users else 2

        p = ctx.provenance
        # An attributed item weighs only the people its words rest on (`guard.attribution`).
        people = set(p.rests_on) if p.rests_on else {ctx.user_id, *p.author_ids}
        return min(people, key=lambda u: (-rank(u), u != ctx.user_id, u))

    def corroborating(self, users: Sequence[str], owners: Sequence[str]) -> list[str]:
        """Those of `users` whose sessions count as independent evidence for a lesson.

        Any distinct user with `corroborators="anyone"`; otherwise only owners and the users
        the owners listed (LESSON_TRUSTED_USERS), because a second Slack account costs an
        attacker nothing and is indistinguishable from a colleague by anything the bot sees.
        """
        if self.corroborators == "anyone":
            return list(users)
        return [u for u in users if u in self.trusted_users or u in owners]

    def redact(self, text: str) -> RedactionResult:
        """Redact `text` with the configured redactor."""
        return (self._redact or get_redactor().redact)(text)

    def admit(
        self,
        ctx: WriteContext,
        raw: str,
        *,
        kind: str,
        subject: str | None = None,
        multiline: bool = False,
        situation: bool = False,
    ) -> Admitted:
        """Clean, check and place one learned text of item `kind` from `ctx`'s session
        (`situation`: a lesson's condition, see `safety.check`)."""
        screened = self.screen(raw, kind=kind, multiline=multiline, situation=situation)
        place = placement(
            kind,
            author=ctx.user_id,
            owners=ctx.owner_ids,
            is_dm=ctx.is_dm,
            subject=subject,
            authors=ctx.provenance.author_ids,
            rests_on=ctx.provenance.rests_on,
        )
        admitted = Admitted(*screened, ctx.together, place)
        why = admitted.explain()
        # The verdict quotes the raw text; a card must not carry what redaction removed.
        return replace(admitted, reason=None if why is None else self.redact(why).text)

    def screen(
        self, raw: str, *, kind: str, multiline: bool = False, situation: bool = False
    ) -> tuple[str, int, SafetyVerdict, Hidden | None]:
        """Redaction and the safety check without placement: (text to store, redactions,
        verdict, hidden characters). `admit` uses it; so do owner edits, which keep the item's
        existing place."""
        secret = hidden(raw)
        # Nothing invisible is ever stored: a model would read the decoded form, so that is
        # what is kept (and what the owner sees on the card).
        visible = raw if secret is None else readable(raw)
        red = self.redact(visible)
        text = red.text.strip() if multiline else one_line(red.text)
        verdict = check(
            raw if raw == text else f"{raw}\n{text}",
            kind=_SAFETY_KIND[kind],
            allow_domains=self.allow_domains,
            allow_emails=self.allow_emails,
            situation=situation,
        )
        return text, len(red.findings), verdict, secret

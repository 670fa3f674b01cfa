"""The review gate's decision logic, shared by Slack reactions, Block Kit buttons and the CLI.

Rules: only owners decide (anyone else is ignored and audited); a decision binds to the content
hash shown on the card; the first decision wins by a compare-and-set on the item's status, later
ones are audited and change nothing; every decision is audited and its effect applied by the
applier registered for the item's kind, inside the same transaction as the decision.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from store.ledger import audit
from store.models import ReviewItem
from writers.base import content_hash

Applier = Callable[[Session, ReviewItem, str, str, datetime], None]
DecisionStatus = Literal[
    "applied", "not_owner", "already_decided", "stale", "invalid_choice", "not_found"
]
CHOICES = ("approve", "reject", "save", "restore", "retire")

_REACTIONS = {
    "white_check_mark": "approve",
    "heavy_check_mark": "approve",
    "ballot_box_with_check": "approve",
    "x": "reject",
    "negative_squared_cross_mark": "reject",
    "brain": "save",
    "leftwards_arrow_with_hook": "restore",
    "wastebasket": "retire",
}
_THUMBS_UP = {"+1", "thumbsup"}


@dataclass(frozen=True)
class Decision:
    """What `decide` did, and a line to show the person who tried."""

    status: DecisionStatus
    message: str
    item_id: int
    decision: str | None = None

    @property
    def applied(self) -> bool:
        """True when this call recorded the decision and applied its effect."""
        return self.status == "applied"


def short_hash(h: str) -> str:
    """The 8-hex form of a content hash shown on cards."""
    return h[:8]


def decision_from_reaction(name: str, *, thumbs_up_approves: bool) -> str | None:
    """Map a Slack reaction name to a choice (skin tones stripped), or None if it is not one."""
    base = name.strip().strip(":").lower()
    base = base.split("::", 1)[0]
    if base in _THUMBS_UP:
        return "approve" if thumbs_up_approves else None
    return _REACTIONS.get(base)


def create_item(
    db: Session,
    *,
    kind: str,
    target_id: str,
    title: str,
    content: str,
    choices: Sequence[str],
    reason: str | None,
    reflection_id: str | None,
    provenance: Mapping[str, Any],
    now: datetime,
) -> ReviewItem:
    """Stage an item for review; the same (kind, target, content) returns the existing item."""
    digest = content_hash(content)

    def existing() -> ReviewItem | None:
        return db.scalars(
            select(ReviewItem).where(
                ReviewItem.kind == kind,
                ReviewItem.target_id == str(target_id),
                ReviewItem.content_hash == digest,
            )
        ).first()

    found = existing()
    if found is not None:
        return found
    item = ReviewItem(
        kind=kind,
        target_id=str(target_id),
        title=title[:200],
        content=content,
        content_hash=digest,
        choices=list(choices),
        reason=reason,
        status="pending",
        reflection_id=reflection_id,
        provenance=dict(provenance),
        created_at=now,
    )
    try:
        with db.begin_nested():
            db.add(item)
    except IntegrityError:
        # A concurrent fan-out staged the same item first: use theirs.
        found = existing()
        if found is None:
            raise
        return found
    return item


def reissue(
    db: Session,
    *,
    kinds: Sequence[str],
    target_id: str,
    content: Callable[[ReviewItem], str],
    actor: str,
    now: datetime,
) -> list[ReviewItem]:
    """After the target's text changed: each pending card for it now carries the new text and
    its hash (so an approval given on the old card is refused as stale until the card is shown
    again), or is withdrawn when an older decided card already holds that text. Returns the
    pending items that changed."""
    items = db.scalars(
        select(ReviewItem).where(
            ReviewItem.kind.in_(list(kinds)),
            ReviewItem.target_id == str(target_id),
            ReviewItem.status == "pending",
        )
    ).all()
    changed: list[ReviewItem] = []
    for item in items:
        text = content(item)
        digest = content_hash(text)
        if digest == item.content_hash:
            continue
        before = item.content_hash
        try:
            with db.begin_nested():
                item.content, item.content_hash = text, digest
                db.flush()
            action = "review.reissued"
        except IntegrityError:
            # The same text was already on a card for this target: this one is withdrawn.
            db.refresh(item)
            item.status, item.decided_at, item.decided_by = "withdrawn", now, actor[:32]
            item.shown_hash = None  # its posted card must be re-rendered as withdrawn
            action = "review.withdrawn"
        changed.append(item)
        audit(
            db,
            actor=actor,
            action=action,
            target_kind="review_item",
            target_id=str(item.id),
            now=now,
            kind=item.kind,
            previous_hash=before,
            content_hash=item.content_hash,
        )
    return changed


def pending(db: Session) -> list[ReviewItem]:
    """Items waiting for a decision, oldest first."""
    return list(
        db.scalars(
            select(ReviewItem)
            .where(ReviewItem.status == "pending")
            .order_by(ReviewItem.created_at, ReviewItem.id)
        ).all()
    )


def _normalise_choice(decision: str, choices: Sequence[str]) -> str | None:
    if decision in choices:
        return decision
    # ✅ on a persona card means "save": the owner should not need to remember which emoji.
    if decision == "approve" and "save" in choices and "approve" not in choices:
        return "save"
    return None


def decide(
    db: Session,
    item_id: int,
    *,
    decision: str,
    actor: str,
    owner_ids: Sequence[str],
    shown_hash: str | None = None,
    now: datetime,
    appliers: Mapping[str, Applier],
) -> Decision:
    """Record `actor`'s `decision` on an item and apply it, if allowed and first; see the rules."""
    item = db.get(ReviewItem, item_id)
    if item is None:
        return Decision("not_found", f"No review item {item_id}.", item_id)

    def note(action: str, **detail: Any) -> None:
        audit(
            db,
            actor=actor,
            action=action,
            target_kind="review_item",
            target_id=str(item_id),
            now=now,
            decision=decision,
            kind=item.kind,
            **detail,
        )

    if actor not in owner_ids:
        note("review.ignored", reason="not_owner")
        return Decision("not_owner", "Only the bot's owners can decide review items.", item_id)
    choice = _normalise_choice(decision, item.choices)
    if choice is None:
        note("review.ignored", reason="invalid_choice")
        choices = ", ".join(item.choices)
        return Decision("invalid_choice", f"`{decision}` is not one of: {choices}.", item_id)
    if item.status != "pending":
        note("review.late", status=item.status)
        return Decision("already_decided", _already(item), item_id, item.decision)
    if shown_hash is not None and not (
        shown_hash.strip() and item.content_hash.startswith(shown_hash.strip().lower())
    ):
        note("review.stale", shown_hash=shown_hash, content_hash=item.content_hash)
        return Decision(
            "stale",
            f"The item changed since the card was shown ({shown_hash} ≠ "
            f"{short_hash(item.content_hash)}); decide on the current card.",
            item_id,
        )
    status = "rejected" if choice == "reject" else "approved"
    won = db.execute(
        update(ReviewItem)
        .where(ReviewItem.id == item_id, ReviewItem.status == "pending")
        .values(status=status, decision=choice, decided_by=actor[:32], decided_at=now)
        .execution_options(synchronize_session=False)
    )
    db.refresh(item)
    if getattr(won, "rowcount", 0) != 1:
        note("review.late", status=item.status)
        return Decision("already_decided", _already(item), item_id, item.decision)
    applier = appliers.get(item.kind)
    if applier is not None:
        applier(db, item, choice, actor, now)
    note("review.decided", content_hash=item.content_hash, applied=applier is not None)
    return Decision("applied", f"{item.title}: {_past(choice)} by {actor}.", item_id, choice)


def _past(choice: str) -> str:
    return {
        "approve": "approved",
        "reject": "rejected",
        "save": "saved",
        "restore": "restored",
        "retire": "retired",
    }.get(choice, choice)


def _already(item: ReviewItem) -> str:
    when = item.decided_at.isoformat(timespec="minutes") if item.decided_at else "earlier"
    return f"Already {_past(item.decision or item.status)} by {item.decided_by} ({when})."

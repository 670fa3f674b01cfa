"""User model: reflection's observations about each Slack user, read by that user's next session.

The local table is the source of truth. When HONCHO_API_KEY is set the observations are also
sent to Honcho (honcho-ai SDK, an optional extra) as messages from a dedicated reflection peer,
tagged so Honcho can tell them from its own derived observations. The sender is injected, so the
writer is tested without Honcho and a Honcho outage never loses a local observation.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from reflection.schema import Reflection
from store.ledger import audit
from store.models import ChatSession, Observation, ReviewItem
from writers.base import WriteContext, WriterResult
from writers.guard.gate import Guard
from writers.guard.reach import View, observation_scope, visible
from writers.notes.observations import stage_observation
from writers.review import create_item

log = logging.getLogger(__name__)

# (slack user id, observations, provenance) → None; raises on failure.
HonchoSender = Callable[[str, list[str], dict[str, Any]], None]
HONCHO_PEER = "seshat-reflection"
HONCHO_INSTALL_HINT = "pip install 'seshat-bot[honcho]'"


def make_honcho_sender(
    *, api_key: str | None, base_url: str | None, workspace_id: str
) -> HonchoSender | None:
    """A sender backed by the honcho-ai SDK, or None when no key is set or the SDK is missing."""
    if not api_key:
        return None
    try:
        from honcho import Honcho  # optional extra: imported only when configured
    except ImportError:
        log.warning(
            "HONCHO_API_KEY is set but the honcho-ai SDK is not installed; user-model "
            "observations stay local only. Install it with: %s",
            HONCHO_INSTALL_HINT,
        )
        return None
    kwargs: dict[str, Any] = {"api_key": api_key, "workspace_id": workspace_id}
    if base_url:
        kwargs["base_url"] = base_url
    client = Honcho(**kwargs)

    def send(user_id: str, observations: list[str], provenance: dict[str, Any]) -> None:
        reflector = client.peer(HONCHO_PEER)
        session = client.session(f"seshat-reflection-{provenance.get('reflection_id', '')}")
        metadata = {
            "source": "seshat-reflection",
            "about_peer": user_id,
            "reflection_id": provenance.get("reflection_id"),
            "session_id": provenance.get("session_id"),
        }
        session.add_messages([reflector.message(text, metadata=metadata) for text in observations])

    return send


def make_honcho_deleter(
    *, api_key: str | None, base_url: str | None, workspace_id: str
) -> Callable[[str, list[str]], None] | None:
    """A forget's mirror call: deletes the Honcho sessions that carried observations about a
    user (one per reflection, `seshat-reflection-<id>`); None when Honcho is not configured."""
    if not api_key:
        return None
    try:
        from honcho import Honcho  # optional extra: imported only when configured
    except ImportError:
        return None
    kwargs: dict[str, Any] = {"api_key": api_key, "workspace_id": workspace_id}
    if base_url:
        kwargs["base_url"] = base_url
    client = Honcho(**kwargs)

    def delete(_user_id: str, reflection_ids: list[str]) -> None:
        for rid in reflection_ids:
            client.session(f"seshat-reflection-{rid}").delete()

    return delete


def observation_origin(obs: Observation, session_channel: str | None) -> str | None:
    """The channel an observation was learned in: its session's, else the one its provenance
    names; None when neither is known (the read rule then treats it as learned in a DM)."""
    if session_channel:
        return session_channel
    named = (obs.provenance or {}).get("channel")
    return str(named) if named else None


def notes_for_user(
    db: Session, user_id: str, limit: int = 10, *, view: View | None = None
) -> list[Observation]:
    """Active observations about `user_id` that `view` may show (the read-side trust rule,
    `writers.guard.reach`), newest first. Without a view: as in a DM with that user."""
    view = view or View.session(user_id=user_id, channel="D" + user_id[1:])
    rows = db.execute(
        select(Observation, ChatSession.channel)
        .outerjoin(ChatSession, ChatSession.id == Observation.session_id)
        .where(
            Observation.kind == "user",
            Observation.subject == user_id,
            Observation.status == "active",
        )
        .order_by(Observation.created_at.desc(), Observation.id.desc())
    )
    out: list[Observation] = []
    for obs, channel in rows:
        scope = observation_scope(
            subject=obs.subject,
            author=obs.author_id,
            status=obs.status,
            origin=observation_origin(obs, channel),
        )
        if visible(scope, view):
            out.append(obs)
            if len(out) >= limit:
                break
    return out


class UserModelWriter:
    """Stores `user_model_updates` as per-user observations (and mirrors them to Honcho).

    The trust rule: an observation about X is applied (shown in X's sessions) only when it comes
    from X's own session or an owner's; any other is held on an owner's card, never injected.
    """

    name = "user_model"

    def __init__(self, *, guard: Guard | None = None, honcho: HonchoSender | None = None) -> None:
        self.guard = guard or Guard()
        self.honcho = honcho

    def write(self, db: Session, ctx: WriteContext, reflection: Reflection) -> WriterResult:
        """Store each observation (redacted, safety-checked); idempotent per reflection."""
        result = WriterResult(status="nothing")
        p = ctx.provenance
        outgoing: dict[str, list[str]] = {}
        for uid, observations in reflection.user_model_updates.items():
            for ordinal, raw in enumerate(observations):
                staged = stage_observation(
                    db,
                    ctx,
                    result,
                    self.guard,
                    kind="user",
                    subject=uid,
                    raw=raw,
                    ordinal=ordinal,
                    ok_status="active",
                    cited=reflection.cited(f"user:{uid}", raw),
                )
                if staged is None:
                    continue
                obs, admitted = staged
                if obs.status != "active":
                    held = "Quarantined" if admitted.quarantined else "Held"
                    create_item(
                        db,
                        kind="user_observation",
                        target_id=str(obs.id),
                        title=f"{held} observation about <@{uid}> from <@{ctx.user_id}>'s session",
                        content=obs.text,
                        choices=["approve", "reject"],
                        reason=admitted.reason,
                        reflection_id=p.reflection_id,
                        provenance=p.as_json(),
                        now=ctx.now,
                    )
                    result.staged += 1
                    result.quarantined += int(admitted.quarantined)
                else:
                    result.written += 1
                    outgoing.setdefault(uid, []).append(obs.text)
        self._send(outgoing, p.as_json(), result)
        if result.written or result.staged:
            result.status = "written" if result.written else "staged"
        return result

    def _send(
        self, outgoing: dict[str, list[str]], provenance: dict[str, Any], result: WriterResult
    ) -> None:
        if self.honcho is None:
            return
        for uid, texts in outgoing.items():
            try:
                self.honcho(uid, texts, provenance)
            except Exception as exc:  # Honcho is a mirror; the local store already has them
                log.warning("honcho send failed for %s: %s", uid, exc)
                result.detail.append(f"honcho: {uid} not sent ({exc.__class__.__name__})")


def apply_observation_decision(
    db: Session,
    item: ReviewItem,
    decision: str,
    actor: str,
    now: datetime,
) -> None:
    """Release a held or quarantined user observation (approve → active) or archive it."""
    obs = db.get(Observation, int(item.target_id))
    if obs is None:
        return
    obs.status = "active" if decision == "approve" else "archived"
    if decision == "approve":
        obs.applied_at = now
    audit(
        db,
        actor=actor,
        action=f"user_model.{'released' if decision == 'approve' else 'rejected'}",
        target_kind="observation",
        target_id=str(obs.id),
        now=now,
    )

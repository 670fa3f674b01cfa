"""Persona cards → 🧠 appends to USER.md; user-model observations are stored and read back."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from store.clock import FakeClock
from store.db import Store
from store.models import Observation, ReviewItem
from tests.support.writers import OTHER, OWNER, ctx, reflection, seed
from writers.notes.persona import USER_FILE, PersonaWriter, user_md_for_prompt
from writers.notes.usermodel import (
    HONCHO_INSTALL_HINT,
    UserModelWriter,
    apply_observation_decision,
    make_honcho_sender,
    notes_for_user,
)
from writers.registry import build_appliers
from writers.review import decide


def _decide_all(store: Store, rid: str, choice: str, data: Path, clock: FakeClock) -> None:
    with store.sessions.begin() as db:
        for item in db.scalars(select(ReviewItem).where(ReviewItem.reflection_id == rid)):
            got = decide(
                db,
                item.id,
                decision=choice,
                actor=OWNER,
                owner_ids=[OWNER],
                now=clock.now(),
                appliers=build_appliers(data_dir=data, skills_dir=data / "skills"),
            )
            assert got.status == "applied", got.message


def test_persona_save_appends_marked_line(store: Store, tmp_path: Path, clock) -> None:
    (tmp_path / USER_FILE).write_text("# About the owner\n- Likes short answers.\n")
    _, rid = seed(store, clock.now())
    refl = reflection(persona_observations=["Uses 'lol' to signal surprise, not humour."])
    with store.sessions.begin() as db:
        res = PersonaWriter().write(db, ctx(store, rid, tmp_path, clock.now()), refl)
    assert res.staged == 1
    assert "lol" not in (tmp_path / USER_FILE).read_text()  # never applied without the owner
    with store.sessions() as db:
        item = db.scalars(select(ReviewItem)).one()
    assert item.kind == "persona" and item.choices == ["save", "reject"]
    _decide_all(store, rid, "save", tmp_path, clock)
    text = (tmp_path / USER_FILE).read_text()
    assert text.startswith("# About the owner\n- Likes short answers.\n")
    with store.sessions() as db:
        obs = db.scalars(select(Observation)).one()
    assert obs.status == "applied"
    assert text.endswith(
        f"- Uses 'lol' to signal surprise, not humour. <!-- seshat:p{obs.id} -->\n"
    )
    assert user_md_for_prompt(tmp_path).endswith("not humour.")


def test_persona_reject_dismisses(store: Store, tmp_path: Path, clock) -> None:
    _, rid = seed(store, clock.now())
    refl = reflection(persona_observations=["Answers too long on Fridays."])
    with store.sessions.begin() as db:
        PersonaWriter().write(db, ctx(store, rid, tmp_path, clock.now()), refl)
    _decide_all(store, rid, "reject", tmp_path, clock)
    assert not (tmp_path / USER_FILE).exists()
    with store.sessions() as db:
        assert db.scalars(select(Observation.status)).one() == "dismissed"


def test_user_model_observations_and_honcho(store: Store, tmp_path: Path, clock) -> None:
    sent: list[tuple[str, list[str], dict[str, Any]]] = []
    _, rid = seed(store, clock.now(), user=OTHER, channel="CENG0001")
    refl = reflection(
        user_model_updates={
            OTHER: ["Works on the billing service.", "Prefers examples in Go."],
            OWNER: ["Reviews PRs in the morning."],
        }
    )
    writer = UserModelWriter(honcho=lambda uid, texts, prov: sent.append((uid, texts, prov)))
    with store.sessions.begin() as db:
        res = writer.write(db, ctx(store, rid, tmp_path, clock.now()), refl)
    # OTHER's own observations apply; the one about the owner, from OTHER's session, is held.
    assert (res.written, res.staged, res.quarantined) == (2, 1, 0)
    with store.sessions() as db:
        notes = notes_for_user(db, OTHER)
        assert [n.text for n in notes] and {n.text for n in notes} == {
            "Works on the billing service.",
            "Prefers examples in Go.",
        }
        assert all(n.source == "reflection" and n.provenance["reflection_id"] == rid for n in notes)
        assert notes_for_user(db, OWNER) == []
        (card,) = db.scalars(select(ReviewItem).where(ReviewItem.kind == "user_observation"))
        assert f"<@{OWNER}>" in card.title and f"<@{OTHER}>" in card.title
        assert card.content == "Reviews PRs in the morning."
    assert sorted(uid for uid, _, _ in sent) == [OTHER]
    assert all(prov["reflection_id"] == rid for _, _, prov in sent)
    with store.sessions.begin() as db:
        again = writer.write(db, ctx(store, rid, tmp_path, clock.now()), refl)
    assert again.written == 0 and again.staged == 0 and len(sent) == 1
    with store.sessions.begin() as db:
        decide(
            db,
            card.id,
            decision="approve",
            actor=OWNER,
            owner_ids=(OWNER,),
            now=clock.now(),
            appliers={"user_observation": apply_observation_decision},
        )
    with store.sessions() as db:
        assert [n.text for n in notes_for_user(db, OWNER)] == ["Reviews PRs in the morning."]


def test_honcho_failure_keeps_local_store(store: Store, tmp_path: Path, clock) -> None:
    def broken(uid: str, texts: list[str], prov: dict[str, Any]) -> None:
        raise ConnectionError("honcho down")

    _, rid = seed(store, clock.now(), user=OTHER, channel="CENG0001")
    refl = reflection(user_model_updates={OTHER: ["Is on call this week."]})
    with store.sessions.begin() as db:
        res = UserModelWriter(honcho=broken).write(db, ctx(store, rid, tmp_path, clock.now()), refl)
    assert res.written == 1 and any("honcho" in d for d in res.detail)
    with store.sessions() as db:
        assert len(notes_for_user(db, OTHER)) == 1


def test_honcho_sender_without_sdk_warns(caplog: pytest.LogCaptureFixture) -> None:
    try:
        import honcho  # noqa: F401

        pytest.skip("honcho-ai is installed here")
    except ImportError:
        pass
    assert make_honcho_sender(api_key=None, base_url=None, workspace_id="w") is None
    with caplog.at_level(logging.WARNING):
        assert make_honcho_sender(api_key="hk-test", base_url=None, workspace_id="w") is None
    assert HONCHO_INSTALL_HINT in caplog.text

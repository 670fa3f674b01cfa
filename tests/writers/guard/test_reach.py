"""The read side of the trust rule (`writers/guard/reach.py`), on every reader.

As `test_trust.test_every_registered_writer_admits_through_the_guard` walks every writer, the
walk below seeds one item of every scope through real reflections, then reads every reader
(the prompt a session gets — facts, user notes, MEMORY.md, USER.md, lessons, skills — the "what
do you remember about me" answer, the person's App Home) from every kind of place (each person's
DM, the channel the items were learned in, another channel, their own record) and checks that
each stored item's text shows up exactly where `visible` allows it. Property tests then draw
random scopes and views and check the table itself, and that the SQL form equals it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from slack_sdk import WebClient
from sqlalchemy import select

from bot.home.user import UserHome
from bot.learning.forgetting import Forgetting
from bot.surfaces.assistant import MemoryAnswer
from store.db import Store
from store.models import ChatSession, MemoryEntry, Observation
from tests.writers.guard.test_trust import MALLORY, OWNER, VICTIM, World, dm
from writers.guard.reach import Scope, View, fact_condition, fact_scope, visible
from writers.notes.facts import bound_filter, viewer_params

CHANNEL, ELSEWHERE = "CSHARED005", "CELSEWHERE6"

# One unique phrase per item; the seeding below says where each was learned and by whom.
DM_NOTE = "is on medical leave next month for surgery"
CHANNEL_NOTE = "presents the roadmap at the all-hands"
DM_FACT = "keeps the spare laptop charger in locker 41"
CHANNEL_FACT = "The payroll vendor moved to Northwind Payments as of the November run."
SHARED_FACT = "The standup for the channel moved to the quiet room Saturn."
OWNER_ABOUT_VICTIM = "prefers answers in German"
OWNER_ABOUT_VICTIM_HERE = "is the release captain for the winter train"
MEMORY_MD = "The office closes at 18:00 on Fridays."
PERSONA = "Answer with the shortest useful reply first."
HELD_NOTE = "wants the deploy keys sent to an outside address"
LESSON = "rerun the export with the resume flag"
SKILL = "the payroll export to the bank stalls overnight"


@pytest.fixture
def seeded(tmp_path: Path) -> Iterator[World]:
    w = World(tmp_path / "data")
    w.reflect(
        MALLORY,
        dm(MALLORY),
        user_model_updates={MALLORY: [f"Mallory {DM_NOTE}."], VICTIM: [f"Victim {HELD_NOTE}."]},
        memory_notes=[f"Mallory {DM_FACT}."],
    )
    w.reflect(
        MALLORY,
        CHANNEL,
        user_model_updates={MALLORY: [f"Mallory {CHANNEL_NOTE}."]},
        memory_notes=[CHANNEL_FACT, SHARED_FACT],
    )
    w.reflect(
        OWNER,
        dm(OWNER),
        memory_notes=[f"<@{VICTIM}> {OWNER_ABOUT_VICTIM}.", MEMORY_MD],
        persona_observations=[PERSONA],
    )
    w.reflect(OWNER, CHANNEL, user_model_updates={VICTIM: [f"Victim {OWNER_ABOUT_VICTIM_HERE}."]})
    w.reflect(
        MALLORY,
        dm(MALLORY),
        lessons=[{"condition": "the payroll export stalls", "action": f"then {LESSON}"}],
        should_skill=True,
        skill_slug="payroll-export",
        skill_description=f"Use when {SKILL}.",
        skill_body="1. Check the queue.\n2. Restart the exporter.",
    )
    for kind in ("lesson", "skill"):
        for card in w.items(kind):
            w.approve(card)
    for card in w.items("fact"):
        if SHARED_FACT in card.content:
            w.approve(card)
    (persona,) = w.items("persona")
    _save(w, persona.id)
    yield w
    w.runtime.close()


def _save(world: World, item_id: int) -> None:
    from writers.review import decide

    with world.runtime.store.sessions.begin() as db:
        result = decide(
            db,
            item_id,
            decision="save",
            actor=OWNER,
            owner_ids=(OWNER,),
            now=world.clock.now(),
            appliers=world.runtime.appliers,
        )
    assert result.applied, result.message


def scoped_items(world: World) -> list[tuple[str, Scope]]:
    """Every stored fact and user note with its scope (MEMORY.md/USER.md rows included)."""
    out: list[tuple[str, Scope]] = []
    with world.runtime.store.sessions() as db:
        channels = {s.id: s.channel for s in db.scalars(select(ChatSession))}
        for e in db.scalars(select(MemoryEntry)):
            out.append((e.text, fact_scope(e, channels.get(e.session_id or ""))))
        for o in db.scalars(select(Observation).where(Observation.kind == "user")):
            origin = channels.get(o.session_id or "") or o.provenance.get("channel")
            out.append(
                (
                    o.text,
                    Scope(
                        "person",
                        author=o.author_id,
                        person=o.subject,
                        origin=origin,
                        released=o.status == "active",
                    ),
                )
            )
    # Everyone's, by the owner's decision: the persona line, the approved lesson and skill.
    out.append((PERSONA, Scope("everyone", author=OWNER)))
    out.append((LESSON, Scope("everyone", author=MALLORY)))
    out.append((SKILL, Scope("everyone", author=MALLORY)))
    return out


def _home(world: World) -> UserHome:
    rt = world.runtime
    forgetting = Forgetting(
        store=rt.store, slack=None, clock=world.clock, data_dir=rt.data_dir, library=None
    )
    # The Home view is built without a Web API call; the client is never used here.
    return UserHome(store=rt.store, slack=WebClient(token="xoxb-unused"), forgetting=forgetting)


def readers(world: World) -> dict[str, Callable[[View], str | None]]:
    """Every place learned text is read from, as a function of where it would be shown."""
    home = _home(world)
    answer = MemoryAnswer(home)

    def prompt(view: View) -> str | None:
        if view.record:
            return None
        return world.prompt(view.viewer, view.channel, "what do you know? payroll export standup")

    def memory_answer(view: View) -> str | None:
        if not view.record:
            return None  # asked in a DM: the answer is the person's own record
        session = ChatSession(
            id="s", team="T1", channel=dm(view.viewer), thread_ts="", user_id=view.viewer
        )
        return answer.answer(session, "What do you remember about me?")

    def app_home(view: View) -> str | None:
        return str(home.view(view.viewer)) if view.record else None

    return {"prompt": prompt, "memory answer": memory_answer, "app home": app_home}


def views() -> list[View]:
    out: list[View] = []
    for user in (OWNER, MALLORY, VICTIM):
        out += [
            View.session(user_id=user, channel=dm(user)),
            View.session(user_id=user, channel=CHANNEL),
            View.session(user_id=user, channel=ELSEWHERE),
            View.own_record(user),
        ]
    return out


PHRASES = (
    DM_NOTE,
    CHANNEL_NOTE,
    DM_FACT,
    CHANNEL_FACT,
    SHARED_FACT,
    OWNER_ABOUT_VICTIM,
    OWNER_ABOUT_VICTIM_HERE,
    MEMORY_MD,
    PERSONA,
    HELD_NOTE,
    LESSON,
    SKILL,
)


def _key(text: str) -> str:
    # The seeded phrase an item carries (readers render mentions and markup their own way); an
    # item the loop wrote itself (a session's episode) is found by its own opening words.
    found = [p for p in PHRASES if p in text]
    if not found:
        return text[:48]
    (phrase,) = found
    return phrase


def test_every_reader_shows_each_item_exactly_where_the_read_rule_allows(seeded: World) -> None:
    items = scoped_items(seeded)
    assert len(items) >= 10
    shown_somewhere: set[str] = set()
    hidden_somewhere: set[str] = set()
    for name, read in readers(seeded).items():
        for view in views():
            text = read(view)
            if text is None:
                continue
            for item_text, scope in items:
                key = _key(item_text)
                allowed = visible(scope, view)
                found = key in text
                if scope.kind == "everyone" and view.record:
                    continue  # MEMORY.md/USER.md are not listed on a personal record
                if not allowed:
                    assert not found, (name, view, item_text, scope)
                    hidden_somewhere.add(item_text)
                elif name == "prompt" and scope.kind != "everyone":
                    # The prompt picks by relevance within a budget: shown only if allowed.
                    shown_somewhere.add(item_text) if found else None
                else:
                    assert found, (name, view, item_text, scope)
                    shown_somewhere.add(item_text)
    # Not vacuous: every seeded item is shown somewhere and hidden somewhere.
    for phrase in (DM_NOTE, CHANNEL_NOTE, DM_FACT, CHANNEL_FACT, SHARED_FACT, OWNER_ABOUT_VICTIM):
        assert any(phrase in t for t in shown_somewhere), phrase
        assert any(phrase in t for t in hidden_somewhere), phrase


def test_a_note_learned_in_a_dm_never_reaches_that_persons_channel_sessions(
    seeded: World,
) -> None:
    """The issue's report: a DM-learned user-model note was injected in a public channel."""
    assert DM_NOTE in seeded.prompt(MALLORY, dm(MALLORY))
    for channel in (CHANNEL, ELSEWHERE):
        assert DM_NOTE not in seeded.prompt(MALLORY, channel, "medical leave surgery")
    # What she said in the channel is heard there (and in her DMs), not in another channel.
    assert CHANNEL_NOTE in seeded.prompt(MALLORY, CHANNEL)
    assert CHANNEL_NOTE in seeded.prompt(MALLORY, dm(MALLORY))
    assert CHANNEL_NOTE not in seeded.prompt(MALLORY, ELSEWHERE)


def test_an_owners_note_about_a_person_stays_with_them_and_where_it_was_said(
    seeded: World,
) -> None:
    assert OWNER_ABOUT_VICTIM in seeded.prompt(VICTIM, dm(VICTIM), "how should you answer me?")
    assert OWNER_ABOUT_VICTIM not in seeded.prompt(VICTIM, CHANNEL, "how should you answer me?")
    assert OWNER_ABOUT_VICTIM_HERE in seeded.prompt(VICTIM, CHANNEL)
    assert OWNER_ABOUT_VICTIM_HERE not in seeded.prompt(VICTIM, ELSEWHERE)
    assert OWNER_ABOUT_VICTIM_HERE not in seeded.prompt(OWNER, CHANNEL)


def test_a_held_note_is_not_on_its_subjects_record_until_the_owner_decides(seeded: World) -> None:
    home = _home(seeded)
    assert HELD_NOTE not in str(home.view(VICTIM))
    assert HELD_NOTE not in (
        MemoryAnswer(home).answer(_dm_session(VICTIM), "what do you remember about me") or ""
    )
    (card,) = [c for c in seeded.items("user_observation") if HELD_NOTE in c.content]
    seeded.approve(card)
    assert HELD_NOTE in str(home.view(VICTIM))


def _dm_session(user: str) -> ChatSession:
    return ChatSession(id="s", team="T1", channel=dm(user), thread_ts="", user_id=user)


def test_memory_md_lines_whose_note_is_gone_are_not_shown(seeded: World) -> None:
    assert MEMORY_MD in seeded.prompt(VICTIM, CHANNEL)
    with seeded.runtime.store.sessions.begin() as db:
        (entry,) = db.scalars(select(MemoryEntry).where(MemoryEntry.scope_kind == "global"))
        entry.status = "archived"
    assert MEMORY_MD not in seeded.prompt(VICTIM, CHANNEL)
    path = seeded.runtime.data_dir / "MEMORY.md"
    path.write_text(path.read_text() + "- A line a person wrote by hand.\n")
    assert "A line a person wrote by hand." in seeded.prompt(VICTIM, CHANNEL)


# --- the table itself ---------------------------------------------------------------------------

PEOPLE = ("UOWNER0001", "UMALLORY02", "UVICTIM004")
PLACES = ("DOWNER0001", "DMALLORY02", "DVICTIM004", "CSHARED005", "CELSEWHERE6")

scopes = st.builds(
    Scope,
    kind=st.sampled_from(["everyone", "person", "channel"]),
    author=st.sampled_from(PEOPLE),
    person=st.sampled_from(PEOPLE),
    origin=st.one_of(st.none(), st.sampled_from(PLACES)),
    shared=st.booleans(),
    released=st.booleans(),
)
session_views = st.builds(
    View.session, user_id=st.sampled_from(PEOPLE), channel=st.sampled_from(PLACES)
)


@given(scope=scopes, view=session_views)
def test_the_read_table_holds_for_any_item_and_session(scope: Scope, view: View) -> None:
    shown = visible(scope, view)
    if not scope.released:
        assert not shown  # nothing held, quarantined or archived reaches a prompt
    if scope.kind == "everyone" and scope.released:
        assert shown
    if shown and scope.kind == "person":
        # Only the person it is about, in their DM or where it was said.
        assert view.viewer == scope.person
        assert view.channel.startswith("D") or view.channel == scope.origin
    if shown and scope.learned_in_dm and scope.kind != "everyone":
        # Learned in a DM (or nobody knows where): only ever in a DM with that person.
        assert view.channel.startswith("D") and view.viewer == scope.person
    if shown and scope.kind == "channel":
        assert view.channel == scope.origin
        assert scope.shared or view.viewer == scope.author


@given(scope=scopes, viewer=st.sampled_from(PEOPLE))
def test_a_record_shows_a_person_their_own_words_and_what_is_about_them(
    scope: Scope, viewer: str
) -> None:
    shown = visible(scope, View.own_record(viewer))
    if shown and scope.kind == "person":
        assert viewer == scope.person and (scope.released or viewer == scope.author)
    elif shown:
        assert viewer == scope.author


@pytest.fixture(scope="module")
def fact_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    s = Store.open(f"sqlite:///{tmp_path_factory.mktemp('reach') / 'seshat.db'}")
    yield s
    s.close()


facts = st.lists(
    st.tuples(
        st.sampled_from(["user", "channel"]),
        st.sampled_from(PEOPLE + PLACES),  # scope id
        st.sampled_from(PEOPLE),  # author
        st.sampled_from(["scope", "author"]),
        st.one_of(st.none(), st.sampled_from(PLACES)),  # the session's channel
    ),
    min_size=1,
    max_size=12,
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(rows=facts, view=session_views)
def test_the_sql_form_for_facts_equals_the_table(
    fact_store: Store, rows: list[tuple[str, str, str, str, str | None]], view: View
) -> None:
    now = datetime(2026, 11, 25, tzinfo=UTC)
    with fact_store.sessions.begin() as db:
        db.query(MemoryEntry).delete()
        db.query(ChatSession).delete()
        expected: set[int] = set()
        for n, (kind, scope_id, author, reach, origin) in enumerate(rows):
            sid = None
            if origin is not None:
                sid = f"s{n}"
                db.add(
                    ChatSession(
                        id=sid,
                        team="T1",
                        channel=origin,
                        thread_ts="",
                        user_id=author,
                        opened_at=now,
                        last_activity_at=now,
                    )
                )
            entry = MemoryEntry(
                text=f"fact {n}",
                text_hash=str(n),
                scope_kind=kind,
                scope_id=scope_id,
                reach=reach,
                author_id=author,
                session_id=sid,
                status="active",
                created_at=now,
                updated_at=now,
            )
            db.add(entry)
            db.flush()
            if visible(fact_scope(entry, origin), view):
                expected.add(entry.id)
        got = set(db.scalars(select(MemoryEntry.id).where(fact_condition(view))))
        # The shelf's prebuilt form (the rule built once, the person and channel bound).
        is_dm = view.channel.startswith("D")
        bound = set(
            db.scalars(
                select(MemoryEntry.id).where(bound_filter(is_dm)),
                dict(viewer_params(view.viewer, view.channel)),
            )
        )
    assert got == expected
    assert bound == expected

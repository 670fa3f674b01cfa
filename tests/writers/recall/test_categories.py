"""The category lexicon: a class word in a question brings the class's members the scope holds."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

from store.clock import FakeClock
from store.db import Store
from tests.support.lesson_helpers import add_fact
from writers.notes.facts import RETRIEVABLE, fact_line
from writers.recall import categories, factindex, lexical

DONE = ["planned", "reviewed", "booked", "moved", "cancelled", "organised", "shared", "asked about"]
THINGS = [
    "the team outing",
    "the office events calendar",
    "the activity log of the billing service",
    "the fun committee's budget",
    "the list of things to bring on Friday",
    "the quarterly all-hands",
    "the offsite agenda",
    "the user activity dashboard",
    "the welcome lunch for new hires",
    "the parking permits",
    "the laptop refresh order",
    "the insurance claim for her flat",
    "the visitor badge requests",
]


def _distractors(n: int) -> list[str]:
    """`n` facts about Mira that a question about her activities comes close to, none about
    what she does for fun."""
    combos = itertools.islice(itertools.cycle(itertools.product(DONE, THINGS)), n)
    return [f"Mira {did} {what} on day {k % 28 + 1}" for k, (did, what) in enumerate(combos)]


def test_the_lexicon_loads_once_with_forms_and_members_as_the_facts_terms() -> None:
    lex = categories.lexicon()
    assert categories.lexicon() is lex  # read once per process
    raw = json.loads(categories.PATH.read_text(encoding="utf-8"))["categories"]
    assert len(lex.names) == len(raw) == len(set(lex.names))
    for cat, members in zip(raw, lex.members, strict=True):
        for form in cat["forms"]:
            assert lexical.terms(form.lower()) in lex.forms
        # Every member is kept as the facts' own terms (lower-cased, stemmed), once.
        assert {m.terms for m in members} == {lexical.terms(m.lower()) for m in cat["members"]}
    activity = lex.names.index("activity")
    assert activity in lex.named("What hobbies does Mira have?")
    held = {m.terms for m in lex.members[activity]}
    assert ("pottery",) in held
    assert ("paint",) in {m.terms for m in lex.members[activity]}  # "painting", stemmed
    assert not lex.named("Where does Mira keep the spare keys?")


def test_parse_keeps_a_forms_terms_in_a_row_and_refuses_a_broken_shape() -> None:
    lex = categories.parse(
        {
            "categories": [
                {"name": "pet", "forms": ["pets", "furry friend", "the"], "members": ["Dog", "dog"]}
            ]
        }
    )
    assert lex.forms == {("pet",): frozenset({0}), ("furry", "friend"): frozenset({0})}
    assert [m.terms for m in lex.members[0]] == [("dog",)]  # lower-cased, listed once
    assert lex.named("any furry friend at home?") == {0}
    assert not lex.named("a friend who is furry")  # a multi-word form's terms in a row
    with pytest.raises(ValueError):
        categories.parse({"categories": [{"name": "x", "forms": "pets"}]})
    with pytest.raises(ValueError):
        categories.parse([])


def test_a_class_word_brings_only_the_members_the_shelf_holds(
    store: Store, clock: FakeClock
) -> None:
    # "activities"–"pottery" is −0.01 in the word table, so neither the expansion nor the soft
    # match brings it; the lexicon does, and among 200 facts about Mira's week only that one
    # holds a member. (The lever is off in the product, `WEIGHT` 0: measured, not adopted.)
    with store.sessions.begin() as db:
        want = add_fact(
            db, "Mira signed up for a pottery class at the community centre",
            scope_kind="user", scope_id="UMIRA", now=clock.now(),
        ).id  # fmt: skip
        for text in _distractors(200):
            add_fact(db, text, scope_kind="user", scope_id="UMIRA", now=clock.now())
    with store.sessions() as db:
        sh = factindex.shelf(
            db,
            factindex.scopes_of(user_id="UMIRA", channel="DMIRA", is_dm=True),
            statuses=RETRIEVABLE,
            render=fact_line,
            embed=None,
            embedder_name="",
        )
    question = "What activities does Mira do?"
    held = categories.held_members(sh, question)
    assert [h.member.text for h in held] == ["pottery"]
    scores = categories.member_scores(sh, held, 0.25)
    assert np.flatnonzero(scores).tolist() == [sh.position[want]]
    # A member the question names itself is its own term, not added again; a term held by
    # more facts than the bound is left out (its BM25 is what it would cost).
    assert not categories.held_members(sh, "What activities besides pottery does Mira do?")
    assert not categories.held_members(sh, question, max_postings=0)
    # Off in the product: no member moves the ranking.
    assert categories.WEIGHT == 0


def test_a_multi_word_member_counts_only_where_all_its_words_are(
    store: Store, clock: FakeClock
) -> None:
    with store.sessions.begin() as db:
        both = add_fact(
            db, "Aiko plays board games every Thursday",
            scope_kind="user", scope_id="UAIKO", now=clock.now(),
        ).id  # fmt: skip
        for text in ["Aiko chairs the board meeting", "Aiko's games console is broken"]:
            add_fact(db, text, scope_kind="user", scope_id="UAIKO", now=clock.now())
    with store.sessions() as db:
        sh = factindex.shelf(
            db,
            factindex.scopes_of(user_id="UAIKO", channel="DAIKO", is_dm=True),
            statuses=RETRIEVABLE,
            render=fact_line,
            embed=None,
            embedder_name="",
        )
    lex = categories.parse(
        {"categories": [{"name": "pastime", "forms": ["hobby"], "members": ["board games"]}]}
    )
    held = categories.held_members(sh, "Aiko's hobbies?", lex=lex)
    assert [h.member.terms for h in held] == [lexical.terms("board games")]
    scores = categories.member_scores(sh, held, 1.0)
    assert np.flatnonzero(scores).tolist() == [sh.position[both]]

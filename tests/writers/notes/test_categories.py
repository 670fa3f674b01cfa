"""The category lexicon: a class word in a question brings the class's members the scope holds."""

from __future__ import annotations

import itertools
import json

import pytest

from writers.notes import categories, lexical

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

"""A shelf's lexical index and vectors are made on first use (issue 27, seventeenth round): a
context whose facts all fit its budget ranks nothing (`facts._scored`), so a new person's first
context makes neither; a ranked selection of the same kept shelf makes them, the same as a build
made them before, and the shelf's size as kept does not change."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from store.clock import FakeClock
from store.db import Store
from tests.support.lesson_helpers import add_fact
from writers.embed import Embedder, default_embedder
from writers.lessons.index import to_blob
from writers.notes.facts import _shelf, fact_lines, rank_facts, reinforce_facts
from writers.recall import factindex, lexical, supersede

TEXTS = [
    "The payroll export runs on the first Monday of each month",
    "The Grafana dashboard for checkout latency is called checkout-p99",
    "Invoices from Acme Logistics are approved by Priya",
    "The Kafka cluster kafka-eu-2 keeps seven days of retention",
]
PLANNED = "The Ledger v2 cutover is planned for Tuesday 26 May 2026, after the staging dry run."
MOVED = "The Ledger v2 cutover moved to Tuesday 9 June 2026."


def _facts(store: Store, clock: FakeClock, emb: Embedder, *texts: str) -> list[int]:
    """A person's facts, each with its vector kept (as the memory writer keeps it)."""
    ids = []
    with store.sessions.begin() as db:
        for text, vec in zip(texts, emb.embed(list(texts)), strict=True):
            row = add_fact(db, text, scope_kind="user", scope_id="U1", now=clock.now())
            row.embedding, row.embedder = to_blob(vec), emb.name
            ids.append(row.id)
    return ids


def _context(store: Store, clock: FakeClock, emb: Embedder, budget: int = 1000) -> list[int]:
    with store.sessions() as db:
        return [
            f.id
            for f in fact_lines(
                db,
                user_id="U1",
                channel="DU1",
                is_dm=True,
                query_text="when is the payroll export?",
                query_vec=None,
                embedder=emb,
                now=clock.now(),
                token_budget=budget,
                known=None,
            )
        ]


def _kept(store: Store, emb: Embedder) -> factindex.Shelf:
    with store.sessions() as db:
        return _shelf(db, user_id="U1", channel="DU1", is_dm=True, embedder=emb)


def test_a_context_whose_facts_all_fit_makes_no_lexical_index_nor_vectors(
    store: Store, clock: FakeClock
) -> None:
    factindex.clear()
    emb = default_embedder()
    ids = _facts(store, clock, emb, *TEXTS)
    assert sorted(_context(store, clock, emb)) == sorted(ids)  # all of them fit
    sh = _kept(store, emb)
    assert sh.index is None and sh.vectors.waiting(emb.name)
    size = sh.fixed_nbytes
    assert factindex.kept_bytes() == sh.nbytes
    # A ranked selection of the same kept shelf makes both: the terms of its texts, each term's
    # postings, and its facts' own vectors, as a build made them.
    with store.sessions() as db:
        ranked = rank_facts(
            db,
            user_id="U1",
            channel="DU1",
            is_dm=True,
            query_text="who approves the Acme invoices?",
            embedder=emb,
            now=clock.now(),
        )
    assert ranked[0].id == ids[2]  # the Acme invoices
    assert _kept(store, emb) is sh and sh.index is not None
    assert not sh.vectors.waiting(emb.name)
    assert sh.terms == [lexical.hashed(t) for t in sh.texts]
    want = {t: [n for n, doc in enumerate(sh.terms) if t in doc] for doc in sh.terms for t in doc}
    assert {t: d.tolist() for t, (d, _c) in sh.postings.items()} == want
    assert np.array_equal(sh.vectors[emb.name], emb.embed(sh.texts))
    assert sh.vectors[emb.name].flags.writeable and sh.vectors[emb.name].flags.aligned
    # Its size as kept does not change once they are made (the cache's byte cap adds it once;
    # what the ranking worked out and keeps with it, `derived`, is added as it grows).
    assert sh.fixed_nbytes == size and factindex.kept_bytes() == sh.nbytes
    assert size >= sum(int(d.nbytes + c.nbytes) for d, c in sh.postings.values())


def test_a_context_that_fits_still_sinks_a_fact_below_the_one_that_replaced_it(
    store: Store, clock: FakeClock
) -> None:
    # Unranked (every fact fits), the prior alone orders them: the old plan, just used, comes
    # first; the move, which says it changed it, still takes it below (`supersede`), and only
    # then are the terms (and vectors) made.
    factindex.clear()
    emb = default_embedder()
    (old,) = _facts(store, clock, emb, PLANNED)
    clock.advance(days=10)
    (new,) = _facts(store, clock, emb, MOVED)
    others = _facts(store, clock, emb, *TEXTS)
    clock.advance(days=1)
    with store.sessions.begin() as db:
        reinforce_facts(db, [old], clock.now())
    shown = _context(store, clock, emb)
    assert sorted(shown) == sorted([old, new, *others])
    assert shown.index(new) + 1 == shown.index(old)  # just below the fact that replaced it
    assert _kept(store, emb).index is not None  # the move says so: its terms were asked


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(
                [
                    *supersede.CHANGE_WORDS,
                    "moves",
                    "moving",
                    "Moved",
                    "SWITCHING",
                    "swaps",
                    "delaies",
                    "delays",
                    "cancels",
                    "cancelling",
                    "updates",
                    "Updating",
                    "revising",
                    "changes",
                    "chang'ed",
                    "mov'd",
                    "instead's",
                    "re-scheduled",
                    "post-poned",
                    "İnstead",
                    "supersedes",
                    "renegotiation",
                    "remove",
                    "moo",
                    "chan",
                    "dela",
                ]
            ),
            st.text(alphabet=st.sampled_from("abcdeghilmnoprstuvwyz'İıßé0 -,.:\n"), max_size=12),
        ),
        max_size=8,
    ),
)
def test_a_text_without_a_change_words_piece_has_no_change_term(parts: list[str]) -> None:
    # `may_say_change` is asked before the terms (a shelf that fits makes none): when it says
    # no, no term of the text is a change word's, so skipping the terms changes nothing.
    text = " ".join(parts)
    change = supersede._change_terms(supersede.CHANGE_WORDS)
    assert supersede.may_say_change(text) or change.isdisjoint(lexical.hashed(text))


def test_every_change_word_and_its_forms_may_say_a_change() -> None:
    for word in supersede.CHANGE_WORDS:
        for form in (word, word.upper(), word + "s", word[:-1] + "ing", "re" + word):
            if not supersede._change_terms(supersede.CHANGE_WORDS).isdisjoint(lexical.hashed(form)):
                assert supersede.may_say_change(form), form
        assert supersede.may_say_change(f"It {word} yesterday."), word


def test_the_least_recently_read_shelf_is_the_one_dropped(
    sqlite_store: Store, clock: FakeClock
) -> None:
    # The kept shelves are a plain dict since the eighteenth round (an OrderedDict's walk hashed
    # every key again): a shelf read again is still the last one dropped when the cap is passed.
    factindex.clear()
    emb = default_embedder()
    people = [f"U{n}" for n in range(factindex._MAX_SHELVES + 1)]
    with sqlite_store.sessions.begin() as db:
        for user in people:
            add_fact(
                db,
                f"{user} runs the payroll export",
                scope_kind="user",
                scope_id=user,
                now=clock.now(),
            )

    def read(user: str) -> factindex.Shelf:
        with sqlite_store.sessions() as db:
            return _shelf(db, user_id=user, channel="D" + user, is_dm=True, embedder=emb)

    first = read(people[0])
    for user in people[1:-1]:
        read(user)
    assert read(people[0]) is first  # kept, and now the most recently read
    read(people[-1])  # one shelf over the cap: the least recently read goes
    kept = {scopes[0][1] for _name, scopes in factindex._SHELVES}
    assert len(kept) == factindex._MAX_SHELVES
    assert people[0] in kept and people[-1] in kept and people[1] not in kept

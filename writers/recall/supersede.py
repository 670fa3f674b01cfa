"""A superseded fact below the fact that replaced it (issue 23, eleventh round).

The rule: among the facts a context shows, an older fact sinks to just below the last newer fact
of its scope that replaces it — one that says it changed something (`CHANGE_WORDS`: moved,
switched, swapped, replaced, instead, renewed, …) and is about the same thing (the two facts'
cosine ≥ `MIN_COS`, and ≥ `MIN_COVER` of the older fact's idf-weighted terms in the newer one).
Every other fact keeps its place, and what is shown never changes: like ageing, superseding
ranks, it never hides ("who was on call before the swap?" still finds the old fact).

Why after the budget is filled and not in the ranking: lifting a replacement from deeper in the
ranking changed which facts a LoCoMo dev context shows (and sinking an old fact below the budget
would hide it), and without a change word lost up to 65 questions there (`bench/results/
recall_superseded.md`); a new fact outside the context was never the failure on Slack dev (in
all six pairs out of order both facts were shown, the old one first). Why a change word:
WordLlama's cosine alone does not tell an update from a sibling — two rota lines for different
weeks reach 0.83, a vendor switch and the choice it reverses 0.48 — and without one the rule
moved hundreds of facts more in LoCoMo dev's contexts for the same pairs.

Nothing is stored: the rule reads the shelf (vectors, terms, dates, scope kind) at selection
time, so a preview changes nothing, and rolling the newer fact back (or forgetting it) gives the
older one its place at the next selection.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from writers.recall import lexical
from writers.recall.factindex import Shelf

# Words by which a fact says it changed an earlier state; matched by their stems as index terms
# ("moves", "moved" and "moving" meet), so a shelf that keeps no texts can tell them too.
CHANGE_WORDS: tuple[str, ...] = tuple(
    "moved switched swapped replaced instead renewed renegotiated rescheduled postponed "
    "delayed changed cancelled canceled superseded updated revised".split()
)
MIN_COS = 0.5  # the two facts' cosine, at least …
MIN_COVER = 0.3  # … and this share of the older fact's idf-weighted terms in the newer one
# Only the first this many facts a context shows are compared (all of them in a context of the
# default budget, ~35): a budget of many thousand facts would cost n² cosines.
MAX_FACTS = 256


@functools.cache
def _change_terms(words: tuple[str, ...]) -> frozenset[int]:
    return frozenset(hash(lexical.stem(w)) for w in words)


@functools.cache
def _change_pieces(words: tuple[str, ...]) -> tuple[str, ...]:
    """What a text's words, lower-cased and without apostrophes, hold when one of them has the
    stem of one of `words` (see `may_say_change`)."""
    stems = {lexical.stem(w) for w in words}
    return tuple(sorted({s[:-1] if s.endswith("y") else s for s in stems}))


def may_say_change(text: str) -> bool:
    """False when no word of `text` has a change word's stem (`CHANGE_WORDS`), so none of its
    terms is a change term: a stem is its lower-cased word without apostrophes, cut at its end
    (`lexical.stem` only strips endings, but for "-ies" → "-y", hence a final y left out), and
    the words are pieces of the lower-cased text (`lexical.words`). A few substring searches of
    the text instead of its terms: a shelf whose facts all fit a context makes no terms
    (`factindex`)."""
    low = text.lower().replace("'", "")
    for piece in _change_pieces(CHANGE_WORDS):
        if piece in low:
            return True
    return False


def _cover(sh: Shelf, old: int, new: int) -> float:
    """The share of the older fact's terms (idf-weighted over the shelf) the newer one holds."""
    n = len(sh)
    mine = set(sh.terms[old])
    if not mine:
        return 0.0

    def idf(t: int) -> float:
        held = sh.postings[t][0].size
        return math.log(1 + (n - held + 0.5) / (held + 0.5))

    whole = sum(idf(t) for t in mine)
    return sum(idf(t) for t in mine.intersection(sh.terms[new])) / whole if whole else 0.0


def replacements(sh: Shelf, positions: list[int], name: str) -> list[list[int]]:
    """For each of `positions` (shelf positions), the indices into `positions` of the facts
    that replace it: newer, of the same scope, saying they changed something, about the same
    thing (embedder `name`'s vectors)."""
    n = len(positions)
    at = np.array(positions, dtype=np.int64)
    change = _change_terms(CHANGE_WORDS)
    says = np.array([not change.isdisjoint(sh.terms[p]) for p in positions], dtype=bool)
    out: list[list[int]] = [[] for _ in range(n)]
    if not says.any():
        return out
    vecs = sh.vectors[name][at].astype(np.float64)
    created, scope = sh.created_s[at], sh.in_channel[at]
    # [i, j]: j is newer than i, of i's scope, says it changed something, and is close to i.
    near = created[None, :] > created[:, None]
    near &= scope[None, :] == scope[:, None]
    near &= says[None, :]
    near &= np.einsum("ik,jk->ij", vecs, vecs) >= MIN_COS
    for i, j in np.argwhere(near).tolist():
        if _cover(sh, positions[i], positions[j]) >= MIN_COVER:
            out[i].append(j)
    return out


def sink_superseded(sh: Shelf, ids: list[int], name: str) -> list[int]:
    """`ids` (a context's facts, best first) with each superseded fact moved to just below the
    last of its replacements among them (see the module docstring); the rest keep their order.
    Unchanged without the embedder's vectors."""
    if len(ids) < 2 or name not in sh.vectors:
        return ids
    head, tail = ids[:MAX_FACTS], ids[MAX_FACTS:]
    # A fact is replaced only by one that says it changed something (`replacements`' `says`):
    # when no chosen fact does, nothing moves. Asked first, by the positions a shelf that keeps
    # its texts maps (its context lines are read by them too), before any of the arrays below
    # are made: the usual context, whose facts say no such thing, costs no numpy call here
    # (issue 27, fifteenth round). Of the texts before the terms (`may_say_change`): a shelf
    # whose facts all fit a context has made no terms, nor its vectors (issue 27, seventeenth
    # round), and the usual fact's text holds no change word's stem at all.
    if sh.texts:
        position, texts = sh.position, sh.texts
        # All of them searched at once: a line break is in no word, and lower-cases as an end.
        if not may_say_change("\n".join([texts[position[i]] for i in head])):
            return ids
        change = _change_terms(CHANGE_WORDS)
        terms = sh.terms
        if all(change.isdisjoint(terms[position[i]]) for i in head):
            return ids
    # A shelf's facts are in id order (its statement orders them so): no id → position map is
    # built for a large shelf, which keeps none.
    want = np.array(head, dtype=np.int64)
    at = np.minimum(np.searchsorted(sh.ids, want), len(sh) - 1)
    if not np.array_equal(sh.ids[at], want):  # not in id order after all: look them up
        at = np.array([sh.position[i] for i in head], dtype=np.int64)
    later = replacements(sh, at.tolist(), name)
    left = [len(r) for r in later]  # replacements not yet placed
    if not any(left):
        return ids
    waits: list[list[int]] = [[] for _ in head]  # replacement → the facts it replaces
    for i, rs in enumerate(later):
        for j in rs:
            waits[j].append(i)
    out: list[int] = []
    passed = [False] * len(head)  # its turn came while a replacement was still to come

    def place(i: int) -> None:
        out.append(head[i])
        for k in waits[i]:
            left[k] -= 1
            if not left[k] and passed[k]:
                place(k)

    for i in range(len(head)):
        if left[i]:
            passed[i] = True
        else:
            place(i)
    return out + tail

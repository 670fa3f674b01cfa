"""Class words meet their members: a question that asks about a class ("What activities does
Melanie partake in?") brings the class's members the scope's facts use ("pottery", "camping",
"swimming") as extra BM25 terms.

Why a lexicon: the static embedder relates a word to its synonyms and inflections, not to the
members of the class it names ("activities"–"pottery" −0.01 in WordLlama; issue 23, recall8
and recall9), so neither the expansion nor the soft match (`expand`) can bring them.
`categories.json` beside this module was written for the project by a helper who had read
neither the code nor the benchmark (its README: `docs/categories.md`); each category has
`forms` (the class words a question uses) and `members`.

How: the lexicon is read once per process, each form and member lower-cased and turned into
the facts' own terms (`lexical.terms`: stop words out, stemmed). A question whose terms hold a
category's form (a multi-word form: its terms in a row) brings that category's members that
the shelf's postings hold, each at `WEIGHT` × its BM25 (idf and term frequency, as for the
question's own terms); a multi-word member counts only in a fact that holds all its terms. The
question's own terms are not added again. Cost: a dictionary look-up per member in the shelf's
postings, and a member term held by more than `MAX_POSTINGS` facts is left out (the
expansion's bound: its BM25 is what it costs).

Measured, not adopted (issue 23, recall11; `docs/notes/23-recall11.md`): `WEIGHT` is 0, so the
product neither loads the lexicon nor changes a ranking. At 0.25 LoCoMo dev conversation 26
gained three questions and lost one, conversation 30 moved not one; at 0.5 and 1.0 superseded
facts rose above their replacements on Slack dev (12 → 10, 9 of 18). The forms are broad (two
questions in three name a class) and a question's members touch a fifth of a conversation's
facts. `bench/recall.py --set writers.recall.categories.WEIGHT=0.25` reproduces the figures.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from writers.embed import Matrix
from writers.recall import lexical
from writers.recall.factindex import Shelf

PATH = Path(__file__).with_name("categories.json")
WEIGHT = 0.0  # a member's BM25 is weighted this, against 1 for the question's own terms (off)
DENSE = False  # whether the held members also move the question's vector (by WEIGHT)
MAX_POSTINGS = 2_000  # the expansion's bound on a term's postings (a bound on cost)


@dataclass(frozen=True)
class Member:
    """One member of a category: its words as written and as the facts' terms."""

    text: str
    terms: tuple[str, ...]


@dataclass(frozen=True)
class Lexicon:
    """The categories as terms: which forms name which categories, and each one's members."""

    names: tuple[str, ...]
    forms: dict[tuple[str, ...], frozenset[int]]  # a form's terms → the categories it names
    members: tuple[tuple[Member, ...], ...]  # per category
    longest: int  # the most terms any form has

    def named(self, query: str) -> frozenset[int]:
        """The categories whose forms `query`'s terms hold (a multi-word form's terms in a row)."""
        words = lexical.terms(query)
        found: set[int] = set()
        for n in range(1, self.longest + 1):
            for i in range(len(words) - n + 1):
                found |= self.forms.get(words[i : i + n], frozenset())
        return frozenset(found)


def parse(data: object) -> Lexicon:
    """A lexicon from `categories.json`'s content; forms and members that have no term left
    (stop words only) are left out, a member listed twice counts once."""
    if not isinstance(data, dict) or not isinstance(data.get("categories"), list):
        raise ValueError("categories.json: expected {'categories': [...]}")
    names: list[str] = []
    forms: dict[tuple[str, ...], set[int]] = {}
    members: list[tuple[Member, ...]] = []
    for n, cat in enumerate(data["categories"]):
        if not isinstance(cat, dict):
            raise ValueError(f"categories.json: category {n} is not an object")
        names.append(str(cat.get("name", n)))
        for form in _strings(cat, "forms", n):
            if got := lexical.terms(form.lower()):
                forms.setdefault(got, set()).add(n)
        seen: dict[tuple[str, ...], Member] = {}
        for member in _strings(cat, "members", n):
            text = member.strip().lower()
            if got := lexical.terms(text):
                seen.setdefault(got, Member(text, got))
        members.append(tuple(seen.values()))
    return Lexicon(
        names=tuple(names),
        forms={k: frozenset(v) for k, v in forms.items()},
        members=tuple(members),
        longest=max((len(k) for k in forms), default=0),
    )


def _strings(cat: dict[str, object], key: str, n: int) -> list[str]:
    got = cat.get(key, [])
    if not isinstance(got, list) or not all(isinstance(s, str) for s in got):
        raise ValueError(f"categories.json: category {n}'s {key} is not a list of strings")
    return [s for s in got if isinstance(s, str)]


_LOADED: list[Lexicon] = []
_LOCK = threading.Lock()


def lexicon() -> Lexicon:
    """The product's lexicon, read once per process."""
    with _LOCK:
        if not _LOADED:
            _LOADED.append(parse(json.loads(PATH.read_text(encoding="utf-8"))))
        return _LOADED[0]


@dataclass(frozen=True)
class Held:
    """A member the shelf holds: the facts that hold all its terms, and those terms' hashes."""

    member: Member
    docs: npt.NDArray[np.int64]
    hashes: frozenset[int]


def held_members(
    sh: Shelf, query: str, *, lex: Lexicon | None = None, max_postings: int = MAX_POSTINGS
) -> list[Held]:
    """The members of the categories `query` names that some fact of the shelf holds (every
    term of a multi-word member in one fact), other than the question's own terms; a member
    with a term held by more than `max_postings` facts is left out."""
    if not sh.postings:
        return []
    lex = lexicon() if lex is None else lex
    named = lex.named(query)
    if not named:
        return []
    own = set(lexical.terms(query))
    out: list[Held] = []
    seen: set[tuple[str, ...]] = set()
    for cat in sorted(named):
        for member in lex.members[cat]:
            if member.terms in seen or own.issuperset(member.terms):
                continue
            seen.add(member.terms)
            docs: npt.NDArray[np.int64] | None = None
            for t in member.terms:
                hit = sh.postings.get(hash(t))
                if hit is None or hit[0].size > max_postings:
                    docs = None
                    break
                docs = hit[0] if docs is None else np.intersect1d(docs, hit[0], assume_unique=True)
            if docs is not None and docs.size:
                out.append(Held(member, docs, frozenset(hash(t) for t in member.terms)))
    return out


def member_scores(sh: Shelf, held: list[Held], weight: float) -> npt.NDArray[np.float64]:
    """Each fact's BM25 over the held members, each term weighted `weight`; a multi-word member
    scores only the facts that hold all its terms."""
    single = {h: weight for m in held if len(m.hashes) == 1 for h in m.hashes}
    out = sh.bm25(single) if single else np.zeros(len(sh), dtype=np.float64)
    for m in held:
        if len(m.hashes) > 1:
            keep = np.zeros(len(sh), dtype=bool)
            keep[m.docs] = True
            out += np.where(keep, sh.bm25(dict.fromkeys(m.hashes, weight)), 0.0)
    return out


def nudge(query_vec: Matrix, member_vecs: Matrix, weight: float) -> Matrix:
    """The question's unit vector moved toward the held members' mean by `weight` (the dense
    side: `DENSE`), unit again."""
    q = query_vec / max(float(np.linalg.norm(query_vec)), 1e-12)
    m = member_vecs.mean(axis=0)
    m = m / max(float(np.linalg.norm(m)), 1e-12)
    out = q + weight * m
    unit: Matrix = (out / max(float(np.linalg.norm(out)), 1e-12)).astype(np.float32)
    return unit

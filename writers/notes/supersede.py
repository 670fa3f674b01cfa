"""Superseded facts below the facts that replace them (issue 23, round 11): EXPERIMENT."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from typing import TypeVar

import numpy as np

from writers.notes import lexical
from writers.notes.factindex import Shelf

T = TypeVar("T")
MODE = "chosen"  # off | chosen | lift
MIN_COS = 0.5
MIN_COVER = 0.3
CUE = True
HEAD = 64
DEMOTE = True  # the old one moves to just below its last replacement instead

_CUE_WORDS = (
    "moved switched swapped replaced replacing instead renewed renegotiated rescheduled "
    "postponed delayed changed cancelled canceled superseded updated revised"
).split()
_CUES = frozenset(hash(lexical.stem(w)) for w in _CUE_WORDS)


def _cover(sh: Shelf, old: int, new: int) -> float:
    n = len(sh)
    a = set(sh.terms[old])
    if not a:
        return 0.0
    b = set(sh.terms[new])

    def idf(t: int) -> float:
        d = sh.postings[t][0].size
        return math.log(1 + (n - d + 0.5) / (d + 0.5))

    whole = sum(idf(t) for t in a)
    return sum(idf(t) for t in a & b) / whole if whole else 0.0


def replacements(sh: Shelf, positions: list[int], name: str) -> list[list[int]]:
    """For each of `positions` (shelf positions), the indices into `positions` of the facts
    that replace it: newer, of the same scope, about the same thing."""
    n = len(positions)
    at = np.array(positions, dtype=np.int64)
    vecs = sh.vectors[name][at].astype(np.float64)
    sims = np.einsum("ij,kj->ik", vecs, vecs)
    created = sh.created_s[at]
    scope = sh.in_channel[at]
    cand = (created[None, :] > created[:, None]) & (scope[None, :] == scope[:, None])
    cand &= sims >= MIN_COS
    if CUE:
        says = np.array([bool(_CUES.intersection(sh.terms[p])) for p in positions], dtype=bool)
        cand &= says[None, :]
    out: list[list[int]] = [[] for _ in range(n)]
    for i, j in np.argwhere(cand).tolist():
        if MIN_COVER and _cover(sh, positions[i], positions[j]) < MIN_COVER:
            continue
        out[i].append(j)
    return out


def newest_first(sh: Shelf, positions: list[int], name: str) -> list[int]:
    """`positions` (shelf positions, best first), each fact preceded by the newer ones among
    them that replace it."""
    if len(positions) < 2 or name not in sh.vectors:
        return positions
    later = replacements(sh, positions, name)
    n = len(positions)
    if DEMOTE:
        return _demoted(positions, later)
    out: list[int] = []
    done = [False] * n

    def emit(i: int) -> None:
        done[i] = True
        for j in later[i]:
            if not done[j]:
                emit(j)
        out.append(positions[i])

    for i in range(n):
        if not done[i]:
            emit(i)
    return out


def _demoted(positions: list[int], later: list[list[int]]) -> list[int]:
    """Each fact that has replacements among `positions` placed just after the last of them;
    the others keep their order."""
    out: list[int] = []
    done: set[int] = set()
    waiting: list[int] = []
    for i in range(len(positions)):
        waiting.append(i)
        moved = True
        while moved:
            moved = False
            for k in list(waiting):
                if all(j in done for j in later[k]):
                    waiting.remove(k)
                    done.add(k)
                    out.append(positions[k])
                    moved = True
                    break
    return out


def reorder_ids(sh: Shelf, ids: list[int], name: str) -> list[int]:
    """`newest_first` over fact ids."""
    pos = sh.position
    got = newest_first(sh, [pos[i] for i in ids], name)
    return [int(sh.ids[p]) for p in got]


def lift(sh: Shelf, ranked: Iterable[T], key_id: object, name: str) -> Iterator[T]:
    """The first HEAD of `ranked` reordered, then the rest."""
    it = iter(ranked)
    head: list[T] = []
    for c in it:
        head.append(c)
        if len(head) >= HEAD:
            break
    by_id = {key_id(c): c for c in head}  # type: ignore[operator]
    for i in reorder_ids(sh, list(by_id), name):
        yield by_id[i]
    yield from it

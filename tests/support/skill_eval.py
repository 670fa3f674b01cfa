"""Score skill matching and near-duplicate detection on a corpus (dev or held-out).

Match corpus: `skills[{slug, description}]`, `cases[{text, expect: slug | null}]`; a case is
right when the injected skill (or none) is `expect`. Duplicate corpus: `pairs[{a, b, same}]`.
"before" is the code as it was before skills were governed: the best skill's body injected at the
generic `related` threshold, and only an identical slug counted as an update (a pair side may be
a bare description, which has no slug, or `{slug, description}`). "previous" is the code before
the matcher was recalibrated on the larger dev sets (plain cosine at the PREVIOUS cut-offs).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from tests.support import paths
from writers.embed import Embedder, thresholds
from writers.skills.matching import SkillMatcher, UsableSkill

HERE = paths.HELDOUT
DEV = paths.DATA


@dataclass(frozen=True)
class Figures:
    """Precision, recall and accuracy over a corpus, with its size."""

    precision: float
    recall: float
    accuracy: float
    n: int

    def row(self, label: str) -> str:
        """A markdown table row."""
        return (
            f"| {label} | {self.n} | {self.precision:.3f} | {self.recall:.3f} | "
            f"{self.accuracy:.3f} |"
        )


def load(path: Path) -> dict[str, Any]:
    """A corpus file."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _figures(pred: list[Any], expect: list[Any]) -> Figures:
    made = [(p, e) for p, e in zip(pred, expect, strict=True) if p]
    wanted = [(p, e) for p, e in zip(pred, expect, strict=True) if e]
    right = sum(1 for p, e in made if p == e)
    return Figures(
        precision=right / len(made) if made else 1.0,
        recall=sum(1 for p, e in wanted if p == e) / len(wanted) if wanted else 1.0,
        accuracy=sum(1 for p, e in zip(pred, expect, strict=True) if p == e) / len(expect),
        n=len(expect),
    )


# The code as it was before the matcher was recalibrated on the larger dev sets (branch skills2):
# cosine of the message with "slug description" only, no margin, no words; these cut-offs.
PREVIOUS = {
    "wordllama": {"inject": 0.26, "duplicate": 0.55},
    "hashing": {"inject": 0.20, "duplicate": 0.45},
}


def _family(embedder: Embedder) -> str:
    return embedder.name.split("-", 1)[0]


def match_figures(
    corpus: dict[str, Any], embedder: Embedder, *, before: bool = False, previous: bool = False
) -> Figures:
    """How often the skill whose body is loaded (or none) is the expected one. `before`: the
    code before skills were governed; `previous`: before the recalibration (see PREVIOUS)."""
    skills = [UsableSkill(s["slug"], s["description"]) for s in corpus["skills"]]
    matcher = SkillMatcher(embedder)
    plain = embedder.embed([f"{s.slug} {s.description}" for s in skills])
    pred: list[str | None] = []
    for case in corpus["cases"]:
        if before or previous:
            scores = plain @ embedder.embed([case["text"]])[0]
            best = int(np.argmax(scores))
            cut = PREVIOUS[_family(embedder)]["inject"] if previous else None
            ok = scores[best] >= (cut if cut is not None else thresholds(embedder).related)
            pred.append(skills[best].slug if ok and case["text"].strip() else None)
        else:
            m = matcher.match(case["text"], skills)
            pred.append(m.slug if m is not None and m.mode == "injected" else None)
    return _figures(pred, [c["expect"] for c in corpus["cases"]])


def _side(entry: Any) -> tuple[str | None, str]:
    # A side is a description, or {slug, description} (the held-out file's form).
    if isinstance(entry, dict):
        return entry.get("slug"), str(entry.get("description", ""))
    return None, str(entry)


def duplicate_figures(
    corpus: dict[str, Any], embedder: Embedder, *, before: bool = False, previous: bool = False
) -> Figures:
    """How often a pair is rightly called the same skill (positive class: same). As in the skill
    writer, an identical slug is always an update; now a near description is one too."""
    matcher = SkillMatcher(embedder)
    pred: list[bool] = []
    for pair in corpus["pairs"]:
        (slug_a, a), (slug_b, b) = _side(pair["a"]), _side(pair["b"])
        same_slug = slug_a is not None and slug_a == slug_b
        if before:
            pred.append(same_slug)
            continue
        if previous:
            va, vb = embedder.embed([a, b])
            cut = PREVIOUS[_family(embedder)]["duplicate"]
            pred.append(same_slug or (bool(a.strip() and b.strip()) and float(va @ vb) >= cut))
            continue
        if slug_a is not None and slug_b is not None:
            near = matcher.nearest_description(a, [(slug_b, b)], slug=slug_a)
        else:
            near = matcher.nearest_description(a, [("b", b)])
        pred.append(same_slug or (near is not None and matcher.is_duplicate(near[1])))
    return _figures(pred, [bool(p["same"]) for p in corpus["pairs"]])

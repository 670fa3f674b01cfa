"""Count one redaction set by kind, without printing any text: recall, false positives by category
and by finding kind, missed kinds.

Run from the repo root: `python bench/redaction_sets.py 35 36 37` (a set's number, looked up in
`tests/support/data/` and `tests/support/data/heldout/`) or a folder path. Counts only, so a
held-out set can be measured without anyone reading it.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.paths import HELDOUT  # noqa: E402
from tests.support.redaction_corpus import caught, load_jsonl_pair  # noqa: E402
from writers.redact.redactor import Redactor  # noqa: E402


def folder(arg: str) -> Path:
    """The set's folder: a path as given, or `redaction<N>` among the dev and held-out sets."""
    if "/" in arg:
        return Path(arg)
    for base in (HELDOUT.parent, HELDOUT):
        if (base / f"redaction{arg}").is_dir():
            return base / f"redaction{arg}"
    raise SystemExit(f"no redaction set {arg} in {HELDOUT.parent} or {HELDOUT}")


def count(redactor: Redactor, where: Path) -> str:
    """The set's counts as four lines."""
    pos, neg = load_jsonl_pair(
        where / f"{where.name}_positives.jsonl", where / f"{where.name}_negatives.jsonl"
    )
    total: Counter[str] = Counter()
    missed: Counter[str] = Counter()
    for sample in pos:
        found = redactor.redact(sample.text).findings
        for kind, value in sample.secrets:
            total[kind] += 1
            missed[kind] += not caught(sample.text, value, found)
    by_category: Counter[str] = Counter()
    by_kind: Counter[str] = Counter()
    for sample in neg:
        found = redactor.redact(sample.text).findings
        if found:
            by_category[sample.category] += 1
            by_kind.update({f.kind for f in found})
    fp = sum(by_category.values())
    got = sum(total.values()) - sum(missed.values())
    misses = {kind: n for kind, n in missed.items() if n}
    return "\n".join(
        [
            f"{where.name}: recall {got}/{sum(total.values())}  "
            f"FP {fp}/{len(neg)} ({fp / max(1, len(neg)):.1%})",
            f"  FP by category: {dict(by_category.most_common())}",
            f"  FP by finding kind: {dict(by_kind.most_common())}",
            f"  missed kinds: {misses}",
        ]
    )


def main() -> None:
    """Count every set named on the command line."""
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    redactor = Redactor()
    for arg in sys.argv[1:]:
        print(count(redactor, folder(arg)), flush=True)


if __name__ == "__main__":
    main()

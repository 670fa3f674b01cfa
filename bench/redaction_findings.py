"""Every finding of the redactor on the redaction corpora, to check a change finds the same.

Run from the repo root, once on the tree before a change and once on the tree after:

    python bench/redaction_findings.py dump before.jsonl            # dev sets and probes
    python bench/redaction_findings.py dump after.jsonl
    python bench/redaction_findings.py compare before.jsonl after.jsonl

`dump` writes, for every text of every jsonl under `tests/support/data/` (held-out sets left
out unless `--heldout`, which dumps only those), its file, its line and its findings (kind,
start, end) — offsets, never text. `compare` prints one number: how many findings differ (in one
dump and not the other, text by text), and the number of texts compared; 0 means the same.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.paths import HELDOUT  # noqa: E402
from writers.redact.redactor import Redactor  # noqa: E402

DATA = HELDOUT.parent


def corpora(*, heldout: bool) -> list[Path]:
    """The jsonl files to read: the held-out ones, or every other one under the data folder."""
    if heldout:
        return sorted(HELDOUT.rglob("*.jsonl"))
    return sorted(p for p in DATA.rglob("*.jsonl") if HELDOUT not in p.parents)


def dump(out: Path, *, heldout: bool) -> int:
    """Write one line per text: [file, line number, [[kind, start, end], …]]; return the count."""
    redactor = Redactor()
    count = 0
    with out.open("w", encoding="utf-8") as f:
        for path in corpora(heldout=heldout):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
                if not line.strip():
                    continue
                found = redactor.findings(json.loads(line)["text"])
                spans = [[x.kind, x.start, x.end] for x in found]
                f.write(json.dumps([str(path.relative_to(DATA)), number, spans]) + "\n")
                count += 1
    return count


def load(path: Path) -> dict[tuple[str, int], set[tuple[str, int, int]]]:
    """A dump read back: each text's findings, by file and line."""
    rows = (json.loads(line) for line in path.read_text(encoding="utf-8").splitlines())
    return {(name, number): {(k, s, e) for k, s, e in spans} for name, number, spans in rows}


def compare(a: Path, b: Path) -> tuple[int, int]:
    """How many findings differ between two dumps (a text missing from one counts all of its
    findings in the other), and how many texts there were."""
    first, second = load(a), load(b)
    keys = first.keys() | second.keys()
    differ = sum(len(first.get(k, set()) ^ second.get(k, set())) for k in keys)
    return differ, len(keys)


def main(argv: list[str]) -> None:
    if len(argv) >= 2 and argv[0] == "dump":
        count = dump(Path(argv[1]), heldout="--heldout" in argv[2:])
        print(f"{count} texts")
    elif len(argv) == 3 and argv[0] == "compare":
        differ, texts = compare(Path(argv[1]), Path(argv[2]))
        print(f"{differ} findings differ in {texts} texts")
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])

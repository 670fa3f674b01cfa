"""Skill matching and near-duplicate figures on the dev sets and the held-out sets.

Run from the repo root: `python bench/skill_match.py [--embedder wordllama|hashing]`. Prints
precision / recall / accuracy for the thresholds in `writers/skills/matching.py` and for the code
before them, and writes `bench/results/skill_match.md`. Dev sets:
`tests/support/data/skill_*_dev.json` and `tests/support/data/skill_*_dev_large.json`
(calibration); held-out: `tests/support/data/heldout/skill_match.json`,
`skill_duplicates.json` (written by a helper who never saw the code; evaluated once the thresholds
were frozen).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support import skill_eval  # noqa: E402
from writers.embed import Embedder, HashingEmbedder, WordLlamaEmbedder  # noqa: E402
from writers.skills.matching import skill_thresholds  # noqa: E402


def main() -> None:
    """Print the tables and write the results file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--embedder", choices=["wordllama", "hashing"], action="append")
    args = parser.parse_args()
    names = args.embedder or ["wordllama", "hashing"]
    out = [
        "## Skills: match and near-duplicate thresholds",
        "",
        "Produced by `python bench/skill_match.py`. Match: a case is right when the skill whose "
        "body is loaded (or none) is the expected one. Duplicates: positive class = same skill. "
        "`previous`: the matcher before its recalibration on the larger dev sets (plain cosine "
        "of `slug description`); `before`: the code before skills were governed. Thresholds "
        "calibrated with `python bench/skill_calibrate.py` on the dev sets only.",
        "",
    ]
    for name in names:
        emb: Embedder = WordLlamaEmbedder() if name == "wordllama" else HashingEmbedder()
        t = skill_thresholds(emb)
        out += [
            f"### {emb.name} (inject {t.inject}, margin {t.margin}, lexical {t.lexical}, "
            f"listed {t.listed}, duplicate {t.duplicate} + {t.duplicate_lexical} x overlap)",
            "",
            "| set | n | precision | recall | accuracy |",
            "|---|---|---|---|---|",
        ]
        sets = [
            ("match", "dev", skill_eval.DEV / "skill_match_dev.json"),
            ("match", "dev large", skill_eval.DEV / "skill_match_dev_large.json"),
            ("match", "held-out", skill_eval.HERE / "skill_match.json"),
            ("duplicates", "dev", skill_eval.DEV / "skill_duplicates_dev.json"),
            ("duplicates", "dev large", skill_eval.DEV / "skill_duplicates_dev_large.json"),
            ("duplicates", "held-out", skill_eval.HERE / "skill_duplicates.json"),
        ]
        for kind, label, path in sets:
            if not path.is_file():
                out.append(f"| {kind} {label} | — | missing {path.name} | | |")
                continue
            corpus = skill_eval.load(path)
            score = skill_eval.match_figures if kind == "match" else skill_eval.duplicate_figures
            out.append(score(corpus, emb).row(f"{kind} {label}"))
            out.append(score(corpus, emb, previous=True).row(f"{kind} {label}, previous"))
            out.append(score(corpus, emb, before=True).row(f"{kind} {label}, before"))
        out.append("")
    text = "\n".join(out)
    print(text)  # noqa: T201
    (ROOT / "bench" / "results" / "skill_match.md").write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

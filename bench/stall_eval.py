"""Per-reply precision/recall of the stall detector (bot/stall.py) on labelled conversations.

    python bench/stall_eval.py [FILE] [--embedder hashing|wordllama] [--sweep]

FILE holds {"sessions": [{"turns": [{"role": "user"|"bot", "text": ..., "repeat": bool}]}]}
(`repeat` on bot turns: it says essentially what an earlier bot turn said). Each bot turn is
scored against the bot turns before it, as the engine does after every reply. `--sweep` prints
the figures over a range of cosine cut-offs (calibration: run it on the dev set only). Before
bot/stall.py nothing was detected: recall 0.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.stall import Detector  # noqa: E402
from writers.embed import Embedder, HashingEmbedder, WordLlamaEmbedder  # noqa: E402

DEV = ROOT / "bench" / "stall_dev.json"


@dataclass(frozen=True)
class Figures:
    """Per-reply confusion counts and the mean detector time per reply."""

    tp: int
    fp: int
    fn: int
    tn: int
    ms_per_reply: float

    @property
    def precision(self) -> float:
        """Of the replies flagged, how many were repeats (1.0 when nothing was flagged)."""
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        """Of the repeats, how many were flagged."""
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0


def evaluate(
    sessions: list[dict[str, Any]], embedder: Embedder, cosine: float | None = None
) -> Figures:
    """Replay every session's bot turns through a fresh detector."""
    detector = Detector(embedder, cosine=cosine)
    tp = fp = fn = tn = 0
    elapsed, n = 0.0, 0
    for session in sessions:
        previous: list[str] = []
        for turn in session["turns"]:
            if turn["role"] != "bot":
                continue
            started = time.perf_counter()
            flagged = detector.score(previous, turn["text"]).stalled
            elapsed += time.perf_counter() - started
            n += 1
            truth = bool(turn.get("repeat"))
            tp += flagged and truth
            fp += flagged and not truth
            fn += (not flagged) and truth
            tn += (not flagged) and not truth
            previous.append(turn["text"])
    return Figures(tp, fp, fn, tn, 1000 * elapsed / max(n, 1))


def make_embedder(name: str) -> Embedder:
    """The named embedder family."""
    return WordLlamaEmbedder() if name == "wordllama" else HashingEmbedder()


def main() -> None:
    """Print the figures (and, with --sweep, the calibration table)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("file", nargs="?", default=str(DEV))
    parser.add_argument("--embedder", choices=["hashing", "wordllama"], default="wordllama")
    parser.add_argument("--sweep", action="store_true")
    args = parser.parse_args()
    sessions = json.loads(Path(args.file).read_text(encoding="utf-8"))["sessions"]
    embedder = make_embedder(args.embedder)
    if args.sweep:
        for cut in [0.70, 0.75, 0.80, 0.85, 0.88, 0.90, 0.92, 0.94, 0.95, 0.96, 0.97, 0.98]:
            f = evaluate(sessions, embedder, cut)
            print(
                f"cosine {cut:.2f}: precision {f.precision:.3f} recall {f.recall:.3f} "
                f"(tp {f.tp} fp {f.fp} fn {f.fn})"
            )
    f = evaluate(sessions, embedder)
    repeats = f.tp + f.fn
    print(
        f"{args.embedder}, frozen thresholds: precision {f.precision:.3f} recall {f.recall:.3f} "
        f"(tp {f.tp} fp {f.fp} fn {f.fn} tn {f.tn}); {f.ms_per_reply:.2f} ms per reply"
    )
    print(f"before (nothing detected): precision n/a recall 0.000 (0 of {repeats} repeats)")


if __name__ == "__main__":
    main()

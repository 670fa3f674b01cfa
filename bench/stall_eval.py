"""The stall detector and the ladder's firing rule (bot/chat/stall.py) on labelled conversations.

    python bench/stall_eval.py [FILE ...] [--embedder hashing|wordllama] [--calibrate]

Each FILE holds {"sessions": [{"turns": [{"role": "user"|"bot", "text": ..., "repeat": bool}]}]}
(`repeat` on bot turns: it says essentially what an earlier bot turn said); the default is the
two dev sets, bench/stall_dev.json and bench/stall_dev_large.json. Each bot turn is scored
against the bot turns before it, as the engine does after every reply, and the ladder is
replayed on the session. Two figures:

- per reply: precision/recall of the detector's flag (is this reply a repeat?);
- per session: in how many sessions WITHOUT a repeat the ladder would act at all (a false
  intervention: a spurious cue, or worse), and in how many it would stop (a false stop, which
  also DMs the owner); and in how many sessions with repeats it acts.

"before" is the rule as it landed (fc41242), restated here: a reply similar to any of the last 4
(cosine >= 0.75 or word-bigram Jaccard >= 0.6) is a stall, every stall is the ladder's next step,
and the 4th is a stop. `--calibrate` prints the distributions on productive (non-repeat) replies
and a sweep of the design's knobs (run it on the dev sets only, never on the held-out file).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.chat.stall import (  # noqa: E402
    CLEAR,
    LOOKBACK,
    NEAR_EXACT,
    PERSIST,
    STEPS,
    STOP,
    WINDOW,
    Detector,
    next_step,
    overlap,
)
from writers.embed import Embedder, HashingEmbedder, WordLlamaEmbedder  # noqa: E402

DEV = [ROOT / "bench" / "stall_dev.json", ROOT / "bench" / "stall_dev_large.json"]
MAX_INTERVENTIONS = 3  # STALL_MAX_INTERVENTIONS' default


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


@dataclass(frozen=True)
class Rule:
    """A detector's cut-offs and a firing rule (None: the frozen ones in bot/chat/stall.py)."""

    cosine: float | None = None
    near_exact: float = NEAR_EXACT
    lookback: int = LOOKBACK
    persist: int = PERSIST
    stand_down: bool = True


BEFORE = Rule(cosine=0.75, near_exact=0.6, lookback=4, persist=1, stand_down=False)
NOW = Rule()


@dataclass(frozen=True)
class Ladder:
    """Session-level figures of the ladder replayed on each session."""

    clean: int  # sessions without a repeat
    clean_acted: int  # ... in which the ladder would take any step (a false intervention)
    clean_stopped: int  # ... in which it would stop (a false stop)
    stalled: int  # sessions with at least one repeat
    stalled_acted: int  # ... in which it would take a step
    stalled_stopped: int  # ... in which it would stop
    acted_on_repeat: int  # steps taken on a reply that was a repeat
    acted: int  # steps taken

    @property
    def false_intervention_rate(self) -> float:
        """Of the sessions without a repeat, the share in which the ladder acts at all."""
        return self.clean_acted / self.clean if self.clean else 0.0

    @property
    def false_stop_rate(self) -> float:
        """Of the sessions without a repeat, the share in which the ladder stops."""
        return self.clean_stopped / self.clean if self.clean else 0.0

    @property
    def session_recall(self) -> float:
        """Of the sessions with repeats, the share in which the ladder acts."""
        return self.stalled_acted / self.stalled if self.stalled else 1.0

    @property
    def step_precision(self) -> float:
        """Of the steps taken, the share taken on a reply that was a repeat."""
        return self.acted_on_repeat / self.acted if self.acted else 1.0


def bot_turns(session: dict[str, Any]) -> list[tuple[str, bool]]:
    """The session's bot turns: text and whether it is labelled a repeat."""
    return [(t["text"], bool(t.get("repeat"))) for t in session["turns"] if t["role"] == "bot"]


def detector_for(embedder: Embedder, rule: Rule) -> Detector:
    """A fresh detector with the rule's cut-offs."""
    return Detector(
        embedder, cosine=rule.cosine, near_exact=rule.near_exact, lookback=rule.lookback
    )


def evaluate(sessions: list[dict[str, Any]], embedder: Embedder, rule: Rule = NOW) -> Figures:
    """Per reply: replay every session's bot turns through a fresh detector."""
    detector = detector_for(embedder, rule)
    tp = fp = fn = tn = 0
    elapsed, n = 0.0, 0
    for session in sessions:
        previous: list[str] = []
        for text, truth in bot_turns(session):
            started = time.perf_counter()
            flagged = detector.score(previous, text).stalled
            elapsed += time.perf_counter() - started
            n += 1
            tp += flagged and truth
            fp += flagged and not truth
            fn += (not flagged) and truth
            tn += (not flagged) and not truth
            previous.append(text)
    return Figures(tp, fp, fn, tn, 1000 * elapsed / max(n, 1))


def replay(
    turns: Sequence[tuple[str, bool]], detector: Detector, rule: Rule
) -> list[tuple[str | None, bool]]:
    """The ladder's move after each bot turn (until a stop), with the turn's label."""
    moves: list[tuple[str | None, bool]] = []
    previous: list[str] = []
    streak = done = 0
    for text, truth in turns:
        flagged = detector.score(previous, text).stalled
        previous.append(text)
        streak = streak + 1 if flagged else 0
        if rule.stand_down:
            kind = next_step(
                streak, done, max_interventions=MAX_INTERVENTIONS, persist=rule.persist
            )
        elif flagged:  # before: every stall is the next step, nothing stands down
            kind = STOP if done >= MAX_INTERVENTIONS else STEPS[done % len(STEPS)]
        else:
            kind = None
        moves.append((kind, truth))
        if kind == CLEAR:
            done = 0
        elif kind is not None:
            done += 1
        if kind == STOP:  # the conversation ends here; what follows would differ
            break
    return moves


def ladder(sessions: list[dict[str, Any]], embedder: Embedder, rule: Rule = NOW) -> Ladder:
    """Per session: replay the ladder on every session."""
    detector = detector_for(embedder, rule)
    counts = dict.fromkeys(
        ["clean", "clean_acted", "clean_stopped", "stalled", "stalled_acted", "stalled_stopped"],
        0,
    )
    acted = acted_on_repeat = 0
    for session in sessions:
        turns = bot_turns(session)
        moves = replay(turns, detector, rule)
        steps = [(k, truth) for k, truth in moves if k is not None and k != CLEAR]
        acted += len(steps)
        acted_on_repeat += sum(1 for _, truth in steps if truth)
        group = "stalled" if any(truth for _, truth in turns) else "clean"
        counts[group] += 1
        counts[f"{group}_acted"] += bool(steps)
        counts[f"{group}_stopped"] += any(k == STOP for k, _ in steps)
    return Ladder(**counts, acted_on_repeat=acted_on_repeat, acted=acted)


def make_embedder(name: str) -> Embedder:
    """The named embedder family."""
    return WordLlamaEmbedder() if name == "wordllama" else HashingEmbedder()


def load(files: Sequence[str]) -> list[dict[str, Any]]:
    """The sessions of every file, in order."""
    sessions: list[dict[str, Any]] = []
    for name in files:
        sessions += json.loads(Path(name).read_text(encoding="utf-8"))["sessions"]
    return sessions


def line(label: str, f: Figures, g: Ladder) -> str:
    """One row of the figures table."""
    return (
        f"| {label} | {f.precision:.3f} ({f.tp}/{f.tp + f.fp}) | {f.recall:.3f} "
        f"({f.tp}/{f.tp + f.fn}) | {g.false_intervention_rate:.3f} ({g.clean_acted}/{g.clean}) "
        f"| {g.false_stop_rate:.3f} ({g.clean_stopped}/{g.clean}) "
        f"| {g.session_recall:.3f} ({g.stalled_acted}/{g.stalled}) "
        f"| {g.stalled_stopped}/{g.stalled} "
        f"| {g.step_precision:.3f} ({g.acted_on_repeat}/{g.acted}) |"
    )


HEADER = (
    "| rule | reply precision | reply recall | clean sessions with a step | clean sessions "
    "stopped | sessions with repeats reached | ... stopped | steps on a repeat |\n"
    "|---|---|---|---|---|---|---|---|"
)


def productive(sessions: list[dict[str, Any]], embedder: Embedder) -> None:
    """Distributions on productive (non-repeat) replies and on repeats, for calibration."""
    rows: dict[str, list[list[float]]] = {
        "prev": [[], []],
        "last2": [[], []],
        "last4": [[], []],
        "overlap": [[], []],
    }
    for session in sessions:
        turns = bot_turns(session)
        texts = [t for t, _ in turns]
        if len(texts) < 2:
            continue
        vectors = embedder.embed(texts)
        for i in range(1, len(texts)):
            lo = max(0, i - WINDOW)
            cos = [float(vectors[j] @ vectors[i]) for j in range(lo, i)]
            ovl = [overlap(texts[j], texts[i]) for j in range(lo, i)]
            k = int(turns[i][1])
            rows["prev"][k].append(cos[-1])
            rows["last2"][k].append(max(cos[-2:]))
            rows["last4"][k].append(max(cos))
            rows["overlap"][k].append(max(ovl))
    for name, (neg, pos) in rows.items():
        n, p = np.array(neg), np.array(pos)
        print(
            f"{name:8s} productive (n={len(n)}): p50 {np.percentile(n, 50):.3f} "
            f"p90 {np.percentile(n, 90):.3f} p95 {np.percentile(n, 95):.3f} "
            f"p99 {np.percentile(n, 99):.3f} max {n.max():.3f} | repeats (n={len(p)}): "
            f"p10 {np.percentile(p, 10):.3f} p25 {np.percentile(p, 25):.3f} "
            f"p50 {np.percentile(p, 50):.3f}"
        )


def main() -> None:
    """Print the figures (and, with --calibrate, the calibration tables)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("files", nargs="*", default=[str(p) for p in DEV])
    parser.add_argument("--embedder", choices=["hashing", "wordllama", "both"], default="wordllama")
    parser.add_argument("--calibrate", action="store_true")
    args = parser.parse_args()
    sessions = load(args.files)
    names = ["wordllama", "hashing"] if args.embedder == "both" else [args.embedder]
    for name in names:
        report(sessions, make_embedder(name), calibrate=args.calibrate)


def report(sessions: list[dict[str, Any]], embedder: Embedder, *, calibrate: bool) -> None:
    """The figures for one embedder (aggregates only)."""
    repeats = sum(truth for s in sessions for _, truth in bot_turns(s))
    replies = sum(len(bot_turns(s)) for s in sessions)
    print(f"{len(sessions)} sessions, {replies} bot replies, {repeats} repeats ({embedder.name})")
    if calibrate:
        productive(sessions, embedder)
        print(HEADER)
        for lookback in (1, 2, 4):
            for persist in (1, 2, 3):
                for cut in (0.66, 0.70, 0.75, 0.79, 0.80, 0.85, 0.90, 0.95):
                    for near in (0.6, 0.7, 0.8):
                        rule = Rule(cut, near, lookback, persist, True)
                        f, g = evaluate(sessions, embedder, rule), ladder(sessions, embedder, rule)
                        print(
                            line(
                                f"cos {cut} near {near} lookback {lookback} persist {persist}", f, g
                            )
                        )
    print(HEADER)
    before = evaluate(sessions, embedder, BEFORE)
    print(line("before (fc41242)", before, ladder(sessions, embedder, BEFORE)))
    f = evaluate(sessions, embedder, NOW)
    print(line("now (frozen)", f, ladder(sessions, embedder, NOW)))
    print(f"detector: {f.ms_per_reply:.2f} ms per reply")


if __name__ == "__main__":
    main()

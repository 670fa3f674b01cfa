"""Evidence recall of the learned context a new session gets; writes bench/results/recall.md.

Run: `python bench/recall.py --label after` (a minute or two). Two corpora:

- LoCoMo (Maharana et al., ACL 2024), the two dev conversations in `../shared/data/locomo-dev/`
  (read from there, never copied into the project), by the protocol of its README: every
  observation is a fact of one Slack user in their DM scope, written `[<session date>] <text>`,
  one session per day in order, ending yesterday; every question of categories 1-4 with evidence
  is the first message of a new DM session of that user, asked in order; the context it gets is
  the real read path (`select_context`, default 1,000-token budget). Recall of a question = the
  share of its evidence dialog ids covered by the facts in that context.
- The Slack-shaped recall set in `tests/support/data/recall/` (written by someone who had not
  seen the code; its README gives the format): every fact is a fact of the channel or DM scope
  its session was in, prefixed by its session's date; each question is the first message of a
  new session by its user in its channel. `dev` is for tuning; `heldout` is frozen and only
  measured. For `update` questions it also reports whether the superseded fact ranks below the
  new one (shown after it, or not shown at all while the new one is).

References beside each figure: the cap (every fact at once) and a plain BM25 ranking of the same
facts keeping as many facts as the project showed for that question.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import re
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy.orm import Session  # noqa: E402

from store.db import Store  # noqa: E402
from store.models import MemoryEntry  # noqa: E402
from writers.base import content_hash  # noqa: E402
from writers.embed import default_embedder  # noqa: E402
from writers.lessons.index import LessonLibrary  # noqa: E402
from writers.notes.facts import fact_fields  # noqa: E402
from writers.selector import Selection, select_context  # noqa: E402

try:  # the memory writer resolves relative dates when it writes (issue 23); older code did not
    from writers.notes.dates import resolve_relative
except ImportError:  # pragma: no cover - only when measuring the code before issue 23

    def resolve_relative(text: str, when: datetime) -> str:
        del when
        return text


def day_text(d: date) -> str:
    """`24 November 2026`."""
    return f"{d.day} {d:%B %Y}"


LOCOMO_DIR = ROOT.parent / "shared" / "data" / "locomo-dev"
SLACK_DIR = ROOT / "tests" / "support" / "data" / "recall"
RESULTS = ROOT / "bench" / "results" / "recall.md"
NOW = datetime(2026, 1, 15, 9, 0, tzinfo=UTC)
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
BUDGET = 1000


# --- the plain BM25 reference -------------------------------------------------------------------

_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset(
    "a an and are as at be by did do does for from had has have he her his how i in is it its "
    "me my of on or she that the their them they this to was we were what when where which who "
    "why will with you your".split()
)


def words(text: str) -> list[str]:
    return [w for w in _WORD.findall(text.lower()) if w not in _STOP]


def bm25_rank(docs: list[str], query: str, k1: float = 1.5, b: float = 0.75) -> list[int]:
    """Indices of `docs` by Okapi BM25 score for `query` (the reference, not the product)."""
    toks = [words(d) for d in docs]
    n = len(toks)
    avg = sum(len(t) for t in toks) / max(1, n)
    df: Counter[str] = Counter()
    for t in toks:
        df.update(set(t))
    q = set(words(query))
    scores = []
    for i, t in enumerate(toks):
        tf = Counter(t)
        s = 0.0
        for w in q:
            if w in tf:
                idf = math.log(1 + (n - df[w] + 0.5) / (df[w] + 0.5))
                s += idf * tf[w] * (k1 + 1) / (tf[w] + k1 * (1 - b + b * len(t) / avg))
        scores.append((-s, i))
    return [i for _s, i in sorted(scores)]


# --- corpora ------------------------------------------------------------------------------------


@dataclass
class Fact:
    text: str
    day: datetime  # when it was written (its session's day on the bench clock)
    scope_kind: str  # user | channel
    scope_id: str
    author: str
    cites: set[str]  # evidence ids it covers (dialog / turn ids)
    key: str = ""  # its id in the corpus (Slack set)
    supersedes: list[str] = field(default_factory=list)  # ids of facts it replaces (Slack set)


@dataclass
class Question:
    text: str
    category: str
    evidence: set[str]
    user: str
    channel: str
    when: datetime = NOW


@dataclass
class Corpus:
    name: str
    facts: list[Fact]
    questions: list[Question]


def _locomo_date(raw: str) -> str:
    """'1:56 pm on 8 May, 2023' → '8 May 2023'."""
    return raw.split(" on ")[-1].replace(",", "").strip()


def _ids(raw: object) -> set[str]:
    items = raw if isinstance(raw, list) else [raw]
    out: set[str] = set()
    for item in items:
        out.update(x for x in re.split(r"[;,\s]+", str(item)) if x)
    return out


def locomo(path: Path) -> Corpus:
    """One LoCoMo conversation by the protocol (one user, their DM, one session a day)."""
    conv = json.loads(path.read_text(encoding="utf-8"))
    n_sessions = [
        int(m.group(1))
        for k in conv
        if (m := re.fullmatch(r"session_(\d+)_observation", k)) and conv[k]
    ]
    order = sorted(n_sessions)
    user, dm = "U" + path.stem, "D" + path.stem
    facts = []
    for pos, n in enumerate(order):
        day = NOW - timedelta(days=len(order) - pos)
        date = _locomo_date(conv[f"session_{n}_date_time"])
        for _speaker, items in conv[f"session_{n}_observation"].items():
            for text, cites in items:
                facts.append(Fact(f"[{date}] {text}", day, "user", user, user, _ids(cites)))
    questions = [
        Question(
            q["question"],
            CATEGORIES[q["category"]],
            _ids(q["evidence"]),
            user,
            dm,
            when=NOW + timedelta(minutes=k),
        )
        for k, q in enumerate(conv["qa"])
        if q.get("category") in CATEGORIES and q.get("evidence")
    ]
    return Corpus(f"locomo-{path.stem}", facts, questions)


def slack(path: Path) -> Corpus:
    """The Slack-shaped set (format in its README): facts written at their session's date (with
    relative dates resolved, as the memory writer does), questions asked at `asked_on`."""
    data = json.loads(path.read_text(encoding="utf-8"))
    facts = []
    for s in sorted(data["sessions"], key=lambda s: (s["date"], s["id"])):
        day = datetime.fromisoformat(s["date"]).replace(hour=10, tzinfo=UTC)
        is_dm = s["channel"].startswith("D")
        kind, scope = ("user", s["user"]) if is_dm else ("channel", s["channel"])
        for f in s["facts"]:
            text = f"[{day_text(day.date())}] {resolve_relative(f['text'], day)}"
            fact = Fact(text, day, kind, scope, s["user"], {str(e) for e in f["evidence"]})
            fact.key, fact.supersedes = f["id"], [str(x) for x in f.get("supersedes", [])]
            facts.append(fact)
    questions = [
        Question(
            q["question"],
            q["category"],
            {str(e) for e in q["evidence"]},
            q["user"],
            q["channel"],
            when=datetime.fromisoformat(q["asked_on"]).replace(hour=15, tzinfo=UTC),
        )
        for q in sorted(data["questions"], key=lambda q: (q["asked_on"], q["id"]))
    ]
    return Corpus(path.stem, facts, questions)


# --- running ------------------------------------------------------------------------------------


@dataclass
class Run:
    recall: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    cap: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    bm25: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    tokens: list[int] = field(default_factory=list)
    shown: list[int] = field(default_factory=list)
    latency: list[float] = field(default_factory=list)
    updates: list[bool] = field(default_factory=list)
    distinct: list[frozenset[int]] = field(default_factory=list)

    def add(self, other: Run) -> None:
        for mine, theirs in ((self.recall, other.recall), (self.cap, other.cap)):
            for k, v in theirs.items():
                mine[k].extend(v)
        for k, v in other.bm25.items():
            self.bm25[k].extend(v)
        self.tokens += other.tokens
        self.shown += other.shown
        self.latency += other.latency
        self.updates += other.updates
        self.distinct += other.distinct


def covered(cites: Iterable[set[str]], evidence: set[str]) -> float:
    seen: set[str] = set().union(*cites) if cites else set()
    return len(evidence & seen) / len(evidence)


def _row(f: Fact, ordinal: int) -> MemoryEntry:
    fields = fact_fields(f.text)
    return MemoryEntry(
        text=f.text,
        text_hash=content_hash(f.text),
        category=fields.category,
        tags=fields.tags,
        scope_kind=f.scope_kind,
        scope_id=f.scope_id,
        reach="scope",
        author_id=f.author,
        status="active",
        confidence=fields.confidence,
        decay_rate=fields.decay_rate,
        access_count=0,
        flags=[],
        provenance={},
        ordinal=ordinal,
        created_at=f.day,
        updated_at=f.day,
    )


def write_due(
    store: Store, pending: list[Fact], when: datetime, ids: dict[int, Fact], by_key: dict[str, int]
) -> list[Fact]:
    """Write the facts of `pending` (in day order) whose day is not after `when`, recording each
    row's id (`ids`) and corpus key (`by_key`); the facts still to come."""
    due = [f for f in pending if f.day <= when]
    if due:
        with store.sessions.begin() as db:
            for f in due:
                row = _row(f, len(ids))
                db.add(row)
                db.flush()
                ids[row.id] = f
                by_key[f.key] = row.id
    return pending[len(due) :]


def ask(db: Session, lib: LessonLibrary, q: Question) -> Selection:
    """The context `q` gets as the first message of a new session (the real read path)."""
    return select_context(
        db,
        lib,
        user_id=q.user,
        channel=q.channel,
        is_dm=q.channel.startswith("D"),
        first_text=q.text,
        token_budget=BUDGET,
        now=q.when,
    )


def run_corpus(corpus: Corpus, emb: object) -> Run:
    """Ask every question in time order; the facts written by then are in the database."""
    with tempfile.TemporaryDirectory() as tmp:
        store = Store.open(f"sqlite:///{tmp}/recall.db")
        with store.sessions() as db:
            lib = LessonLibrary.build(db, emb)  # type: ignore[arg-type]
        ids: dict[int, Fact] = {}
        by_key: dict[str, int] = {}
        pending = sorted(corpus.facts, key=lambda f: f.day)
        run = Run()
        for q in corpus.questions:
            pending = write_due(store, pending, q.when, ids, by_key)
            t = time.perf_counter()
            with store.sessions.begin() as db:
                sel = ask(db, lib, q)
            run.latency.append(time.perf_counter() - t)
            shown = [i.id for i in sel.tail if i.kind == "fact"]
            run.tokens.append(sel.budget_tokens)
            run.shown.append(len(shown))
            run.distinct.append(frozenset(shown))
            run.recall[q.category].append(covered([ids[i].cites for i in shown], q.evidence))
            dm = q.channel.startswith("D")
            visible = [
                (fid, f)
                for fid, f in ids.items()
                if (f.scope_kind == "user" and f.scope_id == q.user and dm)
                or (f.scope_kind == "channel" and f.scope_id == q.channel)
            ]
            run.cap[q.category].append(covered([f.cites for _i, f in visible], q.evidence))
            order = bm25_rank([f.text for _i, f in visible], q.text)[: len(shown)]
            run.bm25[q.category].append(covered([visible[i][1].cites for i in order], q.evidence))
            if q.category == "update":
                pos = {fid: n for n, fid in enumerate(shown)}
                for fid, f in visible:
                    if not (f.cites & q.evidence):
                        continue
                    for old in f.supersedes:
                        o = by_key.get(old)
                        if o is not None and o in {v for v, _f in visible}:
                            run.updates.append(fid in pos and (o not in pos or pos[o] > pos[fid]))
        store.close()
    return run


def mean(xs: Iterable[float]) -> float:
    xs = list(xs)
    return sum(xs) / len(xs) if xs else float("nan")


def table(title: str, run: Run) -> str:
    cats = sorted(run.recall, key=lambda c: (-len(run.recall[c]), c))
    every = [x for c in cats for x in run.recall[c]]
    lines = [
        f"### {title}",
        "",
        "| | questions | recall | cap (all facts) | BM25, same count |",
        "|---|---:|---:|---:|---:|",
        f"| **all** | {len(every)} | **{mean(every):.3f}** | "
        f"{mean(x for c in cats for x in run.cap[c]):.3f} | "
        f"{mean(x for c in cats for x in run.bm25[c]):.3f} |",
    ]
    for c in cats:
        lines.append(
            f"| {c} | {len(run.recall[c])} | {mean(run.recall[c]):.3f} | "
            f"{mean(run.cap[c]):.3f} | {mean(run.bm25[c]):.3f} |"
        )
    lat = sorted(run.latency)
    p95 = 1000 * lat[min(len(lat) - 1, int(0.95 * len(lat)))]
    lines += [
        "",
        f"Tokens of lessons+facts per question: mean {mean(run.tokens):.0f}, max "
        f"{max(run.tokens)} (budget {BUDGET}); facts shown: mean {mean(run.shown):.1f}; "
        f"distinct fact sets: {len(set(run.distinct))} of {len(run.distinct)} questions; "
        f"selection p95 {p95:.1f} ms.",
    ]
    if run.updates:
        lines.append(
            f"Update questions: the superseded fact ranks below the new one in "
            f"{sum(run.updates)} of {len(run.updates)} pairs."
        )
    return "\n".join(lines) + "\n"


def write_results(label: str, body: str) -> None:
    """Replace this label's section of recall.md, keeping the other labels' sections."""
    text = RESULTS.read_text(encoding="utf-8") if RESULTS.exists() else ""
    sections = dict(re.findall(r"(?ms)^## ([^\n]+)\n(.*?)(?=^## |\Z)", text))
    sections[label] = body
    head = (
        "# Evidence recall of the learned context\n\n"
        "Generated by `python bench/recall.py --label <label>` (protocol in its docstring and in "
        "`../shared/data/locomo-dev/README.md`). One section per labelled run: `before` is the "
        "code before issue 23, `after` the code after it.\n\n"
    )
    order = sorted(sections, key=lambda s: (s != "before", s))
    RESULTS.write_text(
        head + "".join(f"## {s}\n{sections[s].rstrip()}\n\n" for s in order), encoding="utf-8"
    )


def set_constant(assignment: str) -> None:
    """`module.NAME=VALUE`: set a module's constant for this run (a lever's grid point)."""
    target, _, value = assignment.partition("=")
    path, name = target.rsplit(".", 1)
    module = importlib.import_module(path)
    old = getattr(module, name)
    if isinstance(old, bool):
        setattr(module, name, value.strip().lower() in {"1", "true", "on", "yes"})
    elif isinstance(old, int | float):
        setattr(module, name, type(old)(float(value)))
    else:  # a path or a name (another lexicon file: `writers.recall.categories.PATH=…`)
        setattr(module, name, type(old)(value))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--label", default="after")
    ap.add_argument("--only", choices=["locomo", "slack-dev", "slack-heldout"], action="append")
    ap.add_argument("--slack-dir", type=Path, default=SLACK_DIR)
    ap.add_argument("--locomo-dir", type=Path, default=LOCOMO_DIR)
    ap.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="module.NAME=VALUE",
        help="run with a ranking constant at another value (a number or true/false)",
    )
    args = ap.parse_args()
    for assignment in args.set:
        set_constant(assignment)
    emb = default_embedder()
    want = set(args.only or ["locomo", "slack-dev", "slack-heldout"])
    started = time.perf_counter()
    out = [
        f"\nRun {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, embedder `{emb.name}`, SQLite, "
        f"token budget {BUDGET}" + "".join(f", `{a}`" for a in args.set) + ".\n"
    ]
    if "locomo" in want:
        total = Run()
        paths = sorted(args.locomo_dir.glob("*.json"))
        if not paths:
            raise SystemExit(f"no LoCoMo conversations in {args.locomo_dir}")
        for path in paths:
            corpus = locomo(path)
            run = run_corpus(corpus, emb)
            total.add(run)
            block = table(f"{corpus.name} ({len(corpus.facts)} facts)", run)
            print(block)
            out.append(block)
        block = table("LoCoMo dev, both conversations", total)
        print(block)
        out.insert(1, block)
    for name in ("dev", "heldout"):
        path = args.slack_dir / f"recall_slack_{name}.json"
        if f"slack-{name}" in want and path.exists():
            corpus = slack(path)
            run = run_corpus(corpus, emb)
            block = table(f"Slack-shaped, {name} ({len(corpus.facts)} facts)", run)
            print(block)
            out.append(block)
    out.append(f"Total run {time.perf_counter() - started:.0f} s.\n")
    write_results(args.label, "\n".join(out))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Build rtrain2.json from the hand-written content in content_a.py, content_b.py, content_q.py.

Scaffolding only: numbers turns/facts/questions, resolves `supersedes` labels to fact ids,
draws each question's asked_on (7-35 days after its latest evidence session, seeded),
runs the checks and writes rtrain2.json + stats.md. Standard library only, deterministic.
"""
import datetime as dt
import json
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from content_a import SESSIONS_A  # noqa: E402
from content_b import SESSIONS_B  # noqa: E402
from content_q import QUESTIONS  # noqa: E402

SEED = 20250913
USERS = {"I": ("U201", "Ingrid Brekke"), "P": ("U202", "Petter Halvorsen")}
CHANNEL = {"id": "C301", "name": "sibling-chat", "private": True}
WD = "(monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
RELATIVE = re.compile(r"\b(yesterday|tomorrow|today|tonight|this (week|morning|month)|last (week|sunday|month)|"
                      r"next (week|month|spring)|on " + WD + r"(?!s\b| and " + WD + r"| mornings| evenings| \d)|"
                      + WD + r" evening(?!s))\b", re.I)
# a weekday counts only as "on Friday" / "Sunday evening", not recurring ("on Monday evenings") or dated ("Tuesday 7 October")
STOP = set("""a an the and or of to in on at for with by from is are was were be been do does did what which who whom
when where how why that this these those my our your his her their its it i me we you he she they them us
did has have had there than then about after before into over under since till until much many long
would could should can will any some all each both after first""".split())

errors = []


def err(msg):
    errors.append(msg)


def d(s):
    return dt.date.fromisoformat(s)


def build():
    raw = SESSIONS_A + SESSIONS_B
    sessions, fact_by_key, fact_session, turn_ids = [], {}, {}, set()
    fact_texts, superseded = {}, set()
    last_date = None
    for n, (sid, date, starter, turns, facts) in enumerate(raw, 1):
        if sid != "s%02d" % n:
            err(f"session id {sid} out of order (expected s{n:02d})")
        if last_date and d(date) <= last_date:
            err(f"{sid}: date {date} not after previous session")
        last_date = d(date)
        if not 8 <= len(turns) <= 14:
            err(f"{sid}: {len(turns)} turns (want 8-14)")
        if not 6 <= len(facts) <= 10:
            err(f"{sid}: {len(facts)} facts (want 6-10)")
        s_turns = []
        for t, (spk, text) in enumerate(turns, 1):
            tid = f"{sid}:{t}"
            turn_ids.add(tid)
            s_turns.append({"id": tid, "speaker": USERS[spk][0], "text": text})
        speakers = {spk for spk, _ in turns}
        if speakers != {"I", "P"}:
            err(f"{sid}: both siblings must speak")
        s_facts = []
        for f, (text, ev, key, sup) in enumerate(facts, 1):
            fid = f"{sid}f{f}"
            words = len(text.split())
            if not 8 <= words <= 30:
                err(f"{fid}: {words} words")
            for t in ev:
                if not 1 <= t <= len(turns):
                    err(f"{fid}: evidence turn {t} does not exist")
            fact = {"id": fid, "text": text, "evidence": [f"{sid}:{t}" for t in ev]}
            sup_ids = []
            for k in sup:
                if k not in fact_by_key:
                    err(f"{fid}: supersedes unknown/later key {k}")
                    continue
                sup_ids.append(fact_by_key[k])
                superseded.add(fact_by_key[k])
            if sup_ids:
                fact["supersedes"] = sup_ids
            if key:
                if key in fact_by_key:
                    err(f"duplicate key {key}")
                fact_by_key[key] = fid
            fact_session[fid] = sid
            fact_texts[fid] = text
            s_facts.append(fact)
        sessions.append({"id": sid, "date": date, "user": USERS[starter][0], "channel": CHANNEL["id"],
                         "turns": s_turns, "facts": s_facts})
    return sessions, turn_ids, superseded, fact_texts


def content_words(s):
    return {w for w in re.findall(r"[a-zæøåé']+", s.lower()) if len(w) > 2 and w not in STOP}


def main():
    sessions, turn_ids, superseded, fact_texts = build()
    sdate = {s["id"]: s["date"] for s in sessions}
    cover = {}  # turn id -> fact ids
    for s in sessions:
        for f in s["facts"]:
            for t in f["evidence"]:
                cover.setdefault(t, []).append(f["id"])
    rng = random.Random(SEED)
    questions, plain = [], 0
    for n, qq in enumerate(QUESTIONS, 1):
        qid = "q%03d" % n
        ev = qq["evidence"]
        ev_sessions = sorted({t.split(":")[0] for t in ev})
        for t in ev:
            if t not in turn_ids:
                err(f"{qid}: evidence {t} does not exist")
            elif t not in cover:
                err(f"{qid}: evidence {t} covered by no fact")
        if errors:
            continue
        live = [t for t in ev if any(f not in superseded for f in cover[t])]
        if qq["hist"]:
            if len(live) == len(ev):
                err(f"{qid}: flagged historical but every turn has a live fact")
        elif len(live) != len(ev):
            err(f"{qid}: evidence {sorted(set(ev) - set(live))} covered only by superseded facts")
        if qq["category"] == "multi-hop" and len(ev_sessions) < 2:
            err(f"{qid}: multi-hop with one session")
        latest = max(d(sdate[s]) for s in ev_sessions)
        asked = latest + dt.timedelta(days=rng.randint(7, 35))
        ev_facts = {f for t in ev for f in cover[t]}
        fw = set().union(*(content_words(fact_texts[f]) for f in ev_facts))
        qw = content_words(qq["question"])
        overlap = len(qw & fw) / max(1, len(qw))
        if overlap >= 0.5:
            plain += 1
        questions.append({"id": qid, "asked_on": asked.isoformat(), "user": USERS[qq["asker"]][0],
                          "channel": CHANNEL["id"], "question": qq["question"], "answer": qq["answer"],
                          "evidence": ev, "category": qq["category"]})
    if errors:
        print("\n".join(errors))
        sys.exit(1)

    out = {
        "about": "Seshat ranker training set rtrain2 (round 13): two fictional siblings, Ingrid Brekke (retired music "
                 "teacher, Bergen) and Petter Halvorsen (bakery owner, Edinburgh), chatting in one private channel, "
                 "Feb-Sep 2025. Hand-written; no bot turns.",
        "team": {"users": [{"id": u, "name": nm} for u, nm in USERS.values()], "channels": [CHANNEL]},
        "sessions": sessions,
        "questions": questions,
    }
    text = json.dumps(out, ensure_ascii=False, indent=1)
    if json.loads(text) != out:
        print("round-trip failed")
        sys.exit(1)
    with open(os.path.join(HERE, "rtrain2.json"), "w", encoding="utf-8") as fh:
        fh.write(text + "\n")

    facts = [f for s in sessions for f in s["facts"]]
    nturns = [len(s["turns"]) for s in sessions]
    rel = sum(1 for f in facts if RELATIVE.search(f["text"]))
    cats = {}
    for qq in questions:
        cats[qq["category"]] = cats.get(qq["category"], 0) + 1
    hist = [questions[i]["id"] for i, qq in enumerate(QUESTIONS) if qq["hist"]]
    lines = [
        "# rtrain2 stats (written by gen.py)",
        f"- sessions: {len(sessions)}, {sessions[0]['date']} to {sessions[-1]['date']}, one private channel, 2 users, no bot turns",
        f"- turns: {sum(nturns)} (min {min(nturns)}, max {max(nturns)} per session)",
        f"- facts: {len(facts)}; with 'supersedes': {sum(1 for f in facts if 'supersedes' in f)}; "
        f"superseded: {len(superseded)}; with a relative date: {rel} ({100 * rel // len(facts)}%)",
        f"- questions: {len(questions)}, asked {min(q['asked_on'] for q in questions)} to {max(q['asked_on'] for q in questions)}",
    ]
    for c in ("single-hop", "multi-hop", "temporal", "open-domain"):
        lines.append(f"  - {c}: {cats.get(c, 0)} ({100 * cats.get(c, 0) // len(questions)}%)")
    lines.append(f"- 'plain' questions (>=50% of their content words appear in the evidence facts): {plain} "
                 f"({100 * plain // len(questions)}%)")
    lines.append(f"- historical questions (evidence includes a superseded fact on purpose): {', '.join(hist)}")
    with open(os.path.join(HERE, "stats.md"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()

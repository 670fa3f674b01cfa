#!/usr/bin/env python3
"""Build rtrain3.json from the hand-written part1.py, part2.py and questions.py.

Standard library only, deterministic. The script only numbers turns/facts/questions, resolves
`supersedes` labels, fills asked_on dates (seeded), checks the data and writes the JSON + stats.md.
"""
import datetime as dt
import json
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import part1, part2, questions  # noqa: E402

SEED = 20250203
USERS = {"O": ("U08OWENCA", "Owen Castellano"), "P": ("U08PRIYAH", "Priya Halvorsen")}
CHANNEL = {"id": "C08BFENCE", "name": "back-fence", "private": True}
RELATIVE = re.compile(r"\b(yesterday|today|tonight|tomorrow|last night|this week|next week|last week|"
                      r"on (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)|"
                      r"(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)'s)\b", re.I)


def d(s):
    return dt.date.fromisoformat(s)


def build():
    errors = []
    raw = part1.SESSIONS + part2.SESSIONS
    sessions, label_to_id, fact_session = [], {}, {}
    for i, s in enumerate(raw, 1):
        sid = "s%02d" % i
        turns = [{"id": "%s:%d" % (sid, n), "speaker": USERS[sp][0], "text": txt}
                 for n, (sp, txt) in enumerate(s["turns"], 1)]
        facts = []
        for k, f in enumerate(s["facts"], 1):
            text, tnums = f[0], f[1]
            meta = f[2] if len(f) > 2 else {}
            fid = "%sf%d" % (sid, k)
            fact = {"id": fid, "text": text, "evidence": ["%s:%d" % (sid, t) for t in tnums]}
            if meta.get("sup"):
                fact["_sup"] = meta["sup"]
            if meta.get("key"):
                if meta["key"] in label_to_id:
                    errors.append("duplicate key %s" % meta["key"])
                label_to_id[meta["key"]] = fid
            fact_session[fid] = i
            facts.append(fact)
        sessions.append({"id": sid, "date": s["date"], "user": USERS[s["by"]][0], "channel": CHANNEL["id"],
                         "turns": turns, "facts": facts})
    # resolve supersedes
    superseded = set()
    for s in sessions:
        for f in s["facts"]:
            if "_sup" in f:
                ids = []
                for lab in f.pop("_sup"):
                    if lab not in label_to_id:
                        errors.append("%s: unknown supersedes label %s" % (f["id"], lab))
                        continue
                    old = label_to_id[lab]
                    if fact_session[old] >= fact_session[f["id"]]:
                        errors.append("%s supersedes a fact that is not older: %s" % (f["id"], old))
                    ids.append(old)
                    superseded.add(old)
                f["supersedes"] = ids
    turn_ids = {t["id"] for s in sessions for t in s["turns"]}
    sess_date = {s["id"]: s["date"] for s in sessions}
    covered = {}
    for s in sessions:
        for f in s["facts"]:
            for e in f["evidence"]:
                covered.setdefault(e, []).append(f["id"])

    # session checks
    prev = None
    for s in sessions:
        if prev and s["date"] <= prev:
            errors.append("%s: dates not increasing" % s["id"])
        prev = s["date"]
        if not 8 <= len(s["turns"]) <= 14:
            errors.append("%s: %d turns" % (s["id"], len(s["turns"])))
        if not 6 <= len(s["facts"]) <= 10:
            errors.append("%s: %d facts" % (s["id"], len(s["facts"])))
        speakers = {t["speaker"] for t in s["turns"]}
        if len(speakers) != 2:
            errors.append("%s: both users must speak" % s["id"])
        for f in s["facts"]:
            n = len(f["text"].split())
            if not 8 <= n <= 30:
                errors.append("%s: fact has %d words" % (f["id"], n))
            for e in f["evidence"]:
                if e not in turn_ids:
                    errors.append("%s: evidence %s missing" % (f["id"], e))

    # questions
    rng = random.Random(SEED)
    qs, historical = [], []
    for n, q in enumerate(questions.QUESTIONS, 1):
        asker, text, answer, ev, cat = q[:5]
        qid = "q%03d" % n
        for e in ev:
            if e not in turn_ids:
                errors.append("%s: evidence %s missing" % (qid, e))
            elif e not in covered:
                errors.append("%s: evidence %s covered by no fact" % (qid, e))
        ev_sessions = sorted({e.split(":")[0] for e in ev})
        if cat == "multi-hop" and len(ev_sessions) < 2:
            errors.append("%s: multi-hop with one session" % qid)
        if cat not in ("single-hop", "multi-hop", "temporal", "open-domain"):
            errors.append("%s: bad category %s" % (qid, cat))
        last = max(d(sess_date[x]) for x in ev_sessions if x in sess_date)
        asked = q[5] if len(q) > 5 else (last + dt.timedelta(days=rng.randint(7, 42))).isoformat()
        gap = (d(asked) - last).days
        if not 7 <= gap <= 42:
            errors.append("%s: asked %d days after evidence" % (qid, gap))
        if any(all(fid in superseded for fid in covered.get(e, [])) for e in ev):
            historical.append(qid)
        qs.append({"id": qid, "asked_on": asked, "user": USERS[asker][0], "channel": CHANNEL["id"],
                   "question": text, "answer": answer, "evidence": ev, "category": cat})

    data = {
        "about": ("rtrain3: fictional training set for a memory ranker. Two neighbours in the small town of "
                  "Millbrook, firefighter and youth football coach Owen Castellano and pregnant graphic designer "
                  "Priya Halvorsen, chat in one shared channel from February to August 2025 (no bot turns). "
                  "Written by hand by an AI helper (Claude); gen.py only numbers, checks and writes."),
        "team": {"users": [{"id": u, "name": nm} for u, nm in USERS.values()], "channels": [CHANNEL]},
        "sessions": sessions,
        "questions": qs,
    }
    return data, errors, superseded, historical


def stats(data, superseded, historical):
    ss, qs = data["sessions"], data["questions"]
    facts = [f for s in ss for f in s["facts"]]
    nt = [len(s["turns"]) for s in ss]
    nf = [len(s["facts"]) for s in ss]
    rel = [f for f in facts if RELATIVE.search(f["text"])]
    cats = {}
    for q in qs:
        cats[q["category"]] = cats.get(q["category"], 0) + 1
    lines = ["# rtrain3 counts (written by gen.py)", "",
             "- sessions: %d, %s to %s, one channel (#%s), both users speak, no bot turns" % (
                 len(ss), ss[0]["date"], ss[-1]["date"], CHANNEL["name"]),
             "- turns: %d (min %d, max %d per session)" % (sum(nt), min(nt), max(nt)),
             "- facts: %d (min %d, max %d per session); with 'supersedes': %d; superseded: %d; "
             "with a relative date: %d (%d%%)" % (len(facts), min(nf), max(nf),
                                                 sum(1 for f in facts if f.get("supersedes")), len(superseded),
                                                 len(rel), round(100 * len(rel) / len(facts))),
             "- questions: %d, asked %s to %s" % (len(qs), min(q["asked_on"] for q in qs),
                                                 max(q["asked_on"] for q in qs))]
    for c in ("single-hop", "multi-hop", "temporal", "open-domain"):
        lines.append("  - %s: %d (%d%%)" % (c, cats.get(c, 0), round(100 * cats.get(c, 0) / len(qs))))
    lines.append("- questions whose evidence includes a turn covered only by superseded facts "
                 "(historical on purpose): %s" % (", ".join(historical) or "none"))
    return "\n".join(lines) + "\n"


def main():
    data, errors, superseded, historical = build()
    if errors:
        print("\n".join(errors))
        sys.exit(1)
    out = os.path.join(HERE, "rtrain3.json")
    text = json.dumps(data, ensure_ascii=False, indent=1)
    assert json.loads(text) == data
    with open(out, "w", encoding="utf-8") as fh:
        fh.write(text + "\n")
    st = stats(data, superseded, historical)
    with open(os.path.join(HERE, "stats.md"), "w", encoding="utf-8") as fh:
        fh.write(st)
    print(st)


if __name__ == "__main__":
    main()

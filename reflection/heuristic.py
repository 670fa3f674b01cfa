"""`HeuristicReflector`: an offline, free, deterministic stand-in for the reflection model.

It satisfies the `LLM` protocol so the reflection pipeline runs unchanged without an API key
(and in tests). It reads the transcript lines (`[user U123] …` / `[assistant] …`) out of the
request's user message and answers with reflection JSON built from plain rules:

- outcome: the user's feedback after their first message; the last signal decides, and
  politeness ("thanks") counts only when nothing stronger is said; no signal → partial.
- memory notes: fact-like statements by users ("we use …", "our … is …", "my … is …",
  "I prefer …", "remember that …", "always/never …"), rewritten in the third person, ≤ 5.
- user model: the preferences among those, per Slack user id.
- lessons: only on failure, and only when the user stated a correction; no skills, ever.

Everything it writes is labelled: summaries start with "[heuristic]" and the model is
"heuristic-v1".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from reflection.errors import LLMRejected
from reflection.llm import LLMRequest, LLMResponse, Pieces, TextStream, Usage
from reflection.parse import reflection_to_json
from reflection.schema import (
    MAX_NOTE,
    Lesson,
    Outcome,
    Reflection,
    lesson_source_text,
    source_key,
)

MODEL = "heuristic-v1"
LABEL = "[heuristic]"
MAX_FACTS = 5

_TURN = re.compile(
    r"^\s*\[(?P<role>user|assistant|bot)\b(?P<meta>[^\]]*)\]:?\s?(?P<text>.*)$", re.I
)
_USER_ID = re.compile(r"\b([UW][A-Z0-9]{2,})\b")
_TURN_NUMBER = re.compile(r"\bturn\s+(\d{1,6})\b", re.IGNORECASE)
_DELIMITER = re.compile(r"^\s*(?:</?[A-Za-z_][\w-]*[^>]*>|-{3,}|={3,})\s*$")
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")

_NEGATION = r"(?:does ?n[o']?t|did ?n[o']?t|do ?n[o']?t|is ?n[o']?t|was ?n[o']?t|still not|not)"
_STRONG_NEG = [
    rf"{_NEGATION}\s+(?:really\s+)?(?:work|help|fix|solve|run|compile|right|correct)\w*",
    r"still (?:fail\w*|broken|crash\w*|erroring|the same|wrong|get(?:ting)? (?:an? )?error)",
    r"no luck",
    r"same (?:error|problem|issue)",
    r"wrong",
    r"incorrect",
    r"broken",
    r"fail(?:s|ed|ing|ure)?",
    r"errors?",
    r"crash\w*",
    r"nope",
    r"useless",
    r"worse",
]
_STRONG_POS = [
    r"no (?:more )?(?:errors?|problems?|issues?)",
    r"(?:that|it|this) (?:did it|fixed it|helped)",
    r"works?",
    r"worked",
    r"working",
    r"perfect(?:ly)?",
    r"solved",
    r"fixed",
    r"resolved",
    r"exactly",
    r"lgtm",
]
_WEAK_POS = [r"thanks?", r"thank you", r"thx", r"ty", r"great", r"awesome", r"nice", r"cool"]
# One alternation, negatives first, so "doesn't work" is read before "work" can match.
_SIGNAL = re.compile(
    r"\b(?:(?P<neg>"
    + "|".join(_STRONG_NEG)
    + r")|(?P<pos>"
    + "|".join(_STRONG_POS)
    + r")|(?P<weak>"
    + "|".join(_WEAK_POS)
    + r"))\b",
    re.IGNORECASE,
)

_LEAD = r"^(?:(?:also|and|btw|fyi|oh|ok|okay|note|just so you know|for the record)[,:]?\s+)*"
_FACTS: list[tuple[re.Pattern[str], str]] = [
    # (pattern, kind); the first four kinds are preferences and also feed the user model
    (
        re.compile(_LEAD + r"i (?:prefer|'d prefer|would prefer) (?P<rest>.+)", re.I),
        "prefers",
    ),
    (re.compile(_LEAD + r"i(?:'d| would) rather (?P<rest>.+)", re.I), "would rather"),
    (re.compile(_LEAD + r"i (?:really )?like (?P<rest>.+)", re.I), "likes"),
    (re.compile(_LEAD + r"(?:please )?(?P<adv>always|never) (?P<rest>.+)", re.I), "asks:"),
    (re.compile(_LEAD + r"(?:please )?remember(?: that)? (?P<rest>.+)", re.I), ""),
    (
        re.compile(
            _LEAD + r"we(?:'re| are)? (?P<verb>use|using|run|running|deploy|host) (?P<rest>.+)",
            re.I,
        ),
        "team",
    ),
    (
        re.compile(
            _LEAD + r"our (?P<thing>[\w' -]{1,40}?) (?P<verb>is|are|runs|uses|lives) (?P<rest>.+)",
            re.I,
        ),
        "team's",
    ),
    (
        re.compile(_LEAD + r"my (?P<thing>[\w' -]{1,40}?) (?P<verb>is|are) (?P<rest>.+)", re.I),
        "user's",
    ),
]
# "my problem is …" describes the session, not a durable fact.
_NOT_A_THING = {"question", "problem", "issue", "error", "code", "guess", "point", "idea", "bad"}
_THIRD_PERSON = {"use": "uses", "using": "uses", "run": "runs", "running": "runs",
                 "deploy": "deploys", "host": "hosts"}  # fmt: skip
_CORRECTION = re.compile(
    r"\b(?:instead|you should|you need to|you have to|should have|the (?:correct|right) "
    r"(?:way|answer|command|one|value|version) is)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Turn:
    """One transcript turn: who spoke (role, Slack id when given) and what they said."""

    role: str
    user_id: str | None
    text: str
    number: int | None = None  # the prompt's "turn N", which items cite


class HeuristicReflector:
    """An `LLM` that answers reflection requests with rule-based reflection JSON, for free."""

    @property
    def name(self) -> str:
        """Provider label: "heuristic" (priced as free)."""
        return "heuristic"

    def complete(self, request: LLMRequest) -> LLMResponse:
        """Reflect on the transcript in the request's user message; chat requests are refused."""
        if request.purpose != "reflection":
            raise LLMRejected("the heuristic provider only answers reflection requests")
        transcript = "\n".join(m.content for m in request.messages if m.role == "user")
        reflection = reflect(parse_transcript(transcript))
        return LLMResponse(
            text=reflection_to_json(reflection),
            model=MODEL,
            provider=self.name,
            usage=Usage(),
            stop_reason="end_turn",
        )

    def stream(self, request: LLMRequest) -> TextStream:
        """The same reflection JSON, in a few pieces (chat requests are refused here too)."""
        return Pieces(self.complete(request))


def parse_transcript(text: str) -> list[Turn]:
    """Turns from `[user U123] …` / `[assistant] …` lines; other lines continue the last turn."""
    turns: list[Turn] = []
    for line in text.splitlines():
        m = _TURN.match(line)
        if m:
            role = "user" if m.group("role").lower() == "user" else "assistant"
            uid = _USER_ID.search(m.group("meta"))
            number = _TURN_NUMBER.search(m.group("meta"))
            turns.append(
                Turn(
                    role,
                    uid.group(1) if uid else None,
                    m.group("text").strip(),
                    int(number.group(1)) if number else None,
                )
            )
        elif turns and line.strip() and not _DELIMITER.match(line):
            last = turns[-1]
            text = f"{last.text}\n{line.strip()}".strip()
            turns[-1] = Turn(last.role, last.user_id, text, last.number)
    return turns


def reflect(turns: list[Turn]) -> Reflection:
    """The heuristic reflection of a parsed transcript."""
    users = [t for t in turns if t.role == "user" and t.text]
    request = _clip(_sentences(users[0].text)[0], 120) if users else ""
    outcome, signal, complaint = _outcome(users[1:])
    what_worked, what_didnt = "", ""
    if outcome == "success":
        what_worked = f"{LABEL} The user confirmed the answer worked: {signal}"
        if complaint:
            what_didnt = f"{LABEL} Earlier attempts drew a complaint: {complaint}"
    elif outcome == "failure":
        what_didnt = f"{LABEL} The user reported a problem: {signal}"
    else:
        what_didnt = f"{LABEL} No clear feedback from the user on whether this worked."
    notes, prefs, sources = _facts(users)
    lessons, cited = _lessons(users, request) if outcome == "failure" else ([], [])
    if lessons and cited:
        key = source_key("lessons", lesson_source_text(lessons[0].condition, lessons[0].action))
        sources[key] = cited
    return Reflection(
        outcome=outcome,
        what_worked=_clip(what_worked, 1000),
        what_didnt=_clip(what_didnt, 1000),
        memory_notes=notes,
        user_model_updates=prefs,
        lessons=lessons,
        sources=sources,
    )


def _outcome(feedback: list[Turn]) -> tuple[Outcome, str, str]:
    """(outcome, the deciding sentence, an earlier complaint) from the turns after the request."""
    last: tuple[str, str] | None = None  # (polarity, sentence) of the last signalled turn
    complaint = ""
    for turn in feedback:
        strong: tuple[str, str] | None = None
        weak: tuple[str, str] | None = None
        for sentence in _sentences(turn.text):
            # "how does it work?" is not praise, but "why is it still failing?" is a complaint.
            question = sentence.endswith("?")
            for m in _SIGNAL.finditer(sentence):
                if question and not m.group("neg"):
                    continue
                if m.group("weak"):
                    weak = ("pos", sentence)
                else:
                    strong = ("neg" if m.group("neg") else "pos", sentence)
        decided = strong or weak
        if decided is None:
            continue
        if last and last[0] == "neg" and not complaint:
            complaint = _clip(last[1], 200)
        last = decided
    if last is None:
        return "partial", "", ""
    outcome: Outcome = "success" if last[0] == "pos" else "failure"
    if outcome == "failure":
        complaint = ""
    return outcome, _clip(last[1], 200), complaint


def _facts(
    users: list[Turn],
) -> tuple[list[str], dict[str, list[str]], dict[str, list[int]]]:
    """(memory notes, user-model preferences, the turn each one cites)."""
    notes: list[str] = []
    prefs: dict[str, list[str]] = {}
    sources: dict[str, list[int]] = {}
    for turn in users:
        who = f"User {turn.user_id}" if turn.user_id else "The user"
        for sentence in _sentences(turn.text):
            fact = _fact(sentence, who)
            if fact is None or len(notes) >= MAX_FACTS:
                continue
            note, pref = fact
            if note.casefold() not in {n.casefold() for n in notes}:
                notes.append(note)
                if turn.number is not None:
                    sources[source_key("memory_notes", note)] = [turn.number]
            if pref and turn.user_id:
                prefs.setdefault(turn.user_id, [])
                if pref not in prefs[turn.user_id] and len(prefs[turn.user_id]) < 5:
                    prefs[turn.user_id].append(pref)
                    if turn.number is not None:
                        sources[source_key(f"user:{turn.user_id}", pref)] = [turn.number]
    return notes, prefs, sources


def _fact(sentence: str, who: str) -> tuple[str, str | None] | None:
    """(memory note, user-model preference or None) for a fact-like sentence."""
    text = sentence.strip().rstrip(".!")
    # Questions and complaints ("my build is broken") are about the session, not durable facts.
    if text.endswith("?") or any(m.group("neg") for m in _SIGNAL.finditer(text)):
        return None
    for pattern, kind in _FACTS:
        m = pattern.match(text)
        if not m:
            continue
        rest = m.group("rest").strip()
        if len(text.split()) < 3:
            return None
        groups = m.groupdict()
        if kind == "asks:":
            instruction = f"{groups['adv'].capitalize()} {rest}"
            return _clip(f"{who} asks: {instruction}", MAX_NOTE), _clip(
                f"Asks: {instruction}", MAX_NOTE
            )
        if kind in {"prefers", "would rather", "likes"}:
            return _clip(f"{who} {kind} {rest}", MAX_NOTE), _clip(
                f"{kind.capitalize()} {rest}", MAX_NOTE
            )
        if kind == "team":
            return _clip(f"The team {_THIRD_PERSON[groups['verb'].lower()]} {rest}", MAX_NOTE), None
        if kind in {"team's", "user's"}:
            thing = groups["thing"].strip()
            if thing.lower() in _NOT_A_THING:
                return None
            owner = "The team's" if kind == "team's" else f"{who}'s"
            return _clip(f"{owner} {thing} {groups['verb'].lower()} {rest}", MAX_NOTE), None
        return _clip(rest[:1].upper() + rest[1:], MAX_NOTE), None
    return None


def _lessons(users: list[Turn], request: str) -> tuple[list[Lesson], list[int]]:
    """At most one lesson: the user's last explicit correction, keyed on their first request;
    and the turns it cites (the request's and the correction's)."""
    corrections = [
        (s, t.number)
        for t in users[1:]
        for s in _sentences(t.text)
        if _CORRECTION.search(s) and "?" not in s
    ]
    if not corrections or not request:
        return [], []
    sentence, said_in = corrections[-1]
    lesson = Lesson(
        condition=_clip(f"When asked: {request}", MAX_NOTE),
        action=_clip(sentence, MAX_NOTE),
        rationale=f"{LABEL} The user corrected the assistant after a failed answer.",
        task_type="general",
    )
    cited = {users[0].number, said_in}
    return [lesson], sorted(n for n in cited if n is not None) if None not in cited else []


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(text) if s and s.strip()]


def _clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"

"""Whose words one learned item rests on: the turns it cites, checked against what was said.

In a session several people wrote in, the trust rule weighs each item by the people whose words
it rests on, not by everyone in the thread (issue 24): an owner's fact in a thread a member
joined is the owner's, the member's is the member's. The reflection cites, for each item, the
transcript turns it rests on (`reflection.prompt`). That citation is a claim made by a model
that read untrusted text — a member's message can ask it to cite the owner — so it is checked
here, and the check can only ever add people to what was cited:

- no citation, or a turn the transcript does not have: every author of the session (what the
  rule did before, never less safe);
- a cited turn of the bot's rests on the people it answered (those who wrote since its previous
  turn): its words count, and so do they;
- cited turns that do not carry the item (under half of its content words are in them): the
  citation is doubtful, so every author again;
- any other author whose own turns carry half of the item's content words or more (as much as
  a citation must carry), or who wrote a marker the item has and the cited people did not (a
  link, an address, a number, an id): added.

A session with one author needs none of this: its items rest on that author.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from writers.base import Turn, WriteContext

# Half the item's content words must be in the turns it cites for the citation to stand.
MIN_CITED_COVERAGE = 0.5
_TOKEN = re.compile(r"[^\W_]+(?:[.@:/_+-][^\W_]+)*")
_PART = re.compile(r"[^\W_]+")
_MARKER = re.compile(r"\d|[.@:/]")
# Words that say nothing about where an item came from: function words and the reflection's own
# way of writing items ("the user prefers …").
_STOP = frozenset(
    """
    the and for are but not you all any can had her was one our out has his how its may new now
    own say she too use who why yes this that with from they them then than what when where which
    will would should could there their these those have been being into onto over under about
    after before again also only just very more most some such each other does did doing done
    your yours ours mine while until because please want wants need needs like
    user users owner person people team prefers prefer asks asked says said told tells uses
    used using works working note notes noted channel thread session assistant seshat bot
    """.split()
)


@dataclass(frozen=True)
class Attribution:
    """The people one item rests on, and why (for its provenance)."""

    authors: tuple[str, ...]
    why: str
    cited: bool  # True when a citation stood (perhaps with people added)


def content_words(text: str) -> set[str]:
    """The words of `text` that could tell whose they are: whole tokens (an address, a host,
    a version) and their parts, lower-cased, without function words and one- or two-letter
    words (numbers are kept)."""
    words: set[str] = set()
    for token in _TOKEN.findall(text.casefold()):
        for word in {token, *_PART.findall(token)}:
            if word not in _STOP and (len(word) >= 3 or word.isdigit()):
                words.add(word)
    return words


def _markers(words: Iterable[str]) -> set[str]:
    return {w for w in words if _MARKER.search(w)}


def attribute(text: str, cited: Sequence[int] | None, turns: Sequence[Turn]) -> Attribution:
    """Whose words the item `text`, citing turns `cited`, rests on (see the module docstring)."""
    people = tuple(sorted({t.user_id for t in turns if t.user_id}))
    if not cited:
        return Attribution(people, "no citation: every author of the session", False)
    by_number = {t.number: t for t in turns}
    unknown = [n for n in cited if n not in by_number]
    if unknown:
        why = f"cited turn {unknown[0]}, which the transcript does not have: every author"
        return Attribution(people, why, False)
    cited_turns = [by_number[n] for n in sorted(set(cited))]
    said = [t for t in cited_turns if t.user_id]
    authors = {t.user_id for t in said if t.user_id}
    for t in cited_turns:
        if t.user_id is None:
            asked = answered(t.number, turns)
            if not asked:
                return Attribution(
                    people, "cited a bot turn that answered no one: every author", False
                )
            authors |= asked
    item = content_words(text)
    if not item:
        why = "nothing in the item to check the citation by: every author"
        return Attribution(people, why, False)
    cited_words = content_words("\n".join(t.text for t in cited_turns))
    # A marker (a link, an address, a number) counts as someone's only where a person wrote it:
    # the bot may have repeated it from anyone.
    human_words = content_words("\n".join(t.text for t in said))
    coverage = len(item & cited_words) / len(item)
    numbers = ", ".join(str(n) for n in sorted(set(cited)))
    if coverage < MIN_CITED_COVERAGE:
        why = f"turns {numbers} do not carry the item ({coverage:.0%} of its words): every author"
        return Attribution(people, why, False)
    added: list[str] = []
    for person in people:
        if person in authors:
            continue
        own = content_words("\n".join(t.text for t in turns if t.user_id == person))
        covers = len(item & own) / len(item)
        supplies = _markers(item & own) - human_words
        # Half the item or more, what a citation must carry: their words could carry it alone.
        # (Stricter than "as much as the cited turns", which always carry half or more.)
        if covers >= MIN_CITED_COVERAGE or supplies:
            added.append(person)
    why = f"cited turns {numbers}"
    if added:
        why += "; its words are also " + ", ".join(f"<@{p}>'s" for p in added)
    return Attribution(tuple(sorted(authors | set(added))), why, True)


def answered(number: int, turns: Sequence[Turn]) -> set[str]:
    """Whom the bot's turn `number` answered: the people who wrote since its previous turn (when
    it spoke twice in a row, those before the first of the two). The bot's words rest on
    theirs."""
    before = [t for t in turns if t.number < number]
    asked: set[str] = set()
    for t in reversed(before):
        if t.user_id is None:
            if asked:
                break
            continue
        asked.add(t.user_id)
    return asked


def for_item(ctx: WriteContext, text: str, cited: Sequence[int] | None) -> WriteContext:
    """`ctx` for one item: its provenance names whose words the item rests on, which is what the
    trust rule then weighs (`Guard.admit`, `Guard.least_trusted`). Unchanged for a session with
    one author."""
    if len({t.user_id for t in ctx.turns if t.user_id}) < 2:
        return ctx
    found = attribute(text, cited, ctx.turns)
    # A citation that did not stand leaves `rests_on` empty: the rule then weighs the session's
    # authors and its user, exactly as it did before items were attributed.
    rests_on = found.authors if found.cited else ()
    p = replace(ctx.provenance, rests_on=rests_on, attribution=found.why)
    return replace(ctx, provenance=p)

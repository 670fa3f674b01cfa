"""Terms for the Okapi BM25 of hybrid fact retrieval: tokenising, stemming, salted hashes.

In process on purpose (docs/design.md, "Recall"; `factindex`): a lexical index in the database
(FTS5 shadow tables, a tsvector column) would add a second stored copy of every text for forget,
rollback, edits and import to clean. What is cached here, per text hash in a bounded in-process
cache, is not text: each term is kept only as its per-process salted `hash()`, and the entry is
dropped with the fact's vector when it is forgotten, rolled back or edited (`forget`). The
same holds for the words' stems, memoised as salted hashes only (`hashed`), every one of them
dropped at any forget.
"""

from __future__ import annotations

import re
import string
from collections.abc import Sequence

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
STOPWORDS = frozenset(
    "a an and are as at be been being but by can could did do does doing for from had has have "
    "having he her hers him his how i if in into is it its me my of on or our ours she so some "
    "than that the their theirs them then there these they this those to too us was we were "
    "what when where which while who whom why will with would you your yours about also any "
    "just not no yes over very".split()
)
# ASCII punctuation but the apostrophe: never part of a `_WORD` match, nor next to one.
_EDGES = "".join(c for c in string.punctuation if c != "'")
_CACHE: dict[str, tuple[int, ...]] = {}
_CACHE_MAX = 200_000
# Each word's term, memoised by the word's salted hash (never the word itself): stemming was over
# half of building a new person's shelf (issue 27, eleventh round), and words repeat across texts
# far more than texts do. A collision of two words' 64-bit hashes is as unlikely here as the
# collision of two terms' hashes the index already accepts.
_STEMS: dict[int, int] = {}
_STEMS_MAX = 200_000
K1, B = 1.2, 0.75


def stem(word: str) -> str:
    """`_inflection` stripped, then one derivational ending (`_DERIVED`: "symbolize" →
    "symbol", "organization" → "organ")."""
    return _underive(_inflection(word))


def _inflection(word: str) -> str:
    """A light suffix stripper: plurals, -ing, -ed, possessives (enough for names and verbs),
    then two of Porter's clean-ups so a verb's forms meet: a doubled final consonant left by
    -ing/-ed is undoubled ("running" → "run", "swimming" → "swim") and a final silent e is
    dropped ("dance", "dancing", "danced" → "danc"; "hike", "hiking" → "hik")."""
    if word.endswith("'s"):
        word = word[:-2]
    word = word.replace("'", "")
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 5 and word.endswith("ing"):
        word = _undouble(word[:-3])
    elif len(word) > 4 and word.endswith("ed"):
        word = _undouble(word[:-2])
    elif len(word) > 3 and word.endswith("es") and word[-3] in "sxz":
        return word[:-2]
    elif len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    if len(word) > 3 and word.endswith("e") and not word.endswith("ee"):
        return word[:-1]
    return word


# Derivational endings that turn a word into another part of speech while keeping its sense:
# "symbols" and "symbolizing" meet (symbol), "information" and "informing" (inform). LoCoMo dev
# +0.004 (recall5). -ition added nothing there and conflates ("part"
# and "partition", "trade" and "tradition"); -al, -ment, -ness, -ous, -ity and the like added
# nothing either, and with -er/-or/-ly/-ic too lost the gain again ("general", "generous").
_DERIVED = ("ization", "isation", "ation", "iz")


def _underive(word: str) -> str:
    for suffix in _DERIVED:
        # At least 4 letters stay: "nation", "station" and "size" keep theirs.
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            word = word[: -len(suffix)]
            return word[:-1] if len(word) > 4 and word.endswith("e") else word
    return word


def _undouble(word: str) -> str:
    # "runn" → "run", but "fall", "pass" and "buzz" keep theirs (Porter's rule 1b).
    if len(word) >= 4 and word[-1] == word[-2] and word[-1] not in "aeiouylsz":
        return word[:-1]
    return word


def terms(text: str) -> tuple[str, ...]:
    """The index terms of `text`: lower-case words without stop words, lightly stemmed."""
    return tuple(stem(w) for w in words(text) if w not in STOPWORDS)


def words(text: str) -> list[str]:
    """`_WORD`'s matches in `text` lower-cased (the words `terms` and `hashed` stem). A match
    never spans whitespace, so in ASCII text they are the whitespace-split pieces that are all
    letters and digits, and the matches within the others: a fifth of what scanning the whole
    text with the regular expression cost (a third of tokenising a new fact; issue 27,
    fourteenth round)."""
    low = text.lower()
    if not low.isascii():
        return _WORD.findall(low)
    out: list[str] = []
    for piece in low.split():
        if piece.isalnum():
            out.append(piece)
            continue
        # A word with punctuation only at its edges ("20:", "services,", "(prod)") is that word
        # alone: `_EDGES` holds no letter, digit or apostrophe, so the expression would match
        # the core and nothing else. One C call rather than the expression's scan (ten new
        # facts' words 0.136 → 0.115 M instructions; issue 27, sixteenth round); any other
        # piece is scanned as before.
        core = piece.strip(_EDGES)
        if core.isalnum():
            out.append(core)
        else:
            out += _WORD.findall(piece)
    return out


def hashed(text: str) -> tuple[int, ...]:
    """`terms(text)` as salted hashes (what documents and queries are compared by)."""
    out = []
    memo = _STEMS
    for word in words(text):
        if word in STOPWORDS:
            continue
        key = hash(word)
        got = memo.get(key)
        if got is None:
            if word.isdigit():
                # A number is its own stem (`stem` only strips letters), so its term is its
                # hash: the numbers new to each fact were most of its stemming.
                out.append(key)
                continue
            if len(memo) >= _STEMS_MAX:
                memo.clear()
            got = memo[key] = hash(stem(word))
        out.append(got)
    return tuple(out)


def cached_terms(key: str, text: str) -> tuple[int, ...]:
    """`hashed(text)`, cached by `key` (a text hash)."""
    got = _CACHE.get(key)
    if got is None:
        if len(_CACHE) >= _CACHE_MAX:
            _CACHE.clear()
        got = _CACHE[key] = hashed(text)
    return got


def forget(keys: Sequence[str]) -> None:
    """Drop forgotten texts' token lists from the cache, and every memoised stem (which text a
    word came from is not kept, so all go; the next texts stem theirs again)."""
    for key in keys:
        _CACHE.pop(key, None)
    _STEMS.clear()


def stems_memoised() -> int:
    """How many words' stems are memoised (the forget tests look here)."""
    return len(_STEMS)


def cache_holds(key: str) -> bool:
    """Whether a text hash still has cached terms (the forget tests look here)."""
    return key in _CACHE


# BM25 parameters, and one round of pseudo-relevance feedback: the terms of the PRF_DOCS best
# matches, as a second query weighted PRF_WEIGHT (finds facts a question implies but does not
# name: +0.02 recall on the LoCoMo dev conversations). The scorer is `factindex.Shelf.bm25`.
PRF_DOCS, PRF_WEIGHT = 5, 0.2
# A feedback term held by more than this many of the scope's facts is left out: a bound on the
# round's cost (its BM25 costs its postings; in the scale bench's 100k-fact scope the feedback
# terms of five facts are months, names and numbers held by 3,000-33,000 facts each), not a
# ranking choice, and the same bound as the query expansion's. No effect in a scope of fewer
# facts.
PRF_MAX_POSTINGS = 2_000

"""A rule's gate: the pieces every match of its pattern holds, read from the pattern itself, so
that a text without them is not searched with the pattern at all.

Most chat holds no secret, and searching it with every rule was most of redacting it (issue 27,
thirteenth round): a search that fails still tries the pattern at each position of the text. The
gate is derived from the compiled pattern's syntax tree (`re._parser`), as RE2's and Hyperscan's
prefilters are, so a rule added later gets one without anyone writing it, and it cannot ask for
more than the pattern does:

- a literal character, a small character set, and a run of them in a row are pieces a match
  holds (`ghp_`, `xox`, `password`); a larger set of characters made of digits, letters or
  spaces (`\\d`, `[0-9]`) is one too, a character of it;
- an alternation needs one of its branches' pieces (`password|passwd|pwd`);
- a repeat needs its body's pieces when it repeats at least once, nothing when it may not;
- a positive lookaround's pieces are in the text too (outside the match maybe, inside the text
  all the same); a negative lookaround, a back-reference, a conditional group, any character or
  a negated set needs nothing, and ends the run of literals around it;
- apart from the factors, the fewest decimal digits a match holds (`digits`: a card number's
  twelve, a phone number's seven): a text with fewer digits in all is not searched (issue 27,
  sixteenth round: chat holds a digit or two where a phone number needs seven).

A gate is a few factors; the text must hold a piece of every factor. An ASCII text (most chat) is
asked in lower case: a case-insensitive piece is lowered, a case-sensitive one is looked for as
written or, in a large factor, lowered too (which only lets more texts through). Only four
characters outside ASCII match an ASCII one when case is ignored (`İ ı ſ K`): a piece is cut at
them, and a piece with any other character outside ASCII cannot be in an ASCII text. Any other
text is asked through a regex of the factor's pieces with the pattern's case rules, so the engine
that runs the rule decides. Dropping a factor or cutting a piece only makes a gate weaker, never
wrong: when in doubt the derivation drops. tests/writers/redact/test_rule_gates.py checks that
every rule has its gate and that no gate closes on a text its rule matches (every development
text, and generated ones).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any

# A piece: a literal string, or (`is_class`) a character class's regex; whether case is ignored.
Piece = tuple[str, bool, bool]
Factor = frozenset[Piece]
Strings = frozenset[Piece]  # the exact strings a node matches (literal pieces only)

# The most strings a run of literals, an alternation or a character class is expanded into.
_MAX_STRINGS = 64
_MAX_CLASS = 10
# The factors a gate keeps (the most selective ones: the longest shortest piece).
_MAX_FACTORS = 3
# A text that is not ASCII is asked only the factors of at most this many pieces: the regex
# engine tries an alternation at every position of the text, branch by branch.
_MAX_REGEX = 16

_I = re.IGNORECASE
_EMPTY: Strings = frozenset({("", False, False)})
# The characters outside ASCII that match an ASCII one when case is ignored (checked against the
# engine by the tests).
ASCII_FOLDS = "\u0130\u0131\u017f\u212a"
# The classes a character set may be made of to be a piece: digits, word characters, spaces
# (never a negation: under `re.ASCII`, `\W` is wider than the class the gate would ask for).
_CATEGORIES = {sre.CATEGORY_DIGIT: r"\d", sre.CATEGORY_WORD: r"\w", sre.CATEGORY_SPACE: r"\s"}


# A decimal digit (Unicode's `Nd`, as the engine reads `\d` in a str pattern).
_DIGIT = re.compile(r"\d")
_ASCII_DIGITS = "0123456789"
_NOT_DIGITS = bytes(c for c in range(128) if chr(c) not in _ASCII_DIGITS)
# The most sets of held bits a prescan keeps its choice of rules for (`Prescan.select`).
_CHOSEN = 4096


@functools.lru_cache(maxsize=16)
def decimal_digits(text: str) -> int:
    """How many decimal digits `text` holds (what `\\d` matches in it, one by one). Asked of one
    text by several gates and by the redactor's recognizers: the last few answers are kept."""
    if text.isascii():
        # Its bytes less every one that is no digit, in one call (ten `count`s cost four times
        # as much: each parses its argument).
        return len(text.encode().translate(None, _NOT_DIGITS))
    return len(_DIGIT.findall(text))


def _only_digits(items: list[tuple[Any, Any]]) -> bool:
    """Whether a character set matches decimal digits only (`\\d`, `[0-9]`, `[2-7]`, `[05]`)."""
    for op, av in items:
        if op is sre.LITERAL:
            if not 0x30 <= av <= 0x39:
                return False
        elif op is sre.RANGE:
            if not (0x30 <= av[0] and av[1] <= 0x39):
                return False
        elif not (op is sre.CATEGORY and av is sre.CATEGORY_DIGIT):
            return False  # a negation, another class
    return bool(items)


def _fewest_digits(items: Any) -> int:
    """The fewest decimal digits any match of a sequence consumes: a digit, a set of digits only,
    a repeat's least count of its body's, an alternation's fewest branch, a group's content;
    anything else (a lookaround, a back-reference, a conditional group, any character) none."""
    total = 0
    for op, av in items:
        if op is sre.LITERAL:
            total += 0x30 <= av <= 0x39
        elif op is sre.IN:
            total += _only_digits(av)
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
            total += av[0] * _fewest_digits(av[2]) if av[0] else 0
        elif op is sre.SUBPATTERN:
            total += _fewest_digits(av[3])
        elif op is sre.ATOMIC_GROUP:
            total += _fewest_digits(av)
        elif op is sre.BRANCH:
            total += min(_fewest_digits(sub) for sub in av[1])
    return total


def fewest_digits(pattern: re.Pattern[str]) -> int:
    """The fewest decimal digits a match of `pattern` holds: a text with fewer has no match."""
    return _fewest_digits(sre_parse.parse(pattern.pattern, pattern.flags))


def _join(a: Piece, b: Piece) -> Piece:
    # A case-sensitive piece read case-insensitively is weaker, never wrong.
    return (a[0] + b[0], a[1] or b[1], False)


def _product(a: Strings, b: Strings) -> Strings | None:
    if len(a) * len(b) > _MAX_STRINGS:
        return None
    return frozenset(_join(x, y) for x in a for y in b)


def _class(items: list[tuple[Any, Any]], icase: bool) -> tuple[Strings | None, list[Factor]]:
    """A character class: its characters when it is small and spelled out, else itself as one
    piece when it is made of ranges, characters and positive classes only."""
    chars: set[str] = set()
    source: list[str] = []
    spelled = True  # every character of the class is in `chars`
    for op, av in items:
        if op is sre.LITERAL:
            chars.add(chr(av))
            source.append(re.escape(chr(av)))
        elif op is sre.RANGE:
            chars.update(chr(c) for c in range(av[0], min(av[1], av[0] + _MAX_CLASS) + 1))
            spelled = spelled and av[1] - av[0] <= _MAX_CLASS
            source.append(f"{re.escape(chr(av[0]))}-{re.escape(chr(av[1]))}")
        elif op is sre.CATEGORY and av in _CATEGORIES:
            spelled = False
            source.append(_CATEGORIES[av])
        else:
            return None, []  # a negation, a negated class
    if not source:
        return None, []
    if spelled and len(chars) <= _MAX_CLASS:
        return frozenset((c, icase, False) for c in chars), []
    return None, [frozenset({("[" + "".join(source) + "]", icase, True)})]


def _score(factor: Factor) -> tuple[int, int]:
    """How selective a factor is: the length of its shortest piece (a class counts as one
    character), then the fewer pieces the better (a class counts as its ASCII characters)."""
    shortest = min(1 if is_class else len(s) for s, _, is_class in factor)
    return (shortest, -sum(len(_ascii_class(p)) if p[2] else 1 for p in factor))


def _best(exact: Strings | None, factors: list[Factor]) -> Factor | None:
    """The one factor that stands for a branch: its most selective one."""
    candidates = list(factors)
    if exact is not None and all(s for s, _, _ in exact):
        candidates.append(exact)
    return max(candidates, key=_score) if candidates else None


def _node(op: Any, av: Any, icase: bool) -> tuple[Strings | None, list[Factor]]:
    """What one node of the tree matches: the exact strings (None when not a few), and the
    factors any match of it holds."""
    if op is sre.LITERAL:
        return frozenset({(chr(av), icase, False)}), []
    if op is sre.IN:
        return _class(av, icase)
    if op is sre.AT or op is sre.ASSERT_NOT:
        return _EMPTY, []
    if op is sre.ASSERT:
        exact, factors = _seq(av[1], icase)
        if exact is not None and all(s for s, _, _ in exact):
            factors = [*factors, exact]
        return _EMPTY, factors
    if op is sre.SUBPATTERN:
        _group, add, delete, sub = av
        return _seq(sub, (icase or bool(add & _I)) and not delete & _I)
    if op is sre.ATOMIC_GROUP:
        return _seq(av, icase)
    if op is sre.BRANCH:
        branches = [_seq(sub, icase) for sub in av[1]]
        if all(e is not None for e, _ in branches):
            union: Strings = frozenset().union(*(e for e, _ in branches if e is not None))
            if len(union) <= _MAX_STRINGS:
                return union, []
        best = [_best(e, f) for e, f in branches]
        if any(b is None for b in best):
            return None, []
        return None, [frozenset().union(*(b for b in best if b is not None))]
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
        low, high, sub = av
        if low < 1:
            return None, []
        exact, factors = _seq(sub, icase)
        if exact is None:
            return None, factors
        # The match holds `low` of the body's strings in a row (as many as can be spelled out).
        repeated: Strings = exact
        for _ in range(low - 1):
            more = _product(repeated, exact)
            if more is None:
                break
            repeated = more
        else:
            if low == high:
                return repeated, factors
        if all(s for s, _, _ in repeated):
            factors = [*factors, repeated]
        return None, factors
    return None, []  # any character, a back-reference, a conditional group, …


def _seq(items: Any, icase: bool) -> tuple[Strings | None, list[Factor]]:
    """A sequence: runs of exact strings in a row are joined; each run, ended by a node that
    is not exact, becomes a factor."""
    factors: list[Factor] = []
    run: Strings = _EMPTY
    whole = True

    def close(strings: Strings) -> None:
        if all(s for s, _, _ in strings):
            factors.append(strings)

    for op, av in items:
        exact, found = _node(op, av, icase)
        factors += found
        if exact is None:
            close(run)
            run, whole = _EMPTY, False
            continue
        joined = _product(run, exact)
        if joined is None:
            close(run)
            run, whole = exact, False
        else:
            run = joined
    if whole:
        return run, factors
    close(run)
    return None, factors


def _ascii_pieces(piece: Piece) -> str | None:
    """A literal piece as it can appear in an ASCII text in lower case: its longest run of
    ASCII characters between the characters that fold to ASCII, lowered; None when a character
    of it can be in no ASCII text."""
    text, icase, _ = piece
    if any(not c.isascii() and not (icase and c in ASCII_FOLDS) for c in text):
        return None
    runs = re.split("[" + ASCII_FOLDS + "]", text)
    return max(runs, key=len).lower()


@functools.cache
def _ascii_class(piece: Piece) -> str:
    """The ASCII characters a class piece matches, lowered."""
    src, icase, _ = piece
    regex = re.compile(src, _I if icase else 0)
    return "".join(sorted({chr(c).lower() for c in range(128) if regex.match(chr(c))}))


# One factor, asked of an ASCII text: its literal pieces with `in` (the first tuple in the text
# as written, the second in the text in lower case), and its classes' ASCII characters in one
# regex over the text in lower case (None: no class), whose answer the rules of one text share.
# A literal piece is looked for with `in`: the regex engine would try an alternation of many
# words at every position of the text, where `in` scans for each word in C.
Check = tuple[tuple[str, ...], tuple[str, ...], "re.Pattern[str] | None"]


def _ascii_parts(factor: Factor) -> tuple[tuple[str, ...], tuple[str, ...], str]:
    """A factor as an ASCII text is asked it: its pieces looked for as written, those looked for
    in the text in lower case, and its classes' ASCII characters (lowered; "": no class)."""
    exact = {s for s, icase, is_class in factor if not is_class and not icase and s.isascii()}
    kept = (_ascii_pieces(p) for p in factor if p[1] and not p[2])
    folded = {s for s in kept if s is not None}
    chars = "".join(sorted(set("".join(_ascii_class(p) for p in factor if p[2]))))
    # The shortest pieces first: they are the likeliest to be found.
    return (
        tuple(sorted(exact, key=lambda s: (len(s), s))),
        tuple(sorted(folded, key=lambda s: (len(s), s))),
        chars,
    )


def _check(factor: Factor) -> Check:
    exact, folded, chars = _ascii_parts(factor)
    return exact, folded, re.compile("[" + re.escape(chars) + "]") if chars else None


def _regex(factor: Factor) -> re.Pattern[str]:
    """The factor as one regex, for any text, with the pattern's case rules."""
    parts = []
    for s, icase, is_class in factor:
        part = s if is_class else re.escape(s)
        parts.append(f"(?i:{part})" if icase else part)
    return re.compile("|".join(sorted(parts)))


@dataclass(frozen=True)
class Gate:
    """The factors a text must hold (a piece of each) for its rule to be searched at all (none:
    every text is searched), and how each is asked."""

    factors: tuple[Factor, ...]
    checks: tuple[Check, ...]
    regexes: tuple[re.Pattern[str], ...]
    digits: int = 0  # the fewest decimal digits a match holds

    def opens(self, text: str, lowered: str | None, seen: dict[re.Pattern[str], bool]) -> bool:
        """Whether `text` holds a piece of every factor, and digits enough; `lowered` is
        `text.lower()` when the text is ASCII, None when it is not; `seen` keeps the classes'
        answers for the text."""
        if self.digits and decimal_digits(text) < self.digits:
            return False
        if lowered is None:
            for regex in self.regexes:
                if regex.search(text) is None:
                    return False
            return True
        # One loop, no call per factor: this runs for every rule on every text.
        for exact, folded, chars in self.checks:
            for piece in exact:
                if piece in text:
                    break
            else:
                for piece in folded:
                    if piece in lowered:
                        break
                else:
                    if chars is None:
                        return False
                    found = seen.get(chars)
                    if found is None:
                        found = seen[chars] = chars.search(lowered) is not None
                    if not found:
                        return False
        return True


OPEN = Gate((), (), ())


def gate_of(pattern: re.Pattern[str]) -> Gate:
    """The gate of a compiled pattern: its most selective factors."""
    tree = sre_parse.parse(pattern.pattern, pattern.flags)
    exact, factors = _seq(tree, bool(tree.state.flags & _I))
    if exact is not None and all(s for s, _, _ in exact):
        factors = [*factors, exact]
    chosen = tuple(sorted(set(factors), key=lambda f: (_score(f), sorted(f)), reverse=True))
    chosen = chosen[:_MAX_FACTORS]
    regexes = tuple(_regex(f) for f in chosen if len(f) <= _MAX_REGEX)
    return Gate(chosen, tuple(map(_check, chosen)), regexes, _fewest_digits(tree))


def _trie(pieces: set[str]) -> str:
    """A regex of `pieces` (none empty) as a trie: the branches at each node start with distinct
    characters, and a piece that goes on into a longer one makes the rest optional (greedy), so
    a match at a place is the longest piece found there, and every piece found there is a
    prefix of it."""
    root: dict[str, Any] = {}
    for piece in pieces:
        node = root
        for c in piece:
            node = node.setdefault(c, {})
        node[""] = None  # a piece ends here

    def emit(node: dict[str, Any]) -> str:
        branches = [re.escape(c) + emit(child) for c, child in sorted(node.items()) if c]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return "(?:" + body + ")?" if "" in node else body

    return emit(root)


@dataclass(frozen=True)
class Prescan:
    """The gates of a list of rules asked of an ASCII text at once (`find`): each distinct factor
    is a bit; one scan of the text in lower case with a trie of every literal piece of two
    characters or more, and one look at the text's characters for the pieces of one and the
    classes, give the bits the text holds, and a rule is
    searched only when the text holds all of its bits. The same answer as each rule's
    `Gate.opens`, in one pass over the text instead of a few `in` per factor per rule (issue 27,
    fourteenth round)."""

    needs: tuple[int, ...]  # by rule: the bits it needs (0: none)
    trie: re.Pattern[str] | None  # every piece of two characters or more, in lower case
    # A piece found (the longest one at its place): the bits of it and of the pieces it starts
    # with (all found where it is), and the pieces looked for as written that it and they are
    # the lower case of, each to be found in the text as written (with its bits).
    found: dict[str, tuple[int, tuple[tuple[str, int], ...]]]
    classes: tuple[tuple[frozenset[str], int], ...]  # a class's ASCII characters (lowered), bits
    always: int  # the bits of factors every ASCII text holds (a piece cut down to nothing)
    # By a text's count of digits (the last one for any more): the bits of the gates' `digits`
    # it reaches (each distinct count is a bit).
    floors: tuple[int, ...] = ()
    # The pieces of one character (in lower case): one of the text's characters, not looked for
    # with the trie, which matched at most places of a text for them, at ~1,000 instructions a
    # match (issue 27, sixteenth round).
    singles: frozenset[str] = frozenset()
    # Every bit (the needs' union): `missing` below is this less the held bits, a positive int
    # (`~held` is negative, and a negative int's `&` costs an allocation and a complement more).
    every: int = 0
    # The rules' indexes to search, by the bits a text holds (`select`): a pure function of
    # them, and chat repeats the same bits text after text (issue 27, eighteenth round: choosing
    # among the 102 rules was ~100 k instructions a text, a third of a message's redaction).
    _chosen: dict[int, tuple[int, ...]] = field(default_factory=dict, compare=False, repr=False)

    def select(self, held: int) -> tuple[int, ...]:
        """The indexes of the rules a text holding the bits `held` holds every bit of, in
        order (kept for the last `_CHOSEN` distinct `held`)."""
        chosen = self._chosen.get(held)
        if chosen is None:
            missing = self.every & ~held
            chosen = tuple(i for i, need in enumerate(self.needs) if not need & missing)
            if len(self._chosen) >= _CHOSEN:
                self._chosen.clear()  # rarely: chat's bits are few sets
            self._chosen[held] = chosen
        return chosen

    def holds(self, text: str, lowered: str) -> int:
        """The bits `text` (ASCII; `lowered` is it in lower case) holds."""
        mask = self.always
        if self.trie is not None:
            for piece in set(self.trie.findall(lowered)):
                bits, written = self.found[piece]
                mask |= bits
                for exact, more in written:
                    if exact in text:
                        mask |= more
        chars = set(lowered)
        for char in self.singles & chars:
            bits, written = self.found[char]
            mask |= bits
            for exact, more in written:
                if exact in text:
                    mask |= more
        for members, bits in self.classes:
            if not members.isdisjoint(chars):
                mask |= bits
        if self.floors:
            mask |= self.floors[min(decimal_digits(text), len(self.floors) - 1)]
        return mask


def prescan_of(gates: Sequence[Sequence[Gate]]) -> Prescan:
    """The prescan of a list of rules, each given by the gates all of which it must pass (its
    pattern's and its `needs`' gate)."""
    bit_of: dict[tuple[tuple[str, ...], tuple[str, ...], str], int] = {}
    # By piece in lower case: the bits found with it alone, and those of each piece looked for as
    # written whose lower case it is (a piece with no letter is found as written where it is
    # found in lower case: lowering an ASCII text changes its letters only).
    lower: dict[str, int] = {}
    written: dict[str, dict[str, int]] = {}
    classes: dict[str, int] = {}
    floor_of: dict[int, int] = {}  # a count of digits a gate asks for: its bit
    always = 0
    needs: list[int] = []
    for rule_gates in gates:
        need = 0
        for g in rule_gates:
            if g.digits:
                if g.digits not in floor_of:
                    floor_of[g.digits] = 1 << (len(bit_of) + len(floor_of))
                need |= floor_of[g.digits]
        for factor in (f for g in rule_gates for f in g.factors):
            parts = _ascii_parts(factor)
            bit = bit_of.get(parts)
            if bit is None:
                bit = bit_of[parts] = 1 << (len(bit_of) + len(floor_of))
                exact, folded, chars = parts
                for piece in exact:
                    if piece.lower() == piece.upper():
                        lower[piece] = lower.get(piece, 0) | bit
                    else:
                        pieces = written.setdefault(piece.lower(), {})
                        pieces[piece] = pieces.get(piece, 0) | bit
                        lower.setdefault(piece.lower(), 0)
                for piece in folded:
                    if piece:
                        lower[piece] = lower.get(piece, 0) | bit
                    else:
                        always |= bit  # `"" in lowered` holds for every text
                if chars:
                    classes[chars] = classes.get(chars, 0) | bit
            need |= bit
        needs.append(need)
    found: dict[str, tuple[int, tuple[tuple[str, int], ...]]] = {}
    for piece in lower:
        prefixes = [piece[:end] for end in range(1, len(piece) + 1)]
        bits = 0
        for p in prefixes:
            bits |= lower.get(p, 0)
        found[piece] = (bits, tuple(e for p in prefixes for e in written.get(p, {}).items()))
    longer = {piece for piece in lower if len(piece) > 1}
    return Prescan(
        needs=tuple(needs),
        # A lookahead: the trie is tried at every place, so pieces that overlap are all found.
        trie=re.compile("(?=(" + _trie(longer) + "))") if longer else None,
        found=found,
        singles=frozenset(piece for piece in lower if len(piece) == 1),
        classes=tuple((frozenset(chars), bits) for chars, bits in classes.items()),
        always=always,
        every=functools.reduce(int.__or__, needs, 0),
        floors=tuple(
            functools.reduce(int.__or__, (b for d, b in floor_of.items() if d <= n), 0)
            for n in range(max(floor_of, default=-1) + 1)
        ),
    )


def _first(items: Any, icase: bool) -> tuple[list[str], bool] | None:
    """The characters a match of a sequence can start with, as the items of a character class
    (regex source), and whether the sequence can match the empty string (then what follows it
    may start a match too); None when they cannot be read (any character, a negated set, a
    back-reference, a group that turns case on or off)."""
    out: list[str] = []
    for op, av in items:
        if op is sre.AT or op is sre.ASSERT or op is sre.ASSERT_NOT:
            continue  # zero width: the next node starts the match (the assertion only narrows)
        if op is sre.LITERAL:
            out.append(re.escape(chr(av)))
            return out, False
        if op is sre.IN:
            for item, value in av:
                if item is sre.LITERAL:
                    out.append(re.escape(chr(value)))
                elif item is sre.RANGE:
                    out.append(f"{re.escape(chr(value[0]))}-{re.escape(chr(value[1]))}")
                elif item is sre.CATEGORY and value in _CATEGORIES:
                    out.append(_CATEGORIES[value])
                else:
                    return None  # a negation, a negated class
            return out, False
        if op is sre.SUBPATTERN or op is sre.ATOMIC_GROUP:
            if op is sre.SUBPATTERN and (av[1] & _I or av[2] & _I):
                return None  # the class is read with the pattern's own case rule
            sub = _first(av[3] if op is sre.SUBPATTERN else av, icase)
        elif op is sre.BRANCH:
            branches = [_first(b, icase) for b in av[1]]
            if any(b is None for b in branches):
                return None
            sub = (
                [s for b in branches if b is not None for s in b[0]],
                any(b is not None and b[1] for b in branches),
            )
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
            body = _first(av[2], icase)
            sub = None if body is None else (body[0], body[1] or av[0] == 0)
        else:
            return None  # any character, a back-reference, a conditional group, …
        if sub is None:
            return None
        out += sub[0]
        if not sub[1]:
            return out, False
    return out, True


def places(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """A pattern that matches one character at every place where `pattern` matches, and only
    there: `[F](?<=(?=(?:pattern))[F])`, F the characters a match of `pattern` can start with
    (its groups kept, read as `pattern`'s). A pattern that opens with a lookaround (or a
    lookahead tried at every place, to find matches that overlap) is tried by the regex engine
    at every place of a text; one that opens with a character class lets the engine skip in C
    the places that hold none of its characters (issue 27, seventeenth round). `pattern`
    itself when F cannot be read (a match may be empty, or start with any character): the
    caller then reads its matches' starts as before."""
    tree = sre_parse.parse(pattern.pattern, pattern.flags)
    first = _first(tree, bool(tree.state.flags & _I))
    if first is None or first[1] or not first[0]:
        return pattern
    chars = "[" + "".join(dict.fromkeys(first[0])) + "]"
    # The pattern's global flags (`(?i)` at its start) are the compiled pattern's.
    source = _GLOBAL_FLAGS.sub("", pattern.pattern, count=1)
    return re.compile(f"{chars}(?<=(?=(?:{source})){chars})", pattern.flags)


_GLOBAL_FLAGS = re.compile(r"\A\(\?[aiLmsux]+\)")

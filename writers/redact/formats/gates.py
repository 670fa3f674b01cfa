"""A rule's gate: the literal pieces every match of its pattern holds, read from the pattern
itself, so that a text without them is not searched with the pattern at all.

Most chat holds no secret, and searching it with every rule was most of redacting it (issue
27): a search that fails still tries the pattern at each position of the text. The gate is
derived from the compiled pattern's syntax tree (`re._parser`), as RE2's and Hyperscan's
prefilters are, so a rule added later gets one without anyone writing it, and it cannot say
more than the pattern says:

- a literal character, a small character set, and a run of them in a row are pieces a match
  must hold (`ghp_`, `xox`, `password`);
- an alternation needs one of its branches' pieces (`password|passwd|pwd`);
- a repeat needs its body's pieces when it repeats at least once, nothing when it may not;
- a positive lookaround's pieces are in the text too (outside the match maybe, inside the
  text all the same); a negative lookaround, a back-reference, a conditional group or a large
  character class needs nothing, and ends the run of literals around it.

A gate is a few factors; the text must hold one piece of every factor. Case-insensitive pieces
are compared with the text in lower case when the text is ASCII (the only case where `str.lower`
and the regex engine's case folding agree: `ſ` matches `s` in the engine); a text that is not
ASCII is asked through a regex of the pieces with the pattern's own case flags, so the engine
that runs the rule decides. Dropping a factor, or a piece's characters the check cannot compare,
only makes a gate weaker, never wrong: when in doubt the derivation drops.
tests/writers/redact/test_rule_gates.py checks that every rule has a gate and that no gate
closes on a text its rule matches (every development text, and generated ones).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any

# A piece: its characters and whether they are compared case-insensitively.
Piece = tuple[str, bool]
Factor = frozenset[Piece]

# The most strings a run of literals, an alternation or a character class is expanded into.
_MAX_STRINGS = 64
_MAX_CLASS = 10
# The factors a gate keeps (the most selective ones: the longest shortest piece).
_MAX_FACTORS = 3

_I = re.IGNORECASE
_EMPTY: frozenset[Piece] = frozenset({("", False)})


def _join(a: Piece, b: Piece) -> Piece:
    # A case-sensitive piece read case-insensitively is weaker, never wrong.
    return (a[0] + b[0], a[1] or b[1])


def _product(a: frozenset[Piece], b: frozenset[Piece]) -> frozenset[Piece] | None:
    if len(a) * len(b) > _MAX_STRINGS:
        return None
    return frozenset(_join(x, y) for x in a for y in b)


def _class(items: list[tuple[Any, Any]], icase: bool) -> frozenset[Piece] | None:
    """A character class's characters, when it is small and spelled out."""
    chars: list[str] = []
    for op, av in items:
        if op is sre.LITERAL:
            chars.append(chr(av))
        elif op is sre.RANGE and av[1] - av[0] < _MAX_CLASS:
            chars += [chr(c) for c in range(av[0], av[1] + 1)]
        else:
            return None  # a category, a negation, a wide range
        if len(chars) > _MAX_CLASS:
            return None
    return frozenset((c, icase) for c in chars) if chars else None


def _score(factor: Factor) -> tuple[int, int]:
    return (min(len(s) for s, _ in factor), -len(factor))


def _best(exact: frozenset[Piece] | None, factors: list[Factor]) -> Factor | None:
    """The one factor that stands for a branch: its most selective one."""
    candidates = list(factors)
    if exact is not None and all(s for s, _ in exact):
        candidates.append(exact)
    return max(candidates, key=_score) if candidates else None


def _node(op: Any, av: Any, icase: bool) -> tuple[frozenset[Piece] | None, list[Factor]]:
    """What one node of the tree matches: the exact strings (None when not a few), and the
    factors any match of it holds."""
    if op is sre.LITERAL:
        return frozenset({(chr(av), icase)}), []
    if op is sre.IN:
        return _class(av, icase), []
    if op is sre.AT or op is sre.ASSERT_NOT:
        return _EMPTY, []
    if op is sre.ASSERT:
        exact, factors = _seq(av[1], icase)
        if exact is not None and all(s for s, _ in exact):
            factors = [*factors, exact]
        return _EMPTY, factors
    if op is sre.SUBPATTERN:
        _group, add, delete, sub = av
        inner = (icase or bool(add & _I)) and not delete & _I
        return _seq(sub, inner)
    if op is sre.ATOMIC_GROUP:
        return _seq(av, icase)
    if op is sre.BRANCH:
        branches = [_seq(sub, icase) for sub in av[1]]
        if all(e is not None for e, _ in branches):
            union = frozenset().union(*(e for e, _ in branches if e is not None))
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
        if exact is not None and low == high:
            repeated: frozenset[Piece] | None = _EMPTY
            for _ in range(low):
                repeated = _product(repeated, exact) if repeated is not None else None
            if repeated is not None:
                return repeated, factors
        if exact is not None and all(s for s, _ in exact):
            factors = [*factors, exact]
        return None, factors
    return None, []  # any character, a back-reference, a conditional group, …


def _seq(items: Any, icase: bool) -> tuple[frozenset[Piece] | None, list[Factor]]:
    """A sequence: runs of exact strings in a row are joined; each run, ended by a node that
    is not exact, becomes a factor."""
    factors: list[Factor] = []
    run: frozenset[Piece] = _EMPTY
    whole = True

    def close(strings: frozenset[Piece]) -> None:
        if all(s for s, _ in strings):
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


def _ascii_piece(piece: Piece) -> str:
    """A case-insensitive piece as compared with an ASCII text in lower case: its longest run
    of ASCII characters, lowered (a character outside ASCII may match an ASCII one when case is
    ignored: `K`, the Kelvin sign, matches `k`; `ſ` matches `s`)."""
    runs = re.split(r"[^\x00-\x7f]", piece[0])
    return max(runs, key=len).lower()


def _alternatives(factor: Factor) -> re.Pattern[str]:
    parts = sorted(f"(?i:{re.escape(s)})" if icase else re.escape(s) for s, icase in factor)
    return re.compile("|".join(parts))


# A factor for an ASCII text: the case-sensitive pieces, looked for in the text, and the others
# in lower case, looked for in the text in lower case.
AsciiFactor = tuple[tuple[str, ...], tuple[str, ...]]


@dataclass(frozen=True)
class Gate:
    """The factors a text must hold (one piece of each) for its rule to be searched at all (none:
    every text is searched)."""

    factors: tuple[Factor, ...]
    ascii_factors: tuple[AsciiFactor, ...]
    # For a text that is not ASCII: one regex a factor, with the pattern's own case rules.
    regexes: tuple[re.Pattern[str], ...]

    def opens(self, text: str, lowered: str | None) -> bool:
        """Whether `text` holds a piece of every factor; `lowered` is `text.lower()` when the
        text is ASCII, None when it is not."""
        if lowered is None:
            for regex in self.regexes:
                if regex.search(text) is None:
                    return False
            return True
        for exact, folded in self.ascii_factors:
            for piece in exact:
                if piece in text:
                    break
            else:
                for piece in folded:
                    if piece in lowered:
                        break
                else:
                    return False
        return True


OPEN = Gate((), (), ())


def gate_of(pattern: re.Pattern[str]) -> Gate:
    """The gate of a compiled pattern: its most selective factors."""
    tree = sre_parse.parse(pattern.pattern, pattern.flags)
    exact, factors = _seq(tree, bool(tree.state.flags & _I))
    if exact is not None and all(s for s, _ in exact):
        factors = [*factors, exact]
    # A factor one of whose case-insensitive pieces has no ASCII character could not be asked
    # of an ASCII text: it is left out.
    usable = [f for f in set(factors) if all(_ascii_piece(p) for p in f if p[1])]
    chosen = tuple(sorted(usable, key=_score, reverse=True)[:_MAX_FACTORS])
    return Gate(
        chosen,
        tuple(
            (
                tuple(sorted({s for s, icase in f if not icase})),
                tuple(sorted({_ascii_piece(p) for p in f if p[1]})),
            )
            for f in chosen
        ),
        tuple(_alternatives(f) for f in chosen),
    )

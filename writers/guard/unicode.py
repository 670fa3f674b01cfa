"""What a model would read: hidden characters located and decoded, look-alikes undone.

Invisible and format characters (zero-width, bidi controls, Unicode tag characters) are evidence
of smuggling, not noise: `hidden` reports where they were and what the text says once decoded
(tag characters spelled out, right-to-left override runs put back in reading order), so the guard
can quarantine the item and show the owner exactly that. `variants` gives the canonical forms the
safety rules run on (NFKC, homoglyphs mapped to Latin, letter-spaced words joined, digit
look-alikes undone), so cheap obfuscation does not hide an attack.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

_EXTRA_INVISIBLE = frozenset("\u034f\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5")


def is_invisible(ch: str) -> bool:
    # Cf covers zero-width, bidi controls, tag characters (U+E0000–E007F), BOM, soft hyphen.
    return unicodedata.category(ch) == "Cf" or ch in _EXTRA_INVISIBLE


def _is_emoji(ch: str) -> bool:
    return unicodedata.category(ch) in ("So", "Sk") or ch == "\ufe0f"


def strip_invisible(text: str) -> str:
    """Remove zero-width, bidi-control, tag and other invisible format characters.

    A zero-width joiner between two emoji is kept, since emoji sequences need it.
    """
    if text.isascii():  # no invisible character is ASCII: most learned text is done here
        return text
    drop = [i for i in _non_ascii(text) if is_invisible(text[i]) and not _emoji_joiner(text, i)]
    if not drop:
        return text
    parts, start = [], 0
    for i in drop:
        parts.append(text[start:i])
        start = i + 1
    parts.append(text[start:])
    return "".join(parts)


_NON_ASCII = re.compile(r"[^\x00-\x7f]")


def _non_ascii(text: str) -> list[int]:
    """Where the non-ASCII characters of `text` are (the only ones that can be hidden)."""
    return [m.start() for m in _NON_ASCII.finditer(text)]


_HOMOGLYPHS = str.maketrans(
    "аеорсухіјѕԁɡһӏԛԝАВЕКМНОРСТУХІЈЅ"  # Cyrillic
    "αεικνορτυχΑΒΕΗΙΚΜΝΟΡΤΧΥΖ"  # Greek
    "ɪɢɴᴏʀᴇᴀᴛꜱᴜᴍᴅʏᴄʜᴋʟᴘᴡᴠᴢʙꜰᴊ",  # small capitals
    "aeopcyxijsdghlqwABEKMHOPCTYXIJSaeikvoptuxABEHIKMNOPTXYZignoreatsumdychklpwvzbfj",
)
_LATIN_LIKE = frozenset(k for k in _HOMOGLYPHS if isinstance(k, int))
_LEET = str.maketrans("013457@$", "oieastas")
SPACED_RUN = re.compile(r"(?<![^\W\d_])(?:[^\W\d_][ .\-_*·]{1,3}){3,}[^\W\d_](?![^\W\d_])")
_WORD = re.compile(r"\S+")


def _despace(text: str) -> str:
    """Join letter-spaced words ("i g n o r e  a l l" -> "ignore all")."""

    def join(m: re.Match[str]) -> str:
        run = m.group(0)
        # "i-g-n-o-r-e p-r-e-v" separates letters with "-" so any whitespace is a word gap;
        # "i g n o r e  p r e v" separates letters with one space and words with more.
        letter_sep_is_space = all(" " in sep for sep in re.findall(r"[ .\-_*·]+", run))
        gap = r"\s{2,}|\s*/\s*|[ .\-_*·]{3,}" if letter_sep_is_space else r"\s+"
        words = re.split(gap, run)
        return " ".join(re.sub(r"[ .\-_*·]", "", w) for w in words)

    return SPACED_RUN.sub(join, text)


def _deleet(text: str) -> str:
    """Undo digit/symbol letter substitutions inside words that mix letters and digits."""

    def fix(m: re.Match[str]) -> str:
        w = m.group(0)
        if w.startswith("<"):
            return w
        return w.translate(_LEET) if re.search(r"[a-z]", w) and re.search(r"[0-9@$]", w) else w

    # Slack mentions (`<@u1a2b3c>`) are ids, not words: de-leeting them would hide who is named.
    return re.sub(r"<[@#!][^<>\s]*>|[a-z0-9@$]+", fix, text)


def variants(text: str) -> list[str]:
    base = unicodedata.normalize("NFKC", strip_invisible(text)).translate(_HOMOGLYPHS)
    base = base.replace("\u2019", "'").replace("\u2018", "'").lower()
    spaced = _despace(base)
    out = [base]
    for v in (spaced, _deleet(spaced)):
        if v not in out:
            out.append(v)
    return out


def mixed_script_words(text: str) -> list[str]:
    if text.isascii():  # every look-alike is outside ASCII
        return []
    hits = []
    for m in _WORD.finditer(unicodedata.normalize("NFKC", strip_invisible(text))):
        word = m.group(0)
        has_ascii = any("a" <= c.lower() <= "z" for c in word)
        if has_ascii and any(ord(c) in _LATIN_LIKE for c in word):
            hits.append(word)
    return hits


# --- hidden characters --------------------------------------------------------------------------

_TAG_FIRST, _TAG_LAST = 0xE0000, 0xE007F
_BIDI_OVERRIDES = frozenset("\u202d\u202e")  # LRO, RLO: force a direction until PDF or line end
_BIDI_END = frozenset("\u202c\n")


def _is_tag(ch: str) -> bool:
    return _TAG_FIRST <= ord(ch) <= _TAG_LAST


@dataclass(frozen=True)
class Hidden:
    """Invisible characters found in a text: which, where, and the text as a model would read it."""

    positions: tuple[tuple[int, str], ...]  # (index, "U+200B"), in text order
    tag_text: str  # what Unicode tag characters spelled, "" if none
    reversed_runs: tuple[str, ...]  # text under a right-to-left override, in reading order
    decoded: str  # `readable(text)`

    def describe(self) -> str:
        """One line for a review card: the characters, their places, and any hidden payload."""
        counts: dict[str, list[int]] = {}
        for index, name in self.positions:
            counts.setdefault(name, []).append(index)
        parts = []
        for name, places in counts.items():
            shown = _ranges(places)
            parts.append(f"{name}×{len(places)} at {shown}")
        line = "hidden characters: " + "; ".join(parts)
        if self.tag_text:
            line += f"; tag characters spell {self.tag_text!r}"
        for run in self.reversed_runs:
            line += f"; right-to-left override hides {run!r}"
        return line


def _ranges(places: list[int]) -> str:
    spans: list[list[int]] = []
    for i in places:
        if spans and i == spans[-1][1] + 1:
            spans[-1][1] = i
        else:
            spans.append([i, i])
    shown = [f"{a}" if a == b else f"{a}–{b}" for a, b in spans[:6]]
    return ", ".join(shown) + (", …" if len(spans) > 6 else "")


def readable(text: str) -> str:
    """`text` as a model reads it: tags decoded in place, overridden runs in reading order, other
    invisible characters removed, NFKC applied."""
    if text.isascii():  # nothing hidden, and NFKC leaves ASCII as it is
        return text
    if not any(is_invisible(text[i]) for i in _non_ascii(text)):  # tags and overrides are Cf
        return unicodedata.normalize("NFKC", text)
    out: list[str] = []
    run: list[str] | None = None
    for ch in text:
        if run is not None:
            if ch in _BIDI_END or ch in _BIDI_OVERRIDES:
                out.extend(reversed(run))
                run = None
                if ch == "\n":
                    out.append(ch)
                if ch not in _BIDI_OVERRIDES:
                    continue
            else:
                if not is_invisible(ch):
                    run.append(ch)
                continue
        if ch == "\u202e":
            run = []
        elif _is_tag(ch):
            if 0xE0020 <= ord(ch) <= 0xE007E:
                out.append(chr(ord(ch) - _TAG_FIRST))
        elif not is_invisible(ch) or ch == "\u200d":
            out.append(ch)
    if run is not None:
        out.extend(reversed(run))
    return unicodedata.normalize("NFKC", strip_invisible("".join(out)))


def hidden(text: str) -> Hidden | None:
    """The hidden characters of `text`, or None when it has none (an emoji ZWJ is not hidden)."""
    if text.isascii():
        return None
    positions = tuple(
        (i, "tag characters" if _is_tag(text[i]) else f"U+{ord(text[i]):04X}")
        for i in _non_ascii(text)
        if (is_invisible(text[i]) or _is_tag(text[i])) and not _emoji_joiner(text, i)
    )
    if not positions:
        return None
    tags = "".join(chr(ord(c) - _TAG_FIRST) for c in text if 0xE0020 <= ord(c) <= 0xE007E)
    runs = tuple(
        m.group(1)[::-1].strip()
        for m in re.finditer("\u202e([^\u202c\n]*)", _strip_keep_rlo(text))
        if m.group(1).strip()
    )
    return Hidden(positions=positions, tag_text=tags, reversed_runs=runs, decoded=readable(text))


def _strip_keep_rlo(text: str) -> str:
    """`text` without invisible characters other than a right-to-left override and its end."""
    return "".join(
        ch for ch in text if ch in "\u202e\u202c" or not (is_invisible(ch) or _is_tag(ch))
    )


def _emoji_joiner(text: str, i: int) -> bool:
    return (
        text[i] == "\u200d"
        and 0 < i < len(text) - 1
        and _is_emoji(text[i - 1])
        and _is_emoji(text[i + 1])
    )

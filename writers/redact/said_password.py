"""Passwords the words around them name, where no colon or copula joins the two.

Places where a chat gives a password without `password: …` or "the password is …":

- **Quoted after what it opens.** A word for a password with what it is for, then a value set
  apart in quotes or a code span: "senha do Wi-Fi `…`", "the password for the NAS '…'". The
  quotes say the value is to be copied as it is; the noun says what it is.
- **The answer to a question about it.** A line that asks for a password ("what's the wifi
  pw?"), and the next line (a reply, often under a `>` quote) that gives a value, alone or after
  "it's", "es", "c'est", "ist": the question names what the answer is.
- **Taken up by a pronoun.** "the zip password, it's …": the pronoun after the noun's comma or
  dash is the noun again. Malay and Indonesian name what a password is for right after the noun,
  with no preposition, before `adalah`/`ialah` (only ever a copula).
- **A table's column named for it.** A cell (a Markdown, `psql` or tab-separated table) under a
  header that names a password (`password`, `pwd`, `Passwort`, `senha`): the header is the
  label, as a key's name is.

Each reads the value strictly, as after a bare noun: only a value no word could be (letters with
digits or symbols, six characters or more) counts, so "the password for the NAS 'is on the
sticker'" or a `yes` under a `password set?` column holds none.

May import: `context_secrets` (the nouns' qualifier, the value's check), `recognizers`.
"""

from __future__ import annotations

import re

from writers.redact.context_secrets import QUALIFIER, plausible_value
from writers.redact.recognizers import (
    SECRET_NOUNS,
    SECRET_NOUNS_CJK,
    Rule,
    column_header,
    is_placeholder,
    name_strength,
)

__all__ = ["PLACE_RULES"]

_PRONOUN = r"(?:it'?s|it’s|it is|that'?s|c'est|c’est|es|ist|é|è|est|is)"
_NOUN = rf"(?:(?<![A-Za-z0-9])(?:{SECRET_NOUNS})(?![A-Za-z])|(?:{SECRET_NOUNS_CJK}))"

# After the noun (one scan for it, the costly part, serves four places): "senha do Wi-Fi `…`"
# (what it is for, then a value in quotes, closed; with no purpose, "pass 'Universal2D'" names a
# shader's pass); "the zip password, it's …" (a pronoun after a
# comma or a dash takes the noun up again); "what's the wifi pw?\n> it's …" (a question naming it,
# the next line answering; a reply naming who has it or where, `@marta-ops`, gives no value);
# "passphrase: lantern harbor violet 1987" (words and a number, with no word of grammar).
_AFTER_NOUN = re.compile(
    rf"(?im){_NOUN}(?:(?:{QUALIFIER}[ \t]+(?=[`'\"“«])"
    rf"|{QUALIFIER}?[ \t]*[,;—–][ \t]*{_PRONOUN}[ \t]+)"
    r"(?P<q>[`'\"“«])?(?P<s>[^\s`'\"”»]{6,200})(?(q)[`'\"”»])"
    rf"|[^\n?？]{{0,60}}[?？][ \t]*\n[ \t>]*(?:{_PRONOUN}[ \t:]+)?"
    r"(?P<qa>[`'\"])?(?P<a>(?![@#])[^\s`'\"]{6,200})(?(qa)[`'\"])[ \t.!]*$"
    # A passphrase of words and a number, spaces and all, ending its line or sentence.
    rf"|{QUALIFIER}?(?:[ \t]*[:=：][ \t]*|[ \t]+(?:is|ist|est|es|é|è|lautet|adalah)[ \t]+)"
    r"(?P<w>(?:[a-z]{3,12}[ \t]){2,5}[a-z]{3,12}[ \t]?\d{1,4})(?=[ \t]*(?:$|[.,;!)(])))"
)
# Words a sentence is built with: a run of them after the noun is prose, not a passphrase.
_GRAMMAR = re.compile(
    r"(?<![a-z])(?:the|and|for|with|in|on|to|of|is|are|be|not|must|should|will|can|from|at|by"
    r"|or|see|use|your|our|my|its|has|have|was|were|than|per|min|max|least|after|before|every"
    r"|der|die|das|und|mit|le|la|les|et|de|des|el|los|con|que|para|en|um|uma|com)(?![a-z])"
)
# Malay and Indonesian put what a password is for right after the noun, with no preposition, and
# `adalah`/`ialah` is only a copula: "kata sandi wifi kantor adalah …".
_HEAD_FIRST = re.compile(
    r"(?i)(?<![A-Za-z])(?:kata sandi|kata laluan)(?:[ \t]+[^\s:=]{1,30}){1,3}?"
    r"[ \t]+(?:adalah|ialah)[ \t]+(?P<q>[`'\"])?(?P<s>[^\s`'\"]{6,200})"
)
# A cell of a `|`- or tab-separated table, from its separator to the next one or the line's end.
_CELL = re.compile(r"(?m)(?:\||\t)[ \t]*(?P<q>`)?(?P<s>[^\s|`]{6,200})(?(q)`)[ \t]*(?=\||\t|$)")


def _strict(m: re.Match[str]) -> bool:
    if m.groupdict().get("w") is not None:
        return _GRAMMAR.search(m.group("w")) is None
    group = "s" if m.group("s") is not None else "a"
    value = m.group(group)
    if m.group("q" if group == "s" else "qa") and is_placeholder(value):
        return False
    return plausible_value(value, strict=True)


def _span(m: re.Match[str]) -> tuple[int, int]:
    return next(m.span(g) for g in ("s", "a", "w") if m.group(g) is not None)


def _cell_ok(m: re.Match[str]) -> bool:
    if not _strict(m):
        return False
    header = column_header(m.string, m.start("s"))
    return header is not None and name_strength(header.strip().replace(" ", "_")) == 2


PLACE_RULES: tuple[Rule, ...] = (
    Rule("secret_prose", _AFTER_NOUN, 0.55, _strict, _span),
    Rule("secret_prose", _HEAD_FIRST, 0.55, _strict),
    Rule("secret_prose", _CELL, 0.5, _cell_ok),
)

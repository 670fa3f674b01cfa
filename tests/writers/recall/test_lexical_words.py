"""`lexical.words`: the words BM25 indexes are `_WORD`'s matches, whichever way they are found
(ASCII text without an apostrophe is split instead of scanned by the regular expression)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from writers.recall import lexical


@given(st.text(alphabet=st.sampled_from("abzAZ09 '\t\n\x1c\x7f-_.,:;!?/é東İK")))
def test_the_words_are_the_regular_expressions_matches(text: str) -> None:
    assert lexical.words(text) == lexical._WORD.findall(text.lower())


@given(st.text())
def test_any_text_gives_the_regular_expressions_matches(text: str) -> None:
    assert lexical.words(text) == lexical._WORD.findall(text.lower())

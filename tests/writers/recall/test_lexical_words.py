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


@given(st.text(alphabet=st.sampled_from("ab09 '\"()[]{}<>,.:;!?-_@#$%^&*+=/|~`\\\x01")))
def test_words_with_punctuation_at_their_edges_are_the_matches_too(text: str) -> None:
    # "20:", "(prod)", "services," are their word alone, stripped rather than scanned.
    assert lexical.words(text) == lexical._WORD.findall(text.lower())


@given(st.text(alphabet=st.sampled_from("adeginsyz019 ',.:")))
def test_the_terms_are_the_hashes_of_the_words_stems(text: str) -> None:
    # Numbers are their own stems: their terms are their hashes, memoised or not.
    want = tuple(hash(lexical.stem(w)) for w in lexical.words(text) if w not in lexical.STOPWORDS)
    lexical.forget([])  # no memoised stem
    assert lexical.hashed(text) == want
    assert lexical.hashed(text) == want  # with the stems memoised

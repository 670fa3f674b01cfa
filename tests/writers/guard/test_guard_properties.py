"""Properties of the guard on text nobody thought of (hypothesis): it never raises, never keeps an
invisible character, and always finds the hidden ones."""

from __future__ import annotations

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from writers.guard.promotion import promotion_check
from writers.guard.safety import check
from writers.guard.unicode import hidden, readable

# Text that looks like what learned items hold: words, URLs with odd hosts, mentions, and the
# invisible characters attackers use.
_PIECES = st.sampled_from(
    [
        "deploy", "token", " ", "\n", "http://", "https://[", "]", ":8080/", "@", "<@U123ABC>",
        "#ops", "[REDACTED:ip_address]", "\u200b", "\u202e", "\u202c", "\u2066", "\ufeff",
        "\U000e0041", "\U000e0020", "\u00ad", "ｆｕｌｌ", "а", "0.0.0.0", "::1", "from now on",
        "exempt", "verify=False", "рау", "👩\u200d💻", "%", "\\", "'", '"', "`",
    ]
)  # fmt: skip
TEXT = st.one_of(st.text(max_size=200), st.lists(_PIECES, max_size=30).map("".join))


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_checks_never_raise(text: str) -> None:
    check(text, kind="lesson", allow_domains=("docs.python.org",))
    check(text, kind="persona")
    promotion_check(text, text, text, allow_domains=("github.com/acme",))


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_readable_keeps_nothing_invisible_and_hidden_finds_it(text: str) -> None:
    view = readable(text)
    assert not any(
        unicodedata.category(c) == "Cf" and c != "\u200d" or 0xE0000 <= ord(c) <= 0xE007F
        for c in view
    )
    invisible = any(
        (unicodedata.category(c) == "Cf" or 0xE0000 <= ord(c) <= 0xE007F) and c != "\u200d"
        for c in text
    )
    if invisible:
        assert hidden(text) is not None
    if hidden(text) is None:
        assert readable(text) == unicodedata.normalize("NFKC", text).replace("\u200d", "\u200d")

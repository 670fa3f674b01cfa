"""`strip_bot_mention` removes the bot's mention (`<@BOT>`, `<@BOT|name>`, and the space after
it), and nothing else, from any text: the same as the substitution it has always been, now
with its pattern compiled once and skipped on a text with no mention (issue 27, sixteenth
round). Generated texts of mentions, near misses and spaces, against the substitution itself.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.slack.inbound import strip_bot_mention

BOT = "U0BOT0001"


def substituted(text: str, bot_user_id: str) -> str:
    """What the function has always returned: one substitution, then `strip`."""
    return re.sub(rf"<@{re.escape(bot_user_id)}(?:\|[^>]*)?>\s*", "", text).strip()


_PIECES = st.sampled_from(
    [
        f"<@{BOT}>", f"<@{BOT}|seshat>", f"<@{BOT}", "<@U0OTHER>", "<@", "<", "@", ">", "|",
        " ", "\n", "\t", "hi", "what is 2+2?", "é", "<@U0BOT00011>", f"<@{BOT}|>",
    ]
)  # fmt: skip


@settings(max_examples=500, deadline=None)
@given(st.lists(_PIECES, max_size=8).map("".join))
def test_the_mention_is_removed_as_the_substitution_removes_it(text: str) -> None:
    assert strip_bot_mention(text, BOT) == substituted(text, BOT)


def test_a_mention_of_the_bot_is_removed_and_others_are_kept() -> None:
    assert strip_bot_mention(f"<@{BOT}> what is 2+2?", BOT) == "what is 2+2?"
    assert strip_bot_mention(f"hi <@{BOT}|seshat>  there ", BOT) == "hi there"
    assert strip_bot_mention("  ask <@U0OTHER> \n", BOT) == "ask <@U0OTHER>"
    # A bot id with a character the pattern would read (a test's id, or a future format).
    assert strip_bot_mention("<@B.1> ok <@BX1>", "B.1") == "ok <@BX1>"

"""Slack's feedback buttons (👍 / 👎) under each reply: the block, and reading a click's value.

A `context_actions` block holding one `feedback_buttons` element (Block Kit reference: "Context
actions block", "Feedback buttons element"); slack_sdk's `ContextActionsBlock` /
`FeedbackButtonsElement` parse it back unchanged (tests/bot/slack/test_feedback_blocks.py). Each
button's value names its rating and the reply's session; the reply itself is the message the
click came from (`container.message_ts`), checked against the transcript by
bot/surfaces/feedback.py.
Pure functions, so the chat engine and the streamed-reply path (chat.stopStream's `blocks`) build
the same block.
"""

from __future__ import annotations

from typing import Any

from store.models import FeedbackRating

FEEDBACK_ACTION = "seshat_feedback"
FEEDBACK_BLOCK = "seshat_feedback"
_LABELS = {
    FeedbackRating.POSITIVE: ("👍", "This answer helped"),
    FeedbackRating.NEGATIVE: ("👎", "This answer was wrong"),
}


def _button(rating: str, session_id: str) -> dict[str, Any]:
    emoji, label = _LABELS[rating]
    return {
        "text": {"type": "plain_text", "text": emoji},
        "accessibility_label": label,
        "value": f"{rating}:{session_id}",
    }


def feedback_block(session_id: str) -> dict[str, Any]:
    """The 👍 / 👎 buttons for a reply in session `session_id`."""
    return {
        "type": "context_actions",
        "block_id": FEEDBACK_BLOCK,
        "elements": [
            {
                "type": "feedback_buttons",
                "action_id": FEEDBACK_ACTION,
                "positive_button": _button(FeedbackRating.POSITIVE, session_id),
                "negative_button": _button(FeedbackRating.NEGATIVE, session_id),
            }
        ],
    }


def parse_value(value: str) -> tuple[str, str] | None:
    """`positive:<session id>` → (rating, session id); None for anything else."""
    rating, _, session_id = value.partition(":")
    if rating not in FeedbackRating.ALL or not session_id:
        return None
    return rating, session_id

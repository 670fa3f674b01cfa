"""Block Kit pieces for the owner's App Home and its modals, kept inside Slack's limits.

Slack refuses a whole view when one text is too long or there are more than 100 blocks, so every
text that can grow (learned text, raw model output) is clipped here and every list is paginated by
its caller; `fit` is the last line of defence before a view is sent.
"""

from __future__ import annotations

import json
from typing import Any

Block = dict[str, Any]

MAX_BLOCKS = 100
TEXT_LIMIT = 3000
MAX_VIEW_BYTES = 250_000
# A code section: the fence and a note fit under TEXT_LIMIT.
CODE_CHUNK = 2800


def clip(text: str, limit: int) -> str:
    """`text` cut to `limit` characters, with an ellipsis when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def esc(text: str) -> str:
    """Learned or model text made inert in mrkdwn: no mentions, links or `<!channel>` pings."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def plain(text: str, limit: int = 75) -> Block:
    """A plain_text object, clipped (75 is a button's limit, 24 a modal title's)."""
    return {"type": "plain_text", "text": clip(text or " ", limit), "emoji": True}


def section(text: str, accessory: Block | None = None, block_id: str | None = None) -> Block:
    """A mrkdwn section; `text` is clipped to Slack's 3000 characters."""
    block: Block = {"type": "section", "text": {"type": "mrkdwn", "text": clip(text, TEXT_LIMIT)}}
    if accessory is not None:
        block["accessory"] = accessory
    if block_id:
        block["block_id"] = block_id
    return block


def header(text: str) -> Block:
    """A header block (150 characters)."""
    return {"type": "header", "text": plain(text, 150)}


def context(text: str) -> Block:
    """A one-element context line."""
    return {"type": "context", "elements": [{"type": "mrkdwn", "text": clip(text, TEXT_LIMIT)}]}


def divider() -> Block:
    """A divider."""
    return {"type": "divider"}


def button(
    label: str,
    action_id: str,
    value: str = "",
    *,
    style: str | None = None,
    confirm: Block | None = None,
) -> Block:
    """A button (label ≤ 75, value ≤ 2000 characters)."""
    el: Block = {"type": "button", "action_id": action_id, "text": plain(label)}
    if value:
        el["value"] = value[:2000]
    if style:
        el["style"] = style
    if confirm is not None:
        el["confirm"] = confirm
    return el


def confirm(title: str, text: str, yes: str, no: str = "Cancel") -> Block:
    """A confirmation dialog for a button (Slack shows it before the action is sent)."""
    return {
        "title": plain(title, 100),
        "text": {"type": "mrkdwn", "text": clip(text, 300)},
        "confirm": plain(yes, 30),
        "deny": plain(no, 30),
        "style": "danger",
    }


def actions(block_id: str, *elements: Block) -> Block:
    """An actions block (at most 25 elements)."""
    return {"type": "actions", "block_id": block_id[:255], "elements": list(elements)[:25]}


def code(title: str, text: str, *, start: int = 0, chunks: int = 1) -> tuple[list[Block], int]:
    """`text` from `start` as up to `chunks` fenced sections; returns them and where it stopped."""
    blocks: list[Block] = []
    at = start
    for _ in range(chunks):
        piece = text[at : at + CODE_CHUNK]
        if not piece:
            break
        # A fence inside the text would end the code block early; a zero-width joiner breaks it.
        at += len(piece)
        shown = esc(piece).replace("```", "`\u200d``")
        blocks.append(section(f"*{title}*\n```{shown}```"))
        title = f"{title} (cont.)"
    if not blocks:
        blocks.append(section(f"*{title}*\n_empty_"))
    return blocks, at


def pretty_json(value: Any) -> str:
    """JSON for people: indented, non-ASCII kept."""
    return json.dumps(value, ensure_ascii=False, indent=2, default=str)


def fit(blocks: list[Block], *, note: str = "") -> list[Block]:
    """At most 100 blocks and 250 KB: whatever does not fit is dropped behind one context line."""
    out = list(blocks)
    dropped = 0
    while len(out) > MAX_BLOCKS or len(json.dumps(out, ensure_ascii=False)) > MAX_VIEW_BYTES - 2000:
        out.pop()
        dropped += 1
    if dropped:
        out[-1:] = [context(f"{dropped + 1} more block(s) not shown. {note}".strip())]
    return out


def modal(
    title: str,
    blocks: list[Block],
    *,
    callback_id: str = "",
    submit: str | None = None,
    private_metadata: str = "",
) -> Block:
    """A modal view (title and buttons ≤ 24 characters, blocks fitted)."""
    view: Block = {
        "type": "modal",
        "title": plain(title, 24),
        "close": plain("Close", 24),
        "blocks": fit(blocks),
    }
    if callback_id:
        view["callback_id"] = callback_id
    if submit:
        view["submit"] = plain(submit, 24)
    if private_metadata:
        view["private_metadata"] = private_metadata[:3000]
    return view


def clipped(blocks: list[Block]) -> list[Block]:
    """Blocks built elsewhere (review cards) with every section text cut to Slack's limit."""
    out = []
    for block in blocks:
        text = block.get("text")
        if block.get("type") == "section" and isinstance(text, dict):
            block = {**block, "text": {**text, "text": clip(str(text.get("text", "")), TEXT_LIMIT)}}
        out.append(block)
    return out

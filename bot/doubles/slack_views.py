"""Slack's documented limits on views (App Home and modals) and message blocks, checked by the
local workspace.

Slack refuses a view that breaks them with `invalid_arguments` and one message per problem
(`[ERROR] … [json-pointer:/view/blocks/3/text/text]`), and message blocks (chat.postMessage,
chat.update, chat.postEphemeral) with `invalid_blocks` and the same kind of messages
(`[json-pointer:/blocks/2/elements/0/positive_button/value]`); the double answers the same way,
so a test fails when the app builds something Slack would not take. The numbers come from the
Block Kit reference (blocks, block elements, composition objects) and the method pages.
"""

from __future__ import annotations

import json
from typing import Any

from bot.doubles.slack_payloads import JSON

MAX_BLOCKS = 100
MAX_MESSAGE_BLOCKS = 50
MAX_VIEW_BYTES = 250_000
MAX_PRIVATE_METADATA = 3000
MAX_ID = 255  # action_id, block_id, callback_id, external_id
MODAL_TITLE = 24  # title, submit and close
SECTION_TEXT = 3000
FIELD_TEXT = 2000
MAX_FIELDS = 10
HEADER_TEXT = 150
CONTEXT_ELEMENTS = 10
ACTIONS_ELEMENTS = 25
BUTTON_TEXT = 75
BUTTON_VALUE = 2000
INPUT_LABEL = 2000
INPUT_VALUE = 3000
CONFIRM = {"title": 100, "text": 300, "confirm": 30, "deny": 30}
CONTEXT_ACTIONS_ELEMENTS = 5  # feedback_buttons and icon_button elements
ACCESSIBILITY_LABEL = 75
VIEW_TYPES = {"home", "modal"}
BLOCK_TYPES = {
    "section",
    "divider",
    "header",
    "context",
    "actions",
    "input",
    "image",
    "rich_text",
    "markdown",
}
# Messages take no input blocks; context_actions (feedback and icon buttons) is for messages.
MESSAGE_BLOCK_TYPES = (BLOCK_TYPES - {"input"}) | {"context_actions", "file", "video"}
CONTEXT_ACTION_ELEMENTS = {"feedback_buttons", "icon_button"}


class _Check:
    def __init__(self, root: str = "/view", kinds: set[str] = BLOCK_TYPES) -> None:
        self.problems: list[str] = []
        self.root = root
        self.kinds = kinds

    def fail(self, pointer: str, message: str) -> None:
        self.problems.append(f"[ERROR] {message} [json-pointer:{self.root}{pointer}]")

    def string(self, value: Any, pointer: str, limit: int, *, required: bool) -> None:
        if value is None and not required:
            return
        if not isinstance(value, str) or not value:
            self.fail(pointer, "must provide a non-empty string")
        elif len(value) > limit:
            self.fail(pointer, f"must be less than {limit + 1} characters")

    def feedback_button(self, button: Any, pointer: str) -> None:
        if not isinstance(button, dict):
            self.fail(pointer, "must provide an object")
            return
        self.text(button.get("text"), f"{pointer}/text", BUTTON_TEXT, plain=True)
        self.string(button.get("value"), f"{pointer}/value", BUTTON_VALUE, required=True)
        self.string(
            button.get("accessibility_label"),
            f"{pointer}/accessibility_label",
            ACCESSIBILITY_LABEL,
            required=False,
        )

    def context_action(self, el: Any, pointer: str) -> None:
        if not isinstance(el, dict) or el.get("type") not in CONTEXT_ACTION_ELEMENTS:
            self.fail(f"{pointer}/type", f"must be one of {sorted(CONTEXT_ACTION_ELEMENTS)}")
            return
        self.ident(el.get("action_id"), f"{pointer}/action_id")
        if el["type"] == "feedback_buttons":
            for side in ("positive_button", "negative_button"):
                self.feedback_button(el.get(side), f"{pointer}/{side}")
        else:
            self.string(el.get("icon"), f"{pointer}/icon", MAX_ID, required=True)
            self.text(el.get("text"), f"{pointer}/text", BUTTON_TEXT, plain=True)
            self.string(el.get("value"), f"{pointer}/value", BUTTON_VALUE, required=False)

    def text(self, obj: Any, pointer: str, limit: int, *, plain: bool = False) -> None:
        if not isinstance(obj, dict) or not isinstance(obj.get("text"), str):
            self.fail(pointer, "must provide an object with a string `text`")
            return
        kinds = {"plain_text"} if plain else {"plain_text", "mrkdwn"}
        if obj.get("type") not in kinds:
            self.fail(f"{pointer}/type", f"must be one of {sorted(kinds)}")
        if not obj["text"]:
            self.fail(f"{pointer}/text", "must be more than 0 characters")
        if len(obj["text"]) > limit:
            self.fail(f"{pointer}/text", f"must be less than {limit + 1} characters")

    def ident(self, value: Any, pointer: str) -> None:
        if value is not None and (not isinstance(value, str) or len(value) > MAX_ID):
            self.fail(pointer, f"must be a string of at most {MAX_ID} characters")

    def element(self, el: Any, pointer: str) -> None:
        if not isinstance(el, dict):
            self.fail(pointer, "must be an object")
            return
        self.ident(el.get("action_id"), f"{pointer}/action_id")
        if el.get("type") == "button":
            self.text(el.get("text"), f"{pointer}/text", BUTTON_TEXT, plain=True)
            value = el.get("value")
            if value is not None and (not isinstance(value, str) or len(value) > BUTTON_VALUE):
                self.fail(f"{pointer}/value", f"must be less than {BUTTON_VALUE + 1} characters")
            confirm = el.get("confirm")
            if confirm is not None:
                for key, limit in CONFIRM.items():
                    self.text(
                        confirm.get(key) if isinstance(confirm, dict) else None,
                        f"{pointer}/confirm/{key}",
                        limit,
                        plain=key != "text",
                    )
        if el.get("type") == "plain_text_input":
            initial = el.get("initial_value")
            if initial is not None and len(str(initial)) > INPUT_VALUE:
                self.fail(
                    f"{pointer}/initial_value", f"must be less than {INPUT_VALUE + 1} characters"
                )

    def block(self, block: Any, pointer: str) -> None:
        if not isinstance(block, dict) or block.get("type") not in self.kinds:
            self.fail(f"{pointer}/type", "must be a known block type")
            return
        self.ident(block.get("block_id"), f"{pointer}/block_id")
        kind = block["type"]
        if kind == "section":
            if "text" not in block and "fields" not in block:
                self.fail(pointer, "must provide `text` or `fields`")
            if "text" in block:
                self.text(block["text"], f"{pointer}/text", SECTION_TEXT)
            fields = block.get("fields", [])
            if len(fields) > MAX_FIELDS:
                self.fail(f"{pointer}/fields", f"must have at most {MAX_FIELDS} items")
            for i, f in enumerate(fields):
                self.text(f, f"{pointer}/fields/{i}", FIELD_TEXT)
            if "accessory" in block:
                self.element(block["accessory"], f"{pointer}/accessory")
        elif kind == "header":
            self.text(block.get("text"), f"{pointer}/text", HEADER_TEXT, plain=True)
        elif kind == "context":
            elements = block.get("elements") or []
            if not elements or len(elements) > CONTEXT_ELEMENTS:
                self.fail(f"{pointer}/elements", f"must have 1 to {CONTEXT_ELEMENTS} items")
            for i, el in enumerate(elements):
                if isinstance(el, dict) and el.get("type") != "image":
                    self.text(el, f"{pointer}/elements/{i}", SECTION_TEXT)
        elif kind == "actions":
            elements = block.get("elements") or []
            if not elements or len(elements) > ACTIONS_ELEMENTS:
                self.fail(f"{pointer}/elements", f"must have 1 to {ACTIONS_ELEMENTS} items")
            for i, el in enumerate(elements):
                self.element(el, f"{pointer}/elements/{i}")
        elif kind == "input":
            self.text(block.get("label"), f"{pointer}/label", INPUT_LABEL, plain=True)
            self.element(block.get("element"), f"{pointer}/element")
        elif kind == "context_actions":
            elements = block.get("elements")
            if not isinstance(elements, list) or not 1 <= len(elements) <= CONTEXT_ACTIONS_ELEMENTS:
                self.fail(f"{pointer}/elements", f"must have 1 to {CONTEXT_ACTIONS_ELEMENTS} items")
                return
            for i, el in enumerate(elements):
                self.context_action(el, f"{pointer}/elements/{i}")


def view_problems(view: Any) -> list[str]:
    """Every way `view` breaks Slack's limits, as Slack words them; empty when it is valid."""
    check = _Check()
    if not isinstance(view, dict) or view.get("type") not in VIEW_TYPES:
        check.fail("/type", "must be `home` or `modal`")
        return check.problems
    blocks = view.get("blocks")
    if not isinstance(blocks, list):
        check.fail("/blocks", "must provide an array")
        return check.problems
    if len(blocks) > MAX_BLOCKS:
        check.fail("/blocks", f"must have at most {MAX_BLOCKS} items")
    for i, block in enumerate(blocks):
        check.block(block, f"/blocks/{i}")
    if view["type"] == "modal":
        check.text(view.get("title"), "/title", MODAL_TITLE, plain=True)
        for key in ("submit", "close"):
            if key in view:
                check.text(view[key], f"/{key}", MODAL_TITLE, plain=True)
        if any(b.get("type") == "input" for b in blocks if isinstance(b, dict)) and not view.get(
            "submit"
        ):
            check.fail("/submit", "must provide `submit` for a modal with input blocks")
    meta = view.get("private_metadata")
    if meta is not None and len(str(meta)) > MAX_PRIVATE_METADATA:
        check.fail("/private_metadata", f"must be less than {MAX_PRIVATE_METADATA + 1} characters")
    for key in ("callback_id", "external_id"):
        check.ident(view.get(key), f"/{key}")
    size = len(json.dumps(view, ensure_ascii=False).encode())
    if size > MAX_VIEW_BYTES:
        check.fail("", f"view is {size} bytes; must be at most {MAX_VIEW_BYTES}")
    return check.problems


def message_block_problems(blocks: Any) -> list[str]:
    """Every way a message's `blocks` break Slack's limits; empty when they are valid."""
    check = _Check(root="", kinds=MESSAGE_BLOCK_TYPES)
    if not isinstance(blocks, list):
        check.fail("/blocks", "must provide an array")
        return check.problems
    if len(blocks) > MAX_MESSAGE_BLOCKS:
        check.fail("/blocks", f"must have at most {MAX_MESSAGE_BLOCKS} items")
    for i, block in enumerate(blocks):
        check.block(block, f"/blocks/{i}")
    return check.problems


def input_values(view: JSON, values: dict[str, str]) -> JSON:
    """`state.values` for a submission: each input block's element carries the typed text
    (`values` maps block_id → text; other inputs keep their initial value)."""
    out: JSON = {}
    for block in view.get("blocks", []):
        if not isinstance(block, dict) or block.get("type") != "input":
            continue
        element = block.get("element") or {}
        block_id = str(block.get("block_id", ""))
        typed = values.get(block_id, element.get("initial_value"))
        out[block_id] = {
            str(element.get("action_id", "")): {
                "type": element.get("type", "plain_text_input"),
                "value": typed,
            }
        }
    return out


def view_submission_payload(
    *, ident: Any, user: JSON, view: JSON, values: JSON, trigger_id: str
) -> JSON:
    """The interactive `view_submission` payload for a submitted modal."""
    return {
        "type": "view_submission",
        "team": {"id": ident.team_id, "domain": ident.team_domain},
        "user": {
            "id": user["id"],
            "username": user["name"],
            "name": user["name"],
            "team_id": ident.team_id,
        },
        "api_app_id": ident.api_app_id,
        "token": ident.verification_token,
        "trigger_id": trigger_id,
        "view": {**view, "state": {"values": values}},
        "response_urls": [],
        "is_enterprise_install": False,
        "enterprise": None,
    }

"""The owner dashboard's modals: a reflection's details and rollback, library search, edit.

Each modal is built here as a plain view; `OwnerHome` (bot/home/owner.py) opens them, checks
that the person clicking is an owner, and refreshes the App Home after a change. An edit goes
through `submit_edit`, the one place that calls the library's versioned edit.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from bot.home.data import EDITABLE, Hit, current_text
from bot.slack.blocks import (
    Block,
    actions,
    button,
    clip,
    code,
    confirm,
    context,
    divider,
    esc,
    modal,
    pretty_json,
    section,
)
from store.models import ReflectionRow
from writers.library.edits import Place, edit_item
from writers.library.rollback import Change

SEARCH_CALLBACK = "home:search"
EDIT_CALLBACK = "home:edit"
SEARCH_BLOCK = "query"
EDIT_BLOCK = "text"
SEARCH_PAGE = 15
RAW_CHUNKS = 3


@dataclass(frozen=True)
class EditResult:
    """What an edit did: the new version, or why it was refused (shown in the modal)."""

    ok: bool
    version: int | None
    reason: str | None


def submit_edit(
    db: Session,
    kind: str,
    item_id: int,
    new_text: str,
    actor: str,
    now: datetime,
    *,
    place: Place,
) -> EditResult:
    """The dashboard's one call into the library's versioned edit (writers/library/edits.py): a new
    version, re-redacted and re-checked by the safety check, or a refusal with a reason."""
    result = edit_item(db, kind, item_id, new_text, actor, now, place=place)
    return EditResult(bool(result.ok), result.version, result.reason)


# Reflection details ----------------------------------------------------------------------------


def writer_lines(results: dict[str, Any]) -> list[str]:
    """One line per writer: its status and what it wrote, staged, redacted or refused."""
    lines = []
    for name, r in sorted(results.items()):
        if not isinstance(r, dict):
            continue
        counts = ", ".join(
            f"{key} {r[key]}"
            for key in ("written", "staged", "redacted", "rejected", "quarantined")
            if r.get(key)
        )
        error = f" — {r['error']}" if r.get("error") else ""
        said = counts or str(r.get("status", "?"))
        lines.append(f"*{esc(name)}*: {esc(said)}{esc(error)}")
    return lines


def reflection_modal(row: ReflectionRow, *, raw_from: int = 0) -> Block:
    """A reflection's raw output (paged), parsed JSON, per-writer results and the rollback."""
    blocks: list[Block] = [
        section(
            f"*Reflection* `{row.id[:8]}` · session `{row.session_id[:8]}` · "
            f"{esc(row.status)} · {esc(row.outcome or 'no outcome')} · ${row.cost_usd:.4f} · "
            f"{row.duration_ms / 1000:.1f} s · {esc(row.model)} · prompt "
            f"{esc(row.prompt_version)}"
            + (f"\n:warning: {esc(clip(row.error, 500))}" if row.error else "")
        ),
        divider(),
    ]
    raw = row.raw_output or ""
    raw_blocks, stopped = code("Raw output", raw, start=raw_from, chunks=RAW_CHUNKS)
    blocks += raw_blocks
    if stopped < len(raw):
        blocks.append(
            actions(
                "raw-more",
                button(
                    f"More ({len(raw) - stopped} characters left)",
                    "home:reflection",
                    f"{row.id}:{stopped}",
                ),
            )
        )
    if raw_from == 0:
        parsed, _ = code("Parsed JSON", pretty_json(row.parsed) if row.parsed else "", chunks=2)
        blocks += parsed
        lines = writer_lines(row.writer_results or {})
        blocks.append(section("*Writers*\n" + ("\n".join(lines) or "_none ran_")))
    blocks.append(divider())
    blocks.append(
        actions(
            "rollback",
            button(
                "Roll back this reflection",
                "home:rollback",
                row.id,
                style="danger",
                confirm=confirm(
                    "Roll back?",
                    "Everything this reflection wrote is archived, reverted or rejected "
                    "(the same as `seshat rollback --reflection`). It is audited.",
                    "Roll back",
                ),
            ),
        )
    )
    return modal(f"Reflection {row.id[:8]}", blocks)


def rollback_result_modal(reflection_id: str, changes: list[Change], error: str | None) -> Block:
    """What a rollback from the dashboard changed (or why it stopped)."""
    if error:
        text = f":x: Rollback stopped, nothing changed: {esc(error)}"
    elif not changes:
        text = "Nothing to roll back: this reflection's artifacts are already undone."
    else:
        lines = [
            f"• {esc(c.kind)} {esc(c.id)}: {esc(c.action)} {esc(clip(c.detail or '', 80))}"
            for c in changes[:40]
        ]
        more = f"\n…and {len(changes) - 40} more" if len(changes) > 40 else ""
        text = f":leftwards_arrow_with_hook: Rolled back {len(changes)} change(s):\n" + "\n".join(
            lines
        )
        text += more
    return modal(f"Reflection {reflection_id[:8]}", [section(text)])


def missing_modal(what: str) -> Block:
    """A modal that says an item is gone (rolled back, deleted, or never existed)."""
    return modal("Not found", [section(f"{esc(what)} no longer exists.")])


# Search ----------------------------------------------------------------------------------------


def search_modal() -> Block:
    """The search box."""
    return modal(
        "Search the library",
        [
            {
                "type": "input",
                "block_id": SEARCH_BLOCK,
                "label": {"type": "plain_text", "text": "Text to look for"},
                "element": {
                    "type": "plain_text_input",
                    "action_id": "q",
                    "min_length": 2,
                    "max_length": 200,
                },
            }
        ],
        callback_id=SEARCH_CALLBACK,
        submit="Search",
    )


def results_modal(query: str, hits: list[Hit], total: int, offset: int) -> Block:
    """One page of search results, each with an Edit button; a Next button when there are more."""
    blocks: list[Block] = [
        context(f"{total} item(s) contain “{esc(clip(query, 100))}”" + (f" · from #{offset + 1}")),
    ]
    for hit in hits:
        label = EDITABLE.get(hit.kind, hit.kind)
        extra = hit.detail.get("slug") or hit.detail.get("subject") or ""
        blocks.append(
            section(
                f"*{label} #{hit.id}* ({esc(hit.status)}) {esc(str(extra))}\n"
                + esc(clip(hit.text, 600)),
                accessory=button("Edit", "home:edit", f"{hit.kind}:{hit.id}"),
            )
        )
    if offset + len(hits) < total:
        meta = json.dumps({"q": query, "offset": offset + len(hits)})
        blocks.append(actions("next", button("Next page", "home:search-page", meta[:2000])))
    if not hits:
        blocks.append(section("_Nothing matches._"))
    return modal("Search results", blocks)


# Edit ------------------------------------------------------------------------------------------


def edit_modal(kind: str, item_id: int, text: str) -> Block:
    """The edit box for one item, prefilled with its current text."""
    label = EDITABLE.get(kind, kind)
    return modal(
        f"Edit {label.lower()}",
        [
            context(
                f"{label} #{item_id}. Saving makes a new version: the old one stays in its "
                "history, the new text is redacted and checked before it takes effect."
            ),
            {
                "type": "input",
                "block_id": EDIT_BLOCK,
                "label": {"type": "plain_text", "text": "Text"},
                "element": {
                    "type": "plain_text_input",
                    "action_id": "text",
                    "multiline": True,
                    "initial_value": text[:3000],
                    "max_length": 3000,
                },
            },
        ],
        callback_id=EDIT_CALLBACK,
        submit="Save",
        private_metadata=f"{kind}:{item_id}",
    )


def edit_target(private_metadata: str) -> tuple[str, int] | None:
    """(kind, id) from an edit modal's metadata, or None when it is not one of ours."""
    kind, _, raw_id = private_metadata.partition(":")
    if kind not in EDITABLE or not raw_id.isdigit():
        return None
    return kind, int(raw_id)


def edited_modal(kind: str, item_id: int, result: EditResult) -> Block:
    """Shown after a saved edit."""
    label = EDITABLE.get(kind, kind)
    version = f" (version {result.version})" if result.version is not None else ""
    return modal("Saved", [section(f":white_check_mark: {label} #{item_id} saved{version}.")])


def edit_for(db: Session, kind: str, item_id: int) -> Block:
    """The edit modal for an item, or a not-found modal."""
    text = current_text(db, kind, item_id)
    if text is None:
        return missing_modal(f"{EDITABLE.get(kind, kind)} #{item_id}")
    return edit_modal(kind, item_id, text)

"""`seshat demo`: the whole learning loop, narrated, on the local Slack workspace.

The daemon is the real one (Bolt over Socket Mode, slack_sdk, the anthropic SDK); Slack is the
loopback workspace. Without ANTHROPIC_API_KEY the model is the local Anthropic double answering
from a script, and the demo says so; with a key, replies and the reflection come from the real API.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from bot.doubles.slack_workspace import Call
from bot.doubles.stack import LocalStack
from bot.review_cards import preview, why_asked
from store.models import ReflectionRow, ReviewItem

# Why what a writer saved needed nobody's decision (the trust table in the README).
WHY_SAVED = {
    "memory": "an owner's notes go to MEMORY.md; a note naming one person reaches only that person",
    "facts": "a fact reaches only the person whose session it came from",
    "user_model": "notes about the session's own user reach only that user",
}

OWNER = "U0ALICE"
console = Console()

CHAT_SCRIPT = [
    "To deploy the API, run `make ship` from an up-to-date `main` branch. It builds the image, "
    "runs the migrations and rolls the pods.",
    "Sorry about that! Since `make ship` talks to the internal registry, connect to the VPN first "
    "(`vpn up`), then run `make ship` again.",
    "Connect to the VPN (`vpn up`), then run `make ship` from `main` — the deploy-api skill has "
    "the full checklist.",
]
REFLECTION_SCRIPT = {
    "outcome": "partial",
    "what_worked": "Gave the right deploy command once the VPN requirement was known.",
    "what_didnt": "The first answer forgot that deploys need the VPN, so the user hit an error.",
    "should_skill": True,
    "skill_slug": "deploy-api",
    "skill_description": "Deploy the API service to production with make ship.",
    "skill_body": "1. Connect to the VPN: `vpn up`.\n2. `git switch main && git pull`.\n"
    "3. Run `make ship` and watch the rollout.\n4. Check the health endpoint.",
    "memory_notes": ["Deploys run `make ship` from the main branch and need the VPN."],
    "persona_observations": ["Alice prefers short answers with the exact command first."],
    "next_check_at": None,
    "user_model_updates": [
        {"user_id": OWNER, "observations": ["Deploys the API service and uses the VPN."]}
    ],
    "lessons": [
        {
            "condition": "A user asks how to deploy with make ship",
            "action": "Say to connect to the VPN first, then run make ship",
            "rationale": "make ship fails without the VPN because it pulls from the registry",
            "task_type": "deploy",
        }
    ],
}


def say(who: str, text: str, style: str = "cyan") -> None:
    """Print one line of the narration; `text` is shown as written (`[lesson]` is not markup)."""
    console.print(f"[bold {style}]{escape(who)}:[/] {escape(text)}", highlight=False)


def detail(text: str, style: str = "dim") -> None:
    """An indented line under the previous one (a card's content, a reason)."""
    console.print(f"      [{style}]{escape(text)}[/]", highlight=False)


def _reply(stack: LocalStack, channel: str, ts: str, after: int) -> str:
    call = stack.slack.wait_for_call(
        "chat.postMessage",
        lambda c: c.params.get("channel") == channel and c.params.get("thread_ts") == ts,
        timeout=60,
        after=after,
    )
    return str(call.params.get("text"))


def _ask(stack: LocalStack, text: str) -> str:
    mark = stack.slack.mark()
    say("Alice (DM)", text)
    msg = stack.slack.user_dm(OWNER, text)
    answer = _reply(stack, msg["channel"], msg["ts"], mark)
    say("Seshat", answer, "green")
    return answer


def _wait_reflection(stack: LocalStack, timeout: float = 120.0) -> ReflectionRow:
    runtime = stack.bot.runtime
    assert runtime is not None
    if not stack.bot.wait_idle(timeout):
        raise TimeoutError(f"the reflection did not finish within {timeout:.0f}s")
    with runtime.store.sessions() as db:
        row = db.query(ReflectionRow).order_by(ReflectionRow.created_at.desc()).first()
    if row is None:
        raise RuntimeError("no reflection was recorded")
    return row


def run_demo(data_dir: str | None = None) -> int:
    """Run the narrated demo; returns the exit code."""
    keep = data_dir is not None
    root = Path(data_dir) if data_dir else Path(tempfile.mkdtemp(prefix="seshat-demo-"))
    real_key = os.environ.get("ANTHROPIC_API_KEY", "").strip()
    real_url = os.environ.get("ANTHROPIC_BASE_URL", "").strip() or None
    overrides: dict[str, Any] = {}
    if real_key:
        overrides = {"ANTHROPIC_API_KEY": real_key, "ANTHROPIC_BASE_URL": real_url}
    console.print(
        Panel.fit(
            "[bold]Seshat demo[/]: a real daemon on a local Slack workspace "
            "(loopback, no tokens).\n"
            + (
                f"Model: the Anthropic API at {real_url or 'api.anthropic.com'} "
                "(ANTHROPIC_API_KEY is set)."
                if real_key
                else "Model: [yellow]offline[/] — the local Anthropic double answers from a script "
                "(set ANTHROPIC_API_KEY to use the real API)."
            )
            + f"\nData directory: {root}"
        )
    )
    # `--data-dir X` keeps the data in X itself; a temporary run uses a `data` folder in it.
    stack = LocalStack(root if keep else root / "data", owner=OWNER, **overrides)
    try:
        stack.start()
        if not real_key:
            stack.anthropic.script(*CHAT_SCRIPT[:2], json.dumps(REFLECTION_SCRIPT), CHAT_SCRIPT[2])
        stack.slack.add_user(OWNER, "alice")
        say("demo", "Alice is the owner (SLACK_OWNER_IDS); she DMs Seshat.", "magenta")
        _ask(stack, "How do I deploy the API?")
        _ask(stack, "That failed: `make ship` says it cannot reach the registry.")

        say("Alice", "/done")
        dm = stack.slack.dm_channel(OWNER)
        ack = stack.slack.slash_command(OWNER, dm, "/done")
        say("Seshat (only visible to Alice)", str((ack or {}).get("text", ack)), "green")
        row = _wait_reflection(stack)
        cost = (
            f"cost ${row.cost_usd:.4f}"
            if real_key
            else f"model: the local double, simulated cost ${row.cost_usd:.4f}"
        )
        say(
            "demo",
            f"reflection {row.id[:8]}: status={row.status} outcome={row.outcome} ({cost})",
            "magenta",
        )
        for name, result in (row.writer_results or {}).items():
            saved, waiting = result.get("written", 0), result.get("staged", 0)
            say(
                "  writer",
                f"{name}: saved {saved}, waiting for your approval {waiting}",
                "magenta",
            )
            if saved and name in WHY_SAVED:
                detail(f"saved without asking: {WHY_SAVED[name]}")
        _review(stack)
        say("demo", "A new session starts with what was learned:", "magenta")
        again = "How do I deploy the API again?"
        _ask(stack, again)
        # What the new session was given, assembled the way the daemon does (and `seshat
        # context` shows); read from the bot, not from the local double's request log, so it is
        # the same with the real API.
        assembled = stack.bot.context.assemble(
            user_id=OWNER, channel=dm, first_text=again, session_id=None
        )
        learned = "\n\n".join(b.text for b in assembled.parts.blocks()[1:])
        console.print(
            Panel(
                Text(learned or "(nothing learned was injected)"),
                title="learned context sent to the model",
            )
        )
        console.print("[bold green]Demo finished.[/]")
        return 0
    finally:
        stack.stop()
        if not keep:
            shutil.rmtree(root, ignore_errors=True)


def _on_card(ts: str | None) -> Callable[[Call], bool]:
    return lambda call: call.params.get("ts") == ts


def _review(stack: LocalStack) -> None:
    """Show the owner's review cards and decide them by reaction."""
    store = stack.bot.store
    assert store is not None
    with store.sessions() as db:
        items = (
            db.query(ReviewItem)
            .filter(ReviewItem.card_ts.isnot(None))
            .order_by(ReviewItem.id)
            .all()
        )
    if not items:
        say("demo", "no review cards this time", "magenta")
        return
    say("demo", f"{len(items)} review card(s) arrived in Alice's DM:", "magenta")
    for item in items:
        choice = {"skill": "white_check_mark", "persona": "brain"}.get(
            item.kind, "white_check_mark"
        )
        say("  card", f"[{item.kind}] {item.title.strip()}", "yellow")
        for line in preview(item):
            detail(line, "yellow")
        detail(f"why it waits for Alice: {why_asked(item)}")
        mark = stack.slack.mark()
        stack.slack.user_reacts(OWNER, item.card_channel or "", item.card_ts or "", choice)
        stack.slack.wait_for_call("chat.update", _on_card(item.card_ts), timeout=30, after=mark)
        say("Alice", f"reacts :{choice}: → card updated", "cyan")
    skills_dir = stack.bot.settings.effective_skills_dir
    if (skills_dir / ".git").exists():
        log = subprocess.run(
            ["git", "-C", str(skills_dir), "log", "--oneline", "-3"],
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
        say("demo", f"skills repository: {log or '(no commits)'}", "magenta")
    user_md = stack.bot.settings.data_dir / "USER.md"
    if user_md.exists():
        say("demo", f"USER.md now says: {user_md.read_text().strip()[-200:]}", "magenta")

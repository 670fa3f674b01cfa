"""`seshat context`: exactly the system prompt a new session would send."""

from __future__ import annotations

import json

import typer

from bot.commands.console import load_settings, warn


def register(app: typer.Typer) -> None:
    """Add the `context` command."""

    @app.command()
    def context(
        user: str = typer.Option(..., "--user", help="Slack user id of the session's user."),
        channel: str = typer.Option(..., "--channel", help="Channel id (D… for a DM)."),
        text: str = typer.Option("", "--text", help="The session's first message."),
        as_json: bool = typer.Option(False, "--json", help="Also the selected ids and tokens."),
    ) -> None:
        """Print the system prompt a new session with this user/channel would get."""
        from bot.chat.prompting import LearnedContext
        from bot.commands.ids import not_a_slack_id, slack_id
        from bot.commands.store_cli import open_store
        from bot.runtime import Runtime
        from reflection import prompt_cache
        from reflection.heuristic import HeuristicReflector
        from reflection.llm import LLMRequest
        from writers.tokens import estimate_tokens

        # A pasted mention (`<@U0123ABCD>`) or a lower-case id is read as the id it names.
        user, channel = slack_id(user, "user"), slack_id(channel, "channel")
        # A name or a #channel previews a session Slack would never start: said, then shown
        # (a transcript reflected from a file may use any id).
        for value, what in ((user, "user"), (channel, "channel")):
            wrong = not_a_slack_id(value, what)
            if wrong is not None:
                warn(f"--{what} {value!r} is {wrong}")
        settings = load_settings()
        # A preview writes nothing: no data dir, no IDENTITY.md (the shipped identity stands in
        # until the first run copies it), no migration; a read-only copy of the data is read.
        store = open_store(settings, write=False)
        # Previewing never calls a model: the zero-cost heuristic stands in as the reflector.
        runtime = Runtime(
            settings, store=store, reflection_llm=HeuristicReflector(), read_only=True
        )
        try:
            provider = LearnedContext(runtime, clock=runtime.clock)
            # No session id: previewing must not count as injecting lessons.
            assembled = provider.assemble(
                user_id=user, channel=channel, first_text=text, session_id=None
            )
        finally:
            runtime.close()
        prompt = assembled.parts.text()
        if not as_json:
            # print() keeps the bytes exact; rich would re-wrap or interpret markup.
            typer.echo(prompt)
            return
        selection = assembled.selection
        blocks = assembled.parts.blocks()
        # The breakpoints the chat model would actually get: too-short prefixes are not sent.
        sent = prompt_cache.plan(
            LLMRequest(model=settings.chat_model, system=blocks, messages=(), max_tokens=1)
        ).system
        payload = {
            "system_prompt": prompt,
            "blocks": [
                {"text": b.text, "cache_breakpoint": i in sent} for i, b in enumerate(blocks)
            ],
            "selected": {
                "stable": [
                    {"kind": i.kind, "id": i.id, "tokens": i.tokens} for i in selection.stable
                ],
                "tail": [{"kind": i.kind, "id": i.id, "tokens": i.tokens} for i in selection.tail],
            },
            "item_ids": assembled.item_ids,
            "skill": assembled.skill,
            "skill_match": (
                None
                if assembled.skill_match is None
                else {
                    "slug": assembled.skill_match.slug,
                    "similarity": round(assembled.skill_match.similarity, 4),
                    "mode": assembled.skill_match.mode,
                }
            ),
            "tokens": {
                "lessons_and_facts": selection.budget_tokens,
                "budget": settings.context_lesson_tokens,
                "system_prompt_estimate": estimate_tokens(prompt),
            },
            "memory_fingerprint": assembled.memory_fingerprint,
        }
        typer.echo(json.dumps(payload, indent=2, ensure_ascii=False))

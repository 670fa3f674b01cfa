"""Secrets pasted into Slack never land anywhere: not the transcript, the ledger, or the files."""

from __future__ import annotations

import json
import zlib
from pathlib import Path

from sqlalchemy import JSON, LargeBinary, String, Text, select

from bot.doubles.stack import LocalStack
from store.models import Base
from tests.support.redaction_corpus import MAKERS, leaked, positives

ALICE = "U0ALICE"


def everything_stored(stack: LocalStack) -> str:
    """Every text/JSON column of every table, and every file under the data directory."""
    chunks: list[str] = []
    store = stack.bot.store
    assert store is not None
    with store.sessions() as db:
        for table in Base.metadata.sorted_tables:
            cols = [
                c for c in table.columns if isinstance(c.type, String | Text | JSON | LargeBinary)
            ]
            for row in db.execute(select(*cols)):
                chunks.extend(json.dumps(v) if not isinstance(v, str) else v for v in row)
    for path in stack.data_dir.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            if ".git" in path.parts and "objects" in path.parts and "pack" not in path.parts:
                data = zlib.decompress(data)
            chunks.append(data.decode("utf-8", errors="replace"))
    return "\n".join(chunks)


def test_secret_of_every_kind_is_gone_after_chat_and_reflection(tmp_path: Path) -> None:
    samples = positives(per_kind=1)
    assert {s.category for s in samples} == set(MAKERS)
    with LocalStack(tmp_path / "data", owner=ALICE) as stack:
        stack.slack.add_user(ALICE, "alice")
        # The reflection model (the double's default) echoes nothing secret; the transcript and
        # the chat model's echo are where secrets would land if intake did not redact.
        for sample in samples:
            mark = stack.slack.mark()
            msg = stack.slack.user_dm(ALICE, sample.text)
            stack.slack.wait_for_call(
                "chat.postMessage",
                lambda c, ts=msg["ts"]: c.params.get("thread_ts") == ts,
                timeout=15,
                after=mark,
            )
        stack.slack.slash_command(ALICE, stack.slack.dm_channel(ALICE), "/done")
        assert stack.bot.wait_idle(60)
        stored = everything_stored(stack)
        # Caught means no alphanumeric run of the secret (≥ 8 chars) survives.
        assert leaked(samples, stored) == []
        # And the model never saw them either.
        sent = json.dumps([r.body for r in stack.anthropic.requests])
        assert not any(value in sent for s in samples for _, value in s.secrets)

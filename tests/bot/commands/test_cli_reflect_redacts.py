"""`seshat reflect --transcript` stores nothing unredacted: a secret of every kind goes in through
a transcript file and is found nowhere afterwards — not the transcript, the ledger, anything learned
or any file under the data directory."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from tests.support.cli import seshat
from tests.support.redaction_corpus import MAKERS, leaked, positives


def _stored(data: Path) -> str:
    chunks: list[str] = []
    with sqlite3.connect(data / "seshat.db") as conn:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        for table in tables:
            for row in conn.execute(f'SELECT * FROM "{table}"'):  # noqa: S608 (our own names)
                chunks.extend(str(v) for v in row if v is not None)
    for path in data.rglob("*"):
        if path.is_file() and not path.name.startswith("seshat.db"):
            chunks.append(path.read_bytes().decode("utf-8", errors="replace"))
    return "\n".join(chunks)


def test_secret_of_every_kind_is_redacted_on_the_cli_path(tmp_path: Path) -> None:
    samples = positives(per_kind=1)
    assert {s.category for s in samples} == set(MAKERS)
    messages = []
    for i, sample in enumerate(samples):
        messages.append({"ts": f"1764000{i:03d}.000100", "user": "U0ALICE1", "text": sample.text})
        messages.append({"ts": f"1764000{i:03d}.000200", "bot_id": "B1", "text": "Got it."})
    transcript = tmp_path / "t.json"
    transcript.write_text(
        json.dumps({"team": "T1", "channel": "D0ALICE1", "user": "U0ALICE1", "messages": messages})
    )
    result = seshat("reflect", "--transcript", str(transcript), "--json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["status"] == "ok"
    stored = _stored(tmp_path / "data")
    assert "Got it." in stored  # the transcript itself was stored
    assert leaked(samples, stored) == []

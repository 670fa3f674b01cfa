"""Settings: .env.example documents every field; missing tokens name the variable and the fix."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from store.config import ConfigError, Settings

ROOT = Path(__file__).resolve().parents[2]


def _example_vars() -> dict[str, int]:
    lines = (ROOT / ".env.example").read_text().splitlines()
    found: dict[str, int] = {}
    for i, line in enumerate(lines):
        m = re.match(r"^([A-Z][A-Z0-9_]*)=", line)
        if m:
            found[m.group(1)] = i
            # Every variable carries a comment right above it.
            assert lines[i - 1].startswith("#"), f"{m.group(1)} has no comment above it"
    return found


def test_env_example_matches_settings() -> None:
    aliases = {str(f.validation_alias) for f in Settings.model_fields.values()}
    assert set(_example_vars()) == aliases


def test_example_values_parse_and_tokens_count_as_placeholders(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text((ROOT / ".env.example").read_text())
    settings = Settings()
    assert settings.secret("SLACK_BOT_TOKEN") is None  # still "xoxb-your-bot-token"
    with pytest.raises(ConfigError) as info:
        settings.require(*settings.required_slack_secrets())
    message = str(info.value)
    assert "SLACK_BOT_TOKEN" in message and "SLACK_APP_TOKEN" in message
    assert "OAuth & Permissions" in message and "seshat demo" in message


def test_real_looking_tokens_are_accepted() -> None:
    settings = Settings(
        _env_file=None,
        SLACK_BOT_TOKEN="xoxb-1-2-abc",
        SLACK_APP_TOKEN="xapp-1-A-1-f",
        SLACK_OWNER_IDS=" U1, U2 ,",
    )
    assert (
        settings.require("SLACK_BOT_TOKEN", "SLACK_APP_TOKEN")["SLACK_BOT_TOKEN"] == "xoxb-1-2-abc"
    )
    assert settings.owner_ids == ["U1", "U2"]
    assert settings.effective_database_url.startswith("sqlite:///")

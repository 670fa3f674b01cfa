"""Context providers: what a new session's system prompt holds.

`FileContext` is the foundation's provider (identity plus the human-editable USER.md and
MEMORY.md files); the learned-context selector extends it with lessons, facts and skills.
"""

from __future__ import annotations

from pathlib import Path

from bot.context import PromptParts, Section, default_identity
from store.models import ChatSession


def read_text(path: Path) -> str:
    """A file's text, or "" when it does not exist."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return ""


class FileContext:
    """Identity + USER.md + MEMORY.md from the data directory."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir

    def build(self, session: ChatSession, first_text: str) -> PromptParts:  # noqa: ARG002
        """Prompt parts for a session (the same for every session until the files change)."""
        identity = read_text(self.data_dir / "IDENTITY.md") or default_identity()
        stable = [
            Section("About the owner (USER.md)", read_text(self.data_dir / "USER.md")),
            Section("Memory (MEMORY.md)", read_text(self.data_dir / "MEMORY.md")),
        ]
        return PromptParts(identity=identity, stable=[s for s in stable if s.body.strip()])

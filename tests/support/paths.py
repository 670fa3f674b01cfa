"""Where the tests' data lives: corpora, dev sets and held-out sets, under tests/support/data."""

from __future__ import annotations

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
DATA = REPO_ROOT / "tests" / "support" / "data"
HELDOUT = DATA / "heldout"  # written by helpers that never read the rules they measure

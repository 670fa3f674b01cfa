"""The one-way import graph: bot → writers → reflection → store, never back."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ["store", "reflection", "writers", "bot"]  # each may import only those before it


def imported_packages(source: str) -> set[str]:
    """Top-level project packages a module imports (including lazy imports inside functions)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        found |= {name.split(".")[0] for name in names if name.split(".")[0] in LAYERS}
    return found


def violations() -> list[str]:
    """Every `layer imports higher layer` edge in the package sources."""
    bad = []
    for rank, layer in enumerate(LAYERS):
        allowed = set(LAYERS[: rank + 1])
        for path in sorted((ROOT / layer).rglob("*.py")):
            for package in imported_packages(path.read_text(encoding="utf-8")) - allowed:
                bad.append(f"{path.relative_to(ROOT)} imports {package}")
    return bad


def test_imports_flow_one_way() -> None:
    assert violations() == []


def test_checker_sees_upward_imports_even_when_lazy() -> None:
    source = "import store.db\n\ndef f():\n    from bot.cli import app\n    import writers.guard\n"
    assert imported_packages(source) == {"store", "bot", "writers"}

"""The import graph: bot → writers → reflection → store, never back; inside `bot` and `writers`,
each room imports only what its `__init__` docstring allows; and no module circle anywhere."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ["store", "reflection", "writers", "bot"]  # each may import only those before it


def imported_modules(source: str) -> set[str]:
    """Project modules a module imports (lazy imports inside functions included), dotted; a
    `from package import name` counts as `package.name` too (the name may be a module)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        found |= {name for name in names if name.split(".")[0] in LAYERS}
    return found


def imported_packages(source: str) -> set[str]:
    """Top-level project packages a module imports (including lazy imports inside functions)."""
    return {name.split(".")[0] for name in imported_modules(source)}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def sources() -> dict[str, str]:
    """Every package module's dotted name and source."""
    return {
        module_name(path): path.read_text(encoding="utf-8")
        for layer in LAYERS
        for path in sorted((ROOT / layer).rglob("*.py"))
    }


def existing(names: set[str], modules: dict[str, str]) -> set[str]:
    """The names that are modules (a `from x import Name` also yields `x.Name`)."""
    return {n for n in names if n in modules}


def violations() -> list[str]:
    """Every `layer imports higher layer` edge in the package sources."""
    bad = []
    for rank, layer in enumerate(LAYERS):
        allowed = set(LAYERS[: rank + 1])
        for path in sorted((ROOT / layer).rglob("*.py")):
            for package in imported_packages(path.read_text(encoding="utf-8")) - allowed:
                bad.append(f"{path.relative_to(ROOT)} imports {package}")
    return bad


def room_rules(modules: dict[str, str]) -> dict[str, list[str]]:
    """Each room's allowed imports inside its own top package, read from the `May import:`
    paragraph of its `__init__` docstring (a room is a sub-package of bot or writers)."""
    rules: dict[str, list[str]] = {}
    for name, source in modules.items():
        if name.count(".") != 1 or name.split(".")[0] not in ("bot", "writers"):
            continue
        if not (ROOT / name.replace(".", "/") / "__init__.py").exists():
            continue
        doc = ast.get_docstring(ast.parse(source)) or ""
        m = re.search(r"^May import:(.*?)(?:\n\n|\Z)", doc, re.M | re.S)
        assert m, f"{name}/__init__.py: its docstring says what the room may import"
        text = m.group(1).replace("\n", " ")
        rules[name] = re.findall(r"\b(?:bot|writers)(?:\.\w+)+", text)
    return rules


def core_modules(modules: dict[str, str]) -> list[str]:
    """writers' core modules, named on the `Core` line of its docstring."""
    doc = ast.get_docstring(ast.parse(modules["writers"])) or ""
    line = re.search(r"^Core[^:]*:(.*)$", doc, re.M)
    assert line, "writers/__init__.py: its docstring names the core modules"
    return re.findall(r"writers\.\w+", line.group(1))


def room_violations() -> list[str]:
    modules = sources()
    rules = room_rules(modules)
    core = core_modules(modules)
    bad = []
    for name, source in modules.items():
        room = next((r for r in rules if name == r or name.startswith(r + ".")), None)
        if room is None:
            continue
        top = room.split(".")[0]
        for target in existing(imported_modules(source), modules):
            if not target.startswith(top + ".") or target == room or target.startswith(room + "."):
                continue
            allowed = rules[room] + (core if top == "writers" else [])
            if not any(target == a or target.startswith(a + ".") for a in allowed):
                bad.append(f"{name} imports {target} ({room} may import {rules[room]})")
    return bad


def core_violations() -> list[str]:
    """writers' core modules (named in its docstring) import no room and no other root module."""
    modules = sources()
    core = core_modules(modules)
    bad = []
    for name in core:
        for target in existing(imported_modules(modules[name]), modules):
            if target.startswith("writers.") and target not in core:
                bad.append(f"{name} imports {target}")
    return bad


def cycles() -> list[list[str]]:
    """Module import circles (lazy and type-checking imports included)."""
    modules = sources()
    graph = {
        name: sorted(
            t for t in existing(imported_modules(src), modules) if t != name and t != "__init__"
        )
        for name, src in modules.items()
    }
    # A package's __init__ re-exporting its own modules is not a circle back into it.
    for name in graph:
        graph[name] = [t for t in graph[name] if not name.startswith(t + ".")]
    found: list[list[str]] = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in graph.get(node, []):
            if state.get(nxt) == 1:
                found.append(stack[stack.index(nxt) :] + [nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    return found


def test_imports_flow_one_way() -> None:
    assert violations() == []


def test_rooms_import_only_what_their_docstring_allows() -> None:
    assert room_violations() == []
    assert core_violations() == []


def test_no_module_imports_itself_round_a_circle() -> None:
    assert cycles() == []


def test_every_room_is_at_most_about_a_dozen_modules() -> None:
    for layer in ("bot", "writers"):
        for folder in [ROOT / layer, *(p for p in (ROOT / layer).iterdir() if p.is_dir())]:
            count = len([p for p in folder.glob("*.py") if p.name != "__init__.py"])
            assert count <= 13, folder


def test_checker_sees_upward_imports_even_when_lazy() -> None:
    source = "import store.db\n\ndef f():\n    from bot.cli import app\n    import writers.guard\n"
    assert imported_packages(source) == {"store", "bot", "writers"}


def test_checker_sees_a_room_rule_broken_and_a_circle(monkeypatch: pytest.MonkeyPatch) -> None:
    modules = sources()
    modules["bot.slack.app"] += "\nfrom bot.chat.engine import Engine\n"
    modules["bot.chat.engine"] += "\nimport bot.slack.app\n"
    monkeypatch.setitem(globals(), "sources", lambda: modules)
    assert room_violations() == ["bot.slack.app imports bot.chat.engine (bot.slack may import [])"]
    assert ["bot.chat.engine", "bot.slack.app", "bot.chat.engine"] in cycles()
